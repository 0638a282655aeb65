/* Scene -> ODE world and the state maps (see ode_scene.h). */
#include "ode_scene.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../models/collision/broadphase.h"
#include "../../models/contact.h"
#include "../../models/kinematic.h"
#include "../../models/math3d.h"
#include "../../models/multibody.h"

/* ODE's own softness of the constraints the scene does not parametrize (joints, rigid
 * contact pairs): its documented defaults for double precision, set explicitly. */
#define ODE_GLOBAL_ERP 0.2
#define ODE_GLOBAL_CFM 1e-10

static int moving(const Body *B) { return B->tree >= 0; }
static int has_ode_body(const Body *B) { return B->tree >= 0 || B->kinematic; }
CbStatus ode_scene_check(const Model *m, CbError *e) {
  const char *src = m->source[0] ? m->source : m->name;
  if (m->nsuction > 0) {
    return CB_ERROR(e, CB_ERR_UNSUPPORTED, "%s: suction: ODE has no suction cups (%d in the scene)", src, m->nsuction);
  }
  for (int b = 1; b < m->nbody; ++b) {
    const Body *B = &m->bodies[b];
    if (B->armature != 0) { /* a joint's rotor inertia has no place in ODE's maximal coordinates */
      return CB_ERROR(e, CB_ERR_UNSUPPORTED, "%s: bodies[%d] ('%s').joint.armature: ODE has no reflected rotor inertia (%g)",
               src, b - 1, B->name, B->armature);
    }
    if (B->joint == JOINT_FREE && B->parent != 0) {
      return CB_ERROR(e, CB_ERR_UNSUPPORTED, "%s: bodies[%d] ('%s').joint: free joints are converted only on bodies attached to the world",
               src, b - 1, B->name);
    }
    if (B->kinematic && B->parent != 0) {
      return CB_ERROR(e, CB_ERR_UNSUPPORTED, "%s: bodies[%d] ('%s').kinematic: ODE kinematic bodies are converted only on the world",
               src, b - 1, B->name);
    }
    if (moving(B) && !(B->mass > 0)) {
      return CB_ERROR(e, CB_ERR_UNSUPPORTED, "%s: bodies[%d] ('%s').mass: ODE needs a positive mass on a moving body, got %g", src,
               b - 1, B->name, B->mass);
    }
    if (moving(B) && B->joint == JOINT_REVOLUTE && B->has_limit && B->limit_upper - B->limit_lower > 2 * M_PI) {
      return CB_ERROR(e, CB_ERR_UNSUPPORTED, "%s: bodies[%d] ('%s').limit: ODE hinge stops span at most 2 pi (ODE's angle is in (-pi, pi]), got "
               "[%g, %g]",
               src, b - 1, B->name, B->limit_lower, B->limit_upper);
    }
  }
  for (int g = 0; g < m->ngeom; ++g)
    if (m->geoms[g].type == GEOM_PLANE && has_ode_body(&m->bodies[m->geoms[g].body])) {
      return CB_ERROR(e, CB_ERR_UNSUPPORTED, "%s: geoms[%d] ('%s').type: ODE planes are static; this one is on a moving body", src, g,
               m->geoms[g].name);
    }
  /* Debian's ODE is built without libccd: no cylinder-cylinder or cylinder-capsule collider
   * (dCollide would return no contact, and the bodies would pass through each other). */
  if (!dCheckConfiguration("ODE_EXT_libccd"))
    for (int a = 0; a < m->ngeom; ++a)
      for (int b = a + 1; b < m->ngeom; ++b) {
        GeomType ta = m->geoms[a].type, tb = m->geoms[b].type;
        int cyl = (ta == GEOM_CYLINDER && (tb == GEOM_CYLINDER || tb == GEOM_CAPSULE)) ||
                  (tb == GEOM_CYLINDER && ta == GEOM_CAPSULE);
        if (cyl && collision_pair_allowed(m, a, b)) {
          return CB_ERROR(e, CB_ERR_UNSUPPORTED, "%s: geoms[%d] ('%s') and geoms[%d] ('%s').type: this ODE (built without libccd) has no "
                   "cylinder-%s collider",
                   src, a, m->geoms[a].name, b, m->geoms[b].name, ta == tb ? "cylinder" : "capsule");
        }
      }
  return CB_OK;
}

