/* Per-solve diagnostics of the ICF problem (see icf_diagnostics.h). */
#include "icf_diagnostics.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "icf_models.h"

extern void dsyev_(const char *jobz, const char *uplo, const int *n, double *a, const int *lda, double *w,
                   double *work, const int *lwork, int *info);

CbStatus icf_diag_init(IcfDiag *d, int nv, int maxcon, int with_cond) {
  memset(d, 0, sizeof *d);
  d->nv = nv;
  d->with_cond = with_cond;
  if (with_cond && nv > 0) {
    int lwork = -1, info = 0;
    double query = 0.0, dummy = 0.0, ev = 0.0;
    dsyev_("N", "U", &nv, &dummy, &nv, &ev, &query, &lwork, &info); /* workspace query */
    d->lwork = info == 0 && query >= 3.0 * nv ? (int)query : 3 * nv;
    d->H = malloc((size_t)nv * (size_t)nv * sizeof(double));
    d->ev = malloc((size_t)nv * sizeof(double));
    d->work = malloc((size_t)d->lwork * sizeof(double));
    if (!d->H || !d->ev || !d->work) return CB_ERR_MEMORY;
  }
  return icf_diag_reserve(d, maxcon > 0 ? maxcon : 1);
}

void icf_diag_free(IcfDiag *d) {
  free(d->H);
  free(d->ev);
  free(d->work);
  free(d->vs);
  memset(d, 0, sizeof *d);
}

CbStatus icf_diag_reserve(IcfDiag *d, int ncon) {
  if (ncon <= d->cap) return CB_OK;
  int cap = ncon > 2 * d->cap ? ncon : 2 * d->cap;
  double *vs = realloc(d->vs, (size_t)cap * sizeof(double));
  if (!vs) return CB_ERR_MEMORY;
  d->vs = vs;
  d->cap = cap;
  return CB_OK;
}

double icf_effective_stiction(const IcfProblem *p, int i, const double *vc) {
  const IcfContact *c = &p->con[i];
  if (!(c->mu > 0)) return NAN;
  if (!p->model) return c->n0 > 0 ? c->eps : NAN; /* Lagged: friction mu n0 |v_t|_eps, lagged load */
  double gamma[3];
  icf_problem_contact_eval(p, i, vc, gamma, NULL);
  if (!(gamma[2] > 0)) return NAN;
  if (p->model == &icf_model_sap) return c->sap_Rt > 0 ? c->sap_Rt * c->mu * gamma[2] : NAN; /* eq. 25 */
  return c->eps;
}

void icf_dense_hessian(const IcfProblem *p, const double *v, double *H) {
  const int nv = p->nv;
  memset(H, 0, (size_t)nv * (size_t)nv * sizeof(double));
  for (int t = 0; t < p->ntree; ++t) {
    int n = p->tree_nv[t], a = p->tree_vadr[t];
    const double *A = p->A + p->tree_madr[t];
    for (int r = 0; r < n; ++r)
      for (int k = 0; k < n; ++k) H[(size_t)(a + r) * nv + a + k] = A[r * n + k];
  }
  for (int i = 0; i < p->ndof; ++i) {
    const IcfDofTerm *dt = &p->dofterm[i];
    double G = 0.0;
    icf_dof_eval(dt, v[dt->dof], NULL, &G);
    H[(size_t)dt->dof * nv + dt->dof] += G;
  }
  for (int i = 0; i < p->ncon; ++i) {
    const IcfContact *c = &p->con[i];
    double vc[3], G[9];
    icf_contact_velocity(p, i, v, vc);
    icf_problem_contact_eval(p, i, vc, NULL, G);
    int zero = 1;
    for (int k = 0; k < 9; ++k) zero &= G[k] == 0.0;
    if (zero) continue;
    /* w J_s^T G J_s' for each pair of sides (s, s') */
    for (int s = 0; s < 2; ++s) {
      int ts = c->tree[s];
      if (ts < 0 || c->jac_off[s] < 0) continue;
      int ns = p->tree_nv[ts], as = p->tree_vadr[ts];
      const double *Js = p->jac + c->jac_off[s];
      for (int s2 = 0; s2 < 2; ++s2) {
        int t2 = c->tree[s2];
        if (t2 < 0 || c->jac_off[s2] < 0) continue;
        int n2 = p->tree_nv[t2], a2 = p->tree_vadr[t2];
        const double *J2 = p->jac + c->jac_off[s2];
        for (int r = 0; r < ns; ++r) {
          double gj[3]; /* (J_s^T G)_{r, :} = sum_a Js[a][r] G[a][:] */
          for (int b = 0; b < 3; ++b) gj[b] = Js[r] * G[b] + Js[ns + r] * G[3 + b] + Js[2 * ns + r] * G[6 + b];
          for (int k = 0; k < n2; ++k)
            H[(size_t)(as + r) * nv + a2 + k] += c->weight * (gj[0] * J2[k] + gj[1] * J2[n2 + k] + gj[2] * J2[2 * n2 + k]);
        }
      }
    }
  }
}

double icf_sym_condition(double *S, int n, double *ev, double *work, int lwork) {
  if (n <= 0) return NAN;
  int info = 0;
  dsyev_("N", "U", &n, S, &n, ev, work, &lwork, &info);
  if (info != 0) return NAN;
  double lo = ev[0], hi = ev[n - 1]; /* ascending */
  if (!(hi > 0)) return NAN;
  return lo > 0 ? hi / lo : INFINITY;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int icf_diag_eval(IcfDiag *d, const IcfProblem *p, const double *v, IcfDiagResult *out) {
  out->cond = out->stiction_median = out->stiction_min = NAN;
  out->stiction_contacts = 0;
  if (p->ncon > d->cap) return -1;
  int n = 0;
  for (int i = 0; i < p->ncon; ++i) {
    double vc[3];
    icf_contact_velocity(p, i, v, vc);
    double vs = icf_effective_stiction(p, i, vc);
    if (isfinite(vs)) d->vs[n++] = vs;
  }
  if (n > 0) {
    qsort(d->vs, (size_t)n, sizeof(double), cmp_double);
    out->stiction_min = d->vs[0];
    out->stiction_median = n % 2 ? d->vs[n / 2] : 0.5 * (d->vs[n / 2 - 1] + d->vs[n / 2]);
  }
  out->stiction_contacts = n;
  if (d->with_cond && d->nv == p->nv && d->H) {
    icf_dense_hessian(p, v, d->H);
    out->cond = icf_sym_condition(d->H, p->nv, d->ev, d->work, d->lwork);
  }
  return 0;
}
