/* q' = N(q) v and the explicit position update with quaternion renormalization. */
#include "models/multibody.h"

#include "models/math3d.h"

/* One joint's q' into out (length bd->nq); out must not alias q. */
static void joint_qdot(const Body *bd, const double *q, const double *v, double *out) {
  switch (bd->joint) {
    case JOINT_REVOLUTE:
    case JOINT_PRISMATIC: out[0] = v[0]; break;
    case JOINT_FREE: {
      /* v is expressed in the joint frame, like p: p' = v_lin, quat' = 1/2 [0, w] * quat */
      double wq[4] = {0, v[0], v[1], v[2]};
      v3_copy(out, v + 3);
      quat_mul(out + 3, wq, q + 3);
      for (int k = 3; k < 7; ++k) out[k] *= 0.5;
      break;
    }
    default: break;
  }
}

void mb_qdot(const Model *m, const double *q, const double *v, double *qdot) {
  for (int b = 1; b < m->nbody; ++b) {
    const Body *bd = &m->bodies[b];
    joint_qdot(bd, q + bd->qadr, v + bd->vadr, qdot + bd->qadr);
  }
}

void mb_integrate_q(const Model *m, const double *q, const double *v, double h, double *qout) {
  for (int b = 1; b < m->nbody; ++b) {
    const Body *bd = &m->bodies[b];
    double qd[7];
    joint_qdot(bd, q + bd->qadr, v + bd->vadr, qd);
    for (int k = 0; k < bd->nq; ++k) qout[bd->qadr + k] = q[bd->qadr + k] + h * qd[k];
    if (bd->joint == JOINT_FREE) quat_normalize(qout + bd->qadr + 3);
  }
}

void mb_normalize_q(const Model *m, double *q) {
  for (int b = 1; b < m->nbody; ++b)
    if (m->bodies[b].joint == JOINT_FREE) quat_normalize(q + m->bodies[b].qadr + 3);
}
