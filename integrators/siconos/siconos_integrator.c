/* `siconos`: the Siconos 4.4 kernel as the reference nonsmooth time stepper for the rigid rows
 * (docs/rigid.md): Moreau-Jean time stepping (MoreauJeanOSI, theta) with Siconos' Newton loop,
 * NewtonImpactFrictionNSL (restitution 0, the pair's Coulomb mu) and a FrictionContact(3)
 * problem per Newton iteration solved by SICONOS_FRICTION_3D_NSGS. Contact is rigid: the
 * scene's stiffness and dissipation are not used.
 * Bodies: every moving body becomes a NewtonEulerDS at its centre of mass (siconos_shim); bodies
 * welded to the world carry static geometry. cbench's trees are reduced coordinates, Siconos'
 * are maximal: a revolute joint is a PivotJointR, a prismatic one a PrismaticJointR, a fixed one
 * inside a moving tree a FixedJointR (equality constraints on the velocities, Moreau-Jean's
 * velocity level: the joints drift in position at O(h) per unit time, and q is read back from
 * the bodies' relative pose), limits JointStopR (rigid, restitution 0). Contacts: cbench's own collision
 * (system_step_data with the step as speculative horizon, the contacts ncp sees) at the start of
 * each step, one Siconos Interaction per contact point; Siconos decides which are active
 * (MoreauJeanOSI: gap + h/2 gap rate <= 0). Prescribed forces, controllers, joint springs and
 * damping are cbench's generalized forces at the step start (explicit), applied as wrenches on
 * free bodies and as torque (force) pairs on the two bodies of a joint; controller states
 * advance by forward Euler. What the converter cannot represent is refused with a named reason.
 * Siconos steps itself: one TimeStepping step per engine step (common/stepper.h, STEPPER_ENGINE). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../models/contact.h"
#include "../../models/contact/contact_hooks.h"
#include "../../models/controller.h"
#include "../../models/math3d.h"
#include "../../models/multibody.h"
#include "../../models/system.h"
#include "../common/stepper.h"
#include "../integrator.h"
#include "siconos_shim.h"

typedef struct {
  SicSim *sim;
  Data *d;
  int nds;                 /* Siconos bodies */
  int *ds_body;            /* [nds] cbench body of each */
  int *body_ds;            /* [nbody] Siconos body of each cbench body, -1: static */
  double *pos, *twist;     /* [7 nds], [6 nds] */
  int njoint;
  int general;             /* joints, or a free joint whose frame is not the world's: cbench's kinematics */
  SicJoint *joints;        /* [njoint] made at each reset */
  int *joint_body;         /* [njoint] cbench body of each */
  double *bq;              /* [4 nbody] world orientation of each body (reset) */
  double *kin;             /* [18 nbody] R, origin, w, v_origin of each body, world (readback) */
  double *load;            /* [6 nds] force, torque about the COM, world */
  double *ztau, *zdot;     /* [nv], [nz]: controller state derivatives */
  double h;
  int max_iterations;      /* NSGS sweeps per solve (the record's solver block) */
  SicCounters seen;
  char why[512];
} SiconosRun;

static const OptionSpec siconos_options[] = {
    OPTION_DOUBLE_SPEC("theta", "0.5", 0.0, 1, 1.0,
                       "MoreauJeanOSI's theta (0.5: the Siconos examples' setting, 1: implicit Euler)"),
    OPTION_DOUBLE_SPEC("tolerance", "1e-6", 0.0, 1, 1.0, "NSGS tolerance on Siconos' fc3d error (as ncp's)"),
    OPTION_INT_SPEC("max_iterations", "10000", 1, 100000000, "NSGS sweeps per solve (as ncp's)"),
    OPTION_ENUM_SPEC("newton", "nonlinear", OPTION_CHOICES("nonlinear", "linear"),
                     "Siconos' Newton loop to convergence (its default, 1e-6, 50 iterations) or one iteration"),
    OPTIONS_END};

