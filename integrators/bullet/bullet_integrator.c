/* `bullet` and `bullet-mlcp`: Bullet 3.24 (double precision) as fixed-step peers, one
 * stepSimulation(dt, 0) each (one internal step of exactly dt):
 *   bullet       btMultiBodyConstraintSolver, Bullet's sequential impulse (projected
 *                Gauss-Seidel, a fixed number of iterations)
 *   bullet-mlcp  btMultiBodyMLCPConstraintSolver over btDantzigSolver (the mixed LCP solved by
 *                pivoting; Bullet falls back to its PGS when the pivoting fails, counted)
 * The world is a btMultiBodyDynamicsWorld: the scenes' joints (revolute, prismatic, fixed, on
 * the world or on a free base) are Featherstone multibodies in reduced coordinates, which hold
 * them exactly as cbench's generalized coordinates do (a btDiscreteDynamicsWorld would join
 * maximal-coordinate rigid bodies by constraints that the same iterations must also solve); a
 * lone free body is a btRigidBody in the same world. The scene is converted by bullet_shim.cpp;
 * contact is Bullet's soft contact with the pair's stiffness and Hunt-Crossley damping mapped to
 * its ERP and CFM per point and step. Controllers, prescribed forces, joint springs and joint
 * damping are cbench's, evaluated at the start of each step and added as forces and joint
 * torques (explicit). Bullet steps itself: the engine driver (common/stepper.h, STEPPER_ENGINE). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../models/collision/broadphase.h"
#include "../../models/contact.h"
#include "../../models/controller.h"
#include "../../models/kinematic.h"
#include "../../models/multibody.h"
#include "../../models/system.h"
#include "../common/explicit_inputs.h"
#include "../common/stepper.h"
#include "../integrator.h"
#include "bullet_shim.h"

typedef struct {
  BtSim *sim;
  BtConfig cfg;
  Data *d;                 /* cbench kinematics for the inputs */
  int inputs;              /* controllers, applied forces, joint springs or damping present */
  int has_inverse_dynamics;
  int nkinematic;
  double *tau, *zdot;      /* [nv], [nz] */
  double *kin0, *kin1;     /* [3 nbody] kinematic bodies' origins at the step's ends */
  long fallbacks_noted;
  char why[512];
} BulletRun;

#define FRICTION_OPTION                                                                                     \
  OPTION_ENUM_SPEC("friction", "dynamic", OPTION_CHOICES("dynamic", "static"),                              \
                   "the scene's coefficient Bullet's single Coulomb coefficient takes")
#define MARGIN_OPTION                                                                                       \
  OPTION_DOUBLE_SPEC("margin", "0.001", 0.0, 1, 1.0,                                                         \
                     "collision margin of boxes and cylinders, m (rounds their edges; Bullet's default 0.04)")

static const OptionSpec bullet_options[] = {
    FRICTION_OPTION,
    OPTION_INT_SPEC("iterations", "10", 1, 100000, "sequential-impulse (PGS) iterations per step (Bullet's default 10)"),
    MARGIN_OPTION,
    OPTIONS_END};

static const OptionSpec bullet_mlcp_options[] = {
    FRICTION_OPTION,
    OPTION_INT_SPEC("iterations", "10", 1, 100000,
                    "PGS iterations of Bullet's fallback when the Dantzig solve fails (Bullet's default 10)"),
    MARGIN_OPTION,
    OPTIONS_END};

static const char *const geom_names[GEOM_NTYPES] = {"plane", "sphere", "box", "cylinder", "capsule"};

