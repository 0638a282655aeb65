/* `cbench sweep`: the work-precision grid, one child process per run, one atomically written
 * record file per run (an interrupted sweep resumes where it stopped), a progress line, and a
 * combined OUT/sweep.json array at the end. */
#ifndef CBENCH_SWEEP_H
#define CBENCH_SWEEP_H

#include "../common/cb_error.h"
#include <cjson/cJSON.h>
#include <stddef.h>

#include "../run/run_spec.h"
#include "../run/scene_params.h"

#define SWEEP_MAX_LIST 64
#define SWEEP_MAX_OPT_AXES 6
#define SWEEP_MAX_OPT_VALUES 8
/* The most points a grid may have (each takes ~14 KB until the sweep ends; larger: split it). */
#define SWEEP_MAX_POINTS 100000
/* `cbench sweep` without --reps or --min-time times each run calibrated (run_spec.h): repetitions
 * totalling at least this many seconds, at least 3 unless one alone takes that long, at most
 * RUN_CALIBRATED_MAX_REPS. */
#define SWEEP_DEFAULT_MIN_TIME_S 0.1

typedef struct {
  int ncases;
  char cases[SWEEP_MAX_LIST][1024];      /* names or scene paths; none = all of cases/ */
  int nintegrators;
  char integrators[SWEEP_MAX_LIST][64];  /* none = every registered integrator */
  int nacc, ndt;
  double accuracies[SWEEP_MAX_LIST];     /* for error-controlled integrators */
  double dts[SWEEP_MAX_LIST];            /* for fixed-step integrators */
  int jobs;
  /* The settings every run shares, as `cbench run` takes them (harness/run/run_fields.h): reps,
   * timeout, t_end, window, output_dt and error_norm (with error_norm_given 0: each integrator's
   * default); its case, integrator and step are the grid's. */
  RunSpec run;
  /* Further axes; the grid is their product. Error norms and max steps apply to
   * error-controlled integrators only; an option axis to the integrators that take the key
   * (the others run without it, and the sweep says so). */
  int nnorms;
  int norms[3];            /* -1 default, ERRNORM_POSITIONS, ERRNORM_FULL; none: run.error_norm */
  int nmax_steps;
  double max_steps[SWEEP_MAX_LIST];
  int nopt;                /* option axes (--opt KEY=V1,V2 ...) */
  char opt_key[SWEEP_MAX_OPT_AXES][64];
  int nopt_values[SWEEP_MAX_OPT_AXES];
  char opt_values[SWEEP_MAX_OPT_AXES][SWEEP_MAX_OPT_VALUES][128];
  int nparam_axes;         /* scene parameter axes (--param PATH=V1,V2 ...; PATH1+PATH2=... sets both) */
  char param_path[SCENE_MAX_PARAMS][SCENE_PARAM_PATH_LEN];
  int nparam_values[SCENE_MAX_PARAMS];
  char param_values[SCENE_MAX_PARAMS][SWEEP_MAX_OPT_VALUES][SCENE_PARAM_VALUE_LEN];
  char out[1024];
  char command[4096];      /* the command line that started the sweep (for captions) */
  char resume_command[4096]; /* the same, shell-quoted as typed (argv[0] too): printed after Ctrl-C
                            * to resume; "": `command` */
  int quiet;               /* no progress line */
  char plan[1024];         /* non-empty: write the grid as a plan file (harness/sweep/plan.h), run nothing */
  int series;              /* SWEEP_SERIES_* bits: time series written next to each record */
} SweepConfig;

/* Time series a sweep writes next to each record FILE.json (as `cbench run` would with
 * --step-log / --contact-forces / --energy / --newton-log): FILE.steps.csv, FILE.contacts.csv,
 * FILE.energy.csv, FILE.newton.csv.
 * A record whose series is missing is redone on resume. */
enum { SWEEP_SERIES_STEPS = 1, SWEEP_SERIES_CONTACTS = 2, SWEEP_SERIES_ENERGY = 4, SWEEP_SERIES_TRAJECTORY = 8, SWEEP_SERIES_NEWTON = 16 };
/* Parses "steps,contacts,energy,trajectory" (any subset) into bits; -1 for an unknown name. */
int sweep_series_parse(const char *list);
/* The series file of a record path: "steps", "contacts" or "energy". */
void sweep_series_path(const char *record_path, const char *which, char *out, size_t outlen);

/* The defaults; out is RESULTS/sweep with the context's results folder (cb NULL: "results"). */
struct CbenchContext;
void sweep_config_default(const struct CbenchContext *cb, SweepConfig *c);
/* CB_OK when every record exists (failures and timeouts are records), CB_ERR_INPUT for a bad
 * configuration (nothing run), CB_ERR_IO when a record or the folder could not be written (or a
 * job not started), CB_ERR_MEMORY; the why in e. Cases, integrators and limits from cb. */
CbStatus sweep_run(const struct CbenchContext *cb, const SweepConfig *c, CbError *e);

#endif
