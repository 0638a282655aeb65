/* The TAMSI velocity problem of one step (TAMSI paper sec. V-C), independent of the model
 * layer so that it can be tested on synthetic data:
 *   R(v) = A v - p* - h sum_i J_i^T f_i(J_i v + o_i) = 0                       (eq. 21)
 * with A = M0 (+ h D, implicit joint damping), J_i the 3 x nv contact Jacobian (rows t1, t2, n),
 *   f_n = (fn0 - h k v_n)_+ (1 - d v_n)_+                                       (eq. 5, 19)
 *   f_t = -mu~(s) f_n t^,  t^ = v_t / sqrt(|v_t|^2 + eps_v^2),  s = |v_t|_soft / v_s (eq. 6)
 *   mu~(s) = g(s) mu(s), g(s) = s (2 - s) for s <= 1, 1 otherwise [ref; the paper's eq. 7 is
 *   linear], mu(s) the Stribeck coefficient of CENIC eq. 8 from mu_static down to mu (dynamic),
 *   or the paper's single mu when mu_static is 0 or equal to mu,
 * solved by Newton with the non-symmetric Jacobian M0 + h (Wnn + Wtt + Wtn) (eq. 23), dense
 * LU (LAPACK dgetrf/dgetrs) and TALS (sec. III-A). */
#ifndef CBENCH_TAMSI_SOLVER_H
#define CBENCH_TAMSI_SOLVER_H

#include "../integrator.h"

typedef struct {
  double fn0;              /* -k phi0, N: negative for a gap that may close within the step */
  double k, d;             /* stiffness N/m, Hunt-Crossley dissipation s/m */
  double mu;               /* friction coefficient: the dynamic one */
  double mu_static;        /* Stribeck peak (CENIC eq. 8); 0 or mu: the paper's one coefficient */
  double v_s;              /* stiction tolerance, m/s (> 0) */
  int nseg;                /* 1 or 2 ranges of nonzero columns of J_i */
  int seg_col[2], seg_len[2];
} TamsiContact;

typedef struct {
  int nv, nc, cap_c;
  double h;
  int no_tals;             /* 1: plain Newton (alpha = 1), for comparisons (paper Fig. 4) */
  const NewtonTap *tap;    /* per-iteration log (NULL or tap->fn NULL: none) */
  double *A;               /* [nv*nv] row-major, symmetric positive definite */
  double *pstar;           /* [nv] */
  double *J;               /* [3*cap_c*nv] row-major; zero outside each contact's segments */
  double *vc_off;          /* [3*cap_c] */
  TamsiContact *con;       /* [cap_c] */
  /* workspace */
  double *jac;             /* [nv*nv] Newton Jacobian, then its LU factors */
  double *res, *dv, *gen, *tmp;   /* [nv], [nv], [nv], [3*nv] */
  double *vc, *dvc, *f, *G;       /* [3*cap_c], [3*cap_c], [3*cap_c], [9*cap_c] */
  int *ipiv;               /* [nv] */
} TamsiProblem;

typedef struct {
  int iterations;          /* Newton iterations (linear solves) */
  int factorizations;      /* LU factorizations */
  int linesearch_cuts;     /* iterations where TALS gave alpha < 1 */
  int converged;
  double residual;         /* |R|_inf at the last evaluation */
} TamsiSolveInfo;

#define TAMSI_RELATIVE_TOLERANCE 1e-2  /* eps_v = 1e-2 v_s: soft norm and convergence */

/* CB_OK or CB_ERR_MEMORY. */
CbStatus tamsi_problem_init(TamsiProblem *p, int nv);
/* Room for nc contacts (amortized growth; allocates only when nc exceeds all previous). Sets
 * p->nc = nc and zeroes the contacts' Jacobian rows and offsets. CB_OK or CB_ERR_MEMORY. */
CbStatus tamsi_problem_set_contacts(TamsiProblem *p, int nc);
void tamsi_problem_free(TamsiProblem *p);

/* Contact-frame force f = [f_t1, f_t2, f_n] at contact-frame velocity vc and its derivative
 * G = df/dvc (3x3 row-major; NULL to skip). */
void tamsi_contact_force(const TamsiContact *c, double h, const double vc[3], double f[3], double G[9]);
/* Regularized friction coefficient mu~(s) of contact c and its slope d mu~ / d s. */
double tamsi_mu(const TamsiContact *c, double s, double *dmu_ds);

/* R(v) into R; returns the scale max(|A v|, |p*|, h |J^T f|)_inf for relative tests. Uses
 * p->vc and p->f (left holding the contact velocities and forces at v). */
double tamsi_residual(TamsiProblem *p, const double *v, double *R);
/* Newton Jacobian dR/dv at v (eq. 23) into jac (nv x nv row-major). Uses p->vc, p->f, p->G. */
void tamsi_jacobian(TamsiProblem *p, const double *v, double *jac);

/* Newton + TALS from the guess in v (overwritten with the solution). Converged when
 * max over contacts of max(|J_t dv|, |J_n dv|) < eps_v, or |R|_inf <= 1e-13 scale.
 * CB_OK if converged; CB_ERR_FACTOR (singular Jacobian), CB_ERR_NONFINITE or CB_ERR_MAX_ITERS. */
CbStatus tamsi_solve(TamsiProblem *p, double *v, int max_iter, TamsiSolveInfo *info);

#endif
