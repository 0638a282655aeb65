#include "runner.h"
#include "physics_guards.h"
#include "step_log.h"
#include "energy_log.h"
#include "contact_log.h"

#include <errno.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../models/data.h"
#include "../models/scene.h"
#include "../models/system.h"
#include "hregistry.h"
#include "hutil.h"
#include "machine.h"
#include "metrics.h"
#include "reference.h"

void run_spec_init(RunSpec *s) {
  memset(s, 0, sizeof *s);
  s->reps = 1;
  s->error_norm = ERRNORM_POSITIONS;
}

const char *harness_cases_dir(void) {
  const char *d = getenv("CBENCH_CASES_DIR");
  return (d && *d) ? d : "cases";
}

int run_spec_set_case(RunSpec *s, const char *arg, char *err, size_t errlen) {
  if (strchr(arg, '/') || (strlen(arg) > 5 && strcmp(arg + strlen(arg) - 5, ".json") == 0)) {
    if (!hu_file_exists(arg)) {
      snprintf(err, errlen, "scene file '%s' not found", arg);
      return -1;
    }
    snprintf(s->case_path, sizeof s->case_path, "%s", arg);
  } else {
    snprintf(s->case_path, sizeof s->case_path, "%s/%s.json", harness_cases_dir(), arg);
    if (!hu_file_exists(s->case_path)) {
      snprintf(err, errlen, "unknown case '%s' (no %s; see `cbench list`)", arg, s->case_path);
      return -1;
    }
  }
  hu_case_name_from_path(s->case_path, s->case_name, sizeof s->case_name);
  return 0;
}

ErrorNormKind run_spec_error_norm(const RunSpec *s) {
  if (s->error_norm_given) return s->error_norm;
  const IntegratorVtbl *vt = harness_integrator_find(s->integrator);
  return vt ? vt->default_error_norm : ERRNORM_POSITIONS;
}

void run_spec_command(const RunSpec *s, char *out, size_t outlen) {
  size_t n = 0;
#define APP(...) do { if (n < outlen) n += (size_t)snprintf(out + n, outlen - n, __VA_ARGS__); } while (0)
  APP("cbench run --case %s --integrator %s", s->case_path, s->integrator);
  if (s->has_accuracy) APP(" --accuracy %.17g", s->accuracy);
  if (s->has_dt) APP(" --dt %.17g", s->dt);
  if (s->t_end > 0) APP(" --t-end %.17g", s->t_end);
  if (s->max_step > 0) APP(" --max-step %.17g", s->max_step);
  APP(" --error-norm %s --reps %d", run_spec_error_norm(s) == ERRNORM_FULL ? "full" : "q", s->reps);
  if (s->timeout > 0) APP(" --timeout %.17g", s->timeout);
  if (s->window > 0) APP(" --window %.17g", s->window);
  if (s->window > 0 && s->window_method[0]) APP(" --window-method %s:%.17g", s->window_method, s->window_param);
  for (int i = 0; i < s->nextra; ++i) APP(" --opt %s=%s", s->extra_key[i], s->extra_value[i]);
  for (int i = 0; i < s->nparam; ++i) APP(" --param %s=%s", s->param_path[i], s->param_value[i]);
#undef APP
}

static void fill_options(const RunSpec *s, IntegratorOptions *o);

