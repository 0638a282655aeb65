/* The ICF "Lagged" convex problem and its Newton solver on synthetic data (no model layer):
 * gradients and Hessians against central differences of the cost, PSD contact Hessians, the
 * discrete momentum balance at the solution (CENIC eq. 11), dense vs CHOLMOD agreement,
 * quadratic convergence, line-search initializations, Hessian reuse and failure codes. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "integrators/cenic/icf_problem.h"
#include "integrators/cenic/icf_solver.h"
#include "icf_fixtures.h"
#include "sim_fixtures.h"

static unsigned long rng_state = 12345;
static double urand(void) { return fx_urand(&rng_state); } /* uniform in [0, 1), deterministic */
static double srand1(void) { return 2.0 * urand() - 1.0; }

static const int tree_nv[] = {6, 3, 6, 1};
enum { NTREE = 4 };

/* Random SPD blocks (m I + B B^T), random r, and ncon contacts with random Jacobians; contacts
 * alternate between static-vs-tree, tree-vs-tree and same-tree. */
static void make_problem(IcfProblem *p, int ncon, double h, int smooth) {
  fx_icf_random_trees(p, NTREE, tree_nv, ncon, &rng_state);
  for (int i = 0; i < ncon; ++i) {
    IcfContact *c = &p->con[i];
    int kind = i % 3;
    c->tree[0] = (i + 1) % NTREE;
    c->tree[1] = kind == 1 ? (i + 2) % NTREE : -1;
    fx_icf_random_jacobians(p, c, &rng_state);
    for (int r = 0; r < 3; ++r) c->offset[r] = 0.1 * srand1();
    c->weight = (i % 4 == 3) ? 0.5 : 1.0;
    c->h = h;
    c->k = smooth ? 0.0 : 1e3 * (1 + urand());
    c->d = (i % 2) ? 0.0 : 0.5 * urand();
    c->fe0 = smooth ? 0.0 : c->k * 0.01 * (urand() - 0.2); /* some negative: separated */
    c->mu = 0.2 + urand();
    c->n0 = 0.5 * urand() + 0.1;
    c->eps = smooth ? 0.5 : 1e-2 * (1 + urand());
  }
}

/* Central-difference checks of gamma = -dl/dvc and G = d gamma... at vc. */
static void check_contact_at(const IcfContact *c, const double *vc, double tol) {
  double gamma[3], G[9];
  icf_contact_eval(c, vc, gamma, G);
  for (int j = 0; j < 3; ++j) {
    double e = 1e-6 * fmax(1e-3, fabs(vc[j]));
    if (j < 2) e = 1e-4 * c->eps;
    double vp[3] = {vc[0], vc[1], vc[2]}, vm[3] = {vc[0], vc[1], vc[2]}, gp[3], gm[3];
    vp[j] += e;
    vm[j] -= e;
    double lp = icf_contact_eval(c, vp, gp, NULL), lm = icf_contact_eval(c, vm, gm, NULL);
    double fd = (lp - lm) / (2 * e);
    cr_expect(fabs(fd + gamma[j]) <= tol * fmax(1.0, fabs(gamma[j])), "dl/dvc%d fd %.12g vs -gamma %.12g (vc %g %g %g)", j,
              fd, -gamma[j], vc[0], vc[1], vc[2]);
    for (int i = 0; i < 3; ++i) {
      double fdG = -(gp[i] - gm[i]) / (2 * e);
      cr_expect(fabs(fdG - G[3 * i + j]) <= tol * fmax(1.0, fabs(G[3 * i + j])), "G%d%d fd %.12g vs %.12g (vc %g %g %g)", i,
                j, fdG, G[3 * i + j], vc[0], vc[1], vc[2]);
    }
  }
  /* the line search's directional form: the same cost, gamma^T du and du^T G du, and its own
   * derivatives along the line by central differences */
  for (int k = 0; k < 3; ++k) {
    double du[3] = {srand1() * c->eps, srand1() * c->eps, srand1() * fmax(1e-3, fabs(vc[2]))}, l, gdu, dGd;
    icf_contact_line_eval(c, vc, du, &l, &gdu, &dGd);
    double want_g = gamma[0] * du[0] + gamma[1] * du[1] + gamma[2] * du[2], want_q = 0.0;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) want_q += du[i] * G[3 * i + j] * du[j];
    cr_expect(l == icf_contact_eval(c, vc, NULL, NULL), "line cost %.17g vs %.17g", l, icf_contact_eval(c, vc, NULL, NULL));
    cr_expect(fabs(gdu - want_g) <= 1e-12 * fmax(1e-300, fabs(want_g) + 1e-12), "gamma^T du %.17g vs %.17g", gdu, want_g);
    cr_expect(fabs(dGd - want_q) <= 1e-10 * fmax(1e-300, fabs(want_q) + 1e-12), "du^T G du %.17g vs %.17g", dGd, want_q);
    double e = 1e-4, up[3], um[3], lp, lm, gp, gm, qp;
    for (int i = 0; i < 3; ++i) {
      up[i] = vc[i] + e * du[i];
      um[i] = vc[i] - e * du[i];
    }
    icf_contact_line_eval(c, up, du, &lp, &gp, &qp);
    icf_contact_line_eval(c, um, du, &lm, &gm, &qp);
    cr_expect(fabs((lp - lm) / (2 * e) + gdu) <= tol * fmax(1.0, fabs(gdu)), "dl/da fd %.12g vs %.12g", (lp - lm) / (2 * e), -gdu);
    cr_expect(fabs(-(gp - gm) / (2 * e) - dGd) <= tol * fmax(1.0, fabs(dGd)), "d2l/da2 fd %.12g vs %.12g", -(gp - gm) / (2 * e), dGd);
  }
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) cr_expect(G[3 * i + j] == G[3 * j + i], "G not symmetric");
  /* PSD: leading principal minors of the symmetric 3x3 (G is block diagonal here) plus random
   * quadratic forms */
  cr_expect(G[0] >= 0 && G[8] >= 0 && G[0] * G[4] - G[1] * G[3] >= -1e-12 * (G[0] * G[4] + 1e-300));
  for (int k = 0; k < 20; ++k) {
    double x[3] = {srand1(), srand1(), srand1()}, q = 0;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) q += x[i] * G[3 * i + j] * x[j];
    cr_expect(q >= -1e-12 * (fabs(G[0]) + fabs(G[4]) + fabs(G[8])), "G not PSD: x^T G x = %g", q);
  }
}

