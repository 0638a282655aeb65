/* Scene loader: prescribed external forces and joint controllers. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../math3d.h"
#include "scene_internal.h"

static CbStatus read_force(SceneLoader *L, const cJSON *o, const char *path, AppliedForce *f) {
  static const char *const keys[] = {"body", "point", "dir", "constant", "ramp_rate", "ramp_end", "amp", "freq", NULL};
  const SceneCtx *c = &L->ctx;
  char name[CB_NAME_LEN], p[SC_PATH_LEN];
  SC_TRY(sc_object(c, o, path, keys));
  SC_TRY(sc_str(c, o, path, "body", SC_REQUIRED, name, sizeof name));
  f->body = scene_find_body(L->m, name);
  if (f->body <= 0) {
    sc_path_key(p, path, "body");
    return sc_fail(c, p, cJSON_GetObjectItemCaseSensitive(o, "body"), "unknown body");
  }
  SC_TRY(sc_vec(c, o, path, "point", 3, 0, f->point));
  SC_TRY(sc_vec(c, o, path, "dir", 3, SC_REQUIRED | SC_NONZERO, f->dir));
  v3_normalize(f->dir);
  f->ramp_end = INFINITY;
  SC_TRY(sc_num(c, o, path, "constant", 0, &f->constant));
  SC_TRY(sc_num(c, o, path, "ramp_rate", 0, &f->ramp_rate));
  SC_TRY(sc_num(c, o, path, "ramp_end", SC_NONNEG, &f->ramp_end));
  SC_TRY(sc_num(c, o, path, "amp", 0, &f->amp));
  SC_TRY(sc_num(c, o, path, "freq", SC_NONNEG, &f->freq));
  return CB_OK;
}

CbStatus scene_read_forces(SceneLoader *L, const cJSON *arr) {
  Model *m = L->m;
  int n = sc_array(&L->ctx, arr, "forces");
  if (n < 0) return n;
  m->forces = calloc((size_t)n + 1, sizeof(AppliedForce));
  if (!m->forces) return sc_oom(&L->ctx, "forces");
  int i = 0;
  for (const cJSON *o = arr->child; o; o = o->next, ++i) {
    char p[SC_PATH_LEN];
    sc_path_index(p, "forces", i);
    SC_TRY(read_force(L, o, p, &m->forces[i]));
    m->nforce = i + 1;
  }
  return CB_OK;
}

/* Setpoint schedule: [{"t": .., "q": [ndof]}, ...], t strictly increasing. */
static CbStatus read_setpoints(SceneLoader *L, const cJSON *arr, const char *path, Controller *ct) {
  static const char *const keys[] = {"t", "q", NULL};
  const SceneCtx *c = &L->ctx;
  int n = sc_array(c, arr, path);
  if (n < 0) return n;
  if (n == 0) return sc_fail(c, path, arr, "must contain at least one setpoint");
  ct->knot_t = calloc((size_t)n, sizeof(double));
  ct->knot_q = calloc((size_t)n * (size_t)ct->ndof, sizeof(double));
  if (!ct->knot_t || !ct->knot_q) return sc_oom(c, path);
  int k = 0;
  for (const cJSON *o = arr->child; o; o = o->next, ++k) {
    char p[SC_PATH_LEN];
    sc_path_index(p, path, k);
    SC_TRY(sc_object(c, o, p, keys));
    SC_TRY(sc_num(c, o, p, "t", SC_REQUIRED, &ct->knot_t[k]));
    if (k > 0 && !(ct->knot_t[k] > ct->knot_t[k - 1])) {
      char pt[SC_PATH_LEN];
      sc_path_key(pt, p, "t");
      return sc_fail_num(c, pt, ct->knot_t[k], "setpoint times must increase (previous %g)", ct->knot_t[k - 1]);
    }
    SC_TRY(sc_num_or_vec(c, o, p, "q", ct->ndof, SC_REQUIRED, &ct->knot_q[(size_t)k * ct->ndof]));
  }
  ct->nknots = n;
  return CB_OK;
}

