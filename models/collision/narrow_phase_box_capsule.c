/* Box-capsule: the capsule's two end spheres against the box (analytic), plus the segment's
 * deepest interior point when it is deeper than both ends (a capsule across a box edge). That
 * point is exact while the segment stays outside the box: the distance from the box to a point
 * moving along the segment is convex, so a golden-section search finds its minimum, and
 * phi = that distance - radius. A segment that enters the box (an overlap deeper than the
 * radius) is left to libccd. A capsule lying on a box face thus rests on two points. */
#include "models/collision/narrow_phase.h"

/* Distance from world point p to the box, and its closest point q (p itself inside). */
static double box_distance(const GeomPose *box, const double *p, double *q) {
  double r[3], l[3], ql[3];
  v3_sub(r, p, box->pos);
  m3_tmulv(l, box->rot, r);
  for (int i = 0; i < 3; ++i) ql[i] = fmin(fmax(l[i], -box->size[i]), box->size[i]);
  m3_mulv(q, box->rot, ql);
  v3_add(q, q, box->pos);
  double d[3];
  v3_sub(d, p, q);
  return v3_norm(d);
}

/* The segment's closest point to the box, as a contact of the capsule (b) on the box (a), if the
 * segment stays outside it; 0 when it does not (distance 0: the segment touches or enters). */
static int interior_point(const GeomPose *a, const GeomPose *b, const double *p0, const double *p1,
                          ContactPoint *out) {
  const double golden = 0.6180339887498949;
  double d[3], lo = 0, hi = 1, p[3], q[3];
  v3_sub(d, p1, p0);
  double x1 = hi - golden * (hi - lo), x2 = lo + golden * (hi - lo), f1, f2;
  v3_copy(p, p0); v3_axpy(p, x1, d); f1 = box_distance(a, p, q);
  v3_copy(p, p0); v3_axpy(p, x2, d); f2 = box_distance(a, p, q);
  for (int it = 0; it < 80 && hi - lo > 1e-14; ++it) {
    if (f1 <= f2) {
      hi = x2; x2 = x1; f2 = f1;
      x1 = hi - golden * (hi - lo);
      v3_copy(p, p0); v3_axpy(p, x1, d); f1 = box_distance(a, p, q);
    } else {
      lo = x1; x1 = x2; f1 = f2;
      x2 = lo + golden * (hi - lo);
      v3_copy(p, p0); v3_axpy(p, x2, d); f2 = box_distance(a, p, q);
    }
  }
  v3_copy(p, p0);
  v3_axpy(p, 0.5 * (lo + hi), d);
  double dist = box_distance(a, p, q);
  if (!(dist > 1e-12 * (1.0 + b->size[0]))) return 0;
  double n[3], wb[3]; /* normal from the capsule (b) into the box (a) */
  v3_sub(n, q, p);
  v3_scale(n, n, 1.0 / dist);
  v3_copy(wb, p);
  v3_axpy(wb, b->size[0], n);
  int k = 0;
  np_add_witness(out, &k, 1, q, wb, n, dist - b->size[0]);
  return k;
}

int np_box_capsule(const GeomPose *a, const GeomPose *b, double margin, ContactPoint *out, int maxout) {
  double ax[3], ends[2][3], size[3] = {b->size[0], 0, 0};
  np_axis(ax, b->rot, 2);
  int n = 0;
  double min_end_phi = INFINITY;
  for (int e = 0; e < 2; ++e) {
    v3_copy(ends[e], b->pos);
    v3_axpy(ends[e], e ? b->size[1] : -b->size[1], ax);
  }
  for (int e = 0; e < 2 && n < maxout; ++e) {
    GeomPose sphere = {GEOM_SPHERE, size, ends[e], b->rot};
    int k = np_sphere_box(&sphere, a, margin, out + n, maxout - n);
    for (int i = n; i < n + k; ++i) { /* sphere was the first argument: flip */
      v3_scale(out[i].normal, out[i].normal, -1.0);
      if (out[i].phi < min_end_phi) min_end_phi = out[i].phi;
    }
    n += k;
  }
  ContactPoint deep;
  int found = interior_point(a, b, ends[0], ends[1], &deep);
  if (!found) found = np_ccd(a, b, margin, &deep, 1) == 1;
  if (found && deep.phi <= margin && deep.phi < min_end_phi - 1e-6 - 1e-3 * b->size[0]) {
    if (n < maxout) out[n++] = deep;
    else out[0] = deep;
  }
  return n;
}