Test(cenic_icf, contact_gradient_and_hessian_fd) {
  for (int trial = 0; trial < 40; ++trial) {
    IcfContact c = {.h = 1e-2 * (0.5 + urand()), .k = 1e4 * (0.1 + urand()), .d = trial % 3 ? 2.0 * urand() : 0.0,
                    .mu = 0.1 + urand(), .n0 = urand(), .eps = 1e-3 * (0.1 + urand()), .weight = 1.0};
    c.fe0 = c.k * 1e-3 * (urand() - 0.3);
    double vhat = icf_breaking_velocity(&c);
    double scale = fabs(vhat) + 1e-3;
    /* random points, points straddling vhat, points near v_t = 0 */
    double pts[6][3] = {{srand1() * 1e-2, srand1() * 1e-2, srand1() * scale},
                        {srand1(), srand1(), vhat - 1e-3 * scale},
                        {srand1(), srand1(), vhat + 1e-3 * scale},
                        {1e-9, -2e-9, vhat - 0.5 * scale},
                        {0.0, 0.0, vhat - 2.0 * scale},
                        {0.3 * c.eps, -0.1 * c.eps, 10 * srand1()}};
    for (int k = 0; k < 6; ++k) check_contact_at(&c, pts[k], 1e-5);
  }
}

Test(cenic_icf, normal_impulse_matches_potential_and_breaks_at_vhat) {
  IcfContact c = {.h = 1e-3, .k = 1e5, .d = 0.5, .fe0 = 50.0, .mu = 0.0, .n0 = 0.0, .eps = 1e-4, .weight = 1.0};
  double vhat = icf_breaking_velocity(&c); /* min(fe0/(h k), 1/d) = min(0.5, 2) */
  cr_expect(fabs(vhat - 0.5) < 1e-14);
  double vc[3] = {0, 0, -0.2}, gamma[3];
  icf_contact_eval(&c, vc, gamma, NULL);
  double expect = 1e-3 * (50.0 + 1e-3 * 1e5 * 0.2) * (1 + 0.5 * 0.2); /* eq. 13 */
  cr_expect(fabs(gamma[2] - expect) < 1e-12, "gamma_n %g vs %g", gamma[2], expect);
  cr_expect(fabs(icf_normal_impulse(&c, -0.2) - expect) < 1e-12);
  double vp[3] = {0, 0, vhat + 1e-9}, g2[3];
  icf_contact_eval(&c, vp, g2, NULL);
  cr_expect(g2[2] == 0.0);
  /* cost flat beyond vhat */
  double a[3] = {0, 0, 0.6}, b[3] = {0, 0, 3.0};
  cr_expect(icf_contact_eval(&c, a, NULL, NULL) == icf_contact_eval(&c, b, NULL, NULL));
}

/* icf_contact_acts (which contacts may join islands, icf_solver.c) says exactly when a contact
 * adds to the gradient or the Hessian: gamma or G nonzero, from icf_contact_eval; beyond that the
 * cost is flat in v_n. Random contacts with and without stiffness, damping and friction, v_n on
 * both sides of vhat. */
Test(cenic_icf, contact_acts_iff_impulse_or_hessian_nonzero) {
  int acting = 0, open = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    IcfContact c = {.h = 1e-3 + 1e-2 * urand(), .k = trial % 7 == 0 ? 0.0 : pow(10.0, 2 + 4 * urand()),
                    .d = trial % 3 == 0 ? 0.0 : 2 * urand(), .fe0 = 50.0 * srand1(), .mu = 0.5,
                    .n0 = trial % 4 == 0 ? urand() : 0.0, .eps = 1e-4, .weight = 1.0};
    double vhat = c.k > 0 ? icf_breaking_velocity(&c) : 0.0;
    double vc[3] = {0.01 * srand1(), 0.01 * srand1(), vhat + (trial % 2 ? 1.0 : -1.0) * 0.1 * urand() * (1 + fabs(vhat))};
    double gamma[3], G[9];
    icf_contact_eval(&c, vc, gamma, G);
    int nonzero = 0;
    for (int r = 0; r < 3; ++r) nonzero |= gamma[r] != 0.0;
    for (int r = 0; r < 9; ++r) nonzero |= G[r] != 0.0;
    int acts = icf_contact_acts(&c, vc);
    cr_assert_eq(acts, nonzero, "trial %d: acts %d, gamma/G nonzero %d (k %g, n0 %g, v_n %g, vhat %g)", trial, acts,
                 nonzero, c.k, c.n0, vc[2], vhat);
    if (!acts) { /* constant cost: moving v_n further away changes nothing */
      double far[3] = {vc[0], vc[1], vc[2] + 1.0};
      cr_assert(icf_contact_eval(&c, vc, NULL, NULL) == icf_contact_eval(&c, far, NULL, NULL));
    }
    acting += acts;
    open += !acts;
  }
  cr_expect(acting > 100 && open > 100, "both cases drawn: %d acting, %d open", acting, open);
}

/* Gradient of the whole cost and the assembled block-sparse Hessian vs central differences. */
Test(cenic_icf, problem_gradient_and_hessian_fd) {
  IcfProblem p;
  make_problem(&p, 9, 1e-2, 0);
  IcfSolverOptions o;
  icf_solver_default_options(&o);
  IcfLinSolver *lin = icf_lin_create(&p, ICF_LINSOLVE_DENSE);
  cr_assert(lin);
  int nv = p.nv;
  double *v = calloc(nv, sizeof(double)), *g = calloc(nv, sizeof(double)), *gp = calloc(nv, sizeof(double)),
         *gm = calloc(nv, sizeof(double)), *H = calloc(nv * nv, sizeof(double));
  for (int trial = 0; trial < 5; ++trial) {
    for (int i = 0; i < nv; ++i) v[i] = 0.05 * srand1();
    icf_gradient(&p, v, g);
    cr_assert_eq(icf_lin_factor(lin, &p, v), 0);
    icf_lin_dense_hessian(lin, H);
    for (int j = 0; j < nv; ++j) {
      double e = 1e-7, vj = v[j];
      v[j] = vj + e;
      double lp = icf_gradient(&p, v, gp);
      v[j] = vj - e;
      double lm = icf_gradient(&p, v, gm);
      v[j] = vj;
      double fd = (lp - lm) / (2 * e);
      cr_expect(fabs(fd - g[j]) <= 1e-5 * fmax(1.0, fabs(g[j])), "g[%d] fd %.10g vs %.10g", j, fd, g[j]);
      for (int i = 0; i < nv; ++i) {
        double fdH = (gp[i] - gm[i]) / (2 * e);
        cr_expect(fabs(fdH - H[i * nv + j]) <= 1e-4 * fmax(1.0, fabs(H[i * nv + j])), "H[%d][%d] fd %.10g vs %.10g", i, j,
                  fdH, H[i * nv + j]);
      }
    }
    for (int i = 0; i < nv; ++i)
      for (int j = 0; j < nv; ++j) cr_expect(fabs(H[i * nv + j] - H[j * nv + i]) <= 1e-13 * (fabs(H[i * nv + i]) + fabs(H[j * nv + j])));
  }
  free(v), free(g), free(gp), free(gm), free(H);
  icf_lin_free(lin);
  icf_problem_free(&p);
}

