/* CCP (contact-models paper eq. 16) by projected Gauss-Seidel, the paper's Alg. 2: per contact,
 * a gradient step of length 3 / trace(W_ii) and a projection on the friction cone. Stops on the
 * CCP criterion (eq. 15 without the De Saxce term, paper sec. III-B). */
#include <math.h>
#include <string.h>

#include "rigid_cone.h"
#include "rigid_solver.h"
#include "rigid_gauss_seidel.h"
#include "rigid_stall.h"

/* Projected gradient step of one contact on its cone (CCP, the paper's Alg. 2). */
static void ccp_contact_update(RigidProblem *p, const double *lambda, int i, double y[3]) {
  int n3 = 3 * p->nc;
  const double *l = lambda + 3 * i, *Wii = p->W + (size_t)(3 * i) * n3 + 3 * i;
  double ci[3], step = 3.0 / (Wii[0] + Wii[n3 + 1] + Wii[2 * n3 + 2]);
  rigid_problem_contact_velocity_i(p, lambda, i, ci);
  double x[3] = {l[0] - step * ci[0], l[1] - step * ci[1], l[2] - step * ci[2]};
  cone_project(p->mu[i], x, y);
}

int rigid_ccp_pgs(RigidProblem *p, const RigidSolverParams *params, double *lambda, RigidSolveResult *r) {
  return rigid_gauss_seidel(p, params, lambda, r, ccp_contact_update, 0, RIGID_STALL_ULPS);
}