int run_prepare(const RunSpec *spec, RunContext *ctx, char *err, size_t errlen) {
  memset(ctx, 0, sizeof *ctx);
  ctx->spec = *spec;
  snprintf(ctx->scene_hash, sizeof ctx->scene_hash, "unknown");
  if (spec->nparam > 0) {
    char *json = NULL;
    if (scene_params_apply(spec->case_path, (const char (*)[SCENE_PARAM_PATH_LEN])spec->param_path,
                           (const char (*)[SCENE_PARAM_VALUE_LEN])spec->param_value, spec->nparam, &json, err,
                           errlen))
      return 2;
    hu_hash_hex(hu_fnv1a64(json, strlen(json)), ctx->scene_hash, sizeof ctx->scene_hash);
    ctx->model = scene_load_string(json, spec->case_path, err, errlen);
    free(json);
  } else {
    hu_hash_file(spec->case_path, ctx->scene_hash, sizeof ctx->scene_hash);
    ctx->model = scene_load(spec->case_path, err, errlen);
  }
  if (!ctx->model) return 2;
  ctx->vt = harness_integrator_find(spec->integrator);
  int rc = 0;
  if (!ctx->vt) {
    snprintf(err, errlen, "unknown integrator '%s' (see `cbench list`)", spec->integrator);
    rc = 3;
  } else if (ctx->vt->fixed_step && !spec->has_dt) {
    snprintf(err, errlen, "integrator '%s' is fixed-step: give --dt, not --accuracy", spec->integrator);
    rc = 3;
  } else if (!ctx->vt->fixed_step && !spec->has_accuracy) {
    snprintf(err, errlen, "integrator '%s' is error-controlled: give --accuracy, not --dt",
             spec->integrator);
    rc = 3;
  }
  ctx->t_end = spec->t_end > 0 ? spec->t_end : ctx->model->t_end;
  if (rc == 0 && !(ctx->t_end > 0)) {
    snprintf(err, errlen, "%s: duration must be positive (give --t-end)", spec->case_path);
    rc = 2;
  } else if (rc == 0 && !(ctx->t_end * RUN_DEFAULT_GRID_RATE < (double)(GRID_MAX_POINTS - 1))) {
    snprintf(err, errlen, "%s: %s: %g s is too long: the output grid (%g points per s) would exceed %ld points",
             spec->case_path, spec->t_end > 0 ? "--t-end" : "duration", ctx->t_end, RUN_DEFAULT_GRID_RATE,
             GRID_MAX_POINTS);
    rc = 2;
  }
  if (rc != 0) {
    run_context_free(ctx);
    return rc;
  }
  ctx->budget = spec->timeout > 0 ? spec->timeout : RUN_DEFAULT_BUDGET_PER_SIM_S * ctx->t_end;
  if (ctx->spec.reps < 1) ctx->spec.reps = 1;
  return 0;
}

int run_preflight(const RunContext *ctx, char *err, size_t errlen) {
  IntegratorOptions opt;
  fill_options(&ctx->spec, &opt);
  Integrator *it = harness_integrator_create(ctx->vt, ctx->model, &opt, err, errlen);
  if (!it) return 3;
  harness_integrator_destroy(it);
  return 0;
}

void run_context_free(RunContext *ctx) {
  if (ctx->model) model_free(ctx->model);
  ctx->model = NULL;
}

static void fill_options(const RunSpec *s, IntegratorOptions *o) {
  memset(o, 0, sizeof *o);
  o->accuracy = s->has_accuracy ? s->accuracy : 0.0;
  o->dt = s->has_dt ? s->dt : 0.0;
  o->max_step = s->max_step;
  o->error_norm = run_spec_error_norm(s);
  o->nextra = s->nextra;
  for (int i = 0; i < s->nextra; ++i) {
    o->extra_key[i] = s->extra_key[i];
    o->extra_value[i] = s->extra_value[i];
  }
}

static void add_num_or_null(cJSON *o, const char *k, int has, double v) {
  if (has && isfinite(v)) cJSON_AddNumberToObject(o, k, v);
  else cJSON_AddNullToObject(o, k);
}

static void add_maxrms(cJSON *o, const char *k, const MaxRms *a) {
  cJSON *x = cJSON_AddObjectToObject(o, k);
  add_num_or_null(x, "max", a->n > 0, a->max);
  add_num_or_null(x, "rms", a->n > 0, maxrms_rms(a));
}

