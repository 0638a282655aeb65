/* The A side of `cbench bench --against REV`: REV's cbench, built in a worktree of its own. */
#include "ab_bench.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../common/files.h"
#include "../common/subprocess.h"

static void chomp(char *s) { s[strcspn(s, "\r\n")] = '\0'; }

int ab_binary_for_rev(const char *rev, char *bin, size_t binlen, char *sha, size_t shalen, char *err,
                      size_t errlen) {
  char top[1024] = "", spec[300];
  const char *top_argv[] = {"git", "rev-parse", "--show-toplevel", NULL};
  if (subprocess_output(top_argv, top, sizeof top) != 0 || (chomp(top), !top[0])) {
    snprintf(err, errlen, "bench --against %s: not inside a git checkout (run it from the cbench source tree)", rev);
    return -1;
  }
  if (rev[0] == '-') { snprintf(err, errlen, "bench --against: '%s' is not a revision", rev); return -1; }
  snprintf(spec, sizeof spec, "%s^{commit}", rev);
  const char *sha_argv[] = {"git", "-C", top, "rev-parse", "--verify", "--quiet", spec, NULL};
  if (subprocess_output(sha_argv, sha, shalen) != 0 || (chomp(sha), strlen(sha) < 12)) {
    snprintf(err, errlen, "bench --against: unknown revision '%s' in %s", rev, top);
    return -1;
  }
  char dir[1100], log[1200], script[1100];
  snprintf(dir, sizeof dir, "%s/build/ab", top);
  snprintf(bin, binlen, "%s/cbench-%.12s", dir, sha);
  if (access(bin, X_OK) == 0) {
    fprintf(stderr, "bench: A = %s (%.12s, built before: reused)\n", rev, sha);
    return 0;
  }
  if (dir_make_parents(dir) != 0) { snprintf(err, errlen, "%s: cannot create", dir); return -1; }
  snprintf(log, sizeof log, "%s/build-%.12s.log", dir, sha);
  snprintf(script, sizeof script, "%s/scripts/ab_build.sh", top);
  fprintf(stderr, "bench: building A = %s (%.12s) in a temporary worktree under %s (log %s) ...\n", rev, sha, dir, log);
  const char *argv[] = {"bash", script, top, sha, bin, NULL};
  char serr[512];
  if (subprocess_run(argv, NULL, log, CB_ERR_BUF(serr, sizeof serr)) != 0 || access(bin, X_OK) != 0) {
    snprintf(err, errlen, "bench: building %s (%.12s) failed (%s); see %s", rev, sha, serr, log);
    return -1;
  }
  return 0;
}
