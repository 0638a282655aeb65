/* The `siconos` peer (integrators/siconos/: the Siconos 4.4 kernel's Moreau-Jean time stepping
 * with rigid frictional contact) on scenes with closed-form answers: free fall (theta 1.0 is
 * semi-implicit Euler, first order; theta 0.5 the trapezoid, exact under constant gravity), a
 * body whose COM is off its frame origin tumbling in free flight (the state maps), an incline
 * that holds below tan(theta) = mu and slides at g (sin - mu cos) above it, a ball at rest with
 * no penetration (rigid contact), a ball rolling without sinking, a drop that gains no energy,
 * joint trees (revolute, prismatic, fixed, on free bases) against an RK4 reference, a slider
 * falling at a.g, a pendulum stopped at its limits, a PD-held joint at its steady state, and
 * scenes it cannot represent refused with the field named. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "integrators/integrator.h"
#include "models/scene.h"
#include "models/system.h"
#include "tests/mb_fixtures.h"
#include "tests/peer_fixtures.h"
#include "tests/sim_fixtures.h"

static Integrator *create(const Model *m, double dt, const char *key, const char *value, char *err, size_t errlen) {
  return pf_create("siconos", m, dt, key, value, err, errlen);
}

/* x <- the state at T from the scene's initial state. */
static void run_to(const Model *m, double dt, double T, double *x, const char *key, const char *value) {
  pf_run_to("siconos", m, dt, T, x, 0, key, value);
}

/* The ball of PF_SPHERE_SCENE (k = 1e4, d = 0: Siconos' contact is rigid and uses neither) at Z0,
 * with V0 appended to the body. */
#define SPHERE_SCENE(Z0, FLOOR, V0) PF_SPHERE_SCENE(Z0, FLOOR, "1e4", "0", V0)

/* A wrong theta (the position update with v_k, or theta ignored) moves z by g h T / 2 the
 * other way, or leaves the trapezoid inexact. */
Test(siconos, free_fall_semi_implicit_at_theta_1_and_exact_at_one_half) {
  Model *m = fx_load_json(SPHERE_SCENE("1", "", ""), "free_fall.json");
  pf_expect_free_fall_first_order("siconos", m, "theta", "1");
  const double T = 0.5, g = 9.81, z_exact = 1 - 0.5 * g * T * T;
  const double h[3] = {1e-2, 5e-3, 2.5e-3};
  double x[13];
  for (int k = 0; k < 3; ++k) {
    run_to(m, h[k], T, x, NULL, NULL);
    cr_expect(fabs(x[2] - z_exact) < 1e-9, "theta 0.5, dt %g: z %.12g, exact %.12g", h[k], x[2], z_exact);
  }
  model_free(m);
}

/* The COM 0.1 m off the frame origin, spinning about a tilted axis without gravity: the COM
 * moves in a straight line at its velocity, |w| and the kinetic energy stay (no torque). A map
 * that ignored the COM offset (frame origin as Siconos' position, or v_origin as v_COM) moves
 * the COM off the line by the offset. */
