/* The `siconos` peer (integrators/siconos/: the Siconos 4.4 kernel's Moreau-Jean time stepping
 * with rigid frictional contact) on scenes with closed-form answers: free fall (theta 1.0 is
 * semi-implicit Euler, first order; theta 0.5 the trapezoid, exact under constant gravity), a
 * body whose COM is off its frame origin tumbling in free flight (the state maps), an incline
 * that holds below tan(theta) = mu and slides at g (sin - mu cos) above it, a ball at rest with
 * no penetration (rigid contact), a ball rolling without sinking, a drop that gains no energy,
 * and scenes it cannot represent refused with the field named. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "integrators/integrator.h"
#include "models/scene.h"
#include "models/system.h"
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
  expect_refused("cases/double_pendulum.json", ".joint");
  expect_refused("cases/controlled_arm.json", "controllers");
  expect_refused("cases/suction_gripper.json", "suction");
}

Test(siconos, settings_are_declared_and_noted) {
  Model *m = fx_load_json(SPHERE_SCENE("0.05", PF_FLOOR_GEOM, ""), "notes.json");
  char err[512];
  Integrator *it = create(m, 1e-3, "max_iterations", "7", err, sizeof err);
  cr_assert_not_null(it, "%s", err);
  int matched = 0, rigid = 0, own = 0;
  for (int i = 0; i < it->nnotes; ++i) {
    matched |= strstr(it->notes[i], "matched: the pair's Coulomb mu_dynamic") != NULL;
    rigid |= strstr(it->notes[i], "stiffness k and dissipation d are not used") != NULL;
    own |= strstr(it->notes[i], "Siconos' own") && strstr(it->notes[i], "theta 0.5") && strstr(it->notes[i], "7 sweeps");
  }
  cr_expect(matched && rigid && own, "notes lack the matched, rigid or engine's own settings");
  double x[13];
  system_initial_state(m, x);
  cr_assert_eq(integrator_reset(it, 0, x), CB_OK);
  cr_assert_eq(integrator_advance(it, 0.01, x), CB_OK);
  cr_expect_eq(it->stats.steps, 10);
  cr_expect(it->stats.solver.solves == 10 && it->stats.solver.iterations == it->stats.newton_iters,
            "solves %ld, sweeps %ld, newton_iters %ld", it->stats.solver.solves, it->stats.solver.iterations,
            it->stats.newton_iters);
  integrator_destroy(it);
  cr_expect_null(create(m, 1e-3, "theta", "0", err, sizeof err), "theta 0 accepted");
  cr_expect(strstr(err, "theta"), "%s", err);
  model_free(m);
}
