/* CENIC pieces beyond contact: effort-limited linear control laws (CENIC IV-E, eq. 19-20),
 * near-rigid joint limits (IV-D), the regularized friction of ICF eq. 26, and the block-sparse
 * Cholesky of the Hessian. Checked against central differences, the dense factorization, the
 * closed-form Delassus trace of a sphere, the explicit clamp law and an RK4 reference. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "integrators/cenic/cenic_step.h"
#include "integrators/cenic/icf_linsolve.h"
#include "integrators/cenic/icf_problem.h"
#include "integrators/integrator.h"
#include "models/data.h"
#include "models/scene.h"
#include "models/system.h"
#include "icf_fixtures.h"
#include "sim_fixtures.h"

extern const IntegratorVtbl cenic_fixed_vtbl, cenic_sd_vtbl;

static unsigned long rng_state = 777;
static double urand(void) { return fx_urand(&rng_state); } /* uniform in [0, 1), deterministic */
static double srand1(void) { return 2.0 * urand() - 1.0; }

/* ---------- dof terms: FD of gamma = -dl/dv and G = d^2 l/dv^2 ---------- */

static void check_dof_term(const IcfDofTerm *t, double v) {
  double gamma, G, e = 1e-7 * fmax(1.0, fabs(v));
  icf_dof_eval(t, v, &gamma, &G);
  double gp, gm;
  double lp = icf_dof_eval(t, v + e, &gp, NULL), lm = icf_dof_eval(t, v - e, &gm, NULL);
  double fd = -(lp - lm) / (2 * e), fdG = -(gp - gm) / (2 * e);
  cr_expect(fabs(fd - gamma) <= 1e-6 * fmax(1.0, fabs(gamma)), "kind %d v %g: -dl/dv fd %.10g vs gamma %.10g", t->kind, v,
            fd, gamma);
  cr_expect(fabs(fdG - G) <= 1e-5 * fmax(1.0, fabs(G)), "kind %d v %g: G fd %.10g vs %.10g", t->kind, v, fdG, G);
  cr_expect(G >= 0.0);
}

Test(cenic_terms, effort_term_gradient_hessian_fd_saturated_and_not) {
  IcfDofTerm t = {.kind = ICF_DOF_EFFORT, .dof = 0, .h = 0.01, .c = 30.0, .b = 4.0, .e = 2.0};
  /* y = b - c v: unsaturated for v in ((b - e)/c, (b + e)/c) = (0.0667, 0.2) */
  double vs[] = {-1.0, 0.0, 0.05, 0.1, 0.15, 0.19, 0.25, 3.0};
  for (size_t k = 0; k < sizeof vs / sizeof vs[0]; ++k) check_dof_term(&t, vs[k]);
  double gamma, G;
  icf_dof_eval(&t, -1.0, &gamma, &G); /* saturated high: impulse h e, no curvature */
  cr_expect(fabs(gamma - t.h * t.e) < 1e-15 && G == 0.0);
  icf_dof_eval(&t, 3.0, &gamma, &G); /* saturated low */
  cr_expect(fabs(gamma + t.h * t.e) < 1e-15 && G == 0.0);
  icf_dof_eval(&t, 0.1, &gamma, &G); /* inside: h y, h c */
  cr_expect(fabs(gamma - t.h * (t.b - t.c * 0.1)) < 1e-15 && fabs(G - t.h * t.c) < 1e-15);
  /* the potential is continuous at both kinks (exact line search uses cost values) */
  double kinks[] = {(t.b - t.e) / t.c, (t.b + t.e) / t.c};
  for (int k = 0; k < 2; ++k) {
    double a = icf_dof_eval(&t, kinks[k] - 1e-9, NULL, NULL), b = icf_dof_eval(&t, kinks[k] + 1e-9, NULL, NULL);
    cr_expect(fabs(a - b) < 1e-9, "jump %g at kink %g", a - b, kinks[k]);
  }
  t.e = INFINITY; /* no limit: pure quadratic h/(2c) (b - c v)^2 */
  for (size_t k = 0; k < sizeof vs / sizeof vs[0]; ++k) check_dof_term(&t, vs[k]);
}

