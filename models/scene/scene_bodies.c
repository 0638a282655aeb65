/* Scene loader: bodies (depth-first order from the world), joints, mass properties and
 * geometries. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../math3d.h"
#include "scene_internal.h"

int scene_find_body(const Model *m, const char *name) {
  for (int b = 0; b < m->nbody; ++b)
    if (strcmp(m->bodies[b].name, name) == 0) return b;
  return -1;
}

static const char *const body_keys[] = {"name", "parent", "joint", "mass", "density", "com", "inertia",
                                        "geoms", "q0", "v0", "kinematic", NULL};

/* "kinematic": {"dir": [3], "amp": a, "freq": f, "velocity": [3]} on a fixed joint whose
 * parent is the world, and no children (models/kinematic.h). */
static CbStatus read_kinematic(SceneLoader *L, const cJSON *o, const char *path, Body *b) {
  static const char *const keys[] = {"dir", "amp", "freq", "velocity", NULL};
  const SceneCtx *c = &L->ctx;
  if (b->joint != JOINT_FIXED || b->parent != 0)
    return sc_fail(c, path, NULL, "only a body with \"joint\": \"fixed\" on the world can be kinematic");
  SC_TRY(sc_object(c, o, path, keys));
  int has_amp = sc_num(c, o, path, "amp", 0, &b->kin_amp);
  if (has_amp < 0) return has_amp;
  SC_TRY(sc_vec(c, o, path, "dir", 3, (has_amp ? SC_REQUIRED : 0) | SC_NONZERO, b->kin_dir));
  v3_normalize(b->kin_dir);
  SC_TRY(sc_num(c, o, path, "freq", SC_NONNEG, &b->kin_freq));
  SC_TRY(sc_vec(c, o, path, "velocity", 3, 0, b->kin_vel));
  b->kinematic = 1;
  return CB_OK;
}

static CbStatus read_joint(SceneLoader *L, const cJSON *o, const char *path, Body *b) {
  static const char *const keys[] = {"type", "pos", "quat", "rpy", "rpy_deg", "axis", "limit",
                                     "damping", "stiffness", "ref", "armature", NULL};
  static const char *const types[] = {"free", "revolute", "prismatic", "fixed"};
  const SceneCtx *c = &L->ctx;
  char word[CB_NAME_LEN], p[SC_PATH_LEN];
  const cJSON *tj;
  if (cJSON_IsString(o)) { /* shorthand: "joint": "free" */
    tj = o;
    snprintf(p, sizeof p, "%s", path);
  } else {
    SC_TRY(sc_object(c, o, path, keys));
    tj = cJSON_GetObjectItemCaseSensitive(o, "type");
    sc_path_key(p, path, "type");
    if (!tj) return sc_fail(c, path, NULL, "missing required field \"type\"");
  }
  if (!cJSON_IsString(tj) || !tj->valuestring) return sc_fail(c, p, tj, "joint type must be a string");
  snprintf(word, sizeof word, "%s", tj->valuestring);
  int type = -1;
  for (int t = 0; t < 4; ++t)
    if (strcmp(word, types[t]) == 0) type = t;
  if (type < 0) return sc_fail(c, p, tj, "unknown joint type (expected free, revolute, prismatic or fixed)");
  b->joint = (JointType)type;
  v3_set(b->axis, 0, 0, 1);
  if (cJSON_IsString(o)) return CB_OK;

  SC_TRY(sc_vec(c, o, path, "pos", 3, 0, b->joint_pos));
  SC_TRY(sc_orientation(c, o, path, b->joint_quat));
  int one_dof = b->joint == JOINT_REVOLUTE || b->joint == JOINT_PRISMATIC;
  static const char *const dof_keys[] = {"axis", "limit", "damping", "stiffness", "ref", "armature"};
  for (int k = 0; k < 6; ++k)
    if (!one_dof && cJSON_HasObjectItem(o, dof_keys[k])) {
      sc_path_key(p, path, dof_keys[k]);
      return sc_fail(c, p, NULL, "only revolute and prismatic joints take this field");
    }
  if (!one_dof) return CB_OK;
  SC_TRY(sc_vec(c, o, path, "axis", 3, SC_NONZERO, b->axis));
  v3_normalize(b->axis);
  double lim[2];
  int r = sc_vec(c, o, path, "limit", 2, 0, lim);
  if (r < 0) return r;
  if (r == 1) {
    if (!(lim[0] < lim[1])) {
      sc_path_key(p, path, "limit");
      return sc_fail(c, p, cJSON_GetObjectItemCaseSensitive(o, "limit"), "lower limit must be below upper limit");
    }
    b->has_limit = 1;
    b->limit_lower = lim[0];
    b->limit_upper = lim[1];
  }
  SC_TRY(sc_num(c, o, path, "damping", SC_NONNEG, &b->damping));
  SC_TRY(sc_num(c, o, path, "stiffness", SC_NONNEG, &b->stiffness));
  SC_TRY(sc_num(c, o, path, "ref", 0, &b->spring_ref));
  SC_TRY(sc_num(c, o, path, "armature", SC_NONNEG, &b->armature));
  return CB_OK;
}

