#include "tals.h"

#include <math.h>

/* Smallest positive root of a t^2 + b t + c = 0 (c < 0 here, so one root is positive when
 * a >= 0); stable quadratic formula, linear fallback when a is tiny. Returns 1 if no positive
 * root exists. */
static double smallest_positive_root(double a, double b, double c) {
  const double scale = fabs(b) + fabs(c);
  if (fabs(a) <= 1e-14 * scale) {
    double t = (b != 0.0) ? -c / b : 1.0;
    return t > 0.0 ? t : 1.0;
  }
  double disc = b * b - 4.0 * a * c;
  if (disc < 0.0) return 1.0;
  double sq = sqrt(disc);
  double qq = -0.5 * (b + (b >= 0.0 ? sq : -sq));
  double r1 = qq / a, r2 = (qq != 0.0) ? c / qq : r1;
  double best = INFINITY;
  if (r1 > 0.0) best = r1;
  if (r2 > 0.0 && r2 < best) best = r2;
  return isfinite(best) ? best : 1.0;
}

double tals_alpha(const double vt[2], const double dvt[2], double v_s) {
  const double rel = TALS_RELATIVE_TOLERANCE;
  const double eps_v = rel * v_s;
  const double dv2 = dvt[0] * dvt[0] + dvt[1] * dvt[1];
  /* Case I: tiny change. */
  if (dv2 < eps_v * eps_v) return 1.0;
  const double dv_norm = sqrt(dv2);
  const double v1[2] = {vt[0] + dvt[0], vt[1] + dvt[1]};
  const double v_norm = hypot(vt[0], vt[1]);
  const double v1_norm = hypot(v1[0], v1[1]);
  const double x = v_norm / v_s, x1 = v1_norm / v_s;
  /* Case II: from (almost exact) stiction to sliding: land inside the stiction disk. */
  if (x < rel && x1 > 1.0) return v_s / (2.0 * dv_norm);
  /* Case III: from sliding to (almost exact) zero: stop at v_s/2 short of the end. */
  if (x > 1.0 && x1 < rel) return 1.0 - v_s / (2.0 * dv_norm);
  /* Inside the stiction region: take the full update. */
  if (x < 1.0) return 1.0;
  /* Case IV: sliding to stiction. */
  if (x1 < 1.0) return 1.0;
  /* Case V: both ends sliding; does the segment cross the stiction disk? */
  const double v_dot_dv = vt[0] * dvt[0] + vt[1] * dvt[1];
  if (v_dot_dv < 0.0) {
    const double a_star = -v_dot_dv / dv2;
    if (a_star < 1.0) {
      const double va[2] = {vt[0] + a_star * dvt[0], vt[1] + a_star * dvt[1]};
      const double va_norm = hypot(va[0], va[1]);
      if (va_norm < eps_v) return a_star - v_s / (2.0 * dv_norm);
      if (va_norm < v_s) return a_star;
    }
  }
  /* Case VI: limit the angle between vt and vt + alpha dvt to theta_max. */
  const double cmax = cos(TALS_THETA_MAX);
  const double cos1 = (vt[0] * v1[0] + vt[1] * v1[1]) / (v_norm * v1_norm);
  if (cos1 >= cmax) return 1.0;
  /* (v.(v + a dv))^2 = c^2 |v|^2 |v + a dv|^2, divided through by v_s^4 (dimensionless). */
  const double vs2 = v_s * v_s;
  const double xx = x * x, xdx = v_dot_dv / vs2, dx2 = dv2 / vs2, c2 = cmax * cmax;
  const double A = c2 * xx * dx2 - xdx * xdx;
  const double B = 2.0 * xx * xdx * (c2 - 1.0);
  const double C = xx * xx * (c2 - 1.0);
  double alpha = smallest_positive_root(A, B, C);
  return alpha < 1.0 ? alpha : 1.0;
}
