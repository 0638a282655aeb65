/* Energies and momenta (tests and physics metrics). */
#include "models/multibody.h"

#include "mb_scratch.h"

double mb_kinetic_energy(const Model *m, const Data *d, const double *v) {
  const double *cdof = mb_cdof(m, d), *cinert = mb_cinert(m, d);
  double T = 0.0;
  for (int b = 1; b < m->nbody; ++b) {
    double V[6] = {0}, IV[6];
    for (int a = b; a > 0; a = m->bodies[a].parent)
      for (int k = 0; k < m->bodies[a].nv; ++k) {
        int i = m->bodies[a].vadr + k;
        sp_axpy(V, v[i], cdof + 6 * i);
      }
    sp_inertia_mul(IV, cinert + SP_INERTIA_SIZE * b, V);
    T += 0.5 * sp_dot(V, IV);
    if (m->bodies[b].nv == 1) T += 0.5 * m->bodies[b].armature * v[m->bodies[b].vadr] * v[m->bodies[b].vadr]; /* the rotor's */
  }
  return T;
}

double mb_potential_energy(const Model *m, const Data *d, const double *q) {
  double U = 0.0;
  for (int b = 1; b < m->nbody; ++b) {
    const Body *bd = &m->bodies[b];
    U -= bd->mass * v3_dot(m->gravity, d->xcom + 3 * b);
    if (bd->joint == JOINT_REVOLUTE || bd->joint == JOINT_PRISMATIC) {
      double e = q[bd->qadr] - bd->spring_ref;
      U += 0.5 * bd->stiffness * e * e;
    }
  }
  return U;
}

void mb_momentum(const Model *m, const Data *d, double *linear, double *angular) {
  const double *cinert = mb_cinert(m, d);
  v3_set(linear, 0, 0, 0);
  v3_set(angular, 0, 0, 0);
  for (int b = 1; b < m->nbody; ++b) {
    const double *R = d->xrot + 9 * b, *p = d->xpos + 3 * b, *bv = d->body_vel + 6 * b;
    double V[6], h[6], t[3];
    m3_mulv(V, R, bv);             /* world angular velocity */
    m3_mulv(V + 3, R, bv + 3);     /* world velocity of the body origin */
    v3_cross(t, V, p);             /* velocity of the point at the world origin: v_p - w x p */
    v3_sub(V + 3, V + 3, t);
    sp_inertia_mul(h, cinert + SP_INERTIA_SIZE * b, V);
    v3_add(angular, angular, h);
    v3_add(linear, linear, h + 3);
  }
}
