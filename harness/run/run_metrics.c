#include "run_metrics.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../models/system.h"
#include "../common/files.h"
#include "output_grid.h"
#include "run_record.h"
#include "../common/num_text.h"

/* drift_rel is drift / |start| only where |start| exceeds this fraction of the energy in play */
#define DRIFT_REL_START_MIN 1e-9

static int capture_sink(void *ctx, Integrator *it, int k, double t, const double *x, char *msg, size_t msglen) {
  (void)t; (void)msg; (void)msglen;
  RunMetrics *s = ctx;
  if (k == 1) memcpy(s->xtight, x, sizeof(double) * (size_t)system_nx(s->m));
  return 0;
}

/* The cross-check's end state (capture_sink's for the windows' second integrator). */
static int capture_check_sink(void *ctx, Integrator *it, int k, double t, const double *x, char *msg, size_t msglen) {
  (void)it; (void)t; (void)msg; (void)msglen;
  RunMetrics *s = ctx;
  if (k == 1) memcpy(s->xcheck, x, sizeof(double) * (size_t)system_nx(s->m));
  return 0;
}

/* The window's second tight integration from the same start: its distance to the first is what
 * the windowed error cannot resolve (on a chaotic pile, two tight methods part within a window). */
static void window_check_step(RunMetrics *s, const double *tg) {
  GridRunResult r;
  if (grid_run_from(s->wcvt, s->m, &s->wcopt, s->xw, tg, 2, s->wbudget, NULL, capture_check_sink, s, &r) == RUN_OK) {
    double eq, ef;
    metrics_state_error(s->m, s->xcheck, s->xcheck + s->m->nq, s->xtight, s->xtight + s->m->nq, &eq, &ef);
    maxrms_add(&s->wcq, eq);
    maxrms_add(&s->wcfull, ef);
  } else {
    s->wcfailed++;
  }
}

/* At a window end (a point flagged OUTPUT_POINT_WINDOW, every W s): integrate tightly from the
 * window start state and compare (the windowed error of TAMSI Fig. 5); the point starts the
 * next window. */
static void window_step(RunMetrics *s, double t, const double *x) {
  const Model *m = s->m;
  int nx = system_nx(m);
  if (s->have_w) {
    double tg[2] = {s->tw, t};
    GridRunResult r;
    if (grid_run_from(s->wvt, m, &s->wopt, s->xw, tg, 2, s->wbudget, NULL, capture_sink, s, &r) == RUN_OK) {
      double eq, ef;
      metrics_state_error(m, x, x + m->nq, s->xtight, s->xtight + m->nq, &eq, &ef);
      maxrms_add(&s->wq, eq);
      maxrms_add(&s->wfull, ef);
      if (s->wcvt) window_check_step(s, tg);
    } else {
      if (!s->wfailed) CB_ERROR(CB_ERR_BUF(s->wmsg, sizeof s->wmsg), CB_ERR_STEP, "%s at t = %g", r.message, s->tw);
      s->wfailed++;
    }
  }
  memcpy(s->xw, x, sizeof(double) * (size_t)nx);
  s->tw = t;
  s->have_w = 1;
}

