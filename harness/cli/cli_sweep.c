/* `cbench sweep`, `cbench merge`, `cbench slurm`: grids of runs, here or on a cluster. */
#include "cli_args.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../bench/compare.h"
#include "../figures/figure.h"
#include "../common/files.h"
#include "../common/install_dir.h"
#include "../sweep/plan.h"
#include "../figures/plot.h"
#include "../run/reference.h"
#include "../run/run_record.h"
#include "../sweep/sweep.h"
#include "../common/cb_path.h"
#include "../common/subprocess.h"

/* An argument that is a value, not an option: anything not starting with '-', and negative
 * numbers ("--dts -1" is a wrong value, not a missing one). */
static int is_value(const char *a) {
  return a[0] != '-' || (a[1] >= '0' && a[1] <= '9') || (a[1] == '.' && a[2] >= '0' && a[2] <= '9');
}

/* How much of a value too long a message shows: its start says which it was. */
enum { VALUE_SHOWN = 40 };

/* The comma-separated values after option argv[*i] (one or more arguments, any length) into
 * out[*n..max), each at most 1023 characters; empty items are skipped. 0, or 2 after a usage
 * error naming the option. */
static int take_list(const CbenchContext *cb, int argc, char **argv, int *i, char out[][1024], int max, int *n) {
  const char *flag = argv[*i];
  char msg[1200];
  int got = 0;
  while (*i + 1 < argc && is_value(argv[*i + 1])) {
    for (const char *tok = argv[++*i]; *tok;) {
      size_t len = strcspn(tok, ",");
      if (len >= 1024) {
        snprintf(msg, sizeof msg, "%s: a value of %zu characters (at most 1023): '%.*s...'", flag, len, VALUE_SHOWN, tok);
        return usage_error(cb, "%s", msg);
      }
      if (len > 0) {
        if (*n >= max) {
          snprintf(msg, sizeof msg, "%s: at most %d values, at '%.*s'", flag, max, (int)len, tok);
          return usage_error(cb, "%s", msg);
        }
        snprintf(out[(*n)++], 1024, "%.*s", (int)len, tok);
        ++got;
      }
      tok += len + (tok[len] == ',');
    }
  }
  return got > 0 ? 0 : usage_error(cb, "missing value for %s", flag);
}

/* A sweep axis "KEY=V1,V2,..." (--opt, --param): key into key[keylen], values into rows of
 * `stride` chars at vals (at most SWEEP_MAX_OPT_VALUES); 0 or a usage error. */
