/* Solvers of the rigid contact problem c = W lambda + b (rigid_problem.h), one per contact model
 * and algorithm of the contact-models paper (Le Lidec et al. 2024, sec. III):
 *   LCP     pyramidal cone (Stewart-Trinkle):  Siconos Lemke, Siconos regularized PGS
 *   NCP     eq. 15 (Signorini + Coulomb + MDP): Siconos fc3d NSGS (per contact),
 *           Siconos fc3d Alart-Curnier Newton (global)
 *   CCP     eq. 16 (Anitescu's relaxation):     PGS (Alg. 2), ADMM with adaptive rho (Alg. 3)
 *   RaiSim  per-contact model, eq. 23:          per-contact bisection (Alg. 5)
 * Every solver takes lambda as a warm start when params.warm_start is set (zero otherwise),
 * returns the impulses in lambda and fills a RigidSolveResult. */
#ifndef CBENCH_RIGID_SOLVER_H
#define CBENCH_RIGID_SOLVER_H

#include "rigid_problem.h"

#define RIGID_MAX_FACETS 16

typedef enum {
  RIGID_STOP_TOLERANCE = 0, /* the criterion fell below tol */
  RIGID_STOP_STALL = 1,     /* the iterates stopped moving above tol */
  RIGID_STOP_LIMIT = 2,     /* max_iter reached above tol */
  RIGID_STOP_FAILED = 3     /* the method broke down (Lemke ray termination, singular matrix) */
} RigidStop;

typedef struct {
  double tol;      /* on the solver's criterion, in forces (N) and velocities (m/s) */
  int max_iter;    /* iterations (sweeps, Newton steps, ADMM steps; pivots for Lemke) */
  int warm_start;  /* start from the lambda passed in */
  int facets;      /* LCP: facets of the pyramid, 3..RIGID_MAX_FACETS (4: the paper's box) */
} RigidSolverParams;

typedef struct {
  int iterations;
  RigidStop stop;
  /* eq. 15 criteria at the returned impulses, maxima over contacts, in forces lambda / h:
   * eps_p = dist(lambda/h, K_mu) (N), eps_d = dist(c + Gamma(c), K_mu^*) (m/s),
   * eps_c = |<lambda/h, c + Gamma(c)>| (W), eps_abs the largest of the three */
  double eps_p, eps_d, eps_c, eps_abs;
  /* the criterion the solver stopped on: eq. 15 (NCP, RaiSim), eq. 15 without Gamma (CCP,
   * paper sec. III-B), or Siconos' own LCP error (LCP) */
  double residual;
  int regularized; /* 1: solved only after regularizing W (Lemke's retry after a ray) */
} RigidSolveResult;

static inline RigidSolverParams rigid_solver_defaults(void) {
  RigidSolverParams s = {1e-6, 10000, 0, 4}; /* the paper's limit, sec. IV-C */
  return s;
}
const char *rigid_stop_name(RigidStop s);

/* LCP, pyramidal cone with params->facets facets circumscribing the circular cone (4: the
 * paper's box |lambda_T|_inf <= mu lambda_N). Returns 0 or -1 (bad facets). */
int rigid_lcp_lemke(RigidProblem *p, const RigidSolverParams *params, double *lambda, RigidSolveResult *r);
int rigid_lcp_pgs(RigidProblem *p, const RigidSolverParams *params, double *lambda, RigidSolveResult *r);
/* NCP (eq. 15) by Siconos fc3d. */
int rigid_ncp_nsgs(RigidProblem *p, const RigidSolverParams *params, double *lambda, RigidSolveResult *r);
int rigid_ncp_alart_curnier(RigidProblem *p, const RigidSolverParams *params, double *lambda, RigidSolveResult *r);
/* Siconos' proximal point method around the Alart-Curnier Newton (fc3d_proximal, internal
 * solver NSN_AC): each outer step solves the problem with W + sigma I and lambda pulled toward
 * the previous iterate; iterations counts the Newton steps. */
int rigid_ncp_prox(RigidProblem *p, const RigidSolverParams *params, double *lambda, RigidSolveResult *r);
/* CCP (eq. 16), own implementations of the paper's Alg. 2 and Alg. 3. */
int rigid_ccp_pgs(RigidProblem *p, const RigidSolverParams *params, double *lambda, RigidSolveResult *r);
int rigid_ccp_admm(RigidProblem *p, const RigidSolverParams *params, double *lambda, RigidSolveResult *r);
/* RaiSim's contact model (eq. 23), own implementation of Alg. 5. */
int rigid_raisim(RigidProblem *p, const RigidSolverParams *params, double *lambda, RigidSolveResult *r);

/* eq. 15 criteria of lambda into r (eps_*); c = W lambda + b is computed into c (3nc).
 * with_gamma = 0 drops the De Saxce term Gamma (the CCP criterion); returns eps_abs. */
double rigid_criteria(const RigidProblem *p, const double *lambda, double *c, int with_gamma, RigidSolveResult *r);

#endif
