/* Errors that help: the nearest name for a mistyped integrator, case, option key, command
 * or command-line option (edit distance), defaults in --help, and a sweep that fails its
 * checks leaves no output folder. Drives build/sanitize/cbench on the real cases/. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "harness/common/files.h"
#include "integrators/common/nearest_name.h"
#include "sim_fixtures.h"

static char tmpdir[256];
static void setup(void) { fx_tmpdir_make(tmpdir, sizeof tmpdir, "cbench_hints"); }
static void teardown(void) { fx_tmpdir_remove(tmpdir); }
TestSuite(hints, .init = setup, .fini = teardown);

/* Runs cbench with args; its stdout+stderr into out; returns the exit code. */
static int cli(const char *args, char *out, size_t outlen) {
  char cmd[2048], f[512];
  snprintf(f, sizeof f, "%s/out.txt", tmpdir);
  snprintf(cmd, sizeof cmd, "build/sanitize/cbench --cases-dir cases %s >%s 2>&1", args, f);
  int st = system(cmd);
  char *text = file_read_all(f, NULL);
  snprintf(out, outlen, "%s", text ? text : "");
  free(text);
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

Test(hints, edit_distance_and_nearest) {
  cr_expect_eq(name_distance("kitten", "sitting"), 3);
  cr_expect_eq(name_distance("", "abc"), 3);
  cr_expect_eq(name_distance("cenic-sd", "cenic-sd"), 0);
  cr_expect_eq(name_distance("cenic-sdd", "cenic-sd"), 1);
  const char *names[] = {"bdf", "cenic-sd", "cenic-fixed", "tamsi"};
  cr_expect_str_eq(nearest_name("cenic-sdd", names, 4), "cenic-sd");
  cr_expect_str_eq(nearest_name("tmasi", names, 4), "tamsi");
  cr_expect_null(nearest_name("rk45", names, 4), "a far name gets no suggestion");
  cr_expect_null(nearest_name("x", names, 4), "one letter is not a typo of anything");
}

Test(hints, mistyped_names_get_the_nearest) {
  char out[8192];
  struct { const char *args, *hint; } cases[] = {
      {"run --case ball_drop --integrator cenic-sdd --accuracy 1e-2", "unknown integrator 'cenic-sdd'; did you mean 'cenic-sd'?"},
      {"run --case ball_drp --integrator cenic-sd --accuracy 1e-2", "unknown case 'ball_drp'; did you mean 'ball_drop'?"},
      {"run --case ball_drop --integrator cenic-sd --accuracy 1e-2 --t-end 0.01 --opt linear_solvr=dense",
       "unknown option 'linear_solvr' for integrator cenic-sd; did you mean 'linear_solver'?"},
      {"sweep --cases ball_drop --integrators cenic-sdd", "did you mean 'cenic-sd'?"},
      {"reference --case ball_drop --primary cenic-sdd:1e-7", "in --primary; did you mean 'cenic-sd'?"},
      {"run --case ball_drop --integrator cenic-sd --acuracy 1e-2", "unknown option '--acuracy' for run; did you mean '--accuracy'?"},
      {"sweep --integrator cenic-sd", "unknown option '--integrator' for sweep; did you mean '--integrators'?"},
      {"swep --cases ball_drop", "unknown command 'swep'; did you mean 'sweep'?"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    int rc = cli(cases[i].args, out, sizeof out);
    cr_expect_neq(rc, 0, "%s: exit 0", cases[i].args);
    cr_expect(strstr(out, cases[i].hint), "%s: no '%s' in:\n%s", cases[i].args, cases[i].hint, out);
  }
}

Test(hints, help_shows_defaults) {
  char out[8192];
  cr_assert_eq(cli("run --help", out, sizeof out), 0);
  cr_expect(strstr(out, "defaults:") && strstr(out, "--reps 1") && strstr(out, "--timeout 100 s per simulated s"),
            "%s", out);
  cr_assert_eq(cli("help sweep", out, sizeof out), 0);
  cr_expect(strstr(out, "--accuracies 0.1,0.01,0.001") && strstr(out, "--dts 0.01,0.003,0.001") && strstr(out, "-j 1"),
            "%s", out);
}

Test(hints, failed_sweep_checks_leave_no_folder) {
  const char *bad[] = {"--cases ball_drp --integrators cenic-sd", "--cases ball_drop --integrators cenic-sd --t-end 1e300",
                       "--cases ball_drop,nope --integrators cenic-sd", "--cases ball_drop --integrators cenic-sdd"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
    char args[1024], dir[512], out[8192];
    snprintf(dir, sizeof dir, "%s/sweep%zu", tmpdir, i);
    snprintf(args, sizeof args, "sweep %s --accuracies 1e-2 --out %s", bad[i], dir);
    cr_expect_eq(cli(args, out, sizeof out), 2, "%s: %s", args, out);
    struct stat st;
    cr_expect_neq(stat(dir, &st), 0, "%s left the folder %s", args, dir);
  }
}

/* An --out longer than its field is refused whole: cut, it would name another folder (the sweep
 * and figure commands cut it at 1023 bytes and wrote there). */
Test(hints, a_too_long_out_is_refused_not_cut) {
  char longdir[1200], args[1800], out[8192];
  int n = snprintf(longdir, sizeof longdir, "%s/", tmpdir);
  while (n < 1100) n += snprintf(longdir + n, sizeof longdir - (size_t)n, "d");
  const char *cmds[] = {"sweep --cases ball_drop --integrators bdf --accuracies 1e-2 --out", "figure cenic_fig04_ball_drop_error --quick --out"};
  for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; ++i) {
    snprintf(args, sizeof args, "%s %s", cmds[i], longdir);
    cr_expect_eq(cli(args, out, sizeof out), 2, "%s: %s", cmds[i], out);
    cr_expect(strstr(out, "path too long"), "%s: %s", cmds[i], out);
    char cut[1100];
    snprintf(cut, sizeof cut, "%.1023s", longdir);
    struct stat st;
    cr_expect_neq(stat(cut, &st), 0, "%s wrote into the cut path", cmds[i]);
  }
}
