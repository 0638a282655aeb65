/* k(q, v) by recursive Newton-Euler with v' = 0 (Featherstone sec. 5.3, world coordinates):
 * Coriolis/centrifugal terms, minus gravity (as a base acceleration -g), joint springs and
 * joint damping. */
#include "models/multibody.h"

#include "mb_scratch.h"

void mb_bias(const Model *m, Data *d, const double *q, const double *v) {
  const double *cdof = mb_cdof(m, d), *cinert = mb_cinert(m, d);
  double *vel = mb_wvel(m, d), *acc = mb_wacc(m, d), *frc = mb_wfrc(m, d);
  memset(vel, 0, 6 * sizeof(double));
  memset(acc, 0, 6 * sizeof(double));
  v3_scale(acc + 3, m->gravity, -1.0); /* uniform gravity as a fictitious base acceleration */
  memset(frc, 0, 6 * sizeof(double));
  for (int b = 1; b < m->nbody; ++b) {
    const Body *bd = &m->bodies[b];
    int p = bd->parent;
    double *vb = vel + 6 * b, *ab = acc + 6 * b, *fb = frc + 6 * b, vj[6] = {0}, t[6], Iv[6];
    for (int k = 0; k < bd->nv; ++k) sp_axpy(vj, v[bd->vadr + k], cdof + 6 * (bd->vadr + k));
    sp_copy(vb, vel + 6 * p);
    sp_axpy(vb, 1.0, vj);
    /* a_b = a_p + v_b x S qd: S is fixed in body b, so dS/dt = v_b x S (eq. 5.7 with qdd = 0) */
    sp_cross_motion(t, vb, vj);
    sp_copy(ab, acc + 6 * p);
    sp_axpy(ab, 1.0, t);
    /* f_b = I a_b + v_b x* I v_b (eq. 5.9) */
    const double *I = cinert + SP_INERTIA_SIZE * b;
    sp_inertia_mul(fb, I, ab);
    sp_inertia_mul(Iv, I, vb);
    sp_cross_force(t, vb, Iv);
    sp_axpy(fb, 1.0, t);
  }
  for (int b = m->nbody - 1; b > 0; --b) {
    const Body *bd = &m->bodies[b];
    const double *fb = frc + 6 * b;
    for (int k = 0; k < bd->nv; ++k) {
      int i = bd->vadr + k;
      d->bias[i] = sp_dot(cdof + 6 * i, fb) + m->dof_damping[i] * v[i];
    }
    if (bd->joint == JOINT_REVOLUTE || bd->joint == JOINT_PRISMATIC)
      d->bias[bd->vadr] += bd->stiffness * (q[bd->qadr] - bd->spring_ref);
    if (bd->parent > 0) sp_axpy(frc + 6 * bd->parent, 1.0, fb);
  }
  d->counters.bias_evals++;
}
