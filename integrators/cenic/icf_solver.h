/* Newton's method with exact line search for the ICF convex problem (CENIC sec. VI):
 * H p = -g, v += alpha p with alpha = argmin l(v + alpha p) on [0, alpha_max] by rtsafe
 * (Newton + bisection) on l'(alpha)/(-l'(0)); convergence tests eq. 32-33; optional Hessian
 * reuse eq. 35. Failure is an error status, never a silent accept. */
#ifndef CBENCH_ICF_SOLVER_H
#define CBENCH_ICF_SOLVER_H

#include <stddef.h>

#include "icf_linsolve.h"
#include "../integrator.h"

typedef enum { ICF_LS_CUBIC = 0, ICF_LS_QUADRATIC = 1, ICF_LS_ONE = 2 } IcfLineSearchInit;

/* Friction blocks of the Newton Hessian. EXACT: the soft norm's Hessian (CENIC VI, the paper's
 * Newton). DUAL: primal-dual (Chan-Golub-Mulet) blocks from a lagged friction direction
 * (icf_friction_dual_hessian), started at w = 0 in every solve. Same cost, same gradient, same
 * convergence tests and exact line search; only the search direction differs. */
typedef enum { ICF_FRICTION_DUAL = 0, ICF_FRICTION_EXACT = 1 } IcfFrictionHessian;

/* The cap of the line-search tolerance tied to the Newton tolerance (icf_solver.c). */
#define ICF_LS_TOL_TIED_MAX 1e-4

typedef struct {
  IcfLinSolverKind linear_solver;
  int hessian_reuse;        /* eq. 35 (off by default) */
  int reuse_target;         /* N of eq. 35 (10) */
  IcfLineSearchInit ls_init;
  double alpha_max;         /* 1 */
  double tol;               /* eps_tol of eq. 32-33 */
  int max_iters;            /* 100 */
  int ls_max_iters;         /* 100 */
  double ls_tol;            /* 1e-8: the search tolerance's floor (the paper's fixed value) */
  double ls_tol_max;        /* 1e-2: its cap when tied to the Newton tolerance; = ls_tol: fixed */
  IcfFrictionHessian friction_hessian; /* DUAL (default) */
  int defer_open_contacts;  /* 1 (default): a contact between trees that does not act at the
                             * initial guess joins islands only once an iterate makes it act */
  int islands;              /* 1 (default): Newton per contact island; 0: one Newton on the whole
                             * problem, as the paper's (CENIC sec. VI) */
} IcfSolverOptions;

typedef struct {
  long solves, newton_iters, factorizations, linesearch_iters;
  /* Work with contact islands (icf_solver.c): newton_iters counts Newton iterations of the
   * solve (the most any island needed), newton_dofs the velocity coordinates of the islands
   * iterated on, summed over those iterations (newton_iters * nv for one island), and
   * linesearch_iters the line-search evaluations in units of a whole-problem evaluation (an
   * island's evaluation counts nv_I / nv; linesearch_work unrounded). */
  long newton_dofs;
  long factor_updates;      /* block updates of the block Cholesky factorizations (icf_blockchol_updates) */
  long symbolic_analyses;   /* orderings and symbolic factorizations of the sparse paths (icf_lin_analyses) */
  double linesearch_work;
  double time_factorization, time_linesearch, time_assembly;
  int last_iters;           /* Newton iterations of the last solve */
  double last_dg;           /* |D g| at exit of the last solve */
} IcfSolverStats;

void icf_solver_default_options(IcfSolverOptions *o);

typedef struct IcfSolver IcfSolver;

/* For problems with p's tree layout (p must outlive the solver). NULL on failure. */
IcfSolver *icf_solver_create(const IcfProblem *p, const IcfSolverOptions *opt);
void icf_solver_free(IcfSolver *s);
/* The convergence tolerance eps_tol (eq. 32-33), read and set between solves. */
double icf_solver_tol(const IcfSolver *s);
void icf_solver_set_tol(IcfSolver *s, double tol);
/* Reports every Newton iteration to tap (NULL or tap->fn NULL: none; the tap is the caller's
 * and must outlive the solver): its |D g| against tol (eq. 32), whether the Hessian was factored
 * afresh at it, and the first active island's step length. */
void icf_solver_set_tap(IcfSolver *s, const NewtonTap *tap);
/* Forget any reusable factorization (next solve factors afresh). */
void icf_solver_invalidate(IcfSolver *s);
/* Minimizes l starting from v (in/out). diagM: [nv] diagonal used for the scaling D of eq. 32
 * (NULL: diagonal of A). Returns CB_OK; CB_ERR_NOT_DESCENT, CB_ERR_MAX_ITERS, CB_ERR_NONFINITE,
 * CB_ERR_FACTOR or CB_ERR_LINESEARCH when the solve failed; CB_ERR_MEMORY when its workspace
 * could not grow; with a message in e. */
CbStatus icf_solver_solve(IcfSolver *s, const IcfProblem *p, const double *diagM, double *v, IcfSolverStats *st,
                          CbError *e);

/* The line search's l(a) = l(v + a dir) - (1/2 v^T A v - r^T v) (its frame: the quadratic part
 * measured from v) and, if non-NULL, l'(a) and l''(a). For tests (allocates). */
double icf_line_eval(const IcfProblem *p, const double *v, const double *dir, double a, double *dl, double *d2l);

/* Line-search helpers (exposed for tests). The cubic initial guess of VI-D in units of alpha_max:
 * root in (0, 1) of the derivative of the Hermite cubic through (l0, dl0) and (l1, dl1). */
double icf_cubic_guess(double l0, double dl0, double l1, double dl1);

#endif
