#include "run_record.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../models/json_input.h"
#include "files.h"
#include "machine.h"
#include "metrics.h"
#include "reference.h"

void run_record_add_number(cJSON *o, const char *k, int has, double v) {
  if (has && isfinite(v)) cJSON_AddNumberToObject(o, k, v);
  else cJSON_AddNullToObject(o, k);
}

void run_record_add_maxrms(cJSON *o, const char *k, const MaxRms *a) {
  cJSON *x = cJSON_AddObjectToObject(o, k);
  run_record_add_number(x, "max", a->n > 0, a->max);
  run_record_add_number(x, "rms", a->n > 0, maxrms_rms(a));
}

cJSON *run_record_new(const RunContext *ctx, const char *status, const char *message,
                      double t_reached) {
  const RunSpec *s = &ctx->spec;
  cJSON *r = cJSON_CreateObject();
  cJSON_AddStringToObject(r, "schema", RUN_SCHEMA);
  cJSON_AddStringToObject(r, "case", s->case_name);
  cJSON_AddStringToObject(r, "scene", s->case_path);
  cJSON_AddStringToObject(r, "scene_hash", ctx->scene_hash[0] ? ctx->scene_hash : "unknown");
  cJSON_AddStringToObject(r, "model_version", CBENCH_MODEL_VERSION);
  cJSON_AddStringToObject(r, "integrator", s->integrator);
  cJSON_AddBoolToObject(r, "fixed_step", ctx->vt && ctx->vt->fixed_step);
  cJSON *p = cJSON_AddObjectToObject(r, "params");
  run_record_add_number(p, "accuracy", s->has_accuracy, s->accuracy);
  run_record_add_number(p, "dt", s->has_dt, s->dt);
  run_record_add_number(p, "max_step", s->max_step > 0, s->max_step);
  cJSON_AddStringToObject(p, "error_norm", error_norm_name(run_spec_error_norm(s)));
  cJSON_AddBoolToObject(p, "error_norm_default", !s->error_norm_given);
  cJSON_AddNumberToObject(p, "t_end", ctx->t_end);
  cJSON_AddNumberToObject(p, "reps", s->reps);
  cJSON_AddNumberToObject(p, "budget_s", ctx->budget);
  run_record_add_number(p, "window", s->window > 0, s->window);
  if (s->output_dt == OUTPUT_DT_STEP) cJSON_AddStringToObject(p, "output_dt", "step");
  else run_record_add_number(p, "output_dt", s->output_dt > 0, s->output_dt);
  cJSON *opts = cJSON_AddObjectToObject(p, "options");
  for (int i = 0; i < s->nextra; ++i) cJSON_AddStringToObject(opts, s->extra_key[i], s->extra_value[i]);
  cJSON *sp = cJSON_AddObjectToObject(p, "scene_params");
  for (int i = 0; i < s->nparam; ++i) cJSON_AddStringToObject(sp, s->param_path[i], s->param_value[i]);
  cJSON_AddStringToObject(r, "status", status);
  if (message && *message) cJSON_AddStringToObject(r, "message", message);
  else cJSON_AddNullToObject(r, "message");
  cJSON_AddNumberToObject(r, "t_reached", t_reached);
  cJSON_AddNumberToObject(r, "sim_time", ctx->t_end);
  cJSON_AddArrayToObject(r, "warnings"); /* integrator notes and physics guards */
  char cmd[4096];
  run_spec_key(s, cmd, sizeof cmd);
  cJSON_AddStringToObject(r, "spec_key", cmd);
  run_spec_command(s, cmd, sizeof cmd);
  cJSON_AddStringToObject(r, "command", cmd);
  cJSON *mach = machine_info_json();
  cJSON *date = cJSON_GetObjectItemCaseSensitive(mach, "date");
  cJSON_AddStringToObject(r, "date", date ? date->valuestring : "unknown");
  cJSON_AddItemToObject(r, "machine", mach);
  return r;
}

