/* `cbench run --contact-forces FILE.csv` (CENIC Figs. 7 and 14): contact forces on the output
 * grid, from the model's force law at the returned state, alike for every integrator (the
 * discrete schemes' own impulses are not exported yet: for CENIC and TAMSI this is the
 * continuous law evaluated at their states). Rows:
 *   kind "pair": one per touching geometry pair: name_a, name_b, fn (N, summed over the pair's
 *     contact points, on a), ft (N, magnitude of the summed tangential force), slip (m/s, the
 *     largest tangential speed), penetration (m, the deepest point);
 *   kind "body": one per movable body with contact: name_a, and fx, fy, fz (N, world frame),
 *     the summed contact force on it. */
#ifndef CBENCH_CONTACT_LOG_H
#define CBENCH_CONTACT_LOG_H

#include <stdio.h>

#include "../models/data.h"

typedef struct {
  FILE *f;
  double *body_force;      /* [3 * nbody] */
  unsigned char *touched;  /* [nbody] */
} ContactLog;

int contact_log_open(ContactLog *log, const Model *m, const char *path);
/* One grid point (uses d: kinematics, one geometry query). */
void contact_log_sample(ContactLog *log, const Model *m, Data *d, double t, const double *x);
int contact_log_close(ContactLog *log);

#endif
