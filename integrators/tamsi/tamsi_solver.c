#include "tamsi_solver.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "tals.h"
#include "../../models/contact/contact_hooks.h"

/* LAPACK (Fortran interface; trailing hidden string length for gfortran builds). */
extern void dgetrf_(const int *m, const int *n, double *a, const int *lda, int *ipiv, int *info);
extern void dgetrs_(const char *trans, const int *n, const int *nrhs, const double *a,
                    const int *lda, const int *ipiv, double *b, const int *ldb, int *info,
                    size_t trans_len);

CbStatus tamsi_problem_init(TamsiProblem *p, int nv) {
  memset(p, 0, sizeof *p);
  p->nv = nv;
  size_t n = (size_t)(nv > 0 ? nv : 1);
  p->A = calloc(n * n, sizeof(double));
  p->jac = calloc(n * n, sizeof(double));
  p->pstar = calloc(n, sizeof(double));
  p->res = calloc(n, sizeof(double));
  p->dv = calloc(n, sizeof(double));
  p->gen = calloc(n, sizeof(double));
  p->tmp = calloc(3 * n, sizeof(double));
  p->ipiv = calloc(n, sizeof(int));
  if (!p->A || !p->jac || !p->pstar || !p->res || !p->dv || !p->gen || !p->tmp || !p->ipiv) {
    tamsi_problem_free(p);
    return CB_ERR_MEMORY;
  }
  return tamsi_problem_set_contacts(p, 0);
}

CbStatus tamsi_problem_set_contacts(TamsiProblem *p, int nc) {
  if (nc > p->cap_c || !p->con) {
    int cap = p->cap_c > 0 ? p->cap_c : 4;
    while (cap < nc) cap *= 2;
    size_t c = (size_t)cap, nv = (size_t)(p->nv > 0 ? p->nv : 1);
    double *J = realloc(p->J, 3 * c * nv * sizeof(double));
    if (J) p->J = J;
    double *vo = realloc(p->vc_off, 3 * c * sizeof(double));
    if (vo) p->vc_off = vo;
    TamsiContact *con = realloc(p->con, c * sizeof(TamsiContact));
    if (con) p->con = con;
    double *vc = realloc(p->vc, 3 * c * sizeof(double));
    if (vc) p->vc = vc;
    double *dvc = realloc(p->dvc, 3 * c * sizeof(double));
    if (dvc) p->dvc = dvc;
    double *f = realloc(p->f, 3 * c * sizeof(double));
    if (f) p->f = f;
    double *G = realloc(p->G, 9 * c * sizeof(double));
    if (G) p->G = G;
    if (!J || !vo || !con || !vc || !dvc || !f || !G) return CB_ERR_MEMORY;
    p->cap_c = cap;
  }
  p->nc = nc;
  if (nc > 0) {
    memset(p->J, 0, 3 * (size_t)nc * (size_t)p->nv * sizeof(double));
    memset(p->vc_off, 0, 3 * (size_t)nc * sizeof(double));
    memset(p->con, 0, (size_t)nc * sizeof(TamsiContact));
  }
  return CB_OK;
}

void tamsi_problem_free(TamsiProblem *p) {
  free(p->A); free(p->jac); free(p->pstar); free(p->res); free(p->dv); free(p->gen); free(p->tmp);
  free(p->ipiv); free(p->J); free(p->vc_off); free(p->con); free(p->vc); free(p->dvc); free(p->f);
  free(p->G);
  memset(p, 0, sizeof *p);
}

double tamsi_mu(const TamsiContact *c, double s, double *dmu_ds) {
  /* TAMSI's stiction slope g(s): the coefficient rises from 0 to its value at s = 1 [ref] */
  double g = 1.0, dg = 0.0;
  if (s < 1.0) { g = s * (2.0 - s); dg = 2.0 - 2.0 * s; }
  /* times the Stribeck curve of CENIC eq. 8 (models/contact.h), mu_static -> mu */
  double mu = c->mu, dmu = 0.0;
  if (c->mu_static > 0 && c->mu_static != c->mu) mu = contact_stribeck(c->mu_static, c->mu, s, &dmu);
  if (dmu_ds) *dmu_ds = dg * mu + g * dmu;
  return g * mu;
}

