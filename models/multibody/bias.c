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
    /* a_b = a_p + dS/dt qd (eq. 5.7 with qdd = 0). Revolute/prismatic columns are fixed in body
     * b: dS/dt = v_b x S. Free-joint columns are fixed in the joint frame F except that the
     * rotation axes pass through the moving body origin: dS/dt qd = v_p x vj + [0; v_rel x w_rel]
     * with w_rel, v_rel the joint's world angular velocity and origin velocity. (v_b x vj =
     * v_p x vj since vj x vj = 0.) */
    sp_cross_motion(t, vb, vj);
    if (bd->joint == JOINT_FREE) {
      double w_rel[3], v_rel[3], extra[3];
      v3_copy(w_rel, vj);
      v3_cross(v_rel, w_rel, d->xpos + 3 * b); /* vj linear = v_rel + p x w_rel */
      v3_add(v_rel, v_rel, vj + 3);
      v3_cross(extra, v_rel, w_rel);
      v3_add(t + 3, t + 3, extra);
    }
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