/* A record without results (the run never finished or never started): null measurements. */
cJSON *run_record_add_null_results(cJSON *rec, const char *error_note) {
  cJSON_AddNullToObject(rec, "wall_time");
  cJSON_AddNullToObject(rec, "work");
  cJSON_AddNullToObject(rec, "counters");
  cJSON_AddNullToObject(rec, "error");
  cJSON_AddStringToObject(rec, "error_note", error_note);
  cJSON_AddNullToObject(rec, "physics");
  return rec;
}

cJSON *run_record_counters_json(const IntegratorStats *st) {
  cJSON *c = cJSON_CreateObject();
#define CB_COUNTER_JSON(name, meaning) cJSON_AddNumberToObject(c, #name, (double)st->name);
  CB_COUNTERS(CB_COUNTER_JSON)
#undef CB_COUNTER_JSON
  return c;
}

cJSON *run_record_time_split_json(const IntegratorStats *st) {
  cJSON *c = cJSON_CreateObject();
  cJSON_AddNumberToObject(c, "geometry", st->time_geometry);
  cJSON_AddNumberToObject(c, "assembly", st->time_assembly);
  cJSON_AddNumberToObject(c, "factorization", st->time_factorization);
  cJSON_AddNumberToObject(c, "linesearch", st->time_linesearch);
  cJSON_AddNumberToObject(c, "total", st->time_total);
  return c;
}

int run_stats_counters_equal(const IntegratorStats *a, const IntegratorStats *b) {
#define CB_COUNTER_EQUAL(name, meaning) if (a->name != b->name) return 0;
  CB_COUNTERS(CB_COUNTER_EQUAL)
#undef CB_COUNTER_EQUAL
  return 1;
}

/* ---- validation ---- */

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

/* A field added later: records made before it lack it; when present it must have its type. */
#define OPTIONAL(obj, key, pred, what)                                                    \
  do {                                                                                    \
    const cJSON *it_ = get(obj, key);                                                     \
    if (it_ && need(obj, key, pred(it_), what, err, errlen) != 0) return -1;              \
  } while (0)

static int is_bool_or_null(const cJSON *x) { return cJSON_IsBool(x) || cJSON_IsNull(x); }
static int is_load_avg(const cJSON *x) {
  if (cJSON_IsNull(x)) return 1;
  if (!cJSON_IsArray(x) || cJSON_GetArraySize(x) != 3) return 0;
  const cJSON *v;
  cJSON_ArrayForEach(v, x) if (!cJSON_IsNumber(v) || v->valuedouble < 0) return 0;
  return 1;
}
static int is_repetitions(const cJSON *x) {
  if (!cJSON_IsArray(x)) return 0;
  const cJSON *r;
  cJSON_ArrayForEach(r, x) {
    const cJSON *w = get(r, "wall_s"), *c = get(r, "cpu_s");
    if (!cJSON_IsNumber(w) || w->valuedouble < 0 || !cJSON_IsNumber(c) || c->valuedouble < 0) return 0;
  }
  return 1;
}
static int is_num_or_null(const cJSON *x) { return cJSON_IsNumber(x) || cJSON_IsNull(x); }
static int is_str_or_null(const cJSON *x) { return cJSON_IsString(x) || cJSON_IsNull(x); }
static int is_obj_or_null(const cJSON *x) { return cJSON_IsObject(x) || cJSON_IsNull(x); }
static int is_nonneg(const cJSON *x) { return cJSON_IsNumber(x) && x->valuedouble >= 0; }
static int is_maxrms(const cJSON *x) {
  return cJSON_IsObject(x) && is_num_or_null(get(x, "max")) && is_num_or_null(get(x, "rms"));
}

const char *const run_counter_names[] = {
#define CB_COUNTER_NAME(name, meaning) #name,
    CB_COUNTERS(CB_COUNTER_NAME)
    NULL};

static const char *const added_counter_names[] = {CB_COUNTERS_ADDED(CB_COUNTER_NAME) NULL};
#undef CB_COUNTER_NAME

