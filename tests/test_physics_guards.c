/* The physics guards (harness/run/physics_guards.h): each trips on states built to trip it and
 * stays quiet on a sane run; a real run's record carries the block and the warnings; an
 * active scene gets no energy verdict, with a note. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/run/physics_guards.h"
#include "harness/run/run_record.h"
#include "models/system.h"
#include "tests/sim_fixtures.h"

/* 0.1 kg ball (r 5 cm), k 1e5, elastic, on a rigid plane; optionally pushed. */
static Model *ball(int pushed) {
  char json[1024];
  snprintf(json, sizeof json,
           "{\"name\": \"guard_ball\", \"duration\": 1, \"materials\": [{\"name\": \"m\", \"stiffness\": 1e5, "
           "\"dissipation\": 0, \"mu\": 0.5}, {\"name\": \"rigid\", \"stiffness\": \"rigid\", \"mu\": 0.5}], "
           "\"world_geoms\": [{\"name\": \"floor\", \"type\": \"plane\", \"material\": \"rigid\"}], \"bodies\": [{\"name\": \"ball\", \"joint\": \"free\", \"mass\": 0.1, \"inertia\": "
           "[1e-4, 1e-4, 1e-4], \"geoms\": [{\"type\": \"sphere\", \"size\": 0.05, \"material\": \"m\"}], \"q0\": "
           "{\"pos\": [0, 0, 1]}}]%s}",
           pushed ? ", \"forces\": [{\"body\": \"ball\", \"point\": [0, 0, 0], \"dir\": [1, 0, 0], \"constant\": 1}]" : "");
  return fx_load_json(json, "guard_ball.json");
}

/* State with the ball center at height z, vertical velocity vz, horizontal vx. */
static void state(double *x, double z, double vz, double vx) {
  memset(x, 0, 13 * sizeof(double));
  x[2] = z;
  x[3] = 1;
  x[7 + 3] = vx;
  x[7 + 5] = vz;
}

static int count_warnings(const cJSON *w, const char *needle) {
  int n = 0;
  const cJSON *x;
  cJSON_ArrayForEach(x, w) n += strstr(x->valuestring, needle) != NULL;
  return n;
}

/* Samples an exact free fall from 1 m and its elastic bounce (t in 0..0.8 s), optionally with
 * the rebound velocity scaled by `gain`; returns the number of tripped guards. */
static int bounce(double gain, cJSON **physics, cJSON **warnings) {
  Model *m = ball(0);
  Data *d = data_create(m);
  PhysicsGuards g;
  physics_guards_init(&g, m);
  cr_assert(g.passive);
  double x[13], gacc = 9.81, h = 0.95, t_hit = sqrt(2 * h / gacc), v_hit = gacc * t_hit;
  for (int k = 0; k <= 80; ++k) {
    double t = 0.01 * k;
    if (t < t_hit) {
      state(x, 1.0 - 0.5 * gacc * t * t, -gacc * t, 0);
    } else { /* rebound from the floor at gain * v_hit */
      double s = t - t_hit, v0 = gain * v_hit;
      state(x, 0.05 + v0 * s - 0.5 * gacc * s * s, v0 - gacc * s, 0);
    }
    physics_guards_sample(&g, m, d, t, x);
  }
  *physics = cJSON_CreateObject();
  *warnings = cJSON_CreateArray();
  int n = physics_guards_report(&g, m, *physics, *warnings);
  physics_guards_free(&g);
  data_free(d);
  model_free(m);
  return n;
}

