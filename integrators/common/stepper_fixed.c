/* The fixed-step driver: steps t_k = t0 + k dt (no drift from repeated sums) until the output
 * time; a fixed step cannot shrink, so a failed step fails the run (CB_ERR_SOLVER for a failed
 * solve, or the scheme's negative code). */
#include "stepper_internal.h"

#include <math.h>
#include <string.h>

#include "dense_output.h"

int stepper_fixed_advance(Stepper *s, Integrator *it, double t_out, double *x_out) {
  const double dt = s->dt, tol = 1e-9 * dt;
  const size_t bytes = (size_t)s->nx * sizeof(double);
  /* dense output exists only inside the last step: an earlier time would be extrapolated */
  if (s->n > 0 && t_out < s->t0 + (double)(s->n - 1) * dt - tol)
    return integrator_fail(it, CB_ERR_STEP, "output time %.17g is before the last step start %.17g", t_out,
                           s->t0 + (double)(s->n - 1) * dt);
  long taken = 0;
  while (s->t0 + (double)s->n * dt < t_out - tol) {
    const double t = s->t0 + (double)s->n * dt;
    if (it->opt.max_steps > 0 && taken >= it->opt.max_steps)
      return integrator_fail(it, CB_ERR_STEP, "step budget of %ld steps exhausted at t = %.17g", it->opt.max_steps, t);
    memcpy(s->x_prev, s->x, bytes);
    StepAttempt a = {t, dt, s->x_prev, STEP_WHOLE, 1, 0.0};
    int rc = s->cfg.ops->attempt(s->cfg.content, &a, s->x, NULL);
    const char *fault = NULL;
    if (rc == CB_OK && !stepper_state_is_finite(s->x, s->nx)) {
      rc = CB_ERR_NONFINITE;
      fault = "non-finite state after the step";
    }
    double turn = 0.0;
    if (rc == CB_OK && s->cfg.max_turn > 0 && (turn = stepper_largest_turn(s->m, s->x_prev, s->x)) > s->cfg.max_turn) {
      rc = CB_ERR_STEP;
      fault = "turn bound";
    }
    if (it->step_observer) stepper_sync_stats(s, it);
    integrator_log_step(it, t, dt, rc == CB_OK, rc == CB_OK ? "ok" : "solver failure", NAN, 1);
    if (rc != CB_OK) {
      memcpy(s->x, s->x_prev, bytes);
      it->stats.rejected++;
      it->stats.conv_failures += rc > 0 || rc == CB_ERR_SOLVER;
      if (fault && rc == CB_ERR_STEP)
        return integrator_fail(it, rc, "t = %.17g: the step turns a body by %.3g deg, more than max_turn %.3g deg", t,
                               turn * 180.0 / M_PI, s->cfg.max_turn * 180.0 / M_PI);
      if (fault) return integrator_fail(it, rc, "t = %.17g: %s", t, fault);
      const char *why = s->cfg.ops->why ? s->cfg.ops->why(s->cfg.content) : NULL;
      return integrator_fail(it, rc > 0 ? CB_ERR_SOLVER : rc, "t = %.17g: %s", t, why && *why ? why : "step failed");
    }
    if (s->cfg.ops->accepted) s->cfg.ops->accepted(s->cfg.content, dt);
    s->n++;
    taken++;
    stepper_count_step(it, dt);
    it->t = s->t0 + (double)s->n * dt;
  }
  const double tn = s->t0 + (double)s->n * dt;
  dense_output_linear(it->model, s->nx, s->n > 0, tn - dt, s->x_prev, tn, s->x, t_out, tol, x_out);
  return CB_OK;
}