Test(siconos, an_offset_com_flies_straight_while_spinning) {
  const char *json =
      "{\"name\": \"spin\", \"gravity\": [0, 0, 0], \"duration\": 1,"
      " \"materials\": [{\"name\": \"m\", \"stiffness\": 1e5, \"mu\": 0.5}],"
      " \"bodies\": [{\"name\": \"b\", \"joint\": \"free\", \"mass\": 2, \"com\": [0.1, 0, 0],"
      "   \"inertia\": [0.02, 0.03, 0.04],"
      "   \"geoms\": [{\"type\": \"sphere\", \"size\": 0.05, \"material\": \"m\"}],"
      "   \"q0\": {\"pos\": [0, 0, 1]}, \"v0\": {\"angular\": [0, 0, 3], \"linear\": [0.5, 0, 0], \"frame\": \"world\"}}]}";
  Model *m = fx_load_json(json, "spin.json");
  double x[13];
  system_initial_state(m, x);
  /* v0's linear part is the origin's: the COM at (0.1, 0, 1) moves at v + w x r = (0.5, 0.3, 0) */
  const double vc[3] = {0.5, 0.3, 0}, T = 1.0;
  run_to(m, 1e-3, T, x, NULL, NULL);
  double R[9];
  double qn[4] = {x[3], x[4], x[5], x[6]};
  R[0] = 1 - 2 * (qn[2] * qn[2] + qn[3] * qn[3]);
  R[3] = 2 * (qn[1] * qn[2] + qn[0] * qn[3]);
  R[6] = 2 * (qn[1] * qn[3] - qn[0] * qn[2]);
  double com[3] = {x[0] + 0.1 * R[0], x[1] + 0.1 * R[3], x[2] + 0.1 * R[6]};
  double expect[3] = {0.1 + vc[0] * T, vc[1] * T, 1.0};
  double off = sqrt(pow(com[0] - expect[0], 2) + pow(com[1] - expect[1], 2) + pow(com[2] - expect[2], 2));
  cr_log_info("siconos spin: COM (%.9f %.9f %.9f), expected (%.9f %.9f %.9f), w_z %.9f", com[0], com[1], com[2],
              expect[0], expect[1], expect[2], x[9]);
  cr_expect(off < 1e-9, "the COM is %g m off its straight line", off);
  cr_expect(fabs(x[9] - 3) < 1e-9 && fabs(x[7]) < 1e-9 && fabs(x[8]) < 1e-9, "w = (%g %g %g)", x[7], x[8], x[9]);
  model_free(m);
}

/* A friction bound on the wrong impulse (mu times the normal velocity, or a dropped mu) slides
 * at tan < mu or slides at the wrong rate. */
Test(siconos, incline_holds_below_tan_theta_mu_and_slides_at_g_sin_minus_mu_cos) {
  /* hold: 3.7e-6 m in the first steps (the four corners' impulses settling), then v ~ 1e-8 m/s;
   * the slide at tan = 1.5 mu covers 0.98 m in the same second */
  pf_expect_incline("siconos", 1e-5, 1e-6, 1e-3);
}

/* Rigid contact: a ball placed on the floor stays there (no m g / k sinking: the scene's k is
 * not used). A compliant law, or an impulse one step late, lets it sink. */
Test(siconos, a_ball_at_rest_does_not_penetrate) {
  Model *m = fx_load_json(SPHERE_SCENE("0.05", PF_FLOOR_GEOM, ""), "rest.json");
  double x[13];
  run_to(m, 1e-3, 1.0, x, NULL, NULL);
  double pen = 0.05 - x[2];
  cr_log_info("siconos rest: penetration %.3e m (m g / k would be %.3e), v_z %.3e", pen, 0.1 * 9.81 / 1e4, x[12]);
  cr_expect(fabs(pen) < 1e-9 && fabs(x[12]) < 1e-9, "penetration %g, v_z %g", pen, x[12]);
  model_free(m);
}

/* A ball rolling without slip at 0.7 m/s stays on the floor at its speed. With Siconos' own
 * body-fixed contact points (ContactR) the Jacobian at the Newton start q_k + h v_k has the
 * point turned by w h from under the centre: the ball sank 5 mm/s and sped up (measured, dt 1e-3). */
Test(siconos, a_rolling_ball_neither_sinks_nor_speeds_up) {
  Model *m = fx_load_json(
      SPHERE_SCENE("0.05", PF_FLOOR_GEOM, ", \"v0\": {\"linear\": [0.7, 0, 0], \"angular\": [0, 14, 0], \"frame\": \"world\"}"),
      "roll.json");
  double x[13];
  run_to(m, 1e-3, 1.0, x, NULL, NULL);
  cr_log_info("siconos roll: z %.9f, v_x %.9f, w_y %.9f, x %.6f", x[2], x[10], x[8], x[0]);
  cr_expect(fabs(x[2] - 0.05) < 1e-7, "the ball sank to z = %.9f", x[2]);
  cr_expect(fabs(x[10] - 0.7) < 1e-6 && fabs(x[8] - 14) < 1e-5, "v_x %.9f, w_y %.9f: expected 0.7, 14", x[10], x[8]);
  cr_expect(fabs(x[0] - 0.7) < 1e-5, "x %.9f after 1 s at 0.7 m/s", x[0]);
  model_free(m);
}