int run_counter_added(const char *name) {
  for (int i = 0; added_counter_names[i]; ++i)
    if (!strcmp(name, added_counter_names[i])) return 1;
  return 0;
}

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
  const cJSON *od = get(p, "output_dt"); /* absent in records made before --output-dt */
  if (od && !cJSON_IsNull(od) && !(cJSON_IsNumber(od) && od->valuedouble > 0) &&
      !(cJSON_IsString(od) && !strcmp(od->valuestring, "step"))) {
    snprintf(err, errlen, "params.output_dt must be a number > 0, \"step\" or null");
    return -1;
  }
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
  OPTIONAL(m, "flags", cJSON_IsString, "a string");
  OPTIONAL(m, "git_dirty", is_bool_or_null, "a boolean or null");
  OPTIONAL(m, "host", cJSON_IsString, "a string");
  OPTIONAL(m, "os", cJSON_IsString, "a string");
  OPTIONAL(m, "cpu_mhz", is_num_or_null, "a number or null");
  OPTIONAL(m, "caches", cJSON_IsArray, "an array");
  OPTIONAL(m, "load_avg_start", is_load_avg, "an array of 3 numbers >= 0 or null");
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
  OPTIONAL(r, "repetitions", is_repetitions, "an array of {wall_s, cpu_s} numbers >= 0");
  const cJSON *c = get(r, "counters");
  if (cJSON_IsObject(c))
    for (int i = 0; run_counter_names[i]; ++i) {
      if (!get(c, run_counter_names[i]) && run_counter_added(run_counter_names[i])) continue; /* predates it */
      NEED(c, run_counter_names[i], is_nonneg, "a count >= 0");
    }
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

/* ---- loading ---- */


/* What a document in a records folder is (run_record.h, records_load_dir): 1 a record (or an
 * array holding one), 0 clearly not one (no "schema" and neither "params" nor "status", or the
 * schema of another cbench document: scenes, figures beside the records), -1 a record we cannot
 * read (another cbench.run version, or a record's fields without a schema), with why. */
static int claims_record(const cJSON *doc, char *why, size_t whylen) {
  if (cJSON_IsArray(doc)) {
    const cJSON *it;
    int claim = 0;
    cJSON_ArrayForEach(it, doc) {
      int c = claims_record(it, why, whylen);
      if (c < 0) return -1;
      claim |= c;
    }
    return claim;
  }
  if (!cJSON_IsObject(doc)) return 0;
  const cJSON *schema = cJSON_GetObjectItemCaseSensitive(doc, "schema");
  const char *s = cJSON_IsString(schema) ? schema->valuestring : NULL;
  if (s && !strcmp(s, RUN_SCHEMA)) return 1;
  if (s && !strncmp(s, "cbench.run/", 11)) {
    snprintf(why, whylen, "schema \"%.60s\" is not %s (written by another cbench version?)", s, RUN_SCHEMA);
    return -1;
  }
  if (s && !strncmp(s, "cbench.", 7)) return 0;
  if (!cJSON_GetObjectItemCaseSensitive(doc, "params") && !cJSON_GetObjectItemCaseSensitive(doc, "status")) return 0;
  if (schema) snprintf(why, whylen, "a record's \"params\" or \"status\" with a schema that is not \"%s\"", RUN_SCHEMA);
  else snprintf(why, whylen, "a record's \"params\" or \"status\" but no \"schema\" (\"%s\")", RUN_SCHEMA);
  return -1;
}

/* The valid records of doc (an array of records or one record) into arr; returns how many
 * entries were not valid records, with the first one's reason (and index in an array) in
 * first_err. */
static int add_records_from(cJSON *arr, cJSON *doc, char *first_err, size_t errlen) {
  char err[256];
  int invalid = 0;
  if (cJSON_IsArray(doc)) {
    cJSON *it;
    int index = 0;
    cJSON_ArrayForEach(it, doc) {
      if (run_record_validate(it, err, sizeof err) == 0) cJSON_AddItemToArray(arr, cJSON_Duplicate(it, 1));
      else if (invalid++ == 0) snprintf(first_err, errlen, "entry %d: %s", index, err);
      index++;
    }
  } else if (run_record_validate(doc, err, sizeof err) == 0) {
    cJSON_AddItemToArray(arr, cJSON_Duplicate(doc, 1));
  } else {
    invalid = 1;
    snprintf(first_err, errlen, "%s", err);
  }
  return invalid;
}

