/* Library functions return a CbStatus; only the commands turn it into an exit code
 * (cb_status_exit_code, models/status.h): 0 ok, 2 bad arguments or input, 1 anything else (a
 * verdict of no, a failed write). The exit codes of the commands, driven through
 * build/sanitize/cbench, and the mapping itself. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "harness/common/files.h"
#include "models/status.h"
#include "sim_fixtures.h"

static char tmpdir[256];
static void setup(void) { fx_tmpdir_make(tmpdir, sizeof tmpdir, "cbexit"); }
static void teardown(void) { fx_tmpdir_remove(tmpdir); }
TestSuite(exit_codes, .init = setup, .fini = teardown, .timeout = 120);

/* The exit code of `ENV build/sanitize/cbench ARGS` with @ in ARGS replaced by the test's folder. */
static int code(const char *env, const char *args) {
  char a[1024], cmd[2048];
  size_t n = 0;
  for (const char *c = args; *c && n + 300 < sizeof a; ++c)
    if (*c == '@') n += (size_t)snprintf(a + n, sizeof a - n, "%s", tmpdir);
    else a[n++] = *c;
  a[n] = '\0';
  snprintf(cmd, sizeof cmd, "%s build/sanitize/cbench %s >/dev/null 2>&1", env, a);
  int st = system(cmd);
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void write_in(const char *name, const char *text) {
  char p[600];
  snprintf(p, sizeof p, "%s/%s", tmpdir, name);
  fx_write_text(p, text);
}

Test(exit_codes, commands_keep_their_exit_codes) {
  char d[600];
  snprintf(d, sizeof d, "%s/empty", tmpdir);
  cr_assert_eq(dir_make_parents(d), 0);
  snprintf(d, sizeof d, "%s/badrec", tmpdir);
  cr_assert_eq(dir_make_parents(d), 0);
  snprintf(d, sizeof d, "%s/badpaper", tmpdir);
  cr_assert_eq(dir_make_parents(d), 0);
  snprintf(d, sizeof d, "%s/figs", tmpdir);
  cr_assert_eq(dir_make_parents(d), 0);
  write_in("badrec/a.json", "{\"schema\": \"cbench.run/1\",\n");
  write_in("badpaper/p.json", "{\"schema\": \"cbench.paper/1\"}");
  write_in("figs/broken.json", "{}");
  char env_paper[400], env_figs[400];
  snprintf(env_paper, sizeof env_paper, "CBENCH_PAPER_DIR=%s/badpaper", tmpdir);
  snprintf(env_figs, sizeof env_figs, "CBENCH_FIGURES=%s/figs", tmpdir);
  struct { const char *env, *args; int want; } cases[] = {
      {"", "paper", 0},
      {"", "paper no.such.id", 1},
      {env_paper, "paper", 2},
      {"", "merge @/nonexistent", 2},
      {"", "merge @/empty", 2},
      {"", "merge @/badrec", 2},
      {"", "history append @/nonexistent.json --to @/h.jsonl", 2},
      {"", "history append @/badrec/a.json --to @/h.jsonl", 2},
      {"", "report @/nonexistent", 2},
      {"", "report @/empty", 2},
      {"", "plot @/nonexistent", 2},
      {"", "plot @/empty", 2},
      {"", "plot @/badrec", 2},
      {"", "figure no_such_recipe", 2},
      {env_figs, "figure broken", 2},
      {"", "figure cenic_fig08_bouncing_energy --out /dev/null/x", 1},
      {"", "reference --case no_such_case", 2},
      {"", "bench --set no_such_set", 2},
      {"", "compare @/nonexistent.json @/nonexistent.json", 2},
      {"", "run --case ball_drop --integrator bdf --accuracy 1e-3 --t-end -1", 2},
      {"", "sweep --t-end -1", 2},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i)
    cr_expect_eq(code(cases[i].env, cases[i].args), cases[i].want, "%s cbench %s", cases[i].env, cases[i].args);
}

Test(exit_codes, one_mapping_from_status) {
  cr_expect_eq(cb_status_exit_code(CB_OK), 0);
  cr_expect_eq(cb_status_exit_code(CB_ERR_INPUT), 2);
  cr_expect_eq(cb_status_exit_code(CB_ERR_OPTION), 2);
  cr_expect_eq(cb_status_exit_code(CB_ERR_VERDICT), 1);
  cr_expect_eq(cb_status_exit_code(CB_ERR_IO), 1);
  cr_expect_eq(cb_status_exit_code(CB_ERR_MEMORY), 1);
}
