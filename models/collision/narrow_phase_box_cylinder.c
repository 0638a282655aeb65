/* Box-cylinder: libccd finds the deepest point and normal; when that normal is a box face
 * normal and the cylinder rests on that face with a cap (axis nearly parallel to the normal)
 * or on its side (axis nearly perpendicular), the contact is a manifold, as box-plane and
 * plane-cylinder give: the cap's rim octagon clipped against the face rectangle, or the
 * cylinder's lowest line clipped against it. libccd's point alone when the cylinder's lowest
 * point along the face normal is not over the face (a cylinder tipping over an edge). A standing cylinder thus rests on >= 3 points. */
#include "models/collision/narrow_phase.h"

#define NRIM 8
#define POLY_MAX NP_POLY_MAX
/* cos and sin of 10 degrees: the alignment window of the manifolds */
#define ALIGN_COS 0.984807753012208
#define ALIGN_SIN 0.17364817766693033

/* Box face of a (outward normal fn, centre fc, in-face axes e1, e2 with half extents h1, h2)
 * whose normal is closest to -n (n points from the cylinder into the box). Returns the
 * alignment -fn.n. */
typedef struct {
  double fn[3], fc[3], e[2][3], h[2];
} BoxFace;

static double facing_face(const GeomPose *box, const double *n, BoxFace *f) {
  int k = 0;
  double best = -1;
  for (int i = 0; i < 3; ++i) {
    double ai[3];
    np_axis(ai, box->rot, i);
    double d = fabs(v3_dot(ai, n));
    if (d > best) { best = d; k = i; }
  }
  double ak[3];
  np_axis(ak, box->rot, k);
  v3_scale(f->fn, ak, v3_dot(ak, n) > 0 ? -1.0 : 1.0);
  v3_copy(f->fc, box->pos);
  v3_axpy(f->fc, box->size[k], f->fn);
  for (int s = 0; s < 2; ++s) {
    int j = (k + 1 + s) % 3;
    np_axis(f->e[s], box->rot, j);
    f->h[s] = box->size[j];
  }
  return best;
}

/* Clips the polygon poly[0..n) to the face's side planes. */
static int clip_to_face(const BoxFace *f, double (*poly)[3], int n) {
  double tmp[POLY_MAX][3];
  for (int s = 0; s < 2 && n > 0; ++s) {
    double u[3];
    v3_copy(u, f->e[s]);
    double c0 = v3_dot(u, f->fc);
    n = np_clip_polygon(poly, n, tmp, u, c0 + f->h[s]);
    v3_scale(u, u, -1.0);
    n = np_clip_polygon(tmp, n, poly, u, -c0 + f->h[s]);
  }
  return n;
}

/* Clips segment seg[0] -> seg[1] to the face's side planes (Liang-Barsky); returns 2 or 0. */
static int clip_segment_to_face(const BoxFace *f, double (*seg)[3]) {
  double t0 = 0, t1 = 1, d[3];
  v3_sub(d, seg[1], seg[0]);
  for (int s = 0; s < 2; ++s) {
    double c0 = v3_dot(f->e[s], f->fc), x0 = v3_dot(f->e[s], seg[0]) - c0, dx = v3_dot(f->e[s], d);
    /* -h <= x0 + t dx <= h */
    if (fabs(dx) < 1e-300) {
      if (fabs(x0) > f->h[s]) return 0;
      continue;
    }
    double ta = (-f->h[s] - x0) / dx, tb = (f->h[s] - x0) / dx;
    if (ta > tb) { double tt = ta; ta = tb; tb = tt; }
    t0 = fmax(t0, ta);
    t1 = fmin(t1, tb);
  }
  if (t0 > t1) return 0;
  double p0[3];
  v3_copy(p0, seg[0]);
  v3_axpy(seg[0], t0, d);
  v3_copy(seg[1], p0);
  v3_axpy(seg[1], t1, d);
  return 2;
}

/* Appends the points of poly within the margin as contacts (normal -fn, from the cylinder
 * into the box); more than maxout: every (n / maxout)-th vertex from the deepest, so the kept
 * points stay spread over the polygon. */
static int emit(const BoxFace *f, double (*poly)[3], int n, double margin, ContactPoint *out, int maxout) {
  double sep[POLY_MAX], normal[3];
  int keep[POLY_MAX], nk = 0, deep = 0;
  v3_scale(normal, f->fn, -1.0);
  for (int i = 0; i < n; ++i) {
    double r[3];
    v3_sub(r, poly[i], f->fc);
    sep[i] = v3_dot(r, f->fn);
    if (sep[i] > margin) continue;
    if (nk == 0 || sep[i] < sep[keep[deep]]) deep = nk;
    keep[nk++] = i;
  }
  int count = 0;
  int take = nk < maxout ? nk : maxout;
  for (int j = 0; j < take; ++j) {
    int i = keep[(deep + (j * nk) / take) % nk];
    double wa[3];
    v3_copy(wa, poly[i]);
    v3_axpy(wa, -sep[i], f->fn);
    np_add_witness(out, &count, maxout, wa, poly[i], normal, sep[i]);
  }
  return count;
}

int np_box_cylinder(const GeomPose *a, const GeomPose *b, double margin, ContactPoint *out, int maxout) {
  ContactPoint deep;
  if (maxout < 1 || np_ccd(a, b, margin, &deep, 1) != 1) return 0;
  BoxFace f;
  if (facing_face(a, deep.normal, &f) < ALIGN_COS) { out[0] = deep; return 1; }
  double ax[3], w[3], u[3], poly[POLY_MAX][3];
  np_axis(ax, b->rot, 2);
  const double r = b->size[0], hl = b->size[1], ca = v3_dot(ax, f.fn);
  /* lowest radial direction towards the face: -fn without its axial part */
  v3_scale(w, f.fn, -1.0);
  v3_axpy(w, ca, ax);
  if (v3_normalize(w) < 1e-9) np_axis(w, b->rot, 0);
  int np = 0;
  if (fabs(ca) >= ALIGN_COS) { /* on a cap: the rim octagon from its lowest point */
    double cc[3];
    v3_copy(cc, b->pos);
    v3_axpy(cc, ca > 0 ? -hl : hl, ax);
    v3_cross(u, ax, w);
    for (int k = 0; k < NRIM; ++k) {
      double th = 2.0 * M_PI * k / NRIM;
      v3_copy(poly[k], cc);
      v3_axpy(poly[k], r * cos(th), w);
      v3_axpy(poly[k], r * sin(th), u);
    }
    np = clip_to_face(&f, poly, NRIM);
  } else if (fabs(ca) <= ALIGN_SIN) { /* on its side: the lowest line */
    for (int e = 0; e < 2; ++e) {
      v3_copy(poly[e], b->pos);
      v3_axpy(poly[e], e ? hl : -hl, ax);
      v3_axpy(poly[e], r, w);
    }
    np = clip_segment_to_face(&f, poly);
  }
  int n = np > 0 ? emit(&f, poly, np, margin, out, maxout) : 0;
  double min_phi = INFINITY, rc[3];
  for (int i = 0; i < n; ++i) min_phi = fmin(min_phi, out[i].phi);
  /* the cylinder's lowest point along fn, over the face or not: if the manifold misses it
   * (the cylinder dips past the face's edge), the face is not the contact: libccd's point */
  v3_sub(rc, b->pos, f.fc);
  double lowest = v3_dot(rc, f.fn) - hl * fabs(ca) - r * sqrt(fmax(0.0, 1.0 - ca * ca));
  if (n == 0 || min_phi > lowest + 1e-7 * (r + hl)) { out[0] = deep; return 1; }
  return n;
}
