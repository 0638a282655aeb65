/* Forward kinematics: body, COM and geometry poses, world motion subspaces of every dof and
 * world spatial inertias (Featherstone ch. 4, expressed in world coordinates). */
#include "models/multibody.h"

#include "mb_scratch.h"

/* Pose of the body relative to its parent at joint coordinate(s) qj: R_rel, p_rel. */
static void joint_transform(const Body *bd, const double *qj, double *R_rel, double *p_rel) {
  const double *Rj = bd->joint_rot; /* constant: derived once by model_finalize */
  double Rq[9];
  v3_copy(p_rel, bd->joint_pos);
  switch (bd->joint) {
    case JOINT_REVOLUTE: {
      double qa[4];
      quat_from_axis_angle(qa, bd->axis, qj[0]);
      quat_to_mat(Rq, qa);
      m3_mul(R_rel, Rj, Rq);
      break;
    }
    case JOINT_PRISMATIC: {
      double t[3];
      v3_scale(t, bd->axis, qj[0]);
      m3_mulv(t, Rj, t);
      v3_add(p_rel, p_rel, t);
      m3_copy(R_rel, Rj);
      break;
    }
    case JOINT_FREE: {
      if (bd->joint_rot_identity) { /* most free bodies: skip the products with the identity */
        v3_add(p_rel, p_rel, qj);
        quat_to_mat_normalized(R_rel, qj + 3);
        break;
      }
      double t[3];
      m3_mulv(t, Rj, qj);
      v3_add(p_rel, p_rel, t);
      quat_to_mat_normalized(Rq, qj + 3);
      m3_mul(R_rel, Rj, Rq);
      break;
    }
    default: m3_copy(R_rel, Rj); break;
  }
}

/* World motion subspace columns of body b's dofs at the world origin. R is the body rotation,
 * RF the rotation of the joint frame F (fixed in the parent), p the body origin. */
static void dof_columns(const Body *bd, const double *R, const double *RF, const double *p, double *S) {
  double a[3];
  switch (bd->joint) {
    case JOINT_REVOLUTE: /* rotation about the axis through the body origin: [a; p x a] */
      m3_mulv(a, R, bd->axis);
      v3_copy(S, a);
      v3_cross(S + 3, p, a);
      break;
    case JOINT_PRISMATIC:
      m3_mulv(a, R, bd->axis);
      v3_set(S, 0, 0, 0);
      v3_copy(S + 3, a);
      break;
    case JOINT_FREE: /* twist [w; v_origin] expressed in the joint frame F, at the world origin */
      for (int k = 0; k < 3; ++k) {
        double *Sw = S + 6 * k, *Sv = S + 6 * (k + 3);
        v3_set(Sw, RF[k], RF[3 + k], RF[6 + k]);
        v3_cross(Sw + 3, p, Sw);
        v3_set(Sv, 0, 0, 0);
        v3_copy(Sv + 3, Sw);
      }
      break;
    default: break;
  }
}

void mb_kinematics(const Model *m, Data *d, const double *q) {
  double *cdof = mb_cdof(m, d), *cinert = mb_cinert(m, d);
  m3_identity(d->xrot);
  v3_set(d->xpos, 0, 0, 0);
  v3_set(d->xcom, 0, 0, 0);
  memset(cinert, 0, SP_INERTIA_SIZE * sizeof(double));
  for (int b = 1; b < m->nbody; ++b) {
    const Body *bd = &m->bodies[b];
    const double *Rp = d->xrot + 9 * bd->parent, *pp = d->xpos + 3 * bd->parent;
    double *R = d->xrot + 9 * b, *p = d->xpos + 3 * b, Rrel[9], prel[3], t[3];
    joint_transform(bd, q + bd->qadr, Rrel, prel);
    double RF[9];
    if (bd->parent == 0) { /* on the world (identity pose): most bodies of a clutter scene */
      m3_copy(R, Rrel);
      v3_copy(p, prel);
      m3_copy(RF, bd->joint_rot);
    } else {
      m3_mul(R, Rp, Rrel);
      m3_mulv(t, Rp, prel);
      v3_add(p, pp, t);
      m3_mul(RF, Rp, bd->joint_rot);
    }
    m3_mulv(t, R, bd->com);
    v3_add(d->xcom + 3 * b, p, t);
    dof_columns(bd, R, RF, p, cdof + 6 * bd->vadr);
    double Iw[9];
    if (bd->inertia_diagonal) { /* R diag(I) R^T: symmetric, a third of the products */
      const double *I = bd->inertia;
      for (int i = 0; i < 3; ++i)
        for (int j = 0; j <= i; ++j)
          Iw[3 * i + j] = Iw[3 * j + i] = R[3 * i] * I[0] * R[3 * j] + R[3 * i + 1] * I[4] * R[3 * j + 1] + R[3 * i + 2] * I[8] * R[3 * j + 2];
    } else {
      double RI[9];
      m3_mul(RI, R, bd->inertia);
      m3_mult(Iw, RI, R);
    }
    sp_inertia_from_com(cinert + SP_INERTIA_SIZE * b, bd->mass, d->xcom + 3 * b, Iw);
  }
  for (int g = 0; g < m->ngeom; ++g) {
    const Geom *gm = &m->geoms[g];
    const double *R = d->xrot + 9 * gm->body, *p = d->xpos + 3 * gm->body;
    if (gm->body_frame) {
      m3_copy(d->geom_xrot + 9 * g, R);
      v3_copy(d->geom_xpos + 3 * g, p);
      continue;
    }
    double t[3];
    m3_mul(d->geom_xrot + 9 * g, R, gm->rot);
    m3_mulv(t, R, gm->pos);
    v3_add(d->geom_xpos + 3 * g, p, t);
  }
}

/* World spatial velocity of every body (at the world origin) into wvel. */
void mb_world_velocities(const Model *m, const Data *d, const double *v, double *wvel) {
  const double *cdof = mb_cdof(m, d);
  memset(wvel, 0, 6 * sizeof(double));
  for (int b = 1; b < m->nbody; ++b) {
    const Body *bd = &m->bodies[b];
    double *vb = wvel + 6 * b;
    sp_copy(vb, wvel + 6 * bd->parent);
    for (int k = 0; k < bd->nv; ++k) sp_axpy(vb, v[bd->vadr + k], cdof + 6 * (bd->vadr + k));
  }
}

void mb_velocities(const Model *m, Data *d, const double *v) {
  double *wvel = mb_wvel(m, d);
  mb_world_velocities(m, d, v, wvel);
  for (int b = 0; b < m->nbody; ++b) {
    /* body frame: w_b = R^T w, v_origin = R^T (v_O + w x p) */
    const double *R = d->xrot + 9 * b, *p = d->xpos + 3 * b, *vw = wvel + 6 * b;
    double vo[3];
    v3_cross(vo, vw, p);
    v3_add(vo, vo, vw + 3);
    m3_tmulv(d->body_vel + 6 * b, R, vw);
    m3_tmulv(d->body_vel + 6 * b + 3, R, vo);
  }
}
