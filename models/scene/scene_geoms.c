/* Scene loader: contact materials, geometries, and mass properties of solid geometry. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../math3d.h"
#include "scene_internal.h"

int scene_find_material(const Model *m, const char *name) {
  for (int i = 0; i < m->nmaterial; ++i)
    if (strcmp(m->materials[i].name, name) == 0) return i;
  return -1;
}

static CbStatus read_material(SceneLoader *L, const cJSON *o, const char *path, Material *mat) {
  static const char *const keys[] = {"name", "stiffness", "dissipation", "mu", "mu_static", "mu_dynamic", NULL};
  const SceneCtx *c = &L->ctx;
  char p[SC_PATH_LEN];
  SC_TRY(sc_object(c, o, path, keys));
  SC_TRY(sc_str(c, o, path, "name", SC_REQUIRED, mat->name, CB_NAME_LEN));
  if (scene_find_material(L->m, mat->name) >= 0) {
    sc_path_key(p, path, "name");
    return sc_fail(c, p, cJSON_GetObjectItemCaseSensitive(o, "name"), "duplicate material name");
  }
  /* stiffness: a positive number, or "rigid" (k = infinity: the other surface's k is used) */
  const cJSON *k = cJSON_GetObjectItemCaseSensitive(o, "stiffness");
  sc_path_key(p, path, "stiffness");
  if (cJSON_IsString(k) && k->valuestring && strcmp(k->valuestring, "rigid") == 0) {
    mat->stiffness = INFINITY;
  } else if (k && !cJSON_IsNumber(k)) {
    return sc_fail(c, p, k, "must be a positive number or \"rigid\"");
  } else {
    SC_TRY(sc_num(c, o, path, "stiffness", SC_REQUIRED | SC_POSITIVE, &mat->stiffness));
  }
  mat->dissipation = 0;
  SC_TRY(sc_num(c, o, path, "dissipation", SC_NONNEG, &mat->dissipation));
  /* friction: "mu" sets both coefficients, or "mu_static" with optional "mu_dynamic" */
  int has_mu = cJSON_HasObjectItem(o, "mu");
  if (has_mu && (cJSON_HasObjectItem(o, "mu_static") || cJSON_HasObjectItem(o, "mu_dynamic"))) {
    sc_path_key(p, path, "mu");
    return sc_fail(c, p, NULL, "give either \"mu\" or \"mu_static\"/\"mu_dynamic\", not both");
  }
  if (has_mu) {
    SC_TRY(sc_num(c, o, path, "mu", SC_NONNEG, &mat->mu_static));
    mat->mu_dynamic = mat->mu_static;
    return CB_OK;
  }
  if (!cJSON_HasObjectItem(o, "mu_static"))
    return sc_fail(c, path, NULL, "missing required field \"mu\" (or \"mu_static\")");
  SC_TRY(sc_num(c, o, path, "mu_static", SC_NONNEG, &mat->mu_static));
  mat->mu_dynamic = mat->mu_static;
  SC_TRY(sc_num(c, o, path, "mu_dynamic", SC_NONNEG, &mat->mu_dynamic));
  if (mat->mu_dynamic > mat->mu_static) {
    sc_path_key(p, path, "mu_dynamic");
    return sc_fail_num(c, p, mat->mu_dynamic, "must not exceed mu_static (%g)", mat->mu_static);
  }
  return CB_OK;
}

CbStatus scene_read_materials(SceneLoader *L, const cJSON *arr) {
  Model *m = L->m;
  int n = sc_array(&L->ctx, arr, "materials");
  if (n < 0) return n;
  m->materials = calloc((size_t)n + 1, sizeof(Material));
  if (!m->materials) return sc_oom(&L->ctx, "materials");
  int i = 0;
  for (const cJSON *o = arr->child; o; o = o->next, ++i) {
    char p[SC_PATH_LEN];
    sc_path_index(p, "materials", i);
    SC_TRY(read_material(L, o, p, &m->materials[i]));
    m->nmaterial = i + 1;
  }
  return CB_OK;
}

static const char *const geom_type_names[GEOM_NTYPES] = {"plane", "sphere", "box", "cylinder", "capsule"};
static const int geom_nsize[GEOM_NTYPES] = {0, 1, 3, 2, 2};

