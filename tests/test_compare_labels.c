/* `cbench compare` says the direction of every change (more work fails, less work is an
 * improvement), never passes a short run's slowdown silently (an 80x slowdown of a 0.2 ms run
 * once passed under the 0.05 s floor), and gates instruction counts at a stated tolerance;
 * records say which source counted their instructions. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/bench/compare.h"
#include "harness/common/files.h"
#include "harness/bench/instr_count.h"
#include "sim_fixtures.h"

/* One minimal record: the fields compare reads. */
static cJSON *rec(double steps, double wall, const char *isource, double instr) {
  cJSON *r = cJSON_CreateObject();
  cJSON_AddStringToObject(r, "case", "ball_drop");
  cJSON_AddStringToObject(r, "integrator", "cenic-sd");
  cJSON_AddNumberToObject(cJSON_AddObjectToObject(r, "params"), "accuracy", 1e-3);
  cJSON_AddStringToObject(r, "status", "ok");
  cJSON_AddNumberToObject(cJSON_AddObjectToObject(r, "counters"), "steps", steps);
  cJSON_AddNumberToObject(cJSON_AddObjectToObject(r, "wall_time"), "median", wall);
  if (isource) {
    cJSON *i = cJSON_AddObjectToObject(r, "instructions");
    cJSON_AddStringToObject(i, "source", isource);
    cJSON_AddNumberToObject(i, "per_rep", instr);
  }
  cJSON *a = cJSON_CreateArray();
  cJSON_AddItemToArray(a, r);
  return a;
}

/* compare_records on two one-record sets; its table in out (caller frees). */
static int run_compare(cJSON *b, cJSON *n, char **out) {
  CompareOptions o;
  compare_options_default(&o);
  size_t len = 0;
  FILE *f = open_memstream(out, &len);
  int reg = compare_records(b, n, &o, f);
  fclose(f);
  cJSON_Delete(b);
  cJSON_Delete(n);
  return reg;
}

Test(compare_labels, counter_decrease_is_an_improvement_increase_a_regression) {
  char *t;
  cr_expect_eq(run_compare(rec(10812, 1, NULL, 0), rec(10440, 1, NULL, 0), &t), 0, "%s", t);
  cr_expect(strstr(t, "improvement (decrease)") && !strstr(t, "REGRESSION"), "%s", t);
  free(t);
  cr_expect_eq(run_compare(rec(10440, 1, NULL, 0), rec(10812, 1, NULL, 0), &t), 1, "%s", t);
  cr_expect(strstr(t, "REGRESSION (increase)"), "%s", t);
  free(t);
}

Test(compare_labels, faster_is_an_improvement) {
  char *t;
  cr_expect_eq(run_compare(rec(1, 1.0, NULL, 0), rec(1, 0.25, NULL, 0), &t), 0, "%s", t);
  cr_expect(strstr(t, "improvement (faster)"), "%s", t);
  free(t);
  cr_expect_eq(run_compare(rec(1, 0.25, NULL, 0), rec(1, 1.0, NULL, 0), &t), 1, "%s", t);
  cr_expect(strstr(t, "REGRESSION (slower)"), "%s", t);
  free(t);
}

/* The 80x slowdown of the issue (0.00022 -> 0.0172 s, both below the floor): listed as too
 * short to time, and the closing line says how many runs were not judged and what times them. */
Test(compare_labels, short_runs_are_listed_not_silently_passed) {
  char *t;
  cr_expect_eq(run_compare(rec(1, 0.00022, NULL, 0), rec(1, 0.0172, NULL, 0), &t), 0, "%s", t);
  cr_expect(strstr(t, "too short to time") && strstr(t, "78.18x"), "%s", t);
  cr_expect(strstr(t, "1 run(s) too short to time") && strstr(t, "0.05 s floor") &&
            strstr(t, "1 of them moved") && strstr(t, "cbench bench --against"), "%s", t);
  free(t);
  /* a short run that did not move is counted, not listed */
  cr_expect_eq(run_compare(rec(1, 0.00022, NULL, 0), rec(1, 0.00023, NULL, 0), &t), 0, "%s", t);
  cr_expect(strstr(t, "1 run(s) too short to time") && strstr(t, "0 of them moved") &&
            strstr(t, "(nothing moved)"), "%s", t);
  free(t);
}

Test(compare_labels, instruction_counts_gate_at_one_percent) {
  char *t;
  cr_expect_eq(run_compare(rec(1, 1, "perf_event", 1e8), rec(1, 1, "perf_event", 1.02e8), &t), 1, "%s", t);
  cr_expect(strstr(t, "instructions") && strstr(t, "+2.00%  REGRESSION (increase)"), "%s", t);
  free(t);
  cr_expect_eq(run_compare(rec(1, 1, "perf_event", 1e8), rec(1, 1, "perf_event", 1.005e8), &t), 0, "%s", t);
  cr_expect(!strstr(t, "instructions  "), "0.5%% is within the tolerance: %s", t);
  free(t);
  cr_expect_eq(run_compare(rec(1, 1, "perf_event", 1e8), rec(1, 1, "perf_event", 0.9e8), &t), 0, "%s", t);
  cr_expect(strstr(t, "-10.00%  improvement (decrease)"), "%s", t);
  free(t);
  /* counts from different sources are not comparable */
  cr_expect_eq(run_compare(rec(1, 1, "perf_event", 1e8), rec(1, 1, "callgrind", 2e8), &t), 0, "%s", t);
  free(t);
}

