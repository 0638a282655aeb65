/* The bounded driver: the scheme proposes each step (StepperOps.bound, at most dt), the driver
 * takes it. Conservative advancement (True Rigidity, Drumwright 2016, Alg. 1) bounds its step so
 * that no contact event is missed; there is no error estimate to reject a step by, so a failed
 * step fails the run, as on the fixed-step driver. Steps end past the output time and dense
 * output interpolates inside the last one (the output grid does not change the steps). */
#include "stepper_internal.h"

#include <math.h>
#include <string.h>

#include "dense_output.h"

int stepper_bounded_advance(Stepper *s, Integrator *it, double t_out, double *x_out) {
  const size_t bytes = (size_t)s->nx * sizeof(double);
  const double tiny = 1e-12 * fmax(1.0, fabs(t_out));
  if (t_out < s->t_prev - tiny)
    return integrator_fail(it, CB_ERR_STEP, "output time %.17g is before the last step start %.17g", t_out, s->t_prev);
  long taken = 0;
  while (s->t < t_out - tiny) {
    if (it->opt.max_steps > 0 && taken >= it->opt.max_steps)
      return integrator_fail(it, CB_ERR_STEP, "step budget of %ld steps exhausted at t = %.17g", it->opt.max_steps,
                             s->t);
    double h = 0.0;
    int rc = s->cfg.ops->bound(s->cfg.content, s->t, s->x, s->dt, &h);
    if (rc == CB_OK && !(h > 0 && h <= s->dt)) {
      integrator_fail(it, CB_ERR_STEP, "t = %.17g: the proposed step %.3g is not in (0, %.3g]", s->t, h, s->dt);
      stepper_append_why(s, it);
      return CB_ERR_STEP;
    }
    if (rc == CB_OK) {
      StepAttempt a = {s->t, h, s->x, STEP_WHOLE, 1, 0.0};
      rc = s->cfg.ops->attempt(s->cfg.content, &a, s->x_new, NULL);
    }
    const char *fault = NULL;
    if (rc == CB_OK && !stepper_state_is_finite(s->x_new, s->nx)) {
      rc = CB_ERR_NONFINITE;
      fault = "non-finite state after the step";
    }
    if (it->step_observer) stepper_sync_stats(s, it);
    integrator_log_step(it, s->t, h, rc == CB_OK, rc == CB_OK ? "ok" : "solver failure", NAN, 1);
    if (rc != CB_OK) {
      it->stats.rejected++;
      it->stats.conv_failures += rc > 0 || rc == CB_ERR_SOLVER;
      if (fault) return integrator_fail(it, rc, "t = %.17g: %s", s->t, fault);
      integrator_fail(it, rc > 0 ? CB_ERR_SOLVER : rc, "t = %.17g: step of %.3g failed", s->t, h);
      stepper_append_why(s, it);
      return rc > 0 ? CB_ERR_SOLVER : rc;
    }
    memcpy(s->x_prev, s->x, bytes);
    memcpy(s->x, s->x_new, bytes);
    s->t_prev = s->t;
    s->t += h;
    it->t = s->t;
    ++taken;
    stepper_count_step(it, h);
    if (s->cfg.ops->accepted) s->cfg.ops->accepted(s->cfg.content, h);
  }
  dense_output_linear(it->model, s->nx, s->t > s->t_prev, s->t_prev, s->x_prev, s->t, s->x, t_out, tiny, x_out);
  return CB_OK;
}
