#include "reference.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../models/json_input.h"
#include "../../models/scene.h"
#include "../../models/system.h"
#include "grid_integration.h"
#include "../common/cb_path.h"
#include "../common/files.h"
#include "../common/clock.h"
#include "../common/machine.h"
#include "metrics.h"
#include "../common/num_text.h"
#include "../common/progress.h"

void reference_config_default(ReferenceConfig *c) {
  memset(c, 0, sizeof *c);
  snprintf(c->primary, sizeof c->primary, "bdf");
  c->primary_param = 1e-9;
  snprintf(c->secondary, sizeof c->secondary, "sdirk2");
  c->secondary_param = 1e-10;
  c->rate = 100.0;
  c->budget = 600.0;
}

void reference_path(const char *results_dir, const char *case_name, char *out, size_t outlen) {
  snprintf(out, outlen, "%s/reference/%s.json", results_dir, case_name);
}

void reference_free(Reference *ref) {
  free(ref->t); free(ref->q); free(ref->v);
  ref->t = ref->q = ref->v = NULL;
}

/* 1 when arr is npts rows of ncol entries (checked before anything is allocated for them). */
static int has_shape(const cJSON *arr, int npts, int ncol) {
  if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) != npts) return 0;
  const cJSON *row;
  cJSON_ArrayForEach(row, arr) if (!cJSON_IsArray(row) || cJSON_GetArraySize(row) != ncol) return 0;
  return 1;
}

/* A state size as the file gives it: an integer in [0, REFERENCE_MAX_COORDS]. */
static CbStatus read_size(const cJSON *x, int *out) {
  if (!cJSON_IsNumber(x)) return CB_ERR_INPUT;
  double v = x->valuedouble;
  if (!(v >= 0 && v <= REFERENCE_MAX_COORDS) || v != floor(v)) return CB_ERR_INPUT;
  *out = (int)v;
  return CB_OK;
}

static CbStatus read_rows(const cJSON *arr, int npts, int ncol, double *out) {
  if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) != npts) return CB_ERR_INPUT;
  int k = 0;
  const cJSON *row;
  cJSON_ArrayForEach(row, arr) {
    if (!cJSON_IsArray(row) || cJSON_GetArraySize(row) != ncol) return CB_ERR_INPUT;
    int j = 0;
    const cJSON *x;
    cJSON_ArrayForEach(x, row) {
      if (!cJSON_IsNumber(x)) return CB_ERR_INPUT;
      out[(size_t)k * (size_t)ncol + (size_t)j++] = x->valuedouble;
    }
    ++k;
  }
  return CB_OK;
}

/* The t column against the grid its t_end and grid_rate make (grid_make's points, not built:
 * a grid_rate of 1e12 must not allocate 10^12 points); CB_OK, or CB_ERR_INPUT with e. */
static CbStatus check_time_grid(const Reference *ref, const char *path, CbError *e) {
  char a[NUM_TEXT_MAX], b[NUM_TEXT_MAX];
  if (!(ref->t_end > 0) || !isfinite(ref->t_end))
    return CB_ERROR(e, CB_ERR_INPUT, "%s: t_end: expected a number > 0, got %s", path, num_text(ref->t_end, a, sizeof a));
  if (!(ref->rate > 0) || !isfinite(ref->rate) || !(ref->t_end * ref->rate < (double)(GRID_MAX_POINTS - 1)))
    return CB_ERROR(e, CB_ERR_INPUT, "%s: grid_rate: expected a number > 0 giving at most %ld points to t_end %s s, got %s",
                    path, GRID_MAX_POINTS, num_text(ref->t_end, b, sizeof b), num_text(ref->rate, a, sizeof a));
  long n = (long)floor(ref->t_end * ref->rate + 1e-9) + 1;
  long want = n + ((double)(n - 1) / ref->rate < ref->t_end - 1e-12);
  if (ref->npts != want)
    return CB_ERROR(e, CB_ERR_INPUT, "%s: t: expected %ld points (t_end %s s at grid_rate %s), got %d", path, want,
                    num_text(ref->t_end, a, sizeof a), num_text(ref->rate, b, sizeof b), ref->npts);
  for (long k = 0; k < want; ++k) {
    double tk = k < n ? (double)k / ref->rate : ref->t_end;
    if (!(fabs(ref->t[k] - tk) <= 1e-9 * (1.0 + fabs(tk)))) {
      char c[NUM_TEXT_MAX], d[NUM_TEXT_MAX];
      return CB_ERROR(e, CB_ERR_INPUT, "%s: t[%ld]: expected %s (the grid of t_end %s s at grid_rate %s), got %s", path,
                      k, num_text(tk, a, sizeof a), num_text(ref->t_end, b, sizeof b), num_text(ref->rate, c, sizeof c),
                      num_text(ref->t[k], d, sizeof d));
    }
  }
  return CB_OK;
}