int run_metrics_sink(void *ctx, Integrator *it, int k, double t, const double *x, char *msg, size_t msglen) {
  (void)msg; (void)msglen;
  RunMetrics *s = ctx;
  const Model *m = s->m;
  unsigned char f = s->flags ? s->flags[k] : (OUTPUT_POINT_ERROR | OUTPUT_POINT_ROW);
  const Reference *r = s->ref;
  if (r && (f & OUTPUT_POINT_ERROR)) /* the reference's next time at or after t */
    while (s->ref_k < r->npts && r->t[s->ref_k] < t - 1e-9 * (1.0 + fabs(t))) s->ref_k++;
  if (r && (f & OUTPUT_POINT_ERROR) && s->ref_k < r->npts && fabs(r->t[s->ref_k] - t) <= 1e-9 * (1.0 + fabs(t))) {
    int kr = s->ref_k++;
    double eq, ef;
    metrics_state_error(m, x, x + m->nq, s->ref->q + (size_t)kr * (size_t)m->nq,
                        s->ref->v + (size_t)kr * (size_t)m->nv, &eq, &ef);
    maxrms_add(&s->eq, eq);
    maxrms_add(&s->efull, ef);
    s->ncompared++;
    s->t_compared = t;
  }
  if (s->windows_on && (f & OUTPUT_POINT_WINDOW)) window_step(s, t, x);
  /* a window end alone is no sample of the run: the metrics stay those of the error grid */
  if (!(f & (OUTPUT_POINT_ERROR | OUTPUT_POINT_ROW))) return 0;
  /* one geometry query per grid point: the guards' leaves the contacts in s->d */
  int failed = s->guards.failed_samples;
  /* a scheme with a contact model of its own is judged on the forces of its last step, not on the
   * scene's law read at its state (k > 0: the first point is the initial state, before any step) */
  SchemeForces sf, *sfp = NULL;
  if (k > 0 && it && it->vtbl->own_contact_model && it->vtbl->own_contact_model(it) && it->vtbl->contact_forces &&
      it->vtbl->contact_forces(it, &sf.d, &sf.force, &sf.vc) == 0)
    sfp = &sf;
  physics_guards_sample_with(&s->guards, m, s->d, t, x, sfp);
  double pen = 0;
  for (int i = 0; i < s->d->ncon; ++i) pen = fmax(pen, -s->d->contacts[i].phi);
  maxrms_add(&s->pen, s->guards.failed_samples > failed ? NAN : pen);
  double e = s->guards.e_mech_ok ? s->guards.e_mech : system_energy(m, s->d, x);
  if (k == 0) s->e0 = e;
  s->e_last = e;
  if (!(f & OUTPUT_POINT_ROW)) return 0;
  if (s->energy.f) energy_log_sample(&s->energy, m, s->d, t, x);
  if (s->contacts.f) { /* the scheme's own forces of its last step when it has them (k > 0) */
    const Data *sd;
    const double *cf, *cv;
    if (k > 0 && it && it->vtbl->contact_forces && it->vtbl->contact_forces(it, &sd, &cf, &cv) == 0)
      contact_log_sample_scheme(&s->contacts, m, t, sd, cf, cv);
    else
      contact_log_sample(&s->contacts, m, s->d, t, x);
  }
  if (s->traj) {
    char v[NUM_TEXT_MAX];
    fputs(num_text(t, v, sizeof v), s->traj);
    for (int i = 0; i < system_nx(m); ++i) fprintf(s->traj, ",%s", num_text(x[i], v, sizeof v));
    fputc('\n', s->traj);
  }
  return 0;
}

void trajectory_tmp_path(const RunSpec *s, pid_t pid, char *tmp, size_t tmplen) {
  file_tmp_path(s->trajectory, (long)pid, tmp, tmplen);
}

static FILE *trajectory_open(const Model *m, const char *tmp) {
  FILE *f = fopen(tmp, "w");
  if (!f) return NULL;
  fprintf(f, "t");
  for (int i = 0; i < m->nq; ++i) fprintf(f, ",q%d", i);
  for (int i = 0; i < m->nv; ++i) fprintf(f, ",v%d", i);
  for (int i = 0; i < m->nz; ++i) fprintf(f, ",z%d", i);
  fputc('\n', f);
  return f;
}

static void series_tmp_of(const char *path, pid_t pid, char *tmp, size_t tmplen) {
  file_tmp_path(path, (long)pid, tmp, tmplen);
}
static void series_tmp(const char *path, char *tmp, size_t tmplen) { series_tmp_of(path, getpid(), tmp, tmplen); }

static void note_open_failure(RunMetrics *s, const char *path, int opened) {
  if (opened || s->out_err[0]) return;
  CB_ERROR(CB_ERR_BUF(s->out_err, sizeof s->out_err), CB_ERR_IO, "%s: cannot create: %s", path, strerror(errno));
}

CbStatus run_outputs_check(const RunSpec *s, const char *json, CbError *e) {
  const char *paths[] = {s->trajectory, s->energy_log, s->contact_log, s->step_log, s->newton_log, json ? json : ""};
  for (size_t i = 0; i < sizeof paths / sizeof paths[0]; ++i) {
    if (!paths[i][0]) continue;
    char tmp[1200];
    series_tmp(paths[i], tmp, sizeof tmp);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL, 0644);
    if (fd < 0) return CB_ERROR(e, CB_ERR_IO, "%s: cannot create: %s", paths[i], strerror(errno));
    close(fd);
    unlink(tmp);
  }
  return CB_OK;
}

void run_series_tmp_remove(const RunSpec *s, pid_t pid) {
  const char *paths[] = {s->trajectory, s->energy_log, s->contact_log, s->step_log, s->newton_log};
  for (size_t i = 0; i < sizeof paths / sizeof paths[0]; ++i) {
    if (!paths[i][0]) continue;
    char tmp[1200];
    series_tmp_of(paths[i], pid, tmp, sizeof tmp);
    unlink(tmp);
  }
}

void run_series_remove(const RunSpec *s) {
  const char *paths[] = {s->trajectory, s->energy_log, s->contact_log, s->step_log, s->newton_log};
  for (size_t i = 0; i < sizeof paths / sizeof paths[0]; ++i)
    if (paths[i][0]) unlink(paths[i]);
}

