/* Physics guards of a run (the record's `physics` block, harness/SCHEMA.md): sampled on the
 * output grid from the states the integrator returned, so that every integrator is judged
 * alike. A guard that trips writes a sentence into the record's `warnings`.
 *
 *  - energy: for passive scenes (no applied forces, controllers, kinematic bodies, belts,
 *    suction or joint limits) the largest rise of the total energy E = kinetic + gravity +
 *    joint springs + contact springs (k phi^2 / 2 per penetrating contact), max_j (E_j -
 *    min_{i<=j} E_i). Relative to the energy in play, the largest of the energy released
 *    (E_0 - min E), the largest kinetic energy seen (an elastic scene releases nothing for
 *    good) and the energy of a 1 mm drop of all movable mass (a scene at rest). Trips above 5%:
 *    linear dense output between steps of up to h = 0.1 s misplaces a free flight by g h^2 / 8
 *    in height, 1.2% of a 1 m drop's energy; real gains (tunnelling, unstable schemes) are
 *    tens of percent and more.
 *  - penetration: the deepest contact against (a) its static estimate m g / k (m: the movable
 *    mass on the contact) and (b) for passive scenes the energy bound: a spring of stiffness k
 *    loaded by at most the whole weight W cannot store more than the energy in play E_r (as
 *    above, without the floor), so delta <= W/k + sqrt((W/k)^2 + 2 E_r / k). Trips (passive
 *    scenes) above 1.5 times (b): the bound is loose already (all the weight on one contact).
 *  - contact residuals of the contact-models paper (Le Lidec et al. 2024, eq. 15): per
 *    penetrating contact, with the force law's force lambda (N) and the contact velocity c
 *    (m/s): eps_p = dist(lambda, K_mu) (N), eps_d = dist(c + Gamma(c), K_mu^*) (m/s),
 *    eps_c = |<lambda, c + Gamma(c)>| (W), Gamma = (0, 0, mu |c_T|), mu = mu_static. Reported
 *    as maxima over the grid; they measure the compliant, regularized model at the returned
 *    states (eps_c is the normal power f_n v_n during compression, eps_d the approach speed),
 *    not an integrator's internal impulses, so they are data, not a trip condition.
 *    A second test sees a gain late in a run, where the energy left is far below the energy in
 *    play (a ball bouncing back higher than its model lets it, after its first impact took most
 *    of the energy): trips where a rise exceeds GUARD_ENERGY_LOCAL_REL of the energy above the
 *    rest level (E_j - V_min, E_j at the rise's top) and the energy of a GUARD_ENERGY_LOCAL_DROP
 *    drop of all movable mass (a dense-output dip in a free flight is at most m g^2 h^2 / 8, h <=
 *    the step). V_min is the lowest potential energy seen (gravity + joint springs + contact
 *    springs, E minus the kinetic energy): the rest level when the run comes to rest (V = E
 *    there), and in a run that ends in flight the ground the motion falls to, not that flight's
 *    own energy (the run's lowest E, the reference before, read a 1-2 cm drift of ball_drop's
 *    last flight as 100%). V_min >= the potential's minimum, so the test can only be stricter
 *    than one against the true rest level, and E_min >= V_min, so it flags no run that the
 *    test against E_min did not. Passive scenes with our contact springs only: a peer's contact
 *    energy is not observable.
 *    A third test sees a gain across an impact (a bounce returning more than it received, too
 *    small for the relative test): at contact-free samples (no penetrating contact: E has no
 *    contact springs and is a peer's too), the energy above the lowest of the earlier flights'
 *    highest energies (each flight: a run of contact-free samples, ended by a penetrating sample
 *    or, for an impact between two samples, by an energy jump above the floor; two samples at
 *    least, a lone one can be dense output interpolated across an impact; its highest,
 *    because linear dense output only dips a free flight's energy, by m g^2 h^2 / 8) trips where it
 *    exceeds GUARD_ENERGY_IMPACT_REL of the energy above the rest level (E_j - V_min) and the
 *    GUARD_ENERGY_LOCAL_DROP floor. Drift within one flight is not compared with that flight:
 *    make run's ball_drop drifts 1-2 cm in its last flight at loose accuracies, far below its
 *    flight before. Every integrator, peers included.
 *  - penetration: the deepest contact against (a) its static estimate m g / k (m: the movable
 *    mass on the contact) and (b) for passive scenes the energy bound: a spring of stiffness k
 *    loaded by at most the whole weight W cannot store more than the energy in play E_r (as
 *    above, without the floor), so delta <= W/k + sqrt((W/k)^2 + 2 E_r / k). Trips (passive
 *    scenes) above 1.5 times (b): the bound is loose already (all the weight on one contact).
 *    Every scene and every integrator (peers included): a contact deeper than the smaller of its
 *    two geometries' sizes (sphere and capsule radius, smallest box half extent, cylinder
 *    min(radius, half length); planes have none) has passed through it.
 *  - joint limits: a one-dof joint beyond its limit by more than the limit model allows: the
 *    model's spring-damper (natural frequency w = sqrt(limit_stiffness), critically damped by
 *    default) stops a joint entering at speed v within v / (w e) and holds a generalized load f
 *    at f / (M_ii w^2); trips where the violation exceeds GUARD_LIMIT_FACTOR times
 *    (v_peak / w + |f| / (M_ii w^2)) + GUARD_LIMIT_FLOOR (v_peak: the joint's largest speed on
 *    the grid so far; f: its generalized force without the limit at the sample).
 *  - rest: a free body resting under static friction with reserve that starts to move
 *    without a change of force, also from its initial state of equilibrium; a body slipping
 *    on its supports under a load below mu n for longer than friction needs to stop it; a
 *    body held at rest under a load above mu_s n (rest_guard.h). */
