/* The `dart` and `dart-pgs` peers (integrators/dart/) on scenes with closed-form answers: free
 * fall (DART's semi-implicit Euler misses z by exactly g h t / 2: first order), joint chains and
 * a tumbling body against an RK4 reference of the model layer (first order: the FreeJoint's
 * coordinates, joint axes, COM offsets and inertias are mapped right), an incline that holds
 * below tan(theta) = mu and slides at g (sin - mu cos) above it, a ball at rest with ~0
 * penetration (rigid contact), a drop that neither bounces nor gains energy (restitution 0), a
 * pendulum held by its joint limit, and what DART cannot represent refused with the scene field
 * named. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "integrators/integrator.h"
#include "models/multibody.h"
#include "models/scene.h"
#include "models/system.h"
#include "tests/mb_fixtures.h"
#include "tests/sim_fixtures.h"

static const char *const engines[] = {"dart", "dart-pgs"};

static Integrator *create_dart(const char *name, const Model *m, double dt, const char *key, const char *value,
                               char *err, size_t errlen) {
  IntegratorOptions opt = {.dt = dt};
  if (key) {
    opt.nextra = 1;
    opt.extra_key[0] = key;
    opt.extra_value[0] = value;
  }
  return integrator_create(name, m, &opt, err, errlen);
}

/* x <- the state at T from the scene's initial state (or x as given, when start is 1). */
static void run_to(const char *name, const Model *m, double dt, double T, double *x, int start) {
  char err[512];
  Integrator *it = create_dart(name, m, dt, NULL, NULL, err, sizeof err);
  cr_assert_not_null(it, "%s: %s", name, err);
  if (!start) system_initial_state(m, x);
  cr_assert_eq(integrator_reset(it, 0, x), CB_OK, "%s", it->message);
  cr_assert_eq(integrator_advance(it, T, x), CB_OK, "%s: %s", name, it->message);
  integrator_destroy(it);
}

#define SPHERE_SCENE(Z0, FLOOR)                                                                                    \
  "{\"name\": \"sphere\", \"gravity\": [0, 0, -9.81], \"duration\": 1, \"stiction_tolerance\": 1e-4,"             \
  " \"materials\": [{\"name\": \"ground\", \"stiffness\": \"rigid\", \"mu\": 0.5},"                               \
  "   {\"name\": \"ball\", \"stiffness\": 1e4, \"dissipation\": 0, \"mu\": 0.5}],"                                \
  FLOOR " \"bodies\": [{\"name\": \"ball\", \"joint\": \"free\", \"mass\": 0.1,"                                  \
  "   \"geoms\": [{\"type\": \"sphere\", \"size\": 0.05, \"material\": \"ball\"}], \"q0\": {\"pos\": [0, 0, " Z0 "]}}]}"
#define FLOOR_GEOM "\"world_geoms\": [{\"name\": \"floor\", \"type\": \"plane\", \"material\": \"ground\"}],"

/* Fails if gravity, dt or the update order were wrong: explicit Euler (positions first) misses
 * by the same amount with the other sign, a lost half step by g h T. */
Test(dart, free_fall_misses_the_closed_form_by_g_h_t_over_2) {
  Model *m = fx_load_json(SPHERE_SCENE("1", ""), "free_fall.json");
  const double T = 0.5, g = 9.81, z_exact = 1 - 0.5 * g * T * T;
  for (int e = 0; e < 2; ++e) {
    double err[3], x[13];
    const double h[3] = {1e-2, 5e-3, 2.5e-3};
    for (int k = 0; k < 3; ++k) {
      run_to(engines[e], m, h[k], T, x, 0);
      err[k] = z_exact - x[2]; /* semi-implicit Euler falls faster: z_n = z0 - g h^2 n (n + 1) / 2 */
      cr_expect(fabs(err[k] - 0.5 * g * h[k] * T) < 1e-9, "%s dt %g: z(T) - z = %.12g, expected g h T / 2 = %.12g",
                engines[e], h[k], err[k], 0.5 * g * h[k] * T);
      cr_expect(fabs(x[12] + g * T) < 1e-9, "%s dt %g: v_z %.12g, expected %.12g", engines[e], h[k], x[12], -g * T);
    }
    double p1 = log2(err[0] / err[1]), p2 = log2(err[1] / err[2]);
    cr_log_info("%s free fall: errors %.3e %.3e %.3e, orders %.3f %.3f", engines[e], err[0], err[1], err[2], p1, p2);
    cr_expect(fabs(p1 - 1) < 0.02 && fabs(p2 - 1) < 0.02, "%s: order %.3f %.3f, expected 1", engines[e], p1, p2);
  }
  model_free(m);
}

