/* Box-box: separating-axis test over the 15 axes; a face axis gives a multi-point manifold by
 * clipping the incident face against the reference face's side planes, an edge-edge axis
 * gives the closest points of the two edges, the face points still apart and the corners
 * already inside the other box. */
#include "models/collision/narrow_phase.h"

#define CLIP_MAX NP_POLY_MAX

/* Face manifold: reference box (cr, axr, hr) face `idx` with outward normal nr (pointing at the
 * incident box); incident box (ci, axi, hi). ref_is_a says which geometry is the reference. */
static int face_manifold(const double *cr, double axr[3][3], const double *hr, int idx,
                         const double *nr, const double *ci, double axi[3][3], const double *hi,
                         int ref_is_a, double min_sep, double margin, ContactPoint *out, int maxout) {
  /* incident face: the face of the incident box most anti-parallel to nr */
  int m = 0;
  double best = -1;
  for (int k = 0; k < 3; ++k) {
    double dk = fabs(v3_dot(nr, axi[k]));
    if (dk > best) { best = dk; m = k; }
  }
  double ni[3], ic[3];
  v3_scale(ni, axi[m], v3_dot(nr, axi[m]) > 0 ? -1.0 : 1.0);
  v3_copy(ic, ci);
  v3_axpy(ic, hi[m], ni);
  int e1 = (m + 1) % 3, e2 = (m + 2) % 3;
  double poly[CLIP_MAX][3], tmp[CLIP_MAX][3];
  const double sg[4][2] = {{1, 1}, {-1, 1}, {-1, -1}, {1, -1}};
  for (int v = 0; v < 4; ++v) {
    v3_copy(poly[v], ic);
    v3_axpy(poly[v], sg[v][0] * hi[e1], axi[e1]);
    v3_axpy(poly[v], sg[v][1] * hi[e2], axi[e2]);
  }
  int np = 4;
  /* side planes of the reference face */
  double fc[3];
  v3_copy(fc, cr);
  v3_axpy(fc, hr[idx], nr);
  for (int s = 1; s <= 2 && np > 0; ++s) {
    int t = (idx + s) % 3;
    double u[3];
    v3_copy(u, axr[t]);
    double c = v3_dot(u, fc) + hr[t];
    np = np_clip_polygon(poly, np, tmp, u, c);
    v3_scale(u, u, -1.0);
    c = v3_dot(u, fc) + hr[t];
    np = np_clip_polygon(tmp, np, poly, u, c);
  }
  np = np_polygon_drop_redundant(poly, np, 1e-6 * (hr[0] + hr[1] + hr[2] + hi[0] + hi[1] + hi[2]));
  double normal[3];
  v3_scale(normal, nr, ref_is_a ? -1.0 : 1.0);
  int n = 0;
  for (int v = 0; v < np; ++v) {
    double r[3], wref[3];
    v3_sub(r, poly[v], fc);
    double sep = v3_dot(r, nr);
    if (sep > margin || sep < min_sep) continue;
    v3_copy(wref, poly[v]);
    v3_axpy(wref, -sep, nr);
    if (ref_is_a) np_add_witness(out, &n, maxout, wref, poly[v], normal, sep);
    else np_add_witness(out, &n, maxout, poly[v], wref, normal, sep);
  }
  return n;
}

/* The face manifold of face axis face_idx of box face_owner (0: a, 1: b), normal from b into a. */
static int face_contacts(const GeomPose *a, const GeomPose *b, double A[3][3], double B[3][3], const double *D,
                         int face_owner, int face_idx, const double *face_L, double min_sep, double margin,
                         ContactPoint *out, int maxout) {
  double nr[3];
  if (face_owner == 0) { /* reference face on a, outward towards b */
    v3_scale(nr, face_L, v3_dot(face_L, D) >= 0 ? 1.0 : -1.0);
    return face_manifold(a->pos, A, a->size, face_idx, nr, b->pos, B, b->size, 1, min_sep, margin, out, maxout);
  }
  v3_scale(nr, face_L, v3_dot(face_L, D) >= 0 ? -1.0 : 1.0);
  return face_manifold(b->pos, B, b->size, face_idx, nr, a->pos, A, a->size, 0, min_sep, margin, out, maxout);
}

/* The face axis overlaps but every clipped point of the incident face lies above the margin:
 * the incident box is tilted so that its deepest part falls outside the reference face's side
 * planes. libccd finds a point there; its depth is kept only if it is not deeper than the exact
 * one, sat_sep (the largest separation over the 15 axes is minus the penetration depth of two
 * boxes), since EPA on a nearly touching pair can return the overlap along a wrong direction
 * (0.2 m for two cubes of hard clutter resting face to face). Within rounding of touching
 * (|sat_sep| <= 1e-12 of the sizes: the clipped points were dropped by 1e-17) there is nothing to
 * report. */
