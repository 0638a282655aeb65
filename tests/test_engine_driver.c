/* The self-stepping engine driver (STEPPER_ENGINE, integrators/common/stepper_engine.c), with a
 * toy engine that keeps its own state of a harmonic oscillator (q'' = -w^2 q, w = 2 pi) and
 * steps it exactly (a rotation in the phase plane), so every number below is analytic: in the
 * step form the states at t0 + k dt are the exact ones and an output between is their linear
 * interpolation; in the advance form the engine's own output is exact. The driver's loop, step
 * count, budget, failure and NaN handling and the step log's rows are what is checked. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "integrators/common/stepper.h"
#include "integrators/integrator.h"
#include "models/system.h"
#include "sim_fixtures.h"

static const char *oscillator =
    "{\"name\": \"oscillator\", \"duration\": 1, \"max_step\": 0.1, \"bodies\": [{\"name\": \"mass\", \"mass\": 1, \"inertia\": [1, 1, 1],"
    " \"joint\": {\"type\": \"prismatic\", \"axis\": [1, 0, 0], \"stiffness\": 39.47841760435743},"
    " \"q0\": 0.1, \"v0\": 0.3}]}";
static const double W = 2.0 * M_PI, Q0 = 0.1, V0 = 0.3;
static void exact(double t, double *x) {
  x[0] = Q0 * cos(W * t) + V0 / W * sin(W * t);
  x[1] = -Q0 * W * sin(W * t) + V0 * cos(W * t);
}

/* The engine: its own state and time, and faults a test may switch on. */
typedef struct {
  double t, x[2];
  long calls;
  int state_mismatch;      /* the driver's x differed from the engine's state */
  double fail_at;          /* > 0: the step from this time fails with fail_code */
  int fail_code;
  int nan_at_call;         /* > 0: that call returns NaN */
  long steps_per_advance;  /* advance form: internal steps it reports per call */
  long synced_steps;       /* reported so far */
} ToyEngine;
static ToyEngine toy;

static int toy_reset(void *content, double t0, const double *x0) {
  ToyEngine *e = content;
  e->t = t0;
  memcpy(e->x, x0, sizeof e->x);
  e->calls = 0;
  e->synced_steps = 0;
  return CB_OK;
}
static int toy_step(void *content, double t, double dt, const double *x, double *xout) {
  ToyEngine *e = content;
  e->calls++;
  if (fabs(t - e->t) > 1e-12 || x[0] != e->x[0] || x[1] != e->x[1]) e->state_mismatch = 1;
  if (e->fail_at > 0 && t >= e->fail_at - 1e-12) return e->fail_code;
  exact(t + dt, e->x);
  e->t = t + dt;
  memcpy(xout, e->x, sizeof e->x);
  if (e->nan_at_call > 0 && e->calls == e->nan_at_call) xout[1] = NAN;
  return CB_OK;
}
static int toy_advance(void *content, double t_out, double *x_out, double *t_reached) {
  ToyEngine *e = content;
  e->calls++;
  exact(t_out, x_out);
  e->t = *t_reached = t_out;
  return CB_OK;
}
static void toy_sync(void *content, Integrator *it) {
  ToyEngine *e = content;
  long total = e->calls * e->steps_per_advance;
  it->stats.steps += total - e->synced_steps;
  e->synced_steps = total;
}
static const char *toy_why(void *content) {
  (void)content;
  return "the toy engine gave up";
}

static const EngineOps toy_stepping = {.reset = toy_reset, .step = toy_step, .why = toy_why};
static const EngineOps toy_advancing = {.reset = toy_reset, .advance = toy_advance, .sync_stats = toy_sync, .why = toy_why};
static const EngineOps toy_both = {.reset = toy_reset, .step = toy_step, .advance = toy_advance};

static const EngineOps *toy_ops;
static int toy_create(Integrator *it) {
  StepperConfig cfg = {.kind = STEPPER_ENGINE, .engine = toy_ops, .content = &toy};
  return integrator_use_stepper(it, &cfg);
}
static void toy_destroy(Integrator *it) { stepper_release(it); }
static INTEGRATOR_VTBL(toy_fixed_vtbl, "toy-engine", "test: an exact oscillator that steps itself", 1, toy_create,
                       stepper_reset, stepper_advance, toy_destroy, .peer_model = 1);
static INTEGRATOR_VTBL(toy_output_vtbl, "toy-engine-output", "test: an exact oscillator to each output", 0,
                       toy_create, stepper_reset, stepper_advance, toy_destroy, .peer_model = 1);