static CbStatus read_surface_velocity(SceneLoader *L, const cJSON *o, const char *path, Geom *g) {
  static const char *const keys[] = {"dir", "bias", "amp", "freq", NULL};
  const SceneCtx *c = &L->ctx;
  SC_TRY(sc_object(c, o, path, keys));
  SC_TRY(sc_vec(c, o, path, "dir", 3, SC_REQUIRED | SC_NONZERO, g->surface_dir));
  v3_normalize(g->surface_dir);
  SC_TRY(sc_num(c, o, path, "bias", 0, &g->surface_bias));
  SC_TRY(sc_num(c, o, path, "amp", 0, &g->surface_amp));
  SC_TRY(sc_num(c, o, path, "freq", SC_NONNEG, &g->surface_freq));
  g->has_surface_velocity = 1;
  return CB_OK;
}

static void list_materials(const Model *m, char *buf, size_t n) {
  size_t len = 0;
  buf[0] = 0;
  for (int i = 0; i < m->nmaterial && len + 1 < n; ++i)
    len += (size_t)snprintf(buf + len, n - len, "%s%s", i ? ", " : "", m->materials[i].name);
}

/* "exclude_group": a name; geometries sharing one never collide with each other. */
static CbStatus read_exclude_group(SceneLoader *L, const cJSON *o, const char *path, Geom *g) {
  const SceneCtx *c = &L->ctx;
  Model *m = L->m;
  char word[CB_NAME_LEN], p[SC_PATH_LEN];
  if (!cJSON_HasObjectItem(o, "exclude_group")) return CB_OK;
  SC_TRY(sc_str(c, o, path, "exclude_group", SC_REQUIRED, word, sizeof word));
  sc_path_key(p, path, "exclude_group");
  if (!word[0]) return sc_fail(c, p, cJSON_GetObjectItemCaseSensitive(o, "exclude_group"), "must be a non-empty name");
  for (int i = 0; i < m->nexclude_group; ++i)
    if (strcmp(m->exclude_group_names[i], word) == 0) return g->exclude_group = i + 1, CB_OK;
  if (m->nexclude_group == CB_MAX_EXCLUDE_GROUPS)
    return sc_fail(c, p, cJSON_GetObjectItemCaseSensitive(o, "exclude_group"), "more than %d distinct groups",
                   CB_MAX_EXCLUDE_GROUPS);
  snprintf(m->exclude_group_names[m->nexclude_group], CB_NAME_LEN, "%s", word);
  g->exclude_group = ++m->nexclude_group;
  return CB_OK;
}

CbStatus scene_read_geom(SceneLoader *L, const cJSON *o, const char *path, int body, Geom *g) {
  static const char *const keys[] = {"name", "type", "size", "pos", "quat", "rpy", "rpy_deg",
                                     "material", "margin", "surface_velocity", "exclude_group", NULL};
  const SceneCtx *c = &L->ctx;
  char p[SC_PATH_LEN], word[CB_NAME_LEN];
  SC_TRY(sc_object(c, o, path, keys));
  memset(g, 0, sizeof *g);
  g->body = body;
  quat_identity(g->quat);
  SC_TRY(sc_str(c, o, path, "name", 0, g->name, CB_NAME_LEN));

  SC_TRY(sc_str(c, o, path, "type", SC_REQUIRED, word, sizeof word));
  int type = -1;
  for (int t = 0; t < GEOM_NTYPES; ++t)
    if (strcmp(word, geom_type_names[t]) == 0) type = t;
  sc_path_key(p, path, "type");
  if (type < 0)
    return sc_fail(c, p, cJSON_GetObjectItemCaseSensitive(o, "type"),
                   "unknown geometry type (expected plane, sphere, box, cylinder or capsule)");
  g->type = (GeomType)type;
  if (g->type == GEOM_PLANE && body != 0)
    return sc_fail(c, p, cJSON_GetObjectItemCaseSensitive(o, "type"), "planes are only allowed in world_geoms");

  /* size: sphere radius | box half extents | cylinder, capsule [radius, half length] */
  int ns = geom_nsize[type];
  if (ns == 0) {
    if (cJSON_HasObjectItem(o, "size")) {
      sc_path_key(p, path, "size");
      return sc_fail(c, p, NULL, "a plane has no size");
    }
  } else {
    SC_TRY(sc_num_or_vec(c, o, path, "size", ns, SC_REQUIRED | SC_POSITIVE, g->size));
    if (ns > 1 && cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(o, "size")) && type != GEOM_BOX) {
      sc_path_key(p, path, "size");
      return sc_fail(c, p, cJSON_GetObjectItemCaseSensitive(o, "size"), "must be [radius, half_length]");
    }
  }

  SC_TRY(sc_vec(c, o, path, "pos", 3, 0, g->pos));
  SC_TRY(sc_orientation(c, o, path, g->quat));

  SC_TRY(sc_str(c, o, path, "material", SC_REQUIRED, word, sizeof word));
  g->material = scene_find_material(L->m, word);
  if (g->material < 0) {
    char list[256];
    list_materials(L->m, list, sizeof list);
    sc_path_key(p, path, "material");
    return sc_fail(c, p, cJSON_GetObjectItemCaseSensitive(o, "material"), "unknown material (defined: %s)",
                   list[0] ? list : "none");
  }
  SC_TRY(sc_num(c, o, path, "margin", SC_NONNEG, &g->margin));
  SC_TRY(read_exclude_group(L, o, path, g));
  const cJSON *sv = cJSON_GetObjectItemCaseSensitive(o, "surface_velocity");
  if (sv) {
    sc_path_key(p, path, "surface_velocity");
    SC_TRY(read_surface_velocity(L, sv, p, g));
  }
  return CB_OK;
}

