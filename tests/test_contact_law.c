/* Contact force laws (CENIC eqs. 5-8) and their derivatives against finite differences,
 * around v_t = 0 and near the edges of the (.)_+ supports. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>

#include "integrators/tamsi/tamsi_solver.h"
#include "models/contact.h"
#include "models/contact/contact_law.h"

static ContactParams params(void) {
  ContactParams p = {.stiffness = 1e4, .dissipation = 2.0, .mu_static = 1.0, .mu_dynamic = 0.5, .stiction_tolerance = 1e-3};
  return p;
}

/* Central differences of contact_force w.r.t. vc (tangential step ht) and phi compared with the
 * analytic ones. */
static void check_derivatives_step(const ContactParams *p, double phi, const double *vc, double ht) {
  double f[3], J[9], dphi[3];
  contact_force(p, phi, vc, f, J, dphi);
  for (int j = 0; j < 3; ++j) {
    double h = 1e-7 * fmax(1e-3, fabs(vc[j]));
    if (j < 2) h = ht;
    double vp[3] = {vc[0], vc[1], vc[2]}, vm[3] = {vc[0], vc[1], vc[2]}, fp[3], fm[3];
    vp[j] += h; vm[j] -= h;
    contact_force(p, phi, vp, fp, NULL, NULL);
    contact_force(p, phi, vm, fm, NULL, NULL);
    for (int i = 0; i < 3; ++i) {
      double fd = (fp[i] - fm[i]) / (2 * h);
      double scale = fmax(1.0, fabs(J[3 * i + j]));
      cr_expect(fabs(fd - J[3 * i + j]) <= 1e-5 * scale * fmax(1.0, fabs(f[2])),
                "df%d/dvc%d: fd %.10g vs analytic %.10g (phi %g, vc %g %g %g)", i, j, fd, J[3 * i + j], phi, vc[0], vc[1], vc[2]);
    }
  }
  double h = 1e-9, fp[3], fm[3];
  contact_force(p, phi + h, vc, fp, NULL, NULL);
  contact_force(p, phi - h, vc, fm, NULL, NULL);
  for (int i = 0; i < 3; ++i) {
    double fd = (fp[i] - fm[i]) / (2 * h);
    cr_expect(fabs(fd - dphi[i]) <= 1e-5 * fmax(1.0, fabs(dphi[i])), "df%d/dphi: fd %.10g vs %.10g", i, fd, dphi[i]);
  }
}

Test(contact_law, normal_force_is_hunt_crossley) {
  ContactParams p = params();
  double vc[3] = {0, 0, -0.1}, f[3];
  contact_force(&p, -1e-3, vc, f, NULL, NULL);
  cr_expect_float_eq(f[2], 1e4 * 1e-3 * (1 + 2.0 * 0.1), 1e-12);
  double sep[3] = {0, 0, 1.0}; /* 1 - d v_n < 0: no pulling force */
  contact_force(&p, -1e-3, sep, f, NULL, NULL);
  cr_expect_eq(f[2], 0.0);
  contact_force(&p, 1e-3, vc, f, NULL, NULL);
  cr_expect_eq(f[2], 0.0);
}

Test(contact_law, stribeck_coefficient_limits) {
  ContactParams p = params();
  double d;
  cr_expect_float_eq(friction_coefficient(&p, 0.0, &d), p.mu_static, 1e-12);
  double fD = 10 / sqrt(101.0), limit = p.mu_dynamic + (p.mu_static - p.mu_dynamic) * 0.5 * (1 - 1 / fD);
  cr_expect(fabs(friction_coefficient(&p, 1e4, &d) - limit) < 1e-8);
  /* midpoint of the transition at s = Delta = 10 */
  cr_expect_float_eq(friction_coefficient(&p, 10.0, &d), 0.5 * (p.mu_static + p.mu_dynamic), 1e-12);
  /* monotone decreasing and derivative consistent with finite differences */
  for (double s = 0.5; s < 40; s += 0.7) {
    double mu1 = friction_coefficient(&p, s, &d), h = 1e-6;
    double fd = (friction_coefficient(&p, s + h, NULL) - friction_coefficient(&p, s - h, NULL)) / (2 * h);
    cr_expect(d <= 0);
    cr_expect(fabs(fd - d) < 1e-7, "s %g: fd %g vs %g", s, fd, d);
    /* eq. 8 overshoots mu_d by (1/f(Delta) - 1)/2 = 0.25% of (mu_s - mu_d) as s -> inf */
    cr_expect(mu1 <= p.mu_static && mu1 >= p.mu_dynamic - 0.003 * (p.mu_static - p.mu_dynamic));
  }
}

Test(contact_law, friction_opposes_sliding_and_is_bounded) {
  ContactParams p = params();
  double vc[3] = {0.3, -0.4, 0}, f[3];
  contact_force(&p, -2e-3, vc, f, NULL, NULL);
  double ft = sqrt(f[0] * f[0] + f[1] * f[1]);
  cr_expect(f[0] * vc[0] + f[1] * vc[1] < 0);
  cr_expect(ft <= p.mu_static * f[2] + 1e-12);
  /* far into sliding |f_t| -> mu_d f_n */
  cr_expect(fabs(ft / f[2] - p.mu_dynamic) < 3e-3);
}

static void check_derivatives(const ContactParams *p, double phi, const double *vc) {
  check_derivatives_step(p, phi, vc, 1e-3 * p->stiction_tolerance);
}

