/* The `ode` and `ode-quick` peers (integrators/ode/) on scenes with closed-form answers: free
 * fall (ODE's semi-implicit Euler misses z by exactly g h t / 2: first order), joint chains and
 * a tumbling body against an RK4 reference of the model layer (first order: the state maps,
 * joint signs and COM offsets are right), an incline that holds below tan(theta) = mu and
 * slides at g (sin - mu cos) above it, a ball resting at the penetration m g / k of the matched
 * stiffness, a bounce that gains no energy, a belt that drags a box its own way, and what ODE
 * cannot represent refused with the scene field named. */
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

static const char *const engines[] = {"ode", "ode-quick"};

Test(ode, free_fall_misses_the_closed_form_by_g_h_t_over_2) {
  Model *m = fx_load_json(PF_SPHERE_SCENE("1", "", "1e4", "0", ""), "free_fall.json");
  for (int e = 0; e < 2; ++e) pf_expect_free_fall_first_order(engines[e], m, NULL, NULL);
  model_free(m);
}

/* The limited pendulum's reference stays clear of its limits (0.2 +- 3.1 rad). */
static void clear_of_the_limits(const Model *m, const double *xref) {
  for (int i = 0; i < 2; ++i) cr_assert(fabs(xref[i] - 0.2) < 3.0, "the pendulum reached its limit: q %g", xref[i]);
}

Test(ode, joint_chains_and_a_tumbling_body_agree_with_rk4_at_first_order) {
  /* revolute and prismatic chains with springs and damping on a free base or the world, and a
   * tumbling body whose COM is off its frame origin */
  Model *models[4] = {mbfix_double_pendulum(1.0, 0.7, 1.5, 0.8), mbfix_free_body(2.0, 0.1, 0.2, 0.25), NULL,
                      mbfix_double_pendulum(1.0, 0.7, 1.5, 0.8)};
  /* limits that the motion does not reach: ODE's hinge angle is then measured from their middle,
   * 0.2 rad */
  for (int b = 1; b <= 2; ++b) {
    models[3]->bodies[b].has_limit = 1;
    models[3]->bodies[b].limit_lower = -2.9;
    models[3]->bodies[b].limit_upper = 3.3;
  }
  models[2] = pf_random_chain(MBFIX_FREE_BASES | MBFIX_SPRINGS, 80, 6);
  cr_assert_not_null(models[2], "no chain with a slider among the random trees");
  const char *names[4] = {"double pendulum", "tumbling body", "random chain", "limited pendulum"};
  for (int k = 0; k < 4; ++k) {
    pf_expect_rk4_first_order("ode", names[k], models[k], 7 + (uint64_t)k, k == 3 ? clear_of_the_limits : NULL);
    model_free(models[k]);
  }
}

Test(ode, incline_holds_below_tan_theta_mu_and_slides_at_g_sin_minus_mu_cos) {
  /* QuickStep's projection meets mu N exactly; dWorldStep's Dantzig solver bounds each friction
   * row by the normal force found when the row enters its pivoting, not the final one: 2.3%
   * less friction here at dt 1e-3 (0.6% at 1e-4, none at 1e-2; docs/integrators.md) */
  pf_expect_incline("ode", 1e-4, 1e-4, 0.03);
  pf_expect_incline("ode-quick", 1e-4, 1e-4, 1e-3);
}

Test(ode, a_ball_at_rest_stays_at_the_penetration_m_g_over_k) {
  for (int e = 0; e < 2; ++e) pf_expect_rest_at_penetration(engines[e]);
}

Test(ode, an_elastic_bounce_gains_no_energy) {
  for (int e = 0; e < 2; ++e) pf_expect_elastic_bounce(engines[e]);
}

Test(ode, a_belt_drags_a_box_its_own_way) {
  for (int e = 0; e < 2; ++e) pf_expect_belt_drag(engines[e]);
}

static void expect_refused(const char *json, const char *name, const char *field, const char *why) {
  for (int e = 0; e < 2; ++e) pf_expect_refused(engines[e], json, name, field, why);
}

