#include "compare.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "export_gbench.h"
#include "../common/json_get.h"
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
  const cJSON *p = json_get(rec, "params");
  size_t n = key_add(out, outlen, 0, "%s", json_str_or(rec, "case", "?"), 0);
  n = key_add(out, outlen, n, "/%s", json_str_or(rec, "integrator", "?"), 0);
  if (cJSON_IsNumber(json_get(p, "accuracy"))) n = key_add(out, outlen, n, "/acc=%g", NULL, json_num_or(p, "accuracy", 0));
  if (cJSON_IsNumber(json_get(p, "dt"))) n = key_add(out, outlen, n, "/dt=%g", NULL, json_num_or(p, "dt", 0));
  /* runs that differ in horizon, step cap or error window are different runs */
  if (cJSON_IsNumber(json_get(p, "t_end"))) n = key_add(out, outlen, n, "/T=%g", NULL, json_num_or(p, "t_end", 0));
  if (cJSON_IsNumber(json_get(p, "max_step"))) n = key_add(out, outlen, n, "/hmax=%g", NULL, json_num_or(p, "max_step", 0));
  if (cJSON_IsNumber(json_get(p, "window"))) n = key_add(out, outlen, n, "/W=%g", NULL, json_num_or(p, "window", 0));
  const cJSON *en = json_get(p, "error_norm");
  if (cJSON_IsString(en) && strcmp(en->valuestring, "full") == 0) n = key_add(out, outlen, n, "/full", "", 0);
  const cJSON *kv;
  for (int pass = 0; pass < 2; ++pass) /* scene parameters, then integrator options */
    cJSON_ArrayForEach(kv, json_get(p, pass ? "options" : "scene_params"))
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
  const cJSON *ib = json_get(b, "instructions"), *in = json_get(n, "instructions");
  double vb = json_num_or(ib, "per_rep", NAN), vn = json_num_or(in, "per_rep", NAN);
  if (!cJSON_IsObject(ib) || !cJSON_IsObject(in) || strcmp(json_str(ib, "source"), json_str(in, "source")) != 0) return 0;
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
    const char *sb = json_str_or(b, "status", "?"), *sn = json_str_or(n, "status", "?");
    if (strcmp(sb, sn) != 0) {
      int worse = strcmp(sb, "ok") == 0;
      fprintf(out, "%-48s %-18s %14s %14s %9s  %s\n", key, "status", sb, sn, "", worse ? "REGRESSION" : "changed");
      regressions += worse; ++rows;
    }
    const cJSON *cb = json_get(b, "counters"), *cn = json_get(n, "counters");
    if (cJSON_IsObject(cb) && cJSON_IsObject(cn)) {
      for (int i = 0; run_counter_names[i]; ++i) {
        if (!json_get(cb, run_counter_names[i]) || !json_get(cn, run_counter_names[i])) continue; /* a record predates it */
        double vb = json_num_or(cb, run_counter_names[i], 0), vn = json_num_or(cn, run_counter_names[i], 0);
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
    double wb = json_num_or(json_get(b, "wall_time"), "median", NAN), wn = json_num_or(json_get(n, "wall_time"), "median", NAN);
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
      if (strcmp(json_str_or(r, "status", "?"), "ok") != 0) continue;
      char *key = record_key(r), *name = key ? key_suffixed(key, " ", "wall per sim s") : NULL;
      if (!name) { free(key); cJSON_Delete(arr); return NULL; }
      cJSON *e = cJSON_CreateObject();
      cJSON_AddStringToObject(e, "name", name);
      free(name);
      cJSON_AddStringToObject(e, "unit", "s/s");
      cJSON_AddNumberToObject(e, "value", json_num_or(json_get(r, "work"), "median", 0));
      cJSON_AddItemToArray(arr, e);
      const char *const *tracked = run_counter_names; /* the CB_COUNTERS list */
      for (int i = 0; tracked[i]; ++i) {
        name = key_suffixed(key, " ", tracked[i]);
        if (!name) { free(key); cJSON_Delete(arr); return NULL; }
        e = cJSON_CreateObject();
        cJSON_AddStringToObject(e, "name", name);
        free(name);
        cJSON_AddStringToObject(e, "unit", tracked[i]);
        cJSON_AddNumberToObject(e, "value", json_num_or(json_get(r, "counters"), tracked[i], 0));
        cJSON_AddItemToArray(arr, e);
      }
      free(key);
    }
    return arr;
  }
  return NULL;
}
