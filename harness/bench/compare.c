#include "compare.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "export_gbench.h"
#include "../run/record_fields.h"
#include "../run/run_record.h"

void compare_options_default(CompareOptions *o) {
  o->time_tolerance = 1.5;
  o->counter_tolerance = 0.0;
  o->time_floor = 0.05;
  o->instr_tolerance = 0.01;
}


/* Appends to out[0..outlen) at offset n, as snprintf; returns the new length needed. Never forms a
 * pointer past out: once full, it only measures. */
static size_t key_add(char *out, size_t outlen, size_t n, const char *fmt, const char *s, double v) {
  int w = n < outlen ? (s ? snprintf(out + n, outlen - n, fmt, s) : snprintf(out + n, outlen - n, fmt, v))
                     : (s ? snprintf(NULL, 0, fmt, s) : snprintf(NULL, 0, fmt, v));
  return w > 0 ? n + (size_t)w : n;
}

/* The key into out[0..outlen) (out may be NULL when outlen is 0); returns its full length. */
static size_t key_write(const cJSON *rec, char *out, size_t outlen) {
  size_t n = key_add(out, outlen, 0, "%s", record_get_string(rec, FIELD_CASE, "?"), 0);
  n = key_add(out, outlen, n, "/%s", record_get_string(rec, FIELD_INTEGRATOR, "?"), 0);
  /* runs that differ in horizon, step cap or error window are different runs */
  static const struct { RecordFieldId id; const char *fmt; } numbers[] = {
      {FIELD_PARAMS_ACCURACY, "/acc=%g"}, {FIELD_PARAMS_DT, "/dt=%g"}, {FIELD_PARAMS_T_END, "/T=%g"},
      {FIELD_PARAMS_MAX_STEP, "/hmax=%g"}, {FIELD_PARAMS_WINDOW, "/W=%g"}};
  for (size_t i = 0; i < sizeof numbers / sizeof numbers[0]; ++i) {
    double v = record_get_number(rec, numbers[i].id);
    if (!isnan(v)) n = key_add(out, outlen, n, numbers[i].fmt, NULL, v);
  }
  if (strcmp(record_get_string(rec, FIELD_PARAMS_ERROR_NORM, ""), "full") == 0) n = key_add(out, outlen, n, "/full", "", 0);
  const cJSON *kv;
  for (int pass = 0; pass < 2; ++pass) /* scene parameters, then integrator options */
    cJSON_ArrayForEach(kv, record_get(rec, pass ? FIELD_PARAMS_OPTIONS : FIELD_PARAMS_SCENE_PARAMS))
      if (cJSON_IsString(kv)) {
        n = key_add(out, outlen, n, "/%s", kv->string, 0);
        n = key_add(out, outlen, n, "=%s", kv->valuestring, 0);
      }
  return n;
}

char *record_key(const cJSON *rec) {
  size_t len = key_write(rec, NULL, 0);
  char *key = malloc(len + 1);
  if (!key) return NULL;
  key_write(rec, key, len + 1);
  return key;
}

char *key_suffixed(const char *key, const char *sep, const char *suffix) {
  size_t a = strlen(key), b = strlen(sep), c = strlen(suffix);
  char *s = malloc(a + b + c + 1);
  if (!s) return NULL;
  memcpy(s, key, a);
  memcpy(s + a, sep, b);
  memcpy(s + a + b, suffix, c + 1);
  return s;
}

static const cJSON *find_key(const cJSON *arr, const char *key) {
  const cJSON *r;
  cJSON_ArrayForEach(r, arr) {
    char *k = record_key(r);
    int same = k && strcmp(k, key) == 0;
    free(k);
    if (same) return r;
  }
  return NULL;
}

/* Instruction counts per timing repetition (harness/bench/instr_count.h), when both records have them
 * from the same source: an increase beyond the tolerance is a regression, a decrease an
 * improvement. Returns the regressions (0 or 1). */