/* Volume and principal inertia per unit density about the geometry's center, geometry frame. */
static double unit_solid(const Geom *g, double *I) {
  const double *s = g->size;
  double r = s[0], h = s[1], V;
  switch (g->type) {
    case GEOM_SPHERE:
      V = 4.0 / 3.0 * M_PI * r * r * r;
      I[0] = I[1] = I[2] = 0.4 * V * r * r;
      return V;
    case GEOM_BOX:
      V = 8.0 * s[0] * s[1] * s[2];
      I[0] = V / 3.0 * (s[1] * s[1] + s[2] * s[2]);
      I[1] = V / 3.0 * (s[0] * s[0] + s[2] * s[2]);
      I[2] = V / 3.0 * (s[0] * s[0] + s[1] * s[1]);
      return V;
    case GEOM_CYLINDER: /* length L = 2h along z */
      V = M_PI * r * r * 2.0 * h;
      I[0] = I[1] = V * (3.0 * r * r + 4.0 * h * h) / 12.0;
      I[2] = 0.5 * V * r * r;
      return V;
    case GEOM_CAPSULE: { /* cylinder of length 2h plus two hemispheres */
      double Lc = 2.0 * h, Vc = M_PI * r * r * Lc, Vs = 4.0 / 3.0 * M_PI * r * r * r;
      I[2] = 0.5 * Vc * r * r + 0.4 * Vs * r * r;
      I[0] = I[1] = Vc * (Lc * Lc / 12.0 + r * r / 4.0) + Vs * (0.4 * r * r + Lc * Lc / 4.0 + 3.0 * Lc * r / 8.0);
      return Vc + Vs;
    }
    default:
      return 0.0;
  }
}

CbStatus scene_solid_mass(SceneLoader *L, const Geom *geoms, int ngeom, const char *path, double rho, double *mass,
                     double *com, double *inertia) {
  double M = 0, c[3] = {0, 0, 0};
  const Geom *gs = geoms;
  /* first pass: mass and COM */
  for (int i = 0; i < ngeom; ++i) {
    double I[3];
    double V = unit_solid(&gs[i], I);
    if (!(V > 0)) return sc_fail(&L->ctx, path, NULL, "geometry %d (%s) has no volume to derive mass from", i,
                                 geom_type_names[gs[i].type]);
    M += rho * V;
    v3_axpy(c, rho * V, gs[i].pos);
  }
  v3_scale(c, c, 1.0 / M);
  /* second pass: rotated inertias plus parallel-axis terms about the COM */
  double J[9] = {0};
  for (int i = 0; i < ngeom; ++i) {
    double I[3], R[9], D[9] = {0}, RD[9], Ib[9], d[3];
    double mi = rho * unit_solid(&gs[i], I);
    D[0] = rho * I[0]; D[4] = rho * I[1]; D[8] = rho * I[2];
    quat_to_mat(R, gs[i].quat);
    m3_mul(RD, R, D);
    m3_mult(Ib, RD, R);
    v3_sub(d, gs[i].pos, c);
    double dd = v3_dot(d, d);
    for (int a = 0; a < 3; ++a)
      for (int b = 0; b < 3; ++b) J[3 * a + b] += Ib[3 * a + b] + mi * ((a == b ? dd : 0.0) - d[a] * d[b]);
  }
  *mass = M;
  v3_copy(com, c);
  m3_copy(inertia, J);
  return CB_OK;
}
