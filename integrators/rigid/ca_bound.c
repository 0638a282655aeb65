#include "ca_bound.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../models/collision/broadphase.h"
#include "../../models/math3d.h"

const char *ca_bound_check(const Model *m, int *body) {
  for (int b = 1; b < m->nbody; ++b) {
    const Body *bd = &m->bodies[b];
    *body = b;
    if (bd->kinematic) return "a kinematic body (prescribed motion has no speed bound here)";
    if (bd->joint == JOINT_FREE && bd->parent != 0) return "a free joint that is not on the world";
  }
  for (int g = 0; g < m->ngeom; ++g) {
    const Geom *gm = &m->geoms[g];
    *body = gm->body;
    if (m->bodies[gm->body].tree >= 0 && !isfinite(gm->rbound)) return "an unbounded geometry (plane) on a moving body";
    if (gm->has_surface_velocity) return "a geometry with a prescribed surface velocity (conveyor belt)";
  }
  *body = -1;
  return NULL;
}

CbStatus ca_bound_init(CaBound *cb, const Model *m) {
  memset(cb, 0, sizeof *cb);
  int n = 0;
  for (int a = 0; a < m->ngeom; ++a)
    for (int b = a + 1; b < m->ngeom; ++b) n += collision_pair_allowed(m, a, b);
  cb->pair = malloc((size_t)(n + 1) * sizeof *cb->pair);
  cb->touching = malloc((size_t)(n + 1) * sizeof *cb->touching);
  cb->reach = malloc((size_t)(m->ngeom + 1) * sizeof *cb->reach);
  if (!cb->pair || !cb->touching || !cb->reach) return CB_ERR_MEMORY;
  for (int a = 0; a < m->ngeom; ++a)
    for (int b = a + 1; b < m->ngeom; ++b)
      if (collision_pair_allowed(m, a, b)) {
        cb->pair[cb->npair][0] = a;
        cb->pair[cb->npair][1] = b;
        cb->touching[cb->npair++] = -1;
      }
  for (int g = 0; g < m->ngeom; ++g) {
    const Geom *gm = &m->geoms[g];
    cb->reach[g] = v3_norm(gm->pos) + gm->rbound;
  }
  return CB_OK;
}

void ca_bound_free(CaBound *cb) {
  free(cb->pair);
  free(cb->touching);
  free(cb->reach);
  memset(cb, 0, sizeof *cb);
}

/* Walks from g's body to its tree's base. L is the longest distance from the current joint's
 * origin to a point of g, for the whole step (eqs. 12-14: revolute joints keep the lengths
 * between joint origins; a prismatic joint adds |q| + |q'| h_max). n = NULL: any direction. */
static void speed_bound(const CaBound *cb, const Model *m, const double *q, const double *v, int g,
                        const double *n, double h_max, double *lin, double *rest) {
  *lin = 0.0;
  *rest = 0.0;
  const int b = m->geoms[g].body;
  if (m->bodies[b].tree < 0) return;
  double L = cb->reach[g];
  for (int k = b; k != 0; k = m->bodies[k].parent) {
    const Body *bk = &m->bodies[k];
    const double *vk = v + bk->vadr;
    switch (bk->joint) {
      case JOINT_REVOLUTE: *rest += fabs(vk[0]) * L; break; /* eq. 12, revolute: |q'_j| gamma_j */
      case JOINT_PRISMATIC: *rest += fabs(vk[0]); break;     /* eq. 12, prismatic: |q'_j| */
      case JOINT_FREE: {                                     /* the base: eq. 4 or eq. 11 */
        double w[3], vo[3];
        m3_mulv(w, bk->joint_rot, vk);
        m3_mulv(vo, bk->joint_rot, vk + 3);
        if (n) {
          *lin = v3_dot(vo, n);
          double wn[3];
          v3_cross(wn, w, n);
          *rest += (k == b ? v3_norm(wn) : v3_norm(w)) * L;
        } else {
          *lin = v3_norm(vo);
          *rest += v3_norm(w) * L;
        }
        break;
      }
      default: break;
    }
    L += v3_norm(bk->joint_pos);
    if (bk->joint == JOINT_PRISMATIC) L += fabs(q[bk->qadr]) + fabs(vk[0]) * h_max; /* eq. 14 */
  }
}

void ca_geom_speed(const CaBound *cb, const Model *m, const Data *d, const double *q, const double *v, int g,
                   const double *n, double h_max, double *lin, double *rest) {
  (void)d;
  speed_bound(cb, m, q, v, g, n, h_max, lin, rest);
}

void ca_bound_step(CaBound *cb, const Model *m, const Data *d, const double *q, const double *v, double eps,
                   double h_max, CaStep *out, int *changed) {
  out->h = h_max;
  out->min_distance = INFINITY;
  out->bound_pair = -1;
  *changed = 0;
  ContactPoint pts[CB_MAX_PAIR_CONTACTS];
  for (int p = 0; p < cb->npair; ++p) {
    const int ga = cb->pair[p][0], gb = cb->pair[p][1];
    double la, ra, lb, rb;
    speed_bound(cb, m, q, v, ga, NULL, h_max, &la, &ra);
    speed_bound(cb, m, q, v, gb, NULL, h_max, &lb, &rb);
    /* farther than it can move in h_max: this pair cannot bound the step */
    const double reach = (la + ra + lb + rb) * h_max + eps;
    const int np = collide_geoms(m, d, ga, gb, reach, pts, CB_MAX_PAIR_CONTACTS);
    int touching = 0;
    for (int k = 0; k < np; ++k) {
      const double phi = pts[k].phi;
      if (phi < out->min_distance) out->min_distance = phi;
      if (phi <= eps) {
        ++touching;
        continue;
      }
      speed_bound(cb, m, q, v, ga, pts[k].normal, h_max, &la, &ra);
      speed_bound(cb, m, q, v, gb, pts[k].normal, h_max, &lb, &rb);
      const double speed = fabs(la - lb) + ra + rb; /* eq. 4's denominator */
      if (speed > 0 && phi < out->h * speed) {
        out->h = phi / speed;
        out->bound_pair = p;
      }
    }
    if (cb->touching[p] >= 0 && touching != cb->touching[p]) *changed = 1;
    cb->touching[p] = touching;
  }
}