/* 0, or -1 with "FILE: FIELD: why" in err. */
static CbStatus siconos_check(const Model *m, CbError *e) {
  const char *src = m->source[0] ? m->source : m->name;
  if (m->nsuction > 0) {
    return CB_ERROR(e, CB_ERR_UNSUPPORTED, "%s: suction: the siconos peer has no suction cups (%d in the scene)", src, m->nsuction);
  }
  for (int b = 1; b < m->nbody; ++b) {
    const Body *B = &m->bodies[b];
    if (B->kinematic) {
      return CB_ERROR(e, CB_ERR_UNSUPPORTED, "%s: bodies[%d] ('%s').kinematic: kinematic bodies are not converted to Siconos", src,
               b - 1, B->name);
    }
    if (B->tree < 0) continue; /* welded to the world: static geometry */
    if (B->joint == JOINT_FREE && B->parent != 0) {
      return CB_ERROR(e, CB_ERR_UNSUPPORTED, "%s: bodies[%d] ('%s').joint: free joints are converted only on bodies attached to the world (this one "
               "is on '%s')",
               src, b - 1, B->name, m->bodies[B->parent].name);
    }
    if (B->armature != 0) { /* a rotor's reflected inertia has no place in Siconos' maximal coordinates */
      return CB_ERROR(e, CB_ERR_UNSUPPORTED, "%s: bodies[%d] ('%s').joint.armature: Siconos has no reflected rotor inertia (%g)", src,
               b - 1, B->name, B->armature);
    }
    if (!(B->mass > 0)) {
      return CB_ERROR(e, CB_ERR_UNSUPPORTED, "%s: bodies[%d] ('%s').mass: Siconos needs a positive mass, got %g", src, b - 1, B->name,
               B->mass);
    }
  }
  for (int g = 0; g < m->ngeom; ++g)
    if (m->geoms[g].has_surface_velocity) {
      return CB_ERROR(e, CB_ERR_UNSUPPORTED, "%s: geoms[%d] ('%s').surface_velocity: the siconos peer's contact relation has no surface velocity "
               "(conveyor belt)",
               src, g, m->geoms[g].name);
    }
  return CB_OK;
}

static void siconos_destroy(Integrator *it) {
  stepper_release(it);
  SiconosRun *c = it->content;
  if (!c) return;
  sic_destroy(c->sim);
  data_free(c->d);
  free(c->ds_body); free(c->body_ds); free(c->pos); free(c->twist);
  free(c->joints); free(c->joint_body); free(c->bq); free(c->kin); free(c->load); free(c->ztau); free(c->zdot);
  free(c);
  it->content = NULL;
}

static int free_root(const Body *B) { return B->joint == JOINT_FREE && B->parent == 0; }
/* A free joint on the world whose frame F is the world's: q and v are the body's, in the world. */
static int world_free(const Body *B) {
  return free_root(B) && B->joint_rot_identity && B->joint_pos[0] == 0 && B->joint_pos[1] == 0 && B->joint_pos[2] == 0;
}

/* cbench's free joint on the world (origin p, quaternion body->world, v = [w; v_origin], both
 * world) -> Siconos' NewtonEulerDS (COM G = p + R c, same quaternion, twist = [v_G; R^T w]).
 * A body of a tree: its COM and velocity from cbench's kinematics, its orientation composed
 * along the tree as quaternions (parent, joint frame, joint rotation). */
