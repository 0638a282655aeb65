/* `cbench export --format gbench`: records as Google Benchmark JSON, one "iteration" entry per
 * timing repetition plus mean/median/stddev "aggregate" entries, as benchmark's own
 * --benchmark_repetitions output, so that its tools/compare.py runs its U test on two exports. */
#include "export_gbench.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "../common/json_get.h"
#include "../run/record_fields.h"

/* Times in microseconds: compare.py prints whole numbers of the unit, and runs take 1e-4..1e2 s. */
#define US 1e6

/* The run's machine, from the first record (each record carries the machine it ran on). */
static void add_context(cJSON *doc, const cJSON *records) {
  cJSON *ctx = cJSON_AddObjectToObject(doc, "context");
  const cJSON *first = cJSON_GetArrayItem(records, 0);
  cJSON_AddStringToObject(ctx, "date", record_get_string(first, FIELD_DATE, "unknown"));
  cJSON_AddStringToObject(ctx, "host_name", record_get_string(first, FIELD_MACHINE_HOST, "unknown"));
  cJSON_AddStringToObject(ctx, "executable", "cbench");
  cJSON_AddNumberToObject(ctx, "num_cpus", record_get_number_or(first, FIELD_MACHINE_CORES, 0));
  cJSON_AddNumberToObject(ctx, "mhz_per_cpu", record_get_number_or(first, FIELD_MACHINE_CPU_MHZ, 0));
  cJSON_AddStringToObject(ctx, "cpu_model", record_get_string(first, FIELD_MACHINE_CPU, "unknown"));
  const cJSON *caches = record_get(first, FIELD_MACHINE_CACHES);
  cJSON_AddItemToObject(ctx, "caches", cJSON_IsArray(caches) ? cJSON_Duplicate(caches, 1) : cJSON_CreateArray());
  const cJSON *load = record_get(first, FIELD_MACHINE_LOAD_AVG_START);
  cJSON_AddItemToObject(ctx, "load_avg", cJSON_IsArray(load) ? cJSON_Duplicate(load, 1) : cJSON_CreateArray());
  cJSON_AddStringToObject(ctx, "library_build_type", record_get_string(first, FIELD_MACHINE_BUILD, "unknown"));
  cJSON_AddStringToObject(ctx, "cbench_git", record_get_string(first, FIELD_MACHINE_GIT, "unknown"));
  const cJSON *dirty = record_get(first, FIELD_MACHINE_GIT_DIRTY);
  if (cJSON_IsBool(dirty)) cJSON_AddBoolToObject(ctx, "cbench_git_dirty", cJSON_IsTrue(dirty));
}

/* An entry with the fields every benchmark entry has; real/cpu times in seconds. */
static cJSON *entry(cJSON *list, const char *name, const char *run_name, const char *run_type, int reps) {
  cJSON *e = cJSON_CreateObject();
  cJSON_AddStringToObject(e, "name", name);
  cJSON_AddStringToObject(e, "run_name", run_name);
  cJSON_AddStringToObject(e, "run_type", run_type);
  cJSON_AddNumberToObject(e, "repetitions", reps);
  cJSON_AddNumberToObject(e, "threads", 1);
  cJSON_AddItemToArray(list, e);
  return e;
}