Test(cenic_terms, limit_term_gradient_hessian_fd) {
  double h = 0.01, beta = 0.1, m = 0.3, tau = beta * h / M_PI, k = m / (4 * M_PI * M_PI * beta * beta * h * h);
  IcfDofTerm t = {.kind = ICF_DOF_LIMIT, .dof = 0, .s = h * (h + tau) * k, .vl = -0.4, .vu = 0.7};
  double vs[] = {-3.0, -0.5, -0.3, 0.0, 0.5, 0.8, 4.0};
  for (size_t i = 0; i < sizeof vs / sizeof vs[0]; ++i) check_dof_term(&t, vs[i]);
  double gamma, G;
  icf_dof_eval(&t, 0.0, &gamma, &G);
  cr_expect(gamma == 0.0 && G == 0.0, "no force between the limits");
  icf_dof_eval(&t, -0.5, &gamma, &G); /* impulse h lambda_l = h k (h + tau) (vl - v) */
  cr_expect(fabs(gamma - h * k * (h + tau) * 0.1) < 1e-12 * fabs(gamma) && gamma > 0);
  icf_dof_eval(&t, 0.8, &gamma, &G);
  cr_expect(fabs(gamma + h * k * (h + tau) * 0.1) < 1e-12 * fabs(gamma) && gamma < 0);
  t.vl = -INFINITY; /* one-sided */
  check_dof_term(&t, -50.0);
  icf_dof_eval(&t, -50.0, &gamma, &G);
  cr_expect(gamma == 0.0 && G == 0.0);
}

/* ---------- problems with many trees: block Cholesky vs dense vs CHOLMOD ---------- */

enum { NT = 12 };
static const int bnv[NT] = {6, 6, 3, 1, 6, 2, 6, 1, 6, 6, 3, 6};

static void make_tree_problem(IcfProblem *p, int ncon, int ndof) {
  fx_icf_random_trees(p, NT, bnv, ncon, &rng_state);
  int nv = p->nv;
  for (int i = 0; i < ncon; ++i) {
    IcfContact *c = &p->con[i];
    c->tree[0] = (int)(urand() * NT);
    c->tree[1] = i % 4 == 0 ? -1 : (int)(urand() * NT); /* random pairs: fill in the factor */
    if (c->tree[1] == c->tree[0]) c->tree[1] = -1;
    fx_icf_random_jacobians(p, c, &rng_state);
    for (int r = 0; r < 3; ++r) c->offset[r] = 0.1 * srand1();
    c->weight = 1.0;
    c->h = 1e-2;
    c->k = 1e3 * (1 + urand());
    c->d = 0.5 * urand();
    c->fe0 = c->k * 0.01 * (urand() - 0.2);
    c->mu = 0.2 + urand();
    c->n0 = 0.5 * urand() + 0.1;
    c->eps = 1e-2 * (1 + urand());
  }
  cr_assert_eq(icf_problem_reserve_dof(p, ndof), 0);
  p->ndof = ndof;
  for (int i = 0; i < ndof; ++i) {
    IcfDofTerm *t = &p->dofterm[i];
    memset(t, 0, sizeof *t);
    t->dof = (int)(urand() * nv);
    if (i % 2) {
      t->kind = ICF_DOF_EFFORT;
      t->h = 1e-2, t->c = 1 + 10 * urand(), t->b = srand1(), t->e = 0.3;
    } else {
      t->kind = ICF_DOF_LIMIT;
      t->s = 10 * urand(), t->vl = -0.02 + 0.01 * srand1(), t->vu = 0.02 + 0.01 * srand1();
    }
  }
}

Test(cenic_terms, problem_gradient_hessian_fd_with_dof_terms_all_solvers) {
  IcfProblem p;
  make_tree_problem(&p, 14, 10);
  int nv = p.nv;
  IcfLinSolverKind kinds[3] = {ICF_LINSOLVE_DENSE, ICF_LINSOLVE_CHOLMOD, ICF_LINSOLVE_BLOCK};
  double *v = calloc(nv, 8), *g = calloc(nv, 8), *gp = calloc(nv, 8), *gm = calloc(nv, 8), *H = calloc(nv * nv, 8);
  for (int i = 0; i < nv; ++i) v[i] = 0.03 * srand1();
  icf_gradient(&p, v, g);
  for (int kk = 0; kk < 3; ++kk) {
    IcfLinSolver *lin = icf_lin_create(&p, kinds[kk]);
    cr_assert(lin);
    cr_assert_eq(icf_lin_factor(lin, &p, v), 0);
    icf_lin_dense_hessian(lin, H);
    for (int j = 0; j < nv; ++j) {
      double e = 1e-7, vj = v[j];
      v[j] = vj + e;
      double lp = icf_gradient(&p, v, gp);
      v[j] = vj - e;
      double lm = icf_gradient(&p, v, gm);
      v[j] = vj;
      if (kk == 0) {
        double fd = (lp - lm) / (2 * e);
        cr_expect(fabs(fd - g[j]) <= 1e-5 * fmax(1.0, fabs(g[j])), "g[%d] fd %.10g vs %.10g", j, fd, g[j]);
      }
      for (int i = 0; i < nv; ++i) {
        double fdH = (gp[i] - gm[i]) / (2 * e);
        cr_expect(fabs(fdH - H[i * nv + j]) <= 1e-4 * fmax(1.0, fabs(H[i * nv + j])), "solver %d H[%d][%d] fd %.10g vs %.10g",
                  kk, i, j, fdH, H[i * nv + j]);
      }
    }
    icf_lin_free(lin);
  }
  free(v), free(g), free(gp), free(gm), free(H);
  icf_problem_free(&p);
}