void tamsi_contact_force(const TamsiContact *c, double h, const double vc[3], double f[3], double G[9]) {
  const double vn = vc[2];
  /* Normal force with the implicit penetration estimate delta = delta0 - h vn (eq. 19). */
  const double a = c->fn0 - h * c->k * vn, b = 1.0 - c->d * vn;
  const double fn = (a > 0.0 && b > 0.0) ? a * b : 0.0;
  const double dfn = (a > 0.0 && b > 0.0) ? -h * c->k * b - c->d * a : 0.0;
  /* Friction (eq. 6) with the soft norm |vt|_s = sqrt(|vt|^2 + eps_v^2). */
  const double eps_v = TAMSI_RELATIVE_TOLERANCE * c->v_s;
  const double ws = sqrt(vc[0] * vc[0] + vc[1] * vc[1] + eps_v * eps_v);
  const double th[2] = {vc[0] / ws, vc[1] / ws};
  double dmu;
  const double mu = tamsi_mu(c, ws / c->v_s, &dmu);
  f[0] = -mu * fn * th[0];
  f[1] = -mu * fn * th[1];
  f[2] = fn;
  if (!G) return;
  /* d ft / d vt = -fn [mu~/ws (I - t^ t^T) + mu~'/v_s t^ t^T]  (eq. 16, projectors along t^). */
  const double cperp = -fn * mu / ws, cpar = -fn * dmu / c->v_s;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j) {
      const double tt = th[i] * th[j];
      G[3 * i + j] = cperp * ((i == j ? 1.0 : 0.0) - tt) + cpar * tt;
    }
  /* d ft / d vn = -mu~ t^ dfn/dvn (two-way coupling, eq. 22); d fn / d vt = 0. */
  G[2] = -mu * th[0] * dfn;
  G[5] = -mu * th[1] * dfn;
  G[6] = 0.0;
  G[7] = 0.0;
  G[8] = dfn;
}

/* vc = J_i x (+ offset if add_offset), over the contact's column segments. */
static void contact_rows_mul(const TamsiProblem *p, int i, const double *x, int add_offset, double *vc) {
  const TamsiContact *c = &p->con[i];
  const int nv = p->nv;
  for (int r = 0; r < 3; ++r) {
    const double *row = p->J + (size_t)(3 * i + r) * (size_t)nv;
    double s = add_offset ? p->vc_off[3 * i + r] : 0.0;
    for (int sg = 0; sg < c->nseg; ++sg)
      for (int col = c->seg_col[sg]; col < c->seg_col[sg] + c->seg_len[sg]; ++col) s += row[col] * x[col];
    vc[r] = s;
  }
}

static double inf_norm(const double *x, int n) {
  double m = 0.0;
  for (int i = 0; i < n; ++i) {
    double a = fabs(x[i]);
    if (!(a <= m)) m = a; /* propagates NaN */
  }
  return m;
}

double tamsi_residual(TamsiProblem *p, const double *v, double *R) {
  const int nv = p->nv;
  double *gen = p->gen;
  memset(gen, 0, (size_t)nv * sizeof(double));
  for (int i = 0; i < p->nc; ++i) {
    const TamsiContact *c = &p->con[i];
    double *vc = p->vc + 3 * i, *f = p->f + 3 * i;
    contact_rows_mul(p, i, v, 1, vc);
    tamsi_contact_force(c, p->h, vc, f, NULL);
    for (int r = 0; r < 3; ++r) {
      const double *row = p->J + (size_t)(3 * i + r) * (size_t)nv;
      for (int sg = 0; sg < c->nseg; ++sg)
        for (int col = c->seg_col[sg]; col < c->seg_col[sg] + c->seg_len[sg]; ++col)
          gen[col] += row[col] * f[r];
    }
  }
  double sAv = 0.0, sp = 0.0, sg = 0.0;
  for (int r = 0; r < nv; ++r) {
    const double *Ar = p->A + (size_t)r * (size_t)nv;
    double av = 0.0;
    for (int col = 0; col < nv; ++col) av += Ar[col] * v[col];
    R[r] = av - p->pstar[r] - p->h * gen[r];
    sAv = fmax(sAv, fabs(av));
    sp = fmax(sp, fabs(p->pstar[r]));
    sg = fmax(sg, fabs(p->h * gen[r]));
  }
  return fmax(sAv, fmax(sp, sg));
}