Test(physics_guards, energy_guard_trips_on_a_gain_and_not_on_an_exact_bounce) {
  cJSON *ph, *w;
  cr_expect_eq(bounce(1.0, &ph, &w), 0, "an exact elastic bounce tripped a guard");
  double rel = cJSON_GetObjectItem(cJSON_GetObjectItem(cJSON_GetObjectItem(ph, "energy"), "max_rise"), "rel")->valuedouble;
  cr_expect_lt(rel, 1e-9, "exact bounce: max_rise.rel %g", rel);
  cJSON_Delete(ph), cJSON_Delete(w);
  /* 10% more rebound speed: 21% more energy after the bounce */
  cr_expect_eq(bounce(1.1, &ph, &w), 1);
  cr_expect_eq(count_warnings(w, "physics: energy"), 1, "no energy warning");
  rel = cJSON_GetObjectItem(cJSON_GetObjectItem(cJSON_GetObjectItem(ph, "energy"), "max_rise"), "rel")->valuedouble;
  cr_expect(rel > 0.15 && rel < 0.25, "max_rise.rel %g, expected 0.21", rel);
  cJSON_Delete(ph), cJSON_Delete(w);
  /* 0.1% more speed (0.2% energy, the energy of a 1.9 mm drop): below both energy tests (5% of
   * the run's largest energy; half the energy left above the lowest and a 5 mm drop of the moving
   * mass), reported but not a warning */
  cr_expect_eq(bounce(1.001, &ph, &w), 0);
  cJSON_Delete(ph), cJSON_Delete(w);
  /* 2% more speed (4% energy, a 38 mm drop): below the 5% test, caught by the rise over the
   * energy left above the lowest */
  cr_expect_eq(bounce(1.02, &ph, &w), 1);
  cJSON_Delete(ph), cJSON_Delete(w);
}

/* Samples the free fall from 1 m and a bounce at `restitution` (rebound speed over impact
 * speed), the height after it drifting up at `drift` m/s (an integrator's error within the
 * flight), one sample `dip` m low at t_dip (dense output interpolated across the impact; 0:
 * none); `in_impact`: the first grid point after the impact sees the ball at rest in its
 * deepest compression (k = 1e5: sqrt(2 E / k) = 4.3 mm), as a grid point inside a compliant
 * impact does; returns the energy guard warnings. */
static int drifting_bounce(double restitution, double drift, double dip, double t_dip, int in_impact) {
  Model *m = ball(0);
  Data *d = data_create(m);
  PhysicsGuards g;
  physics_guards_init(&g, m);
  double x[13], gacc = 9.81, t_hit = sqrt(2 * 0.95 / gacc), v0 = restitution * gacc * t_hit;
  for (int k = 0; k <= 80 && 0.01 * k < t_hit + 2 * v0 / gacc; ++k) { /* until it falls back */
    double t = 0.01 * k, s = t - t_hit;
    if (t < t_hit) state(x, 1.0 - 0.5 * gacc * t * t, -gacc * t, 0);
    else state(x, 0.05 + v0 * s - 0.5 * gacc * s * s + drift * s, v0 - gacc * s, 0);
    if (dip > 0 && fabs(t - t_dip) < 1e-9) x[2] -= dip;
    if (in_impact && t >= t_hit && t < t_hit + 0.01) state(x, 0.05 - sqrt(2 * 0.1 * gacc * 0.95 / 1e5), 0, 0);
    physics_guards_sample(&g, m, d, t, x);
  }
  cJSON *ph = cJSON_CreateObject(), *w = cJSON_CreateArray();
  physics_guards_report(&g, m, ph, w);
  int n = count_warnings(w, "physics: energy");
  cJSON_Delete(ph), cJSON_Delete(w);
  physics_guards_free(&g);
  data_free(d);
  model_free(m);
  return n;
}

/* make run's ball_drop at loose accuracies: drifts of 1-2 cm within the last flight, far below
 * the flight before, and a grid point inside an impact reading low. The local test measured
 * them against the run's lowest energy, that flight's own, and read them as 100% (flagged);
 * against the rest level they are 2-5%, and no flight is above the flights before it. */