/* 0, or -1 with "FILE: FIELD: why Bullet cannot take it" in err. */
static CbStatus bullet_check(const Model *m, CbError *e) {
  const char *src = m->source[0] ? m->source : m->name;
  if (m->nsuction > 0) {
    return CB_ERROR(e, CB_ERR_UNSUPPORTED, "%s: suction: Bullet has no suction cups (%d in the scene)", src, m->nsuction);
  }
  for (int b = 1; b < m->nbody; ++b) {
    const Body *B = &m->bodies[b];
    if (B->joint == JOINT_FREE && B->parent != 0) {
      return CB_ERROR(e, CB_ERR_UNSUPPORTED, "%s: bodies[%d] ('%s').joint: Bullet multibodies have no free joint inside a tree (converted only "
               "on the world)",
               src, b - 1, B->name);
    }
    if (B->kinematic && B->parent != 0) {
      return CB_ERROR(e, CB_ERR_UNSUPPORTED, "%s: bodies[%d] ('%s').kinematic: Bullet kinematic bodies are converted only on the world",
               src, b - 1, B->name);
    }
    if (B->tree >= 0 && m->bodies[B->parent].kinematic) {
      return CB_ERROR(e, CB_ERR_UNSUPPORTED, "%s: bodies[%d] ('%s').parent: Bullet cannot joint a body to a kinematic body (its multibody base "
               "would need prescribed motion)",
               src, b - 1, B->name);
    }
    if (B->armature != 0) { /* btMultiBody links have no reflected rotor inertia */
      return CB_ERROR(e, CB_ERR_UNSUPPORTED, "%s: bodies[%d] ('%s').joint.armature: Bullet multibodies have no reflected rotor inertia (%g)",
               src, b - 1, B->name, B->armature);
    }
    if (B->tree >= 0 && !(B->mass > 0)) {
      return CB_ERROR(e, CB_ERR_UNSUPPORTED, "%s: bodies[%d] ('%s').mass: Bullet needs a positive mass on a moving body, got %g", src,
               b - 1, B->name, B->mass);
    }
  }
  for (int g = 0; g < m->ngeom; ++g) {
    const Geom *G = &m->geoms[g];
    if ((int)G->type < 0 || G->type >= GEOM_NTYPES) {
      return CB_ERROR(e, CB_ERR_UNSUPPORTED, "%s: geoms[%d] ('%s').type: Bullet's shim converts plane, sphere, box, cylinder and "
                            "capsule, not type %d", src, g, G->name, (int)G->type);
    }
    const Body *B = &m->bodies[G->body];
    if (G->type == GEOM_PLANE && (B->tree >= 0 || B->kinematic)) {
      return CB_ERROR(e, CB_ERR_UNSUPPORTED, "%s: geoms[%d] ('%s').type: Bullet's %s (btStaticPlaneShape) is static; this one is on a "
                            "moving body", src, g, G->name, geom_names[G->type]);
    }
  }
  return CB_OK;
}

static int joint_forces(const Model *m) {
  for (int b = 1; b < m->nbody; ++b)
    if (m->bodies[b].tree >= 0 && m->bodies[b].nv == 1 && (m->bodies[b].damping != 0 || m->bodies[b].stiffness != 0))
      return 1;
  return 0;
}

/* What Bullet models differently from cbench on this scene, and which settings are matched,
 * said in the record. */
static void note_settings(Integrator *it, const BtConfig *cfg, const BtCounters *bc) {
  const Model *m = it->model;
  int rigid = 0, two_coefficients = 0, margins = 0, limits = 0, kinematic = 0, belts = 0;
  for (int i = 0; i < m->nmaterial; ++i) two_coefficients |= m->materials[i].mu_static != m->materials[i].mu_dynamic;
  for (int a = 0; a < m->ngeom; ++a) {
    margins |= m->geoms[a].margin > 0;
    belts |= m->geoms[a].has_surface_velocity;
    for (int b = a + 1; b < m->ngeom; ++b)
      rigid |= !isfinite(m->materials[m->geoms[a].material].stiffness) &&
               !isfinite(m->materials[m->geoms[b].material].stiffness) && collision_pair_allowed(m, a, b);
  }
  for (int b = 1; b < m->nbody; ++b) {
    limits |= m->bodies[b].has_limit && m->bodies[b].tree >= 0;
    kinematic |= m->bodies[b].kinematic;
  }
  integrator_note(it,
                  "bullet: matched: per point and step ERP = h k/(h k + c), CFM = 1/(h k + c) (the k and c of "
                  "setContactStiffnessAndDamping) from the pair's k and c = k d x (Hunt-Crossley at depth x); "
                  "restitution 0");
  integrator_note(it,
                  "bullet: friction: Coulomb pyramid (two directions, each bounded by mu times the normal impulse) "
                  "with one coefficient, the pair's mu_%s%s",
                  cfg->friction_static ? "static" : "dynamic",
                  two_coefficients ? " (the scene has mu_static != mu_dynamic)" : "");
  if (cfg->mlcp)
    integrator_note(it, "bullet: Bullet's own: MLCP by btDantzigSolver (failures fall back to %d PGS iterations, counted "
                        "as conv_failures); warm start 0.85; no split impulse; no sleeping; gyroscopic term Bullet's",
                    cfg->iterations);
  else
    integrator_note(it, "bullet: Bullet's own: sequential impulse, %d iterations, no tolerance; warm start 0.85; no "
                        "split impulse; no sleeping; gyroscopic term Bullet's",
                    cfg->iterations);
  integrator_note(it,
                  "bullet: Bullet's own contact points (up to 4 per pair, multipoint 3/3, speculative within the "
                  "breaking threshold); margin %g m on boxes and cylinders; %d rigid bodies, %d multibodies (%d links)",
                  cfg->margin, bc->rigid_bodies, bc->multibodies, bc->links);
  if (rigid || limits)
    integrator_note(it, "bullet: Bullet's own stiffness on%s%s", rigid ? " rigid contact pairs (ERP2 0.2, CFM 0)" : "",
                    limits ? " joint limits (btMultiBodyJointLimitConstraint, not the compliant limit spring)" : "");
  if (margins) integrator_note(it, "bullet: geometry margins are not passed to Bullet");
  if (belts)
    integrator_note(it, "bullet: belts are the first friction direction's target velocity (contactMotion1) at the end "
                        "of each step");
  if (kinematic)
    integrator_note(it, "bullet: kinematic bodies are Bullet kinematic objects at their pose at the step's end, "
                        "moving at the secant velocity");
  if (m->ncontroller > 0 || m->nforce > 0 || joint_forces(m))
    integrator_note(it, "bullet: controllers, applied forces, joint springs and damping are explicit forces evaluated "
                        "at the start of each step");
}