int reference_fits_run(const Reference *ref, const char *case_name, double t_end, char *why, size_t whylen) {
  char a[NUM_TEXT_MAX], b[NUM_TEXT_MAX];
  if (strcmp(ref->case_name, case_name) != 0) {
    snprintf(why, whylen, "%s: case: expected '%s', got '%s'", ref->path, case_name, ref->case_name);
    return 0;
  }
  if (ref->t_end < t_end - 1e-12 * t_end) {
    snprintf(why, whylen, "%s: t_end: %s s, short of the run's %s s", ref->path, num_text(ref->t_end, a, sizeof a),
             num_text(t_end, b, sizeof b));
    return 0;
  }
  return 1;
}

CbStatus reference_load(const char *path, Reference *ref, CbError *e) {
  char *text = input_read_file(path, INPUT_MAX_BYTES, NULL, e);
  if (!text) {
    memset(ref, 0, sizeof *ref);
    return cb_error_fail(e, CB_ERR_INPUT);
  }
  CbStatus rc = reference_load_text(text, path, ref, e);
  free(text);
  return rc;
}

CbStatus reference_load_text(const char *text, const char *path, Reference *ref, CbError *e) {
  memset(ref, 0, sizeof *ref);
  snprintf(ref->path, sizeof ref->path, "%s", path);
  cJSON *doc = json_parse_checked(text, path, e);
  if (!doc) return cb_error_fail(e, CB_ERR_INPUT);
  CbStatus rc = CB_ERR_INPUT;
  const cJSON *schema = cJSON_GetObjectItemCaseSensitive(doc, "schema");
  const cJSON *prov = cJSON_GetObjectItemCaseSensitive(doc, "provenance");
  const cJSON *t = cJSON_GetObjectItemCaseSensitive(doc, "t");
  const cJSON *nq = cJSON_GetObjectItemCaseSensitive(doc, "nq");
  const cJSON *nv = cJSON_GetObjectItemCaseSensitive(doc, "nv");
  if (!cJSON_IsString(schema) || strcmp(schema->valuestring, REFERENCE_SCHEMA) != 0 ||
      !cJSON_IsObject(prov) || !cJSON_IsArray(t) || !cJSON_IsNumber(nq) || !cJSON_IsNumber(nv)) {
    CB_ERROR(e, rc, "%s: not a %s file", path, REFERENCE_SCHEMA);
    goto done;
  }
  const cJSON *cs = cJSON_GetObjectItemCaseSensitive(doc, "case");
  if (cJSON_IsString(cs)) snprintf(ref->case_name, sizeof ref->case_name, "%s", cs->valuestring);
  const cJSON *sh = cJSON_GetObjectItemCaseSensitive(prov, "scene_hash");
  const cJSON *mv = cJSON_GetObjectItemCaseSensitive(prov, "model_version");
  if (cJSON_IsString(sh)) snprintf(ref->scene_hash, sizeof ref->scene_hash, "%s", sh->valuestring);
  if (cJSON_IsString(mv)) snprintf(ref->model_version, sizeof ref->model_version, "%s", mv->valuestring);
  const cJSON *meth = cJSON_GetObjectItemCaseSensitive(prov, "method");
  const cJSON *mi = cJSON_GetObjectItemCaseSensitive(meth, "integrator");
  const cJSON *mp = cJSON_GetObjectItemCaseSensitive(meth, "accuracy");
  if (!cJSON_IsNumber(mp)) mp = cJSON_GetObjectItemCaseSensitive(meth, "dt");
  if (cJSON_IsString(mi)) snprintf(ref->method, sizeof ref->method, "%s", mi->valuestring);
  ref->method_param = cJSON_IsNumber(mp) ? mp->valuedouble : NAN;
  const cJSON *cc = cJSON_GetObjectItemCaseSensitive(prov, "cross_check");
  const cJSON *ci = cJSON_GetObjectItemCaseSensitive(cc, "integrator");
  const cJSON *cd = cJSON_GetObjectItemCaseSensitive(cc, "distance");
  const cJSON *cq = cJSON_GetObjectItemCaseSensitive(cd, "positions"), *cf = cJSON_GetObjectItemCaseSensitive(cd, "full");
  const cJSON *d4[4] = {cJSON_GetObjectItemCaseSensitive(cq, "max"), cJSON_GetObjectItemCaseSensitive(cq, "rms"),
                        cJSON_GetObjectItemCaseSensitive(cf, "max"), cJSON_GetObjectItemCaseSensitive(cf, "rms")};
  int have_check = cJSON_IsString(ci);
  for (int i = 0; i < 4; ++i) have_check &= cJSON_IsNumber(d4[i]) && d4[i]->valuedouble >= 0;
  if (have_check) { /* a cross-check that compared no point, or failed to parse, counts as none */
    snprintf(ref->check_method, sizeof ref->check_method, "%s", ci->valuestring);
    ref->check_q_max = d4[0]->valuedouble;
    ref->check_q_rms = d4[1]->valuedouble;
    ref->check_full_max = d4[2]->valuedouble;
    ref->check_full_rms = d4[3]->valuedouble;
    const cJSON *cs = cJSON_GetObjectItemCaseSensitive(cc, "status"), *cn = cJSON_GetObjectItemCaseSensitive(cd, "grid_points");
    snprintf(ref->check_status, sizeof ref->check_status, "%s", cJSON_IsString(cs) ? cs->valuestring : "ok");
    ref->check_points = cJSON_IsNumber(cn) && cn->valuedouble >= 0 && cn->valuedouble <= 1e9 ? (int)cn->valuedouble : 0;
  }
  ref->npts = cJSON_GetArraySize(t);
  int bad_nq = read_size(nq, &ref->nq) != 0;
  if (bad_nq || read_size(nv, &ref->nv)) {
    CB_ERROR(e, rc, "%s: %s: expected an integer in [0, %d], got %.17g", path, bad_nq ? "nq" : "nv",
             REFERENCE_MAX_COORDS, bad_nq ? nq->valuedouble : nv->valuedouble);
    goto done;
  }
  const cJSON *qa = cJSON_GetObjectItemCaseSensitive(doc, "q"), *va = cJSON_GetObjectItemCaseSensitive(doc, "v");
  if (!has_shape(qa, ref->npts, ref->nq) || !has_shape(va, ref->npts, ref->nv)) {
    CB_ERROR(e, rc, "%s: q/v: expected %d rows (one per t) of nq = %d / nv = %d numbers", path, ref->npts,
             ref->nq, ref->nv);
    goto done;
  }
  const cJSON *te = cJSON_GetObjectItemCaseSensitive(doc, "t_end");
  const cJSON *gr = cJSON_GetObjectItemCaseSensitive(doc, "grid_rate");
  ref->t_end = cJSON_IsNumber(te) ? te->valuedouble : 0.0;
  ref->rate = cJSON_IsNumber(gr) ? gr->valuedouble : 100.0;
  ref->t = malloc(sizeof(double) * ((size_t)ref->npts + 1));
  ref->q = malloc(sizeof(double) * ((size_t)ref->npts * (size_t)ref->nq + 1));
  ref->v = malloc(sizeof(double) * ((size_t)ref->npts * (size_t)ref->nv + 1));
  if (!ref->t || !ref->q || !ref->v) { rc = CB_ERROR(e, CB_ERR_MEMORY, "%s: out of memory", path); goto done; }
  int k = 0;
  const cJSON *x;
  cJSON_ArrayForEach(x, t) ref->t[k++] = cJSON_IsNumber(x) ? x->valuedouble : NAN;
  if (read_rows(qa, ref->npts, ref->nq, ref->q) != 0 || read_rows(va, ref->npts, ref->nv, ref->v) != 0) {
    CB_ERROR(e, rc, "%s: malformed q/v arrays", path);
    goto done;
  }
  if (check_time_grid(ref, path, e) != CB_OK) goto done;
  rc = CB_OK;
done:
  cJSON_Delete(doc);
  if (rc != CB_OK) reference_free(ref);
  return rc;
}

