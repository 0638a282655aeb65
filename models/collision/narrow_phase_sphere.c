/* Sphere and capsule pairs: sphere-sphere, sphere-box, sphere-cylinder, sphere-capsule,
 * capsule-capsule (capsules are swept spheres along their segment). */
#include "models/collision/narrow_phase.h"

/* Spheres (ca, ra) and (cb, rb); normal from b into a. */
static void sphere_sphere_core(const double *ca, double ra, const double *cb, double rb,
                               double margin, ContactPoint *out, int *n, int maxout) {
  double dvec[3], nrm[3], wa[3], wb[3];
  v3_sub(dvec, ca, cb);
  double dist = v3_norm(dvec), phi = dist - ra - rb;
  if (phi > margin) return;
  if (dist > 1e-12) v3_scale(nrm, dvec, 1.0 / dist);
  else v3_set(nrm, 0, 0, 1); /* concentric: any direction */
  v3_copy(wa, ca);
  v3_axpy(wa, -ra, nrm);
  v3_copy(wb, cb);
  v3_axpy(wb, rb, nrm);
  np_add_witness(out, n, maxout, wa, wb, nrm, phi);
}

int np_sphere_sphere(const GeomPose *a, const GeomPose *b, double margin, ContactPoint *out, int maxout) {
  int n = 0;
  sphere_sphere_core(a->pos, a->size[0], b->pos, b->size[0], margin, out, &n, maxout);
  return n;
}

/* Sphere against a convex solid given by the closest point q of the solid (local frame of b)
 * to the sphere centre cl, or, when cl is inside, by the outward normal nl of the nearest face
 * and the penetration depth pen of cl. */
static int sphere_vs_local(const GeomPose *a, const GeomPose *b, const double *cl, int inside,
                           const double *q, const double *nl_in, double pen, double margin,
                           ContactPoint *out, int maxout) {
  const double ra = a->size[0];
  double nl[3], phi;
  if (!inside) {
    v3_sub(nl, cl, q);
    double dist = v3_normalize(nl);
    phi = dist - ra;
  } else {
    v3_copy(nl, nl_in);
    phi = -pen - ra;
  }
  if (phi > margin) return 0;
  double wal[3], wa[3], wb[3], nrm[3];
  v3_copy(wal, cl);
  v3_axpy(wal, -ra, nl);
  m3_mulv(wa, b->rot, wal);
  v3_add(wa, wa, b->pos);
  m3_mulv(wb, b->rot, q);
  v3_add(wb, wb, b->pos);
  m3_mulv(nrm, b->rot, nl);
  int n = 0;
  np_add_witness(out, &n, maxout, wa, wb, nrm, phi);
  return n;
}

static void to_local(double *cl, const GeomPose *b, const double *x) {
  double r[3];
  v3_sub(r, x, b->pos);
  m3_tmulv(cl, b->rot, r);
}

int np_sphere_box(const GeomPose *a, const GeomPose *b, double margin, ContactPoint *out, int maxout) {
  double cl[3], q[3], nl[3] = {0, 0, 0};
  const double *h = b->size;
  to_local(cl, b, a->pos);
  int inside = 1;
  for (int i = 0; i < 3; ++i) {
    q[i] = cl[i] < -h[i] ? -h[i] : (cl[i] > h[i] ? h[i] : cl[i]);
    if (q[i] != cl[i]) inside = 0;
  }
  double pen = 0;
  if (inside) { /* nearest face */
    int best = 0;
    pen = INFINITY;
    for (int i = 0; i < 3; ++i) {
      double s = h[i] - fabs(cl[i]);
      if (s < pen) { pen = s; best = i; }
    }
    double sg = cl[best] >= 0 ? 1.0 : -1.0;
    nl[best] = sg;
    q[best] = sg * h[best];
  }
  return sphere_vs_local(a, b, cl, inside, q, nl, pen, margin, out, maxout);
}

int np_sphere_cylinder(const GeomPose *a, const GeomPose *b, double margin, ContactPoint *out, int maxout) {
  double cl[3], q[3], nl[3] = {0, 0, 0};
  const double r = b->size[0], hl = b->size[1];
  to_local(cl, b, a->pos);
  double rho = hypot(cl[0], cl[1]);
  double radial[2] = {1.0, 0.0};
  if (rho > 1e-15) { radial[0] = cl[0] / rho; radial[1] = cl[1] / rho; }
  int inside = rho <= r && fabs(cl[2]) <= hl;
  double pen = 0;
  if (!inside) {
    double rc = rho > r ? r : rho;
    q[0] = radial[0] * rc; q[1] = radial[1] * rc;
    q[2] = cl[2] < -hl ? -hl : (cl[2] > hl ? hl : cl[2]);
  } else if (r - rho < hl - fabs(cl[2])) { /* nearest: side */
    pen = r - rho;
    nl[0] = radial[0]; nl[1] = radial[1];
    q[0] = radial[0] * r; q[1] = radial[1] * r; q[2] = cl[2];
  } else { /* nearest: a cap */
    pen = hl - fabs(cl[2]);
    nl[2] = cl[2] >= 0 ? 1.0 : -1.0;
    q[0] = cl[0]; q[1] = cl[1]; q[2] = nl[2] * hl;
  }
  return sphere_vs_local(a, b, cl, inside, q, nl, pen, margin, out, maxout);
}

