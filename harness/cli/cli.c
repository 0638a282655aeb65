/* The `cbench` command line: the command table with each command's usage, help, the global
 * --cases-dir, and dispatch to the command files (cli_run.c, cli_sweep.c, cli_results.c). */
#include "cli.h"
#include "cli_args.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../bench/compare.h"
#include "../figures/figure.h"
#include "../common/blas_threads.h"
#include "../common/files.h"
#include "integrators/common/nearest_name.h"
#include "../sweep/plan.h"
#include "../figures/plot.h"
#include "../run/record_fields.h"
#include "../run/reference.h"
#include "../run/run_record.h"
#include "../sweep/sweep.h"

#define CB_STR2(x) #x
#define CB_STR(x) CB_STR2(x)

/* One entry per command: its usage (printed by `cbench help COMMAND`, `cbench COMMAND --help`
 * and with an argument error) and a one-line summary for `cbench help`. */
typedef struct {
  const char *name, *summary, *usage;
} CommandHelp;

static const CommandHelp commands_help[] = {
    {"list", "integrators and cases; --options: each integrator's options", "list [--options [--markdown]]\n"},
    {"run", "one case with one integrator: error, work, counters; opt-in time series",
     "run --case NAME|PATH --integrator NAME (--accuracy A | --dt H) [--t-end T] [--reps N]\n"
     "    [--min-time S] (timing repetitions until they total S s: at least 3, at most --reps or 100)\n"
     "    [--timeout S] [--json FILE [--resume]] [--trajectory FILE.csv] [--step-log FILE.csv]\n"
     "    [--newton-log FILE.csv] [--energy FILE.csv] [--contact-forces FILE.csv] [--output-dt DT|step] [--opt key=value ...]\n"
     "    [--error-norm q|full|default] [--max-step H] [--window W [--window-method NAME:PARAM]\n"
     "    [--window-start T] [--window-check NAME:PARAM]]\n"
     "    [--param PATH=VALUE ...] (a scene value by JSON path, e.g. controllers[0].kp=1e3)\n"
     "    [--quiet] (no progress line; there is one only when stderr is a terminal)\n"},
    {"reference", "reference solutions of cases (tight runs, cross-checked)",
     "reference --case NAME|PATH [--case ...] [--grid POINTS_PER_S] [--primary NAME:PARAM]\n"
     "    [--secondary NAME:PARAM|none] [--timeout S] [--t-end T] [--force] [--quiet] (no progress line)\n"},
    {"sweep", "a grid of runs over every axis, one record each, resumable",
     "sweep [--cases A,B..] [--integrators A,B..] [--accuracies a,b..] [--dts h,k..] [-j N]\n"
     "    [--out DIR] [--reps N] [--min-time S] [--timeout S] [--t-end T] [--window W] [--quiet] [--plan FILE]\n"
     "    [--output-dt DT|step] (series rows every DT s or every accepted step)\n"
     "    [--error-norm q|full|default] [--error-norms q,full,default] [--max-steps h,..]\n"
     "    [--opt KEY=V1,V2,.. ...] [--param PATH=V1,V2,.. ...] (each list is an axis; the grid is\n"
     "    their product, at most " CB_STR(SWEEP_MAX_POINTS) " points) [--series steps,contacts,energy,trajectory,newton] (time series next to\n"
     "    each record)\n"},
    {"plot", "work-precision plots and a table from records", "plot DIR|FILE [--no-gnuplot]\n"},
    {"compare", "regression check of two record sets (counters exact, times with tolerance)",
     "compare BASE.json NEW.json [--time-tolerance R] [--counter-tolerance R] [--time-floor S]\n"
     "    [--instr-tolerance R]  (defaults 1.5, 0, 0.05 s, 0.01; medians below the floor are listed as\n"
     "    too short to time, not judged: `cbench bench --against REV` times them calibrated)\n"},
    {"bench", "A/B timing of a git revision against this build, and the instruction-count gate",
     "bench [--against REV] [--threshold F] [--alpha P] [--instr-tolerance F] [--min-time S]\n"
     "    [--min-rounds N] [--max-rounds N] [--set default|quick|selftest] [--cases A,B..]\n"
     "    [--integrators A,B..] [--wall] [--mean] [--no-instructions] [--seed N] [--out FILE] [--quiet]\n"
     "    [--a-binary PATH] [--b-binary PATH] (compare two built binaries instead)\n"
     "    [--load-file PATH] (read the load average there instead of /proc/loadavg)\n"
     "    defaults: --against main, --threshold 0.05, --alpha 0.01 (Mann-Whitney U, two-sided),\n"
     "    --instr-tolerance 0.01, --min-time 0.2, --min-rounds 6, --max-rounds 20, --set default,\n"
     "    --out results/out/ab.json; exit 1 on a significant slowdown beyond the threshold, an\n"
     "    instruction increase beyond its tolerance, or a run only B fails\n"},
    {"gate", "the CI performance gate: instruction counts of a fixed set against the committed history",
     "gate [--history FILE] [--tolerance F] [--append] [--measured BENCH.json] [--binary PATH]\n"
     "    [--repo DIR] [--out DIR] [--cases A,B..] [--list] (the set)\n"
     "    defaults: --history results/history/perf_gate.jsonl, --tolerance 0.02, --out results/out/perf_gate;\n"
     "    exit 1 on an instruction rise beyond the tolerance that no `Perf:` trailer of the commits since\n"
     "    the baseline declares, or a benchmark that fails now; --append: on a pass, add this commit's line\n"},
    {"export", "records in benchmark-tracker formats", "export --format gbench|gab FILE [--out OUT]\n"},
    {"slurm", "submit a sweep plan as a Slurm job array",
     "slurm PLAN [--max-parallel M] [--missing] [--dry-run] [--script FILE.sbatch] [--max-array-size N]\n"
     "    [--sbatch-arg=--partition=P ...] (any sbatch option, one word each: --account=A, --mem=4G, --time=60)\n"
     "    (N: Slurm's MaxArraySize, from `scontrol show config`, else 1001; a larger plan is split)\n"},
    {"merge", "collect the records of a plan or folder into sweep.json", "merge DIR [--plan PLAN]\n"},
    {"figure", "a paper figure from its recipe (figures/): runs, plot, numbers beside the paper's",
     "figure list | figure NAME [--quick] [--out DIR] [-j N] [--no-gnuplot]\n"},
    {"report", "one HTML page (and Markdown) with every figure of a folder beside the papers",
     "report DIR [--history HISTORY.jsonl] (the bench history per benchmark, steps marked)\n"},
    {"history", "bench history: one line per benched commit and machine",
     "history append BENCH.json --to HISTORY.jsonl [--replace]\n"},
    {"paper", "the numbers the papers print, with their source (results/paper/)", "paper [ID]\n"},
    {"schema", "the run record's fields, from the table the validator checks (harness/SCHEMA.md)", "schema --markdown\n"},
    {"help", "this overview, or one command's usage", "help [COMMAND]\n"},
};
enum { NCOMMANDS = (int)(sizeof commands_help / sizeof commands_help[0]) };