cJSON *run_record_new(const RunContext *ctx, const char *status, const char *message,
                      double t_reached) {
  const RunSpec *s = &ctx->spec;
  cJSON *r = cJSON_CreateObject();
  cJSON_AddStringToObject(r, "schema", RUN_SCHEMA);
  cJSON_AddStringToObject(r, "case", s->case_name);
  cJSON_AddStringToObject(r, "scene", s->case_path);
  cJSON_AddStringToObject(r, "scene_hash", ctx->scene_hash[0] ? ctx->scene_hash : "unknown");
  cJSON_AddStringToObject(r, "model_version", CBENCH_MODEL_VERSION);
  cJSON_AddStringToObject(r, "integrator", s->integrator);
  cJSON_AddBoolToObject(r, "fixed_step", ctx->vt && ctx->vt->fixed_step);
  cJSON *p = cJSON_AddObjectToObject(r, "params");
  add_num_or_null(p, "accuracy", s->has_accuracy, s->accuracy);
  add_num_or_null(p, "dt", s->has_dt, s->dt);
  add_num_or_null(p, "max_step", s->max_step > 0, s->max_step);
  cJSON_AddStringToObject(p, "error_norm", run_spec_error_norm(s) == ERRNORM_FULL ? "full" : "q");
  cJSON_AddBoolToObject(p, "error_norm_default", !s->error_norm_given);
  cJSON_AddNumberToObject(p, "t_end", ctx->t_end);
  cJSON_AddNumberToObject(p, "reps", s->reps);
  cJSON_AddNumberToObject(p, "budget_s", ctx->budget);
  add_num_or_null(p, "window", s->window > 0, s->window);
  cJSON *opts = cJSON_AddObjectToObject(p, "options");
  for (int i = 0; i < s->nextra; ++i) cJSON_AddStringToObject(opts, s->extra_key[i], s->extra_value[i]);
  cJSON *sp = cJSON_AddObjectToObject(p, "scene_params");
  for (int i = 0; i < s->nparam; ++i) cJSON_AddStringToObject(sp, s->param_path[i], s->param_value[i]);
  cJSON_AddStringToObject(r, "status", status);
  if (message && *message) cJSON_AddStringToObject(r, "message", message);
  else cJSON_AddNullToObject(r, "message");
  cJSON_AddNumberToObject(r, "t_reached", t_reached);
  cJSON_AddNumberToObject(r, "sim_time", ctx->t_end);
  cJSON_AddArrayToObject(r, "warnings"); /* integrator notes and physics guards */
  char cmd[4096];
  run_spec_command(s, cmd, sizeof cmd);
  cJSON_AddStringToObject(r, "command", cmd);
  cJSON *mach = machine_info_json();
  cJSON *date = cJSON_GetObjectItemCaseSensitive(mach, "date");
  cJSON_AddStringToObject(r, "date", date ? date->valuestring : "unknown");
  cJSON_AddItemToObject(r, "machine", mach);
  return r;
}

/* A record without results (the run never finished or never started): null measurements. */
static cJSON *record_add_null_results(cJSON *rec, const char *error_note) {
  cJSON_AddNullToObject(rec, "wall_time");
  cJSON_AddNullToObject(rec, "work");
  cJSON_AddNullToObject(rec, "counters");
  cJSON_AddNullToObject(rec, "error");
  cJSON_AddStringToObject(rec, "error_note", error_note);
  cJSON_AddNullToObject(rec, "physics");
  return rec;
}

static cJSON *counters_json(const IntegratorStats *st) {
  cJSON *c = cJSON_CreateObject();
#define C(f) cJSON_AddNumberToObject(c, #f, (double)st->f)
  C(steps); C(rejected); C(rhs_evals); C(jac_evals); C(factorizations); C(newton_iters);
  C(linesearch_iters); C(convex_solves); C(geometry_queries); C(conv_failures);
  C(error_test_failures); C(substep_retries);
#undef C
  return c;
}

static cJSON *time_split_json(const IntegratorStats *st) {
  cJSON *c = cJSON_CreateObject();
  cJSON_AddNumberToObject(c, "geometry", st->time_geometry);
  cJSON_AddNumberToObject(c, "assembly", st->time_assembly);
  cJSON_AddNumberToObject(c, "factorization", st->time_factorization);
  cJSON_AddNumberToObject(c, "linesearch", st->time_linesearch);
  cJSON_AddNumberToObject(c, "total", st->time_total);
  return c;
}

static int counters_equal(const IntegratorStats *a, const IntegratorStats *b) {
  return a->steps == b->steps && a->rejected == b->rejected && a->rhs_evals == b->rhs_evals &&
         a->jac_evals == b->jac_evals && a->factorizations == b->factorizations &&
         a->newton_iters == b->newton_iters && a->linesearch_iters == b->linesearch_iters &&
         a->convex_solves == b->convex_solves && a->geometry_queries == b->geometry_queries &&
         a->conv_failures == b->conv_failures && a->error_test_failures == b->error_test_failures &&
         a->substep_retries == b->substep_retries;
}

