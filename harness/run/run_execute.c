/* One run in this process: the reference (if current), the error run on the output grid with
 * its metrics (harness/run/run_metrics.h), the timing repetitions without a sink, and the record. */
#include "run.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "../common/clock.h"
#include "../common/files.h"
#include "../bench/instr_count.h"
#include "../common/machine.h"
#include "output_grid.h"
#include "record_fields.h"
#include "reference.h"
#include "run_metrics.h"
#include "run_record.h"

/* Loads the case's reference when it exists, is current and fits the model; else note says why. */
static int reference_for_run(const RunContext *ctx, Reference *ref, char *rpath, size_t rpathlen, char *note,
                             size_t notelen) {
  const RunSpec *s = &ctx->spec;
  reference_path(ctx->cb->results_dir, s->case_name, rpath, rpathlen);
  if (s->nparam > 0) {
    snprintf(note, notelen, "scene parameters changed (--param): the case's reference does not apply");
    return 0;
  }
  if (!file_exists(rpath)) {
    snprintf(note, notelen, "no reference (%.600s); run `cbench reference --case %.60s`", rpath, s->case_name);
    return 0;
  }
  char lerr[512], why[512];
  if (reference_load(rpath, ref, lerr, sizeof lerr) != 0) {
    snprintf(note, notelen, "reference unusable: %.600s", lerr);
    return 0;
  }
  if (!reference_fits_run(ref, s->case_name, ctx->t_end, why, sizeof why)) {
    snprintf(note, notelen, "reference unusable: %.900s", why);
  } else if (!reference_is_current(ref, s->case_path, why, sizeof why)) {
    snprintf(note, notelen, "reference %.300s is stale: %.400s; run `cbench reference --case %.50s`", rpath, why,
             s->case_name);
  } else if (ref->nq != ctx->model->nq || ref->nv != ctx->model->nv) {
    snprintf(note, notelen, "reference %.600s has a different state size", rpath);
  } else {
    return 1;
  }
  reference_free(ref);
  return 0;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* "wall_time", "work" and "real_time_rate" from the timing repetitions, or from the error run's
 * wall time up to where it stopped when there were none. */
static void add_wall_time(cJSON *rec, double *walls, int nwall, const GridRunResult *er, double t_end) {
  cJSON *w = cJSON_AddObjectToObject(rec, "wall_time");
  cJSON *work = cJSON_AddObjectToObject(rec, "work");
  double lo, med, hi, per;
  if (nwall > 0) {
    qsort(walls, (size_t)nwall, sizeof(double), cmp_double);
    lo = walls[0];
    med = nwall % 2 ? walls[nwall / 2] : 0.5 * (walls[nwall / 2 - 1] + walls[nwall / 2]);
    hi = walls[nwall - 1];
    per = t_end;
  } else {
    lo = med = hi = er->wall;
    per = er->t_reached > 0 ? er->t_reached : t_end;
  }
  cJSON_AddNumberToObject(w, "min", lo);
  cJSON_AddNumberToObject(w, "median", med);
  cJSON_AddNumberToObject(w, "max", hi);
  cJSON_AddNumberToObject(w, "reps", nwall);
  cJSON_AddNumberToObject(work, "min", lo / per);
  cJSON_AddNumberToObject(work, "median", med / per);
  cJSON_AddNumberToObject(work, "max", hi / per);
  cJSON_AddStringToObject(work, "unit", "wall seconds per simulated second");
  if (nwall > 0) cJSON_AddNumberToObject(rec, "real_time_rate", med > 0 ? t_end / med : 0.0);
  else cJSON_AddNullToObject(rec, "real_time_rate");
}

/* "instructions": the user-space instructions of one timing repetition (median over them) and
 * which source counted them, or why none did (`cbench bench` then counts with callgrind). */
static void add_instructions(cJSON *rec, const InstrCounter *ic, double *instr, int n) {
  cJSON *o = cJSON_AddObjectToObject(rec, "instructions");
  int ok = ic->fd >= 0 && instr && n > 0;
  for (int i = 0; ok && i < n; ++i) ok = instr[i] >= 0;
  if (!ok) {
    cJSON_AddStringToObject(o, "source", "none");
    cJSON_AddStringToObject(o, "reason", ic->fd < 0 ? ic->why : "no timing repetition was counted");
    return;
  }
  qsort(instr, (size_t)n, sizeof(double), cmp_double);
  cJSON_AddStringToObject(o, "source", "perf_event");
  cJSON_AddStringToObject(o, "scope", "user space, one timing repetition");
  cJSON_AddNumberToObject(o, "per_rep", n % 2 ? instr[n / 2] : 0.5 * (instr[n / 2 - 1] + instr[n / 2]));
  cJSON_AddNumberToObject(o, "min", instr[0]);
  cJSON_AddNumberToObject(o, "max", instr[n - 1]);
}

/* The merged grid of a run with --output-dt (see harness/run/output_grid.h). For `step` a first
 * integration on the error grid collects the accepted steps' end times (the grid does not change
 * the integration, so the error run takes the same steps and has a row at each). 0, or -1 with
 * a one-line message. */
static int output_grid_for_run(const RunContext *ctx, const IntegratorOptions *opt, const double *tg, int npts,
                               RunProgress *prog, double **to, unsigned char **flags, int *nout, char *err,
                               size_t errlen) {
  const RunSpec *s = &ctx->spec;
  double *tr = NULL;
  int nr = 0;
  StepTimes st = {0};
  if (s->output_dt == OUTPUT_DT_STEP) {
    GridRunResult pre;
    if (prog) prog->stage = 0;
    grid_run_observed(ctx->vt, ctx->model, opt, NULL, tg, npts, ctx->budget, prog, NULL, NULL, step_times_observe,
                      &st, NULL, NULL, &pre);
    if (st.internal) {
      snprintf(err, errlen, "--output-dt step: %s steps internally (SUNDIALS) and reports its steps only "
               "between output points, so it has no per-step state: give --output-dt DT", s->integrator);
      step_times_free(&st);
      return -1;
    }
    if (st.overflow) {
      snprintf(err, errlen, "--output-dt step: more than %ld accepted steps (or no memory)", GRID_MAX_POINTS);
      step_times_free(&st);
      return -1;
    }
    tr = st.t;
    nr = st.n;
    /* a last step past t_end is output at t_end (dense output), keeping one row per step */
    for (int i = 0; i < nr; ++i) tr[i] = fmin(tr[i], ctx->t_end);
  } else {
    tr = output_grid_uniform(ctx->t_end, s->output_dt, &nr);
    if (!tr) {
      snprintf(err, errlen, "--output-dt %g: no output grid (more than %ld points, or no memory)", s->output_dt,
               GRID_MAX_POINTS);
      return -1;
    }
  }
  int rc = output_grid_merge(tg, npts, tr, nr, to, flags, nout);
  if (rc != 0) snprintf(err, errlen, "--output-dt: out of memory for the output grid");
  if (s->output_dt == OUTPUT_DT_STEP) step_times_free(&st);
  else free(tr);
  return rc;
}

/* Merges the window ends of --window into the error run's grid (flags NULL: the error grid
 * alone, every point an error point and a row), so windows are exactly W long. 0, or -1 with a
 * one-line message. */
static int window_grid(const RunContext *ctx, const double *tg, int npts, double **to, unsigned char **flags,
                       int *nout, char *err, size_t errlen) {
  int nw = 0;
  double *tw = output_grid_windows(ctx->t_end, ctx->spec.window, &nw);
  if (!tw) {
    snprintf(err, errlen, "--window %g: no window grid (more than %ld windows, or no memory)", ctx->spec.window,
             GRID_MAX_POINTS);
    return -1;
  }
  if (!*flags) {
    *to = malloc(sizeof(double) * (size_t)npts);
    *flags = malloc((size_t)npts);
    if (!*to || !*flags) {
      free(*to); free(*flags); free(tw);
      *to = NULL; *flags = NULL;
      snprintf(err, errlen, "--window: out of memory for the output grid");
      return -1;
    }
    memcpy(*to, tg, sizeof(double) * (size_t)npts);
    memset(*flags, OUTPUT_POINT_ERROR | OUTPUT_POINT_ROW, (size_t)npts);
    *nout = npts;
  }
  int rc = output_grid_add(to, flags, nout, tw, nw, OUTPUT_POINT_WINDOW);
  if (rc != 0) snprintf(err, errlen, "--window: out of memory for the output grid");
  free(tw);
  return rc;
}

cJSON *run_execute(RunContext *ctx, RunProgress *prog) {
  machine_load_avg(ctx->load_start);
  const RunSpec *s = &ctx->spec;
  const Model *m = ctx->model;
  IntegratorOptions opt;
  run_spec_options(s, &opt);

  Reference ref;
  char note[1024] = "", rpath[1200];
  int have_ref = reference_for_run(ctx, &ref, rpath, sizeof rpath, note, sizeof note);
  double rate = have_ref ? ref.rate : RUN_DEFAULT_GRID_RATE;
  int npts = 0;
  double *tg = grid_make(ctx->t_end, rate, &npts);
  if (!tg) {
    char msg[256];
    snprintf(msg, sizeof msg, "no output grid for t_end %g s at %g points per s (more than %ld points, or no memory)",
             ctx->t_end, rate, GRID_MAX_POINTS);
    if (have_ref) reference_free(&ref);
    return run_record_add_null_results(run_record_new(ctx, "failed", msg, 0.0), "the run did not start");
  }

  /* The error run's grid: the error grid, with --output-dt the series times merged in; the
   * first step is sized for the error grid's first point as in a default run. */
  if ((s->output_dt != 0 || s->window > 0) && npts > 1) opt.first_output = tg[1];
  double *to = tg;
  unsigned char *flags = NULL;
  int nout = npts;
  char gerr[512] = "";
  if ((s->output_dt != 0 && output_grid_for_run(ctx, &opt, tg, npts, prog, &to, &flags, &nout, gerr, sizeof gerr) != 0) ||
      (s->window > 0 && window_grid(ctx, tg, npts, &to, &flags, &nout, gerr, sizeof gerr) != 0)) {
    if (to != tg) free(to);
    free(flags);
    free(tg);
    if (have_ref) reference_free(&ref);
    return run_record_add_null_results(run_record_new(ctx, "failed", gerr, 0.0), "the run did not start");
  }

  /* The error run: metrics at every grid point, series at the series points. */
  RunMetrics rm;
  run_metrics_open(&rm, ctx, have_ref ? &ref : NULL, rate);
  rm.flags = flags;
  if (prog) prog->stage = 0;
  GridRunResult er;
  int st = grid_run_observed(ctx->vt, m, &opt, NULL, to, nout, ctx->budget, prog, run_metrics_sink, &rm,
                             run_metrics_step_observer(&rm), &rm.steps, run_metrics_newton_observer(&rm), &rm.newton, &er);
  run_metrics_close_series(&rm);
  if (to != tg) free(to);
  free(flags);

  /* Timing repetitions, separate from the error run (no sink). */
  int reps = s->reps;
  double *walls = calloc((size_t)reps, sizeof(double));
  cJSON *rep_times = cJSON_CreateArray(); /* per repetition, in order: wall and process CPU time */
  double *instr = calloc((size_t)reps, sizeof(double));
  InstrCounter ic;
  instr_counter_open(&ic);
  int nwall = 0, reproducible = 1;
  /* calibrated (min_time > 0): after the first repetition, as many as make min_time, at least
   * RUN_CALIBRATED_MIN_REPS unless the first alone took min_time, at most reps */
  int nrun = reps;
  if (st == RUN_OK) {
    for (int r = 0; r < nrun; ++r) {
      if (prog) prog->stage = r + 1;
      GridRunResult tr;
      double cpu0 = clock_process_cpu();
      instr_counter_start(&ic);
      int ts = grid_run(ctx->vt, m, &opt, tg, npts, ctx->budget, prog, NULL, NULL, &tr);
      long long ninstr = instr_counter_read(&ic);
      double cpu = clock_process_cpu() - cpu0;
      if (instr) instr[r] = (double)ninstr;
      if (ts != RUN_OK) {
        st = ts;
        snprintf(er.message, sizeof er.message, "timing repetition %d: %.450s", r + 1, tr.message);
        er.t_reached = tr.t_reached;
        break;
      }
      walls[nwall++] = tr.wall;
      if (s->min_time > 0 && r == 0) {
        double want = tr.wall >= s->min_time ? 1 : fmax(RUN_CALIBRATED_MIN_REPS, ceil(s->min_time / fmax(tr.wall, 1e-9)));
        nrun = want < reps ? (int)want : reps;
      }
      cJSON *rt = cJSON_CreateObject();
      cJSON_AddNumberToObject(rt, "wall_s", tr.wall);
      cJSON_AddNumberToObject(rt, "cpu_s", cpu);
      cJSON_AddItemToArray(rep_times, rt);
      if (!run_stats_counters_equal(&tr.stats, &er.stats)) reproducible = 0;
    }
  }
  const char *status = st == RUN_OK ? "ok" : st == RUN_TIMEOUT ? "timeout" : "failed";
  cJSON *rec = run_record_new(ctx, status, st == RUN_OK ? NULL : er.message, er.t_reached);
  cJSON *warnings = cJSON_GetObjectItemCaseSensitive(rec, "warnings");
  for (int i = 0; i < er.nnotes; ++i) cJSON_AddItemToArray(warnings, cJSON_CreateString(er.notes[i]));
  add_wall_time(rec, walls, nwall, &er, ctx->t_end);
  cJSON_AddItemToObject(rec, "repetitions", rep_times);
  cJSON_AddItemToObject(rec, "counters", run_record_counters_json(&er.stats));
  cJSON_AddItemToObject(rec, "time_split", run_record_time_split_json(&er.stats));
  cJSON *stepping = st == RUN_OK ? run_record_stepping_json(&er.stats) : NULL;
  if (stepping) cJSON_AddItemToObject(rec, "stepping", stepping);
  cJSON_AddBoolToObject(rec, "counters_reproducible", reproducible);
  if (er.stats.solver.name) cJSON_AddItemToObject(rec, "solver", run_record_solver_json(&er.stats.solver));
  add_instructions(rec, &ic, instr, nwall);
  instr_counter_close(&ic);
  free(instr);
  struct rusage ru; /* make bench-scale's peak memory column */
  if (getrusage(RUSAGE_SELF, &ru) == 0) cJSON_AddNumberToObject(rec, "peak_rss_mb", (double)ru.ru_maxrss / 1024.0);
  run_metrics_report(&rm, rec, rpath, st == RUN_OK, ctx->t_end, note, sizeof note);
  if (rm.out_err[0]) cJSON_AddStringToObject(rec, RUN_OUTPUT_ERROR, rm.out_err);
  record_fields_order(rec); /* the fields above are written by several modules */

  free(walls);
  free(tg);
  run_metrics_free(&rm);
  if (have_ref) reference_free(&ref);
  return rec;
}