static void to_ode_rot(dMatrix3 R, const double *r) {
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) R[4 * i + j] = r[3 * i + j];
    R[4 * i + 3] = 0;
  }
}
static void from_ode_rot(double *r, const dReal *R) {
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) r[3 * i + j] = R[4 * i + j];
}

void ode_scene_free(OdeScene *s) {
  if (s->contact_group) dJointGroupDestroy(s->contact_group);
  if (s->space) dSpaceDestroy(s->space); /* destroys its geoms (cleanup mode on) */
  if (s->world) dWorldDestroy(s->world); /* and its bodies and joints */
  free(s->body); free(s->joint); free(s->geom); free(s->geom_index); free(s->q_prev); free(s->angle_zero);
  data_free(s->d);
  memset(s, 0, sizeof *s);
}

static dGeomID make_geom(OdeScene *s, int g) {
  const Geom *G = &s->m->geoms[g];
  switch (G->type) {
    case GEOM_PLANE: {
      const double *R = s->d->geom_xrot + 9 * g, *p = s->d->geom_xpos + 3 * g;
      double n[3] = {R[2], R[5], R[8]}; /* the frame's z axis, the outward normal */
      return dCreatePlane(s->space, n[0], n[1], n[2], v3_dot(n, p));
    }
    case GEOM_SPHERE: return dCreateSphere(s->space, G->size[0]);
    case GEOM_BOX: return dCreateBox(s->space, 2 * G->size[0], 2 * G->size[1], 2 * G->size[2]);
    /* ODE takes the full length of a cylinder and of a capsule's segment, cbench the half */
    case GEOM_CYLINDER: return dCreateCylinder(s->space, G->size[0], 2 * G->size[1]);
    case GEOM_CAPSULE: return dCreateCapsule(s->space, G->size[0], 2 * G->size[1]);
    default: return NULL;
  }
}

/* Bodies at the zero configuration of the one-dof joints, then the joints (their zero angle and
 * position are taken from the configuration at which they are set), then the geometries. */
