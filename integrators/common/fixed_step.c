#include "fixed_step.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../models/system.h"
#include "dense_output.h"

int fixed_step_init(FixedStepper *fs, const Integrator *it, FixedStepFn step, FixedStepWhyFn why, void *ctx) {
  memset(fs, 0, sizeof *fs);
  fs->nx = system_nx(it->model);
  fs->dt = it->opt.dt;
  fs->step = step;
  fs->why = why;
  fs->ctx = ctx;
  size_t n = (size_t)(fs->nx > 0 ? fs->nx : 1);
  fs->x = calloc(n, sizeof(double));
  fs->x_prev = calloc(n, sizeof(double));
  return fs->x && fs->x_prev ? 0 : -1;
}

void fixed_step_reset(FixedStepper *fs, double t0, const double *x0) {
  fs->t0 = t0;
  fs->n = 0;
  memcpy(fs->x, x0, sizeof(double) * (size_t)fs->nx);
  memcpy(fs->x_prev, x0, sizeof(double) * (size_t)fs->nx);
}

int fixed_step_advance(FixedStepper *fs, Integrator *it, double t_out, double *x_out) {
  const double dt = fs->dt, tol = 1e-9 * dt;
  const size_t bytes = (size_t)fs->nx * sizeof(double);
  /* dense output exists only inside the last step: an earlier time would be extrapolated */
  if (fs->n > 0 && t_out < fs->t0 + (double)(fs->n - 1) * dt - tol)
    return integrator_fail(it, CB_ERR_STEP, "output time %.17g is before the last step start %.17g", t_out,
                           fs->t0 + (double)(fs->n - 1) * dt);
  long taken = 0;
  while (fs->t0 + (double)fs->n * dt < t_out - tol) {
    const double t = fs->t0 + (double)fs->n * dt;
    if (it->opt.max_steps > 0 && taken >= it->opt.max_steps)
      return integrator_fail(it, CB_ERR_STEP, "step budget of %ld steps exhausted at t = %.17g", it->opt.max_steps, t);
    memcpy(fs->x_prev, fs->x, bytes);
    int rc = fs->step(fs->ctx, t, fs->x_prev, dt, fs->x);
    integrator_log_step(it, t, dt, rc == CB_OK, rc == CB_OK ? "ok" : "solver failure", NAN, 1);
    if (rc != CB_OK) {
      memcpy(fs->x, fs->x_prev, bytes);
      it->stats.rejected++;
      it->stats.conv_failures += rc > 0 || rc == CB_ERR_SOLVER;
      const char *why = fs->why ? fs->why(fs->ctx) : NULL;
      return integrator_fail(it, rc > 0 ? CB_ERR_SOLVER : rc, "t = %.17g: %s", t, why && *why ? why : "step failed");
    }
    fs->n++;
    taken++;
    it->stats.steps++;
    it->t = fs->t0 + (double)fs->n * dt;
  }
  const double tn = fs->t0 + (double)fs->n * dt;
  dense_output_linear(it->model, fs->nx, fs->n > 0, tn - dt, fs->x_prev, tn, fs->x, t_out, tol, x_out);
  return CB_OK;
}

void fixed_step_free(FixedStepper *fs) {
  free(fs->x);
  free(fs->x_prev);
  fs->x = fs->x_prev = NULL;
}