/* H x = b by the three factorizations, over several contact patterns reusing the same solver
 * objects (analysis redone when the coupled tree pairs change). */
Test(cenic_terms, block_cholesky_matches_dense_across_patterns) {
  IcfProblem p;
  make_tree_problem(&p, 20, 6);
  int nv = p.nv;
  IcfLinSolver *dense = icf_lin_create(&p, ICF_LINSOLVE_DENSE), *chol = icf_lin_create(&p, ICF_LINSOLVE_CHOLMOD),
               *blk = icf_lin_create(&p, ICF_LINSOLVE_BLOCK);
  cr_assert(dense && chol && blk);
  double *v = calloc(nv, 8), *b = calloc(nv, 8), *x1 = calloc(nv, 8), *x2 = calloc(nv, 8), *x3 = calloc(nv, 8);
  for (int pattern = 0; pattern < 6; ++pattern) {
    if (pattern > 0) { /* new random couplings, same trees */
      IcfProblem q;
      make_tree_problem(&q, 8 + 5 * pattern, 6);
      cr_assert_eq(icf_problem_reserve(&p, q.ncon, q.jac_size), 0);
      memcpy(p.con, q.con, q.ncon * sizeof *q.con);
      memcpy(p.jac, q.jac, q.jac_size * sizeof(double));
      p.ncon = q.ncon;
      p.jac_size = q.jac_size;
      icf_problem_free(&q);
    }
    for (int rep = 0; rep < 2; ++rep) { /* same pattern, new values */
      for (int i = 0; i < nv; ++i) v[i] = 0.03 * srand1(), b[i] = srand1();
      cr_assert_eq(icf_lin_factor(dense, &p, v), 0);
      cr_assert_eq(icf_lin_factor(chol, &p, v), 0);
      cr_assert_eq(icf_lin_factor(blk, &p, v), 0);
      cr_assert_eq(icf_lin_solve(dense, b, x1), 0);
      cr_assert_eq(icf_lin_solve(chol, b, x2), 0);
      cr_assert_eq(icf_lin_solve(blk, b, x3), 0);
      double scale = 0;
      for (int i = 0; i < nv; ++i) scale = fmax(scale, fabs(x1[i]));
      for (int i = 0; i < nv; ++i) {
        cr_expect(fabs(x3[i] - x1[i]) <= 1e-10 * scale, "pattern %d: block %.15g vs dense %.15g", pattern, x3[i], x1[i]);
        cr_expect(fabs(x2[i] - x1[i]) <= 1e-10 * scale, "pattern %d: cholmod %.15g vs dense %.15g", pattern, x2[i], x1[i]);
      }
    }
  }
  cr_expect(icf_lin_analyses(blk) == 6, "one analysis per pattern, got %ld", icf_lin_analyses(blk));
  free(v), free(b), free(x1), free(x2), free(x3);
  icf_lin_free(dense), icf_lin_free(chol), icf_lin_free(blk);
  icf_problem_free(&p);
}

/* max |x_i - y_i| over max |y_i|. */
static double rel_diff(int n, const double *x, const double *y) {
  double d = 0.0, scale = 0.0;
  for (int i = 0; i < n; ++i) d = fmax(d, fabs(x[i] - y[i])), scale = fmax(scale, fabs(y[i]));
  return d / fmax(scale, 1e-300);
}

/* Contacts that add nothing to H (open, G = 0: v_n beyond the breaking velocity and no friction)
 * leave their tree pair out of the block pattern of a new contact set (no zero fill in a
 * settling pile), the solves still equal the dense one; when such a contact closes under the
 * same contact set (contacts_version unchanged, only its G changed), the pattern grows again
 * before assembly; when it opens again within that set, the pattern is kept (a zero block, no new
 * analysis); a new contact set gets its exact pattern again. */
