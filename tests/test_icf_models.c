/* The contact approximations of ICF sec. V (icf_models.h) on synthetic data: each model's gamma
 * and G against central differences of its cost in separation, stick and slip (and SAP's
 * near-rigid regime), its line-search scalars against its eval, PSD Hessians, where theory says
 * the three models agree (frictionless; stick at v_t = 0), SAP's parameters, and Newton solves of
 * a random problem in each model to the discrete momentum balance. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "integrators/cenic/icf_models.h"
#include "integrators/cenic/icf_problem.h"
#include "integrators/cenic/icf_solver.h"
#include "icf_fixtures.h"
#include "sim_fixtures.h"

static unsigned long rng_state = 777;
static double urand(void) { return fx_urand(&rng_state); }
static double srand1(void) { return 2.0 * urand() - 1.0; }

/* Central differences of the cost give -gamma, of gamma give -G; step e_j per coordinate. */
static void check_fd(const IcfContactModel *m, const IcfContact *c, const double *vc, const double *e, double tol,
                     const char *what) {
  double gamma[3], G[9];
  m->eval(c, vc, gamma, G);
  for (int j = 0; j < 3; ++j) {
    double vp[3] = {vc[0], vc[1], vc[2]}, vm[3] = {vc[0], vc[1], vc[2]}, gp[3], gm[3];
    vp[j] += e[j];
    vm[j] -= e[j];
    double fd = (m->eval(c, vp, gp, NULL) - m->eval(c, vm, gm, NULL)) / (2 * e[j]);
    double gs = fabs(gamma[0]) + fabs(gamma[1]) + fabs(gamma[2]);
    cr_expect(fabs(fd + gamma[j]) <= tol * fmax(1e-12, gs), "%s %s: dl/dvc%d fd %.12g vs -gamma %.12g (vc %g %g %g)",
              m->name, what, j, fd, -gamma[j], vc[0], vc[1], vc[2]);
    double Gs = 0.0;
    for (int k = 0; k < 9; ++k) Gs += fabs(G[k]);
    for (int i = 0; i < 3; ++i) {
      double fdG = -(gp[i] - gm[i]) / (2 * e[j]);
      cr_expect(fabs(fdG - G[3 * i + j]) <= tol * fmax(1e-12, Gs), "%s %s: G%d%d fd %.12g vs %.12g (vc %g %g %g)", m->name,
                what, i, j, fdG, G[3 * i + j], vc[0], vc[1], vc[2]);
    }
  }
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      cr_expect(fabs(G[3 * i + j] - G[3 * j + i]) <= 1e-12 * (fabs(G[3 * i + j]) + 1e-300), "%s %s: G not symmetric",
                m->name, what);
  for (int k = 0; k < 20; ++k) {
    double x[3] = {srand1(), srand1(), srand1()}, q = 0, s = 0;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) q += x[i] * G[3 * i + j] * x[j], s += fabs(G[3 * i + j]);
    cr_expect(q >= -1e-12 * s, "%s %s: G not PSD, x^T G x = %g", m->name, what, q);
  }
  /* the line-search scalars are the eval's */
  double du[3] = {srand1() * e[0], srand1() * e[1], srand1() * e[2]}, l, gdu, dGd, want_g = 0, want_q = 0;
  m->line_eval(c, vc, du, &l, &gdu, &dGd);
  for (int i = 0; i < 3; ++i) {
    want_g += gamma[i] * du[i];
    for (int j = 0; j < 3; ++j) want_q += du[i] * G[3 * i + j] * du[j];
  }
  cr_expect(l == m->eval(c, vc, NULL, NULL), "%s %s: line cost", m->name, what);
  cr_expect(fabs(gdu - want_g) <= 1e-12 * (fabs(want_g) + 1e-300), "%s %s: gamma^T du", m->name, what);
  cr_expect(fabs(dGd - want_q) <= 1e-10 * (fabs(want_q) + 1e-300), "%s %s: du^T G du", m->name, what);
  /* acts iff gamma or G is nonzero */
  int nonzero = 0;
  for (int k = 0; k < 9; ++k) nonzero |= G[k] != 0.0;
  for (int k = 0; k < 3; ++k) nonzero |= gamma[k] != 0.0;
  cr_expect(m->acts(c, vc) == nonzero, "%s %s: acts %d, nonzero %d", m->name, what, m->acts(c, vc), nonzero);
}

