#include "grid_integration.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../models/system.h"
#include "../common/cb_error.h"
#include "../common/files.h"
#include "../common/clock.h"

double *grid_make(double t_end, double rate, int *npts) {
  *npts = 0;
  if (!(t_end > 0) || !(rate > 0) || !(t_end * rate < (double)(GRID_MAX_POINTS - 1))) return NULL;
  long n = (long)floor(t_end * rate + 1e-9) + 1;
  int extra = (double)(n - 1) / rate < t_end - 1e-12;
  double *t = malloc(sizeof(double) * (size_t)(n + extra));
  if (!t) return NULL;
  for (long k = 0; k < n; ++k) t[k] = (double)k / rate;
  if (extra) t[n] = t_end;
  *npts = (int)(n + extra);
  return t;
}

int grid_run(const IntegratorVtbl *vt, const Model *m, const IntegratorOptions *opt,
             const double *tgrid, int npts, double budget, RunProgress *prog, GridSink sink,
             void *ctx, GridRunResult *res) {
  return grid_run_from(vt, m, opt, NULL, tgrid, npts, budget, prog, sink, ctx, res);
}

int grid_run_from(const IntegratorVtbl *vt, const Model *m, const IntegratorOptions *opt,
                  const double *x0, const double *tgrid, int npts, double budget,
                  RunProgress *prog, GridSink sink, void *ctx, GridRunResult *res) {
  return grid_run_observed(vt, m, opt, x0, tgrid, npts, budget, prog, sink, ctx, NULL, NULL, NULL, NULL, res);
}

int grid_run_observed(const IntegratorVtbl *vt, const Model *m, const IntegratorOptions *opt,
                      const double *x0, const double *tgrid, int npts, double budget, RunProgress *prog,
                      GridSink sink, void *ctx, StepObserver observer, void *observer_ctx,
                      NewtonObserver newton, void *newton_ctx, GridRunResult *res) {
  memset(res, 0, sizeof *res);
  int nx = system_nx(m);
  double *x = malloc(sizeof(double) * (size_t)(nx > 0 ? nx : 1));
  if (!x) {
    snprintf(res->message, sizeof res->message, "out of memory");
    return res->status = RUN_FAILED;
  }
  if (x0) {
    memcpy(x, x0, sizeof(double) * (size_t)nx);
  } else {
    system_initial_state(m, x);
  }
  double t0 = tgrid[0];
  double start = clock_monotonic();
  if (prog) { prog->stage_start = start; prog->t_reached = t0; }
  char err[512] = "";
  Integrator *it = integrator_create_vtbl(vt, m, opt, CB_ERR_BUF(err, sizeof err));
  if (!it) {
    res->t_reached = t0;
    snprintf(res->message, sizeof res->message, "%s", err);
    free(x);
    return res->status = RUN_FAILED;
  }
  it->step_observer = observer;
  it->step_observer_ctx = observer_ctx;
  it->newton_observer = newton;
  it->newton_observer_ctx = newton_ctx;
  double sink_time = 0.0;
  double wall0 = clock_monotonic();
  int status = RUN_OK;
  int rc = integrator_reset(it, t0, x);
  if (rc != CB_OK) {
    status = RUN_FAILED;
    CB_ERROR(CB_ERR_BUF(res->message, sizeof res->message), rc, "reset: %s (code %d)", it->message, rc);
  }
  res->t_reached = t0;
  for (int k = 0; status == RUN_OK && k < npts; ++k) {
    if (k > 0) {
      rc = integrator_advance(it, tgrid[k], x);
      if (rc != CB_OK) {
        status = RUN_FAILED;
        res->t_reached = it->t;
        CB_ERROR(CB_ERR_BUF(res->message, sizeof res->message), rc, "%s (code %d)",
                 it->message[0] ? it->message : "advance failed", rc);
        break;
      }
    }
    res->t_reached = tgrid[k];
    if (prog) prog->t_reached = tgrid[k];
    if (sink) {
      /* Metric time (e.g. windowed reference integrations) is not charged to the budget. */
      double s0 = clock_monotonic();
      if (prog) prog->in_metrics = 1;
      if (sink(ctx, it, k, tgrid[k], x, res->message, sizeof res->message) != 0) status = RUN_FAILED;
      double ds = clock_monotonic() - s0;
      sink_time += ds;
      if (prog) { prog->stage_start += ds; prog->in_metrics = 0; }
    }
    if (status == RUN_OK && budget > 0 && k + 1 < npts && clock_monotonic() - start - sink_time > budget) {
      status = RUN_TIMEOUT;
      snprintf(res->message, sizeof res->message, "wall-time budget of %g s exceeded at t = %g",
               budget, tgrid[k]);
    }
  }
  res->wall = clock_monotonic() - wall0 - sink_time;
  res->stats = it->stats;
  res->nnotes = it->nnotes;
  memcpy(res->notes, it->notes, sizeof res->notes);
  integrator_destroy(it);
  free(x);
  return res->status = status;
}
