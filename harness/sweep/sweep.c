#include "sweep.h"
#include "plan.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../common/cbench_context.h"
#include "../common/files.h"
#include "folder_share.h"
#include "../common/clock.h"
#include "../common/machine.h"
#include "../run/run_metrics.h"
#include "../run/record_outcome.h"
#include "../run/record_fields.h"
#include "../run/run_fields.h"
#include "../run/run_record.h"
#include "../common/cb_path.h"
#include "../common/num_text.h"
#include "../common/progress.h"

int sweep_series_parse(const char *list) {
  int bits = 0;
  const char *p = list;
  while (*p) {
    size_t n = strcspn(p, ",");
    if (n == 5 && !strncmp(p, "steps", 5)) bits |= SWEEP_SERIES_STEPS;
    else if (n == 8 && !strncmp(p, "contacts", 8)) bits |= SWEEP_SERIES_CONTACTS;
    else if (n == 6 && !strncmp(p, "energy", 6)) bits |= SWEEP_SERIES_ENERGY;
    else if (n == 10 && !strncmp(p, "trajectory", 10)) bits |= SWEEP_SERIES_TRAJECTORY;
    else if (n == 6 && !strncmp(p, "newton", 6)) bits |= SWEEP_SERIES_NEWTON;
    else return -1;
    p += n;
    if (*p == ',') ++p;
  }
  return bits;
}

void sweep_series_path(const char *record_path, const char *which, char *out, size_t outlen) {
  size_t n = strlen(record_path);
  if (n > 5 && !strcmp(record_path + n - 5, ".json")) n -= 5;
  snprintf(out, outlen, "%.*s.%s.csv", (int)n, record_path, which);
}

void sweep_config_default(const CbenchContext *cb, SweepConfig *c) {
  memset(c, 0, sizeof *c);
  c->nacc = 3;
  c->accuracies[0] = 1e-1; c->accuracies[1] = 1e-2; c->accuracies[2] = 1e-3;
  c->ndt = 3;
  c->dts[0] = 1e-2; c->dts[1] = 3e-3; c->dts[2] = 1e-3;
  c->jobs = 1;
  run_spec_init(&c->run);
  c->run.registry = cb ? &cb->registry : NULL;
  snprintf(c->out, sizeof c->out, "%.1000s/sweep", cb ? cb->results_dir : "results");
}

/* The scene parameters of combination pc (mixed radix over the --param axes) into s. */
static void sweep_set_params(const SweepConfig *c, int pc, RunSpec *s) {
  s->nparam = 0;
  for (int a = 0; a < c->nparam_axes; ++a) {
    int d = pc % c->nparam_values[a];
    pc /= c->nparam_values[a];
    /* "P1+P2" ties paths to one axis: both get each value (CENIC Fig. 12 varies Kp = Kd) */
    const char *p = c->param_path[a];
    while (*p && s->nparam < SCENE_MAX_PARAMS) {
      size_t n = strcspn(p, "+");
      char kv[SCENE_PARAM_PATH_LEN + SCENE_PARAM_VALUE_LEN + 2], err[256];
      snprintf(kv, sizeof kv, "%.*s=%s", (int)n, p, c->param_values[a][d]);
      if (run_spec_add_param(s, kv, CB_ERR_BUF(err, sizeof err))) break; /* lengths and count checked by the parser */
      p += n;
      if (*p == '+') ++p;
    }
  }
}

typedef struct {
  RunSpec spec;
  CbPath path;             /* the record's: OUT (< 1024) / NAME (< 768) always fits */
  pid_t pid;
  int state;               /* 0 pending, 1 running, 2 done */
} SweepJob;

/* A job's exit status when another process (a second sweep into the folder) made its record
 * while this one waited for the run's lock. */
#define JOB_REUSED 10
/* A job's exit status when it wrote no record on purpose (its scene failed to load, a series or
 * the record could not be written): a resume redoes it. Any other end without a record is a
 * crash, and the sweep records it as failed. */
#define JOB_UNWRITTEN 11

/* 1 when the job's record (and its series) exist for its spec. */
static int job_done(const SweepJob *job) {
  const RunSpec *js = &job->spec;
  char key[4096];
  run_spec_key(js, key, sizeof key);
  /* a series kept gzip'd (the committed full-mode evidence) is there: the same run, not redone */
  int series_present = (!js->step_log[0] || series_exists(js->step_log)) &&
                       (!js->newton_log[0] || series_exists(js->newton_log)) &&
                       (!js->contact_log[0] || series_exists(js->contact_log)) &&
                       (!js->energy_log[0] || series_exists(js->energy_log)) &&
                       (!js->trajectory[0] || series_exists(js->trajectory));
  return series_present && run_record_complete(job->path.s, key);
}

/* The job process: one run, in this process (the sweep watches its progress and kills it past
 * its budget: one fork per run), its record written atomically, under the record's lock so that
 * a second sweep into the folder waits for it and reuses it instead of computing it again. */