static IcfContact random_hc_contact(void) {
  IcfContact c = {.h = 1e-3 * (1 + 9 * urand()), .k = 1e4 * (1 + 99 * urand()), .d = 2.0 * urand(),
                  .mu = 0.2 + urand(), .n0 = 0.0, .eps = 1e-3 * (0.5 + urand()), .weight = 1.0};
  c.fe0 = c.k * 1e-3 * (0.2 + urand()); /* overlapping by 0.2 to 1.2 mm */
  return c;
}

/* Similar: separation (z >= vhat: everything 0), stick (|v_t| << eps) and slip (|v_t| >> eps),
 * with and without Hunt-Crossley dissipation. */
Test(icf_models, similar_fd_in_each_region) {
  for (int trial = 0; trial < 40; ++trial) {
    IcfContact c = random_hc_contact();
    if (trial % 4 == 0) c.d = 0.0;
    double vhat = icf_breaking_velocity(&c), eps = c.eps;
    double vn = -vhat * (0.1 + urand()); /* pressed: z < vhat */
    double stick[3] = {0.05 * eps * srand1(), 0.05 * eps * srand1(), vn};
    double e_t = 1e-4 * eps, e_n = 1e-6 * fmax(vhat, fabs(vn));
    check_fd(&icf_model_similar, &c, stick, (double[]){e_t, e_t, e_n}, 1e-5, "stick");
    double ang = 6.283 * urand(), sp = eps * (20 + 200 * urand());
    /* slip: keep z = v_n - mu |v_t|_s below vhat */
    double slip[3] = {sp * cos(ang), sp * sin(ang), vn + c.mu * sp};
    double e_s = 1e-5 * sp;
    check_fd(&icf_model_similar, &c, slip, (double[]){e_s, e_s, e_n}, 1e-5, "slip");
    double sep[3] = {sp * cos(ang), sp * sin(ang), vhat + c.mu * sp + 0.1};
    double gamma[3], G[9];
    icf_model_similar.eval(&c, sep, gamma, G);
    for (int k = 0; k < 9; ++k) cr_expect(G[k] == 0.0, "separated: G nonzero");
    for (int k = 0; k < 3; ++k) cr_expect(gamma[k] == 0.0, "separated: gamma nonzero");
    cr_expect(!icf_model_similar.acts(&c, sep));
    check_fd(&icf_model_similar, &c, sep, (double[]){e_s, e_s, e_n}, 1e-5, "separation");
  }
}

/* A SAP contact from a random Hunt-Crossley-like one; near_rigid picks a stiffness whose Rn is the
 * near-rigid term. */
static IcfContact random_sap_contact(int near_rigid, double *tau_d) {
  IcfContact c = random_hc_contact();
  *tau_d = (rng_state & 1) ? 0.0 : 1e-3 * urand();
  double W[3] = {0.5 + urand(), 0.5 + urand(), 0.5 + urand()};
  if (near_rigid) c.k = 1e12;
  double phi0 = -1e-3 * (0.2 + urand());
  icf_sap_params(c.k, c.h, *tau_d, phi0, W, 1.0, 1e-3, &c.sap_Rt, &c.sap_Rn, &c.sap_vhat);
  double w_rms = sqrt((W[0] * W[0] + W[1] * W[1] + W[2] * W[2]) / 3.0);
  double rigid = fmax(W[2], w_rms) / (4 * M_PI * M_PI), compliant = 1.0 / (c.h * c.k * (c.h + *tau_d));
  cr_assert(near_rigid ? rigid > compliant : 1, "near-rigid regime expected");
  cr_expect(fabs(c.sap_Rn - fmax(rigid, compliant)) <= 1e-14 * c.sap_Rn);
  return c;
}

/* SAP: stick (y inside the cone), slip (between the cone and its polar) and separation (the
 * polar cone), in the compliant and in the near-rigid regime. */
