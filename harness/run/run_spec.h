/* The specification of one run: which scene (with which --param changes), which integrator
 * with which accuracy or step, options, error norm, horizon, budget and the opt-in time series.
 * Its canonical key (run_spec_key) identifies the run for sweeps, resume and plots. */
#ifndef CBENCH_RUN_SPEC_H
#define CBENCH_RUN_SPEC_H

#include <stddef.h>

#include "../../integrators/integrator.h"
#include "../common/cb_error.h"
#include "scene_params.h"

#define RUN_DEFAULT_BUDGET_PER_SIM_S 100.0
#define RUN_DEFAULT_GRID_RATE 100.0  /* output points per simulated s without a reference */
/* The largest --timeout (s; 11.6 days per integration) and --reps: a budget of (reps + 1) x
 * timeout must make a finite Slurm time limit (harness/sweep/plan.h). */
#define RUN_MAX_TIMEOUT_S 1e6
#define RUN_MAX_REPS 100000
/* Calibrated timing (--min-time): repetitions until they total at least the minimum time, at
 * least RUN_CALIBRATED_MIN_REPS of them unless one repetition alone takes the minimum time, at
 * most the spec's reps (RUN_CALIBRATED_MAX_REPS when --reps is not given); `cbench sweep` times
 * this way by default with SWEEP_DEFAULT_MIN_TIME_S. */
#define RUN_CALIBRATED_MIN_REPS 3
#define RUN_CALIBRATED_MAX_REPS 100
#define RUN_MAX_MIN_TIME_S 60.0

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
  const IntegratorRegistry *registry; /* where the integrator is looked up (its default norm): the
                                       * context's, so run-time additions count; NULL: built-ins */
  int reps;                /* timing repetitions (>= 1); with min_time > 0 the most of them */
  double min_time;         /* > 0: calibrated repetitions totalling at least this many s; 0: exactly reps */
  double timeout;          /* wall-time budget per integration, s; 0: 100 s per simulated s */
  char trajectory[1024];   /* CSV path or "" */
  char step_log[1024];     /* CSV path or "": one row per attempted step (harness/run/step_log.h) */
  char newton_log[1024];   /* CSV path or "": one row per Newton iteration (harness/run/newton_log.h) */
  char contact_log[1024];  /* CSV path or "": contact forces on the grid (harness/run/contact_log.h) */
  char energy_log[1024];   /* CSV path or "": energy balance on the grid (harness/run/energy_log.h) */
  double window;           /* windowed (local) error window, s; 0: off (TAMSI Fig. 5) */
  double output_dt;        /* series rows: 0 the error grid; > 0 also every output_dt s;
                            * OUTPUT_DT_STEP every accepted step (harness/run/output_grid.h) */
  char window_method[64];  /* tight integrator restarted at each window; "": reference default */
  double window_param;     /* its accuracy or dt */
  double window_start;     /* windows start at this time (s): a resting phase alone; 0: at t = 0 */
  char window_check[64];   /* a second tight integrator run on every window: the two's distance is
                            * the windowed error's resolution floor; "": none */
  double window_check_param;
  int nextra;
  char extra_key[CB_MAX_EXTRA_OPTIONS][64];
  char extra_value[CB_MAX_EXTRA_OPTIONS][256];
  int nparam;              /* scene parameters (--param PATH=VALUE, harness/run/scene_params.h) */
  char param_path[SCENE_MAX_PARAMS][SCENE_PARAM_PATH_LEN];
  char param_value[SCENE_MAX_PARAMS][SCENE_PARAM_VALUE_LEN];
} RunSpec;

#define OUTPUT_DT_STEP (-1.0)

void run_spec_init(RunSpec *s);
/* --output-dt / a recipe's output_dt: "step" (OUTPUT_DT_STEP) or a finite number > 0; CB_OK
 * or CB_ERR_OPTION. */
CbStatus run_spec_parse_output_dt(const char *v, double *out);
/* "step" or the number (num_text: shortest exact) of an output_dt != 0. */
void run_spec_output_dt_text(double output_dt, char *out, size_t outlen);
/* Resolves NAME (CASES/NAME.json, CASES = cases_dir, the context's) or a path to a scene file
 * into s->case_path and s->case_name: CB_OK, or CB_ERR_INPUT with the message in e. */
CbStatus run_spec_set_case(RunSpec *s, const char *cases_dir, const char *name_or_path, CbError *e);
/* An error norm by name: "q" (ERRNORM_POSITIONS), "full" (ERRNORM_FULL) or "default"
 * (ERROR_NORM_DEFAULT: the integrator's default_error_norm); CB_OK, or CB_ERR_OPTION for anything
 * else. */
#define ERROR_NORM_DEFAULT (-1)
#define ERROR_NORM_NAMES "q, full or default"
CbStatus error_norm_parse(const char *name, int *out);
/* "q" or "full". */
const char *error_norm_name(ErrorNormKind norm);
/* The error norm the run uses: the given one, or the integrator's default. */
ErrorNormKind run_spec_error_norm(const RunSpec *s);
/* The command line that reproduces the run (with the resolved error norm written out). */
void run_spec_command(const RunSpec *s, char *out, size_t outlen);
/* The same as words: "cbench", "run", then one word per option and value (a path with spaces
 * stays one word), NUL-terminated in buf. Returns their count, or -1 when buf or maxwords is
 * too small. */
int run_spec_words(const RunSpec *s, char *buf, size_t buflen, const char **words, int maxwords);
/* The integrator options of the spec (pointers into s: s must outlive o). */
void run_spec_options(const RunSpec *s, IntegratorOptions *o);
/* Canonical form of what determines the run's results: scene, integrator, accuracy or dt,
 * horizon, max step, resolved error norm, repetitions, budget, window, options sorted by key,
 * scene parameters sorted by path (order on the command line does not matter). Output files
 * (--trajectory, logs) are not part of it. Records store it as "spec_key"; resume compares it. */
void run_spec_key(const RunSpec *s, char *out, size_t outlen);
/* The record file name of a spec: CASE__INTEGRATOR__acc0.001 (or __dt0.01), then one suffix per
 * axis that is set (__q / __full for a chosen norm, __hmaxH, __KEY-VALUE per option and scene
 * parameter, in canonical order), then ".json"; characters unsafe in file names become '_'. */
void run_spec_file_name(const RunSpec *s, int fixed_step, char *out, size_t outlen);

/* Lists the case names of the folder cases_dir (sorted); returns the count, fills up to max names. */
int cases_list(const char *cases_dir, char names[][128], int max);
/* Base name without directory and without a ".json" suffix. */
void case_name_from_path(const char *path, char *out, size_t outlen);

#endif