static void job_main(const CbenchContext *cb, const SweepJob *job, RunProgress *prog) {
  int lock; /* -1 when the lock cannot be taken: then unlocked */
  record_lock_take(job->path.s, &lock);
  if (job_done(job)) { record_lock_release(lock, job->path.s); _exit(JOB_REUSED); }
  RunContext ctx;
  char err[1024];
  if (run_prepare(cb, &job->spec, &ctx, CB_ERR_BUF(err, sizeof err)) != 0) {
    fprintf(stderr, "sweep: %s\n", err);
    record_lock_release(lock, job->path.s);
    _exit(JOB_UNWRITTEN);
  }
  prog->stage_start = clock_monotonic();
  prog->budget = ctx.budget;
  cJSON *rec = run_execute(&ctx, prog);
  run_series_tmp_remove(&ctx.spec, getpid());
  /* a series that could not be written: no record, so that a resume redoes the run */
  const cJSON *oe = cJSON_GetObjectItemCaseSensitive(rec, RUN_OUTPUT_ERROR);
  if (cJSON_IsString(oe)) snprintf(err, sizeof err, "%s", oe->valuestring);
  char *text = cJSON_IsString(oe) ? NULL : json_print(rec, 1);
  int wrc = text ? file_write_atomic(job->path.s, text, strlen(text), CB_ERR_BUF(err, sizeof err)) : -1;
  if (wrc != 0) fprintf(stderr, "sweep: %s\n", err);
  if (wrc != 0) run_series_remove(&job->spec); /* no record: no series either */
  else run_series_remove_gz(&job->spec);       /* a gzip'd series of an earlier run is not this run's */
  free(text);
  cJSON_Delete(rec);
  run_context_free(&ctx);
  record_lock_release(lock, job->path.s);
  _exit(wrc == 0 ? 0 : JOB_UNWRITTEN);
}

/* A job process that ended without its record (killed past its budget, crashed): the sweep
 * writes its timeout or failed record, unless another sweep made the record meanwhile. 0, or 1
 * when no record could be written. */
static int job_record_unfinished(const CbenchContext *cb, const SweepJob *job, int killed, int wstatus,
                                 const RunProgress *prog) {
  int lock; /* -1 when the lock cannot be taken: then unlocked */
  record_lock_take(job->path.s, &lock);
  int rc = 0;
  if (!job_done(job)) {
    RunContext ctx;
    char err[1024];
    if (run_prepare(cb, &job->spec, &ctx, CB_ERR_BUF(err, sizeof err)) != 0) {
      fprintf(stderr, "sweep: %s\n", err);
      record_lock_release(lock, job->path.s);
      return 1;
    }
    if (prog->budget > 0) ctx.budget = prog->budget;
    cJSON *rec = run_record_unfinished(&ctx, job->pid, killed, wstatus, prog);
    char *text = cJSON_Print(rec);
    rc = text && file_write_atomic(job->path.s, text, strlen(text), CB_ERR_BUF(err, sizeof err)) == 0 ? 0 : 1;
    if (rc) fprintf(stderr, "sweep: %s\n", text ? err : "out of memory");
    free(text);
    cJSON_Delete(rec);
    run_context_free(&ctx);
  }
  record_lock_release(lock, job->path.s);
  return rc;
}

/* The grid as a plan (harness/sweep/plan.h): one self-contained `cbench run` per line, nothing run. */
static CbStatus write_plan(const char *path, const SweepJob *jobs, int njob, CbError *e) {
  size_t cap = (size_t)njob * PLAN_MAX_LINE / 4 + 1, len = 0;
  char *text = malloc(cap);
  if (!text) return CB_ERROR(e, CB_ERR_MEMORY, "out of memory");
  for (int i = 0; i < njob; ++i) {
    char line[PLAN_MAX_LINE];
    if (plan_format_line(&jobs[i].spec, jobs[i].path.s, line, sizeof line)) {
      free(text);
      return CB_ERROR(e, CB_ERR_IO, "cannot resolve the paths of %s", jobs[i].path.s);
    }
    size_t l = strlen(line);
    if (len + l + 2 > cap) {
      char *g = realloc(text, cap = 2 * cap + l + 2);
      if (!g) { free(text); return CB_ERROR(e, CB_ERR_MEMORY, "out of memory"); }
      text = g;
    }
    memcpy(text + len, line, l);
    len += l;
    text[len++] = '\n';
  }
  CbStatus rc = file_write_atomic(path, text, len, e);
  free(text);
  if (rc == CB_OK) fprintf(stderr, "sweep: plan of %d runs written to %s (nothing run)\n", njob, path);
  return rc;
}

/* Progress line: rewritten in place on a terminal (at most 4 times a second); not on a terminal,
 * only the last count. */
