/* The `bullet` and `bullet-mlcp` peers (integrators/bullet/) on scenes with closed-form answers:
 * free fall (Bullet's semi-implicit Euler misses z by exactly g h t / 2: first order), joint
 * chains and tumbling bodies against an RK4 reference of the model layer (first order: the
 * multibody frames, principal axes, joint signs and COM offsets are right), an incline that holds
 * below tan(theta) = mu and slides at g (sin - mu cos) above it, a ball resting at the
 * penetration m g / k of the matched stiffness, a bounce that gains no energy, a belt that drags
 * a box its own way, and what the shim cannot represent refused with the scene field named. */
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

static const char *const engines[] = {"bullet", "bullet-mlcp"};

static Integrator *create_bullet(const char *name, const Model *m, double dt, const char *key, const char *value,
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
static void run_to(const char *name, const Model *m, double dt, double T, double *x, int start, const char *key,
                   const char *value) {
  char err[512];
  Integrator *it = create_bullet(name, m, dt, key, value, err, sizeof err);
  cr_assert_not_null(it, "%s: %s", name, err);
  if (!start) system_initial_state(m, x);
  cr_assert_eq(integrator_reset(it, 0, x), CB_OK, "%s", it->message);
  cr_assert_eq(integrator_advance(it, T, x), CB_OK, "%s: %s", name, it->message);
  integrator_destroy(it);
}

#define SPHERE_SCENE(GRAVITY, Z0, FLOOR, K, D)                                                                     \
  "{\"name\": \"sphere\", \"gravity\": " GRAVITY ", \"duration\": 1, \"stiction_tolerance\": 1e-4,"               \
  " \"materials\": [{\"name\": \"ground\", \"stiffness\": \"rigid\", \"mu\": 0.5},"                               \
  "   {\"name\": \"ball\", \"stiffness\": " K ", \"dissipation\": " D ", \"mu\": 0.5}],"                           \
  FLOOR " \"bodies\": [{\"name\": \"ball\", \"joint\": \"free\", \"mass\": 0.1,"                                  \
  "   \"geoms\": [{\"type\": \"sphere\", \"size\": 0.05, \"material\": \"ball\"}], \"q0\": {\"pos\": [0, 0, " Z0 "]}}]}"
#define FLOOR_GEOM "\"world_geoms\": [{\"name\": \"floor\", \"type\": \"plane\", \"material\": \"ground\"}],"

/* Fails on a wrong gravity, a substep count other than one per dt (the error would shrink with
 * Bullet's internal 1/60 s steps or interpolate) or a wrong position map (z offset). */
Test(bullet, free_fall_misses_the_closed_form_by_g_h_t_over_2) {
  Model *m = fx_load_json(SPHERE_SCENE("[0, 0, -9.81]", "1", "", "1e4", "0"), "free_fall.json");
  const double T = 0.5, g = 9.81, z_exact = 1 - 0.5 * g * T * T;
  for (int e = 0; e < 2; ++e) {
    double err[3], x[13];
    const double h[3] = {1e-2, 5e-3, 2.5e-3};
    for (int k = 0; k < 3; ++k) {
      run_to(engines[e], m, h[k], T, x, 0, NULL, NULL);
      err[k] = fabs(x[2] - z_exact);
      /* semi-implicit Euler: v exact at the steps, z_n = z0 - g h^2 n (n + 1) / 2 */
      cr_expect(fabs(err[k] - 0.5 * g * h[k] * T) < 1e-9, "%s dt %g: |z - z(T)| = %.12g, expected g h T / 2 = %.12g",
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

/* A random tree with no free joint inside it, with a slider and (when want_free) free bases. */
static Model *random_chain(int want_free) {
  for (uint64_t seed = 3; seed < 200; seed += 2) {
    Model *m = mbfix_random_tree(seed, 4, MBFIX_SPRINGS | (want_free ? MBFIX_FREE_BASES : 0));
    int inner_free = 0, slider = 0, limits = 0, free_base = 0, revolute = 0, diag = 1;
    for (int b = 1; b < m->nbody; ++b) {
      inner_free |= m->bodies[b].joint == JOINT_FREE && m->bodies[b].parent != 0;
      free_base |= m->bodies[b].joint == JOINT_FREE && m->bodies[b].parent == 0;
      slider |= m->bodies[b].joint == JOINT_PRISMATIC;
      revolute |= m->bodies[b].joint == JOINT_REVOLUTE;
      limits |= m->bodies[b].has_limit;
      diag &= m->bodies[b].inertia_diagonal;
    }
    if (!inner_free && slider && revolute && !limits && !diag && free_base == want_free && m->nv >= 3) return m;
    model_free(m);
  }
  return NULL;
}

/* Fails on any wrong frame of the multibody conversion: rotParentToThis, the pivot offsets, the
 * joint axis in the link frame, the principal axes of a non-diagonal inertia, the floating
 * base's COM offset, the free joint's velocity frame, the sign of a joint coordinate. */
Test(bullet, joint_chains_and_tumbling_bodies_agree_with_rk4_at_first_order) {
  Model *models[5] = {mbfix_double_pendulum(1.0, 0.7, 1.5, 0.8), mbfix_free_body(2.0, 0.1, 0.2, 0.25),
                      random_chain(1), random_chain(0), NULL};
  /* a lone free body with a non-diagonal inertia (a btRigidBody on its principal axes) */
  models[4] = mbfix_free_body(2.0, 0.1, 0.2, 0.25);
  models[4]->bodies[1].inertia[1] = models[4]->bodies[1].inertia[3] = 0.03;
  models[4]->bodies[1].inertia[5] = models[4]->bodies[1].inertia[7] = -0.02;
  models[4]->bodies[1].inertia_diagonal = 0;
  cr_assert(models[2] && models[3], "no chain with a slider among the random trees");
  const char *names[5] = {"double pendulum", "tumbling body", "chain on a free base", "chain on the world",
                          "tumbling body, full inertia"};
  for (int k = 0; k < 5; ++k) {
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
      run_to("bullet", m, r == 0 ? 1e-3 : 5e-4, T, x, 1, NULL, NULL);
      e[r] = state_distance(m, x, xref);
    }
    double order = log2(e[0] / e[1]);
    cr_log_info("bullet %s: dt 1e-3 %.3e, 5e-4 %.3e, order %.2f", names[k], e[0], e[1], order);
    cr_expect_lt(e[1], 0.05, "%s: Bullet differs from the RK4 reference by %g", names[k], e[1]);
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

/* Fails when the friction coefficient is Bullet's product of the objects' (0.25 here: the cube
 * slides at 2 g (sin - mu cos) and more) rather than the pair's, or the friction is a single
 * direction along the slip (the hold would creep). */
Test(bullet, incline_holds_below_tan_theta_mu_and_slides_at_g_sin_minus_mu_cos) {
  const double mu = 0.5, g = 9.81;
  for (int e = 0; e < 2; ++e) {
    double theta = atan(0.8 * mu), x[13];
    Model *m = incline(theta, mu);
    run_to(engines[e], m, 1e-3, 1.0, x, 0, NULL, NULL);
    cr_log_info("%s hold at tan = %.2f: x %.3e m, v %.3e m/s", engines[e], tan(theta), x[0], x[10]);
    cr_expect(fabs(x[0]) < 1e-4 && fabs(x[10]) < 1e-4, "%s: the cube crept %g m (v %g) at tan(theta) = 0.8 mu",
              engines[e], x[0], x[10]);
    model_free(m);
    theta = atan(1.5 * mu);
    m = incline(theta, mu);
    double v[2];
    for (int k = 0; k < 2; ++k) {
      run_to(engines[e], m, 1e-3, 0.5 * (k + 1), x, 0, NULL, NULL);
      v[k] = x[10];
    }
    double a = (v[1] - v[0]) / 0.5, expect = g * (sin(theta) - mu * cos(theta));
    cr_log_info("%s slide at tan = %.2f: a %.6f, g (sin - mu cos) %.6f", engines[e], tan(theta), a, expect);
    /* PGS meets mu N within 0.05% here; the Dantzig solve of the MLCP gives 14% less friction
     * (2.235 m/s^2 at dt 1e-3; docs/integrators.md): each friction row's bound is mu times the
     * normal impulse the pivoting has when it reaches that row, as ODE's dWorldStep (2.3% there) */
    double tol = e == 0 ? 1e-3 : 0.16;
    cr_expect(fabs(a - expect) < tol * expect, "%s: a = %.6f, expected %.6f", engines[e], a, expect);
    model_free(m);
  }
}

/* Fails when the stiffness is Bullet's series combination of the objects' (k/2 against a rigid
 * floor would be infinite, against an equal material half) or its CFM misses the 1/h. */
Test(bullet, a_ball_at_rest_stays_at_the_penetration_m_g_over_k) {
  const double k = 1e4, depth = 0.1 * 9.81 / k;
  char z0[32];
  snprintf(z0, sizeof z0, "%.17g", 0.05 - depth);
  char json[2048];
  snprintf(json, sizeof json, SPHERE_SCENE("[0, 0, -9.81]", "%s", FLOOR_GEOM, "1e4", "0.1"), z0);
  Model *m = fx_load_json(json, "rest.json");
  for (int e = 0; e < 2; ++e) {
    double x[13];
    run_to(engines[e], m, 1e-3, 1.0, x, 0, NULL, NULL);
    double pen = 0.05 - x[2];
    cr_log_info("%s: penetration %.6e m (m g / k %.6e), v_z %.3e", engines[e], pen, depth, x[12]);
    cr_expect(fabs(pen - depth) < 1e-3 * depth, "%s: penetration %g, expected m g / k = %g", engines[e], pen, depth);
    cr_expect(fabs(x[12]) < 1e-6 && fabs(x[0]) < 1e-9 && fabs(x[1]) < 1e-9, "%s: the ball moved", engines[e]);
  }
  model_free(m);
}

/* Fails with a restitution left at Bullet's (the objects' product) above 0 plus the spring's
 * rebound, or with a split impulse that adds velocity. */
Test(bullet, an_elastic_bounce_gains_no_energy) {
  Model *m = fx_load_json(SPHERE_SCENE("[0, 0, -9.81]", "0.5", FLOOR_GEOM, "1e4", "0"), "bounce.json");
  const double g = 9.81, E0 = g * 0.5; /* per unit mass */
  for (int e = 0; e < 2; ++e) {
    char err[512];
    Integrator *it = create_bullet(engines[e], m, 1e-3, NULL, NULL, err, sizeof err);
    cr_assert_not_null(it, "%s", err);
    double x[13];
    system_initial_state(m, x);
    cr_assert_eq(integrator_reset(it, 0, x), CB_OK);
    double worst = -INFINITY, apex = 0, zmin = 1;
    int bounced = 0;
    for (int i = 1; i <= 1500; ++i) {
      cr_assert_eq(integrator_advance(it, 1e-3 * i, x), CB_OK, "%s", it->message);
      zmin = fmin(zmin, x[2]);
      if (x[2] <= 0.05) { bounced = 1; continue; } /* in contact: the spring holds energy */
      double E = g * x[2] + 0.5 * (x[10] * x[10] + x[11] * x[11] + x[12] * x[12]);
      worst = fmax(worst, E - E0);
      if (bounced) apex = fmax(apex, x[2]);
    }
    cr_log_info("%s: largest energy change out of contact %.3e J/kg, apex after the bounce %.4f m, lowest %.4f m",
                engines[e], worst, apex, zmin);
    cr_expect(bounced && apex > 0.1, "%s: no bounce (apex %g)", engines[e], apex);
    cr_expect(worst <= 1e-12, "%s: energy rose by %g J/kg", engines[e], worst);
    cr_expect(apex < 0.5, "%s: the ball bounced to %g m from 0.5 m", engines[e], apex);
    integrator_destroy(it);
  }
  model_free(m);
}

/* Fails with the belt's motion of the wrong sign or not on the friction direction. */
Test(bullet, a_belt_drags_a_box_its_own_way) {
  const char *json =
      "{\"name\": \"belt\", \"gravity\": [0, 0, -9.81], \"duration\": 1, \"stiction_tolerance\": 1e-4,"
      " \"materials\": [{\"name\": \"belt\", \"stiffness\": \"rigid\", \"mu\": 0.5},"
      "   {\"name\": \"box\", \"stiffness\": 1e5, \"dissipation\": 10, \"mu\": 0.5}],"
      " \"world_geoms\": [{\"name\": \"belt\", \"type\": \"box\", \"size\": [1, 0.25, 0.05], \"pos\": [0, 0, -0.05],"
      "   \"material\": \"belt\", \"surface_velocity\": {\"dir\": [0, 1, 0], \"bias\": -0.4}}],"
      " \"bodies\": [{\"name\": \"box\", \"joint\": \"free\", \"mass\": 1,"
      "   \"geoms\": [{\"type\": \"box\", \"size\": [0.05, 0.05, 0.02], \"material\": \"box\"}],"
      "   \"q0\": {\"pos\": [0, 0, 0.02]}}]}";
  Model *m = fx_load_json(json, "belt.json");
  for (int e = 0; e < 2; ++e) {
    double x[13];
    /* mu g = 4.9 m/s^2: the box reaches the belt's -0.4 m/s along y after 0.08 s */
    run_to(engines[e], m, 1e-3, 0.05, x, 0, NULL, NULL);
    double a = x[11] / 0.05;
    run_to(engines[e], m, 1e-3, 0.3, x, 0, NULL, NULL);
    cr_log_info("%s: acceleration %.4f m/s^2 while sliding, v = (%.2e, %.6f) at 0.3 s", engines[e], a, x[10], x[11]);
    cr_expect(fabs(a + 0.5 * 9.81) < 0.05, "%s: sliding acceleration %g, expected -mu g", engines[e], a);
    cr_expect(fabs(x[11] + 0.4) < 1e-4 && fabs(x[10]) < 1e-6, "%s: v = (%g, %g), expected (0, -0.4)", engines[e],
              x[10], x[11]);
  }
  model_free(m);
}

static void expect_refused(const char *json, const char *name, const char *field, const char *why) {
  Model *m = fx_load_json(json, name);
  for (int e = 0; e < 2; ++e) {
    char err[512] = "";
    Integrator *it = create_bullet(engines[e], m, 1e-3, NULL, NULL, err, sizeof err);
    cr_expect_null(it, "%s: %s was accepted", engines[e], name);
    if (it) integrator_destroy(it);
    cr_expect(strstr(err, name) && strstr(err, field) && strstr(err, why), "%s: message '%s' lacks %s, %s or %s",
              engines[e], err, name, field, why);
  }
  model_free(m);
}

Test(bullet, what_bullet_cannot_represent_is_refused_with_its_reason) {
  expect_refused("{\"name\": \"inner_free\", \"gravity\": [0, 0, -9.81], \"duration\": 1, \"bodies\": ["
                 "  {\"name\": \"base\", \"joint\": {\"type\": \"revolute\", \"axis\": [0, 1, 0]},"
                 "   \"mass\": 1, \"inertia\": [0.1, 0.1, 0.1]},"
                 "  {\"name\": \"loose\", \"parent\": \"base\", \"joint\": \"free\", \"mass\": 1,"
                 "   \"inertia\": [0.1, 0.1, 0.1]}]}",
                 "inner_free.json", "bodies[1] ('loose').joint", "no free joint inside a tree");
  char err[512];
  Model *m = scene_load("cases/suction_gripper.json", err, sizeof err);
  cr_assert_not_null(m, "%s", err);
  Integrator *it = create_bullet("bullet", m, 1e-3, NULL, NULL, err, sizeof err);
  cr_expect_null(it);
  cr_expect(strstr(err, "cases/suction_gripper.json: suction: Bullet has no suction cups"), "message: %s", err);
  model_free(m);
}

Test(bullet, every_case_converts_and_runs_or_is_refused_naming_its_field) {
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
    for (int k = 0; k < 2; ++k) {
      Integrator *it = create_bullet(engines[k], m, 1e-3, NULL, NULL, err, sizeof err);
      if (!it) {
        cr_expect(strstr(err, path) && strstr(err, ": Bullet "), "%s: refusal '%s' names no file and reason", path,
                  err);
        cr_log_info("refused: %s", err);
        refused += k == 0;
        continue;
      }
      int nx = system_nx(m);
      double *x = malloc(sizeof(double) * (size_t)nx);
      system_initial_state(m, x);
      cr_assert_eq(integrator_reset(it, 0, x), CB_OK);
      int rc = integrator_advance(it, 0.02, x);
      cr_expect_eq(rc, CB_OK, "%s %s: %s", engines[k], path, it->message);
      for (int i = 0; i < nx; ++i) cr_expect(isfinite(x[i]), "%s: x[%d] = %g", path, i, x[i]);
      cr_expect_eq(it->stats.steps, 20, "%s: %ld steps for 0.02 s at 1 ms", path, it->stats.steps);
      free(x);
      integrator_destroy(it);
      ran += k == 0;
    }
    model_free(m);
  }
  closedir(dir);
  cr_log_info("bullet: %d cases ran, %d refused", ran, refused);
  cr_expect_geq(ran, 20);
  cr_expect_eq(refused, 2); /* suction_gripper; franka_box_rotor (joint armature) */
}

/* Fails when a declared option is not applied (the iterations counted are the ones given) or a
 * note is missing. */
Test(bullet, settings_are_declared_and_noted) {
  Model *m = fx_load_json(SPHERE_SCENE("[0, 0, -9.81]", "0.5", FLOOR_GEOM, "1e4", "0.1"), "notes.json");
  char err[512];
  Integrator *it = create_bullet("bullet", m, 1e-3, "iterations", "7", err, sizeof err);
  cr_assert_not_null(it, "%s", err);
  int matched = 0, own = 0;
  for (int i = 0; i < it->nnotes; ++i) {
    matched |= strstr(it->notes[i], "ERP = h k/(h k + c)") != NULL;
    own |= strstr(it->notes[i], "Bullet's own") && strstr(it->notes[i], "7 iterations") &&
           strstr(it->notes[i], "no sleeping") && strstr(it->notes[i], "no split impulse");
  }
  cr_expect(matched && own, "notes lack the matched or the engine's own settings");
  double x[13];
  system_initial_state(m, x);
  cr_assert_eq(integrator_reset(it, 0, x), CB_OK);
  cr_assert_eq(integrator_advance(it, 0.01, x), CB_OK);
  cr_expect_eq(it->stats.newton_iters, 70, "PGS iterations counted: %ld", it->stats.newton_iters);
  integrator_destroy(it);
  it = create_bullet("bullet-mlcp", m, 1e-3, "margin", "-1", err, sizeof err);
  cr_expect_null(it, "a negative margin was accepted");
  cr_expect(strstr(err, "margin"), "%s", err);
  model_free(m);
}