Test(physics_guards, drift_within_a_flight_and_a_lone_dip_do_not_trip_the_energy_guard) {
  /* e 0.7: the second flight holds 0.47 J above the 0.049 J rest level; +1.8 cm (0.018 J) */
  cr_expect_eq(drifting_bounce(0.7, 0.05, 0, 0, 1), 0, "a drift of 3.7%% of the energy above rest");
  /* an exact elastic bounce with one grid point 2 cm low (0.02 J) just after the impact */
  cr_expect_eq(drifting_bounce(1.0, 0, 0.02, 0.45, 0), 0, "a lone low sample");
  /* they still trip where the drift is most of the motion's energy (e 0.1 leaves 0.009 J of
   * motion; climbing at 0.5 m/s besides, as bdf's guard_hc_ball does at 0.82 m/s, +3 cm in its
   * 60 ms of sampled flight is 61% of the energy above rest: the local test), and where the flight
   * ends above the one before it (e 1.0, +3.6 cm: 3.8% of the 0.93 J above rest, the impact test) */
  cr_expect_eq(drifting_bounce(0.1, 0.5, 0, 0, 1), 1, "a climb of 61%% of the energy above rest");
  cr_expect_eq(drifting_bounce(1.0, 0.1, 0, 0, 1), 1, "a flight 3.6 cm above the flight before");
  /* the blind spot: with the impact between two grid points and the gain growing within the
   * flight (no jump), the flights are one, and 3.8% of the energy above rest is a drift */
  cr_expect_eq(drifting_bounce(1.0, 0.1, 0, 0, 0), 0);
}

Test(physics_guards, penetration_guard_trips_beyond_the_energy_bound) {
  Model *m = ball(0);
  Data *d = data_create(m);
  double x[13];
  for (int deep = 0; deep < 2; ++deep) {
    PhysicsGuards g;
    physics_guards_init(&g, m);
    /* free fall from 1 m: energy in play 0.93 J; bound sqrt(2 E / k) = 4.3 mm. The sane run
     * reaches 4 mm at rest at the bottom of the bounce; the bad one 12 mm. */
    for (int k = 0; k < 45; ++k) {
      double t = 0.01 * k;
      state(x, 1.0 - 0.5 * 9.81 * t * t, -9.81 * t, 0);
      physics_guards_sample(&g, m, d, t, x);
    }
    double pen = deep ? 0.012 : 0.004;
    state(x, 0.05 - pen, 0, 0);
    physics_guards_sample(&g, m, d, 0.45, x);
    cJSON *ph = cJSON_CreateObject(), *w = cJSON_CreateArray();
    physics_guards_report(&g, m, ph, w);
    physics_guards_free(&g);
    cJSON *p = cJSON_GetObjectItem(ph, "penetration");
    double ratio = cJSON_GetObjectItem(p, "ratio_energy_bound")->valuedouble;
    double bound = cJSON_GetObjectItem(p, "energy_bound")->valuedouble;
    cr_expect(fabs(bound - 4.33e-3) < 0.1e-3, "energy bound %g", bound);
    cr_expect_str_eq(cJSON_GetObjectItem(p, "bound")->valuestring, "energy");
    cr_expect_eq(count_warnings(w, "tunnelled"), deep, "pen %g, ratio %g", pen, ratio);
    double st = cJSON_GetObjectItem(p, "static_estimate")->valuedouble;
    cr_expect(fabs(st - 0.1 * 9.81 / 1e5) < 1e-12, "static estimate %g", st);
    cJSON_Delete(ph), cJSON_Delete(w);
  }
  data_free(d);
  model_free(m);
}

/* eps_p = 0 for the force law; eps_c is the normal power f_n |v_n| of a compressing contact;
 * eps_d its approach speed; a separating contact adds nothing. */