Test(cenic_terms, open_contacts_leave_the_block_pattern) {
  IcfProblem p;
  make_tree_problem(&p, 24, 0);
  p.contacts_version = 1;
  int nv = p.nv, nopen = 0;
  for (int i = 0; i < p.ncon; i += 2) { /* every other contact: frictionless and far from closing */
    IcfContact *c = &p.con[i];
    c->mu = 0.0;
    c->fe0 = -c->h * c->k * 1e3; /* breaking velocity -1e3: open at any v here */
    nopen++;
  }
  IcfLinSolver *dense = icf_lin_create(&p, ICF_LINSOLVE_DENSE), *all = icf_lin_create(&p, ICF_LINSOLVE_BLOCK),
               *blk = icf_lin_create(&p, ICF_LINSOLVE_BLOCK), *chol = icf_lin_create(&p, ICF_LINSOLVE_CHOLMOD);
  cr_assert(dense && all && blk && chol);
  double *v = calloc(nv, 8), *g = calloc(nv, 8), *b = calloc(nv, 8), *x0 = calloc(nv, 8), *x1 = calloc(nv, 8),
         *x2 = calloc(nv, 8), *x3 = calloc(nv, 8), *vc = calloc(3 * p.ncon, 8), *Gc = calloc(9 * p.ncon, 8);
  for (int round = 0; round < 4; ++round) {
    for (int i = 0; i < nv; ++i) v[i] = 0.03 * srand1(), b[i] = srand1();
    for (int i = 0; i < p.ncon; ++i) icf_contact_velocity(&p, i, v, vc + 3 * i);
    icf_gradient_at(&p, v, vc, g, Gc);
    int zero = 0;
    for (int i = 0; i < p.ncon; ++i) {
      int z = 1;
      for (int e = 0; e < 9; ++e) z &= Gc[9 * i + e] == 0.0;
      zero += z;
    }
    cr_assert_eq(zero, round == 1 ? 0 : nopen, "round %d: %d contacts with G = 0", round, zero);
    cr_assert_eq(icf_lin_factor(dense, &p, v), 0);
    cr_assert_eq(icf_lin_factor(all, &p, v), 0); /* no Gc: every contact in the pattern */
    cr_assert_eq(icf_lin_factor_at(blk, &p, v, vc, Gc), 0);
    cr_assert_eq(icf_lin_factor_at(chol, &p, v, vc, Gc), 0);
    cr_assert_eq(icf_lin_solve(dense, b, x0), 0);
    cr_assert_eq(icf_lin_solve(all, b, x1), 0);
    cr_assert_eq(icf_lin_solve(blk, b, x2), 0);
    cr_assert_eq(icf_lin_solve(chol, b, x3), 0);
    cr_expect(rel_diff(nv, x1, x0) <= 1e-10 && rel_diff(nv, x2, x0) <= 1e-10 && rel_diff(nv, x3, x0) <= 1e-10,
              "round %d: block (all pairs) %.2e, block %.2e, CHOLMOD %.2e from dense", round, rel_diff(nv, x1, x0),
              rel_diff(nv, x2, x0), rel_diff(nv, x3, x0));
    long u_all = icf_lin_block_updates(all), u = icf_lin_block_updates(blk);
    const long analyses[4] = {1, 2, 2, 3};
    cr_expect_eq(icf_lin_analyses(blk), analyses[round], "round %d: %ld analyses", round, icf_lin_analyses(blk));
    if (round == 0 || round == 3)
      cr_expect(u < u_all, "round %d: open contacts in the pattern: %ld block updates, %ld with every pair", round, u, u_all);
    else cr_expect(u == u_all, "round %d: %ld block updates, %ld with every pair", round, u, u_all);
    for (int i = 0; i < p.ncon; i += 2) /* round 1: the open ones close (G != 0); round 2: open again */
      p.con[i].fe0 = round == 0 ? p.con[i].k * 0.05 : -p.con[i].h * p.con[i].k * 1e3;
    if (round == 2) p.contacts_version++; /* round 3: a new contact set, the same contacts */
  }
  free(v), free(g), free(b), free(x0), free(x1), free(x2), free(x3), free(vc), free(Gc);
  icf_lin_free(dense), icf_lin_free(all), icf_lin_free(blk), icf_lin_free(chol);
  icf_problem_free(&p);
}

/* The assembled H = A + sum_i w_i J_i^T G_i J_i (+ the dof terms' diagonal) against the formula
 * written out, for Hessian blocks G_i handed in by the caller: half of them a general SPD 3 x 3
 * (normal and tangential coupled), half the lagged contact's shape (friction block and normal
 * entry only), so both G J kernels of the assembly are checked, on trees of sizes 1, 2, 3, 6. */
