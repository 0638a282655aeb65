/* MuJoCo's matched-compliance mode (`--opt compliance=matched`, integrators/mujoco/): the
 * scene's spring k per pair through a direct solref. Checked against what the compliant model
 * fixes in closed form: a ball resting on a rigid plane sinks m g / k, and an elastic ball
 * dropped on it stays in contact for half a period of its spring, pi sqrt(m / k); MuJoCo's own
 * contact (the default row) gives neither. A damped bounce leaves at Hunt-Crossley's exit speed
 * (the damping set per contact from its depth). Friction keeps Coulomb's deceleration mu g.
 * The other rows' options reach MuJoCo: integrator=implicit takes the gyroscopic term into the
 * step (a tumbling body loses energy where Euler's gains it), cone=elliptic sets the cone.
 * MuJoCo's records are judged by the physics guards as ours: a fast ball's centre passing below
 * the floor by more than its radius at dt 10 ms, and energy a passive scene gains, are flagged. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "integrators/integrator.h"
#include "integrators/mujoco/mujoco_integrator.h"
#include "harness/run/run.h"
#include "harness/run/run_record.h"
#include "models/scene.h"
#include "models/system.h"
#include "tests/sim_fixtures.h"

#define G 9.81

/* A sphere (mass m, radius r, stiffness k, dissipation d, friction mu) on a rigid plane, its
 * centre at height z0 moving at (vx, 0, vz). */
static Model *ball_scene(double m, double r, double k, double d, double mu, double z0, double vx, double vz) {
  char json[1400];
  snprintf(json, sizeof json,
           "{\"name\": \"matched_ball\", \"duration\": 1,"
           " \"materials\": [{\"name\": \"ground\", \"stiffness\": \"rigid\", \"mu\": %.17g},"
           "                 {\"name\": \"ball\", \"stiffness\": %.17g, \"dissipation\": %.17g, \"mu\": %.17g}],"
           " \"world_geoms\": [{\"name\": \"floor\", \"type\": \"plane\", \"material\": \"ground\"}],"
           " \"bodies\": [{\"name\": \"ball\", \"joint\": \"free\", \"mass\": %.17g,"
           "   \"geoms\": [{\"type\": \"sphere\", \"size\": %.17g, \"material\": \"ball\"}],"
           "   \"q0\": {\"pos\": [0, 0, %.17g]}, \"v0\": {\"linear\": [%.17g, 0, %.17g], \"frame\": \"world\"}}]}",
           mu, k, d, mu, m, r, z0, vx, vz);
  return fx_load_json(json, "matched_ball.json");
}

static Integrator *create(const Model *m, double dt, const char *compliance, char *err, size_t errlen) {
  IntegratorOptions opt = {.dt = dt};
  if (compliance) {
    opt.nextra = 1;
    opt.extra_key[0] = "compliance";
    opt.extra_value[0] = compliance;
  }
  return integrator_create("mujoco", m, &opt, CB_ERR_BUF(err, errlen));
}

/* Runs m for T s at step dt, sampling every step: the mean height over the last half (x[2] of a
 * free body) and the time the ball spent below height r (its geometry touching the plane). */
static void run_ball(const Model *m, double dt, const char *compliance, double T, double r, double *z_mean,
                     double *t_contact, double *x_out) {
  char err[512];
  Integrator *it = create(m, dt, compliance, err, sizeof err);
  cr_assert_not_null(it, "%s", err);
  int nx = system_nx(m);
  double *x = malloc(sizeof(double) * (size_t)nx);
  system_initial_state(m, x);
  cr_assert_eq(integrator_reset(it, 0, x), CB_OK);
  long n = lround(T / dt), nmean = 0;
  double sum = 0, contact = 0;
  for (long i = 1; i <= n; ++i) {
    cr_assert_eq(integrator_advance(it, i * dt, x), CB_OK, "%s", it->message);
    if (x[2] < r) contact += dt;
    if (i > n / 2) sum += x[2], nmean++;
  }
  *z_mean = sum / (double)nmean;
  *t_contact = contact;
  if (x_out) memcpy(x_out, x, sizeof(double) * 13);
  free(x);
  integrator_destroy(it);
}