/* Several contacts on one body (same tree both sides and shared trees): H still FD-exact. */
Test(cenic_icf, several_contacts_on_one_body) {
  IcfProblem p;
  make_problem(&p, 6, 5e-3, 0);
  for (int i = 0; i < p.ncon; ++i) {
    p.con[i].tree[0] = 0;
    p.con[i].tree[1] = i % 2 ? 2 : -1;
  }
  /* rebuild Jacobian offsets for the new trees */
  p.jac_size = 0;
  for (int i = 0; i < p.ncon; ++i)
    for (int s = 0; s < 2; ++s) {
      p.con[i].jac_off[s] = -1;
      if (p.con[i].tree[s] < 0) continue;
      p.con[i].jac_off[s] = p.jac_size;
      for (int k = 0; k < 3 * tree_nv[p.con[i].tree[s]]; ++k) p.jac[p.jac_size + k] = srand1();
      p.jac_size += 3 * tree_nv[p.con[i].tree[s]];
    }
  IcfLinSolver *lin = icf_lin_create(&p, ICF_LINSOLVE_CHOLMOD);
  int nv = p.nv;
  double *v = calloc(nv, sizeof(double)), *gp = calloc(nv, sizeof(double)), *gm = calloc(nv, sizeof(double)),
         *H = calloc(nv * nv, sizeof(double));
  for (int i = 0; i < nv; ++i) v[i] = 0.02 * srand1();
  cr_assert_eq(icf_lin_factor(lin, &p, v), 0);
  icf_lin_dense_hessian(lin, H);
  double *col = calloc(nv, sizeof(double));
  for (int j = 0; j < nv; ++j) {
    fx_icf_fd_hessian_column(&p, v, j, 1e-7, gp, gm, col);
    for (int i = 0; i < nv; ++i) {
      double fdH = col[i];
      cr_expect(fabs(fdH - H[i * nv + j]) <= 1e-4 * fmax(1.0, fabs(H[i * nv + j])), "H[%d][%d] fd %.10g vs %.10g", i, j, fdH,
                H[i * nv + j]);
    }
  }
  free(v), free(gp), free(gm), free(H), free(col);
  icf_lin_free(lin);
  icf_problem_free(&p);
}

static int solve(IcfProblem *p, IcfSolverOptions *o, double *v, IcfSolverStats *st) {
  IcfSolver *s = icf_solver_create(p, o);
  cr_assert(s);
  char err[256] = "";
  int rc = icf_solver_solve(s, p, NULL, v, st, CB_ERR_BUF(err, sizeof err));
  icf_solver_free(s);
  return rc;
}

/* At the solution: A v - r = sum w J^T gamma (eq. 11) to tolerance; dense == CHOLMOD. */
Test(cenic_icf, solution_satisfies_momentum_balance_dense_and_cholmod) {
  for (int trial = 0; trial < 4; ++trial) {
    IcfProblem p;
    make_problem(&p, 12, 1e-2, 0);
    int nv = p.nv;
    double *v1 = calloc(nv, sizeof(double)), *v2 = calloc(nv, sizeof(double)), *Av = calloc(nv, sizeof(double)),
           *jg = calloc(nv, sizeof(double));
    IcfSolverOptions o;
    icf_solver_default_options(&o);
    o.tol = 1e-12;
    IcfSolverStats st1 = {0}, st2 = {0};
    cr_assert_eq(solve(&p, &o, v1, &st1), CB_OK);
    o.linear_solver = ICF_LINSOLVE_CHOLMOD;
    cr_assert_eq(solve(&p, &o, v2, &st2), CB_OK);
    icf_amul(&p, v1, Av);
    icf_contact_impulse(&p, v1, jg);
    double res = 0, scale = 0;
    for (int i = 0; i < nv; ++i) {
      res = fmax(res, fabs(Av[i] - p.r[i] - jg[i]));
      scale = fmax(scale, fabs(p.r[i]) + fabs(jg[i]));
      cr_expect(fabs(v1[i] - v2[i]) <= 1e-9 * (1 + fabs(v1[i])), "dense %.15g vs cholmod %.15g", v1[i], v2[i]);
    }
    cr_expect(res <= 1e-9 * scale, "momentum residual %g (scale %g)", res, scale);
    cr_expect(st1.newton_iters > 0 && st1.factorizations == st1.newton_iters);
    cr_expect(st1.newton_iters == st2.newton_iters, "dense %ld vs cholmod %ld iterations", st1.newton_iters,
              st2.newton_iters);
    free(v1), free(v2), free(Av), free(jg);
    icf_problem_free(&p);
  }
}

/* Newton converges quadratically on a smooth problem: e_{k+1} <= C e_k^2. */
Test(cenic_icf, quadratic_convergence_on_smooth_problem) {
  IcfProblem p;
  make_problem(&p, 8, 1e-2, 1);
  int nv = p.nv;
  double *v = calloc(nv, sizeof(double)), *g = calloc(nv, sizeof(double));
  double e[12];
  int n = 0;
  for (int k = 1; k <= 10; ++k) {
    memset(v, 0, nv * sizeof(double));
    for (int i = 0; i < nv; ++i) v[i] = 2.0 * sin(1.0 + i); /* far start */
    IcfSolverOptions o;
    icf_solver_default_options(&o);
    o.tol = 1e-300;
    o.max_iters = k;
    IcfSolverStats st = {0};
    solve(&p, &o, v, &st);
    icf_gradient(&p, v, g);
    double gn = 0;
    for (int i = 0; i < nv; ++i) gn += g[i] * g[i];
    e[n++] = sqrt(gn);
    if (e[n - 1] < 1e-13) break;
  }
  int checked = 0;
  for (int k = 0; k < n; ++k) cr_log_info("Newton iteration %d: |g| = %.3e", k + 1, e[k]);
  for (int k = 0; k + 1 < n; ++k) {
    if (e[k] > 1e-2 || e[k + 1] < 1e-12) continue; /* asymptotic regime, above round-off */
    cr_expect(e[k + 1] <= 10.0 * e[k] * e[k], "not quadratic: e%d = %g, e%d = %g", k, e[k], k + 1, e[k + 1]);
    checked++;
  }
  cr_expect(checked >= 1, "too few iterations in the asymptotic regime (n = %d, last %g)", n, e[n - 1]);
  cr_expect(e[n - 1] < 1e-11);
  free(v), free(g);
  icf_problem_free(&p);
}

Test(cenic_icf, cubic_guess_is_exact_for_cubics) {
  /* l(t) = t^3 + 1.05 t^2 - 0.9 t: l'(t) = 3 (t - 0.3)(t + 1) */
  double t = icf_cubic_guess(0.0, -0.9, 1.0 + 1.05 - 0.9, 3.0 + 2.1 - 0.9);
  cr_expect(fabs(t - 0.3) < 1e-13, "t = %.15g", t);
  /* degenerate (quadratic) case: l = (t - 0.25)^2 */
  t = icf_cubic_guess(0.0625, -0.5, 0.5625, 1.5);
  cr_expect(fabs(t - 0.25) < 1e-13, "t = %.15g", t);
}