void run_series_remove_gz(const RunSpec *s) {
  const char *paths[] = {s->trajectory, s->energy_log, s->contact_log, s->step_log, s->newton_log};
  for (size_t i = 0; i < sizeof paths / sizeof paths[0]; ++i) {
    char gz[1200];
    if (paths[i][0] && (size_t)snprintf(gz, sizeof gz, "%s.gz", paths[i]) < sizeof gz) unlink(gz);
  }
}

void run_metrics_open(RunMetrics *s, const RunContext *ctx, const Reference *ref, double rate) {
  const RunSpec *spec = &ctx->spec;
  const Model *m = ctx->model;
  memset(s, 0, sizeof *s);
  s->m = m;
  s->spec = spec;
  s->d = data_create(m);
  s->ref = ref;
  s->rate = rate;
  physics_guards_init(&s->guards, m);
  /* a peer simulator (MuJoCo) does not store energy in our contact spring, unless its options
   * make its contact that spring */
  if (ctx->vt && ctx->vt->peer_model) {
    IntegratorOptions opt;
    run_spec_options(spec, &opt);
    if (!ctx->vt->peer_scene_contact || !ctx->vt->peer_scene_contact(&opt)) s->guards.contact_springs = 0;
  }
  if (spec->window > 0) {
    ReferenceConfig rc;
    reference_config_default(&rc);
    double wp = 0.0;
    if (spec->window_method[0]) {
      s->wvt = integrator_registry_find(&ctx->cb->registry, spec->window_method);
      wp = spec->window_param;
    } else {
      s->wvt = reference_pick_method(&ctx->cb->registry, &rc, &wp);
    }
    s->windows_on = 1;
    if (!s->wvt) {
      snprintf(s->wnote, sizeof s->wnote, "no integrator for the windowed error");
      s->windows_on = 0;
    } else {
      if (s->wvt->fixed_step) s->wopt.dt = wp; else s->wopt.accuracy = wp;
      s->wopt.error_norm = ERRNORM_FULL;
      s->xw = calloc((size_t)system_nx(m), sizeof(double));
      s->xtight = calloc((size_t)system_nx(m), sizeof(double));
      s->wbudget = ctx->budget;
    }
    if (s->wvt && spec->window_check[0]) { /* --window-check: under the same full norm */
      s->wcvt = integrator_registry_find(&ctx->cb->registry, spec->window_check);
      if (s->wcvt) {
        if (s->wcvt->fixed_step) s->wcopt.dt = spec->window_check_param; else s->wcopt.accuracy = spec->window_check_param;
        s->wcopt.error_norm = ERRNORM_FULL;
        s->xcheck = calloc((size_t)system_nx(m), sizeof(double));
      }
    }
  }
  if (spec->trajectory[0]) {
    trajectory_tmp_path(spec, getpid(), s->traj_tmp, sizeof s->traj_tmp);
    s->traj = trajectory_open(m, s->traj_tmp);
    note_open_failure(s, spec->trajectory, s->traj != NULL);
  }
  if (spec->energy_log[0]) {
    series_tmp(spec->energy_log, s->energy_tmp, sizeof s->energy_tmp);
    note_open_failure(s, spec->energy_log, energy_log_open(&s->energy, m, s->energy_tmp) == CB_OK);
  }
  if (spec->contact_log[0]) {
    series_tmp(spec->contact_log, s->contacts_tmp, sizeof s->contacts_tmp);
    note_open_failure(s, spec->contact_log, contact_log_open(&s->contacts, m, s->contacts_tmp) == CB_OK);
  }
  if (spec->step_log[0]) {
    series_tmp(spec->step_log, s->steps_tmp, sizeof s->steps_tmp);
    note_open_failure(s, spec->step_log, step_log_open(&s->steps, s->steps_tmp) == CB_OK);
  }
  if (spec->newton_log[0]) {
    series_tmp(spec->newton_log, s->newton_tmp, sizeof s->newton_tmp);
    note_open_failure(s, spec->newton_log, newton_log_open(&s->newton, s->newton_tmp) == CB_OK);
  }
}

StepObserver run_metrics_step_observer(const RunMetrics *rm) { return rm->steps.f ? step_log_observe : NULL; }
NewtonObserver run_metrics_newton_observer(const RunMetrics *rm) { return rm->newton.f ? newton_log_observe : NULL; }

/* Renames tmp to path when the series closed cleanly (closed == 0), else removes it and notes
 * the failure (the run then reports it: a missing series is an error, not a quiet omission). */
