/* The analytic cases of cases/ as tests: their exact answers (the papers' published parameters; contact-models paper)
 * asserted against tight runs of the real scene files through the integrator interface. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "integrators/integrator.h"
#include "models/scene.h"
#include "models/system.h"

typedef struct {
  Model *m;
  Integrator *it;
  Data *d;
  double *x;
} Run;

static Run start(const char *case_file, const char *integrator, double accuracy) {
  Run r = {0};
  char err[512];
  r.m = scene_load(case_file, CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(r.m, "%s", err);
  /* SUNDIALS baselines with the full-state norm (tight velocities too); CENIC with its default
   * positions-only norm (CENIC V-E). */
  IntegratorOptions opt = {.accuracy = accuracy, .error_norm = strncmp(integrator, "cenic", 5) ? ERRNORM_FULL : ERRNORM_POSITIONS};
  r.it = integrator_create(integrator, r.m, &opt, CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(r.it, "%s", err);
  int nx = system_nx(r.m);
  r.x = calloc((size_t)nx, sizeof(double));
  system_initial_state(r.m, r.x);
  cr_assert_eq(integrator_reset(r.it, 0, r.x), CB_OK);
  r.d = data_create(r.m);
  return r;
}

static void advance(Run *r, double t) {
  cr_assert_eq(integrator_advance(r->it, t, r->x), CB_OK, "%s at t = %g: %s", r->it->vtbl->name, t, r->it->message);
}

static void finish(Run *r) {
  integrator_destroy(r->it);
  data_free(r->d);
  model_free(r->m);
  free(r->x);
}

/* Sliding cube: v(t) = v0 - mu g t, stops at v0/(mu g) after v0^2/(2 mu g), no sideways drift. */
static void sliding_cube(const char *integrator, double accuracy, double tol_distance) {
  Run r = start("cases/sliding_cube.json", integrator, accuracy);
  const double mu = 0.4, g = 9.81, v0 = 1.0, t_stop = v0 / (mu * g), x_stop = v0 * v0 / (2 * mu * g);
  /* decelerating phase: velocity on the analytic line (v is world-frame, index nq + 3) */
  for (double t = 0.05; t < 0.8 * t_stop; t += 0.05) {
    advance(&r, t);
    double v = r.x[r.m->nq + 3];
    cr_expect(fabs(v - (v0 - mu * g * t)) < 0.01 * v0, "%s: v(%g) = %g, analytic %g", integrator, t, v, v0 - mu * g * t);
  }
  advance(&r, 0.5);
  cr_expect(fabs(r.x[0] - x_stop) < tol_distance * x_stop, "%s: stopped at %g m, analytic %g", integrator, r.x[0], x_stop);
  cr_expect(fabs(r.x[1]) < 1e-6, "%s: sideways drift %g", integrator, r.x[1]);
  cr_expect(fabs(r.x[r.m->nq + 3]) < 1e-3, "%s: still moving at %g m/s", integrator, r.x[r.m->nq + 3]);
  finish(&r);
}

Test(cases, sliding_cube_stops_at_the_analytic_distance) {
  sliding_cube("bdf", 1e-8, 1e-3);
  sliding_cube("cenic-sd", 1e-5, 3e-3);
}

/* Dragged cube: F = 20 t N on 1 kg with mu 0.4 slips at t_s = mu m g / 20 = 0.196 s, then
 * v(t) = 10 (t^2 - t_s^2) - mu g (t - t_s). Regularized friction smears the onset over a few
 * ms, which leaves a constant velocity offset of ~1 mm/s: tol is absolute (m/s). */
static void dragged_cube(const char *integrator, double accuracy, double tol) {
  Run r = start("cases/dragged_cube.json", integrator, accuracy);
  const double mu = 0.4, g = 9.81, ts = mu * g / 20.0;
  advance(&r, 0.9 * ts);
  cr_expect(fabs(r.x[r.m->nq + 3]) < 2e-3, "%s: moving before slip onset: v = %g", integrator, r.x[r.m->nq + 3]);
  for (double t = 0.4; t <= 1.0 + 1e-12; t += 0.2) {
    advance(&r, t);
    double v = r.x[r.m->nq + 3], exact = 10 * (t * t - ts * ts) - mu * g * (t - ts);
    cr_expect(fabs(v - exact) < tol, "%s: v(%g) = %g, analytic %g", integrator, t, v, exact);
  }
  finish(&r);
}

