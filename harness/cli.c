#include "cli.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "figure.h"
#include "files.h"
#include "plan.h"
#include "plot.h"
#include "reference.h"
#include "run_record.h"
#include "sweep.h"

/* One entry per command: its usage (printed by `cbench help COMMAND`, `cbench COMMAND --help`
 * and with an argument error) and a one-line summary for `cbench help`. */
typedef struct {
  const char *name, *summary, *usage;
} CommandHelp;

static const CommandHelp commands_help[] = {
    {"list", "integrators and cases", "list\n"},
    {"run", "one case with one integrator: error, work, counters; opt-in time series",
     "run --case NAME|PATH --integrator NAME (--accuracy A | --dt H) [--t-end T] [--reps N]\n"
     "    [--timeout S] [--json FILE [--resume]] [--trajectory FILE.csv] [--step-log FILE.csv]\n"
     "    [--energy FILE.csv] [--contact-forces FILE.csv] [--opt key=value ...]\n"
     "    [--error-norm q|full|default] [--max-step H] [--window W [--window-method NAME:PARAM]]\n"
     "    [--param PATH=VALUE ...] (a scene value by JSON path, e.g. controllers[0].kp=1e3)\n"},
    {"reference", "reference solutions of cases (tight runs, cross-checked)",
     "reference --case NAME|PATH [--case ...] [--grid POINTS_PER_S] [--primary NAME:PARAM]\n"
     "    [--secondary NAME:PARAM|none] [--timeout S] [--force]\n"},
    {"sweep", "a grid of runs over every axis, one record each, resumable",
     "sweep [--cases A,B..] [--integrators A,B..] [--accuracies a,b..] [--dts h,k..] [-j N]\n"
     "    [--out DIR] [--reps N] [--timeout S] [--t-end T] [--window W] [--quiet] [--plan FILE]\n"
     "    [--error-norm q|full|default] [--error-norms q,full,default] [--max-steps h,..]\n"
     "    [--opt KEY=V1,V2,.. ...] [--param PATH=V1,V2,.. ...] (each list is an axis; the grid is\n"
     "    their product) [--series steps,contacts,energy] (time series next to each record)\n"},
    {"plot", "work-precision plots and a table from records", "plot DIR|FILE [--no-gnuplot]\n"},
    {"compare", "regression check of two record sets (counters exact, times with tolerance)",
     "compare BASE.json NEW.json [--time-tolerance R] [--counter-tolerance R] [--time-floor S]\n"},
    {"export", "records in benchmark-tracker formats", "export --format gbench|gab FILE [--out OUT]\n"},
    {"slurm", "submit a sweep plan as a Slurm job array",
     "slurm PLAN [--max-parallel M] [--missing] [--dry-run] [--script FILE.sbatch]\n"},
    {"merge", "collect the records of a plan or folder into sweep.json", "merge DIR [--plan PLAN]\n"},
    {"figure", "a paper figure from its recipe (figures/): runs, plot, numbers beside the paper's",
     "figure list | figure NAME [--quick] [--out DIR] [-j N] [--no-gnuplot]\n"},
    {"help", "this overview, or one command's usage", "help [COMMAND]\n"},
};
enum { NCOMMANDS = (int)(sizeof commands_help / sizeof commands_help[0]) };

static const char *current_command; /* for usage_error: the usage of the command being parsed */

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

static int usage_error(const char *fmt, const char *a) {
  fprintf(stderr, "cbench: ");
  fprintf(stderr, fmt, a);
  fputc('\n', stderr);
  print_usage(stderr, current_command);
  return 2;
}

/* Value of option argv[*i] (advances *i), or NULL after printing the error. */
static const char *value(int argc, char **argv, int *i) {
  if (*i + 1 >= argc || (strncmp(argv[*i + 1], "--", 2) == 0 && strlen(argv[*i + 1]) > 2)) return NULL;
  return argv[++*i];
}

static int parse_pos(const char *s, double *out) {
  char *end;
  double v = strtod(s, &end);
  if (end == s || *end || !(v > 0) || !isfinite(v)) return -1;
  *out = v;
  return 0;
}

static int parse_int_pos(const char *s, int *out) {
  char *end;
  long v = strtol(s, &end, 10);
  if (end == s || *end || v < 1 || v > 100000) return -1;
  *out = (int)v;
  return 0;
}

#define VALUE_OR_FAIL(var)                                                      \
  const char *var = value(argc, argv, &i);                                      \
  if (!var) return usage_error("missing value for %s", argv[i]);

static int parse_method(const char *v, char *name, size_t namelen, double *param) {
  const char *c = strchr(v, ':');
  if (!c) { snprintf(name, namelen, "%s", v); return 0; }
  snprintf(name, namelen, "%.*s", (int)(c - v), v);
  return parse_pos(c + 1, param);
}