CbStatus ode_scene_build(OdeScene *s, const Model *m, const OdeSettings *set, CbError *e) {
  memset(s, 0, sizeof *s);
  s->m = m;
  s->set = *set;
  CbStatus st = ode_scene_check(m, e);
  if (st != CB_OK) return st;
  s->body = calloc((size_t)m->nbody, sizeof(dBodyID));
  s->joint = calloc((size_t)m->nbody, sizeof(dJointID));
  s->geom = calloc((size_t)m->ngeom + 1, sizeof(dGeomID));
  s->geom_index = calloc((size_t)m->ngeom + 1, sizeof(int));
  s->q_prev = calloc((size_t)m->nq + 1, sizeof(double));
  s->angle_zero = calloc((size_t)m->nbody, sizeof(double));
  s->d = data_create(m);
  if (!s->body || !s->joint || !s->geom || !s->geom_index || !s->q_prev || !s->angle_zero || !s->d) {
    ode_scene_free(s);
    return CB_ERROR(e, CB_ERR_MEMORY, "out of memory");
  }
  s->world = dWorldCreate();
  s->space = dHashSpaceCreate(0);
  s->contact_group = dJointGroupCreate(0);
  dWorldSetGravity(s->world, m->gravity[0], m->gravity[1], m->gravity[2]);
  dWorldSetERP(s->world, ODE_GLOBAL_ERP);
  dWorldSetCFM(s->world, ODE_GLOBAL_CFM);
  dWorldSetAutoDisableFlag(s->world, 0);          /* no sleeping */
  dWorldSetContactSurfaceLayer(s->world, 0);      /* contacts at the geometric depth */
  dWorldSetContactMaxCorrectingVel(s->world, dInfinity);
  dWorldSetQuickStepNumIterations(s->world, set->iterations);
  dWorldSetQuickStepW(s->world, set->sor);

  /* scratch here: q0 with every one-dof coordinate at its zero, a limited hinge at the middle of
   * its range (ODE's stops must lie in [-pi, pi] of the angle it measures from there) */
  double *qz = s->q_prev;
  memcpy(qz, m->q0, sizeof(double) * (size_t)m->nq);
  for (int b = 1; b < m->nbody; ++b) {
    const Body *B = &m->bodies[b];
    if (B->joint != JOINT_REVOLUTE && B->joint != JOINT_PRISMATIC) continue;
    if (B->joint == JOINT_REVOLUTE && B->has_limit) s->angle_zero[b] = 0.5 * (B->limit_lower + B->limit_upper);
    qz[B->qadr] = s->angle_zero[b];
  }
  mb_kinematics(m, s->d, qz);
  kinematic_update(m, s->d, 0.0);

  for (int b = 1; b < m->nbody; ++b) {
    const Body *B = &m->bodies[b];
    if (!has_ode_body(B)) continue;
    dBodyID ob = dBodyCreate(s->world);
    s->body[b] = ob;
    const double *c = s->d->xcom + 3 * b;
    dBodySetPosition(ob, c[0], c[1], c[2]);
    dMatrix3 R;
    to_ode_rot(R, s->d->xrot + 9 * b);
    dBodySetRotation(ob, R);
    if (B->kinematic) {
      dBodySetKinematic(ob);
    } else {
      dMass mass;
      dMassSetZero(&mass);
      const double *I = B->inertia; /* about the COM in the body frame: ODE's body frame here */
      dMassSetParameters(&mass, B->mass, 0, 0, 0, I[0], I[4], I[8], I[1], I[2], I[5]);
      dBodySetMass(ob, &mass);
    }
  }
  for (int b = 1; b < m->nbody; ++b) {
    const Body *B = &m->bodies[b];
    if (!moving(B) || B->joint == JOINT_FREE) continue;
    dBodyID parent = s->body[B->parent]; /* NULL: the world or a body welded to it */
    const double *p = s->d->xpos + 3 * b;
    double axis[3];
    m3_mulv(axis, s->d->xrot + 9 * b, B->axis);
    dJointID j = NULL;
    if (B->joint == JOINT_REVOLUTE) {
      j = dJointCreateHinge(s->world, 0);
      dJointAttach(j, s->body[b], parent);
      dJointSetHingeAnchor(j, p[0], p[1], p[2]);
      dJointSetHingeAxis(j, axis[0], axis[1], axis[2]);
      if (B->has_limit) {
        dJointSetHingeParam(j, dParamLoStop, B->limit_lower - s->angle_zero[b]);
        dJointSetHingeParam(j, dParamHiStop, B->limit_upper - s->angle_zero[b]);
      }
    } else if (B->joint == JOINT_PRISMATIC) {
      j = dJointCreateSlider(s->world, 0);
      dJointAttach(j, s->body[b], parent);
      dJointSetSliderAxis(j, axis[0], axis[1], axis[2]);
      if (B->has_limit) {
        dJointSetSliderParam(j, dParamLoStop, B->limit_lower);
        dJointSetSliderParam(j, dParamHiStop, B->limit_upper);
      }
    } else if (B->joint == JOINT_FIXED) {
      j = dJointCreateFixed(s->world, 0);
      dJointAttach(j, s->body[b], parent);
      dJointSetFixed(j);
    }
    s->joint[b] = j;
  }
  for (int g = 0; g < m->ngeom; ++g) {
    const Geom *G = &m->geoms[g];
    dGeomID og = make_geom(s, g);
    if (!og) {
      ode_scene_free(s);
      return CB_ERROR(e, CB_ERR_UNSUPPORTED, "geoms[%d] ('%s'): geometry type %d not converted", g, G->name, (int)G->type);
    }
    s->geom[g] = og;
    s->geom_index[g] = g;
    dGeomSetData(og, &s->geom_index[g]);
    dBodyID ob = s->body[G->body];
    if (ob) {
      const double *com = m->bodies[G->body].com;
      dGeomSetBody(og, ob);
      dGeomSetOffsetPosition(og, G->pos[0] - com[0], G->pos[1] - com[1], G->pos[2] - com[2]);
      dMatrix3 R;
      to_ode_rot(R, G->rot);
      dGeomSetOffsetRotation(og, R);
    } else if (G->type != GEOM_PLANE) {
      const double *p = s->d->geom_xpos + 3 * g;
      dGeomSetPosition(og, p[0], p[1], p[2]);
      dMatrix3 R;
      to_ode_rot(R, s->d->geom_xrot + 9 * g);
      dGeomSetRotation(og, R);
    }
  }
  return CB_OK;
}

