/* Plane against sphere, box, cylinder, capsule. The plane is the half-space z <= 0 of its
 * geometry frame; the normal (from b into the plane a) is minus the plane's z axis. */
#include "models/collision/narrow_phase.h"

/* A point x of geometry b at signed height h over the plane: witness on b is x, on the
 * plane its projection x - h nz. */
static void add_point_over_plane(ContactPoint *out, int *n, int maxout, const double *nz,
                                 const double *x, double h) {
  double wb[3], normal[3];
  v3_copy(wb, x);
  v3_axpy(wb, -h, nz);
  v3_scale(normal, nz, -1.0);
  np_add_witness(out, n, maxout, wb, x, normal, h);
}

static double height(const GeomPose *plane, const double *nz, const double *x) {
  double r[3];
  v3_sub(r, x, plane->pos);
  return v3_dot(nz, r);
}

int np_plane_sphere(const GeomPose *a, const GeomPose *b, double margin, ContactPoint *out, int maxout) {
  double nz[3], x[3];
  int n = 0;
  np_axis(nz, a->rot, 2);
  v3_copy(x, b->pos);
  v3_axpy(x, -b->size[0], nz); /* lowest point of the sphere */
  double h = height(a, nz, x);
  if (h <= margin) add_point_over_plane(out, &n, maxout, nz, x, h);
  return n;
}

/* Every corner within the margin: a box flat on the plane gives its 4 lower corners. */
int np_plane_box(const GeomPose *a, const GeomPose *b, double margin, ContactPoint *out, int maxout) {
  double nz[3];
  int n = 0;
  np_axis(nz, a->rot, 2);
  for (int c = 0; c < 8; ++c) {
    double local[3] = {(c & 1) ? b->size[0] : -b->size[0], (c & 2) ? b->size[1] : -b->size[1],
                       (c & 4) ? b->size[2] : -b->size[2]};
    double x[3];
    m3_mulv(x, b->rot, local);
    v3_add(x, x, b->pos);
    double h = height(a, nz, x);
    if (h <= margin) add_point_over_plane(out, &n, maxout, nz, x, h);
  }
  return n;
}

/* Rim points of both caps: 8 per cap, starting at the rim's lowest point. A cylinder standing
 * on a cap gets an octagon, a lying one the two ends of its lowest line, a tilted one its
 * lowest rim point (plus neighbours within the margin). The deepest maxout are kept. */
int np_plane_cylinder(const GeomPose *a, const GeomPose *b, double margin, ContactPoint *out, int maxout) {
  const int nrim = 8;
  double nz[3], ax[3], w[3], u[3];
  int n = 0;
  np_axis(nz, a->rot, 2);
  np_axis(ax, b->rot, 2);
  const double r = b->size[0], hl = b->size[1];
  /* lowest radial direction: -nz without its axial part */
  v3_scale(w, nz, -1.0);
  v3_axpy(w, v3_dot(nz, ax), ax);
  if (v3_normalize(w) < 1e-9) np_axis(w, b->rot, 0); /* standing: any rim direction */
  v3_cross(u, ax, w);
  for (int cap = 0; cap < 2; ++cap) {
    double cc[3];
    v3_copy(cc, b->pos);
    v3_axpy(cc, cap ? hl : -hl, ax);
    for (int k = 0; k < nrim; ++k) {
      double th = 2.0 * M_PI * k / nrim, x[3];
      v3_copy(x, cc);
      v3_axpy(x, r * cos(th), w);
      v3_axpy(x, r * sin(th), u);
      double h = height(a, nz, x);
      if (h <= margin) add_point_over_plane(out, &n, maxout, nz, x, h);
    }
  }
  return n;
}

/* The two end spheres of the capsule. */
int np_plane_capsule(const GeomPose *a, const GeomPose *b, double margin, ContactPoint *out, int maxout) {
  double nz[3], ax[3];
  int n = 0;
  np_axis(nz, a->rot, 2);
  np_axis(ax, b->rot, 2);
  for (int e = 0; e < 2; ++e) {
    double x[3];
    v3_copy(x, b->pos);
    v3_axpy(x, e ? b->size[1] : -b->size[1], ax);
    v3_axpy(x, -b->size[0], nz);
    double h = height(a, nz, x);
    if (h <= margin) add_point_over_plane(out, &n, maxout, nz, x, h);
  }
  return n;
}