static int compare_instructions(const char *key, const cJSON *b, const cJSON *n, const CompareOptions *o, FILE *out,
                                int *rows) {
  if (!cJSON_IsObject(record_get(b, FIELD_INSTRUCTIONS)) || !cJSON_IsObject(record_get(n, FIELD_INSTRUCTIONS)) ||
      strcmp(record_get_string(b, FIELD_INSTRUCTIONS_SOURCE, ""), record_get_string(n, FIELD_INSTRUCTIONS_SOURCE, "")) != 0)
    return 0;
  double vb = record_get_number(b, FIELD_INSTRUCTIONS_PER_REP), vn = record_get_number(n, FIELD_INSTRUCTIONS_PER_REP);
  if (!(vb > 0) || !(vn > 0)) return 0;
  double rel = (vn - vb) / vb;
  if (fabs(rel) <= o->instr_tolerance) return 0;
  int bad = rel > 0;
  fprintf(out, "%-48s %-18s %14.0f %14.0f %+8.2f%%  %s\n", key, "instructions", vb, vn, 100.0 * rel,
          bad ? "REGRESSION (increase)" : "improvement (decrease)");
  ++*rows;
  return bad;
}

int compare_records(const cJSON *base, const cJSON *cur, const CompareOptions *o, FILE *out) {
  int regressions = 0, compared = 0, rows = 0, too_short = 0, too_short_moved = 0;
  fprintf(out, "%-48s %-18s %14s %14s %9s  %s\n", "run", "what", "base", "new", "change", "verdict");
  const cJSON *b;
  cJSON_ArrayForEach(b, base) {
    char *key = record_key(b);
    if (!key) { fprintf(out, "compare: out of memory\n"); return regressions + 1; }
    const cJSON *n = find_key(cur, key);
    if (!n) {
      fprintf(out, "%-48s %-18s %14s %14s %9s  REGRESSION\n", key, "record", "present", "missing", "");
      ++regressions; ++rows;
      free(key);
      continue;
    }
    ++compared;
    const char *sb = record_get_string(b, FIELD_STATUS, "?"), *sn = record_get_string(n, FIELD_STATUS, "?");
    if (strcmp(sb, sn) != 0) {
      int worse = strcmp(sb, "ok") == 0;
      fprintf(out, "%-48s %-18s %14s %14s %9s  %s\n", key, "status", sb, sn, "", worse ? "REGRESSION" : "changed");
      regressions += worse; ++rows;
    }
    if (cJSON_IsObject(record_get(b, FIELD_COUNTERS)) && cJSON_IsObject(record_get(n, FIELD_COUNTERS))) {
      for (int i = 0; run_counter_names[i]; ++i) {
        double vb = record_get_counter(b, run_counter_names[i]), vn = record_get_counter(n, run_counter_names[i]);
        if (isnan(vb) || isnan(vn)) continue; /* a record predates it (the validator has checked the rest) */
        if (vb == vn) continue;
        double rel = fabs(vn - vb) / fmax(fabs(vb), 1.0);
        /* more work is a regression; less work is reported as an improvement, not a failure */
        int beyond = rel > o->counter_tolerance, bad = beyond && vn > vb;
        fprintf(out, "%-48s %-18s %14.0f %14.0f %+8.2f%%  %s\n", key, run_counter_names[i], vb, vn,
                100.0 * (vn - vb) / fmax(fabs(vb), 1.0),
                !beyond ? "within tolerance" : bad ? "REGRESSION (increase)" : "improvement (decrease)");
        regressions += bad; ++rows;
      }
    }
    regressions += compare_instructions(key, b, n, o, out, &rows);
    double wb = record_get_number(b, FIELD_WALL_TIME_MEDIAN), wn = record_get_number(n, FIELD_WALL_TIME_MEDIAN);
    if (isfinite(wb) && isfinite(wn) && wb > 0 && wn > 0) {
      double ratio = wn / wb;
      int moved = ratio > o->time_tolerance || ratio < 1.0 / o->time_tolerance;
      if (wb < o->time_floor && wn < o->time_floor) {
        /* one short run is mostly noise on a shared machine: shown, never silently passed */
        ++too_short;
        if (moved) {
          fprintf(out, "%-48s %-18s %14.4g %14.4g %8.2fx  too short to time\n", key, "wall median (s)", wb, wn, ratio);
          ++too_short_moved; ++rows;
        }
      } else if (ratio > o->time_tolerance) {
        fprintf(out, "%-48s %-18s %14.4g %14.4g %8.2fx  REGRESSION (slower)\n", key, "wall median (s)", wb, wn, ratio);
        ++regressions; ++rows;
      } else if (ratio < 1.0 / o->time_tolerance) {
        fprintf(out, "%-48s %-18s %14.4g %14.4g %8.2fx  improvement (faster)\n", key, "wall median (s)", wb, wn, ratio);
        ++rows;
      }
    }
    free(key);
  }
  const cJSON *n;
  cJSON_ArrayForEach(n, cur) {
    char *key = record_key(n);
    if (!key) { fprintf(out, "compare: out of memory\n"); return regressions + 1; }
    if (!find_key(base, key)) { fprintf(out, "%-48s %-18s %14s %14s %9s  new\n", key, "record", "-", "present", ""); ++rows; }
    free(key);
  }
  if (rows == 0) fprintf(out, "(nothing moved)\n");
  fprintf(out, "compare: %d run(s) compared, %d regression(s) (counter tolerance %g, instruction tolerance %g, "
          "time tolerance %gx)\n", compared, regressions, o->counter_tolerance, o->instr_tolerance, o->time_tolerance);
  if (too_short)
    fprintf(out, "compare: %d run(s) too short to time (both medians below the %g s floor; %d of them moved beyond "
            "%gx, listed above): not judged on time here; `cbench bench --against REV` times them calibrated "
            "(repeated to >= 0.2 s, interleaved, U test)\n", too_short, o->time_floor, too_short_moved, o->time_tolerance);
  return regressions;
}

