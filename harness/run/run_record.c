#include "run_record.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../models/json_input.h"
#include "../common/cb_path.h"
#include "../common/files.h"
#include "../common/json_get.h"
#include "../common/machine.h"
#include "metrics.h"
#include "physics_guards.h"
#include "record_fields.h"
#include "reference.h"

void run_record_add_number(cJSON *o, const char *k, int has, double v) {
  if (has && isfinite(v)) cJSON_AddNumberToObject(o, k, v);
  else cJSON_AddNullToObject(o, k);
}

void run_record_add_maxrms(cJSON *o, const char *k, const MaxRms *a) {
  cJSON *x = cJSON_AddObjectToObject(o, k);
  run_record_add_number(x, "max", a->n > 0, a->max);
  run_record_add_number(x, "rms", a->n > 0, maxrms_rms(a));
}

/* Field f's value from its source struct at base (f->at), under the last part of its name. */
static void add_from_table(cJSON *obj, const RecordField *f, const void *base) {
  const char *key = strrchr(f->name, '.') ? strrchr(f->name, '.') + 1 : f->name;
  const char *at = (const char *)base + f->at.offset;
  double x;
  int b;
  switch (f->at.value) {
  case RV_DOUBLE: memcpy(&x, at, sizeof x); run_record_add_number(obj, key, 1, x); break;
  case RV_POSITIVE: memcpy(&x, at, sizeof x); run_record_add_number(obj, key, x > 0, x); break;
  case RV_TRIBOOL:
    memcpy(&b, at, sizeof b);
    if (b < 0) cJSON_AddNullToObject(obj, key);
    else cJSON_AddBoolToObject(obj, key, b);
    break;
  case RV_CHARS: cJSON_AddStringToObject(obj, key, at); break;
  case RV_CHARS_OPT: if (at[0]) cJSON_AddStringToObject(obj, key, at); break;
  case RV_CSTR: {
    const char *str;
    memcpy(&str, at, sizeof str);
    cJSON_AddStringToObject(obj, key, str);
    break;
  }
  }
}

/* 1 if row f is a direct child of the object at path parent ("machine": "machine.cpu"). */
static int child_of(const RecordField *f, const char *parent) {
  size_t n = strlen(parent);
  return !strncmp(f->name, parent, n) && f->name[n] == '.' && !strchr(f->name + n + 1, '.');
}

/* The fields of the object at path parent into obj, in the table's order: the rows with a source
 * from base, the others by hand (NULL: every child has a source). */
static void add_rows_block(cJSON *obj, const char *parent, const RecordField *rows, int nrows, const void *base,
                           void (*by_hand)(cJSON *obj, const RecordField *f, const void *base)) {
  for (int i = 0; i < nrows; ++i) {
    const RecordField *f = &rows[i];
    if (!child_of(f, parent)) continue;
    if (f->at.source != RS_NONE) add_from_table(obj, f, base);
    else if (by_hand) by_hand(obj, f, base);
  }
}

static void add_table_block(cJSON *obj, const char *parent, const void *base,
                            void (*by_hand)(cJSON *obj, const RecordField *f, const void *base)) {
  add_rows_block(obj, parent, record_fields, record_field_count, base, by_hand);
}

void run_record_add_rows(cJSON *obj, const char *parent, const RecordField *rows, int nrows, const void *base) {
  add_rows_block(obj, parent, rows, nrows, base, NULL);
}

/* machine.caches and machine.load_avg_start. */
static void add_machine_by_hand(cJSON *m, const RecordField *f, const void *base) {
  const MachineInfo *mi = base;
  if (!strcmp(f->name, "machine.caches")) {
    cJSON *caches = cJSON_AddArrayToObject(m, "caches");
    for (int i = 0; i < mi->ncaches; ++i) {
      const MachineCache *mc = &mi->caches[i];
      cJSON *c = cJSON_CreateObject();
      cJSON_AddStringToObject(c, "type", mc->type);
      cJSON_AddNumberToObject(c, "level", mc->level);
      cJSON_AddNumberToObject(c, "size", mc->size);
      cJSON_AddNumberToObject(c, "num_sharing", mc->num_sharing);
      cJSON_AddItemToArray(caches, c);
    }
  } else if (!strcmp(f->name, "machine.load_avg_start")) {
    if (mi->load_avg_start[0] >= 0)
      cJSON_AddItemToObject(m, "load_avg_start", cJSON_CreateDoubleArray(mi->load_avg_start, 3));
    else cJSON_AddNullToObject(m, "load_avg_start");
  }
}

cJSON *run_record_machine_json(const MachineInfo *mi) {
  cJSON *m = cJSON_CreateObject();
  add_table_block(m, "machine", mi, add_machine_by_hand);
  return m;
}

