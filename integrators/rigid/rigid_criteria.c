/* The contact-models paper's eq. 15 criteria (sec. II-C), stated in forces lambda / h so that a
 * tolerance does not depend on the time step (the paper's change of variable). The same
 * definitions as the records' physics.contact_residuals (harness/run/physics_guards.h). */
#include <math.h>

#include "../../models/contact/contact_law.h"
#include "rigid_solver.h"

const char *rigid_stop_name(RigidStop s) {
  switch (s) {
  case RIGID_STOP_TOLERANCE: return "tolerance";
  case RIGID_STOP_STALL: return "stall";
  case RIGID_STOP_LIMIT: return "iteration_limit";
  case RIGID_STOP_FAILED: return "failed";
  }
  return "unknown";
}

double rigid_criteria(const RigidProblem *p, const double *lambda, double *c, int with_gamma, RigidSolveResult *r) {
  rigid_problem_contact_velocity(p, lambda, c);
  double inv_h = p->h > 0 ? 1.0 / p->h : 1.0;
  double ep = 0, ed = 0, ec = 0;
  for (int i = 0; i < p->nc; ++i) {
    const double *l = lambda + 3 * i, *ci = c + 3 * i;
    double mu = p->mu[i], f[3] = {l[0] * inv_h, l[1] * inv_h, l[2] * inv_h};
    double s[3] = {ci[0], ci[1], ci[2] + (with_gamma ? mu * hypot(ci[0], ci[1]) : 0.0)};
    ep = fmax(ep, contact_cone_distance(mu, f));
    ed = fmax(ed, contact_dual_cone_distance(mu, s));
    ec = fmax(ec, fabs(f[0] * s[0] + f[1] * s[1] + f[2] * s[2]));
  }
  r->eps_p = ep;
  r->eps_d = ed;
  r->eps_c = ec;
  r->eps_abs = fmax(ep, fmax(ed, ec));
  return r->eps_abs;
}