static void model_version_hash(char *out, size_t outlen) {
  hash_hex(hash_fnv1a64(CBENCH_MODEL_VERSION, strlen(CBENCH_MODEL_VERSION)), out, outlen);
}

int reference_is_current(const Reference *ref, const char *scene_path, char *why, size_t whylen) {
  char h[64];
  if (hash_file(scene_path, h, sizeof h) != 0) {
    snprintf(why, whylen, "scene file %s unreadable", scene_path);
    return 0;
  }
  if (strcmp(h, ref->scene_hash) != 0) {
    snprintf(why, whylen, "scene file changed (hash %s, reference made from %s)", h, ref->scene_hash);
    return 0;
  }
  if (strcmp(ref->model_version, CBENCH_MODEL_VERSION) != 0) {
    snprintf(why, whylen, "model version changed (%s, reference made with %s)", CBENCH_MODEL_VERSION,
             ref->model_version);
    return 0;
  }
  return 1;
}

/* Sink storing every grid state (primary) or measuring the distance to it (secondary). */
typedef struct {
  const Model *m;
  double *q, *v;           /* primary storage */
  const double *qref, *vref;
  MaxRms dq, dfull;
  Progress pg;             /* of the integration in progress */
  char what[160];
} RefSink;

static int store_sink(void *ctx, Integrator *it, int k, double t, const double *x, char *msg, size_t msglen) {
  RefSink *s = ctx;
  progress_show(&s->pg, t / s->m->t_end, s->what);
  memcpy(s->q + (size_t)k * (size_t)s->m->nq, x, sizeof(double) * (size_t)s->m->nq);
  memcpy(s->v + (size_t)k * (size_t)s->m->nv, x + s->m->nq, sizeof(double) * (size_t)s->m->nv);
  return 0;
}

