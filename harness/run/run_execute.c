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
#include "reference.h"
#include "run_metrics.h"
#include "run_record.h"

/* Loads the case's reference when it exists, is current and fits the model; else note says why. */
static int reference_for_run(const RunContext *ctx, Reference *ref, char *rpath, size_t rpathlen, char *note,
                             size_t notelen) {
  const RunSpec *s = &ctx->spec;
  CbError *why_none = CB_ERR_BUF(note, notelen); /* the record's error_note, cut at its size */
  reference_path(ctx->cb->results_dir, s->case_name, rpath, rpathlen);
  if (s->nparam > 0) {
    CB_ERROR(why_none, CB_ERR_INPUT, "scene parameters changed (--param): the case's reference does not apply");
    return 0;
  }
  if (!file_exists(rpath)) {
    CB_ERROR(why_none, CB_ERR_INPUT, "no reference (%s); run `cbench reference --case %s`", rpath, s->case_name);
    return 0;
  }
  char lerr[512], why[512];
  if (reference_load(rpath, ref, CB_ERR_BUF(lerr, sizeof lerr)) != CB_OK) {
    CB_ERROR(why_none, CB_ERR_INPUT, "reference unusable: %s", lerr);
    return 0;
  }
  if (!reference_fits_run(ref, s->case_name, ctx->t_end, why, sizeof why)) {
    CB_ERROR(why_none, CB_ERR_INPUT, "reference unusable: %s", why);
  } else if (!reference_is_current(ref, s->case_path, why, sizeof why)) {
    CB_ERROR(why_none, CB_ERR_INPUT, "reference %s is stale: %s; run `cbench reference --case %s`", rpath, why,
             s->case_name);
  } else if (ref->nq != ctx->model->nq || ref->nv != ctx->model->nv) {
    CB_ERROR(why_none, CB_ERR_INPUT, "reference %s has a different state size", rpath);
  } else {
    return 1;
  }
  reference_free(ref);
  return 0;
}

/* The merged grid of a run with --output-dt (see harness/run/output_grid.h). For `step` a first
 * integration on the error grid collects the accepted steps' end times (the grid does not change
 * the integration, so the error run takes the same steps and has a row at each). CB_OK, or
 * CB_ERR_INPUT / CB_ERR_MEMORY with a one-line message. */
static CbStatus output_grid_for_run(const RunContext *ctx, const IntegratorOptions *opt, const double *tg, int npts,
                                    RunProgress *prog, double **to, unsigned char **flags, int *nout, CbError *e) {
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
      step_times_free(&st);
      return CB_ERROR(e, CB_ERR_INPUT, "--output-dt step: %s steps internally (SUNDIALS) and reports its steps only "
                      "between output points, so it has no per-step state: give --output-dt DT", s->integrator);
    }
    if (st.overflow) {
      step_times_free(&st);
      return CB_ERROR(e, CB_ERR_MEMORY, "--output-dt step: more than %ld accepted steps (or no memory)", GRID_MAX_POINTS);
    }
    tr = st.t;
    nr = st.n;
    /* a last step past t_end is output at t_end (dense output), keeping one row per step */
    for (int i = 0; i < nr; ++i) tr[i] = fmin(tr[i], ctx->t_end);
  } else {
    tr = output_grid_uniform(ctx->t_end, s->output_dt, &nr);
    if (!tr)
      return CB_ERROR(e, CB_ERR_MEMORY, "--output-dt %g: no output grid (more than %ld points, or no memory)",
                      s->output_dt, GRID_MAX_POINTS);
  }
  CbStatus rc = output_grid_merge(tg, npts, tr, nr, to, flags, nout);
  if (rc != CB_OK) CB_ERROR(e, rc, "--output-dt: out of memory for the output grid");
  if (s->output_dt == OUTPUT_DT_STEP) step_times_free(&st);
  else free(tr);
  return rc;
}

/* Merges the window ends of --window into the error run's grid (flags NULL: the error grid
 * alone, every point an error point and a row), so windows are exactly W long. CB_OK, or
 * CB_ERR_MEMORY with a one-line message. */
