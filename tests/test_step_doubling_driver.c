/* The shared step-doubling driver (integrators/common/stepper.h): a new error-controlled
 * integrator is one attempt function and a vtbl. Explicit Euler below, between the markers, is
 * the whole integrator; the driver calls it for the full step and the two half steps of each
 * attempt. On a harmonic oscillator (q'' = -w^2 q, w = 2 pi) the tests check that its error
 * converges at first order in the step the controller chooses, that the error estimate is the
 * true local error of the propagated state as h -> 0, and how the driver treats failed
 * attempts and dense output. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "integrators/common/stepper.h"
#include "integrators/integrator.h"
#include "models/data.h"
#include "models/system.h"
#include "sim_fixtures.h"

/* ---- begin: a complete step-doubling integrator ---- */
typedef struct {
  Data *d;
  double *xdot;
  const Model *m;
} ExplicitEuler;

/* x1 = x + h f(t, x) */
static int ee_attempt(void *content, const StepAttempt *a, double *xout, StepEstimate *est) {
  ExplicitEuler *e = content;
  int nx = system_nx(e->m);
  if (system_rhs(e->m, e->d, a->t, a->x, e->xdot) != CB_OK) return CB_RECOVERABLE_MODEL;
  for (int i = 0; i < nx; ++i) xout[i] = a->x[i] + a->h * e->xdot[i];
  return CB_OK;
}
static const StepperOps ee_ops = {.attempt = ee_attempt};

static int ee_create(Integrator *it) {
  ExplicitEuler *e = calloc(1, sizeof *e);
  if (!e) return integrator_fail(it, CB_ERR_MEMORY, "out of memory");
  it->content = e;
  e->m = it->model;
  e->d = data_create(it->model);
  e->xdot = calloc((size_t)system_nx(it->model), sizeof(double));
  if (!e->d || !e->xdot) return integrator_fail(it, CB_ERR_MEMORY, "out of memory");
  StepperConfig cfg = {.kind = STEPPER_STEP_DOUBLING, .ops = &ee_ops, .content = e};
  return integrator_use_stepper(it, &cfg);
}
static void ee_destroy(Integrator *it) {
  ExplicitEuler *e = it->content;
  stepper_release(it);
  if (!e) return;
  data_free(e->d);
  free(e->xdot);
  free(e);
  it->content = NULL;
}
static INTEGRATOR_VTBL(euler_sd_vtbl, "euler-sd", "explicit Euler with step doubling (test)", 0, ee_create, stepper_reset, stepper_advance, ee_destroy);
/* ---- end ---- */

/* m = 1 kg on a prismatic x joint with a spring K = 4 pi^2 N/m: q(t) = q0 cos wt + v0/w sin wt. */
static const char *oscillator =
    "{\"name\": \"oscillator\", \"duration\": 1, \"max_step\": 0.1, \"bodies\": [{\"name\": \"mass\", \"mass\": 1, \"inertia\": [1, 1, 1],"
    " \"joint\": {\"type\": \"prismatic\", \"axis\": [1, 0, 0], \"stiffness\": 39.47841760435743},"
    " \"q0\": 0.1, \"v0\": 0.3}]}";
static const double W = 2.0 * M_PI, Q0 = 0.1, V0 = 0.3;
static double q_exact(double t) { return Q0 * cos(W * t) + V0 / W * sin(W * t); }