static void progress(const SweepConfig *c, int done, int total, int skipped, int executed,
                     int running, double t0, double *last) {
  if (c->quiet) return;
  int tty = isatty(2);
  if (!tty && done < total) return;
  double el = clock_monotonic() - t0;
  if (tty && done < total && done > skipped && el - *last < 0.25) return;
  *last = el;
  /* the time left at the throughput so far (runs done per wall second, -j included) */
  double eta = executed > 0 ? el / executed * (total - done) : NAN;
  char e[32], left[32];
  progress_duration_text(el, e, sizeof e);
  progress_duration_text(done == total ? 0 : eta, left, sizeof left);
  fprintf(stderr, "%ssweep: %d/%d done (%d reused), %d running, elapsed %s, about %s left%s", tty ? "\r" : "", done,
          total, skipped, running, e, left, tty && done < total ? "   " : "\n");
}

/* The number of points of a grid with these axis lengths, or (size_t)-1 when it exceeds max
 * (<= SWEEP_MAX_POINTS; checked before each product: no count can overflow); the grid in words in what. */
static size_t grid_points(const SweepConfig *c, int ncase, int nint, size_t max, char *what, size_t whatlen) {
  size_t axes[8] = {(size_t)ncase, (size_t)nint, (size_t)(c->nacc > c->ndt ? c->nacc : c->ndt),
                    (size_t)(c->nnorms > 0 ? c->nnorms : 1), (size_t)(c->nmax_steps > 0 ? c->nmax_steps : 1), 1, 1};
  for (int a = 0; a < c->nopt; ++a) axes[5] *= (size_t)c->nopt_values[a];       /* <= 8^6 */
  for (int a = 0; a < c->nparam_axes; ++a) axes[6] *= (size_t)c->nparam_values[a]; /* <= 8^8 */
  double exact = 1;
  size_t p = 1;
  int over = 0;
  for (int i = 0; i < 7; ++i) {
    exact *= (double)axes[i];
    if (axes[i] && p > max / axes[i]) over = 1;
    else p *= axes[i];
  }
  snprintf(what, whatlen, "%.0f points (%zu cases x %zu integrators x %zu accuracies or steps x %zu norms x %zu max steps "
           "x %zu option and %zu scene parameter combinations)", exact, axes[0], axes[1], axes[2], axes[3], axes[4],
           axes[5], axes[6]);
  return over ? (size_t)-1 : p;
}

/* The cases of the sweep into cases_buf: those given, else every case of the cases folder. */
static CbStatus sweep_cases(const CbenchContext *cb, const SweepConfig *c, char (*cases_buf)[1024], int *ncase, CbError *e) {
  char cnames[SWEEP_MAX_LIST][128];
  int n = c->ncases;
  if (n == 0) {
    n = cases_list(cb->cases_dir, cnames, SWEEP_MAX_LIST);
    for (int i = 0; i < n; ++i) snprintf(cases_buf[i], 1024, "%.127s", cnames[i]);
  } else {
    for (int i = 0; i < n; ++i) snprintf(cases_buf[i], 1024, "%s", c->cases[i]);
  }
  *ncase = n;
  if (n == 0) return CB_ERROR(e, CB_ERR_INPUT, "no cases (none given, none in %s/)", cb->cases_dir);
  return CB_OK;
}

/* The integrators of the sweep: those given, else every registered one. */
static CbStatus sweep_integrators(const CbenchContext *cb, const SweepConfig *c, const IntegratorVtbl **vts, int *nint,
                             CbError *e) {
  int n = c->nintegrators;
  if (n == 0) {
    for (int i = 0; i < integrator_registry_count(&cb->registry) && n < SWEEP_MAX_LIST; ++i)
      vts[n++] = integrator_registry_at(&cb->registry, i);
  } else {
    for (int i = 0; i < n; ++i) {
      vts[i] = integrator_registry_find(&cb->registry, c->integrators[i]);
      if (!vts[i]) {
        integrator_registry_unknown_message(&cb->registry, c->integrators[i], CB_ERR_TEXT(e));
        return cb_error_fail(e, CB_ERR_INPUT);
      }
    }
  }
  *nint = n;
  if (n == 0) return CB_ERROR(e, CB_ERR_INPUT, "no integrators registered");
  return CB_OK;
}

/* The number of grid points, with the values no run could take refused before any job (the CLI
 * and recipes check > 0) and a grid past the points a sweep may have. */
static CbStatus sweep_grid_size(const CbenchContext *cb, const SweepConfig *c, int ncase, int nint, size_t *npoints,
                           CbError *e) {
  char what[400];
  long max_points = cb->limits.max_sweep_points < SWEEP_MAX_POINTS ? cb->limits.max_sweep_points : SWEEP_MAX_POINTS;
  *npoints = grid_points(c, ncase, nint, (size_t)max_points, what, sizeof what);
  if (*npoints == 0) return CB_ERROR(e, CB_ERR_INPUT, "the grid is empty: %s", what);
  if (c->run.timeout > cb->limits.max_timeout_s)
    return CB_ERROR(e, CB_ERR_INPUT, "timeout %g s is more than the %g s a run may take", c->run.timeout,
                    cb->limits.max_timeout_s);
  if (c->run.reps > cb->limits.max_reps)
    return CB_ERROR(e, CB_ERR_INPUT, "reps %d is more than %d", c->run.reps, cb->limits.max_reps);
  if (*npoints == (size_t)-1)
    return CB_ERROR(e, CB_ERR_INPUT, "the grid has %s: more than the %ld points a sweep may have (split it into several sweeps)",
                    what, max_points);
  return CB_OK;
}

