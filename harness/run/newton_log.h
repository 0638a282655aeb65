/* `cbench run --newton-log FILE.csv` (CENIC Fig. 5, TAMSI Fig. 4): one row per Newton
 * iteration of the implicit solves of the error run, from the integrator's Newton observer
 * (integrators/integrator.h, NewtonEvent). Integrators with a Newton solve report: the CENIC
 * family (its convex ICF solve) and tamsi / tamsi-sd; the others write the header only.
 * Columns: row (0, 1, ...: the iteration's index over the run, an x axis with no repeats), solve
 * (0, 1, ...: a new solve starts at every row with iter 0; step doubling makes
 * three solves per attempted step, a continuation stage one more), t and h (the attempted step
 * the solve belongs to), iter, residual (CENIC: |D g| of eq. 32; TAMSI: |R|_inf of eq. 21),
 * tol (CENIC: eq. 32's tolerance; TAMSI: empty, it stops on the velocity update), alpha (the
 * step length taken; empty on the last, converged row), refactorized (1: the Jacobian or
 * Hessian was factored afresh at this iteration). Rows go through stdio's buffer: no
 * allocation per row, and none of this runs when the log is off (the observer is NULL). */
#ifndef CBENCH_NEWTON_LOG_H
#define CBENCH_NEWTON_LOG_H

#include <stdio.h>

#include "../../integrators/integrator.h"

typedef struct {
  FILE *f;
  long solves; /* solves started (rows with iter 0) */
  long rows;
} NewtonLog;

/* Opens path for writing and writes the header; CB_OK, or CB_ERR_IO (CB_ERR_MEMORY). */
CbStatus newton_log_open(NewtonLog *log, const char *path);
/* The NewtonObserver (ctx = the NewtonLog). */
void newton_log_observe(void *ctx, const NewtonEvent *e);
/* Flushes and closes; 0 or -1 (a write failed). */
int newton_log_close(NewtonLog *log);

#endif
