#include "step_doubling.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int step_doubling_init(StepDoubling *sd, int nx, int nq, const double *q_scale, ErrorNormKind norm,
                       double accuracy, double max_step, SdStepFn step, SdProjectFn project, void *ctx) {
  memset(sd, 0, sizeof *sd);
  if (nx <= 0 || nq < 0 || nq > nx || !(accuracy > 0.0) || !(max_step > 0.0) || !step) return -1;
  sd->nx = nx;
  sd->nq = nq;
  sd->q_scale = q_scale;
  sd->norm = norm;
  sd->accuracy = accuracy;
  sd->step = step;
  sd->project = project;
  sd->ctx = ctx;
  step_controller_init(&sd->ctl, max_step, 2.0);
  double **bufs[5] = {&sd->x, &sd->x_prev, &sd->x_full, &sd->x_mid, &sd->x_new};
  for (int i = 0; i < 5; ++i) {
    *bufs[i] = calloc((size_t)nx, sizeof(double));
    if (!*bufs[i]) {
      step_doubling_free(sd);
      return -1;
    }
  }
  sd->h = sd->ctl.k_init * max_step;
  return 0;
}

void step_doubling_free(StepDoubling *sd) {
  free(sd->x); free(sd->x_prev); free(sd->x_full); free(sd->x_mid); free(sd->x_new);
  sd->x = sd->x_prev = sd->x_full = sd->x_mid = sd->x_new = NULL;
}

void step_doubling_weight_velocities(StepDoubling *sd, int nv, double v_weight) {
  sd->nv = nv < 0 ? 0 : nv > sd->nx - sd->nq ? sd->nx - sd->nq : nv;
  sd->v_weight = v_weight;
}

void step_doubling_reset(StepDoubling *sd, double t0, const double *x0) {
  memcpy(sd->x, x0, (size_t)sd->nx * sizeof(double));
  memcpy(sd->x_prev, x0, (size_t)sd->nx * sizeof(double));
  sd->t = sd->t_prev = t0;
  sd->h = sd->ctl.k_init * sd->ctl.max_step;
  sd->last_error = 0.0;
}

double step_doubling_error(const StepDoubling *sd, const double *a, const double *b) {
  const int full = sd->norm == ERRNORM_FULL, weighted_v = !full && sd->v_weight > 0.0;
  const int n = full ? sd->nx : sd->nq;
  double e = 0.0;
  for (int i = 0; i < n; ++i) {
    double w = (i < sd->nq && sd->q_scale) ? sd->q_scale[i] : 1.0;
    double ei = fabs(w * (a[i] - b[i]));
    if (!(ei <= e)) e = ei; /* keeps NaN */
  }
  for (int i = sd->nq; weighted_v && i < sd->nq + sd->nv; ++i) {
    double ei = sd->v_weight * fabs(a[i] - b[i]);
    if (!(ei <= e)) e = ei;
  }
  return e;
}

static int all_finite(const double *x, int n) {
  for (int i = 0; i < n; ++i)
    if (!isfinite(x[i])) return 0;
  return 1;
}

int step_doubling_advance(StepDoubling *sd, double t_out, double *x_out, long max_steps,
                          IntegratorStats *stats, char *msg, size_t msglen) {
  const size_t bytes = (size_t)sd->nx * sizeof(double);
  if (t_out < sd->t_prev) {
    snprintf(msg, msglen, "step doubling: output time %.17g before the last step start %.17g", t_out, sd->t_prev);
    return CB_ERR_STEP;
  }
  long attempts = 0;
  while (sd->t < t_out) {
    if (max_steps > 0 && attempts >= max_steps) {
      snprintf(msg, msglen, "step doubling: step budget %ld exhausted at t = %.17g", max_steps, sd->t);
      return CB_ERR_STEP;
    }
    ++attempts;
    double h = fmin(sd->h, sd->ctl.max_step);
    if (h < sd->ctl.min_step) {
      snprintf(msg, msglen, "step doubling: step size %.3g underflow at t = %.17g", h, sd->t);
      return CB_ERR_STEP;
    }
    /* Full step, then two half steps; the first half step starts from the same state as the
     * full one, so a scheme may reuse that state's evaluation. */
    int rc = sd->step(sd->ctx, sd->t, sd->x, h, sd->x_full);
    if (rc == 0) rc = sd->step(sd->ctx, sd->t, sd->x, 0.5 * h, sd->x_mid);
    if (rc == 0) rc = sd->step(sd->ctx, sd->t + 0.5 * h, sd->x_mid, 0.5 * h, sd->x_new);
    if (rc < 0) { /* unrecoverable: no step size can help */
      if (stats) stats->rejected++;
      sd->last_error = NAN;
      snprintf(msg, msglen, "step doubling: step of %.3g failed at t = %.17g (code %d)", h, sd->t, rc);
      return rc;
    }
    const int failed = rc != 0;
    double err = failed ? NAN : step_doubling_error(sd, sd->x_new, sd->x_full);
    if (!failed && !all_finite(sd->x_new, sd->nx)) err = NAN;
    sd->last_error = err;
    int accepted = step_accept(&sd->ctl, err, sd->accuracy);
    if (sd->log_it) integrator_log_step(sd->log_it, sd->t, h, accepted, accepted ? "ok" : failed ? "solver failure" : "error test", err, 1);
    if (accepted) {
      memcpy(sd->x_prev, sd->x, bytes);
      memcpy(sd->x, sd->x_new, bytes);
      sd->t_prev = sd->t;
      sd->t += h;
      if (stats) stats->steps++;
    } else if (stats) {
      stats->rejected++;
      if (failed) stats->conv_failures++;
      else stats->error_test_failures++;
    }
    sd->h = step_next(&sd->ctl, h, err, sd->accuracy);
  }
  /* Dense output: linear interpolation inside [t_prev, t]. */
  if (t_out >= sd->t || sd->t <= sd->t_prev) {
    memcpy(x_out, sd->x, bytes);
  } else {
    const double th = (t_out - sd->t_prev) / (sd->t - sd->t_prev);
    for (int i = 0; i < sd->nx; ++i) x_out[i] = (1.0 - th) * sd->x_prev[i] + th * sd->x[i];
    if (sd->project) sd->project(sd->ctx, x_out);
  }
  return CB_OK;
}