static int cmd_list(void) {
  printf("integrators (%d):\n", integrator_count());
  for (int i = 0; i < integrator_count(); ++i) {
    const IntegratorVtbl *vt = integrator_at(i);
    printf("  %-14s %-16s %s\n", vt->name, vt->fixed_step ? "[fixed step]" : "[error control]",
           vt->summary ? vt->summary : "");
  }
  char names[256][128];
  int n = cases_list(names, 256);
  printf("cases (%d, in %s/):\n", n, cases_dir());
  for (int i = 0; i < n; ++i) {
    char path[1200];
    snprintf(path, sizeof path, "%s/%.127s.json", cases_dir(), names[i]);
    char *text = file_read_all(path, NULL);
    cJSON *doc = text ? cJSON_Parse(text) : NULL;
    const cJSON *d = doc ? cJSON_GetObjectItemCaseSensitive(doc, "description") : NULL;
    char sum[128] = "";
    if (cJSON_IsString(d)) {
      /* at most ~100 characters, cut at a word */
      snprintf(sum, sizeof sum, "%s", d->valuestring);
      if (strlen(sum) > 100) {
        char *sp = strrchr(sum + 60 < sum + 97 ? (sum[97] = '\0', sum) : sum, ' ');
        if (sp) snprintf(sp, sizeof sum - (size_t)(sp - sum), " ...");
      }
    } else if (!doc) {
      snprintf(sum, sizeof sum, "(not valid JSON)");
    }
    printf("  %-22s %s\n", names[i], sum);
    cJSON_Delete(doc);
    free(text);
  }
  return 0;
}

static const char *jstr(const cJSON *o, const char *k) {
  const cJSON *g = cJSON_GetObjectItemCaseSensitive(o, k);
  return cJSON_IsString(g) ? g->valuestring : "";
}
#define S(k) jstr(rec, k)
#define S2(o, k) jstr(o, k)

static void print_summary(const cJSON *rec) {
  printf("%s / %s: %s", S("case"), S("integrator"), S("status"));
  const cJSON *msg = cJSON_GetObjectItemCaseSensitive(rec, "message");
  if (cJSON_IsString(msg)) printf(" (%s)", msg->valuestring);
  const cJSON *tr = cJSON_GetObjectItemCaseSensitive(rec, "t_reached");
  printf(", t reached %.4g of %.4g s\n", cJSON_IsNumber(tr) ? tr->valuedouble : 0.0,
         cJSON_GetObjectItemCaseSensitive(rec, "sim_time")->valuedouble);
  const cJSON *work = cJSON_GetObjectItemCaseSensitive(rec, "work");
  const cJSON *c = cJSON_GetObjectItemCaseSensitive(rec, "counters");
  if (cJSON_IsObject(work) && cJSON_IsObject(c)) {
    printf("  work: %.4g s per simulated s (median), steps %.0f, rejected %.0f, rhs %.0f, newton %.0f, factorizations %.0f\n",
           cJSON_GetObjectItemCaseSensitive(work, "median")->valuedouble,
           cJSON_GetObjectItemCaseSensitive(c, "steps")->valuedouble,
           cJSON_GetObjectItemCaseSensitive(c, "rejected")->valuedouble,
           cJSON_GetObjectItemCaseSensitive(c, "rhs_evals")->valuedouble,
           cJSON_GetObjectItemCaseSensitive(c, "newton_iters")->valuedouble,
           cJSON_GetObjectItemCaseSensitive(c, "factorizations")->valuedouble);
  }
  const cJSON *e = cJSON_GetObjectItemCaseSensitive(rec, "error");
  if (cJSON_IsObject(e)) {
    const cJSON *p = cJSON_GetObjectItemCaseSensitive(e, "positions");
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(e, "full");
    const cJSON *pm = cJSON_GetObjectItemCaseSensitive(p, "max"), *pr = cJSON_GetObjectItemCaseSensitive(p, "rms");
    const cJSON *fm = cJSON_GetObjectItemCaseSensitive(f, "max");
    printf("  error: positions max %.3g rms %.3g, full max %.3g\n", cJSON_IsNumber(pm) ? pm->valuedouble : NAN,
           cJSON_IsNumber(pr) ? pr->valuedouble : NAN, cJSON_IsNumber(fm) ? fm->valuedouble : NAN);
  } else {
    printf("  error: none (%s)\n", S("error_note"));
  }
  const cJSON *warn;
  cJSON_ArrayForEach(warn, cJSON_GetObjectItemCaseSensitive(rec, "warnings"))
    if (cJSON_IsString(warn)) printf("  warning: %s\n", warn->valuestring);
  const cJSON *w = cJSON_GetObjectItemCaseSensitive(rec, "error_windowed");
  if (cJSON_IsObject(w)) {
    const cJSON *p = cJSON_GetObjectItemCaseSensitive(w, "positions");
    const cJSON *pm = cJSON_GetObjectItemCaseSensitive(p, "max"), *pr = cJSON_GetObjectItemCaseSensitive(p, "rms");
    printf("  windowed error (%g s windows vs %s): positions max %.3g rms %.3g\n",
           cJSON_GetObjectItemCaseSensitive(w, "window")->valuedouble, S2(w, "method"),
           cJSON_IsNumber(pm) ? pm->valuedouble : NAN, cJSON_IsNumber(pr) ? pr->valuedouble : NAN);
  }
#undef S
}