/* Restitution 0: the drop ends at rest on the floor, the energy never rises, and the ball stops
 * less than h |v| into the floor: Siconos activates the contact once gap + h/2 gap rate <= 0,
 * and the trapezoid's position update then moves it by h/2 |v| more. */
Test(siconos, a_drop_gains_no_energy_and_does_not_bounce) {
  Model *m = fx_load_json(SPHERE_SCENE("0.5", PF_FLOOR_GEOM, ""), "drop.json");
  const double g = 9.81, E0 = g * 0.5, h = 1e-3; /* per unit mass */
  char err[512];
  Integrator *it = create(m, h, NULL, NULL, err, sizeof err);
  cr_assert_not_null(it, "%s", err);
  double x[13];
  system_initial_state(m, x);
  cr_assert_eq(integrator_reset(it, 0, x), CB_OK);
  double worst = -INFINITY, zmin = 1, apex = 0;
  int landed = 0;
  for (int i = 1; i <= 800; ++i) {
    cr_assert_eq(integrator_advance(it, h * i, x), CB_OK, "%s", it->message);
    double E = g * x[2] + 0.5 * (x[10] * x[10] + x[11] * x[11] + x[12] * x[12]);
    worst = fmax(worst, E - E0);
    zmin = fmin(zmin, x[2]);
    if (x[2] < 0.06) landed = 1;
    else if (landed) apex = fmax(apex, x[2]);
  }
  double vimpact = sqrt(2 * g * 0.45);
  cr_log_info("siconos drop: largest energy rise %.3e J/kg, lowest z %.6f (h v = %.2e), apex after %.4f, v_z %.3e",
              worst, zmin, h * vimpact, apex, x[12]);
  cr_expect(worst <= 1e-12, "energy rose by %g J/kg", worst);
  cr_expect(apex == 0, "the ball bounced to %g m", apex);
  cr_expect(0.05 - zmin < h * vimpact && 0.05 - zmin > 0, "lowest z %g", zmin);
  cr_expect(fabs(x[12]) < 1e-9, "v_z %g at rest", x[12]);
  integrator_destroy(it);
  model_free(m);
}

static void expect_refused(const char *path, const char *field) { pf_expect_case_refused("siconos", path, field); }

Test(siconos, unsupported_scenes_are_refused_with_the_field_named) {
  expect_refused("cases/conveyor.json", "surface_velocity");
  expect_refused("cases/franka_box_rotor.json", "joint.armature");
  expect_refused("cases/suction_gripper.json", "suction");
  pf_expect_refused("siconos", PF_INNER_FREE_SCENE, "inner_free.json", "bodies[1] ('loose').joint", "free joints");
}

Test(siconos, every_case_converts_and_runs_or_is_refused_naming_its_field) {
  int ran, refused;
  pf_run_every_case("siconos", "iconos", &ran, &refused);
  cr_expect_geq(ran, 20);
  cr_expect_eq(refused, 4); /* conveyor, icf_conveyor (belts), suction_gripper, franka_box_rotor (joint armature) */
}

/* Trees against an RK4 reference of the same reduced-coordinate model (random state, 0.5 s):
 * a double pendulum, and a random tree of revolute and prismatic joints (and fixed ones) on
 * free bases whose joint frames are turned, with joint springs and damping. First order at
 * theta 1 and at 0.5 alike: the joint equalities hold at the velocity level at the step's end
 * (measured 1.00 and 1.00). A free base's joint frame F ignored (q and v taken as the world's)
 * leaves an error that does not shrink with dt (5.46, measured); so would a slider's rate
 * without the parent's rotation or an angle read from the wrong frame. */