Test(mujoco_matched, a_resting_ball_sinks_m_g_over_k) {
  /* started at the spring's equilibrium, damped well (d 2 s/m: a few periods to settle) */
  const double m = 0.5, r = 0.04, k = 2e4, sink = m * G / k; /* 0.245 mm */
  Model *model = ball_scene(m, r, k, 2.0, 0.5, r - sink, 0, 0);
  double z, tc, zown, tcown;
  run_ball(model, 1e-3, "matched", 1.0, r, &z, &tc, NULL);
  run_ball(model, 1e-3, NULL, 1.0, r, &zown, &tcown, NULL);
  double got = r - z, own = r - zown;
  cr_log_info("sink m g / k = %.4g m; matched %.4g m (%.2f%%), MuJoCo's own contact %.4g m", sink, got,
              100 * (got / sink - 1), own);
  cr_expect_lt(fabs(got / sink - 1), 0.03, "matched: sink %g m, the spring's m g / k = %g m", got, sink);
  cr_expect_gt(fabs(own / sink - 1), 0.3, "MuJoCo's own contact sinks %g m: the test cannot tell the modes apart",
               own);
  model_free(model);
}

Test(mujoco_matched, a_drop_stays_in_contact_half_a_spring_period) {
  /* elastic, no gravity effect on the duration to first order: 1 m/s onto the plane from 1 mm */
  const double m = 0.1, r = 0.05, k = 1e4, T = M_PI * sqrt(m / k); /* 9.93 ms */
  Model *model = ball_scene(m, r, k, 0.0, 0.5, r + 1e-3, 0, -1.0);
  double z, tc, zown, tcown;
  run_ball(model, 1e-4, "matched", 0.05, r, &z, &tc, NULL);
  run_ball(model, 1e-4, NULL, 0.05, r, &zown, &tcown, NULL);
  cr_log_info("contact duration pi sqrt(m/k) = %.4g s; matched %.4g s, MuJoCo's own contact %.4g s", T, tc, tcown);
  cr_expect_lt(fabs(tc / T - 1), 0.1, "matched: in contact %g s, the spring's half period %g s", tc, T);
  model_free(model);
}

/* Friction stays Coulomb's under the soft normal: a ball launched sliding (no spin) slips,
 * decelerating at mu g, until it rolls at 5/7 v0 after t = 2 v0 / (7 mu g) (solid sphere). */
Test(mujoco_matched, a_sliding_ball_decelerates_at_mu_g_until_it_rolls) {
  const double m = 0.2, r = 0.03, k = 5e4, mu = 0.3, v0 = 2.0, t1 = 0.1;
  Model *model = ball_scene(m, r, k, 1.0, mu, r - m * G / k, v0, 0);
  double z, tc, x[13];
  run_ball(model, 1e-3, "matched", t1, r, &z, &tc, x);
  double v1 = x[7 + 3], want1 = v0 - mu * G * t1; /* v = [w; v_o] */
  run_ball(model, 1e-3, "matched", 0.5, r, &z, &tc, x);
  double v2 = x[7 + 3], want2 = 5.0 / 7 * v0;
  cr_log_info("sliding: %.4g m/s at %g s (Coulomb %.4g); rolling: %.4g m/s (5/7 v0 = %.4g)", v1, t1, want1, v2, want2);
  cr_expect_lt(fabs(v1 / want1 - 1), 0.02, "matched: %g m/s at %g s, Coulomb friction gives %g", v1, t1, want1);
  cr_expect_lt(fabs(v2 / want2 - 1), 0.02, "matched: %g m/s, rolling at %g", v2, want2);
  model_free(model);
}

/* Hunt-Crossley's f = k x (1 + d x') without gravity: m u du / (1 + d u) = -k x dx integrates
 * to G(u) = u / d - ln(1 + d u) / d^2 = G(u_in) - k x^2 / (2 m), so the ball leaves at the
 * depth 0 it entered at with G(-v_out) = G(v_in): the restitution in closed form (bisection). */