static CbStatus read_controller(SceneLoader *L, const cJSON *o, const char *path, int index, Controller *ct) {
  static const char *const keys[] = {"name", "type", "joints", "kp", "kd", "ki", "effort_limit", "setpoints", NULL};
  static const char *const types[] = {"pd", "pid", "inverse_dynamics"};
  const SceneCtx *c = &L->ctx;
  const Model *m = L->m;
  char word[CB_NAME_LEN], p[SC_PATH_LEN];
  SC_TRY(sc_object(c, o, path, keys));
  snprintf(ct->name, CB_NAME_LEN, "controller%d", index);
  SC_TRY(sc_str(c, o, path, "name", 0, ct->name, CB_NAME_LEN));
  SC_TRY(sc_str(c, o, path, "type", SC_REQUIRED, word, sizeof word));
  int type = -1;
  for (int t = 0; t < 3; ++t)
    if (strcmp(word, types[t]) == 0) type = t;
  sc_path_key(p, path, "type");
  if (type < 0)
    return sc_fail(c, p, cJSON_GetObjectItemCaseSensitive(o, "type"),
                   "unknown controller type (expected pd, pid or inverse_dynamics)");
  ct->type = (ControllerType)type;

  const cJSON *joints = cJSON_GetObjectItemCaseSensitive(o, "joints");
  sc_path_key(p, path, "joints");
  if (!joints) return sc_fail(c, path, NULL, "missing required field \"joints\"");
  int n = sc_array(c, joints, p);
  if (n < 0) return n;
  if (n == 0) return sc_fail(c, p, joints, "must name at least one joint");
  ct->dof = calloc((size_t)n, sizeof(int));
  ct->qdof = calloc((size_t)n, sizeof(int));
  ct->kp = calloc((size_t)n, sizeof(double));
  ct->kd = calloc((size_t)n, sizeof(double));
  ct->ki = calloc((size_t)n, sizeof(double));
  ct->effort_limit = calloc((size_t)n, sizeof(double));
  if (!ct->dof || !ct->qdof || !ct->kp || !ct->kd || !ct->ki || !ct->effort_limit)
    return sc_oom(c, path);
  ct->ndof = n;
  int j = 0;
  for (const cJSON *e = joints->child; e; e = e->next, ++j) {
    char pj[SC_PATH_LEN];
    sc_path_index(pj, p, j);
    if (!cJSON_IsString(e)) return sc_fail(c, pj, e, "must be a body name");
    int b = scene_find_body(m, e->valuestring);
    if (b <= 0) return sc_fail(c, pj, e, "unknown body");
    JointType jt = m->bodies[b].joint;
    if (jt != JOINT_REVOLUTE && jt != JOINT_PRISMATIC)
      return sc_fail(c, pj, e, "controlled joints must be revolute or prismatic");
    for (int k = 0; k < j; ++k)
      if (ct->dof[k] == b) return sc_fail(c, pj, e, "joint listed twice");
    ct->dof[j] = b; /* body index until scene_finish_controllers maps it to q/v indices */
  }
  SC_TRY(sc_num_or_vec(c, o, path, "kp", n, SC_REQUIRED | SC_NONNEG, ct->kp));
  SC_TRY(sc_num_or_vec(c, o, path, "kd", n, SC_REQUIRED | SC_NONNEG, ct->kd));
  if (ct->type == CTRL_PID) {
    SC_TRY(sc_num_or_vec(c, o, path, "ki", n, SC_REQUIRED | SC_NONNEG, ct->ki));
  } else if (cJSON_HasObjectItem(o, "ki")) {
    sc_path_key(p, path, "ki");
    return sc_fail(c, p, NULL, "only pid controllers take \"ki\"");
  }
  for (j = 0; j < n; ++j) ct->effort_limit[j] = INFINITY;
  SC_TRY(sc_num_or_vec(c, o, path, "effort_limit", n, SC_POSITIVE, ct->effort_limit));
  const cJSON *sp = cJSON_GetObjectItemCaseSensitive(o, "setpoints");
  if (sp) {
    sc_path_key(p, path, "setpoints");
    SC_TRY(read_setpoints(L, sp, p, ct));
  }
  return CB_OK;
}

CbStatus scene_read_controllers(SceneLoader *L, const cJSON *arr) {
  Model *m = L->m;
  int n = sc_array(&L->ctx, arr, "controllers");
  if (n < 0) return n;
  m->controllers = calloc((size_t)n + 1, sizeof(Controller));
  if (!m->controllers) return sc_oom(&L->ctx, "controllers");
  m->ncontroller = n; /* zeroed entries are safe for model_free */
  int i = 0;
  for (const cJSON *o = arr->child; o; o = o->next, ++i) {
    char p[SC_PATH_LEN];
    sc_path_index(p, "controllers", i);
    SC_TRY(read_controller(L, o, p, i, &m->controllers[i]));
  }
  return CB_OK;
}

CbStatus scene_finish_controllers(SceneLoader *L) {
  Model *m = L->m;
  for (int i = 0; i < m->ncontroller; ++i) {
    Controller *ct = &m->controllers[i];
    for (int j = 0; j < ct->ndof; ++j) {
      const Body *b = &m->bodies[ct->dof[j]];
      ct->qdof[j] = b->qadr;
      ct->dof[j] = b->vadr;
    }
    if (ct->nknots > 0) continue;
    /* no schedule: hold the initial positions */
    ct->knot_t = calloc(1, sizeof(double));
    ct->knot_q = calloc((size_t)ct->ndof, sizeof(double));
    if (!ct->knot_t || !ct->knot_q) return sc_oom(&L->ctx, "controllers");
    for (int j = 0; j < ct->ndof; ++j) ct->knot_q[j] = m->q0[ct->qdof[j]];
    ct->nknots = 1;
  }
  return CB_OK;
}
