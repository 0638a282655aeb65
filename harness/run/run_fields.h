/* The settings of a run specification that `cbench run` (--t-end 2), `cbench sweep` (--t-end 2,
 * --accuracies 1e-2,1e-3) and figure recipes ("t_end": 2) share: one table of names, limits and
 * the words for what is allowed, and one parser of a value's text, so the three accept the
 * same values and say the same thing about a bad one. */
#ifndef CBENCH_RUN_FIELDS_H
#define CBENCH_RUN_FIELDS_H

#include "run_spec.h"
#include "../sweep/sweep.h"

typedef enum {
  RUN_FIELD_NONE = -1, /* no such flag or key */
  RUN_FIELD_ACCURACY, RUN_FIELD_DT, RUN_FIELD_T_END, RUN_FIELD_MAX_STEP, RUN_FIELD_TIMEOUT, RUN_FIELD_REPS,
  RUN_FIELD_WINDOW, RUN_FIELD_OUTPUT_DT, RUN_FIELD_ERROR_NORM, RUN_FIELD_MIN_TIME, RUN_FIELD_WINDOW_START, RUN_FIELD_COUNT
} RunField;

/* The field a command-line flag ("--t-end") or a recipe key ("t_end") names, or RUN_FIELD_NONE (< 0). */
int run_field_by_flag(const char *flag);
int run_field_by_key(const char *key);
const char *run_field_flag(RunField f);
const char *run_field_key(RunField f);
/* What the field allows, in words ("a number > 0", "q, full or default", ...). */
const char *run_field_allowed(RunField f);
/* The value's text as field f into *out (reps: a whole number; output_dt: OUTPUT_DT_STEP for
 * "step"; error norm: ERRNORM_* or ERROR_NORM_DEFAULT); CB_OK, or CB_ERR_OPTION when f does not
 * allow it. */
CbStatus run_field_parse(RunField f, const char *text, double *out);
/* Sets field f of s to a parsed value (accuracy and dt also mark which one was given). */
void run_field_set(RunSpec *s, RunField f, double value);
/* The same for the one value a sweep gives all its runs; CB_ERR_OPTION when f is a sweep axis
 * (accuracy, dt, max_step: each value is parsed by run_field_parse and listed). */
CbStatus run_field_set_sweep(SweepConfig *c, RunField f, double value);
int run_field_sweep_scalar(RunField f);

/* The one way a run setting's text is taken, for `cbench run`, `cbench sweep` and recipes alike:
 * parsed as field f and set, or refused with "WHERE must be ALLOWED, got 'TEXT'", WHERE naming
 * the flag ("--t-end") or the file and key ("fig.json: runs[0].t_end"). CB_OK, or CB_ERR_OPTION
 * with the message in e. */
CbStatus run_field_apply(RunSpec *s, RunField f, const char *text, const char *where, CbError *e);
/* The same for a sweep: axis 0 sets the value all its runs share (run_field_sweep_scalar), axis 1
 * appends a value to the grid's axis of f (accuracy, dt, max_step, error_norm; at most
 * SWEEP_MAX_LIST, 3 error norms). */
CbStatus run_field_apply_sweep(SweepConfig *c, RunField f, int axis, const char *text, const char *where, CbError *e);
/* Empties the sweep's axis of f (before the values of a flag or key that lists them). */
void run_field_sweep_clear_axis(SweepConfig *c, RunField f);

/* An integrator option KEY=VALUE (--opt) or a scene parameter PATH=VALUE (--param, VALUE not
 * empty) added to s; CB_OK, or CB_ERR_OPTION with a message naming the flag and the text in e. */
CbStatus run_spec_add_option(RunSpec *s, const char *key_value, CbError *e);
CbStatus run_spec_add_param(RunSpec *s, const char *path_value, CbError *e);

#endif
