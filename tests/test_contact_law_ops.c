/* The contact-law ops record (models/contact/contact_law.h): any law that fills it gets the
 * same checks. A Hertzian law, f_n = k (-phi)_+^{3/2} (1 - d v_n)_+ (Hunt-Crossley with Hertz's
 * exponent), is added here the way a new law folder would add it, and it and Hunt-Crossley are
 * checked against finite differences, energy consistency (dU/dphi = -f_n at v_n = 0) and a
 * ball drop that conserves energy when elastic. */
#include <criterion/criterion.h>
#include <math.h>

#include "models/contact.h"
#include "models/contact/contact_law.h"

/* ---- a second law, as a law folder would define it ---- */

static void hertz_force(const ContactParams *p, double phi, const double *vc, double *f, double *df_dvc,
                        double *df_dphi) {
  /* Hunt-Crossley's friction and dissipation on the Hertzian elastic force: evaluate the
   * linear law at k_eff = k sqrt(-phi), whose f_n = k (-phi)^{3/2} (1 - d v_n)_+, and correct
   * d f / d phi for k_eff's own dependence on phi (d k_eff/d phi = -k / (2 sqrt(-phi))). */
  double depth = phi < 0 ? -phi : 0.0;
  ContactParams lin = *p;
  lin.stiffness = p->stiffness * sqrt(depth);
  contact_force(&lin, phi, vc, f, df_dvc, df_dphi);
  if (df_dphi) for (int i = 0; i < 3; ++i) df_dphi[i] *= 1.5; /* d(-phi)^{3/2} = 3/2 (-phi)^{1/2} */
}

static double hertz_potential(const ContactParams *p, double phi) {
  return phi < 0 ? 0.4 * p->stiffness * pow(-phi, 2.5) : 0.0; /* integral of k x^{3/2} */
}

/* Its scheme hooks: the elastic force f_e = k (-phi)^{3/2} and its stiffness -d f_e/d phi =
 * 3/2 k (-phi)^{1/2} where Hunt-Crossley has -k phi and k; no push across a gap (a Hertzian
 * contact has no linear extension there). */
static ContactLagged hertz_lagged(const ContactParams *p, double phi) {
  ContactLagged l = contact_lagged(p, phi);
  double depth = phi < 0 ? -phi : 0.0;
  l.fe = p->stiffness * depth * sqrt(depth);
  l.k = 1.5 * p->stiffness * sqrt(depth);
  return l;
}

static ContactTamsi hertz_tamsi(const ContactParams *p, double phi, double model_vs, int one_coefficient) {
  ContactTamsi t = contact_tamsi(p, phi, model_vs, one_coefficient);
  ContactLagged l = hertz_lagged(p, phi);
  t.k = l.k;
  t.fn0 = l.fe;
  return t;
}

static double hertz_normal_stiffness(const ContactParams *p, double phi) { return hertz_lagged(p, phi).k; }

static const ContactLaw contact_law_hertz = {.name = "hertz",
                                             .combine = contact_combine,
                                             .force = hertz_force,
                                             .potential_energy = hertz_potential,
                                             .lagged = hertz_lagged,
                                             .tamsi = hertz_tamsi,
                                             .coulomb_mu = contact_coulomb_mu,
                                             .normal_stiffness = hertz_normal_stiffness};

/* ---- checks every law must pass ---- */

static ContactParams params(double k, double d) {
  Material a = {.stiffness = 2 * k, .dissipation = d, .mu_static = 0.8, .mu_dynamic = 0.5};
  ContactParams p;
  contact_law_hunt_crossley.combine(&a, &a, 1e-3, &p); /* k = 2k 2k / 4k, d, mu kept */
  return p;
}

