/* Speculative contacts (models/collision/speculative.c) and the signed-distance normal impulse
 * of the discrete schemes (ICF eq. 7, 23; TAMSI fn(phi0 + h vn)): an elastic, frictionless ball
 * dropped on a rigid plane must never bounce higher than it fell, whatever the stiffness,
 * accuracy or largest step (the dissipative schemes; the trapezoid within a measured bound); its
 * energy error falls as the accuracy tightens; and a gap reported because of a geometry margin
 * never pushes. The apex criterion is checked on the energy in free flight (kinetic + gravity),
 * sampled every millisecond. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "integrators/integrator.h"
#include "models/data.h"
#include "models/system.h"
#include "models/math3d.h"
#include "sim_fixtures.h"
#include "tests/mb_fixtures.h"

extern const IntegratorVtbl cenic_sd_vtbl, cenic_trap_vtbl, cenic_fixed_vtbl, tamsi_vtbl, tamsi_sd_vtbl;

#define MASS 0.1
#define RADIUS 0.05
#define DROP 0.3 /* center height at release, m */
#define HORIZON 0.6 /* s: fall (0.226 s), impact, and the rise to the first apex */

static Model *ball_model(double stiffness, double margin, double gravity) {
  char json[1200];
  snprintf(json, sizeof json,
           "{\"name\": \"elastic_ball\", \"duration\": %g, \"max_step\": 0.1, \"gravity\": [0, 0, %g],"
           " \"materials\": [{\"name\": \"ground\", \"stiffness\": \"rigid\", \"mu\": 0},"
           " {\"name\": \"ball\", \"stiffness\": %g, \"dissipation\": 0, \"mu\": 0}],"
           " \"world_geoms\": [{\"name\": \"floor\", \"type\": \"plane\", \"material\": \"ground\", \"margin\": %g}],"
           " \"bodies\": [{\"name\": \"ball\", \"joint\": \"free\", \"mass\": %g,"
           " \"geoms\": [{\"type\": \"sphere\", \"size\": %g, \"material\": \"ball\", \"margin\": %g}],"
           " \"q0\": {\"pos\": [0, 0, %g]}}]}",
           HORIZON, -gravity, stiffness, margin, MASS, RADIUS, margin, DROP);
  return fx_load_json(json, "elastic_ball");
}

/* Mechanical energy of the continuous model: kinetic + gravity + the contact spring's
 * 1/2 k pen^2 (no dissipation), conserved exactly by the exact solution. */
static double ball_energy(const Model *m, Data *d, const double *x, double k) {
  double pen = fmax(0.0, RADIUS - x[2]);
  return system_energy(m, d, x) + 0.5 * k * pen * pen;
}

typedef struct {
  int rc;
  double max_rise;  /* max over the samples of E(t) - E(0), J */
  double end_error; /* |E(T) - E(0)|, J */
  long steps;
  char msg[512];
} BallRun;

/* Samples the run every millisecond (dense output is linear inside a step and the energy is
 * convex in the state, so no sample can show a rise that the step ends do not have). */
static BallRun run_ball(const IntegratorVtbl *vt, const Model *m, double k, double accuracy, double dt, double max_step) {
  BallRun r;
  memset(&r, 0, sizeof r);
  Integrator it;
  memset(&it, 0, sizeof it);
  it.vtbl = vt;
  it.model = m;
  it.opt.accuracy = accuracy;
  it.opt.dt = dt;
  it.opt.max_step = max_step;
  int nx = system_nx(m);
  double *x = calloc((size_t)nx, sizeof(double));
  Data *d = data_create(m);
  system_initial_state(m, x);
  double E0 = ball_energy(m, d, x, k), E = E0;
  r.rc = vt->create(&it);
  if (r.rc == CB_OK) r.rc = vt->reset(&it, 0.0, x);
  int n = (int)lround(HORIZON / 1e-3);
  for (int i = 1; i <= n && r.rc == CB_OK; ++i) {
    r.rc = vt->advance(&it, i * 1e-3, x);
    if (r.rc != CB_OK) break;
    E = ball_energy(m, d, x, k);
    /* the apex criterion: energy in free flight (the spring energy during contact is
     * measured too but only as the end error; see the file comment) */
    if (x[2] > RADIUS && E - E0 > r.max_rise) r.max_rise = E - E0;
  }
  r.end_error = fabs(E - E0);
  r.steps = it.stats.steps;
  snprintf(r.msg, sizeof r.msg, "%s", it.message);
  if (it.content) vt->destroy(&it);
  data_free(d);
  free(x);
  return r;
}

