/* The `bullet` and `bullet-mlcp` peers (integrators/bullet/) on scenes with closed-form answers:
 * free fall (Bullet's semi-implicit Euler misses z by exactly g h t / 2: first order), joint
 * chains and tumbling bodies against an RK4 reference of the model layer (first order: the
 * multibody frames, principal axes, joint signs and COM offsets are right), an incline that holds
 * below tan(theta) = mu and slides at g (sin - mu cos) above it, a ball resting at the
 * penetration m g / k of the matched stiffness, a bounce that gains no energy, a belt that drags
 * a box its own way, and what the shim cannot represent refused with the scene field named. */
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

static const char *const engines[] = {"bullet", "bullet-mlcp"};

/* Fails on a wrong gravity, a substep count other than one per dt (the error would shrink with
 * Bullet's internal 1/60 s steps or interpolate) or a wrong position map (z offset). */
Test(bullet, free_fall_misses_the_closed_form_by_g_h_t_over_2) {
  Model *m = fx_load_json(PF_SPHERE_SCENE("1", "", "1e4", "0", ""), "free_fall.json");
  for (int e = 0; e < 2; ++e) pf_expect_free_fall_first_order(engines[e], m, NULL, NULL);
  model_free(m);
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
    pf_expect_rk4_first_order("bullet", names[k], models[k], 7 + (uint64_t)k, NULL);
    model_free(models[k]);
  }
}

/* Fails when the friction coefficient is Bullet's product of the objects' (0.25 here: the cube
 * slides at 2 g (sin - mu cos) and more) rather than the pair's, or the friction is a single
 * direction along the slip (the hold would creep). */
Test(bullet, incline_holds_below_tan_theta_mu_and_slides_at_g_sin_minus_mu_cos) {
  /* PGS meets mu N within 0.05% here; the Dantzig solve of the MLCP gives 14% less friction
   * (2.235 m/s^2 at dt 1e-3; docs/integrators.md): each friction row's bound is mu times the
   * normal impulse the pivoting has when it reaches that row, as ODE's dWorldStep (2.3% there) */
  pf_expect_incline("bullet", 1e-4, 1e-4, 1e-3);
  pf_expect_incline("bullet-mlcp", 1e-4, 1e-4, 0.16);
}

/* Fails when the stiffness is Bullet's series combination of the objects' (k/2 against a rigid
 * floor would be infinite, against an equal material half) or its CFM misses the 1/h. */
Test(bullet, a_ball_at_rest_stays_at_the_penetration_m_g_over_k) {
  for (int e = 0; e < 2; ++e) pf_expect_rest_at_penetration(engines[e]);
}

/* Fails with a restitution left at Bullet's (the objects' product) above 0 plus the spring's
 * rebound, or with a split impulse that adds velocity. */
Test(bullet, an_elastic_bounce_gains_no_energy) {
  for (int e = 0; e < 2; ++e) pf_expect_elastic_bounce(engines[e]);
}

/* Fails with the belt's motion of the wrong sign or not on the friction direction. */
Test(bullet, a_belt_drags_a_box_its_own_way) {
  for (int e = 0; e < 2; ++e) pf_expect_belt_drag(engines[e]);
}

static void expect_refused(const char *json, const char *name, const char *field, const char *why) {
  for (int e = 0; e < 2; ++e) pf_expect_refused(engines[e], json, name, field, why);
}

Test(bullet, what_bullet_cannot_represent_is_refused_with_its_reason) {
  expect_refused(PF_INNER_FREE_SCENE, "inner_free.json", "bodies[1] ('loose').joint", "no free joint inside a tree");
  pf_expect_case_refused("bullet", "cases/suction_gripper.json",
                         "cases/suction_gripper.json: suction: Bullet has no suction cups");
}

Test(bullet, every_case_converts_and_runs_or_is_refused_naming_its_field) {
  int ran, refused, ran_mlcp, refused_mlcp; /* the counts are the scenes bullet converts */
  pf_run_every_case("bullet", ": Bullet ", &ran, &refused);
  pf_run_every_case("bullet-mlcp", ": Bullet ", &ran_mlcp, &refused_mlcp);
  cr_expect_geq(ran, 20);
  cr_expect_eq(refused, 2); /* suction_gripper; franka_box_rotor (joint armature) */
}

/* Fails when a declared option is not applied (the iterations counted are the ones given) or a
 * note is missing. */
Test(bullet, settings_are_declared_and_noted) {
  Model *m = fx_load_json(PF_SPHERE_SCENE("0.5", PF_FLOOR_GEOM, "1e4", "0.1", ""), "notes.json");
  char err[512];
  Integrator *it = pf_create("bullet", m, 1e-3, "iterations", "7", err, sizeof err);
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
  it = pf_create("bullet-mlcp", m, 1e-3, "margin", "-1", err, sizeof err);
  cr_expect_null(it, "a negative margin was accepted");
  cr_expect(strstr(err, "margin"), "%s", err);
  model_free(m);
}