/* All line-search initializations and alpha_max values reach the same minimizer. */
/* The line search measures the quadratic part from the line's start (no A v product per Newton
 * iteration), and carries the cost at the next iterate into the next line's frame: both rest on
 * l(a) + 1/2 v^T A v - r^T v = l(v + a dir), checked here against icf_cost, with l' and l'' by
 * central differences on the smooth problem. */
Test(cenic_icf, line_search_frame_and_derivatives) {
  IcfProblem p;
  make_problem(&p, 12, 1e-2, 1);
  int nv = p.nv;
  double *v = calloc(nv, sizeof(double)), *dir = calloc(nv, sizeof(double)), *w = calloc(nv, sizeof(double)),
         *Av = calloc(nv, sizeof(double));
  for (int trial = 0; trial < 10; ++trial) {
    for (int i = 0; i < nv; ++i) {
      v[i] = 0.1 * srand1();
      dir[i] = 0.1 * srand1();
    }
    icf_amul(&p, v, Av);
    double q = 0.0;
    for (int i = 0; i < nv; ++i) q += v[i] * (0.5 * Av[i] - p.r[i]);
    double as[3] = {0.0, 0.37, 1.0};
    for (int k = 0; k < 3; ++k) {
      double a = as[k], dl, d2l;
      double l = icf_line_eval(&p, v, dir, a, &dl, &d2l);
      for (int i = 0; i < nv; ++i) w[i] = v[i] + a * dir[i];
      double want = icf_cost(&p, w);
      cr_expect(fabs(l + q - want) <= 1e-12 * fmax(1.0, fabs(want)), "l(%g) + Q(v) = %.15g, cost %.15g", a, l + q, want);
      double e = 1e-5, dp, dm, d2p, d2m;
      double lp = icf_line_eval(&p, v, dir, a + e, &dp, &d2p), lm = icf_line_eval(&p, v, dir, a - e, &dm, &d2m);
      cr_expect(fabs((lp - lm) / (2 * e) - dl) <= 1e-6 * fmax(1.0, fabs(dl)), "l' fd %.10g vs %.10g", (lp - lm) / (2 * e), dl);
      cr_expect(fabs((dp - dm) / (2 * e) - d2l) <= 1e-5 * fmax(1.0, fabs(d2l)), "l'' fd %.10g vs %.10g", (dp - dm) / (2 * e), d2l);
    }
  }
  free(v), free(dir), free(w), free(Av);
  icf_problem_free(&p);
}

Test(cenic_icf, linesearch_variants_agree) {
  IcfProblem p;
  make_problem(&p, 10, 1e-2, 0);
  int nv = p.nv;
  double *ref = calloc(nv, sizeof(double)), *v = calloc(nv, sizeof(double));
  IcfSolverOptions o;
  icf_solver_default_options(&o);
  o.tol = 1e-12;
  IcfSolverStats st = {0};
  cr_assert_eq(solve(&p, &o, ref, &st), CB_OK);
  IcfLineSearchInit inits[3] = {ICF_LS_CUBIC, ICF_LS_QUADRATIC, ICF_LS_ONE};
  double amax[2] = {1.0, 1.5};
  for (int a = 0; a < 3; ++a)
    for (int b = 0; b < 2; ++b) {
      memset(v, 0, nv * sizeof(double));
      o.ls_init = inits[a];
      o.alpha_max = amax[b];
      IcfSolverStats s2 = {0};
      cr_assert_eq(solve(&p, &o, v, &s2), CB_OK);
      for (int i = 0; i < nv; ++i) cr_expect(fabs(v[i] - ref[i]) < 1e-8 * (1 + fabs(ref[i])));
      cr_expect(s2.linesearch_iters > 0);
    }
  free(ref), free(v);
  icf_problem_free(&p);
}

/* Hessian reuse (eq. 35) over a sequence of slowly changing problems: same solutions, fewer
 * factorizations. */
Test(cenic_icf, hessian_reuse_saves_factorizations) {
  IcfProblem p;
  make_problem(&p, 8, 1e-2, 0);
  int nv = p.nv;
  double *r0 = calloc(nv, sizeof(double)), *va = calloc(nv, sizeof(double)), *vb = calloc(nv, sizeof(double));
  memcpy(r0, p.r, nv * sizeof(double));
  IcfSolverOptions oa, ob;
  icf_solver_default_options(&oa);
  oa.tol = 1e-10;
  ob = oa;
  ob.hessian_reuse = 1;
  IcfSolver *sa = icf_solver_create(&p, &oa), *sb = icf_solver_create(&p, &ob);
  IcfSolverStats sta = {0}, stb = {0};
  char err[256];
  for (int step = 0; step < 20; ++step) {
    for (int i = 0; i < nv; ++i) p.r[i] = r0[i] * (1.0 + 0.01 * sin(0.3 * step + i));
    cr_assert_eq(icf_solver_solve(sa, &p, NULL, va, &sta, CB_ERR_BUF(err, sizeof err)), CB_OK, "%s", err);
    cr_assert_eq(icf_solver_solve(sb, &p, NULL, vb, &stb, CB_ERR_BUF(err, sizeof err)), CB_OK, "%s", err);
    for (int i = 0; i < nv; ++i) cr_expect(fabs(va[i] - vb[i]) < 1e-7 * (1 + fabs(va[i])));
  }
  cr_expect(stb.factorizations < sta.factorizations, "reuse %ld vs fresh %ld factorizations", stb.factorizations,
            sta.factorizations);
  icf_solver_free(sa);
  icf_solver_free(sb);
  free(r0), free(va), free(vb);
  icf_problem_free(&p);
}

Test(cenic_icf, failures_are_reported) {
  IcfProblem p;
  make_problem(&p, 6, 1e-2, 0);
  int nv = p.nv;
  double *v = calloc(nv, sizeof(double));
  IcfSolverOptions o;
  icf_solver_default_options(&o);
  o.tol = 1e-300;
  o.max_iters = 1;
  IcfSolverStats st = {0};
  cr_expect_eq(solve(&p, &o, v, &st), CB_ERR_MAX_ITERS);
  icf_solver_default_options(&o);
  memset(v, 0, nv * sizeof(double));
  p.r[2] = NAN;
  cr_expect_eq(solve(&p, &o, v, &st), CB_ERR_NONFINITE);
  free(v);
  icf_problem_free(&p);
}

