/* `cbench bench`: bad arguments are one-line errors with exit 2 and no result file; a tiny A/B of
 * a binary against itself reports B/A with its interval, the U test's p-value and a verdict per
 * benchmark, in its table and its JSON. */
#include <criterion/criterion.h>
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "harness/bench/ab_bench.h"
#include "harness/common/files.h"
#include "sim_fixtures.h"

static char tmpdir[256];
static void setup(void) { fx_tmpdir_make(tmpdir, sizeof tmpdir, "cbench_ab"); }
static void teardown(void) { fx_tmpdir_remove(tmpdir); }
TestSuite(ab_bench, .init = setup, .fini = teardown);

/* Runs build/sanitize/cbench with args; its stdout+stderr into out. Returns the exit status. */
static int cb(const char *args, char *out, size_t outlen) {
  char cmd[2048], log[512];
  snprintf(log, sizeof log, "%s/log.txt", tmpdir);
  snprintf(cmd, sizeof cmd, "build/sanitize/cbench --cases-dir cases bench %s >%s 2>&1", args, log);
  int st = system(cmd);
  char *t = file_read_all(log, NULL);
  snprintf(out, outlen, "%s", t ? t : "");
  free(t);
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

Test(ab_bench, bad_arguments_exit_2_without_a_result_file) {
  char out[8192], args[1024], res[600];
  snprintf(res, sizeof res, "%s/ab.json", tmpdir);
  snprintf(args, sizeof args, "--set nope --out %s", res);
  cr_expect_eq(cb(args, out, sizeof out), 2, "%s", out);
  cr_expect(strstr(out, "--set 'nope': expected default, quick or selftest"), "%s", out);
  snprintf(args, sizeof args, "--against no-such-revision-xyz --out %s", res);
  cr_expect_eq(cb(args, out, sizeof out), 2, "%s", out);
  cr_expect(strstr(out, "unknown revision 'no-such-revision-xyz'"), "%s", out);
  snprintf(args, sizeof args, "--threshold -1 --out %s", res);
  cr_expect_eq(cb(args, out, sizeof out), 2, "%s", out);
  snprintf(args, sizeof args, "--a-binary build/sanitize/cbench --integrators nope --out %s", res);
  cr_expect_eq(cb(args, out, sizeof out), 2, "%s", out);
  cr_expect(strstr(out, "--integrators: unknown integrator 'nope'"), "%s", out);
  snprintf(args, sizeof args, "--a-binary build/sanitize/cbench --cases nope --out %s", res);
  cr_expect_eq(cb(args, out, sizeof out), 2, "%s", out);
  cr_expect(strstr(out, "no benchmark of set 'default'"), "%s", out);
  cr_expect(!file_exists(res), "no result file after an argument error");
}

Test(ab_bench, self_comparison_reports_ratio_interval_and_u_test) {
  char out[16384], args[1024], res[600];
  snprintf(res, sizeof res, "%s/ab.json", tmpdir);
  snprintf(args, sizeof args,
           "--a-binary build/sanitize/cbench --b-binary build/sanitize/cbench --set quick --integrators cenic-sd "
           "--min-rounds 3 --max-rounds 3 --min-time 0.001 --no-instructions --seed 7 --quiet --out %s", res);
  int rc = cb(args, out, sizeof out);
  cr_assert(rc == 0 || rc == 1, "exit %d: %s", rc, out);
  cr_expect(strstr(out, "dragged_cube/cenic-sd/acc=0.001") && strstr(out, "Mann-Whitney U, two-sided") &&
            strstr(out, "99% interval"), "%s", out);
  cr_expect(strstr(out, "instructions: not counted (--no-instructions)"), "%s", out);
  char *t = file_read_all(res, NULL);
  cJSON *d = t ? cJSON_Parse(t) : NULL;
  free(t);
  cr_assert(d, "no JSON result");
  const cJSON *b = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(d, "benchmarks"), 0);
  const cJSON *ratio = cJSON_GetObjectItemCaseSensitive(b, "ratio"), *p = cJSON_GetObjectItemCaseSensitive(b, "p");
  const cJSON *lo = cJSON_GetObjectItemCaseSensitive(b, "ratio_lo"), *hi = cJSON_GetObjectItemCaseSensitive(b, "ratio_hi");
  cr_assert(cJSON_IsNumber(ratio) && cJSON_IsNumber(p) && cJSON_IsNumber(lo) && cJSON_IsNumber(hi), "fields");
  cr_expect(lo->valuedouble <= ratio->valuedouble && ratio->valuedouble <= hi->valuedouble);
  /* 3 against 3: the smallest possible two-sided p is 2 / C(6, 3) = 0.1, so no verdict can be
   * significant at 0.01 */
  cr_expect(p->valuedouble >= 0.1 - 1e-12, "p %g", p->valuedouble);
  cr_expect_eq(rc, 0, "%s", out);
  cr_expect_eq(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(b, "a_s_per_rep")), 3);
  cJSON_Delete(d);
}

/* The table's interval column is the (1 - alpha) interval the verdicts use, not a fixed 99%. */
Test(ab_bench, interval_header_follows_alpha) {
  char out[16384], args[1024], res[600];
  snprintf(res, sizeof res, "%s/ab_alpha.json", tmpdir);
  snprintf(args, sizeof args,
           "--a-binary build/sanitize/cbench --b-binary build/sanitize/cbench --set quick --integrators cenic-sd "
           "--min-rounds 3 --max-rounds 3 --min-time 0.001 --no-instructions --alpha 0.05 --quiet --out %s", res);
  int rc = cb(args, out, sizeof out);
  cr_assert(rc == 0 || rc == 1, "exit %d: %s", rc, out);
  cr_expect(strstr(out, "[95% interval]") && !strstr(out, "[99% interval]"), "%s", out);
  cr_expect(strstr(out, "at p < 0.05"), "%s", out);
}