static const double stiffnesses[] = {1e3, 1e5, 1e7};
static const double max_steps[] = {1e-3, 1e-2, 1e-1};
static const double accuracies[] = {1e-2, 1e-4, 1e-6, 1e-8};

/* The energy the drop can release (from release to the floor), the scale of the rise. */
static double releasable(void) { return MASS * 9.81 * (DROP - RADIUS); }

/* Implicit-Euler-family schemes (cenic-sd, tamsi-sd, and the fixed-step ones) dissipate: the
 * ball may rise by round-off only (1e-9 m of apex). The trapezoid is second order and not
 * dissipative (not L-stable): its error test bounds the local position error and how far from a
 * step end a contact switches (cenic.c), but not the energy. For it we require what we measure
 * and can defend: the rise falls as the accuracy tightens (from 1e-2 to 1e-8 by 100x or to
 * round-off) and stays below 1e-4 of the releasable energy at accuracies <= 1e-6. At 1e-2 with
 * stiff contact it still gains energy (the physics guards of the records flag such runs). */
static void check_error_controlled(const IntegratorVtbl *vt, int dissipative) {
  for (size_t ik = 0; ik < sizeof stiffnesses / sizeof *stiffnesses; ++ik) {
    double k = stiffnesses[ik];
    Model *m = ball_model(k, 0.0, 9.81);
    for (size_t is = 0; is < sizeof max_steps / sizeof *max_steps; ++is) {
      double first = 0, last = 0, rise_first = 0, rise_last = 0;
      for (size_t ia = 0; ia < sizeof accuracies / sizeof *accuracies; ++ia) {
        double acc = accuracies[ia];
        BallRun r = run_ball(vt, m, k, acc, 0.0, max_steps[is]);
        cr_assert_eq(r.rc, CB_OK, "%s k %g acc %g max step %g: %s", vt->name, k, acc, max_steps[is], r.msg);
        cr_log_info("%s k %g max step %g acc %g: rise %.3g J (%.3g of releasable), end error %.3g, %ld steps", vt->name, k,
                    max_steps[is], acc, r.max_rise, r.max_rise / releasable(), r.end_error / releasable(), r.steps);
        double tol = dissipative ? 1e-9 * MASS * 9.81 : (acc <= 1e-6 ? 1e-4 * releasable() : INFINITY);
        cr_expect(r.max_rise <= tol, "%s k %g acc %g max step %g: energy rose by %g J (%.3g of the releasable %g J), tolerance %g J",
                  vt->name, k, acc, max_steps[is], r.max_rise, r.max_rise / releasable(), releasable(), tol);
        if (ia == 0) first = r.end_error, rise_first = r.max_rise;
        last = r.end_error, rise_last = r.max_rise;
      }
      /* energy error falls as the accuracy tightens (six decades) */
      cr_expect(last < 0.1 * first || last < 1e-4 * releasable(), "%s k %g max step %g: energy error %g at 1e-8 vs %g at 1e-2",
                vt->name, k, max_steps[is], last, first);
      cr_expect(rise_last <= 0.01 * rise_first || rise_last <= 1e-5 * releasable(),
                "%s k %g max step %g: energy rise %g at 1e-8 vs %g at 1e-2", vt->name, k, max_steps[is], rise_last, rise_first);
    }
    model_free(m);
  }
}

Test(speculative_contact, cenic_sd_ball_never_rises_above_drop) { check_error_controlled(&cenic_sd_vtbl, 1); }
Test(speculative_contact, cenic_trap_ball_rises_at_most_a_few_accuracies) { check_error_controlled(&cenic_trap_vtbl, 0); }
Test(speculative_contact, tamsi_sd_ball_never_rises_above_drop) { check_error_controlled(&tamsi_sd_vtbl, 1); }

