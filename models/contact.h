/* Compliant point contact with Hunt-Crossley dissipation and regularized friction with
 * distinct static and dynamic coefficients (CENIC eqs. 5-8). */
#ifndef CBENCH_CONTACT_H
#define CBENCH_CONTACT_H

#include "data.h"

/* Per-pair parameters from two materials (CENIC sec. III): k = k1 k2 / (k1 + k2) (a rigid material,
 * k = INFINITY, leaves the other's), d stiffness-weighted: d = (k2 d1 + k1 d2) / (k1 + k2),
 * mu = 2 mu1 mu2 / (mu1 + mu2) for both coefficients, v_s from the model. */
void contact_combine(const Material *a, const Material *b, double stiction_tolerance, ContactParams *out);
/* Weight of surface A's witness point in the contact point: k_A / (k_A + k_B), so the point
 * sits on the stiffer surface (on a rigid one exactly). */
double contact_point_weight(const Material *a, const Material *b);
/* The material half of the contact records, after the geometry query (collision_detect reports
 * geometry only): each contact's combined parameters par, and its point moved from the
 * witness points' midpoint to the stiffness-weighted point on the stiffer surface. */
void contact_materials(const Model *m, Data *d);

/* Stribeck-like coefficient mu(s), s = |v_t| / v_s (eq. 8), and d mu / d s. */
double friction_coefficient(const ContactParams *p, double s, double *dmu_ds);

/* Continuous contact force in the contact frame, f = [f_t1, f_t2, f_n], acting on body A,
 * at signed distance phi and contact-frame velocity vc (eq. 5-7):
 *   f_n = k (-phi)_+ (1 - d v_n)_+,
 *   f_t = -mu(|v_t|/v_s) v_t / sqrt(|v_t|^2 + v_s^2) f_n.
 * Optional derivatives (pass NULL to skip): df_dvc (3x3 row-major, d f_i / d vc_j) and
 * df_dphi (3). */
void contact_force(const ContactParams *p, double phi, const double *vc, double *f,
                   double *df_dvc, double *df_dphi);

/* Contact Jacobian products for contact i of d (see Data.contacts):
 * vc = J_i v + vc_offset (full v of length nv), and gen += J_i^T f (gen of length nv). */
void contact_velocity(const Model *m, const Data *d, int i, const double *v, double *vc);
void contact_apply_force(const Model *m, const Data *d, int i, const double *f, double *gen);

/* The contact-frame relative velocity that prescribed motion (surface velocities, kinematic
 * bodies) adds to contact i at time t, with the contact's current frame; contact_jacobians
 * stores it at the evaluation time as vc_offset, and discrete schemes ask for it at the end of
 * the step (implicit Euler in time). */
void contact_prescribed_offset(const Model *m, const Data *d, int i, double t, double *offset);
/* 1 if any geometry has a surface velocity or any body moves kinematically. */
int contact_has_prescribed_motion(const Model *m);

/* Fills jac_adr/contact_jac and vc_offset of every contact at time t (surface velocities);
 * needs mb_kinematics and collision_detect. CB_OK or CB_ERR_MEMORY. */
CbStatus contact_jacobians(const Model *m, Data *d, double t);

#endif
