/* `cbench run`: one case with one integrator at one accuracy (or step), measured for error
 * (one run sampled on the output grid, harness/run/run_metrics.h) and work (--reps separate timing
 * runs), reported as a cbench.run/1 record (harness/run/run_record.h, harness/SCHEMA.md). Runs execute
 * in a child process under a wall-time budget (harness/run/run_isolation.c) so that a hung or slow
 * integrator becomes a `timeout` record. */
#ifndef CBENCH_RUN_H
#define CBENCH_RUN_H

#include <cjson/cJSON.h>
#include <sys/types.h>

#include "../../models/model.h"
#include "../common/cbench_context.h"
#include "grid_integration.h"
#include "run_spec.h"

typedef struct {
  const CbenchContext *cb; /* paths, registry (run_prepare's; must outlive the run) */
  RunSpec spec;
  const IntegratorVtbl *vt;
  Model *model;
  double t_end, budget;
  char scene_hash[64];     /* of the scene as run (with its --param changes) */
  int progress;            /* run_isolated draws a progress line (harness/common/progress.h) */
  double load_start[3];    /* load average when the run started (the record's load_avg_start) */
} RunContext;

/* Loads the scene and validates the spec. CB_OK; CB_ERR_INPUT with the loader's one-line message
 * for a bad scene; CB_ERR_OPTION with a message for an unknown integrator or an accuracy/dt
 * mismatch (the message in e). */
CbStatus run_prepare(const CbenchContext *cb, const RunSpec *spec, RunContext *ctx, CbError *e);
/* Creates and destroys the integrator once to catch bad options / parameters early (the CLI
 * reports them as argument errors; a sweep records them as failed runs instead). CB_OK;
 * CB_ERR_OPTION for a bad option or step setting; CB_ERR_UNSUPPORTED when the integrator cannot
 * take the scene (MuJoCo refusing it). */
CbStatus run_preflight(const RunContext *ctx, CbError *e);
void run_context_free(RunContext *ctx);

/* The record's field naming a series (--trajectory, --step-log, ...) that could not be written:
 * "PATH: REASON". Callers treat it as an error and write no record (it never reaches a file). */
#define RUN_OUTPUT_ERROR "_output_error"

/* Runs in this process (budget checked between grid points); always returns a record. */
cJSON *run_execute(RunContext *ctx, RunProgress *prog);
/* Runs in a child process, killing it when an integration exceeds the budget (plus a small
 * grace); a killed or crashed child becomes a timeout / failed record. */
cJSON *run_isolated(RunContext *ctx);
/* For a supervisor of run processes (run_isolated, a sweep's jobs): 1 when the integration that
 * prog reports on has exceeded the budget plus a grace (ten times it inside the metrics). */
int run_progress_overrun(const RunProgress *prog, double budget);
/* The record of a run process that left none: timeout when killed, else failed with how it
 * ended (wstatus from waitpid); removes the partial series of process pid. */
cJSON *run_record_unfinished(RunContext *ctx, pid_t pid, int killed, int wstatus, const RunProgress *prog);

#endif