static int distance_sink(void *ctx, Integrator *it, int k, double t, const double *x, char *msg, size_t msglen) {
  RefSink *s = ctx;
  progress_show(&s->pg, t / s->m->t_end, s->what);
  double eq, ef;
  metrics_state_error(s->m, x, x + s->m->nq, s->qref + (size_t)k * (size_t)s->m->nq,
                      s->vref + (size_t)k * (size_t)s->m->nv, &eq, &ef);
  maxrms_add(&s->dq, eq);
  maxrms_add(&s->dfull, ef);
  return 0;
}

static void set_param(IntegratorOptions *o, const IntegratorVtbl *vt, double p) {
  memset(o, 0, sizeof *o);
  if (vt->fixed_step) o->dt = p; else o->accuracy = p;
  o->error_norm = ERRNORM_FULL;
}

static cJSON *method_json(const IntegratorVtbl *vt, double p, const GridRunResult *r) {
  cJSON *o = cJSON_CreateObject();
  cJSON_AddStringToObject(o, "integrator", vt->name);
  cJSON_AddNumberToObject(o, vt->fixed_step ? "dt" : "accuracy", p);
  cJSON_AddNumberToObject(o, "wall_time", r->wall);
  cJSON_AddNumberToObject(o, "steps", (double)r->stats.steps);
  cJSON_AddNumberToObject(o, "rejected", (double)r->stats.rejected);
  return o;
}