static void finish_series(RunMetrics *s, int closed, const char *tmp, const char *path) {
  int e = 0;
  if (closed == 0 && rename(tmp, path) == 0) return;
  e = errno;
  unlink(tmp);
  if (!s->out_err[0])
    CB_ERROR(CB_ERR_BUF(s->out_err, sizeof s->out_err), CB_ERR_IO, "%s: write failed: %s", path, strerror(e ? e : EIO));
}

void run_metrics_close_series(RunMetrics *s) {
  const RunSpec *spec = s->spec;
  if (s->steps.f) finish_series(s, step_log_close(&s->steps), s->steps_tmp, spec->step_log);
  if (s->newton.f) finish_series(s, newton_log_close(&s->newton), s->newton_tmp, spec->newton_log);
  if (s->energy.f) finish_series(s, energy_log_close(&s->energy), s->energy_tmp, spec->energy_log);
  if (s->contacts.f) finish_series(s, contact_log_close(&s->contacts), s->contacts_tmp, spec->contact_log);
  if (s->traj) finish_series(s, file_close_synced(s->traj), s->traj_tmp, spec->trajectory);
  s->traj = NULL;
}

void run_metrics_report(RunMetrics *s, cJSON *rec, const char *rpath, int run_ok, double t_end, char *note,
                        size_t notelen) {
  RunMeasures m = {.compared = s->ref ? s->ncompared : 0, .reference = rpath, .t_compared = s->t_compared,
                   .positions = s->eq, .full = s->efull, .error_note = note, .penetration = s->pen,
                   .has_energy = s->pen.n > 0, .energy_start = s->e0, .energy_end = s->e_last,
                   .conservative_model = metrics_model_conservative(s->m), .output_error = s->out_err};
  if (m.compared > 0) {
    const Reference *r = s->ref; /* the reference's own uncertainty */
    m.check_integrator = r->check_method;
    m.check_status = r->check_status;
    m.check_points = r->check_points;
    m.reference_points = r->npts;
    m.check_q_max = r->check_q_max;
    m.check_q_rms = r->check_q_rms;
    m.check_full_max = r->check_full_max;
    m.check_full_rms = r->check_full_rms;
    if (!run_ok || s->t_compared < t_end - 1e-9) snprintf(note, notelen, "error measured up to t = %g only", s->t_compared);
  } else if (s->ref && !note[0]) {
    snprintf(note, notelen, "%s", !run_ok ? "the run stopped before its first output point"
                                          : "no grid point in common with the reference");
  }
  m.window_asked = s->spec->window > 0;
  if (s->windows_on && s->wq.n > 0) {
    m.windows = s->wq.n;
    m.window = s->spec->window;
    m.window_method = s->wvt->name;
    m.window_fixed_step = s->wvt->fixed_step;
    m.window_dt_or_accuracy = s->wvt->fixed_step ? s->wopt.dt : s->wopt.accuracy;
    m.window_positions = s->wq;
    m.window_full = s->wfull;
    m.failed_windows = s->wfailed;
    m.window_failure = s->wmsg;
    if (s->wcvt) {
      m.window_check = s->wcvt->name;
      m.window_check_fixed_step = s->wcvt->fixed_step;
      m.window_check_dt_or_accuracy = s->wcvt->fixed_step ? s->wcopt.dt : s->wcopt.accuracy;
      m.window_check_positions = s->wcq;
      m.window_check_full = s->wcfull;
      m.window_check_failed = s->wcfailed;
    }
  } else if (m.window_asked && !s->wnote[0]) {
    snprintf(s->wnote, sizeof s->wnote, "no complete window%s%s", s->wfailed ? ": " : "", s->wmsg);
  }
  m.window_note = s->wnote;
  /* relative to the start energy only where that is not a zero to round-off: its reference
   * level is a choice (the double pendulum starts at 4e-15 J, which made drift_rel 1e15) */
  double in_play = physics_guards_energy_scale(&s->guards);
  char why[160];
  if (m.has_energy && !(fabs(s->e0) > DRIFT_REL_START_MIN * in_play)) {
    snprintf(why, sizeof why, "start energy %.3g J is zero to round-off against %.3g J in play: no relative drift",
             s->e0, in_play);
    m.drift_rel_note = why;
  }
  PhysicsGuardsResult guards;
  GuardWarnings guard_warnings;
  physics_guards_result(&s->guards, s->m, &guards, &guard_warnings);
  m.guards = &guards;
  m.guard_warnings = &guard_warnings;
  run_record_add_measures(rec, &m);
}

void run_metrics_free(RunMetrics *s) {
  if (s->traj) { fclose(s->traj); unlink(s->traj_tmp); s->traj = NULL; }
  free(s->xw);
  free(s->xtight);
  free(s->xcheck);
  s->xcheck = NULL;
  data_free(s->d);
  physics_guards_free(&s->guards);
  s->xw = s->xtight = NULL;
  s->d = NULL;
}
