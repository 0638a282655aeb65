#include "icf_models.h"

#include <math.h>
#include <string.h>

static void zero_outputs(double *gamma, double *G) {
  if (gamma) gamma[0] = gamma[1] = gamma[2] = 0.0;
  if (G) memset(G, 0, 9 * sizeof(double));
}

/* The line search's scalars from a full evaluation: the tabled models are not on the hot path
 * that icf_contact_line_eval serves for Lagged. */
static void line_from_eval(double (*eval)(const IcfContact *, const double *, double *, double *), const IcfContact *c,
                           const double *u, const double *du, double *cost, double *dl, double *d2l) {
  double gamma[3], G[9];
  *cost = eval(c, u, gamma, G);
  *dl = gamma[0] * du[0] + gamma[1] * du[1] + gamma[2] * du[2];
  double q = 0.0;
  for (int i = 0; i < 3; ++i) q += du[i] * (G[3 * i] * du[0] + G[3 * i + 1] * du[1] + G[3 * i + 2] * du[2]);
  *d2l = q;
}

/* ---- Similar (ICF V-C) ---- */

/* l = -N(z), z = v_n - mu |v_t|_s (eq. 19, 21; F(s) = sqrt(s^2 + 1) - 1, so mu eps F = mu |v_t|_s).
 * With a = dz/dvc = (-mu t_s, 1), t_s = v_t / s, s = sqrt(|v_t|^2 + eps^2):
 *   gamma = n(z) (-mu t_s, 1)                                   (eq. 20)
 *   G = -n'(z) a a^T + mu n(z) / s (I - t_s t_s^T) on the tangent plane,
 * both terms PSD since n' <= 0 (eq. 8) and n >= 0. (The paper's printed Hessian has f^2 where
 * the chain rule gives mu^2 f^2 on P; the finite-difference tests check this form.) */
static double similar_eval(const IcfContact *c, const double *vc, double *gamma, double *G) {
  zero_outputs(gamma, G);
  if (!(c->k > 0) || !(c->h > 0)) return 0.0;
  double mu = c->mu > 0 ? c->mu : 0.0, eps = c->eps;
  double s = sqrt(vc[0] * vc[0] + vc[1] * vc[1] + eps * eps), t0 = vc[0] / s, t1 = vc[1] / s;
  double z = vc[2] - mu * (s - eps), gn, Gnn;
  double cost = icf_normal_terms(c, z, &gn, &Gnn);
  if (gamma) {
    gamma[0] = -mu * gn * t0;
    gamma[1] = -mu * gn * t1;
    gamma[2] = gn;
  }
  if (G) {
    double a[3] = {-mu * t0, -mu * t1, 1.0}, b = mu * gn / s;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) G[3 * i + j] = Gnn * a[i] * a[j];
    G[0] += b * (1.0 - t0 * t0);
    G[4] += b * (1.0 - t1 * t1);
    G[1] -= b * t0 * t1;
    G[3] -= b * t0 * t1;
  }
  return cost;
}

static void similar_line_eval(const IcfContact *c, const double *u, const double *du, double *cost, double *dl,
                              double *d2l) {
  line_from_eval(similar_eval, c, u, du, cost, dl, d2l);
}

/* Acts iff z is below the breaking velocity: beyond it n(z) = n'(z) = 0 and gamma = G = 0. */
static int similar_acts(const IcfContact *c, const double *vc) {
  if (!(c->k > 0) || !(c->h > 0)) return 0;
  double mu = c->mu > 0 ? c->mu : 0.0, eps = c->eps;
  double s = sqrt(vc[0] * vc[0] + vc[1] * vc[1] + eps * eps);
  return vc[2] - mu * (s - eps) < icf_breaking_velocity(c);
}

/* ---- SAP (ICF V-A, eq. 17) ---- */

void icf_sap_params(double k, double h, double tau_d, double phi0, const double *W, double beta, double sigma,
                    double *Rt, double *Rn, double *vhat) {
  double w_rms = sqrt((W[0] * W[0] + W[1] * W[1] + W[2] * W[2]) / 3.0);
  double wt = fmax(0.5 * (W[0] + W[1]), w_rms), wn = fmax(W[2], w_rms);
  double near_rigid = beta * beta / (4.0 * M_PI * M_PI) * wn, compliant = 1.0 / (h * k * (h + tau_d));
  *Rn = fmax(near_rigid, compliant); /* k = INFINITY: compliant = 0 */
  *Rt = sigma * wt;
  *vhat = -phi0 / (h + tau_d);
}

typedef enum { SAP_NONE = 0, SAP_STICK = 1, SAP_SLIDE = 2 } SapRegion;

