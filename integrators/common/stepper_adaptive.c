/* The error-controlled drivers: step doubling (CENIC sec. V-A: a full step xhat = Phi(x; h) and
 * two half steps x_new = Phi(Phi(x; h/2); h/2), error |x_new - xhat|) and embedded estimates
 * (the attempt returns x_new and a lower-order x_low, error |x_new - x_low|). Both estimates are
 * O(h^2), so step_control.h runs with p = 2. A recoverably failed attempt (> 0) or a non-finite
 * state is a rejection that shrinks the step, like a failed error test; a fatal one (< 0) ends
 * the run, since no step size can help. */
#include "stepper_internal.h"

#include <math.h>
#include <string.h>

#include "dense_output.h"

static int part(Stepper *s, StepAttempt *a, StepPart p, double t, const double *x, double h, double *xout,
                StepEstimate *est) {
  a->part = p;
  a->t = t;
  a->x = x;
  a->h = h;
  int rc = s->cfg.ops->attempt(s->cfg.content, a, xout, est);
  if (rc == CB_OK && !stepper_state_is_finite(xout, s->nx)) rc = CB_RECOVERABLE_MODEL;
  return rc;
}

/* One attempt of size h from (t, x) into x_new; its error into *err (NaN when it failed). */
static int attempt(Stepper *s, double h, double *err) {
  StepAttempt a = {s->t, h, s->x, STEP_WHOLE, s->new_state, s->done_h};
  StepEstimate est = {NULL, 0.0};
  const double *x_low;
  int rc;
  if (s->cfg.kind == STEPPER_STEP_DOUBLING) {
    /* the first half step starts from the full step's state: a scheme may reuse its evaluation */
    rc = part(s, &a, STEP_WHOLE, s->t, s->x, h, s->x_full, NULL);
    if (rc == CB_OK) rc = part(s, &a, STEP_FIRST_HALF, s->t, s->x, 0.5 * h, s->x_mid, NULL);
    /* the second half step may floor the error (an end state the scheme finds unsolved) */
    if (rc == CB_OK) rc = part(s, &a, STEP_SECOND_HALF, s->t + 0.5 * h, s->x_mid, 0.5 * h, s->x_new, &est);
    x_low = s->x_full;
  } else {
    rc = part(s, &a, STEP_WHOLE, s->t, s->x, h, s->x_new, &est);
    x_low = est.x_low;
    if (rc == CB_OK && !x_low) rc = CB_ERR_STEP;
  }
  *err = NAN;
  if (rc != CB_OK) return rc;
  *err = stepper_error_norm(s->m, s->norm, s->cfg.v_weight, s->x_new, x_low);
  if (est.err_floor > *err) *err = est.err_floor;
  /* a turn beyond max_turn fails the error test; p = 2 proposes about max_turn / turn of h */
  double turn = s->cfg.max_turn > 0 ? stepper_largest_turn(s->m, s->x, s->x_new) : 0.0;
  if (turn > s->cfg.max_turn) *err = fmax(*err, s->accuracy * (turn / s->cfg.max_turn) * (turn / s->cfg.max_turn));
  return CB_OK;
}

int stepper_adaptive_advance(Stepper *s, Integrator *it, double t_out, double *x_out) {
  const size_t bytes = (size_t)s->nx * sizeof(double);
  const double tiny = s->cfg.end_tol_rel * fmax(1.0, fabs(t_out));
  /* dense output exists only inside the last step: an earlier time would be extrapolated */
  if (t_out < s->t_prev - tiny)
    return integrator_fail(it, CB_ERR_STEP, "output time %.17g is before the last step start %.17g", t_out, s->t_prev);
  long attempts = 0;
  while (s->t < t_out - tiny) {
    if (it->opt.max_steps > 0 && attempts >= it->opt.max_steps)
      return integrator_fail(it, CB_ERR_STEP, "step budget of %ld steps exhausted at t = %.17g", it->opt.max_steps,
                             s->t);
    ++attempts;
    const double h = fmin(s->h, s->ctl.max_step);
    double err;
    int rc = attempt(s, h, &err);
    if (rc < 0) {
      it->stats.rejected++;
      integrator_fail(it, rc, "step of %.3g failed at t = %.17g (code %d)", h, s->t, rc);
      stepper_append_why(s, it);
      return rc;
    }
    const int failed = rc != CB_OK, accepted = step_accept(&s->ctl, err, s->accuracy);
    if (it->step_observer) stepper_sync_stats(s, it);
    integrator_log_step(it, s->t, h, accepted, accepted ? "ok" : failed ? "solver failure" : "error test", err, 1);
    if (accepted) {
      memcpy(s->x_prev, s->x, bytes);
      memcpy(s->x, s->x_new, bytes);
      s->t_prev = s->t;
      s->t += h;
      it->t = s->t;
      stepper_count_step(it, h);
      if (s->cfg.ops->accepted) s->cfg.ops->accepted(s->cfg.content, h);
    } else {
      it->stats.rejected++;
      if (failed) it->stats.conv_failures++;
      else it->stats.error_test_failures++;
    }
    s->new_state = accepted;
    s->done_h = accepted || failed ? 0.0 : h;
    s->h = step_controller_next(&s->ctl, h, err, s->accuracy, accepted);
    if (!(s->h >= s->ctl.min_step)) {
      integrator_fail(it, CB_ERR_STEP, "step size underflow (%.3g) at t = %.17g", s->h, s->t);
      if (failed) stepper_append_why(s, it);
      return CB_ERR_STEP;
    }
  }
  it->t = s->t;
  dense_output_linear(it->model, s->nx, s->t > s->t_prev, s->t_prev, s->x_prev, s->t, s->x, t_out, tiny, x_out);
  return CB_OK;
}