/* inertia: [Ixx, Iyy, Izz], 9 numbers row-major, or [[..],[..],[..]]; symmetric PD and
 * physically consistent (each diagonal entry at most the sum of the other two). */
static CbStatus read_inertia(SceneLoader *L, const cJSON *o, const char *path, double *I) {
  const SceneCtx *c = &L->ctx;
  char p[SC_PATH_LEN];
  const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, "inertia");
  sc_path_key(p, path, "inertia");
  int n = cJSON_IsArray(v) ? cJSON_GetArraySize(v) : -1;
  memset(I, 0, 9 * sizeof(double));
  if (n == 3 && cJSON_IsArray(v->child)) {
    int i = 0;
    for (const cJSON *row = v->child; row; row = row->next, ++i) {
      char pr[SC_PATH_LEN];
      sc_path_index(pr, p, i);
      if (!cJSON_IsArray(row) || cJSON_GetArraySize(row) != 3)
        return sc_fail(c, pr, row, "must be an array of 3 numbers");
      int j = 0;
      for (const cJSON *e = row->child; e; e = e->next, ++j) {
        char pe[SC_PATH_LEN];
        sc_path_index(pe, pr, j);
        if (!cJSON_IsNumber(e)) return sc_fail(c, pe, e, "must be a number");
        SC_TRY(sc_check_num(c, pe, e->valuedouble, 0));
        I[3 * i + j] = e->valuedouble;
      }
    }
  } else if (n == 3) {
    double d[3];
    SC_TRY(sc_vec(c, o, path, "inertia", 3, SC_POSITIVE, d));
    I[0] = d[0]; I[4] = d[1]; I[8] = d[2];
  } else if (n == 9) {
    SC_TRY(sc_vec(c, o, path, "inertia", 9, 0, I));
  } else {
    return sc_fail(c, p, v, "must be 3 principal moments, 9 numbers or a 3x3 array");
  }
  double scale = fabs(I[0]) + fabs(I[4]) + fabs(I[8]);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < i; ++j)
      if (fabs(I[3 * i + j] - I[3 * j + i]) > 1e-12 * scale) return sc_fail(c, p, v, "must be symmetric");
  /* positive definite: Cholesky pivots (leading principal minors) positive */
  double m1 = I[0], m2 = I[0] * I[4] - I[1] * I[3];
  double m3 = I[0] * (I[4] * I[8] - I[5] * I[7]) - I[1] * (I[3] * I[8] - I[5] * I[6]) + I[2] * (I[3] * I[7] - I[4] * I[6]);
  if (!(m1 > 0 && m2 > 0 && m3 > 0)) return sc_fail(c, p, v, "must be positive definite");
  double tol = 1e-9 * scale;
  if (I[0] > I[4] + I[8] + tol || I[4] > I[0] + I[8] + tol || I[8] > I[0] + I[4] + tol)
    return sc_fail(c, p, v, "violates the triangle inequality (each moment at most the sum of the other two)");
  return CB_OK;
}

