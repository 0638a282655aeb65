/* What the command files of the CLI share (harness/cli_*.c): argument parsing with clear
 * messages, and the usage of the command being parsed. */
#ifndef CBENCH_CLI_ARGS_H
#define CBENCH_CLI_ARGS_H

#include <stddef.h>

#include "../run/run_fields.h"
#include "../common/cbench_context.h"
#include "../run/run_spec.h"
#include "../sweep/sweep.h"

/* Prints "cbench: MESSAGE" and the usage of the command being parsed (cb->command); returns
 * CB_ERR_OPTION (bad arguments: exit code 2). */
int usage_error(const CbenchContext *cb, const char *fmt, const char *a);
/* Value of option argv[*i] (advances *i), or NULL when it is missing. */
const char *value(int argc, char **argv, int *i);
/* A number > 0 (finite) / an integer in [1, 100000]; CB_OK, or CB_ERR_OPTION (the caller names
 * the flag). */
CbStatus parse_pos(const char *s, double *out);
CbStatus parse_int_pos(const char *s, int *out);
/* NAME or NAME:PARAM (PARAM > 0); CB_OK, or CB_ERR_OPTION. */
CbStatus parse_method(const char *v, char *name, size_t namelen, double *param);

#define VALUE_OR_FAIL(var)                                                      \
  const char *var = value(argc, argv, &i);                                      \
  if (!var) return usage_error(cb, "missing value for %s", argv[i]);

/* The option parsing of `run` and `sweep` alone (argv[2..]; nothing runs, nothing is written):
 * CB_OK, CB_ERR_OPTION after printing the usage error, or CB_ERR_MEMORY. */
int run_args_parse(const CbenchContext *cb, int argc, char **argv, RunSpec *s, const char **json, int *resume);
int sweep_args_parse(const CbenchContext *cb, int argc, char **argv, SweepConfig *c);

/* The commands (one file per group), each in the context cbench_main made. Each returns a
 * CbStatus; cbench_main_in alone turns it into the exit code (cb_status_exit_code). */
int cmd_list(const CbenchContext *cb, int argc, char **argv);
int cmd_run(const CbenchContext *cb, int argc, char **argv);
int cmd_reference(const CbenchContext *cb, int argc, char **argv);
int cmd_sweep(const CbenchContext *cb, int argc, char **argv);
int cmd_plot(const CbenchContext *cb, int argc, char **argv);
int cmd_compare(const CbenchContext *cb, int argc, char **argv);
int cmd_export(const CbenchContext *cb, int argc, char **argv);
int cmd_merge(const CbenchContext *cb, int argc, char **argv);
int cmd_slurm(const CbenchContext *cb, int argc, char **argv);
int cmd_figure(const CbenchContext *cb, int argc, char **argv);
int cmd_paper(const CbenchContext *cb, int argc, char **argv);
int cmd_report(const CbenchContext *cb, int argc, char **argv);
int cmd_history(const CbenchContext *cb, int argc, char **argv);
int cmd_bench(const CbenchContext *cb, int argc, char **argv);
int cmd_gate(const CbenchContext *cb, int argc, char **argv);

#endif
