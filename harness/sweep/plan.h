/* Sweeps beyond one machine, on an existing scheduler (Slurm job arrays; we write no scheduler).
 *
 * A plan is a text file with one self-contained run per line, in the sweep's deterministic
 * order: `/abs/path/cbench run --case ... --json /abs/out/NAME.json --resume`. Line i is array
 * task i. `--resume` makes a line idempotent: a task whose record exists, validates and was
 * made by the same command does nothing, so a resubmitted plan reruns only what is missing.
 * `cbench merge DIR --plan FILE` validates the records, writes DIR/sweep.json and lists the
 * points that are missing or did not end ok. */
#ifndef CBENCH_PLAN_H
#define CBENCH_PLAN_H

#include <stdio.h>
#include <stddef.h>

#include "../run/run_record.h"

#define PLAN_MAX_LINE 8192

/* One plan line for spec writing its record to record_path (both made absolute): the command's
 * words separated by single spaces, each byte outside [A-Za-z0-9_./:=,+@-] written %XX (a space
 * in a folder name is %20: no word splits, none becomes an option). CB_OK; CB_ERR_INPUT when it
 * does not fit; CB_ERR_IO when a path cannot be resolved. */
CbStatus plan_format_line(const RunSpec *spec, const char *record_path, char *out, size_t outlen);
/* The words of a plan line, decoded into buf (NUL-terminated each): their count, or CB_ERR_INPUT
 * (< 0) when the line is not words of that alphabet separated by single spaces (blank, a tab, a quote, a bad
 * or %00 escape) or does not fit. */
int plan_line_words(const char *line, char *buf, size_t buflen, const char **words, int maxwords);

/* The --json path and the --timeout, --reps of a plan line (with --min-time, reps is at most 4:
 * the integrations' budgets calibrated timing can take); CB_OK, CB_ERR_INPUT if it is not a plan
 * line, CB_ERR_OPTION if --timeout is not in (0, RUN_MAX_TIMEOUT_S] or --reps not in
 * [1, RUN_MAX_REPS]. */
CbStatus plan_parse_line(const char *line, char *json, size_t jsonlen, double *timeout, int *reps);

/* Reads a plan: number of lines (tasks), or a CbStatus < 0 (CB_ERR_INPUT, CB_ERR_MEMORY) with a
 * message naming the line in e (not NULL) (a blank line, a
 * comment or anything but a plan line is refused: line i is task i - 1 for the runner and for
 * --missing alike). lines/nlines optional (malloc'ed;
 * free with plan_free_lines). */
int plan_read(const char *path, char ***lines, CbError *e);
void plan_free_lines(char **lines, int n);


/* `cbench merge DIR [--plan FILE]`: validates every record in DIR, writes DIR/sweep.json (records
 * in plan order when a plan is given, else file order), prints missing / failed points and
 * duplicates to out: plan lines writing one file, and records of one run (same spec_key, else
 * command), kept once. CB_OK when every planned point has a record; CB_ERR_VERDICT when some are
 * missing or duplicated or a record is invalid; CB_ERR_INPUT on bad input (a folder without
 * records included); CB_ERR_IO or CB_ERR_MEMORY when sweep.json could not be written (the message
 * in e, not NULL). */
CbStatus plan_merge(const char *dir, const char *plan_path, FILE *out, CbError *e);

#define PLAN_DEFAULT_MAX_ARRAY_SIZE 1001 /* Slurm's default MaxArraySize (array ids 0 .. 1000) */
#define PLAN_MAX_ARRAY_SIZE 4000001      /* Slurm's own upper bound on MaxArraySize */
#define PLAN_MAX_ARRAY_SPEC 8192         /* characters of one submission's --array list */

/* One sbatch submission: its words (argv[argc] is NULL; run without a shell) and the same as one
 * line a shell reads back (words quoted where needed), to print. */
typedef struct {
  char **argv;
  int argc;
  char *text;
} SbatchCommand;

/* `cbench slurm PLAN`: the sbatch commands that run the plan as job arrays (all tasks, or only
 * those whose records are missing), at most max_parallel at once each, with the task time limit
 * from the lines' budgets, then the caller's sbatch settings (sbatch_args: `--partition=...`,
 * each one word; a later option overrides an earlier one) and the script and the plan by
 * absolute path. A submission covers plan lines BASE .. BASE + max_array_size - 1 as array ids
 * 0 .. max_array_size - 1 (`sweep.sbatch PLAN BASE` runs line BASE + id + 1) and an --array
 * list of at most PLAN_MAX_ARRAY_SPEC characters; larger plans take several. The commands
 * (malloc'ed; plan_free_commands) in *cmds, their count in *ncmd; returns the number of tasks
 * (0: nothing to do) or a CbStatus < 0 (CB_ERR_INPUT, CB_ERR_IO, CB_ERR_MEMORY) with the message
 * in e (not NULL). */
int plan_sbatch_commands(const char *plan_path, const char *sbatch_script, const char *const *sbatch_args,
                         int nsbatch_args, int max_parallel, int only_missing, int max_array_size,
                         SbatchCommand **cmds, int *ncmd, CbError *e);
void plan_free_commands(SbatchCommand *cmds, int n);
/* "--array" or "--wrap" when the sbatch option word arg sets one of them, in any spelling sbatch
 * takes: a prefix of the long name (sbatch accepts unambiguous abbreviations: --arr=0-3), with or
 * without "=value", or the short -a, also after short flags without a value (-Ha0-3); else NULL. */
const char *plan_sbatch_arg_forbidden(const char *arg);
/* MaxArraySize from `scontrol show config`, else PLAN_DEFAULT_MAX_ARRAY_SIZE. */
int plan_slurm_max_array_size(void);

#endif