void ode_scene_set_state(OdeScene *s, double t, const double *q, const double *v) {
  const Model *m = s->m;
  Data *d = s->d;
  mb_kinematics(m, d, q);
  mb_velocities(m, d, v);
  kinematic_update(m, d, t);
  for (int b = 1; b < m->nbody; ++b) {
    dBodyID ob = s->body[b];
    if (!ob) continue;
    const double *R = d->xrot + 9 * b, *c = d->xcom + 3 * b, *o = d->xpos + 3 * b;
    double w[3], vo[3], r[3], vc[3];
    m3_mulv(w, R, d->body_vel + 6 * b);
    m3_mulv(vo, R, d->body_vel + 6 * b + 3);
    v3_sub(r, c, o);
    v3_cross(vc, w, r);
    v3_add(vc, vc, vo);
    dMatrix3 OR;
    to_ode_rot(OR, R);
    dBodySetPosition(ob, c[0], c[1], c[2]);
    dBodySetRotation(ob, OR);
    dBodySetLinearVel(ob, vc[0], vc[1], vc[2]);
    dBodySetAngularVel(ob, w[0], w[1], w[2]);
    dBodySetForce(ob, 0, 0, 0);
    dBodySetTorque(ob, 0, 0, 0);
  }
  memcpy(s->q_prev, q, sizeof(double) * (size_t)m->nq);
}

/* The body origin's world position, angular velocity and origin velocity of ODE body ob. */
static void origin_state(const Body *B, dBodyID ob, double *po, double *R, double *w, double *vo) {
  const dReal *c = dBodyGetPosition(ob), *lv = dBodyGetLinearVel(ob), *av = dBodyGetAngularVel(ob);
  from_ode_rot(R, dBodyGetRotation(ob));
  double rc[3], cw[3];
  m3_mulv(rc, R, B->com);
  for (int i = 0; i < 3; ++i) po[i] = c[i] - rc[i], w[i] = av[i];
  v3_cross(cw, w, rc);
  for (int i = 0; i < 3; ++i) vo[i] = lv[i] - cw[i];
}

/* The rate of ODE's slider position a . (p0 - p1 - R1 offset) with the axis a and the offset
 * fixed in the parent (body 1): a . (v0 - v1 - w1 x (p0 - p1)). dJointGetSliderPositionRate
 * leaves out the parent's rotation, which a slider on a moving, turning parent has. */
static double slider_rate(const OdeScene *s, int b) {
  dVector3 a;
  dJointGetSliderAxis(s->joint[b], a);
  dBodyID child = s->body[b], parent = s->body[s->m->bodies[b].parent];
  const dReal *v0 = dBodyGetLinearVel(child);
  double rel[3] = {v0[0], v0[1], v0[2]};
  if (parent) {
    const dReal *p0 = dBodyGetPosition(child), *p1 = dBodyGetPosition(parent), *v1 = dBodyGetLinearVel(parent);
    const dReal *w1 = dBodyGetAngularVel(parent);
    double r[3] = {p0[0] - p1[0], p0[1] - p1[1], p0[2] - p1[2]}, w[3] = {w1[0], w1[1], w1[2]}, wr[3];
    v3_cross(wr, w, r);
    for (int i = 0; i < 3; ++i) rel[i] -= v1[i] + wr[i];
  }
  return a[0] * rel[0] + a[1] * rel[1] + a[2] * rel[2];
}