/* The number of scene parameter combinations (one grid over every case). */
static int param_combinations(const SweepConfig *c) {
  int n = 1;
  for (int a = 0; a < c->nparam_axes; ++a) n *= c->nparam_values[a];
  return n;
}

/* The number of option value combinations. */
static int option_combinations(const SweepConfig *c) {
  int n = 1;
  for (int a = 0; a < c->nopt; ++a) n *= c->nopt_values[a];
  return n;
}

/* A case's spec common to all its runs, its scene validated once, up front, with every scene
 * parameter combination (a bad path is an error); its horizon in case_t_end. */
static CbStatus case_base(const CbenchContext *cb, const SweepConfig *c, const char *case_name, const IntegratorVtbl *vt0,
                     RunSpec *base, double *case_t_end, CbError *e) {
  run_spec_init(base);
  base->registry = &cb->registry;
  if (run_spec_set_case(base, cb->cases_dir, case_name, e) != 0) return cb_error_fail(e, CB_ERR_INPUT);
  RunContext probe;
  snprintf(base->integrator, sizeof base->integrator, "%s", vt0->name);
  base->has_accuracy = !vt0->fixed_step; base->accuracy = 1;
  base->has_dt = vt0->fixed_step; base->dt = 1;
  base->t_end = c->run.t_end; /* a horizon no run could take (--t-end 1e300) fails here, before any job */
  if (run_prepare(cb, base, &probe, e) != 0) return cb_error_fail(e, CB_ERR_INPUT);
  int nparamc = param_combinations(c);
  for (int pc = 0; pc < nparamc; ++pc) {
    RunSpec t = *base;
    sweep_set_params(c, pc, &t);
    RunContext tc;
    if (run_prepare(cb, &t, &tc, e) != 0) { run_context_free(&probe); return cb_error_fail(e, CB_ERR_INPUT); }
    run_context_free(&tc);
  }
  *case_t_end = c->run.t_end > 0 ? c->run.t_end : probe.t_end;
  run_context_free(&probe);
  if (c->plan[0] && c->run.timeout <= 0 && RUN_DEFAULT_BUDGET_PER_SIM_S * *case_t_end > RUN_MAX_TIMEOUT_S) {
    return CB_ERROR(e, CB_ERR_INPUT, "%s: t_end %g s makes a default budget of %g s per run, more than %g s: give --timeout",
                    case_name, *case_t_end, RUN_DEFAULT_BUDGET_PER_SIM_S * *case_t_end, RUN_MAX_TIMEOUT_S);
  }
  return CB_OK;
}

/* One point of an integrator's grid: its indices on the (accuracy | dt), norm, max step, option
 * and scene parameter axes. */
typedef struct {
  int p, norm, max_step, param_combo;
  int opt[SWEEP_MAX_OPT_AXES];
} GridPoint;

/* The option values of combination oc (mixed radix over the axes) into g->opt; 0 when the point
 * repeats another because it sets an axis the integrator does not take (one run without it). */
static int option_point(const SweepConfig *c, int oc, const int *takes, GridPoint *g) {
  int keep = 1;
  for (int a = 0; a < c->nopt; ++a) {
    g->opt[a] = oc % c->nopt_values[a];
    oc /= c->nopt_values[a];
    if (!takes[a] && g->opt[a] > 0) keep = 0;
  }
  return keep;
}

