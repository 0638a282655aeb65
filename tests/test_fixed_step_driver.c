/* The shared fixed-step driver (integrators/common/stepper.h): a new fixed-step integrator is
 * one attempt function and a vtbl. Semi-implicit (symplectic) Euler below, between the markers,
 * is the whole integrator (about 50 lines); the tests measure its order on the double pendulum,
 * the step budget, the quaternion renormalization of the dense output, and the driver's checks
 * (non-finite state, turn bound). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "integrators/common/stepper.h"
#include "integrators/integrator.h"
#include "models/data.h"
#include "models/multibody.h"
#include "models/scene.h"
#include "models/system.h"
#include "sim_fixtures.h"

/* ---- begin: a complete fixed-step integrator ---- */
typedef struct {
  Data *d;
  double *xdot;
  const Model *m;
} SymplecticEuler;

/* v1 = v + h v'(q, v); q1 = q + h N(q) v1 (N(q) v1: the rhs's position rows at (q, v1)). */
static int se_attempt(void *content, const StepAttempt *a, double *xout, StepEstimate *est) {
  SymplecticEuler *e = content;
  const Model *m = e->m;
  int nq = m->nq, nx = system_nx(m);
  if (system_rhs(m, e->d, a->t, a->x, e->xdot) != CB_OK) return CB_RECOVERABLE_MODEL;
  memcpy(xout, a->x, sizeof(double) * (size_t)nx);
  for (int i = nq; i < nx; ++i) xout[i] = a->x[i] + a->h * e->xdot[i];
  if (system_rhs(m, e->d, a->t, xout, e->xdot) != CB_OK) return CB_RECOVERABLE_MODEL;
  for (int i = 0; i < nq; ++i) xout[i] = a->x[i] + a->h * e->xdot[i];
  mb_normalize_q(m, xout);
  return CB_OK;
}
static const StepperOps se_ops = {.attempt = se_attempt};

static double se_max_turn; /* the turn bound the test declares (0: none) */
static int se_create(Integrator *it) {
  SymplecticEuler *e = calloc(1, sizeof *e);
  if (!e) return integrator_fail(it, CB_ERR_MEMORY, "out of memory");
  it->content = e;
  e->m = it->model;
  e->d = data_create(it->model);
  e->xdot = calloc((size_t)system_nx(it->model) + 1, sizeof(double));
  if (!e->d || !e->xdot) return integrator_fail(it, CB_ERR_MEMORY, "out of memory");
  StepperConfig cfg = {.kind = STEPPER_FIXED, .ops = &se_ops, .content = e, .max_turn = se_max_turn};
  return integrator_use_stepper(it, &cfg);
}
static void se_destroy(Integrator *it) {
  SymplecticEuler *e = it->content;
  stepper_release(it);
  if (!e) return;
  data_free(e->d);
  free(e->xdot);
  free(e);
  it->content = NULL;
}
static INTEGRATOR_VTBL(symplectic_euler_vtbl, "symplectic-euler", "semi-implicit Euler (test)", 1, se_create, stepper_reset, stepper_advance, se_destroy, .default_error_norm = ERRNORM_FULL);
/* ---- end ---- */

