#include "icf_problem.h"
#include "icf_kernel.h"
#include "icf_models.h"
#include "../../models/math3d.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

CbStatus icf_problem_init(IcfProblem *p, int nv, int ntree, const int *tree_vadr, const int *tree_nv) {
  memset(p, 0, sizeof *p);
  p->nv = nv;
  p->ntree = ntree;
  int nt = ntree > 0 ? ntree : 1;
  p->tree_vadr = calloc((size_t)nt, sizeof(int));
  p->tree_nv = calloc((size_t)nt, sizeof(int));
  p->tree_madr = calloc((size_t)nt, sizeof(int));
  if (!p->tree_vadr || !p->tree_nv || !p->tree_madr) return CB_ERR_MEMORY;
  for (int t = 0; t < ntree; ++t) {
    p->tree_vadr[t] = tree_vadr[t];
    p->tree_nv[t] = tree_nv[t];
    p->tree_madr[t] = p->mass_size;
    p->mass_size += tree_nv[t] * tree_nv[t];
  }
  p->A = calloc((size_t)(p->mass_size > 0 ? p->mass_size : 1), sizeof(double));
  p->r = calloc((size_t)(nv > 0 ? nv : 1), sizeof(double));
  p->dof_tree = calloc((size_t)(nv > 0 ? nv : 1), sizeof(int));
  if (!p->A || !p->r || !p->dof_tree) return CB_ERR_MEMORY;
  for (int t = 0; t < ntree; ++t)
    for (int i = 0; i < tree_nv[t]; ++i) p->dof_tree[tree_vadr[t] + i] = t;
  if (icf_problem_reserve_dof(p, 4)) return CB_ERR_MEMORY;
  return icf_problem_reserve(p, 8, 8 * 3 * 12);
}

void icf_problem_free(IcfProblem *p) {
  free(p->tree_vadr);
  free(p->tree_nv);
  free(p->tree_madr);
  free(p->A);
  free(p->r);
  free(p->con);
  free(p->jac_pool);
  free(p->dofterm);
  free(p->dof_tree);
  memset(p, 0, sizeof *p);
}

CbStatus icf_problem_reserve(IcfProblem *p, int ncon, int jac) {
  if (ncon > p->maxcon) {
    int n = ncon > 2 * p->maxcon ? ncon : 2 * p->maxcon;
    IcfContact *c = realloc(p->con, (size_t)n * sizeof *c);
    if (!c) return CB_ERR_MEMORY;
    p->con = c;
    p->maxcon = n;
  }
  if (jac > p->jac_cap || !p->jac_pool) {
    int n = jac > 2 * p->jac_cap ? jac : 2 * p->jac_cap;
    double *j = realloc(p->jac_pool, (size_t)(n > 0 ? n : 1) * sizeof *j);
    if (!j) return CB_ERR_MEMORY;
    p->jac_pool = j;
    p->jac_cap = n;
  }
  p->jac = p->jac_pool;
  return CB_OK;
}

CbStatus icf_problem_reserve_dof(IcfProblem *p, int ndof) {
  if (ndof <= p->maxdof) return CB_OK;
  int n = ndof > 2 * p->maxdof ? ndof : 2 * p->maxdof;
  IcfDofTerm *t = realloc(p->dofterm, (size_t)n * sizeof *t);
  if (!t) return CB_ERR_MEMORY;
  p->dofterm = t;
  p->maxdof = n;
  return CB_OK;
}

double icf_dof_eval(const IcfDofTerm *t, double v, double *gamma, double *G) {
  double cost = 0.0, g = 0.0, H = 0.0;
  if (t->kind == ICF_DOF_EFFORT) { /* eq. 19-20 */
    double y = t->b - t->c * v, e = t->e;
    if (fabs(y) <= e) {
      cost = 0.5 * t->h / t->c * y * y;
      g = t->h * y;
      H = t->h * t->c;
    } else {
      cost = t->h / t->c * (e * fabs(y) - 0.5 * e * e);
      g = y > 0 ? t->h * e : -t->h * e;
    }
  } else { /* near-rigid limit, CENIC IV-D */
    if (v < t->vl) {
      double x = t->vl - v;
      cost += 0.5 * t->s * x * x;
      g += t->s * x;
      H += t->s;
    }
    if (v > t->vu) {
      double x = v - t->vu;
      cost += 0.5 * t->s * x * x;
      g -= t->s * x;
      H += t->s;
    }
  }
  if (gamma) *gamma = g;
  if (G) *G = H;
  return cost;
}