/* The job of grid point g of integrator vt on the case of base. */
static void job_fill(const SweepConfig *c, const IntegratorVtbl *vt, const int *takes, const RunSpec *base,
                     const GridPoint *g, double case_t_end, SweepJob *j) {
  int fixed = vt->fixed_step;
  j->spec = *base;
  snprintf(j->spec.integrator, sizeof j->spec.integrator, "%s", vt->name);
  j->spec.has_accuracy = !fixed;
  j->spec.has_dt = fixed;
  j->spec.accuracy = fixed ? 0 : c->accuracies[g->p];
  j->spec.dt = fixed ? c->dts[g->p] : 0;
  j->spec.reps = c->run.reps > 0 ? c->run.reps : 1;
  j->spec.min_time = c->run.min_time;
  j->spec.timeout = c->run.timeout;
  j->spec.t_end = c->run.t_end;
  j->spec.window = c->run.window;
  j->spec.window_start = c->run.window_start;
  memcpy(j->spec.window_method, c->run.window_method, sizeof j->spec.window_method);
  j->spec.window_param = c->run.window_param;
  memcpy(j->spec.window_check, c->run.window_check, sizeof j->spec.window_check);
  j->spec.window_check_param = c->run.window_check_param;
  j->spec.output_dt = c->run.output_dt;
  int norm = c->nnorms > 0 ? c->norms[g->norm] : c->run.error_norm_given ? (int)c->run.error_norm : ERROR_NORM_DEFAULT;
  if (!fixed && norm >= 0) j->spec.error_norm = (ErrorNormKind)norm, j->spec.error_norm_given = 1;
  if (!fixed && c->nmax_steps > 0) j->spec.max_step = c->max_steps[g->max_step];
  j->spec.nextra = 0;
  for (int a = 0; a < c->nopt; ++a) {
    if (!takes[a]) continue;
    char kv[64 + 128 + 2], oerr[256];
    snprintf(kv, sizeof kv, "%s=%s", c->opt_key[a], c->opt_values[a][g->opt[a]]);
    run_spec_add_option(&j->spec, kv, CB_ERR_BUF(oerr, sizeof oerr)); /* fits: at most 6 axes, keys < 64 */
  }
  sweep_set_params(c, g->param_combo, &j->spec);
  /* a plan line carries its budget explicitly: the scheduler's task limit comes from it */
  if (c->plan[0] && j->spec.timeout <= 0) j->spec.timeout = RUN_DEFAULT_BUDGET_PER_SIM_S * case_t_end;
  char name[768];
  run_spec_file_name(&j->spec, fixed, name, sizeof name);
  cb_path_join(&j->path, NULL, c->out, name);
  if (c->series & SWEEP_SERIES_STEPS) sweep_series_path(j->path.s, "steps", j->spec.step_log, sizeof j->spec.step_log);
  if (c->series & SWEEP_SERIES_CONTACTS)
    sweep_series_path(j->path.s, "contacts", j->spec.contact_log, sizeof j->spec.contact_log);
  if (c->series & SWEEP_SERIES_NEWTON) sweep_series_path(j->path.s, "newton", j->spec.newton_log, sizeof j->spec.newton_log);
  if (c->series & SWEEP_SERIES_ENERGY) sweep_series_path(j->path.s, "energy", j->spec.energy_log, sizeof j->spec.energy_log);
  if (c->series & SWEEP_SERIES_TRAJECTORY)
    sweep_series_path(j->path.s, "trajectory", j->spec.trajectory, sizeof j->spec.trajectory);
}

/* The jobs of integrator vt on the case of base, appended to jobs[njob...]: (accuracy | dt) x
 * norm x max step x option and scene parameter combinations. The new job count. */
static int integrator_jobs(const SweepConfig *c, const IntegratorVtbl *vt, const RunSpec *base, double case_t_end,
                           int first_case, SweepJob *jobs, int njob) {
  int fixed = vt->fixed_step;
  int np = fixed ? c->ndt : c->nacc;
  /* which option axes this integrator declares */
  int takes[SWEEP_MAX_OPT_AXES] = {0};
  for (int a = 0; a < c->nopt; ++a) takes[a] = integrator_takes_option(vt, c->opt_key[a]);
  (void)first_case; /* the note on axes it does not take: sweep_jobs, one line per axis */
  int nn = fixed ? 1 : (c->nnorms > 0 ? c->nnorms : 1), nh = fixed ? 1 : (c->nmax_steps > 0 ? c->nmax_steps : 1);
  int ncombo = option_combinations(c), nparamc = param_combinations(c);
  GridPoint g;
  for (g.p = 0; g.p < np; ++g.p)
    for (g.norm = 0; g.norm < nn; ++g.norm)
      for (g.max_step = 0; g.max_step < nh; ++g.max_step)
        for (int oc = 0; oc < ncombo * nparamc; ++oc) {
          if (!option_point(c, oc % ncombo, takes, &g)) continue;
          g.param_combo = oc / ncombo;
          job_fill(c, vt, takes, base, &g, case_t_end, &jobs[njob++]);
        }
  return njob;
}

/* The grid's jobs: case x integrator x (accuracy | dt) x norm x max step x option values x scene
 * parameters; jobs has room for every point (grid_points). */
static CbStatus sweep_jobs(const CbenchContext *cb, const SweepConfig *c, char (*cases_buf)[1024], int ncase,
                      const IntegratorVtbl **vts, int nint, SweepJob *jobs, int *njob, CbError *e) {
  *njob = 0;
  /* one line per option axis naming the integrators that do not take it (make run's mujoco
   * compliance axis would otherwise print a line per integrator) */
  for (int a = 0; a < c->nopt && !c->quiet; ++a) {
    char names[1200];
    size_t n = 0;
    int k = 0;
    names[0] = 0;
    for (int ii = 0; ii < nint; ++ii)
      if (!integrator_takes_option(vts[ii], c->opt_key[a]) && n < sizeof names)
        n += (size_t)snprintf(names + n, sizeof names - n, "%s%s", k++ ? ", " : "", vts[ii]->name);
    if (k)
      fprintf(stderr, "sweep: note: %s take%s no option %s; %s runs leave that axis out\n", names, k == 1 ? "s" : "",
              c->opt_key[a], k == 1 ? "its" : "their");
  }
  for (int ci = 0; ci < ncase; ++ci) {
    RunSpec base;
    double case_t_end;
    int rc = case_base(cb, c, cases_buf[ci], vts[0], &base, &case_t_end, e);
    if (rc != CB_OK) return rc;
    for (int ii = 0; ii < nint; ++ii) *njob = integrator_jobs(c, vts[ii], &base, case_t_end, ci == 0, jobs, *njob);
  }
  return CB_OK;
}