Test(physics_guards, contact_residuals_match_the_papers_definitions) {
  Model *m = ball(0);
  Data *d = data_create(m);
  PhysicsGuards g;
  physics_guards_init(&g, m);
  double x[13];
  state(x, 0.05 - 1e-3, -0.2, 0); /* 1 mm deep, approaching at 0.2 m/s: f_n = 100 N */
  physics_guards_sample(&g, m, d, 0, x);
  cr_expect_eq(g.eps_p, 0.0);
  cr_expect(fabs(g.eps_c - 100.0 * 0.2) < 1e-9, "eps_c %g, expected 20 W", g.eps_c);
  cr_expect(fabs(g.eps_d - 0.2) < 1e-12, "eps_d %g, expected 0.2 m/s", g.eps_d);
  state(x, 0.05 - 1e-3, 0.3, 0); /* separating: in the dual cone, power |100 * 0.3| */
  PhysicsGuards g2;
  physics_guards_init(&g2, m);
  physics_guards_sample(&g2, m, d, 0, x);
  cr_expect_eq(g2.eps_d, 0.0);
  physics_guards_free(&g);
  physics_guards_free(&g2);
  data_free(d);
  model_free(m);
}

/* eps_d off the axis: a contact sliding at 0.5 m/s while approaching at 0.1 m/s. The distance
 * of w = c + Gamma(c) to the dual cone {mu r <= z} is checked against a brute-force search over
 * the cone's boundary rays (r, z) = (rho, mu rho) in the plane of w and the axis. */
Test(physics_guards, dual_residual_matches_a_brute_force_distance) {
  Model *m = ball(0);
  Data *d = data_create(m);
  PhysicsGuards g;
  physics_guards_init(&g, m);
  double x[13];
  state(x, 0.05 - 1e-3, -0.9, 0.5);
  physics_guards_sample(&g, m, d, 0, x);
  double mu = 0.5, r = 0.5, z = -0.9 + mu * 0.5, best = hypot(r, z);
  for (int k = 0; k <= 2000000; ++k) {
    double rho = 1e-6 * k;
    best = fmin(best, hypot(r - rho, z - mu * rho));
  }
  cr_expect(fabs(g.eps_d - best) < 1e-6, "eps_d %.9g, brute force %.9g", g.eps_d, best);
  cr_expect(g.eps_d > 0.1, "the approaching sliding contact should be outside the dual cone");
  physics_guards_free(&g);
  data_free(d);
  model_free(m);
}

Test(physics_guards, active_scenes_get_no_energy_verdict_with_a_note) {
  Model *m = ball(1);
  PhysicsGuards g;
  physics_guards_init(&g, m);
  cr_expect(!g.passive);
  Data *d = data_create(m);
  double x[13];
  for (int k = 0; k < 10; ++k) {
    state(x, 1.0, 0, 1.0 * k); /* pushed: energy rises legitimately */
    physics_guards_sample(&g, m, d, 0.01 * k, x);
  }
  cJSON *ph = cJSON_CreateObject(), *w = cJSON_CreateArray();
  cr_expect_eq(physics_guards_report(&g, m, ph, w), 0);
  physics_guards_free(&g);
  cJSON *rise = cJSON_GetObjectItem(cJSON_GetObjectItem(ph, "energy"), "max_rise");
  cr_expect(cJSON_IsNull(cJSON_GetObjectItem(rise, "abs")));
  cr_expect(strstr(cJSON_GetObjectItem(rise, "note")->valuestring, "active") != NULL);
  cr_expect_str_eq(cJSON_GetObjectItem(ph, "active_because")->valuestring, "applied forces");
  cJSON_Delete(ph), cJSON_Delete(w);
  data_free(d);
  model_free(m);
}

/* Real runs through the harness: tunnelling (cenic-sd without speculative
 * contacts, 10 ms steps on the elastic ball) trips both guards; bdf at 1e-8 trips none. */