static cJSON *rows_json(const double *a, int npts, int ncol) {
  cJSON *arr = cJSON_CreateArray();
  for (int k = 0; k < npts; ++k)
    cJSON_AddItemToArray(arr, cJSON_CreateDoubleArray(a + (size_t)k * (size_t)ncol, ncol));
  return arr;
}

/* Picks the primary: configured primary, else configured secondary, else any registered
 * error-controlled integrator at accuracy 1e-8. */
const IntegratorVtbl *reference_pick_method(const IntegratorRegistry *r, const ReferenceConfig *c, double *p) {
  const IntegratorVtbl *vt = integrator_registry_find(r, c->primary);
  if (vt) { *p = c->primary_param; return vt; }
  vt = integrator_registry_find(r, c->secondary);
  if (vt) { *p = c->secondary_param; return vt; }
  for (int i = 0; i < integrator_registry_count(r); ++i) {
    vt = integrator_registry_at(r, i);
    if (!vt->fixed_step) { *p = 1e-8; return vt; }
  }
  return NULL;
}

/* Family of an integrator: its name up to the first '-' ("cenic-sd" -> "cenic"). */
static size_t family_len(const char *name) {
  const char *d = strchr(name, '-');
  return d ? (size_t)(d - name) : strlen(name);
}

/* Fallback cross-check: an error-controlled integrator of another family than vt1. */
static const IntegratorVtbl *pick_other_family(const IntegratorRegistry *r, const IntegratorVtbl *vt1, double *p,
                                               double param) {
  size_t l1 = family_len(vt1->name);
  for (int i = 0; i < integrator_registry_count(r); ++i) {
    const IntegratorVtbl *vt = integrator_registry_at(r, i);
    size_t l = family_len(vt->name);
    if (vt->fixed_step || vt == vt1 || (l == l1 && strncmp(vt->name, vt1->name, l) == 0)) continue;
    *p = param;
    return vt;
  }
  return NULL;
}

/* 1 when the reference at path can be reused as it is; otherwise says on stderr why it is
 * recomputed (missing, unreadable, stale). */
static int reference_reusable(const CbenchContext *cb, const char *path, const char *scene_path, const char *case_name,
                              const ReferenceConfig *cfg, double want_t_end) {
  if (!file_exists(path)) {
    cbench_note(cb, "reference %s: none at %s: computing it now", case_name, path);
    return 0;
  }
  Reference old;
  char lerr[512], why[512];
  if (reference_load(path, &old, CB_ERR_BUF(lerr, sizeof lerr)) != CB_OK) {
    cbench_note(cb, "reference %s unusable (%s); recomputing", path, lerr);
    return 0;
  }
  int cur = reference_is_current(&old, scene_path, why, sizeof why);
  if (cur && strcmp(old.case_name, case_name) != 0) {
    cur = 0;
    snprintf(why, sizeof why, "made for case '%s'", old.case_name);
  }
  double want_p = 0.0;
  const IntegratorVtbl *want = reference_pick_method(&cb->registry, cfg, &want_p);
  /* a horizon other than the one asked (the scene's duration unless --t-end) is not reused: a
   * shorter one would measure a longer run's error over part of it only */
  if (cur && fabs(old.t_end - want_t_end) > 1e-12 * want_t_end) {
    cur = 0;
    snprintf(why, sizeof why, "made to t = %g, asked for t = %g", old.t_end, want_t_end);
  }
  if (cur && cfg->method_asked && want && (strcmp(old.method, want->name) != 0 || old.method_param != want_p || old.rate != cfg->rate)) {
    cur = 0;
    snprintf(why, sizeof why, "made with %s at %g on %g points per s, asked for %s at %g on %g", old.method,
             old.method_param, old.rate, want->name, want_p, cfg->rate);
  }
  reference_free(&old);
  if (!cur) cbench_note(cb, "reference %s is stale: %s; recomputing", path, why);
  return cur;
}

/* One reference computation: the case, its model on the output grid, the primary integrator and
 * the cross-check (none: vt2 NULL). */
typedef struct {
  const CbenchContext *cb;  /* where notes go */
  const char *scene_path, *case_name, *scene_hash;
  const ReferenceConfig *cfg;
  Model *m;
  double *tg;
  int npts;
  const IntegratorVtbl *vt1, *vt2;
  double p1, p2;
} RefPlan;

