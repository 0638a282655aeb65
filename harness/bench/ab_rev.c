/* The A side of `cbench bench --against REV`: REV's cbench, built in a worktree of its own. */
#include "ab_bench.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../common/cb_path.h"
#include "../common/files.h"
#include "../common/subprocess.h"

static void chomp(char *s) { s[strcspn(s, "\r\n")] = '\0'; }

/* A commit in file names and sentences: its first 12 digits. */
enum { SHA_SHOWN = 12 };

CbStatus ab_binary_for_rev(const char *rev, char *bin, size_t binlen, char *sha, size_t shalen, CbError *e) {
  char top[1024] = "", spec[300];
  const char *top_argv[] = {"git", "rev-parse", "--show-toplevel", NULL};
  if (subprocess_output(top_argv, top, sizeof top) != 0 || (chomp(top), !top[0]))
    return CB_ERROR(e, CB_ERR_INPUT, "bench --against %s: not inside a git checkout (run it from the cbench source tree)",
                    rev);
  if (rev[0] == '-') return CB_ERROR(e, CB_ERR_INPUT, "bench --against: '%s' is not a revision", rev);
  snprintf(spec, sizeof spec, "%s^{commit}", rev);
  const char *sha_argv[] = {"git", "-C", top, "rev-parse", "--verify", "--quiet", spec, NULL};
  if (subprocess_output(sha_argv, sha, shalen) != 0 || (chomp(sha), strlen(sha) < 12))
    return CB_ERROR(e, CB_ERR_INPUT, "bench --against: unknown revision '%s' in %s", rev, top);
  CbPath dir, log, script;
  if (cb_path(&dir, e, "%s/build/ab", top) != CB_OK) return CB_ERR_IO;
  if (snprintf(bin, binlen, "%s/cbench-%.*s", dir.s, SHA_SHOWN, sha) >= (int)binlen)
    return CB_ERROR(e, CB_ERR_IO, "%s: path too long for the A binary", dir.s);
  if (access(bin, X_OK) == 0) {
    fprintf(stderr, "bench: A = %s (%.*s, built before: reused)\n", rev, SHA_SHOWN, sha);
    return CB_OK;
  }
  if (dir_make_parents(dir.s) != 0) return CB_ERROR(e, CB_ERR_IO, "%s: cannot create", dir.s);
  if (cb_path(&log, e, "%s/build-%.*s.log", dir.s, SHA_SHOWN, sha) != CB_OK ||
      cb_path(&script, e, "%s/scripts/ab_build.sh", top) != CB_OK)
    return CB_ERR_IO;
  fprintf(stderr, "bench: building A = %s (%.*s) in a temporary worktree under %s (log %s) ...\n", rev, SHA_SHOWN, sha,
          dir.s, log.s);
  const char *argv[] = {"bash", script.s, top, sha, bin, NULL};
  char serr[512];
  if (subprocess_run(argv, NULL, log.s, CB_ERR_BUF(serr, sizeof serr)) != 0 || access(bin, X_OK) != 0)
    return CB_ERROR(e, CB_ERR_IO, "bench: building %s (%.*s) failed (%s); see %s", rev, SHA_SHOWN, sha, serr, log.s);
  return CB_OK;
}