/* Fixed-step schemes are implicit Euler in velocity: no rise at any step size. */
Test(speculative_contact, fixed_step_ball_never_rises_above_drop) {
  const IntegratorVtbl *vts[2] = {&cenic_fixed_vtbl, &tamsi_vtbl};
  for (int v = 0; v < 2; ++v)
    for (size_t ik = 0; ik < sizeof stiffnesses / sizeof *stiffnesses; ++ik) {
      double k = stiffnesses[ik];
      Model *m = ball_model(k, 0.0, 9.81);
      for (size_t is = 0; is < sizeof max_steps / sizeof *max_steps; ++is) {
        BallRun r = run_ball(vts[v], m, k, 0.0, max_steps[is], 0.0);
        cr_assert_eq(r.rc, CB_OK, "%s k %g dt %g: %s", vts[v]->name, k, max_steps[is], r.msg);
        cr_log_info("%s k %g dt %g: rise %.3g J, end error %.3g of releasable", vts[v]->name, k, max_steps[is], r.max_rise,
                    r.end_error / releasable());
        cr_expect(r.max_rise <= 1e-9 * MASS * 9.81, "%s k %g dt %g: energy rose by %g J", vts[v]->name, k, max_steps[is], r.max_rise);
      }
      model_free(m);
    }
}

/* A ball hovering 5 mm over the floor, inside a 1 cm geometry margin, with no gravity: the
 * contact is reported (phi = +5 mm) but must not push; every discrete scheme keeps it still. */
Test(speculative_contact, margin_gap_feels_no_force) {
  const IntegratorVtbl *fixed[2] = {&cenic_fixed_vtbl, &tamsi_vtbl}, *adaptive[3] = {&cenic_sd_vtbl, &cenic_trap_vtbl, &tamsi_sd_vtbl};
  char json[900];
  snprintf(json, sizeof json,
           "{\"name\": \"hover\", \"duration\": 1, \"max_step\": 0.1, \"gravity\": [0, 0, 0],"
           " \"materials\": [{\"name\": \"ground\", \"stiffness\": \"rigid\", \"mu\": 0.5},"
           " {\"name\": \"ball\", \"stiffness\": 1e5, \"dissipation\": 1, \"mu\": 0.5}],"
           " \"world_geoms\": [{\"name\": \"floor\", \"type\": \"plane\", \"material\": \"ground\", \"margin\": 0.01}],"
           " \"bodies\": [{\"name\": \"ball\", \"joint\": \"free\", \"mass\": 0.1,"
           " \"geoms\": [{\"type\": \"sphere\", \"size\": 0.05, \"material\": \"ball\", \"margin\": 0.01}],"
           " \"q0\": {\"pos\": [0, 0, 0.055]}}]}");
  Model *m = fx_load_json(json, "hover");
  Data *d = data_create(m);
  int nx = system_nx(m);
  double *x = calloc((size_t)nx, sizeof(double));
  system_initial_state(m, x);
  cr_assert_eq(system_step_data(m, d, 0.0, x, x + m->nq, NULL, 0.01), 0);
  cr_assert_eq(d->ncon, 1, "the margin reports the gap as a contact");
  cr_expect(fabs(d->contacts[0].phi - 0.005) < 1e-12, "phi %g", d->contacts[0].phi);
  for (int v = 0; v < 5; ++v) {
    const IntegratorVtbl *vt = v < 2 ? fixed[v] : adaptive[v - 2];
    Integrator it;
    memset(&it, 0, sizeof it);
    it.vtbl = vt;
    it.model = m;
    it.opt.dt = v < 2 ? 1e-2 : 0.0;
    it.opt.accuracy = v < 2 ? 0.0 : 1e-4;
    it.opt.max_step = 0.1;
    cr_assert_eq(vt->create(&it), CB_OK, "%s: %s", vt->name, it.message);
    system_initial_state(m, x);
    cr_assert_eq(vt->reset(&it, 0.0, x), CB_OK);
    cr_assert_eq(vt->advance(&it, 1.0, x), CB_OK, "%s: %s", vt->name, it.message);
    cr_expect(fabs(x[2] - 0.055) < 1e-12 && fabs(x[m->nq + 5]) < 1e-12, "%s: the ball moved to z %.9g (vz %g): pushed at a distance",
              vt->name, x[2], x[m->nq + 5]);
    vt->destroy(&it);
  }
  free(x);
  data_free(d);
  model_free(m);
}

/* The speculative distance covers a gap that closes within the step: a ball 1 cm over the floor
 * falling at 2 m/s is reported for a 10 ms step (it travels 2 cm) and not for a 1 ms one. */
