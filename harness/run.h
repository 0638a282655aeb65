/* `cbench run`: one case with one integrator at one accuracy (or step), measured for error
 * (one run sampled on the output grid, harness/run_metrics.h) and work (--reps separate timing
 * runs), reported as a cbench.run/1 record (harness/run_record.h, harness/SCHEMA.md). Runs execute
 * in a child process under a wall-time budget (harness/run_isolation.c) so that a hung or slow
 * integrator becomes a `timeout` record. */
#ifndef CBENCH_RUN_H
#define CBENCH_RUN_H

#include <cjson/cJSON.h>

#include "../models/model.h"
#include "grid_integration.h"
#include "run_spec.h"

typedef struct {
  RunSpec spec;
  const IntegratorVtbl *vt;
  Model *model;
  double t_end, budget;
  char scene_hash[64];     /* of the scene as run (with its --param changes) */
  int progress;            /* run_isolated draws a progress line (harness/progress.h) */
} RunContext;

/* Loads the scene and validates the spec. 0; 2 with the loader's one-line message for a bad
 * scene; 3 with a message for an unknown integrator or an accuracy/dt mismatch. */
int run_prepare(const RunSpec *spec, RunContext *ctx, char *err, size_t errlen);
/* Creates and destroys the integrator once to catch bad options / parameters early (the CLI
 * reports them as argument errors; a sweep records them as failed runs instead). 0; 3 for a
 * bad option or step setting; 4 when the integrator cannot take the scene (MuJoCo refusing it). */
int run_preflight(const RunContext *ctx, char *err, size_t errlen);
void run_context_free(RunContext *ctx);

/* The record's field naming a series (--trajectory, --step-log, ...) that could not be written:
 * "PATH: REASON". Callers treat it as an error and write no record (it never reaches a file). */
#define RUN_OUTPUT_ERROR "_output_error"

/* Runs in this process (budget checked between grid points); always returns a record. */
cJSON *run_execute(RunContext *ctx, RunProgress *prog);
/* Runs in a child process, killing it when an integration exceeds the budget (plus a small
 * grace); a killed or crashed child becomes a timeout / failed record. */
cJSON *run_isolated(RunContext *ctx);

#endif
