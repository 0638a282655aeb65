/* Progress lines (harness/common/progress.c): the time-left arithmetic and its text; a line only on a
 * terminal and without --quiet, for a run, a reference and a sweep. Commands run through
 * build/sanitize/cbench; `script` gives them a terminal. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness/common/files.h"
#include "harness/common/progress.h"
#include "sim_fixtures.h"

static char tmpdir[256];
static void setup(void) { fx_tmpdir_make(tmpdir, sizeof tmpdir, "cbprogress"); }
static void teardown(void) { fx_tmpdir_remove(tmpdir); }
TestSuite(progress, .init = setup, .fini = teardown, .timeout = 120);

Test(progress, time_left_arithmetic) {
  cr_expect_float_eq(progress_eta(10, 0.25), 30, 1e-12);
  cr_expect_float_eq(progress_eta(5, 0.5), 5, 1e-12);
  cr_expect_eq(progress_eta(10, 1), 0);
  cr_expect_eq(progress_eta(10, 1.5), 0);
  cr_expect(isnan(progress_eta(10, 0)), "no estimate at 0%%");
  cr_expect(isnan(progress_eta(10, 0.0005)), "no estimate below 0.1%%");
  char t[32];
  progress_duration_text(42, t, sizeof t);
  cr_expect_str_eq(t, "42 s");
  progress_duration_text(59.6, t, sizeof t);
  cr_expect_str_eq(t, "1 min 00 s");
  progress_duration_text(185, t, sizeof t);
  cr_expect_str_eq(t, "3 min 05 s");
  progress_duration_text(7440, t, sizeof t);
  cr_expect_str_eq(t, "2 h 04 min");
  progress_duration_text(NAN, t, sizeof t);
  cr_expect_str_eq(t, "?");
}

Test(progress, one_line_rewritten_in_place_then_blanked) {
  Progress p;
  progress_begin(&p, 0);
  p.on = 1; /* as on a terminal */
  char *buf = NULL;
  size_t len = 0;
  p.out = open_memstream(&buf, &len);
  p.t0 -= 30; /* 30 s in */
  progress_show(&p, 0.25, "reference x: bdf");
  progress_show(&p, 0.5, "throttled: not drawn");
  progress_end(&p);
  fclose(p.out);
  cr_assert_not_null(buf);
  cr_expect(!strncmp(buf, "\rreference x: bdf: 25%, 30 s elapsed, about 1 min 30 s left", 58), "'%s'", buf);
  cr_expect(!strstr(buf, "throttled"), "drawn more than 4 times a second: '%s'", buf);
  cr_expect(!strchr(buf, '\n'), "a progress line never scrolls: '%s'", buf);
  size_t n = strlen(buf);
  cr_expect(n > 2 && buf[n - 1] == '\r' && buf[n - 2] == ' ', "not blanked at the end: '%s'", buf);
  free(buf);
  /* quiet: nothing */
  progress_begin(&p, 1);
  cr_expect_eq(p.on, 0);
}

/* A shell command of the test's own, stderr into tmpdir/err.txt; exit status. */
static int sh(const char *fmt, ...) {
  char cmd[3000], full[3600];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(cmd, sizeof cmd, fmt, ap);
  va_end(ap);
  snprintf(full, sizeof full, "( %s ) >%s/out.txt 2>%s/err.txt", cmd, tmpdir, tmpdir);
  int st = system(full);
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}
static char *text_of(const char *name) {
  char p[600];
  snprintf(p, sizeof p, "%s/%s", tmpdir, name);
  char *t = file_read_all(p, NULL);
  return t ? t : calloc(1, 1);
}

#define CB "build/sanitize/cbench"
#define RUN "run --case ball_drop --integrator bdf --accuracy 1e-3 --t-end 0.3 --reps 2"

Test(progress, silent_when_not_on_a_terminal) {
  cr_assert_eq(sh(CB " " RUN " --json %s/r.json", tmpdir), 0);
  char *e = text_of("err.txt");
  cr_expect(!strchr(e, '\r') && !strstr(e, "left"), "run: '%s'", e);
  free(e);
  /* a missing reference says so and how long it may take, with no progress line */
  cr_assert_eq(sh("CBENCH_RESULTS_DIR=%s " CB " reference --case ball_drop --secondary none", tmpdir), 0);
  e = text_of("err.txt");
  cr_expect(strstr(e, "reference ball_drop: none at ") && strstr(e, "computing it now"), "'%s'", e);
  cr_expect(strstr(e, "at most 10 min 00 s (--timeout 600 s per integration)"), "'%s'", e);
  cr_expect(!strchr(e, '\r') && !strstr(e, "left"), "reference: '%s'", e);
  free(e);
  /* a sweep: only its last count, no line per finished run */
  cr_assert_eq(sh(CB " sweep --cases ball_drop --integrators bdf,rk3 --accuracies 1e-2,1e-3 --dts 1e-2 --t-end 0.05"
                  " --out %s/s -j 1", tmpdir), 0);
  e = text_of("err.txt");
  int counts = 0;
  for (const char *p = e; (p = strstr(p, " done (")); ++p) ++counts;
  cr_expect_eq(counts, 1, "'%s'", e);
  cr_expect(strstr(e, "sweep: 4/4 done (0 reused)") && !strchr(e, '\r'), "'%s'", e);
  free(e);
}

Test(progress, a_line_with_the_time_left_on_a_terminal_unless_quiet) {
  if (system("command -v script >/dev/null 2>&1") != 0) cr_skip_test("no `script` to give the run a terminal");
  cr_assert_eq(sh("script -qec '" CB " " RUN " --json %s/r.json' /dev/null", tmpdir), 0);
  char *o = text_of("out.txt");
  cr_expect(strstr(o, "\rrun ball_drop bdf: ") && strstr(o, "left"), "'%s'", o);
  free(o);
  cr_assert_eq(sh("script -qec '" CB " " RUN " --quiet --json %s/r.json' /dev/null", tmpdir), 0);
  o = text_of("out.txt");
  cr_expect(!strstr(o, "left"), "--quiet: '%s'", o);
  free(o);
}