Test(speculative_contact, gap_closing_within_the_step_is_reported) {
  Model *m = ball_model(1e5, 0.0, 9.81);
  Data *d = data_create(m);
  int nx = system_nx(m);
  double *x = calloc((size_t)nx, sizeof(double));
  system_initial_state(m, x);
  x[2] = RADIUS + 0.01;
  x[m->nq + 5] = -2.0;
  cr_assert_eq(system_step_data(m, d, 0.0, x, x + m->nq, NULL, 1e-2), 0);
  cr_assert_eq(d->ncon, 1);
  cr_expect(fabs(d->contacts[0].phi - 0.01) < 1e-12);
  cr_expect(fabs(d->contacts[0].vc0[2] + 2.0) < 1e-12);
  cr_assert_eq(system_step_data(m, d, 0.0, x, x + m->nq, NULL, 1e-3), 0);
  cr_expect_eq(d->ncon, 0, "2 mm of travel cannot close 1 cm");
  cr_assert_eq(system_step_data(m, d, 0.0, x, x + m->nq, NULL, 0.0), 0);
  cr_expect_eq(d->ncon, 0, "no horizon, no speculative contact");
  /* moving away at 2 m/s: gravity (1 mm in 10 ms) cannot close the gap: not reported */
  x[m->nq + 5] = 2.0;
  cr_assert_eq(system_step_data(m, d, 0.0, x, x + m->nq, NULL, 1e-2), 0);
  cr_expect_eq(d->ncon, 0, "a gap opening at 2 m/s is not a contact");
  /* sliding sideways at 2 m/s, 1 cm over the floor: gravity alone (2 * 9.81 * 1e-4 = 2 mm in
   * 10 ms with the safety factor) cannot close it either */
  x[m->nq + 5] = 0.0;
  x[m->nq + 3] = 2.0;
  cr_assert_eq(system_step_data(m, d, 0.0, x, x + m->nq, NULL, 1e-2), 0);
  cr_expect_eq(d->ncon, 0, "a ball sliding over the floor 1 cm up is not a contact");
  /* ... but within 1 mm it is (gravity closes 2 mm with the safety factor) */
  x[2] = RADIUS + 0.001;
  cr_assert_eq(system_step_data(m, d, 0.0, x, x + m->nq, NULL, 1e-2), 0);
  cr_expect_eq(d->ncon, 1, "a ball 1 mm over the floor can land within 10 ms");
  free(x);
  data_free(d);
  model_free(m);
}

/* Other passive scenes, the same physics: a tilted box dropped on the floor (corner contacts,
 * rotation) and two balls thrown at each other above it (two moving bodies, then the floor),
 * elastic (d = 0), with and without friction (friction only dissipates). The implicit-Euler
 * family never ends a sample with more mechanical energy than it started with. */
static double passive_energy(const Model *m, Data *d, const double *x) {
  /* kinetic + gravity + the contacts' spring energy 1/2 k pen^2 at the state */
  double E = system_energy(m, d, x);
  double deepest;
  if (system_max_penetration(m, d, x, &deepest) == CB_OK && deepest > 0)
    for (int i = 0; i < d->ncon; ++i) {
      double pen = fmax(0.0, -d->contacts[i].phi);
      E += 0.5 * d->contacts[i].par.stiffness * pen * pen;
    }
  return E;
}

