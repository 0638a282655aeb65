/* Typed, validated reads from cJSON for the scene loader, with path-naming messages. */
#include "scene_json.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "../math3d.h"

#define GOT_MAX 60

/* Compact, truncated text of a JSON value for messages. */
static void describe(const cJSON *v, char *buf, size_t n) {
  if (cJSON_IsNumber(v)) { snprintf(buf, n, "%.15g", v->valuedouble); return; }
  char *s = cJSON_PrintUnformatted(v);
  if (!s) { snprintf(buf, n, "?"); return; }
  if (strlen(s) > GOT_MAX) snprintf(buf, n, "%.*s...", GOT_MAX, s);
  else snprintf(buf, n, "%s", s);
  cJSON_free(s);
}

static CbStatus vfail(const SceneCtx *c, const char *path, const char *got, const char *fmt, va_list ap) {
  char what[256];
  vsnprintf(what, sizeof what, fmt, ap);
  const char *p = (path && path[0]) ? path : "(root)";
  if (got) return CB_ERROR(c->e, CB_ERR_INPUT, "%s: %s: %s, got %s", c->file, p, what, got);
  return CB_ERROR(c->e, CB_ERR_INPUT, "%s: %s: %s", c->file, p, what);
}

CbStatus sc_fail(const SceneCtx *c, const char *path, const cJSON *got, const char *fmt, ...) {
  char g[GOT_MAX + 8];
  if (got) describe(got, g, sizeof g);
  va_list ap;
  va_start(ap, fmt);
  CbStatus st = vfail(c, path, got ? g : NULL, fmt, ap);
  va_end(ap);
  return st;
}

CbStatus sc_fail_num(const SceneCtx *c, const char *path, double got, const char *fmt, ...) {
  char g[40];
  snprintf(g, sizeof g, "%.15g", got);
  va_list ap;
  va_start(ap, fmt);
  CbStatus st = vfail(c, path, g, fmt, ap);
  va_end(ap);
  return st;
}

CbStatus sc_oom(const SceneCtx *c, const char *path) {
  return CB_ERROR(c->e, CB_ERR_MEMORY, "%s: %s: out of memory", c->file, path);
}

/* Paths longer than SC_PATH_LEN are cut (snprintf terminates them). */
void sc_path_key(char *out, const char *parent, const char *key) {
  int n;
  if (parent && parent[0]) n = snprintf(out, SC_PATH_LEN, "%s.%s", parent, key);
  else n = snprintf(out, SC_PATH_LEN, "%s", key);
  if (n < 0) out[0] = 0;
}

void sc_path_index(char *out, const char *parent, int i) {
  int n = snprintf(out, SC_PATH_LEN, "%s[%d]", parent ? parent : "", i);
  if (n < 0) out[0] = 0;
}

CbStatus sc_object(const SceneCtx *c, const cJSON *v, const char *path, const char *const *allowed) {
  if (!cJSON_IsObject(v)) return sc_fail(c, path, v, "must be an object");
  for (const cJSON *it = v->child; it; it = it->next) {
    int known = 0;
    for (const char *const *a = allowed; *a && !known; ++a) known = strcmp(*a, it->string) == 0;
    if (!known) {
      char list[512] = "";
      size_t len = 0;
      for (const char *const *a = allowed; *a && len + 1 < sizeof list; ++a)
        len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", a == allowed ? "" : ", ", *a);
      char p[SC_PATH_LEN];
      sc_path_key(p, path, it->string);
      return sc_fail(c, p, NULL, "unknown field (allowed: %s)", list);
    }
    for (const cJSON *prev = v->child; prev != it; prev = prev->next)
      if (strcmp(prev->string, it->string) == 0) {
        char p[SC_PATH_LEN];
        sc_path_key(p, path, it->string);
        return sc_fail(c, p, NULL, "field given twice");
      }
  }
  return CB_OK;
}

int sc_array(const SceneCtx *c, const cJSON *v, const char *path) {
  if (!cJSON_IsArray(v)) return sc_fail(c, path, v, "must be an array");
  return cJSON_GetArraySize(v);
}

CbStatus sc_check_num(const SceneCtx *c, const char *path, double x, unsigned flags) {
  if (!isfinite(x)) return sc_fail_num(c, path, x, "must be a finite number");
  if ((flags & SC_POSITIVE) && !(x > 0)) return sc_fail_num(c, path, x, "must be positive");
  if ((flags & SC_NONNEG) && !(x >= 0)) return sc_fail_num(c, path, x, "must be non-negative");
  return CB_OK;
}

/* Looks up obj[key]; handles absence. Returns NULL with *status 0 (absent) or the failure (a
 * negative CbStatus). */
static const cJSON *lookup(const SceneCtx *c, const cJSON *obj, const char *path, const char *key, unsigned flags,
                           char *p, int *status) {
  sc_path_key(p, path, key);
  const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
  if (v) return v;
  if (flags & SC_REQUIRED) {
    *status = sc_fail(c, path, NULL, "missing required field \"%s\"", key);
  } else {
    *status = 0;
  }
  return NULL;
}

