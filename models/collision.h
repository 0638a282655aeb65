/* Geometry queries: broad phase plus narrow phase dispatched through a table indexed by the
 * pair of geometry types (as MuJoCo does). Analytic routines for the common pairs, libccd
 * (MPR/GJK+EPA) for any other convex pair. */
#ifndef CBENCH_COLLISION_H
#define CBENCH_COLLISION_H

#include "data.h"

/* One contact point from a narrow-phase routine. normal is a unit vector pointing from
 * geometry b into geometry a; phi is the signed distance (negative in overlap); pos is the
 * midpoint between the two witness points (on a's and b's surface). */
typedef struct {
  double pos[3];
  double normal[3];
  double phi;
} ContactPoint;

#define CB_MAX_PAIR_CONTACTS 8

/* All contact points between geometries ga and gb (poses from d->geom_xpos/geom_xrot) whose
 * signed distance is <= margin; returns their number (<= maxout). Manifolds: box flat on a
 * plane gives 4 points, cylinder flat on a plane gives a rim polygon, box-box clips faces. */
int collide_geoms(const Model *m, const Data *d, int ga, int gb, double margin,
                  ContactPoint *out, int maxout);

/* The geometry query: broad phase over all geometry pairs that can touch (not on the same
 * body, not both static), narrow phase, then d->contacts[0..ncon) filled with geom, body, tree,
 * pos (the witness points' midpoint), frame (normal row 2 and an orthonormal tangent basis) and
 * phi: geometry only, par zero; contact_materials (contact.h) adds the materials. Needs mb_kinematics. Increments d->counters.geometry_queries. CB_OK or CB_ERR_MEMORY. */
CbStatus collision_detect(const Model *m, Data *d);
/* Speculative contacts (speculative.c): with d->speculative_horizon = H > 0, fills the
 * geometries' world velocities and speculative reach (needs mb_kinematics, mb_velocities and
 * kinematic_update); H = 0 clears them. collision_detect then reports every pair whose gap can
 * close within H, with phi > 0. */
#define CB_SPECULATIVE_SAFETY 2.0
void collision_speculative_update(const Model *m, Data *d);
/* The distance below which a pair is reported: the larger of the geometries' own margins plus
 * the speculative distance of the pair over d->speculative_horizon. */
double collision_pair_margin(const Model *m, const Data *d, int ga, int gb);
/* Whether a point found within the pair margin stays a contact: inside the geometries' own
 * margin always; a speculative one only if its gap can close along its normal within the
 * horizon (directional bound, tighter than collision_pair_margin's); every one when
 * d->speculative_keep_all is set. */
int collision_speculative_keep(const Model *m, const Data *d, int ga, int gb, double phi, const double *normal);

#endif
