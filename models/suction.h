/* Suction cups (CENIC sec. VII-D1, Fig. 13): a cup is a point C and an opening direction n on a
 * body (the bellows tip). While it is on, it pulls every target body whose geometry is within
 * max_distance of C with a force that falls off inversely with the distance, and the cup body
 * feels the equal and opposite force. The paper says only "a force on nearby objects inversely
 * proportional to distance"; the law below is our reading of it [derived]:
 *
 *   f(d) = F_max (1/max(d, d_s) - 1/d_max) / (1/d_s - 1/d_max)   for d < d_max, 0 beyond,
 *
 * with d the distance from C to the target's closest geometry (<= 0 when C is inside it): an
 * inverse-distance law shifted to reach zero continuously at d_max (as a cut-off potential is
 * shifted) and capped at F_max for d <= d_s, so it stays finite at contact. The force on the
 * target acts at its closest surface point P along -n (towards the cup), scaled by the
 * angular gate max(0, cos theta), cos theta = n . (P - C) / |P - C| (1 when d <= 0), so that
 * objects behind the cup are not pulled (the gate of Drake's suction-cup example). The cup
 * body gets +f n at C. One force per (cup, target body): the body's closest geometry.
 * Distances are closed form for spheres, boxes, cylinders and capsules; other geometry
 * (planes) is ignored. Applied explicitly, like prescribed forces (models/system.c). */
#ifndef CBENCH_SUCTION_H
#define CBENCH_SUCTION_H

#include "data.h"

#define CB_SUCTION_MAX_TARGETS 16

typedef struct SuctionCup {
  int body;                /* body carrying the cup */
  double point[3];         /* cup point C, body frame */
  double dir[3];           /* unit opening direction n, body frame */
  double max_force;        /* F_max, N */
  double max_distance;     /* d_max, m: no force at or beyond */
  double saturation_distance; /* d_s in (0, d_max), m: f = F_max for d <= d_s */
  double t_on, t_off;      /* on for t_on <= t < t_off */
  int ntarget;             /* 0: every movable body outside the cup body's tree */
  int target[CB_SUCTION_MAX_TARGETS];
} SuctionCup;

/* f(d) of the law above (0 for d >= d_max, F_max for d <= d_s). */
double suction_magnitude(const SuctionCup *s, double d);

/* Signed distance from the world point p to geometry g (poses from d->geom_xpos/xrot), with
 * the closest surface point in closest[3]; INFINITY (closest untouched) for unsupported types. */
double suction_point_distance(const Model *m, const Data *d, int g, const double *p, double *closest);

/* Force F (world) of cup s on target body b at time t, its point of action P (world) and the cup
 * point C (world). Returns 1 if the force is nonzero, else 0 (F zeroed). Needs mb_kinematics. */
int suction_cup_force(const Model *m, const Data *d, const SuctionCup *s, double t, int b, double *F, double *P,
                      double *C);

/* tau[nv] += J_P^T F on every target and J_C^T (-F) on the cup body, for all cups of m.
 * Needs mb_kinematics; uses d->jac_work; does not allocate. */
void suction_apply(const Model *m, Data *d, double t, double *tau);

#endif
