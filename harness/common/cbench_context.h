/* The state a command works in, made once by main (cbench_main) and passed down, in the spirit of
 * CHOLMOD's `common`: where cases and results live, which integrators exist beyond the built-in
 * table, how much to say and where, and the limits on what a command may ask for. Nothing of it
 * lives in globals or passes through environment variables: two contexts in one process (tests,
 * a figure's quick results folder) do not see each other. */
#ifndef CBENCH_CONTEXT_H
#define CBENCH_CONTEXT_H

#include <limits.h>
#include <stdio.h>

#include "../../integrators/integrator.h"
#include "cb_error.h"

typedef struct {
  double max_timeout_s;    /* the largest --timeout per integration */
  int max_reps;            /* the largest --reps */
  long max_sweep_points;   /* the largest sweep grid */
} CbenchLimits;

typedef struct CbenchContext {
  char cases_dir[PATH_MAX];   /* scene files: --cases-dir, $CBENCH_CASES, ./cases, the source tree's */
  char tmp_dir[PATH_MAX];     /* scratch folders: $TMPDIR, else /tmp */
  char results_dir[PATH_MAX]; /* references, default outputs: $CBENCH_RESULTS_DIR or results */
  char figures_dir[PATH_MAX]; /* figure recipes: $CBENCH_FIGURES, ./figures, the installed figures/ */
  char paper_dir[PATH_MAX];   /* the papers' numbers: $CBENCH_PAPER_DIR, else RESULTS/paper with
                               * RESULTS as results_dir at start (a figure's own results folder
                               * does not move them) */
  IntegratorRegistry registry; /* integrators added at run time (tests, plug-ins) */
  int verbosity;              /* 0 quiet, 1 progress and notes (default), 2 verbose */
  FILE *log;                  /* where messages go; NULL: stderr */
  CbenchLimits limits;
  const char *command;        /* the command being run ("sweep"; NULL before one is known): its
                               * usage follows an argument error */
  CbErrorBuf error;           /* the why of a command's failure (cbench_error(cb)): functions
                               * below the command report into it, cbench_main_in prints it */
} CbenchContext;

/* Defaults: the environment is read here, once, and nowhere else in harness/ (CBENCH_CASES /
 * CBENCH_CASES_DIR, CBENCH_RESULTS_DIR, CBENCH_FIGURES, CBENCH_PAPER_DIR); no integrator added; verbosity 1; stderr; the limits of run_spec.h and
 * sweep.h. */
void cbench_context_init(CbenchContext *cb);
/* Where cases are: dir when given and non-empty, else the default of cbench_context_init. */
void cbench_context_set_cases_dir(CbenchContext *cb, const char *dir);
void cbench_context_set_results_dir(CbenchContext *cb, const char *dir);
void cbench_context_set_figures_dir(CbenchContext *cb, const char *dir);
void cbench_context_set_paper_dir(CbenchContext *cb, const char *dir);
/* The context's CbError, writing into cb->error.text (pointed there on every call, so a copied
 * context writes into its own). */
CbError *cbench_error(CbenchContext *cb);
/* The stream messages go to. */
static inline FILE *cbench_log(const CbenchContext *cb) { return cb && cb->log ? cb->log : stderr; }
/* A note: what a command does on the way (a reference computed or reused, a cross-check's
 * distance), one line to cbench_log unless cb->verbosity is 0 (--quiet). NULL cb: stderr. */
void cbench_note(const CbenchContext *cb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