int sc_num(const SceneCtx *c, const cJSON *obj, const char *path, const char *key, unsigned flags, double *out) {
  char p[SC_PATH_LEN];
  int st;
  const cJSON *v = lookup(c, obj, path, key, flags, p, &st);
  if (!v) return st;
  if (!cJSON_IsNumber(v)) return sc_fail(c, p, v, "must be a number");
  SC_TRY(sc_check_num(c, p, v->valuedouble, flags));
  *out = v->valuedouble;
  return 1;
}

/* v must be an array of n numbers passing flags; written to out (left partly written on
 * error: every caller then abandons the load). */
static int read_vec(const SceneCtx *c, const cJSON *v, const char *p, int n, unsigned flags, double *out) {
  if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) != n)
    return sc_fail(c, p, v, "must be an array of %d number%s", n, n == 1 ? "" : "s");
  int i = 0;
  for (const cJSON *e = v->child; e; e = e->next, ++i) {
    char pe[SC_PATH_LEN];
    sc_path_index(pe, p, i);
    if (!cJSON_IsNumber(e)) return sc_fail(c, pe, e, "must be a number");
    SC_TRY(sc_check_num(c, pe, e->valuedouble, flags));
    out[i] = e->valuedouble;
  }
  if (flags & SC_NONZERO) {
    double s = 0;
    for (i = 0; i < n; ++i) s += out[i] * out[i];
    if (!(s > 1e-24)) return sc_fail(c, p, v, "must have nonzero length");
  }
  return 1;
}

int sc_vec(const SceneCtx *c, const cJSON *obj, const char *path, const char *key, int n, unsigned flags, double *out) {
  char p[SC_PATH_LEN];
  int st;
  const cJSON *v = lookup(c, obj, path, key, flags, p, &st);
  if (!v) return st;
  return read_vec(c, v, p, n, flags, out);
}

int sc_num_or_vec(const SceneCtx *c, const cJSON *obj, const char *path, const char *key, int n, unsigned flags,
                  double *out) {
  char p[SC_PATH_LEN];
  int st;
  const cJSON *v = lookup(c, obj, path, key, flags, p, &st);
  if (!v) return st;
  if (cJSON_IsNumber(v)) {
    SC_TRY(sc_check_num(c, p, v->valuedouble, flags));
    for (int i = 0; i < n; ++i) out[i] = v->valuedouble;
    return 1;
  }
  if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) != n)
    return sc_fail(c, p, v, "must be a number or an array of %d numbers", n);
  return read_vec(c, v, p, n, flags, out);
}

int sc_str(const SceneCtx *c, const cJSON *obj, const char *path, const char *key, unsigned flags,
           char *out, size_t maxlen) {
  char p[SC_PATH_LEN];
  int st;
  const cJSON *v = lookup(c, obj, path, key, flags, p, &st);
  if (!v) return st;
  if (!cJSON_IsString(v) || !v->valuestring) return sc_fail(c, p, v, "must be a string");
  size_t len = strlen(v->valuestring);
  if (len == 0) return sc_fail(c, p, v, "must not be empty");
  if (len >= maxlen) return sc_fail(c, p, v, "must be shorter than %zu characters", maxlen);
  memcpy(out, v->valuestring, len + 1);
  return 1;
}

int sc_orientation(const SceneCtx *c, const cJSON *obj, const char *path, double *quat) {
  static const char *const keys[] = {"quat", "rpy", "rpy_deg"};
  int found = -1;
  for (int k = 0; k < 3; ++k) {
    if (!cJSON_GetObjectItemCaseSensitive(obj, keys[k])) continue;
    if (found >= 0) {
      char p[SC_PATH_LEN];
      sc_path_key(p, path, keys[k]);
      return sc_fail(c, p, NULL, "conflicts with \"%s\": give one orientation", keys[found]);
    }
    found = k;
  }
  if (found < 0) return 0;
  char p[SC_PATH_LEN];
  sc_path_key(p, path, keys[found]);
  if (found == 0) {
    double q[4];
    SC_TRY(sc_vec(c, obj, path, "quat", 4, 0, q));
    if (!(quat_normalize(q) > 1e-12))
      return sc_fail(c, p, cJSON_GetObjectItemCaseSensitive(obj, "quat"), "quaternion must have nonzero length");
    memcpy(quat, q, sizeof q);
    return 1;
  }
  double a[3];
  SC_TRY(sc_vec(c, obj, path, keys[found], 3, 0, a));
  if (found == 2)
    for (int i = 0; i < 3; ++i) a[i] *= M_PI / 180.0;
  static const double ex[3] = {1, 0, 0}, ey[3] = {0, 1, 0}, ez[3] = {0, 0, 1};
  double qx[4], qy[4], qz[4], t[4];
  quat_from_axis_angle(qx, ex, a[0]);
  quat_from_axis_angle(qy, ey, a[1]);
  quat_from_axis_angle(qz, ez, a[2]);
  quat_mul(t, qy, qx);
  quat_mul(quat, qz, t);
  return 1;
}