void tamsi_jacobian(TamsiProblem *p, const double *v, double *jac) {
  const int nv = p->nv;
  memcpy(jac, p->A, (size_t)nv * (size_t)nv * sizeof(double));
  double *B = p->tmp; /* 3 x nv: G_i J_i */
  for (int i = 0; i < p->nc; ++i) {
    const TamsiContact *c = &p->con[i];
    double *vc = p->vc + 3 * i, *f = p->f + 3 * i, *G = p->G + 9 * i;
    contact_rows_mul(p, i, v, 1, vc);
    tamsi_contact_force(c, p->h, vc, f, G);
    const double *Ji = p->J + (size_t)(3 * i) * (size_t)nv;
    for (int a = 0; a < 3; ++a)
      for (int sg = 0; sg < c->nseg; ++sg)
        for (int col = c->seg_col[sg]; col < c->seg_col[sg] + c->seg_len[sg]; ++col)
          B[a * nv + col] = G[3 * a] * Ji[col] + G[3 * a + 1] * Ji[nv + col] + G[3 * a + 2] * Ji[2 * nv + col];
    /* jac -= h J_i^T G_i J_i, restricted to the segments' rows and columns. */
    for (int sr = 0; sr < c->nseg; ++sr)
      for (int r = c->seg_col[sr]; r < c->seg_col[sr] + c->seg_len[sr]; ++r) {
        const double j0 = Ji[r], j1 = Ji[nv + r], j2 = Ji[2 * nv + r];
        double *jr = jac + (size_t)r * (size_t)nv;
        for (int sc = 0; sc < c->nseg; ++sc)
          for (int col = c->seg_col[sc]; col < c->seg_col[sc] + c->seg_len[sc]; ++col)
            jr[col] -= p->h * (j0 * B[col] + j1 * B[nv + col] + j2 * B[2 * nv + col]);
      }
  }
}

CbStatus tamsi_solve(TamsiProblem *p, double *v, int max_iter, TamsiSolveInfo *info) {
  const int nv = p->nv;
  memset(info, 0, sizeof *info);
  if (nv == 0) {
    info->converged = 1;
    return CB_OK;
  }
  for (int it = 0; it < max_iter; ++it) {
    const double scale = tamsi_residual(p, v, p->res);
    info->residual = inf_norm(p->res, nv);
    if (!isfinite(info->residual)) return CB_ERR_NONFINITE;
    if (info->residual <= 1e-13 * scale) {
      info->converged = 1;
      newton_tap_report(p->tap, it, info->residual, 1e-13 * scale, NAN, 0);
      return CB_OK;
    }
    tamsi_jacobian(p, v, p->jac);
    /* Row-major jac is jac^T in LAPACK's column-major view: factor that, solve with 'T'. */
    int n = nv, one = 1, lapack_info = 0;
    dgetrf_(&n, &n, p->jac, &n, p->ipiv, &lapack_info);
    info->factorizations++;
    if (lapack_info != 0) return CB_ERR_FACTOR;
    for (int r = 0; r < nv; ++r) p->dv[r] = -p->res[r];
    dgetrs_("T", &n, &one, p->jac, &n, p->ipiv, p->dv, &n, &lapack_info, 1);
    info->iterations++;
    if (lapack_info != 0) return CB_ERR_FACTOR;
    /* TALS: alpha = min over contacts; convergence on the Newton update of the contact
     * velocities. */
    double alpha = 1.0, change = 0.0;
    for (int i = 0; i < p->nc; ++i) {
      double *dvc = p->dvc + 3 * i;
      const double *vc = p->vc + 3 * i;
      contact_rows_mul(p, i, p->dv, 0, dvc);
      const double a = p->no_tals ? 1.0 : tals_alpha(vc, dvc, p->con[i].v_s);
      if (a < alpha) alpha = a;
      const double eps_v = TAMSI_RELATIVE_TOLERANCE * p->con[i].v_s;
      const double c = fmax(hypot(dvc[0], dvc[1]), fabs(dvc[2])) / eps_v;
      if (!(c <= change)) change = c;
    }
    if (alpha < 1.0) info->linesearch_cuts++;
    newton_tap_report(p->tap, it, info->residual, NAN, alpha, 1);
    for (int r = 0; r < nv; ++r) v[r] += alpha * p->dv[r];
    if (!isfinite(change) || !isfinite(alpha)) return CB_ERR_NONFINITE;
    if (change < 1.0) {
      info->converged = 1;
      tamsi_residual(p, v, p->res);
      info->residual = inf_norm(p->res, nv);
      newton_tap_report(p->tap, it + 1, info->residual, NAN, NAN, 0);
      return CB_OK;
    }
  }
  return CB_ERR_MAX_ITERS;
}