double icf_breaking_velocity(const IcfContact *c) {
  double v = c->fe0 / (c->h * c->k);
  if (c->d > 0 && 1.0 / c->d < v) v = 1.0 / c->d;
  return v;
}

int icf_contact_acts(const IcfContact *c, const double *vc) {
  return c->mu * c->n0 > 0 || (c->k > 0 && c->h > 0 && vc[2] < icf_breaking_velocity(c));
}

double icf_normal_impulse(const IcfContact *c, double vn) {
  if (!(c->k > 0) || !(c->h > 0)) return 0.0;
  if (vn >= icf_breaking_velocity(c)) return 0.0;
  return c->h * (c->fe0 - c->h * c->k * vn) * (1.0 - c->d * vn); /* eq. 13 */
}

/* The normal part of a contact at normal velocity vn (k > 0, h > 0): cost -N(min(v_n, vhat))
 * (ICF eq. 22-23, C^1 at vhat), returned; impulse gamma_n (eq. 13) and its derivative -dgamma_n/dvn
 * = G_nn, both 0 beyond vhat. */
static inline double normal_terms(const IcfContact *c, double vn, double *gn, double *Gnn) {
  double h = c->h, k = c->k, d = c->d, fe0 = c->fe0;
  double vhat = icf_breaking_velocity(c);
  double v = vn < vhat ? vn : vhat;
  double df = -h * k * v;
  *gn = *Gnn = 0.0;
  if (vn < vhat) {
    *gn = h * (fe0 - h * k * vn) * (1.0 - d * vn);
    *Gnn = h * (h * k * (1.0 - d * vn) + d * (fe0 - h * k * vn));
  }
  return -h * (v * (fe0 + 0.5 * df) - 0.5 * d * v * v * (fe0 + 2.0 * df / 3.0));
}

double icf_normal_terms(const IcfContact *c, double vn, double *gn, double *Gnn) { return normal_terms(c, vn, gn, Gnn); }

/* The friction block of G (a = mu n0 / s, t = v_t / s): the exact soft-norm Hessian
 * a (I - t t^T), or with w != NULL the dual form a (I - sym(w t^T)) (icf_problem.h). */
FORCE_INLINE void friction_block(double a, double t0, double t1, const double *w, double *G) {
  if (w) {
    G[0] = a * (1.0 - w[0] * t0);
    G[4] = a * (1.0 - w[1] * t1);
    G[1] = G[3] = -0.5 * a * (w[0] * t1 + w[1] * t0);
  } else {
    G[0] = a * (1.0 - t0 * t0);
    G[1] = G[3] = -a * t0 * t1;
    G[4] = a * (1.0 - t1 * t1);
  }
}

/* icf_contact_eval, and with w != NULL the friction block of G in the dual form of
 * icf_friction_dual_hessian; *inv_s = 1/s of the soft norm (if inv_s != NULL; 0 without friction),
 * for icf_friction_dual_update_at. One square root and one set of divisions serve all three
 * (their latency dominates the per-contact work when recomputed in the assembly and in the
 * dual update). */