/* The job processes running: at most maxj at once, each with a progress slot in memory shared
 * with it (the sweep kills a job past its budget), and the counts the progress line shows. */
typedef struct {
  RunProgress *slots;
  int *slot_job, *slot_killed; /* the job in each slot (-1: free), and whether it was killed */
  int maxj;
  int done, skipped, executed, running, next, failed_writes;
  double t0, last_print;
} Scheduler;

static CbStatus scheduler_open(Scheduler *s, CbError *e) {
  s->slots = mmap(NULL, sizeof(RunProgress) * (size_t)s->maxj, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  s->slot_job = calloc((size_t)s->maxj, sizeof(int));
  s->slot_killed = calloc((size_t)s->maxj, sizeof(int));
  if (s->slots == MAP_FAILED || !s->slot_job || !s->slot_killed) {
    if (s->slots != MAP_FAILED) munmap(s->slots, sizeof(RunProgress) * (size_t)s->maxj);
    free(s->slot_job); free(s->slot_killed);
    return CB_ERROR(e, CB_ERR_MEMORY, "out of memory");
  }
  for (int k = 0; k < s->maxj; ++k) s->slot_job[k] = -1;
  return CB_OK;
}

static void scheduler_close(Scheduler *s) {
  munmap(s->slots, sizeof(RunProgress) * (size_t)s->maxj);
  free(s->slot_job);
  free(s->slot_killed);
}

/* Pending jobs started in free slots, one process each. CB_ERR_IO when fork failed. */
static CbStatus jobs_start(const CbenchContext *cb, Scheduler *s, SweepJob *jobs, int njob, CbError *e) {
  while (s->running < s->maxj && s->next < njob) {
    if (jobs[s->next].state != 0) { ++s->next; continue; }
    int k = 0;
    while (s->slot_job[k] >= 0) ++k; /* running < maxj: a slot is free */
    RunProgress *prog = &s->slots[k];
    memset(prog, 0, sizeof *prog);
    prog->stage_start = clock_monotonic();
    fflush(NULL);
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid == 0) {
      prctl(PR_SET_PDEATHSIG, SIGKILL);
      if (getppid() != parent) _exit(3);
      /* Ctrl-C reaches the whole process group: the sweep stops its jobs itself (sweep_execute),
       * so that no job dies of it and gets a failed record */
      signal(SIGINT, SIG_IGN);
      sigset_t intr;
      sigemptyset(&intr);
      sigaddset(&intr, SIGINT);
      sigprocmask(SIG_UNBLOCK, &intr, NULL);
      job_main(cb, &jobs[s->next], prog);
    }
    if (pid < 0) return CB_ERROR(e, CB_ERR_IO, "fork failed: %s", strerror(errno));
    jobs[s->next].pid = pid;
    jobs[s->next].state = 1;
    s->slot_job[k] = s->next;
    s->slot_killed[k] = 0;
    ++s->running;
    ++s->next;
  }
  return CB_OK;
}

static void jobs_kill_overrun(Scheduler *s, const SweepJob *jobs) {
  for (int k = 0; k < s->maxj; ++k)
    if (s->slot_job[k] >= 0 && !s->slot_killed[k] && s->slots[k].budget > 0 &&
        run_progress_overrun(&s->slots[k], s->slots[k].budget)) {
      kill(jobs[s->slot_job[k]].pid, SIGKILL);
      s->slot_killed[k] = 1;
    }
}

/* The job process w ended with wait status ws: its slot freed, the counts advanced. */
static void job_reap(const CbenchContext *cb, const SweepConfig *c, Scheduler *s, SweepJob *jobs, int njob, pid_t w,
                     int ws) {
  for (int k = 0; k < s->maxj; ++k) {
    int i = s->slot_job[k];
    if (i < 0 || jobs[i].pid != w) continue;
    jobs[i].state = 2;
    s->slot_job[k] = -1;
    --s->running; ++s->done;
    int code = WIFEXITED(ws) ? WEXITSTATUS(ws) : -1;
    if (code == JOB_REUSED) ++s->skipped;
    else ++s->executed;
    if (code == JOB_UNWRITTEN) {
      if (!run_record_complete(jobs[i].path.s, NULL)) ++s->failed_writes;
    } else if (s->slot_killed[k] || (code != 0 && code != JOB_REUSED)) {
      /* killed past its budget or crashed: the sweep writes its record */
      RunProgress last = s->slots[k];
      if (job_record_unfinished(cb, &jobs[i], s->slot_killed[k], ws, &last) != 0) ++s->failed_writes;
    }
    progress(c, s->done, njob, s->skipped, s->executed, s->running, s->t0, &s->last_print);
  }
}