Test(icf_models, sap_fd_in_each_region) {
  for (int trial = 0; trial < 40; ++trial) {
    double tau_d;
    IcfContact c = random_sap_contact(trial % 2, &tau_d);
    double Rt = c.sap_Rt, Rn = c.sap_Rn, mu = c.mu, vhat = c.sap_vhat;
    double yn = 1e-3 * (0.5 + urand()) / c.h; /* a normal impulse of the order of the weight's */
    double vn = vhat - Rn * yn;
    /* stick: |v_t| / Rt = y_r < mu y_n */
    double ang = 6.283 * urand(), yr = mu * yn * (0.1 + 0.8 * urand());
    double stick[3] = {-Rt * yr * cos(ang), -Rt * yr * sin(ang), vn};
    double e_t = 1e-6 * Rt * yr + 1e-12, e_n = 1e-6 * Rn * yn;
    check_fd(&icf_model_sap, &c, stick, (double[]){e_t, e_t, e_n}, 1e-5, "stick");
    cr_expect(icf_model_sap.acts(&c, stick));
    /* slip: y_r > mu y_n and y_n > -mu_hat y_r */
    yr = mu * yn * (2 + 50 * urand());
    double slip[3] = {-Rt * yr * cos(ang), -Rt * yr * sin(ang), vn};
    e_t = 1e-6 * Rt * yr;
    check_fd(&icf_model_sap, &c, slip, (double[]){e_t, e_t, e_n}, 1e-5, "slip");
    double gamma[3];
    icf_model_sap.eval(&c, slip, gamma, NULL);
    double gt = sqrt(gamma[0] * gamma[0] + gamma[1] * gamma[1]);
    cr_expect(fabs(gt - mu * gamma[2]) <= 1e-12 * gt, "slip on the cone: |gamma_t| %g vs mu gamma_n %g", gt, mu * gamma[2]);
    cr_expect(gamma[0] * slip[0] + gamma[1] * slip[1] < 0, "friction opposes slip");
    /* separation: y_n <= -mu_hat y_r */
    double sep[3] = {slip[0], slip[1], vhat + mu * Rt * yr + Rn * yn};
    check_fd(&icf_model_sap, &c, sep, (double[]){e_t, e_t, e_n}, 1e-5, "separation");
    cr_expect(!icf_model_sap.acts(&c, sep));
  }
}

/* icf_sap_params: the compliant regime gives the Kelvin-Voigt impulse h k (-phi0 - (h + tau_d)
 * v_n); an infinite stiffness leaves the near-rigid Rn = beta^2/(4 pi^2) w alone. */
Test(icf_models, sap_params_regimes) {
  double W[3] = {2.0, 2.0, 2.0}, Rt, Rn, vhat;
  icf_sap_params(1e3, 1e-3, 2e-3, -1e-2, W, 1.0, 1e-3, &Rt, &Rn, &vhat);
  cr_expect(fabs(Rn - 1.0 / (1e-3 * 1e3 * 3e-3)) < 1e-9 * Rn);
  cr_expect(fabs(Rt - 2e-3) < 1e-15);
  cr_expect(fabs(vhat - 1e-2 / 3e-3) < 1e-12);
  double vn = -0.5, yn = (vhat - vn) / Rn;
  cr_expect(fabs(yn - 1e-3 * 1e3 * (1e-2 - 3e-3 * vn)) < 1e-12, "gamma_n %g", yn);
  icf_sap_params(INFINITY, 1e-3, 0.0, -1e-2, W, 1.0, 1e-3, &Rt, &Rn, &vhat);
  cr_expect(fabs(Rn - 2.0 / (4 * M_PI * M_PI)) < 1e-15, "near-rigid Rn %g", Rn);
  /* anisotropic W: the tangential and normal scales each bounded below by w_rms */
  double W2[3] = {0.0, 0.0, 3.0};
  icf_sap_params(INFINITY, 1e-3, 0.0, 0.0, W2, 1.0, 1e-3, &Rt, &Rn, &vhat);
  cr_expect(fabs(Rt - 1e-3 * sqrt(3.0)) < 1e-15, "Rt %g", Rt);
}

