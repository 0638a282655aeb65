/* The contact point of a pair from the deepest features of the two shapes along the refined
 * normal n (from b into a): the face, edge, disc, segment or vertex of a along -n and of b along
 * +n (their support points within a small depth tolerance), projected on the plane across n;
 * the point is the centre of the overlap of the two projections, at the depth midway between
 * the two support planes. A point taken from EPA on the inflated pair lies anywhere on such a
 * feature: at the end of two parallel cylinders' line contact, or centimetres from a crossing. */
#include "models/collision/narrow_phase.h"

#define RIM 16            /* rim points of a cylinder cap (an even count: centred overlaps stay centred) */
#define FEAT_MAX (2 * RIM + 2)
#define CLIP_MAX (2 * FEAT_MAX)

typedef struct {
  double p[CLIP_MAX][2];
  int n;
} Poly2;

/* Candidate points of a shape's support features in the local frame. */
static int candidates(const GeomPose *g, const double *dl, double (*c)[3]) {
  const double *sz = g->size;
  int m = 0;
  switch (g->type) {
  case GEOM_SPHERE:
  case GEOM_CAPSULE: {
    double nd = v3_norm(dl), u[3] = {1, 0, 0};
    if (nd > 0) v3_scale(u, dl, 1.0 / nd);
    int ends = g->type == GEOM_CAPSULE ? 2 : 1;
    for (int e = 0; e < ends; ++e) {
      v3_scale(c[m], u, sz[0]);
      if (ends == 2) c[m][2] += e ? sz[1] : -sz[1];
      ++m;
    }
    break;
  }
  case GEOM_BOX:
    for (int v = 0; v < 8; ++v, ++m)
      v3_set(c[m], (v & 1) ? sz[0] : -sz[0], (v & 2) ? sz[1] : -sz[1], (v & 4) ? sz[2] : -sz[2]);
    break;
  case GEOM_CYLINDER: {
    double rho = hypot(dl[0], dl[1]), cx = rho > 0 ? dl[0] / rho : 1, cy = rho > 0 ? dl[1] / rho : 0;
    for (int e = 0; e < 2; ++e) {
      double z = e ? sz[1] : -sz[1];
      v3_set(c[m++], sz[0] * cx, sz[0] * cy, z); /* the side's support line */
      for (int k = 0; k < RIM; ++k) {
        double t = 2 * M_PI * k / RIM;
        v3_set(c[m++], sz[0] * cos(t), sz[0] * sin(t), z);
      }
    }
    break;
  }
  default:
    break;
  }
  return m;
}

/* The support feature of g along unit world direction d, projected on (t1, t2) and ordered
 * counter-clockwise; points deeper than the support by less than tol are kept. Returns the
 * support value d.s. */
static double feature(const GeomPose *g, const double *d, const double *t1, const double *t2, double tol, Poly2 *f) {
  double dl[3], c[FEAT_MAX][3], w[FEAT_MAX][3], h[FEAT_MAX], top = -INFINITY;
  m3_tmulv(dl, g->rot, d);
  int m = candidates(g, dl, c);
  for (int i = 0; i < m; ++i) {
    m3_mulv(w[i], g->rot, c[i]);
    v3_add(w[i], w[i], g->pos);
    h[i] = v3_dot(w[i], d);
    top = fmax(top, h[i]);
  }
  /* a cylinder's support-line point and a rim point nearly on it are one point: kept apart, a
   * normal within 1e-8 of the side's kink made a sliver quadrilateral and moved the centre */
  double dup = 1e-6 * (fabs(g->size[0]) + fabs(g->size[1]) + fabs(g->size[2]));
  f->n = 0;
  for (int i = 0; i < m; ++i) {
    if (h[i] < top - tol) continue;
    double x = v3_dot(w[i], t1), y = v3_dot(w[i], t2);
    int seen = 0;
    for (int j = 0; j < f->n && !seen; ++j) seen = fabs(f->p[j][0] - x) + fabs(f->p[j][1] - y) <= dup;
    if (!seen && f->n < FEAT_MAX) { f->p[f->n][0] = x; f->p[f->n][1] = y; f->n++; }
  }
  /* order by angle about the vertex mean: the feature is convex */
  double cx = 0, cy = 0, ang[FEAT_MAX];
  for (int i = 0; i < f->n; ++i) { cx += f->p[i][0] / f->n; cy += f->p[i][1] / f->n; }
  for (int i = 0; i < f->n; ++i) ang[i] = atan2(f->p[i][1] - cy, f->p[i][0] - cx);
  for (int i = 1; i < f->n; ++i)
    for (int j = i; j > 0 && ang[j] < ang[j - 1]; --j) {
      double ta = ang[j], tx = f->p[j][0], ty = f->p[j][1];
      ang[j] = ang[j - 1]; f->p[j][0] = f->p[j - 1][0]; f->p[j][1] = f->p[j - 1][1];
      ang[j - 1] = ta; f->p[j - 1][0] = tx; f->p[j - 1][1] = ty;
    }
  return top;
}