static const CommandHelp *command_help(const char *name) {
  for (int i = 0; i < NCOMMANDS; ++i)
    if (name && !strcmp(commands_help[i].name, name)) return &commands_help[i];
  return NULL;
}

static void print_overview(FILE *f) {
  fprintf(f, "usage: cbench [--cases-dir DIR] COMMAND [options]   (cbench help COMMAND: its options)\n");
  for (int i = 0; i < NCOMMANDS; ++i) fprintf(f, "  %-10s %s\n", commands_help[i].name, commands_help[i].summary);
  fprintf(f, "cases: --cases-dir DIR, else $CBENCH_CASES, else ./cases, else the source tree's cases/\n");
}

static void print_usage(FILE *f, const char *command) {
  const CommandHelp *h = command_help(command);
  if (h) fprintf(f, "usage: cbench %s", h->usage);
  else print_overview(f);
}

/* The values run and sweep use for options not given, read from the code's own defaults. */
static void print_defaults(const CbenchContext *cb, FILE *f, const char *command) {
  if (!command || (strcmp(command, "run") && strcmp(command, "sweep"))) return;
  int sweep = !strcmp(command, "sweep");
  if (sweep)
    fprintf(f, "defaults: --min-time %g with at most %d repetitions (calibrated timing; --reps N alone: exactly N),\n",
            SWEEP_DEFAULT_MIN_TIME_S, RUN_CALIBRATED_MAX_REPS);
  fprintf(f, "%s--t-end the scene's duration,%s --timeout %g s per simulated s,\n"
             "    --error-norm default (the integrator's own), --max-step the scene's, --window off%s\n",
          sweep ? "    " : "defaults: ", sweep ? "" : " --reps 1,", RUN_DEFAULT_BUDGET_PER_SIM_S,
          sweep ? "," : " (--window-method: the reference's primary)");
  if (!sweep) return;
  SweepConfig *c = malloc(sizeof *c);
  if (!c) return;
  sweep_config_default(cb, c);
  fprintf(f, "    --cases every case in %s/, --integrators every registered one,\n    --accuracies ", cb->cases_dir);
  for (int i = 0; i < c->nacc; ++i) fprintf(f, "%s%g", i ? "," : "", c->accuracies[i]);
  fprintf(f, ", --dts ");
  for (int i = 0; i < c->ndt; ++i) fprintf(f, "%s%g", i ? "," : "", c->dts[i]);
  fprintf(f, ", -j %d, --out %s\n", c->jobs, c->out);
  free(c);
}

