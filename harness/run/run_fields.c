#include "run_fields.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
  const char *key, *flag, *allowed;
} fields[RUN_FIELD_COUNT] = {
    [RUN_FIELD_ACCURACY] = {"accuracy", "--accuracy", "a number > 0"},
    [RUN_FIELD_DT] = {"dt", "--dt", "a number > 0"},
    [RUN_FIELD_T_END] = {"t_end", "--t-end", "a number > 0"},
    [RUN_FIELD_MAX_STEP] = {"max_step", "--max-step", "a number > 0"},
    [RUN_FIELD_TIMEOUT] = {"timeout", "--timeout", "a number in (0, 1e6] s"},
    [RUN_FIELD_REPS] = {"reps", "--reps", "an integer in [1, 100000]"},
    [RUN_FIELD_WINDOW] = {"window", "--window", "a number > 0"},
    [RUN_FIELD_OUTPUT_DT] = {"output_dt", "--output-dt", "a number > 0 (s) or 'step'"},
    [RUN_FIELD_ERROR_NORM] = {"error_norm", "--error-norm", ERROR_NORM_NAMES},
    [RUN_FIELD_MIN_TIME] = {"min_time", "--min-time", "a number in (0, 60] s"},
    [RUN_FIELD_WINDOW_START] = {"window_start", "--window-start", "a number > 0"},
};

int run_field_by_flag(const char *flag) {
  for (int f = 0; f < RUN_FIELD_COUNT; ++f)
    if (!strcmp(fields[f].flag, flag)) return f;
  return RUN_FIELD_NONE;
}

int run_field_by_key(const char *key) {
  for (int f = 0; f < RUN_FIELD_COUNT; ++f)
    if (!strcmp(fields[f].key, key)) return f;
  return RUN_FIELD_NONE;
}

const char *run_field_flag(RunField f) { return fields[f].flag; }
const char *run_field_key(RunField f) { return fields[f].key; }
const char *run_field_allowed(RunField f) { return fields[f].allowed; }

/* A finite number > 0 and nothing else. */
static CbStatus positive(const char *text, double *out) {
  char *end;
  double x = strtod(text, &end);
  if (end == text || *end || !(x > 0) || !isfinite(x)) return CB_ERR_OPTION;
  *out = x;
  return CB_OK;
}

CbStatus run_field_parse(RunField f, const char *text, double *out) {
  double x;
  switch (f) {
  case RUN_FIELD_TIMEOUT:
    if (positive(text, &x) || x > RUN_MAX_TIMEOUT_S) return CB_ERR_OPTION;
    break;
  case RUN_FIELD_REPS: {
    char *end;
    long n = strtol(text, &end, 10);
    if (end == text || *end || n < 1 || n > RUN_MAX_REPS) return CB_ERR_OPTION;
    x = (double)n;
    break;
  }
  case RUN_FIELD_OUTPUT_DT:
    if (run_spec_parse_output_dt(text, &x)) return CB_ERR_OPTION;
    break;
  case RUN_FIELD_MIN_TIME:
    if (positive(text, &x) || x > RUN_MAX_MIN_TIME_S) return CB_ERR_OPTION;
    break;
  case RUN_FIELD_ERROR_NORM: {
    int norm;
    if (error_norm_parse(text, &norm)) return CB_ERR_OPTION;
    x = norm;
    break;
  }
  default:
    if (positive(text, &x)) return CB_ERR_OPTION;
  }
  *out = x;
  return CB_OK;
}

void run_field_set(RunSpec *s, RunField f, double value) {
  switch (f) {
  case RUN_FIELD_ACCURACY: s->accuracy = value, s->has_accuracy = 1; break;
  case RUN_FIELD_DT: s->dt = value, s->has_dt = 1; break;
  case RUN_FIELD_T_END: s->t_end = value; break;
  case RUN_FIELD_MAX_STEP: s->max_step = value; break;
  case RUN_FIELD_TIMEOUT: s->timeout = value; break;
  case RUN_FIELD_REPS: s->reps = (int)value; break;
  case RUN_FIELD_WINDOW: s->window = value; break;
  case RUN_FIELD_OUTPUT_DT: s->output_dt = value; break;
  case RUN_FIELD_MIN_TIME: s->min_time = value; break;
  case RUN_FIELD_WINDOW_START: s->window_start = value; break;
  case RUN_FIELD_ERROR_NORM:
    s->error_norm_given = value != ERROR_NORM_DEFAULT;
    if (s->error_norm_given) s->error_norm = (ErrorNormKind)(int)value;
    break;
  case RUN_FIELD_NONE: case RUN_FIELD_COUNT: break;
  }
}