/* Area centroid of a polygon (vertex mean when it has no area). */
static void centroid(const Poly2 *q, double *c) {
  double a = 0, x = 0, y = 0, mx = 0, my = 0;
  for (int i = 0; i < q->n; ++i) {
    const double *p = q->p[i], *r = q->p[(i + 1) % q->n];
    double cr = p[0] * r[1] - r[0] * p[1];
    a += cr; x += (p[0] + r[0]) * cr; y += (p[1] + r[1]) * cr;
    mx += p[0] / q->n; my += p[1] / q->n;
  }
  double scale = 0;
  for (int i = 0; i < q->n; ++i) scale = fmax(scale, hypot(q->p[i][0] - mx, q->p[i][1] - my));
  if (fabs(a) > 1e-12 * scale * scale && q->n >= 3) { c[0] = x / (3 * a); c[1] = y / (3 * a); }
  else { c[0] = mx; c[1] = my; }
}

/* Sutherland-Hodgman: p clipped to the counter-clockwise convex polygon q. */
static void clip_polygon(Poly2 *p, const Poly2 *q) {
  for (int e = 0; e < q->n && p->n > 0; ++e) {
    const double *a = q->p[e], *b = q->p[(e + 1) % q->n];
    double ux = b[1] - a[1], uy = a[0] - b[0]; /* outward normal of edge a-b */
    Poly2 o = {.n = 0};
    for (int i = 0; i < p->n; ++i) {
      const double *s = p->p[i], *t = p->p[(i + 1) % p->n];
      double ds = (s[0] - a[0]) * ux + (s[1] - a[1]) * uy, dt = (t[0] - a[0]) * ux + (t[1] - a[1]) * uy;
      if (ds <= 0 && o.n < CLIP_MAX) { o.p[o.n][0] = s[0]; o.p[o.n][1] = s[1]; o.n++; }
      if (((ds < 0 && dt > 0) || (ds > 0 && dt < 0)) && o.n < CLIP_MAX) {
        double k = ds / (ds - dt);
        o.p[o.n][0] = s[0] + k * (t[0] - s[0]);
        o.p[o.n][1] = s[1] + k * (t[1] - s[1]);
        o.n++;
      }
    }
    *p = o;
  }
}

/* Segment s0-s1 clipped to the convex polygon q (Cyrus-Beck): the parameter interval. */
static int clip_segment(const double *s0, const double *s1, const Poly2 *q, double *lo, double *hi) {
  *lo = 0; *hi = 1;
  double dx = s1[0] - s0[0], dy = s1[1] - s0[1];
  for (int e = 0; e < q->n; ++e) {
    const double *a = q->p[e], *b = q->p[(e + 1) % q->n];
    double ux = b[1] - a[1], uy = a[0] - b[0];
    double f0 = (s0[0] - a[0]) * ux + (s0[1] - a[1]) * uy, df = dx * ux + dy * uy;
    if (df == 0) { if (f0 > 0) return 0; continue; }
    double t = -f0 / df;
    if (df > 0) *hi = fmin(*hi, t); else *lo = fmax(*lo, t);
  }
  return *lo <= *hi;
}

/* Centre of the overlap of two segments (of their common part when nearly parallel, else of
 * the closest points, the crossing when they cross). */
