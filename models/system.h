/* The two views of the model that integrators use (docs/physics.md, "The model layer").
 *
 * Continuous ODE view, x = [q; v; z] of size nq + nv + nz:
 *   q' = N(q) v,  M(q) v' = tau(t, x) + J^T f(x) - k(q, v),  z' = h(z, x).
 *
 * Discrete view at a state (for convex and semi-implicit schemes): kinematics, M and its
 * factors, k, tau, and the contact list with Jacobians, phi0 and v_c0, computed with exactly
 * one geometry query. */
#ifndef CBENCH_SYSTEM_H
#define CBENCH_SYSTEM_H

#include "data.h"
#include "status.h"

static inline int system_nx(const Model *m) { return m->nq + m->nv + m->nz; }
/* x = [q0; v0; z0], the model's initial state (x has system_nx(m) entries). */
void system_initial_state(const Model *m, double *x);

/* xdot = f(t, x). Returns CB_OK; CB_RECOVERABLE_MODEL when the mass matrix is not positive
 * definite or the result is not finite (a shorter step may avoid it: ODE solvers retry);
 * CB_ERR_MEMORY when the contact arrays could not grow. Counts rhs_evals. */
int system_rhs(const Model *m, Data *d, double t, const double *x, double *xdot);

/* Evaluates the discrete-problem data at (t, q, v, z) into d: kinematics, velocities, M,
 * bias, tau (controllers, explicit), contacts with Jacobians and vc0 = J v + offset. Not
 * mass_chol: a scheme that solves with M calls mb_factor_mass itself.
 * horizon: the largest step the data will serve; contacts whose gap can close within it are
 * reported with phi > 0 (speculative contacts, models/collision/speculative.c); 0: none.
 * Returns CB_OK or CB_ERR_MEMORY. */
int system_step_data(const Model *m, Data *d, double t, const double *q, const double *v,
                     const double *z, double horizon);

/* tau[nv] += the prescribed external forces (Model.forces) at time t, with the kinematics in d.
 * Discrete schemes use it to evaluate time-dependent forcing at the end of a step (implicit
 * Euler in time) while system_step_data holds the start-of-step state. */
void system_applied_forces(const Model *m, Data *d, double t, double *tau);
/* The signed magnitude of one prescribed force along af->dir at t (AppliedForce in model.h). */
double applied_force_magnitude(const AppliedForce *af, double t);

/* Total mechanical energy (kinetic + gravity + joint springs) at x; for metrics. Uses d. */
double system_energy(const Model *m, Data *d, const double *x);
/* Maximum penetration max(0, -phi) over the contacts at q; uses d (one geometry query).
 * Kinematic bodies (models/kinematic.h) are placed at time t; the version without t puts them
 * at t = 0. Into *pen; CB_OK, or CB_ERR_MEMORY (the contacts could not be stored; *pen 0). */
CbStatus system_max_penetration(const Model *m, Data *d, const double *q, double *pen);
CbStatus system_max_penetration_at(const Model *m, Data *d, double t, const double *q, double *pen);

#endif
