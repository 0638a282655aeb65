/* scripts/gen_clutter.py --out into a folder that does not exist: one line naming the option and
 * the path, exit 1, no file; into one that does: the scene. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "harness/common/files.h"
#include "sim_fixtures.h"

static char tmpdir[256];
static void setup(void) { fx_tmpdir_make(tmpdir, sizeof tmpdir, "cbclutter"); }
static void teardown(void) { fx_tmpdir_remove(tmpdir); }
TestSuite(gen_clutter, .init = setup, .fini = teardown, .timeout = 60);

/* Runs gen_clutter.py --objects 10 --out OUT; its stderr into err (caller frees); the exit status. */
static int gen(const char *outp, char **err) {
  char cmd[2000], errf[400];
  snprintf(errf, sizeof errf, "%s/err.txt", tmpdir);
  snprintf(cmd, sizeof cmd, "python3 scripts/gen_clutter.py --objects 10 --out '%s' 2>'%s'", outp, errf);
  int st = system(cmd);
  *err = file_read_all(errf, NULL);
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

Test(gen_clutter, a_missing_out_folder_is_one_line_and_exit_1) {
  char p[600], *err;
  snprintf(p, sizeof p, "%s/no-such-dir/x.json", tmpdir);
  cr_expect_eq(gen(p, &err), 1, "%s", err);
  cr_assert(err);
  cr_expect(strstr(err, "gen_clutter.py: --out ") && strstr(err, p), "%s", err);
  cr_expect(!strstr(err, "Traceback"), "%s", err);
  int lines = 0;
  for (const char *c = err; *c; ++c) lines += *c == '\n';
  cr_expect_eq(lines, 1, "%s", err);
  free(err);
  snprintf(p, sizeof p, "%s/x.json", tmpdir);
  cr_expect_eq(gen(p, &err), 0, "%s", err);
  free(err);
  char *scene = file_read_all(p, NULL);
  cr_expect(scene && strstr(scene, "hard_clutter_10"), "no scene written");
  free(scene);
}
