/* The conservative step of conservative advancement (True Rigidity, Drumwright 2016, sec. 2.4
 * and 5): how long the bodies may move at their current velocities before two geometries can
 * touch. Per pair of geometries that can touch (collision_pair_allowed), the signed distance d
 * and direction n (from collide_geoms) and a bound on how fast any point of either geometry
 * can move along n,
 *   eq. 4:      |n.(x'_A - x'_B)| + |w_A x n| r_A + |w_B x n| r_B        (free bodies)
 *   eqs. 11-14: |x'.n| + |w| gamma_1 + sum_j kappa_j                       (links of a tree)
 * give dt = d / speed. x' is the velocity of the body (or tree base) origin, r the reach of the
 * geometry from that origin, and the position update is q+ = q + h N(q) v with v held over
 * the step (Alg. 1 line 2), so the bound holds for the discrete step itself.
 * Pairs within the contact tolerance eps are in contact: their points within eps are held by
 * the impulses (no bound from them); their other reported points bound the step as separate
 * points do. The paper's eqs. 7-8 (a separating plane, every vertex) and dt-dagger (Fig. 6) are
 * not implemented. */
#ifndef CBENCH_CA_BOUND_H
#define CBENCH_CA_BOUND_H

#include "../../models/collision.h"

typedef struct {
  int npair;
  int (*pair)[2];    /* [npair] geometry pairs that can touch */
  int *touching;     /* [npair] points within eps at the last evaluation */
  double *reach;     /* [ngeom] distance from the body origin to the geometry's farthest point */
} CaBound;

/* What one evaluation found. */
typedef struct {
  double h;          /* the conservative step, <= h_max (h_max when nothing bounds it) */
  double min_distance; /* smallest signed distance over pairs within the query's reach; INFINITY: none */
  int bound_pair;    /* the pair that set h, or -1 */
} CaStep;

/* CB_OK, or CB_ERR_MEMORY. Scenes ca cannot bound (a plane on a moving body, a free joint not on the
 * world) are refused earlier by ca_bound_check. */
CbStatus ca_bound_init(CaBound *cb, const Model *m);
void ca_bound_free(CaBound *cb);
/* NULL when ca can bound every pair of m, else why not (a static string naming the feature);
 * *body receives the body concerned. */
const char *ca_bound_check(const Model *m, int *body);

/* Largest speed along unit n of any point of geometry g over a step of at most h_max at
 * velocities v (eq. 4 for a free body, eqs. 11-14 along its chain otherwise), as the signed
 * origin part lin (along n) plus the nonnegative rest; needs mb_kinematics at q. */
void ca_geom_speed(const CaBound *cb, const Model *m, const Data *d, const double *q, const double *v, int g,
                   const double *n, double h_max, double *lin, double *rest);

/* The conservative step from (q, v) with mb_kinematics at q in d: updates cb->touching and
 * returns in *out; *changed = 1 when the number of touching points of any pair changed since
 * the last call (a change of the contact manifold). */
void ca_bound_step(CaBound *cb, const Model *m, const Data *d, const double *q, const double *v, double eps,
                   double h_max, CaStep *out, int *changed);

#endif
