#include "explicit_inputs.h"

#include <string.h>

#include "../../models/controller.h"
#include "../../models/multibody.h"
#include "../../models/system.h"

void explicit_inputs_eval(const Model *m, Data *d, int with_inverse_dynamics, double t, const double *x, double dt,
                          double *tau, double *zdot, double *z_out) {
  const double *q = x, *v = x + m->nq, *z = x + m->nq + m->nv;
  memset(tau, 0, sizeof(double) * (size_t)m->nv);
  mb_kinematics(m, d, q);
  if (with_inverse_dynamics) {
    mb_velocities(m, d, v);
    mb_mass_matrix(m, d);
    mb_bias(m, d, q, v);
  }
  system_applied_forces(m, d, t, tau);
  if (m->ncontroller > 0) controller_eval(m, d, t, q, v, z, tau, m->nz ? zdot : NULL);
  for (int i = 0; i < m->nz; ++i) z_out[i] = z[i] + dt * zdot[i];
}