/* The primary (reference_pick_method) and the cross-check: the configured secondary, else the
 * primary when the secondary was picked first, else another family (unless --secondary none). */
static CbStatus reference_methods(const IntegratorRegistry *r, const ReferenceConfig *cfg, RefPlan *p, CbError *e) {
  p->p1 = 0.0;
  p->p2 = cfg->secondary_param;
  p->vt1 = reference_pick_method(r, cfg, &p->p1);
  if (!p->vt1)
    return CB_ERROR(e, CB_ERR_INPUT, "no integrator available for the reference (wanted %s or %s)", cfg->primary,
                    cfg->secondary);
  p->vt2 = integrator_registry_find(r, cfg->secondary);
  if (p->vt2 == p->vt1) {
    p->vt2 = integrator_registry_find(r, cfg->primary);
    p->p2 = cfg->primary_param;
  }
  if (p->vt2 == p->vt1) p->vt2 = NULL;
  if (!p->vt2 && strcmp(cfg->secondary, "none") != 0) p->vt2 = pick_other_family(r, p->vt1, &p->p2, cfg->secondary_param);
  return CB_OK;
}

/* The plan on stderr: what runs, and how long it may take (each integration is bounded by the
 * budget; a terminal also gets the time left). */
static void reference_announce(const RefPlan *p) {
  char bound[256] = "no time limit";
  if (p->cfg->budget > 0) {
    char d[32];
    progress_duration_text(p->cfg->budget * (p->vt2 ? 2 : 1), d, sizeof d);
    snprintf(bound, sizeof bound, "at most %s (--timeout %g s per integration), checked at each output point: one stiff "
             "interval can overrun it", d, p->cfg->budget);
  }
  cbench_note(p->cb, "reference %s: %s at %s %g%s%s over %g simulated s (seconds for small cases, minutes for "
                  "contact-rich ones; %s)",
          p->case_name, p->vt1->name, p->vt1->fixed_step ? "dt" : "accuracy", p->p1,
          p->vt2 ? ", then a cross-check with " : "", p->vt2 ? p->vt2->name : "", p->m->t_end, bound);
}

/* The cross-check integrated against the stored primary: its method, status and distance. */
static cJSON *cross_check_json(const RefPlan *p, RefSink *s) {
  const IntegratorVtbl *vt2 = p->vt2;
  cbench_note(p->cb, "reference %s: cross-check with %s at %s %g ...", p->case_name, vt2->name,
          vt2->fixed_step ? "dt" : "accuracy", p->p2);
  IntegratorOptions o;
  GridRunResult r2;
  s->qref = s->q;
  s->vref = s->v;
  set_param(&o, vt2, p->p2);
  snprintf(s->what, sizeof s->what, "reference %s: cross-check %s", p->case_name, vt2->name);
  progress_begin(&s->pg, p->cfg->quiet);
  int st = grid_run(vt2, p->m, &o, p->tg, p->npts, p->cfg->budget, NULL, distance_sink, s, &r2);
  progress_end(&s->pg);
  cJSON *cc = method_json(vt2, p->p2, &r2);
  cJSON_AddStringToObject(cc, "status", st == RUN_OK ? "ok" : st == RUN_TIMEOUT ? "timeout" : "failed");
  if (st != RUN_OK) cJSON_AddStringToObject(cc, "message", r2.message);
  if (s->dq.n == 0) {
    /* nothing compared: no distance to report (a 0 would read as perfect agreement) */
    cJSON_AddNullToObject(cc, "distance");
    cbench_note(p->cb, "reference %s: cross-check with %s compared no grid point", p->case_name, vt2->name);
    return cc;
  }
  cJSON *d = cJSON_AddObjectToObject(cc, "distance");
  cJSON *dq = cJSON_AddObjectToObject(d, "positions");
  cJSON_AddNumberToObject(dq, "max", s->dq.max);
  cJSON_AddNumberToObject(dq, "rms", maxrms_rms(&s->dq));
  cJSON *df = cJSON_AddObjectToObject(d, "full");
  cJSON_AddNumberToObject(df, "max", s->dfull.max);
  cJSON_AddNumberToObject(df, "rms", maxrms_rms(&s->dfull));
  cJSON_AddNumberToObject(d, "grid_points", (double)s->dq.n);
  cbench_note(p->cb, "reference %s: distance %s vs %s: positions max %.3g rms %.3g, full max %.3g over %d points",
          p->case_name, p->vt1->name, vt2->name, s->dq.max, maxrms_rms(&s->dq), s->dfull.max, (int)s->dq.n);
  return cc;
}

