/* Scene loader: "suction" cups (models/suction.h, cases/FORMAT.md). Read after model_finalize,
 * since targets are checked against the kinematic trees. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../math3d.h"
#include "../suction.h"
#include "scene_internal.h"

static int has_pullable_geom(const Model *m, int b) {
  for (int g = 0; g < m->ngeom; ++g) {
    GeomType t = m->geoms[g].type;
    if (m->geoms[g].body == b && (t == GEOM_SPHERE || t == GEOM_BOX || t == GEOM_CYLINDER || t == GEOM_CAPSULE))
      return 1;
  }
  return 0;
}

static CbStatus read_targets(SceneLoader *L, const cJSON *o, const char *path, SuctionCup *s) {
  const SceneCtx *c = &L->ctx;
  const Model *m = L->m;
  char p[SC_PATH_LEN];
  const cJSON *tg = cJSON_GetObjectItemCaseSensitive(o, "targets");
  sc_path_key(p, path, "targets");
  s->ntarget = 0;
  if (!tg) return CB_OK;
  if (cJSON_IsString(tg)) {
    if (strcmp(tg->valuestring, "all") == 0) return CB_OK;
    return sc_fail(c, p, tg, "must be \"all\" or an array of body names");
  }
  int n = sc_array(c, tg, p);
  if (n < 0) return n;
  if (n == 0) return sc_fail(c, p, tg, "must name at least one body (or be \"all\")");
  if (n > CB_SUCTION_MAX_TARGETS) return sc_fail(c, p, NULL, "at most %d targets per cup", CB_SUCTION_MAX_TARGETS);
  int cup_tree = m->bodies[s->body].tree, k = 0;
  for (const cJSON *e = tg->child; e; e = e->next, ++k) {
    char pk[SC_PATH_LEN];
    sc_path_index(pk, p, k);
    if (!cJSON_IsString(e)) return sc_fail(c, pk, e, "must be a body name");
    int b = scene_find_body(m, e->valuestring);
    if (b < 0) return sc_fail(c, pk, e, "unknown body");
    if (m->bodies[b].tree < 0) return sc_fail(c, pk, e, "target must be a movable body");
    if (b == s->body || (cup_tree >= 0 && m->bodies[b].tree == cup_tree))
      return sc_fail(c, pk, e, "target is on the cup body's own kinematic tree");
    if (!has_pullable_geom(m, b)) return sc_fail(c, pk, e, "target has no sphere, box, cylinder or capsule geometry");
    for (int j = 0; j < k; ++j)
      if (s->target[j] == b) return sc_fail(c, pk, e, "target listed twice");
    s->target[k] = b;
  }
  s->ntarget = n;
  return CB_OK;
}

static CbStatus read_cup(SceneLoader *L, const cJSON *o, const char *path, SuctionCup *s) {
  static const char *const keys[] = {"body", "point", "dir", "max_force", "max_distance", "saturation_distance",
                                     "on", "targets", NULL};
  const SceneCtx *c = &L->ctx;
  char name[CB_NAME_LEN], p[SC_PATH_LEN];
  SC_TRY(sc_object(c, o, path, keys));
  SC_TRY(sc_str(c, o, path, "body", SC_REQUIRED, name, sizeof name));
  s->body = scene_find_body(L->m, name);
  if (s->body < 0) {
    sc_path_key(p, path, "body");
    return sc_fail(c, p, cJSON_GetObjectItemCaseSensitive(o, "body"), "unknown body");
  }
  SC_TRY(sc_vec(c, o, path, "point", 3, 0, s->point));
  SC_TRY(sc_vec(c, o, path, "dir", 3, SC_REQUIRED | SC_NONZERO, s->dir));
  v3_normalize(s->dir);
  SC_TRY(sc_num(c, o, path, "max_force", SC_REQUIRED | SC_POSITIVE, &s->max_force));
  SC_TRY(sc_num(c, o, path, "max_distance", SC_REQUIRED | SC_POSITIVE, &s->max_distance));
  s->saturation_distance = 0.1 * s->max_distance;
  SC_TRY(sc_num(c, o, path, "saturation_distance", SC_POSITIVE, &s->saturation_distance));
  if (!(s->saturation_distance < s->max_distance)) {
    sc_path_key(p, path, "saturation_distance");
    return sc_fail_num(c, p, s->saturation_distance, "must be below max_distance (%g)", s->max_distance);
  }
  double on[2] = {0, INFINITY};
  int st = sc_vec(c, o, path, "on", 2, SC_NONNEG, on);
  if (st < 0) return st;
  if (st > 0 && !(on[1] > on[0])) {
    sc_path_key(p, path, "on");
    return sc_fail(c, p, cJSON_GetObjectItemCaseSensitive(o, "on"), "switch-off time must follow switch-on time");
  }
  s->t_on = on[0];
  s->t_off = on[1];
  return read_targets(L, o, path, s);
}

CbStatus scene_read_suction(SceneLoader *L, const cJSON *arr) {
  Model *m = L->m;
  int n = sc_array(&L->ctx, arr, "suction");
  if (n < 0) return n;
  m->suction = calloc((size_t)n + 1, sizeof(SuctionCup));
  if (!m->suction) return sc_oom(&L->ctx, "suction");
  int i = 0;
  for (const cJSON *o = arr->child; o; o = o->next, ++i) {
    char p[SC_PATH_LEN];
    sc_path_index(p, "suction", i);
    SC_TRY(read_cup(L, o, p, &m->suction[i]));
    m->nsuction = i + 1;
  }
  return CB_OK;
}
