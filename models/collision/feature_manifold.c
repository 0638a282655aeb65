/* Contact manifolds of the libccd pairs (cylinder-cylinder, cylinder-capsule): libccd and the
 * descent give the deepest point and normal n; where both shapes present a flat or straight
 * feature along n (a cylinder's cap, within 10 degrees of n, or its side line, a capsule's
 * side line, within 10 degrees of across n), the contact is the overlap of the two features
 * projected across n: a lens or disc clipped by a disc, a side line clipped by a disc, the
 * common part of two nearly parallel lines. Each of its vertices is a contact point with its own
 * separation along n between the two features there (the box-box and box-cylinder
 * convention). A single deepest point lets a cylinder or capsule lying on another rock and spin
 * about it. A vertex feature (a rim point, a tilted side) keeps the single point. */
#include "models/collision/narrow_phase.h"

#define RIM 16
/* cos and sin of 10 degrees: the alignment window of the features (as box-cylinder) */
#define ALIGN_COS 0.984807753012208
#define ALIGN_SIN 0.17364817766693033
#define PARALLEL_SIN 1e-3 /* two side lines within this of parallel: a line contact */

typedef struct {
  double p[NP_POLY_MAX][2], z[NP_POLY_MAX]; /* across n, and height along n */
  int n;                                    /* 1 vertex, 2 segment, >= 3 polygon (counter-clockwise) */
  double plane[3];                          /* polygon: z = plane[0] + plane[1] x + plane[2] y */
} Feature;

static void put(Feature *f, const double *x, const double *n, const double *t1, const double *t2) {
  f->p[f->n][0] = v3_dot(x, t1);
  f->p[f->n][1] = v3_dot(x, t2);
  f->z[f->n] = v3_dot(x, n);
  f->n++;
}

/* The feature of g along unit world direction d (d = -n for a, +n for b). */
static void feature_of(const GeomPose *g, const double *d, const double *n, const double *t1, const double *t2, Feature *f) {
  double ax[3], w[3], x[3];
  np_axis(ax, g->rot, 2);
  const double r = g->size[0], hl = g->size[1], c = v3_dot(d, ax);
  f->n = 0;
  if (g->type == GEOM_CYLINDER && fabs(c) >= ALIGN_COS) { /* a cap: its rim */
    double u[3], v[3], cc[3];
    np_axis(u, g->rot, 0);
    np_axis(v, g->rot, 1);
    v3_copy(cc, g->pos);
    v3_axpy(cc, c > 0 ? hl : -hl, ax);
    for (int k = 0; k < RIM; ++k) {
      double th = 2.0 * M_PI * k / RIM;
      v3_copy(x, cc);
      v3_axpy(x, r * cos(th), u);
      v3_axpy(x, r * sin(th), v);
      put(f, x, n, t1, t2);
    }
    double area = 0;
    for (int k = 0; k < RIM; ++k) {
      const double *p = f->p[k], *q = f->p[(k + 1) % RIM];
      area += p[0] * q[1] - q[0] * p[1];
    }
    if (area < 0) /* clockwise across n: reverse */
      for (int k = 0; k < RIM / 2; ++k) {
        int j = RIM - 1 - k;
        for (int e = 0; e < 2; ++e) { double t = f->p[k][e]; f->p[k][e] = f->p[j][e]; f->p[j][e] = t; }
        double t = f->z[k]; f->z[k] = f->z[j]; f->z[j] = t;
      }
    /* the cap is flat: its plane through three rim points */
    const int i0 = 0, i1 = RIM / 3, i2 = 2 * RIM / 3;
    double x1 = f->p[i1][0] - f->p[i0][0], y1 = f->p[i1][1] - f->p[i0][1], z1 = f->z[i1] - f->z[i0];
    double x2 = f->p[i2][0] - f->p[i0][0], y2 = f->p[i2][1] - f->p[i0][1], z2 = f->z[i2] - f->z[i0];
    double det = x1 * y2 - x2 * y1;
    f->plane[1] = (z1 * y2 - z2 * y1) / det;
    f->plane[2] = (x1 * z2 - x2 * z1) / det;
    f->plane[0] = f->z[i0] - f->plane[1] * f->p[i0][0] - f->plane[2] * f->p[i0][1];
    return;
  }
  if (fabs(c) <= ALIGN_SIN) { /* the side: its line of extreme points along d */
    v3_copy(w, d);
    if (g->type == GEOM_CYLINDER) { v3_axpy(w, -c, ax); v3_normalize(w); }
    for (int e = 0; e < 2; ++e) {
      v3_copy(x, g->pos);
      v3_axpy(x, e ? hl : -hl, ax);
      v3_axpy(x, r, w);
      put(f, x, n, t1, t2);
    }
    return;
  }
  f->n = 1;
}