static int deep_fallback(const GeomPose *a, const GeomPose *b, double A[3][3], double B[3][3], const double *D,
                         double sat_sep, const double *sat_L, double margin, ContactPoint *out, int maxout) {
  double scale = a->size[0] + a->size[1] + a->size[2] + b->size[0] + b->size[1] + b->size[2];
  if (sat_sep >= -1e-12 * scale || maxout < 1) return 0;
  ContactPoint deep;
  int found = np_ccd(a, b, margin, &deep, 1) == 1;
  if (found && deep.phi >= sat_sep - 1e-9 * scale) {
    out[0] = deep;
    return 1;
  }
  /* the separating axis itself, at libccd's point or else the middle of the two boxes' deepest
   * points along it */
  double nrm[3];
  v3_scale(nrm, sat_L, v3_dot(sat_L, D) > 0 ? -1.0 : 1.0); /* from b into a */
  if (found) {
    v3_copy(out[0].pos, deep.pos);
  } else {
    double sa[3], sb[3];
    v3_copy(sa, a->pos);
    v3_copy(sb, b->pos);
    for (int k = 0; k < 3; ++k) {
      v3_axpy(sa, v3_dot(nrm, A[k]) > 0 ? -a->size[k] : a->size[k], A[k]);
      v3_axpy(sb, v3_dot(nrm, B[k]) > 0 ? b->size[k] : -b->size[k], B[k]);
    }
    for (int k = 0; k < 3; ++k) out[0].pos[k] = 0.5 * (sa[k] + sb[k]);
  }
  v3_copy(out[0].normal, nrm);
  out[0].phi = sat_sep;
  return 1;
}

/* The edge-edge manifold (the edges' closest points and the face points still apart) leaves
 * out whatever else overlaps: when a tumbling cube comes down nearly flat, the separating axis
 * can still be an edge-edge one while a corner at the other end of the face is already inside
 * the other box. That overlap was seen only at the next query, deeper, and its spring energy
 * came back out (tumbling cubes at 10 ms gained energy). So each box's corners that are inside the other are reported at their exact depth,
 * along the nearest face's normal (np_sphere_box with a sphere of radius 0 at the corner),
 * unless the manifold out[0..n) holds them already. */
static int corners_inside(const GeomPose *a, const GeomPose *b, double A[3][3], double B[3][3], ContactPoint *out,
                          int n, int maxout) {
  static const double radius_zero[3] = {0, 0, 0};
  const double tol = 1e-9 * (a->size[0] + a->size[1] + a->size[2] + b->size[0] + b->size[1] + b->size[2]);
  const int n_manifold = n;
  for (int side = 0; side < 2; ++side) {
    const GeomPose *own = side ? b : a, *other = side ? a : b;
    double (*own_axes)[3] = side ? B : A;
    for (int v = 0; v < 8; ++v) {
      double corner[3];
      v3_copy(corner, own->pos);
      for (int k = 0; k < 3; ++k) v3_axpy(corner, (v >> k & 1 ? 1.0 : -1.0) * own->size[k], own_axes[k]);
      const GeomPose point = {GEOM_SPHERE, radius_zero, corner, own->rot};
      ContactPoint c; /* normal from `other` into the corner */
      if (np_sphere_box(&point, other, 0.0, &c, 1) == 0 || !(c.phi < 0)) continue;
      int in_manifold = 0; /* a manifold point whose witness on this box is this corner */
      for (int i = 0; i < n_manifold && !in_manifold; ++i) {
        double w[3]; /* a's witness is pos + phi/2 n, b's pos - phi/2 n */
        for (int k = 0; k < 3; ++k) w[k] = out[i].pos[k] + (side ? -0.5 : 0.5) * out[i].phi * out[i].normal[k] - corner[k];
        in_manifold = v3_norm(w) <= tol;
      }
      if (in_manifold) continue;
      double on_other[3]; /* the nearest face's point */
      v3_copy(on_other, corner);
      v3_axpy(on_other, -c.phi, c.normal);
      if (side == 0) {
        np_add_witness(out, &n, maxout, corner, on_other, c.normal, c.phi); /* from b into a */
      } else {
        v3_scale(c.normal, c.normal, -1.0);
        np_add_witness(out, &n, maxout, on_other, corner, c.normal, c.phi);
      }
    }
  }
  return n;
}

