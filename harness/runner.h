/* `cbench run`: one case with one integrator at one accuracy (or step), measured for error
 * (one run sampled on the output grid) and work (--reps separate timing runs), reported as a
 * cbench.run/1 JSON record (harness/SCHEMA.md). Runs execute in a child process under a
 * wall-time budget so that a hung or slow integrator becomes a `timeout` record. */
#ifndef CBENCH_RUNNER_H
#define CBENCH_RUNNER_H

#include <cjson/cJSON.h>

#include "../integrators/integrator.h"
#include "gridrun.h"
#include "scene_params.h"

#define RUN_SCHEMA "cbench.run/1"
#define RUN_DEFAULT_BUDGET_PER_SIM_S 100.0
#define RUN_DEFAULT_GRID_RATE 100.0  /* output points per simulated s without a reference */

typedef struct {
  char case_path[1024];    /* scene file */
  char case_name[128];
  char integrator[64];
  int has_accuracy, has_dt;
  double accuracy, dt;
  double t_end;            /* 0: the scene's duration */
  double max_step;         /* 0: the scene's */
  ErrorNormKind error_norm;  /* as given; with error_norm_given 0 the integrator's default */
  int error_norm_given;    /* 1: --error-norm q|full; 0: the integrator's default_error_norm */
  int reps;                /* timing repetitions (>= 1) */
  double timeout;          /* wall-time budget per integration, s; 0: 100 s per simulated s */
  char trajectory[1024];   /* CSV path or "" */
  char step_log[1024];     /* CSV path or "": one row per attempted step (harness/step_log.h) */
  char contact_log[1024];  /* CSV path or "": contact forces on the grid (harness/contact_log.h) */
  char energy_log[1024];   /* CSV path or "": energy balance on the grid (harness/energy_log.h) */
  double window;           /* windowed (local) error window, s; 0: off (DESIGN.md) */
  char window_method[64];  /* tight integrator restarted at each window; "": reference default */
  double window_param;     /* its accuracy or dt */
  int nextra;
  char extra_key[CB_MAX_EXTRA_OPTIONS][64];
  char extra_value[CB_MAX_EXTRA_OPTIONS][256];
  int nparam;              /* scene parameters (--param PATH=VALUE, harness/scene_params.h) */
  char param_path[SCENE_MAX_PARAMS][SCENE_PARAM_PATH_LEN];
  char param_value[SCENE_MAX_PARAMS][SCENE_PARAM_VALUE_LEN];
} RunSpec;

void run_spec_init(RunSpec *s);
/* Resolves NAME (cases/NAME.json, CASES = $CBENCH_CASES_DIR or "cases") or a path to a scene
 * file into s->case_path and s->case_name. 0, or -1 with a message. */
int run_spec_set_case(RunSpec *s, const char *name_or_path, char *err, size_t errlen);
const char *harness_cases_dir(void);
/* The error norm the run uses: the given one, or the integrator's default. */
ErrorNormKind run_spec_error_norm(const RunSpec *s);
/* The command line that reproduces the run (with the resolved error norm written out). */
void run_spec_command(const RunSpec *s, char *out, size_t outlen);

typedef struct {
  RunSpec spec;
  const IntegratorVtbl *vt;
  Model *model;
  double t_end, budget;
  char scene_hash[64];     /* of the scene as run (with its --param changes) */
} RunContext;

/* Loads the scene and validates the spec. 0; 2 with the loader's one-line message for a bad
 * scene; 3 with a message for an unknown integrator or an accuracy/dt mismatch. */
int run_prepare(const RunSpec *spec, RunContext *ctx, char *err, size_t errlen);
/* Creates and destroys the integrator once to catch bad options / parameters early (the CLI
 * reports them as argument errors; a sweep records them as failed runs instead). 0 or 3. */
int run_preflight(const RunContext *ctx, char *err, size_t errlen);
void run_context_free(RunContext *ctx);

/* Runs in this process (budget checked between grid points); always returns a record. */
cJSON *run_execute(RunContext *ctx, RunProgress *prog);
/* Runs in a child process, killing it when an integration exceeds the budget (plus a small
 * grace); a killed or crashed child becomes a timeout / failed record. */
cJSON *run_isolated(RunContext *ctx);

/* A record with only the identification, params, command, machine and the given status. */
cJSON *run_record_new(const RunContext *ctx, const char *status, const char *message,
                      double t_reached);

/* Names of the record's "counters" (every IntegratorStats counter), NULL-terminated; the
 * validator requires them and `cbench compare` gates on them. */
extern const char *const run_counter_names[];

/* Checks a record against the cbench.run/1 schema; 0, or -1 with the first problem. */
int run_record_validate(const cJSON *rec, char *err, size_t errlen);

#endif