Test(speculative_contact, passive_scenes_never_gain_energy) {
  const char *scenes[2] = {
      "{\"name\": \"box\", \"duration\": 0.8, \"max_step\": 0.1, \"materials\": [{\"name\": \"ground\", \"stiffness\": \"rigid\", "
      "\"mu\": %g}, {\"name\": \"b\", \"stiffness\": 1e5, \"dissipation\": 0, \"mu\": %g}], \"world_geoms\": [{\"name\": "
      "\"floor\", \"type\": \"plane\", \"material\": \"ground\"}], \"bodies\": [{\"name\": \"box\", \"joint\": \"free\", "
      "\"mass\": 0.5, \"geoms\": [{\"type\": \"box\", \"size\": [0.05, 0.04, 0.03], \"material\": \"b\"}], \"q0\": {\"pos\": "
      "[0, 0, 0.4], \"quat\": [0.9, 0.3, 0.2, 0.1]}, \"v0\": {\"angular\": [1, -2, 0.5], \"linear\": [0.3, 0, 0], \"frame\": \"world\"}}]}",
      "{\"name\": \"balls\", \"duration\": 0.8, \"max_step\": 0.1, \"materials\": [{\"name\": \"ground\", \"stiffness\": "
      "\"rigid\", \"mu\": %g}, {\"name\": \"b\", \"stiffness\": 1e5, \"dissipation\": 0, \"mu\": %g}], \"world_geoms\": "
      "[{\"name\": \"floor\", \"type\": \"plane\", \"material\": \"ground\"}], \"bodies\": [{\"name\": \"a\", \"joint\": "
      "\"free\", \"mass\": 0.2, \"geoms\": [{\"type\": \"sphere\", \"size\": 0.05, \"material\": \"b\"}], \"q0\": {\"pos\": "
      "[-0.3, 0, 0.3]}, \"v0\": {\"linear\": [2, 0, 0], \"frame\": \"world\"}}, {\"name\": \"b\", \"joint\": \"free\", \"mass\": 0.1, \"geoms\": "
      "[{\"type\": \"sphere\", \"size\": 0.04, \"material\": \"b\"}], \"q0\": {\"pos\": [0.3, 0.01, 0.3]}, \"v0\": {\"linear\": [-2, 0, 0], "
      "\"frame\": \"world\"}}]}"};
  const IntegratorVtbl *vts[4] = {&cenic_sd_vtbl, &tamsi_sd_vtbl, &cenic_fixed_vtbl, &tamsi_vtbl};
  for (int sc = 0; sc < 2; ++sc)
    for (int fr = 0; fr < 2; ++fr) {
      char json[1600];
      double mu = fr ? 0.5 : 0.0;
      snprintf(json, sizeof json, scenes[sc], mu, mu);
      Model *m = fx_load_json(json, "passive");
      Data *d = data_create(m);
      int nx = system_nx(m);
      double *x = calloc((size_t)nx, sizeof(double));
      for (int v = 0; v < 4; ++v)
        for (int a = 0; a < 3; ++a) {
          double param = a == 0 ? 1e-2 : a == 1 ? 1e-4 : 1e-6;
          if (v >= 2) param = a == 0 ? 1e-1 : a == 1 ? 1e-2 : 1e-3; /* fixed steps */
          Integrator it;
          memset(&it, 0, sizeof it);
          it.vtbl = vts[v];
          it.model = m;
          if (v >= 2) it.opt.dt = param; else it.opt.accuracy = param;
          it.opt.max_step = 0.1;
          cr_assert_eq(vts[v]->create(&it), CB_OK, "%s: %s", vts[v]->name, it.message);
          system_initial_state(m, x);
          double E0 = passive_energy(m, d, x), rise = 0;
          cr_assert_eq(vts[v]->reset(&it, 0.0, x), CB_OK);
          for (int i = 1; i <= 800; ++i) {
            cr_assert_eq(vts[v]->advance(&it, i * 1e-3, x), CB_OK, "%s: %s", vts[v]->name, it.message);
            rise = fmax(rise, passive_energy(m, d, x) - E0);
          }
          cr_expect(rise <= 1e-9 * fabs(E0) + 1e-12, "%s on %s (mu %g) at %g: energy rose by %g J of %g", vts[v]->name,
                    sc ? "colliding balls" : "tumbling box", mu, param, rise, E0);
          vts[v]->destroy(&it);
        }
      free(x);
      data_free(d);
      model_free(m);
    }
}

/* A cube dropped tumbling onto a fixed cube of the same size (hard clutter's stacks at 10 ms):
 * when it comes down on an edge, the speculative manifold must also hold the face that can land
 * flat within the step, and the corners already inside the other cube. With only the edges'
 * closest points (narrow_phase_box_box.c before), 24 of the first 40 drops with cenic-fixed and
 * 16 with tamsi at 10 ms gained more than 5% of the energy in play (a face landed up to 17 mm
 * deep in one step and its spring energy came back out). With the face points, 11 and 9 of
 * these 100 drops still did (up to 134%): a corner inside the other cube while the separating
 * axis was still an edge-edge one. With those corners, 2 and 0 (6% each), bounded here by 4.
 * What still gains (other draws: 13 of 400 runs, up to 26%): the cube turns by ~4 degrees
 * within one step, and a part of an edge that was apart at the step's start is inside the
 * other cube at its end; the contacts are linear in the step's motion. */
