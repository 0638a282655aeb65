/* `cbench run --contact-forces FILE.csv` (CENIC Figs. 7 and 14): contact forces on the output
 * grid. For an integrator with a contact_forces hook (cenic-fixed, cenic-sd: the impulses of its
 * last convex solve over that solve's step; tamsi, tamsi-sd: the forces it solved for) the
 * forces of its last step ("impulse/h" in the source column); for the others (the continuous
 * integrators, cenic-trap, MuJoCo) the model's force law at the returned state ("force law").
 * Rows:
 *   kind "pair": one per touching geometry pair: name_a, name_b, fn (N, summed over the pair's
 *     contact points, on a), ft (N, magnitude of the summed tangential force), slip (m/s, the
 *     largest tangential speed), penetration (m, the deepest point), gap (m, the smallest
 *     distance at the start of the step when every force-carrying point is apart, else 0: a
 *     speculative contact closing within the step, or a convex model pushing across a gap that
 *     stays open, as SAP and Similar do during slip, ICF eq. 24);
 *   kind "body": one per movable body with contact: name_a, and fx, fy, fz (N, world frame),
 *     the summed contact force on it;
 *   last column: source, "impulse/h" or "force law". */
#ifndef CBENCH_CONTACT_LOG_H
#define CBENCH_CONTACT_LOG_H

#include <stdio.h>

#include "../../models/status.h"
#include "../../models/data.h"

typedef struct {
  FILE *f;
  double *body_force;      /* [3 * nbody] */
  unsigned char *touched;  /* [nbody] */
} ContactLog;

/* Opens path for writing and writes the header; CB_OK, or CB_ERR_IO (CB_ERR_MEMORY). */
CbStatus contact_log_open(ContactLog *log, const Model *m, const char *path);
/* One grid point (uses d: kinematics, one geometry query). */
void contact_log_sample(ContactLog *log, const Model *m, Data *d, double t, const double *x);
/* One grid point from the forces an integrator computed on the contacts of d ([3 * ncon] force
 * and contact velocity, contact frame). */
void contact_log_sample_scheme(ContactLog *log, const Model *m, double t, const Data *d, const double *force,
                               const double *vc);
int contact_log_close(ContactLog *log);

#endif