static Model *model;
static Integrator *make(const IntegratorVtbl *vt, const EngineOps *ops, long max_steps) {
  if (!model) model = fx_load_json(oscillator, "oscillator");
  memset(&toy, 0, sizeof toy);
  toy_ops = ops;
  IntegratorOptions o = {.dt = 0.01, .accuracy = 1e-3, .max_steps = max_steps, .error_norm = ERRNORM_POSITIONS};
  char err[512];
  Integrator *it = integrator_create_vtbl(vt, model, &o, CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(it, "%s", err);
  double x[2];
  system_initial_state(model, x);
  cr_assert_eq(integrator_reset(it, 0.0, x), CB_OK, "%s", it->message);
  return it;
}
static void done(Integrator *it) {
  integrator_destroy(it);
  model_free(model);
  model = NULL;
}

/* Outputs at 0.105 and 0.2: 11 steps of 0.01 then 9 more; the first output is the linear
 * interpolation of the exact states at 0.10 and 0.11, the second the exact state at 0.2. */
Test(engine_driver, step_form_steps_to_each_output_and_interpolates) {
  Integrator *it = make(&toy_fixed_vtbl, &toy_stepping, 0);
  double x[2], a[2], b[2];
  cr_assert_eq(integrator_advance(it, 0.105, x), CB_OK, "%s", it->message);
  cr_expect_eq(it->stats.steps, 11);
  cr_expect_eq(toy.calls, 11);
  cr_expect_float_eq(it->t, 0.11, 1e-15);
  exact(0.10, a);
  exact(0.11, b);
  for (int i = 0; i < 2; ++i) cr_expect_float_eq(x[i], 0.5 * (a[i] + b[i]), 1e-14, "component %d", i);
  cr_assert_eq(integrator_advance(it, 0.2, x), CB_OK, "%s", it->message);
  cr_expect_eq(it->stats.steps, 20);
  exact(0.2, a);
  for (int i = 0; i < 2; ++i) cr_expect_float_eq(x[i], a[i], 1e-14, "component %d", i);
  cr_expect_eq(toy.state_mismatch, 0, "the driver handed the engine a state it did not hold");
  cr_expect_eq(integrator_advance(it, 0.18, x), CB_ERR_STEP, "an output before the last step is refused");
  done(it);
}

Test(engine_driver, step_form_keeps_the_step_budget) {
  Integrator *it = make(&toy_fixed_vtbl, &toy_stepping, 5);
  double x[2];
  cr_expect_eq(integrator_advance(it, 0.1, x), CB_ERR_STEP);
  cr_expect(strstr(it->message, "step budget of 5 steps") != NULL, "%s", it->message);
  cr_expect_eq(it->stats.steps, 5);
  done(it);
}

/* A failing engine step fails the run with the engine's reason, at the step's start; a
 * recoverable code too (the engine has no retry), as a solver failure. */
Test(engine_driver, a_failed_engine_step_fails_the_run_with_its_reason) {
  const int codes[] = {CB_ERR_MODEL, CB_RECOVERABLE_SOLVER}, want[] = {CB_ERR_MODEL, CB_ERR_SOLVER};
  for (int k = 0; k < 2; ++k) {
    Integrator *it = make(&toy_fixed_vtbl, &toy_stepping, 0);
    toy.fail_at = 0.05;
    toy.fail_code = codes[k];
    double x[2];
    cr_expect_eq(integrator_advance(it, 0.1, x), want[k], "%s", it->message);
    cr_expect(strstr(it->message, "the toy engine gave up") != NULL, "%s", it->message);
    cr_expect_eq(it->stats.steps, 5);
    cr_expect_float_eq(it->t, 0.05, 1e-15);
    done(it);
  }
}

Test(engine_driver, a_non_finite_engine_state_fails_the_run) {
  Integrator *it = make(&toy_fixed_vtbl, &toy_stepping, 0);
  toy.nan_at_call = 3;
  double x[2];
  cr_expect_eq(integrator_advance(it, 0.1, x), CB_ERR_NONFINITE, "%s", it->message);
  cr_expect_eq(it->stats.steps, 2);
  done(it);
}

/* The advance form: the engine's output is returned as it is, its counters come by sync_stats,
 * and the step log gets one row per output covering the steps since the last (3 here), with
 * the mean step. */
static int nrows;
static double row_t[8], row_h[8];
static long row_steps[8];
static void keep_rows(void *ctx, const Integrator *it, const StepEvent *e) {
  (void)ctx, (void)it;
  if (nrows < 8) row_t[nrows] = e->t, row_h[nrows] = e->h, row_steps[nrows] = e->steps;
  nrows++;
}
Test(engine_driver, advance_form_returns_the_engines_output_and_logs_its_steps) {
  Integrator *it = make(&toy_output_vtbl, &toy_advancing, 0);
  toy.steps_per_advance = 3;
  it->step_observer = keep_rows;
  nrows = 0;
  double x[2], want[2];
  cr_assert_eq(integrator_advance(it, 0.3, x), CB_OK, "%s", it->message);
  cr_assert_eq(integrator_advance(it, 0.45, x), CB_OK, "%s", it->message);
  exact(0.45, want);
  for (int i = 0; i < 2; ++i) cr_expect_eq(x[i], want[i], "component %d", i);
  cr_expect_eq(it->stats.steps, 6);
  cr_expect_eq(it->t, 0.45);
  cr_assert_eq(nrows, 2);
  cr_expect_eq(row_t[0], 0.0);
  cr_expect_float_eq(row_h[0], 0.1, 1e-15);
  cr_expect_eq(row_t[1], 0.3);
  cr_expect_float_eq(row_h[1], 0.05, 1e-15);
  cr_expect(row_steps[0] == 3 && row_steps[1] == 3);
  done(it);
}

/* An engine gives exactly one of step and advance. */
Test(engine_driver, an_engine_with_both_forms_is_refused) {
  model = fx_load_json(oscillator, "oscillator");
  toy_ops = &toy_both;
  IntegratorOptions o = {.dt = 0.01, .error_norm = ERRNORM_POSITIONS};
  char err[512];
  Integrator *it = integrator_create_vtbl(&toy_fixed_vtbl, model, &o, CB_ERR_BUF(err, sizeof err));
  cr_expect_null(it);
  cr_expect(strstr(err, "incomplete stepper configuration") != NULL, "%s", err);
  model_free(model);
  model = NULL;
}