static void to_siconos(const Model *m, SiconosRun *c, const double *q, const double *v) {
  if (c->general) {
    mb_kinematics(m, c->d, q);
    mb_velocities(m, c->d, v);
    quat_identity(c->bq);
    for (int b = 1; b < m->nbody; ++b) {
      const Body *B = &m->bodies[b];
      double t[4], r[4];
      quat_mul(t, c->bq + 4 * B->parent, B->joint_quat);
      if (B->joint == JOINT_REVOLUTE) quat_from_axis_angle(r, B->axis, q[B->qadr]);
      else if (B->joint == JOINT_FREE) memcpy(r, q + B->qadr + 3, sizeof r);
      else quat_identity(r);
      quat_mul(c->bq + 4 * b, t, r);
      quat_normalize(c->bq + 4 * b);
    }
  }
  for (int k = 0; k < c->nds; ++k) {
    int b = c->ds_body[k];
    const Body *B = &m->bodies[b];
    double *pos = c->pos + 7 * k, *tw = c->twist + 6 * k;
    double R[9], rc[3], wr[3];
    if (!world_free(B)) {
      const double *bv = c->d->body_vel + 6 * b; /* [w; v_origin], body frame */
      const double *Rb = c->d->xrot + 9 * b;
      v3_copy(pos, c->d->xcom + 3 * b);
      memcpy(pos + 3, c->bq + 4 * b, 4 * sizeof(double));
      v3_cross(wr, bv, B->com);
      v3_add(wr, wr, bv + 3);
      m3_mulv(tw, Rb, wr);
      v3_copy(tw + 3, bv);
      continue;
    }
    const double *qb = q + B->qadr, *vb = v + B->vadr;
    quat_to_mat(R, qb + 3);
    m3_mulv(rc, R, B->com);
    v3_add(pos, qb, rc);
    memcpy(pos + 3, qb + 3, 4 * sizeof(double));
    v3_cross(wr, vb, rc);
    v3_add(tw, vb + 3, wr);
    m3_tmulv(tw + 3, R, vb);
  }
}

/* The joints at the reset configuration (c->d holds its kinematics): the pivot at the body
 * origin (on the axis at every angle, model.h), the axis in the world, the limits from q. */
static void joints_at(const Model *m, SiconosRun *c, const double *q) {
  for (int j = 0; j < c->njoint; ++j) {
    int b = c->joint_body[j];
    const Body *B = &m->bodies[b];
    SicJoint *J = &c->joints[j];
    J->type = B->joint == JOINT_REVOLUTE ? SIC_JOINT_PIVOT : B->joint == JOINT_PRISMATIC ? SIC_JOINT_PRISMATIC
                                                                                           : SIC_JOINT_FIXED;
    J->a = c->body_ds[b];
    J->b = c->body_ds[B->parent];
    v3_copy(J->point, c->d->xpos + 3 * b);
    m3_mulv(J->axis, c->d->xrot + 9 * b, B->axis);
    J->has_lower = J->has_upper = B->nv == 1 && B->has_limit;
    if (B->nv == 1) {
      J->lower = B->limit_lower - q[B->qadr];
      J->upper = B->limit_upper - q[B->qadr];
    }
  }
}

