/* Broad phase: sweep and prune of the geometries' AABBs along the axis of largest spread;
 * planes (infinite bounds) are tested against every other geometry. */
#ifndef CBENCH_COLLISION_BROADPHASE_H
#define CBENCH_COLLISION_BROADPHASE_H

#include "models/data.h"

typedef struct {
  double key;  /* lower bound along the sweep axis */
  int geom;
} SapEntry;

typedef struct {
  int ngeom;
  SapEntry *entries;  /* [ngeom] finite geometries sorted by key */
  double *lo, *hi;    /* [3 * ngeom] AABBs */
  double *sorted_box; /* [6 * ngeom] the AABBs in sweep order (lo, hi), read in order by the sweep */
  int *planes;        /* [ngeom] infinite geometries */
  int *pairs;         /* [2 * cap_pairs] candidate pairs (g1 < g2), sorted */
  int *unsorted;      /* [2 * cap_pairs] the pairs in sweep order, before the bucket sort */
  int *bucket;        /* [ngeom + 1] start of each first geometry's pairs */
  int npairs, cap_pairs;
  int nsorted;        /* entries[0..nsorted) hold last call's order (kept: the next is nearly sorted) */
} Broadphase;

Broadphase *broadphase_create(int ngeom);
void broadphase_free(Broadphase *bp);

/* Whether the pair may be tested at all: not the same body, not both static, not parent and
 * child (unless the parent is the world). */
int collision_pair_allowed(const Model *m, int g1, int g2);
/* The overlap predicate of the broad phase: the AABBs, each inflated by its geometry's margin and
 * reach (Data.geom_reach), overlap, and the bounding spheres are within max(margin1, margin2) +
 * reach1 + reach2; against a plane, the geometry's support point along the normal is within that
 * distance. The sweep reports exactly the allowed pairs satisfying it. */
int broadphase_bounds_overlap(const Model *m, const Data *d, int g1, int g2);
/* Fills bp->pairs / bp->npairs (sorted lexicographically). CB_OK or CB_ERR_MEMORY. */
CbStatus broadphase_pairs(const Model *m, const Data *d, Broadphase *bp);

#endif
