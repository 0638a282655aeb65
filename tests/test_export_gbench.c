/* `cbench export --format gbench`: one entry per timing repetition with its own wall and
 * process CPU time, mean/median/stddev aggregates that match them, the run's machine as context;
 * and Google Benchmark's compare.py runs its U test on two exports (skipped when not installed). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/bench/compare.h"
#include "harness/common/files.h"
#include "harness/run/run_record.h"
#include "sim_fixtures.h"

#define REPS 3
static char tmpdir[256];
static void setup(void) { fx_tmpdir_make(tmpdir, sizeof tmpdir, "cbench_gbench"); }
static void teardown(void) { fx_tmpdir_remove(tmpdir); }
TestSuite(gbench, .init = setup, .fini = teardown);

static cJSON *load(const char *path) {
  char *text = file_read_all(path, NULL);
  cJSON *d = text ? cJSON_Parse(text) : NULL;
  free(text);
  cr_assert(d, "%s missing or not JSON", path);
  return d;
}

/* A REPS-repetition run exported to TAG.gbench.json in tmpdir; returns the export's path. */
static void run_and_export(const char *tag, char *out, size_t outlen) {
  char cmd[2048];
  snprintf(out, outlen, "%s/%s.gbench.json", tmpdir, tag);
  snprintf(cmd, sizeof cmd,
           "build/sanitize/cbench --cases-dir cases run --case ball_drop --integrator cenic-sd --accuracy 1e-2 "
           "--t-end 0.3 --reps %d --json %s/%s.json >/dev/null 2>&1 && "
           "build/sanitize/cbench export --format gbench %s/%s.json --out %s",
           REPS, tmpdir, tag, tmpdir, tag, out);
  cr_assert_eq(system(cmd), 0, "%s", cmd);
}

static double jnum(const cJSON *o, const char *k) {
  const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, k);
  cr_assert(cJSON_IsNumber(x), "field %s missing or not a number", k);
  return x->valuedouble;
}
static const char *jstr(const cJSON *o, const char *k) {
  const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, k);
  return cJSON_IsString(x) ? x->valuestring : "";
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

Test(gbench, repetitions_aggregates_and_context) {
  char path[512];
  run_and_export("a", path, sizeof path);
  cJSON *doc = load(path);
  const cJSON *ctx = cJSON_GetObjectItemCaseSensitive(doc, "context");
  cr_expect(strlen(jstr(ctx, "host_name")) > 0 && strcmp(jstr(ctx, "host_name"), "unknown"));
  cr_expect(strlen(jstr(ctx, "cpu_model")) > 0);
  cr_expect(strlen(jstr(ctx, "date")) >= 20);
  cr_expect(jnum(ctx, "num_cpus") >= 1);
  jnum(ctx, "mhz_per_cpu");
  cr_expect(cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(ctx, "caches")));
  const cJSON *b = cJSON_GetObjectItemCaseSensitive(doc, "benchmarks");
  cr_assert_eq(cJSON_GetArraySize(b), REPS + 3, "REPS iterations and 3 aggregates");
  double wall[REPS], cpu[REPS];
  int same = 0;
  for (int i = 0; i < REPS; ++i) {
    const cJSON *e = cJSON_GetArrayItem(b, i);
    cr_expect_str_eq(jstr(e, "run_type"), "iteration");
    cr_expect_str_eq(jstr(e, "time_unit"), "us");
    cr_expect_eq(jnum(e, "repetition_index"), i);
    cr_expect_eq(jnum(e, "repetitions"), REPS);
    cr_expect_str_eq(jstr(e, "name"), jstr(e, "run_name"));
    wall[i] = jnum(e, "real_time");
    cpu[i] = jnum(e, "cpu_time");
    cr_expect(wall[i] > 0 && cpu[i] > 0, "rep %d: real %g cpu %g", i, wall[i], cpu[i]);
    same += wall[i] == cpu[i];
    cr_expect(jnum(e, "steps") > 0, "counters ride along");
  }
  cr_expect_lt(same, REPS, "cpu_time is measured, not a copy of real_time");
  /* aggregates from the iterations: mean, median, sample stddev */
  for (int t = 0; t < 2; ++t) {
    double *x = t ? cpu : wall, mean = 0, ss = 0;
    for (int i = 0; i < REPS; ++i) mean += x[i] / REPS;
    for (int i = 0; i < REPS; ++i) ss += (x[i] - mean) * (x[i] - mean);
    qsort(x, REPS, sizeof *x, cmp_double);
    double want[3] = {mean, x[REPS / 2], sqrt(ss / (REPS - 1))};
    const char *names[3] = {"mean", "median", "stddev"};
    for (int k = 0; k < 3; ++k) {
      const cJSON *e = cJSON_GetArrayItem(b, REPS + k);
      cr_expect_str_eq(jstr(e, "run_type"), "aggregate");
      cr_expect_str_eq(jstr(e, "aggregate_name"), names[k]);
      double got = jnum(e, t ? "cpu_time" : "real_time");
      cr_expect(fabs(got - want[k]) <= 1e-9 * fabs(want[k]) + 1e-12, "%s %s: %g, want %g", t ? "cpu" : "real",
                names[k], got, want[k]);
    }
  }
  cJSON_Delete(doc);
}

