/* Scene loader: the initial state q0, v0 from each body's "q0" / "v0" (after model_finalize
 * has placed every joint in q and v). */
#include <stdio.h>
#include <string.h>

#include "../math3d.h"
#include "scene_internal.h"

static CbStatus read_free_state(SceneLoader *L, int b, const cJSON *q0, const cJSON *v0) {
  static const char *const qkeys[] = {"pos", "quat", "rpy", "rpy_deg", NULL};
  static const char *const vkeys[] = {"angular", "linear", "frame", NULL};
  const SceneCtx *c = &L->ctx;
  Model *m = L->m;
  const Body *bd = &m->bodies[b];
  double *q = m->q0 + bd->qadr, *v = m->v0 + bd->vadr;
  char p[SC_PATH_LEN];
  v3_set(q, 0, 0, 0);
  quat_identity(q + 3);
  if (q0) {
    sc_path_key(p, L->body_path[b], "q0");
    SC_TRY(sc_object(c, q0, p, qkeys));
    SC_TRY(sc_vec(c, q0, p, "pos", 3, 0, q));
    SC_TRY(sc_orientation(c, q0, p, q + 3));
  }
  if (!v0) return CB_OK;
  sc_path_key(p, L->body_path[b], "v0");
  SC_TRY(sc_object(c, v0, p, vkeys));
  SC_TRY(sc_vec(c, v0, p, "angular", 3, 0, v));
  SC_TRY(sc_vec(c, v0, p, "linear", 3, 0, v + 3));
  char frame[16] = "body";
  SC_TRY(sc_str(c, v0, p, "frame", 0, frame, sizeof frame));
  char pf[SC_PATH_LEN];
  sc_path_key(pf, p, "frame");
  const cJSON *fj = cJSON_GetObjectItemCaseSensitive(v0, "frame");
  /* The model's free-joint velocities are expressed in the joint frame F (models/model.h). */
  if (strcmp(frame, "world") == 0) {
    /* given in the world frame: v_F = R_F^T v_w, R_F = the joint frame's rotation */
    if (bd->parent != 0) return sc_fail(c, pf, fj, "\"world\" needs a body whose parent is the world");
    double RF[9];
    quat_to_mat(RF, bd->joint_quat);
    m3_tmulv(v, RF, v);
    m3_tmulv(v + 3, RF, v + 3);
  } else if (strcmp(frame, "body") == 0) {
    /* given in the body frame at q0: v_F = R_rel v_b */
    double Rq[9];
    quat_to_mat(Rq, q + 3);
    m3_mulv(v, Rq, v);
    m3_mulv(v + 3, Rq, v + 3);
  } else {
    return sc_fail(c, pf, fj, "must be \"body\" or \"world\"");
  }
  return CB_OK;
}

CbStatus scene_read_initial_state(SceneLoader *L) {
  Model *m = L->m;
  const SceneCtx *c = &L->ctx;
  for (int b = 1; b < m->nbody; ++b) {
    const Body *bd = &m->bodies[b];
    const cJSON *q0 = cJSON_GetObjectItemCaseSensitive(L->body_json[b], "q0");
    const cJSON *v0 = cJSON_GetObjectItemCaseSensitive(L->body_json[b], "v0");
    char p[SC_PATH_LEN];
    if (bd->joint == JOINT_FREE) {
      SC_TRY(read_free_state(L, b, q0, v0));
    } else if (bd->joint == JOINT_FIXED) {
      if (q0 || v0) {
        sc_path_key(p, L->body_path[b], q0 ? "q0" : "v0");
        return sc_fail(c, p, NULL, "a fixed joint has no state");
      }
    } else {
      double *q = &m->q0[bd->qadr];
      SC_TRY(sc_num(c, L->body_json[b], L->body_path[b], "q0", 0, q));
      SC_TRY(sc_num(c, L->body_json[b], L->body_path[b], "v0", 0, &m->v0[bd->vadr]));
      if (bd->has_limit && (*q < bd->limit_lower || *q > bd->limit_upper)) {
        sc_path_key(p, L->body_path[b], "q0");
        return sc_fail_num(c, p, *q, "outside the joint limit [%g, %g]", bd->limit_lower, bd->limit_upper);
      }
    }
  }
  return CB_OK;
}