Test(ode, what_ode_cannot_represent_is_refused_with_its_reason) {
  expect_refused(PF_INNER_FREE_SCENE, "inner_free.json", "bodies[1] ('loose').joint", "free joints");
  expect_refused("{\"name\": \"wide\", \"gravity\": [0, 0, -9.81], \"duration\": 1, \"bodies\": ["
                 "  {\"name\": \"arm\", \"joint\": {\"type\": \"revolute\", \"axis\": [0, 1, 0], \"limit\": [-3, 3.5]},"
                 "   \"mass\": 1, \"inertia\": [0.1, 0.1, 0.1]}]}",
                 "wide.json", "bodies[0] ('arm').limit", "span at most 2 pi");
  expect_refused(PF_ROLLERS_SCENE, "rollers.json", "geoms[0] ('ca') and geoms[1] ('cb').type", "cylinder-cylinder");
  pf_expect_case_refused("ode", "cases/suction_gripper.json",
                         "cases/suction_gripper.json: suction: ODE has no suction cups");
}

Test(ode, every_case_converts_and_runs_or_is_refused_naming_its_field) {
  int ran, refused;
  pf_run_every_case("ode", ": ODE ", &ran, &refused);
  cr_expect_geq(ran, 20);
  cr_expect_eq(refused, 2); /* suction_gripper, franka_box_rotor (joint armature) */
}

Test(ode, a_diverging_quickstep_fails_the_run_with_its_reason) {
  /* the Panda arm's PD-driven chain: 20 PGS sweeps do not hold its joints (200 do), the bodies
   * fly off, and the run fails before ODE's hash space asserts on their bounds; the world is
   * then destroyed cleanly (the sanitizer's leak check) */
  char err[512];
  Model *m = scene_load("cases/franka_box.json", CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(m, "%s", err);
  int nx = system_nx(m);
  double *x = malloc(sizeof(double) * (size_t)nx);
  const char *iters[2] = {"20", "200"};
  for (int k = 0; k < 2; ++k) {
    Integrator *it = pf_create("ode-quick", m, 1e-3, "iterations", iters[k], err, sizeof err);
    cr_assert_not_null(it, "%s", err);
    system_initial_state(m, x);
    cr_assert_eq(integrator_reset(it, 0, x), CB_OK);
    int rc = integrator_advance(it, 0.1, x);
    cr_log_info("iterations %s: rc %d, %s", iters[k], rc, rc ? it->message : "ok");
    if (k == 0) {
      cr_expect_eq(rc, CB_ERR_NONFINITE, "rc %d: %s", rc, it->message);
      cr_expect(strstr(it->message, "the step diverged"), "%s", it->message);
    } else {
      cr_expect_eq(rc, CB_OK, "%s", it->message);
    }
    integrator_destroy(it);
  }
  free(x);
  model_free(m);
}

Test(ode, settings_are_declared_and_noted) {
  Model *m = fx_load_json(PF_SPHERE_SCENE("0.5", PF_FLOOR_GEOM, "1e4", "0.1", ""), "notes.json");
  char err[512];
  Integrator *it = pf_create("ode", m, 1e-3, "iterations", "10", err, sizeof err);
  cr_expect_null(it, "ode (dWorldStep) took a QuickStep option");
  cr_expect(strstr(err, "iterations"), "%s", err);
  it = pf_create("ode-quick", m, 1e-3, "iterations", "7", err, sizeof err);
  cr_assert_not_null(it, "%s", err);
  int matched = 0, own = 0;
  for (int i = 0; i < it->nnotes; ++i) {
    matched |= strstr(it->notes[i], "ERP = h k/(h k + c)") != NULL;
    own |= strstr(it->notes[i], "ODE's own") && strstr(it->notes[i], "7 QuickStep sweeps") &&
           strstr(it->notes[i], "no sleeping");
  }
  cr_expect(matched && own, "notes lack the matched or the engine's own settings");
  double x[13];
  system_initial_state(m, x);
  cr_assert_eq(integrator_reset(it, 0, x), CB_OK);
  cr_assert_eq(integrator_advance(it, 0.01, x), CB_OK);
  cr_expect_eq(it->stats.newton_iters, 70, "QuickStep sweeps counted: %ld", it->stats.newton_iters);
  integrator_destroy(it);
  model_free(m);
}
