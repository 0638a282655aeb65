/* Rest guard: what a guard can see of static friction without a
 * reference. A free body that has rested on its supports for GUARD_REST_HOLD samples (speed
 * below GUARD_REST_SPEED_VS v_s, with v_s the stiction tolerance; speed = |v_com| + |w| times
 * the reach of its geometry from the COM, so tipping counts) while the tangential part of its
 * load stayed below GUARD_REST_UTIL mu_s times the normal part, and that then moves faster than
 * GUARD_MOVE_SPEED_VS v_s while its load has not changed by more than GUARD_REST_LOAD_TOL, was
 * set in motion by the integrator: nothing in the model moves it (loose bdf and ie let a box
 * slide back down a 15 degree incline, a stopped box jump back, a tall box tip over).
 *
 * Load: gravity, the body's applied forces at t, and the forces of its contacts that do not
 * hold it up (the scene's force law's at the sampled state; for a scheme with a contact model of
 * its own, those it applied in its last step, SchemeForces); supports are the contacts whose
 * normal into the body points against gravity, and their force-weighted normal is the one
 * the load is split along. A legitimate start of sliding has a load above mu_s n (or one that
 * grows to it: the hold restarts whenever the load changes), and a body released where it
 * must tip or slide never rests for the hold. A body touching another that moves (a support
 * that carries it, a body that hits it) is not judged at that sample. Free bodies only, in scenes without controllers,
 * kinematic bodies, belts or suction (their supports move, or forces act that the load does
 * not see).
 *
 * From the start: a body whose first sample is at rest in static equilibrium (load below
 * GUARD_REST_UTIL mu_s n, its supports' normal forces within GUARD_START_BALANCE of the normal
 * load, and the load's line through the COM meeting the support polygon shrunk to
 * GUARD_START_HULL about its centroid: it cannot tip) is held from that sample, so a start
 * without a change of force trips as above (loose bdf tips a tall box standing on an incline
 * from its initial rest). Until it has rested GUARD_REST_HOLD samples in a row, its start must
 * also be faster than GUARD_START_SPEED_FACTOR sqrt(2 E_c / m), E_c the energy of its contact
 * springs at the first sample: a scene's initial depths are not exactly its equilibrium's, and
 * settling (a box rocking on its corners' springs) converts at most that energy into motion.
 * Released with its load above GUARD_REST_UTIL mu_d n, such a body is judged by its turn only
 * (|w| times its reach: tipping) until it has rested GUARD_REST_HOLD samples in a row: it starts with no friction, its
 * supports slip while friction builds up, and where the release overshoots the regularized law's
 * peak mu falls to mu_d, which cannot hold that load, so the model itself slides it (a cube on
 * tan 0.5 with mu_s 0.6, mu_d 0.4 slides under bdf 1e-9 and cenic-sd 1e-8; docs/physics.md,
 * "Holding slope on an incline"). Whether it overshoots needs a reference; tipping does not.
 *
 * Sustained slip: a body whose supports slip (force-weighted mean of |v_t|, the relative
 * tangential velocity at the contact points: a rolling sphere does not slip) faster than
 * GUARD_SLIP_SPEED_VS v_s while its load (in a free carrier's frame: its acceleration on the
 * grid loads the body) stays below GUARD_REST_UTIL mu_d n must stop within s0 / a, a = (mu_d n -
 * |load_t|) / m from the episode's first sample at slip s0 (judged only on supports that are all on
 * one body or all on the world: on two bodies that move apart, a body slides at mu_d n legitimately). Slip past GUARD_SLIP_STOP_FACTOR
 * times that is sustained. Its time is kept in a memory that decays with GUARD_SLIP_WINDOW (each
 * sustained sample adds its interval, everything decays by exp(-dt / window)), and a run where one
 * body's memory exceeds GUARD_SLIP_TIME is flagged: a time, not a fraction of the run, so one
 * episode gets the same verdict in a 1 s and a 10 s run (0.2 s: the geometric middle of the
 * converged references' 0.061 s and RK3's 0.67 s on hard clutter, docs/physics.md).
 *
 * Held against a load: a body at rest relative to its carrier (the supporting body with the
 * largest normal force, or the world: its supports' slip plus its turn relative to the carrier
 * below GUARD_REST_SPEED_VS v_s) on supports of one normal while the tangential force its contacts
 * must transmit to keep it with the carrier (its load in the carrier's frame: the carrier's
 * acceleration on the grid loads it) exceeds mu_s n / GUARD_REST_UTIL for more than
 * GUARD_STUCK_HOLD samples is flagged: that load accelerates it past the rest speed within
 * milliseconds (a box held on a slope past mu_s, a load carried by a sled pulled past its friction
 * limit). Not judged where the carrier's acceleration is not known: on the first sample, on a
 * carrier that is not free, or one that turns faster than the rest speed. */
#ifndef CBENCH_REST_GUARD_H
#define CBENCH_REST_GUARD_H

#include "../../models/status.h"
#include "../../models/data.h"