void ode_scene_get_state(OdeScene *s, double *q, double *v) {
  const Model *m = s->m;
  for (int b = 1; b < m->nbody; ++b) {
    const Body *B = &m->bodies[b];
    if (!moving(B) || B->nq == 0) continue;
    double *qb = q + B->qadr, *vb = v + B->vadr;
    if (B->joint == JOINT_FREE) {
      /* q and v are in the joint frame F on the world (model.h): p = R_F^T (p_w - p_F),
       * quat = q_F^* quat_w, w = R_F^T w_w, v_o = R_F^T v_o,w */
      double po[3], R[9], w[3], vo[3], dp[3];
      origin_state(B, s->body[b], po, R, w, vo);
      v3_sub(dp, po, B->joint_pos);
      m3_tmulv(qb, B->joint_rot, dp);
      const dReal *qw = dBodyGetQuaternion(s->body[b]);
      double quat_w[4] = {qw[0], qw[1], qw[2], qw[3]};
      double qF_conj[4] = {B->joint_quat[0], -B->joint_quat[1], -B->joint_quat[2], -B->joint_quat[3]};
      quat_mul(qb + 3, qF_conj, quat_w);
      quat_normalize(qb + 3);
      /* ODE picks the quaternion's sign when a rotation is set: keep q continuous */
      const double *qp = s->q_prev + B->qadr + 3;
      if (qb[3] * qp[0] + qb[4] * qp[1] + qb[5] * qp[2] + qb[6] * qp[3] < 0)
        for (int i = 3; i < 7; ++i) qb[i] = -qb[i];
      m3_tmulv(vb, B->joint_rot, w);
      m3_tmulv(vb + 3, B->joint_rot, vo);
    } else if (B->joint == JOINT_REVOLUTE) {
      /* ODE's angle is in (-pi, pi]: unwrapped against the last q (a step turns by less than pi) */
      double a = dJointGetHingeAngle(s->joint[b]) + s->angle_zero[b], prev = s->q_prev[B->qadr];
      qb[0] = prev + remainder(a - prev, 2 * M_PI);
      vb[0] = dJointGetHingeAngleRate(s->joint[b]);
    } else if (B->joint == JOINT_PRISMATIC) {
      qb[0] = dJointGetSliderPosition(s->joint[b]);
      vb[0] = slider_rate(s, b);
    }
  }
  memcpy(s->q_prev, q, sizeof(double) * (size_t)m->nq);
}

void ode_scene_apply_forces(OdeScene *s, const double *tau) {
  const Model *m = s->m;
  for (int b = 1; b < m->nbody; ++b) {
    const Body *B = &m->bodies[b];
    if (!moving(B) || B->nv == 0) continue;
    const double *tb = tau + B->vadr;
    if (B->joint == JOINT_FREE) {
      /* tau = [torque; force at the origin] in F (the power tau . v): world force R_F tau_v at
       * the origin and torque R_F tau_w */
      double po[3], R[9], w[3], vo[3], f[3], n[3];
      origin_state(B, s->body[b], po, R, w, vo);
      m3_mulv(n, B->joint_rot, tb);
      m3_mulv(f, B->joint_rot, tb + 3);
      dBodyAddForceAtPos(s->body[b], f[0], f[1], f[2], po[0], po[1], po[2]);
      dBodyAddTorque(s->body[b], n[0], n[1], n[2]);
    } else if (B->joint == JOINT_REVOLUTE) {
      dJointAddHingeTorque(s->joint[b], tb[0]);
    } else if (B->joint == JOINT_PRISMATIC) {
      dJointAddSliderForce(s->joint[b], tb[0]);
    }
  }
}

void ode_scene_move_kinematic(OdeScene *s, double t, double h) {
  const Model *m = s->m;
  for (int b = 1; b < m->nbody; ++b) {
    const Body *B = &m->bodies[b];
    if (!B->kinematic || !s->body[b]) continue;
    double off0[3], off1[3], vel[3], rc[3];
    kinematic_motion(B, t, off0, vel);
    kinematic_motion(B, t + h, off1, vel);
    m3_mulv(rc, B->joint_rot, B->com);
    dBodySetPosition(s->body[b], B->joint_pos[0] + off0[0] + rc[0], B->joint_pos[1] + off0[1] + rc[1],
                     B->joint_pos[2] + off0[2] + rc[2]);
    dBodySetLinearVel(s->body[b], (off1[0] - off0[0]) / h, (off1[1] - off0[1]) / h, (off1[2] - off0[2]) / h);
    dBodySetAngularVel(s->body[b], 0, 0, 0);
  }
}