/* Metrics gathered at each grid point of the error run. */
typedef struct {
  const Model *m;
  Data *d;
  const Reference *ref;    /* NULL: no error */
  int ncompared;
  double t_compared;
  MaxRms eq, efull, pen;
  double e0, e_last;
  PhysicsGuards guards;    /* energy rise, penetration bounds, contact residuals */
  EnergyLog energy;        /* --energy (energy.f NULL: off) */
  ContactLog contacts;     /* --contact-forces (contacts.f NULL: off) */
  FILE *traj;
  /* windowed error: every kw grid intervals restart a tight integration from the run's state */
  int kw;                  /* 0: off */
  const IntegratorVtbl *wvt;
  IntegratorOptions wopt;
  double *xw, *xtight;     /* [nx] state at the window start; tight state at the window end */
  double tw;               /* window start time */
  MaxRms wq, wfull;
  int wfailed;
  double wbudget;
  char wmsg[256];
} RunSink;

static int capture_sink(void *ctx, int k, double t, const double *x, char *msg, size_t msglen) {
  RunSink *s = ctx;
  if (k == 1) memcpy(s->xtight, x, sizeof(double) * (size_t)system_nx(s->m));
  return 0;
}

/* At a window end: integrate tightly from the window start state and compare (DESIGN.md,
 * windowed error; TAMSI Fig. 5). */
static void window_step(RunSink *s, int k, double t, const double *x) {
  const Model *m = s->m;
  int nx = system_nx(m);
  if (k > 0 && k % s->kw == 0) {
    double tg[2] = {s->tw, t};
    GridRunResult r;
    if (grid_run_from(s->wvt, m, &s->wopt, s->xw, tg, 2, s->wbudget, NULL, capture_sink, s, &r) == RUN_OK) {
      double eq, ef;
      metrics_state_error(m, x, x + m->nq, s->xtight, s->xtight + m->nq, &eq, &ef);
      maxrms_add(&s->wq, eq);
      maxrms_add(&s->wfull, ef);
    } else {
      if (!s->wfailed) snprintf(s->wmsg, sizeof s->wmsg, "%.200s at t = %g", r.message, s->tw);
      s->wfailed++;
    }
  }
  if (k % s->kw == 0) {
    memcpy(s->xw, x, sizeof(double) * (size_t)nx);
    s->tw = t;
  }
}

static int run_sink(void *ctx, int k, double t, const double *x, char *msg, size_t msglen) {
  RunSink *s = ctx;
  const Model *m = s->m;
  if (s->ref && k < s->ref->npts && fabs(s->ref->t[k] - t) <= 1e-9 * (1.0 + fabs(t))) {
    double eq, ef;
    metrics_state_error(m, x, x + m->nq, s->ref->q + (size_t)k * (size_t)m->nq,
                        s->ref->v + (size_t)k * (size_t)m->nv, &eq, &ef);
    maxrms_add(&s->eq, eq);
    maxrms_add(&s->efull, ef);
    s->ncompared++;
    s->t_compared = t;
  }
  if (s->kw > 0) window_step(s, k, t, x);
  /* one geometry query per grid point: the guards' leaves the contacts in s->d */
  int failed = s->guards.failed_samples;
  physics_guards_sample(&s->guards, m, s->d, t, x);
  double pen = 0;
  for (int i = 0; i < s->d->ncon; ++i) pen = fmax(pen, -s->d->contacts[i].phi);
  maxrms_add(&s->pen, s->guards.failed_samples > failed ? NAN : pen);
  double e = system_energy(m, s->d, x);
  if (k == 0) s->e0 = e;
  s->e_last = e;
  if (s->energy.f) energy_log_sample(&s->energy, m, s->d, t, x);
  if (s->contacts.f) contact_log_sample(&s->contacts, m, s->d, t, x);
  if (s->traj) {
    fprintf(s->traj, "%.17g", t);
    for (int i = 0; i < system_nx(m); ++i) fprintf(s->traj, ",%.17g", x[i]);
    fputc('\n', s->traj);
  }
  return 0;
}

/* The trajectory is written to this temporary file by the run process, then renamed. */
static void trajectory_tmp_path(const RunSpec *s, pid_t pid, char *tmp, size_t tmplen) {
  snprintf(tmp, tmplen, "%s.tmp.%ld", s->trajectory, (long)pid);
}