/* Height of feature f along n at the point c across n. */
static double height_at(const Feature *f, const double *c) {
  if (f->n >= 3) return f->plane[0] + f->plane[1] * c[0] + f->plane[2] * c[1];
  double dx = f->p[1][0] - f->p[0][0], dy = f->p[1][1] - f->p[0][1], l2 = dx * dx + dy * dy;
  double t = l2 > 0 ? ((c[0] - f->p[0][0]) * dx + (c[1] - f->p[0][1]) * dy) / l2 : 0;
  t = t < 0 ? 0 : (t > 1 ? 1 : t);
  return f->z[0] + t * (f->z[1] - f->z[0]);
}

/* Sutherland-Hodgman on 2-d points: keeps the part of poly inside the counter-clockwise q. */
static int clip2(double (*poly)[2], int np, const Feature *q) {
  double tmp[NP_POLY_MAX * 2][2];
  for (int e = 0; e < q->n && np > 0; ++e) {
    const double *a = q->p[e], *b = q->p[(e + 1) % q->n];
    double ux = b[1] - a[1], uy = a[0] - b[0];
    int m = 0;
    for (int i = 0; i < np; ++i) {
      const double *s = poly[i], *t = poly[(i + 1) % np];
      double ds = (s[0] - a[0]) * ux + (s[1] - a[1]) * uy, dt = (t[0] - a[0]) * ux + (t[1] - a[1]) * uy;
      if (ds <= 0 && m < NP_POLY_MAX * 2) { tmp[m][0] = s[0]; tmp[m][1] = s[1]; m++; }
      if (((ds < 0 && dt > 0) || (ds > 0 && dt < 0)) && m < NP_POLY_MAX * 2) {
        double k = ds / (ds - dt);
        tmp[m][0] = s[0] + k * (t[0] - s[0]);
        tmp[m][1] = s[1] + k * (t[1] - s[1]);
        m++;
      }
    }
    np = m < NP_POLY_MAX * 2 ? m : NP_POLY_MAX * 2;
    for (int i = 0; i < np; ++i) { poly[i][0] = tmp[i][0]; poly[i][1] = tmp[i][1]; }
  }
  return np;
}

/* The overlap of the two features across n: its vertices into c; 0 when it is a point. */
static int overlap(const Feature *fa, const Feature *fb, double (*c)[2]) {
  if (fa->n < 2 || fb->n < 2) return 0;
  if (fa->n >= 3 && fb->n >= 3) {
    for (int i = 0; i < fa->n; ++i) { c[i][0] = fa->p[i][0]; c[i][1] = fa->p[i][1]; }
    return clip2(c, fa->n, fb);
  }
  if (fa->n == 2 && fb->n == 2) { /* side lines: a line contact only when nearly parallel */
    const double *a0 = fa->p[0], *b0 = fb->p[0];
    double da[2] = {fa->p[1][0] - a0[0], fa->p[1][1] - a0[1]}, db[2] = {fb->p[1][0] - b0[0], fb->p[1][1] - b0[1]};
    double la = hypot(da[0], da[1]), lb = hypot(db[0], db[1]);
    if (!(la > 0 && lb > 0) || fabs(da[0] * db[1] - da[1] * db[0]) > PARALLEL_SIN * la * lb) return 0;
    double u[2] = {da[0] / la, da[1] / la};
    double s0 = (b0[0] - a0[0]) * u[0] + (b0[1] - a0[1]) * u[1];
    double s1 = s0 + db[0] * u[0] + db[1] * u[1];
    double lo = fmax(0.0, fmin(s0, s1)), hi = fmin(la, fmax(s0, s1));
    if (hi - lo <= 1e-9 * la) return 0;
    double off = (b0[0] - a0[0]) * -u[1] + (b0[1] - a0[1]) * u[0]; /* b's line beside a's */
    for (int e = 0; e < 2; ++e) {
      double s = e ? hi : lo;
      c[e][0] = a0[0] + s * u[0] - 0.5 * off * u[1];
      c[e][1] = a0[1] + s * u[1] + 0.5 * off * u[0];
    }
    return 2;
  }
  const Feature *s = fa->n == 2 ? fa : fb, *q = fa->n == 2 ? fb : fa; /* a line on a cap */
  double lo = 0, hi = 1, dx = s->p[1][0] - s->p[0][0], dy = s->p[1][1] - s->p[0][1];
  for (int e = 0; e < q->n; ++e) {
    const double *a = q->p[e], *b = q->p[(e + 1) % q->n];
    double ux = b[1] - a[1], uy = a[0] - b[0];
    double f0 = (s->p[0][0] - a[0]) * ux + (s->p[0][1] - a[1]) * uy, df = dx * ux + dy * uy;
    if (df == 0) { if (f0 > 0) return 0; continue; }
    double t = -f0 / df;
    if (df > 0) hi = fmin(hi, t); else lo = fmax(lo, t);
  }
  if (hi - lo <= 1e-9) return 0;
  for (int e = 0; e < 2; ++e) {
    double t = e ? hi : lo;
    c[e][0] = s->p[0][0] + t * dx;
    c[e][1] = s->p[0][1] + t * dy;
  }
  return 2;
}

