/* The rigid solvers' statistics over a run (ContactSolverStats, integrators/integrator.h): stop
 * reasons, iterations, the eq. 15 criterion at the returned impulses and, on request, the
 * internal forces: the part of the impulses that moves nothing. */
#ifndef CBENCH_RIGID_STATS_H
#define CBENCH_RIGID_STATS_H

#include "../integrator.h"
#include "rigid_solver.h"

/* Adds one solve (a problem with at least one contact) to st. regularized: it succeeded only on
 * the regularized problem. measure_internal: also measure its internal forces (O(nc^3); uses
 * p->work as scratch, so call it after the solve). */
void rigid_stats_add(ContactSolverStats *st, RigidProblem *p, const double *lambda, const RigidSolveResult *r,
                     int measure_internal);

/* The internal forces of lambda (contact-models paper sec. II-C, Fig. 4: "the force component
 * deviating from the minimum norm solution"): lambda - x*, x* the minimum-norm impulses in the
 * friction cones with lambda's effect on the bodies (W x = W lambda, so the same contact
 * velocities), found by Dykstra's alternating projections between that affine set (through W's
 * eigenvectors, LAPACK dsyev) and the cones. At stiction x* solves the same contact problem, so
 * this is what the solver added and the problem did not ask for. Returns |lambda - x*| / h (N)
 * and its tangential entries' norm in *tangential; NaN if the eigensolver fails. p->work is
 * scratch. */
double rigid_internal_force(RigidProblem *p, const double *lambda, double *tangential);

#endif
