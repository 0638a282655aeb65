/* The `dart` and `dart-pgs` peers (integrators/dart/) on scenes with closed-form answers: free
 * fall (DART's semi-implicit Euler misses z by exactly g h t / 2: first order), joint chains and
 * a tumbling body against an RK4 reference of the model layer (first order: the FreeJoint's
 * coordinates, joint axes, COM offsets and inertias are mapped right), an incline that holds
 * below tan(theta) = mu and slides at g (sin - mu cos) above it, a ball at rest with ~0
 * penetration (rigid contact), a drop that neither bounces nor gains energy (restitution 0), a
 * pendulum held by its joint limit, a box carried by a kinematic platform (dragged at mu g up to
 * the platform's speed; riding a sinusoidal path), and what DART cannot represent refused with
 * the scene field named. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "integrators/integrator.h"
#include "models/multibody.h"
#include "models/scene.h"
#include "models/system.h"
#include "tests/mb_fixtures.h"
#include "tests/peer_fixtures.h"
#include "tests/sim_fixtures.h"

static const char *const engines[] = {"dart", "dart-pgs"};

/* The ball of PF_SPHERE_SCENE (k = 1e4, d = 0: DART's contact is rigid and uses neither) at Z0. */
#define SPHERE_SCENE(Z0, FLOOR) PF_SPHERE_SCENE(Z0, FLOOR, "1e4", "0", "")

/* Fails if gravity, dt or the update order were wrong: explicit Euler (positions first) misses
 * by the same amount with the other sign, a lost half step by g h T. */
Test(dart, free_fall_misses_the_closed_form_by_g_h_t_over_2) {
  Model *m = fx_load_json(SPHERE_SCENE("1", ""), "free_fall.json");
  for (int e = 0; e < 2; ++e) pf_expect_free_fall_first_order(engines[e], m, NULL, NULL);
  model_free(m);
}

/* Fails (no first-order convergence, or an O(1) difference) on a FreeJoint twist read in the
 * wrong frame, an inertia about the origin instead of the COM, a joint axis in the wrong frame or
 * a spring with the wrong sign. */
Test(dart, joint_chains_and_a_tumbling_body_agree_with_rk4_at_first_order) {
  Model *models[3] = {mbfix_double_pendulum(1.0, 0.7, 1.5, 0.8), mbfix_free_body(2.0, 0.1, 0.2, 0.25), NULL};
  models[2] = pf_random_chain(MBFIX_FREE_BASES | MBFIX_SPRINGS, 80, 6);
  cr_assert_not_null(models[2], "no chain with a slider among the random trees");
  const char *names[3] = {"double pendulum", "tumbling body", "random chain"};
  for (int k = 0; k < 3; ++k) {
    pf_expect_rk4_first_order("dart", names[k], models[k], 7 + (uint64_t)k, NULL);
    model_free(models[k]);
  }
}

/* Fails on a friction coefficient not passed (DART's default 1 holds the cube at 1.5 mu), one
 * halved or combined wrongly, or friction bounded by a stale normal impulse. */
Test(dart, incline_holds_below_tan_theta_mu_and_slides_at_g_sin_minus_mu_cos) {
  for (int e = 0; e < 2; ++e) pf_expect_incline(engines[e], 1e-4, 1e-4, 0.01);
}

/* Rigid contact: the ball starts touching the floor and stays there, sinking only by what one
 * step of gravity opens before DART's error reduction pushes it back (g h^2 = 1e-5 m at 1 ms);
 * a compliant mapping of k = 1e4 would sink it by m g / k = 1e-4 m. */
