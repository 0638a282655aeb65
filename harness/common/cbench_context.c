#include "cbench_context.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "install_dir.h"
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
  if (is_dir("cases") || install_folder("cases", out, outlen) != 0) snprintf(out, outlen, "cases");
}

void cbench_context_init(CbenchContext *cb) {
  memset(cb, 0, sizeof *cb);
  default_cases_dir(cb->cases_dir, sizeof cb->cases_dir);
  const char *tmp = getenv("TMPDIR");
  snprintf(cb->tmp_dir, sizeof cb->tmp_dir, "%s", tmp && *tmp && strlen(tmp) < sizeof cb->tmp_dir ? tmp : "/tmp");
  cbench_context_set_results_dir(cb, getenv("CBENCH_RESULTS_DIR"));
  cbench_context_set_figures_dir(cb, getenv("CBENCH_FIGURES"));
  cbench_context_set_paper_dir(cb, getenv("CBENCH_PAPER_DIR"));
  cb->verbosity = 1;
  cb->limits.max_timeout_s = RUN_MAX_TIMEOUT_S;
  cb->limits.max_reps = RUN_MAX_REPS;
  cb->limits.max_sweep_points = SWEEP_MAX_POINTS;
  cb_error_init(&cb->error);
}

CbError *cbench_error(CbenchContext *cb) {
  cb->error.e.msg = cb->error.text;
  cb->error.e.cap = sizeof cb->error.text;
  return &cb->error.e;
}

void cbench_context_set_cases_dir(CbenchContext *cb, const char *dir) {
  if (dir && *dir) snprintf(cb->cases_dir, sizeof cb->cases_dir, "%s", dir);
  else default_cases_dir(cb->cases_dir, sizeof cb->cases_dir);
}

void cbench_context_set_results_dir(CbenchContext *cb, const char *dir) {
  snprintf(cb->results_dir, sizeof cb->results_dir, "%s", dir && *dir ? dir : "results");
}

void cbench_context_set_figures_dir(CbenchContext *cb, const char *dir) {
  if (dir && *dir) snprintf(cb->figures_dir, sizeof cb->figures_dir, "%s", dir);
  else if (is_dir("figures") || install_folder("figures", cb->figures_dir, sizeof cb->figures_dir) != 0)
    snprintf(cb->figures_dir, sizeof cb->figures_dir, "figures");
}

void cbench_context_set_paper_dir(CbenchContext *cb, const char *dir) {
  if (dir && *dir) snprintf(cb->paper_dir, sizeof cb->paper_dir, "%s", dir);
  else snprintf(cb->paper_dir, sizeof cb->paper_dir, "%.*s/paper", (int)sizeof cb->paper_dir - 7, cb->results_dir);
}

void cbench_note(const CbenchContext *cb, const char *fmt, ...) {
  if (cb && cb->verbosity < 1) return;
  va_list ap;
  va_start(ap, fmt);
  vfprintf(cbench_log(cb), fmt, ap);
  va_end(ap);
  fputc('\n', cbench_log(cb));
}