/* The reference file's document after the primary's run r1: provenance (running the cross-check)
 * and the stored states. */
static cJSON *reference_doc(const RefPlan *p, RefSink *s, const GridRunResult *r1) {
  cJSON *doc = cJSON_CreateObject();
  cJSON_AddStringToObject(doc, "schema", REFERENCE_SCHEMA);
  cJSON_AddStringToObject(doc, "case", p->case_name);
  cJSON *prov = cJSON_AddObjectToObject(doc, "provenance");
  cJSON_AddStringToObject(prov, "scene", p->scene_path);
  cJSON_AddStringToObject(prov, "scene_hash", p->scene_hash);
  cJSON_AddStringToObject(prov, "model_version", CBENCH_MODEL_VERSION);
  char mvh[64];
  model_version_hash(mvh, sizeof mvh);
  cJSON_AddStringToObject(prov, "model_version_hash", mvh);
  cJSON_AddItemToObject(prov, "method", method_json(p->vt1, p->p1, r1));
  if (p->vt2) {
    cJSON_AddItemToObject(prov, "cross_check", cross_check_json(p, s));
  } else {
    cJSON_AddNullToObject(prov, "cross_check");
    cJSON_AddStringToObject(prov, "cross_check_note", strcmp(p->cfg->secondary, "none") ? "no second integrator registered"
                                                                                        : "none asked (--secondary none)");
  }
  char buf[128];
  machine_build_sha(buf, sizeof buf);
  cJSON_AddStringToObject(prov, "git", buf);
  clock_utc_iso8601(buf, sizeof buf);
  cJSON_AddStringToObject(prov, "date", buf);
  cJSON_AddNumberToObject(doc, "t_end", p->m->t_end);
  cJSON_AddNumberToObject(doc, "grid_rate", p->cfg->rate);
  cJSON_AddNumberToObject(doc, "nq", p->m->nq);
  cJSON_AddNumberToObject(doc, "nv", p->m->nv);
  cJSON_AddItemToObject(doc, "t", cJSON_CreateDoubleArray(p->tg, p->npts));
  cJSON_AddItemToObject(doc, "q", rows_json(s->q, p->npts, p->m->nq));
  cJSON_AddItemToObject(doc, "v", rows_json(s->v, p->npts, p->m->nv));
  return doc;
}

/* doc written to path (its folder made). CB_OK, or CB_ERR_IO with e. */
static CbStatus reference_write(const CbenchContext *cb, const char *path, const char *case_name, const cJSON *doc,
                                CbError *e) {
  CbPath dir;
  if (cb_path_join(&dir, e, cb->results_dir, "reference") != CB_OK) return CB_ERR_IO;
  char *text = json_print(doc, 0);
  CbStatus rc = CB_ERR_IO;
  if (!text || dir_make_parents(dir.s) != 0) {
    CB_ERROR(e, rc, "cannot write %s", path);
  } else if (file_write_atomic(path, text, strlen(text), e) == CB_OK) {
    rc = CB_OK;
    cbench_note(cb, "reference %s: wrote %s", case_name, path);
  }
  free(text);
  return rc;
}

/* The primary's states on the grid, the cross-check's distance to them, the file written. CB_OK,
 * or with e CB_ERR_MEMORY, CB_ERR_TIMEOUT or CB_ERR_STEP (the integration failed), CB_ERR_IO. */
