/* Point Jacobians and point velocities (world frame). */
#include "models/multibody.h"

#include "mb_scratch.h"

/* World frame: the in-frame form below with F = I, which gives the same sums term for term
 * (p x e_r has one zero component, S_v . e_r picks one entry). */
void mb_point_jacobian(const Model *m, const Data *d, int body, const double *p, int tree, double *jac) {
  static const double identity[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  mb_point_jacobian_in_frame(m, d, body, p, tree, identity, 1.0, 0, jac);
}

/* Row r of frame * J_p, column of dof i with motion subspace S = [S_w; S_v] (at the world
 * origin): F_r . (S_w x p + S_v) = S_w . (p x F_r) + S_v . F_r. The three p x F_r are formed
 * once, so a column costs six products per row and no 3 x n intermediate is written and read
 * back (forming J_p and then rotating it costs both, once per contact and step). */
void mb_point_jacobian_in_frame(const Model *m, const Data *d, int body, const double *p, int tree, const double *frame,
                                double sign, int accumulate, double *jac) {
  int n = m->tree_nv[tree], v0 = m->tree_vadr[tree];
  if (body <= 0 || m->bodies[body].tree != tree) {
    if (!accumulate) memset(jac, 0, sizeof(double) * 3 * (size_t)n);
    return;
  }
  double pxf[3][3], f[3][3];
  for (int r = 0; r < 3; ++r) v3_scale(f[r], frame + 3 * r, sign);
  const double *cdof = mb_cdof(m, d);
  const Body *bb = &m->bodies[body];
  if (n == 6 && bb->nv == 6) {
    /* A free body alone in its tree. Its columns (kinematics.c, dof_columns) are, with a_k the
     * joint frame's axes and x the body origin, [a_k; x x a_k] (rotation) and [0; a_k]
     * (translation), so F_r . (S_w x p + S_v) is a_k . ((p - x) x F_r) and a_k . F_r: one cross
     * product per row and half the products of the general column. */
    const double *S = cdof + 6 * v0, *x = d->xpos + 3 * body;
    double px[3];
    v3_sub(px, p, x);
    for (int r = 0; r < 3; ++r) {
      double dr[3];
      v3_cross(dr, px, f[r]);
      for (int k = 0; k < 3; ++k) { /* every entry written: no clearing first */
        double rot = v3_dot(S + 6 * k, dr), tra = v3_dot(S + 6 * k, f[r]);
        jac[r * 6 + k] = accumulate ? jac[r * 6 + k] + rot : rot;
        jac[r * 6 + 3 + k] = accumulate ? jac[r * 6 + 3 + k] + tra : tra;
      }
    }
    return;
  }
  if (!accumulate) memset(jac, 0, sizeof(double) * 3 * (size_t)n);
  for (int r = 0; r < 3; ++r) v3_cross(pxf[r], p, f[r]);
  for (int a = body; a > 0; a = m->bodies[a].parent) {
    const Body *ba = &m->bodies[a];
    for (int k = 0; k < ba->nv; ++k) {
      int i = ba->vadr + k;
      const double *S = cdof + 6 * i;
      for (int r = 0; r < 3; ++r) jac[r * n + (i - v0)] += v3_dot(S, pxf[r]) + v3_dot(S + 3, f[r]);
    }
  }
}

void mb_point_velocity(const Model *m, const Data *d, int body, const double *p, double *vel) {
  const double *R = d->xrot + 9 * body, *x = d->xpos + 3 * body, *bv = d->body_vel + 6 * body;
  double w[3], r[3], t[3];
  m3_mulv(w, R, bv);
  m3_mulv(vel, R, bv + 3);
  v3_sub(r, p, x);
  v3_cross(t, w, r);
  v3_add(vel, vel, t);
}