static Integrator *make(const Model *m, double accuracy, double max_step) {
  IntegratorOptions o = {.accuracy = accuracy, .max_step = max_step, .error_norm = ERRNORM_POSITIONS};
  char err[512];
  Integrator *it = integrator_create_vtbl(&euler_sd_vtbl, m, &o, CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(it, "%s", err);
  double x[2];
  system_initial_state(m, x);
  cr_assert_eq(integrator_reset(it, 0.0, x), CB_OK);
  return it;
}

Test(step_doubling_driver, oscillator_model_is_the_analytic_one) {
  Model *m = fx_load_json(oscillator, "oscillator");
  cr_assert_eq(system_nx(m), 2);
  Data *d = data_create(m);
  double x[2] = {0.1, 0.3}, xdot[2];
  cr_assert_eq(system_rhs(m, d, 0.0, x, xdot), CB_OK);
  cr_expect_float_eq(xdot[0], 0.3, 1e-12);
  cr_expect_float_eq(xdot[1], -W * W * 0.1, 1e-9);
  data_free(d);
  model_free(m);
}

/* Global error at t = 1 against the mean accepted step T / steps over four decades of accuracy:
 * first order (slope 1 in log-log), as explicit Euler is. */
Test(step_doubling_driver, error_converges_at_first_order_in_the_chosen_step) {
  Model *m = fx_load_json(oscillator, "oscillator");
  double e[4], hmean[4];
  for (int k = 0; k < 4; ++k) {
    Integrator *it = make(m, pow(10.0, -4 - k), 0.1);
    double x[2];
    cr_assert_eq(integrator_advance(it, 1.0, x), CB_OK, "%s", it->message);
    e[k] = fabs(x[0] - q_exact(1.0));
    hmean[k] = 1.0 / (double)it->stats.steps;
    integrator_destroy(it);
  }
  for (int k = 0; k < 3; ++k) {
    double order = log(e[k] / e[k + 1]) / log(hmean[k] / hmean[k + 1]);
    cr_log_info("mean step %.3g -> %.3g: error %.3g -> %.3g, order %.3f", hmean[k], hmean[k + 1], e[k], e[k + 1], order);
    cr_expect(order > 0.85 && order < 1.15, "order %.3f between mean steps %g and %g (errors %g, %g)", order, hmean[k],
              hmean[k + 1], e[k], e[k + 1]);
  }
  model_free(m);
}

/* The first attempt from x0 has size 0.1 max_step; with a loose accuracy it is accepted, and
 * an output at its end is its state. Its estimate |x_new - x_full| = w^2 q0 h^2 / 4 + O(h^3)
 * is the true error of x_new (the two half steps) to leading order: the ratio tends to 1. */
static double first_error;
static void keep_first(void *ctx, const Integrator *it, const StepEvent *e) {
  (void)ctx;
  (void)it;
  if (isnan(first_error)) first_error = e->error;
}

Test(step_doubling_driver, error_estimate_is_the_true_local_error) {
  Model *m = fx_load_json(oscillator, "oscillator");
  double ratio[3];
  for (int k = 0; k < 3; ++k) {
    const double h = 1e-2 / pow(4.0, k);
    Integrator *it = make(m, 1.0, 10.0 * h);
    first_error = NAN;
    it->step_observer = keep_first;
    double x[2];
    cr_assert_eq(integrator_advance(it, h, x), CB_OK, "%s", it->message);
    cr_assert_eq(it->stats.steps, 1);
    ratio[k] = first_error / fabs(x[0] - q_exact(h));
    integrator_destroy(it);
  }
  cr_log_info("estimate / true local error at h = 1e-2, 2.5e-3, 6.25e-4: %.5f %.5f %.5f", ratio[0], ratio[1], ratio[2]);
  for (int k = 0; k < 3; ++k) cr_expect(fabs(ratio[k] - 1.0) < 0.1, "estimate / true error %.4f at step %d", ratio[k], k);
  cr_expect(fabs(ratio[2] - 1.0) < 0.5 * fabs(ratio[0] - 1.0), "ratios %.5f -> %.5f do not tend to 1", ratio[0],
            ratio[2]);
  model_free(m);
}

/* ---- the driver's treatment of attempts, with a scheme that fails on purpose ---- */
static double fail_above;  /* steps longer than this fail recoverably (0 = never) */
static double fatal_after; /* steps starting at or after this time fail with CB_ERR_MODEL (0 = never) */
static int failing_attempt(void *content, const StepAttempt *a, double *xout, StepEstimate *est) {
  if (fatal_after > 0 && a->t >= fatal_after) return CB_ERR_MODEL;
  if (fail_above > 0 && a->h > fail_above) return CB_RECOVERABLE_SOLVER;
  return ee_attempt(content, a, xout, est);
}
static const StepperOps failing_ops = {.attempt = failing_attempt};
static int failing_create(Integrator *it) {
  int rc = ee_create(it);
  StepperConfig cfg = {.kind = STEPPER_STEP_DOUBLING, .ops = &failing_ops, .content = it->content};
  return rc == CB_OK ? integrator_use_stepper(it, &cfg) : rc;
}
static INTEGRATOR_VTBL(failing_vtbl, "failing-euler-sd", "test", 0, failing_create, stepper_reset, stepper_advance, ee_destroy);

static Integrator *run_failing(const Model *m, double *x, int *rc) {
  IntegratorOptions o = {.accuracy = 1e-5, .error_norm = ERRNORM_POSITIONS};
  char err[512];
  Integrator *it = integrator_create_vtbl(&failing_vtbl, m, &o, CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(it, "%s", err);
  system_initial_state(m, x);
  cr_assert_eq(integrator_reset(it, 0.0, x), CB_OK);
  *rc = integrator_advance(it, 1.0, x);
  return it;
}

Test(step_doubling_driver, failed_attempts_are_rejections_that_shrink_the_step) {
  Model *m = fx_load_json(oscillator, "oscillator");
  double x_ok[2], x_fail[2];
  int rc;
  fail_above = 0;
  Integrator *ok = run_failing(m, x_ok, &rc);
  cr_assert_eq(rc, CB_OK, "%s", ok->message);
  fail_above = 1e-3;
  Integrator *fail = run_failing(m, x_fail, &rc);
  fail_above = 0;
  cr_assert_eq(rc, CB_OK, "%s", fail->message);
  cr_expect_eq(ok->stats.conv_failures, 0);
  cr_expect(fail->stats.conv_failures > 0 && fail->stats.rejected >= fail->stats.conv_failures);
  cr_expect(fail->stats.steps > ok->stats.steps, "shorter steps forced: %ld vs %ld", fail->stats.steps,
            ok->stats.steps);
  cr_expect(fabs(x_fail[0] - q_exact(1.0)) < 2.0 * fabs(x_ok[0] - q_exact(1.0)) + 1e-6);
  integrator_destroy(ok);
  integrator_destroy(fail);
  model_free(m);
}

/* A fatal attempt (negative code) ends the advance at once with that code, one rejection, not a
 * cascade of shrinking retries. */
Test(step_doubling_driver, fatal_failure_stops_with_its_code) {
  Model *m = fx_load_json(oscillator, "oscillator");
  double x[2];
  int rc;
  fatal_after = 0.3;
  Integrator *it = run_failing(m, x, &rc);
  fatal_after = 0;
  cr_expect_eq(rc, CB_ERR_MODEL, "%s", it->message);
  cr_expect(it->message[0] != 0);
  cr_expect(it->t >= 0.3 && it->t < 1.0, "t = %g", it->t);
  cr_expect_eq(it->stats.rejected, it->stats.error_test_failures + 1, "%ld vs %ld", it->stats.rejected,
               it->stats.error_test_failures);
  cr_expect_eq(it->stats.conv_failures, 0);
  integrator_destroy(it);
  model_free(m);
}

/* Outputs inside the last step are the linear interpolation of its end states: at its midpoint
 * the mean of the outputs at its start and end (the oscillator's curvature over a step is about
 * w^2 q h^2 / 8 ~ 1e-5, so an output of the exact curve would miss by that). */
static double last_start, last_h;
static void keep_last(void *ctx, const Integrator *it, const StepEvent *e) {
  (void)ctx;
  (void)it;
  if (e->accepted) last_start = e->t, last_h = e->h;
}

Test(step_doubling_driver, dense_output_is_linear_inside_the_step) {
  Model *m = fx_load_json(oscillator, "oscillator");
  Integrator *it = make(m, 1e-4, 0.1);
  it->step_observer = keep_last;
  double x[2], xa[2], xb[2], xm[2];
  cr_assert_eq(integrator_advance(it, 0.2, x), CB_OK, "%s", it->message);
  const long steps = it->stats.steps;
  const double ta = last_start, tb = last_start + last_h;
  cr_assert(last_h > 1e-3, "h = %g", last_h);
  cr_assert_eq(integrator_advance(it, tb, xb), CB_OK);
  cr_assert_eq(integrator_advance(it, ta, xa), CB_OK);
  cr_assert_eq(integrator_advance(it, 0.5 * (ta + tb), xm), CB_OK);
  cr_assert_eq(it->stats.steps, steps, "no step to reach outputs inside the last step");
  for (int i = 0; i < 2; ++i) cr_expect(fabs(xm[i] - 0.5 * (xa[i] + xb[i])) < 1e-12, "component %d", i);
  cr_expect(fabs(xm[0] - q_exact(0.5 * (ta + tb))) > 1e-7, "the exact curve would differ");
  cr_expect_eq(integrator_advance(it, ta - 1e-6, x), CB_ERR_STEP, "an output before the last step is refused");
  integrator_destroy(it);
  model_free(m);
}

/* ---- a step controller of the test's own (StepperConfig.controller) ---- */
/* Fixed ratios: first step h0, each accepted step grows by `grow`, each rejection shrinks by
 * `shrink`; it counts its calls in its content. */
typedef struct {
  double h0, grow, shrink;
  long proposals, rejections;
} RatioControl;
static double ratio_init(StepController *c) {
  RatioControl *r = c->content;
  r->proposals = r->rejections = 0;
  return r->h0;
}
static double ratio_propose(StepController *c, double h, double err, double accuracy) {
  (void)err, (void)accuracy;
  RatioControl *r = c->content;
  r->proposals++;
  return r->grow * h;
}
static double ratio_on_reject(StepController *c, double h, double err, double accuracy) {
  (void)err, (void)accuracy;
  RatioControl *r = c->content;
  r->rejections++;
  return r->shrink * h;
}
static const StepControllerOps ratio_ops = {"ratio", ratio_init, ratio_propose, ratio_on_reject};
static RatioControl ratio = {1e-3, 2.0, 0.25, 0, 0};

static int ratio_create(Integrator *it) {
  int rc = ee_create(it);
  StepperConfig cfg = {.kind = STEPPER_STEP_DOUBLING, .ops = &failing_ops, .content = it->content,
                       .controller = &ratio_ops, .controller_content = &ratio};
  return rc == CB_OK ? integrator_use_stepper(it, &cfg) : rc;
}
static INTEGRATOR_VTBL(ratio_vtbl, "ratio-euler-sd", "test", 0, ratio_create, stepper_reset, stepper_advance, ee_destroy);

#define MAX_EVENTS 64
static struct { double t, h; int accepted; } events[MAX_EVENTS];
static int nevents;
static void keep_events(void *ctx, const Integrator *it, const StepEvent *e) {
  (void)ctx, (void)it;
  if (nevents < MAX_EVENTS) events[nevents].t = e->t, events[nevents].h = e->h, events[nevents].accepted = e->accepted;
  nevents++;
}

/* The attempts, predicted: h0, then x2 after each accepted step, x1/4 after each rejection (the
 * scheme fails every step above fail_above), each capped at max_step; steps until t >= t_end. */
static int predict(double t_end, double max_step, double *t, double *h, int *accepted) {
  int n = 0;
  double tt = 0.0, hh = ratio.h0;
  while (tt < t_end && n < MAX_EVENTS) {
    hh = fmin(hh, max_step);
    const int ok = !(fail_above > 0 && hh > fail_above);
    t[n] = tt, h[n] = hh, accepted[n] = ok, ++n;
    if (ok) tt += hh;
    hh *= ok ? ratio.grow : ratio.shrink;
  }
  return n;
}

static void expect_predicted_steps(double t_end, double max_step) {
  Model *m = fx_load_json(oscillator, "oscillator");
  /* a loose accuracy: the error test passes every completed attempt */
  IntegratorOptions o = {.accuracy = 1.0, .max_step = max_step, .error_norm = ERRNORM_POSITIONS};
  char err[512];
  Integrator *it = integrator_create_vtbl(&ratio_vtbl, m, &o, CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(it, "%s", err);
  double x[2];
  system_initial_state(m, x);
  cr_assert_eq(integrator_reset(it, 0.0, x), CB_OK);
  it->step_observer = keep_events;
  nevents = 0;
  cr_assert_eq(integrator_advance(it, t_end, x), CB_OK, "%s", it->message);
  double t[MAX_EVENTS], h[MAX_EVENTS];
  int acc[MAX_EVENTS], n = predict(t_end, max_step, t, h, acc), nrej = 0;
  cr_assert_eq(nevents, n, "attempts %d, predicted %d", nevents, n);
  for (int k = 0; k < n; ++k) {
    cr_expect_eq(events[k].h, h[k], "attempt %d: h = %.17g, predicted %.17g", k, events[k].h, h[k]);
    cr_expect_eq(events[k].t, t[k], "attempt %d: t = %.17g, predicted %.17g", k, events[k].t, t[k]);
    cr_expect_eq(events[k].accepted, acc[k], "attempt %d", k);
    nrej += !acc[k];
  }
  cr_expect_eq(ratio.proposals, n - nrej);
  cr_expect_eq(ratio.rejections, nrej);
  cr_expect_eq(it->stats.rejected, nrej);
  integrator_destroy(it);
  model_free(m);
}

/* Every accepted step doubles the last from 1e-3 until the cap: 1, 2, 4, ..., 64 ms, then 0.1 s
 * past t = 1 (the default controller would start at 0.1 max_step = 10 ms and keep it, the error
 * being far below the accuracy: 5x growth per step). */
Test(step_doubling_driver, a_user_controller_sets_the_step_sequence) {
  fail_above = 0;
  expect_predicted_steps(1.0, 0.1);
  cr_expect_eq(nevents, 7 + 9, "1 to 64 ms (0.127 s), then 9 steps of 0.1 s");
}

/* With steps above 5 ms failing, each 8 ms attempt is rejected and retried at 2 ms. */
Test(step_doubling_driver, a_user_controller_shrinks_on_rejection) {
  fail_above = 5e-3;
  expect_predicted_steps(0.05, 0.1);
  fail_above = 0;
  cr_expect(ratio.rejections >= 3, "%ld rejections", ratio.rejections);
}
