/* The per-scheme hooks of the contact law: what each scheme family takes from a pair's
 * ContactParams (or from the materials), so that no scheme, guard or metric reads the law's
 * parameters itself. These are Hunt-Crossley's (CENIC eqs. 5-8), static inline so that the hot
 * per-contact setup stays a direct computation (bit-identical to the code they replace, no
 * indirect call); a law that is not k (-phi)_+ (1 - d v_n)_+ fills the same entries of its
 * ContactLaw record (contact_law.h) with its own linearization. One section per family:
 *   - CENIC, lagged (integrators/cenic/cenic_step.c): contact_lagged.
 *   - TAMSI, implicit in phi (integrators/tamsi/tamsi_step.c): contact_tamsi, contact_compliant.
 *   - Rigid peers and TAMSI's friction=paper (integrators/rigid/, integrators/tamsi/tamsi.c):
 *     contact_coulomb_mu, contact_single_coefficient_loss.
 *   - MuJoCo mapping (integrators/mujoco/): contact_mujoco_mu.
 *   - Observers (harness/run/ guards and metrics): contact_friction, contact_normal_stiffness,
 *     contact_law_conservative. */
#ifndef CBENCH_CONTACT_HOOKS_H
#define CBENCH_CONTACT_HOOKS_H

#include <math.h>

#include "../data.h"

/* ---- CENIC, lagged (CENIC eqs. 13-14; ICF eqs. 7, 23) ---- */

/* The normal force linearized at the step's start: f_n ~ (fe - k h v_n) (1 - d v_n)_+ with the
 * signed elastic force fe = f_e(phi) (negative across a gap phi > 0, so that a speculative
 * contact pushes only once phi + h v_n < 0), its stiffness k = -d f_e / d phi, the dissipation
 * d, and the stiction tolerance vs of the regularized friction (1e-4 m/s if the pair has none). */
typedef struct {
  double k, d, fe, vs;
} ContactLagged;

static inline ContactLagged contact_lagged(const ContactParams *p, double phi) {
  ContactLagged l;
  l.k = p->stiffness;
  l.d = p->dissipation;
  l.fe = -p->stiffness * phi;
  l.vs = p->stiction_tolerance > 0 ? p->stiction_tolerance : 1e-4;
  return l;
}

/* ---- TAMSI, implicit in phi (TAMSI eq. 13, 19) ---- */

/* f_n = (fn0 - h k v_n)_+ (1 - d v_n)_+ with fn0 = -k phi signed, the friction coefficients of
 * TAMSI's Stribeck curve mu_static -> mu (one_coefficient: mu_dynamic for both, the paper's
 * model), and the stiction tolerance v_s (the model's when the pair has none). */
typedef struct {
  double mu, mu_static, k, d, v_s, fn0;
} ContactTamsi;

static inline ContactTamsi contact_tamsi(const ContactParams *p, double phi, double model_vs, int one_coefficient) {
  ContactTamsi t;
  t.mu = p->mu_dynamic;
  t.mu_static = one_coefficient ? p->mu_dynamic : p->mu_static;
  t.k = p->stiffness;
  t.d = p->dissipation;
  t.v_s = p->stiction_tolerance > 0 ? p->stiction_tolerance : model_vs;
  t.fn0 = -t.k * phi;
  return t;
}

/* CENIC eq. 8's Stribeck curve mu(s) from mu_static to mu_dynamic, s = |v_t| / v_s, and d mu/d s
 * (friction_coefficient of a pair's ContactParams is this): TAMSI's curve takes its own pair
 * (contact_tamsi's mu_static, mu). */
double contact_stribeck(double mu_static, double mu_dynamic, double s, double *dmu_ds);

/* 1 if the pair is compliant (finite stiffness): TAMSI and CENIC need it. */
static inline int contact_compliant(const ContactParams *p) { return isfinite(p->stiffness); }

/* ---- rigid peers (and TAMSI's friction=paper) ---- */

/* The one Coulomb coefficient of a single-coefficient scheme: mu_dynamic. */
static inline double contact_coulomb_mu(const ContactParams *p) { return p->mu_dynamic; }

/* The first material whose static coefficient a single-coefficient scheme drops (mu_static !=
 * mu_dynamic), for the record's note; material NULL when there is none. */
typedef struct {
  const char *material;
  double mu_static, mu_dynamic;
} ContactFrictionLoss;
ContactFrictionLoss contact_single_coefficient_loss(const Model *m);

/* ---- MuJoCo mapping ---- */

/* A geometry's one friction coefficient in MuJoCo's model (MuJoCo combines a pair's by the
 * max): the material's static or dynamic one. */
static inline double contact_mujoco_mu(const Material *a, int use_static) {
  return use_static ? a->mu_static : a->mu_dynamic;
}

/* The linear spring-damper MuJoCo's matched-compliance mode gives a pair (its soft constraint is
 * linear in depth and speed): the normal stiffness k, and the damping c = d f_n / d v_n of the
 * law at the static depth of a load W (N), where Hunt-Crossley's k (-phi) (1 - d v_n) has
 * c = k d (W / k) = d W. */
typedef struct {
  double k, c;
} ContactMujocoSpring;

static inline ContactMujocoSpring contact_mujoco_spring(const ContactParams *p, double load) {
  return (ContactMujocoSpring){p->stiffness, p->dissipation * load};
}

/* ---- observers: guards and metrics ---- */

/* The pair's static and dynamic friction coefficients (the friction guards' bounds). */
typedef struct {
  double mu_static, mu_dynamic;
} ContactFriction;

static inline ContactFriction contact_friction(const ContactParams *p) {
  return (ContactFriction){p->mu_static, p->mu_dynamic};
}

/* The normal stiffness -d f_e / d phi at phi (Hunt-Crossley: k at every depth). */
static inline double contact_normal_stiffness(const ContactParams *p, double phi) {
  (void)phi;
  return p->stiffness;
}

/* 1 if no material of m dissipates in contact (d = 0): the law then conserves energy. */
int contact_law_conservative(const Model *m);

#endif