Test(cenic_terms, hessian_assembly_matches_jt_g_j_for_any_g) {
  IcfProblem p;
  make_tree_problem(&p, 24, 6);
  int nv = p.nv;
  double *v = calloc(nv, 8), *vc = calloc(3 * p.ncon, 8), *Gc = calloc(9 * p.ncon, 8), *H = calloc(nv * nv, 8),
         *Href = calloc(nv * nv, 8), *J = calloc(3 * nv, 8);
  for (int i = 0; i < nv; ++i) v[i] = 0.03 * srand1();
  for (int i = 0; i < p.ncon; ++i) {
    icf_contact_velocity(&p, i, v, vc + 3 * i);
    p.con[i].weight = i % 3 ? 1.0 : 0.5;
    double B[9], *G = Gc + 9 * i;
    for (int e = 0; e < 9; ++e) B[e] = srand1();
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c) G[3 * r + c] = B[3 * r] * B[3 * c] + B[3 * r + 1] * B[3 * c + 1] + B[3 * r + 2] * B[3 * c + 2] + (r == c ? 0.1 : 0.0);
    if (i % 2) G[2] = G[5] = G[6] = G[7] = 0.0; /* still SPD: the 2 x 2 block and G[8] are */
  }
  IcfLinSolver *dense = icf_lin_create(&p, ICF_LINSOLVE_DENSE);
  cr_assert(dense);
  cr_assert_eq(icf_lin_factor_at(dense, &p, v, vc, Gc), 0);
  icf_lin_dense_hessian(dense, H);
  for (int t = 0; t < p.ntree; ++t) /* A */
    for (int i = 0; i < p.tree_nv[t]; ++i)
      for (int j = 0; j < p.tree_nv[t]; ++j)
        Href[(p.tree_vadr[t] + i) * nv + p.tree_vadr[t] + j] = p.A[p.tree_madr[t] + i * p.tree_nv[t] + j];
  for (int i = 0; i < p.ncon; ++i) { /* w J^T G J, J written out as 3 x nv */
    const IcfContact *c = &p.con[i];
    memset(J, 0, 3 * (size_t)nv * sizeof(double));
    for (int s = 0; s < 2; ++s) {
      if (c->tree[s] < 0 || c->jac_off[s] < 0) continue;
      int n = p.tree_nv[c->tree[s]], a = p.tree_vadr[c->tree[s]];
      for (int r = 0; r < 3; ++r)
        for (int j = 0; j < n; ++j) J[r * nv + a + j] += p.jac[c->jac_off[s] + r * n + j];
    }
    const double *G = Gc + 9 * i;
    for (int a = 0; a < nv; ++a)
      for (int b = 0; b < nv; ++b) {
        double acc = 0.0;
        for (int r = 0; r < 3; ++r)
          for (int q = 0; q < 3; ++q) acc += J[r * nv + a] * G[3 * r + q] * J[q * nv + b];
        Href[a * nv + b] += c->weight * acc;
      }
  }
  for (int k = 0; k < p.ndof; ++k) {
    double G;
    icf_dof_eval(&p.dofterm[k], v[p.dofterm[k].dof], NULL, &G);
    Href[p.dofterm[k].dof * nv + p.dofterm[k].dof] += G;
  }
  double err = rel_diff(nv * nv, H, Href);
  cr_expect(err <= 1e-13, "assembled H differs from A + sum w J^T G J by %.3e relative", err);
  free(v), free(vc), free(Gc), free(H), free(Href), free(J);
  icf_lin_free(dense);
  icf_problem_free(&p);
}

/* What Newton hands the factorization (contact velocities and Hessian blocks from the gradient
 * pass, icf_gradient_at / icf_lin_factor_at) gives exactly the factorization and gradient that
 * evaluating from v alone gives, on trees of sizes 1, 2, 3 and 6 (the generic and the 6 x 6
 * kernels), and the contact velocities kept by vc += alpha J p match J v + o. */