/* "; did you mean ...?" for an unknown command, or an unknown option of the current command
 * (its options are the "--name" words of its usage text), else "". */
static void usage_hint(const char *current_command, const char *fmt, const char *a, char *out, size_t outlen) {
  char words[64][40];
  const char *ptrs[64];
  int n = 0;
  out[0] = '\0';
  if (!strncmp(fmt, "unknown command", 15)) {
    for (int i = 0; i < NCOMMANDS; ++i) ptrs[n++] = commands_help[i].name;
  } else if (!strncmp(fmt, "unknown option", 14) && command_help(current_command)) {
    for (const char *p = command_help(current_command)->usage; (p = strstr(p, "--")) && n < 64;) {
      size_t len = 2 + strspn(p + 2, "abcdefghijklmnopqrstuvwxyz-");
      if (len > 2 && len < sizeof words[0]) {
        snprintf(words[n], sizeof words[0], "%.*s", (int)len, p);
        ptrs[n] = words[n];
        ++n;
      }
      p += len;
    }
  }
  nearest_name_hint(a, ptrs, n, out, outlen);
}

int usage_error(const CbenchContext *cb, const char *fmt, const char *a) {
  char hint[128];
  usage_hint(cb->command, fmt, a, hint, sizeof hint);
  fprintf(stderr, "cbench: ");
  fprintf(stderr, fmt, a);
  fprintf(stderr, "%s\n", hint);
  print_usage(stderr, cb->command);
  return CB_ERR_OPTION;
}

/* Value of option argv[*i] (advances *i), or NULL after printing the error. */
const char *value(int argc, char **argv, int *i) {
  if (*i + 1 >= argc || (strncmp(argv[*i + 1], "--", 2) == 0 && strlen(argv[*i + 1]) > 2)) return NULL;
  return argv[++*i];
}

CbStatus parse_pos(const char *s, double *out) {
  char *end;
  double v = strtod(s, &end);
  if (end == s || *end || !(v > 0) || !isfinite(v)) return CB_ERR_OPTION;
  *out = v;
  return CB_OK;
}

CbStatus parse_int_pos(const char *s, int *out) {
  char *end;
  long v = strtol(s, &end, 10);
  if (end == s || *end || v < 1 || v > 100000) return CB_ERR_OPTION;
  *out = (int)v;
  return CB_OK;
}


CbStatus parse_method(const char *v, char *name, size_t namelen, double *param) {
  const char *c = strchr(v, ':');
  if (!c) { snprintf(name, namelen, "%s", v); return CB_OK; }
  snprintf(name, namelen, "%.*s", (int)(c - v), v);
  return parse_pos(c + 1, param);
}