/* y = -R^-1 (vc - vhat e_n), its radial and normal parts, and the region of the analytic
 * projection onto the friction cone in the R norm: stick (y in the cone), none (y in the polar
 * cone, mu_hat y_r <= -y_n with mu_hat = mu Rt/Rn), else slide. mu = 0: no tangential part. */
typedef struct {
  double mu, Rt, Rn, yt[2], yr, yn;
  SapRegion region;
} SapState;

static SapState sap_state(const IcfContact *c, const double *vc) {
  SapState s = {0};
  s.Rt = c->sap_Rt;
  s.Rn = c->sap_Rn;
  if (!(s.Rn > 0)) return s;
  s.yn = (c->sap_vhat - vc[2]) / s.Rn;
  s.mu = c->mu > 0 && s.Rt > 0 ? c->mu : 0.0;
  if (s.mu == 0.0) {
    s.region = s.yn > 0 ? SAP_SLIDE : SAP_NONE; /* frictionless: the normal part alone */
    return s;
  }
  s.yt[0] = -vc[0] / s.Rt;
  s.yt[1] = -vc[1] / s.Rt;
  s.yr = sqrt(s.yt[0] * s.yt[0] + s.yt[1] * s.yt[1]);
  if (s.yr <= s.mu * s.yn) s.region = SAP_STICK;
  else if (s.yn > -s.mu * s.Rt / s.Rn * s.yr) s.region = SAP_SLIDE;
  return s;
}

/* Cost 1/2 gamma^T R gamma with gamma = P(y), the projection (Castro et al. 2022); -dl/dvc = gamma
 * and G = dP/dy R^-1. Sliding, with f = 1 / (1 + mu mu_hat) and t = y_t / y_r:
 *   gamma_n = f (y_n + mu_hat y_r), gamma_t = mu gamma_n t,
 *   dgamma_t/dy_t = mu (gamma_n / y_r (I - t t^T) + mu_hat f t t^T), dgamma_t/dy_n = mu f t,
 *   dgamma_n/dy_t = mu_hat f t^T, dgamma_n/dy_n = f. */
static double sap_eval(const IcfContact *c, const double *vc, double *gamma, double *G) {
  zero_outputs(gamma, G);
  SapState s = sap_state(c, vc);
  if (s.region == SAP_NONE) return 0.0;
  double Rt = s.Rt, Rn = s.Rn, mu = s.mu;
  if (mu == 0.0) {
    if (gamma) gamma[2] = s.yn;
    if (G) G[8] = 1.0 / Rn;
    return 0.5 * Rn * s.yn * s.yn;
  }
  if (s.region == SAP_STICK) {
    if (gamma) {
      gamma[0] = s.yt[0];
      gamma[1] = s.yt[1];
      gamma[2] = s.yn;
    }
    if (G) {
      G[0] = G[4] = 1.0 / Rt;
      G[8] = 1.0 / Rn;
    }
    return 0.5 * (Rt * s.yr * s.yr + Rn * s.yn * s.yn);
  }
  double mu_hat = mu * Rt / Rn, f = 1.0 / (1.0 + mu * mu_hat);
  double gn = f * (s.yn + mu_hat * s.yr), t[2] = {s.yt[0] / s.yr, s.yt[1] / s.yr};
  if (gamma) {
    gamma[0] = mu * gn * t[0];
    gamma[1] = mu * gn * t[1];
    gamma[2] = gn;
  }
  if (G) {
    double a = mu * gn / s.yr, b = mu * mu_hat * f;
    for (int i = 0; i < 2; ++i) {
      for (int j = 0; j < 2; ++j) G[3 * i + j] = (a * ((i == j) - t[i] * t[j]) + b * t[i] * t[j]) / Rt;
      G[3 * i + 2] = mu * f * t[i] / Rn;
      G[6 + i] = mu_hat * f * t[i] / Rt;
    }
    G[8] = f / Rn;
  }
  return 0.5 * (Rt * mu * mu + Rn) * gn * gn;
}

static void sap_line_eval(const IcfContact *c, const double *u, const double *du, double *cost, double *dl, double *d2l) {
  line_from_eval(sap_eval, c, u, du, cost, dl, d2l);
}

static int sap_acts(const IcfContact *c, const double *vc) { return sap_state(c, vc).region != SAP_NONE; }

const IcfContactModel icf_model_lagged = {"lagged", icf_contact_eval, icf_contact_line_eval, icf_contact_acts};
const IcfContactModel icf_model_similar = {"similar", similar_eval, similar_line_eval, similar_acts};
const IcfContactModel icf_model_sap = {"sap", sap_eval, sap_line_eval, sap_acts};

const IcfContactModel *icf_model_table(IcfModelKind kind) {
  switch (kind) {
  case ICF_MODEL_SIMILAR: return &icf_model_similar;
  case ICF_MODEL_SAP: return &icf_model_sap;
  default: return NULL;
  }
}