static void check_derivatives(const ContactLaw *law, const ContactParams *p, double phi, const double *vc) {
  double f[3], J[9], dphi[3];
  law->force(p, phi, vc, f, J, dphi);
  for (int j = 0; j < 3; ++j) {
    double h = j < 2 ? 1e-3 * p->stiction_tolerance : 1e-7;
    double vp[3] = {vc[0], vc[1], vc[2]}, vm[3] = {vc[0], vc[1], vc[2]}, fp[3], fm[3];
    vp[j] += h;
    vm[j] -= h;
    law->force(p, phi, vp, fp, NULL, NULL);
    law->force(p, phi, vm, fm, NULL, NULL);
    for (int i = 0; i < 3; ++i) {
      double fd = (fp[i] - fm[i]) / (2 * h);
      cr_expect(fabs(fd - J[3 * i + j]) <= 1e-5 * fmax(1.0, fabs(J[3 * i + j])) * fmax(1.0, fabs(f[2])),
                "%s df%d/dvc%d: fd %.10g vs %.10g (phi %g)", law->name, i, j, fd, J[3 * i + j], phi);
    }
  }
  double h = 1e-4 * fabs(phi), fp[3], fm[3];
  law->force(p, phi + h, vc, fp, NULL, NULL);
  law->force(p, phi - h, vc, fm, NULL, NULL);
  for (int i = 0; i < 3; ++i) {
    double fd = (fp[i] - fm[i]) / (2 * h);
    cr_expect(fabs(fd - dphi[i]) <= 1e-6 * fmax(1.0, fabs(dphi[i])), "%s df%d/dphi: fd %.10g vs %.10g (phi %g)",
              law->name, i, fd, dphi[i], phi);
  }
}

static const ContactLaw *const laws[] = {&contact_law_hunt_crossley, &contact_law_hertz};

Test(contact_law_ops, force_derivatives_match_finite_differences) {
  ContactParams p = params(1e5, 0.5);
  const double phis[] = {-1e-4, -2e-3};
  const double vcs[][3] = {{0.3, -0.2, -0.1}, {1e-4, 2e-4, 0.05}, {0.0, 5e-3, -0.4}};
  for (int l = 0; l < 2; ++l)
    for (int a = 0; a < 2; ++a)
      for (int b = 0; b < 3; ++b) check_derivatives(laws[l], &p, phis[a], vcs[b]);
}

Test(contact_law_ops, potential_energy_derivative_is_minus_normal_force) {
  ContactParams p = params(1e5, 0.5);
  const double vc[3] = {0.0, 0.0, 0.0};
  for (int l = 0; l < 2; ++l) {
    const ContactLaw *law = laws[l];
    for (double phi = -3e-3; phi < 0; phi += 5e-4) {
      double h = 1e-6 * fabs(phi), f[3];
      double dU = (law->potential_energy(&p, phi + h) - law->potential_energy(&p, phi - h)) / (2 * h);
      law->force(&p, phi, vc, f, NULL, NULL);
      cr_expect(fabs(dU + f[2]) <= 1e-7 * f[2], "%s at phi %g: dU/dphi %.12g, f_n %.12g", law->name, phi, dU, f[2]);
    }
    cr_expect_eq(law->potential_energy(&p, 1e-3), 0.0, "%s stores energy out of contact", law->name);
  }
  cr_expect_float_eq(contact_law_hunt_crossley.potential_energy(&p, -2e-3), 0.5 * p.stiffness * 4e-6, 1e-14);
}

/* A ball of mass m dropped from height x0 onto the ground, phi = x, elastic (d = 0): velocity
 * Verlet conserves E = 1/2 m v^2 + m g x + U(x) to O(h^2), and the ball returns to x0. */
static void ball_drop(const ContactLaw *law, double h, double *drift, double *apex) {
  const double m = 0.5, g = 9.81, x0 = 0.05;
  ContactParams p = params(law == &contact_law_hertz ? 1e8 : 1e5, 0.0);
  double x = x0, v = 0.0, f[3], vc[3] = {0, 0, 0};
  law->force(&p, x, vc, f, NULL, NULL);
  double a = -g + f[2] / m, e0 = m * g * x0, dmax = 0.0, top = 0.0;
  int bounced = 0;
  for (int n = 0; n < (int)(0.4 / h); ++n) {
    v += 0.5 * h * a;
    x += h * v;
    law->force(&p, x, vc, f, NULL, NULL);
    a = -g + f[2] / m;
    v += 0.5 * h * a;
    double e = 0.5 * m * v * v + m * g * x + law->potential_energy(&p, x);
    dmax = fmax(dmax, fabs(e - e0) / e0);
    if (x < 0) bounced = 1;
    if (bounced) top = fmax(top, x);
  }
  cr_assert(bounced, "%s: the ball never reached the ground", law->name);
  *drift = dmax;
  *apex = top;
}