static CbStatus window_grid(const RunContext *ctx, const double *tg, int npts, double **to, unsigned char **flags,
                            int *nout, CbError *e) {
  int nw = 0;
  double t0 = ctx->spec.window_start; /* the first window starts there: the ends t0 + k W */
  double *tw = t0 < ctx->t_end ? output_grid_windows(ctx->t_end - t0, ctx->spec.window, &nw) : NULL;
  for (int k = 0; tw && k < nw; ++k) tw[k] += t0;
  if (!tw)
    return CB_ERROR(e, t0 < ctx->t_end ? CB_ERR_MEMORY : CB_ERR_INPUT,
                    "--window %g: no window grid (more than %ld windows, --window-start %g not before the end %g, or no memory)",
                    ctx->spec.window, GRID_MAX_POINTS, t0, ctx->t_end);
  if (!*flags) {
    *to = malloc(sizeof(double) * (size_t)npts);
    *flags = malloc((size_t)npts);
    if (!*to || !*flags) {
      free(*to); free(*flags); free(tw);
      *to = NULL; *flags = NULL;
      return CB_ERROR(e, CB_ERR_MEMORY, "--window: out of memory for the output grid");
    }
    memcpy(*to, tg, sizeof(double) * (size_t)npts);
    memset(*flags, OUTPUT_POINT_ERROR | OUTPUT_POINT_ROW, (size_t)npts);
    *nout = npts;
  }
  CbStatus rc = output_grid_add(to, flags, nout, tw, nw, OUTPUT_POINT_WINDOW);
  if (rc != CB_OK) CB_ERROR(e, rc, "--window: out of memory for the output grid");
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
  CbError *ge = CB_ERR_BUF(gerr, sizeof gerr);
  if ((s->output_dt != 0 && output_grid_for_run(ctx, &opt, tg, npts, prog, &to, &flags, &nout, ge) != CB_OK) ||
      (s->window > 0 && window_grid(ctx, tg, npts, &to, &flags, &nout, ge) != CB_OK)) {
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
  double *cpus = calloc((size_t)reps, sizeof(double)); /* process CPU time per repetition */
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
        /* into the record's message field (GridRunResult's), cut at its size */
        CB_ERROR(CB_ERR_BUF(er.message, sizeof er.message), CB_ERR_STEP, "timing repetition %d: %s", r + 1, tr.message);
        er.t_reached = tr.t_reached;
        break;
      }
      cpus[nwall] = cpu;
      walls[nwall++] = tr.wall;
      if (s->min_time > 0 && r == 0) {
        double want = tr.wall >= s->min_time ? 1 : fmax(RUN_CALIBRATED_MIN_REPS, ceil(s->min_time / fmax(tr.wall, 1e-9)));
        nrun = want < reps ? (int)want : reps;
      }
      if (!run_stats_counters_equal(&tr.stats, &er.stats)) reproducible = 0;
    }
  }
  const char *status = st == RUN_OK ? "ok" : st == RUN_TIMEOUT ? "timeout" : "failed";
  cJSON *rec = run_record_new(ctx, status, st == RUN_OK ? NULL : er.message, er.t_reached);
  struct rusage ru; /* make bench-scale's peak memory column */
  int has_rss = getrusage(RUSAGE_SELF, &ru) == 0;
  RunResult res = {.er = &er, .t_end = ctx->t_end, .ok = st == RUN_OK, .walls = walls, .cpus = cpus, .nwall = nwall,
                   .reproducible = reproducible, .ic = &ic, .instr = instr,
                   .has_peak_rss = has_rss, .peak_rss_mb = has_rss ? (double)ru.ru_maxrss / 1024.0 : 0.0};
  run_record_add_result(rec, &res);
  instr_counter_close(&ic);
  free(instr);
  run_metrics_report(&rm, rec, rpath, st == RUN_OK, ctx->t_end, note, sizeof note);

  free(walls);
  free(cpus);
  free(tg);
  run_metrics_free(&rm);
  if (have_ref) reference_free(&ref);
  return rec;
}
