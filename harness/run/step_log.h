/* `cbench run --step-log FILE.csv` (CENIC Fig. 17): one row per attempted step, from the
 * integrator's step observer (integrators/integrator.h, StepEvent), of the error run only.
 * Columns: t (step start), h, accepted (1/0), why (ok / error test / solver failure), error
 * (estimate, empty for fixed-step schemes), steps (steps the row covers: 1, or more for the
 * SUNDIALS baselines, which report between output points with h their mean step),
 * newton_iters, linesearch_iters, factorizations (counter increments since the previous row),
 * wall_s (wall time since the previous row), real_time_rate (simulated time of the accepted
 * steps over the last 20 rows divided by their wall time), hessian_cond, stiction_median,
 * stiction_min (the integrator's StepDiagnostics of the step, empty when it offers none: CENIC's
 * Newton Hessian condition number with --opt condition_number=1, and its effective stiction
 * tolerance over the contacts whose friction acts). Sums of the columns equal the
 * record's counters of the error run. */
#ifndef CBENCH_STEP_LOG_H
#define CBENCH_STEP_LOG_H

#include <stdio.h>

#include "../../integrators/integrator.h"

#define STEP_LOG_WINDOW 20

typedef struct {
  FILE *f;
  long newton, linesearch, factorizations; /* counters at the previous row */
  double wall_prev;
  double win_h[STEP_LOG_WINDOW], win_wall[STEP_LOG_WINDOW];
  int win_n, win_i;
  long rows;
} StepLog;

/* Opens path for writing and writes the header; CB_OK, or CB_ERR_IO (CB_ERR_MEMORY). */
CbStatus step_log_open(StepLog *log, const char *path);
/* The StepObserver (ctx = the StepLog). */
void step_log_observe(void *ctx, const Integrator *it, const StepEvent *e);
/* Flushes and closes; 0 or -1 (a write failed). */
int step_log_close(StepLog *log);

#endif