static CbStatus reference_integrate(const CbenchContext *cb, const RefPlan *p, const char *path, CbError *e) {
  RefSink s = {.m = p->m};
  s.q = malloc(sizeof(double) * (size_t)(p->npts * p->m->nq + 1));
  s.v = malloc(sizeof(double) * (size_t)(p->npts * p->m->nv + 1));
  CbStatus rc = CB_ERR_MEMORY;
  if (!s.q || !s.v) { CB_ERROR(e, rc, "out of memory"); goto out; }
  IntegratorOptions o;
  GridRunResult r1;
  set_param(&o, p->vt1, p->p1);
  reference_announce(p);
  snprintf(s.what, sizeof s.what, "reference %s: %s", p->case_name, p->vt1->name);
  progress_begin(&s.pg, p->cfg->quiet);
  int st1 = grid_run(p->vt1, p->m, &o, p->tg, p->npts, p->cfg->budget, NULL, store_sink, &s, &r1);
  progress_end(&s.pg);
  if (st1 != RUN_OK) {
    rc = st1 == RUN_TIMEOUT ? CB_ERR_TIMEOUT : CB_ERR_STEP;
    CB_ERROR(e, rc, "reference integration with %s failed at t = %g: %s", p->vt1->name, r1.t_reached, r1.message);
    goto out;
  }
  cJSON *doc = reference_doc(p, &s, &r1);
  rc = reference_write(cb, path, p->case_name, doc, e);
  cJSON_Delete(doc);
out:
  free(s.q); free(s.v);
  return rc;
}

int reference_check_incomplete(const Reference *ref, char *out, size_t outlen) {
  out[0] = '\0';
  if (!ref->check_method[0]) {
    snprintf(out, outlen, "not cross-checked: its own error is unknown");
    return 1;
  }
  if (ref->check_points > 0 && ref->check_points < ref->npts) {
    double t_last = ref->t[ref->check_points - 1];
    snprintf(out, outlen, "its cross-check (%s, %s) compared %d of %d grid points: the distance covers t <= %g s of %g only",
             ref->check_method, ref->check_status[0] ? ref->check_status : "stopped", ref->check_points, ref->npts, t_last,
             ref->t_end);
    return 1;
  }
  return 0;
}

CbStatus reference_ensure(const CbenchContext *cb, const char *scene_path, const char *case_name,
                          const ReferenceConfig *cfg, int *computed, CbError *e) {
  *computed = 0;
  CbPath path;
  if (cb_path(&path, e, "%s/reference/%s.json", cb->results_dir, case_name) != CB_OK) return CB_ERR_IO;
  char scene_hash[64];
  RefPlan p = {.cb = cb, .scene_path = scene_path, .case_name = case_name, .scene_hash = scene_hash, .cfg = cfg};
  p.m = scene_load(scene_path, e);
  if (!p.m) return cb_error_fail(e, CB_ERR_INPUT);
  if (cfg->t_end > 0) p.m->t_end = cfg->t_end; /* a shorter horizon (figures' quick mode, a cut budget) */
  CbStatus rc = CB_OK;
  if (!cfg->force && reference_reusable(cb, path.s, scene_path, case_name, cfg, p.m->t_end)) goto out;
  rc = CB_ERR_INPUT;
  if (hash_file(scene_path, scene_hash, sizeof scene_hash) != 0) {
    CB_ERROR(e, rc, "%s: cannot read scene file", scene_path);
    goto out;
  }
  if (!(cfg->rate > 0)) { CB_ERROR(e, rc, "grid rate must be > 0"); goto out; }
  if (reference_methods(&cb->registry, cfg, &p, e) != CB_OK) goto out;
  p.tg = grid_make(p.m->t_end, cfg->rate, &p.npts);
  if (!p.tg) {
    CB_ERROR(e, rc, "%s: duration %g s at --grid %g points per s exceeds %ld output points", scene_path, p.m->t_end,
             cfg->rate, GRID_MAX_POINTS);
    goto out;
  }
  rc = reference_integrate(cb, &p, path.s, e);
  if (rc == 0) *computed = 1;
out:
  free(p.tg);
  model_free(p.m);
  return rc;
}
