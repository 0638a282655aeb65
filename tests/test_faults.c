/* Hostile records and failing writes (issue 42): no record field reaches a shell or escapes the
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

#include "harness/files.h"
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

/* ---- defect 1: no data through a shell, no path out of DIR/plots ---- */

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
  cJSON *rec = a_record();
  char dir[600];
  snprintf(dir, sizeof dir, "%s/r", tmpdir);
  write_record(rec, dir);
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