static void capsule_segment(const GeomPose *g, double *p0, double *dir) {
  double ax[3];
  np_axis(ax, g->rot, 2);
  v3_copy(p0, g->pos);
  v3_axpy(p0, -g->size[1], ax);
  v3_scale(dir, ax, 2.0 * g->size[1]);
}

int np_sphere_capsule(const GeomPose *a, const GeomPose *b, double margin, ContactPoint *out, int maxout) {
  double p0[3], dir[3], cb[3];
  capsule_segment(b, p0, dir);
  double dd = v3_dot(dir, dir), t = 0;
  if (dd > 0) {
    double r[3];
    v3_sub(r, a->pos, p0);
    t = v3_dot(r, dir) / dd;
    t = t < 0 ? 0 : (t > 1 ? 1 : t);
  }
  v3_copy(cb, p0);
  v3_axpy(cb, t, dir);
  int n = 0;
  sphere_sphere_core(a->pos, a->size[0], cb, b->size[0], margin, out, &n, maxout);
  return n;
}

/* The spheres of a and b at the closest points of their axes (the segments' distance, in
 * closed form, is the capsules' distance plus ra + rb). */
static void closest_spheres(const double *pa, const double *da, double ra, const double *pb, const double *db, double rb,
                            double margin, ContactPoint *out, int *n, int maxout) {
  double s, t, ca[3], cb[3];
  np_segment_closest(pa, da, pb, db, &s, &t);
  v3_copy(ca, pa);
  v3_axpy(ca, s, da);
  v3_copy(cb, pb);
  v3_axpy(cb, t, db);
  sphere_sphere_core(ca, ra, cb, rb, margin, out, n, maxout);
}

/* Closest points of the two axes; nearly parallel overlapping axes give the two ends of the
 * overlap so that a capsule lying on another rests on a line, plus the closest points when
 * the axes cross between those ends (nearly parallel, not quite: the ends are shallower). */
int np_capsule_capsule(const GeomPose *a, const GeomPose *b, double margin, ContactPoint *out, int maxout) {
  double pa[3], da[3], pb[3], db[3], cr[3];
  capsule_segment(a, pa, da);
  capsule_segment(b, pb, db);
  const double ra = a->size[0], rb = b->size[0];
  int n = 0;
  double la = v3_norm(da), lb = v3_norm(db);
  v3_cross(cr, da, db);
  if (la > 0 && lb > 0 && v3_norm(cr) < 1e-3 * la * lb) {
    /* parallel: project b's ends onto a's parameter range */
    double r0[3], r1[3];
    v3_sub(r0, pb, pa);
    v3_add(r1, pb, db);
    v3_sub(r1, r1, pa);
    double s0 = v3_dot(r0, da) / (la * la), s1 = v3_dot(r1, da) / (la * la);
    double lo = fmax(0.0, fmin(s0, s1)), hi = fmin(1.0, fmax(s0, s1));
    if (hi - lo > 1e-9) {
      for (int e = 0; e < 2; ++e) {
        double s = e ? hi : lo, ca[3], cb[3], rr[3];
        v3_copy(ca, pa);
        v3_axpy(ca, s, da);
        v3_sub(rr, ca, pb);
        double t = v3_dot(rr, db) / (lb * lb);
        t = t < 0 ? 0 : (t > 1 ? 1 : t);
        v3_copy(cb, pb);
        v3_axpy(cb, t, db);
        sphere_sphere_core(ca, ra, cb, rb, margin, out, &n, maxout);
      }
      ContactPoint mid;
      int nm = 0;
      closest_spheres(pa, da, ra, pb, db, rb, margin, &mid, &nm, 1);
      double ends = INFINITY;
      for (int i = 0; i < n; ++i) ends = fmin(ends, out[i].phi);
      if (nm && mid.phi < ends - 1e-12 * (ra + rb + la + lb)) {
        if (n < maxout) out[n++] = mid;
        else out[0] = mid;
      }
      return n;
    }
  }
  closest_spheres(pa, da, ra, pb, db, rb, margin, out, &n, maxout);
  return n;
}