static int cmd_help(const CbenchContext *cb, int argc, char **argv) {
  if (argc > 3) return usage_error(cb, "unexpected argument '%s'", argv[3]);
  if (argc == 3 && !command_help(argv[2])) return usage_error(cb, "unknown command '%s'", argv[2]);
  if (argc == 3) { print_usage(stdout, argv[2]); print_defaults(cb, stdout, argv[2]); }
  else print_overview(stdout);
  return 0;
}

/* Removes `--cases-dir DIR` (anywhere on the line) from argv and applies it to cb. 0, or 2. */
static int take_cases_dir(CbenchContext *cb, int *argc, char **argv) {
  for (int i = 1; i < *argc; ++i) {
    if (strcmp(argv[i], "--cases-dir")) continue;
    if (i + 1 >= *argc) return usage_error(cb, "missing value for %s", argv[i]);
    cbench_context_set_cases_dir(cb, argv[i + 1]);
    for (int k = i; k + 2 <= *argc; ++k) argv[k] = argv[k + 2];
    *argc -= 2;
    --i;
  }
  return 0;
}

static int cmd_schema(const CbenchContext *cb, int argc, char **argv) {
  if (argc != 3 || strcmp(argv[2], "--markdown")) return usage_error(cb, "expected --markdown%s", "");
  record_fields_markdown(stdout);
  return 0;
}

int cbench_main(int argc, char **argv) {
  blas_single_thread(); /* before any run: measured work is one core's */
  CbenchContext *cb = malloc(sizeof *cb);
  if (!cb) { fprintf(stderr, "cbench: out of memory\n"); return 1; }
  cbench_context_init(cb);
  int rc = cbench_main_in(cb, argc, argv);
  free(cb);
  return rc;
}

/* The command argv names, run in cb: its status. */
static int run_command(CbenchContext *cb, int argc, char **argv) {
  if (take_cases_dir(cb, &argc, argv)) return CB_ERR_OPTION;
  if (argc < 2) return usage_error(cb, "missing command%s", "");
  const char *c = argv[1];
  if (!strcmp(c, "--help") || !strcmp(c, "-h")) c = "help";
  cb->command = command_help(c) ? c : NULL;
  for (int i = 2; i < argc; ++i) /* every command's --quiet also silences the notes (cbench_note) */
    if (!strcmp(argv[i], "--quiet")) cb->verbosity = 0;
  for (int i = 2; i < argc && cb->command; ++i)
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
      print_usage(stdout, c);
      print_defaults(cb, stdout, c);
      return 0;
    }
  if (!strcmp(c, "help")) return cmd_help(cb, argc, argv);
  if (!strcmp(c, "list")) return cmd_list(cb, argc, argv);
  if (!strcmp(c, "run")) return cmd_run(cb, argc, argv);
  if (!strcmp(c, "reference")) return cmd_reference(cb, argc, argv);
  if (!strcmp(c, "sweep")) return cmd_sweep(cb, argc, argv);
  if (!strcmp(c, "plot")) return cmd_plot(cb, argc, argv);
  if (!strcmp(c, "compare")) return cmd_compare(cb, argc, argv);
  if (!strcmp(c, "bench")) return cmd_bench(cb, argc, argv);
  if (!strcmp(c, "gate")) return cmd_gate(cb, argc, argv);
  if (!strcmp(c, "export")) return cmd_export(cb, argc, argv);
  if (!strcmp(c, "merge")) return cmd_merge(cb, argc, argv);
  if (!strcmp(c, "slurm")) return cmd_slurm(cb, argc, argv);
  if (!strcmp(c, "figure")) return cmd_figure(cb, argc, argv);
  if (!strcmp(c, "paper")) return cmd_paper(cb, argc, argv);
  if (!strcmp(c, "report")) return cmd_report(cb, argc, argv);
  if (!strcmp(c, "schema")) return cmd_schema(cb, argc, argv);
  if (!strcmp(c, "history")) return cmd_history(cb, argc, argv);
  return usage_error(cb, "unknown command '%s'", c);
}

int cbench_main_in(CbenchContext *cb, int argc, char **argv) {
  return cb_status_exit_code(run_command(cb, argc, argv)); /* the one place a status becomes an exit code */
}
