/* Box-capsule: the capsule's two end spheres against the box (analytic), plus the deepest
 * point from libccd when the segment's interior is deeper than both ends (a capsule across a
 * box edge). A capsule lying on a box face thus rests on two points. */
#include "models/collision/narrow_phase.h"

int np_box_capsule(const GeomPose *a, const GeomPose *b, double margin, ContactPoint *out, int maxout) {
  double ax[3], ends[2][3], size[3] = {b->size[0], 0, 0};
  np_axis(ax, b->rot, 2);
  int n = 0;
  double min_end_phi = INFINITY;
  for (int e = 0; e < 2 && n < maxout; ++e) {
    v3_copy(ends[e], b->pos);
    v3_axpy(ends[e], e ? b->size[1] : -b->size[1], ax);
    GeomPose sphere = {GEOM_SPHERE, size, ends[e], b->rot};
    int k = np_sphere_box(&sphere, a, margin, out + n, maxout - n);
    for (int i = n; i < n + k; ++i) { /* sphere was the first argument: flip */
      v3_scale(out[i].normal, out[i].normal, -1.0);
      if (out[i].phi < min_end_phi) min_end_phi = out[i].phi;
    }
    n += k;
  }
  ContactPoint deep;
  if (np_ccd(a, b, margin, &deep, 1) == 1 && deep.phi < min_end_phi - 1e-6 - 1e-3 * b->size[0]) {
    if (n < maxout) out[n++] = deep;
    else out[0] = deep;
  }
  return n;
}