Test(gbench, record_carries_repetition_times_and_validator_checks_them) {
  char path[512], rec[512], err[256];
  run_and_export("b", path, sizeof path);
  snprintf(rec, sizeof rec, "%s/b.json", tmpdir);
  cJSON *r = load(rec);
  const cJSON *reps = cJSON_GetObjectItemCaseSensitive(r, "repetitions");
  cr_assert_eq(cJSON_GetArraySize(reps), REPS);
  cr_expect_eq(run_record_validate(r, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cJSON *bad = cJSON_Duplicate(r, 1);
  cJSON_ReplaceItemInObjectCaseSensitive(bad, "repetitions", cJSON_Parse("[{\"wall_s\": 1, \"cpu_s\": \"x\"}]"));
  cr_expect_neq(run_record_validate(bad, CB_ERR_BUF(err, sizeof err)), 0, "a string cpu_s accepted");
  cr_expect(strstr(err, "repetitions"), "%s", err);
  /* an older record without them still validates and exports without inventing a CPU time */
  cJSON_DeleteItemFromObjectCaseSensitive(r, "repetitions");
  cr_expect_eq(run_record_validate(r, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cJSON *arr = cJSON_CreateArray();
  cJSON_AddItemToArray(arr, cJSON_Duplicate(r, 1));
  cJSON *doc = export_records(arr, "gbench");
  const cJSON *e = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(doc, "benchmarks"), 0);
  cr_expect_null(cJSON_GetObjectItemCaseSensitive(e, "cpu_time"));
  cJSON_Delete(doc);
  cJSON_Delete(arr);
  cJSON_Delete(bad);
  cJSON_Delete(r);
}

Test(gbench, compare_py_runs_its_u_test_on_two_exports) {
  char compare[512] = "", py[64] = "", cmd[2048], line[1024];
  FILE *p = popen("dpkg -L libbenchmark-tools 2>/dev/null | grep '/compare.py$' | head -1", "r");
  if (p) {
    if (fgets(compare, sizeof compare, p)) compare[strcspn(compare, "\n")] = '\0';
    pclose(p);
  }
  if (!compare[0]) cr_skip_test("Google Benchmark's compare.py not installed (Debian libbenchmark-tools)");
  const char *pythons[] = {"/usr/bin/python3", "python3"};
  for (int i = 0; i < 2 && !py[0]; ++i) {
    snprintf(cmd, sizeof cmd, "%s -c 'import scipy' >/dev/null 2>&1", pythons[i]);
    if (system(cmd) == 0) snprintf(py, sizeof py, "%s", pythons[i]);
  }
  if (!py[0]) cr_skip_test("compare.py needs scipy, which no python3 here has");
  char a[512], b[512];
  run_and_export("c1", a, sizeof a);
  run_and_export("c2", b, sizeof b);
  snprintf(cmd, sizeof cmd, "%s %s benchmarks %s %s 2>&1", py, compare, a, b);
  p = popen(cmd, "r");
  cr_assert(p);
  int utest = 0;
  while (fgets(line, sizeof line, p)) utest |= strstr(line, "U Test, Repetitions: 3 vs 3") != NULL;
  int st = pclose(p);
  cr_expect_eq(st, 0, "%s failed", cmd);
  cr_expect(utest, "no U Test line from %s", cmd);
}