#ifndef CBENCH_PHYSICS_GUARDS_H
#define CBENCH_PHYSICS_GUARDS_H

#include <cjson/cJSON.h>

#include "../../models/status.h"
#include "../../models/data.h"
#include "rest_guard.h"

#define GUARD_ENERGY_RISE_REL 0.05
#define GUARD_ENERGY_FLOOR_DROP 1e-3   /* m: floor of the releasable-energy scale */
#define GUARD_PENETRATION_FACTOR 1.5
#define GUARD_ENERGY_LOCAL_REL 0.5     /* of the energy above the lowest potential energy seen */
#define GUARD_ENERGY_LOCAL_DROP 5e-3   /* m: the smallest local rise, as a drop of all movable mass */
#define GUARD_ENERGY_IMPACT_REL 0.02   /* of the energy above the rest level, across an impact */
#define GUARD_GEOMETRY_DEPTH 1.0       /* times the smaller geometry size */
#define GUARD_LIMIT_FACTOR 3.0
#define GUARD_LIMIT_FLOOR 1e-3         /* rad or m */

typedef struct {
  int passive;
  int contact_springs;       /* count k phi^2 / 2 in the energy (0 for peer models: not their law) */
  char active_reason[128];   /* why not passive ("applied forces", ...) */
  double gmag;               /* |g|, m/s^2 */
  double weight;             /* |g| times the movable mass, N */
  long n;                    /* samples */
  /* energy */
  double e0, e_min, e_last, running_min, max_rise, t_max_rise, k_max;
  double v_min;               /* the lowest potential energy seen (E - kinetic), the rest level */
  /* the local test: max_j (rise_j - GUARD_ENERGY_LOCAL_REL E_j) over rises above the drop floor */
  int has_local;
  double local_key, local_rise, local_top, t_local;
  /* the impact test: flights (runs of contact-free samples) against the earlier flights' highest */
  int in_flight, has_impact; /* in_flight: samples of the current flight so far (0: in contact) */
  double flight_max, flight_ref; /* this flight's highest E; the lowest of earlier flights' highest */
  double impact_key, impact_rise, impact_top, t_impact;
  /* penetration against the geometry */
  double geo_ratio, geo_depth, geo_size, t_geo;
  int geo_body[2];
  /* joint limits */
  int nlimit;                /* limited one-dof joints */
  double *v_peak;            /* [nbody] largest |qdot| seen of a limited joint */
  double lim_ratio, lim_excess, lim_allowed, t_lim;
  int lim_body;
  /* penetration: the deepest contact seen */
  double pen_max, pen_k, pen_mass, t_pen_max;
  /* residuals */
  double eps_p, eps_d, eps_c;
  int failed_samples;        /* geometry or kinematics failures at a sample */
  /* kinetic + potential energy at the last sample, the value system_energy gives there (the
   * metrics read it instead of a second kinematics pass); valid when e_mech_ok (no kinematic
   * bodies: the guard moves them to their prescribed pose, system_energy does not) */
  double e_mech;
  int e_mech_ok;
  RestGuard rest;            /* static friction broken without a change of force (rest_guard.h) */
} PhysicsGuards;