/* Max over the state of |x - y| (quaternion sign aligned). */
static double state_distance(const Model *m, const double *x, const double *y) {
  double worst = 0;
  for (int b = 1; b < m->nbody; ++b) {
    const Body *B = &m->bodies[b];
    if (B->joint != JOINT_FREE) continue;
    const double *qa = x + B->qadr + 3, *qb = y + B->qadr + 3;
    double dot = qa[0] * qb[0] + qa[1] * qb[1] + qa[2] * qb[2] + qa[3] * qb[3];
    for (int i = 0; i < 4; ++i) worst = fmax(worst, fabs(qa[i] - (dot < 0 ? -qb[i] : qb[i])));
  }
  for (int i = 0; i < m->nq + m->nv; ++i) {
    int is_quat = 0;
    for (int b = 1; b < m->nbody; ++b)
      if (m->bodies[b].joint == JOINT_FREE && i >= m->bodies[b].qadr + 3 && i < m->bodies[b].qadr + 7) is_quat = 1;
    if (!is_quat) worst = fmax(worst, fabs(x[i] - y[i]));
  }
  return worst;
}

/* Fails (no first-order convergence, or an O(1) difference) on a FreeJoint twist read in the
 * wrong frame, an inertia about the origin instead of the COM, a joint axis in the wrong frame or
 * a spring with the wrong sign. */
Test(dart, joint_chains_and_a_tumbling_body_agree_with_rk4_at_first_order) {
  Model *models[3] = {mbfix_double_pendulum(1.0, 0.7, 1.5, 0.8), mbfix_free_body(2.0, 0.1, 0.2, 0.25), NULL};
  for (uint64_t seed = 3; seed < 80 && !models[2]; seed += 2) {
    Model *m = mbfix_random_tree(seed, 4, MBFIX_FREE_BASES | MBFIX_SPRINGS);
    int inner_free = 0, slider = 0, limits = 0;
    for (int b = 1; b < m->nbody; ++b) {
      inner_free |= m->bodies[b].joint == JOINT_FREE && m->bodies[b].parent != 0;
      slider |= m->bodies[b].joint == JOINT_PRISMATIC;
      limits |= m->bodies[b].has_limit;
    }
    if (!inner_free && slider && !limits && m->nv >= 6) models[2] = m;
    else model_free(m);
  }
  cr_assert_not_null(models[2], "no chain with a slider among the random trees");
  const char *names[3] = {"double pendulum", "tumbling body", "random chain"};
  for (int k = 0; k < 3; ++k) {
    Model *m = models[k];
    int nx = system_nx(m);
    double *x0 = calloc((size_t)nx, sizeof(double)), *xref = calloc((size_t)nx, sizeof(double));
    double *x = calloc((size_t)nx, sizeof(double));
    MbRng rng;
    mbfix_rng_seed(&rng, 7 + (uint64_t)k);
    mbfix_random_state(m, &rng, 1.0, x0, x0 + m->nq);
    const double T = 0.5;
    memcpy(xref, x0, sizeof(double) * (size_t)nx);
    fx_rk4(m, T, 20000, xref);
    double e[2];
    for (int r = 0; r < 2; ++r) {
      memcpy(x, x0, sizeof(double) * (size_t)nx);
      run_to("dart", m, r == 0 ? 1e-3 : 5e-4, T, x, 1);
      e[r] = state_distance(m, x, xref);
    }
    double order = log2(e[0] / e[1]);
    cr_log_info("dart %s: dt 1e-3 %.3e, 5e-4 %.3e, order %.2f", names[k], e[0], e[1], order);
    cr_expect_lt(e[1], 0.05, "%s: DART differs from the RK4 reference by %g", names[k], e[1]);
    cr_expect(order > 0.8 && order < 1.3, "%s: order %.2f, expected 1", names[k], order);
    free(x0); free(xref); free(x);
    model_free(m);
  }
}

