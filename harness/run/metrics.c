#include "metrics.h"

#include <math.h>

#include "../../models/contact/contact_hooks.h"

double maxrms_rms(const MaxRms *a) { return a->n > 0 ? sqrt(a->sumsq / (double)a->n) : 0.0; }

void metrics_state_error(const Model *m, const double *q, const double *v, const double *qref,
                         const double *vref, double *err_q, double *err_full) {
  double eq = 0.0;
  for (int b = 1; b < m->nbody; ++b) {
    const Body *bd = &m->bodies[b];
    if (bd->nq == 0) continue;
    double sign = 1.0;
    int quat0 = -1;
    if (bd->joint == JOINT_FREE) {
      quat0 = bd->qadr + 3;
      double dot = 0.0;
      for (int k = 0; k < 4; ++k) dot += q[quat0 + k] * qref[quat0 + k];
      if (dot < 0) sign = -1.0;
    }
    for (int k = 0; k < bd->nq; ++k) {
      int i = bd->qadr + k;
      double s = (quat0 >= 0 && i >= quat0) ? sign : 1.0;
      double scale = m->q_scale ? m->q_scale[i] : 1.0;
      double e = fabs(scale * (s * q[i] - qref[i]));
      if (e > eq || e != e) eq = e;
    }
  }
  double ef = eq;
  for (int j = 0; j < m->nv; ++j) {
    double e = fabs(v[j] - vref[j]);
    if (e > ef || e != e) ef = e;
  }
  *err_q = eq;
  *err_full = ef;
}

int metrics_model_conservative(const Model *m) {
  if (m->ncontroller > 0 || m->nforce > 0) return 0;
  if (!contact_law_conservative(m)) return 0;
  for (int b = 1; b < m->nbody; ++b) {
    const Body *bd = &m->bodies[b];
    /* joint damping; joint limits (their spring-damper dissipates); kinematic bodies (their
     * prescribed motion does work on whatever they touch) */
    if (bd->damping != 0.0 || bd->has_limit || bd->kinematic) return 0;
  }
  for (int g = 0; g < m->ngeom; ++g)
    if (m->geoms[g].has_surface_velocity) return 0;
  return 1;
}
