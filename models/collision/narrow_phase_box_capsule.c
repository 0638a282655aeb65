/* Box-capsule: the capsule is the union of spheres along its segment. Its two end spheres
 * against the box (analytic), plus the segment's deepest sphere when it is deeper than both ends
 * (a capsule across a box edge). A sphere's signed distance to the box is convex in its centre,
 * hence along the segment, so a golden-section search finds the deepest one exactly while the
 * segment stays outside the box; a segment that enters the box (an overlap deeper than the
 * radius) is left to libccd. A capsule lying on a box face thus rests on two points. */
#include "models/collision/narrow_phase.h"

/* The sphere of b's radius at centre p against box a, as a contact of b on a. */
static double sphere_at(const GeomPose *a, const GeomPose *b, const double *p, ContactPoint *c) {
  double size[3] = {b->size[0], 0, 0};
  GeomPose sphere = {GEOM_SPHERE, size, p, b->rot};
  np_sphere_box(&sphere, a, INFINITY, c, 1); /* margin infinite: always one point */
  v3_scale(c->normal, c->normal, -1.0);   /* sphere was the first argument: flip */
  return c->phi;
}

/* The deepest sphere along p0 -> p1, if the segment stays outside the box; 0 when it does not. */
static int deepest_sphere(const GeomPose *a, const GeomPose *b, const double *p0, const double *p1, ContactPoint *out) {
  const double golden = 0.6180339887498949;
  double d[3], p[3], lo = 0, hi = 1;
  ContactPoint c;
  v3_sub(d, p1, p0);
  double x1 = hi - golden * (hi - lo), x2 = lo + golden * (hi - lo), f1, f2;
  v3_copy(p, p0); v3_axpy(p, x1, d); f1 = sphere_at(a, b, p, &c);
  v3_copy(p, p0); v3_axpy(p, x2, d); f2 = sphere_at(a, b, p, &c);
  for (int it = 0; it < 80 && hi - lo > 1e-14; ++it) {
    if (f1 <= f2) {
      hi = x2; x2 = x1; f2 = f1;
      x1 = hi - golden * (hi - lo);
      v3_copy(p, p0); v3_axpy(p, x1, d); f1 = sphere_at(a, b, p, &c);
    } else {
      lo = x1; x1 = x2; f1 = f2;
      x2 = lo + golden * (hi - lo);
      v3_copy(p, p0); v3_axpy(p, x2, d); f2 = sphere_at(a, b, p, &c);
    }
  }
  v3_copy(p, p0);
  v3_axpy(p, 0.5 * (lo + hi), d);
  double phi = sphere_at(a, b, p, out);
  return phi + b->size[0] > 1e-12 * (1.0 + b->size[0]); /* the centre is outside the box */
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
  int found = deepest_sphere(a, b, ends[0], ends[1], &deep);
  if (!found) found = np_ccd(a, b, margin, &deep, 1) == 1;
  if (found && deep.phi <= margin && deep.phi < min_end_phi - 1e-6 - 1e-3 * b->size[0]) {
    if (n < maxout) out[n++] = deep;
    else out[0] = deep;
  }
  return n;
}