cJSON *export_records(const cJSON *records, const char *format) {
  const cJSON *r;
  if (strcmp(format, "gbench") == 0) return export_gbench(records);
  if (strcmp(format, "gab") == 0) {
    cJSON *arr = cJSON_CreateArray();
    cJSON_ArrayForEach(r, records) {
      if (strcmp(record_get_string(r, FIELD_STATUS, "?"), "ok") != 0) continue;
      char *key = record_key(r), *name = key ? key_suffixed(key, " ", "wall per sim s") : NULL;
      if (!name) { free(key); cJSON_Delete(arr); return NULL; }
      cJSON *e = cJSON_CreateObject();
      cJSON_AddStringToObject(e, "name", name);
      free(name);
      cJSON_AddStringToObject(e, "unit", "s/s");
      cJSON_AddNumberToObject(e, "value", record_get_number_or(r, FIELD_WORK_MEDIAN, 0));
      cJSON_AddItemToArray(arr, e);
      const char *const *tracked = run_counter_names; /* the CB_COUNTERS list */
      for (int i = 0; tracked[i]; ++i) {
        name = key_suffixed(key, " ", tracked[i]);
        if (!name) { free(key); cJSON_Delete(arr); return NULL; }
        e = cJSON_CreateObject();
        cJSON_AddStringToObject(e, "name", name);
        free(name);
        cJSON_AddStringToObject(e, "unit", tracked[i]);
        double v = record_get_counter(r, tracked[i]);
        cJSON_AddNumberToObject(e, "value", isnan(v) ? 0 : v);
        cJSON_AddItemToArray(arr, e);
      }
      free(key);
    }
    return arr;
  }
  return NULL;
}
