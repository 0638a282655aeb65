/* CCP (contact-models paper eq. 16) by projected Gauss-Seidel, the paper's Alg. 2: per contact,
 * a gradient step of length 3 / trace(W_ii) and a projection on the friction cone. Stops on the
 * CCP criterion (eq. 15 without the De Saxce term, paper sec. III-B). */
#include <math.h>
#include <string.h>

#include "rigid_cone.h"
#include "rigid_solver.h"
#include "rigid_stall.h"

int rigid_ccp_pgs(RigidProblem *p, const RigidSolverParams *params, double *lambda, RigidSolveResult *r) {
  memset(r, 0, sizeof *r);
  int nc = p->nc, n3 = 3 * nc;
  if (!params->warm_start) memset(lambda, 0, (size_t)n3 * sizeof *lambda);
  if (nc == 0) return 0;
  double *c = p->work;
  r->stop = RIGID_STOP_LIMIT;
  r->residual = rigid_criteria(p, lambda, c, 0, r);
  for (int it = 0; it < params->max_iter && r->residual > params->tol; ++it) {
    double change = 0, size = 0;
    for (int i = 0; i < nc; ++i) {
      double ci[3], *l = lambda + 3 * i;
      const double *Wii = p->W + (size_t)(3 * i) * n3 + 3 * i;
      double step = 3.0 / (Wii[0] + Wii[n3 + 1] + Wii[2 * n3 + 2]);
      rigid_problem_contact_velocity_i(p, lambda, i, ci);
      double x[3] = {l[0] - step * ci[0], l[1] - step * ci[1], l[2] - step * ci[2]}, y[3];
      cone_project(p->mu[i], x, y);
      for (int k = 0; k < 3; ++k) {
        change = fmax(change, fabs(y[k] - l[k]));
        size = fmax(size, fabs(y[k]));
        l[k] = y[k];
      }
    }
    r->iterations = it + 1;
    r->residual = rigid_criteria(p, lambda, c, 0, r);
    if (r->residual > params->tol && rigid_stalled(change, size)) { r->stop = RIGID_STOP_STALL; break; }
  }
  if (r->residual <= params->tol) r->stop = RIGID_STOP_TOLERANCE;
  rigid_criteria(p, lambda, c, 1, r);
  return 0;
}