int np_box_box(const GeomPose *a, const GeomPose *b, double margin, ContactPoint *out, int maxout) {
  double A[3][3], B[3][3], D[3];
  for (int i = 0; i < 3; ++i) { np_axis(A[i], a->rot, i); np_axis(B[i], b->rot, i); }
  const double *ha = a->size, *hb = b->size;
  v3_sub(D, b->pos, a->pos);

  /* The 15 axes in the frame products R = A^T B and T = A^T D, B^T D (Gottschalk, Lin and
   * Manocha, "OBBTree", SIGGRAPH 1996): a box's projection radius on another box's axis, or on
   * an edge-edge axis A_i x B_j, is a sum of |R| entries, so no axis needs its own dot products. */
  double absR[3][3], TA[3], TB[3]; /* only |R| enters the radii */
  for (int i = 0; i < 3; ++i) {
    TA[i] = v3_dot(D, A[i]);
    TB[i] = v3_dot(D, B[i]);
    for (int j = 0; j < 3; ++j) absR[i][j] = fabs(v3_dot(A[i], B[j]));
  }
  double face_sep = -INFINITY, edge_sep = -INFINITY, face_L[3] = {0, 0, 1}, edge_L[3] = {0, 0, 1};
  int face_owner = 0, face_idx = 0, edge_i = 0, edge_j = 0;
  for (int o = 0; o < 2; ++o)
    for (int i = 0; i < 3; ++i) {
      double sep = o ? fabs(TB[i]) - hb[i] - (ha[0] * absR[0][i] + ha[1] * absR[1][i] + ha[2] * absR[2][i])
                     : fabs(TA[i]) - ha[i] - (hb[0] * absR[i][0] + hb[1] * absR[i][1] + hb[2] * absR[i][2]);
      if (sep > margin) return 0;
      if (sep > face_sep) { face_sep = sep; face_owner = o; face_idx = i; v3_copy(face_L, o ? B[i] : A[i]); }
    }
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      double L[3];
      v3_cross(L, A[i], B[j]);
      double len = v3_norm(L);
      if (len < 1e-6) continue; /* parallel edges: covered by face axes */
      /* A_k . (A_i x B_j) = +-R[m][j] for the third index m, 0 for k = i; likewise for B */
      int i1 = (i + 1) % 3, i2 = (i + 2) % 3, j1 = (j + 1) % 3, j2 = (j + 2) % 3;
      double ra = ha[i1] * absR[i2][j] + ha[i2] * absR[i1][j], rb = hb[j1] * absR[i][j2] + hb[j2] * absR[i][j1];
      double sep = (fabs(v3_dot(L, D)) - ra - rb) / len;
      if (sep > margin) return 0;
      if (sep > edge_sep) { edge_sep = sep; edge_i = i; edge_j = j; v3_scale(edge_L, L, 1.0 / len); }
    }

  int n = 0;
  if (edge_sep > face_sep + 1e-9 + 0.05 * fabs(face_sep)) {
    /* edge-edge: n from b into a */
    double nrm[3], pa[3], pb[3], da[3], db[3], s, t, wa[3], wb[3];
    v3_scale(nrm, edge_L, v3_dot(edge_L, D) > 0 ? -1.0 : 1.0);
    v3_copy(pa, a->pos);
    v3_copy(pb, b->pos);
    for (int k = 0; k < 3; ++k) {
      if (k != edge_i) v3_axpy(pa, v3_dot(nrm, A[k]) > 0 ? -ha[k] : ha[k], A[k]);
      if (k != edge_j) v3_axpy(pb, v3_dot(nrm, B[k]) > 0 ? hb[k] : -hb[k], B[k]);
    }
    v3_axpy(pa, -ha[edge_i], A[edge_i]);
    v3_scale(da, A[edge_i], 2 * ha[edge_i]);
    v3_axpy(pb, -hb[edge_j], B[edge_j]);
    v3_scale(db, B[edge_j], 2 * hb[edge_j]);
    np_segment_closest(pa, da, pb, db, &s, &t);
    v3_copy(wa, pa);
    v3_axpy(wa, s, da);
    v3_copy(wb, pb);
    v3_axpy(wb, t, db);
    double r[3];
    v3_sub(r, wa, wb);
    double phi = v3_dot(r, nrm);
    if (phi <= margin) np_add_witness(out, &n, maxout, wa, wb, nrm, phi);
    /* The edges' closest points are not the only points that can close within a step: a box
     * tipped onto an edge that falls flat brings a whole face down (centimetres deep in one
     * 10 ms step, and the spring energy of that overlap comes back out). So the best face's
     * manifold points that are still apart (0 <= phi <= margin, a speculative margin) are
     * reported too: they lie over the reference face (clipped to its side planes) and above it,
     * so each phi is the exact distance of that point to the other box. Points below the face
     * are left to the edge point: along the face normal they would overstate an edge overlap. */
    if (n < maxout) n += face_contacts(a, b, A, B, D, face_owner, face_idx, face_L, 0.0, margin, out + n, maxout - n);
    return corners_inside(a, b, A, B, out, n, maxout);
  }
  n = face_contacts(a, b, A, B, D, face_owner, face_idx, face_L, -INFINITY, margin, out, maxout);
  if (n == 0 && face_sep < 0) return deep_fallback(a, b, A, B, D, fmax(face_sep, edge_sep), edge_sep > face_sep ? edge_L : face_L, margin, out, maxout);
  return n;
}
