#include "cbench_context.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../run/run_spec.h"
#include "../sweep/sweep.h"

static int is_dir(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* $CBENCH_CASES (or the older $CBENCH_CASES_DIR), else ./cases, else the source tree's cases/. */
static void default_cases_dir(char *out, size_t outlen) {
  const char *env = getenv("CBENCH_CASES");
  if (!(env && *env)) env = getenv("CBENCH_CASES_DIR");
  if (env && *env) { snprintf(out, outlen, "%s", env); return; }
  snprintf(out, outlen, "cases");
  if (is_dir("cases")) return;
  /* the executable is BUILD/cbench (BUILD = build or build/san): walk up to a folder with cases/ */
  char exe[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n <= 0) return;
  exe[n] = 0;
  for (int up = 0; up < 4; ++up) {
    char *slash = strrchr(exe, '/');
    if (!slash || slash == exe) break;
    *slash = 0;
    char probe[PATH_MAX + 16];
    snprintf(probe, sizeof probe, "%s/cases", exe);
    if (is_dir(probe)) { snprintf(out, outlen, "%.*s", (int)(outlen - 1), probe); return; }
  }
}

void cbench_context_init(CbenchContext *cb) {
  memset(cb, 0, sizeof *cb);
  default_cases_dir(cb->cases_dir, sizeof cb->cases_dir);
  cbench_context_set_results_dir(cb, getenv("CBENCH_RESULTS_DIR"));
  cb->verbosity = 1;
  cb->limits.max_timeout_s = RUN_MAX_TIMEOUT_S;
  cb->limits.max_reps = RUN_MAX_REPS;
  cb->limits.max_sweep_points = SWEEP_MAX_POINTS;
}

void cbench_context_set_cases_dir(CbenchContext *cb, const char *dir) {
  if (dir && *dir) snprintf(cb->cases_dir, sizeof cb->cases_dir, "%s", dir);
  else default_cases_dir(cb->cases_dir, sizeof cb->cases_dir);
}

void cbench_context_set_results_dir(CbenchContext *cb, const char *dir) {
  snprintf(cb->results_dir, sizeof cb->results_dir, "%s", dir && *dir ? dir : "results");
}
