/* The per-contact Gauss-Seidel loop shared by CCP/PGS and RaiSim: sweep the contacts, replace each
 * contact's impulse by what `update` computes from the current impulses, stop on the tolerance
 * (the criterion `with_gamma` picks: the CCP one, or eq. 15's), on a stall (a sweep that moved no
 * impulse by more than stall_rel of the largest: the update's own resolution), or at the limit. */
#ifndef CBENCH_RIGID_GAUSS_SEIDEL_H
#define CBENCH_RIGID_GAUSS_SEIDEL_H

#include "rigid_solver.h"

/* The new impulse of contact i into out, from lambda (contact i's entry still the old one). */
typedef void (*RigidContactUpdate)(RigidProblem *p, const double *lambda, int i, double out[3]);

int rigid_gauss_seidel(RigidProblem *p, const RigidSolverParams *params, double *lambda, RigidSolveResult *r,
                       RigidContactUpdate update, int with_gamma, double stall_rel);

#endif