/* Contact islands (icf_solver.c): 9 trees in four islands of unequal difficulty (one with stiff
 * contacts, one with a dof term, one tree alone against the ground, one pair with soft contacts).
 * Newton iterates on each island until it meets its share of the tolerance:
 *  - the result meets eq. 32 on the whole problem and agrees with a much tighter solve;
 *  - islands that converge early drop out (fewer coordinates iterated on than iterations x nv);
 *  - the block solver (which factors only the active islands) gives what dense and CHOLMOD give
 *    (which factor all of H) to round-off, with the same iteration and coordinate counts;
 *  - a problem that is one island counts every coordinate in every iteration. */
enum { ISL_NTREE = 9 };

static void make_island_problem(IcfProblem *p) {
  static const int nv_of[ISL_NTREE] = {6, 6, 6, 3, 6, 6, 6, 6, 1};
  /* islands {0, 1, 2} stiff, {3, 4} with a dof term, {5} alone, {6, 7} soft, {8} contact-free */
  static const int pair[][2] = {{0, 1}, {1, 2}, {2, 0}, {3, 4}, {5, -1}, {6, 7}, {0, -1}, {4, -1}, {7, -1}, {1, -1}};
  int npair = (int)(sizeof pair / sizeof pair[0]);
  fx_icf_random_trees(p, ISL_NTREE, nv_of, npair, &rng_state);
  for (int i = 0; i < npair; ++i) {
    IcfContact *c = &p->con[i];
    c->tree[0] = pair[i][0];
    c->tree[1] = pair[i][1];
    fx_icf_random_jacobians(p, c, &rng_state);
    int stiff = c->tree[0] <= 2;
    for (int r = 0; r < 3; ++r) c->offset[r] = (stiff ? 1.0 : 0.1) * srand1();
    c->offset[2] = -fabs(c->offset[2]); /* approaching: in contact */
    c->weight = 1.0;
    c->h = 1e-2;
    c->k = stiff ? 1e6 : 1e2;
    c->d = 0.1;
    c->fe0 = c->k * 0.01;
    c->mu = 0.5;
    c->n0 = 0.5;
    c->eps = 1e-3;
  }
  cr_assert_eq(icf_problem_reserve_dof(p, 1), 0);
  p->ndof = 1;
  p->dofterm[0] = (IcfDofTerm){.kind = ICF_DOF_EFFORT, .dof = p->tree_vadr[3] + 1, .h = 1e-2, .c = 30.0, .b = 4.0, .e = 2.0};
}

static double scaled_gradient_norm(const IcfProblem *p, const double *v) {
  double *g = calloc((size_t)p->nv, sizeof(double)), n2 = 0.0;
  icf_gradient(p, v, g);
  for (int t = 0; t < p->ntree; ++t)
    for (int i = 0; i < p->tree_nv[t]; ++i) {
      int j = p->tree_vadr[t] + i;
      double d = 1.0 / sqrt(p->A[p->tree_madr[t] + i * p->tree_nv[t] + i]);
      n2 += (d * g[j]) * (d * g[j]);
    }
  free(g);
  return sqrt(n2);
}

Test(cenic_icf, islands_converge_separately_to_the_whole_problems_tolerance) {
  IcfProblem p;
  make_island_problem(&p);
  int nv = p.nv;
  double dr = 0.0;
  for (int t = 0; t < p.ntree; ++t)
    for (int i = 0; i < p.tree_nv[t]; ++i) {
      int j = p.tree_vadr[t] + i;
      dr += p.r[j] * p.r[j] / p.A[p.tree_madr[t] + i * p.tree_nv[t] + i];
    }
  double *v[3], *vt = calloc(nv, sizeof(double));
  IcfSolverStats st[3] = {{0}};
  const IcfLinSolverKind kinds[3] = {ICF_LINSOLVE_BLOCK, ICF_LINSOLVE_DENSE, ICF_LINSOLVE_CHOLMOD};
  IcfSolverOptions o;
  icf_solver_default_options(&o);
  o.tol = 1e-6;
  for (int k = 0; k < 3; ++k) {
    v[k] = calloc(nv, sizeof(double));
    o.linear_solver = kinds[k];
    cr_assert_eq(solve(&p, &o, v[k], &st[k]), CB_OK, "solver %d", k);
  }
  o.linear_solver = ICF_LINSOLVE_BLOCK;
  o.tol = 1e-13;
  IcfSolverStats stt = {0};
  cr_assert_eq(solve(&p, &o, vt, &stt), CB_OK);
  double tol = 1e-6 * fmax(1.0, sqrt(dr)), gn = scaled_gradient_norm(&p, v[0]), dist = 0.0;
  for (int t = 0; t < p.ntree; ++t) /* |D^-1 (v - v*)|, what eq. 33 bounds */
    for (int i = 0; i < p.tree_nv[t]; ++i) {
      int j = p.tree_vadr[t] + i;
      dist += (v[0][j] - vt[j]) * (v[0][j] - vt[j]) * p.A[p.tree_madr[t] + i * p.tree_nv[t] + i];
    }
  dist = sqrt(dist);
  cr_log_info("islands: %ld iterations, %ld coordinates iterated on (nv %d), |D g| %.3g, |D^-1 (v - v*)| %.3g, tol %.3g",
              st[0].newton_iters, st[0].newton_dofs, nv, gn, dist, tol);
  cr_expect(gn <= tol || dist <= tol, "neither eq. 32 (|D g| = %g) nor eq. 33 (distance %g) within %g", gn, dist, tol);
  cr_expect(st[0].newton_dofs < st[0].newton_iters * nv, "no island dropped out: %ld coordinates in %ld iterations",
            st[0].newton_dofs, st[0].newton_iters);
  cr_expect(st[0].newton_iters >= 3, "the stiff island needs several iterations (%ld)", st[0].newton_iters);
  for (int i = 0; i < nv; ++i) {
    cr_expect(fabs(v[0][i] - vt[i]) <= 1e-4 * (1 + fabs(vt[i])), "v[%d] %.10g vs tight solve %.10g", i, v[0][i], vt[i]);
    for (int k = 1; k < 3; ++k)
      cr_expect(fabs(v[0][i] - v[k][i]) <= 1e-9 * (1 + fabs(v[0][i])), "v[%d]: block %.15g vs solver %d %.15g", i,
                v[0][i], k, v[k][i]);
  }
  for (int k = 1; k < 3; ++k) {
    cr_expect_eq(st[k].newton_iters, st[0].newton_iters, "solver %d iterations", k);
    cr_expect_eq(st[k].newton_dofs, st[0].newton_dofs, "solver %d coordinates", k);
  }
  /* the record's symbolic_analyses: the sparse paths order and analyse at least once and at most
   * once per factorization; dense LAPACK has nothing to analyse */
  for (int k = 0; k < 3; ++k) {
    long lo = kinds[k] == ICF_LINSOLVE_DENSE ? 0 : 1, hi = kinds[k] == ICF_LINSOLVE_DENSE ? 0 : st[k].factorizations;
    cr_expect(st[k].symbolic_analyses >= lo && st[k].symbolic_analyses <= hi, "solver %d: %ld analyses for %ld factorizations",
              k, st[k].symbolic_analyses, st[k].factorizations);
  }
  /* one island: join them all through contacts with tree 0 */
  IcfProblem q;
  make_problem(&q, 12, 1e-2, 0);
  IcfSolverStats sq = {0};
  double *vq = calloc(q.nv, sizeof(double));
  icf_solver_default_options(&o);
  o.linear_solver = ICF_LINSOLVE_BLOCK;
  cr_assert_eq(solve(&q, &o, vq, &sq), CB_OK);
  cr_expect_eq(sq.newton_dofs, sq.newton_iters * q.nv, "one island: %ld coordinates in %ld iterations of %d",
               sq.newton_dofs, sq.newton_iters, q.nv);
  for (int k = 0; k < 3; ++k) free(v[k]);
  free(vt);
  free(vq);
  icf_problem_free(&p);
  icf_problem_free(&q);
}