static double hunt_crossley_exit_speed(double d, double v_in) {
  double g_in = v_in / d - log1p(d * v_in) / (d * d), lo = 0, hi = fmin(v_in, 1 / d);
  for (int i = 0; i < 200; ++i) {
    double v = 0.5 * (lo + hi), gv = -v / d - log1p(-d * v) / (d * d);
    if (gv < g_in) lo = v;
    else hi = v;
  }
  return 0.5 * (lo + hi);
}

/* The exit speed of a 0.1 kg ball (r 0.05, k 1e4, dissipation d) thrown at 1 m/s onto a rigid
 * plane without gravity, 1 mm above it, under mujoco compliance=matched with damping (contact or
 * pair) at step dt. */
static double matched_exit_speed(double d, const char *damping, double dt) {
  char json[1200], dtext[32];
  snprintf(dtext, sizeof dtext, "%.17g", d);
  snprintf(json, sizeof json,
           "{\"name\": \"hc_bounce\", \"duration\": 1, \"gravity\": [0, 0, 0],"
           " \"materials\": [{\"name\": \"ground\", \"stiffness\": \"rigid\", \"mu\": 0},"
           "                 {\"name\": \"ball\", \"stiffness\": 1e4, \"dissipation\": %s, \"mu\": 0}],"
           " \"world_geoms\": [{\"name\": \"floor\", \"type\": \"plane\", \"material\": \"ground\"}],"
           " \"bodies\": [{\"name\": \"ball\", \"joint\": \"free\", \"mass\": 0.1,"
           "   \"geoms\": [{\"type\": \"sphere\", \"size\": 0.05, \"material\": \"ball\"}],"
           "   \"q0\": {\"pos\": [0, 0, 0.051]}, \"v0\": {\"linear\": [0, 0, -1], \"frame\": \"world\"}}]}",
           dtext);
  Model *m = fx_load_json(json, "hc_bounce.json");
  IntegratorOptions opt = {.dt = dt, .nextra = 2};
  opt.extra_key[0] = "compliance";
  opt.extra_value[0] = "matched";
  opt.extra_key[1] = "damping";
  opt.extra_value[1] = damping;
  char err[512];
  Integrator *it = integrator_create("mujoco", m, &opt, CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(it, "%s", err);
  double x[13];
  system_initial_state(m, x);
  cr_assert_eq(integrator_reset(it, 0, x), CB_OK);
  int touched = 0;
  for (long i = 1; i <= lround(0.05 / dt); ++i) {
    cr_assert_eq(integrator_advance(it, i * dt, x), CB_OK, "%s", it->message);
    if (x[2] < 0.05) touched = 1;
    else if (touched) break;
  }
  cr_assert(touched && x[2] >= 0.05, "the ball did not leave the plane");
  integrator_destroy(it);
  model_free(m);
  return x[12];
}

/* Matched damping per contact (c = k d x at the contact's depth) bounces at Hunt-Crossley's
 * restitution; per pair (c = d W at the whole weight's static depth: W = 0 without gravity)
 * it does not dissipate at all. Fails for a damping linearised at any one depth. */
Test(mujoco_matched, a_bounce_leaves_at_the_hunt_crossley_exit_speed) {
  const double d = 0.2, v_in = 1.0, want = hunt_crossley_exit_speed(d, v_in);
  double per_contact = matched_exit_speed(d, "contact", 5e-5), per_pair = matched_exit_speed(d, "pair", 5e-5);
  double coarse = matched_exit_speed(d, "contact", 2e-4);
  cr_log_info("restitution: Hunt-Crossley %.5f; matched per contact %.5f (dt 5e-5), %.5f (dt 2e-4); per pair %.5f",
              want / v_in, per_contact / v_in, coarse / v_in, per_pair / v_in);
  cr_expect_lt(fabs(per_contact / want - 1), 0.01, "per contact: exit speed %g m/s, Hunt-Crossley %g", per_contact,
               want);
  cr_expect_gt(fabs(per_pair / want - 1), 0.05, "per pair: %g m/s, no different from Hunt-Crossley's %g", per_pair,
               want);
}

Test(mujoco_matched, conflicting_options_are_refused) {
  Model *model = ball_scene(0.1, 0.05, 1e4, 0.1, 0.5, 0.1, 0, 0);
  char err[512];
  IntegratorOptions opt = {.dt = 1e-3, .nextra = 2};
  opt.extra_key[0] = "compliance";
  opt.extra_value[0] = "matched";
  opt.extra_key[1] = "cone";
  opt.extra_value[1] = "pyramidal";
  Integrator *it = integrator_create("mujoco", model, &opt, CB_ERR_BUF(err, sizeof err));
  cr_expect_null(it);
  cr_expect(strstr(err, "cone=elliptic") != NULL, "message: %s", err);
  opt.extra_key[1] = "solref";
  opt.extra_value[1] = "0.02,1";
  it = integrator_create("mujoco", model, &opt, CB_ERR_BUF(err, sizeof err));
  cr_expect_null(it);
  cr_expect(strstr(err, "solref") != NULL, "message: %s", err);
  model_free(model);
}

/* A free body spinning near its intermediate axis (inertia 1, 2, 3 kg m^2, no gravity), whose
 * kinetic energy the true motion keeps. MuJoCo 2.2's Euler integrates joint damping implicitly
 * but the gyroscopic bias explicitly, which feeds energy in (explicit Euler on a conservative
 * rotation); `implicit` takes the bias's velocity derivative into the step, which takes it out. */
Test(mujoco_rows, integrator_implicit_takes_the_gyroscopic_term_into_the_step) {
  Model *m = fx_load_json("{\"name\": \"tumbler\", \"gravity\": [0, 0, 0], \"duration\": 1,"
                          " \"bodies\": [{\"name\": \"tumbler\", \"joint\": \"free\", \"mass\": 1,"
                          " \"inertia\": [1, 2, 3], \"v0\": {\"angular\": [0.2, 6, 0.2], \"frame\": \"world\"}}]}",
                          "tumbler.json");
  const char *names[2] = {"euler", "implicit"};
  double ratio[2];
  Data *d = data_create(m);
  for (int k = 0; k < 2; ++k) {
    char err[512];
    IntegratorOptions opt = {.dt = 1e-2, .nextra = 1};
    opt.extra_key[0] = "integrator";
    opt.extra_value[0] = names[k];
    Integrator *it = integrator_create("mujoco", m, &opt, CB_ERR_BUF(err, sizeof err));
    cr_assert_not_null(it, "%s", err);
    double x[13];
    system_initial_state(m, x);
    double e0 = system_energy(m, d, x);
    cr_assert_eq(integrator_reset(it, 0, x), CB_OK);
    cr_assert_eq(integrator_advance(it, 2.0, x), CB_OK, "%s", it->message);
    ratio[k] = system_energy(m, d, x) / e0;
    integrator_destroy(it);
  }
  cr_log_info("kinetic energy after 2 s at h = 10 ms, relative: euler %.4f, implicit %.4f", ratio[0], ratio[1]);
  cr_expect_gt(ratio[0], 1.01, "explicit Euler's energy ratio %g: the gyroscopic term is not explicit?", ratio[0]);
  cr_expect_lt(ratio[1], 0.99, "implicit's energy ratio %g: the option did not reach MuJoCo?", ratio[1]);
  data_free(d);
  model_free(m);
}

Test(mujoco_rows, cone_elliptic_reaches_the_model) {
  Model *m = ball_scene(0.1, 0.05, 1e4, 0.1, 0.5, 0.1, 0, 0);
  const char *cones[2] = {"pyramidal", "elliptic"};
  for (int k = 0; k < 2; ++k) {
    char err[512];
    IntegratorOptions opt = {.dt = 1e-3, .nextra = 1};
    opt.extra_key[0] = "cone";
    opt.extra_value[0] = cones[k];
    Integrator *it = integrator_create("mujoco", m, &opt, CB_ERR_BUF(err, sizeof err));
    cr_assert_not_null(it, "%s", err);
    const mjModel *mm = mujoco_integrator_model(it, NULL, NULL);
    cr_expect_eq(mm->opt.cone, k ? mjCONE_ELLIPTIC : mjCONE_PYRAMIDAL, "cone=%s", cones[k]);
    integrator_destroy(it);
  }
  model_free(m);
}

/* The record of a mujoco run of a scene file at dt with one option (NULL: none), its guard
 * warnings containing `what` counted into *n. */
static cJSON *mujoco_record(const char *path, double dt, const char *key, const char *value, const char *what,
                            int *n) {
  char err[512];
  RunSpec s;
  run_spec_init(&s);
  cr_assert_eq(run_spec_set_case(&s, fx_cb()->cases_dir, path, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  snprintf(s.integrator, sizeof s.integrator, "mujoco");
  s.has_dt = 1;
  s.dt = dt;
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
  cr_assert_str_eq(cJSON_GetObjectItem(rec, "status")->valuestring, "ok", "%s", path);
  *n = 0;
  const cJSON *w;
  cJSON_ArrayForEach(w, cJSON_GetObjectItem(rec, "warnings"))
    *n += !strncmp(w->valuestring, "physics:", 8) && strstr(w->valuestring, what) != NULL;
  return rec;
}

static double physics_number(const cJSON *rec, const char *block, const char *field) {
  const cJSON *b = cJSON_GetObjectItem(cJSON_GetObjectItem(rec, "physics"), block);
  const cJSON *v = cJSON_GetObjectItem(b, field);
  cr_assert(cJSON_IsNumber(v), "physics.%s.%s", block, field);
  return v->valuedouble;
}

/* At 10 ms a 35 or 50 m/s ball's first step ends 0.1-0.15 m below the floor (its own contact
 * and the matched spring alike): deeper than its radius, flagged. */
Test(mujoco_guards, a_fast_ball_through_the_floor_at_10_ms_is_flagged) {
  const char *scenes[2] = {"tests/scenes/guard_fast_ball_35.json", "tests/scenes/guard_fast_ball_50.json"};
  const char *modes[2] = {"own", "matched"};
  for (int i = 0; i < 2; ++i)
    for (int k = 0; k < 2; ++k) {
      int n;
      cJSON *rec = mujoco_record(scenes[i], 1e-2, "compliance", modes[k], "passed through a body", &n);
      double ratio = physics_number(rec, "penetration", "ratio_geometry");
      cr_log_info("%s, compliance=%s: deepest contact %.2f times the radius", scenes[i], modes[k], ratio);
      cr_expect_gt(ratio, 1.0, "%s %s: %g", scenes[i], modes[k], ratio);
      cr_expect_eq(n, 1, "%s %s: not flagged", scenes[i], modes[k]);
      cJSON_Delete(rec);
    }
}

/* Energy gained by a passive scene is flagged on a peer's record: MuJoCo's own contact sinks
 * cube_stack_ratio's 1e3 kg cube through the 1e-3 kg one at 1 ms and gains 90 J (8% of the energy
 * in play); the matched spring at 10 ms (h sqrt(k/m) = 22 on guard_fast_ball_35) explodes. */
Test(mujoco_guards, energy_a_passive_scene_gains_is_flagged) {
  int n;
  cJSON *rec = mujoco_record("cases/cube_stack_ratio.json", 1e-3, NULL, NULL, "energy", &n);
  cr_expect_eq(n, 1, "cube_stack_ratio at 1 ms: energy gain not flagged");
  cJSON_Delete(rec);
  rec = mujoco_record("tests/scenes/guard_fast_ball_35.json", 1e-2, "compliance", "matched", "energy", &n);
  cr_expect_eq(n, 1, "guard_fast_ball_35 matched at 10 ms: energy gain not flagged");
  cJSON_Delete(rec);
  /* and a stable run is not: the matched ball_drop at 0.1 ms (h sqrt(k/m) = 0.03) */
  rec = mujoco_record("cases/ball_drop.json", 1e-4, "compliance", "matched", "energy", &n);
  cr_expect_eq(n, 0, "ball_drop matched at 0.1 ms: flagged");
  cJSON_Delete(rec);
}

/* save_mjcf writes the model MuJoCo loaded, the matched solref included: reloaded, the pair has
 * s0 = k A0 = 1e4 N/m / 0.1 kg and s1 = d g = 0.1 s/m 9.81 m/s^2 (ball_drop). */
Test(mujoco_rows, save_mjcf_writes_the_loaded_model_with_its_matched_solref) {
  char err[512], path[] = "/tmp/cbench_mjcf_XXXXXX";
  int fd = mkstemp(path);
  cr_assert_geq(fd, 0);
  close(fd);
  Model *m = scene_load("cases/ball_drop.json", CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(m, "%s", err);
  IntegratorOptions opt = {.dt = 1e-3, .nextra = 2};
  opt.extra_key[0] = "compliance";
  opt.extra_value[0] = "matched";
  opt.extra_key[1] = "save_mjcf";
  opt.extra_value[1] = path;
  Integrator *it = integrator_create("mujoco", m, &opt, CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(it, "%s", err);
  integrator_destroy(it);
  mjModel *mm = mj_loadXML(path, NULL, err, (int)sizeof err);
  cr_assert_not_null(mm, "%s: %s", path, err);
  cr_expect_eq(mm->npair, 1);
  cr_expect_float_eq(mm->pair_solref[0], -1e5, 1e-9, "s0 %g", mm->pair_solref[0]);
  cr_expect_float_eq(mm->pair_solref[1], -0.1 * 9.81, 1e-12, "s1 %g", mm->pair_solref[1]);
  cr_expect_float_eq(mm->opt.impratio, 891, 1e-9, "impratio %g", mm->opt.impratio);
  mj_deleteModel(mm);
  unlink(path);
  model_free(m);
}

/* save_mjcf's numbers are the loaded model's to the last bit (the double pendulum's inertias
 * 1/12 kg m^2): MuJoCo 2.2's mj_saveLastXML prints 6 digits, a model 4e-7 off that MuJoCo 3.x
 * then ran 6e-8 rad away from 2.2.2 in 0.25 s (scripts/mujoco3_check.sh). */
Test(mujoco_rows, save_mjcf_keeps_every_digit_of_the_model) {
  char err[512], path[] = "/tmp/cbench_mjcf_XXXXXX";
  int fd = mkstemp(path);
  cr_assert_geq(fd, 0);
  close(fd);
  Model *m = scene_load("cases/double_pendulum.json", CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(m, "%s", err);
  IntegratorOptions opt = {.dt = 1e-3, .nextra = 1};
  opt.extra_key[0] = "save_mjcf";
  opt.extra_value[0] = path;
  Integrator *it = integrator_create("mujoco", m, &opt, CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(it, "%s", err);
  const mjModel *loaded = mujoco_integrator_model(it, NULL, NULL);
  mjModel *saved = mj_loadXML(path, NULL, err, (int)sizeof err);
  cr_assert_not_null(saved, "%s: %s", path, err);
  cr_assert_eq(saved->nbody, loaded->nbody);
  for (int i = 0; i < 3 * loaded->nbody; ++i) {
    cr_expect_eq(saved->body_inertia[i], loaded->body_inertia[i], "body_inertia[%d]: saved %.17g, loaded %.17g", i,
                 saved->body_inertia[i], loaded->body_inertia[i]);
    cr_expect_eq(saved->body_ipos[i], loaded->body_ipos[i], "body_ipos[%d]", i);
  }
  mj_deleteModel(saved);
  integrator_destroy(it);
  unlink(path);
  model_free(m);
}