Test(cenic_terms, factor_from_gradient_pass_matches_factor_from_v) {
  IcfProblem p;
  make_tree_problem(&p, 24, 6);
  int nv = p.nv;
  IcfLinSolver *a = icf_lin_create(&p, ICF_LINSOLVE_BLOCK), *b = icf_lin_create(&p, ICF_LINSOLVE_BLOCK);
  cr_assert(a && b);
  double *v = calloc(nv, 8), *dir = calloc(nv, 8), *g1 = calloc(nv, 8), *g2 = calloc(nv, 8), *rhs = calloc(nv, 8),
         *x1 = calloc(nv, 8), *x2 = calloc(nv, 8), *vc = calloc(3 * p.ncon, 8), *dvc = calloc(3 * p.ncon, 8),
         *Gc = calloc(9 * p.ncon, 8), *vc_new = calloc(3 * p.ncon, 8);
  for (int i = 0; i < nv; ++i) v[i] = 0.03 * srand1(), dir[i] = 0.02 * srand1(), rhs[i] = srand1();
  for (int i = 0; i < p.ncon; ++i) icf_contact_velocity(&p, i, v, vc + 3 * i);
  double l1 = icf_gradient(&p, v, g1), l2 = icf_gradient_at(&p, v, vc, g2, Gc);
  cr_expect_eq(l1, l2, "cost %.17g vs %.17g", l1, l2);
  for (int i = 0; i < nv; ++i) cr_expect_eq(g1[i], g2[i], "gradient %d: %.17g vs %.17g", i, g1[i], g2[i]);
  cr_assert_eq(icf_lin_factor(a, &p, v), 0);
  cr_assert_eq(icf_lin_factor_at(b, &p, v, vc, Gc), 0);
  cr_assert_eq(icf_lin_solve(a, rhs, x1), 0);
  cr_assert_eq(icf_lin_solve(b, rhs, x2), 0);
  for (int i = 0; i < nv; ++i) cr_expect_eq(x1[i], x2[i], "H^-1 b %d: %.17g vs %.17g", i, x1[i], x2[i]);
  /* the incremental update of the contact velocities */
  const double alpha = 0.37;
  for (int i = 0; i < p.ncon; ++i) icf_contact_jmul(&p, i, dir, dvc + 3 * i);
  for (int i = 0; i < nv; ++i) v[i] += alpha * dir[i];
  for (int i = 0; i < p.ncon; ++i) icf_contact_velocity(&p, i, v, vc_new + 3 * i);
  for (int k = 0; k < 3 * p.ncon; ++k) {
    double inc = vc[k] + alpha * dvc[k];
    cr_expect(fabs(inc - vc_new[k]) <= 1e-14 * (1.0 + fabs(vc_new[k])), "vc %d: %.17g vs %.17g", k, inc, vc_new[k]);
  }
  free(v), free(dir), free(g1), free(g2), free(rhs), free(x1), free(x2), free(vc), free(dvc), free(Gc), free(vc_new);
  icf_lin_free(a), icf_lin_free(b);
  icf_problem_free(&p);
}

/* ---------- on models ---------- */

static Model *load(const char *json) { return fx_load_json(json, "test"); }

static void initial_state(const Model *m, double *x) { system_initial_state(m, x); }

/* Runs vt and writes the state at each of the nt times into X. */
static int run(const IntegratorVtbl *vt, const Model *m, IntegratorOptions o, const double *times, int nt, double *X,
               IntegratorStats *st) {
  Integrator it;
  memset(&it, 0, sizeof it);
  it.vtbl = vt;
  it.model = m;
  it.opt = o;
  int rc = vt->create(&it);
  if (rc == CB_OK) {
    int nx = system_nx(m);
    double *x0 = calloc(nx, 8);
    initial_state(m, x0);
    rc = vt->reset(&it, 0.0, x0);
    for (int k = 0; k < nt && rc == CB_OK; ++k) rc = vt->advance(&it, times[k], X + (size_t)k * nx);
    free(x0);
  }
  if (rc != CB_OK) cr_log_error("%s", it.message);
  if (st) *st = it.stats;
  if (it.content) vt->destroy(&it);
  return rc;
}

static IntegratorOptions fixed_options(double dt, const char *controllers) {
  IntegratorOptions o;
  memset(&o, 0, sizeof o);
  o.dt = dt;
  if (controllers) {
    o.nextra = 1;
    o.extra_key[0] = "controllers";
    o.extra_value[0] = controllers;
  }
  return o;
}

/* Pendulum (revolute about y, COM 0.5 m below the axis) driven by a PD controller towards
 * q = 2 with an effort limit of 1 N m: y = -Kp (q - 2) - Kd v stays far above the limit, so the
 * implicit law (eq. 19-20) gives exactly the explicit clamp tau = e at every step. */
static const char *saturated_pd_json =
    "{\"name\": \"pd\", \"duration\": 1, \"max_step\": 0.1, \"bodies\": [{\"name\": \"link\", \"joint\": "
    "{\"type\": \"revolute\", \"axis\": [0, 1, 0]}, \"mass\": 1, \"com\": [0, 0, -0.5], \"inertia\": [0.08, 0.08, 1e-3], "
    "\"q0\": 0.0}], \"controllers\": [{\"type\": \"pd\", \"joints\": [\"link\"], \"kp\": 1000, \"kd\": 50, "
    "\"effort_limit\": 1.0, \"setpoints\": [{\"t\": 0, \"q\": 2.0}]}]}";

