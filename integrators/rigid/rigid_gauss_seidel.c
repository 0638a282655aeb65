/* The per-contact Gauss-Seidel loop (see rigid_gauss_seidel.h). */
#include "rigid_gauss_seidel.h"

#include <math.h>
#include <string.h>


int rigid_gauss_seidel(RigidProblem *p, const RigidSolverParams *params, double *lambda, RigidSolveResult *r,
                       RigidContactUpdate update, int with_gamma, double stall_rel) {
  memset(r, 0, sizeof *r);
  int nc = p->nc;
  if (!params->warm_start) memset(lambda, 0, (size_t)(3 * nc) * sizeof *lambda);
  if (nc == 0) return 0;
  double *c = p->work;
  r->stop = RIGID_STOP_LIMIT;
  r->residual = rigid_criteria(p, lambda, c, with_gamma, r);
  for (int it = 0; it < params->max_iter && r->residual > params->tol; ++it) {
    double change = 0, size = 0;
    for (int i = 0; i < nc; ++i) {
      double y[3], *l = lambda + 3 * i;
      update(p, lambda, i, y);
      for (int k = 0; k < 3; ++k) {
        change = fmax(change, fabs(y[k] - l[k]));
        size = fmax(size, fabs(y[k]));
        l[k] = y[k];
      }
    }
    r->iterations = it + 1;
    r->residual = rigid_criteria(p, lambda, c, with_gamma, r);
    if (r->residual > params->tol && change <= stall_rel * size) { r->stop = RIGID_STOP_STALL; break; }
  }
  if (r->residual <= params->tol) r->stop = RIGID_STOP_TOLERANCE;
  /* the criteria the records report are eq. 15's */
  if (!with_gamma) rigid_criteria(p, lambda, c, 1, r);
  return 0;
}
