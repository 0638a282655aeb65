/* libccd for convex pairs without an analytic routine: support functions of sphere, box,
 * cylinder and capsule in the world frame, each inflated by a ball of radius `inflate`
 * (half the margin, at least 1e-6 of the larger size), so that pairs separated by less than
 * the margin still intersect, touching pairs overlap, and phi = 2 inflate - inflated depth (the
 * signed distance of convex sets shifts by exactly the sum of the inflation radii). */
#include <ccd/ccd.h>

#include "models/collision/narrow_phase.h"

typedef struct {
  const GeomPose *g;
  double inflate;
} CcdObject;

static void support_local(const GeomPose *g, const double *d, double *s) {
  const double *sz = g->size;
  switch (g->type) {
  case GEOM_SPHERE: {
    double n = v3_norm(d);
    if (n > 0) v3_scale(s, d, sz[0] / n);
    else v3_set(s, sz[0], 0, 0);
    break;
  }
  case GEOM_BOX:
    for (int i = 0; i < 3; ++i) s[i] = d[i] >= 0 ? sz[i] : -sz[i];
    break;
  case GEOM_CYLINDER: {
    double rho = hypot(d[0], d[1]);
    if (rho > 0) { s[0] = sz[0] * d[0] / rho; s[1] = sz[0] * d[1] / rho; }
    else { s[0] = sz[0]; s[1] = 0; }
    s[2] = d[2] >= 0 ? sz[1] : -sz[1];
    break;
  }
  case GEOM_CAPSULE: {
    double n = v3_norm(d);
    if (n > 0) v3_scale(s, d, sz[0] / n);
    else v3_set(s, sz[0], 0, 0);
    s[2] += d[2] >= 0 ? sz[1] : -sz[1];
    break;
  }
  default: /* planes are not convex bodies: never dispatched here */
    v3_set(s, 0, 0, 0);
    break;
  }
}

static void ccd_support(const void *obj, const ccd_vec3_t *dir, ccd_vec3_t *vec) {
  const CcdObject *o = obj;
  double dw[3] = {dir->v[0], dir->v[1], dir->v[2]}, dl[3], sl[3], sw[3];
  m3_tmulv(dl, o->g->rot, dw);
  support_local(o->g, dl, sl);
  m3_mulv(sw, o->g->rot, sl);
  v3_add(sw, sw, o->g->pos);
  double n = v3_norm(dw);
  if (n > 0 && o->inflate > 0) v3_axpy(sw, o->inflate / n, dw);
  for (int k = 0; k < 3; ++k) vec->v[k] = sw[k];
}

static void ccd_center(const void *obj, ccd_vec3_t *center) {
  const CcdObject *o = obj;
  for (int k = 0; k < 3; ++k) center->v[k] = o->g->pos[k];
}

/* Exact overlap of the (inflated) pair along unit direction n (normal from b into a): the
 * distance a must move along n to separate, n.(s_b(n) - s_a(-n)) with s the support points.
 * Every direction gives an upper bound of the penetration depth; the minimum is the depth. Its
 * gradient on the unit sphere into slope: the part of s_b - s_a across n (Danskin: a support
 * function's gradient is the support point). */
static double overlap_slope(const CcdObject *oa, const CcdObject *ob, const double *n, double *slope) {
  ccd_vec3_t dn = {{n[0], n[1], n[2]}}, dm = {{-n[0], -n[1], -n[2]}}, sa, sb;
  ccd_support(oa, &dm, &sa);
  ccd_support(ob, &dn, &sb);
  double d[3] = {sb.v[0] - sa.v[0], sb.v[1] - sa.v[1], sb.v[2] - sa.v[2]}, f = v3_dot(n, d);
  v3_copy(slope, d);
  v3_axpy(slope, -f, n);
  return f;
}

double np_support_overlap(const GeomPose *a, const GeomPose *b, const double *n, double *slope) {
  CcdObject oa = {a, 0.0}, ob = {b, 0.0};
  return overlap_slope(&oa, &ob, n, slope);
}

