/* Contact force laws: Hunt-Crossley normal force and regularized Stribeck friction
 * (CENIC eqs. 5-8), the material combination rule, and their derivatives. */
#include <math.h>

#include "contact_hooks.h"
#include "contact_law.h"

#include "../contact.h"

/* Delta in CENIC eq. 8: how many stiction tolerances it takes to go from mu_s to mu_d. */
#define STRIBECK_DELTA 10.0

static double combine_stiffness(double k1, double k2) {
  if (isinf(k1)) return k2;
  if (isinf(k2)) return k1;
  return (k1 + k2) > 0 ? k1 * k2 / (k1 + k2) : 0.0;
}

static double combine_friction(double a, double b) { return (a + b) > 0 ? 2.0 * a * b / (a + b) : 0.0; }

double contact_point_weight(const Material *a, const Material *b) {
  double ka = a->stiffness, kb = b->stiffness;
  if (isinf(ka) && isinf(kb)) return 0.5;
  if (isinf(ka)) return 1.0; /* A rigid: the contact sits on A's surface */
  if (isinf(kb)) return 0.0;
  return (ka + kb) > 0 ? ka / (ka + kb) : 0.5;
}

void contact_combine(const Material *a, const Material *b, double stiction_tolerance, ContactParams *out) {
  out->stiffness = combine_stiffness(a->stiffness, b->stiffness);
  /* Dissipation weighted by the other's stiffness, d = (k_B d_A + k_A d_B) / (k_A + k_B):
   * the softer material, which takes the deformation, dominates. */
  double wa = contact_point_weight(a, b); /* = k_A / (k_A + k_B) */
  out->dissipation = (1.0 - wa) * a->dissipation + wa * b->dissipation;
  out->mu_static = combine_friction(a->mu_static, b->mu_static);
  out->mu_dynamic = combine_friction(a->mu_dynamic, b->mu_dynamic);
  out->stiction_tolerance = stiction_tolerance;
}

void contact_materials(const Model *m, Data *d) {
  ContactParams par = {0};
  double wa = 0.5;
  int ga = -1, gb = -1;
  for (int i = 0; i < d->ncon; ++i) {
    Contact *c = &d->contacts[i];
    /* a pair's points are consecutive: combine once per pair */
    if (c->geom[0] != ga || c->geom[1] != gb) {
      ga = c->geom[0];
      gb = c->geom[1];
      const Material *ma = &m->materials[m->geoms[ga].material], *mb = &m->materials[m->geoms[gb].material];
      contact_combine(ma, mb, m->stiction_tolerance, &par);
      par.friction_reg = m->friction_regularization;
      wa = contact_point_weight(ma, mb);
    }
    c->par = par;
    /* from the midpoint of the witness points pos +- phi/2 n to the stiffness-weighted point */
    const double *n = c->frame + 6;
    double s = (wa - 0.5) * c->phi;
    c->pos[0] += s * n[0];
    c->pos[1] += s * n[1];
    c->pos[2] += s * n[2];
  }
}

/* CENIC eq. 8: mu(s) = (mu_s - mu_d) sigma(s) + mu_d, sigma(s) = 1/2 (1 - f(|s| - D)/f(D)),
 * f(x) = x / sqrt(x^2 + 1). */
double friction_coefficient(const ContactParams *p, double s, double *dmu_ds) {
  return contact_stribeck(p->mu_static, p->mu_dynamic, s, dmu_ds);
}

double contact_stribeck(double mu_static, double mu_dynamic, double s, double *dmu_ds) {
  const double D = STRIBECK_DELTA;
  double fD = D / sqrt(D * D + 1.0);
  double x = fabs(s) - D;
  double fx = x / sqrt(x * x + 1.0);
  double sigma = 0.5 * (1.0 - fx / fD);
  if (dmu_ds) {
    double dfx = 1.0 / ((x * x + 1.0) * sqrt(x * x + 1.0));
    double sgn = s > 0 ? 1.0 : (s < 0 ? -1.0 : 0.0);
    *dmu_ds = (mu_static - mu_dynamic) * (-0.5 * dfx / fD) * sgn;
  }
  return (mu_static - mu_dynamic) * sigma + mu_dynamic;
}

