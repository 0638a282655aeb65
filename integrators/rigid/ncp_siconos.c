/* The NCP (contact-models paper eq. 15: Signorini, Coulomb, maximum dissipation) by Siconos
 * Numerics' fc3d solvers: NSGS (per-contact Gauss-Seidel with an exact local solve, the paper's
 * NCP/PGS family) and the global nonsmooth Newton method on the Alart-Curnier function (its
 * Fischer-Burmeister sibling leaks its preserved matrix in Siconos 4.4, so it is not offered). Siconos' fc3d problem is u = M r + q with the local order
 * (n, t1, t2) and the De Saxce formulation, u + mu |u_T| e_N in K_mu^*: our eq. 15 after
 * permuting (t1, t2, n). Its tolerance is Siconos' own error (fc3d_compute_error, relative to
 * |q|); the eq. 15 criteria are recomputed on the result. */
#include <string.h>

#include <siconos/numerics/FrictionContactProblem.h>
#include <siconos/numerics/Friction_cst.h>
#include <siconos/numerics/NonSmoothDrivers.h>
#include <siconos/numerics/NumericsMatrix.h>
#include <siconos/numerics/SolverOptions.h>

#include "rigid_solver.h"
#include "siconos_release.h"

/* ours (t1, t2, n) -> Siconos (n, t1, t2) */
static int perm(int k) { return k == 2 ? 0 : k + 1; }

static int solve(int solver_id, RigidProblem *p, const RigidSolverParams *params, double *lambda, RigidSolveResult *r) {
  memset(r, 0, sizeof *r);
  if (p->nc == 0) return 0;
  int n3 = 3 * p->nc;
  double *M = p->work, *q = M + (size_t)n3 * n3, *rr = q + n3, *u = rr + n3, *c = u + n3;
  for (int a = 0; a < n3; ++a) {
    int sa = 3 * (a / 3) + perm(a % 3);
    q[sa] = p->b[a];
    rr[sa] = params->warm_start ? lambda[a] : 0.0;
    for (int bb = 0; bb < n3; ++bb) {
      int sb = 3 * (bb / 3) + perm(bb % 3);
      M[sa + (size_t)sb * n3] = p->W[(size_t)a * n3 + bb];
    }
  }
  NumericsMatrix *nm = NM_create_from_data(NM_DENSE, n3, n3, M);
  FrictionContactProblem fc = {3, p->nc, nm, q, p->mu};
  SolverOptions *opt = solver_options_create(solver_id);
  opt->iparam[SICONOS_IPARAM_MAX_ITER] = params->max_iter;
  opt->dparam[SICONOS_DPARAM_TOL] = params->tol;
  int info = fc3d_driver(&fc, rr, u, opt);
  r->iterations = opt->iparam[SICONOS_IPARAM_ITER_DONE];
  /* the proximal point method counts its outer steps there; its Newton steps are the work */
  if (solver_id == SICONOS_FRICTION_3D_PROX) r->iterations = opt->iparam[SICONOS_FRICTION_3D_PROXIMAL_IPARAM_CUMULATIVE_ITER_DONE];
  r->residual = opt->dparam[SICONOS_DPARAM_RESIDU];
  siconos_options_free(opt);
  siconos_matrix_release(nm);
  /* Siconos' proximal point returns info 1 when its start (a warm start) already meets the
   * tolerance and it takes no step */
  if (solver_id == SICONOS_FRICTION_3D_PROX && info != 0 && r->residual <= params->tol) info = 0;
  r->stop = info == 0 ? RIGID_STOP_TOLERANCE : r->iterations >= params->max_iter ? RIGID_STOP_LIMIT : RIGID_STOP_FAILED;
  for (int a = 0; a < n3; ++a) lambda[a] = rr[3 * (a / 3) + perm(a % 3)];
  rigid_criteria(p, lambda, c, 1, r);
  return 0;
}

int rigid_ncp_nsgs(RigidProblem *p, const RigidSolverParams *params, double *lambda, RigidSolveResult *r) {
  return solve(SICONOS_FRICTION_3D_NSGS, p, params, lambda, r);
}

int rigid_ncp_alart_curnier(RigidProblem *p, const RigidSolverParams *params, double *lambda, RigidSolveResult *r) {
  return solve(SICONOS_FRICTION_3D_NSN_AC, p, params, lambda, r);
}

int rigid_ncp_prox(RigidProblem *p, const RigidSolverParams *params, double *lambda, RigidSolveResult *r) {
  return solve(SICONOS_FRICTION_3D_PROX, p, params, lambda, r);
}