/* 1 when the method found the pair intersecting, with a usable normal; else 0. */
static int run_method(const CcdObject *oa, const CcdObject *ob, const ccd_t *ccd, NpCcdMethod method,
                      double *normal, double *pos) {
  ccd_real_t depth = 0;
  ccd_vec3_t dir, p;
  int rc = method == NP_CCD_MPR ? ccdMPRPenetration(oa, ob, ccd, &depth, &dir, &p)
                                : ccdGJKPenetration(oa, ob, ccd, &depth, &dir, &p);
  if (rc != 0) return 0;
  /* translating b by depth along dir separates them: the normal from b into a is -dir */
  v3_set(normal, -dir.v[0], -dir.v[1], -dir.v[2]);
  if (!(v3_normalize(normal) > 0) || !isfinite(normal[0] + normal[1] + normal[2])) return 0;
  v3_set(pos, p.v[0], p.v[1], p.v[2]);
  return 1;
}

/* GJK+EPA and MPR on the pair inflated by `inflate` each propose a direction, refined on the
 * uninflated pair; the one along which it overlaps least is kept in *best (libccd's EPA
 * occasionally returns a spurious zero depth, MPR overestimates off-centre). Returns how many
 * methods found the inflated pair intersecting. */
static int propose(const GeomPose *a, const GeomPose *b, double inflate, NpCcdMethod method, double *best,
                   double *best_n, double *best_pos) {
  CcdObject oa = {a, inflate}, ob = {b, inflate};
  ccd_t ccd;
  CCD_INIT(&ccd);
  ccd.support1 = ccd_support;
  ccd.support2 = ccd_support;
  ccd.center1 = ccd_center;
  ccd.center2 = ccd_center;
  ccd.max_iterations = 500;
  ccd.epa_tolerance = 1e-6;
  ccd.mpr_tolerance = 1e-8;
  ccd.dist_tolerance = 1e-10;
  int found = 0;
  for (int k = 0; k < 2; ++k) {
    NpCcdMethod mk = k == 0 ? method : (method == NP_CCD_MPR ? NP_CCD_GJK_EPA : NP_CCD_MPR);
    double nrm[3], pos[3];
    if (!run_method(&oa, &ob, &ccd, mk, nrm, pos)) continue;
    found++;
    double ov = np_overlap_descent(a, b, nrm);
    if (ov < *best) { *best = ov; v3_copy(best_n, nrm); v3_copy(best_pos, pos); }
  }
  return found;
}

/* Every direction's overlap is an upper bound of the penetration depth, so the smallest of the
 * refined proposals is kept. Near touching, libccd needs the pair inflated well beyond its
 * tolerances: on an uninflated touching pair (cylinders resting side by side or on a box face,
 * whose force relaxes to zero at phi = 0 exactly) GJK ends on a degenerate simplex and EPA
 * returned overlaps of 1-3 m along wrong directions, and at 1e-6 of the size it still did now
 * and then; inflated by half the margin, the proposals can lead to a worse local minimum of the
 * overlap than the nearly uninflated ones. So the pair is asked inflated by 1e-6 of the larger
 * size, by half the margin (detection within the margin), and, if it intersects, by 1e-3 of the
 * larger size, where EPA and MPR are well conditioned; each proposal descends to a local minimum
 * of the overlap and the smallest wins. */
int np_ccd_method(const GeomPose *a, const GeomPose *b, double margin, NpCcdMethod method,
                  ContactPoint *out, int maxout) {
  if (a->type == GEOM_PLANE || b->type == GEOM_PLANE || maxout < 1) return 0;
  double scale = 0;
  for (int k = 0; k < 3; ++k) scale = fmax(scale, fmax(a->size[k], b->size[k]));
  const double tiny = 1e-6 * scale, half_margin = 0.5 * margin, robust = 1e-3 * scale;
  double best = INFINITY, best_n[3] = {0, 0, 1}, best_pos[3] = {0, 0, 0};
  int found = propose(a, b, tiny, method, &best, best_n, best_pos);
  if (half_margin > tiny) found += propose(a, b, half_margin, method, &best, best_n, best_pos);
  if (!found) return 0; /* apart by more than the margin */
  if (robust > fmax(tiny, half_margin)) propose(a, b, robust, method, &best, best_n, best_pos);
  double phi = -best;
  if (!isfinite(phi) || phi > margin) return 0;
  v3_copy(out[0].normal, best_n);
  (void)best_pos; /* EPA's point lies anywhere on the inflated features: recomputed along n */
  np_feature_point(a, b, best_n, phi, out[0].pos);
  out[0].phi = phi;
  return 1;
}

int np_ccd(const GeomPose *a, const GeomPose *b, double margin, ContactPoint *out, int maxout) {
  return np_ccd_method(a, b, margin, NP_CCD_GJK_EPA, out, maxout);
}
