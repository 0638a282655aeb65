/* `cbench bench --against REV`: a same-run A/B timing of two cbench binaries (A: REV built in a
 * separate worktree, B: this build) on a small bench set. Each measurement is one `cbench run`
 * whose timing repetitions are calibrated to a minimum duration (the same repetition count for
 * A and B); measurements alternate A and B in a random order within each round (ABBA...), and
 * rounds continue until each benchmark's interval is decided or a cap is reached. Per benchmark:
 * B/A with its interval, the Mann-Whitney U p-value (harness/bench/ab_stats.h), the instruction
 * counts of both sides (perf_event in the records, else callgrind) and the counters that moved,
 * each with its direction. */
#ifndef CBENCH_AB_BENCH_H
#define CBENCH_AB_BENCH_H

#include <stdio.h>

#include "../../integrators/integrator.h"
#include "../common/cb_error.h"

/* A 1-minute load average at or above this many runnable tasks per core makes the bench warn
 * that its timings are contended. */
#define AB_LOAD_PER_CORE 1.0

typedef struct {
  const char *cases_dir;   /* the context's cases folder */
  const char *tmp_dir;     /* scratch folders go here (the context's $TMPDIR, else /tmp) */
  const IntegratorRegistry *registry; /* where --integrators names are looked up (NULL: built-in) */
  char against[256];     /* REV for A (default "main"); ignored with a_bin */
  char a_bin[1024];      /* explicit binaries ("" = build REV / this binary) */
  char b_bin[1024];
  char set[32];          /* bench set: default | quick | selftest */
  char cases[512];       /* comma list filtering the set's cases ("" = all) */
  char integrators[512]; /* same for integrators */
  double threshold;      /* slowdown that fails, relative (0.05) */
  double alpha;          /* significance level of the U test (0.01) */
  double min_time;       /* seconds of timing repetitions per measurement (0.2) */
  int min_rounds, max_rounds;
  int count_instructions;
  double instr_tolerance; /* relative instruction increase that fails (0.01) */
  int use_wall;           /* time by wall clock instead of process CPU time */
  int use_mean;           /* a measurement is its mean repetition instead of its fastest */
  unsigned seed;          /* order within rounds; 0: from the clock */
  char out[1024];         /* JSON result file */
  char load_file[1024];   /* the load average's source (/proc/loadavg; tests point it elsewhere) */
  int quiet;
} AbConfig;

void ab_config_default(AbConfig *c);
/* 1 when name is one of the comma list's words, or when the list is empty (no filter). */
int ab_list_has(const char *list, const char *name);

/* The 1-minute load average from a /proc/loadavg-style file (its first number) into *load, and
 * whether it is high on `cores` cores (>= AB_LOAD_PER_CORE per core): 1 high, 0 not, -1 unreadable. */
int ab_load_high(const char *path, int cores, double *load);
/* Runs the comparison, printing the table to out (progress on stderr unless quiet).
 * CB_OK: no slowdown; CB_ERR_VERDICT: a significant slowdown beyond the threshold, an
 * instruction increase beyond its tolerance, or a run that B fails and A does not; CB_ERR_OPTION
 * or CB_ERR_INPUT: the comparison could not run (bad settings, a missing binary or revision, or
 * a side's record whose repetition times are no sample: the benchmark is an error);
 * CB_ERR_IO or CB_ERR_MEMORY: a scratch folder or the details file could not be written
 * (message in err). */
int ab_bench_run(const AbConfig *c, FILE *out, char *err, size_t errlen);

/* The cbench binary of commit REV of the git checkout containing the current folder: built
 * once per sha in a temporary worktree (scripts/ab_build.sh) into build/ab/cbench-SHA and reused
 * afterwards. CB_OK, or CB_ERR_INPUT (no checkout, no such revision) / CB_ERR_IO (the build
 * failed) with the message in e. */
CbStatus ab_binary_for_rev(const char *rev, char *bin, size_t binlen, char *sha, size_t shalen, CbError *e);

#endif