/* After Ctrl-C: the running jobs killed (their runs get no record, so a resume redoes them), one
 * line with the records kept and the command that resumes, then the sweep ends by SIGINT as it
 * would have (exit status 130 in a shell). */
static void sweep_interrupted(const SweepConfig *c, Scheduler *s, SweepJob *jobs, int njob, const sigset_t *old_mask) {
  for (int k = 0; k < s->maxj; ++k)
    if (s->slot_job[k] >= 0) kill(jobs[s->slot_job[k]].pid, SIGKILL);
  for (int k = 0; k < s->maxj; ++k)
    if (s->slot_job[k] >= 0) while (waitpid(jobs[s->slot_job[k]].pid, NULL, 0) < 0 && errno == EINTR) {}
  int kept = 0;
  for (int i = 0; i < njob; ++i) kept += job_done(&jobs[i]);
  fprintf(stderr, "%ssweep: interrupted: %d of %d records kept in %s (%d made by this run); resume with: %s\n",
          isatty(2) && !c->quiet ? "\n" : "", kept, njob, c->out, kept - s->skipped > 0 ? kept - s->skipped : 0,
          c->resume_command[0] ? c->resume_command : c->command[0] ? c->command : "(the same command)");
  fflush(stderr);
  signal(SIGINT, SIG_DFL);
  sigprocmask(SIG_SETMASK, old_mask, NULL);
  sigset_t intr;
  sigemptyset(&intr);
  sigaddset(&intr, SIGINT);
  sigprocmask(SIG_UNBLOCK, &intr, NULL);
  raise(SIGINT);
  _exit(130); /* not reached: SIGINT ends the process */
}

/* 1 when a SIGINT is pending (it is blocked while jobs run). */
static int interrupt_pending(void) {
  sigset_t pend;
  return sigpending(&pend) == 0 && sigismember(&pend, SIGINT) == 1;
}

/* Every job not done yet run, c->jobs at a time; the runs that left no record in failed_writes. */
static CbStatus sweep_execute(const CbenchContext *cb, const SweepConfig *c, SweepJob *jobs, int njob, int skipped,
                         int *failed_writes, CbError *e) {
  Scheduler s = {0};
  s.t0 = clock_monotonic();
  s.last_print = -1e9;
  s.done = s.skipped = skipped;
  s.maxj = c->jobs > 0 ? c->jobs : 1;
  progress(c, s.done, njob, s.skipped, s.executed, s.running, s.t0, &s.last_print);
  int rc = scheduler_open(&s, e);
  if (rc != CB_OK) return rc;
  /* Ctrl-C is taken between reaps (interrupt_pending), not in a handler */
  sigset_t intr, old_mask;
  sigemptyset(&intr);
  sigaddset(&intr, SIGINT);
  int ignored = 0;
  struct sigaction sa;
  if (sigaction(SIGINT, NULL, &sa) == 0) ignored = sa.sa_handler == SIG_IGN; /* e.g. a background job of sh */
  if (!ignored) sigprocmask(SIG_BLOCK, &intr, &old_mask);
  while (s.done < njob) {
    if (!ignored && interrupt_pending()) sweep_interrupted(c, &s, jobs, njob, &old_mask);
    if (jobs_start(cb, &s, jobs, njob, e) != 0) { rc = CB_ERR_IO; break; }
    int ws = 0;
    pid_t w = waitpid(-1, &ws, WNOHANG);
    if (w < 0) { if (errno == EINTR) continue; break; }
    if (w == 0) { /* none ended: kill those past their budget, then look again shortly */
      jobs_kill_overrun(&s, jobs);
      struct timespec nap = {0, 20 * 1000 * 1000};
      nanosleep(&nap, NULL);
      continue;
    }
    job_reap(cb, c, &s, jobs, njob, w, ws);
  }
  if (!ignored) {
    if (interrupt_pending()) sweep_interrupted(c, &s, jobs, njob, &old_mask);
    sigprocmask(SIG_SETMASK, &old_mask, NULL);
  }
  scheduler_close(&s);
  *failed_writes = s.failed_writes;
  return rc;
}

/* The sweep as one array (harness/SCHEMA.md), for plotting and export. */
static cJSON *sweep_records(const SweepConfig *c, const SweepJob *jobs, int njob) {
  cJSON *all = cJSON_CreateArray();
  for (int i = 0; i < njob; ++i) {
    char *text = file_read_all(jobs[i].path.s, NULL);
    cJSON *doc = text ? cJSON_Parse(text) : NULL;
    free(text);
    if (!doc) continue;
    /* the record's file (its series files are named after it: sweep_series_path) */
    const char *base = strrchr(jobs[i].path.s, '/');
    cJSON_AddStringToObject(doc, "record_file", base ? base + 1 : jobs[i].path.s);
    /* summary: one line per run whose physics guards tripped */
    const cJSON *w;
    cJSON_ArrayForEach(w, record_get(doc, FIELD_WARNINGS))
      if (!c->quiet && cJSON_IsString(w) && strncmp(w->valuestring, "physics:", 8) == 0) {
        fprintf(stderr, "sweep: physics warning: %s: %s\n", jobs[i].path.s, w->valuestring + 9);
        break;
      }
    cJSON_AddItemToArray(all, doc);
  }
  return all;
}

