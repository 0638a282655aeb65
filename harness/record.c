/* Validator of cbench.run/1 records (harness/SCHEMA.md). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "runner.h"

static const cJSON *get(const cJSON *o, const char *k) { return cJSON_GetObjectItemCaseSensitive(o, k); }

static int need(const cJSON *o, const char *k, int type_ok, const char *what, char *err, size_t errlen) {
  if (!type_ok) {
    snprintf(err, errlen, "field '%s' missing or not %s", k, what);
    return -1;
  }
  (void)o;
  return 0;
}

#define NEED(obj, key, pred, what)                                                        \
  do {                                                                                    \
    const cJSON *it_ = get(obj, key);                                                     \
    if (need(obj, key, it_ != NULL && (pred(it_)), what, err, errlen) != 0) return -1;    \
  } while (0)

static int is_num_or_null(const cJSON *x) { return cJSON_IsNumber(x) || cJSON_IsNull(x); }
static int is_str_or_null(const cJSON *x) { return cJSON_IsString(x) || cJSON_IsNull(x); }
static int is_obj_or_null(const cJSON *x) { return cJSON_IsObject(x) || cJSON_IsNull(x); }
static int is_nonneg(const cJSON *x) { return cJSON_IsNumber(x) && x->valuedouble >= 0; }
static int is_maxrms(const cJSON *x) {
  return cJSON_IsObject(x) && is_num_or_null(get(x, "max")) && is_num_or_null(get(x, "rms"));
}

const char *const run_counter_names[] = {
    "steps", "rejected", "rhs_evals", "jac_evals", "factorizations", "newton_iters",
    "linesearch_iters", "convex_solves", "geometry_queries", "conv_failures",
    "error_test_failures", "substep_retries", NULL};

int run_record_validate(const cJSON *r, char *err, size_t errlen) {
  if (!cJSON_IsObject(r)) { snprintf(err, errlen, "record is not an object"); return -1; }
  const cJSON *schema = get(r, "schema");
  if (!cJSON_IsString(schema) || strcmp(schema->valuestring, RUN_SCHEMA) != 0) {
    snprintf(err, errlen, "schema is not \"%s\"", RUN_SCHEMA);
    return -1;
  }
  NEED(r, "case", cJSON_IsString, "a string");
  NEED(r, "scene", cJSON_IsString, "a string");
  NEED(r, "scene_hash", cJSON_IsString, "a string");
  NEED(r, "integrator", cJSON_IsString, "a string");
  NEED(r, "fixed_step", cJSON_IsBool, "a boolean");
  NEED(r, "params", cJSON_IsObject, "an object");
  const cJSON *p = get(r, "params");
  NEED(p, "accuracy", is_num_or_null, "a number or null");
  NEED(p, "dt", is_num_or_null, "a number or null");
  NEED(p, "error_norm", cJSON_IsString, "a string");
  if (get(p, "error_norm_default") && !cJSON_IsBool(get(p, "error_norm_default"))) {
    snprintf(err, errlen, "params.error_norm_default must be a boolean");
    return -1;
  }
  NEED(p, "t_end", is_nonneg, "a number >= 0");
  NEED(p, "budget_s", is_nonneg, "a number >= 0");
  if (cJSON_IsNull(get(p, "accuracy")) == cJSON_IsNull(get(p, "dt"))) {
    snprintf(err, errlen, "params: exactly one of accuracy and dt must be set");
    return -1;
  }
  NEED(r, "status", cJSON_IsString, "a string");
  const char *st = get(r, "status")->valuestring;
  if (strcmp(st, "ok") && strcmp(st, "failed") && strcmp(st, "timeout")) {
    snprintf(err, errlen, "status '%s' is not ok/failed/timeout", st);
    return -1;
  }
  int ok = strcmp(st, "ok") == 0;
  NEED(r, "message", is_str_or_null, "a string or null");
  if (!ok && !cJSON_IsString(get(r, "message"))) {
    snprintf(err, errlen, "a %s record needs a message", st);
    return -1;
  }
  NEED(r, "t_reached", is_nonneg, "a number >= 0");
  NEED(r, "warnings", cJSON_IsArray, "an array");
  const cJSON *wi;
  cJSON_ArrayForEach(wi, get(r, "warnings")) if (!cJSON_IsString(wi)) {
    snprintf(err, errlen, "warnings: every entry must be a string");
    return -1;
  }
  NEED(r, "sim_time", is_nonneg, "a number >= 0");
  NEED(r, "command", cJSON_IsString, "a string");
  NEED(r, "date", cJSON_IsString, "a string");
  NEED(r, "machine", cJSON_IsObject, "an object");
  const cJSON *m = get(r, "machine");
  NEED(m, "cpu", cJSON_IsString, "a string");
  NEED(m, "cores", cJSON_IsNumber, "a number");
  NEED(m, "compiler", cJSON_IsString, "a string");
  NEED(m, "git", cJSON_IsString, "a string");
  NEED(m, "sundials", cJSON_IsString, "a string");
  NEED(m, "cjson", cJSON_IsString, "a string");
  NEED(r, "wall_time", is_obj_or_null, "an object or null");
  NEED(r, "work", is_obj_or_null, "an object or null");
  NEED(r, "counters", is_obj_or_null, "an object or null");
  NEED(r, "error", is_obj_or_null, "an object or null");
  NEED(r, "error_note", is_str_or_null, "a string or null");
  NEED(r, "physics", is_obj_or_null, "an object or null");
  const cJSON *w = get(r, "wall_time");
  if (cJSON_IsObject(w)) {
    NEED(w, "min", is_nonneg, "a number >= 0");
    NEED(w, "median", is_nonneg, "a number >= 0");
    NEED(w, "max", is_nonneg, "a number >= 0");
    NEED(w, "reps", is_nonneg, "a number >= 0");
    if (get(w, "min")->valuedouble > get(w, "median")->valuedouble ||
        get(w, "median")->valuedouble > get(w, "max")->valuedouble) {
      snprintf(err, errlen, "wall_time: min <= median <= max violated");
      return -1;
    }
  }
  const cJSON *c = get(r, "counters");
  if (cJSON_IsObject(c))
    for (int i = 0; run_counter_names[i]; ++i) NEED(c, run_counter_names[i], is_nonneg, "a count >= 0");
  if (ok && !cJSON_IsObject(c)) { snprintf(err, errlen, "an ok record needs counters"); return -1; }
  const cJSON *e = get(r, "error");
  if (cJSON_IsObject(e)) {
    NEED(e, "reference", cJSON_IsString, "a string");
    NEED(e, "positions", is_maxrms, "a {max, rms} object");
    NEED(e, "full", is_maxrms, "a {max, rms} object");
  } else if (!cJSON_IsString(get(r, "error_note"))) {
    snprintf(err, errlen, "error is null but error_note does not say why");
    return -1;
  }
  const cJSON *ew = get(r, "error_windowed");
  if (ew && !cJSON_IsNull(ew)) {
    NEED(r, "error_windowed", cJSON_IsObject, "an object or null");
    NEED(ew, "window", is_nonneg, "a number >= 0");
    NEED(ew, "positions", is_maxrms, "a {max, rms} object");
    NEED(ew, "full", is_maxrms, "a {max, rms} object");
  }
  const cJSON *ph = get(r, "physics");
  if (cJSON_IsObject(ph)) {
    NEED(ph, "penetration", is_maxrms, "a {max, rms} object");
    NEED(ph, "energy", cJSON_IsObject, "an object");
  }
  return 0;
}
