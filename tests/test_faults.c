/* Hostile records and failing writes: no record field reaches a shell or escapes the
 * plot folder, a failed write is an error naming the path, and concurrent sweeps into one folder
 * neither delete nor recompute each other's runs. Driven through build/sanitize/cbench. */
#include <criterion/criterion.h>
#include <cjson/cJSON.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness/common/files.h"
#include "harness/common/machine.h"
#include "harness/common/subprocess.h"
#include "sim_fixtures.h"

static char tmpdir[256];
static void setup(void) { fx_tmpdir_make(tmpdir, sizeof tmpdir, "cbfaults"); }
static void teardown(void) { fx_tmpdir_remove(tmpdir); }
TestSuite(faults, .init = setup, .fini = teardown, .timeout = 120);

#define CB "build/sanitize/cbench"
#define RUN_ARGS "--case ball_drop --integrator bdf --accuracy 1e-2 --t-end 0.05"

/* Runs a shell command (the test's own, never cbench's) built like printf; its stderr in out[]. */
static char out[8192];
static int sh(const char *fmt, ...) {
  char cmd[4096], errf[400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(cmd, sizeof cmd, fmt, ap);
  va_end(ap);
  snprintf(errf, sizeof errf, "%s/.stderr", tmpdir);
  char full[5200];
  snprintf(full, sizeof full, "( %s ) >%s/.stdout 2>%s", cmd, tmpdir, errf);
  int st = system(full);
  char *e = file_read_all(errf, NULL);
  snprintf(out, sizeof out, "%s", e ? e : "");
  free(e);
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static int exists(const char *fmt, ...) {
  char p[1200];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(p, sizeof p, fmt, ap);
  va_end(ap);
  struct stat st;
  return lstat(p, &st) == 0;
}

/* A real record of a short run, at tmpdir/rec.json (made once per test). */
static cJSON *a_record(void) {
  cr_assert_eq(sh(CB " run " RUN_ARGS " --json %s/rec.json", tmpdir), 0, "%s", out);
  char p[400];
  snprintf(p, sizeof p, "%s/rec.json", tmpdir);
  char *t = file_read_all(p, NULL);
  cJSON *r = t ? cJSON_Parse(t) : NULL;
  free(t);
  cr_assert_not_null(r);
  return r;
}

static void write_record(const cJSON *r, const char *dir) {
  char p[600];
  snprintf(p, sizeof p, "%s/a.json", dir);
  cr_assert_eq(dir_make_parents(dir), 0);
  char *t = cJSON_Print(r);
  fx_write_text(p, t);
  free(t);
}

/* A folder tmpdir/r (into dir) holding a_record() as a.json; the record is returned. */
static cJSON *a_record_folder(char *dir, size_t n) {
  cJSON *rec = a_record();
  snprintf(dir, n, "%s/r", tmpdir);
  write_record(rec, dir);
  return rec;
}

/* ---- defect 1: no data through a shell, no path out of DIR/plots ---- */

/* Arguments reach the program verbatim: no shell parses them. */
Test(faults, subprocess_arguments_are_not_parsed_by_a_shell) {
  char v[400], got[512];
  snprintf(v, sizeof v, "x'; touch %s/INJECTED; echo $(id) `id` \"|;&", tmpdir);
  const char *argv[] = {"printf", "%s", v, NULL};
  cr_assert_eq(subprocess_output(argv, got, sizeof got), 0);
  cr_expect_str_eq(got, v);
  cr_expect(!exists("%s/INJECTED", tmpdir));
  char err[256];
  const char *missing[] = {"cbench-no-such-program", NULL};
  cr_expect_neq(subprocess_run(missing, NULL, NULL, CB_ERR_BUF(err, sizeof err)), 0);
  cr_expect(strstr(err, "cbench-no-such-program: not found") != NULL, "%s", err);
}

/* A relative log path names a file from the caller's folder, also when the program runs in
 * another folder (`make run` plots into results/sweep/DIR/plots with relative paths). */
Test(faults, subprocess_log_path_is_relative_to_the_caller) {
  cr_assert_eq(chdir(tmpdir), 0);
  cr_assert_eq(mkdir("sub", 0755), 0);
  char err[512];
  const char *argv[] = {"pwd", NULL};
  cr_assert_eq(subprocess_run(argv, "sub", "sub/pwd.log", CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cr_expect(exists("%s/sub/pwd.log", tmpdir));
}

Test(faults, a_hostile_case_name_is_refused_and_runs_nothing) {
  cJSON *rec = a_record();
  const char *names[] = {"x'; touch %s/INJECTED; '", "../../escaped", "a/b", "x`touch %s/INJECTED`", "..",
                         "x;touch %s/INJECTED"};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; ++i) {
    char name[600], dir[600];
    snprintf(name, sizeof name, names[i], tmpdir);
    char inj[400];
    snprintf(inj, sizeof inj, "%s/INJECTED", tmpdir);
    unlink(inj);
    snprintf(dir, sizeof dir, "%s/d%zu/r", tmpdir, i);
    cJSON_ReplaceItemInObjectCaseSensitive(rec, "case", cJSON_CreateString(name));
    write_record(rec, dir);
    int rc = sh(CB " plot %s", dir);
    cr_expect_neq(rc, 0, "plot accepted case '%s'", name);
    cr_expect(strstr(out, "case") && strstr(out, name), "message '%s' should name the case '%s'", out, name);
    cr_expect(!exists("%s/INJECTED", tmpdir), "case '%s' ran a command", name);
    cr_expect(!exists("%s/d%zu/escaped", tmpdir, i) && !exists("%s/escaped", tmpdir), "case '%s' wrote outside", name);
    cr_expect(!exists("%s/plots", dir), "case '%s': plots written", name);
  }
  cJSON_Delete(rec);
}

/* Labels from options reach gnuplot's script inside strings: a backquote there would run a
 * command (gnuplot substitutes `...` even in double quotes), a quote would end the string, a
 * newline would start a new command. */
Test(faults, hostile_labels_reach_gnuplot_as_text_only) {
  cJSON *rec = a_record();
  /* no '_' in the target: the label escapes it for gnuplot's enhanced text */
  char inj[64];
  snprintf(inj, sizeof inj, "/tmp/cbinjected%ld", (long)getpid());
  unlink(inj);
  const char *values[] = {"`touch %s`", "\"; system(\"touch %s\"); \"", "x\nsystem(\"touch %s\")"};
  for (size_t i = 0; i < sizeof values / sizeof values[0]; ++i) {
    char v[600], dir[600];
    snprintf(v, sizeof v, values[i], inj);
    cJSON *opts = cJSON_CreateObject();
    cJSON_AddStringToObject(opts, "k", v);
    cJSON_ReplaceItemInObjectCaseSensitive(cJSON_GetObjectItemCaseSensitive(rec, "params"), "options", opts);
    snprintf(dir, sizeof dir, "%s/r%zu", tmpdir, i);
    write_record(rec, dir);
    cr_expect_eq(sh(CB " plot %s", dir), 0, "%s", out);
    cr_expect(!exists("%s", inj), "the label '%s' ran a command", v);
    unlink(inj);
    cr_expect(exists("%s/plots/ball_drop_work_accuracy.png", dir), "the figure with label '%s' is drawn", v);
  }
  cJSON_Delete(rec);
}

Test(faults, plot_fails_naming_the_script_when_gnuplot_fails_or_is_missing) {
  char dir[600];
  cJSON *rec = a_record_folder(dir, sizeof dir);
  /* a gnuplot that fails */
  cr_assert_eq(sh("mkdir -p %s/bin && printf '#!/bin/sh\\necho broken >&2\\nexit 3\\n' >%s/bin/gnuplot && chmod +x %s/bin/gnuplot",
                  tmpdir, tmpdir, tmpdir), 0);
  int rc = sh("PATH=%s/bin:$PATH " CB " plot %s", tmpdir, dir);
  cr_expect_neq(rc, 0, "plot exits 0 when gnuplot fails");
  cr_expect(strstr(out, "ball_drop.gp") != NULL, "message '%s' should name the script", out);
  /* no gnuplot at all (PATH without it; cbench is started by its path) */
  rc = sh("PATH=%s/empty " CB " plot %s", tmpdir, dir);
  cr_expect_neq(rc, 0, "plot exits 0 without gnuplot");
  cr_expect(strstr(out, "ball_drop.gp") && strstr(out, "not found"), "message '%s' should name the script", out);
  /* --no-gnuplot: scripts only, success */
  cr_expect_eq(sh("PATH=%s/empty " CB " plot --no-gnuplot %s", tmpdir, dir), 0, "%s", out);
  cJSON_Delete(rec);
}

/* `cbench slurm` started sbatch through a shell: a plan path with ';' ran a command. */
Test(faults, slurm_passes_the_plan_path_to_sbatch_verbatim) {
  char cwd[1024];
  cr_assert_not_null(getcwd(cwd, sizeof cwd));
  cr_assert_eq(sh("cd %s && mkdir -p bin 'p;touch${IFS}INJECTED;' && printf '#!/bin/sh\\nfor a; do echo \"$a\"; done >args.txt\\n' >bin/sbatch"
                  " && chmod +x bin/sbatch && touch x.sbatch", tmpdir), 0, "%s", out);
  cr_assert_eq(sh("cd %s && %s/" CB " sweep --cases %s/cases/ball_drop.json --integrators bdf --accuracies 1e-2 --t-end 0.05"
                  " --out s --plan 'p;touch${IFS}INJECTED;/plan.txt'", tmpdir, cwd, cwd), 0, "%s", out);
  int rc = sh("cd %s && PATH=%s/bin:$PATH %s/" CB " slurm 'p;touch${IFS}INJECTED;/plan.txt' --script x.sbatch", tmpdir, tmpdir, cwd);
  cr_expect_eq(rc, 0, "%s", out);
  cr_expect(!exists("%s/INJECTED", tmpdir), "the plan path ran a command");
  char p[600];
  snprintf(p, sizeof p, "%s/args.txt", tmpdir);
  char *args = file_read_all(p, NULL);
  cr_expect(args && strstr(args, "p;touch${IFS}INJECTED;/plan.txt\n"), "sbatch's arguments: '%s'", args ? args : "");
  free(args);
}

/* ---- defect 3: a failed write is an error naming the path, and leaves no partial file ---- */

/* Files under dir (recursively) that are empty or temporaries, as "name name ..." (empty: none). */
static void bad_files(const char *dir, char *list, size_t n) {
  char cmd[800];
  snprintf(cmd, sizeof cmd, "find %s -type f ! -name '.std*' ! -name '*.lock' \\( -size 0 -o -name '*.tmp.*' \\) | tr '\\n' ' '", dir);
  FILE *p = popen(cmd, "r");
  cr_assert_not_null(p);
  size_t k = fread(list, 1, n - 1, p);
  list[k] = '\0';
  pclose(p);
}

/* "Full disk": the file size limit (RLIMIT_FSIZE, 512-byte blocks in sh) with SIGXFSZ ignored,
 * so that a write past it fails with EFBIG as one past a full disk fails with ENOSPC. */
#define FULL(blocks) "trap '' XFSZ; ulimit -f " #blocks "; "

Test(faults, run_to_an_unwritable_series_path_fails_before_running) {
  const char *flags[] = {"--trajectory", "--step-log", "--energy", "--contact-forces"};
  for (size_t i = 0; i < sizeof flags / sizeof flags[0]; ++i) {
    int rc = sh(CB " run " RUN_ARGS " %s /nonexistent-cbench/x.csv --json %s/r.json", flags[i], tmpdir);
    cr_expect_neq(rc, 0, "%s to an unwritable path: exit 0", flags[i]);
    cr_expect(strstr(out, "/nonexistent-cbench/x.csv") != NULL, "%s: message '%s' should name the path", flags[i], out);
    cr_expect(!exists("%s/r.json", tmpdir), "%s: a record was written", flags[i]);
  }
}

Test(faults, a_series_cut_by_a_full_disk_is_an_error_and_no_record) {
  /* a 1 s trajectory is about 8 KB, the record 3 KB: only the trajectory hits the 4 KB limit */
  int rc = sh(FULL(8) CB " run --case ball_drop --integrator bdf --accuracy 1e-2 --t-end 1 --trajectory %s/t.csv --json %s/r.json",
              tmpdir, tmpdir);
  cr_expect_neq(rc, 0, "a cut trajectory: exit 0");
  cr_expect(strstr(out, "t.csv") != NULL, "message '%s' should name t.csv", out);
  cr_expect(!exists("%s/t.csv", tmpdir) && !exists("%s/r.json", tmpdir), "partial results written");
  char bad[2048];
  bad_files(tmpdir, bad, sizeof bad);
  cr_expect_str_eq(bad, "", "empty or temporary files left: %s", bad);
}

Test(faults, sweep_json_on_a_full_disk_is_an_error_and_keeps_the_old_one) {
  char sj[400];
  snprintf(sj, sizeof sj, "%s/s/sweep.json", tmpdir);
  cr_assert_eq(sh(CB " sweep --quiet --cases ball_drop --integrators bdf --accuracies 1e-2 --t-end 0.05 --out %s/s", tmpdir), 0,
               "%s", out);
  char *before = file_read_all(sj, NULL);
  cr_assert_not_null(before);
  /* two records of 3 KB fit the 4 KB limit one by one; their 6 KB sweep.json does not */
  int rc = sh(FULL(8) CB " sweep --quiet --cases ball_drop --integrators bdf --accuracies 1e-2,1e-3 --t-end 0.05 --out %s/s",
              tmpdir);
  cr_expect_neq(rc, 0, "sweep.json not written: exit 0");
  cr_expect(strstr(out, "sweep.json") != NULL, "message '%s' should name sweep.json", out);
  char *after = file_read_all(sj, NULL);
  cr_expect(after && !strcmp(before, after), "the previous sweep.json must stay whole");
  char bad[2048];
  bad_files(tmpdir, bad, sizeof bad);
  cr_expect_str_eq(bad, "", "empty or temporary files left: %s", bad);
  free(before);
  free(after);
}

Test(faults, plot_on_a_full_disk_is_an_error_and_leaves_no_partial_file) {
  char dir[600];
  cJSON *rec = a_record_folder(dir, sizeof dir);
  cJSON_Delete(rec);
  int rc = sh(FULL(2) CB " plot --no-gnuplot %s", dir);
  cr_expect_neq(rc, 0, "plot on a full disk: exit 0");
  cr_expect(strstr(out, dir) && strstr(out, "write failed"), "message '%s' should name the file", out);
  char bad[2048];
  bad_files(dir, bad, sizeof bad);
  cr_expect_str_eq(bad, "", "empty or temporary files left: %s", bad);
}

/* As root (who writes anywhere) the sweep runs as nobody. */
static const char *as_unprivileged(void) {
  return geteuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups " : "";
}

Test(faults, a_read_only_output_folder_fails_before_the_first_job) {
  if (geteuid() == 0 && sh("command -v setpriv") != 0) cr_skip_test("root without setpriv");
  cr_assert_eq(chmod(tmpdir, 0755), 0);
  char ro[400];
  snprintf(ro, sizeof ro, "%s/ro", tmpdir);
  cr_assert_eq(mkdir(ro, 0555), 0);
  int rc = sh("%s" CB " sweep --quiet --cases ball_drop --integrators bdf,tamsi --accuracies 1e-2,1e-3 --dts 1e-2 --t-end 0.05 --out %s",
              as_unprivileged(), ro);
  cr_expect_neq(rc, 0);
  cr_expect(strstr(out, ro) && strstr(out, "not writable"), "message '%s' should say the folder is not writable", out);
  int lines = 0;
  for (const char *c = out; *c; ++c) lines += *c == '\n';
  cr_expect_eq(lines, 1, "one error, before any job: '%s'", out);
}

/* ---- defect 4: concurrent writers ---- */

#define SWEEP1 CB " sweep --cases ball_drop --integrators bdf --accuracies 1e-2 --t-end 0.05 --out "

static pid_t dead_pid(void) {
  pid_t p = fork();
  if (p == 0) _exit(0);
  waitpid(p, NULL, 0);
  return p;
}

static void touch(const char *dir, const char *name, long pid) {
  char p[600];
  snprintf(p, sizeof p, "%s/%s.tmp.%ld", dir, name, pid);
  fx_write_text(p, "partial");
}

Test(faults, a_sweep_removes_only_temporaries_whose_writer_is_gone) {
  char dir[400];
  snprintf(dir, sizeof dir, "%s/s", tmpdir);
  cr_assert_eq(sh(SWEEP1 "%s", dir), 0, "%s", out);
  pid_t live = fork();
  if (live == 0) { pause(); _exit(0); }
  long dead = (long)dead_pid();
  touch(dir, "a.json", (long)live);       /* another sweep's record in flight */
  touch(dir, "b.steps.csv", (long)live);  /* and its series */
  touch(dir, "c.json", dead);             /* left by a killed sweep */
  touch(dir, "d.energy.csv", dead);
  touch(dir, "command.txt", dead);
  /* NAME.tmp.HOST.PID: this machine's dead writer (removed), another machine's (a cluster
   * task on a shared folder: its PID means nothing here, kept) */
  char p[700], host[FILE_HOST_LEN];
  snprintf(p, sizeof p, "%s/e.json.tmp.%s.%ld", dir, file_tmp_host(host), dead);
  fx_write_text(p, "partial");
  snprintf(p, sizeof p, "%s/f.json.tmp.other-node.%ld", dir, dead);
  fx_write_text(p, "partial");
  cr_assert_eq(sh(SWEEP1 "%s", dir), 0, "%s", out);
  cr_expect(exists("%s/a.json.tmp.%ld", dir, (long)live), "a live writer's record temporary was removed");
  cr_expect(exists("%s/b.steps.csv.tmp.%ld", dir, (long)live), "a live writer's series temporary was removed");
  cr_expect(!exists("%s/c.json.tmp.%ld", dir, dead), "an orphaned record temporary was left");
  cr_expect(!exists("%s/d.energy.csv.tmp.%ld", dir, dead), "an orphaned series temporary was left");
  cr_expect(!exists("%s/command.txt.tmp.%ld", dir, dead), "an orphaned command.txt temporary was left");
  cr_expect(!exists("%s/e.json.tmp.%s.%ld", dir, file_tmp_host(host), dead), "an orphaned HOST.PID temporary was left");
  cr_expect(exists("%s/f.json.tmp.other-node.%ld", dir, dead), "another machine's temporary was removed");
  kill(live, SIGKILL);
  waitpid(live, NULL, 0);
}

/* This process plays a first sweep computing the run (it holds the run's lock); a second sweep
 * started meanwhile must wait, then reuse the record instead of computing it again. */
Test(faults, a_second_sweep_waits_for_a_run_in_progress_and_reuses_it) {
  char dir[400], rec[600], saved[600], lockp[700];
  snprintf(dir, sizeof dir, "%s/s", tmpdir);
  cr_assert_eq(sh(SWEEP1 "%s", dir), 0, "%s", out);
  snprintf(rec, sizeof rec, "%s/ball_drop__bdf__acc0.01.json", dir);
  snprintf(saved, sizeof saved, "%s/saved.json.keep", tmpdir);
  cr_assert_eq(rename(rec, saved), 0);
  snprintf(lockp, sizeof lockp, "%s/.locks/ball_drop__bdf__acc0.01.json.lock", dir);
  cr_assert_eq(dir_make_parents(lockp), 0); /* makes lockp as a folder: replace by the file */
  rmdir(lockp);
  int fd = open(lockp, O_RDWR | O_CREAT | O_CLOEXEC, 0644); /* not inherited by the sweep */
  cr_assert(fd >= 0 && flock(fd, LOCK_EX) == 0);
  char errf[600];
  snprintf(errf, sizeof errf, "%s/second.err", tmpdir);
  pid_t second = fork();
  if (second == 0) {
    int e = open(errf, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(e, 2);
    int null = open("/dev/null", O_WRONLY);
    dup2(null, 1);
    execl(CB, CB, "sweep", "--cases", "ball_drop", "--integrators", "bdf", "--accuracies", "1e-2", "--t-end", "0.05",
          "--out", dir, (char *)NULL);
    _exit(127);
  }
  usleep(1500 * 1000); /* the run takes 0.3 s: computed by now unless the sweep waits */
  cr_expect(!exists("%s", rec), "the second sweep computed the run instead of waiting");
  cr_assert_eq(rename(saved, rec), 0);
  close(fd);
  int st = 0;
  waitpid(second, &st, 0);
  cr_expect(WIFEXITED(st) && WEXITSTATUS(st) == 0);
  char *e = file_read_all(errf, NULL);
  cr_expect(e && strstr(e, "1/1 done (1 reused)"), "the second sweep should reuse the run: '%s'", e ? e : "");
  free(e);
}

/* The last "N reused" of a sweep's progress lines in file p, or -1. */
static int reused_in(const char *p) {
  char *t = file_read_all(p, NULL);
  int reused = -1;
  for (const char *c = t ? strstr(t, "done (") : NULL; c; c = strstr(c + 1, "done (")) sscanf(c, "done (%d", &reused);
  free(t);
  return reused;
}

/* A released lock leaves no file (it was left for every run); two sweeps started together into one
 * folder still compute each run once: together they reuse exactly as many runs as the grid has. */
#define SWEEP3 CB " sweep --cases ball_drop --integrators bdf --accuracies 1e-2,3e-3,1e-3 --t-end 0.05 --out "
Test(faults, sweeps_leave_no_lock_files_and_compute_each_run_once) {
  char dir[400];
  snprintf(dir, sizeof dir, "%s/s", tmpdir);
  cr_assert_eq(sh(SWEEP3 "%s", dir), 0, "%s", out);
  cr_expect(!exists("%s/.locks/ball_drop__bdf__acc0.01.json.lock", dir), "a released lock file was left");
  cr_expect(!exists("%s/.locks", dir), "the emptied lock folder was left");
  snprintf(dir, sizeof dir, "%s/two", tmpdir);
  cr_assert_eq(sh(SWEEP3 "%s 2>%s/a.err & " SWEEP3 "%s 2>%s/b.err; wait $!", dir, tmpdir, dir, tmpdir), 0, "%s", out);
  char a[500], b[500];
  snprintf(a, sizeof a, "%s/a.err", tmpdir);
  snprintf(b, sizeof b, "%s/b.err", tmpdir);
  int ra = reused_in(a), rb = reused_in(b);
  cr_expect(ra >= 0 && rb >= 0 && ra + rb == 3, "3 runs: %d + %d reused, so some run was computed twice or never", ra,
            rb);
  cr_expect(exists("%s/ball_drop__bdf__acc0.001.json", dir));
  cr_expect(!exists("%s/.locks", dir), "lock files were left by two sweeps");
}

/* A sweep whose record fails to write (the 3 KB record past a 3 KB limit) leaves no series either:
 * before, a complete steps.csv stayed for a run without a record. */
Test(faults, a_record_cut_by_a_full_disk_leaves_no_series) {
  int rc = sh(FULL(6) CB " sweep --quiet --cases ball_drop --integrators bdf --accuracies 1e-2 --t-end 0.05 --series steps"
                         " --out %s/s", tmpdir);
  cr_expect_neq(rc, 0, "a record not written: exit 0");
  cr_expect(strstr(out, "ball_drop__bdf__acc0.01.json") != NULL, "message '%s' should name the record", out);
  cr_expect(!exists("%s/s/ball_drop__bdf__acc0.01.json", tmpdir), "the record was written after all: raise the limit");
  cr_expect(!exists("%s/s/ball_drop__bdf__acc0.01.steps.csv", tmpdir), "a series without its record");
  /* the same for one run */
  rc = sh(FULL(6) CB " run " RUN_ARGS " --step-log %s/one.steps.csv --json %s/one.json", tmpdir, tmpdir);
  cr_expect_neq(rc, 0, "a record not written: exit 0");
  cr_expect(!exists("%s/one.json", tmpdir) && !exists("%s/one.steps.csv", tmpdir), "a series without its record");
}

/* A plan task (`run --resume`) removes its record's lock file and the emptied .locks/ when it ends,
 * whether it ran or found the record done (docs/harness.md). Before, both stayed. */
Test(faults, plan_tasks_leave_no_lock_files) {
  for (int k = 0; k < 2; ++k) { /* the run, then "record exists" */
    int rc = sh(CB " run " RUN_ARGS " --quiet --json %s/r.json --resume", tmpdir);
    cr_expect_eq(rc, 0, "%s", out);
    cr_expect(exists("%s/r.json", tmpdir), "no record");
    cr_expect(!exists("%s/.locks/r.json.lock", tmpdir) && !exists("%s/.locks", tmpdir), "pass %d: .locks left", k);
  }
}