Test(cases, dragged_cube_slips_at_the_analytic_onset) {
  dragged_cube("bdf", 1e-8, 2e-3);
  dragged_cube("cenic-sd", 1e-5, 2e-2);
}

/* Ball drop: free fall until first contact at sqrt(2 (1 - r) / g) = 0.4401 s. */
Test(cases, ball_drop_falls_freely_until_first_contact) {
  Run r = start("cases/ball_drop.json", "bdf", 1e-9);
  const double g = 9.81, t_contact = sqrt(2 * (1 - 0.05) / g);
  for (double t = 0.1; t < t_contact; t += 0.1) {
    advance(&r, t);
    cr_expect(fabs(r.x[2] - (1 - 0.5 * g * t * t)) < 1e-7, "z(%g) = %.10g", t, r.x[2]);
  }
  advance(&r, t_contact);
  cr_expect(fabs(r.x[2] - 0.05) < 1e-6, "center at first contact: %g", r.x[2]);
  advance(&r, t_contact + 0.01);
  cr_expect(r.x[2] < 0.05, "the ball must be in contact just after %g s", t_contact);
  finish(&r);
}

/* Bouncing ball (CENIC Fig. 8): no dissipation, no friction: mechanical energy (kinetic +
 * gravity + the elastic energy k phi^2 / 2 while in contact) is conserved over 10 bounces. */
Test(cases, bouncing_ball_conserves_energy) {
  Run r = start("cases/bouncing_ball.json", "bdf", 1e-10);
  double E0 = system_energy(r.m, r.d, r.x);
  double k = r.m->materials[1].stiffness, worst = 0;
  for (double t = 0.05; t <= 10.0 + 1e-12; t += 0.05) {
    advance(&r, t);
    double pen;
    cr_assert_eq(system_max_penetration(r.m, r.d, r.x, &pen), CB_OK);
    double E = system_energy(r.m, r.d, r.x) + 0.5 * k * pen * pen;
    worst = fmax(worst, fabs(E - E0) / fabs(E0));
  }
  cr_expect(worst < 1e-5, "relative energy drift %g", worst);
  finish(&r);
}

/* Conveyor (CENIC Fig. 14): belt u(t) = 0.8 sin(4 pi t), mu_s = 1, mu_d = 0.5. While sliding, the
 * box accelerates at mu_d g (not mu_s g); where the belt's acceleration is below mu_s g it
 * catches the belt and sticks (relative velocity of the order of v_s). */
static void conveyor(const char *integrator, double accuracy) {
  Run r = start("cases/conveyor.json", integrator, accuracy);
  const double g = 9.81, mu_d = 0.5;
  int iv = r.m->nq + 3;
  advance(&r, 0.02);
  double v1 = r.x[iv];
  advance(&r, 0.10);
  double a = (r.x[iv] - v1) / 0.08;
  cr_expect(fabs(a - mu_d * g) < 0.02 * mu_d * g, "%s: sliding acceleration %g, mu_d g = %g", integrator, a, mu_d * g);
  const double stick[3] = {0.18, 0.46, 0.70};
  for (int k = 0; k < 3; ++k) {
    advance(&r, stick[k]);
    double rel = r.x[iv] - 0.8 * sin(4 * M_PI * stick[k]);
    cr_expect(fabs(rel) < 2e-3, "%s: not stuck to the belt at %g s: relative velocity %g", integrator, stick[k], rel);
  }
  finish(&r);
}

Test(cases, conveyor_sticks_and_slips_with_static_and_dynamic_friction) {
  conveyor("bdf", 1e-8);
  conveyor("cenic-sd", 1e-5); /* CENIC Fig. 14: at 1e-5 the box catches in stiction */
}

/* Error control honours its contract: on the sliding cube the error of
 * cenic-sd and cenic-trap against a tight bdf reference, max over a 10 ms grid of the largest
 * position coordinate difference, falls by more than 10x as the accuracy tightens 1e-3 -> 1e-6,
 * and keeps falling to 1e-7. */
#define GRID_N 50
static void grid_positions(const char *integrator, double accuracy, double q[GRID_N][7]) {
  Run r = start("cases/sliding_cube.json", integrator, accuracy);
  for (int k = 0; k < GRID_N; ++k) {
    advance(&r, 0.01 * (k + 1));
    memcpy(q[k], r.x, sizeof(double) * 7);
  }
  finish(&r);
}