static void from_siconos(const Model *m, SiconosRun *c, double *q, double *v) {
  for (int k = 0; k < c->nds; ++k) {
    const Body *B = &m->bodies[c->ds_body[k]];
    if (!free_root(B)) continue;
    if (!world_free(B)) continue; /* below, with the others */
    double *qb = q + B->qadr, *vb = v + B->vadr;
    const double *pos = c->pos + 7 * k, *tw = c->twist + 6 * k;
    double R[9], rc[3], wr[3], quat[4];
    memcpy(quat, pos + 3, sizeof quat);
    quat_normalize(quat);
    quat_to_mat(R, quat);
    m3_mulv(rc, R, B->com);
    v3_sub(qb, pos, rc);
    memcpy(qb + 3, quat, sizeof quat);
    m3_mulv(vb, R, tw + 3);
    v3_cross(wr, vb, rc);
    v3_sub(vb + 3, tw, wr);
  }
  if (!c->general) return;
  /* every body's pose and velocity in the world: static ones from cbench's kinematics (c->d,
   * the step start's: they do not move), moving ones from Siconos */
  for (int b = 0; b < m->nbody; ++b) {
    double *K = c->kin + 18 * b; /* R[9], o[3], w[3], vo[3] */
    int k = c->body_ds[b];
    if (k < 0) {
      memcpy(K, c->d->xrot + 9 * b, 9 * sizeof(double));
      v3_copy(K + 9, c->d->xpos + 3 * b);
      memset(K + 12, 0, 6 * sizeof(double));
      continue;
    }
    const double *pos = c->pos + 7 * k, *tw = c->twist + 6 * k;
    double quat[4], rc[3], wr[3];
    memcpy(quat, pos + 3, sizeof quat);
    quat_normalize(quat);
    quat_to_mat(K, quat);
    m3_mulv(rc, K, m->bodies[b].com);
    v3_sub(K + 9, pos, rc);
    m3_mulv(K + 12, K, tw + 3);
    v3_cross(wr, K + 12, rc);
    v3_sub(K + 15, tw, wr);
  }
  for (int k = 0; k < c->nds; ++k) {
    int b = c->ds_body[k];
    const Body *B = &m->bodies[b];
    if (!free_root(B) || world_free(B)) continue;
    /* q and v in the joint frame F on the world (model.h): p = R_F^T (p_w - p_F),
     * quat = q_F^* quat_w, w = R_F^T w_w, v_o = R_F^T v_o,w */
    const double *K = c->kin + 18 * b;
    double *qb = q + B->qadr, *vb = v + B->vadr, dp[3], quat[4];
    double qF_conj[4] = {B->joint_quat[0], -B->joint_quat[1], -B->joint_quat[2], -B->joint_quat[3]};
    v3_sub(dp, K + 9, B->joint_pos);
    m3_tmulv(qb, B->joint_rot, dp);
    memcpy(quat, c->pos + 7 * k + 3, sizeof quat);
    quat_normalize(quat);
    quat_mul(qb + 3, qF_conj, quat);
    quat_normalize(qb + 3);
    m3_tmulv(vb, B->joint_rot, K + 12);
    m3_tmulv(vb + 3, B->joint_rot, K + 15);
  }
  for (int j = 0; j < c->njoint; ++j) {
    int b = c->joint_body[j];
    const Body *B = &m->bodies[b];
    if (B->nv != 1) continue;
    const double *Kb = c->kin + 18 * b, *Kp = c->kin + 18 * B->parent;
    double RF[9], aw[3], dw[3];
    m3_mul(RF, Kp, B->joint_rot);
    m3_mulv(aw, RF, B->axis);
    if (B->joint == JOINT_REVOLUTE) {
      /* R_b = R_F Rot(axis, q) (models/multibody/kinematics.c): the angle that turns u, a unit
       * vector normal to the axis, into R_F^T R_b u; unwrapped against the step start's q */
      const double *ax = B->axis;
      double e[3] = {0, 0, 0}, u[3], Ru[3], t[3], uxRu[3], Rrel[9];
      int i = fabs(ax[0]) < fabs(ax[1]) ? (fabs(ax[0]) < fabs(ax[2]) ? 0 : 2) : (fabs(ax[1]) < fabs(ax[2]) ? 1 : 2);
      e[i] = 1;
      v3_cross(u, ax, e);
      v3_normalize(u);
      m3_tmul(Rrel, RF, Kb);
      m3_mulv(Ru, Rrel, u);
      v3_cross(uxRu, u, Ru);
      double angle = atan2(v3_dot(ax, uxRu), v3_dot(u, Ru)), prev = q[B->qadr];
      q[B->qadr] = prev + remainder(angle - prev, 2 * M_PI);
      v3_sub(t, Kb + 12, Kp + 12);
      v[B->vadr] = v3_dot(aw, t);
    } else {
      /* q = a . (o_b - p_F), p_F = o_p + R_p joint_pos; its rate with the axis turning with the
       * parent: a . (v_b - p_F') + (w_p x a) . (o_b - p_F) */
      double rp[3], pF[3], dpF[3], d[3], t[3];
      m3_mulv(rp, Kp, B->joint_pos);
      v3_add(pF, Kp + 9, rp);
      v3_sub(d, Kb + 9, pF);
      q[B->qadr] = v3_dot(aw, d);
      v3_cross(dpF, Kp + 12, rp);
      v3_add(dpF, dpF, Kp + 15);
      v3_sub(t, Kb + 15, dpF);
      v3_cross(dw, Kp + 12, aw);
      v[B->vadr] = v3_dot(aw, t) + v3_dot(dw, d);
    }
  }
}