int run_field_sweep_scalar(RunField f) { return f != RUN_FIELD_ACCURACY && f != RUN_FIELD_DT && f != RUN_FIELD_MAX_STEP; }

CbStatus run_field_set_sweep(SweepConfig *c, RunField f, double value) {
  if (!run_field_sweep_scalar(f)) return CB_ERR_OPTION;
  run_field_set(&c->run, f, value);
  return CB_OK;
}

static CbStatus refuse(RunField f, const char *text, const char *where, CbError *e) {
  return CB_ERROR(e, CB_ERR_OPTION, "%s must be %s, got '%s'", where, fields[f].allowed, text);
}

CbStatus run_field_apply(RunSpec *s, RunField f, const char *text, const char *where, CbError *e) {
  double v;
  if (run_field_parse(f, text, &v)) return refuse(f, text, where, e);
  run_field_set(s, f, v);
  return CB_OK;
}

void run_field_sweep_clear_axis(SweepConfig *c, RunField f) {
  switch (f) {
  case RUN_FIELD_ACCURACY: c->nacc = 0; break;
  case RUN_FIELD_DT: c->ndt = 0; break;
  case RUN_FIELD_MAX_STEP: c->nmax_steps = 0; break;
  case RUN_FIELD_ERROR_NORM: c->nnorms = 0; break;
  default: break;
  }
}

CbStatus run_field_apply_sweep(SweepConfig *c, RunField f, int axis, const char *text, const char *where, CbError *e) {
  double v;
  if (run_field_parse(f, text, &v)) return refuse(f, text, where, e);
  if (!axis) {
    if (run_field_set_sweep(c, f, v)) return CB_ERROR(e, CB_ERR_OPTION, "%s: a sweep lists this setting's values", where);
    return CB_OK;
  }
  int *n = f == RUN_FIELD_ACCURACY ? &c->nacc : f == RUN_FIELD_DT ? &c->ndt : f == RUN_FIELD_MAX_STEP ? &c->nmax_steps
         : f == RUN_FIELD_ERROR_NORM ? &c->nnorms : NULL;
  int max = f == RUN_FIELD_ERROR_NORM ? (int)(sizeof c->norms / sizeof c->norms[0]) : SWEEP_MAX_LIST;
  if (!n) return CB_ERROR(e, CB_ERR_OPTION, "%s: one value, not a list", where);
  if (*n >= max) return CB_ERROR(e, CB_ERR_OPTION, "%s: too many values (at most %d), at '%s'", where, max, text);
  if (f == RUN_FIELD_ERROR_NORM) c->norms[(*n)++] = (int)v;
  else (f == RUN_FIELD_ACCURACY ? c->accuracies : f == RUN_FIELD_DT ? c->dts : c->max_steps)[(*n)++] = v;
  return CB_OK;
}

/* "K=V" into s's next key and value rows (at most max, lengths klen and vlen); CB_OK or
 * CB_ERR_OPTION. */
static CbStatus add_assignment(const char *flag, const char *kv, int allow_empty, int *n, int max, char *keys,
                               size_t klen, char *values, size_t vlen, CbError *e) {
  const char *eq = strchr(kv, '=');
  if (!eq || eq == kv || (!allow_empty && !eq[1]))
    return CB_ERROR(e, CB_ERR_OPTION, "%s needs %s, got '%s'", flag,
                    allow_empty ? "key=value" : "PATH=VALUE (e.g. controllers[0].kp=1e3)", kv);
  if (*n >= max) return CB_ERROR(e, CB_ERR_OPTION, "too many %s (max %d) at '%s'", flag, max, kv);
  if ((size_t)(eq - kv) >= klen || strlen(eq + 1) >= vlen) return CB_ERROR(e, CB_ERR_OPTION, "%s too long: '%s'", flag, kv);
  snprintf(keys + (size_t)*n * klen, klen, "%.*s", (int)(eq - kv), kv);
  snprintf(values + (size_t)*n * vlen, vlen, "%s", eq + 1);
  ++*n;
  return CB_OK;
}

CbStatus run_spec_add_option(RunSpec *s, const char *key_value, CbError *e) {
  return add_assignment("--opt", key_value, 1, &s->nextra, CB_MAX_EXTRA_OPTIONS, &s->extra_key[0][0],
                        sizeof s->extra_key[0], &s->extra_value[0][0], sizeof s->extra_value[0], e);
}

CbStatus run_spec_add_param(RunSpec *s, const char *path_value, CbError *e) {
  return add_assignment("--param", path_value, 0, &s->nparam, SCENE_MAX_PARAMS, &s->param_path[0][0],
                        sizeof s->param_path[0], &s->param_value[0][0], sizeof s->param_value[0], e);
}
