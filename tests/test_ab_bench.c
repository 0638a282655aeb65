/* `cbench bench`: bad arguments are one-line errors with exit 2 and no result file; a tiny A/B of
 * a binary against itself reports B/A with its interval, the U test's p-value and a verdict per
 * benchmark, in its table and its JSON. */
#include <criterion/criterion.h>
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

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

/* A side whose record says a repetition took -1 s: no sample. The benchmark is an error and the
 * comparison exits 2 without a verdict (before: an uninitialized message, the benchmark gone
 * from the table, and "pass"). */
Test(ab_bench, negative_time_is_an_error_not_a_pass) {
  char out[16384], args[2048], res[600], fake[600], cwd[1024];
  cr_assert_not_null(getcwd(cwd, sizeof cwd));
  snprintf(res, sizeof res, "%s/ab_neg.json", tmpdir);
  snprintf(fake, sizeof fake, "%s/negative-time-cbench", tmpdir);
  char script[2048];
  snprintf(script, sizeof script,
           "#!/bin/sh\n# cbench, then every repetition's time made negative in its record\n"
           "%s/build/sanitize/cbench \"$@\"; rc=$?\njson=\nprev=\n"
           "for a in \"$@\"; do [ \"$prev\" = --json ] && json=$a; prev=$a; done\n"
           "[ -n \"$json\" ] && sed -i -e 's/\"cpu_s\":[^,}]*/\"cpu_s\": -1/g' \"$json\"\nexit $rc\n", cwd);
  fx_write_text(fake, script);
  cr_assert_eq(chmod(fake, 0755), 0);
  for (int side = 0; side < 2; ++side) {
    snprintf(args, sizeof args,
             "--a-binary %s --b-binary %s --set quick --integrators cenic-sd --min-rounds 3 --max-rounds 3 "
             "--min-time 0.001 --no-instructions --seed 7 --quiet --out %s",
             side ? "build/sanitize/cbench" : fake, side ? fake : "build/sanitize/cbench", res);
    int rc = cb(args, out, sizeof out);
    cr_expect_eq(rc, 2, "%s side: exit %d: %s", side ? "B" : "A", rc, out);
    cr_expect(strstr(out, "dragged_cube/cenic-sd/acc=0.001") && strstr(out, "ERROR (invalid sample)") &&
                  strstr(out, "invalid sample: repetitions[0].cpu_s is -1 s"),
              "%s side: %s", side ? "B" : "A", out);
    cr_expect(strstr(out, "-> ERROR") && !strstr(out, "-> pass"), "%s side: %s", side ? "B" : "A", out);
    char *t = file_read_all(res, NULL);
    cJSON *d = t ? cJSON_Parse(t) : NULL;
    free(t);
    cr_assert(d, "no JSON result");
    cr_expect(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(d, "fail")));
    cr_expect_eq(cJSON_GetObjectItemCaseSensitive(d, "invalid_samples")->valuedouble, 1);
    cJSON_Delete(d);
  }
}

/* A repository whose build/cbench takes a second to make: a stand-in for REV's build. */
static void toy_repo(char *top, size_t toplen, char *sha, size_t shalen) {
  snprintf(top, toplen, "%s/repo", tmpdir);
  char cmd[2048];
  snprintf(cmd, sizeof cmd,
           "mkdir -p %s && cd %s && git init -q . && printf 'build/cbench:\\n\\tmkdir -p build && sleep 1 && "
           "printf \"#!/bin/sh\\\\n\" > build/cbench && chmod +x build/cbench\\n' > Makefile && git add Makefile && "
           "git -c user.name=t -c user.email=t@t commit -q -m toy && git rev-parse HEAD > %s/sha",
           top, top, tmpdir);
  cr_assert_eq(system(cmd), 0, "%s", cmd);
  snprintf(cmd, sizeof cmd, "%s/sha", tmpdir);
  char *t = file_read_all(cmd, NULL);
  cr_assert_not_null(t);
  t[strcspn(t, "\n")] = '\0';
  snprintf(sha, shalen, "%s", t);
  free(t);
}

/* Two builds of one revision at once (two `bench --against REV`): before, both used the worktree
 * build/ab/src-SHA and the second removed the first's at its start (both failed). Now each has
 * its own and they take turns; none is left behind. */
Test(ab_bench, concurrent_builds_of_one_revision_both_succeed) {
  char top[512], sha[64], cmd[4096];
  toy_repo(top, sizeof top, sha, sizeof sha);
  snprintf(cmd, sizeof cmd,
           "mkdir -p %s/build/ab; (bash scripts/ab_build.sh %s %s %s/build/ab/cbench-x >%s/b1.log 2>&1; echo $? > %s/rc1) & "
           "(bash scripts/ab_build.sh %s %s %s/build/ab/cbench-x >%s/b2.log 2>&1; echo $? > %s/rc2) & wait",
           top, top, sha, top, tmpdir, tmpdir, top, sha, top, tmpdir, tmpdir);
  cr_assert_eq(system(cmd), 0);
  for (int i = 1; i <= 2; ++i) {
    char p[600];
    snprintf(p, sizeof p, "%s/rc%d", tmpdir, i);
    char *rc = file_read_all(p, NULL);
    snprintf(p, sizeof p, "%s/b%d.log", tmpdir, i);
    char *log = file_read_all(p, NULL);
    cr_expect(rc && atoi(rc) == 0, "build %d: exit %s: %s", i, rc ? rc : "?", log ? log : "");
    free(rc);
    free(log);
  }
  snprintf(cmd, sizeof cmd, "test -x %s/build/ab/cbench-x && test $(git -C %s worktree list | wc -l) -eq 1 && "
           "! ls -d %s/build/ab/src-* 2>/dev/null", top, top, top);
  cr_expect_eq(system(cmd), 0, "no binary, or a worktree left behind");
}