static int siconos_engine_reset(void *content, double t0, const double *x0) {
  Integrator *it = content;
  SiconosRun *c = it->content;
  const Model *m = it->model;
  to_siconos(m, c, x0, x0 + m->nq);
  joints_at(m, c, x0);
  memset(&c->seen, 0, sizeof c->seen);
  if (sic_reset(c->sim, t0, c->h, c->pos, c->twist, c->joints, c->njoint, c->why, sizeof c->why) != 0)
    return integrator_fail(it, CB_ERR_MODEL, "%s", c->why);
  return CB_OK;
}

/* Siconos' counters since the last step into it->stats: the NSGS sweeps are the rigid rows'
 * newton_iters (docs/rigid.md), and the solver block counts the solves. */
static void sync_counters(Integrator *it, SiconosRun *c) {
  SicCounters now;
  sic_counters(c->sim, &now);
  it->stats.newton_iters += now.nsgs_iters - c->seen.nsgs_iters;
  it->stats.conv_failures += now.newton_unconverged - c->seen.newton_unconverged;
  ContactSolverStats *s = &it->stats.solver;
  s->solves += now.solves - c->seen.solves;
  s->iterations += now.nsgs_iters - c->seen.nsgs_iters;
  if (now.nsgs_iters_max > s->iterations_max) s->iterations_max = now.nsgs_iters_max;
  s->stop_limit += now.solver_failures - c->seen.solver_failures;
  s->stop_tolerance += (now.solves - now.solver_failures) - (c->seen.solves - c->seen.solver_failures);
  c->seen = now;
}

/* The step start's generalized forces (c->d: system_step_data's tau, with the controllers) and
 * the joint springs and damping cbench keeps in k(q, v), as Siconos loads: a free body's
 * [torque about the origin; force] (world) and its gravity at the COM; a joint's tau as a torque
 * (revolute) or a force at the child's COM (prismatic) on the child and the opposite on the
 * parent. The pair does the work tau q' and no other: the reduced generalized forces are
 * cbench's, whatever body of the tree a force acts on. */
static void set_loads(const Model *m, SiconosRun *c, const double *q, const double *v) {
  const Data *d = c->d;
  for (int k = 0; k < c->nds; ++k) {
    int b = c->ds_body[k];
    const Body *B = &m->bodies[b];
    double *f = c->load + 6 * k, *tq = f + 3;
    v3_scale(f, m->gravity, B->mass);
    v3_set(tq, 0, 0, 0);
    if (!free_root(B)) continue;
    /* [torque about the origin; force] in the free joint's frame F (the power tau . v) */
    const double *tau = d->tau + B->vadr;
    double rc3[3], rxf[3], tw[6];
    if (!world_free(B)) {
      m3_mulv(tw, B->joint_rot, tau);
      m3_mulv(tw + 3, B->joint_rot, tau + 3);
      tau = tw;
    }
    v3_add(f, f, tau + 3);
    v3_sub(rc3, d->xcom + 3 * b, d->xpos + 3 * b);
    v3_cross(rxf, rc3, tau + 3);
    v3_sub(tq, tau, rxf); /* about the COM */
  }
  for (int j = 0; j < c->njoint; ++j) {
    int b = c->joint_body[j];
    const Body *B = &m->bodies[b];
    if (B->nv != 1) continue;
    double tau = d->tau[B->vadr] - B->damping * v[B->vadr] - B->stiffness * (q[B->qadr] - B->spring_ref);
    double aw[3], l[3];
    m3_mulv(aw, d->xrot + 9 * b, B->axis);
    v3_scale(l, aw, tau);
    int k = c->body_ds[b], kp = c->body_ds[B->parent];
    if (B->joint == JOINT_REVOLUTE) {
      v3_add(c->load + 6 * k + 3, c->load + 6 * k + 3, l);
      if (kp >= 0) v3_sub(c->load + 6 * kp + 3, c->load + 6 * kp + 3, l);
    } else {
      v3_add(c->load + 6 * k, c->load + 6 * k, l);
      if (kp >= 0) { /* -l at the child's COM: about the parent's COM, (G_b - G_p) x -l */
        double r[3], t[3];
        v3_sub(c->load + 6 * kp, c->load + 6 * kp, l);
        v3_sub(r, d->xcom + 3 * b, d->xcom + 3 * B->parent);
        v3_cross(t, r, l);
        v3_sub(c->load + 6 * kp + 3, c->load + 6 * kp + 3, t);
      }
    }
  }
  for (int k = 0; k < c->nds; ++k) sic_set_load(c->sim, k, c->load + 6 * k, c->load + 6 * k + 3);
}