void contact_force(const ContactParams *p, double phi, const double *vc, double *f, double *df_dvc, double *df_dphi) {
  const double k = p->stiffness, dd = p->dissipation, vs = p->stiction_tolerance;
  /* Normal: f_n = k (-phi)_+ (1 - d v_n)_+ (eq. 5-6). */
  double fe = phi < 0 ? -k * phi : 0.0;
  double damp = 1.0 - dd * vc[2];
  double hc = damp > 0 ? damp : 0.0;
  double fn = fe * hc;
  double dfn_dvn = damp > 0 ? -fe * dd : 0.0;
  double dfn_dphi = phi < 0 ? -k * hc : 0.0;
  /* Friction: f_t = -mu(|v_t|/v_s) v_t / sqrt(|v_t|^2 + v_s^2) f_n (CENIC eq. 7), or TAMSI's
   * law (eq. 6-7 as integrators/tamsi integrates it): f_t = -mu~(s) v_t / w f_n with the soft
   * norm w = sqrt(|v_t|^2 + (1e-2 v_s)^2), s = w / v_s and mu~(s) = mu(s) s (2 - s) below s = 1.
   * Either way f_t = -mu(s) fn v_t / w with s a function of w; nu is d s / d|v_t| times |v_t|/w. */
  const int tamsi = p->friction_reg == CB_FRICTION_REG_TAMSI;
  double vt2 = vc[0] * vc[0] + vc[1] * vc[1];
  double vt = sqrt(vt2);
  double eps = tamsi ? CONTACT_TAMSI_SOFT_NORM * vs : vs;
  double w = sqrt(vt2 + eps * eps);
  double dmu_ds;
  double mu = friction_coefficient(p, (tamsi ? w : vt) / vs, &dmu_ds);
  if (tamsi && w < vs) {
    double s = w / vs, g = s * (2.0 - s);
    dmu_ds = (2.0 - 2.0 * s) * mu + g * dmu_ds;
    mu *= g;
  }
  double t0 = vc[0] / w, t1 = vc[1] / w;
  f[0] = -mu * fn * t0;
  f[1] = -mu * fn * t1;
  f[2] = fn;
  if (df_dvc) {
    /* d t / d v_t = (I - t t^T) / w; d mu / d v_t = mu'(s) v_t / (|v_t| v_s). */
    double g0 = 0, g1 = 0;
    double ds = tamsi ? w : vt; /* d s / d v_t = v_t / (ds v_s) */
    if (ds > 0) { g0 = dmu_ds * vc[0] / (ds * vs); g1 = dmu_ds * vc[1] / (ds * vs); }
    double tt[2] = {t0, t1}, gg[2] = {g0, g1};
    for (int i = 0; i < 2; ++i) {
      for (int j = 0; j < 2; ++j) {
        double dt = ((i == j ? 1.0 : 0.0) - tt[i] * tt[j]) / w;
        df_dvc[3 * i + j] = -fn * (tt[i] * gg[j] + mu * dt);
      }
      df_dvc[3 * i + 2] = -mu * tt[i] * dfn_dvn;
    }
    df_dvc[6] = 0; df_dvc[7] = 0; df_dvc[8] = dfn_dvn;
  }
  if (df_dphi) {
    df_dphi[0] = -mu * t0 * dfn_dphi;
    df_dphi[1] = -mu * t1 * dfn_dphi;
    df_dphi[2] = dfn_dphi;
  }
}

static double hunt_crossley_potential(const ContactParams *p, double phi) { return contact_spring_energy(p, phi); }

const ContactLaw contact_law_hunt_crossley = {
    .name = "hunt_crossley",
    .combine = contact_combine,
    .force = contact_force,
    .potential_energy = hunt_crossley_potential,
    .lagged = contact_lagged,
    .tamsi = contact_tamsi,
    .coulomb_mu = contact_coulomb_mu,
    .normal_stiffness = contact_normal_stiffness,
};

ContactFrictionLoss contact_single_coefficient_loss(const Model *m) {
  for (int i = 0; i < m->nmaterial; ++i) {
    const Material *a = &m->materials[i];
    if (a->mu_static != a->mu_dynamic) return (ContactFrictionLoss){a->name, a->mu_static, a->mu_dynamic};
  }
  return (ContactFrictionLoss){NULL, 0.0, 0.0};
}

int contact_law_conservative(const Model *m) {
  for (int i = 0; i < m->nmaterial; ++i)
    if (m->materials[i].dissipation != 0.0) return 0;
  return 1;
}
