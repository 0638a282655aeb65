/* The model's continuous view (system_rhs) and discrete view (system_step_data) on small
 * hand-built scenes: free fall, static equilibrium on a plane, contact Jacobians against
 * finite differences of the signed distance, conveyor surface velocity, applied forces. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "integrators/integrator.h"
#include "models/collision.h"
#include "models/contact.h"
#include "models/math3d.h"
#include "models/multibody.h"
#include "models/scene.h"
#include "models/system.h"

/* World with a ground plane and one free body carrying one geometry. */
static Model *one_body_on_plane(GeomType type, double s0, double s1, double s2, double mass, double k) {
  Model *m = calloc(1, sizeof(Model));
  strcpy(m->source, "test_system");
  v3_set(m->gravity, 0, 0, -9.81);
  m->stiction_tolerance = 1e-4;
  m->max_step = 0.1;
  m->t_end = 1;
  m->nbody = 2;
  m->bodies = calloc(2, sizeof(Body));
  Body *b = &m->bodies[1];
  strcpy(b->name, "body");
  b->parent = 0;
  b->joint = JOINT_FREE;
  quat_identity(b->joint_quat);
  b->mass = mass;
  double I = 0.4 * mass * s0 * s0;
  if (type == GEOM_BOX) I = mass * (s0 * s0 + s1 * s1) / 3.0;
  m3_identity(b->inertia);
  for (int i = 0; i < 9; i += 4) b->inertia[i] = I;
  m->nmaterial = 2; /* the body's, and a rigid one for the ground */
  m->materials = calloc(2, sizeof(Material));
  m->materials[0] = (Material){.stiffness = k, .dissipation = 0.0, .mu_static = 1.0, .mu_dynamic = 0.5};
  m->materials[1] = (Material){.stiffness = INFINITY, .dissipation = 0.0, .mu_static = 1.0, .mu_dynamic = 0.5};
  m->ngeom = 2;
  m->geoms = calloc(2, sizeof(Geom));
  m->geoms[0] = (Geom){.type = GEOM_PLANE, .body = 0, .quat = {1, 0, 0, 0}, .material = 1, .margin = 0};
  m->geoms[1] = (Geom){.type = type, .body = 1, .quat = {1, 0, 0, 0}, .size = {s0, s1, s2}, .material = 0, .margin = 0};
  char err[256];
  cr_assert_eq(model_finalize(m, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  return m;
}

Test(system, free_fall_acceleration_is_gravity_for_any_orientation) {
  Model *m = one_body_on_plane(GEOM_SPHERE, 0.1, 0, 0, 2.0, 1e4);
  Data *d = data_create(m);
  double x[13] = {0.1, 0.2, 3.0, 0, 0, 0, 0}, xdot[13];
  double axis[3] = {1, 2, 3};
  v3_normalize(axis);
  quat_from_axis_angle(x + 3, axis, 0.7);
  cr_assert_eq(system_rhs(m, d, 0, x, xdot), 0);
  const double *gb = m->gravity; /* free-body velocities are world-frame */
  for (int i = 0; i < 3; ++i) {
    cr_expect(fabs(xdot[7 + i]) < 1e-12, "angular acc %g", xdot[7 + i]);
    cr_expect(fabs(xdot[10 + i] - gb[i]) < 1e-12, "linear acc %d: %g vs %g", i, xdot[10 + i], gb[i]);
  }
  cr_expect_eq(d->ncon, 0);
  data_free(d);
  model_free(m);
}

Test(system, sphere_rests_at_static_penetration) {
  double mass = 2.0, k = 1e4, r = 0.1;
  Model *m = one_body_on_plane(GEOM_SPHERE, r, 0, 0, mass, k);
  Data *d = data_create(m);
  double pen = mass * 9.81 / k; /* static penetration m g / k */
  double x[13] = {0, 0, r - pen, 1, 0, 0, 0}, xdot[13];
  cr_assert_eq(system_rhs(m, d, 0, x, xdot), 0);
  cr_expect_eq(d->ncon, 1);
  for (int i = 7; i < 13; ++i) cr_expect(fabs(xdot[i]) < 1e-9, "acc[%d] = %g", i - 7, xdot[i]);
  /* deeper: pushed up by k * extra / m */
  x[2] -= 1e-3;
  cr_assert_eq(system_rhs(m, d, 0, x, xdot), 0);
  cr_expect(fabs(xdot[12] - k * 1e-3 / mass) < 1e-9);
  data_free(d);
  model_free(m);
}

/* v_n from the contact Jacobian equals d phi / dt along q' = N(q) v (finite differences). */
Test(system, contact_normal_velocity_matches_phi_rate) {
  Model *m = one_body_on_plane(GEOM_SPHERE, 0.1, 0, 0, 1.0, 1e4);
  Data *d = data_create(m);
  srand(3);
  for (int trial = 0; trial < 20; ++trial) {
    double q[7] = {0.3, -0.2, 0.099, 1, 0.1 * trial, -0.2, 0.3}, v[6], z[1] = {0};
    quat_normalize(q + 3);
    for (int i = 0; i < 6; ++i) v[i] = (double)rand() / RAND_MAX - 0.5;
    cr_assert_eq(system_step_data(m, d, 0, q, v, z, 0.0), 0);
    cr_assert_eq(d->ncon, 1);
    const Contact *c = &d->contacts[0];
    double sign = m->geoms[c->geom[0]].type == GEOM_SPHERE ? 1.0 : -1.0; /* n points into A */
    double vn = c->vc0[2];
    double h = 1e-7, qp[7], qm[7];
    mb_integrate_q(m, q, v, h, qp);
    mb_integrate_q(m, q, v, -h, qm);
    mb_kinematics(m, d, qp);
    collision_detect(m, d);
    double phip = d->contacts[0].phi;
    mb_kinematics(m, d, qm);
    collision_detect(m, d);
    double phim = d->contacts[0].phi;
    double rate = (phip - phim) / (2 * h);
    cr_expect(fabs(rate - vn) < 1e-6, "phi rate %g vs v_n %g (sign %g)", rate, vn, sign);
  }
  data_free(d);
  model_free(m);
}

/* Generalized contact force J^T f equals the work-equivalent: v^T J^T f = v_c . f for random v. */
Test(system, contact_jacobian_transpose_is_adjoint) {
  Model *m = one_body_on_plane(GEOM_BOX, 0.1, 0.2, 0.05, 1.0, 1e4);
  Data *d = data_create(m);
  double q[7] = {0, 0, 0.049, 1, 0.01, 0.02, 0}, v[6] = {0.1, -0.3, 0.2, 0.5, -0.4, 0.3}, z[1] = {0};
  quat_normalize(q + 3);
  cr_assert_eq(system_step_data(m, d, 0, q, v, z, 0.0), 0);
  cr_assert(d->ncon >= 3, "box tilted slightly on a plane: %d contacts", d->ncon);
  for (int i = 0; i < d->ncon; ++i) {
    double f[3] = {0.3 * i - 1, 2.0, 0.7}, gen[6] = {0}, vc[3];
    contact_apply_force(m, d, i, f, gen);
    contact_velocity(m, d, i, v, vc);
    double lhs = 0;
    for (int k = 0; k < 6; ++k) lhs += v[k] * gen[k];
    cr_expect(fabs(lhs - v3_dot(vc, f)) < 1e-12);
    /* contact frame is orthonormal */
    const double *F = d->contacts[i].frame;
    double RRt[9];
    m3_mult(RRt, F, F);
    for (int k = 0; k < 9; ++k) cr_expect(fabs(RRt[k] - (k % 4 == 0)) < 1e-12);
  }
  data_free(d);
  model_free(m);
}

Test(system, conveyor_drags_resting_box_along_belt) {
  Model *m = one_body_on_plane(GEOM_BOX, 0.05, 0.05, 0.05, 1.0, 1e5);
  m->geoms[0].has_surface_velocity = 1;
  v3_set(m->geoms[0].surface_dir, 1, 0, 0);
  m->geoms[0].surface_bias = 0.2;
  Data *d = data_create(m);
  double pen = 9.81 / 1e5 / 4;
  double x[13] = {0, 0, 0.05 - pen, 1, 0, 0, 0}, xdot[13];
  cr_assert_eq(system_rhs(m, d, 0, x, xdot), 0);
  cr_assert_eq(d->ncon, 4);
  /* belt moves +x under a box at rest: friction accelerates the box along +x at ~mu_d g */
  cr_expect(xdot[10] > 0.4 * 9.81 && xdot[10] < 0.55 * 9.81, "a_x = %g", xdot[10]);
  data_free(d);
  model_free(m);
}

Test(system, applied_force_ramp) {
  Model *m = one_body_on_plane(GEOM_SPHERE, 0.1, 0, 0, 2.0, 1e4);
  m->nforce = 1;
  m->forces = calloc(1, sizeof(AppliedForce));
  m->forces[0] = (AppliedForce){.body = 1, .dir = {1, 0, 0}, .ramp_rate = 20, .ramp_end = 1};
  Data *d = data_create(m);
  double x[13] = {0, 0, 3, 1, 0, 0, 0}, xdot[13];
  cr_assert_eq(system_rhs(m, d, 0.5, x, xdot), 0);
  cr_expect(fabs(xdot[10] - 10.0 / 2.0) < 1e-12);
  cr_assert_eq(system_rhs(m, d, 2.0, x, xdot), 0);
  cr_expect(fabs(xdot[10] - 20.0 / 2.0) < 1e-12);
  data_free(d);
  model_free(m);
}

/* ---------- compliant joint limits (system.c joint_limits) ---------- */

/* A rod of mass m with its COM at distance l along the body x axis, hinged about y at the
 * origin: q = 0 horizontal, q > 0 swings the COM down. Limit [lower, upper]. */
static Model *hinged_rod(double lower, double upper, int has_limit) {
  Model *m = calloc(1, sizeof(Model));
  strcpy(m->source, "test_system");
  v3_set(m->gravity, 0, 0, -9.81);
  m->stiction_tolerance = 1e-4;
  m->t_end = 1;
  m->nbody = 2;
  m->bodies = calloc(2, sizeof(Body));
  Body *b = &m->bodies[1];
  strcpy(b->name, "rod");
  b->joint = JOINT_REVOLUTE;
  quat_identity(b->joint_quat);
  v3_set(b->axis, 0, 1, 0);
  b->mass = 2.0;
  v3_set(b->com, 0.5, 0, 0);
  for (int i = 0; i < 9; i += 4) b->inertia[i] = 0.01;
  b->has_limit = has_limit;
  b->limit_lower = lower;
  b->limit_upper = upper;
  m->nmaterial = 1;
  m->materials = calloc(1, sizeof(Material));
  char err[256];
  cr_assert_eq(model_finalize(m, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  return m;
}

/* Classical RK4 on system_rhs, h = 1e-4 (h * omega = 0.01), recording the largest violation
 * of the upper limit and the velocity just before the first crossing. */
static void rk4_limit_run(const Model *m, Data *d, double T, double *x, double *max_viol, double *v_hit) {
  double k1[2], k2[2], k3[2], k4[2], xt[2], h = 1e-4;
  *max_viol = 0;
  *v_hit = NAN;
  for (double t = 0; t < T - 0.5 * h; t += h) {
    cr_assert_eq(system_rhs(m, d, t, x, k1), 0);
    for (int i = 0; i < 2; ++i) xt[i] = x[i] + 0.5 * h * k1[i];
    cr_assert_eq(system_rhs(m, d, t + 0.5 * h, xt, k2), 0);
    for (int i = 0; i < 2; ++i) xt[i] = x[i] + 0.5 * h * k2[i];
    cr_assert_eq(system_rhs(m, d, t + 0.5 * h, xt, k3), 0);
    for (int i = 0; i < 2; ++i) xt[i] = x[i] + h * k3[i];
    cr_assert_eq(system_rhs(m, d, t + h, xt, k4), 0);
    double before[2] = {x[0], x[1]};
    for (int i = 0; i < 2; ++i) x[i] += h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
    const Body *b = &m->bodies[1];
    if (isnan(*v_hit) && before[0] <= b->limit_upper && x[0] > b->limit_upper) *v_hit = before[1];
    *max_viol = fmax(*max_viol, x[0] - b->limit_upper);
  }
}

/* Falling from horizontal onto the upper limit 0.5 rad. Near the limit the violation obeys
 * delta'' + c delta' + k delta = g_eff (g_eff = m g l cos(q) / I, M_ii = I), critically
 * damped with the defaults (omega = 100): delta(t) = s + e^{-omega t} (-s + (w0 - omega s) t),
 * s = g_eff / k. Its maximum, the final rest at s, and the impact speed from energy are checked. */
Test(system, joint_limit_catches_falling_pendulum) {
  const double upper = 0.5, mass = 2.0, l = 0.5, I = 0.01 + mass * l * l, g = 9.81;
  Model *m = hinged_rod(-1.0, upper, 1);
  Data *d = data_create(m);
  double x[2] = {0, 0}, viol, w0;
  rk4_limit_run(m, d, 1.0, x, &viol, &w0);
  double w0_energy = sqrt(2 * mass * g * l * sin(upper) / I);
  cr_expect(fabs(w0 - w0_energy) < 2e-3 * w0_energy, "impact speed %g vs energy %g", w0, w0_energy);
  double om = 100.0, s = mass * g * l * cos(upper) / I / (om * om), pred = 0;
  for (double t = 0; t < 0.1; t += 1e-6)
    pred = fmax(pred, s + exp(-om * t) * (-s + (w0 - om * s) * t));
  cr_expect(fabs(viol - pred) < 0.02 * pred, "max violation %g vs linear prediction %g", viol, pred);
  cr_expect(viol < 0.02, "violation %g rad", viol);
  /* at rest on the limit, deflected by the static load */
  double s_rest = mass * g * l * cos(upper + s) / I / (om * om);
  cr_expect(fabs(x[0] - upper - s_rest) < 1e-3 * s_rest && fabs(x[1]) < 1e-9, "rest %g (v %g), want %g", x[0] - upper, x[1], s_rest);
  /* without the limit it swings through */
  Model *free_rod = hinged_rod(-1.0, upper, 0);
  Data *d2 = data_create(free_rod);
  double y[2] = {0, 0};
  rk4_limit_run(free_rod, d2, 0.5, y, &viol, &w0);
  cr_expect(viol > 0.5, "unlimited rod passes the limit by %g", viol);
  data_free(d2);
  model_free(free_rod);
  data_free(d);
  model_free(m);
}

/* Inside the limits nothing changes; beyond, the force is -M_ii (k delta + c delta')_+ with
 * the model's parameters, and it never pulls (push-only). */
Test(system, joint_limit_force_law) {
  Model *m = hinged_rod(-1.0, 0.5, 1), *ref = hinged_rod(-1.0, 0.5, 0);
  m->limit_stiffness = 400;
  m->limit_damping = 10;
  Data *d = data_create(m), *dr = data_create(ref);
  double cases[][2] = {{0.2, 3}, {0.6, 1}, {0.6, -3}, {0.6, -50}, {-1.2, -2}, {-1.2, 100}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    double x[2] = {cases[i][0], cases[i][1]}, a[2], ar[2];
    cr_assert_eq(system_rhs(m, d, 0, x, a), 0);
    cr_assert_eq(system_rhs(ref, dr, 0, x, ar), 0);
    double q = x[0], v = x[1], f = 0;
    if (q > 0.5) f = -fmax(0, 400 * (q - 0.5) + 10 * v);
    else if (q < -1.0) f = fmax(0, 400 * (-1.0 - q) - 10 * v);
    cr_expect(fabs(a[1] - ar[1] - f) < 1e-9 * (1 + fabs(f)), "q %g v %g: limit acceleration %g, want %g", q, v,
              a[1] - ar[1], f);
  }
  data_free(d); data_free(dr);
  model_free(m); model_free(ref);
}

/* Return codes signed as in SUNDIALS: a non-finite state makes system_rhs fail recoverably
 * (positive, a shorter step may avoid it), never with a negative (unrecoverable) code. */
Test(system, rhs_failure_is_recoverable_and_positive) {
  char err[512];
  Model *m = scene_load("cases/ball_drop.json", CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(m, "%s", err);
  Data *d = data_create(m);
  int nx = system_nx(m);
  double *x = calloc((size_t)nx, sizeof(double)), *xdot = calloc((size_t)nx, sizeof(double));
  system_initial_state(m, x);
  cr_expect_eq(system_rhs(m, d, 0.0, x, xdot), CB_OK);
  x[m->nq] = NAN; /* a velocity */
  int rc = system_rhs(m, d, 0.0, x, xdot);
  cr_expect_eq(rc, CB_RECOVERABLE_MODEL);
  cr_expect_gt(rc, 0);
  cr_expect_gt(CB_RECOVERABLE_SOLVER, 0);
  cr_expect_gt(CB_RECOVERABLE_MODEL, 0);
  cr_expect_lt(CB_ERR_MODEL, 0);
  free(x);
  free(xdot);
  data_free(d);
  model_free(m);
}
