/* Opt-in per-solve diagnostics of the ICF problem (ICF sec. VIII, Figs. 15-16), at a solution v:
 *   - the condition number of the Newton Hessian H = A + sum_i w_i J_i^T G_i J_i (+ dof terms),
 *     with the exact contact blocks G_i of the problem's model (not the solver's dual friction
 *     blocks; at a solution the two agree), assembled dense and solved for its eigenvalues with
 *     LAPACK dsyev: lambda_max / lambda_min of the whole nv x nv matrix (block diagonal over the
 *     contact islands, so also the worst ratio across them);
 *   - each contact's effective stiction tolerance: the slip speed at which its regularized
 *     friction saturates. Lagged and Similar: the soft norm's eps (v_s; ICF eq. 26's
 *     max(v_s, sigma w mu n0) for the regularized Lagged). SAP: R_t mu gamma_n (eq. 25, with
 *     gamma_n the normal impulse at v). Only contacts whose friction acts count: Lagged
 *     mu n0 > 0, Similar and SAP mu gamma_n(v) > 0.
 * The workspace is allocated once (icf_diag_init); icf_diag_eval allocates nothing. */
#ifndef CBENCH_ICF_DIAGNOSTICS_H
#define CBENCH_ICF_DIAGNOSTICS_H

#include "icf_problem.h"

typedef struct {
  int nv, with_cond;
  double *H, *ev, *work; /* [nv^2], [nv], [lwork]: dsyev's (with_cond only) */
  int lwork;
  double *vs;            /* [cap] the acting contacts' tolerances (sorted for the median) */
  int cap;
} IcfDiag;

/* What one evaluation found: cond (NAN without with_cond or when dsyev failed, INFINITY when
 * lambda_min <= 0), and the median and minimum effective stiction tolerance over the n acting
 * contacts (NAN when n = 0). */
typedef struct {
  double cond, stiction_median, stiction_min;
  int stiction_contacts;
} IcfDiagResult;

/* Workspace for problems of nv coordinates and up to maxcon contacts; with_cond: the dense
 * Hessian and dsyev's workspace too. CB_OK or CB_ERR_MEMORY. */
CbStatus icf_diag_init(IcfDiag *d, int nv, int maxcon, int with_cond);
void icf_diag_free(IcfDiag *d);
/* Room for ncon contacts (grows only past the largest count seen); CB_OK or CB_ERR_MEMORY. */
CbStatus icf_diag_reserve(IcfDiag *d, int ncon);
/* Contact i's effective stiction tolerance at contact velocity vc (above), NAN when its friction
 * does not act. */
double icf_effective_stiction(const IcfProblem *p, int i, const double *vc);
/* The dense Hessian at v into H (nv x nv, row-major, symmetric). */
void icf_dense_hessian(const IcfProblem *p, const double *v, double *H);
/* Condition number of the symmetric n x n matrix S (overwritten) by dsyev, with ev [n] and
 * work [lwork] (lwork >= 3n - 1). NAN when dsyev fails. */
double icf_sym_condition(double *S, int n, double *ev, double *work, int lwork);
/* Both diagnostics of p at its solution v. Returns 0, or -1 when p has more contacts than the
 * workspace holds (call icf_diag_reserve first). */
int icf_diag_eval(IcfDiag *d, const IcfProblem *p, const double *v, IcfDiagResult *out);

#endif