static void expect_same(const char *what, const double *a, const double *b, int n, double rel) {
  double s = 0;
  for (int k = 0; k < n; ++k) s = fmax(s, fabs(a[k]) + fabs(b[k]));
  for (int k = 0; k < n; ++k)
    cr_expect(fabs(a[k] - b[k]) <= rel * fmax(s, 1e-300), "%s [%d]: %.15g vs %.15g", what, k, a[k], b[k]);
}

/* Frictionless, the three models are one compliant normal law: Similar's z is v_n, and SAP with
 * tau_d = 0 in its compliant regime is Lagged without dissipation (gamma_n = h (f_e0 - h k v_n)).
 * The costs differ by a constant; the impulses and Hessians are the same. */
Test(icf_models, models_agree_frictionless) {
  for (int trial = 0; trial < 20; ++trial) {
    IcfContact c = random_hc_contact();
    c.mu = 0.0;
    double vhat = icf_breaking_velocity(&c);
    double vc[3] = {srand1(), srand1(), vhat * (1.5 * urand() - 1.0)}, gl[3], Gl[9], gs[3], Gs[9];
    icf_contact_eval(&c, vc, gl, Gl);
    icf_model_similar.eval(&c, vc, gs, Gs);
    expect_same("similar gamma", gl, gs, 3, 0.0);
    expect_same("similar G", Gl, Gs, 9, 0.0);
    c.d = 0.0;
    double W[3] = {1e-4, 1e-4, 1e-4}; /* light enough for the compliant regime */
    icf_sap_params(c.k, c.h, 0.0, -c.fe0 / c.k, W, 1.0, 1e-3, &c.sap_Rt, &c.sap_Rn, &c.sap_vhat);
    cr_assert(c.sap_Rn == 1.0 / (c.h * c.k * (c.h + 0.0)), "compliant regime");
    icf_contact_eval(&c, vc, gl, Gl);
    icf_model_sap.eval(&c, vc, gs, Gs);
    expect_same("sap gamma", gl, gs, 3, 1e-12);
    expect_same("sap G", Gl, Gs, 9, 1e-12);
  }
}

/* In stick at v_t = 0 the models agree where ICF sec. VIII says so: Similar is Lagged with
 * n0 = gamma_n(v_n) (the lag is exact at rest), and SAP is too when its stiction tolerance
 * mu gamma_n Rt (eq. 25) equals Lagged's eps, and d = tau_d = 0. */
Test(icf_models, models_agree_in_stick) {
  for (int trial = 0; trial < 20; ++trial) {
    IcfContact c = random_hc_contact();
    c.d = 0.0;
    double vhat = icf_breaking_velocity(&c);
    double vc[3] = {0.0, 0.0, -vhat * (0.1 + urand())};
    c.n0 = icf_normal_impulse(&c, vc[2]);
    double gl[3], Gl[9], gs[3], Gs[9];
    icf_contact_eval(&c, vc, gl, Gl);
    icf_model_similar.eval(&c, vc, gs, Gs);
    expect_same("similar gamma", gl, gs, 3, 1e-14);
    expect_same("similar G", Gl, Gs, 9, 1e-14);
    double W[3] = {1e-4, 1e-4, 1e-4}; /* light enough for the compliant regime */
    icf_sap_params(c.k, c.h, 0.0, -c.fe0 / c.k, W, 1.0, 1e-3, &c.sap_Rt, &c.sap_Rn, &c.sap_vhat);
    c.sap_Rt = c.eps / (c.mu * c.n0);
    cr_assert(c.sap_Rn == 1.0 / (c.h * c.k * (c.h + 0.0)), "compliant regime");
    icf_model_sap.eval(&c, vc, gs, Gs);
    expect_same("sap gamma", gl, gs, 3, 1e-12);
    expect_same("sap G", Gl, Gs, 9, 1e-12);
  }
}

/* Slip separates them: Lagged's normal impulse ignores v_t; Similar's and SAP's grow with it at
 * a fixed v_n (z = v_n - mu |v_t|), so the same load is carried at a larger v_n: the coupling
 * that makes them glide (ICF VII-A). */