Test(contact_law, derivatives_match_finite_differences) {
  ContactParams p = params();
  srand(7);
  for (int trial = 0; trial < 200; ++trial) {
    double phi = -1e-3 * (0.05 + (double)rand() / RAND_MAX);
    double vc[3];
    for (int j = 0; j < 2; ++j) vc[j] = 0.05 * ((double)rand() / RAND_MAX - 0.5);
    vc[2] = 0.4 * ((double)rand() / RAND_MAX - 0.5);
    if (fabs(1 - p.dissipation * vc[2]) < 1e-4) continue; /* kink of (.)_+ */
    check_derivatives(&p, phi, vc);
  }
}

Test(contact_law, derivatives_near_stiction_and_support_edges) {
  ContactParams p = params();
  double vs = p.stiction_tolerance;
  /* around v_t = 0: the soft norm keeps everything finite and smooth */
  double tiny[][3] = {{1e-4 * vs, 0, -0.01}, {0, -3e-3 * vs, 0.01}, {0.5 * vs, 0.2 * vs, 0}, {9.5 * vs, 0, 0}, {10.5 * vs, 0, 0}};
  for (size_t i = 0; i < sizeof tiny / sizeof tiny[0]; ++i) check_derivatives(&p, -1e-3, tiny[i]);
  /* just inside the supports of (-phi)_+ and (1 - d v_n)_+ */
  double vc[3] = {0.01, 0, 1.0 / p.dissipation - 1e-4};
  check_derivatives(&p, -1e-3, vc);
  double vc2[3] = {0.01, 0.002, 1.0 / p.dissipation + 1e-4}; /* outside: all zero */
  double f[3], J[9];
  contact_force(&p, -1e-3, vc2, f, J, NULL);
  for (int i = 0; i < 9; ++i) cr_expect_eq(J[i], 0.0);
  /* the force is continuous across the (1 - d v_n)_+ kink */
  double a[3] = {0.01, 0, 1.0 / p.dissipation - 1e-9}, fa[3];
  contact_force(&p, -1e-3, a, fa, NULL, NULL);
  cr_expect(fabs(fa[2]) < 1e-6);
}

Test(contact_law, combination_rule) {
  Material soft = {.stiffness = 1e3, .dissipation = 10, .mu_static = 1.0, .mu_dynamic = 0.5};
  Material hard = {.stiffness = 1e5, .dissipation = 0, .mu_static = 1.0, .mu_dynamic = 0.5};
  Material rigid = {.stiffness = INFINITY, .dissipation = 0, .mu_static = 0.5, .mu_dynamic = 0.25};
  ContactParams p;
  contact_combine(&soft, &hard, 1e-4, &p);
  cr_expect_float_eq(p.stiffness, 1e3 * 1e5 / (1e3 + 1e5), 1e-9);
  cr_expect_float_eq(p.dissipation, 10 * 1e5 / (1e3 + 1e5), 1e-12); /* softer material dominates */
  cr_expect_float_eq(p.mu_static, 1.0, 1e-12);
  contact_combine(&soft, &rigid, 1e-4, &p);
  cr_expect_float_eq(p.stiffness, 1e3, 1e-12);
  cr_expect_float_eq(p.dissipation, 10, 1e-12);
  cr_expect_float_eq(p.mu_static, 2 * 0.5 / 1.5, 1e-12);
  cr_expect_float_eq(contact_point_weight(&rigid, &soft), 1.0, 0);
  cr_expect_float_eq(contact_point_weight(&soft, &hard), 1e3 / (1e3 + 1e5), 1e-15);
}

/* friction_regularization "tamsi": the continuous law is the one TAMSI integrates (its
 * tamsi_contact_force at h = 0, where the implicit normal force is the Hunt-Crossley one), so a
 * reference made with it measures TAMSI's discretization error alone (TAMSI Fig. 5); its
 * derivatives match finite differences down to the soft norm's scale 1e-2 v_s. */
Test(contact_law, tamsi_regularization_is_the_law_tamsi_integrates) {
  ContactParams p = params();
  p.friction_reg = CB_FRICTION_REG_TAMSI;
  double vs = p.stiction_tolerance, phi = -1e-3;
  TamsiContact tc = {.fn0 = -p.stiffness * phi, .k = p.stiffness, .d = p.dissipation, .mu = p.mu_dynamic,
                     .mu_static = p.mu_static, .v_s = vs};
  cr_assert_eq(CONTACT_TAMSI_SOFT_NORM, TAMSI_RELATIVE_TOLERANCE);
  double cases[][3] = {{0, 0, 0}, {1e-4 * vs, 0, -0.01}, {0.003 * vs, -0.002 * vs, 0.01}, {0.3 * vs, 0.1 * vs, 0},
                       {0.99 * vs, 0, 0.05}, {1.01 * vs, 0, 0}, {3 * vs, -2 * vs, 0.1}, {15 * vs, 0, -0.2}};
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; ++k) {
    double f[3], ft[3];
    contact_force(&p, phi, cases[k], f, NULL, NULL);
    tamsi_contact_force(&tc, 0.0, cases[k], ft, NULL);
    for (int i = 0; i < 3; ++i)
      cr_expect(fabs(f[i] - ft[i]) <= 1e-12 * fmax(1.0, fabs(ft[i])), "vc %g %g %g: f%d %.15g, TAMSI's %.15g", cases[k][0],
                cases[k][1], cases[k][2], i, f[i], ft[i]);
    check_derivatives_step(&p, phi, cases[k], 1e-6 * vs);
  }
  /* and it is not the default law: twice the stiction slope at v_t -> 0 (mu s (2 - s)) */
  ContactParams q = params();
  double v[3] = {1e-3 * vs, 0, 0}, fq[3], fp[3];
  contact_force(&q, phi, v, fq, NULL, NULL);
  contact_force(&p, phi, v, fp, NULL, NULL);
  cr_expect(fabs(fp[0] / fq[0] - 2.0) < 0.05, "stiction slopes: tamsi %g, cenic %g", fp[0], fq[0]);
}
