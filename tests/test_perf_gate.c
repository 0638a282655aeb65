/* The performance gate (harness/bench/perf_gate.c, perf_decl.c): Perf: trailers are read from
 * commit messages and cover the benchmarks they name; against a history line of a real git
 * history, an undeclared 3% instruction rise fails, the same rise declared by a commit since the
 * baseline passes, a rise beyond the declared change fails, a rise within the tolerance passes,
 * a benchmark that fails now fails the gate, and --append adds the passing commit's line. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "harness/bench/perf_decl.h"
#include "harness/bench/perf_gate.h"
#include "harness/common/files.h"
#include "harness/common/num_text.h"
#include "harness/common/subprocess.h"
#include "models/status.h"
#include "sim_fixtures.h"

static char tmpdir[256], repo[300];
static char sha[4][48]; /* A (baseline), B (no trailer), C (declares +3% for cenic-sd ball_drop), D (a Perf: line without a number) */

static void git(const char *const *args) {
  const char *argv[16] = {"git", "-C", repo, "-c", "user.name=gate test", "-c", "user.email=gate@test"};
  int k = 7;
  for (int i = 0; args[i]; ++i) argv[k++] = args[i];
  argv[k] = NULL;
  char err[256];
  cr_assert_eq(subprocess_run(argv, NULL, "/dev/null", CB_ERR_BUF(err, sizeof err)), 0, "git %s: %s", args[0], err);
}

static void commit(const char *message, char *out) {
  const char *c[] = {"commit", "-q", "--allow-empty", "-m", message, NULL};
  git(c);
  const char *argv[] = {"git", "-C", repo, "rev-parse", "HEAD", NULL};
  cr_assert_eq(subprocess_output(argv, out, 48), 0);
  out[strcspn(out, "\n")] = '\0';
}

