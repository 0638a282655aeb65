/* One integration of a model over an output grid: the integrator advances to each grid time
 * (dense output inside its steps), a sink sees the state there, and a wall-time budget is
 * checked between grid points. */
#ifndef CBENCH_GRID_INTEGRATION_H
#define CBENCH_GRID_INTEGRATION_H

#include "../../integrators/integrator.h"

enum { RUN_OK = 0, RUN_FAILED = 1, RUN_TIMEOUT = 2 };

/* Progress shared with a supervising process (may live in shared memory). */
typedef struct {
  volatile double stage_start;   /* monotonic time the current integration started */
  volatile double t_reached;     /* last grid time reached */
  volatile int stage;            /* 0 = error run, 1.. = timing repetitions */
  volatile int in_metrics;       /* inside the sink (metrics, windowed reference runs) */
  volatile double budget;        /* the run's wall-time budget, s, for a supervisor (0: not yet known) */
} RunProgress;

typedef struct {
  int status;                    /* RUN_OK / RUN_FAILED / RUN_TIMEOUT */
  double t_reached;              /* last grid time reached (or it->t on failure) */
  double wall;                   /* seconds spent in reset + advance (sink excluded) */
  IntegratorStats stats;
  char message[512];
  char notes[CB_MAX_NOTES][CB_NOTE_LEN]; /* the integrator's notes (integrator_note) */
  int nnotes;
} GridRunResult;

/* Called at each grid point k (k = 0 is the initial state) with the integrator of this
 * integration (a sink may ask it what it computed: the contact impulses of its last step);
 * nonzero return stops the run as failed with the sink's message in msg. Time spent in the sink
 * is excluded from the wall time and from the budget. */
typedef int (*GridSink)(void *ctx, Integrator *it, int k, double t, const double *x, char *msg, size_t msglen);

/* Upper bound on output grid points (a longer grid is a bad duration or rate, not a run). */
#define GRID_MAX_POINTS 10000000L

/* Grid t_k = k / rate for k*rate <= t_end, plus t_end if it is not on the grid. NULL when
 * t_end or rate is not a positive finite number, the grid would exceed GRID_MAX_POINTS, or
 * memory runs out. */
double *grid_make(double t_end, double rate, int *npts);

/* Integrates vt on m from (0, x0 = [q0; v0; z0]) over tgrid. budget <= 0: none. prog may be
 * NULL. Returns RUN_* (also in res->status). */
int grid_run(const IntegratorVtbl *vt, const Model *m, const IntegratorOptions *opt,
             const double *tgrid, int npts, double budget, RunProgress *prog, GridSink sink,
             void *ctx, GridRunResult *res);
/* Same from the state x0 = [q; v; z] at tgrid[0] (NULL: the model's initial state). */
int grid_run_from(const IntegratorVtbl *vt, const Model *m, const IntegratorOptions *opt,
                  const double *x0, const double *tgrid, int npts, double budget,
                  RunProgress *prog, GridSink sink, void *ctx, GridRunResult *res);
/* Same with a step observer (step logs) and a Newton observer (Newton logs) installed on the
 * integrator; either may be NULL. (`cbench bench` counts instructions inside this function by
 * name: harness/bench/instr_count.h.) */
int grid_run_observed(const IntegratorVtbl *vt, const Model *m, const IntegratorOptions *opt,
                      const double *x0, const double *tgrid, int npts, double budget, RunProgress *prog,
                      GridSink sink, void *ctx, StepObserver observer, void *observer_ctx,
                      NewtonObserver newton, void *newton_ctx, GridRunResult *res);

#endif