static void add_counters(cJSON *e, const cJSON *r) {
  const cJSON *c;
  cJSON_ArrayForEach(c, record_get(r, FIELD_COUNTERS)) if (cJSON_IsNumber(c)) cJSON_AddNumberToObject(e, c->string, c->valuedouble);
  double err = record_get_number(r, FIELD_ERROR_POSITIONS_MAX);
  if (!isnan(err)) cJSON_AddNumberToObject(e, "error_max", err);
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* mean, median, sample standard deviation (n - 1, as benchmark computes it) of x[0..n) (sorts x) */
static void stats(double *x, int n, double out[3]) {
  double s = 0, ss = 0;
  for (int i = 0; i < n; ++i) s += x[i];
  double mean = s / n;
  for (int i = 0; i < n; ++i) ss += (x[i] - mean) * (x[i] - mean);
  qsort(x, (size_t)n, sizeof *x, cmp_double);
  out[0] = mean;
  out[1] = n % 2 ? x[n / 2] : 0.5 * (x[n / 2 - 1] + x[n / 2]);
  out[2] = n > 1 ? sqrt(ss / (n - 1)) : 0.0;
}

/* One record: its repetitions and aggregates, or one entry saying why there are none. */
static void add_record(cJSON *list, const cJSON *r) {
  char *key = record_key(r);
  if (!key) return;
  const cJSON *reps = record_get(r, FIELD_REPETITIONS);
  int n = cJSON_IsArray(reps) ? cJSON_GetArraySize(reps) : 0;
  int ok = strcmp(record_get_string(r, FIELD_STATUS, ""), "ok") == 0;
  if (!ok || n == 0) {
    cJSON *e = entry(list, key, key, "iteration", 1);
    cJSON_AddNumberToObject(e, "repetition_index", 0);
    cJSON_AddNumberToObject(e, "iterations", ok ? 1 : 0);
    cJSON_AddNumberToObject(e, "real_time", US * record_get_number_or(r, FIELD_WALL_TIME_MEDIAN, 0));
    /* CPU time is not known here: left out rather than copied from the wall time (compare.py
     * then skips the entry) */
    if (ok) cJSON_AddStringToObject(e, "cpu_time_missing", "the record predates per-repetition CPU times");
    else cJSON_AddNumberToObject(e, "cpu_time", 0);
    cJSON_AddStringToObject(e, "time_unit", "us");
    if (!ok) {
      cJSON_AddBoolToObject(e, "error_occurred", 1);
      cJSON_AddStringToObject(e, "error_message", record_get_string(r, FIELD_MESSAGE, "failed"));
    }
    add_counters(e, r);
    free(key);
    return;
  }
  double *wall = malloc(2 * (size_t)n * sizeof *wall);
  if (!wall) { free(key); return; }
  double *cpu = wall + n;
  int i = 0;
  const cJSON *rep;
  cJSON_ArrayForEach(rep, reps) {
    wall[i] = json_num_or(rep, "wall_s", 0);
    cpu[i] = json_num_or(rep, "cpu_s", 0);
    cJSON *e = entry(list, key, key, "iteration", n);
    cJSON_AddNumberToObject(e, "repetition_index", i);
    cJSON_AddNumberToObject(e, "iterations", 1);
    cJSON_AddNumberToObject(e, "real_time", US * wall[i]);
    cJSON_AddNumberToObject(e, "cpu_time", US * cpu[i]);
    cJSON_AddStringToObject(e, "time_unit", "us");
    add_counters(e, r);
    ++i;
  }
  if (n >= 2) { /* benchmark reports aggregates only with repetitions */
    double sw[3], sc[3];
    stats(wall, n, sw);
    stats(cpu, n, sc);
    static const char *const agg[3] = {"mean", "median", "stddev"};
    for (int k = 0; k < 3; ++k) {
      char *name = key_suffixed(key, "_", agg[k]);
      if (!name) break;
      cJSON *e = entry(list, name, key, "aggregate", n);
      free(name);
      cJSON_AddStringToObject(e, "aggregate_name", agg[k]);
      cJSON_AddStringToObject(e, "aggregate_unit", "time");
      cJSON_AddNumberToObject(e, "iterations", n);
      cJSON_AddNumberToObject(e, "real_time", US * sw[k]);
      cJSON_AddNumberToObject(e, "cpu_time", US * sc[k]);
      cJSON_AddStringToObject(e, "time_unit", "us");
    }
  }
  free(wall);
  free(key);
}

cJSON *export_gbench(const cJSON *records) {
  cJSON *doc = cJSON_CreateObject();
  add_context(doc, records);
  cJSON *list = cJSON_AddArrayToObject(doc, "benchmarks");
  const cJSON *r;
  cJSON_ArrayForEach(r, records) add_record(list, r);
  return doc;
}
