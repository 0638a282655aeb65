/* The per-solve diagnostics of ICF Figs. 15-16 (integrators/cenic/icf_diagnostics.h): the
 * condition number against matrices with known eigenvalues, the dense Newton Hessian against
 * central differences of the gradient, and each model's effective stiction tolerance against
 * hand-computed values (ICF sec. VII-E eq. 25, eq. 26). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "integrators/cenic/icf_diagnostics.h"
#include "integrators/cenic/icf_models.h"
#include "icf_fixtures.h"
#include "sim_fixtures.h"

static unsigned long rng_state = 4242;
static double urand(void) { return fx_urand(&rng_state); }
static double srand1(void) { return 2.0 * urand() - 1.0; }

/* S = Q diag(lambda) Q^T with Q a product of Givens rotations (orthogonal by construction). */
static void known_spectrum(int n, const double *lambda, double *S) {
  double *Q = calloc((size_t)(n * n), sizeof(double));
  for (int i = 0; i < n; ++i) Q[i * n + i] = 1.0;
  for (int r = 0; r < 3 * n; ++r) {
    int a = r % n, b = (r * 7 + 3) % n;
    if (a == b) continue;
    double th = 0.3 + r, c = cos(th), s = sin(th);
    for (int k = 0; k < n; ++k) { /* rows a, b of Q rotated */
      double qa = Q[a * n + k], qb = Q[b * n + k];
      Q[a * n + k] = c * qa - s * qb;
      Q[b * n + k] = s * qa + c * qb;
    }
  }
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      double acc = 0;
      for (int k = 0; k < n; ++k) acc += Q[k * n + i] * lambda[k] * Q[k * n + j];
      S[i * n + j] = acc;
    }
  free(Q);
}

Test(icf_diagnostics, condition_number_of_a_known_spectrum) {
  const int n = 7;
  double lambda[7] = {3.0, 1e-2, 50.0, 7.0, 1e4, 0.5, 2.0}, S[49], ev[7], work[64];
  known_spectrum(n, lambda, S);
  double cond = icf_sym_condition(S, n, ev, work, 64);
  cr_expect(fabs(cond / 1e6 - 1.0) < 1e-9, "cond %.15g, want 1e6", cond);
  /* singular: infinite, or a huge ratio of round-off */
  double z[7] = {0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0};
  known_spectrum(n, z, S);
  cr_expect(icf_sym_condition(S, n, ev, work, 64) > 1e12, "a (numerically) singular matrix");
}

/* A problem of one tree whose A has a known spectrum and no contacts: H = A. */
Test(icf_diagnostics, hessian_condition_without_contacts_is_that_of_A) {
  IcfProblem p;
  int nv6[1] = {6};
  fx_icf_random_trees(&p, 1, nv6, 0, &rng_state);
  double lambda[6] = {0.5, 0.5, 0.5, 1e-3, 1e-3, 1e-3}; /* a free body: mass 0.5, inertia 1e-3 */
  known_spectrum(6, lambda, p.A);
  IcfDiag d;
  cr_assert_eq(icf_diag_init(&d, p.nv, 4, 1), 0);
  double v[6] = {0};
  IcfDiagResult r;
  cr_assert_eq(icf_diag_eval(&d, &p, v, &r), 0);
  cr_expect(fabs(r.cond / 500.0 - 1.0) < 1e-9, "cond %.15g, want 500", r.cond);
  cr_expect(r.stiction_contacts == 0 && isnan(r.stiction_median) && isnan(r.stiction_min), "no contacts: no tolerance");
  icf_diag_free(&d);
  icf_problem_free(&p);
}

/* The dense Hessian (exact contact blocks, weights, two-sided contacts) against central
 * differences of the gradient, in Lagged and SAP. */
Test(icf_diagnostics, dense_hessian_matches_fd_of_the_gradient) {
  const IcfContactModel *models[2] = {NULL, &icf_model_sap};
  for (int mk = 0; mk < 2; ++mk) {
    IcfProblem p;
    int tree_nv[3] = {6, 3, 6}, ncon = 6;
    fx_icf_random_trees(&p, 3, tree_nv, ncon, &rng_state);
    for (int i = 0; i < ncon; ++i) {
      IcfContact *c = &p.con[i];
      *c = (IcfContact){.h = 2e-3, .k = 1e4 * (1 + 9 * urand()), .d = urand(), .mu = 0.3 + urand(), .n0 = 0.1 * urand(),
                        .eps = 1e-2 * (0.5 + urand()), .weight = i % 3 == 2 ? 0.5 : 1.0};
      c->fe0 = c->k * 1e-3 * (0.2 + urand());
      c->tree[0] = i % 3;
      c->tree[1] = i % 2 ? (i + 1) % 3 : -1;
      fx_icf_random_jacobians(&p, c, &rng_state);
      for (int r = 0; r < 3; ++r) c->offset[r] = 0.01 * srand1();
      double W[3] = {1.0, 1.5, 2.0};
      icf_sap_params(c->k, c->h, 0.0, -c->fe0 / c->k, W, 1.0, 1e-1, &c->sap_Rt, &c->sap_Rn, &c->sap_vhat);
    }
    p.model = models[mk];
    int nv = p.nv;
    double *v = calloc(nv, sizeof(double)), *H = calloc(nv * nv, sizeof(double)), *gp = calloc(nv, sizeof(double)),
           *gm = calloc(nv, sizeof(double));
    for (int i = 0; i < nv; ++i) v[i] = 0.02 * srand1();
    icf_dense_hessian(&p, v, H);
    double worst = 0, scale = 0;
    for (int k = 0; k < nv * nv; ++k) scale = fmax(scale, fabs(H[k]));
    double *col = calloc(nv, sizeof(double));
    for (int j = 0; j < nv; ++j) {
      fx_icf_fd_hessian_column(&p, v, j, 1e-7, gp, gm, col);
      for (int i = 0; i < nv; ++i) worst = fmax(worst, fabs(col[i] - H[i * nv + j]));
    }
    free(col);
    cr_expect(worst <= 1e-5 * scale, "model %d: |H - fd| = %g of %g", mk, worst, scale);
    for (int i = 0; i < nv; ++i)
      for (int j = 0; j < i; ++j) cr_expect(H[i * nv + j] == H[j * nv + i] || fabs(H[i * nv + j] - H[j * nv + i]) <= 1e-12 * scale);
    free(v);
    free(H);
    free(gp);
    free(gm);
    icf_problem_free(&p);
  }
}