Test(contact_law_ops, elastic_ball_drop_conserves_energy) {
  for (int l = 0; l < 2; ++l) {
    double drift1, apex1, drift2, apex2;
    ball_drop(laws[l], 2e-5, &drift1, &apex1);
    ball_drop(laws[l], 1e-5, &drift2, &apex2);
    cr_expect(drift1 < 1e-3, "%s: energy drift %.3g at h = 2e-5", laws[l]->name, drift1);
    cr_expect(fabs(apex2 - 0.05) < 1e-4, "%s: rebound apex %.6g, dropped from 0.05", laws[l]->name, apex2);
    cr_log_info("%s: drift %.3g -> %.3g, apex %.8g", laws[l]->name, drift1, drift2, apex2);
    /* it converges: the kink of f at phi = 0 (f continuous, f' not) leaves Verlet between first and
     * second order, so halving h must at least nearly halve the drift */
    cr_expect(drift2 < 0.6 * drift1, "%s: drift %.3g -> %.3g when h halves", laws[l]->name, drift1, drift2);
  }
}

/* The scheme hooks agree with the law's own force: CENIC's lagged f_e is f_n at v = 0 and its
 * stiffness -d f_n/d phi (central differences); TAMSI's (fn0 - h k v_n)(1 - d v_n) is the force
 * at phi + h v_n to O((h v_n)^2); the guard's stiffness is the lagged one. For Hunt-Crossley and
 * for the Hertzian law added above, through the same record. */
Test(contact_law_ops, scheme_hooks_match_the_force) {
  ContactParams p = params(1e5, 0.5);
  const double zero[3] = {0, 0, 0};
  for (int l = 0; l < 2; ++l) {
    const ContactLaw *law = laws[l];
    cr_assert(law->lagged && law->tamsi && law->coulomb_mu && law->normal_stiffness, "%s: a hook is missing",
              law->name);
    cr_expect_eq(law->coulomb_mu(&p), p.mu_dynamic);
    const double phis[] = {-1e-4, -2e-3};
    for (int a = 0; a < 2; ++a) {
      double phi = phis[a], f[3], fp[3], fm[3], hphi = 1e-4 * fabs(phi);
      law->force(&p, phi, zero, f, NULL, NULL);
      law->force(&p, phi + hphi, zero, fp, NULL, NULL);
      law->force(&p, phi - hphi, zero, fm, NULL, NULL);
      double stiffness = -(fp[2] - fm[2]) / (2 * hphi);
      ContactLagged lg = law->lagged(&p, phi);
      cr_expect(fabs(lg.fe - f[2]) <= 1e-12 * f[2], "%s lagged f_e %.12g vs f_n %.12g", law->name, lg.fe, f[2]);
      cr_expect(fabs(lg.k - stiffness) <= 1e-6 * stiffness, "%s lagged k %.10g vs -df_n/dphi %.10g", law->name,
                lg.k, stiffness);
      cr_expect_eq(law->normal_stiffness(&p, phi), lg.k);
      ContactTamsi tm = law->tamsi(&p, phi, 1e-3, 0);
      cr_expect(tm.fn0 == lg.fe && tm.k == lg.k && tm.d == p.dissipation, "%s: tamsi and lagged disagree",
                law->name);
      double h = 1e-3, vn = -1e-3 * fabs(phi) / h; /* h v_n a thousandth of the depth */
      double vc[3] = {0, 0, vn}, fv[3];
      law->force(&p, phi + h * vn, vc, fv, NULL, NULL);
      double lin = (tm.fn0 - h * tm.k * vn) * (1 - tm.d * vn);
      cr_expect(fabs(lin - fv[2]) <= 1e-5 * fv[2], "%s tamsi f_n %.12g vs the force at phi + h v_n %.12g",
                law->name, lin, fv[2]);
    }
  }
}