static Model *tipped_cube_model(MbRng *r) {
  static const double ez[3] = {0, 0, 1}, ex[3] = {1, 0, 0}, ey[3] = {0, 1, 0};
  double qz[4], qx[4], qy[4], q1[4], q[4];
  quat_from_axis_angle(qz, ez, mbfix_uniform(r, 0, M_PI / 2)); /* turned about the vertical, */
  quat_from_axis_angle(qx, ex, mbfix_uniform(r, 5, 40) * M_PI / 180); /* tipped 5-40 degrees */
  quat_from_axis_angle(qy, ey, mbfix_uniform(r, -20, 20) * M_PI / 180); /* and +-20 about y */
  quat_mul(q1, qz, qx);
  quat_mul(q, q1, qy);
  double px = mbfix_uniform(r, -0.05, 0.05), py = mbfix_uniform(r, -0.05, 0.05), pz = 0.2 + mbfix_uniform(r, 0, 0.1);
  double w[3];
  for (int k = 0; k < 3; ++k) w[k] = mbfix_uniform(r, -3, 3);
  char json[1400];
  snprintf(json, sizeof json,
           "{\"name\": \"tipped_cube\", \"duration\": 0.6, \"max_step\": 0.1, \"materials\": [{\"name\": \"ground\", "
           "\"stiffness\": \"rigid\", \"mu\": 0.5}, {\"name\": \"b\", \"stiffness\": 5e4, \"dissipation\": 0, \"mu\": 0.5}], "
           "\"world_geoms\": [{\"name\": \"floor\", \"type\": \"plane\", \"material\": \"ground\"}, {\"name\": \"base\", "
           "\"type\": \"box\", \"size\": [0.05, 0.05, 0.05], \"pos\": [0, 0, 0.05], \"material\": \"b\"}], \"bodies\": "
           "[{\"name\": \"top\", \"joint\": \"free\", \"mass\": 1, \"geoms\": [{\"type\": \"box\", \"size\": [0.05, 0.05, 0.05], "
           "\"material\": \"b\"}], \"q0\": {\"pos\": [%.9g, %.9g, %.9g], \"quat\": [%.9g, %.9g, %.9g, %.9g]}, \"v0\": "
           "{\"angular\": [%.9g, %.9g, %.9g], \"linear\": [0, 0, 0], \"frame\": \"world\"}}]}",
           px, py, pz, q[0], q[1], q[2], q[3], w[0], w[1], w[2]);
  return fx_load_json(json, "tipped_cube");
}

Test(speculative_contact, a_cube_landing_on_an_edge_does_not_gain_energy_at_10_ms) {
  const IntegratorVtbl *vts[2] = {&cenic_fixed_vtbl, &tamsi_vtbl};
  int gained[2] = {0, 0};
  const int drops = 100;
  MbRng r;
  mbfix_rng_seed(&r, 12);
  for (int drop = 0; drop < drops; ++drop) {
    Model *m = tipped_cube_model(&r);
    Data *d = data_create(m);
    double *x = calloc((size_t)system_nx(m), sizeof(double));
    for (int v = 0; v < 2; ++v) {
      Integrator it;
      memset(&it, 0, sizeof it);
      it.vtbl = vts[v];
      it.model = m;
      it.opt.dt = 1e-2;
      it.opt.max_step = 0.1;
      cr_assert_eq(vts[v]->create(&it), CB_OK, "%s: %s", vts[v]->name, it.message);
      system_initial_state(m, x);
      double E0 = passive_energy(m, d, x), low = E0, rise = 0;
      /* the energy in play: down to the cube lying flat on the base (centre at 0.15 m) */
      double in_play = E0 - 1.0 * 9.81 * 0.15;
      cr_assert_eq(vts[v]->reset(&it, 0.0, x), CB_OK);
      for (int i = 1; i <= 600; ++i) {
        cr_assert_eq(vts[v]->advance(&it, i * 1e-3, x), CB_OK, "%s drop %d: %s", vts[v]->name, drop, it.message);
        double E = passive_energy(m, d, x);
        rise = fmax(rise, E - low);
        low = fmin(low, E);
      }
      if (rise > 0.05 * in_play) gained[v]++;
      cr_log_info("%s drop %d: energy rose by %.3g J of %.3g J in play", vts[v]->name, drop, rise, in_play);
      vts[v]->destroy(&it);
    }
    free(x);
    data_free(d);
    model_free(m);
  }
  for (int v = 0; v < 2; ++v)
    cr_expect(gained[v] <= 4, "%s at 10 ms: %d of %d drops gained more than 5%% of the energy in play", vts[v]->name,
              gained[v], drops);
}
