/* Layout of the multibody part of Data.scratch (owned by the mb_* functions; valid from
 * mb_kinematics until the next mb_kinematics). Total: 6 nv + 44 nbody doubles. */
#ifndef CBENCH_MB_SCRATCH_H
#define CBENCH_MB_SCRATCH_H

#include "models/data.h"
#include "spatial.h"

/* [nv*6] motion subspace column of every dof, world coordinates (set by mb_kinematics) */
static inline double *mb_cdof(const Model *m, const Data *d) { (void)m; return d->scratch; }
/* [nbody*13] body spatial inertia, world (set by mb_kinematics) */
static inline double *mb_cinert(const Model *m, const Data *d) { return d->scratch + 6 * m->nv; }
/* [nbody*13] composite inertia (CRBA) */
static inline double *mb_ccomp(const Model *m, const Data *d) { return d->scratch + 6 * m->nv + 13 * m->nbody; }
/* [nbody*6] world spatial velocity, acceleration, net force (RNEA) */
static inline double *mb_wvel(const Model *m, const Data *d) { return d->scratch + 6 * m->nv + 26 * m->nbody; }
static inline double *mb_wacc(const Model *m, const Data *d) { return d->scratch + 6 * m->nv + 32 * m->nbody; }
static inline double *mb_wfrc(const Model *m, const Data *d) { return d->scratch + 6 * m->nv + 38 * m->nbody; }
/* World spatial velocity of every body at v into wvel [nbody*6]; needs mb_kinematics. */
void mb_world_velocities(const Model *m, const Data *d, const double *v, double *wvel);

static inline int mb_scratch_needed(const Model *m) { return 6 * m->nv + 44 * m->nbody; }

#endif