FORCE_INLINE double contact_eval(const IcfContact *c, const double *vc, const double *w, double *gamma, double *G,
                                 double *inv_s) {
  double cost = 0.0;
  if (gamma) gamma[0] = gamma[1] = gamma[2] = 0.0;
  if (G) memset(G, 0, 9 * sizeof(double));
  if (inv_s) *inv_s = 0.0;
  if (c->k > 0 && c->h > 0) {
    double gn, Gnn;
    cost += normal_terms(c, vc[2], &gn, &Gnn);
    if (gamma) gamma[2] = gn;
    if (G) G[8] = Gnn;
  }
  /* Lagged friction mu n0 |v_t|_s, soft norm with eps (ICF sec. V-B, app. A). */
  double mn = c->mu * c->n0;
  if (mn > 0) {
    double eps = c->eps;
    double s = sqrt(vc[0] * vc[0] + vc[1] * vc[1] + eps * eps);
    cost += mn * (s - eps);
    double t0 = vc[0] / s, t1 = vc[1] / s; /* soft unit vector, not normalized */
    if (gamma) {
      gamma[0] = -mn * t0;
      gamma[1] = -mn * t1;
    }
    if (G) friction_block(mn / s, t0, t1, w, G);
    if (inv_s) *inv_s = 1.0 / s;
  }
  return cost;
}

double icf_contact_eval(const IcfContact *c, const double *vc, double *gamma, double *G) {
  return contact_eval(c, vc, NULL, gamma, G, NULL);
}

void icf_contact_line_eval(const IcfContact *c, const double *u, const double *du, double *cost, double *dl,
                           double *d2l) {
  double l = 0.0, g = 0.0, q = 0.0;
  if (c->k > 0 && c->h > 0) { /* the normal part of icf_contact_eval along du */
    double gn, Gnn;
    l += normal_terms(c, u[2], &gn, &Gnn);
    g = gn * du[2];
    q = Gnn * du[2] * du[2];
  }
  double mn = c->mu * c->n0;
  if (mn > 0) { /* the soft-norm friction: gamma_t = -mn t, G_t = mn/s (I - t t^T) */
    double eps = c->eps;
    double s = sqrt(u[0] * u[0] + u[1] * u[1] + eps * eps);
    l += mn * (s - eps);
    double t0 = u[0] / s, t1 = u[1] / s, td = t0 * du[0] + t1 * du[1];
    g -= mn * td;
    q += mn / s * (du[0] * du[0] + du[1] * du[1] - td * td);
  }
  *cost = l;
  *dl = g;
  *d2l = q;
}

void icf_friction_dual_hessian(const IcfContact *c, const double *vc, const double *w, double *G) {
  double mn = c->mu * c->n0;
  if (!(mn > 0)) return;
  double s = sqrt(vc[0] * vc[0] + vc[1] * vc[1] + c->eps * c->eps);
  friction_block(mn / s, vc[0] / s, vc[1] / s, w, G);
}

void icf_friction_dual_update_at(const double *vc, double is, const double *dvc, double *w) {
  double t0 = vc[0] * is, t1 = vc[1] * is, td = t0 * dvc[0] + t1 * dvc[1];
  /* dw = (I - w t^T) dv_t / s + t - w: the linearization of s w = v_t */
  double w0 = t0 + (dvc[0] - w[0] * td) * is, w1 = t1 + (dvc[1] - w[1] * td) * is;
  double n2 = w0 * w0 + w1 * w1;
  if (n2 > 1.0) { /* project onto the unit disk: keeps the Hessian block positive definite */
    const double in = 1.0 / sqrt(n2);
    w0 *= in;
    w1 *= in;
  }
  w[0] = w0;
  w[1] = w1;
}

void icf_friction_dual_update(const IcfContact *c, const double *vc, const double *dvc, double *w) {
  /* 1 / sqrt: one division, not four */
  icf_friction_dual_update_at(vc, 1.0 / sqrt(vc[0] * vc[0] + vc[1] * vc[1] + c->eps * c->eps), dvc, w);
}

/* gt += s J^T f. */
FORCE_INLINE void jac_tmul_add(const double *J, const double *f, double s, int n, double *gt) {
  #pragma GCC unroll 6
  for (int j = 0; j < n; ++j) gt[j] += s * (J[j] * f[0] + J[n + j] * f[1] + J[2 * n + j] * f[2]);
}

void icf_contact_jmul(const IcfProblem *p, int i, const double *v, double *vc) {
  const IcfContact *c = &p->con[i];
  vc[0] = vc[1] = vc[2] = 0.0;
  for (int s = 0; s < 2; ++s) {
    int t = c->tree[s];
    if (t < 0 || c->jac_off[s] < 0) continue;
    int n = p->tree_nv[t];
    const double *J = p->jac + c->jac_off[s], *vt = v + p->tree_vadr[t];
    if (n == 6) m3n_mul_add(J, vt, 6, vc);
    else m3n_mul_add(J, vt, n, vc);
  }
}

