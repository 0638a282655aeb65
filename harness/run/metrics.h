/* Error and physics metrics of a run on the output grid.
 *
 * State error at one grid point (documented in harness/SCHEMA.md):
 *   positions: max_i |S_i (q_i - qref_i)| (infinity norm, S = Model.q_scale), where for each
 *              free joint the run's quaternion is first sign-aligned with the reference one
 *              (q and -q are the same rotation), then compared component-wise (as CENIC V-E
 *              does with S = identity);
 *   full:      max(positions error, max_j |v_j - vref_j|) (velocities unweighted, m/s, rad/s).
 * Over the grid: max and RMS of these per-point errors. */
#ifndef CBENCH_METRICS_H
#define CBENCH_METRICS_H

#include "../../models/model.h"

typedef struct {
  long n;
  double max, sumsq;
} MaxRms;

static inline void maxrms_add(MaxRms *a, double e) {
  a->n++;
  if (e > a->max || e != e) a->max = e;
  a->sumsq += e * e;
}
double maxrms_rms(const MaxRms *a);

/* Position and full-state errors of (q, v) against (qref, vref). */
void metrics_state_error(const Model *m, const double *q, const double *v, const double *qref,
                         const double *vref, double *err_q, double *err_full);

/* 1 if nothing in the model dissipates or injects energy (no Hunt-Crossley dissipation, no
 * joint damping or joint limits, no controllers, no applied forces, no moving surfaces or
 * kinematic bodies), so that energy drift
 * measures the integrator. Friction may still dissipate when objects slide. */
int metrics_model_conservative(const Model *m);

#endif
