/* One refusal for a bad run setting, whichever door it comes in by: `cbench run --t-end -1`,
 * `cbench sweep --t-end -1` and a figure recipe's "t_end": -1 each print one line that starts
 * with where the value was (the flag, or FILE: runs[0].KEY) and goes on with the same words
 * (harness/run/run_fields.h). Driven through build/sanitize/cbench. */
#include <criterion/criterion.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "harness/common/files.h"
#include "sim_fixtures.h"

static char tmpdir[256];
static void setup(void) { fx_tmpdir_make(tmpdir, sizeof tmpdir, "cbfields"); }
static void teardown(void) { fx_tmpdir_remove(tmpdir); }
TestSuite(run_field_refusals, .init = setup, .fini = teardown, .timeout = 300);

#define CB "build/sanitize/cbench"

/* The first "cbench: " line cbench writes to stderr for the arguments, without "cbench: ";
 * the exit code in *code. */
static void first_error(char *out, size_t outlen, int *code, const char *fmt, ...) {
  char args[1024], cmd[2048], errf[400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(args, sizeof args, fmt, ap);
  va_end(ap);
  snprintf(errf, sizeof errf, "%s/.stderr", tmpdir);
  snprintf(cmd, sizeof cmd, "CBENCH_FIGURES=%s " CB " %s >/dev/null 2>%s", tmpdir, args, errf);
  int st = system(cmd);
  *code = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  char *e = file_read_all(errf, NULL);
  const char *l = e ? strstr(e, "cbench: ") : NULL;
  snprintf(out, outlen, "%.*s", l ? (int)strcspn(l + 8, "\n") : 0, l ? l + 8 : "");
  free(e);
}

/* The words after the location, or NULL when the message does not start with it. */
static const char *after(const char *msg, const char *location) {
  size_t n = strlen(location);
  return strncmp(msg, location, n) == 0 ? msg + n : NULL;
}

typedef struct {
  const char *flag;       /* `cbench run`'s flag (NULL: run has none) */
  const char *sweep_flag; /* `cbench sweep`'s (a list flag for the grid's axes) */
  const char *key;        /* the recipe's key */
  int list;               /* the recipe's value is an array */
  const char *text;       /* the bad value on the command line */
  const char *json;       /* the same value in JSON */
} BadValue;

static const BadValue bad[] = {
    {"--t-end", "--t-end", "t_end", 0, "-1", "-1"},
    {"--t-end", "--t-end", "t_end", 0, "0", "0"},
    {"--t-end", "--t-end", "t_end", 0, "abc", "\"abc\""},
    {"--timeout", "--timeout", "timeout", 0, "0", "0"},
    {"--timeout", "--timeout", "timeout", 0, "2000000", "2000000"},
    {"--timeout", "--timeout", "timeout", 0, "-5", "-5"},
    {"--reps", "--reps", "reps", 0, "0", "0"},
    {"--reps", "--reps", "reps", 0, "2.5", "2.5"},
    {"--reps", "--reps", "reps", 0, "100001", "100001"},
    {"--window", "--window", "window", 0, "-1", "-1"},
    {"--window", "--window", "window", 0, "x", "\"x\""},
    {"--window-start", "--window-start", "window_start", 0, "-1", "-1"},
    {"--output-dt", "--output-dt", "output_dt", 0, "-1", "-1"},
    {"--output-dt", "--output-dt", "output_dt", 0, "stepp", "\"stepp\""},
    {"--error-norm", "--error-norm", "error_norm", 0, "positions", "\"positions\""},
    {"--error-norm", "--error-norm", "error_norm", 0, "1", "1"},
    {"--accuracy", "--accuracies", "accuracies", 1, "-1", "-1"},
    {"--accuracy", "--accuracies", "accuracies", 1, "0", "0"},
    {"--accuracy", "--accuracies", "accuracies", 1, "abc", "\"abc\""},
    {"--dt", "--dts", "dts", 1, "-1", "-1"},
    {"--dt", "--dts", "dts", 1, "0", "0"},
    {"--dt", "--dts", "dts", 1, "x", "\"x\""},
    {"--max-step", "--max-steps", "max_steps", 1, "-1", "-1"},
    {"--max-step", "--max-steps", "max_steps", 1, "0", "0"},
    {"--max-step", "--max-steps", "max_steps", 1, "y", "\"y\""},
    {"--error-norm", "--error-norms", "error_norms", 1, "pos", "\"pos\""},
};

Test(run_field_refusals, run_sweep_and_recipe_say_the_same) {
  const int n = (int)(sizeof bad / sizeof bad[0]);
  int differ = 0;
  for (int i = 0; i < n; ++i) {
    const BadValue *b = &bad[i];
    char run[1024], sweep[1024], recipe[1024], where[800], path[700];
    int crun, csweep, crecipe;
    /* run: the integrator takes the flag (a fixed-step one for --dt) */
    first_error(run, sizeof run, &crun, "run --case ball_drop --integrator %s %s %s",
                strcmp(b->flag, "--dt") ? "bdf --accuracy 1e-3" : "cenic-fixed", b->flag, b->text);
    first_error(sweep, sizeof sweep, &csweep, "sweep --cases ball_drop %s %s --out %s/out", b->sweep_flag, b->text,
                tmpdir);
    snprintf(path, sizeof path, "%s/bad%d.json", tmpdir, i);
    char recipe_text[1200];
    snprintf(recipe_text, sizeof recipe_text,
             "{\"schema\": \"cbench.recipe/1\", \"title\": \"bad\", \"caption\": \"c\","
             " \"runs\": [{\"cases\": [\"ball_drop\"], \"integrators\": [\"bdf\"], \"%s\": %s%s%s}],"
             " \"plot\": {\"kind\": \"xy\", \"series\": [\"integrator\"],"
             " \"panels\": [{\"x\": \"param\", \"y\": \"counters.steps\"}]}}",
             b->key, b->list ? "[" : "", b->json, b->list ? "]" : "");
    fx_write_text(path, recipe_text);
    snprintf(recipe_text, sizeof recipe_text, "figure bad%d --out %s/fig", i, tmpdir);
    first_error(recipe, sizeof recipe, &crecipe, "%s", recipe_text);
    snprintf(where, sizeof where, "%s: runs[0].%s%s", path, b->key, b->list ? "[0]" : "");
    const char *wr = after(run, b->flag), *ws = after(sweep, b->sweep_flag), *wf = after(recipe, where);
    int same = wr && ws && wf && !strcmp(wr, ws) && !strcmp(ws, wf);
    cr_expect(same, "%s %s:\n  run:    %s\n  sweep:  %s\n  recipe: %s", b->flag, b->text, run, sweep, recipe);
    cr_expect(crun == 2 && csweep == 2 && crecipe == 2, "%s %s: exit codes %d %d %d", b->flag, b->text, crun, csweep,
              crecipe);
    cr_expect(wr && strstr(wr, b->text), "%s %s: the value is not named: %s", b->flag, b->text, run);
    differ += !same;
  }
  cr_log_info("%d of %d bad values refused differently", differ, n);
}