static int cmd_run(int argc, char **argv) {
  RunSpec s;
  run_spec_init(&s);
  char err[1024];
  const char *case_arg = NULL, *json = NULL;
  int resume = 0;
  for (int i = 2; i < argc; ++i) {
    const char *a = argv[i];
    if (!strcmp(a, "--case")) { VALUE_OR_FAIL(v); case_arg = v; }
    else if (!strcmp(a, "--resume")) resume = 1;
    else if (!strcmp(a, "--param")) {
      VALUE_OR_FAIL(v);
      const char *eq = strchr(v, '=');
      if (!eq || eq == v || !eq[1]) return usage_error("--param needs PATH=VALUE (e.g. controllers[0].kp=1e3), got '%s'", v);
      if (s.nparam >= SCENE_MAX_PARAMS) return usage_error("too many --param (max 8) at '%s'", v);
      if ((size_t)(eq - v) >= SCENE_PARAM_PATH_LEN || strlen(eq + 1) >= SCENE_PARAM_VALUE_LEN) return usage_error("--param too long: '%s'", v);
      snprintf(s.param_path[s.nparam], SCENE_PARAM_PATH_LEN, "%.*s", (int)(eq - v), v);
      snprintf(s.param_value[s.nparam], SCENE_PARAM_VALUE_LEN, "%s", eq + 1);
      s.nparam++;
    }
    else if (!strcmp(a, "--integrator")) { VALUE_OR_FAIL(v); snprintf(s.integrator, sizeof s.integrator, "%s", v); }
    else if (!strcmp(a, "--accuracy")) { VALUE_OR_FAIL(v); if (parse_pos(v, &s.accuracy)) return usage_error("--accuracy must be a number > 0, got '%s'", v); s.has_accuracy = 1; }
    else if (!strcmp(a, "--dt")) { VALUE_OR_FAIL(v); if (parse_pos(v, &s.dt)) return usage_error("--dt must be a number > 0, got '%s'", v); s.has_dt = 1; }
    else if (!strcmp(a, "--t-end")) { VALUE_OR_FAIL(v); if (parse_pos(v, &s.t_end)) return usage_error("--t-end must be a number > 0, got '%s'", v); }
    else if (!strcmp(a, "--max-step")) { VALUE_OR_FAIL(v); if (parse_pos(v, &s.max_step)) return usage_error("--max-step must be a number > 0, got '%s'", v); }
    else if (!strcmp(a, "--timeout")) { VALUE_OR_FAIL(v); if (parse_pos(v, &s.timeout)) return usage_error("--timeout must be a number > 0, got '%s'", v); }
    else if (!strcmp(a, "--reps")) { VALUE_OR_FAIL(v); if (parse_int_pos(v, &s.reps)) return usage_error("--reps must be an integer >= 1, got '%s'", v); }
    else if (!strcmp(a, "--json")) { VALUE_OR_FAIL(v); json = v; }
    else if (!strcmp(a, "--window")) { VALUE_OR_FAIL(v); if (parse_pos(v, &s.window)) return usage_error("--window must be a number > 0, got '%s'", v); }
    else if (!strcmp(a, "--window-method")) {
      VALUE_OR_FAIL(v);
      if (parse_method(v, s.window_method, sizeof s.window_method, &s.window_param) || !strchr(v, ':'))
        return usage_error("--window-method needs NAME:PARAM with PARAM > 0, got '%s'", v);
      if (!integrator_find(s.window_method)) return usage_error("unknown integrator '%s' in --window-method", v);
    }
    else if (!strcmp(a, "--trajectory")) { VALUE_OR_FAIL(v); snprintf(s.trajectory, sizeof s.trajectory, "%s", v); }
    else if (!strcmp(a, "--step-log")) { VALUE_OR_FAIL(v); snprintf(s.step_log, sizeof s.step_log, "%s", v); }
    else if (!strcmp(a, "--contact-forces")) { VALUE_OR_FAIL(v); snprintf(s.contact_log, sizeof s.contact_log, "%s", v); }
    else if (!strcmp(a, "--energy")) { VALUE_OR_FAIL(v); snprintf(s.energy_log, sizeof s.energy_log, "%s", v); }
    else if (!strcmp(a, "--error-norm")) {
      VALUE_OR_FAIL(v);
      if (!strcmp(v, "q")) s.error_norm = ERRNORM_POSITIONS, s.error_norm_given = 1;
      else if (!strcmp(v, "full")) s.error_norm = ERRNORM_FULL, s.error_norm_given = 1;
      else if (!strcmp(v, "default")) s.error_norm_given = 0;
      else return usage_error("--error-norm must be q, full or default, got '%s'", v);
    } else if (!strcmp(a, "--opt")) {
      VALUE_OR_FAIL(v);
      const char *eq = strchr(v, '=');
      if (!eq || eq == v) return usage_error("--opt needs key=value, got '%s'", v);
      if (s.nextra >= CB_MAX_EXTRA_OPTIONS) return usage_error("too many --opt (max 16) at '%s'", v);
      snprintf(s.extra_key[s.nextra], sizeof s.extra_key[0], "%.*s", (int)(eq - v), v);
      snprintf(s.extra_value[s.nextra], sizeof s.extra_value[0], "%s", eq + 1);
      s.nextra++;
    } else return usage_error("unknown option '%s' for run", a);
  }
  if (!case_arg) return usage_error("run needs --case%s", "");
  if (!s.integrator[0]) return usage_error("run needs --integrator%s", "");
  if (s.has_accuracy && s.has_dt) return usage_error("give either --accuracy or --dt, not both%s", "");
  if (!s.has_accuracy && !s.has_dt) return usage_error("run needs --accuracy or --dt%s", "");
  if (run_spec_set_case(&s, case_arg, err, sizeof err) != 0) return usage_error("%s", err);
  if (resume && !json) return usage_error("--resume needs --json FILE%s", "");
  if (resume) {
    /* a plan line (harness/plan.h): done already when its record is complete */
    char cmd[4096];
    run_spec_key(&s, cmd, sizeof cmd);
    if (run_record_complete(json, cmd)) { printf("  record exists: %s (--resume: nothing to do)\n", json); return 0; }
  }
  RunContext ctx;
  int rc = run_prepare(&s, &ctx, err, sizeof err);
  if (rc == 2) { fprintf(stderr, "cbench: %s\n", err); return 2; } /* the loader's message */
  /* as a sweep job (--resume), an integrator that refuses the scene or options is a failed record */
  if (rc == 0 && !resume) rc = run_preflight(&ctx, err, sizeof err);
  if (rc != 0) {
    run_context_free(&ctx);
    return usage_error("%s", err);
  }
  cJSON *rec = run_isolated(&ctx);
  char path[1400];
  if (json) snprintf(path, sizeof path, "%s", json);
  else {
    char dir[1100], name[512];
    snprintf(dir, sizeof dir, "%s/out", harness_results_dir());
    dir_make_parents(dir);
    run_spec_file_name(&s, ctx.vt->fixed_step, name, sizeof name);
    snprintf(path, sizeof path, "%.1000s/%.390s", dir, name);
  }
  char *text = cJSON_Print(rec);
  int wrc = file_write_atomic(path, text, strlen(text), err, sizeof err);
  print_summary(rec);
  if (wrc != 0) fprintf(stderr, "cbench: %s\n", err);
  else printf("  record: %s\n", path);
  const cJSON *st = cJSON_GetObjectItemCaseSensitive(rec, "status");
  int ok = cJSON_IsString(st) && !strcmp(st->valuestring, "ok");
  free(text);
  cJSON_Delete(rec);
  run_context_free(&ctx);
  return wrc != 0 ? 1 : ok || resume ? 0 : 1;
}