/* Open contacts between islands (opt.defer_open_contacts, icf_solver.c): the island problem plus
 * contacts between its islands that do not act at v = 0 (a gap, no lagged normal impulse), with
 * breaking velocities such that some act at the solution and some stay open. Deferred, they join
 * no island until an iterate makes them act:
 *  - the result meets eq. 32 on the whole problem and agrees with the solve that joins islands
 *    through every contact, and with a tight solve;
 *  - block, dense and CHOLMOD agree to round-off with the same counts (the block factorization
 *    of the merged islands must not reach a cut contact's other island);
 *  - fewer coordinates are iterated on than when every contact joins islands;
 *  - the same holds with Hessian reuse (eq. 35). */
static double scaled_distance(const IcfProblem *p, const double *a, const double *b);
static const int open_pair[][2] = {{2, 3}, {4, 5}, {5, 6}, {7, 8}, {1, 6}, {0, 5}};
enum { NOPEN = (int)(sizeof open_pair / sizeof open_pair[0]) };

static void add_open_contacts(IcfProblem *p) {
  int n0 = p->ncon, jac = p->jac_size;
  cr_assert_eq(icf_problem_reserve(p, n0 + NOPEN, jac + NOPEN * 2 * 3 * 6), 0);
  for (int q = 0; q < NOPEN; ++q) {
    IcfContact *c = &p->con[n0 + q];
    memset(c, 0, sizeof *c);
    for (int side = 0; side < 2; ++side) {
      int t = open_pair[q][side];
      c->tree[side] = t;
      c->jac_off[side] = p->jac_size;
      for (int k = 0; k < 3 * p->tree_nv[t]; ++k) p->jac[p->jac_size + k] = srand1();
      p->jac_size += 3 * p->tree_nv[t];
    }
    c->offset[0] = 0.1 * srand1();
    c->offset[1] = 0.1 * srand1();
    c->weight = 1.0;
    c->h = 1e-2;
    c->k = 1e4;
    c->d = 0.1;
    c->fe0 = -c->k * c->h * 0.05 * (1 << q); /* a gap closed at v_n = -0.05, -0.1, ..., -1.6 */
    c->mu = 0.5; /* n0 = 0: no friction until the next step */
    c->eps = 1e-3;
  }
  p->ncon = n0 + NOPEN;
}

/* Reuse across solves on a problem of several islands (the islands converge at different
 * iterations, so the last factorization of a solve is not of every island): a later solve must
 * still be able to start on it, and reach the fresh solver's solution. */
Test(cenic_icf, hessian_reuse_spans_solves_of_several_islands) {
  IcfProblem p;
  make_island_problem(&p);
  int nv = p.nv;
  double *r0 = calloc(nv, sizeof(double)), *va = calloc(nv, sizeof(double)), *vb = calloc(nv, sizeof(double));
  memcpy(r0, p.r, nv * sizeof(double));
  IcfSolverOptions oa, ob;
  icf_solver_default_options(&oa);
  oa.linear_solver = ICF_LINSOLVE_BLOCK;
  oa.tol = 1e-10;
  ob = oa;
  ob.hessian_reuse = 1;
  IcfSolver *sa = icf_solver_create(&p, &oa), *sb = icf_solver_create(&p, &ob);
  IcfSolverStats sta = {0}, stb = {0};
  char err[256];
  int solves_without_factorization = 0;
  const int nsolve = 20;
  for (int step = 0; step < nsolve; ++step) {
    for (int i = 0; i < nv; ++i) p.r[i] = r0[i] * (1.0 + 1e-4 * sin(0.3 * step + i));
    long f0 = stb.factorizations;
    cr_assert_eq(icf_solver_solve(sa, &p, NULL, va, &sta, CB_ERR_BUF(err, sizeof err)), CB_OK, "%s", err);
    cr_assert_eq(icf_solver_solve(sb, &p, NULL, vb, &stb, CB_ERR_BUF(err, sizeof err)), CB_OK, "%s", err);
    solves_without_factorization += stb.factorizations == f0;
    for (int i = 0; i < nv; ++i) cr_expect(fabs(va[i] - vb[i]) < 1e-6 * (1 + fabs(va[i])), "solve %d v[%d]", step, i);
  }
  cr_log_info("reuse: %d of %d solves without a factorization, %ld vs %ld factorizations", solves_without_factorization,
              nsolve, stb.factorizations, sta.factorizations);
  cr_expect(solves_without_factorization > 0, "no solve ran on a kept factorization (%ld factorizations)",
            stb.factorizations);
  icf_solver_free(sa);
  icf_solver_free(sb);
  free(r0), free(va), free(vb);
  icf_problem_free(&p);
}

/* Reuse with islands on the block solver refactors only the islands still iterating and keeps
 * the converged ones' columns (icf_lin_keep_columns): over the sequence of solves its block
 * updates stay below as many whole-problem factorizations as it made (before, every
 * factorization under reuse was of the whole problem), and it reaches the fresh solver's
 * solutions. Dense reuse (whole-problem factorizations) gives the same solutions. */
