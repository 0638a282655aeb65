#include "icf_fixtures.h"

#include <criterion/criterion.h>

#include "sim_fixtures.h"

static double uniform_pm1(unsigned long *state) { return 2.0 * fx_urand(state) - 1.0; }

void fx_icf_random_trees(IcfProblem *p, int ntree, const int *tree_nv, int ncon, unsigned long *state) {
  int vadr[64], nv = 0;
  cr_assert(ntree <= 64);
  for (int t = 0; t < ntree; ++t) {
    vadr[t] = nv;
    nv += tree_nv[t];
  }
  cr_assert_eq(icf_problem_init(p, nv, ntree, vadr, tree_nv), 0);
  for (int t = 0; t < ntree; ++t) fx_random_spd(p->A + p->tree_madr[t], tree_nv[t], state);
  for (int i = 0; i < nv; ++i) p->r[i] = uniform_pm1(state);
  cr_assert_eq(icf_problem_reserve(p, ncon, ncon * 2 * 3 * 6), 0);
  p->ncon = ncon;
  p->jac_size = 0;
}

void fx_icf_random_jacobians(IcfProblem *p, IcfContact *c, unsigned long *state) {
  for (int s = 0; s < 2; ++s) {
    c->jac_off[s] = -1;
    if (c->tree[s] < 0) continue;
    c->jac_off[s] = p->jac_size;
    int n = 3 * p->tree_nv[c->tree[s]];
    for (int k = 0; k < n; ++k) p->jac[p->jac_size + k] = uniform_pm1(state);
    p->jac_size += n;
  }
}

void fx_icf_fd_hessian_column(const IcfProblem *p, double *v, int j, double e, double *gp, double *gm, double *col) {
  double vj = v[j];
  v[j] = vj + e;
  icf_gradient(p, v, gp);
  v[j] = vj - e;
  icf_gradient(p, v, gm);
  v[j] = vj;
  for (int i = 0; i < p->nv; ++i) col[i] = (gp[i] - gm[i]) / (2 * e);
}