Test(siconos, joint_chains_agree_with_rk4_at_first_order) {
  Model *models[2] = {mbfix_double_pendulum(1.0, 0.7, 1.5, 0.8),
                      pf_random_chain(MBFIX_FREE_BASES | MBFIX_SPRINGS, 80, 6)};
  cr_assert_not_null(models[1], "no chain with a slider among the random trees");
  const char *names[2] = {"double pendulum", "random chain"}, *theta[2] = {"1", "0.5"};
  for (int k = 0; k < 2; ++k) {
    for (int t = 0; t < 2; ++t) {
      double e;
      double p = pf_rk4_order("siconos", names[k], models[k], 7 + (uint64_t)k, "theta", theta[t], &e);
      cr_expect(e < 0.05 && p > 0.8 && p < 1.3, "%s, theta %s: error %g, order %.2f (expected 1)", names[k], theta[t],
                e, p);
    }
    model_free(models[k]);
  }
}

/* A 2 kg body (COM 0.1 m off its frame origin) on a slider along (0.6, 0, -0.8) from the world
 * under gravity: q = a.g t^2 / 2 with a.g = 7.848 m/s^2. theta 0.5 is exact under a constant
 * force (as in free fall), theta 1 runs ahead by a.g h T / 2. A joint axis left in the joint frame
 * when the joint frame is turned, a force not along the axis, or q read off the COM instead of
 * the frame origin moves q off the closed form by O(1). */
Test(siconos, a_slider_falls_along_its_axis_at_a_dot_g) {
  const char *json =
      "{\"name\": \"slider\", \"gravity\": [0, 0, -9.81], \"duration\": 1, \"bodies\": ["
      "  {\"name\": \"s\", \"joint\": {\"type\": \"prismatic\", \"pos\": [0, 0, 1], \"rpy_deg\": [0, 0, 30],"
      "   \"axis\": [0.6, 0, -0.8]}, \"mass\": 2, \"com\": [0.1, 0, 0], \"inertia\": [0.02, 0.03, 0.04]}]}";
  Model *m = fx_load_json(json, "slider.json");
  const double T = 0.5, ag = 0.8 * 9.81;
  double x[2];
  for (int k = 0; k < 2; ++k) {
    double h = k ? 5e-3 : 1e-2;
    run_to(m, h, T, x, NULL, NULL);
    cr_log_info("siconos slider dt %g: q %.12f (exact %.12f), v %.12f", h, x[0], 0.5 * ag * T * T, x[1]);
    cr_expect(fabs(x[0] - 0.5 * ag * T * T) < 1e-8 && fabs(x[1] - ag * T) < 1e-8, "theta 0.5, dt %g: q %.12g, v %.12g",
              h, x[0], x[1]);
    run_to(m, h, T, x, "theta", "1");
    double miss = x[0] - 0.5 * ag * T * T; /* semi-implicit Euler runs ahead of the closed form */
    cr_expect(fabs(miss - 0.5 * ag * h * T) < 1e-8, "theta 1, dt %g: q is ahead by %g, expected a.g h T / 2 = %g", h, miss,
              0.5 * ag * h * T);
  }
  model_free(m);
}

/* A 0.5 m pendulum released at 1.2 rad falls onto its lower limit 0.3 (and, mirrored, from
 * -1.2 onto its upper limit -0.3): Siconos' JointStopR holds it there without a bounce
 * (restitution 0), less than h w into the limit (w = 4.64 rad/s at the stop, from the energy):
 * the stop activates once its gap + h/2 its rate <= 0, as a contact, and nothing corrects the
 * position (measured 3.0e-3 rad). A stop with the wrong sign of Siconos' joint coordinate
 * against cbench's q stops it elsewhere (0.398 rad, measured). */