/* sweep.json written from the records, with the last line; an error when it or a run's record
 * could not be written. */
static CbStatus sweep_write_all(const SweepConfig *c, const SweepJob *jobs, int njob, int failed_writes, CbError *e) {
  cJSON *all = sweep_records(c, jobs, njob);
  /* the last line counts the runs that are not data, not only those done */
  if (!c->quiet) {
    int counts[OUTCOME_COUNT];
    char sentence[160];
    record_outcome_counts(all, counts, sentence, sizeof sentence);
    fprintf(stderr, "sweep: %d runs: %s -> %s/sweep.json\n", cJSON_GetArraySize(all), sentence, c->out);
  }
  char *text = json_print(all, 1);
  CbPath apath;
  CbStatus wrc = cb_path_join(&apath, e, c->out, "sweep.json");
  if (wrc == CB_OK) wrc = text ? file_write_atomic(apath.s, text, strlen(text), e)
                               : CB_ERROR(e, CB_ERR_IO, "%s: out of memory", apath.s);
  folder_remove_orphans(c->out); /* those of a writer killed while this sweep ran */
  free(text);
  cJSON_Delete(all);
  if (failed_writes && wrc != CB_OK) return cb_error_prefix(e, "%d run(s) left no record; ", failed_writes);
  if (failed_writes) return CB_ERROR(e, CB_ERR_IO, "%d run(s) left no record", failed_writes);
  return wrc != CB_OK ? cb_error_fail(e, CB_ERR_IO) : CB_OK;
}

/* The jobs run into the output folder, made only now, with every argument and scene checked (a
 * bad one leaves no empty folder); with a plan, the plan written instead. */
static CbStatus sweep_into_folder(const CbenchContext *cb, const SweepConfig *c, SweepJob *jobs, int njob, CbError *e) {
  if (dir_make_parents(c->out) != CB_OK) return CB_ERROR(e, CB_ERR_IO, "cannot create %s", c->out);
  folder_remove_orphans(c->out);
  if (c->plan[0]) return write_plan(c->plan, jobs, njob, e) != CB_OK ? cb_error_fail(e, CB_ERR_IO) : CB_OK;
  int skipped = 0;
  for (int i = 0; i < njob; ++i)
    if (job_done(&jobs[i])) { jobs[i].state = 2; ++skipped; }
  /* a folder that cannot take a file fails here, before the first job */
  if (dir_check_writable(c->out, e) != CB_OK) return CB_ERR_IO;
  if (c->command[0]) {
    CbPath cmdpath;
    char line[sizeof c->command + 1];
    int n = snprintf(line, sizeof line, "%s\n", c->command);
    if (cb_path_join(&cmdpath, e, c->out, "command.txt") != CB_OK) return CB_ERR_IO;
    if (file_write_atomic(cmdpath.s, line, (size_t)n, e) != CB_OK) return CB_ERR_IO;
  }
  int failed_writes = 0;
  int rc = sweep_execute(cb, c, jobs, njob, skipped, &failed_writes, e);
  return rc != CB_OK ? rc : sweep_write_all(c, jobs, njob, failed_writes, e);
}

static CbStatus sweep_run_with(const CbenchContext *cb, const SweepConfig *c, char (*cases_buf)[1024], CbError *e) {
  int ncase = 0, nint = 0;
  const IntegratorVtbl *vts[SWEEP_MAX_LIST];
  size_t npoints = 0;
  int rc = sweep_cases(cb, c, cases_buf, &ncase, e);
  if (rc == CB_OK) rc = sweep_integrators(cb, c, vts, &nint, e);
  if (rc == CB_OK) rc = sweep_grid_size(cb, c, ncase, nint, &npoints, e);
  if (rc != CB_OK) return rc;
  SweepJob *jobs = calloc(npoints, sizeof *jobs); /* npoints <= SWEEP_MAX_POINTS: the ints below cannot overflow */
  if (!jobs) return CB_ERROR(e, CB_ERR_MEMORY, "out of memory");
  int njob = 0;
  rc = sweep_jobs(cb, c, cases_buf, ncase, vts, nint, jobs, &njob, e);
  if (rc == CB_OK) rc = sweep_into_folder(cb, c, jobs, njob, e);
  free(jobs);
  return rc;
}

CbStatus sweep_run(const CbenchContext *cb, const SweepConfig *c, CbError *e) {
  char (*cases_buf)[1024] = malloc(sizeof(char[1024]) * SWEEP_MAX_LIST);
  if (!cases_buf) return CB_ERROR(e, CB_ERR_MEMORY, "out of memory");
  int rc = sweep_run_with(cb, c, cases_buf, e);
  free(cases_buf);
  return rc;
}