Test(cenic_terms, saturated_pd_matches_explicit_clamp_law) {
  Model *m = load(saturated_pd_json);
  int nx = system_nx(m), nt = 10;
  double times[10], *Xi = calloc(nx * nt, 8), *Xe = calloc(nx * nt, 8);
  for (int k = 0; k < nt; ++k) times[k] = 0.05 * (k + 1);
  cr_assert_eq(run(&cenic_fixed_vtbl, m, fixed_options(1e-3, "implicit"), times, nt, Xi, NULL), CB_OK);
  cr_assert_eq(run(&cenic_fixed_vtbl, m, fixed_options(1e-3, "explicit"), times, nt, Xe, NULL), CB_OK);
  for (int k = 0; k < nt; ++k) {
    double q = Xi[k * nx], v = Xi[k * nx + 1];
    cr_assert(1000 * (2.0 - q) - 50 * v > 10.0, "law not saturated at t = %g", times[k]);
    cr_expect(fabs(q - Xe[k * nx]) < 1e-7 && fabs(v - Xe[k * nx + 1]) < 1e-6, "t %g: implicit (%.10g, %.10g) vs explicit (%.10g, %.10g)",
              times[k], q, v, Xe[k * nx], Xe[k * nx + 1]);
  }
  cr_expect(Xi[(nt - 1) * nx] > 0.05, "the 1 N m torque lifts the pendulum (q = %g)", Xi[(nt - 1) * nx]);
  free(Xi), free(Xe);
  model_free(m);
}

/* The same PD law with a limit that it leaves and re-enters: the implicit effort-limited
 * scheme converges to the continuous clamped dynamics (RK4 reference) at first order. */
static const char *transition_pd_json =
    "{\"name\": \"pd\", \"duration\": 1, \"max_step\": 0.1, \"bodies\": [{\"name\": \"link\", \"joint\": "
    "{\"type\": \"revolute\", \"axis\": [0, 1, 0]}, \"mass\": 1, \"com\": [0, 0, -0.5], \"inertia\": [0.08, 0.08, 1e-3], "
    "\"q0\": 0.0}], \"controllers\": [{\"type\": \"pd\", \"joints\": [\"link\"], \"kp\": 20, \"kd\": 2, "
    "\"effort_limit\": 3.0, \"setpoints\": [{\"t\": 0, \"q\": 0.5}]}]}";

/* Classical RK4 on the continuous ODE (independent reference). */
static void rk4(const Model *m, double T, int nsteps, double *x) { fx_rk4(m, T, nsteps, x); }

Test(cenic_terms, effort_limited_pd_converges_first_order) {
  Model *m = load(transition_pd_json);
  int nx = system_nx(m);
  double T = 1.0, *ref = calloc(nx, 8), *x = calloc(nx, 8);
  initial_state(m, ref);
  rk4(m, T, 20000, ref);
  double err[2];
  for (int k = 0; k < 2; ++k) {
    cr_assert_eq(run(&cenic_fixed_vtbl, m, fixed_options(4e-3 / (1 << k), "implicit"), &T, 1, x, NULL), CB_OK);
    err[k] = fabs(x[0] - ref[0]) + 0.1 * fabs(x[1] - ref[1]);
  }
  cr_log_info("effort-limited PD: errors %g, %g (ratio %g)", err[0], err[1], err[0] / err[1]);
  cr_expect(err[0] < 2e-2, "error %g", err[0]);
  cr_expect(err[0] / err[1] > 1.6 && err[0] / err[1] < 2.5, "first order: ratio %g", err[0] / err[1]);
  free(ref), free(x);
  model_free(m);
}

/* A pendulum released at q = 1 swings through q = 0 towards -1 but its joint limit is -0.5:
 * the near-rigid limit (IV-D) stops it with a small violation, in fixed and error-controlled
 * modes. */
static const char *limited_pendulum_json =
    "{\"name\": \"limited\", \"duration\": 2, \"max_step\": 0.1, \"bodies\": [{\"name\": \"link\", \"joint\": "
    "{\"type\": \"revolute\", \"axis\": [0, 1, 0], \"limit\": [-0.5, 1.2]}, \"mass\": 1, \"com\": [0, 0, -0.5], "
    "\"inertia\": [0.08, 0.08, 1e-3], \"q0\": 1.0}]}";

Test(cenic_terms, pendulum_stops_at_its_joint_limit) {
  Model *m = load(limited_pendulum_json);
  int nx = system_nx(m), nt = 400;
  double *times = calloc(nt, 8), *X = calloc(nx * nt, 8);
  for (int k = 0; k < nt; ++k) times[k] = 0.005 * (k + 1);
  for (int mode = 0; mode < 2; ++mode) {
    IntegratorOptions o = fixed_options(1e-2, NULL);
    o.accuracy = 1e-3;
    cr_assert_eq(run(mode ? &cenic_sd_vtbl : &cenic_fixed_vtbl, m, o, times, nt, X, NULL), CB_OK);
    double qmin = INFINITY;
    for (int k = 0; k < nt; ++k) qmin = fmin(qmin, X[k * nx]);
    cr_log_info("%s: min q %.6f (limit -0.5)", mode ? "cenic-sd" : "cenic-fixed", qmin);
    cr_expect(qmin > -0.5 - 1e-3, "%s: limit violated by %g", mode ? "sd" : "fixed", -0.5 - qmin);
    cr_expect(qmin < -0.5 + 2e-2, "%s: the pendulum never reached its limit (min q %g)", mode ? "sd" : "fixed", qmin);
  }
  free(times), free(X);
  model_free(m);
}

