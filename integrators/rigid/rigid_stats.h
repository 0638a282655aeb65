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

/* The internal forces of lambda (contact-models paper sec. II-C, Fig. 4): impulses in the null
 * space of W = J M^-1 J^T act on no body, so they are the part of lambda that the minimum-norm
 * impulses with the same effect J^T lambda do not have. x = W^+ W lambda, the projection onto
 * range(W), by conjugate gradients on W x = W lambda from x = 0 (its iterates stay in range(W)).
 * Returns |lambda - x| / h (N) and its tangential entries' norm in *tangential. p->work is
 * scratch (4 * 3nc). */
double rigid_internal_force(RigidProblem *p, const double *lambda, double *tangential);

#endif
