/* Point Jacobians and point velocities (world frame). */
#include "models/multibody.h"

#include "mb_scratch.h"

void mb_point_jacobian(const Model *m, const Data *d, int body, const double *p, int tree, double *jac) {
  int n = m->tree_nv[tree], v0 = m->tree_vadr[tree];
  memset(jac, 0, sizeof(double) * 3 * (size_t)n);
  if (body <= 0 || m->bodies[body].tree != tree) return;
  const double *cdof = mb_cdof(m, d);
  for (int a = body; a > 0; a = m->bodies[a].parent) {
    const Body *ba = &m->bodies[a];
    for (int k = 0; k < ba->nv; ++k) {
      int i = ba->vadr + k;
      const double *S = cdof + 6 * i;
      double c[3]; /* velocity of the point p: v_O + w x p */
      v3_cross(c, S, p);
      v3_add(c, c, S + 3);
      for (int r = 0; r < 3; ++r) jac[r * n + (i - v0)] = c[r];
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