#define GUARD_REST_SPEED_VS 10.0
#define GUARD_MOVE_SPEED_VS 100.0
#define GUARD_REST_HOLD 3
#define GUARD_REST_UTIL 0.9
#define GUARD_REST_LOAD_TOL 0.05
#define GUARD_START_BALANCE 0.1
#define GUARD_START_HULL 0.8
#define GUARD_START_SPEED_FACTOR 5.0
#define GUARD_ONE_NORMAL_COS 0.9962   /* 5 degrees */
#define GUARD_SLIP_SPEED_VS 10.0
#define GUARD_SLIP_STOP_FACTOR 3.0
#define GUARD_SLIP_WINDOW 1.0         /* s: time constant of the sustained slip's memory */
#define GUARD_SLIP_TIME 0.2           /* s: sustained slip allowed in that memory (docs/physics.md) */
#define GUARD_STUCK_HOLD 3
#define REST_MAX_SUPPORT_POINTS 32
#define GUARD_MAX_WARNINGS 8          /* energy, penetration, geometry, joint limit, rest start, slip, held */

/* The sentences of the guards that tripped, in the order they are appended to `warnings`. */
typedef struct {
  int n;
  char text[GUARD_MAX_WARNINGS][512];
} GuardWarnings;

/* Appends a guard's sentence (GUARD_MAX_WARNINGS holds one per guard). */
void guard_warning_add(GuardWarnings *w, const char *text);

/* What the rest guard found, as data: rest_guard_result fills it, run_record.c writes it as
 * physics.rest (harness/SCHEMA.md). Names point into the model. */
typedef struct {
  int applies;
  const char *not_because;    /* why it does not apply (applies 0) */
  int trips, started_held, started_turn_only;
  double rest_speed, move_speed, threshold_utilization;
  const char *first_body;     /* the first start without a change of force (trips > 0) */
  double first_t, first_speed, first_utilization, first_held;
  double slip_speed, slip_stop_factor, slip_threshold_time, slip_sustained, slip_fraction;
  const char *slip_body;      /* the body with the longest sustained slip; NULL: none */
  double slip_t, slip_mean;
  double slip_window;         /* s: the memory's time constant */
  double slip_recent;         /* s: the largest sustained slip time in that memory (any body) */
  const char *slip_recent_body; /* NULL: none */
  double slip_recent_t, slip_recent_mean;
  int held_trips, held_samples;
  double held_threshold_utilization;
  const char *held_body;      /* the first body held against a load (held_trips > 0) */
  double held_t, held_utilization;
  const char *held_carrier;   /* the body it rode on (NULL: the world) */
} RestGuardResult;

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
  double t_first;          /* time of the first sample */
  double *vcom, *prev_vcom;/* [3 nbody] world COM velocity at this and the previous sample */
  int started_held;        /* bodies held from the first sample (static equilibrium) */
  int started_turn_only;   /* of those, bodies judged by their turn only (load above mu_d n) */
  int *turn_only;          /* [nbody] 1 while a release above mu_d n is judged by its turn only */
  double *start_speed;     /* [nbody] the settling speed a body held from the start may reach (0: none) */
  int *rest_run;           /* [nbody] consecutive samples at rest */
  /* sustained slip, per body: the episode (on, start, slip at start, allowance) and the
   * sustained time and its slip integral */
  int *ep_on;
  double *ep_t0, *ep_s0, *ep_allow, *sustained, *sustained_t0, *slip_sum;
  /* the recent sustained slip, per body: its slip at this sample if sustained (0: not), and the
   * sustained time and its slip integral decayed with GUARD_SLIP_WINDOW; the largest seen */
  double *slip_now, *recent, *recent_slip;
  int recent_body;
  double recent_max, recent_t, recent_mean;
  /* held against a load above mu_s n, per body: consecutive samples and their start */
  int *stuck_n;
  double *stuck_t0;
  int stuck_trips, stuck_body;
  double stuck_t, stuck_util, stuck_held;
  int stuck_carrier;
  /* the judged contacts per body at the current sample (index_contacts): offsets [nbody + 1],
   * a fill cursor [nbody] and the list (capacity con_cap, grown, not per sample) */
  int *con_start, *con_fill, *con_list, con_cap;
  int unjudged_samples;      /* samples skipped: the list could not grow */
  /* the trips: count and the first one */
  int trips, first_body;
  double first_t, first_speed, first_util, first_held_s;
} RestGuard;

/* CB_OK, or CB_ERR_MEMORY. */
CbStatus rest_guard_init(RestGuard *g, const Model *m);
void rest_guard_free(RestGuard *g);
/* The contact forces a scheme applied in its last step (Integrator.contact_forces): the Data of
 * that solve and, per contact, the force and the contact velocity at the step's end in the contact
 * frame (t1, t2, n). */
typedef struct SchemeForces {
  const Data *d;
  const double *force, *vc;
} SchemeForces;

/* One sample at time t with velocities v: d holds kinematics, body velocities, contacts and
 * their Jacobians at the sampled state. Loads and supports are judged on sf's forces when sf is
 * not NULL (a scheme with a contact model of its own: SAP's near-rigid regularization, Similar,
 * eq. 26's friction), on the force law's at d otherwise. */
void rest_guard_sample(RestGuard *g, const Model *m, const Data *d, double t, const double *v, const SchemeForces *sf);
/* Fills out (physics.rest) and appends a sentence to w per tripped test; returns the number of
 * tripped tests. */
int rest_guard_result(const RestGuard *g, const Model *m, RestGuardResult *out, GuardWarnings *w);

#endif
