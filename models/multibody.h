/* Rigid multibody trees in generalized coordinates (Featherstone, "Rigid Body Dynamics
 * Algorithms", 2008): forward kinematics, mass matrix by the composite rigid body algorithm,
 * bias k(q, v) by recursive Newton-Euler, point Jacobians, and q' = N(q) v.
 * Conventions: models/model.h. None of these functions allocate. */
#ifndef CBENCH_MULTIBODY_H
#define CBENCH_MULTIBODY_H

#include "data.h"

/* Body and geometry poses (xpos, xrot, xcom, geom_xpos, geom_xrot) at q. */
void mb_kinematics(const Model *m, Data *d, const double *q);
/* Body spatial velocities (body_vel) at v; needs mb_kinematics at the same q. */
void mb_velocities(const Model *m, Data *d, const double *v);
/* Per-tree dense blocks of M(q) into d->mass (CRBA); needs mb_kinematics. */
void mb_mass_matrix(const Model *m, Data *d);
/* d->bias = k(q, v): Coriolis/centrifugal, minus gravity, joint springs, joint damping (RNEA);
 * needs mb_kinematics at q. */
void mb_bias(const Model *m, Data *d, const double *q, const double *v);
/* Cholesky factors of every block of d->mass into d->mass_chol; -1 if a block is not PD. */
int mb_factor_mass(const Model *m, Data *d);
/* x <- M^{-1} x with the factors from mb_factor_mass. */
void mb_solve_mass(const Model *m, const Data *d, double *x);
/* y <- M_t^{-1} y for tree t alone (y has tree_nv[t] entries). */
void mb_solve_mass_tree(const Model *m, const Data *d, int t, double *y);
/* y = M x (block-wise), y and x of length nv, no alias. */
void mb_mass_mul(const Model *m, const Data *d, const double *x, double *y);

/* Linear-velocity Jacobian of the world point p rigidly attached to `body`, restricted to
 * the velocity coordinates of `tree`: jac is 3 x tree_nv[tree], row-major, world frame.
 * Zero columns for dofs that do not move the body. Needs mb_kinematics. */
void mb_point_jacobian(const Model *m, const Data *d, int body, const double *p, int tree, double *jac);
/* The same expressed in a frame and scaled: jac = sign * frame * J_p (frame: 3 x 3 row-major,
 * world to frame), without forming J_p; accumulate adds to jac instead of overwriting it (then
 * the columns that do not move the body are left as they are). Needs mb_kinematics. */
void mb_point_jacobian_in_frame(const Model *m, const Data *d, int body, const double *p, int tree, const double *frame,
                                double sign, int accumulate, double *jac);
/* World velocity of the world point p rigidly attached to body; needs mb_velocities. */
void mb_point_velocity(const Model *m, const Data *d, int body, const double *p, double *vel);

/* qdot = N(q) v. */
void mb_qdot(const Model *m, const double *q, const double *v, double *qdot);
/* qout = q + h N(q) v, then quaternions renormalized (qout may alias q). */
void mb_integrate_q(const Model *m, const double *q, const double *v, double h, double *qout);
/* Renormalize every free-joint quaternion in q. */
void mb_normalize_q(const Model *m, double *q);

/* Energies and momenta (for tests and physics metrics); need mb_kinematics (+ velocities). */
double mb_kinetic_energy(const Model *m, const Data *d, const double *v);
double mb_potential_energy(const Model *m, const Data *d, const double *q); /* gravity + springs */
/* Total linear momentum and angular momentum about the world origin, world frame. */
void mb_momentum(const Model *m, const Data *d, double *linear, double *angular);

#endif