static int cmd_reference(int argc, char **argv) {
  ReferenceConfig cfg;
  reference_config_default(&cfg);
  const char *cases[64];
  int ncase = 0;
  for (int i = 2; i < argc; ++i) {
    const char *a = argv[i];
    if (!strcmp(a, "--case")) {
      VALUE_OR_FAIL(v);
      if (ncase >= 64) return usage_error("too many --case (at most 64) at '%s'", v);
      cases[ncase++] = v;
    }
    else if (!strcmp(a, "--grid")) { VALUE_OR_FAIL(v); if (parse_pos(v, &cfg.rate)) return usage_error("--grid must be a number > 0, got '%s'", v); }
    else if (!strcmp(a, "--timeout")) { VALUE_OR_FAIL(v); if (parse_pos(v, &cfg.budget)) return usage_error("--timeout must be a number > 0, got '%s'", v); }
    else if (!strcmp(a, "--primary")) {
      VALUE_OR_FAIL(v);
      if (!strchr(v, ':') || parse_method(v, cfg.primary, sizeof cfg.primary, &cfg.primary_param))
        return usage_error("--primary needs NAME:PARAM with PARAM > 0, got '%s'", v);
      if (!integrator_find(cfg.primary)) return usage_error("unknown integrator '%s' in --primary", v);
    } else if (!strcmp(a, "--secondary")) {
      VALUE_OR_FAIL(v);
      if (strcmp(v, "none") != 0 &&
          (!strchr(v, ':') || parse_method(v, cfg.secondary, sizeof cfg.secondary, &cfg.secondary_param)))
        return usage_error("--secondary needs NAME:PARAM with PARAM > 0, or none, got '%s'", v);
      if (strcmp(v, "none") == 0) snprintf(cfg.secondary, sizeof cfg.secondary, "none");
      else if (!integrator_find(cfg.secondary)) return usage_error("unknown integrator '%s' in --secondary", v);
    }
    else if (!strcmp(a, "--force")) cfg.force = 1;
    else return usage_error("unknown option '%s' for reference", a);
  }
  if (ncase == 0) return usage_error("reference needs --case%s", "");
  int worst = 0;
  for (int k = 0; k < ncase; ++k) {
    RunSpec s;
    char err[1024];
    run_spec_init(&s);
    if (run_spec_set_case(&s, cases[k], err, sizeof err) != 0) return usage_error("%s", err);
    int computed = 0;
    int rc = reference_ensure(s.case_path, s.case_name, &cfg, &computed, err, sizeof err);
    char path[1200];
    reference_path(s.case_name, path, sizeof path);
    if (rc != 0) fprintf(stderr, "cbench: %s\n", err);
    else printf("reference %s: %s (%s)\n", s.case_name, path, computed ? "computed" : "current, reused");
    if (rc > worst) worst = rc;
  }
  return worst;
}

