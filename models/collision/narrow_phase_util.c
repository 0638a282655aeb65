/* Shared helpers of the narrow-phase routines. */
#include "models/collision/narrow_phase.h"

void np_add_witness(ContactPoint *out, int *n, int maxout, const double *wa, const double *wb,
                    const double *normal, double phi) {
  int slot = *n;
  if (slot >= maxout) { /* full: replace the shallowest if this one is deeper */
    int worst = -1;
    double worst_phi = phi;
    for (int i = 0; i < maxout; ++i)
      if (out[i].phi > worst_phi) { worst_phi = out[i].phi; worst = i; }
    if (worst < 0) return;
    slot = worst;
  } else {
    ++*n;
  }
  ContactPoint *c = &out[slot];
  for (int k = 0; k < 3; ++k) c->pos[k] = 0.5 * (wa[k] + wb[k]);
  v3_copy(c->normal, normal);
  c->phi = phi;
}

int np_clip_polygon(double (*in)[3], int n, double (*out)[3], const double *u, double c) {
  int m = 0;
  for (int i = 0; i < n; ++i) {
    const double *p = in[i], *q = in[(i + 1) % n];
    double dp = v3_dot(p, u) - c, dq = v3_dot(q, u) - c;
    if (dp <= 0 && m < NP_POLY_MAX) v3_copy(out[m++], p);
    if (((dp < 0 && dq > 0) || (dp > 0 && dq < 0)) && m < NP_POLY_MAX) {
      double t = dp / (dp - dq);
      for (int k = 0; k < 3; ++k) out[m][k] = p[k] + t * (q[k] - p[k]);
      ++m;
    }
  }
  return m;
}

int np_polygon_drop_redundant(double (*poly)[3], int n, double tol) {
  for (int i = 0, checked = 0; n > 2 && checked < n;) { /* until n vertices in a row are kept */
    const double *p = poly[(i + n - 1) % n], *v = poly[i], *q = poly[(i + 1) % n];
    double e1[3], e2[3], ch[3], cr[3];
    v3_sub(e1, v, p);
    v3_sub(e2, q, v);
    v3_sub(ch, q, p);
    double l1 = v3_norm(e1), l2 = v3_norm(e2), lc = v3_norm(ch);
    v3_cross(cr, ch, e1);
    double dev = lc > 0 ? v3_norm(cr) / lc : l1; /* distance of v from the chord p-q */
    v3_cross(cr, e1, e2);
    int straight = l1 > 0 && l2 > 0 && v3_dot(e1, e2) > 0 && v3_norm(cr) < NP_STRAIGHT_SIN * l1 * l2;
    if (dev > tol && !straight) {
      i = (i + 1) % n;
      ++checked;
      continue;
    }
    for (int j = i; j + 1 < n; ++j) v3_copy(poly[j], poly[j + 1]);
    --n;
    i = (i + n - 1) % n; /* the previous vertex has a new neighbour */
    checked = 0;
  }
  return n;
}

static double clamp01(double x) { return x < 0 ? 0 : (x > 1 ? 1 : x); }

/* Closest points of two segments (Ericson, Real-Time Collision Detection, 5.1.9). */
void np_segment_closest(const double *p1, const double *d1, const double *p2, const double *d2,
                        double *s, double *t) {
  const double eps = 1e-15;
  double r[3];
  v3_sub(r, p1, p2);
  double a = v3_dot(d1, d1), e = v3_dot(d2, d2), f = v3_dot(d2, r);
  if (a <= eps && e <= eps) { *s = *t = 0; return; }
  if (a <= eps) { *s = 0; *t = clamp01(f / e); return; }
  double c = v3_dot(d1, r);
  if (e <= eps) { *t = 0; *s = clamp01(-c / a); return; }
  double b = v3_dot(d1, d2), denom = a * e - b * b;
  double ss = denom > eps * a * e ? clamp01((b * f - c * e) / denom) : 0.0;
  double tt = (b * ss + f) / e;
  if (tt < 0) { tt = 0; ss = clamp01(-c / a); }
  else if (tt > 1) { tt = 1; ss = clamp01((b - c) / a); }
  *s = ss; *t = tt;
}
