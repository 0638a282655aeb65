/* The contact point of the libccd pairs (cylinder-cylinder, cylinder-capsule and the fallback
 * of box-cylinder) against the analytic geometry: the centre of a line contact, the crossing
 * of crossed cylinders, the centre of overlapping caps, a box edge across a cylinder. */
#include <criterion/criterion.h>
#include <math.h>

#include "models/collision/narrow_phase.h"
#include "models/math3d.h"

static void rot_axis(double *R, double ax, double ay, double az, double angle) {
  double q[4], a[3] = {ax, ay, az};
  v3_normalize(a); /* a unit quaternion: R a rotation (an unnormalised axis shears the shapes) */
  quat_from_axis_angle(q, a, angle);
  quat_to_mat(R, q);
}

/* the deepest contact of the pair; its distance from the expected point */
static double point_error(GeomType ta, const double *sa, const double *pa, const double *ra, GeomType tb,
                          const double *sb, const double *pb, const double *rb, const double *expect, double depth, double tol_depth) {
  GeomPose a = {ta, sa, pa, ra}, b = {tb, sb, pb, rb};
  ContactPoint c[CB_MAX_PAIR_CONTACTS];
  int n = np_collide_poses(&a, &b, 0.0, c, CB_MAX_PAIR_CONTACTS);
  cr_assert(n >= 1, "no contact");
  int k = 0;
  for (int i = 1; i < n; ++i)
    if (c[i].phi < c[k].phi) k = i;
  cr_expect(fabs(c[k].phi + depth) < tol_depth, "depth %.9g vs %.9g", -c[k].phi, depth);
  if (n > 1) { /* a manifold: its mean point */
    double m[3] = {0, 0, 0};
    for (int i = 0; i < n; ++i) v3_axpy(m, 1.0 / n, c[i].pos);
    double d[3];
    v3_sub(d, m, expect);
    return v3_norm(d);
  }
  double d[3];
  v3_sub(d, c[k].pos, expect);
  return v3_norm(d);
}

/* Side by side, axes along x, shifted along the axis by s: the line contact is the common part
 * of the two sides, centred at x = s/2 (the point EPA gave sat at one end). */
Test(contact_point, parallel_cylinders_centre_of_line_contact) {
  const double r = 0.04, h = 0.07, sz[3] = {r, h, 0};
  double R[9];
  rot_axis(R, 0, 1, 0, M_PI / 2);
  const double shifts[] = {0.0, 0.03, -0.05}, depths[] = {1e-6, 1e-4, 1e-3};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      double pa[3] = {0.1, -0.2, 0.3}, pb[3] = {0.1 + shifts[i], -0.2 + 2 * r - depths[j], 0.3};
      double expect[3] = {0.1 + 0.5 * shifts[i], -0.2 + r - 0.5 * depths[j], 0.3};
      double e = point_error(GEOM_CYLINDER, sz, pa, R, GEOM_CYLINDER, sz, pb, R, expect, depths[j], 1e-7);
      cr_expect(e < 1e-5, "shift %g depth %g: point %g from the centre of the line contact", shifts[i], depths[j], e);
    }
}

/* Axes horizontal and crossed at angle t, b on top: the point is at the crossing. */
Test(contact_point, crossed_cylinders_at_the_crossing) {
  const double sa[3] = {0.05, 0.12, 0}, sb[3] = {0.03, 0.09, 0};
  const double angles[] = {0.3, 0.7, M_PI / 3, M_PI / 2}, depth = 1e-3;
  double Ra[9];
  rot_axis(Ra, 0, 1, 0, M_PI / 2);
  for (int i = 0; i < 4; ++i) {
    double Rz[9], Rb[9], axis_b[3];
    rot_axis(Rz, 0, 0, 1, angles[i]);
    m3_mul(Rb, Rz, Ra);
    np_axis(axis_b, Rb, 2);
    double pa[3] = {0, 0, 0}, pb[3] = {0, 0, sa[0] + sb[0] - depth}, expect[3] = {0, 0, sa[0] - 0.5 * depth};
    v3_axpy(pb, 0.04, axis_b); /* b's centre off the crossing, along its own axis */
    pa[0] = -0.03;             /* and a's */
    expect[0] = 0;
    double e = point_error(GEOM_CYLINDER, sa, pa, Ra, GEOM_CYLINDER, sb, pb, Rb, expect, depth, 1e-7);
    cr_expect(e < 1e-5, "angle %g: point %g from the crossing", angles[i], e);
  }
}

