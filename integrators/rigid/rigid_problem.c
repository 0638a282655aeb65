#include "rigid_problem.h"

#include <stdlib.h>
#include <string.h>

#include "../../models/contact.h"
#include "../../models/contact/contact_hooks.h"
#include "../../models/multibody.h"

/* Scratch per contact for the solvers: the largest user is the pyramidal LCP with up to
 * RIGID_MAX_FACETS facets (its dense matrix), see lcp_pyramid.c. */
#include "rigid_solver.h"

static int lcp_size(int nc) { return nc * (RIGID_MAX_FACETS + 2); }

CbStatus rigid_problem_init(RigidProblem *p, int nv) {
  memset(p, 0, sizeof *p);
  p->nv = nv;
  if (nv > 0 && !(p->col = calloc((size_t)nv, sizeof *p->col))) return CB_ERR_MEMORY;
  return CB_OK;
}

void rigid_problem_free(RigidProblem *p) {
  free(p->W);
  free(p->b);
  free(p->mu);
  free(p->work);
  free(p->col);
  memset(p, 0, sizeof *p);
}

CbStatus rigid_problem_reserve(RigidProblem *p, int nc) {
  if (nc > p->cap) {
    int cap = nc > 2 * p->cap ? nc : 2 * p->cap;
    size_t n3 = 3 * (size_t)cap, nl = (size_t)lcp_size(cap);
    /* work: the LCP matrix and vectors, or ADMM's factor and five vectors, whichever is larger */
    size_t work = nl * nl + 4 * nl;
    if (n3 * n3 + 8 * n3 > work) work = n3 * n3 + 8 * n3;
    double *W = realloc(p->W, n3 * n3 * sizeof *W);
    if (!W) return CB_ERR_MEMORY;
    p->W = W;
    double *b = realloc(p->b, n3 * sizeof *b);
    if (!b) return CB_ERR_MEMORY;
    p->b = b;
    double *mu = realloc(p->mu, (size_t)cap * sizeof *mu);
    if (!mu) return CB_ERR_MEMORY;
    p->mu = mu;
    double *wk = realloc(p->work, work * sizeof *wk);
    if (!wk) return CB_ERR_MEMORY;
    p->work = wk;
    p->work_size = (int)work;
    p->cap = cap;
  }
  p->nc = nc;
  return CB_OK;
}

CbStatus rigid_problem_build(RigidProblem *p, const Model *m, Data *d, double h, const double *v,
                        double baumgarte, double *v_free) {
  int nv = m->nv, nc = d->ncon, n3 = 3 * nc;
  if (nv != p->nv) return CB_ERR_OPTION;
  if (rigid_problem_reserve(p, nc) != CB_OK) return CB_ERR_MEMORY;
  if (mb_factor_mass(m, d) != 0) return CB_ERR_MODEL;
  p->h = h;
  double *vf = v_free ? v_free : p->col;
  for (int k = 0; k < nv; ++k) vf[k] = d->tau[k] - d->bias[k];
  mb_solve_mass(m, d, vf);
  for (int k = 0; k < nv; ++k) vf[k] = v[k] + h * vf[k];
  for (int i = 0; i < nc; ++i) {
    const Contact *c = &d->contacts[i];
    contact_velocity(m, d, i, vf, p->b + 3 * i);
    double phi = c->phi;
    p->b[3 * i + 2] += phi > 0 ? phi / h : baumgarte * phi / h;
    p->mu[i] = contact_coulomb_mu(&c->par);
  }
  /* W column by column: M^-1 J_j^T e_k, then every contact's J_i of it */
  for (int j = 0; j < nc; ++j)
    for (int k = 0; k < 3; ++k) {
      double e[3] = {0, 0, 0};
      e[k] = 1.0;
      memset(p->col, 0, (size_t)nv * sizeof *p->col);
      contact_apply_force(m, d, j, e, p->col);
      mb_solve_mass(m, d, p->col);
      for (int i = 0; i < nc; ++i) {
        double vc[3];
        contact_velocity(m, d, i, p->col, vc);
        const double *o = d->contacts[i].vc_offset;
        for (int r = 0; r < 3; ++r) p->W[(3 * i + r) * n3 + 3 * j + k] = vc[r] - o[r];
      }
    }
  return CB_OK;
}

void rigid_problem_velocity(const RigidProblem *p, const Model *m, const Data *d, const double *lambda,
                            const double *v_free, double *v_out) {
  int nv = m->nv;
  double *g = p->col;
  memset(g, 0, (size_t)nv * sizeof *g);
  for (int i = 0; i < p->nc; ++i) contact_apply_force(m, d, i, lambda + 3 * i, g);
  mb_solve_mass(m, d, g);
  for (int k = 0; k < nv; ++k) v_out[k] = v_free[k] + g[k];
}

void rigid_problem_contact_velocity(const RigidProblem *p, const double *lambda, double *c) {
  int n3 = 3 * p->nc;
  for (int r = 0; r < n3; ++r) {
    const double *row = p->W + (size_t)r * n3;
    double s = p->b[r];
    for (int k = 0; k < n3; ++k) s += row[k] * lambda[k];
    c[r] = s;
  }
}

void rigid_problem_contact_velocity_i(const RigidProblem *p, const double *lambda, int i, double *ci) {
  int n3 = 3 * p->nc;
  for (int r = 0; r < 3; ++r) {
    const double *row = p->W + (size_t)(3 * i + r) * n3;
    double s = p->b[3 * i + r];
    for (int k = 0; k < n3; ++k) s += row[k] * lambda[k];
    ci[r] = s;
  }
}