/* One contact on a static side with J = I (vc = v + offset): the tolerances by hand. */
Test(icf_diagnostics, effective_stiction_tolerance_by_hand) {
  IcfProblem p;
  int nv3[1] = {3};
  fx_icf_random_trees(&p, 1, nv3, 3, &rng_state);
  double I3[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  for (int i = 0; i < 3; ++i) {
    IcfContact *c = &p.con[i];
    *c = (IcfContact){.h = 1e-2, .k = 1e4, .d = 0.0, .mu = 0.5, .n0 = 0.0, .eps = 1e-4, .weight = 1.0};
    c->fe0 = 10.0;
    c->tree[0] = 0;
    c->tree[1] = -1;
    c->jac_off[1] = -1;
    c->jac_off[0] = p.jac_size;
    memcpy(p.jac + p.jac_size, I3, sizeof I3);
    p.jac_size += 9;
  }
  double vc[3] = {0, 0, 0};
  /* Lagged: v_s when the lagged load is there, none without it; eq. 26's eps as set */
  cr_expect(isnan(icf_effective_stiction(&p, 0, vc)), "Lagged without lagged load: no friction");
  p.con[0].n0 = 0.01;
  cr_expect_eq(icf_effective_stiction(&p, 0, vc), 1e-4);
  p.con[0].eps = 3e-4; /* what fill_contact puts there for regularized=1: max(v_s, mu R_t n0) */
  cr_expect_eq(icf_effective_stiction(&p, 0, vc), 3e-4);
  /* SAP: R_t mu gamma_n (eq. 25). Rn = 1e-2, vhat = 0.01, stick at v = 0: gamma_n = vhat / Rn = 1 */
  p.model = &icf_model_sap;
  p.con[1].sap_Rt = 2e-3;
  p.con[1].sap_Rn = 1e-2;
  p.con[1].sap_vhat = 1e-2;
  double want = 2e-3 * 0.5 * 1.0, got = icf_effective_stiction(&p, 1, vc);
  cr_expect(fabs(got - want) <= 1e-15, "SAP stick: %.17g, want %.17g", got, want);
  double apart[3] = {0, 0, 0.02}; /* v_n > vhat: no normal impulse, no friction */
  cr_expect(isnan(icf_effective_stiction(&p, 1, apart)), "SAP apart");
  /* Similar: v_s whenever it pushes (k h fe0 > 0 at v_n = 0) */
  p.model = &icf_model_similar;
  cr_expect_eq(icf_effective_stiction(&p, 2, vc), 1e-4);
  /* median and min over the acting contacts, in SAP at v = 0 with three loads */
  p.model = &icf_model_sap;
  double vhat[3] = {1e-2, 3e-2, 2e-2};
  for (int i = 0; i < 3; ++i) {
    p.con[i].eps = 1e-4;
    p.con[i].sap_Rt = 2e-3;
    p.con[i].sap_Rn = 1e-2;
    p.con[i].sap_vhat = vhat[i];
    for (int r = 0; r < 3; ++r) p.con[i].offset[r] = 0.0;
  }
  IcfDiag d;
  cr_assert_eq(icf_diag_init(&d, p.nv, 1, 0), 0);
  IcfDiagResult r;
  double v[3] = {0, 0, 0};
  cr_expect_eq(icf_diag_eval(&d, &p, v, &r), -1, "more contacts than the workspace: refused");
  cr_assert_eq(icf_diag_reserve(&d, 3), 0);
  cr_assert_eq(icf_diag_eval(&d, &p, v, &r), 0);
  cr_expect_eq(r.stiction_contacts, 3);
  cr_expect(fabs(r.stiction_median - 2e-3 * 0.5 * 2.0) <= 1e-15, "median %.17g", r.stiction_median);
  cr_expect(fabs(r.stiction_min - 2e-3 * 0.5 * 1.0) <= 1e-15, "min %.17g", r.stiction_min);
  cr_expect(isnan(r.cond), "no condition number without with_cond");
  icf_diag_free(&d);
  icf_problem_free(&p);
}