static void segment_segment(const Poly2 *a, const Poly2 *b, double *c) {
  double pa[3] = {a->p[0][0], a->p[0][1], 0}, da[3] = {a->p[1][0] - pa[0], a->p[1][1] - pa[1], 0};
  double pb[3] = {b->p[0][0], b->p[0][1], 0}, db[3] = {b->p[1][0] - pb[0], b->p[1][1] - pb[1], 0};
  double la = v3_norm(da), lb = v3_norm(db), cr = da[0] * db[1] - da[1] * db[0];
  if (fabs(cr) <= 1e-9 * la * lb) { /* parallel: the middle of the common interval along a */
    double u[3] = {da[0] / la, da[1] / la, 0}, q0[3], q1[3];
    v3_sub(q0, pb, pa);
    v3_add(q1, pb, db);
    v3_sub(q1, q1, pa);
    double s0 = v3_dot(q0, u), s1 = v3_dot(q1, u);
    double lo = fmax(0, fmin(s0, s1)), hi = fmin(la, fmax(s0, s1)), s = 0.5 * (lo + hi);
    double off = 0.5 * ((q0[0] * -u[1] + q0[1] * u[0])); /* half the lateral offset of b */
    c[0] = pa[0] + s * u[0] - off * u[1];
    c[1] = pa[1] + s * u[1] + off * u[0];
    return;
  }
  double s, t;
  np_segment_closest(pa, da, pb, db, &s, &t);
  c[0] = 0.5 * (pa[0] + s * da[0] + pb[0] + t * db[0]);
  c[1] = 0.5 * (pa[1] + s * da[1] + pb[1] + t * db[1]);
}

static void overlap_centre(const Poly2 *fa, const Poly2 *fb, double *c) {
  if (fa->n == 1 || fb->n == 1) { /* a vertex: the contact is there */
    const double *p = (fa->n == 1 ? fa : fb)->p[0];
    c[0] = p[0]; c[1] = p[1];
    return;
  }
  if (fa->n == 2 && fb->n == 2) { segment_segment(fa, fb, c); return; }
  if (fa->n == 2 || fb->n == 2) {
    const Poly2 *s = fa->n == 2 ? fa : fb, *q = fa->n == 2 ? fb : fa;
    double lo, hi, ca[2], cb[2];
    if (clip_segment(s->p[0], s->p[1], q, &lo, &hi)) {
      double t = 0.5 * (lo + hi);
      c[0] = s->p[0][0] + t * (s->p[1][0] - s->p[0][0]);
      c[1] = s->p[0][1] + t * (s->p[1][1] - s->p[0][1]);
      return;
    }
    centroid(s, ca); centroid(q, cb);
    c[0] = 0.5 * (ca[0] + cb[0]); c[1] = 0.5 * (ca[1] + cb[1]);
    return;
  }
  Poly2 o = *fa;
  clip_polygon(&o, fb);
  if (o.n > 0) { centroid(&o, c); return; }
  double ca[2], cb[2]; /* no overlap within the tolerance: between the two features */
  centroid(fa, ca); centroid(fb, cb);
  c[0] = 0.5 * (ca[0] + cb[0]); c[1] = 0.5 * (ca[1] + cb[1]);
}

void np_feature_point(const GeomPose *a, const GeomPose *b, const double *n, double phi, double *pos) {
  double t1[3], t2[3], mn[3] = {-n[0], -n[1], -n[2]};
  /* an orthonormal basis across n */
  if (fabs(n[0]) < 0.6) v3_set(t1, 0, -n[2], n[1]); else v3_set(t1, n[2], 0, -n[0]);
  v3_normalize(t1);
  v3_cross(t2, n, t1);
  double scale = 0;
  for (int k = 0; k < 3; ++k) scale = fmax(scale, fmax(a->size[k], b->size[k]));
  /* tolerance: the refined normal is good to ~1e-7 rad; a deeper overlap makes a wider patch */
  double tol = 1e-6 * scale + fmax(0.0, -phi);
  Poly2 fa, fb;
  double ha = feature(a, mn, t1, t2, tol, &fa); /* -n.s_a(-n) */
  double hb = feature(b, n, t1, t2, tol, &fb);  /* n.s_b(n) */
  double c[2];
  overlap_centre(&fa, &fb, c);
  double mid = 0.5 * (-ha + hb);
  for (int k = 0; k < 3; ++k) pos[k] = c[0] * t1[k] + c[1] * t2[k] + mid * n[k];
}