Test(siconos, a_pendulum_stops_at_its_limit) {
  const char *json =
      "{\"name\": \"stop\", \"gravity\": [0, 0, -9.81], \"duration\": 1, \"bodies\": ["
      "  {\"name\": \"link\", \"joint\": {\"type\": \"revolute\", \"axis\": [0, 1, 0], \"limit\": [%s]},"
      "   \"mass\": 1, \"com\": [0, 0, -0.5], \"inertia\": [0.02, 0.02, 0.001], \"q0\": %s}]}";
  const char *limits[2] = {"0.3, 2", "-2, -0.3"}, *q0[2] = {"1.2", "-1.2"};
  const double stop[2] = {0.3, -0.3};
  for (int k = 0; k < 2; ++k) {
    char buf[1024];
    snprintf(buf, sizeof buf, json, limits[k], q0[k]);
    Model *m = fx_load_json(buf, "stop.json");
    char err[512];
    const double h = 1e-3;
    Integrator *it = create(m, h, NULL, NULL, err, sizeof err);
    cr_assert_not_null(it, "%s", err);
    double x[2] = {k ? -1.2 : 1.2, 0}, beyond = 0;
    cr_assert_eq(integrator_reset(it, 0, x), CB_OK);
    for (int i = 1; i <= 1500; ++i) {
      cr_assert_eq(integrator_advance(it, h * i, x), CB_OK, "%s", it->message);
      beyond = fmax(beyond, k ? x[0] - stop[k] : stop[k] - x[0]);
    }
    cr_log_info("siconos stop %d: q %.9f (limit %g), v %.3e, deepest beyond the limit %.3e", k, x[0], stop[k], x[1],
                beyond);
    const double hw = h * sqrt(2 * 9.81 * 0.5 * (cos(0.3) - cos(1.2)) / 0.27);
    cr_expect(fabs(x[1]) < 1e-9, "v %g: expected at rest", x[1]);
    cr_expect(beyond > 0 && beyond < hw && fabs(fabs(x[0] - stop[k]) - beyond) < 1e-9,
              "q %.9g: %g rad beyond the limit %g at most, at rest there (h w = %g)", x[0], beyond, stop[k], hw);
    integrator_destroy(it);
    model_free(m);
  }
}

/* A 0.5 m, 1 kg link held by a PD controller at 0.5 rad against gravity: it settles where
 * kp (q* - q) = m g l sin q, the steady-state error falling as 1/kp. Controllers left out, a
 * torque on the world instead of the link, or its sign flipped leave the link hanging or
 * diverging (sign flipped: q -2968 rad after 4 s, measured). */
Test(siconos, a_pd_held_joint_settles_at_its_target_minus_gravity_over_kp) {
  const char *json =
      "{\"name\": \"pd\", \"gravity\": [0, 0, -9.81], \"duration\": 1, \"bodies\": ["
      "  {\"name\": \"link\", \"joint\": {\"type\": \"revolute\", \"axis\": [0, 1, 0]},"
      "   \"mass\": 1, \"com\": [0, 0, -0.5], \"inertia\": [0.02, 0.02, 0.001]}],"
      " \"controllers\": [{\"name\": \"hold\", \"type\": \"pd\", \"joints\": [\"link\"], \"kp\": [%g], \"kd\": [%g],"
      "   \"setpoints\": [{\"t\": 0, \"q\": [0.5]}]}]}";
  const double kp[2] = {50, 200}, target = 0.5, mgl = 9.81 * 0.5;
  double err_ss[2];
  for (int k = 0; k < 2; ++k) {
    char buf[1024];
    snprintf(buf, sizeof buf, json, kp[k], 2 * sqrt(kp[k] * 0.27)); /* about critical: I = 0.02 + 0.25 */
    Model *m = fx_load_json(buf, "pd.json");
    double x[2];
    run_to(m, 1e-3, 4.0, x, NULL, NULL);
    double qs = target; /* kp (q* - q) = m g l sin q by Newton */
    for (int i = 0; i < 50; ++i) qs -= (kp[k] * (target - qs) - mgl * sin(qs)) / (-kp[k] - mgl * cos(qs));
    err_ss[k] = target - x[0];
    cr_log_info("siconos pd kp %g: q %.9f, steady state %.9f, v %.3e", kp[k], x[0], qs, x[1]);
    cr_expect(fabs(x[0] - qs) < 1e-6 && fabs(x[1]) < 1e-6, "kp %g: q %.9g, v %g, expected %.9g", kp[k], x[0], x[1], qs);
    model_free(m);
  }
  cr_expect(err_ss[0] > 0.04 && err_ss[1] > 0 && err_ss[0] / err_ss[1] > 3.5,
            "steady-state errors %g (kp 50), %g (kp 200): expected about m g l sin q / kp", err_ss[0], err_ss[1]);
}
