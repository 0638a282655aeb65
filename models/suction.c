/* Suction cups: the force law, point-to-geometry distances and the generalized forces
 * (law and conventions in suction.h). */
#include "suction.h"

#include <math.h>

#include "math3d.h"
#include "multibody.h"

double suction_magnitude(const SuctionCup *s, double d) {
  if (d >= s->max_distance) return 0.0;
  double ds = s->saturation_distance, inv_max = 1.0 / s->max_distance;
  double dd = d > ds ? d : ds;
  return s->max_force * (1.0 / dd - inv_max) / (1.0 / ds - inv_max);
}

/* Closest point on the boundary of an axis-aligned box of half extents h to the local point p
 * (inside or outside); returns the signed distance. */
static double box_distance(const double *h, const double *p, double *cl) {
  double out2 = 0;
  int inside = 1;
  for (int i = 0; i < 3; ++i) {
    double c = p[i] > h[i] ? h[i] : (p[i] < -h[i] ? -h[i] : p[i]);
    if (c != p[i]) inside = 0;
    out2 += (p[i] - c) * (p[i] - c);
    cl[i] = c;
  }
  if (!inside) return sqrt(out2);
  int face = 0;
  double best = h[0] - fabs(p[0]);
  for (int i = 1; i < 3; ++i)
    if (h[i] - fabs(p[i]) < best) { best = h[i] - fabs(p[i]); face = i; }
  cl[face] = p[face] >= 0 ? h[face] : -h[face];
  return -best;
}

/* Cylinder of radius r and half length l along z. */
static double cylinder_distance(double r, double l, const double *p, double *cl) {
  double rho = sqrt(p[0] * p[0] + p[1] * p[1]);
  double ux = rho > 0 ? p[0] / rho : 1.0, uy = rho > 0 ? p[1] / rho : 0.0;
  double dr = rho - r, dz = fabs(p[2]) - l, zs = p[2] >= 0 ? l : -l;
  if (dr <= 0 && dz <= 0) { /* inside: nearest of side and cap */
    if (dr > dz) v3_set(cl, r * ux, r * uy, p[2]);
    else v3_set(cl, p[0], p[1], zs);
    return dr > dz ? dr : dz;
  }
  double rc = rho < r ? rho : r, zc = dz > 0 ? zs : p[2];
  v3_set(cl, rc * ux, rc * uy, zc);
  double ex = rho - rc, ez = p[2] - zc;
  return sqrt(ex * ex + ez * ez);
}

/* Sphere of radius r around the local point a (capsules: a on the segment). */
static double sphere_distance(double r, const double *a, const double *p, double *cl) {
  double v[3];
  v3_sub(v, p, a);
  double n = v3_norm(v);
  if (n > 0) v3_scale(v, v, 1.0 / n);
  else v3_set(v, 0, 0, 1);
  v3_copy(cl, a);
  v3_axpy(cl, r, v);
  return n - r;
}

double suction_point_distance(const Model *m, const Data *d, int g, const double *p, double *closest) {
  const Geom *ge = &m->geoms[g];
  const double *c = &d->geom_xpos[3 * g], *R = &d->geom_xrot[9 * g];
  double pl[3], cl[3], rel[3], dist;
  v3_sub(rel, p, c);
  m3_tmulv(pl, R, rel);
  switch (ge->type) {
    case GEOM_SPHERE: {
      const double o[3] = {0, 0, 0};
      dist = sphere_distance(ge->size[0], o, pl, cl);
      break;
    }
    case GEOM_BOX: dist = box_distance(ge->size, pl, cl); break;
    case GEOM_CYLINDER: dist = cylinder_distance(ge->size[0], ge->size[1], pl, cl); break;
    case GEOM_CAPSULE: {
      double l = ge->size[1], z = pl[2] > l ? l : (pl[2] < -l ? -l : pl[2]);
      const double a[3] = {0, 0, z};
      dist = sphere_distance(ge->size[0], a, pl, cl);
      break;
    }
    default: return INFINITY;
  }
  m3_mulv(closest, R, cl);
  v3_add(closest, closest, c);
  return dist;
}

static int is_target(const Model *m, const SuctionCup *s, int b) {
  if (s->ntarget == 0) {
    int tree = m->bodies[b].tree;
    return b != s->body && tree >= 0 && tree != m->bodies[s->body].tree;
  }
  for (int k = 0; k < s->ntarget; ++k)
    if (s->target[k] == b) return 1;
  return 0;
}

int suction_cup_force(const Model *m, const Data *d, const SuctionCup *s, double t, int b, double *F, double *P,
                      double *C) {
  const double *R = &d->xrot[9 * s->body];
  double n[3];
  m3_mulv(C, R, s->point);
  v3_add(C, C, &d->xpos[3 * s->body]);
  m3_mulv(n, R, s->dir);
  v3_set(F, 0, 0, 0);
  if (t < s->t_on || t >= s->t_off) return 0;
  double best = INFINITY, cp[3];
  for (int g = 0; g < m->ngeom; ++g) {
    if (m->geoms[g].body != b) continue;
    double dist = suction_point_distance(m, d, g, C, cp);
    if (dist < best) { best = dist; v3_copy(P, cp); }
  }
  double f = suction_magnitude(s, best);
  if (f <= 0) return 0;
  if (best > 0) { /* angular gate: nothing behind the cup */
    double w[3];
    v3_sub(w, P, C);
    double cth = v3_dot(n, w) / v3_norm(w);
    f *= cth > 0 ? cth : 0.0;
  }
  if (f <= 0) return 0;
  v3_scale(F, n, -f);
  return 1;
}

/* tau += J_p^T F for the world point p on body b (nothing for static bodies). */
static void add_point_force(const Model *m, Data *d, int b, const double *p, const double *F, double *tau_out) {
  int tree = m->bodies[b].tree;
  if (tree < 0) return;
  int n = m->tree_nv[tree];
  mb_point_jacobian(m, d, b, p, tree, d->jac_work);
  double *tau = tau_out + m->tree_vadr[tree];
  const double *J = d->jac_work;
  for (int k = 0; k < n; ++k) tau[k] += J[k] * F[0] + J[n + k] * F[1] + J[2 * n + k] * F[2];
}

void suction_apply(const Model *m, Data *d, double t, double *tau) {
  for (int i = 0; i < m->nsuction; ++i) {
    const SuctionCup *s = &m->suction[i];
    if (t < s->t_on || t >= s->t_off) continue;
    for (int b = 1; b < m->nbody; ++b) {
      if (!is_target(m, s, b)) continue;
      double F[3], P[3], C[3], Fc[3];
      if (!suction_cup_force(m, d, s, t, b, F, P, C)) continue;
      add_point_force(m, d, b, P, F, tau);
      v3_scale(Fc, F, -1.0);
      add_point_force(m, d, s->body, C, Fc, tau);
    }
  }
}