cJSON *run_record_machine_now(void) {
  MachineInfo mi;
  machine_info(&mi, NULL);
  return run_record_machine_json(&mi);
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
  /* the integrator's declaration under this run's options (integrator.h: controllers) */
  IntegratorOptions io = {.nextra = s->nextra};
  for (int i = 0; i < s->nextra; ++i) io.extra_key[i] = s->extra_key[i], io.extra_value[i] = s->extra_value[i];
  cJSON_AddStringToObject(r, "controllers", integrator_controllers_name(integrator_controllers(ctx->vt, &io)));
  cJSON *p = cJSON_AddObjectToObject(r, "params");
  run_record_add_number(p, "accuracy", s->has_accuracy, s->accuracy);
  run_record_add_number(p, "dt", s->has_dt, s->dt);
  run_record_add_number(p, "max_step", s->max_step > 0, s->max_step);
  cJSON_AddStringToObject(p, "error_norm", error_norm_name(run_spec_error_norm(s)));
  cJSON_AddBoolToObject(p, "error_norm_default", !s->error_norm_given);
  cJSON_AddNumberToObject(p, "t_end", ctx->t_end);
  cJSON_AddNumberToObject(p, "reps", s->reps);
  if (s->min_time > 0) cJSON_AddNumberToObject(p, "min_time", s->min_time);
  cJSON_AddNumberToObject(p, "budget_s", ctx->budget);
  run_record_add_number(p, "window", s->window > 0, s->window);
  if (s->window > 0 && s->window_start > 0) cJSON_AddNumberToObject(p, "window_start", s->window_start);
  if (s->output_dt == OUTPUT_DT_STEP) cJSON_AddStringToObject(p, "output_dt", "step");
  else run_record_add_number(p, "output_dt", s->output_dt > 0, s->output_dt);
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
  run_spec_key(s, cmd, sizeof cmd);
  cJSON_AddStringToObject(r, "spec_key", cmd);
  run_spec_command(s, cmd, sizeof cmd);
  cJSON_AddStringToObject(r, "command", cmd);
  MachineInfo mi;
  machine_info(&mi, ctx->load_start);
  cJSON_AddStringToObject(r, "date", mi.date);
  cJSON_AddItemToObject(r, "machine", run_record_machine_json(&mi));
  return r;
}

/* A record without results (the run never finished or never started): the table's
 * RF_NULL_NO_RESULTS fields null, error_note the why. */
cJSON *run_record_add_null_results(cJSON *rec, const char *error_note) {
  for (int i = 0; i < record_field_count; ++i) {
    const RecordField *f = &record_fields[i];
    if (!(f->flags & RF_NULL_NO_RESULTS)) continue;
    if (!strcmp(f->name, "error_note")) cJSON_AddStringToObject(rec, f->name, error_note);
    else cJSON_AddNullToObject(rec, f->name);
  }
  return rec;
}

cJSON *run_record_counters_json(const IntegratorStats *st) {
  cJSON *c = cJSON_CreateObject();
#define CB_COUNTER_JSON(name, meaning) cJSON_AddNumberToObject(c, #name, (double)st->name);
  CB_COUNTERS(CB_COUNTER_JSON)
#undef CB_COUNTER_JSON
  return c;
}

cJSON *run_record_time_split_json(const IntegratorStats *st) {
  cJSON *c = cJSON_CreateObject();
  add_table_block(c, "time_split", st, NULL);
  return c;
}

cJSON *run_record_solver_json(const ContactSolverStats *st) {
  cJSON *c = cJSON_CreateObject();
  cJSON_AddStringToObject(c, "name", st->name);
  cJSON_AddNumberToObject(c, "max_iterations", (double)st->max_iter);
  cJSON_AddStringToObject(c, "on_limit", st->accept_limit ? "accept" : "fail");
  cJSON_AddNumberToObject(c, "solves", (double)st->solves);
  cJSON *stops = cJSON_AddObjectToObject(c, "stops");
  cJSON_AddNumberToObject(stops, "tolerance", (double)st->stop_tolerance);
  cJSON_AddNumberToObject(stops, "stall", (double)st->stop_stall);
  cJSON_AddNumberToObject(stops, "iteration_limit", (double)st->stop_limit);
  cJSON_AddNumberToObject(stops, "failed", (double)st->stop_failed);
  cJSON_AddNumberToObject(c, "regularized", (double)st->regularized);
  cJSON *it = cJSON_AddObjectToObject(c, "iterations");
  cJSON_AddNumberToObject(it, "total", (double)st->iterations);
  cJSON_AddNumberToObject(it, "max", (double)st->iterations_max);
  cJSON_AddNumberToObject(it, "mean", st->solves > 0 ? (double)st->iterations / (double)st->solves : 0.0);
  cJSON *res = cJSON_AddObjectToObject(c, "residual");
  cJSON_AddNumberToObject(res, "max", st->residual_max);
  cJSON_AddNumberToObject(res, "mean", st->solves > 0 ? st->residual_sum / (double)st->solves : 0.0);
  if (st->internal_measured) {
    cJSON *in = cJSON_AddObjectToObject(c, "internal_force");
    cJSON_AddNumberToObject(in, "max", st->internal_max);
    cJSON_AddNumberToObject(in, "tangential_max", st->internal_tangential_max);
  } else {
    cJSON_AddNullToObject(c, "internal_force");
  }
  return c;
}