/* A 1 kg cube on a rigid floor, gravity tilted by theta about y (an incline of angle theta). */
static Model *incline(double theta, double mu) {
  char json[2048];
  snprintf(json, sizeof json,
           "{\"name\": \"incline\", \"gravity\": [%.17g, 0, %.17g], \"duration\": 1, \"stiction_tolerance\": 1e-4,"
           " \"materials\": [{\"name\": \"ground\", \"stiffness\": \"rigid\", \"mu\": %g},"
           "   {\"name\": \"cube\", \"stiffness\": 1e5, \"dissipation\": 10, \"mu\": %g}],"
           " \"world_geoms\": [{\"name\": \"floor\", \"type\": \"plane\", \"material\": \"ground\"}],"
           " \"bodies\": [{\"name\": \"cube\", \"joint\": \"free\", \"mass\": 1,"
           "   \"geoms\": [{\"type\": \"box\", \"size\": [0.05, 0.05, 0.05], \"material\": \"cube\"}],"
           "   \"q0\": {\"pos\": [0, 0, 0.05]}}]}",
           9.81 * sin(theta), -9.81 * cos(theta), mu, mu);
  return fx_load_json(json, "incline.json");
}

/* Fails on a friction coefficient not passed (DART's default 1 holds the cube at 1.5 mu), one
 * halved or combined wrongly, or friction bounded by a stale normal impulse. */
Test(dart, incline_holds_below_tan_theta_mu_and_slides_at_g_sin_minus_mu_cos) {
  const double mu = 0.5, g = 9.81;
  for (int e = 0; e < 2; ++e) {
    double theta = atan(0.8 * mu), x[13];
    Model *m = incline(theta, mu);
    run_to(engines[e], m, 1e-3, 1.0, x, 0);
    cr_log_info("%s hold at tan = %.2f: x %.3e m, v %.3e m/s", engines[e], tan(theta), x[0], x[10]);
    cr_expect(fabs(x[0]) < 1e-4 && fabs(x[10]) < 1e-4, "%s: the cube crept %g m (v %g) at tan(theta) = 0.8 mu",
              engines[e], x[0], x[10]);
    model_free(m);
    theta = atan(1.5 * mu);
    m = incline(theta, mu);
    double v[2];
    for (int k = 0; k < 2; ++k) {
      run_to(engines[e], m, 1e-3, 0.5 * (k + 1), x, 0);
      v[k] = x[10];
    }
    double a = (v[1] - v[0]) / 0.5, expect = g * (sin(theta) - mu * cos(theta));
    cr_log_info("%s slide at tan = %.2f: a %.6f, g (sin - mu cos) %.6f", engines[e], tan(theta), a, expect);
    cr_expect(fabs(a - expect) < 0.01 * expect, "%s: a = %.6f, expected %.6f", engines[e], a, expect);
    model_free(m);
  }
}

/* Rigid contact: the ball starts touching the floor and stays there, sinking only by what one
 * step of gravity opens before DART's error reduction pushes it back (g h^2 = 1e-5 m at 1 ms);
 * a compliant mapping of k = 1e4 would sink it by m g / k = 1e-4 m. */
Test(dart, a_ball_at_rest_stays_on_the_floor_with_no_penetration_to_speak_of) {
  Model *m = fx_load_json(SPHERE_SCENE("0.05", FLOOR_GEOM), "rest.json");
  for (int e = 0; e < 2; ++e) {
    double x[13];
    run_to(engines[e], m, 1e-3, 1.0, x, 0);
    double pen = 0.05 - x[2];
    cr_log_info("%s: penetration %.6e m, v_z %.3e", engines[e], pen, x[12]);
    cr_expect(fabs(pen) < 2e-5, "%s: penetration %g m, expected ~0 (rigid)", engines[e], pen);
    cr_expect(fabs(x[12]) < 2e-2 && fabs(x[0]) < 1e-9 && fabs(x[1]) < 1e-9, "%s: the ball moved", engines[e]);
  }
  model_free(m);
}

/* Restitution 0: the ball stops at the floor. Fails if DART's default restitution or a bounce
 * from the error reduction (uncapped, it would throw the ball up by erp depth / h) crept in. */