/* Any registered integrator can be benched, not only those of the set (`--integrators verlet`
 * exited 2 because the set is a fixed table): one outside it runs on each case of the set at the
 * accuracy (error-controlled) or step (fixed-step) the set uses there. An unknown name is still
 * exit 2, naming it. */
Test(ab_bench, integrators_outside_the_set_are_benched_by_their_kind) {
  char out[16384], args[1024], res[600];
  snprintf(res, sizeof res, "%s/ab_own.json", tmpdir);
  snprintf(args, sizeof args,
           "--a-binary build/sanitize/cbench --b-binary build/sanitize/cbench --set quick --integrators rk3,lcp "
           "--min-rounds 2 --max-rounds 2 --min-time 0.001 --no-instructions --seed 3 --quiet --out %s", res);
  int rc = cb(args, out, sizeof out);
  cr_expect(rc == 0 || rc == 1, "exit %d: %s", rc, out);
  cr_expect(strstr(out, "dragged_cube/rk3/acc=0.001"), "error-controlled: the set's accuracy:\n%s", out);
  cr_expect(strstr(out, "dragged_cube/lcp/dt=0.001"), "fixed-step: the set's step:\n%s", out);
  cr_expect(strstr(out, "2 benchmark(s)"), "%s", out);
  snprintf(args, sizeof args, "--a-binary build/sanitize/cbench --integrators verlet --out %s/none.json", tmpdir);
  cr_expect_eq(cb(args, out, sizeof out), 2, "%s", out);
  cr_expect(strstr(out, "unknown integrator 'verlet'"), "%s", out);
}

/* hard_clutter is in the default set: cenic-fixed at 10 ms over its first second (cenic-sd at
 * 1e-3 beside it is not timed here: it takes seconds under the sanitizers). */
Test(ab_bench, default_set_has_hard_clutter) {
  char out[16384], args[1024], res[600];
  snprintf(res, sizeof res, "%s/ab_hc.json", tmpdir);
  snprintf(args, sizeof args, "--a-binary build/sanitize/cbench --b-binary build/sanitize/cbench --cases hard_clutter "
           "--integrators cenic-fixed --min-rounds 2 --max-rounds 2 --min-time 0.001 --no-instructions --quiet --out %s", res);
  int rc = cb(args, out, sizeof out);
  cr_expect(rc == 0 || rc == 1, "exit %d: %s", rc, out);
  cr_expect(strstr(out, "hard_clutter/cenic-fixed/dt=0.01"), "%s", out);
  char *t = file_read_all(res, NULL);
  cr_expect(t && strstr(t, "\"t_end\":\t1"), "the short horizon: %s", t ? t : "no result");
  free(t);
}

/* The load average warning: one line on stderr with the load, before timing, when the
 * 1-minute load is at least one runnable task per core (the file is a /proc/loadavg stand-in). */
Test(ab_bench, a_high_load_average_is_warned_in_one_line) {
  char out[16384], args[2048], load[600], res[600];
  snprintf(load, sizeof load, "%s/loadavg", tmpdir);
  snprintf(res, sizeof res, "%s/ab_load.json", tmpdir);
  fx_write_text(load, "999.50 3.00 1.00 4/300 12345\n");
  snprintf(args, sizeof args,
           "--a-binary build/sanitize/cbench --b-binary build/sanitize/cbench --set quick --integrators cenic-fixed "
           "--min-rounds 2 --max-rounds 2 --min-time 0.001 --no-instructions --quiet --load-file %s --out %s", load, res);
  int rc = cb(args, out, sizeof out);
  cr_expect(rc == 0 || rc == 1, "exit %d: %s", rc, out);
  cr_expect(strstr(out, "bench: warning: load average 999.50 (1 min, before timing) on "), "%s", out);
  cr_expect(strstr(out, "(1 min, while timing)"), "%s", out);
  char *t = file_read_all(res, NULL);
  cr_expect(t && strstr(t, "\"before\":\t999.5"), "%s", t ? t : "no result");
  free(t);
  fx_write_text(load, "0.00 0.00 0.00 1/300 12345\n");
  rc = cb(args, out, sizeof out);
  cr_expect(rc == 0 || rc == 1, "exit %d: %s", rc, out);
  cr_expect(!strstr(out, "load average"), "no warning on an idle machine:\n%s", out);
}

Test(ab_bench, load_high_reads_the_first_number_per_core) {
  char load[600];
  snprintf(load, sizeof load, "%s/la", tmpdir);
  double l = -1;
  fx_write_text(load, "2.00 1.00 0.50 2/100 7\n");
  cr_expect_eq(ab_load_high(load, 2, &l), 1);
  cr_expect_float_eq(l, 2.0, 1e-12);
  cr_expect_eq(ab_load_high(load, 4, &l), 0);
  fx_write_text(load, "garbage\n");
  cr_expect_eq(ab_load_high(load, 2, &l), -1);
  cr_expect_eq(ab_load_high("/nonexistent/loadavg", 2, &l), -1);
}