static int parse_axis(const CbenchContext *cb, const char *flag, const char *v, char *key, size_t keylen, char *vals, size_t stride, int *nvals) {
  const char *eq = strchr(v, '=');
  if (!eq || eq == v || !eq[1]) {
    char msg[CB_ERROR_LEN]; /* the whole value, as any command line gives it */
    snprintf(msg, sizeof msg, "%s needs KEY=V1[,V2...], got '%s'", flag, v);
    return usage_error(cb, "%s", msg);
  }
  if ((size_t)(eq - v) >= keylen) return usage_error(cb, "key too long in '%s'", v);
  snprintf(key, keylen, "%.*s", (int)(eq - v), v);
  char list[1024];
  snprintf(list, sizeof list, "%s", eq + 1);
  *nvals = 0;
  char *save = NULL;
  for (char *t = strtok_r(list, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
    if (*nvals >= SWEEP_MAX_OPT_VALUES) return usage_error(cb, "at most 8 values per axis, at '%s'", t);
    if (strlen(t) >= stride) return usage_error(cb, "axis value too long: '%s'", t);
    snprintf(vals + (size_t)*nvals * stride, stride, "%s", t);
    (*nvals)++;
  }
  return 0;
}

/* 1 with the run field a sweep's list flag names (--accuracies, --dts, --max-steps,
 * --error-norms) in *f; 0 for another flag. */
static int axis_field(const char *flag, RunField *f) {
  static const struct { const char *flag; RunField f; } axes[] = {{"--accuracies", RUN_FIELD_ACCURACY},
      {"--dts", RUN_FIELD_DT}, {"--max-steps", RUN_FIELD_MAX_STEP}, {"--error-norms", RUN_FIELD_ERROR_NORM}};
  for (size_t k = 0; k < sizeof axes / sizeof axes[0]; ++k)
    if (!strcmp(axes[k].flag, flag)) { *f = axes[k].f; return 1; }
  return 0;
}

int sweep_args_parse(const CbenchContext *cb, int argc, char **argv, SweepConfig *c) {
  char (*tmp)[1024] = malloc(sizeof(char[1024]) * SWEEP_MAX_LIST);
  if (!tmp) return CB_ERR_MEMORY;
  sweep_config_default(cb, c);
  c->run.reps = 0; /* not given yet: the calibrated default below */
  int rc = 0;
  unsigned axes_given = 0; /* bit f: the axis of run field f was listed */
  char err[1200];
  size_t n = 0;
  for (int i = 0; i < argc && n < sizeof c->command; ++i)
    n += (size_t)snprintf(c->command + n, sizeof c->command - n, "%s%s", i ? " " : "", i == 0 ? "cbench" : argv[i]);
  if (shell_quote_argv(argc, argv, c->resume_command, sizeof c->resume_command) != 0) c->resume_command[0] = '\0';
  for (int i = 2; i < argc && rc == 0; ++i) {
    const char *a = argv[i];
    int nt = 0;
    RunField f;
    if (!strcmp(a, "--cases")) {
      rc = take_list(cb, argc, argv, &i, c->cases, SWEEP_MAX_LIST, &c->ncases);
    } else if (!strcmp(a, "--integrators")) {
      rc = take_list(cb, argc, argv, &i, tmp, SWEEP_MAX_LIST, &nt);
      for (int k = 0; k < nt && rc == 0; ++k) {
        if (!integrator_registry_find(&cb->registry, tmp[k])) {
          char e[CB_ERROR_LEN];
          integrator_registry_unknown_message(&cb->registry, tmp[k], e, sizeof e);
          rc = usage_error(cb, "%s", e);
        } else if (c->nintegrators >= SWEEP_MAX_LIST) {
          rc = usage_error(cb, "too many integrators (at most 64) at '%s'", tmp[k]);
        } else {
          snprintf(c->integrators[c->nintegrators++], 64, "%s", tmp[k]); /* a registered name: it fits */
        }
      }
    } else if (axis_field(a, &f)) {
      /* a grid axis: its values replace the default list; a flag given again adds to it */
      if ((rc = take_list(cb, argc, argv, &i, tmp, SWEEP_MAX_LIST, &nt))) break;
      if (!(axes_given & 1u << f)) run_field_sweep_clear_axis(c, f);
      axes_given |= 1u << f;
      for (int k = 0; k < nt && rc == 0; ++k)
        if (run_field_apply_sweep(c, f, 1, tmp[k], a, CB_ERR_BUF(err, sizeof err))) rc = usage_error(cb, "%s", err);
    } else if (!strcmp(a, "-j") || !strcmp(a, "--jobs")) {
      const char *v = value(argc, argv, &i);
      if (!v) rc = usage_error(cb, "missing value for %s", a);
      else if (parse_int_pos(v, &c->jobs)) rc = usage_error(cb, "-j must be an integer >= 1, got '%s'", v);
    } else if (run_field_by_flag(a) >= 0 && run_field_sweep_scalar((RunField)run_field_by_flag(a))) {
      const char *v = value(argc, argv, &i);
      if (!v) rc = usage_error(cb, "missing value for %s", a);
      else if (run_field_apply_sweep(c, (RunField)run_field_by_flag(a), 0, v, a, CB_ERR_BUF(err, sizeof err))) rc = usage_error(cb, "%s", err);
    } else if (!strcmp(a, "--out")) {
      const char *v = value(argc, argv, &i);
      if (!v) rc = usage_error(cb, "missing value for %s", a);
      else if (strlen(v) >= sizeof c->out) /* cut, it would name another folder */
        rc = usage_error(cb, "--out: path too long for an output folder: '%s'", v);
      else snprintf(c->out, sizeof c->out, "%s", v);
    } else if (!strcmp(a, "--opt") || !strcmp(a, "--param")) {
      const char *v = value(argc, argv, &i);
      int opt = a[2] == 'o';
      int *nax = opt ? &c->nopt : &c->nparam_axes;
      if (!v) rc = usage_error(cb, "missing value for %s", a);
      else if (*nax >= (opt ? SWEEP_MAX_OPT_AXES : SCENE_MAX_PARAMS)) rc = usage_error(cb, "too many axes of this kind at '%s'", v);
      else {
        int ax = (*nax)++;
        rc = opt ? parse_axis(cb, a, v, c->opt_key[ax], sizeof c->opt_key[ax], &c->opt_values[ax][0][0],
                              sizeof c->opt_values[ax][0], &c->nopt_values[ax])
                 : parse_axis(cb, a, v, c->param_path[ax], sizeof c->param_path[ax], &c->param_values[ax][0][0],
                              sizeof c->param_values[ax][0], &c->nparam_values[ax]);
        for (int a2 = 0; a2 < ax && rc == 0; ++a2)
          if (!strcmp(opt ? c->opt_key[a2] : c->param_path[a2], opt ? c->opt_key[ax] : c->param_path[ax]))
            rc = usage_error(cb, "a key given twice (list its values once): '%s'", v);
      }
    } else if (!strcmp(a, "--plan")) {
      const char *v = value(argc, argv, &i);
      if (!v) rc = usage_error(cb, "missing value for %s", a);
      else snprintf(c->plan, sizeof c->plan, "%s", v);
    } else if (!strcmp(a, "--quiet")) {
      c->quiet = 1;
    } else if (!strcmp(a, "--series")) {
      const char *v = value(argc, argv, &i);
      if (!v) rc = usage_error(cb, "missing value for %s", a);
      else if ((c->series = sweep_series_parse(v)) < 0) rc = usage_error(cb, "--series takes steps, contacts, energy and trajectory, got '%s'", v);
    } else {
      rc = usage_error(cb, "unknown option '%s' for sweep", a);
    }
  }
  free(tmp);
  if (c->run.reps == 0) { /* no --reps: calibrated, --min-time or the default */
    c->run.reps = RUN_CALIBRATED_MAX_REPS;
    if (!(c->run.min_time > 0)) c->run.min_time = SWEEP_DEFAULT_MIN_TIME_S;
  }
  return rc;
}

int cmd_sweep(const CbenchContext *cb, int argc, char **argv) {
  SweepConfig *c = malloc(sizeof *c);
  if (!c) return CB_ERR_MEMORY;
  int rc = sweep_args_parse(cb, argc, argv, c);
  if (rc == 0) {
    char err[1024];
    int st = sweep_run(cb, c, CB_ERR_BUF(err, sizeof err));
    if (st == CB_ERR_INPUT) rc = usage_error(cb, "%s", err);
    else if (st != CB_OK) fprintf(stderr, "cbench: %s\n", err), rc = st;
    else if (c->plan[0]) printf("sweep: plan %s (run it with `cbench slurm %s`, then `cbench merge %s --plan %s`)\n", c->plan, c->plan, c->out, c->plan);
    else printf("sweep: records in %s/ (one file per run, all in %s/sweep.json)\n", c->out, c->out);
  }
  free(c);
  return rc;
}

int cmd_merge(const CbenchContext *cb, int argc, char **argv) {
  const char *dir = NULL, *plan = NULL;
  for (int i = 2; i < argc; ++i) {
    if (!strcmp(argv[i], "--plan")) { VALUE_OR_FAIL(v); plan = v; }
    else if (argv[i][0] == '-') return usage_error(cb, "unknown option '%s' for merge", argv[i]);
    else if (!dir) dir = argv[i];
    else return usage_error(cb, "unexpected argument '%s' for merge", argv[i]);
  }
  if (!dir) return usage_error(cb, "merge needs a directory%s", "");
  char err[1024];
  int rc = plan_merge(dir, plan, stdout, CB_ERR_BUF(err, sizeof err));
  if (rc != CB_OK && rc != CB_ERR_VERDICT) fprintf(stderr, "cbench: %s\n", err); /* a verdict is on stdout */
  return rc;
}

/* The sbatch script when none is given: scripts/slurm/sweep.sbatch here, else in the source tree
 * the binary was built in (build/cbench, build/sanitize/cbench: a folder or two up), so that
 * `cbench slurm` works from any folder. */
static const char *default_sbatch_script(char *buf, size_t len) {
  const char *rel = "scripts/slurm/sweep.sbatch";
  if (file_exists(rel)) return rel;
  CbPath dir;
  if (install_folder("scripts/slurm", dir.s, sizeof dir.s) != CB_OK) return rel;
  snprintf(buf, len, "%s/sweep.sbatch", dir.s);
  return file_exists(buf) ? buf : rel;
}

enum { SLURM_MAX_SBATCH_ARGS = 32 };

int cmd_slurm(const CbenchContext *cb, int argc, char **argv) {
  const char *plan = NULL, *script = NULL, *sbatch_args[SLURM_MAX_SBATCH_ARGS];
  int max_parallel = 8, only_missing = 0, dry_run = 0, max_array = 0, nsb = 0;
  for (int i = 2; i < argc; ++i) {
    const char *a = argv[i];
    if (!strcmp(a, "--max-parallel")) {
      VALUE_OR_FAIL(v);
      if (parse_int_pos(v, &max_parallel)) return usage_error(cb, "--max-parallel must be an integer >= 1, got '%s'", v);
    } else if (!strcmp(a, "--max-array-size")) {
      VALUE_OR_FAIL(v);
      char *end;
      long x = strtol(v, &end, 10);
      if (end == v || *end || x < 1 || x > PLAN_MAX_ARRAY_SIZE)
        return usage_error(cb, "--max-array-size must be an integer in [1, 4000001], got '%s'", v);
      max_array = (int)x;
    } else if (!strcmp(a, "--sbatch-arg") || !strncmp(a, "--sbatch-arg=", 13)) {
      /* the value is itself an option: taken verbatim (--sbatch-arg=--partition=x, or the next word) */
      const char *v = a[12] == '=' ? a + 13 : i + 1 < argc ? argv[++i] : NULL;
      if (!v) return usage_error(cb, "missing value for %s", a);
      if (v[0] != '-' || !v[1] || strchr(v, '\n'))
        return usage_error(cb, "--sbatch-arg takes one sbatch option (e.g. --sbatch-arg=--partition=short), got '%s'", v);
      const char *forbidden = plan_sbatch_arg_forbidden(v);
      if (forbidden && !strcmp(forbidden, "--array"))
        return usage_error(cb, "--sbatch-arg: cbench sets --array itself (the plan's tasks), got '%s'", v);
      if (forbidden) return usage_error(cb, "--sbatch-arg: --wrap would replace the plan's script, got '%s'", v);
      if (nsb >= SLURM_MAX_SBATCH_ARGS) return usage_error(cb, "at most 32 --sbatch-arg, at '%s'", v);
      sbatch_args[nsb++] = v;
    } else if (!strcmp(a, "--script")) { VALUE_OR_FAIL(v); script = v; }
    else if (!strcmp(a, "--missing")) only_missing = 1;
    else if (!strcmp(a, "--dry-run")) dry_run = 1;
    else if (a[0] == '-') return usage_error(cb, "unknown option '%s' for slurm", a);
    else if (!plan) plan = a;
    else return usage_error(cb, "unexpected argument '%s' for slurm", a);
  }
  if (!plan) return usage_error(cb, "slurm needs a plan file (from `cbench sweep ... --plan FILE`)%s", "");
  char script_buf[PATH_MAX + 64];
  if (!script) script = default_sbatch_script(script_buf, sizeof script_buf);
  if (!file_exists(script)) return usage_error(cb, "no sbatch script %s (give --script FILE)", script);
  char err[1024];
  SbatchCommand *cmds = NULL;
  int ncmd = 0;
  if (max_array == 0) max_array = plan_slurm_max_array_size();
  int n = plan_sbatch_commands(plan, script, sbatch_args, nsb, max_parallel, only_missing, max_array, &cmds, &ncmd, CB_ERR_BUF(err, sizeof err));
  if (n < 0) { fprintf(stderr, "cbench: %s\n", err); return CB_ERR_INPUT; }
  if (n == 0) { printf("slurm: every record of %s exists: nothing to submit\n", plan); return 0; }
  if (ncmd == 1) printf("slurm: %d task(s): %s\n", n, cmds[0].text);
  else {
    printf("slurm: %d task(s) in %d submissions (MaxArraySize %d):\n", n, ncmd, max_array);
    for (int k = 0; k < ncmd; ++k) printf("  %s\n", cmds[k].text);
  }
  if (dry_run) { plan_free_commands(cmds, ncmd); return 0; }
  /* the plan's lines are split at white space by the sbatch script: refuse such paths here */
  char plan_abs[PATH_MAX];
  if (!realpath(plan, plan_abs) || strpbrk(plan_abs, " \t\n")) {
    fprintf(stderr, "cbench: slurm: the plan %s needs a path without white space\n", plan);
    plan_free_commands(cmds, ncmd);
    return CB_ERR_INPUT;
  }
  int rc = CB_OK;
  for (int k = 0; k < ncmd && rc == 0; ++k) {
    fflush(stdout);
    /* argv, never a shell: paths and settings reach sbatch verbatim */
    if (subprocess_run((const char *const *)cmds[k].argv, NULL, NULL, CB_ERR_BUF(err, sizeof err)) != 0) {
      fprintf(stderr, "cbench: slurm: submission %d of %d failed (%d before it went in): %s\n", k + 1, ncmd, k, err);
      rc = CB_ERR_IO; /* sbatch did not take it */
    }
  }
  plan_free_commands(cmds, ncmd);
  return rc;
}