/* stepping.mean_step and stepping.min_distance (derived, or null when not measured). */
static void add_stepping_by_hand(cJSON *c, const RecordField *f, const void *base) {
  const IntegratorStats *st = base;
  if (!strcmp(f->name, "stepping.mean_step")) cJSON_AddNumberToObject(c, "mean_step", st->step_sum / (double)st->steps);
  else if (!strcmp(f->name, "stepping.min_distance"))
    run_record_add_number(c, "min_distance", st->has_min_distance, st->min_distance);
}

cJSON *run_record_stepping_json(const IntegratorStats *st) {
  if (!(st->steps > 0 && st->step_sum > 0)) return NULL;
  cJSON *c = cJSON_CreateObject();
  add_table_block(c, "stepping", st, add_stepping_by_hand);
  return c;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* "wall_time", "work" and "real_time_rate" from the timing repetitions, or from the error run's
 * wall time up to where it stopped when there were none. */
static void add_wall_time(cJSON *rec, const RunResult *res) {
  cJSON *w = cJSON_AddObjectToObject(rec, "wall_time");
  cJSON *work = cJSON_AddObjectToObject(rec, "work");
  double lo, med, hi, per;
  int n = res->nwall;
  if (n > 0) {
    double *walls = res->walls;
    qsort(walls, (size_t)n, sizeof(double), cmp_double);
    lo = walls[0];
    med = n % 2 ? walls[n / 2] : 0.5 * (walls[n / 2 - 1] + walls[n / 2]);
    hi = walls[n - 1];
    per = res->t_end;
  } else {
    lo = med = hi = res->er->wall;
    per = res->er->t_reached > 0 ? res->er->t_reached : res->t_end;
  }
  cJSON_AddNumberToObject(w, "min", lo);
  cJSON_AddNumberToObject(w, "median", med);
  cJSON_AddNumberToObject(w, "max", hi);
  cJSON_AddNumberToObject(w, "reps", n);
  cJSON_AddNumberToObject(work, "min", lo / per);
  cJSON_AddNumberToObject(work, "median", med / per);
  cJSON_AddNumberToObject(work, "max", hi / per);
  cJSON_AddStringToObject(work, "unit", "wall seconds per simulated second");
  if (n > 0) cJSON_AddNumberToObject(rec, "real_time_rate", med > 0 ? res->t_end / med : 0.0);
  else cJSON_AddNullToObject(rec, "real_time_rate");
}

/* "repetitions": per timing repetition, in order, its wall and process CPU time (before the
 * wall times are sorted for wall_time). */
static cJSON *repetitions_json(const RunResult *res) {
  cJSON *reps = cJSON_CreateArray();
  for (int i = 0; i < res->nwall; ++i) {
    cJSON *rt = cJSON_CreateObject();
    cJSON_AddNumberToObject(rt, "wall_s", res->walls[i]);
    cJSON_AddNumberToObject(rt, "cpu_s", res->cpus[i]);
    cJSON_AddItemToArray(reps, rt);
  }
  return reps;
}

/* "instructions": the user-space instructions of one timing repetition (median over them) and
 * which source counted them, or why none did (`cbench bench` then counts with callgrind). */
static void add_instructions(cJSON *rec, const RunResult *res) {
  cJSON *o = cJSON_AddObjectToObject(rec, "instructions");
  const InstrCounter *ic = res->ic;
  double *instr = res->instr;
  int n = res->nwall;
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

void run_record_add_result(cJSON *rec, const RunResult *res) {
  const GridRunResult *er = res->er;
  cJSON *warnings = cJSON_GetObjectItemCaseSensitive(rec, "warnings");
  for (int i = 0; i < er->nnotes; ++i) cJSON_AddItemToArray(warnings, cJSON_CreateString(er->notes[i]));
  cJSON *reps = repetitions_json(res); /* before add_wall_time sorts the wall times */
  add_wall_time(rec, res);
  cJSON_AddItemToObject(rec, "repetitions", reps);
  cJSON_AddItemToObject(rec, "counters", run_record_counters_json(&er->stats));
  cJSON_AddItemToObject(rec, "time_split", run_record_time_split_json(&er->stats));
  if (er->stats.solver.name) cJSON_AddItemToObject(rec, "solver", run_record_solver_json(&er->stats.solver));
  cJSON *stepping = res->ok ? run_record_stepping_json(&er->stats) : NULL;
  if (stepping) cJSON_AddItemToObject(rec, "stepping", stepping);
  cJSON_AddBoolToObject(rec, "counters_reproducible", res->reproducible);
  if (res->has_peak_rss) cJSON_AddNumberToObject(rec, "peak_rss_mb", res->peak_rss_mb);
  add_instructions(rec, res);
}

static void add_error(cJSON *rec, const RunMeasures *m) {
  if (m->compared <= 0) {
    cJSON_AddNullToObject(rec, "error");
    return;
  }
  cJSON *e = cJSON_AddObjectToObject(rec, "error");
  cJSON_AddStringToObject(e, "reference", m->reference);
  cJSON_AddNumberToObject(e, "grid_points", m->compared);
  cJSON_AddNumberToObject(e, "t_compared", m->t_compared);
  cJSON_AddStringToObject(e, "kind", "global");
  cJSON_AddStringToObject(e, "norm", "per grid point: max over coordinates of |S (q - q_ref)| (quaternions sign-aligned); full adds |v - v_ref|; then max and RMS over the grid");
  run_record_add_maxrms(e, "positions", &m->positions);
  run_record_add_maxrms(e, "full", &m->full);
  if (!m->check_integrator || !m->check_integrator[0]) {
    cJSON_AddNullToObject(e, "reference_check");
    return;
  }
  cJSON *c = cJSON_AddObjectToObject(e, "reference_check"); /* errors below it are not resolved */
  cJSON_AddStringToObject(c, "integrator", m->check_integrator);
  cJSON_AddStringToObject(c, "status", m->check_status);
  cJSON_AddNumberToObject(c, "grid_points", m->check_points);
  cJSON_AddNumberToObject(c, "reference_points", m->reference_points);
  cJSON *cq = cJSON_AddObjectToObject(c, "positions"), *cf = cJSON_AddObjectToObject(c, "full");
  cJSON_AddNumberToObject(cq, "max", m->check_q_max);
  cJSON_AddNumberToObject(cq, "rms", m->check_q_rms);
  cJSON_AddNumberToObject(cf, "max", m->check_full_max);
  cJSON_AddNumberToObject(cf, "rms", m->check_full_rms);
}

static void add_error_windowed(cJSON *rec, const RunMeasures *m) {
  if (m->windows > 0) {
    cJSON *e = cJSON_AddObjectToObject(rec, "error_windowed");
    cJSON_AddStringToObject(e, "kind", "windowed");
    cJSON_AddNumberToObject(e, "window", m->window);
    cJSON_AddNumberToObject(e, "windows", (double)m->windows);
    cJSON_AddStringToObject(e, "method", m->window_method);
    cJSON_AddNumberToObject(e, m->window_fixed_step ? "dt" : "accuracy", m->window_dt_or_accuracy);
    run_record_add_maxrms(e, "positions", &m->window_positions);
    run_record_add_maxrms(e, "full", &m->window_full);
    cJSON_AddNumberToObject(e, "failed_windows", m->failed_windows);
    if (m->failed_windows) cJSON_AddStringToObject(e, "note", m->window_failure);
    if (m->window_check) { /* the cross-check's distance: the windowed error's resolution */
      cJSON *c = cJSON_AddObjectToObject(e, "check");
      cJSON_AddStringToObject(c, "method", m->window_check);
      cJSON_AddNumberToObject(c, m->window_check_fixed_step ? "dt" : "accuracy", m->window_check_dt_or_accuracy);
      run_record_add_maxrms(c, "positions", &m->window_check_positions);
      run_record_add_maxrms(c, "full", &m->window_check_full);
      cJSON_AddNumberToObject(c, "failed_windows", m->window_check_failed);
    }
  } else if (m->window_asked) {
    cJSON_AddNullToObject(rec, "error_windowed");
    cJSON_AddStringToObject(rec, "error_windowed_note", m->window_note);
  }
}

cJSON *run_record_add_measures(cJSON *rec, const RunMeasures *m) {
  add_error(rec, m);
  if (m->error_note[0]) cJSON_AddStringToObject(rec, "error_note", m->error_note);
  else cJSON_AddNullToObject(rec, "error_note");
  add_error_windowed(rec, m);
  cJSON *ph = cJSON_AddObjectToObject(rec, "physics");
  run_record_add_maxrms(ph, "penetration", &m->penetration);
  cJSON *en = cJSON_AddObjectToObject(ph, "energy");
  int have = m->has_energy;
  double drift = m->energy_end - m->energy_start;
  run_record_add_number(en, "start", have, m->energy_start);
  run_record_add_number(en, "end", have, m->energy_end);
  run_record_add_number(en, "drift", have, drift);
  run_record_add_number(en, "drift_rel", have && !m->drift_rel_note, drift / fabs(m->energy_start));
  if (m->drift_rel_note) cJSON_AddStringToObject(en, "drift_rel_note", m->drift_rel_note);
  cJSON_AddBoolToObject(en, "conservative_model", m->conservative_model);
  if (m->guards)
    run_record_add_guards(ph, cJSON_GetObjectItemCaseSensitive(rec, "warnings"), m->guards, m->guard_warnings);
  if (m->output_error && m->output_error[0]) cJSON_AddStringToObject(rec, RUN_OUTPUT_ERROR, m->output_error);
  return ph;
}

/* A number, or null where the result left it NAN (not measured). */
static void add_measured(cJSON *o, const char *k, double v) { run_record_add_number(o, k, 1, v); }

/* physics.rest (rest_guard.h). */
static void add_rest_guard(cJSON *physics, const RestGuardResult *g) {
  cJSON *r = cJSON_AddObjectToObject(physics, "rest");
  cJSON_AddBoolToObject(r, "applies", g->applies);
  if (!g->applies) {
    cJSON_AddStringToObject(r, "not_because", g->not_because);
    return;
  }
  cJSON_AddNumberToObject(r, "trips", g->trips);
  cJSON_AddNumberToObject(r, "rest_speed", g->rest_speed);
  cJSON_AddNumberToObject(r, "move_speed", g->move_speed);
  cJSON_AddNumberToObject(r, "threshold_utilization", g->threshold_utilization);
  cJSON_AddNumberToObject(r, "started_held", g->started_held);
  cJSON_AddNumberToObject(r, "started_turn_only", g->started_turn_only);
  if (g->trips > 0) {
    cJSON *f = cJSON_AddObjectToObject(r, "first");
    cJSON_AddStringToObject(f, "body", g->first_body);
    cJSON_AddNumberToObject(f, "t", g->first_t);
    cJSON_AddNumberToObject(f, "speed", g->first_speed);
    cJSON_AddNumberToObject(f, "utilization", g->first_utilization);
    cJSON_AddNumberToObject(f, "held", g->first_held);
  }
  cJSON *sl = cJSON_AddObjectToObject(r, "slip");
  cJSON_AddNumberToObject(sl, "slip_speed", g->slip_speed);
  cJSON_AddNumberToObject(sl, "stop_factor", g->slip_stop_factor);
  cJSON_AddNumberToObject(sl, "threshold_time", g->slip_threshold_time);
  cJSON_AddNumberToObject(sl, "sustained", g->slip_sustained);
  cJSON_AddNumberToObject(sl, "fraction", g->slip_fraction);
  if (g->slip_body) {
    cJSON_AddStringToObject(sl, "body", g->slip_body);
    cJSON_AddNumberToObject(sl, "t", g->slip_t);
    cJSON_AddNumberToObject(sl, "mean_slip", g->slip_mean);
  }
  cJSON_AddNumberToObject(sl, "window", g->slip_window);
  cJSON_AddNumberToObject(sl, "recent", g->slip_recent);
  if (g->slip_recent_body) {
    cJSON_AddStringToObject(sl, "recent_body", g->slip_recent_body);
    cJSON_AddNumberToObject(sl, "recent_t", g->slip_recent_t);
    cJSON_AddNumberToObject(sl, "recent_mean_slip", g->slip_recent_mean);
  }
  cJSON *st = cJSON_AddObjectToObject(r, "held_against_load");
  cJSON_AddNumberToObject(st, "trips", g->held_trips);
  cJSON_AddNumberToObject(st, "threshold_utilization", g->held_threshold_utilization);
  cJSON_AddNumberToObject(st, "samples", g->held_samples);
  if (g->held_trips > 0) {
    cJSON_AddStringToObject(st, "body", g->held_body);
    cJSON_AddNumberToObject(st, "t", g->held_t);
    cJSON_AddNumberToObject(st, "utilization", g->held_utilization);
    if (g->held_carrier) cJSON_AddStringToObject(st, "carrier", g->held_carrier);
  }
}

/* physics.energy.max_rise (physics_guards.h). */
static void add_energy_rise(cJSON *energy, const PhysicsGuardsResult *g) {
  cJSON *rise = cJSON_AddObjectToObject(energy, "max_rise");
  if (!g->rise_judged) {
    cJSON_AddNullToObject(rise, "abs");
    cJSON_AddNullToObject(rise, "rel");
    cJSON_AddStringToObject(rise, "note", g->rise_note);
    return;
  }
  cJSON_AddNumberToObject(rise, "abs", g->rise_abs);
  add_measured(rise, "rel", g->rise_rel);
  cJSON_AddNumberToObject(rise, "t", g->rise_t);
  cJSON_AddNumberToObject(rise, "scale", g->rise_scale);
  cJSON_AddNumberToObject(rise, "threshold_rel", g->rise_threshold_rel);
  cJSON_AddBoolToObject(rise, "contact_springs", g->contact_springs);
  cJSON *loc = cJSON_AddObjectToObject(rise, "local");
  add_measured(loc, "abs", g->local_abs);
  add_measured(loc, "above_rest", g->local_above_rest);
  add_measured(loc, "rel", g->local_rel);
  add_measured(loc, "t", g->local_t);
  cJSON_AddNumberToObject(loc, "threshold_rel", g->local_threshold_rel);
  cJSON_AddNumberToObject(loc, "floor", g->local_floor);
  if (g->local_note) cJSON_AddStringToObject(loc, "note", g->local_note);
  cJSON *imp = cJSON_AddObjectToObject(rise, "across_impacts");
  add_measured(imp, "abs", g->impact_abs);
  add_measured(imp, "above_rest", g->impact_above_rest);
  add_measured(imp, "rel", g->impact_rel);
  add_measured(imp, "t", g->impact_t);
  cJSON_AddNumberToObject(imp, "threshold_rel", g->impact_threshold_rel);
  cJSON_AddNumberToObject(imp, "floor", g->impact_floor);
}

/* The guards' fields of physics.penetration after its {max, rms}. */
static void add_penetration_guard(cJSON *pen, const PhysicsGuardsResult *g) {
  add_measured(pen, "static_estimate", g->static_estimate);
  add_measured(pen, "ratio_static", g->ratio_static);
  cJSON_AddNumberToObject(pen, "t_max", g->t_max);
  add_measured(pen, "stiffness", g->stiffness);
  add_measured(pen, "energy_bound", g->energy_bound);
  add_measured(pen, "ratio_energy_bound", g->ratio_energy_bound);
  cJSON_AddStringToObject(pen, "bound", g->bound);
  add_measured(pen, "geometry_size", g->geometry_size);
  cJSON_AddNumberToObject(pen, "ratio_geometry", g->ratio_geometry);
  add_measured(pen, "t_geometry", g->t_geometry);
  cJSON_AddNumberToObject(pen, "threshold_geometry", g->threshold_geometry);
}

static void add_joint_limits(cJSON *physics, const PhysicsGuardsResult *g) {
  cJSON *jl = cJSON_AddObjectToObject(physics, "joint_limits");
  cJSON_AddNumberToObject(jl, "joints", g->joints);
  cJSON_AddNumberToObject(jl, "ratio", g->limit_ratio);
  add_measured(jl, "violation", g->limit_violation);
  add_measured(jl, "allowed", g->limit_allowed);
  add_measured(jl, "t", g->limit_t);
  if (g->limit_body) cJSON_AddStringToObject(jl, "body", g->limit_body);
  cJSON_AddNumberToObject(jl, "threshold_factor", g->limit_threshold_factor);
  cJSON_AddNumberToObject(jl, "floor", g->limit_floor);
}

static cJSON *object_in(cJSON *parent, const char *key) {
  cJSON *o = cJSON_GetObjectItemCaseSensitive(parent, key);
  return o ? o : cJSON_AddObjectToObject(parent, key);
}

void run_record_add_guards(cJSON *physics, cJSON *warnings, const PhysicsGuardsResult *g, const GuardWarnings *w) {
  cJSON_AddBoolToObject(physics, "passive", g->passive);
  if (!g->passive) cJSON_AddStringToObject(physics, "active_because", g->active_because);
  add_energy_rise(object_in(physics, "energy"), g);
  add_penetration_guard(object_in(physics, "penetration"), g);
  if (g->joints > 0) add_joint_limits(physics, g);
  cJSON *res = cJSON_AddObjectToObject(physics, "contact_residuals");
  cJSON_AddNumberToObject(res, "eps_p", g->eps_p);
  cJSON_AddNumberToObject(res, "eps_d", g->eps_d);
  cJSON_AddNumberToObject(res, "eps_c", g->eps_c);
  cJSON_AddNumberToObject(physics, "failed_samples", g->failed_samples);
  add_rest_guard(physics, &g->rest);
  for (int i = 0; i < w->n; ++i) cJSON_AddItemToArray(warnings, cJSON_CreateString(w->text[i]));
}

int physics_guards_report(const PhysicsGuards *g, const Model *m, cJSON *physics, cJSON *warnings) {
  PhysicsGuardsResult r;
  GuardWarnings w;
  int tripped = physics_guards_result(g, m, &r, &w);
  run_record_add_guards(physics, warnings, &r, &w);
  return tripped;
}

int run_stats_counters_equal(const IntegratorStats *a, const IntegratorStats *b) {
#define CB_COUNTER_EQUAL(name, meaning) if (a->name != b->name) return 0;
  CB_COUNTERS(CB_COUNTER_EQUAL)
#undef CB_COUNTER_EQUAL
  return 1;
}

/* ---- validation ---- */

const char *const run_counter_names[] = {
#define CB_COUNTER_NAME(name, meaning) #name,
    CB_COUNTERS(CB_COUNTER_NAME)
    NULL};

static const char *const added_counter_names[] = {CB_COUNTERS_ADDED(CB_COUNTER_NAME) NULL};
#undef CB_COUNTER_NAME

int run_counter_added(const char *name) {
  for (int i = 0; added_counter_names[i]; ++i)
    if (!strcmp(name, added_counter_names[i])) return 1;
  return 0;
}

/* The table (record_fields.c) checks each field's type; these are the rules between fields. */
CbStatus run_record_validate(const cJSON *r, CbError *e) {
  if (!cJSON_IsObject(r)) return CB_ERROR(e, CB_ERR_INPUT, "record is not an object");
  const cJSON *schema = json_get(r, "schema");
  if (!cJSON_IsString(schema) || strcmp(schema->valuestring, RUN_SCHEMA) != 0)
    return CB_ERROR(e, CB_ERR_INPUT, "schema is not \"%s\"", RUN_SCHEMA);
  if (record_fields_check(r, e) != CB_OK) return CB_ERR_INPUT;
  const cJSON *p = json_get(r, "params");
  if (cJSON_IsNull(json_get(p, "accuracy")) == cJSON_IsNull(json_get(p, "dt")))
    return CB_ERROR(e, CB_ERR_INPUT, "params: exactly one of accuracy and dt must be set");
  const char *st = json_get(r, "status")->valuestring;
  int ok = strcmp(st, "ok") == 0;
  if (!ok && !cJSON_IsString(json_get(r, "message"))) return CB_ERROR(e, CB_ERR_INPUT, "a %s record needs a message", st);
  const cJSON *w = json_get(r, "wall_time");
  if (cJSON_IsObject(w) && (json_num(w, "min") > json_num(w, "median") || json_num(w, "median") > json_num(w, "max")))
    return CB_ERROR(e, CB_ERR_INPUT, "wall_time: min <= median <= max violated");
  const cJSON *c = json_get(r, "counters");
  if (cJSON_IsObject(c))
    for (int i = 0; run_counter_names[i]; ++i) {
      const cJSON *x = json_get(c, run_counter_names[i]);
      if (!x && run_counter_added(run_counter_names[i])) continue; /* predates it */
      if (!cJSON_IsNumber(x) || x->valuedouble < 0)
        return CB_ERROR(e, CB_ERR_INPUT, "field 'counters.%s' missing or not a count >= 0", run_counter_names[i]);
    }
  if (ok && !cJSON_IsObject(c)) return CB_ERROR(e, CB_ERR_INPUT, "an ok record needs counters");
  if (!cJSON_IsObject(json_get(r, "error")) && !cJSON_IsString(json_get(r, "error_note")))
    return CB_ERROR(e, CB_ERR_INPUT, "error is null but error_note does not say why");
  return CB_OK;
}

/* ---- loading ---- */

/* What a document in a records folder is (run_record.h, records_load_dir). */
typedef enum {
  CLAIM_NONE = 0,   /* clearly not a record: no "schema" and neither "params" nor "status", or
                     * the schema of another cbench document (scenes, figures beside the records) */
  CLAIM_RECORD = 1, /* a record, or an array holding one */
  CLAIM_UNREADABLE  /* a record we cannot read (another cbench.run version, or a record's fields
                     * without a schema), with why */
} RecordClaim;

static RecordClaim claims_record(const cJSON *doc, char *why, size_t whylen) {
  if (cJSON_IsArray(doc)) {
    const cJSON *it;
    RecordClaim claim = CLAIM_NONE;
    cJSON_ArrayForEach(it, doc) {
      RecordClaim c = claims_record(it, why, whylen);
      if (c == CLAIM_UNREADABLE) return c;
      if (c == CLAIM_RECORD) claim = c;
    }
    return claim;
  }
  if (!cJSON_IsObject(doc)) return CLAIM_NONE;
  const cJSON *schema = cJSON_GetObjectItemCaseSensitive(doc, "schema");
  const char *s = cJSON_IsString(schema) ? schema->valuestring : NULL;
  if (s && !strcmp(s, RUN_SCHEMA)) return CLAIM_RECORD;
  if (s && !strncmp(s, "cbench.run/", 11)) {
    snprintf(why, whylen, "schema \"%s\" is not %s (written by another cbench version?)", s, RUN_SCHEMA);
    return CLAIM_UNREADABLE;
  }
  if (s && !strncmp(s, "cbench.", 7)) return CLAIM_NONE;
  if (!cJSON_GetObjectItemCaseSensitive(doc, "params") && !cJSON_GetObjectItemCaseSensitive(doc, "status")) return CLAIM_NONE;
  if (schema) snprintf(why, whylen, "a record's \"params\" or \"status\" with a schema that is not \"%s\"", RUN_SCHEMA);
  else snprintf(why, whylen, "a record's \"params\" or \"status\" but no \"schema\" (\"%s\")", RUN_SCHEMA);
  return CLAIM_UNREADABLE;
}

/* The valid records of doc (an array of records or one record) into arr; returns how many
 * entries were not valid records, with the first one's reason (and index in an array) in
 * first (why, whylen). */
static int add_records_from(cJSON *arr, cJSON *doc, char *why, size_t whylen) {
  char err[256];
  int invalid = 0;
  if (cJSON_IsArray(doc)) {
    cJSON *it;
    int index = 0;
    cJSON_ArrayForEach(it, doc) {
      if (run_record_validate(it, CB_ERR_BUF(err, sizeof err)) == CB_OK) cJSON_AddItemToArray(arr, cJSON_Duplicate(it, 1));
      else if (invalid++ == 0) snprintf(why, whylen, "entry %d: %s", index, err);
      index++;
    }
  } else if (run_record_validate(doc, CB_ERR_BUF(err, sizeof err)) == CB_OK) {
    cJSON_AddItemToArray(arr, cJSON_Duplicate(doc, 1));
  } else {
    invalid = 1;
    snprintf(why, whylen, "%s", err);
  }
  return invalid;
}

/* Parses path; NULL with "path: why" in e when it cannot be read or is not JSON. */
static cJSON *parse_file(const char *path, CbError *e) {
  cJSON *doc = json_load_file(path, e);
  if (!doc) cb_error_fail(e, CB_ERR_INPUT);
  return doc;
}

static CbStatus invalid_message(const char *path, int invalid, const char *why, const char *tail, CbError *e) {
  return CB_ERROR(e, CB_ERR_INPUT, "%s: %d %s (first: %s)%s", path, invalid,
                  invalid == 1 ? "entry is not a valid cbench.run/1 record" : "entries are not valid cbench.run/1 records",
                  why, tail);
}

/* The valid records of doc (deleted here), the invalid ones named in e. */
static cJSON *records_from_doc(cJSON *doc, const char *path, CbError *e) {
  cJSON *arr = cJSON_CreateArray();
  char why[512] = "";
  int invalid = add_records_from(arr, doc, why, sizeof why);
  if (invalid) invalid_message(path, invalid, why, ", left out", e);
  cJSON_Delete(doc);
  return arr;
}

cJSON *records_load_file(const char *path, CbError *e) {
  cb_error_clear(e);
  cJSON *doc = parse_file(path, e);
  return doc ? records_from_doc(doc, path, e) : NULL;
}

cJSON *records_load_text(const char *text, const char *path, CbError *e) {
  cb_error_clear(e);
  cJSON *doc = cJSON_Parse(text);
  if (!doc) CB_ERROR(e, CB_ERR_INPUT, "%s: not valid JSON", path);
  return doc ? records_from_doc(doc, path, e) : NULL;
}

cJSON *records_load_dir(const char *dir, CbError *e) {
  cb_error_clear(e);
  int n;
  char **names = dir_list_all(dir, ".json", &n);
  if (!names) { CB_ERROR(e, CB_ERR_IO, "%s: cannot read the directory", dir); return NULL; }
  cJSON *arr = cJSON_CreateArray();
  for (int i = 0; i < n && arr; ++i) {
    if (!strcmp(names[i], "sweep.json")) continue; /* the sweep's summary of the records here */
    CbPath path;
    cJSON *doc = cb_path_join(&path, e, dir, names[i]) == CB_OK ? parse_file(path.s, e) : NULL;
    char why[512] = "";
    int invalid = 0;
    RecordClaim claim = doc ? claims_record(doc, why, sizeof why) : CLAIM_NONE;
    if (claim == CLAIM_RECORD) invalid = add_records_from(arr, doc, why, sizeof why);
    if (claim == CLAIM_UNREADABLE) CB_ERROR(e, CB_ERR_INPUT, "%s: %s", path.s, why);
    else if (doc && invalid) invalid_message(path.s, invalid, why, "", e);
    else if (claim == CLAIM_RECORD && cJSON_IsObject(doc) && arr->child) { /* its file, as in sweep.json (merge names it) */
      cJSON *last = arr->child->prev; /* cJSON keeps the tail there */
      cJSON_DeleteItemFromObjectCaseSensitive(last, "record_file");
      cJSON_AddStringToObject(last, "record_file", names[i]);
    }
    if (!doc || invalid || claim == CLAIM_UNREADABLE) {
      cJSON_Delete(arr);
      arr = NULL;
    }
    cJSON_Delete(doc);
  }
  dir_list_free(names, n);
  return arr;
}

int run_record_complete(const char *path, const char *key) {
  char err[1024];
  cJSON *doc = json_load_file(path, CB_ERR_BUF(err, sizeof err));
  int ok = doc && run_record_validate(doc, NULL) == CB_OK;
  if (ok && key) {
    const cJSON *c = cJSON_GetObjectItemCaseSensitive(doc, "spec_key");
    ok = cJSON_IsString(c) && strcmp(c->valuestring, key) == 0;
  }
  cJSON_Delete(doc);
  return ok;
}

cJSON *run_record_load(const char *path) {
  char err[1024];
  cJSON *doc = json_load_file(path, CB_ERR_BUF(err, sizeof err));
  if (doc && run_record_validate(doc, NULL) != CB_OK) { cJSON_Delete(doc); doc = NULL; }
  return doc;
}