int np_feature_manifold(const GeomPose *a, const GeomPose *b, const ContactPoint *deep, double margin,
                        ContactPoint *out, int maxout) {
  const double *n = deep->normal;
  double t1[3], t2[3], mn[3] = {-n[0], -n[1], -n[2]};
  if (fabs(n[0]) < 0.6) v3_set(t1, 0, -n[2], n[1]); else v3_set(t1, n[2], 0, -n[0]);
  v3_normalize(t1);
  v3_cross(t2, n, t1);
  Feature fa, fb;
  feature_of(a, mn, n, t1, t2, &fa);
  feature_of(b, n, n, t1, t2, &fb);
  double c[NP_POLY_MAX * 2][2], pts[NP_POLY_MAX * 2][3], sep[NP_POLY_MAX * 2];
  int nc = overlap(&fa, &fb, c), m = 0;
  double scale = 0, min_sep = INFINITY;
  for (int k = 0; k < 3; ++k) scale = fmax(scale, fmax(a->size[k], b->size[k]));
  for (int i = 0; i < nc; ++i) {
    double za = height_at(&fa, c[i]), zb = height_at(&fb, c[i]);
    if (za - zb > margin) continue;
    sep[m] = za - zb;
    min_sep = fmin(min_sep, sep[m]);
    for (int k = 0; k < 3; ++k) pts[m][k] = c[i][0] * t1[k] + c[i][1] * t2[k] + 0.5 * (za + zb) * n[k];
    m++;
  }
  /* a point contact, or a manifold that misses the deepest point: the deepest point alone */
  if (m < 2 || min_sep > deep->phi + 1e-6 * scale) return 0;
  int count = 0, take = m < maxout ? m : maxout, first = 0;
  for (int i = 1; i < m; ++i)
    if (sep[i] < sep[first]) first = i;
  for (int j = 0; j < take; ++j) { /* more than maxout: every (m / maxout)-th from the deepest */
    int i = (first + (j * m) / take) % m;
    double wa[3], wb[3];
    v3_copy(wa, pts[i]);
    v3_axpy(wa, 0.5 * sep[i], n);
    v3_copy(wb, pts[i]);
    v3_axpy(wb, -0.5 * sep[i], n);
    np_add_witness(out, &count, maxout, wa, wb, n, sep[i]);
  }
  return count;
}

int np_ccd_manifold(const GeomPose *a, const GeomPose *b, double margin, ContactPoint *out, int maxout) {
  ContactPoint deep;
  if (maxout < 1 || np_ccd(a, b, margin, &deep, 1) != 1) return 0;
  int n = maxout >= 2 ? np_feature_manifold(a, b, &deep, margin, out, maxout) : 0;
  if (n == 0) { out[0] = deep; n = 1; }
  return n;
}
