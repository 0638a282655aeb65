/* Internal interface of the narrow phase: one routine per pair of geometry types.
 * Every routine takes geometry a and b (types fixed by its name), reports contact points
 * with signed distance <= margin and a unit normal pointing from b into a, and returns their
 * number (<= maxout). Witness points: a's surface point is pos + phi/2 n, b's is pos - phi/2 n. */
#ifndef CBENCH_COLLISION_NARROW_PHASE_H
#define CBENCH_COLLISION_NARROW_PHASE_H

#include <math.h>

#include "models/collision.h"
#include "models/math3d.h"

/* A geometry placed in the world. */
typedef struct {
  GeomType type;
  const double *size;   /* [3], see Geom.size */
  const double *pos;    /* [3] world position of the geometry frame origin */
  const double *rot;    /* [9] geometry -> world rotation, row-major */
} GeomPose;

typedef int (*NarrowPhaseFn)(const GeomPose *a, const GeomPose *b, double margin,
                             ContactPoint *out, int maxout);

/* Column i of a row-major rotation (axis i of the geometry frame in world coordinates). */
static inline void np_axis(double *r, const double *rot, int i) {
  r[0] = rot[i]; r[1] = rot[3 + i]; r[2] = rot[6 + i];
}

/* Appends a contact from its two witness points (on a and on b) and normal (b into a);
 * when out is full, replaces the shallowest point if the new one is deeper. */
void np_add_witness(ContactPoint *out, int *n, int maxout, const double *wa, const double *wb,
                    const double *normal, double phi);

int np_plane_sphere(const GeomPose *a, const GeomPose *b, double margin, ContactPoint *out, int maxout);
int np_plane_box(const GeomPose *a, const GeomPose *b, double margin, ContactPoint *out, int maxout);
int np_plane_cylinder(const GeomPose *a, const GeomPose *b, double margin, ContactPoint *out, int maxout);
int np_plane_capsule(const GeomPose *a, const GeomPose *b, double margin, ContactPoint *out, int maxout);
int np_sphere_sphere(const GeomPose *a, const GeomPose *b, double margin, ContactPoint *out, int maxout);
int np_sphere_box(const GeomPose *a, const GeomPose *b, double margin, ContactPoint *out, int maxout);
int np_sphere_cylinder(const GeomPose *a, const GeomPose *b, double margin, ContactPoint *out, int maxout);
int np_sphere_capsule(const GeomPose *a, const GeomPose *b, double margin, ContactPoint *out, int maxout);
int np_capsule_capsule(const GeomPose *a, const GeomPose *b, double margin, ContactPoint *out, int maxout);
int np_box_box(const GeomPose *a, const GeomPose *b, double margin, ContactPoint *out, int maxout);
int np_box_capsule(const GeomPose *a, const GeomPose *b, double margin, ContactPoint *out, int maxout);
int np_box_cylinder(const GeomPose *a, const GeomPose *b, double margin, ContactPoint *out, int maxout);

/* libccd for any convex pair (not planes): one deepest point. Objects are inflated by
 * margin/2 each (at least 1e-6 of the larger size, so that touching pairs overlap) and phi is
 * twice that minus the inflated depth. */
typedef enum { NP_CCD_GJK_EPA = 0, NP_CCD_MPR } NpCcdMethod;
/* How far a must move along unit n (from b into a) to separate the pair, n.(s_b(n) - s_a(-n)),
 * and its gradient on the unit sphere into slope[3]. Its minimum over n is the penetration
 * depth (minus the distance when apart); np_ccd descends on it from libccd's directions. */
double np_support_overlap(const GeomPose *a, const GeomPose *b, const double *n, double *slope);
/* Descends on that overlap from unit n (updated in place) to a minimum along it and along the
 * kinks of the two support functions (overlap_descent.c); returns the overlap there. */
double np_overlap_descent(const GeomPose *a, const GeomPose *b, double *n);
/* The contact point of a and b along unit normal n (b into a) at signed distance phi: the
 * centre of the overlap of their deepest features (support_feature.c). */
void np_feature_point(const GeomPose *a, const GeomPose *b, const double *n, double phi, double *pos);
int np_ccd(const GeomPose *a, const GeomPose *b, double margin, ContactPoint *out, int maxout);
/* Cylinder-cylinder and cylinder-capsule: np_ccd's deepest point, or where both shapes present
 * a cap or side line along its normal, the vertices of their overlap (feature_manifold.c). */
int np_ccd_manifold(const GeomPose *a, const GeomPose *b, double margin, ContactPoint *out, int maxout);
/* That overlap for the deepest contact `deep`: the number of points (>= 2) put in out, or 0 when
 * the contact is a point. */
int np_feature_manifold(const GeomPose *a, const GeomPose *b, const ContactPoint *deep, double margin,
                        ContactPoint *out, int maxout);
int np_ccd_method(const GeomPose *a, const GeomPose *b, double margin, NpCcdMethod method,
                  ContactPoint *out, int maxout);

/* The dispatch on two poses (swaps and flips normals when the table holds (b, a)). */
int np_collide_poses(const GeomPose *a, const GeomPose *b, double margin, ContactPoint *out, int maxout);

/* One Sutherland-Hodgman step: keeps the part of polygon in[0..n) with x.u <= c in out;
 * returns the new vertex count (at most NP_POLY_MAX, extra vertices dropped). */
#define NP_POLY_MAX 16
int np_clip_polygon(double (*in)[3], int n, double (*out)[3], const double *u, double c);
/* Drops the vertices of a clipped polygon that add no corner: within tol of the chord of
 * their neighbours (the slivers a corner cut by a few nm leaves), or on a nearly straight
 * edge (sine of the turn below NP_STRAIGHT_SIN). Each polygon vertex becomes a point contact
 * with its own stiffness, so such a vertex changes the face's force by a whole point's share
 * when it appears or goes; on two nearly aligned boxes a nanometre of drift does that. Keeps
 * at least two vertices; returns the new count. */
#define NP_STRAIGHT_SIN 1e-3
int np_polygon_drop_redundant(double (*poly)[3], int n, double tol);

/* Closest points of segments p1 + s d1 and p2 + t d2 (s, t in [0, 1]). */
void np_segment_closest(const double *p1, const double *d1, const double *p2, const double *d2,
                        double *s, double *t);

#endif
