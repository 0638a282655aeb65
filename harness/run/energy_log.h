/* `cbench run --energy FILE.csv`: the energy balance on the output grid, so that active scenes
 * can be checked too. Columns: t, kinetic, potential (gravity + joint springs), contact_springs
 * (k phi^2 / 2 over penetrating contacts), total, power_external (W: controllers and prescribed
 * forces tau . v, plus the power of kinematic bodies and belts through contacts, -f . u_c with
 * u_c the prescribed part of the contact velocity), work_external (J, trapezoid rule on the grid),
 * balance = total - total(0) - work_external: zero for a conservative model, negative where
 * damping, Hunt-Crossley dissipation and friction remove energy; a positive balance beyond the
 * grid's quadrature error is energy from nowhere. Suction cups' work is not included. All of it
 * is evaluated from the state with the model's force laws, alike for every integrator. */
#ifndef CBENCH_ENERGY_LOG_H
#define CBENCH_ENERGY_LOG_H

#include <stdio.h>

#include "../../models/status.h"
#include "../../models/data.h"

typedef struct {
  FILE *f;
  double e0, work, p_prev, t_prev;
  long n;
  double *tau;             /* [nv] */
} EnergyLog;

/* Opens path and writes the header; CB_OK, or CB_ERR_IO (CB_ERR_MEMORY). */
CbStatus energy_log_open(EnergyLog *log, const Model *m, const char *path);
/* One grid point (uses d: kinematics, one geometry query). */
void energy_log_sample(EnergyLog *log, const Model *m, Data *d, double t, const double *x);
/* 0, or -1 if a write failed. */
int energy_log_close(EnergyLog *log);

#endif
