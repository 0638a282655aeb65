/* Rest guard: what a guard can see of static friction without a
 * reference. A free body that has rested on its supports for GUARD_REST_HOLD samples (speed
 * below GUARD_REST_SPEED_VS v_s, with v_s the stiction tolerance; speed = |v_com| + |w| times
 * the reach of its geometry from the COM, so tipping counts) while the tangential part of its
 * load stayed below GUARD_REST_UTIL mu_s times the normal part, and that then moves faster than
 * GUARD_MOVE_SPEED_VS v_s while its load has not changed by more than GUARD_REST_LOAD_TOL, was
 * set in motion by the integrator: nothing in the model moves it (loose bdf and ie let a box
 * slide back down a 15 degree incline, a stopped box jump back, a tall box tip over).
 *
 * Load: gravity, the body's applied forces at t, and the forces (the force law's, at the
 * sampled state) of its contacts that do not hold it up; supports are the contacts whose
 * normal into the body points against gravity, and their force-weighted normal is the one
 * the load is split along. A legitimate start of sliding has a load above mu_s n (or one that
 * grows to it: the hold restarts whenever the load changes), and a body released where it
 * must tip or slide never rests for the hold. A body touching another that moves (a support
 * that carries it, a body that hits it) is not judged at that sample. Free bodies only, in scenes without controllers,
 * kinematic bodies, belts or suction (their supports move, or forces act that the load does
 * not see). */
#ifndef CBENCH_REST_GUARD_H
#define CBENCH_REST_GUARD_H

#include <cjson/cJSON.h>

#include "../../models/data.h"

#define GUARD_REST_SPEED_VS 10.0
#define GUARD_MOVE_SPEED_VS 100.0
#define GUARD_REST_HOLD 3
#define GUARD_REST_UTIL 0.9
#define GUARD_REST_LOAD_TOL 0.05

typedef struct {
  int applies;
  char why_not[64];
  double vs;               /* v_s, m/s */
  int nbody;
  double *reach;           /* [nbody] geometry reach from the COM, m (< 0: not a free body) */
  int *held;               /* [nbody] samples at rest under a held load (the current hold) */
  double *hold_load;       /* [3 nbody] load at the hold's start, N */
  double *hold_t;          /* [nbody] time of the hold's start */
  double *hold_util;       /* [nbody] tangential load / (mu_s n) at the hold's last rest sample */
  double *speed;           /* [nbody] speed at the current sample (free bodies) */
  double *prev_speed;      /* [nbody] speed at the previous sample */
  double last_t;           /* time of the previous sample (NAN before the first) */
  /* the trips: count and the first one */
  int trips, first_body;
  double first_t, first_speed, first_util, first_held_s;
} RestGuard;

/* 0, or -1 (no memory). */
int rest_guard_init(RestGuard *g, const Model *m);
void rest_guard_free(RestGuard *g);
/* One sample at time t with velocities v: d holds kinematics, body velocities, contacts and
 * their Jacobians at the sampled state. */
void rest_guard_sample(RestGuard *g, const Model *m, const Data *d, double t, const double *v);
/* Writes physics.rest and appends a warning if it tripped; returns 1 if it tripped. */
int rest_guard_report(const RestGuard *g, const Model *m, cJSON *physics, cJSON *warnings);

#endif