/* A record names the source of its instruction count: the hardware counter when this process
 * can open one, else "none" with the reason. */
Test(compare_labels, record_says_which_source_counted_instructions) {
  char dir[256], cmd[1024], path[600];
  fx_tmpdir_make(dir, sizeof dir, "cbench_instr");
  snprintf(path, sizeof path, "%s/r.json", dir);
  snprintf(cmd, sizeof cmd,
           "build/sanitize/cbench --cases-dir cases run --case ball_drop --integrator cenic-sd --accuracy 1e-2 "
           "--t-end 0.2 --reps 3 --json %s >/dev/null 2>&1", path);
  cr_assert_eq(system(cmd), 0, "%s", cmd);
  char *text = file_read_all(path, NULL);
  cJSON *r = text ? cJSON_Parse(text) : NULL;
  free(text);
  cr_assert(r, "no record");
  const cJSON *in = cJSON_GetObjectItemCaseSensitive(r, "instructions");
  const cJSON *src = cJSON_GetObjectItemCaseSensitive(in, "source");
  cr_assert(cJSON_IsString(src), "record has no instructions.source");
  InstrCounter ic;
  int have = instr_counter_open(&ic) == 0;
  instr_counter_close(&ic);
  if (have) {
    cr_expect_str_eq(src->valuestring, "perf_event");
    const cJSON *n = cJSON_GetObjectItemCaseSensitive(in, "per_rep");
    cr_expect(cJSON_IsNumber(n) && n->valuedouble > 1000, "per_rep");
  } else {
    cr_expect_str_eq(src->valuestring, "none");
    const cJSON *why = cJSON_GetObjectItemCaseSensitive(in, "reason");
    cr_expect(cJSON_IsString(why) && strstr(why->valuestring, "perf_event_open"), "reason");
  }
  cJSON_Delete(r);
  fx_tmpdir_remove(dir);
}

/* callgrind's output: the totals of every process file are summed (a forked run writes two). */
Test(compare_labels, callgrind_totals_are_read_and_summed) {
  char dir[256], p[600], err[256];
  fx_tmpdir_make(dir, sizeof dir, "cbench_cg");
  snprintf(p, sizeof p, "%s/cg.1", dir);
  fx_write_text(p, "# callgrind format\nversion: 1\nevents: Ir\nsummary: 0\ntotals: 0\n");
  snprintf(p, sizeof p, "%s/cg.2", dir);
  fx_write_text(p, "# callgrind format\nevents: Ir\nfn=(1) grid_run_observed\n5 100\nsummary: 42242063\n"
                   "totals: 42242063\n");
  unsigned long long ir = 0;
  cr_expect_eq(callgrind_total_ir(dir, "cg.", &ir, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cr_expect_eq(ir, 42242063ULL);
  snprintf(p, sizeof p, "%s/cg.3", dir);
  fx_write_text(p, "not a profile\n");
  cr_expect_eq(callgrind_total_ir(dir, "cg.", &ir, CB_ERR_BUF(err, sizeof err)), CB_ERR_INPUT);
  cr_expect(strstr(err, "cg.3"), "%s", err);
  cr_expect_eq(callgrind_total_ir(dir, "none.", &ir, CB_ERR_BUF(err, sizeof err)), CB_ERR_INPUT);
  fx_tmpdir_remove(dir);
}

/* A record of case `name` whose steps counter is `steps`. */
static cJSON *named(const char *name, double steps) {
  cJSON *a = rec(steps, 1, NULL, 0);
  cJSON_ReplaceItemInObject(cJSON_GetArrayItem(a, 0), "case", cJSON_CreateString(name));
  return a;
}

/* Moves the one record of `one` to the end of arr. */
static void append(cJSON *arr, cJSON *one) {
  cJSON_AddItemToArray(arr, cJSON_DetachItemFromArray(one, 0));
  cJSON_Delete(one);
}

/* Two 600-character case names that differ only in their last character are two runs: a key cut
 * at a fixed buffer once made them one, and pointed past the buffer while building it. */
Test(compare_labels, long_case_names_keep_their_whole_key) {
  char a[601], b[601];
  memset(a, 'x', 600);
  a[600] = 0;
  memcpy(b, a, sizeof a);
  a[599] = 'a';
  b[599] = 'b';
  cJSON *base = named(a, 10), *cur = named(a, 10);
  append(base, named(b, 10));
  append(cur, named(b, 20)); /* only b's counter moved */
  char *key = record_key(cJSON_GetArrayItem(base, 1));
  cr_assert(key);
  cr_expect_eq(strlen(key), 600 + strlen("/cenic-sd/acc=0.001"), "%zu", strlen(key));
  cr_expect_eq(strncmp(key, b, 600), 0);
  cr_expect_str_eq(key + 600, "/cenic-sd/acc=0.001");
  free(key);
  char *t;
  cr_expect_eq(run_compare(base, cur, &t), 1, "b's counter rose: %s", t);
  free(t);
}