void icf_contact_velocity(const IcfProblem *p, int i, const double *v, double *vc) {
  icf_contact_jmul(p, i, v, vc);
  for (int r = 0; r < 3; ++r) vc[r] += p->con[i].offset[r];
}

void icf_contact_jtmul(const IcfProblem *p, int i, const double *f, double s, double *gen) {
  const IcfContact *c = &p->con[i];
  for (int side = 0; side < 2; ++side) {
    int t = c->tree[side];
    if (t < 0 || c->jac_off[side] < 0) continue;
    int n = p->tree_nv[t];
    const double *J = p->jac + c->jac_off[side];
    double *gt = gen + p->tree_vadr[t];
    if (n == 6) jac_tmul_add(J, f, s, 6, gt);
    else jac_tmul_add(J, f, s, n, gt);
  }
}

/* y = A x for one tree's n x n block (6 x 6 instantiated for free bodies). */
FORCE_INLINE void block_mul(const double *A, const double *x, double *y, int n) {
#pragma GCC unroll 6
  for (int i = 0; i < n; ++i) {
    double acc = 0.0;
#pragma GCC unroll 6
    for (int j = 0; j < n; ++j) acc += A[i * n + j] * x[j];
    y[i] = acc;
  }
}

#define PART_COUNT(part, list, all) ((part)->list ? (part)->n##list : (all))
#define PART_INDEX(part, list, k) ((part)->list ? (part)->list[k] : (k))

void icf_amul_part(const IcfProblem *p, const IcfPart *part, const double *x, double *y) {
  for (int k = 0, nt = PART_COUNT(part, tree, p->ntree); k < nt; ++k) {
    int t = PART_INDEX(part, tree, k), n = p->tree_nv[t], a = p->tree_vadr[t];
    const double *A = p->A + p->tree_madr[t];
    if (n == 6) block_mul(A, x + a, y + a, 6);
    else block_mul(A, x + a, y + a, n);
  }
}

void icf_amul(const IcfProblem *p, const double *x, double *y) { icf_amul_part(p, &ICF_PART_ALL, x, y); }

/* One tree's 1/2 v^T A v - r^T v, and g = A v - r on it (g may be NULL); 6 x 6 instantiated. */
FORCE_INLINE double tree_quadratic(const double *A, const double *v, const double *r, double *g, int n) {
  double cost = 0.0;
  #pragma GCC unroll 6
  for (int i = 0; i < n; ++i) {
    double acc = 0.0;
    #pragma GCC unroll 6
    for (int j = 0; j < n; ++j) acc += A[i * n + j] * v[j];
    cost += v[i] * (0.5 * acc - r[i]);
    if (g) g[i] = acc - r[i];
  }
  return cost;
}

static double quadratic_part(const IcfProblem *p, const IcfPart *part, const double *v, double *g) {
  double cost = 0.0;
  for (int k = 0, nt = PART_COUNT(part, tree, p->ntree); k < nt; ++k) {
    int t = PART_INDEX(part, tree, k), n = p->tree_nv[t], a = p->tree_vadr[t];
    const double *A = p->A + p->tree_madr[t];
    double *ga = g ? g + a : NULL;
    cost += n == 6 ? tree_quadratic(A, v + a, p->r + a, ga, 6) : tree_quadratic(A, v + a, p->r + a, ga, n);
  }
  return cost;
}

double icf_gradient(const IcfProblem *p, const double *v, double *g) { return icf_gradient_at(p, v, NULL, g, NULL); }

double icf_gradient_at(const IcfProblem *p, const double *v, const double *vc_all, double *g, double *Gc) {
  return icf_gradient_part(p, &ICF_PART_ALL, v, vc_all, NULL, g, Gc);
}