/* ---------- regularized friction, ICF eq. 26 ---------- */

/* A sphere (m = 1 kg, r = 0.1 m, I_s = 2/5 m r^2) pressed 1 mm into the floor: with p the
 * contact point from the center, J M^-1 J^T = I/m + (|p|^2 I - p p^T)/I_s has trace
 * 3/m + 2 |p|^2/I_s, w = trace/3, and eps = max(v_s, mu 1e-3 w n0), n0 = h k phi (1 - d v_n). */
static const char *sphere_json =
    "{\"name\": \"sphere\", \"duration\": 1, \"max_step\": 0.1, \"stiction_tolerance\": 1e-4, "
    "\"materials\": [{\"name\": \"floor\", \"stiffness\": \"rigid\", \"mu\": 0.8}, "
    "{\"name\": \"ball\", \"stiffness\": 1e6, \"dissipation\": 5, \"mu\": 0.8}], "
    "\"world_geoms\": [{\"name\": \"floor\", \"type\": \"plane\", \"material\": \"floor\"}], "
    "\"bodies\": [{\"name\": \"ball\", \"joint\": \"free\", \"mass\": 1.0, \"inertia\": [0.004, 0.004, 0.004], "
    "\"geoms\": [{\"type\": \"sphere\", \"size\": 0.1, \"material\": \"ball\"}], "
    "\"q0\": {\"pos\": [0, 0, 0.099], \"quat\": [1, 0, 0, 0]}, \"v0\": {\"linear\": [0.3, 0, -0.01], \"angular\": [0, 0, 0], \"frame\": \"world\"}}]}";

Test(cenic_terms, regularized_friction_eps_is_icf_eq26) {
  Model *m = load(sphere_json);
  int nx = system_nx(m);
  double *x = calloc(nx, 8), *xout = calloc(nx, 8);
  initial_state(m, x);
  double h = 0.01;
  double eps_seen[2];
  for (int reg = 0; reg < 2; ++reg) {
    CenicCore c;
    IcfSolverOptions so;
    icf_solver_default_options(&so);
    cr_assert_eq(cenic_core_init(&c, m, &so, reg, 1), 0);
    cr_assert_eq(cenic_eval_data(&c, 0.0, x, 0.0), 0);
    cr_assert_eq(c.d->ncon, 1, "one sphere-floor contact, got %d", c.d->ncon);
    cr_assert_eq(cenic_icf_step(&c, 0.0, x, h, NULL, xout), CB_OK, "%s", c.msg);
    const IcfContact *ic = &c.prob.con[0];
    double phi = c.d->contacts[0].phi, vn = c.d->contacts[0].vc0[2];
    double n0 = h * 1e6 * (-phi) * (1 - 5 * vn);
    cr_expect(fabs(ic->n0 - n0) < 1e-9 * n0, "n0 %g vs %g", ic->n0, n0);
    double pc[3], p2 = 0; /* contact point from the COM (on the rigid floor: |p| = 0.099) */
    for (int k = 0; k < 3; ++k) pc[k] = c.d->contacts[0].pos[k] - x[k], p2 += pc[k] * pc[k];
    cr_expect(fabs(sqrt(p2) - 0.099) < 1e-6, "contact point at %g from the center", sqrt(p2));
    double w = (3.0 / 1.0 + 2.0 * p2 / 0.004) / 3.0; /* trace(J M^-1 J^T) / 3 */
    double expect = reg ? fmax(1e-4, 0.8 * 1e-3 * w * n0) : 1e-4;
    cr_expect(fabs(ic->eps - expect) < 1e-9 * expect, "regularized %d: eps %.12g vs %.12g", reg, ic->eps, expect);
    eps_seen[reg] = ic->eps;
    /* the solution still satisfies the momentum balance of its own (regularized) problem */
    double *g = calloc(m->nv, 8);
    icf_gradient(&c.prob, xout + m->nq, g);
    double gn = 0, rn = 0;
    for (int i = 0; i < m->nv; ++i) gn = fmax(gn, fabs(g[i])), rn = fmax(rn, fabs(c.prob.r[i]));
    cr_expect(gn < 1e-6 * fmax(1.0, rn), "gradient %g at the solution", gn);
    free(g);
    cenic_core_free(&c);
  }
  cr_expect(eps_seen[1] > 10 * eps_seen[0], "eq. 26 regularization is active here (%g vs %g)", eps_seen[1], eps_seen[0]);
  free(x), free(xout);
  model_free(m);
}