Test(dart, a_drop_neither_bounces_nor_gains_energy) {
  Model *m = fx_load_json(SPHERE_SCENE("0.5", FLOOR_GEOM), "drop.json");
  const double g = 9.81, E0 = g * 0.5; /* per unit mass */
  for (int e = 0; e < 2; ++e) {
    char err[512];
    Integrator *it = create_dart(engines[e], m, 1e-3, NULL, NULL, err, sizeof err);
    cr_assert_not_null(it, "%s", err);
    double x[13];
    system_initial_state(m, x);
    cr_assert_eq(integrator_reset(it, 0, x), CB_OK);
    double worst = -INFINITY, apex = 0;
    int landed = 0;
    for (int i = 1; i <= 1000; ++i) {
      cr_assert_eq(integrator_advance(it, 1e-3 * i, x), CB_OK, "%s", it->message);
      double E = g * x[2] + 0.5 * (x[10] * x[10] + x[11] * x[11] + x[12] * x[12]);
      worst = fmax(worst, E - E0);
      if (x[2] <= 0.05) landed = 1;
      else if (landed) apex = fmax(apex, x[2] - 0.05);
    }
    cr_log_info("%s: largest energy change %.3e J/kg, highest after landing %.3e m, z %.6f", engines[e], worst, apex,
                x[2]);
    cr_expect(landed, "%s: the ball never reached the floor", engines[e]);
    cr_expect(worst <= 1e-9, "%s: energy rose by %g J/kg", engines[e], worst);
    cr_expect(apex < 1e-6, "%s: the ball rose %g m after landing", engines[e], apex);
    integrator_destroy(it);
  }
  model_free(m);
}

/* A pendulum released horizontally falls onto its limit at pi/4 and stays there. Fails when the
 * limit is not enforced (it swings through to pi/2 and beyond) or set in the wrong coordinate. */
Test(dart, a_joint_limit_holds_the_pendulum) {
  const char *json =
      "{\"name\": \"limited\", \"gravity\": [0, 0, -9.81], \"duration\": 1, \"bodies\": ["
      "  {\"name\": \"arm\", \"joint\": {\"type\": \"revolute\", \"axis\": [0, 1, 0], \"limit\": [-3, 0.7853981633974483]},"
      "   \"mass\": 1, \"com\": [0.5, 0, 0], \"inertia\": [0.01, 0.01, 0.01]}]}";
  Model *m = fx_load_json(json, "limited.json");
  /* gravity turns +x toward -z: about y, q > 0 */
  for (int e = 0; e < 2; ++e) {
    double x[2], qmax = 0;
    char err[512];
    Integrator *it = create_dart(engines[e], m, 1e-3, NULL, NULL, err, sizeof err);
    cr_assert_not_null(it, "%s", err);
    system_initial_state(m, x);
    cr_assert_eq(integrator_reset(it, 0, x), CB_OK);
    for (int i = 1; i <= 1000; ++i) {
      cr_assert_eq(integrator_advance(it, 1e-3 * i, x), CB_OK, "%s", it->message);
      qmax = fmax(qmax, x[0]);
    }
    cr_log_info("%s: highest q %.6f, final q %.6f (limit %.6f)", engines[e], qmax, x[0], M_PI / 4);
    cr_expect(qmax < M_PI / 4 + 0.02 && fabs(x[0] - M_PI / 4) < 5e-3, "%s: q went to %g, ends at %g", engines[e],
              qmax, x[0]);
    integrator_destroy(it);
  }
  model_free(m);
}

static void expect_refused(const char *json, const char *name, const char *field, const char *why) {
  Model *m = fx_load_json(json, name);
  for (int e = 0; e < 2; ++e) {
    char err[512] = "";
    Integrator *it = create_dart(engines[e], m, 1e-3, NULL, NULL, err, sizeof err);
    cr_expect_null(it, "%s: %s was accepted", engines[e], name);
    if (it) integrator_destroy(it);
    cr_expect(strstr(err, name) && strstr(err, field) && strstr(err, why), "%s: message '%s' lacks %s, %s or %s",
              engines[e], err, name, field, why);
  }
  model_free(m);
}

