/* Stall test of the iterative rigid-contact solvers: a sweep that moved no impulse by more than
 * a few ulps of the largest impulse cannot make progress. */
#ifndef CBENCH_RIGID_STALL_H
#define CBENCH_RIGID_STALL_H

#include <float.h>

#define RIGID_STALL_ULPS (16.0 * DBL_EPSILON)

static inline int rigid_stalled(double change, double size) { return change <= RIGID_STALL_ULPS * size; }

#endif