Test(dart, a_ball_at_rest_stays_on_the_floor_with_no_penetration_to_speak_of) {
  Model *m = fx_load_json(SPHERE_SCENE("0.05", PF_FLOOR_GEOM), "rest.json");
  for (int e = 0; e < 2; ++e) {
    double x[13];
    pf_run_to(engines[e], m, 1e-3, 1.0, x, 0, NULL, NULL);
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
  Model *m = fx_load_json(SPHERE_SCENE("0.5", PF_FLOOR_GEOM), "drop.json");
  const double g = 9.81, E0 = g * 0.5; /* per unit mass */
  for (int e = 0; e < 2; ++e) {
    char err[512];
    Integrator *it = pf_create(engines[e], m, 1e-3, NULL, NULL, err, sizeof err);
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
    Integrator *it = pf_create(engines[e], m, 1e-3, NULL, NULL, err, sizeof err);
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

/* A 1 kg box (half size 0.1, mu 0.5) on a rigid kinematic platform (half size 0.5 x 0.5 x 0.05,
 * top at z = 0) moving as KIN; REST is the box's initial velocity ("" or a "v0" member). */
#define PLATFORM_SCENE(KIN, REST)                                                                                 \
  "{\"name\": \"platform\", \"gravity\": [0, 0, -9.81], \"duration\": 1,"                                      \
  " \"materials\": [{\"name\": \"plate\", \"stiffness\": \"rigid\", \"mu\": 0.5},"                           \
  "   {\"name\": \"box\", \"stiffness\": 1e5, \"dissipation\": 1, \"mu\": 0.5}], \"bodies\": ["               \
  "  {\"name\": \"platform\", \"joint\": {\"type\": \"fixed\", \"pos\": [0, 0, -0.05]}, \"mass\": 10,"        \
  "   \"geoms\": [{\"type\": \"box\", \"size\": [0.5, 0.5, 0.05], \"material\": \"plate\"}],"                 \
  "   \"kinematic\": " KIN "},"                                                                                  \
  "  {\"name\": \"box\", \"joint\": \"free\", \"mass\": 1,"                                                 \
  "   \"geoms\": [{\"type\": \"box\", \"size\": [0.1, 0.1, 0.1], \"material\": \"box\"}],"                     \
  "   \"q0\": {\"pos\": [0, 0, 0.1]}" REST "}]}"

/* The platform moves at V = 0.5 m/s along x under a box at rest: the box slides at mu g until
 * it moves with the platform (t = V / (mu g) = 0.102 s), then rides: v_x(t) = min(mu g t, V),
 * x(1) = V - V^2 / (2 mu g). Fails if the contact does not see the platform's velocity (the
 * platform only teleported: the box stays behind) or the platform is welded (nothing moves). */
Test(dart, a_kinematic_platform_drags_the_box_at_mu_g_then_carries_it) {
  Model *m = fx_load_json(PLATFORM_SCENE("{\"velocity\": [0.5, 0, 0]}", ""), "platform.json");
  const double g = 9.81, mu = 0.5, V = 0.5;
  for (int e = 0; e < 2; ++e) {
    double x[13];
    pf_run_to(engines[e], m, 1e-3, 0.05, x, 0, NULL, NULL);
    double a = x[10] / 0.05;
    pf_run_to(engines[e], m, 1e-3, 1.0, x, 0, NULL, NULL);
    double x_end = V - V * V / (2 * mu * g);
    cr_log_info("%s: sliding acceleration %.4f m/s^2 (mu g %.4f), at 1 s x %.6f (closed form %.6f), v_x %.6f",
                engines[e], a, mu * g, x[0], x_end, x[10]);
    cr_expect(fabs(a - mu * g) < 0.05, "%s: sliding acceleration %g, expected mu g", engines[e], a);
    cr_expect(fabs(x[10] - V) < 1e-6, "%s: v_x %g at 1 s, expected the platform's %g", engines[e], x[10], V);
    /* semi-implicit Euler at h = 1 ms: the sliding phase's position is O(h) off */
    cr_expect(fabs(x[0] - x_end) < 2e-3, "%s: x %g at 1 s, expected %g", engines[e], x[0], x_end);
    cr_expect(fabs(x[2] - 0.1) < 1e-4, "%s: the box left the platform's top (z %g)", engines[e], x[2]);
  }
  model_free(m);
}

/* The platform oscillates as 0.02 sin(2 pi t) along x (peak acceleration 0.79 m/s^2 < mu g):
 * the box, started at the platform's velocity, sticks and follows the path. Fails if the path
 * were followed only to O(h) (the start-of-step velocity over the step instead of its mean:
 * the box drifts from the platform by ~h A w per period) or not at all. */
Test(dart, a_box_rides_a_sinusoidal_kinematic_platform) {
  Model *m = fx_load_json(PLATFORM_SCENE("{\"dir\": [1, 0, 0], \"amp\": 0.02, \"freq\": 1}",
                                         ", \"v0\": {\"linear\": [0.12566370614359174, 0, 0], \"frame\": \"world\"}"),
                          "sway.json");
  for (int e = 0; e < 2; ++e) {
    char err[512];
    Integrator *it = pf_create(engines[e], m, 1e-3, NULL, NULL, err, sizeof err);
    cr_assert_not_null(it, "%s", err);
    double x[13], worst = 0;
    system_initial_state(m, x);
    cr_assert_eq(integrator_reset(it, 0, x), CB_OK);
    for (int i = 1; i <= 1000; ++i) {
      double t = 1e-3 * i;
      cr_assert_eq(integrator_advance(it, t, x), CB_OK, "%s", it->message);
      worst = fmax(worst, fabs(x[0] - 0.02 * sin(2 * M_PI * t)));
    }
    cr_log_info("%s: box off the platform's path by at most %.3e m", engines[e], worst);
    cr_expect(worst < 1e-6, "%s: the box strayed %g m from the platform", engines[e], worst);
    integrator_destroy(it);
  }
  model_free(m);
}

static void expect_refused(const char *json, const char *name, const char *field, const char *why) {
  for (int e = 0; e < 2; ++e) pf_expect_refused(engines[e], json, name, field, why);
}

Test(dart, what_dart_cannot_represent_is_refused_with_its_reason) {
  expect_refused(PF_INNER_FREE_SCENE, "inner_free.json", "bodies[1] ('loose').joint", "free joint on a moving parent");
  expect_refused(PF_ROLLERS_SCENE, "rollers.json", "geoms[0] ('ca') and geoms[1] ('cb').type", "cylinder-cylinder");
  pf_expect_case_refused("dart", "cases/suction_gripper.json", "suction: DART has no suction cups");
  pf_expect_case_refused("dart", "cases/conveyor.json", "surface_velocity: DART 6.12 has no contact surface motion");
}

Test(dart, every_case_converts_and_runs_or_is_refused_naming_its_field) {
  int ran, refused;
  pf_run_every_case("dart", "DART", &ran, &refused);
  cr_expect_geq(ran, 15);
}

Test(dart, settings_are_declared_and_noted) {
  Model *m = fx_load_json(SPHERE_SCENE("0.5", PF_FLOOR_GEOM), "notes.json");
  char err[512];
  Integrator *it = pf_create("dart", m, 1e-3, "iterations", "10", err, sizeof err);
  cr_expect_null(it, "dart (Dantzig) took a PGS option");
  cr_expect(strstr(err, "iterations"), "%s", err);
  it = pf_create("dart-pgs", m, 1e-3, "iterations", "7", err, sizeof err);
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
