/* `cbench gate`: the deterministic performance gate of every landing. It counts, with valgrind's
 * callgrind, the instructions executed inside the run loop (INSTR_CALLGRIND_FUNCTION: the
 * integrator, its physics guards and metrics, not the scene set-up) of a fixed benchmark set
 * (perf_gate_set), and compares them with the newest committed history line (a cbench.history/1
 * line of results/history/perf_gate.jsonl) whose commit is an ancestor of the measured one and
 * whose machine executes the same instructions (cpu, isa, compiler, flags). A rise beyond the
 * tolerance (2%) fails unless a commit between the two declares it in a `Perf:` trailer
 * (perf_decl.h). When no comparable line exists, the baseline commit is built here and measured
 * beside this build. On a pass, --append adds this commit's line to the history. */
#ifndef CBENCH_PERF_GATE_H
#define CBENCH_PERF_GATE_H

#include <stdio.h>

#include "../common/cb_error.h"

typedef struct {
  const char *case_name;  /* a case name, or a scene path relative to the source tree */
  const char *integrator;
  int fixed;              /* 1: value is --dt, 0: --accuracy */
  double value;
  double t_end;           /* horizon, s: keeps the whole set under a few minutes of callgrind */
  const char *opt;        /* one --opt KEY=VALUE, or NULL */
} PerfGateBench;

/* The fixed benchmark set, and its size. */
const PerfGateBench *perf_gate_set(int *n);

typedef struct {
  const char *cases_dir;  /* the context's cases folder */
  char history[1024];     /* the committed history (results/history/perf_gate.jsonl) */
  char measured[1024];    /* a bench file measured before ("": measure now with this binary) */
  char binary[1024];      /* the binary to measure ("": this one) */
  char repo[1024];        /* the git checkout whose commits are read ("": the current folder's) */
  char out_dir[1024];     /* measurements and verdicts (results/out/perf_gate) */
  char only[512];         /* comma list of case names keeping part of the set ("": all) */
  double tolerance;       /* relative rise that fails when undeclared (0.02) */
  int append;             /* on a pass, append this commit's line to the history */
  int quiet;
} PerfGateConfig;

void perf_gate_config_default(PerfGateConfig *c);

/* Measures the set with binary bin under callgrind into out_dir (one record per benchmark, with
 * `instructions` {source "callgrind", count}) and writes them all to out_dir/bench.json. CB_OK,
 * or CB_ERR_IO / CB_ERR_INPUT with e (valgrind missing, a run without a record). */
CbStatus perf_gate_measure(const char *bin, const char *cases_dir, const char *out_dir, const char *only, int quiet,
                           CbError *e);

/* The gate: CB_OK (pass: no undeclared rise; the table on out), CB_ERR_VERDICT (an undeclared
 * rise, a declared one exceeded, or a benchmark that fails now and did not), CB_ERR_INPUT /
 * CB_ERR_IO (it could not run: e, not NULL, says why). */
CbStatus perf_gate_run(const PerfGateConfig *c, FILE *out, CbError *e);

#endif