static cJSON *run_scene(const char *scene, const char *integrator, double param, const char *key, const char *value) {
  RunSpec s;
  char err[512];
  run_spec_init(&s);
  cr_assert_eq(run_spec_set_case(&s, fx_cb()->cases_dir, scene, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  snprintf(s.integrator, sizeof s.integrator, "%s", integrator);
  if (!strcmp(integrator, "cenic-fixed")) s.has_dt = 1, s.dt = param;
  else s.has_accuracy = 1, s.accuracy = param;
  s.t_end = 1.5;
  if (key) {
    s.nextra = 1;
    snprintf(s.extra_key[0], sizeof s.extra_key[0], "%s", key);
    snprintf(s.extra_value[0], sizeof s.extra_value[0], "%s", value);
  }
  RunContext ctx;
  cr_assert_eq(run_prepare(fx_cb(), &s, &ctx, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cJSON *rec = run_execute(&ctx, NULL);
  run_context_free(&ctx);
  char verr[256];
  cr_assert_eq(run_record_validate(rec, CB_ERR_BUF(verr, sizeof verr)), 0, "%s", verr);
  return rec;
}

static cJSON *run_case(const char *integrator, double param, const char *key, const char *value) {
  return run_scene("cases/elastic_ball.json", integrator, param, key, value);
}

Test(physics_guards, real_runs_tunnelling_trips_and_a_tight_run_does_not) {
  cJSON *bad = run_case("cenic-fixed", 1e-2, "speculative", "0");
  const cJSON *w = cJSON_GetObjectItem(bad, "warnings");
  cr_expect_geq(count_warnings(w, "physics: energy"), 1, "tunnelling run without an energy warning");
  cJSON_Delete(bad);
  cJSON *good = run_case("bdf", 1e-8, NULL, NULL);
  w = cJSON_GetObjectItem(good, "warnings");
  cr_expect_eq(count_warnings(w, "physics:"), 0, "bdf 1e-8 warned: %s",
               cJSON_GetArraySize(w) ? cJSON_GetArrayItem(w, 0)->valuestring : "");
  cr_expect(cJSON_IsTrue(cJSON_GetObjectItem(cJSON_GetObjectItem(good, "physics"), "passive")));
  cJSON_Delete(good);
}

/* drift_rel divides by the start energy only where that is not zero to round-off: the double
 * pendulum starts at its potential's reference level (-4e-15 J), and drift_rel was 1e15. */
Test(physics_guards, relative_drift_is_null_with_a_note_when_the_start_energy_is_zero) {
  cJSON *pend = run_scene("cases/double_pendulum.json", "cenic-fixed", 1e-2, NULL, NULL);
  const cJSON *en = cJSON_GetObjectItem(cJSON_GetObjectItem(pend, "physics"), "energy");
  double start = cJSON_GetObjectItem(en, "start")->valuedouble, drift = cJSON_GetObjectItem(en, "drift")->valuedouble;
  cr_assert_lt(fabs(start), 1e-9, "the pendulum's start energy %g is not its reference level", start);
  cr_expect_gt(fabs(drift), 1e-6, "a 10 ms run without any energy drift (%g)", drift);
  cr_expect(cJSON_IsNull(cJSON_GetObjectItem(en, "drift_rel")), "drift_rel stated against a zero start");
  const cJSON *note = cJSON_GetObjectItem(en, "drift_rel_note");
  cr_expect(cJSON_IsString(note) && strstr(note->valuestring, "zero to round-off"), "no note on the missing drift_rel");
  cJSON_Delete(pend);
  cJSON *ball = run_case("cenic-fixed", 1e-3, NULL, NULL);
  en = cJSON_GetObjectItem(cJSON_GetObjectItem(ball, "physics"), "energy");
  start = cJSON_GetObjectItem(en, "start")->valuedouble;
  drift = cJSON_GetObjectItem(en, "drift")->valuedouble;
  cr_expect_float_eq(cJSON_GetObjectItem(en, "drift_rel")->valuedouble, drift / fabs(start), 1e-15);
  cr_expect_null(cJSON_GetObjectItem(en, "drift_rel_note"));
  cJSON_Delete(ball);
}
