/* The self-stepping engine driver (STEPPER_ENGINE, EngineOps in stepper.h): an engine that keeps
 * its own state and steps itself, a peer simulator (MuJoCo's mj_step; ODE, Bullet, DART,
 * Simbody, Siconos) or an ODE library (SUNDIALS). Two shapes:
 *   step     one engine step of dt at a time; the driver steps t_k = t0 + k dt until the output
 *            time (within 1e-12 max(1, |t_out|)), keeps the step budget, checks each state for
 *            NaN / inf and interpolates linearly inside the last step;
 *   advance  the engine steps to the output time itself and interpolates (its dense output);
 *            the driver checks the returned state and writes the step log's rows for the steps
 *            since the last row (one row per outcome: error test, solver failure, ok with the
 *            mean step).
 * A failed engine step fails the run (the engine has no retry the driver could ask for); the
 * driver does not count it as rejected: an engine that rejects steps reports them itself
 * (SUNDIALS' error test and convergence failures, by sync_stats). */
#include "stepper_internal.h"

#include <math.h>
#include <string.h>

#include "dense_output.h"

int stepper_engine_reset(Stepper *s, Integrator *it, double t0, const double *x0) {
  s->log_t = t0;
  s->log_steps = it->stats.steps;
  s->log_etf = it->stats.error_test_failures;
  s->log_cvf = it->stats.conv_failures;
  const EngineOps *e = s->cfg.engine;
  int rc = e->reset(s->cfg.content, t0, x0);
  if (rc != CB_OK && e->why) integrator_fail(it, rc, "%s", e->why(s->cfg.content));
  return rc;
}

/* The engine's failure as the run's: its why() as the message when it has one, a recoverable
 * code as a solver failure. */
static int engine_failure(const Stepper *s, Integrator *it, int rc) {
  const char *why = s->cfg.engine->why ? s->cfg.engine->why(s->cfg.content) : NULL;
  if (why) integrator_fail(it, rc, "%s", why);
  return rc > 0 ? CB_ERR_SOLVER : rc;
}

static int engine_step_to(Stepper *s, Integrator *it, double t_out, double *x_out) {
  const double dt = s->dt, tiny = 1e-12 * fmax(1.0, fabs(t_out));
  const size_t bytes = (size_t)s->nx * sizeof(double);
  /* dense output exists only inside the last step: an earlier time would be extrapolated */
  const double last_start = s->n > 0 ? s->t_prev : s->t;
  if (t_out < last_start - tiny)
    return integrator_fail(it, CB_ERR_STEP, "output time %.17g is before the last step start %.17g", t_out,
                           last_start);
  long taken = 0;
  while (s->t < t_out - tiny) {
    if (it->opt.max_steps > 0 && taken >= it->opt.max_steps)
      return integrator_fail(it, CB_ERR_STEP, "step budget of %ld steps exhausted at t = %g", it->opt.max_steps, s->t);
    ++taken;
    memcpy(s->x_prev, s->x, bytes);
    int rc = s->cfg.engine->step(s->cfg.content, s->t, dt, s->x_prev, s->x);
    if (rc == CB_OK && !stepper_state_is_finite(s->x, s->nx))
      rc = integrator_fail(it, CB_ERR_NONFINITE, "%s at t = %g: non-finite state", it->vtbl->name, s->t);
    if (it->step_observer) stepper_sync_stats(s, it);
    integrator_log_step(it, s->t, dt, rc == CB_OK, rc == CB_OK ? "ok" : "solver failure", NAN, 1);
    if (rc != CB_OK) return rc == CB_ERR_NONFINITE ? rc : engine_failure(s, it, rc);
    s->t_prev = s->t;
    s->n++;
    s->t = s->t0 + (double)s->n * dt;
    it->t = s->t;
    it->stats.steps++;
  }
  dense_output_linear(it->model, s->nx, s->n > 0, s->t_prev, s->x_prev, s->t, s->x, t_out, tiny, x_out);
  return CB_OK;
}

static int engine_advance_to(Stepper *s, Integrator *it, double t_out, double *x_out) {
  const EngineOps *e = s->cfg.engine;
  double reached = s->t;
  int rc = e->advance(s->cfg.content, t_out, x_out, &reached);
  s->t = it->t = reached;
  stepper_sync_stats(s, it);
  if (it->step_observer) { /* rows between output points: mean step size, steps covered */
    long ds = it->stats.steps - s->log_steps, de = it->stats.error_test_failures - s->log_etf,
         dc = it->stats.conv_failures - s->log_cvf;
    if (de > 0) integrator_log_step(it, s->log_t, NAN, 0, "error test", NAN, de);
    if (dc > 0) integrator_log_step(it, s->log_t, NAN, 0, "solver failure", NAN, dc);
    if (ds > 0) integrator_log_step(it, s->log_t, (it->t - s->log_t) / (double)ds, 1, "ok", NAN, ds);
    s->log_t = it->t;
    s->log_steps = it->stats.steps;
    s->log_etf = it->stats.error_test_failures;
    s->log_cvf = it->stats.conv_failures;
  }
  if (rc != CB_OK) return engine_failure(s, it, rc);
  for (int i = 0; i < s->nx; ++i)
    if (!isfinite(x_out[i]))
      return integrator_fail(it, CB_ERR_NONFINITE, "non-finite state (component %d) at t = %.17g", i, t_out);
  return CB_OK;
}

int stepper_engine_advance(Stepper *s, Integrator *it, double t_out, double *x_out) {
  if (!s->cfg.engine->step) return engine_advance_to(s, it, t_out, x_out); /* it synced */
  int rc = engine_step_to(s, it, t_out, x_out);
  stepper_sync_stats(s, it);
  return rc;
}

int engine_fixed_step_options(Integrator *it, OptionValues *ov) {
  if (!(it->opt.dt > 0) || !isfinite(it->opt.dt))
    return integrator_fail(it, CB_ERR_OPTION, "fixed step dt must be > 0, got %g", it->opt.dt);
  return integrator_read_options(it, ov);
}