Test(cenic_icf, hessian_reuse_refactors_only_the_active_islands) {
  IcfProblem p;
  make_island_problem(&p);
  int nv = p.nv;
  double *r0 = calloc(nv, sizeof(double)), *va = calloc(nv, sizeof(double)), *vb = calloc(nv, sizeof(double));
  double *vd = calloc(nv, sizeof(double)), *v0 = calloc(nv, sizeof(double));
  memcpy(r0, p.r, nv * sizeof(double));
  IcfLinSolver *whole = icf_lin_create(&p, ICF_LINSOLVE_BLOCK);
  cr_assert_eq(icf_lin_factor(whole, &p, v0), CB_OK);
  const long whole_updates = icf_lin_block_updates(whole);
  icf_lin_free(whole);
  cr_assert_gt(whole_updates, 0);
  IcfSolverOptions oa, ob, od;
  icf_solver_default_options(&oa);
  oa.linear_solver = ICF_LINSOLVE_BLOCK;
  oa.tol = 1e-10;
  ob = oa;
  ob.hessian_reuse = 1;
  od = ob;
  od.linear_solver = ICF_LINSOLVE_DENSE;
  IcfSolver *sa = icf_solver_create(&p, &oa), *sb = icf_solver_create(&p, &ob), *sd = icf_solver_create(&p, &od);
  IcfSolverStats sta = {0}, stb = {0}, std = {0};
  char err[256];
  for (int step = 0; step < 20; ++step) {
    for (int i = 0; i < nv; ++i) p.r[i] = r0[i] * (1.0 + 1e-3 * sin(0.3 * step + i));
    cr_assert_eq(icf_solver_solve(sa, &p, NULL, va, &sta, CB_ERR_BUF(err, sizeof err)), CB_OK, "%s", err);
    cr_assert_eq(icf_solver_solve(sb, &p, NULL, vb, &stb, CB_ERR_BUF(err, sizeof err)), CB_OK, "%s", err);
    cr_assert_eq(icf_solver_solve(sd, &p, NULL, vd, &std, CB_ERR_BUF(err, sizeof err)), CB_OK, "%s", err);
    for (int i = 0; i < nv; ++i) {
      cr_expect(fabs(va[i] - vb[i]) < 1e-6 * (1 + fabs(va[i])), "solve %d v[%d]: block reuse", step, i);
      cr_expect(fabs(va[i] - vd[i]) < 1e-6 * (1 + fabs(va[i])), "solve %d v[%d]: dense reuse", step, i);
    }
  }
  cr_log_info("block reuse: %ld factorizations, %ld block updates (whole problem: %ld each); fresh %ld",
              stb.factorizations, stb.factor_updates, whole_updates, sta.factorizations);
  cr_expect(stb.factorizations > 0 && stb.factor_updates < stb.factorizations * whole_updates,
            "every factorization under reuse was of the whole problem: %ld updates in %ld factorizations of %ld",
            stb.factor_updates, stb.factorizations, whole_updates);
  icf_solver_free(sa);
  icf_solver_free(sb);
  icf_solver_free(sd);
  free(r0), free(va), free(vb), free(vd), free(v0);
  icf_problem_free(&p);
}

Test(cenic_icf, open_contacts_join_islands_only_when_they_act) {
  IcfProblem p;
  make_island_problem(&p);
  add_open_contacts(&p);
  int nv = p.nv, n0 = p.ncon - NOPEN;
  double *vz = calloc(nv, sizeof(double)), vc[3];
  for (int q = 0; q < NOPEN; ++q) {
    icf_contact_velocity(&p, n0 + q, vz, vc);
    cr_assert(!icf_contact_acts(&p.con[n0 + q], vc), "open contact %d acts at v = 0", q);
  }
  double dr = 0.0;
  for (int t = 0; t < p.ntree; ++t)
    for (int i = 0; i < p.tree_nv[t]; ++i) {
      int j = p.tree_vadr[t] + i;
      dr += p.r[j] * p.r[j] / p.A[p.tree_madr[t] + i * p.tree_nv[t] + i];
    }
  const double tol_rel = 1e-8, tol = tol_rel * fmax(1.0, sqrt(dr));
  const IcfLinSolverKind kinds[3] = {ICF_LINSOLVE_BLOCK, ICF_LINSOLVE_DENSE, ICF_LINSOLVE_CHOLMOD};
  IcfSolverOptions o;
  icf_solver_default_options(&o);
  o.tol = tol_rel;
  double *v[3];
  IcfSolverStats st[3] = {{0}};
  for (int k = 0; k < 3; ++k) {
    v[k] = calloc(nv, sizeof(double));
    o.linear_solver = kinds[k];
    cr_assert_eq(solve(&p, &o, v[k], &st[k]), CB_OK, "solver %d", k);
  }
  int acting = 0;
  for (int q = 0; q < NOPEN; ++q) {
    icf_contact_velocity(&p, n0 + q, v[0], vc);
    acting += icf_contact_acts(&p.con[n0 + q], vc);
  }
  cr_log_info("deferred: %d of %d open contacts act at the solution, %ld iterations, %ld coordinates, |D g| %.3g (tol %.3g)",
              acting, NOPEN, st[0].newton_iters, st[0].newton_dofs, scaled_gradient_norm(&p, v[0]), tol);
  cr_assert(acting > 0 && acting < NOPEN, "the problem must exercise both paths: %d of %d act", acting, NOPEN);
  cr_expect(scaled_gradient_norm(&p, v[0]) <= tol, "eq. 32 on the whole problem: |D g| = %g > %g",
            scaled_gradient_norm(&p, v[0]), tol);
  for (int k = 1; k < 3; ++k) {
    cr_expect_eq(st[k].newton_iters, st[0].newton_iters, "solver %d iterations", k);
    cr_expect_eq(st[k].newton_dofs, st[0].newton_dofs, "solver %d coordinates", k);
    for (int i = 0; i < nv; ++i)
      cr_expect(fabs(v[0][i] - v[k][i]) <= 1e-9 * (1 + fabs(v[0][i])), "v[%d]: block %.15g vs solver %d %.15g", i,
                v[0][i], k, v[k][i]);
  }
  /* every contact joins islands (the paper's single problem), a tight solve, and Hessian reuse */
  double *vj = calloc(nv, sizeof(double)), *vt = calloc(nv, sizeof(double)), *vr = calloc(nv, sizeof(double));
  IcfSolverStats sj = {0}, stt = {0}, sr = {0};
  o.linear_solver = ICF_LINSOLVE_BLOCK;
  o.defer_open_contacts = 0;
  cr_assert_eq(solve(&p, &o, vj, &sj), CB_OK);
  o.tol = 1e-13;
  cr_assert_eq(solve(&p, &o, vt, &stt), CB_OK);
  o.tol = tol_rel;
  o.defer_open_contacts = 1;
  o.hessian_reuse = 1;
  cr_assert_eq(solve(&p, &o, vr, &sr), CB_OK);
  /* reuse may stop by eq. 33 (the update) rather than eq. 32 */
  cr_expect(scaled_gradient_norm(&p, vr) <= tol || scaled_distance(&p, vr, vt) <= tol,
            "with Hessian reuse: |D g| = %g, |D^-1 (v - v*)| = %g, tol %g", scaled_gradient_norm(&p, vr),
            scaled_distance(&p, vr, vt), tol);
  cr_log_info("joined: %ld iterations, %ld coordinates; reuse: %ld iterations, %ld factorizations", sj.newton_iters,
              sj.newton_dofs, sr.newton_iters, sr.factorizations);
  cr_expect(st[0].newton_dofs < sj.newton_dofs, "deferred %ld coordinates, joined %ld", st[0].newton_dofs, sj.newton_dofs);
  for (int i = 0; i < nv; ++i) {
    cr_expect(fabs(v[0][i] - vt[i]) <= 1e-6 * (1 + fabs(vt[i])), "v[%d] %.10g vs tight %.10g", i, v[0][i], vt[i]);
    cr_expect(fabs(vj[i] - vt[i]) <= 1e-6 * (1 + fabs(vt[i])), "joined v[%d] %.10g vs tight %.10g", i, vj[i], vt[i]);
    cr_expect(fabs(vr[i] - vt[i]) <= 1e-6 * (1 + fabs(vt[i])), "reuse v[%d] %.10g vs tight %.10g", i, vr[i], vt[i]);
  }
  for (int k = 0; k < 3; ++k) free(v[k]);
  free(vz), free(vj), free(vt), free(vr);
  icf_problem_free(&p);
}