static void bullet_destroy(Integrator *it) {
  stepper_release(it);
  BulletRun *c = it->content;
  if (!c) return;
  bt_destroy(c->sim);
  data_free(c->d);
  free(c->tau); free(c->zdot); free(c->kin0); free(c->kin1);
  free(c);
  it->content = NULL;
}

static const EngineOps bullet_engine;

static int bullet_create(Integrator *it) {
  const Model *m = it->model;
  OptionValues ov;
  int rc = engine_fixed_step_options(it, &ov);
  if (rc) return rc;
  BtConfig cfg = {.mlcp = it->vtbl->options == bullet_mlcp_options};
  cfg.friction_static = option_enum(&ov, "friction") == 1;
  cfg.iterations = (int)option_int(&ov, "iterations");
  cfg.margin = option_double(&ov, "margin");
  char err[2048] = ""; /* the scene's path and a body's name fit */
  if (bullet_check(m, CB_ERR_BUF(err, sizeof err)) != CB_OK) return integrator_fail(it, CB_ERR_MODEL, "%s", err);
  BulletRun *c = calloc(1, sizeof *c);
  if (!c) return integrator_fail(it, CB_ERR_MEMORY, "out of memory");
  it->content = c;
  c->cfg = cfg;
  c->d = data_create(m);
  size_t nb = (size_t)m->nbody, nm = (size_t)m->nmaterial;
  c->tau = calloc((size_t)m->nv + 1, sizeof(double));
  c->zdot = calloc((size_t)m->nz + 1, sizeof(double));
  c->kin0 = calloc(3 * nb, sizeof(double));
  c->kin1 = calloc(3 * nb, sizeof(double));
  unsigned char *allowed = calloc(nb * nb, 1);
  double *pairs = calloc(3 * nm * nm + 1, sizeof(double));
  if (!c->d || !c->tau || !c->zdot || !c->kin0 || !c->kin1 || !allowed || !pairs) {
    free(allowed); free(pairs);
    bullet_destroy(it);
    return integrator_fail(it, CB_ERR_MEMORY, "out of memory");
  }
  /* bodies may touch when any of their geometry pairs may (the rules are the bodies', but for
   * plane pairs, which are static) */
  for (int a = 0; a < m->ngeom; ++a)
    for (int b = a + 1; b < m->ngeom; ++b)
      if (collision_pair_allowed(m, a, b)) {
        size_t ba = (size_t)m->geoms[a].body, bb = (size_t)m->geoms[b].body;
        allowed[ba * nb + bb] = allowed[bb * nb + ba] = 1;
      }
  for (size_t i = 0; i < nm; ++i)
    for (size_t j = 0; j < nm; ++j) {
      ContactParams par;
      contact_combine(&m->materials[i], &m->materials[j], m->stiction_tolerance, &par);
      double *p = pairs + 3 * (i * nm + j);
      p[0] = par.stiffness;
      p[1] = par.dissipation;
      p[2] = cfg.friction_static ? par.mu_static : par.mu_dynamic;
    }
  mb_kinematics(m, c->d, m->q0);
  kinematic_update(m, c->d, 0.0);
  BtScenePoses poses = {.xpos = c->d->xpos, .xrot = c->d->xrot, .geom_xpos = c->d->geom_xpos,
                        .geom_xrot = c->d->geom_xrot, .allowed = allowed, .material_pairs = pairs};
  c->sim = bt_create(m, &cfg, &poses, CB_ERR_BUF(err, sizeof err));
  free(allowed); free(pairs);
  if (!c->sim) {
    bullet_destroy(it);
    return integrator_fail(it, CB_ERR_MODEL, "%s", err);
  }
  c->inputs = m->ncontroller > 0 || m->nforce > 0 || joint_forces(m);
  for (int k = 0; k < m->ncontroller; ++k) c->has_inverse_dynamics |= m->controllers[k].type == CTRL_INVERSE_DYNAMICS;
  for (int b = 1; b < m->nbody; ++b) c->nkinematic += m->bodies[b].kinematic;
  BtCounters bc;
  bt_counters(c->sim, &bc);
  note_settings(it, &cfg, &bc);
  StepperConfig driver = {.kind = STEPPER_ENGINE, .engine = &bullet_engine, .content = it};
  return integrator_use_stepper(it, &driver);
}