static int siconos_engine_step(void *content, double t, double dt, const double *x, double *xout) {
  Integrator *it = content;
  SiconosRun *c = it->content;
  const Model *m = it->model;
  Data *d = c->d;
  if (fabs(dt - c->h) > 1e-12 * c->h)
    return integrator_fail(it, CB_ERR_OPTION, "siconos: the engine step %g differs from the simulation's %g", dt, c->h);
  const double *q = x, *v = x + m->nq;
  /* contacts that can close within the step (the speculative horizon), as ncp's */
  int rc = system_step_data(m, d, t, q, v, x + m->nq + m->nv, dt);
  if (rc != CB_OK) return integrator_fail(it, rc, "siconos: out of memory evaluating the model at t = %g", t);
  set_loads(m, c, q, v);
  if (m->nz > 0) { /* controller states: forward Euler from the step start */
    memset(c->ztau, 0, sizeof(double) * (size_t)m->nv);
    controller_eval(m, d, t, q, v, x + m->nq + m->nv, c->ztau, c->zdot);
  }
  sic_clear_contacts(c->sim);
  for (int i = 0; i < d->ncon; ++i) {
    const Contact *ct = &d->contacts[i];
    int a = c->body_ds[ct->body[0]], b = c->body_ds[ct->body[1]];
    if (a < 0 && b < 0) continue;
    /* the witness points (contact_jacobian.c): n . (pA - pB) = phi */
    double w = contact_point_weight(&m->materials[m->geoms[ct->geom[0]].material],
                                    &m->materials[m->geoms[ct->geom[1]].material]);
    double pA[3], pB[3], n[3];
    v3_copy(n, ct->frame + 6);
    v3_copy(pA, ct->pos);
    v3_axpy(pA, (1.0 - w) * ct->phi, n);
    v3_copy(pB, ct->pos);
    v3_axpy(pB, -w * ct->phi, n);
    int ok;
    if (a >= 0) ok = sic_add_contact(c->sim, a, b, pA, pB, n, contact_coulomb_mu(&ct->par));
    else {
      v3_scale(n, n, -1.0);
      ok = sic_add_contact(c->sim, b, -1, pB, pA, n, contact_coulomb_mu(&ct->par));
    }
    if (ok != 0) return integrator_fail(it, CB_ERR_MEMORY, "siconos: out of memory adding contacts");
  }
  if (sic_step(c->sim, c->why, sizeof c->why) != 0) {
    sync_counters(it, c);
    return integrator_fail(it, CB_ERR_SOLVER, "%s (t = %g)", c->why, t);
  }
  sync_counters(it, c);
  it->stats.rhs_evals++;
  for (int k = 0; k < c->nds; ++k) sic_get_body(c->sim, k, c->pos + 7 * k, c->twist + 6 * k);
  memcpy(xout, x, sizeof(double) * (size_t)(m->nq + m->nv + m->nz));
  from_siconos(m, c, xout, xout + m->nq);
  for (int i = 0; i < m->nz; ++i) xout[m->nq + m->nv + i] += dt * c->zdot[i];
  return CB_OK;
}