/* State at T from the model's initial state (x0 may override it). */
static int run(const IntegratorVtbl *vt, const Model *m, double dt, double acc, double T, const double *x0, double *x,
               long max_steps, Integrator **keep) {
  IntegratorOptions o = {.dt = dt, .accuracy = acc, .max_steps = max_steps, .error_norm = ERRNORM_FULL};
  char err[512];
  Integrator *it = integrator_create_vtbl(vt, m, &o, CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(it, "%s", err);
  if (x0) memcpy(x, x0, sizeof(double) * (size_t)system_nx(m));
  else system_initial_state(m, x);
  cr_assert_eq(integrator_reset(it, 0.0, x), CB_OK);
  int rc = integrator_advance(it, T, x);
  if (keep) *keep = it;
  else integrator_destroy(it);
  return rc;
}

Test(fixed_step_driver, new_integrator_converges_at_first_order) {
  Model *m = fx_load_file("cases/double_pendulum.json");
  int nx = system_nx(m);
  double *ref = calloc((size_t)nx, sizeof(double)), *x = calloc((size_t)nx, sizeof(double));
  cr_assert_eq(run(integrator_find("rk3"), m, 0, 1e-11, 0.5, NULL, ref, 0, NULL), CB_OK);
  double e[3];
  const double dts[3] = {4e-3, 2e-3, 1e-3};
  for (int k = 0; k < 3; ++k) {
    cr_assert_eq(run(&symplectic_euler_vtbl, m, dts[k], 0, 0.5, NULL, x, 0, NULL), CB_OK);
    e[k] = 0;
    for (int i = 0; i < nx; ++i) e[k] = fmax(e[k], fabs(x[i] - ref[i]));
  }
  for (int k = 0; k < 2; ++k) {
    double order = log2(e[k] / e[k + 1]);
    cr_expect(order > 0.85 && order < 1.15, "order %.3f between dt %g and %g (errors %g, %g)", order, dts[k], dts[k + 1],
              e[k], e[k + 1]);
  }
  free(ref);
  free(x);
  model_free(m);
}

Test(fixed_step_driver, step_budget_stops_the_run_where_it_is) {
  Model *m = fx_load_file("cases/double_pendulum.json");
  double *x = calloc((size_t)system_nx(m), sizeof(double));
  Integrator *it = NULL;
  cr_expect_eq(run(&symplectic_euler_vtbl, m, 1e-3, 0, 1.0, NULL, x, 10, &it), CB_ERR_STEP);
  cr_expect(strstr(it->message, "step budget of 10 steps"), "%s", it->message);
  cr_expect_eq(it->stats.steps, 10);
  cr_expect_float_eq(it->t, 0.01, 1e-15);
  integrator_destroy(it);
  free(x);
  model_free(m);
}

/* Between steps the driver interpolates linearly and renormalizes quaternions: a spinning
 * free body's output quaternion has unit norm at every off-grid time, and the output at a
 * step time is that step's state. */
Test(fixed_step_driver, dense_output_keeps_quaternions_unit) {
  Model *m = fx_load_file("cases/ball_drop.json");
  int nx = system_nx(m);
  double *x0 = calloc((size_t)nx, sizeof(double)), *x = calloc((size_t)nx, sizeof(double));
  system_initial_state(m, x0);
  int qadr = -1;
  for (int b = 1; b < m->nbody; ++b)
    if (m->bodies[b].nq == 7) qadr = m->bodies[b].qadr;
  cr_assert_geq(qadr, 0, "a free body");
  x0[m->nq + 0] = 30.0; /* fast spin: angular velocity (world frame) */
  x0[m->nq + 1] = -20.0;
  x0[m->nq + 2] = 50.0;
  char err[512];
  IntegratorOptions o = {.dt = 1e-2};
  Integrator *it = integrator_create_vtbl(&symplectic_euler_vtbl, m, &o, CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(it, "%s", err);
  cr_assert_eq(integrator_reset(it, 0.0, x0), CB_OK);
  for (int k = 1; k <= 40; ++k) {
    double t = 0.0037 * k;
    cr_assert_eq(integrator_advance(it, t, x), CB_OK, "%s", it->message);
    const double *q = x + qadr + 3;
    double n = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    cr_expect(fabs(n - 1.0) < 1e-12, "|q| = %.15g at t = %g", n, t);
  }
  integrator_destroy(it);
  free(x0);
  free(x);
  model_free(m);
}

/* integrator_advance does the shared checks once: a non-finite output time, a positive
 * (recoverable) code escaping an integrator, a NaN in the returned state; and it measures the
 * total time for every integrator (SUNDIALS included). */
static int bad_mode;
static int bad_create(Integrator *it) { (void)it; return CB_OK; }
static int bad_reset(Integrator *it, double t0, const double *x0) { (void)it; (void)t0; (void)x0; return CB_OK; }
static int bad_advance(Integrator *it, double t_out, double *x_out) {
  it->t = t_out;
  int nx = system_nx(it->model);
  for (int i = 0; i < nx; ++i) x_out[i] = 0.0;
  if (bad_mode == 1) return CB_RECOVERABLE_SOLVER;
  if (bad_mode == 2) x_out[nx - 1] = NAN;
  return CB_OK;
}
static void bad_destroy(Integrator *it) { (void)it; }
static INTEGRATOR_VTBL(bad_vtbl, "bad", "test", 1, bad_create, bad_reset, bad_advance, bad_destroy, .default_error_norm = ERRNORM_FULL);

Test(fixed_step_driver, integrator_advance_checks_once_for_everyone) {
  Model *m = fx_load_file("cases/double_pendulum.json");
  double *x = calloc((size_t)system_nx(m), sizeof(double));
  char err[512];
  IntegratorOptions o = {.dt = 1e-2};
  Integrator *it = integrator_create_vtbl(&bad_vtbl, m, &o, CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(it, "%s", err);
  cr_expect_eq(integrator_advance(it, NAN, x), CB_ERR_OPTION);
  bad_mode = 1;
  cr_expect_eq(integrator_advance(it, 0.1, x), CB_ERR_STEP, "a recoverable code does not escape");
  cr_expect(strstr(it->message, "recoverably"), "%s", it->message);
  bad_mode = 2;
  cr_expect_eq(integrator_advance(it, 0.2, x), CB_ERR_NONFINITE);
  cr_expect(strstr(it->message, "non-finite state"), "%s", it->message);
  bad_mode = 0;
  cr_expect_eq(integrator_advance(it, 0.3, x), CB_OK);
  integrator_destroy(it);
  /* the total time is measured here for every integrator, SUNDIALS too */
  Integrator *bdf = NULL;
  cr_assert_eq(run(integrator_find("bdf"), m, 0, 1e-8, 0.5, NULL, x, 0, &bdf), CB_OK);
  cr_expect_gt(bdf->stats.time_total, 0.0);
  integrator_destroy(bdf);
  free(x);
  model_free(m);
}

/* The driver checks each step's state once: a scheme that returns NaN fails the run with
 * CB_ERR_NONFINITE at that step, whatever the scheme checks itself. */
static int nan_attempt(void *content, const StepAttempt *a, double *xout, StepEstimate *est) {
  int rc = se_attempt(content, a, xout, est);
  if (a->t >= 0.05) xout[0] = NAN;
  return rc;
}
static const StepperOps nan_ops = {.attempt = nan_attempt};
static int nan_create(Integrator *it) {
  int rc = se_create(it);
  if (rc == CB_OK) {
    StepperConfig cfg = {.kind = STEPPER_FIXED, .ops = &nan_ops, .content = it->content};
    rc = integrator_use_stepper(it, &cfg);
  }
  return rc;
}
static INTEGRATOR_VTBL(nan_vtbl, "nan-euler", "test", 1, nan_create, stepper_reset, stepper_advance, se_destroy, .default_error_norm = ERRNORM_FULL);

Test(fixed_step_driver, non_finite_step_fails_the_run_at_that_step) {
  Model *m = fx_load_file("cases/double_pendulum.json");
  double *x = calloc((size_t)system_nx(m), sizeof(double));
  Integrator *it = NULL;
  cr_expect_eq(run(&nan_vtbl, m, 1e-2, 0, 1.0, NULL, x, 0, &it), CB_ERR_NONFINITE);
  cr_expect(strstr(it->message, "non-finite"), "%s", it->message);
  cr_expect_eq(it->stats.steps, 5);
  cr_expect_eq(it->stats.rejected, 1);
  cr_expect_float_eq(it->t, 0.05, 1e-12);
  integrator_destroy(it);
  free(x);
  model_free(m);
}

/* A declared turn bound: a body spinning at 50 rad/s turns 28.6 deg per 10 ms step; a bound of
 * 20 deg fails the run at the first step, a bound of 40 deg lets it run. */
Test(fixed_step_driver, turn_bound_refuses_a_step_that_turns_too_far) {
  Model *m = fx_load_file("cases/ball_drop.json");
  int nx = system_nx(m);
  double *x0 = calloc((size_t)nx, sizeof(double)), *x = calloc((size_t)nx, sizeof(double));
  system_initial_state(m, x0);
  x0[m->nq + 2] = 50.0;
  Integrator *it = NULL;
  se_max_turn = 20.0 * M_PI / 180.0;
  cr_expect_eq(run(&symplectic_euler_vtbl, m, 1e-2, 0, 0.05, x0, x, 0, &it), CB_ERR_STEP);
  cr_expect(strstr(it->message, "max_turn"), "%s", it->message);
  cr_expect_eq(it->stats.steps, 0);
  integrator_destroy(it);
  se_max_turn = 40.0 * M_PI / 180.0;
  cr_expect_eq(run(&symplectic_euler_vtbl, m, 1e-2, 0, 0.05, x0, x, 0, NULL), CB_OK);
  se_max_turn = 0.0;
  free(x0);
  free(x);
  model_free(m);
}