static int bullet_engine_reset(void *content, double t0, const double *x0) {
  Integrator *it = content;
  BulletRun *c = it->content;
  const Model *m = it->model;
  (void)t0;
  c->fallbacks_noted = 0;
  c->why[0] = 0;
  int rc = bt_reset(c->sim, x0, x0 + m->nq, CB_ERR_BUF(c->why, sizeof c->why));
  return rc == CB_OK ? CB_OK : integrator_fail(it, rc, "%s", c->why);
}

/* Generalized forces at the start of the step (t, x): prescribed forces, controllers, and the
 * joint springs and damping that cbench keeps in k(q, v) (model.h) and Bullet does not model.
 * Controller states advance by forward Euler into z_out. */
static void eval_inputs(const Model *m, BulletRun *c, double t, const double *x, double dt, double *z_out) {
  explicit_inputs_eval(m, c->d, c->has_inverse_dynamics, t, x, dt, c->tau, c->zdot, z_out);
  const double *q = x, *v = x + m->nq;
  for (int b = 1; b < m->nbody; ++b) {
    const Body *B = &m->bodies[b];
    if (B->tree < 0 || B->nv != 1) continue;
    c->tau[B->vadr] -= B->damping * v[B->vadr] + B->stiffness * (q[B->qadr] - B->spring_ref);
  }
}

/* One world step of dt from (t, x), the state Bullet holds, into xout. */
static int bullet_engine_step(void *content, double t, double dt, const double *x, double *xout) {
  Integrator *it = content;
  BulletRun *c = it->content;
  const Model *m = it->model;
  if (c->inputs) eval_inputs(m, c, t, x, dt, xout + m->nq + m->nv);
  else memcpy(xout + m->nq + m->nv, x + m->nq + m->nv, sizeof(double) * (size_t)m->nz);
  if (c->nkinematic)
    for (int b = 1; b < m->nbody; ++b) {
      const Body *B = &m->bodies[b];
      if (!B->kinematic) continue;
      double off0[3], off1[3], vel[3];
      kinematic_motion(B, t, off0, vel);
      kinematic_motion(B, t + dt, off1, vel);
      for (int k = 0; k < 3; ++k) c->kin0[3 * b + k] = B->joint_pos[k] + off0[k], c->kin1[3 * b + k] = B->joint_pos[k] + off1[k];
    }
  int rc = bt_step(c->sim, t, dt, c->inputs ? c->tau : NULL, c->kin0, c->kin1, xout, xout + m->nq, CB_ERR_BUF(c->why, sizeof c->why));
  if (rc != CB_OK) return integrator_fail(it, rc, "bullet at t = %g: %s", t, c->why);
  it->stats.geometry_queries++;
  it->stats.rhs_evals++;
  if (!c->cfg.mlcp) it->stats.newton_iters += c->cfg.iterations;
  BtCounters bc;
  bt_counters(c->sim, &bc);
  if (bc.mlcp_fallbacks > c->fallbacks_noted) {
    if (c->fallbacks_noted == 0) integrator_note(it, "bullet: first Dantzig failure (PGS fallback) at t = %g", t);
    it->stats.conv_failures += bc.mlcp_fallbacks - c->fallbacks_noted;
    c->fallbacks_noted = bc.mlcp_fallbacks;
  }
  return CB_OK;
}

static const EngineOps bullet_engine = {.reset = bullet_engine_reset, .step = bullet_engine_step};

INTEGRATOR_VTBL(bullet_vtbl, "bullet",
                "Bullet 3.24 stepSimulation per dt, sequential impulse (PGS), soft contact from the scene's k and d: a "
                "discrete-time peer",
                1, bullet_create, stepper_reset, stepper_advance, bullet_destroy, .peer_model = 1,
                .default_error_norm = ERRNORM_POSITIONS, .options = bullet_options, .family = "bullet",
                .controllers = CONTROLLERS_EXPLICIT /* forces at the step start */);
INTEGRATOR_VTBL(bullet_mlcp_vtbl, "bullet-mlcp",
                "Bullet 3.24 stepSimulation per dt, MLCP by Dantzig pivoting (the same contact): a discrete-time peer",
                1, bullet_create, stepper_reset, stepper_advance, bullet_destroy, .peer_model = 1,
                .default_error_norm = ERRNORM_POSITIONS, .options = bullet_mlcp_options, .family = "bullet",
                .controllers = CONTROLLERS_EXPLICIT /* forces at the step start */);
