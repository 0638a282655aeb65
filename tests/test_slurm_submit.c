/* `cbench slurm` for a real cluster: sbatch settings passed through (--sbatch-arg, verbatim, no
 * shell), and absolute paths in the printed command, so that it works from any folder. A fake
 * sbatch on PATH records its arguments. Driven through build/sanitize/cbench. */
#include <criterion/criterion.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness/common/files.h"
#include "sim_fixtures.h"

static char tmpdir[256], cwd[1024];
static void setup(void) {
  fx_tmpdir_make(tmpdir, sizeof tmpdir, "cbslurm");
  cr_assert_not_null(getcwd(cwd, sizeof cwd));
}
static void teardown(void) { fx_tmpdir_remove(tmpdir); }
TestSuite(slurm_submit, .init = setup, .fini = teardown, .timeout = 120);

/* A shell command of the test's own (printf-like); its stdout and stderr in out[]. */
static char out[16384];
static int sh(const char *fmt, ...) {
  char cmd[4096], full[5000], o[400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(cmd, sizeof cmd, fmt, ap);
  va_end(ap);
  snprintf(o, sizeof o, "%s/.out", tmpdir);
  snprintf(full, sizeof full, "( %s ) >%s 2>&1", cmd, o);
  int st = system(full);
  char *t = file_read_all(o, NULL);
  snprintf(out, sizeof out, "%s", t ? t : "");
  free(t);
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* A one-run plan in tmpdir/p/plan.txt and a fake sbatch in tmpdir/bin writing its arguments,
 * one a line, to tmpdir/args.txt. */
static void make_plan_and_sbatch(void) {
  cr_assert_eq(sh("cd %s && mkdir -p bin && printf '#!/bin/sh\\nfor a; do echo \"$a\"; done >%s/args.txt\\necho 42\\n' >bin/sbatch"
                  " && chmod +x bin/sbatch", tmpdir, tmpdir), 0, "%s", out);
  cr_assert_eq(sh("cd %s && mkdir -p p && %s/build/sanitize/cbench sweep --cases %s/cases/ball_drop.json --integrators bdf --accuracies 1e-2"
                  " --t-end 0.05 --out s --plan p/plan.txt", tmpdir, cwd, cwd), 0, "%s", out);
}

Test(slurm_submit, sbatch_settings_reach_sbatch_verbatim_from_any_folder) {
  make_plan_and_sbatch();
  /* from another folder, no --script: the script beside the binary, by absolute path */
  int rc = sh("mkdir -p %s/elsewhere && cd %s/elsewhere && PATH=%s/bin:$PATH %s/build/sanitize/cbench slurm ../p/plan.txt"
              " --sbatch-arg=--partition=short --sbatch-arg --account=proj1 '--sbatch-arg=--comment=two words;$(x)'"
              " --sbatch-arg=--time=30", tmpdir, tmpdir, tmpdir, cwd);
  cr_assert_eq(rc, 0, "%s", out);
  char p[600];
  snprintf(p, sizeof p, "%s/args.txt", tmpdir);
  char *args = file_read_all(p, NULL);
  cr_assert_not_null(args, "sbatch did not run: %s", out);
  cr_expect(strstr(args, "\n--partition=short\n--account=proj1\n--comment=two words;$(x)\n--time=30\n"),
            "settings in order, one argument each: '%s'", args);
  char want[1400];
  snprintf(want, sizeof want, "\n%s/scripts/slurm/sweep.sbatch\n%s/p/plan.txt\n0\n", cwd, tmpdir);
  cr_expect(strstr(args, want), "script and plan by absolute path, then the base: '%s'", args);
  /* ours first, so that a setting given by the user (--time) comes later and wins */
  cr_expect(strstr(args, "--time=") < strstr(args, "--partition=short"), "'%s'", args);
  free(args);
  /* the printed command reads back as the same words in a shell */
  const char *line = strstr(out, "sbatch --parsable");
  cr_assert_not_null(line, "%s", out);
  cr_expect(strstr(line, "'--comment=two words;$(x)'") != NULL, "%s", line);
  char cmd[4096];
  snprintf(cmd, sizeof cmd, "cd / && PATH=%s/bin:$PATH %.*s", tmpdir, (int)strcspn(line, "\n"), line);
  cr_assert_eq(sh("%s", cmd), 0, "%s", out);
  args = file_read_all(p, NULL);
  cr_expect(args && strstr(args, "\n--comment=two words;$(x)\n") && strstr(args, want), "from /: '%s'", args ? args : "");
  free(args);
}

Test(slurm_submit, bad_sbatch_settings_are_refused_by_value) {
  make_plan_and_sbatch();
  const char *bad[][2] = {
      {"--sbatch-arg=partition=short", "--sbatch-arg takes one sbatch option (e.g. --sbatch-arg=--partition=short), got 'partition=short'"},
      {"--sbatch-arg=--array=0-3", "cbench sets --array itself (the plan's tasks), got '--array=0-3'"},
      {"--sbatch-arg", "missing value for --sbatch-arg"},
      /* sbatch takes unambiguous prefixes of its long options */
      {"--sbatch-arg=--arr=0-3", "cbench sets --array itself (the plan's tasks), got '--arr=0-3'"},
      {"--sbatch-arg=--arra=0-3", "cbench sets --array itself (the plan's tasks), got '--arra=0-3'"},
      {"--sbatch-arg=--ar", "cbench sets --array itself (the plan's tasks), got '--ar'"},
      {"--sbatch-arg=-Ha0-3", "cbench sets --array itself (the plan's tasks), got '-Ha0-3'"},
      {"--sbatch-arg=--wrap=hostname", "--wrap would replace the plan's script, got '--wrap=hostname'"},
      {"--sbatch-arg=--wr=hostname", "--wrap would replace the plan's script, got '--wr=hostname'"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
    int rc = sh("cd %s && PATH=%s/bin:$PATH %s/build/sanitize/cbench slurm p/plan.txt %s", tmpdir, tmpdir, cwd, bad[i][0]);
    cr_expect_eq(rc, 2, "%s: exit %d", bad[i][0], rc);
    cr_expect(strstr(out, bad[i][1]) != NULL, "%s: '%s'", bad[i][0], out);
    char p[600];
    snprintf(p, sizeof p, "%s/args.txt", tmpdir);
    cr_expect(!file_exists(p), "%s: sbatch ran", bad[i][0]);
  }
}

/* Plan lines survive any folder name: an --out with a space, a quote and a would-be option in it
 * runs as one path through scripts/slurm/sweep.sbatch (as array task 0) and `merge` finds the
 * record (before: the task split the path and failed, or ran `--integrator bdf --reps 3` taken
 * from the name). A blank line in a plan is refused with its number by `slurm` and `merge`
 * (before: skipped by cbench but counted by the task's sed, so every later task ran the line
 * after its own and --missing resubmitted the wrong ones). */
Test(slurm_submit, plan_lines_keep_any_folder_name_whole_and_blank_lines_are_refused) {
  char dir[600];
  snprintf(dir, sizeof dir, "%s/my runs --reps 3 'x'", tmpdir);
  cr_assert_eq(sh("cd %s && %s/build/sanitize/cbench sweep --cases %s/cases/ball_drop.json --integrators bdf,cenic-sd"
                  " --accuracies 1e-2 --t-end 0.05 --out \"%s\" --plan plan.txt", tmpdir, cwd, cwd, dir), 0, "%s", out);
  char p[700];
  snprintf(p, sizeof p, "%s/plan.txt", tmpdir);
  char *plan = file_read_all(p, NULL);
  cr_assert_not_null(plan);
  cr_expect(strstr(plan, "my%20runs%20--reps%203%20%27x%27/") && !strstr(plan, "'"), "%s", plan);
  free(plan);
  for (int task = 0; task < 2; ++task) {
    int rc = sh("cd %s && SLURM_ARRAY_TASK_ID=%d bash %s/scripts/slurm/sweep.sbatch %s/plan.txt", tmpdir, task, cwd, tmpdir);
    cr_expect_eq(rc, 0, "task %d: exit %d: %s", task, rc, out);
  }
  cr_expect_eq(sh("ls \"%s\"/*.json | wc -l", dir), 0);
  cr_expect(atoi(out) == 2, "records in the folder: %s", out);
  int rc = sh("cd %s && %s/build/sanitize/cbench merge \"%s\" --plan plan.txt", tmpdir, cwd, dir);
  cr_expect_eq(rc, 0, "merge: exit %d: %s", rc, out);
  cr_expect(strstr(out, "merge: 2 records of 2 points") != NULL, "%s", out);
  /* a blank line between the two */
  cr_assert_eq(sh("cd %s && sed -i '1a\\\\' plan.txt && sed -n 2p plan.txt | wc -c", tmpdir), 0, "%s", out);
  cr_assert(atoi(out) == 1, "line 2 is not blank: %s", out);
  rc = sh("cd %s && %s/build/sanitize/cbench merge \"%s\" --plan plan.txt", tmpdir, cwd, dir);
  cr_expect_eq(rc, 2, "merge of a plan with a blank line: exit %d: %s", rc, out);
  cr_expect(strstr(out, "plan.txt: line 2 is blank") != NULL, "%s", out);
  rc = sh("cd %s && %s/build/sanitize/cbench slurm plan.txt --missing --dry-run", tmpdir, cwd);
  cr_expect_eq(rc, 2, "slurm of a plan with a blank line: exit %d: %s", rc, out);
  cr_expect(strstr(out, "line 2 is blank") != NULL, "%s", out);
}
