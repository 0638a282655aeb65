/* The contact law as an ops record, and the law's per-contact formulas the harness and the
 * schemes share. A law is one folder under models/contact/ that fills a ContactLaw; the hot
 * per-contact evaluation stays a direct call (or static inline here), the record is what a
 * scheme, a guard or a test takes to stay independent of the law. */
#ifndef CBENCH_CONTACT_LAW_H
#define CBENCH_CONTACT_LAW_H

#include <math.h>

#include "../data.h"
#include "contact_hooks.h"

/* Ops of a compliant point-contact law. Every entry takes the pair's combined ContactParams
 * and the signed distance phi (< 0: penetration); vc is the contact-frame velocity
 * [v_t1, v_t2, v_n] of body A relative to B, f the force on A in that frame.
 *
 * Hooks a law must fill for each scheme (Hunt-Crossley's are in contact_hooks.h, static inline,
 * and the schemes call those directly; a new law fills the same entries with its own):
 *   - lagged (CENIC, integrators/cenic/cenic_step.c): the elastic force f_e(phi) at the step's
 *     start, its stiffness -d f_e/d phi and the dissipation d (CENIC eqs. 13-14).
 *   - tamsi (TAMSI, integrators/tamsi/tamsi_step.c): f_n ~ (fn0 - h k v_n)_+ (1 - d v_n)_+,
 *     linearized in phi (TAMSI eqs. 13, 19), and the Stribeck pair.
 *   - coulomb_mu (rigid peers, integrators/rigid/rigid_problem.c; TAMSI's friction=paper): the one
 *     friction coefficient.
 *   - normal_stiffness (the penetration guard, harness/run/physics_guards.c).
 * MuJoCo keeps its own soft-constraint normal law and takes only the materials' friction
 * (contact_mujoco_mu); the continuous schemes (ODE, DAE, CVODE) need only force(). */
typedef struct ContactLaw {
  const char *name;
  /* Per-pair parameters from the two materials (CENIC sec. III). */
  void (*combine)(const Material *a, const Material *b, double stiction_tolerance, ContactParams *out);
  /* f = [f_t1, f_t2, f_n] and optional derivatives df_dvc (3x3 row-major), df_dphi (3). */
  void (*force)(const ContactParams *p, double phi, const double *vc, double *f, double *df_dvc, double *df_dphi);
  /* Stored elastic energy U(phi) with dU/dphi = -f_n at v = 0; 0 out of contact. */
  double (*potential_energy)(const ContactParams *p, double phi);
  /* the per-scheme hooks above */
  ContactLagged (*lagged)(const ContactParams *p, double phi);
  ContactTamsi (*tamsi)(const ContactParams *p, double phi, double model_vs, int one_coefficient);
  double (*coulomb_mu)(const ContactParams *p);
  double (*normal_stiffness)(const ContactParams *p, double phi);
} ContactLaw;

/* TAMSI's soft norm of the tangential velocity, eps_v = 1e-2 v_s (TAMSI_RELATIVE_TOLERANCE of
 * integrators/tamsi: tests/test_contact_law.c checks that the two agree). */
#define CONTACT_TAMSI_SOFT_NORM 1e-2

/* Hunt-Crossley with Stribeck friction (contact_law.c; CENIC eqs. 5-8). */
extern const ContactLaw contact_law_hunt_crossley;

/* Hunt-Crossley's elastic energy, U = 1/2 k phi^2 for phi < 0 (the integral of f_e = -k phi);
 * a rigid pair (k = INFINITY) stores none it can report. */
static inline double contact_spring_energy(const ContactParams *p, double phi) {
  return phi < 0 && isfinite(p->stiffness) ? 0.5 * p->stiffness * phi * phi : 0.0;
}

/* Power of the contact force on the relative velocity, f . vc (negative: dissipated). */
static inline double contact_power(const double *f, const double *vc) {
  return f[0] * vc[0] + f[1] * vc[1] + f[2] * vc[2];
}

/* Euclidean distance of x = (x_T, x_N) to the friction cone K_mu = {|x_T| <= mu x_N}
 * (half-angle atan(mu) around +n), in closed form; the dual cone K_mu^* is K_{1/mu}. */
static inline double contact_cone_distance(double mu, const double *x) {
  double r = hypot(x[0], x[1]), z = x[2];
  if (r <= mu * z) return 0.0;          /* inside */
  if (mu * r <= -z) return hypot(r, z); /* in the polar cone: the apex is nearest */
  return fabs(r - mu * z) / sqrt(1.0 + mu * mu);
}

/* Distance of x to the dual cone K_mu^* = K_{1/mu}; mu = 0: K_0 is the normal ray, its dual the
 * half-space x_N >= 0. */
static inline double contact_dual_cone_distance(double mu, const double *x) {
  return mu > 0 ? contact_cone_distance(1.0 / mu, x) : fmax(0.0, -x[2]);
}

#endif