/* Parses path; NULL with "path: why" in err when it cannot be read or is not JSON. */
static cJSON *parse_file(const char *path, char *err, size_t errlen) {
  return json_load_file(path, err, errlen);
}

static void invalid_message(const char *path, int invalid, const char *why, char *err, size_t errlen) {
  snprintf(err, errlen, "%s: %d %s (first: %s)", path, invalid,
           invalid == 1 ? "entry is not a valid cbench.run/1 record" : "entries are not valid cbench.run/1 records", why);
}

/* The valid records of doc (deleted here), the invalid ones named in err. */
static cJSON *records_from_doc(cJSON *doc, const char *path, char *err, size_t errlen) {
  cJSON *arr = cJSON_CreateArray();
  char why[512] = "";
  int invalid = add_records_from(arr, doc, why, sizeof why);
  if (invalid) {
    invalid_message(path, invalid, why, err, errlen);
    size_t n = strlen(err);
    snprintf(err + n, errlen - n, ", left out");
  }
  cJSON_Delete(doc);
  return arr;
}

cJSON *records_load_file(const char *path, char *err, size_t errlen) {
  if (errlen) err[0] = '\0';
  cJSON *doc = parse_file(path, err, errlen);
  return doc ? records_from_doc(doc, path, err, errlen) : NULL;
}

cJSON *records_load_text(const char *text, const char *path, char *err, size_t errlen) {
  if (errlen) err[0] = '\0';
  cJSON *doc = cJSON_Parse(text);
  if (!doc) snprintf(err, errlen, "%s: not valid JSON", path);
  return doc ? records_from_doc(doc, path, err, errlen) : NULL;
}

cJSON *records_load_dir(const char *dir, char *err, size_t errlen) {
  if (errlen) err[0] = '\0';
  int n;
  char **names = dir_list_all(dir, ".json", &n);
  if (!names) { snprintf(err, errlen, "%s: cannot read the directory", dir); return NULL; }
  cJSON *arr = cJSON_CreateArray();
  for (int i = 0; i < n && arr; ++i) {
    if (!strcmp(names[i], "sweep.json")) continue; /* the sweep's summary of the records here */
    char path[PATH_MAX + 256];
    snprintf(path, sizeof path, "%s/%s", dir, names[i]);
    cJSON *doc = parse_file(path, err, errlen);
    char why[512] = "";
    int invalid = 0, claim = doc ? claims_record(doc, why, sizeof why) : 0;
    if (claim > 0) invalid = add_records_from(arr, doc, why, sizeof why);
    if (claim < 0) snprintf(err, errlen, "%s: %s", path, why);
    else if (doc && invalid) invalid_message(path, invalid, why, err, errlen);
    else if (claim > 0 && cJSON_IsObject(doc) && arr->child) { /* its file, as in sweep.json (merge names it) */
      cJSON *last = arr->child->prev; /* cJSON keeps the tail there */
      cJSON_DeleteItemFromObjectCaseSensitive(last, "record_file");
      cJSON_AddStringToObject(last, "record_file", names[i]);
    }
    if (!doc || invalid || claim < 0) {
      cJSON_Delete(arr);
      arr = NULL;
    }
    cJSON_Delete(doc);
  }
  dir_list_free(names, n);
  return arr;
}

int run_record_complete(const char *path, const char *key) {
  char err[1024];
  cJSON *doc = json_load_file(path, err, sizeof err);
  int ok = doc && run_record_validate(doc, err, sizeof err) == 0;
  if (ok && key) {
    const cJSON *c = cJSON_GetObjectItemCaseSensitive(doc, "spec_key");
    ok = cJSON_IsString(c) && strcmp(c->valuestring, key) == 0;
  }
  cJSON_Delete(doc);
  return ok;
}

cJSON *run_record_load(const char *path) {
  char err[1024];
  cJSON *doc = json_load_file(path, err, sizeof err);
  if (doc && run_record_validate(doc, err, sizeof err) != 0) { cJSON_Delete(doc); doc = NULL; }
  return doc;
}