/* SIGTERM while REV builds: its worktree is removed at once. */
Test(ab_bench, interrupted_build_removes_its_worktree) {
  char top[512], sha[64], cmd[4096];
  toy_repo(top, sizeof top, sha, sizeof sha);
  snprintf(cmd, sizeof cmd,
           "mkdir -p %s/build/ab && bash scripts/ab_build.sh %s %s %s/build/ab/cbench-x >/dev/null 2>&1 & pid=$!; "
           "sleep 0.5; kill -TERM $pid; wait $pid; test $? -ne 0 && test $(git -C %s worktree list | wc -l) -eq 1 && "
           "! ls -d %s/build/ab/src-* 2>/dev/null && test ! -e %s/build/ab/cbench-x",
           top, top, sha, top, top, top, top);
  cr_expect_eq(system(cmd), 0, "the interrupted build left its worktree or a binary");
}

/* SIGTERM, SIGINT or SIGHUP (the terminal closed) during a comparison: the scratch folder
 * ($TMPDIR/cbench-ab-*) goes with it (before: it stayed in /tmp, and after SIGHUP it still did). */
Test(ab_bench, interrupted_comparison_removes_its_scratch_folder) {
  char cmd[6000], fake[600], cwd[1024], scratch[600];
  cr_assert_not_null(getcwd(cwd, sizeof cwd));
  snprintf(fake, sizeof fake, "%s/slow-cbench", tmpdir);
  char script[1200];
  snprintf(script, sizeof script, "#!/bin/sh\nsleep 1\nexec %s/build/sanitize/cbench \"$@\"\n", cwd);
  fx_write_text(fake, script);
  cr_assert_eq(chmod(fake, 0755), 0);
  static const char *const sigs[] = {"TERM", "INT", "HUP"};
  for (int i = 0; i < 3; ++i) {
    snprintf(scratch, sizeof scratch, "%s/tmp-%s", tmpdir, sigs[i]);
    cr_assert_eq(dir_make_parents(scratch), 0);
    snprintf(cmd, sizeof cmd,
             "TMPDIR=%s build/sanitize/cbench --cases-dir cases bench --a-binary %s --b-binary %s --set quick "
             "--integrators cenic-sd --min-rounds 3 --max-rounds 3 --min-time 0.001 --no-instructions --quiet "
             "--out %s/ab.json >/dev/null 2>&1 & pid=$!; sleep 0.7; "
             "ls %s | grep -q cbench-ab- || echo 'no scratch folder while it ran'; kill -%s $pid; { wait $pid; } 2>/dev/null; "
             "test $? -gt 128 || echo 'not ended by the signal'; sleep 1.5; test -z \"$(ls -A %s)\" || ls -R %s",
             scratch, fake, fake, tmpdir, scratch, sigs[i], scratch, scratch);
    char out[600];
    snprintf(out, sizeof out, "%s/sig.log", tmpdir);
    char full[6800];
    snprintf(full, sizeof full, "(%s) > %s 2>&1", cmd, out);
    cr_assert_neq(system(full), -1);
    char *log = file_read_all(out, NULL);
    cr_expect(log && !log[0], "SIG%s: %s", sigs[i], log ? log : "?");
    free(log);
  }
}

/* A SIGHUP the caller ignores (`nohup cbench bench ...`) stays ignored: the comparison ends
 * normally, exit 0, and removes its scratch folder. */
Test(ab_bench, an_ignored_hangup_stays_ignored) {
  char cmd[6000], fake[600], cwd[1024], scratch[600];
  cr_assert_not_null(getcwd(cwd, sizeof cwd));
  snprintf(fake, sizeof fake, "%s/slow-cbench", tmpdir);
  char script[1200];
  snprintf(script, sizeof script, "#!/bin/sh\nsleep 1\nexec %s/build/sanitize/cbench \"$@\"\n", cwd);
  fx_write_text(fake, script);
  cr_assert_eq(chmod(fake, 0755), 0);
  snprintf(scratch, sizeof scratch, "%s/tmp-nohup", tmpdir);
  cr_assert_eq(dir_make_parents(scratch), 0);
  snprintf(cmd, sizeof cmd,
           "trap '' HUP; TMPDIR=%s build/sanitize/cbench --cases-dir cases bench --a-binary %s --b-binary %s --set quick "
           "--integrators cenic-sd --min-rounds 3 --max-rounds 3 --min-time 0.001 --no-instructions --quiet "
           "--out %s/ab.json >/dev/null 2>&1 & pid=$!; sleep 0.7; kill -HUP $pid; { wait $pid; } 2>/dev/null; rc=$?; "
           "test $rc -eq 0 || echo \"exit $rc, not 0\"; test -z \"$(ls -A %s)\" || ls -R %s",
           scratch, fake, fake, tmpdir, scratch, scratch);
  char out[600];
  snprintf(out, sizeof out, "%s/sig.log", tmpdir);
  char full[6800];
  snprintf(full, sizeof full, "(%s) > %s 2>&1", cmd, out);
  cr_assert_neq(system(full), -1);
  char *log = file_read_all(out, NULL);
  cr_expect(log && !log[0], "nohup: %s", log ? log : "?");
  free(log);
}
