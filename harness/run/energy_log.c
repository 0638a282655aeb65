/* Energy balance series (see energy_log.h). */
#include "energy_log.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../common/files.h"
#include "../../models/evaluate.h"
#include "../../models/controller.h"
#include "../../models/multibody.h"
#include "../../models/system.h"
#include "../common/num_text.h"

CbStatus energy_log_open(EnergyLog *log, const Model *m, const char *path) {
  memset(log, 0, sizeof *log);
  log->tau = calloc((size_t)m->nv + 1, sizeof(double));
  log->f = log->tau ? fopen(path, "w") : NULL;
  if (!log->f) {
    free(log->tau);
    log->tau = NULL;
    return CB_ERR_IO;
  }
  fprintf(log->f, "t,kinetic,potential,contact_springs,total,power_external,work_external,balance\n");
  return CB_OK;
}

void energy_log_sample(EnergyLog *log, const Model *m, Data *d, double t, const double *x) {
  if (!log->f) return;
  const double *q = x, *v = x + m->nq, *z = x + m->nq + m->nv;
  model_eval(m, d, t, q, v, EVAL_KINEMATICS, EVAL_KINEMATICS);
  double kin = mb_kinetic_energy(m, d, v), pot = mb_potential_energy(m, d, q), springs = 0, power = 0;
  /* controllers and prescribed forces: tau . v */
  memset(log->tau, 0, sizeof(double) * (size_t)m->nv);
  if (m->ncontroller > 0) {
    mb_mass_matrix(m, d);
    mb_bias(m, d, q, v);
    controller_eval(m, d, t, q, v, z, log->tau, NULL);
  }
  system_applied_forces(m, d, t, log->tau);
  for (int i = 0; i < m->nv; ++i) power += log->tau[i] * v[i];
  /* contacts: springs, and the work of prescribed surfaces (belts, kinematic bodies) */
  if (model_eval(m, d, t, q, v, EVAL_GEOMETRY, EVAL_CONTACTS) == 0) {
    for (int i = 0; i < d->ncon; ++i) {
      const Contact *c = &d->contacts[i];
      if (c->phi >= 0) continue;
      springs += contact_spring_energy(&c->par, c->phi);
      const double *u = c->vc_offset;
      if (u[0] == 0 && u[1] == 0 && u[2] == 0) continue;
      double vc[3], f[3];
      model_contact_force(m, d, i, v, vc, f);
      power -= f[0] * u[0] + f[1] * u[1] + f[2] * u[2];
    }
  }
  double total = kin + pot + springs;
  if (log->n == 0) log->e0 = total;
  else log->work += 0.5 * (power + log->p_prev) * (t - log->t_prev);
  log->p_prev = power;
  log->t_prev = t;
  log->n++;
  char tt[NUM_TEXT_MAX];
  fprintf(log->f, "%s,%.10g,%.10g,%.10g,%.10g,%.10g,%.10g,%.10g\n", num_text(t, tt, sizeof tt), kin, pot, springs, total, power, log->work,
          total - log->e0 - log->work);
}

int energy_log_close(EnergyLog *log) {
  int rc = 0;
  if (log->f) rc = file_close_synced(log->f);
  log->f = NULL;
  free(log->tau);
  log->tau = NULL;
  return rc;
}