/* The contacts' part of icf_gradient_part in a tabled model (SAP, Similar): no dual friction
 * blocks (they belong to the Lagged soft norm), so dual->inv_s stays 0. */
static double model_contacts_part(double cost, const IcfProblem *p, const IcfPart *part, const double *v,
                                  const double *vc_all, double *g, double *Gc) {
  for (int k = 0, nc = PART_COUNT(part, con, p->ncon); k < nc; ++k) {
    int i = PART_INDEX(part, con, k);
    double vc_own[3], gamma[3];
    const double *vc = vc_all ? vc_all + 3 * i : vc_own;
    if (!vc_all) icf_contact_velocity(p, i, v, vc_own);
    double w = p->con[i].weight;
    cost += w * p->model->eval(&p->con[i], vc, gamma, Gc ? Gc + 9 * i : NULL);
    if (g && (gamma[0] != 0.0 || gamma[1] != 0.0 || gamma[2] != 0.0)) icf_contact_jtmul(p, i, gamma, -w, g);
  }
  return cost;
}

/* The contacts' part of icf_gradient_part in the Lagged model, inline. */
static inline double lagged_contacts_part(double cost, const IcfProblem *p, const IcfPart *part, const double *v,
                                          const double *vc_all, const IcfFrictionDual *dual, double *g, double *Gc) {
  for (int k = 0, nc = PART_COUNT(part, con, p->ncon); k < nc; ++k) {
    int i = PART_INDEX(part, con, k);
    double vc_own[3], gamma[3];
    const double *vc = vc_all ? vc_all + 3 * i : vc_own;
    if (!vc_all) icf_contact_velocity(p, i, v, vc_own);
    double w = p->con[i].weight;
    cost += w * contact_eval(&p->con[i], vc, dual ? dual->w + 2 * i : NULL, g ? gamma : NULL, Gc ? Gc + 9 * i : NULL,
                             dual ? dual->inv_s + i : NULL);
    /* eq. 17; a contact without impulse (a third of them on hard clutter: speculative contacts
     * that stay open) adds nothing */
    if (g && (gamma[0] != 0.0 || gamma[1] != 0.0 || gamma[2] != 0.0)) icf_contact_jtmul(p, i, gamma, -w, g);
  }
  return cost;
}

double icf_gradient_part(const IcfProblem *p, const IcfPart *part, const double *v, const double *vc_all,
                         const IcfFrictionDual *dual, double *g, double *Gc) {
  double cost = quadratic_part(p, part, v, g);
  /* the running sum goes through: the cost adds up in the same order as one loop */
  cost = p->model ? model_contacts_part(cost, p, part, v, vc_all, g, Gc)
                  : lagged_contacts_part(cost, p, part, v, vc_all, dual, g, Gc);
  for (int k = 0, nd = PART_COUNT(part, dof, p->ndof); k < nd; ++k) {
    const IcfDofTerm *t = &p->dofterm[PART_INDEX(part, dof, k)];
    double gamma;
    cost += icf_dof_eval(t, v[t->dof], &gamma, NULL);
    if (g) g[t->dof] -= gamma;
  }
  return cost;
}

double icf_cost(const IcfProblem *p, const double *v) { return icf_gradient(p, v, NULL); }

double icf_problem_contact_eval(const IcfProblem *p, int i, const double *vc, double *gamma, double *G) {
  return p->model ? p->model->eval(&p->con[i], vc, gamma, G) : contact_eval(&p->con[i], vc, NULL, gamma, G, NULL);
}

int icf_problem_contact_acts(const IcfProblem *p, int i, const double *vc) {
  return p->model ? p->model->acts(&p->con[i], vc) : icf_contact_acts(&p->con[i], vc);
}

void icf_contact_impulse(const IcfProblem *p, const double *v, double *gen) {
  memset(gen, 0, (size_t)p->nv * sizeof(double));
  for (int i = 0; i < p->ncon; ++i) {
    double vc[3], gamma[3];
    icf_contact_velocity(p, i, v, vc);
    icf_problem_contact_eval(p, i, vc, gamma, NULL);
    icf_contact_jtmul(p, i, gamma, p->con[i].weight, gen);
  }
}
