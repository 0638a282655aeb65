/* The ball_drop bounce of TAMSI and CENIC's fixed-step (Lagged) ICF: both discretize the
 * compliant normal force implicitly, fn = k (-phi0 - h vn)_+ (1 - d vn)_+ (TAMSI sec. V, the
 * ICF Lagged model), and that implicit Euler step dissipates energy of its own when h is not
 * small against the contact's period. The rebound of the integrators is the rebound of that
 * scalar recurrence (so the lost height is the scheme's, not a wrong restitution), and it tends
 * to the continuous Hunt-Crossley rebound at first order once sqrt(k/m) h << 1. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "integrators/integrator.h"
#include "models/system.h"
#include "sim_fixtures.h"

extern const IntegratorVtbl tamsi_vtbl, cenic_fixed_vtbl;

/* cases/ball_drop.json: m, k, Hunt-Crossley d, radius, drop height, gravity. */
static const double M = 0.1, K = 1e4, D = 0.1, R = 0.05, Z0 = 1.0, G = 9.81;
#define T_END 0.75 /* past the first rebound (contact from 0.440 s to about 0.45 s) */

/* Largest upward velocity of the ball over [0, T_END] with integrator vt at step h. */
static double integrator_rebound(const IntegratorVtbl *vt, double h) {
  Model *m = fx_load_file("cases/ball_drop.json");
  Integrator it;
  memset(&it, 0, sizeof it);
  it.vtbl = vt;
  it.model = m;
  it.opt.dt = h;
  it.opt.max_step = m->max_step;
  cr_assert_eq(vt->create(&it), CB_OK, "%s", it.message);
  double *x = calloc((size_t)system_nx(m), sizeof(double));
  system_initial_state(m, x);
  cr_assert_eq(vt->reset(&it, 0.0, x), CB_OK, "%s", it.message);
  double best = 0.0;
  int n = (int)lround(T_END / h);
  for (int i = 1; i <= n; ++i) {
    cr_assert_eq(vt->advance(&it, i * h, x), CB_OK, "%s", it.message);
    best = fmax(best, x[m->nq + 5]); /* free joint: v = [angular; linear], linear z last */
  }
  vt->destroy(&it);
  free(x);
  model_free(m);
  return best;
}

/* The same scheme on the ball's height alone: M (v+ - v) = -h M G + h fn(v+), z+ = z + h v+,
 * fn(v+) = K (-phi0 - h v+)_+ (1 - D v+)_+, phi0 = z - R; the residual increases with v+, so
 * bisection finds its root. */
static double recurrence_rebound(double h) {
  double z = Z0, v = 0.0, best = 0.0;
  int n = (int)lround(T_END / h);
  for (int i = 0; i < n; ++i) {
    double phi0 = z - R, lo = -100.0, hi = 100.0;
    for (int it = 0; it < 200; ++it) {
      double vp = 0.5 * (lo + hi);
      double fn = K * fmax(-phi0 - h * vp, 0.0) * fmax(1.0 - D * vp, 0.0);
      if (M * (vp - v) + h * M * G - h * fn > 0) hi = vp;
      else lo = vp;
    }
    v = 0.5 * (lo + hi);
    z += h * v;
    best = fmax(best, v);
  }
  return best;
}

/* The continuous model: z'' = -G + K (R - z)_+ (1 - D z')_+ / M by RK4 at 1 us. */
static void hc_rhs(const double *s, double *ds) {
  ds[0] = s[1];
  ds[1] = -G + K * fmax(R - s[0], 0.0) * fmax(1.0 - D * s[1], 0.0) / M;
}

static double continuous_rebound(void) {
  double s[2] = {Z0, 0.0}, best = 0.0, h = 1e-6;
  int n = (int)lround(T_END / h);
  for (int i = 0; i < n; ++i) {
    double k1[2], k2[2], k3[2], k4[2], t[2];
    hc_rhs(s, k1);
    for (int j = 0; j < 2; ++j) t[j] = s[j] + 0.5 * h * k1[j];
    hc_rhs(t, k2);
    for (int j = 0; j < 2; ++j) t[j] = s[j] + 0.5 * h * k2[j];
    hc_rhs(t, k3);
    for (int j = 0; j < 2; ++j) t[j] = s[j] + h * k3[j];
    hc_rhs(t, k4);
    for (int j = 0; j < 2; ++j) s[j] += h / 6.0 * (k1[j] + 2 * k2[j] + 2 * k3[j] + k4[j]);
    best = fmax(best, s[1]);
  }
  return best;
}

Test(tamsi_bounce, rebound_is_the_implicit_normal_force_recurrence) {
  const IntegratorVtbl *vts[2] = {&tamsi_vtbl, &cenic_fixed_vtbl};
  const double hs[3] = {1e-2, 1e-3, 3e-4};
  for (int k = 0; k < 3; ++k) {
    double rec = recurrence_rebound(hs[k]);
    for (int i = 0; i < 2; ++i) {
      double got = integrator_rebound(vts[i], hs[k]);
      cr_log_info("%s h %g: rebound %.6f m/s, recurrence %.6f", vts[i]->name, hs[k], got, rec);
      cr_expect(fabs(got - rec) < 1e-6 * fmax(1.0, rec), "%s h %g: rebound %.9g vs the recurrence's %.9g", vts[i]->name,
                hs[k], got, rec);
    }
  }
}

Test(tamsi_bounce, rebound_converges_first_order_to_hunt_crossley) {
  double vc = continuous_rebound(), e[3];
  const double hs[3] = {3e-4, 1e-4, 3e-5};
  for (int k = 0; k < 3; ++k) {
    e[k] = vc - recurrence_rebound(hs[k]);
    cr_log_info("h %g: rebound error %.4g m/s of %.4f", hs[k], e[k], vc);
    cr_expect(e[k] > 0, "h %g: the implicit step adds energy (%g)", hs[k], e[k]);
  }
  double p1 = log(e[0] / e[1]) / log(3.0), p2 = log(e[1] / e[2]) / log(3.0);
  cr_expect(p1 > 0.8 && p2 > 0.9 && p2 < 1.2, "observed orders %.3f, %.3f: not first order", p1, p2);
  /* the integrator itself at 1e-4 (the same scheme: the test above) */
  double got = integrator_rebound(&tamsi_vtbl, 1e-4);
  cr_expect(fabs(vc - got - e[1]) < 1e-6, "tamsi at 1e-4: rebound %.9g", got);
}