static const char *siconos_why(void *content) {
  Integrator *it = content;
  SiconosRun *c = it->content;
  return c->why[0] ? c->why : NULL;
}

static const EngineOps siconos_engine = {.reset = siconos_engine_reset, .step = siconos_engine_step, .why = siconos_why};

static void note_settings(Integrator *it, const SicConfig *cfg) {
  const Model *m = it->model;
  int two = 0;
  for (int i = 0; i < m->nmaterial; ++i) two |= m->materials[i].mu_static != m->materials[i].mu_dynamic;
  integrator_note(it,
                  "siconos: matched: the pair's Coulomb mu_dynamic (one coefficient, as the rigid rows)%s; contact "
                  "points and normals are cbench's collision's (the step's speculative contacts, as ncp's)",
                  two ? "; the scene's mu_static differs and is not used" : "");
  integrator_note(it, "siconos: contact is rigid (NewtonImpactFrictionNSL, restitution 0): the scene's contact "
                      "stiffness k and dissipation d are not used");
  integrator_note(it,
                  "siconos: Siconos' own: MoreauJeanOSI theta %g, activation gap + h/2 gap rate <= 0, Newton loop %s, "
                  "NSGS tolerance %g and %d sweeps, no position correction, gyroscopic term Siconos'",
                  cfg->theta, cfg->newton_linear ? "of one iteration" : "to 1e-6 (50 iterations)", cfg->tolerance,
                  cfg->max_iterations);
  int limits = 0, springs = 0, fixed = 0, pivot = 0, slider = 0;
  for (int b = 1; b < m->nbody; ++b) {
    const Body *B = &m->bodies[b];
    if (B->tree < 0) continue;
    limits |= B->nv == 1 && B->has_limit;
    springs |= B->nv == 1 && (B->damping != 0 || B->stiffness != 0);
    fixed |= B->joint == JOINT_FIXED;
    pivot |= B->joint == JOINT_REVOLUTE;
    slider |= B->joint == JOINT_PRISMATIC;
  }
  SiconosRun *c = it->content;
  char kinds[64];
  snprintf(kinds, sizeof kinds, "%s%s%s", pivot ? ", PivotJointR" : "", slider ? ", PrismaticJointR" : "",
           fixed ? ", FixedJointR" : "");
  if (c->njoint > 0)
    integrator_note(it,
                    "siconos: joints are Siconos' mechanics relations (%s) on Newton-Euler "
                    "bodies, equalities at the velocity level (no position projection: they drift), solved with the "
                    "contacts as one GenericMechanical problem (NSGS over the blocks, one-contact NSN for friction)%s",
                    kinds + 2,
                    limits ? "; joint limits are rigid JointStopR stops (restitution 0), not cbench's compliant "
                             "limit_stiffness/limit_damping" : "");
  if (m->nforce > 0 || m->ncontroller > 0 || springs)
    integrator_note(it, "siconos: prescribed forces, controllers, joint springs and damping are explicit: cbench's "
                        "generalized forces at the start of each step as loads (controller states by forward Euler)");
}