Test(dart, what_dart_cannot_represent_is_refused_with_its_reason) {
  expect_refused("{\"name\": \"inner_free\", \"gravity\": [0, 0, -9.81], \"duration\": 1, \"bodies\": ["
                 "  {\"name\": \"base\", \"joint\": {\"type\": \"revolute\", \"axis\": [0, 1, 0]},"
                 "   \"mass\": 1, \"inertia\": [0.1, 0.1, 0.1]},"
                 "  {\"name\": \"loose\", \"parent\": \"base\", \"joint\": \"free\", \"mass\": 1,"
                 "   \"inertia\": [0.1, 0.1, 0.1]}]}",
                 "inner_free.json", "bodies[1] ('loose').joint", "free joint on a moving parent");
  expect_refused("{\"name\": \"rollers\", \"gravity\": [0, 0, -9.81], \"duration\": 1,"
                 " \"materials\": [{\"name\": \"s\", \"stiffness\": 1e5, \"mu\": 0.5}], \"bodies\": ["
                 "  {\"name\": \"a\", \"joint\": \"free\", \"mass\": 1,"
                 "   \"geoms\": [{\"name\": \"ca\", \"type\": \"cylinder\", \"size\": [0.1, 0.1], \"material\": \"s\"}]},"
                 "  {\"name\": \"b\", \"joint\": \"free\", \"mass\": 1,"
                 "   \"geoms\": [{\"name\": \"cb\", \"type\": \"cylinder\", \"size\": [0.1, 0.1], \"material\": \"s\"}],"
                 "   \"q0\": {\"pos\": [0, 0, 0.5]}}]}",
                 "rollers.json", "geoms[0] ('ca') and geoms[1] ('cb').type", "cylinder-cylinder");
  char err[512];
  const char *cases[2][2] = {{"cases/suction_gripper.json", "suction: DART has no suction cups"},
                             {"cases/conveyor.json", "surface_velocity: DART 6.12 has no contact surface motion"}};
  for (int k = 0; k < 2; ++k) {
    Model *m = scene_load(cases[k][0], err, sizeof err);
    cr_assert_not_null(m, "%s", err);
    Integrator *it = create_dart("dart", m, 1e-3, NULL, NULL, err, sizeof err);
    cr_expect_null(it);
    cr_expect(strstr(err, cases[k][0]) && strstr(err, cases[k][1]), "message: %s", err);
    model_free(m);
  }
}

Test(dart, every_case_converts_and_runs_or_is_refused_naming_its_field) {
  DIR *dir = opendir("cases");
  cr_assert_not_null(dir);
  struct dirent *e;
  int ran = 0, refused = 0;
  while ((e = readdir(dir))) {
    size_t n = strlen(e->d_name);
    if (n < 6 || strcmp(e->d_name + n - 5, ".json")) continue;
    char path[512], err[512];
    snprintf(path, sizeof path, "cases/%s", e->d_name);
    Model *m = scene_load(path, err, sizeof err);
    cr_assert_not_null(m, "%s: %s", path, err);
    Integrator *it = create_dart("dart", m, 1e-3, NULL, NULL, err, sizeof err);
    if (!it) {
      cr_expect(strstr(err, path) && strstr(err, "DART"), "%s: refusal '%s' names no file and reason", path, err);
      cr_log_info("refused: %s", err);
      refused++;
    } else {
      int nx = system_nx(m);
      double *x = malloc(sizeof(double) * (size_t)nx);
      system_initial_state(m, x);
      cr_assert_eq(integrator_reset(it, 0, x), CB_OK);
      int rc = integrator_advance(it, 0.02, x);
      cr_expect_eq(rc, CB_OK, "%s: %s", path, it->message);
      for (int i = 0; i < nx; ++i) cr_expect(isfinite(x[i]), "%s: x[%d] = %g", path, i, x[i]);
      cr_expect_eq(it->stats.steps, 20, "%s: %ld steps for 0.02 s at 1 ms", path, it->stats.steps);
      free(x);
      integrator_destroy(it);
      ran++;
    }
    model_free(m);
  }
  closedir(dir);
  cr_log_info("dart: %d cases ran, %d refused", ran, refused);
  cr_expect_geq(ran, 15);
}

Test(dart, settings_are_declared_and_noted) {
  Model *m = fx_load_json(SPHERE_SCENE("0.5", FLOOR_GEOM), "notes.json");
  char err[512];
  Integrator *it = create_dart("dart", m, 1e-3, "iterations", "10", err, sizeof err);
  cr_expect_null(it, "dart (Dantzig) took a PGS option");
  cr_expect(strstr(err, "iterations"), "%s", err);
  it = create_dart("dart-pgs", m, 1e-3, "iterations", "7", err, sizeof err);
  cr_assert_not_null(it, "%s", err);
  int matched = 0, own = 0, pgs = 0;
  for (int i = 0; i < it->nnotes; ++i) {
    matched |= strstr(it->notes[i], "matched: mu") && strstr(it->notes[i], "k and d are not used");
    own |= strstr(it->notes[i], "DART's own: contact ERP 0.01") && strstr(it->notes[i], "CFM 1e-05") &&
           strstr(it->notes[i], "no sleeping");
    pgs |= strstr(it->notes[i], "at most 7 sweeps") != NULL;
  }
  cr_expect(matched && own && pgs, "notes lack the matched or the engine's own settings");
  integrator_destroy(it);
  model_free(m);
}
