/* 6D spatial algebra (Featherstone, "Rigid Body Dynamics Algorithms", ch. 2) in WORLD
 * coordinates about the world origin. Motion vectors [w; v_O], force vectors [n_O; f].
 * A spatial inertia is stored as 13 doubles: [m, h(3), J(9)] with h = m c the first mass
 * moment and J the rotational inertia about the world origin, so that (eq. 2.63)
 *   I = [ J    hx ]      I [w; v] = [ J w + h x v ;  m v - h x w ].
 *       [ -hx  m1 ] */
#ifndef CBENCH_MB_SPATIAL_H
#define CBENCH_MB_SPATIAL_H

#include "models/math3d.h"

#define SP_INERTIA_SIZE 13

static inline double sp_dot(const double *a, const double *b) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3] + a[4] * b[4] + a[5] * b[5];
}
static inline void sp_copy(double *r, const double *a) { memcpy(r, a, 6 * sizeof(double)); }
/* r += s a */
static inline void sp_axpy(double *r, double s, const double *a) {
  for (int i = 0; i < 6; ++i) r[i] += s * a[i];
}
/* r = a x_m b (motion cross product, eq. 2.31); r may not alias. */
static inline void sp_cross_motion(double *r, const double *a, const double *b) {
  double t[3];
  v3_cross(r, a, b);
  v3_cross(r + 3, a, b + 3);
  v3_cross(t, a + 3, b);
  v3_add(r + 3, r + 3, t);
}
/* r = a x_f f (force cross product, eq. 2.32); r may not alias. */
static inline void sp_cross_force(double *r, const double *a, const double *f) {
  double t[3];
  v3_cross(r, a, f);
  v3_cross(t, a + 3, f + 3);
  v3_add(r, r, t);
  v3_cross(r + 3, a, f + 3);
}
/* f = I v (eq. 2.63 at the world origin); f may not alias v. */
static inline void sp_inertia_mul(double *f, const double *I, const double *v) {
  double t[3];
  m3_mulv(f, I + 4, v);
  v3_cross(t, I + 1, v + 3);
  v3_add(f, f, t);
  v3_cross(t, I + 1, v);
  v3_scale(f + 3, v + 3, I[0]);
  v3_sub(f + 3, f + 3, t);
}
/* World-origin spatial inertia of a body of mass m, COM c (world), rotational inertia Ic about
 * the COM in world axes: J = Ic + m (|c|^2 1 - c c^T) (parallel axis, eq. 2.63). */
static inline void sp_inertia_from_com(double *I, double m, const double *c, const double *Ic) {
  I[0] = m;
  v3_scale(I + 1, c, m);
  double cc = v3_dot(c, c);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) I[4 + 3 * i + j] = Ic[3 * i + j] + m * ((i == j ? cc : 0.0) - c[i] * c[j]);
}
static inline void sp_inertia_add(double *I, const double *A) {
  for (int i = 0; i < SP_INERTIA_SIZE; ++i) I[i] += A[i];
}

#endif
