/* Manifolds of cylinder-cylinder and cylinder-capsule contacts against the analytic geometry:
 * a cylinder or capsule lying on a cap touches along a chord (two points at its ends), a
 * cylinder standing on a cap touches on a disc (its rim polygon), two parallel sides touch
 * along their common length; every point at the exact depth. Crossed sides and a tilted
 * line (one end lifted beyond the margin) stay single points. */
#include <criterion/criterion.h>
#include <math.h>

#include "models/collision/narrow_phase.h"
#include "models/math3d.h"

static void rot_axis(double *R, double ax, double ay, double az, double angle) {
  double q[4], a[3] = {ax, ay, az};
  v3_normalize(a);
  quat_from_axis_angle(q, a, angle);
  quat_to_mat(R, q);
}

static int contacts(GeomType ta, const double *sa, const double *pa, const double *Ra, GeomType tb, const double *sb,
                    const double *pb, const double *Rb, ContactPoint *c) {
  GeomPose a = {ta, sa, pa, Ra}, b = {tb, sb, pb, Rb};
  return np_collide_poses(&a, &b, 1e-3, c, CB_MAX_PAIR_CONTACTS);
}

/* x range of the points, and every point at depth `depth` with normal +z */
static void expect_line(const ContactPoint *c, int n, double depth, double xlo, double xhi, const char *what) {
  cr_assert_eq(n, 2, "%s: %d points, a line contact has 2", what, n);
  double lo = fmin(c[0].pos[0], c[1].pos[0]), hi = fmax(c[0].pos[0], c[1].pos[0]);
  cr_expect(fabs(lo - xlo) < 1e-9 && fabs(hi - xhi) < 1e-9, "%s: ends at x %.9g, %.9g; expected %.9g, %.9g", what, lo, hi, xlo, xhi);
  for (int i = 0; i < n; ++i) {
    cr_expect(fabs(c[i].phi + depth) < 1e-9, "%s: point %d depth %.9g, expected %.9g", what, i, -c[i].phi, depth);
    cr_expect(fabs(c[i].normal[2] - 1) < 1e-9, "%s: normal %g %g %g", what, c[i].normal[0], c[i].normal[1], c[i].normal[2]);
  }
}

Test(cylinder_manifold, lines_and_discs_on_caps_and_sides) {
  double I[9], Rx[9], Ry[9];
  m3_identity(I);
  rot_axis(Rx, 0, 1, 0, M_PI / 2); /* axis along x */
  rot_axis(Ry, 1, 0, 0, M_PI / 2); /* axis along y */
  const double table[3] = {0.45, 0.03, 0}, cyl[3] = {0.04, 0.11, 0}, cap[3] = {0.02, 0.13, 0}, o[3] = {0, 0, 0};
  const double depths[] = {2e-4, 1.5e-3};
  ContactPoint c[CB_MAX_PAIR_CONTACTS];
  for (int j = 0; j < 2; ++j) {
    const double d = depths[j];
    double p1[3] = {0.1, 0.05, table[1] + cyl[0] - d}; /* cylinder lying on the table's cap */
    expect_line(c, contacts(GEOM_CYLINDER, cyl, p1, Rx, GEOM_CYLINDER, table, o, I, c), d, 0.1 - cyl[1], 0.1 + cyl[1],
                "cylinder lying on a cap");
    double p2[3] = {-0.07, 0.02, table[1] + cap[0] - d}; /* capsule lying on the table's cap */
    expect_line(c, contacts(GEOM_CAPSULE, cap, p2, Rx, GEOM_CYLINDER, table, o, I, c), d, -0.07 - cap[1], -0.07 + cap[1],
                "capsule lying on a cap");
    double p3[3] = {0.03, 0, 2 * cyl[0] - d}; /* parallel cylinders, b shifted 3 cm along x */
    expect_line(c, contacts(GEOM_CYLINDER, cyl, p3, Rx, GEOM_CYLINDER, cyl, o, Rx, c), d, 0.03 - cyl[1], cyl[1],
                "parallel cylinders");
    double p4[3] = {-0.05, 0, cyl[0] + cap[0] - d}; /* capsule on a cylinder's side, parallel */
    expect_line(c, contacts(GEOM_CAPSULE, cap, p4, Rx, GEOM_CYLINDER, cyl, o, Rx, c), d, -cyl[1], -0.05 + cap[1],
                "capsule along a cylinder's side");
    /* a cylinder standing on the table: the rim polygon, all at the depth, centred on the axis */
    double p5[3] = {0.12, -0.08, table[1] + cyl[1] - d}, mean[3] = {0, 0, 0};
    int n = contacts(GEOM_CYLINDER, cyl, p5, I, GEOM_CYLINDER, table, o, I, c);
    cr_expect(n >= 4, "cylinder standing on a cap: %d points", n);
    for (int i = 0; i < n; ++i) {
      cr_expect(fabs(c[i].phi + d) < 1e-9, "standing: point %d depth %.9g", i, -c[i].phi);
      v3_axpy(mean, 1.0 / n, c[i].pos);
    }
    cr_expect(hypot(mean[0] - p5[0], mean[1] - p5[1]) < 1e-9, "standing: points centred %g from the axis",
              hypot(mean[0] - p5[0], mean[1] - p5[1]));
    /* crossed sides: a point */
    cr_expect_eq(contacts(GEOM_CYLINDER, cyl, p3, Ry, GEOM_CYLINDER, cyl, o, Rx, c), 1, "crossed cylinders: one point");
  }
  /* lying on the cap but tilted 2 degrees about y: the high end is 7.7 mm up, beyond the margin */
  double Rt[9], p6[3] = {0, 0, 0};
  rot_axis(Rt, 0, 1, 0, M_PI / 2 - 2 * M_PI / 180);
  p6[2] = table[1] + cyl[0] * cos(2 * M_PI / 180) + cyl[1] * sin(2 * M_PI / 180) - 1e-4;
  cr_expect_eq(contacts(GEOM_CYLINDER, cyl, p6, Rt, GEOM_CYLINDER, table, o, I, c), 1, "tilted line: one point");
}
