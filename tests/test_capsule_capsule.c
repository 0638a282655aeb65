/* Capsule on capsule at several tilts: the depth is ra + rb minus the distance of the two axes'
 * segments, in closed form here (b's lower end above a's axis when tilted in the vertical
 * plane; the crossing point when turned about the vertical). Nearly parallel axes (a tilt
 * under 1e-3 rad) take the line-contact branch, which reported only the overlap's two ends:
 * turned about the vertical, they lie beside the crossing and were too shallow. */
#include <criterion/criterion.h>
#include <math.h>

#include "models/collision/narrow_phase.h"
#include "models/math3d.h"

static void rot_axis(double *R, double ax, double ay, double az, double angle) {
  double q[4], a[3] = {ax, ay, az};
  quat_from_axis_angle(q, a, angle);
  quat_to_mat(R, q);
}

static double deepest_phi(const GeomPose *a, const GeomPose *b, int *n) {
  ContactPoint c[CB_MAX_PAIR_CONTACTS];
  *n = np_collide_poses(a, b, 0.0, c, CB_MAX_PAIR_CONTACTS);
  double m = INFINITY;
  for (int i = 0; i < *n; ++i) m = fmin(m, c[i].phi);
  return m;
}

Test(capsule_capsule, depth_is_exact_at_every_tilt) {
  const double tilts[] = {0, 2e-5, 3e-4, 8e-4, 9.9e-4, 1.2e-3, 0.02, 0.25, 0.6};
  const double depths[] = {3e-4, 2e-3};
  const double sa[3] = {0.04, 0.25, 0}, sb[3] = {0.025, 0.15, 0};
  for (int vertical = 0; vertical < 2; ++vertical)
    for (size_t i = 0; i < sizeof tilts / sizeof *tilts; ++i)
      for (int j = 0; j < 2; ++j) {
        const double th = tilts[i], depth = depths[j];
        double Ra[9], Rb[9], Ry[9], Rz[9], ax[3];
        rot_axis(Ra, 0, 1, 0, M_PI / 2); /* a's axis along x */
        if (vertical) {
          rot_axis(Rb, 0, 1, 0, M_PI / 2 - th); /* b's axis in the x-z plane, th above x */
        } else {
          rot_axis(Ry, 0, 1, 0, M_PI / 2);
          rot_axis(Rz, 0, 0, 1, th); /* b's axis in the x-y plane, th from x */
          m3_mul(Rb, Rz, Ry);
        }
        np_axis(ax, Rb, 2);
        /* b's lowest axis point (its lower end, or any point when level) at height
         * ra + rb - depth over a's axis, above x = 0.03 inside a's segment */
        double pa[3] = {-0.01, 0, 0.2}, pb[3] = {0.03 + sb[1] * fabs(ax[0]), 0, 0};
        pb[2] = pa[2] + sa[0] + sb[0] - depth + sb[1] * fabs(ax[2]);
        if (!vertical) pb[0] = 0.03; /* crossing above x = 0.03 */
        GeomPose a = {GEOM_CAPSULE, sa, pa, Ra}, b = {GEOM_CAPSULE, sb, pb, Rb};
        int n = 0;
        double phi = deepest_phi(&b, &a, &n);
        cr_expect(fabs(phi + depth) < 1e-13, "%s tilt %g: depth %.12g, exact %.12g (%d points)",
                  vertical ? "vertical" : "about the vertical", th, -phi, depth, n);
        phi = deepest_phi(&a, &b, &n); /* and with the arguments swapped */
        cr_expect(fabs(phi + depth) < 1e-13, "swapped, %s tilt %g: depth %.12g, exact %.12g",
                  vertical ? "vertical" : "about the vertical", th, -phi, depth);
        if (th < 1e-3) cr_expect(n >= 2, "tilt %g: a line contact, %d points", th, n);
      }
}