Test(icf_models, slip_couples_normal_in_similar_and_sap_only) {
  IcfContact c = random_hc_contact();
  c.d = 0.0;
  double vhat = icf_breaking_velocity(&c), vn = -0.5 * vhat;
  c.n0 = icf_normal_impulse(&c, vn);
  double W[3] = {1e-4, 1e-4, 1e-4}; /* light enough for the compliant regime */
  icf_sap_params(c.k, c.h, 0.0, -c.fe0 / c.k, W, 1.0, 1e-3, &c.sap_Rt, &c.sap_Rn, &c.sap_vhat);
  double rest[3] = {0, 0, vn}, slide[3] = {0.1 * vhat / c.mu, 0, vn}, a[3], b[3];
  icf_contact_eval(&c, rest, a, NULL);
  icf_contact_eval(&c, slide, b, NULL);
  cr_expect(a[2] == b[2], "lagged normal impulse moves with slip");
  const IcfContactModel *coupled[] = {&icf_model_similar, &icf_model_sap};
  for (int k = 0; k < 2; ++k) {
    coupled[k]->eval(&c, rest, a, NULL);
    coupled[k]->eval(&c, slide, b, NULL);
    cr_expect(b[2] > 1.05 * a[2], "%s: normal impulse %g at rest, %g sliding", coupled[k]->name, a[2], b[2]);
  }
}

/* A random problem with contacts between trees and to the world, solved in each model: the
 * Newton solver reaches the discrete momentum balance A v - r = sum w J^T gamma (CENIC eq. 11). */
Test(icf_models, newton_solves_each_model) {
  static const int tree_nv[] = {6, 3, 6, 1};
  const IcfContactModel *models[] = {NULL, &icf_model_similar, &icf_model_sap};
  for (int mk = 0; mk < 3; ++mk)
    for (int trial = 0; trial < 3; ++trial) {
      IcfProblem p;
      int ncon = 10;
      fx_icf_random_trees(&p, 4, tree_nv, ncon, &rng_state);
      for (int i = 0; i < ncon; ++i) {
        IcfContact *c = &p.con[i];
        *c = random_hc_contact();
        c->tree[0] = (i + 1) % 4;
        c->tree[1] = i % 3 == 1 ? (i + 2) % 4 : -1;
        fx_icf_random_jacobians(&p, c, &rng_state);
        for (int r = 0; r < 3; ++r) c->offset[r] = 0.1 * srand1();
        c->weight = i % 4 == 3 ? 0.5 : 1.0;
        c->n0 = 0.5 * urand();
        double W[3] = {1.0, 1.0, 1.0};
        icf_sap_params(c->k, c->h, 0.0, -c->fe0 / c->k, W, 1.0, 1e-3, &c->sap_Rt, &c->sap_Rn, &c->sap_vhat);
      }
      p.model = models[mk];
      int nv = p.nv;
      double *v = calloc(nv, sizeof(double)), *Av = calloc(nv, sizeof(double)), *jg = calloc(nv, sizeof(double));
      IcfSolverOptions o;
      icf_solver_default_options(&o);
      o.tol = 1e-11;
      IcfSolverStats st = {0};
      char err[200] = "";
      IcfSolver *s = icf_solver_create(&p, &o);
      cr_assert(s);
      int rc = icf_solver_solve(s, &p, NULL, v, &st, CB_ERR_BUF(err, sizeof err));
      cr_expect_eq(rc, CB_OK, "model %d: %s", mk, err);
      icf_amul(&p, v, Av);
      icf_contact_impulse(&p, v, jg);
      double res = 0, scale = 0;
      for (int i = 0; i < nv; ++i) {
        res = fmax(res, fabs(Av[i] - p.r[i] - jg[i]));
        scale = fmax(scale, fabs(p.r[i]) + fabs(jg[i]));
      }
      cr_expect(res <= 1e-8 * scale, "model %d: momentum residual %g (scale %g)", mk, res, scale);
      icf_solver_free(s);
      free(v), free(Av), free(jg);
      icf_problem_free(&p);
    }
}
