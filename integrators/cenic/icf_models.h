/* The contact approximations of ICF sec. V as tables of per-contact functions over one IcfContact:
 * the Newton solver (icf_solver.c) and the assembly are shared, IcfProblem.model picks the
 * table (NULL: Lagged, evaluated inline in icf_problem.c without the table).
 *   LAGGED   ICF V-B: implicit Hunt-Crossley normal (eq. 22-23) plus friction with the normal
 *            impulse lagged, mu n0 |v_t|_s (eq. 18); separable, no gliding.
 *   SIMILAR  ICF V-C: l = -N(z), z = v_n - mu |v_t|_s (eq. 19-21); the normal impulse sees the
 *            slip, so a sliding contact glides at phi = mu h |v_t| (sec. VII-A).
 *   SAP      ICF V-A (Castro, Permenter, Han 2022): linear Kelvin-Voigt compliance with
 *            regularization R = (Rt, Rt, Rn) and the analytic projection onto the friction cone in
 *            the R norm, eq. 17; glides at mu (h + tau_d) |v_t| (eq. 24).
 * Every table function computes what icf_contact_eval computes for Lagged: the potential l_i(vc),
 * gamma = -dl/dvc and G = d^2 l/dvc^2 (3x3 row-major, symmetric PSD); gamma and G may be NULL. */
#ifndef CBENCH_ICF_MODELS_H
#define CBENCH_ICF_MODELS_H

#include "icf_problem.h"

typedef enum { ICF_MODEL_LAGGED = 0, ICF_MODEL_SIMILAR = 1, ICF_MODEL_SAP = 2 } IcfModelKind;

struct IcfContactModel {
  const char *name;
  double (*eval)(const IcfContact *c, const double *vc, double *gamma, double *G);
  /* l_i(u), gamma^T du and du^T G du (the line search's scalars, icf_contact_line_eval) */
  void (*line_eval)(const IcfContact *c, const double *u, const double *du, double *cost, double *dl, double *d2l);
  /* gamma or G nonzero at vc (icf_contact_acts) */
  int (*acts)(const IcfContact *c, const double *vc);
};

extern const IcfContactModel icf_model_lagged, icf_model_similar, icf_model_sap;

/* The table of a kind; NULL for Lagged (IcfProblem.model's inline default). */
const IcfContactModel *icf_model_table(IcfModelKind kind);

/* SAP's per-contact parameters [ref: Drake's SAP friction-cone constraint]: with W the diagonal of
 * the contact's Delassus operator J M^-1 J^T (W[3]) and w_rms = |W| / sqrt(3),
 *   Rt = sigma max((W0 + W1)/2, w_rms),
 *   Rn = max(beta^2 / (4 pi^2) max(W2, w_rms), 1 / (h k (h + tau_d))),
 *   vhat = -phi0 / (h + tau_d).
 * The first term of Rn is the near-rigid regime (contact period beta h, ICF sec. III): it takes
 * over when k is too stiff for the step to resolve; k = INFINITY gives it alone. */
void icf_sap_params(double k, double h, double tau_d, double phi0, const double *W, double beta, double sigma,
                    double *Rt, double *Rn, double *vhat);

#endif