/* Comma- or space-separated list: consumes following non-flag args. */
static int take_list(int argc, char **argv, int *i, char out[][1024], int max, int *n) {
  int got = 0;
  while (*i + 1 < argc && strncmp(argv[*i + 1], "-", 1) != 0) {
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", argv[++*i]);
    for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
      if (*n >= max) return -1;
      snprintf(out[(*n)++], 1024, "%s", tok);
      ++got;
    }
  }
  return got > 0 ? 0 : -1;
}

/* A sweep axis "KEY=V1,V2,..." (--opt, --param): key into key[keylen], values into rows of
 * `stride` chars at vals (at most SWEEP_MAX_OPT_VALUES); 0 or a usage error. */
static int parse_axis(const char *flag, const char *v, char *key, size_t keylen, char *vals, size_t stride, int *nvals) {
  const char *eq = strchr(v, '=');
  if (!eq || eq == v || !eq[1]) {
    char msg[1200];
    snprintf(msg, sizeof msg, "%s needs KEY=V1[,V2...], got '%.1000s'", flag, v);
    return usage_error("%s", msg);
  }
  if ((size_t)(eq - v) >= keylen) return usage_error("key too long in '%s'", v);
  snprintf(key, keylen, "%.*s", (int)(eq - v), v);
  char list[1024];
  snprintf(list, sizeof list, "%s", eq + 1);
  *nvals = 0;
  char *save = NULL;
  for (char *t = strtok_r(list, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
    if (*nvals >= SWEEP_MAX_OPT_VALUES) return usage_error("at most 8 values per axis, at '%s'", t);
    if (strlen(t) >= stride) return usage_error("axis value too long: '%s'", t);
    snprintf(vals + (size_t)*nvals * stride, stride, "%s", t);
    (*nvals)++;
  }
  return 0;
}

static int cmd_sweep(int argc, char **argv) {
  SweepConfig *c = malloc(sizeof *c);
  char (*tmp)[1024] = malloc(sizeof(char[1024]) * SWEEP_MAX_LIST);
  if (!c || !tmp) { free(c); free(tmp); return 1; }
  sweep_config_default(c);
  int rc = 0, nacc = 0, ndt = 0;
  size_t n = 0;
  for (int i = 0; i < argc && n < sizeof c->command; ++i)
    n += (size_t)snprintf(c->command + n, sizeof c->command - n, "%s%s", i ? " " : "", i == 0 ? "cbench" : argv[i]);
  for (int i = 2; i < argc && rc == 0; ++i) {
    const char *a = argv[i];
    int nt = 0;
    if (!strcmp(a, "--cases")) {
      if (take_list(argc, argv, &i, c->cases, SWEEP_MAX_LIST, &c->ncases)) rc = usage_error("missing value for %s", a);
    } else if (!strcmp(a, "--integrators")) {
      if (take_list(argc, argv, &i, tmp, SWEEP_MAX_LIST, &nt)) rc = usage_error("missing value for %s", a);
      for (int k = 0; k < nt && rc == 0; ++k) {
        if (!integrator_find(tmp[k])) {
          char e[1200];
          snprintf(e, sizeof e, "unknown integrator '%.100s' (see `cbench list`)", tmp[k]);
          rc = usage_error("%s", e);
        } else if (c->nintegrators >= SWEEP_MAX_LIST) {
          rc = usage_error("too many integrators (at most 64) at '%s'", tmp[k]);
        } else {
          snprintf(c->integrators[c->nintegrators++], 64, "%.63s", tmp[k]);
        }
      }
    } else if (!strcmp(a, "--accuracies") || !strcmp(a, "--dts")) {
      int acc = !strcmp(a, "--accuracies");
      if (take_list(argc, argv, &i, tmp, SWEEP_MAX_LIST, &nt)) { rc = usage_error("missing value for %s", a); break; }
      for (int k = 0; k < nt && rc == 0; ++k) {
        double v;
        if (parse_pos(tmp[k], &v)) { rc = usage_error(acc ? "accuracies must be numbers > 0, got '%s'" : "dts must be numbers > 0, got '%s'", tmp[k]); break; }
        if ((acc ? nacc : ndt) >= SWEEP_MAX_LIST) { rc = usage_error("too many values (at most 64) at '%s'", tmp[k]); break; }
        if (acc) c->accuracies[nacc++] = v; else c->dts[ndt++] = v;
      }
    } else if (!strcmp(a, "-j") || !strcmp(a, "--jobs")) {
      const char *v = value(argc, argv, &i);
      if (!v) rc = usage_error("missing value for %s", a);
      else if (parse_int_pos(v, &c->jobs)) rc = usage_error("-j must be an integer >= 1, got '%s'", v);
    } else if (!strcmp(a, "--reps")) {
      const char *v = value(argc, argv, &i);
      if (!v) rc = usage_error("missing value for %s", a);
      else if (parse_int_pos(v, &c->reps)) rc = usage_error("--reps must be an integer >= 1, got '%s'", v);
    } else if (!strcmp(a, "--timeout") || !strcmp(a, "--t-end")) {
      const char *v = value(argc, argv, &i);
      if (!v) rc = usage_error("missing value for %s", a);
      else if (parse_pos(v, a[2] == 't' && a[3] == 'i' ? &c->timeout : &c->t_end)) rc = usage_error("expected a number > 0, got '%s'", v);
    } else if (!strcmp(a, "--out")) {
      const char *v = value(argc, argv, &i);
      if (!v) rc = usage_error("missing value for %s", a);
      else snprintf(c->out, sizeof c->out, "%s", v);
    } else if (!strcmp(a, "--window")) {
      const char *v = value(argc, argv, &i);
      if (!v) rc = usage_error("missing value for %s", a);
      else if (parse_pos(v, &c->window)) rc = usage_error("--window must be a number > 0, got '%s'", v);
    } else if (!strcmp(a, "--error-norm")) {
      const char *v = value(argc, argv, &i);
      if (!v) rc = usage_error("missing value for %s", a);
      else if (!strcmp(v, "q")) c->error_norm = ERRNORM_POSITIONS;
      else if (!strcmp(v, "full")) c->error_norm = ERRNORM_FULL;
      else if (!strcmp(v, "default")) c->error_norm = -1;
      else rc = usage_error("--error-norm must be q, full or default, got '%s'", v);
    } else if (!strcmp(a, "--error-norms")) {
      if (take_list(argc, argv, &i, tmp, SWEEP_MAX_LIST, &nt)) { rc = usage_error("missing value for %s", a); break; }
      c->nnorms = 0;
      for (int k = 0; k < nt && rc == 0; ++k) {
        int v = !strcmp(tmp[k], "q") ? ERRNORM_POSITIONS : !strcmp(tmp[k], "full") ? ERRNORM_FULL : !strcmp(tmp[k], "default") ? -1 : -2;
        if (v == -2) rc = usage_error("--error-norms takes q, full and default, got '%s'", tmp[k]);
        else if (c->nnorms >= 3) rc = usage_error("--error-norms: at most 3 values, at '%s'", tmp[k]);
        else c->norms[c->nnorms++] = v;
      }
    } else if (!strcmp(a, "--max-steps")) {
      if (take_list(argc, argv, &i, tmp, SWEEP_MAX_LIST, &nt)) { rc = usage_error("missing value for %s", a); break; }
      c->nmax_steps = 0;
      for (int k = 0; k < nt && rc == 0; ++k)
        if (parse_pos(tmp[k], &c->max_steps[c->nmax_steps++])) rc = usage_error("max steps must be numbers > 0, got '%s'", tmp[k]);
    } else if (!strcmp(a, "--opt") || !strcmp(a, "--param")) {
      const char *v = value(argc, argv, &i);
      int opt = a[2] == 'o';
      int *nax = opt ? &c->nopt : &c->nparam_axes;
      if (!v) rc = usage_error("missing value for %s", a);
      else if (*nax >= (opt ? SWEEP_MAX_OPT_AXES : SCENE_MAX_PARAMS)) rc = usage_error("too many axes of this kind at '%s'", v);
      else {
        int ax = (*nax)++;
        rc = opt ? parse_axis(a, v, c->opt_key[ax], sizeof c->opt_key[ax], &c->opt_values[ax][0][0],
                              sizeof c->opt_values[ax][0], &c->nopt_values[ax])
                 : parse_axis(a, v, c->param_path[ax], sizeof c->param_path[ax], &c->param_values[ax][0][0],
                              sizeof c->param_values[ax][0], &c->nparam_values[ax]);
        for (int a2 = 0; a2 < ax && rc == 0; ++a2)
          if (!strcmp(opt ? c->opt_key[a2] : c->param_path[a2], opt ? c->opt_key[ax] : c->param_path[ax]))
            rc = usage_error("a key given twice (list its values once): '%s'", v);
      }
    } else if (!strcmp(a, "--plan")) {
      const char *v = value(argc, argv, &i);
      if (!v) rc = usage_error("missing value for %s", a);
      else snprintf(c->plan, sizeof c->plan, "%s", v);
    } else if (!strcmp(a, "--quiet")) {
      c->quiet = 1;
    } else if (!strcmp(a, "--series")) {
      const char *v = value(argc, argv, &i);
      if (!v) rc = usage_error("missing value for %s", a);
      else if ((c->series = sweep_series_parse(v)) < 0) rc = usage_error("--series takes steps, contacts and energy, got '%s'", v);
    } else {
      rc = usage_error("unknown option '%s' for sweep", a);
    }
  }
  if (rc == 0) {
    if (nacc) c->nacc = nacc;
    if (ndt) c->ndt = ndt;
    char err[1024];
    rc = sweep_run(c, err, sizeof err);
    if (rc == 2) rc = usage_error("%s", err);
    else if (rc != 0) fprintf(stderr, "cbench: %s\n", err);
    else if (c->plan[0]) printf("sweep: plan %s (run it with `cbench slurm %s`, then `cbench merge %s --plan %s`)\n", c->plan, c->plan, c->out, c->plan);
    else printf("sweep: records in %s/ (one file per run, all in %s/sweep.json)\n", c->out, c->out);
  }
  free(tmp);
  free(c);
  return rc;
}

static int cmd_plot(int argc, char **argv) {
  const char *dir = NULL;
  int gp = 1;
  for (int i = 2; i < argc; ++i) {
    if (!strcmp(argv[i], "--no-gnuplot")) gp = 0;
    else if (argv[i][0] == '-') return usage_error("unknown option '%s' for plot", argv[i]);
    else if (!dir) dir = argv[i];
    else return usage_error("unexpected argument '%s'", argv[i]);
  }
  if (!dir) return usage_error("plot needs a directory or record file%s", "");
  char err[1024];
  int rc = plot_dir(dir, gp, err, sizeof err);
  if (rc == 2) return usage_error("%s", err);
  if (rc) fprintf(stderr, "cbench: %s\n", err);
  return rc;
}

static int cmd_compare(int argc, char **argv) {
  CompareOptions o;
  compare_options_default(&o);
  const char *files[2] = {NULL, NULL};
  int nf = 0;
  for (int i = 2; i < argc; ++i) {
    const char *a = argv[i];
    if (!strcmp(a, "--time-tolerance")) { VALUE_OR_FAIL(v); if (parse_pos(v, &o.time_tolerance)) return usage_error("--time-tolerance must be a number > 0, got '%s'", v); }
    else if (!strcmp(a, "--counter-tolerance")) {
      VALUE_OR_FAIL(v);
      char *end;
      o.counter_tolerance = strtod(v, &end);
      if (end == v || *end || !(o.counter_tolerance >= 0)) return usage_error("--counter-tolerance must be a number >= 0, got '%s'", v);
    } else if (!strcmp(a, "--time-floor")) { VALUE_OR_FAIL(v); if (parse_pos(v, &o.time_floor)) return usage_error("--time-floor must be a number > 0, got '%s'", v); }
    else if (a[0] == '-') return usage_error("unknown option '%s' for compare", a);
    else if (nf < 2) files[nf++] = a;
    else return usage_error("unexpected argument '%s'", a);
  }
  if (nf != 2) return usage_error("compare needs BASE.json and NEW.json%s", "");
  char err[1024];
  cJSON *b = records_load_file(files[0], err, sizeof err);
  if (!b) return usage_error("%s", err);
  cJSON *n = records_load_file(files[1], err, sizeof err);
  if (!n) { cJSON_Delete(b); return usage_error("%s", err); }
  int reg = compare_records(b, n, &o, stdout);
  cJSON_Delete(b);
  cJSON_Delete(n);
  return reg ? 1 : 0;
}

static int cmd_export(int argc, char **argv) {
  const char *fmt = NULL, *file = NULL, *out = NULL;
  for (int i = 2; i < argc; ++i) {
    const char *a = argv[i];
    if (!strcmp(a, "--format")) { VALUE_OR_FAIL(v); fmt = v; }
    else if (!strcmp(a, "--out")) { VALUE_OR_FAIL(v); out = v; }
    else if (a[0] == '-') return usage_error("unknown option '%s' for export", a);
    else if (!file) file = a;
    else return usage_error("unexpected argument '%s'", a);
  }
  if (!fmt || (strcmp(fmt, "gbench") && strcmp(fmt, "gab"))) return usage_error("export needs --format gbench or gab%s", "");
  if (!file) return usage_error("export needs a record FILE%s", "");
  char err[1024];
  cJSON *recs = file_exists(file) ? records_load_file(file, err, sizeof err) : records_load_dir(file);
  if (!recs) return usage_error("%s", err);
  cJSON *doc = export_records(recs, fmt);
  char *text = cJSON_Print(doc);
  int rc = 0;
  if (out) {
    if (file_write_atomic(out, text, strlen(text), err, sizeof err) != 0) { fprintf(stderr, "cbench: %s\n", err); rc = 1; }
  } else {
    printf("%s\n", text);
  }
  free(text);
  cJSON_Delete(doc);
  cJSON_Delete(recs);
  return rc;
}

static int cmd_merge(int argc, char **argv) {
  const char *dir = NULL, *plan = NULL;
  for (int i = 2; i < argc; ++i) {
    if (!strcmp(argv[i], "--plan")) { VALUE_OR_FAIL(v); plan = v; }
    else if (argv[i][0] == '-') return usage_error("unknown option '%s' for merge", argv[i]);
    else if (!dir) dir = argv[i];
    else return usage_error("unexpected argument '%s' for merge", argv[i]);
  }
  if (!dir) return usage_error("merge needs a directory%s", "");
  char err[1024];
  int rc = plan_merge(dir, plan, stdout, err, sizeof err);
  if (rc == 2) fprintf(stderr, "cbench: %s\n", err);
  return rc;
}

static int cmd_slurm(int argc, char **argv) {
  const char *plan = NULL, *script = "scripts/slurm/sweep.sbatch";
  int max_parallel = 8, only_missing = 0, dry_run = 0;
  for (int i = 2; i < argc; ++i) {
    const char *a = argv[i];
    if (!strcmp(a, "--max-parallel")) {
      VALUE_OR_FAIL(v);
      if (parse_int_pos(v, &max_parallel)) return usage_error("--max-parallel must be an integer >= 1, got '%s'", v);
    } else if (!strcmp(a, "--script")) { VALUE_OR_FAIL(v); script = v; }
    else if (!strcmp(a, "--missing")) only_missing = 1;
    else if (!strcmp(a, "--dry-run")) dry_run = 1;
    else if (a[0] == '-') return usage_error("unknown option '%s' for slurm", a);
    else if (!plan) plan = a;
    else return usage_error("unexpected argument '%s' for slurm", a);
  }
  if (!plan) return usage_error("slurm needs a plan file (from `cbench sweep ... --plan FILE`)%s", "");
  if (!file_exists(script)) return usage_error("no sbatch script %s (run from the repository root or give --script)", script);
  char cmd[20000], err[1024];
  int n = plan_sbatch_command(plan, script, max_parallel, only_missing, cmd, sizeof cmd, err, sizeof err);
  if (n < 0) { fprintf(stderr, "cbench: %s\n", err); return 2; }
  if (n == 0) { printf("slurm: every record of %s exists: nothing to submit\n", plan); return 0; }
  printf("slurm: %d task(s): %s\n", n, cmd);
  if (dry_run) return 0;
  fflush(stdout);
  int rc = system(cmd);
  return rc == 0 ? 0 : 1;
}

static int cmd_figure(int argc, char **argv) {
  FigureOptions o;
  figure_options_default(&o);
  const char *name = NULL;
  for (int i = 2; i < argc; ++i) {
    const char *a = argv[i];
    if (!strcmp(a, "--quick")) o.quick = 1;
    else if (!strcmp(a, "--no-gnuplot")) o.gnuplot = 0;
    else if (!strcmp(a, "--quiet")) o.quiet = 1;
    else if (!strcmp(a, "--out")) { VALUE_OR_FAIL(v); snprintf(o.out, sizeof o.out, "%s", v); }
    else if (!strcmp(a, "-j")) { VALUE_OR_FAIL(v); if (parse_int_pos(v, &o.jobs)) return usage_error("-j must be an integer >= 1, got '%s'", v); }
    else if (a[0] == '-') return usage_error("unknown option '%s' for figure", a);
    else if (!name) name = a;
    else return usage_error("unexpected argument '%s' for figure", a);
  }
  if (!name) return usage_error("figure needs a recipe name or `list`%s", "");
  if (!strcmp(name, "list")) {
    if (figure_list(stdout) < 0) { fprintf(stderr, "cbench: no figure recipes in %s/\n", figure_recipes_dir()); return 1; }
    return 0;
  }
  char err[2048];
  int rc = figure_make(name, &o, err, sizeof err);
  if (rc == 2) return usage_error("%s", err);
  if (rc) fprintf(stderr, "cbench: %s\n", err);
  return rc;
}

static int cmd_help(int argc, char **argv) {
  if (argc > 3) return usage_error("unexpected argument '%s'", argv[3]);
  if (argc == 3 && !command_help(argv[2])) return usage_error("unknown command '%s'", argv[2]);
  if (argc == 3) print_usage(stdout, argv[2]);
  else print_overview(stdout);
  return 0;
}

/* Removes `--cases-dir DIR` (anywhere on the line) from argv and applies it. 0, or 2. */
static int take_cases_dir(int *argc, char **argv) {
  for (int i = 1; i < *argc; ++i) {
    if (strcmp(argv[i], "--cases-dir")) continue;
    if (i + 1 >= *argc) return usage_error("missing value for %s", argv[i]);
    cases_dir_set(argv[i + 1]);
    for (int k = i; k + 2 <= *argc; ++k) argv[k] = argv[k + 2];
    *argc -= 2;
    --i;
  }
  return 0;
}

int cbench_main(int argc, char **argv) {
  if (take_cases_dir(&argc, argv)) return 2;
  if (argc < 2) return usage_error("missing command%s", "");
  const char *c = argv[1];
  if (!strcmp(c, "--help") || !strcmp(c, "-h")) c = "help";
  current_command = command_help(c) ? c : NULL;
  for (int i = 2; i < argc && current_command; ++i)
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
      print_usage(stdout, c);
      return 0;
    }
  if (!strcmp(c, "help")) return cmd_help(argc, argv);
  if (!strcmp(c, "list")) return argc == 2 ? cmd_list() : usage_error("unexpected argument '%s'", argv[2]);
  if (!strcmp(c, "run")) return cmd_run(argc, argv);
  if (!strcmp(c, "reference")) return cmd_reference(argc, argv);
  if (!strcmp(c, "sweep")) return cmd_sweep(argc, argv);
  if (!strcmp(c, "plot")) return cmd_plot(argc, argv);
  if (!strcmp(c, "compare")) return cmd_compare(argc, argv);
  if (!strcmp(c, "export")) return cmd_export(argc, argv);
  if (!strcmp(c, "merge")) return cmd_merge(argc, argv);
  if (!strcmp(c, "slurm")) return cmd_slurm(argc, argv);
  if (!strcmp(c, "figure")) return cmd_figure(argc, argv);
  return usage_error("unknown command '%s'", c);
}