static CbStatus read_mass(SceneLoader *L, const cJSON *o, const char *path, Body *b, const Geom *geoms, int ngeom) {
  const SceneCtx *c = &L->ctx;
  char p[SC_PATH_LEN];
  int has_mass = cJSON_HasObjectItem(o, "mass"), has_density = cJSON_HasObjectItem(o, "density");
  int has_inertia = cJSON_HasObjectItem(o, "inertia");
  if (has_mass && has_density) {
    sc_path_key(p, path, "density");
    return sc_fail(c, p, NULL, "give either \"mass\" or \"density\", not both");
  }
  if (!has_mass && !has_density) return sc_fail(c, path, NULL, "missing required field \"mass\" (or \"density\")");
  SC_TRY(sc_num(c, o, path, "mass", SC_POSITIVE, &b->mass));
  double rho = 1.0;
  SC_TRY(sc_num(c, o, path, "density", SC_POSITIVE, &rho));
  if (has_inertia) {
    if (!has_mass) {
      sc_path_key(p, path, "inertia");
      return sc_fail(c, p, NULL, "an explicit inertia needs \"mass\", not \"density\"");
    }
    SC_TRY(sc_vec(c, o, path, "com", 3, 0, b->com));
    return read_inertia(L, o, path, b->inertia);
  }
  /* geometry-derived: uniform solid made of the body's geometries */
  if (cJSON_HasObjectItem(o, "com")) {
    sc_path_key(p, path, "com");
    return sc_fail(c, p, NULL, "\"com\" needs an explicit \"inertia\" (derived mass properties use the centroid)");
  }
  if (ngeom == 0) return sc_fail(c, path, NULL, "missing \"inertia\" (and no geometry to derive it from)");
  double M;
  char pg[SC_PATH_LEN];
  sc_path_key(pg, path, "geoms");
  SC_TRY(scene_solid_mass(L, geoms, ngeom, pg, rho, &M, b->com, b->inertia));
  if (has_mass) { /* rescale the unit-density solid to the given mass */
    double s = b->mass / M;
    for (int k = 0; k < 9; ++k) b->inertia[k] *= s;
  } else {
    b->mass = M;
  }
  return CB_OK;
}

/* Describes the parent chain from file body i around its cycle, e.g. "a -> b -> a". */
static void describe_cycle(const cJSON **json, const int *parent, int n, int i, char *buf, size_t len) {
  int slow = i;
  for (int k = 0; k < n; ++k) slow = parent[slow]; /* now inside the cycle */
  size_t used = 0;
  int j = slow;
  do {
    const char *nm = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(json[j], "name"));
    used += (size_t)snprintf(buf + used, used < len ? len - used : 0, "%s -> ", nm);
    j = parent[j];
  } while (j != slow && used < len);
  if (used < len) snprintf(buf + used, len - used, "%s",
                           cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(json[slow], "name")));
}

typedef struct {
  const char *name;
  int index; /* in the file */
} BodyName;

static int cmp_body_name(const void *a, const void *b) {
  const BodyName *x = a, *y = b;
  int c = strcmp(x->name, y->name);
  return c ? c : (x->index > y->index) - (x->index < y->index);
}