static int siconos_create(Integrator *it) {
  const Model *m = it->model;
  OptionValues ov;
  int rc = engine_fixed_step_options(it, &ov);
  if (rc) return rc;
  char err[2048] = ""; /* the scene's path and a body's name fit */
  if (siconos_check(m, CB_ERR_BUF(err, sizeof err)) != CB_OK) return integrator_fail(it, CB_ERR_UNSUPPORTED, "%s", err);
  SicConfig cfg = {.theta = option_double(&ov, "theta"),
                   .tolerance = option_double(&ov, "tolerance"),
                   .max_iterations = (int)option_int(&ov, "max_iterations"),
                   .newton_linear = option_enum(&ov, "newton") == 1};
  SiconosRun *c = calloc(1, sizeof *c);
  if (!c) return integrator_fail(it, CB_ERR_MEMORY, "out of memory");
  it->content = c;
  c->h = it->opt.dt;
  c->d = data_create(m);
  c->body_ds = malloc(sizeof(int) * (size_t)m->nbody);
  c->ds_body = malloc(sizeof(int) * (size_t)m->nbody);
  double *mass = calloc((size_t)m->nbody, sizeof(double)), *inertia = calloc(9 * (size_t)m->nbody, sizeof(double));
  c->pos = calloc(7 * (size_t)m->nbody, sizeof(double));
  c->twist = calloc(6 * (size_t)m->nbody, sizeof(double));
  c->joints = calloc((size_t)m->nbody, sizeof(SicJoint));
  c->joint_body = calloc((size_t)m->nbody, sizeof(int));
  c->bq = calloc(4 * (size_t)m->nbody, sizeof(double));
  c->kin = calloc(18 * (size_t)m->nbody, sizeof(double));
  c->load = calloc(6 * (size_t)m->nbody, sizeof(double));
  c->ztau = calloc((size_t)m->nv + 1, sizeof(double));
  c->zdot = calloc((size_t)m->nz + 1, sizeof(double));
  if (!c->d || !c->body_ds || !c->ds_body || !mass || !inertia || !c->pos || !c->twist || !c->joints ||
      !c->joint_body || !c->bq || !c->kin || !c->load || !c->ztau || !c->zdot) {
    free(mass); free(inertia);
    return integrator_fail(it, CB_ERR_MEMORY, "out of memory");
  }
  data_count_geometry_into(c->d, &it->stats.geometry_queries);
  for (int b = 0; b < m->nbody; ++b) {
    c->body_ds[b] = -1;
    if (b == 0 || m->bodies[b].tree < 0) continue;
    c->body_ds[b] = c->nds;
    c->ds_body[c->nds] = b;
    mass[c->nds] = m->bodies[b].mass;
    memcpy(inertia + 9 * c->nds, m->bodies[b].inertia, 9 * sizeof(double));
    c->nds++;
    if (m->bodies[b].joint != JOINT_FREE) c->joint_body[c->njoint++] = b;
    c->general |= !world_free(&m->bodies[b]);
  }
  c->sim = sic_create(c->nds, mass, inertia, &cfg, err, sizeof err);
  free(mass); free(inertia);
  if (!c->sim) return integrator_fail(it, CB_ERR_MODEL, "%s", err);
  c->max_iterations = cfg.max_iterations;
  note_settings(it, &cfg);
  StepperConfig driver = {.kind = STEPPER_ENGINE, .engine = &siconos_engine, .content = it};
  return integrator_use_stepper(it, &driver);
}

/* integrator_reset clears the stats: the solver block's constants again, then the driver */
static int siconos_reset(Integrator *it, double t0, const double *x0) {
  SiconosRun *c = it->content;
  it->stats.solver.name = c->njoint ? "Siconos GMP NSGS (Moreau-Jean)" : "Siconos fc3d NSGS (Moreau-Jean)";
  it->stats.solver.max_iter = c->max_iterations;
  it->stats.solver.accept_limit = 1;
  return stepper_reset(it, t0, x0);
}

INTEGRATOR_VTBL(siconos_vtbl, "siconos",
                "Siconos 4.4 kernel: Moreau-Jean time stepping with rigid frictional contact (NSGS); the reference "
                "nonsmooth stepper for the rigid rows",
                1, siconos_create, siconos_reset, stepper_advance, siconos_destroy, .peer_model = 1,
                .default_error_norm = ERRNORM_FULL, .options = siconos_options, .family = "siconos",
                .controllers = CONTROLLERS_EXPLICIT /* cbench's inputs at the step start, as loads */);