void physics_guards_init(PhysicsGuards *g, const Model *m);
void physics_guards_free(PhysicsGuards *g);
/* One output-grid sample at time t, state x = [q; v; z]; uses d (one geometry query). */
void physics_guards_sample(PhysicsGuards *g, const Model *m, Data *d, double t, const double *x);
/* The same, with the forces the integrator applied in its last step (NULL: none reported): the
 * rest guard judges loads on them (rest_guard_sample). */
void physics_guards_sample_with(PhysicsGuards *g, const Model *m, Data *d, double t, const double *x,
                                const SchemeForces *sf);
/* Total energy of the guard (mechanical + contact springs) at x into *energy; uses d. CB_OK, or
 * CB_ERR_MODEL when the contact geometry cannot be evaluated. */
CbStatus physics_energy(const Model *m, Data *d, double t, const double *x, double *energy);
/* The energy in play (J): the largest of the energy released below the start, the largest
 * kinetic energy, and the weight times a 1 mm drop; the scale of the relative energy rise. */
double physics_guards_energy_scale(const PhysicsGuards *g);
/* What the guards found, as data: physics_guards_result fills it, run_record.c writes it into
 * the record's `physics` object (harness/SCHEMA.md). A number that is NAN is written as null;
 * names point into the model. */
typedef struct {
  int passive;
  const char *active_because;     /* why not passive (passive 0) */
  /* energy.max_rise: judged when passive with samples; else rise_note says why not */
  int rise_judged;
  double rise_abs, rise_rel, rise_t, rise_scale, rise_threshold_rel;
  int contact_springs;
  const char *rise_note;
  double local_abs, local_above_rest, local_rel, local_t, local_threshold_rel, local_floor;
  const char *local_note;         /* NULL: none */
  double impact_abs, impact_above_rest, impact_rel, impact_t, impact_threshold_rel, impact_floor;
  /* penetration */
  double static_estimate, ratio_static, t_max, stiffness, energy_bound, ratio_energy_bound;
  const char *bound;
  double geometry_size, ratio_geometry, t_geometry, threshold_geometry;
  /* joint_limits: written when the model has limited one-dof joints */
  int joints;
  double limit_ratio, limit_violation, limit_allowed, limit_t, limit_threshold_factor, limit_floor;
  const char *limit_body;         /* NULL: no joint beyond its limit */
  double eps_p, eps_d, eps_c;     /* contact_residuals */
  int failed_samples;
  RestGuardResult rest;
} PhysicsGuardsResult;

/* Fills out and appends a sentence per tripped guard to w (which it empties first); returns the
 * number of tripped guards. */
int physics_guards_result(const PhysicsGuards *g, const Model *m, PhysicsGuardsResult *out, GuardWarnings *w);
/* physics_guards_result written into a record's `physics` object and its `warnings` (defined in
 * run_record.c, the record's one writer); returns the number of tripped guards. */
int physics_guards_report(const PhysicsGuards *g, const Model *m, cJSON *physics, cJSON *warnings);

#endif