/* The file index of the body named name (sorted names), or -1. */
static int find_name(const BodyName *sorted, int n, const char *name) {
  int lo = 0, hi = n;
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    if (strcmp(sorted[mid].name, name) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo < n && !strcmp(sorted[lo].name, name) ? sorted[lo].index : -1;
}

/* Names and parents of the file's bodies; writes order[k] = file index of the k-th body in
 * depth-first order from the world (children in file order, so each tree is contiguous).
 * Names are sorted once, parents found by binary search and children listed per parent:
 * O(N log N), where pairwise name comparisons are O(N^2). */
static CbStatus sort_bodies(SceneLoader *L, const cJSON *arr, int n, const cJSON **json, int *parent, int *order) {
  const SceneCtx *c = &L->ctx;
  char p[SC_PATH_LEN], name[CB_NAME_LEN];
  BodyName *sorted = malloc(sizeof *sorted * (size_t)n);
  int *kid_start = malloc(sizeof(int) * ((size_t)n + 2)), *kids = malloc(sizeof(int) * (size_t)n);
  int *stack = malloc(sizeof(int) * (size_t)(2 * n + 2));
  CbStatus rc = CB_ERR_INPUT;
  int i = 0, k = 0;
  if (!sorted || !kid_start || !kids || !stack) { rc = sc_oom(c, "bodies"); goto done; }
  for (const cJSON *o = arr->child; o; o = o->next, ++i) {
    char path[SC_PATH_LEN];
    sc_path_index(path, "bodies", i);
    if ((rc = sc_object(c, o, path, body_keys)) < 0) goto done;
    if ((rc = sc_str(c, o, path, "name", SC_REQUIRED, name, CB_NAME_LEN)) < 0) goto done;
    sc_path_key(p, path, "name");
    if (strcmp(name, "world") == 0) { rc = sc_fail(c, p, cJSON_GetObjectItemCaseSensitive(o, "name"), "the name \"world\" is reserved"); goto done; }
    json[i] = o;
    sorted[i] = (BodyName){cJSON_GetObjectItemCaseSensitive(o, "name")->valuestring, i};
  }
  qsort(sorted, (size_t)n, sizeof *sorted, cmp_body_name);
  /* the first body whose name an earlier one has (the one a pairwise scan would name) */
  int dup = -1, first = -1;
  for (int q = 1; q < n; ++q)
    if (!strcmp(sorted[q].name, sorted[q - 1].name) && (q < 2 || strcmp(sorted[q - 1].name, sorted[q - 2].name)) &&
        (dup < 0 || sorted[q].index < dup)) {
      dup = sorted[q].index;
      first = sorted[q - 1].index;
    }
  if (dup >= 0) {
    char path[SC_PATH_LEN];
    sc_path_index(path, "bodies", dup);
    sc_path_key(p, path, "name");
    rc = sc_fail(c, p, cJSON_GetObjectItemCaseSensitive(json[dup], "name"), "duplicate body name (also bodies[%d])", first);
    goto done;
  }
  for (i = 0; i < n; ++i) {
    char path[SC_PATH_LEN];
    sc_path_index(path, "bodies", i);
    snprintf(name, sizeof name, "world");
    if ((rc = sc_str(c, json[i], path, "parent", 0, name, CB_NAME_LEN)) < 0) goto done;
    parent[i] = strcmp(name, "world") == 0 ? -1 : find_name(sorted, n, name);
    if (parent[i] == -1 && strcmp(name, "world") != 0) {
      sc_path_key(p, path, "parent");
      rc = sc_fail(c, p, cJSON_GetObjectItemCaseSensitive(json[i], "parent"), "unknown parent body");
      goto done;
    }
  }
  /* the children of each slot s (0 the world, b + 1 body b) in file order, by a counting sort
   * on the parent; afterwards slot s's children are kids[start .. kid_start[s]), start =
   * kid_start[s - 1] (0 for the world) */
  memset(kid_start, 0, sizeof(int) * ((size_t)n + 2));
  for (i = 0; i < n; ++i) kid_start[parent[i] + 2]++;
  for (i = 0; i <= n; ++i) kid_start[i + 1] += kid_start[i];
  for (i = 0; i < n; ++i) kids[kid_start[parent[i] + 1]++] = i;
  /* iterative depth-first traversal from the world: a stack of (slot, next child) */
  int *next = stack + n + 1, top = 0;
  stack[0] = 0; next[0] = 0;
  while (top >= 0) {
    int s = stack[top], j = next[top];
    if (j >= kid_start[s]) { --top; continue; }
    next[top] = j + 1;
    int b = kids[j];
    order[k++] = b;
    ++top;
    stack[top] = b + 1; next[top] = kid_start[b];
  }
  rc = CB_OK;
done:
  free(sorted);
  free(kid_start);
  free(kids);
  if (rc != CB_OK) { free(stack); return rc; }
  free(stack);
  if (k == n) return CB_OK;
  /* unreachable bodies: every body has a known parent, so they hang off a cycle */
  char *seen = calloc((size_t)n, 1);
  if (!seen) return sc_oom(c, "bodies");
  for (int q = 0; q < k; ++q) seen[order[q]] = 1;
  for (i = 0; i < n && seen[i]; ++i) {}
  free(seen);
  char cyc[200];
  describe_cycle(json, parent, n, i, cyc, sizeof cyc);
  char path[SC_PATH_LEN];
  sc_path_index(path, "bodies", i);
  sc_path_key(p, path, "parent");
  return sc_fail(c, p, cJSON_GetObjectItemCaseSensitive(json[i], "parent"), "bodies form a cycle (%s)", cyc);
}

static int count_geoms(SceneLoader *L, const cJSON *arr, const char *path) {
  if (!arr) return 0;
  return sc_array(&L->ctx, arr, path);
}

CbStatus scene_read_bodies(SceneLoader *L) {
  Model *m = L->m;
  const SceneCtx *c = &L->ctx;
  const cJSON *arr = cJSON_GetObjectItemCaseSensitive(L->root, "bodies");
  if (!arr) return sc_fail(c, "", NULL, "missing required field \"bodies\"");
  int n = sc_array(c, arr, "bodies");
  if (n < 0) return n;
  if (n == 0) return sc_fail(c, "bodies", arr, "must contain at least one body");

  m->bodies = calloc((size_t)n + 1, sizeof(Body));
  L->body_json = calloc((size_t)n + 1, sizeof(*L->body_json));
  L->body_path = calloc((size_t)n + 1, sizeof(*L->body_path));
  const cJSON **json = calloc((size_t)n, sizeof(*json));
  int *parent = calloc((size_t)2 * n + (size_t)n + 1, sizeof(int));
  if (!m->bodies || !L->body_json || !L->body_path || !json || !parent) {
    free(json); free(parent);
    return sc_oom(c, "bodies");
  }
  m->nbody = n + 1;
  int *order = parent + n, *new_index = order + n;
  int rc = sort_bodies(L, arr, n, json, parent, order);
  if (rc == 0) {
    for (int k = 0; k < n; ++k) new_index[order[k]] = k + 1;
    Body *w = &m->bodies[0];
    snprintf(w->name, CB_NAME_LEN, "world");
    w->parent = -1; w->joint = JOINT_FIXED; w->tree = -1;
    quat_identity(w->joint_quat);
    for (int k = 0; k < n; ++k) {
      int f = order[k];
      Body *b = &m->bodies[k + 1];
      L->body_json[k + 1] = json[f];
      sc_path_index(L->body_path[k + 1], "bodies", f);
      snprintf(b->name, CB_NAME_LEN, "%s", cJSON_GetObjectItemCaseSensitive(json[f], "name")->valuestring);
      b->parent = parent[f] < 0 ? 0 : new_index[parent[f]];
      quat_identity(b->joint_quat);
    }
  }
  free(json); free(parent);
  if (rc < 0) return rc;

  /* geometries: world_geoms first, then each body's in body order */
  const cJSON *wg = cJSON_GetObjectItemCaseSensitive(L->root, "world_geoms");
  int total = count_geoms(L, wg, "world_geoms");
  if (total < 0) return total;
  for (int b = 1; b < m->nbody; ++b) {
    char p[SC_PATH_LEN];
    sc_path_key(p, L->body_path[b], "geoms");
    int ng = count_geoms(L, cJSON_GetObjectItemCaseSensitive(L->body_json[b], "geoms"), p);
    if (ng < 0) return ng;
    total += ng;
  }
  m->geoms = calloc((size_t)total + 1, sizeof(Geom));
  if (!m->geoms) return sc_oom(c, "bodies");
  int g = 0;
  if (wg) {
    int i = 0;
    for (const cJSON *o = wg->child; o; o = o->next, ++i, ++g) {
      char p[SC_PATH_LEN];
      sc_path_index(p, "world_geoms", i);
      SC_TRY(scene_read_geom(L, o, p, 0, &m->geoms[g]));
      if (!m->geoms[g].name[0]) snprintf(m->geoms[g].name, CB_NAME_LEN, "world_g%d", i);
      m->ngeom = g + 1;
    }
  }
  for (int b = 1; b < m->nbody; ++b) {
    const cJSON *o = L->body_json[b];
    const char *path = L->body_path[b];
    Body *bd = &m->bodies[b];
    char p[SC_PATH_LEN];
    sc_path_key(p, path, "joint");
    const cJSON *j = cJSON_GetObjectItemCaseSensitive(o, "joint");
    if (!j) return sc_fail(c, path, NULL, "missing required field \"joint\"");
    SC_TRY(read_joint(L, j, p, bd));
    int g0 = g, i = 0;
    const cJSON *ga = cJSON_GetObjectItemCaseSensitive(o, "geoms");
    for (const cJSON *go = ga ? ga->child : NULL; go; go = go->next, ++i, ++g) {
      char pg[SC_PATH_LEN], pk[SC_PATH_LEN];
      sc_path_key(pk, path, "geoms");
      sc_path_index(pg, pk, i);
      SC_TRY(scene_read_geom(L, go, pg, b, &m->geoms[g]));
      /* an unnamed geometry is BODY_gI; one that would not fit is refused, not cut (a cut name
       * could be another geometry's) */
      if (!m->geoms[g].name[0] && snprintf(m->geoms[g].name, CB_NAME_LEN, "%s_g%d", bd->name, i) >= CB_NAME_LEN)
        return sc_fail(c, pg, NULL, "needs a \"name\": the default %s_g%d is longer than %d characters", bd->name, i,
                       CB_NAME_LEN - 1);
      m->ngeom = g + 1;
    }
    SC_TRY(read_mass(L, o, path, bd, &m->geoms[g0], g - g0));
    const cJSON *kin = cJSON_GetObjectItemCaseSensitive(o, "kinematic");
    if (kin) {
      sc_path_key(p, path, "kinematic");
      SC_TRY(read_kinematic(L, kin, p, bd));
    }
    if (m->bodies[bd->parent].kinematic) { /* parents come first: already read */
      sc_path_key(p, path, "parent");
      return sc_fail(c, p, cJSON_GetObjectItemCaseSensitive(o, "parent"), "a kinematic body cannot have children");
    }
  }
  return CB_OK;
}