static void setup(void) {
  fx_tmpdir_make(tmpdir, sizeof tmpdir, "cbench_gate");
  snprintf(repo, sizeof repo, "%s/repo", tmpdir);
  const char *argv[] = {"git", "init", "-q", repo, NULL};
  char err[256];
  cr_assert_eq(subprocess_run(argv, NULL, "/dev/null", CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  commit("baseline", sha[0]);
  commit("a change that costs speed and says nothing", sha[1]);
  commit("cenic-sd: a better contact\n\nMeasured: ...\n\nPerf: cenic-sd ball_drop +3% instructions: the test's rise", sha[2]);
  commit("another\n\nPerf: cenic-sd ball_drop costs more, number forgotten", sha[3]);
}
static void teardown(void) { fx_tmpdir_remove(tmpdir); }
TestSuite(perf_gate, .init = setup, .fini = teardown);

/* The committed baseline's records as a gate measurement of commit sha: every instruction count
 * 1e9, ball_drop/cenic-sd/acc=0.01's times factor (status failed when fail); its path in out. */
static void bench_file(const char *name, const char *commit_sha, double factor, int fail, char *out, size_t n) {
  char *text = file_read_all("results/baseline.json", NULL);
  cr_assert_not_null(text);
  cJSON *all = cJSON_Parse(text);
  free(text);
  cJSON *r;
  cJSON_ArrayForEach(r, all) {
    cJSON *m = cJSON_GetObjectItem(r, "machine");
    cJSON_ReplaceItemInObject(m, "git", cJSON_CreateString(commit_sha));
    cJSON_ReplaceItemInObject(m, "git_dirty", cJSON_CreateFalse());
    cJSON_DeleteItemFromObject(m, "isa");
    cJSON_AddStringToObject(m, "isa", "sse4_2 avx avx2 fma");
    const cJSON *c = cJSON_GetObjectItem(r, "case"), *in = cJSON_GetObjectItem(r, "integrator");
    const cJSON *acc = cJSON_GetObjectItem(cJSON_GetObjectItem(r, "params"), "accuracy");
    int target = !strcmp(c->valuestring, "ball_drop") && !strcmp(in->valuestring, "cenic-sd") && cJSON_IsNumber(acc) &&
                 acc->valuedouble == 1e-2;
    cJSON *ins = cJSON_CreateObject();
    cJSON_AddStringToObject(ins, "source", "callgrind");
    cJSON_AddNumberToObject(ins, "count", target ? 1e9 * factor : 1e9);
    cJSON_DeleteItemFromObject(r, "instructions");
    cJSON_AddItemToObject(r, "instructions", ins);
    if (target && fail) {
      cJSON_ReplaceItemInObject(r, "status", cJSON_CreateString("failed"));
      cJSON_ReplaceItemInObject(r, "message", cJSON_CreateString("solver failed"));
    }
  }
  snprintf(out, n, "%s/%s", tmpdir, name);
  char *t = json_print(all, 1);
  fx_write_text(out, t);
  free(t);
  cJSON_Delete(all);
}

/* The gate of commit head measured at factor against a history holding commit A; its status. */
static int gate(int head, double factor, int fail, int append, char *hist, size_t histlen) {
  char base[600], now[600], name[32];
  snprintf(hist, histlen, "%s/history.jsonl", tmpdir);
  if (!file_exists(hist)) {
    bench_file("base.json", sha[0], 1.0, 0, base, sizeof base);
    char err[2048];
    FILE *devnull = fopen("/dev/null", "w");
    PerfGateConfig c;
    perf_gate_config_default(&c);
    snprintf(c.history, sizeof c.history, "%s", hist);
    snprintf(c.measured, sizeof c.measured, "%s", base);
    snprintf(c.repo, sizeof c.repo, "%s", repo);
    snprintf(c.out_dir, sizeof c.out_dir, "%s/out", tmpdir);
    c.append = 1; /* the first landing: nothing to compare with, its line starts the history */
    cr_assert_eq(perf_gate_run(&c, devnull, CB_ERR_BUF(err, sizeof err)), CB_OK, "%s", err);
    fclose(devnull);
  }
  snprintf(name, sizeof name, "now%d.json", head);
  bench_file(name, sha[head], factor, fail, now, sizeof now);
  PerfGateConfig c;
  perf_gate_config_default(&c);
  snprintf(c.history, sizeof c.history, "%s", hist);
  snprintf(c.measured, sizeof c.measured, "%s", now);
  snprintf(c.repo, sizeof c.repo, "%s", repo);
  snprintf(c.out_dir, sizeof c.out_dir, "%s/out", tmpdir);
  c.append = append;
  char err[2048] = "";
  FILE *devnull = fopen("/dev/null", "w");
  int rc = perf_gate_run(&c, devnull, CB_ERR_BUF(err, sizeof err));
  fclose(devnull);
  cr_assert(rc == CB_OK || rc == CB_ERR_VERDICT, "gate could not run: %s", err);
  return rc;
}

static int count_lines(const char *path) {
  char *t = file_read_all(path, NULL);
  cr_assert_not_null(t);
  int n = 0;
  for (const char *p = t; *p; ++p) n += *p == '\n';
  free(t);
  return n;
}

Test(perf_gate, undeclared_rise_fails) {
  char hist[600];
  cr_expect_eq(gate(1, 1.03, 0, 0, hist, sizeof hist), CB_ERR_VERDICT, "an undeclared +3%% must fail");
  char verdicts[600];
  snprintf(verdicts, sizeof verdicts, "%s/out/gate.json", tmpdir);
  char *t = file_read_all(verdicts, NULL);
  cr_assert_not_null(t);
  cr_expect(strstr(t, "REGRESSION (undeclared increase)") != NULL, "%s", t);
  free(t);
}

Test(perf_gate, rise_within_tolerance_passes) {
  char hist[600];
  cr_expect_eq(gate(1, 1.015, 0, 0, hist, sizeof hist), CB_OK);
}

Test(perf_gate, declared_rise_passes_and_appends) {
  char hist[600];
  cr_expect_eq(gate(2, 1.03, 0, 1, hist, sizeof hist), CB_OK, "a rise declared by a commit since the baseline passes");
  cr_expect_eq(count_lines(hist), 2, "the passing commit's line is appended");
  char *t = file_read_all(hist, NULL);
  cr_expect(strstr(t, sha[2]) != NULL);
  free(t);
}

Test(perf_gate, rise_beyond_declared_fails) {
  char hist[600];
  cr_expect_eq(gate(2, 1.06, 0, 1, hist, sizeof hist), CB_ERR_VERDICT, "+6%% against a declared +3%% fails");
  cr_expect_eq(count_lines(hist), 1, "a failing gate appends nothing");
}

Test(perf_gate, failing_benchmark_fails) {
  char hist[600];
  cr_expect_eq(gate(2, 1.0, 1, 0, hist, sizeof hist), CB_ERR_VERDICT, "a benchmark that fails now and did not");
}

Test(perf_gate, decrease_passes) {
  char hist[600];
  cr_expect_eq(gate(1, 0.8, 0, 0, hist, sizeof hist), CB_OK);
}

Test(perf_gate, trailers_parse_and_cover) {
  const char *log = "\x1e" "1111111\nsubject\n\nbody line\nPerf: cenic-sd hard_clutter +19% instructions: box-box manifolds\n"
                    "  Perf: all -2.5%: fewer guards\n"
                    "\x1e" "2222222\nother\n\nPerf: tamsi/sliding_cube, +1%\nNot-Perf: cenic-sd hard_clutter +50%\n"
                    "Perf: cenic-sd hard_clutter\n";
  PerfDecl d[8];
  int n = perf_decls_parse(log, d, 8);
  cr_assert_eq(n, 4);
  cr_expect_str_eq(d[0].sha, "1111111");
  cr_expect_str_eq(d[2].sha, "2222222");
  cr_expect_float_eq(d[0].percent, 19.0, 1e-12);
  cr_expect(d[1].all);
  cr_expect_float_eq(d[1].percent, -2.5, 1e-12);
  cr_expect(isnan(d[3].percent), "a line without +N%% declares no number");
  cr_expect(perf_decl_covers(&d[0], "hard_clutter", "cenic-sd"));
  cr_expect(!perf_decl_covers(&d[0], "hard_clutter", "cenic-fixed"), "an integrator not named is not covered");
  cr_expect(!perf_decl_covers(&d[0], "hard_clutter_40", "cenic-sd"), "names match as whole words");
  cr_expect(perf_decl_covers(&d[2], "sliding_cube", "tamsi"), "case/integrator written with / and ,");
  cr_expect(perf_decl_covers(&d[1], "ball_drop", "bdf"), "all covers every benchmark");
  int k = 0;
  double allowed = perf_decls_allowed(d, n, "hard_clutter", "cenic-sd", &k);
  cr_expect_eq(k, 3);
  cr_expect_float_eq(allowed, 1.19 * 0.975 - 1.0, 1e-12, "declarations compound");
  cr_expect(isnan(perf_decls_allowed(d, 1, "sliding_cube", "bdf", &k)) && k == 0);
  /* more lines than slots: counted, the first max stored */
  cr_expect_eq(perf_decls_parse(log, d, 2), 4);
}

Test(perf_gate, line_without_number_does_not_declare) {
  char hist[600];
  /* commit D's line names the benchmark without a number; C's +3% is also in range A..D */
  cr_expect_eq(gate(3, 1.03, 0, 0, hist, sizeof hist), CB_OK, "C's +3%% is in the range");
  cr_expect_eq(gate(3, 1.06, 0, 0, hist, sizeof hist), CB_ERR_VERDICT);
}
