/* Small fixed-size linear algebra for 3-vectors, 3x3 matrices and quaternions.
 * Conventions used everywhere in cbench:
 *   vectors  double[3]
 *   matrices double[9], row-major: m[3*i + j] is row i, column j
 *   rotations R map body coordinates to world coordinates: x_w = R x_b
 *   quaternions double[4] = [w, x, y, z], unit length, Hamilton product */
#ifndef CBENCH_MATH3D_H
#define CBENCH_MATH3D_H

#include <math.h>
#include <string.h>

static inline void v3_set(double *r, double x, double y, double z) { r[0] = x; r[1] = y; r[2] = z; }
static inline void v3_copy(double *r, const double *a) { r[0] = a[0]; r[1] = a[1]; r[2] = a[2]; }
static inline void v3_add(double *r, const double *a, const double *b) { r[0] = a[0] + b[0]; r[1] = a[1] + b[1]; r[2] = a[2] + b[2]; }
static inline void v3_sub(double *r, const double *a, const double *b) { r[0] = a[0] - b[0]; r[1] = a[1] - b[1]; r[2] = a[2] - b[2]; }
static inline void v3_scale(double *r, const double *a, double s) { r[0] = s * a[0]; r[1] = s * a[1]; r[2] = s * a[2]; }
/* r += s * a */
static inline void v3_axpy(double *r, double s, const double *a) { r[0] += s * a[0]; r[1] += s * a[1]; r[2] += s * a[2]; }
static inline double v3_dot(const double *a, const double *b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
static inline double v3_norm(const double *a) { return sqrt(v3_dot(a, a)); }
static inline void v3_cross(double *r, const double *a, const double *b) {
  double x = a[1] * b[2] - a[2] * b[1], y = a[2] * b[0] - a[0] * b[2], z = a[0] * b[1] - a[1] * b[0];
  r[0] = x; r[1] = y; r[2] = z;
}
/* Normalizes in place; returns the previous length (0 leaves a unchanged). */
static inline double v3_normalize(double *a) {
  double n = v3_norm(a);
  if (n > 0) { a[0] /= n; a[1] /= n; a[2] /= n; }
  return n;
}

static inline void m3_identity(double *m) { memset(m, 0, 9 * sizeof(double)); m[0] = m[4] = m[8] = 1.0; }
static inline int m3_is_identity(const double *m) {
  for (int i = 0; i < 9; ++i)
    if (m[i] != (i % 4 == 0 ? 1.0 : 0.0)) return 0;
  return 1;
}
static inline void m3_copy(double *r, const double *a) { memcpy(r, a, 9 * sizeof(double)); }
/* r = m a */
static inline void m3_mulv(double *r, const double *m, const double *a) {
  double x = m[0] * a[0] + m[1] * a[1] + m[2] * a[2];
  double y = m[3] * a[0] + m[4] * a[1] + m[5] * a[2];
  double z = m[6] * a[0] + m[7] * a[1] + m[8] * a[2];
  r[0] = x; r[1] = y; r[2] = z;
}
/* r = m^T a */
static inline void m3_tmulv(double *r, const double *m, const double *a) {
  double x = m[0] * a[0] + m[3] * a[1] + m[6] * a[2];
  double y = m[1] * a[0] + m[4] * a[1] + m[7] * a[2];
  double z = m[2] * a[0] + m[5] * a[1] + m[8] * a[2];
  r[0] = x; r[1] = y; r[2] = z;
}
/* r = a b (r may not alias a or b) */
static inline void m3_mul(double *r, const double *a, const double *b) {
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) r[3 * i + j] = a[3 * i] * b[j] + a[3 * i + 1] * b[3 + j] + a[3 * i + 2] * b[6 + j];
}
/* r = a^T b (no alias) */
static inline void m3_tmul(double *r, const double *a, const double *b) {
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) r[3 * i + j] = a[i] * b[j] + a[3 + i] * b[3 + j] + a[6 + i] * b[6 + j];
}
/* r = a b^T (no alias) */
static inline void m3_mult(double *r, const double *a, const double *b) {
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) r[3 * i + j] = a[3 * i] * b[3 * j] + a[3 * i + 1] * b[3 * j + 1] + a[3 * i + 2] * b[3 * j + 2];
}
static inline void m3_transpose(double *r, const double *a) {
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) r[3 * i + j] = a[3 * j + i];
}
/* Skew-symmetric cross-product matrix: skew(a) b = a x b */
static inline void m3_skew(double *r, const double *a) {
  r[0] = 0; r[1] = -a[2]; r[2] = a[1];
  r[3] = a[2]; r[4] = 0; r[5] = -a[0];
  r[6] = -a[1]; r[7] = a[0]; r[8] = 0;
}

static inline void quat_identity(double *q) { q[0] = 1; q[1] = q[2] = q[3] = 0; }
static inline double quat_normalize(double *q) {
  double n = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  if (n > 0) { q[0] /= n; q[1] /= n; q[2] /= n; q[3] /= n; }
  return n;
}
/* r = a * b (Hamilton); r may alias. */
static inline void quat_mul(double *r, const double *a, const double *b) {
  double w = a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3];
  double x = a[0] * b[1] + a[1] * b[0] + a[2] * b[3] - a[3] * b[2];
  double y = a[0] * b[2] - a[1] * b[3] + a[2] * b[0] + a[3] * b[1];
  double z = a[0] * b[3] + a[1] * b[2] - a[2] * b[1] + a[3] * b[0];
  r[0] = w; r[1] = x; r[2] = y; r[3] = z;
}
/* Rotation matrix of a unit quaternion (body -> world). */
static inline void quat_to_mat(double *m, const double *q) {
  double w = q[0], x = q[1], y = q[2], z = q[3];
  m[0] = 1 - 2 * (y * y + z * z); m[1] = 2 * (x * y - w * z);     m[2] = 2 * (x * z + w * y);
  m[3] = 2 * (x * y + w * z);     m[4] = 1 - 2 * (x * x + z * z); m[5] = 2 * (y * z - w * x);
  m[6] = 2 * (x * z - w * y);     m[7] = 2 * (y * z + w * x);     m[8] = 1 - 2 * (x * x + y * y);
}
/* Rotation matrix of a quaternion that need not be exactly unit (RK stages drift off the
 * sphere; a zero quaternion reads as the identity). */
static inline void quat_to_mat_normalized(double *m, const double *q) {
  double u[4] = {q[0], q[1], q[2], q[3]};
  if (quat_normalize(u) == 0) quat_identity(u);
  quat_to_mat(m, u);
}
/* y += J x, J 3 x n row-major (a contact Jacobian block times a tree's velocities). Always
 * inlined, so that a call with a constant n (6, a free body) unrolls. */
static inline __attribute__((always_inline)) void m3n_mul_add(const double *J, const double *x, int n, double *y) {
  #pragma GCC unroll 3
  for (int r = 0; r < 3; ++r) {
    double acc = 0.0;
    #pragma GCC unroll 6
    for (int j = 0; j < n; ++j) acc += J[r * n + j] * x[j];
    y[r] += acc;
  }
}
/* Quaternion of a rotation by angle about a unit axis. */
static inline void quat_from_axis_angle(double *q, const double *axis, double angle) {
  double s = sin(0.5 * angle);
  q[0] = cos(0.5 * angle); q[1] = s * axis[0]; q[2] = s * axis[1]; q[3] = s * axis[2];
}

#endif