static FILE *trajectory_open(const RunContext *ctx, char *tmp, size_t tmplen) {
  const RunSpec *s = &ctx->spec;
  const Model *m = ctx->model;
  trajectory_tmp_path(s, getpid(), tmp, tmplen);
  FILE *f = fopen(tmp, "w");
  if (!f) return NULL;
  fprintf(f, "t");
  for (int i = 0; i < m->nq; ++i) fprintf(f, ",q%d", i);
  for (int i = 0; i < m->nv; ++i) fprintf(f, ",v%d", i);
  for (int i = 0; i < m->nz; ++i) fprintf(f, ",z%d", i);
  fputc('\n', f);
  return f;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

cJSON *run_execute(RunContext *ctx, RunProgress *prog) {
  const RunSpec *s = &ctx->spec;
  const Model *m = ctx->model;
  IntegratorOptions opt;
  fill_options(s, &opt);

  /* Reference, if present and current. */
  Reference ref;
  int have_ref = 0;
  char note[1024] = "", rpath[1200];
  reference_path(s->case_name, rpath, sizeof rpath);
  if (s->nparam > 0) {
    snprintf(note, sizeof note, "scene parameters changed (--param): the case's reference does not apply");
  } else if (hu_file_exists(rpath)) {
    char lerr[512], why[512];
    if (reference_load(rpath, &ref, lerr, sizeof lerr) != 0) {
      snprintf(note, sizeof note, "reference unusable: %.600s", lerr);
    } else if (!reference_is_current(&ref, s->case_path, why, sizeof why)) {
      snprintf(note, sizeof note, "reference %.300s is stale: %.400s; run `cbench reference --case %.50s`", rpath, why, s->case_name);
      reference_free(&ref);
    } else if (ref.nq != m->nq || ref.nv != m->nv) {
      snprintf(note, sizeof note, "reference %.600s has a different state size", rpath);
      reference_free(&ref);
    } else {
      have_ref = 1;
    }
  } else {
    snprintf(note, sizeof note, "no reference (%.600s); run `cbench reference --case %.60s`", rpath, s->case_name);
  }
  double rate = have_ref ? ref.rate : RUN_DEFAULT_GRID_RATE;
  int npts = 0;
  double *tg = grid_make(ctx->t_end, rate, &npts);
  if (!tg) {
    char msg[256];
    snprintf(msg, sizeof msg, "no output grid for t_end %g s at %g points per s (more than %ld points, or no memory)",
             ctx->t_end, rate, GRID_MAX_POINTS);
    if (have_ref) reference_free(&ref);
    return record_add_null_results(run_record_new(ctx, "failed", msg, 0.0), "the run did not start");
  }

  RunSink sink = {.m = m, .d = data_create(m), .ref = have_ref ? &ref : NULL};
  physics_guards_init(&sink.guards, m);
  /* a peer simulator (MuJoCo) does not store energy in our contact spring */
  if (ctx->vt && ctx->vt->peer_model) sink.guards.contact_springs = 0;
  char wnote[512] = "";
  if (s->window > 0) {
    ReferenceConfig rc;
    reference_config_default(&rc);
    double wp = 0.0;
    if (s->window_method[0]) {
      sink.wvt = harness_integrator_find(s->window_method);
      wp = s->window_param;
    } else {
      sink.wvt = reference_pick_method(&rc, &wp);
    }
    sink.kw = (int)lround(s->window * rate);
    if (sink.kw < 1) sink.kw = 1;
    if (!sink.wvt) {
      snprintf(wnote, sizeof wnote, "no integrator for the windowed error");
      sink.kw = 0;
    } else {
      memset(&sink.wopt, 0, sizeof sink.wopt);
      if (sink.wvt->fixed_step) sink.wopt.dt = wp; else sink.wopt.accuracy = wp;
      sink.wopt.error_norm = ERRNORM_FULL;
      sink.xw = calloc((size_t)system_nx(m), sizeof(double));
      sink.xtight = calloc((size_t)system_nx(m), sizeof(double));
      sink.tw = 0.0;
      sink.wbudget = ctx->budget;
    }
  }
  char traj_tmp[1200] = "";
  if (s->trajectory[0]) sink.traj = trajectory_open(ctx, traj_tmp, sizeof traj_tmp);

  if (prog) prog->stage = 0;
  GridRunResult er;
  /* the energy series: PATH.tmp.PID, renamed when complete */
  char elog_tmp[1200] = "";
  if (s->energy_log[0]) {
    snprintf(elog_tmp, sizeof elog_tmp, "%.1100s.tmp.%ld", s->energy_log, (long)getpid());
    if (energy_log_open(&sink.energy, m, elog_tmp) != 0) elog_tmp[0] = 0;
  }
  char clog_tmp[1200] = "";
  if (s->contact_log[0]) {
    snprintf(clog_tmp, sizeof clog_tmp, "%.1100s.tmp.%ld", s->contact_log, (long)getpid());
    if (contact_log_open(&sink.contacts, m, clog_tmp) != 0) clog_tmp[0] = 0;
  }
  /* the step log of the error run: written to PATH.tmp.PID, renamed when complete */
  StepLog slog = {0};
  char slog_tmp[1200] = "";
  if (s->step_log[0]) {
    snprintf(slog_tmp, sizeof slog_tmp, "%.1100s.tmp.%ld", s->step_log, (long)getpid());
    if (step_log_open(&slog, slog_tmp) != 0) slog_tmp[0] = 0;
  }
  int st = grid_run_observed(ctx->vt, m, &opt, NULL, tg, npts, ctx->budget, prog, run_sink, &sink,
                             slog.f ? step_log_observe : NULL, &slog, &er);
  if (slog.f) {
    if (step_log_close(&slog) == 0) rename(slog_tmp, s->step_log);
    else unlink(slog_tmp);
  }
  if (sink.energy.f) {
    if (energy_log_close(&sink.energy) == 0) rename(elog_tmp, s->energy_log);
    else unlink(elog_tmp);
  }
  if (sink.contacts.f) {
    if (contact_log_close(&sink.contacts) == 0) rename(clog_tmp, s->contact_log);
    else unlink(clog_tmp);
  }

  if (sink.traj && (hu_fclose_synced(sink.traj) != 0 || rename(traj_tmp, s->trajectory) != 0)) unlink(traj_tmp);

  /* Timing repetitions, separate from the error run (no sink). */
  int reps = s->reps;
  double *walls = calloc((size_t)reps, sizeof(double));
  int nwall = 0, reproducible = 1;
  if (st == RUN_OK) {
    for (int r = 0; r < reps; ++r) {
      if (prog) prog->stage = r + 1;
      GridRunResult tr;
      int ts = grid_run(ctx->vt, m, &opt, tg, npts, ctx->budget, prog, NULL, NULL, &tr);
      if (ts != RUN_OK) {
        st = ts;
        snprintf(er.message, sizeof er.message, "timing repetition %d: %.450s", r + 1, tr.message);
        er.t_reached = tr.t_reached;
        break;
      }
      walls[nwall++] = tr.wall;
      if (!counters_equal(&tr.stats, &er.stats)) reproducible = 0;
    }
  }
  const char *status = st == RUN_OK ? "ok" : st == RUN_TIMEOUT ? "timeout" : "failed";
  cJSON *rec = run_record_new(ctx, status, st == RUN_OK ? NULL : er.message, er.t_reached);
  cJSON *warnings = cJSON_GetObjectItemCaseSensitive(rec, "warnings");
  for (int i = 0; i < er.nnotes; ++i) cJSON_AddItemToArray(warnings, cJSON_CreateString(er.notes[i]));

  cJSON *w = cJSON_AddObjectToObject(rec, "wall_time");
  cJSON *work = cJSON_AddObjectToObject(rec, "work");
  if (nwall > 0) {
    qsort(walls, (size_t)nwall, sizeof(double), cmp_double);
    double med = nwall % 2 ? walls[nwall / 2] : 0.5 * (walls[nwall / 2 - 1] + walls[nwall / 2]);
    cJSON_AddNumberToObject(w, "min", walls[0]);
    cJSON_AddNumberToObject(w, "median", med);
    cJSON_AddNumberToObject(w, "max", walls[nwall - 1]);
    cJSON_AddNumberToObject(w, "reps", nwall);
    cJSON_AddNumberToObject(work, "min", walls[0] / ctx->t_end);
    cJSON_AddNumberToObject(work, "median", med / ctx->t_end);
    cJSON_AddNumberToObject(work, "max", walls[nwall - 1] / ctx->t_end);
    cJSON_AddNumberToObject(rec, "real_time_rate", med > 0 ? ctx->t_end / med : 0.0);
  } else {
    /* No timing run: the error run's wall time (up to the failure) is all we have. */
    cJSON_AddNumberToObject(w, "min", er.wall);
    cJSON_AddNumberToObject(w, "median", er.wall);
    cJSON_AddNumberToObject(w, "max", er.wall);
    cJSON_AddNumberToObject(w, "reps", 0);
    double tr = er.t_reached > 0 ? er.t_reached : ctx->t_end;
    cJSON_AddNumberToObject(work, "min", er.wall / tr);
    cJSON_AddNumberToObject(work, "median", er.wall / tr);
    cJSON_AddNumberToObject(work, "max", er.wall / tr);
    cJSON_AddNullToObject(rec, "real_time_rate");
  }
  cJSON_AddStringToObject(work, "unit", "wall seconds per simulated second");
  cJSON_AddItemToObject(rec, "counters", counters_json(&er.stats));
  cJSON_AddItemToObject(rec, "time_split", time_split_json(&er.stats));
  cJSON_AddBoolToObject(rec, "counters_reproducible", reproducible);

  if (have_ref && sink.ncompared > 0) {
    cJSON *e = cJSON_AddObjectToObject(rec, "error");
    cJSON_AddStringToObject(e, "reference", rpath);
    cJSON_AddNumberToObject(e, "grid_points", sink.ncompared);
    cJSON_AddNumberToObject(e, "t_compared", sink.t_compared);
    cJSON_AddStringToObject(e, "kind", "global");
    cJSON_AddStringToObject(e, "norm", "per grid point: max over coordinates of |S (q - q_ref)| (quaternions sign-aligned); full adds |v - v_ref|; then max and RMS over the grid");
    add_maxrms(e, "positions", &sink.eq);
    add_maxrms(e, "full", &sink.efull);
    if (st != RUN_OK || sink.t_compared < ctx->t_end - 1e-9)
      snprintf(note, sizeof note, "error measured up to t = %g only", sink.t_compared);
  } else {
    cJSON_AddNullToObject(rec, "error");
    if (have_ref && !note[0])
      snprintf(note, sizeof note, "%s", st != RUN_OK ? "the run stopped before its first output point"
                                                     : "no grid point in common with the reference");
  }
  if (note[0]) cJSON_AddStringToObject(rec, "error_note", note);
  else cJSON_AddNullToObject(rec, "error_note");

  if (sink.kw > 0 && sink.wq.n > 0) {
    cJSON *e = cJSON_AddObjectToObject(rec, "error_windowed");
    cJSON_AddStringToObject(e, "kind", "windowed");
    cJSON_AddNumberToObject(e, "window", (double)sink.kw / rate);
    cJSON_AddNumberToObject(e, "windows", (double)sink.wq.n);
    cJSON_AddStringToObject(e, "method", sink.wvt->name);
    cJSON_AddNumberToObject(e, sink.wvt->fixed_step ? "dt" : "accuracy",
                            sink.wvt->fixed_step ? sink.wopt.dt : sink.wopt.accuracy);
    add_maxrms(e, "positions", &sink.wq);
    add_maxrms(e, "full", &sink.wfull);
    cJSON_AddNumberToObject(e, "failed_windows", sink.wfailed);
    if (sink.wfailed) cJSON_AddStringToObject(e, "note", sink.wmsg);
  } else if (s->window > 0) {
    cJSON_AddNullToObject(rec, "error_windowed");
    if (!wnote[0]) snprintf(wnote, sizeof wnote, "no complete window%s%.300s", sink.wfailed ? ": " : "", sink.wmsg);
    cJSON_AddStringToObject(rec, "error_windowed_note", wnote);
  }
  cJSON *ph = cJSON_AddObjectToObject(rec, "physics");
  add_maxrms(ph, "penetration", &sink.pen);
  cJSON *en = cJSON_AddObjectToObject(ph, "energy");
  add_num_or_null(en, "start", sink.pen.n > 0, sink.e0);
  add_num_or_null(en, "end", sink.pen.n > 0, sink.e_last);
  double drift = sink.e_last - sink.e0;
  add_num_or_null(en, "drift", sink.pen.n > 0, drift);
  add_num_or_null(en, "drift_rel", sink.pen.n > 0 && fabs(sink.e0) > 0, drift / fabs(sink.e0));
  cJSON_AddBoolToObject(en, "conservative_model", metrics_model_conservative(m));
  physics_guards_report(&sink.guards, ph, cJSON_GetObjectItemCaseSensitive(rec, "warnings"));

  free(walls);
  free(tg);
  free(sink.xw);
  free(sink.xtight);
  data_free(sink.d);
  if (have_ref) reference_free(&ref);
  return rec;
}

/* ---- isolation in a child process ---- */

static int read_some(int fd, char **buf, size_t *len, size_t *cap) {
  if (*len + 4096 > *cap) {
    size_t nc = (*cap ? *cap * 2 : 65536);
    char *nb = realloc(*buf, nc);
    if (!nb) return -1;
    *buf = nb; *cap = nc;
  }
  ssize_t r = read(fd, *buf + *len, *cap - *len - 1);
  if (r < 0) return errno == EINTR ? 1 : -1;
  if (r == 0) return 0;
  *len += (size_t)r;
  (*buf)[*len] = '\0';
  return 1;
}

cJSON *run_isolated(RunContext *ctx) {
  RunProgress *prog = mmap(NULL, sizeof(RunProgress), PROT_READ | PROT_WRITE,
                           MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (prog == MAP_FAILED) return run_record_new(ctx, "failed", "mmap failed", 0.0);
  prog->stage_start = hu_now();
  prog->t_reached = 0.0;
  prog->stage = 0;
  prog->in_metrics = 0;
  int fds[2];
  if (pipe(fds) != 0) {
    munmap(prog, sizeof *prog);
    return run_record_new(ctx, "failed", "pipe failed", 0.0);
  }
  fflush(NULL);
  pid_t parent = getpid();
  pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]); close(fds[1]);
    munmap(prog, sizeof *prog);
    return run_record_new(ctx, "failed", "fork failed", 0.0);
  }
  if (pid == 0) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(3);
    close(fds[0]);
    cJSON *rec = run_execute(ctx, prog);
    char *text = cJSON_PrintUnformatted(rec);
    size_t n = text ? strlen(text) : 0, off = 0;
    while (off < n) {
      ssize_t w = write(fds[1], text + off, n - off);
      if (w < 0 && errno == EINTR) continue;
      if (w <= 0) break;
      off += (size_t)w;
    }
    close(fds[1]);
    free(text);
    cJSON_Delete(rec);
    run_context_free(ctx);
    _exit(off == n ? 0 : 4);
  }
  close(fds[1]);
  char *buf = NULL;
  size_t len = 0, cap = 0;
  int killed = 0, open_pipe = 1;
  const double grace = 1.0;
  while (open_pipe) {
    struct pollfd pfd = {.fd = fds[0], .events = POLLIN};
    int pr = poll(&pfd, 1, 50);
    if (pr > 0) {
      int rr = read_some(fds[0], &buf, &len, &cap);
      if (rr <= 0) open_pipe = 0;
    }
    /* Metrics (windowed reference integrations) get a longer leash than the run itself. */
    double limit = (prog->in_metrics ? 10.0 : 1.0) * ctx->budget + grace;
    if (open_pipe && hu_now() - prog->stage_start > limit) {
      kill(pid, SIGKILL);
      killed = 1;
      break;
    }
  }
  close(fds[0]);
  int wstatus = 0;
  while (waitpid(pid, &wstatus, 0) < 0 && errno == EINTR) {}
  double t_reached = prog->t_reached;
  int stage = prog->stage;
  munmap(prog, sizeof *prog);
  if (ctx->spec.trajectory[0]) { /* a killed or crashed child leaves its partial trajectory */
    char tmp[1200];
    trajectory_tmp_path(&ctx->spec, pid, tmp, sizeof tmp);
    unlink(tmp);
  }

  cJSON *rec = NULL;
  if (!killed && WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == 0 && buf) rec = cJSON_Parse(buf);
  if (!rec) {
    char msg[256];
    const char *status = "failed";
    if (killed) {
      status = "timeout";
      snprintf(msg, sizeof msg, "killed after exceeding the wall-time budget of %g s (%s)",
               ctx->budget, stage == 0 ? "error run" : "timing repetition");
    } else if (WIFSIGNALED(wstatus)) {
      snprintf(msg, sizeof msg, "run process died of signal %d (%s)", WTERMSIG(wstatus),
               strsignal(WTERMSIG(wstatus)));
    } else {
      snprintf(msg, sizeof msg, "run process exited with status %d and no record",
               WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : -1);
    }
    rec = record_add_null_results(run_record_new(ctx, status, msg, t_reached), "the run did not finish");
  }
  free(buf);
  return rec;
}