/* Coaxial caps, b on a, b's axis offset across: equal discs overlap in a lens centred midway
 * between the axes; a small disc wholly on a large one is centred on its own axis. The normal
 * is the axis, where both cylinders' support functions have a kink (a plain gradient descent
 * stopped a few mrad off it, at a depth of 5.3e-4 for 5e-4). */
Test(contact_point, cap_on_cap_centre_of_overlap) {
  double R[9];
  rot_axis(R, 1, 2, 0.5, 0.4); /* any common orientation */
  double ax[3], e1[3], e2[3];
  np_axis(e1, R, 0);
  np_axis(e2, R, 1);
  np_axis(ax, R, 2);
  const double depth = 5e-4;
  const double offs[][2] = {{0.02, 0.0}, {0.03, 0.025}, {-0.05, 0.01}};
  for (int i = 0; i < 3; ++i) {
    const double s[3] = {0.05, 0.1, 0};
    double pa[3] = {0.2, 0.1, -0.1}, pb[3], expect[3];
    v3_copy(pb, pa);
    v3_axpy(pb, 2 * s[1] - depth, ax);
    v3_axpy(pb, offs[i][0], e1);
    v3_axpy(pb, offs[i][1], e2);
    v3_copy(expect, pa);
    v3_axpy(expect, s[1] - 0.5 * depth, ax);
    v3_axpy(expect, 0.5 * offs[i][0], e1);
    v3_axpy(expect, 0.5 * offs[i][1], e2);
    double e = point_error(GEOM_CYLINDER, s, pa, R, GEOM_CYLINDER, s, pb, R, expect, depth, 1e-9);
    cr_expect(e < 1e-5, "offset %g %g: point %g from the centre of the lens", offs[i][0], offs[i][1], e);
  }
  const double big[3] = {0.08, 0.1, 0}, small[3] = {0.02, 0.05, 0};
  double pa[3] = {0, 0, 0}, pb[3], expect[3];
  v3_copy(pb, pa);
  v3_axpy(pb, big[1] + small[1] - depth, ax);
  v3_axpy(pb, 0.03, e1);
  v3_copy(expect, pa);
  v3_axpy(expect, big[1] - 0.5 * depth, ax);
  v3_axpy(expect, 0.03, e1);
  double e = point_error(GEOM_CYLINDER, small, pb, R, GEOM_CYLINDER, big, pa, R, expect, depth, 1e-9);
  cr_expect(e < 1e-5, "small cap on a large one: point %g from its centre", e);
}

/* A box turned 45 degrees about x rests an edge (along x) across a cylinder lying along y:
 * the point is at the crossing of the edge and the cylinder's top line. */
Test(contact_point, box_edge_across_cylinder) {
  const double sc[3] = {0.05, 0.15, 0}, sbx[3] = {0.1, 0.06, 0.06}, depth = 1e-3;
  double Rc[9], Rb[9];
  rot_axis(Rc, 1, 0, 0, M_PI / 2);
  rot_axis(Rb, 1, 0, 0, M_PI / 4);
  const double offs[] = {0.0, 0.04, -0.06};
  for (int i = 0; i < 3; ++i) {
    double pc[3] = {0, 0, 0}, corner = sbx[1] * sqrt(2.0);
    double pbx[3] = {offs[i], 0.05, sc[0] + corner - depth}; /* box off-centre along both axes */
    double expect[3] = {0, 0.05, sc[0] - 0.5 * depth};
    double e = point_error(GEOM_BOX, sbx, pbx, Rb, GEOM_CYLINDER, sc, pc, Rc, expect, depth, 1e-7);
    cr_expect(e < 1e-5, "box offset %g: point %g from the crossing", offs[i], e);
  }
}