/* |D^-1 (a - b)| with D = diag(A)^-1/2: the norm eq. 33 bounds. */
static double scaled_distance(const IcfProblem *p, const double *a, const double *b) {
  double d2 = 0.0;
  for (int t = 0; t < p->ntree; ++t)
    for (int i = 0; i < p->tree_nv[t]; ++i) {
      int j = p->tree_vadr[t] + i;
      d2 += (a[j] - b[j]) * (a[j] - b[j]) * p->A[p->tree_madr[t] + i * p->tree_nv[t] + i];
    }
  return sqrt(d2);
}

/* islands = 0 (the paper's global Newton, solver_profile=paper): the problem of several islands,
 * with open contacts between them, is iterated as one: every coordinate in every iteration, no
 * island dropping out, and the same solution as the island solver, with and without reuse. */
Test(cenic_icf, islands_off_iterates_the_whole_problem) {
  IcfProblem p;
  make_island_problem(&p);
  add_open_contacts(&p);
  int nv = p.nv;
  double *va = calloc(nv, sizeof(double)), *vb = calloc(nv, sizeof(double));
  IcfSolverOptions o;
  icf_solver_default_options(&o);
  o.linear_solver = ICF_LINSOLVE_BLOCK;
  o.tol = 1e-10;
  for (int reuse = 0; reuse <= 1; ++reuse) {
    IcfSolverStats sta = {0}, stb = {0};
    memset(va, 0, nv * sizeof(double));
    memset(vb, 0, nv * sizeof(double));
    o.hessian_reuse = reuse;
    o.islands = 1;
    cr_assert_eq(solve(&p, &o, va, &sta), CB_OK);
    o.islands = 0;
    cr_assert_eq(solve(&p, &o, vb, &stb), CB_OK);
    cr_log_info("reuse %d: islands %ld iterations, %ld coordinates; whole %ld iterations, %ld coordinates (nv %d)", reuse,
                sta.newton_iters, sta.newton_dofs, stb.newton_iters, stb.newton_dofs, nv);
    cr_expect(sta.newton_dofs < sta.newton_iters * nv, "reuse %d: the island solver iterated on every coordinate", reuse);
    cr_expect_eq(stb.newton_dofs, stb.newton_iters * nv, "reuse %d: islands=0: %ld coordinates in %ld iterations of %d",
                 reuse, stb.newton_dofs, stb.newton_iters, nv);
    cr_expect(scaled_distance(&p, va, vb) <= 1e-7, "reuse %d: islands=0 differs by %g", reuse, scaled_distance(&p, va, vb));
  }
  free(va), free(vb);
  icf_problem_free(&p);
}

/* The line search's tolerance tied to the Newton tolerance (icf_solver.c) stops the
 * search once its error in the iterate is below what eq. 33 resolves. It must find the same
 * solution, to the Newton tolerance, as the paper's fixed 1e-8, with no more Newton iterations
 * and fewer line-search evaluations, on a stiff one-island problem and on several islands. */
Test(cenic_icf, line_search_tolerance_tied_to_newton_keeps_the_solution) {
  IcfProblem prob[2];
  make_problem(&prob[0], 12, 1e-2, 0);
  make_island_problem(&prob[1]);
  double evals_tied = 0.0, evals_fixed = 0.0; /* whole-problem units (an island counts nv_I / nv) */
  for (int k = 0; k < 2; ++k) {
    IcfProblem *p = &prob[k];
    int nv = p->nv;
    double dr = 0.0;
    for (int t = 0; t < p->ntree; ++t)
      for (int i = 0; i < p->tree_nv[t]; ++i) {
        int j = p->tree_vadr[t] + i;
        dr += p->r[j] * p->r[j] / p->A[p->tree_madr[t] + i * p->tree_nv[t] + i];
      }
    double *vf = calloc(nv, sizeof(double)), *vn = calloc(nv, sizeof(double)), *vt = calloc(nv, sizeof(double));
    IcfSolverOptions o;
    icf_solver_default_options(&o);
    o.linear_solver = ICF_LINSOLVE_BLOCK;
    cr_expect(o.ls_tol_max > o.ls_tol, "the tied tolerance is the default");
    o.tol = 1e-6;
    IcfSolverStats sn = {0}, sf = {0}, stt = {0};
    cr_assert_eq(solve(p, &o, vn, &sn), CB_OK, "problem %d, tied", k);
    o.ls_tol_max = o.ls_tol;
    cr_assert_eq(solve(p, &o, vf, &sf), CB_OK, "problem %d, fixed", k);
    o.tol = 1e-13;
    cr_assert_eq(solve(p, &o, vt, &stt), CB_OK, "problem %d, tight", k);
    double tol = 1e-6 * fmax(1.0, sqrt(dr)), gn = scaled_gradient_norm(p, vn), dist = scaled_distance(p, vn, vt);
    cr_log_info("problem %d: tied %ld Newton, %.2f evaluations; fixed %ld Newton, %.2f evaluations; |D g| %.3g, "
                "|D^-1 (v - v*)| %.3g, fixed's %.3g, tol %.3g", k, sn.newton_iters, sn.linesearch_work, sf.newton_iters,
                sf.linesearch_work, gn, dist, scaled_distance(p, vf, vt), tol);
    cr_expect(gn <= tol || dist <= tol, "problem %d: neither eq. 32 (|D g| = %g) nor eq. 33 (distance %g) within %g", k,
              gn, dist, tol);
    cr_expect(sn.newton_iters <= sf.newton_iters, "problem %d: %ld Newton iterations tied, %ld fixed", k,
              sn.newton_iters, sf.newton_iters);
    evals_tied += sn.linesearch_work;
    evals_fixed += sf.linesearch_work;
    free(vf);
    free(vn);
    free(vt);
    icf_problem_free(p);
  }
  cr_expect(evals_tied < evals_fixed, "line-search evaluations: %.2f tied, %.2f fixed", evals_tied, evals_fixed);
}