/* World surface velocity of geometry g at time t (zero without a belt). */
static void surface_velocity(const OdeScene *s, int g, double t, double *u) {
  const Geom *G = &s->m->geoms[g];
  u[0] = u[1] = u[2] = 0;
  if (!G->has_surface_velocity) return;
  double a = G->surface_bias + G->surface_amp * sin(2 * M_PI * G->surface_freq * t), ul[3], R[9];
  v3_scale(ul, G->surface_dir, a);
  if (G->type == GEOM_PLANE) memcpy(R, s->d->geom_xrot + 9 * g, sizeof R); /* static: its pose never changes */
  else from_ode_rot(R, dGeomGetRotation(s->geom[g]));
  m3_mulv(u, R, ul);
}

static void near_callback(void *data, dGeomID o1, dGeomID o2) {
  OdeScene *s = data;
  const Model *m = s->m;
  int g1 = *(const int *)dGeomGetData(o1), g2 = *(const int *)dGeomGetData(o2);
  if (!collision_pair_allowed(m, g1, g2)) return;
  int n = dCollide(o1, o2, ODE_MAX_PAIR_CONTACTS, s->cg, sizeof(dContactGeom));
  if (n <= 0) return;
  ContactParams par;
  contact_combine(&m->materials[m->geoms[g1].material], &m->materials[m->geoms[g2].material], m->stiction_tolerance,
                  &par);
  double mu = s->set.friction_static ? par.mu_static : par.mu_dynamic;
  double u1[3], u2[3], w[3];
  surface_velocity(s, g1, s->t_end_step, u1);
  surface_velocity(s, g2, s->t_end_step, u2);
  v3_sub(w, u2, u1);
  dBodyID b1 = dGeomGetBody(o1), b2 = dGeomGetBody(o2);
  for (int i = 0; i < n; ++i) {
    dContact c;
    memset(&c, 0, sizeof c);
    c.geom = s->cg[i];
    c.surface.mode = dContactApprox1;
    c.surface.mu = mu;
    if (isfinite(par.stiffness)) {
      /* the spring-damper of ODE's manual, ERP = h k/(h k + c), CFM = 1/(h k + c), with Hunt-Crossley's
       * damping k d x (CENIC eq. 5) at this contact's depth x as the linear c */
      double k = par.stiffness, cdamp = k * par.dissipation * fmax(c.geom.depth, 0.0), hk = s->h * k;
      c.surface.mode |= dContactSoftERP | dContactSoftCFM;
      c.surface.soft_erp = hk / (hk + cdamp);
      c.surface.soft_cfm = 1.0 / (hk + cdamp);
    }
    /* belts: the relative surface velocity as the first friction direction's target,
     * (v1 - v2) . t1 = motion1 with v the bodies' contact-point velocities (ODE's contact row) */
    const double *nrm = c.geom.normal;
    double wt[3], wn = v3_dot(w, nrm);
    for (int k = 0; k < 3; ++k) wt[k] = w[k] - wn * nrm[k];
    double speed = v3_norm(wt);
    if (speed > 0) {
      c.surface.mode |= dContactFDir1 | dContactMotion1;
      for (int k = 0; k < 3; ++k) c.fdir1[k] = wt[k] / speed;
      c.surface.motion1 = speed;
    }
    dJointID j = dJointCreateContact(s->world, s->contact_group, &c);
    dJointAttach(j, b1, b2);
    s->contacts++;
  }
}

double ode_scene_farthest(const OdeScene *s) {
  double far = 0;
  for (int b = 1; b < s->m->nbody; ++b) {
    if (!s->body[b]) continue;
    const dReal *p = dBodyGetPosition(s->body[b]);
    double r = sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]);
    if (!isfinite(r)) return NAN;
    far = fmax(far, r);
  }
  return far;
}

void ode_scene_collide(OdeScene *s, double t_end, double h) {
  s->t_end_step = t_end;
  s->h = h;
  dSpaceCollide(s->space, s, near_callback);
}