/* Largest position-coordinate difference over n grid points (quaternions sign-aligned). */
static double grid_error_n(double (*a)[7], double (*b)[7], int n) {
  double e = 0;
  for (int k = 0; k < n; ++k) {
    double dot = a[k][3] * b[k][3] + a[k][4] * b[k][4] + a[k][5] * b[k][5] + a[k][6] * b[k][6];
    double sgn = dot < 0 ? -1 : 1; /* q and -q are the same rotation */
    for (int i = 0; i < 7; ++i) e = fmax(e, fabs((i >= 3 ? sgn : 1) * a[k][i] - b[k][i]));
  }
  return e;
}

Test(cases, cenic_error_falls_as_accuracy_tightens_on_sliding_cube) {
  static double ref[GRID_N][7], q[GRID_N][7];
  grid_positions("bdf", 1e-9, ref);
  const char *names[2] = {"cenic-sd", "cenic-trap"};
  for (int n = 0; n < 2; ++n) {
    double e[5];
    for (int j = 0; j < 5; ++j) {
      grid_positions(names[n], pow(10.0, -3 - j), q); /* 1e-3 ... 1e-7 */
      e[j] = grid_error_n(q, ref, GRID_N);
      if (getenv("CASES_VERBOSE")) fprintf(stderr, "%s %g: %g\n", names[n], pow(10.0, -3 - j), e[j]);
    }
    cr_expect(e[3] < 0.1 * e[0], "%s: error %g at 1e-6 vs %g at 1e-3", names[n], e[3], e[0]);
    cr_expect(e[4] < e[1] && e[4] < e[2], "%s: error at 1e-7 (%g) not below 1e-4 (%g) and 1e-5 (%g)", names[n], e[4], e[1], e[2]);
    cr_expect(e[4] < 1e-4, "%s: error %g at 1e-7", names[n], e[4]);
  }
}

/* Every registered integrator converges on the ball drop (free fall, first impact at 0.44 s,
 * rebound): positions on a 10 ms grid up to 0.6 s against bdf at 1e-10; tightening the accuracy
 * 1e-4 -> 1e-7 (or dt 1e-3 -> 1e-4) cuts the error at least 5x, and the tight run is close. */
#define DROP_N 60
static void drop_positions(const char *integrator, double param, double q[DROP_N][7]) {
  char err[512];
  Model *m = scene_load("cases/ball_drop.json", CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(m, "%s", err);
  const IntegratorVtbl *vt = integrator_find(integrator);
  IntegratorOptions opt = {.error_norm = ERRNORM_FULL};
  if (vt->fixed_step) opt.dt = param; else opt.accuracy = param;
  Integrator *it = integrator_create(integrator, m, &opt, CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(it, "%s", err);
  double x[13];
  system_initial_state(m, x);
  cr_assert_eq(integrator_reset(it, 0, x), CB_OK);
  for (int k = 0; k < DROP_N; ++k) {
    cr_assert_eq(integrator_advance(it, 0.01 * (k + 1), x), CB_OK, "%s: %s", integrator, it->message);
    memcpy(q[k], x, sizeof(double) * 7);
  }
  integrator_destroy(it);
  model_free(m);
}

Test(cases, ball_drop_every_integrator_converges) {
  static double ref[DROP_N][7], q[DROP_N][7];
  drop_positions("bdf", 1e-10, ref);
  for (int n = 0; n < integrator_count(); ++n) {
    const IntegratorVtbl *vt = integrator_at(n);
    if (vt->peer_model) continue; /* MuJoCo converges to its own contact model (test_mujoco.c) */
    double loose = vt->fixed_step ? 1e-3 : 1e-4, tight = vt->fixed_step ? 1e-4 : 1e-7;
    drop_positions(vt->name, loose, q);
    double e_loose = grid_error_n(q, ref, DROP_N);
    drop_positions(vt->name, tight, q);
    double e_tight = grid_error_n(q, ref, DROP_N);
    if (getenv("CASES_VERBOSE")) fprintf(stderr, "%s: %g -> %g\n", vt->name, e_loose, e_tight);
    cr_expect(e_tight < e_loose / 5, "%s: error %g at %g, %g at %g", vt->name, e_loose, loose, e_tight, tight);
    cr_expect(e_tight < 0.03, "%s: error %g at %g", vt->name, e_tight, tight);
  }
}
