/* `ode` and `ode-quick`: the Open Dynamics Engine 0.16 (double precision) as fixed-step peers,
 * one world step of dt each: dWorldStep (the exact, Dantzig LCP solution of ODE's constraint
 * problem) and dWorldQuickStep (projected Gauss-Seidel with a fixed number of iterations).
 * The scene is converted by ode_scene.c; contact is ODE's soft constraint with the scene's
 * stiffness and Hunt-Crossley dissipation mapped per contact to ERP and CFM (ode_scene.c,
 * near_callback). Controllers, prescribed forces, joint springs and joint damping are cbench's,
 * evaluated at the start of each step and added as forces (explicit). ODE steps itself: the
 * world step is the step of the engine driver (common/stepper.h, STEPPER_ENGINE).
 *
 * ODE's error and debug handlers abort the process by default: ours long-jump back into the
 * call that failed, which returns a failed status. Its messages (an LCP that did not solve
 * exactly) are counted and noted in the record. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ode/ode.h>

#include "../../models/collision/broadphase.h"
#include "../../models/controller.h"
#include "../../models/multibody.h"
#include "../../models/system.h"
#include "../common/explicit_inputs.h"
#include "../common/stepper.h"
#include "../integrator.h"
#include "ode_scene.h"

static _Thread_local jmp_buf *error_jump;
static _Thread_local char error_text[512];
static _Thread_local long message_count;
static _Thread_local char message_text[256];

static void on_ode_error(int num, const char *msg, va_list ap) {
  (void)num;
  vsnprintf(error_text, sizeof error_text, msg, ap);
  if (error_jump) longjmp(*error_jump, 1);
  fprintf(stderr, "cbench: ODE error outside a guarded call: %s\n", error_text);
  abort();
}
static void on_ode_message(int num, const char *msg, va_list ap) {
  (void)num;
  if (message_count++ == 0) vsnprintf(message_text, sizeof message_text, msg, ap);
}

typedef struct {
  OdeScene scene;
  Data *d;                 /* cbench kinematics for the inputs */
  int inputs;              /* controllers, applied forces, joint springs or damping present */
  int has_inverse_dynamics;
  double *tau, *zdot;      /* [nv], [nz] */
  long messages_noted;
} OdeRun;

static const OptionSpec ode_options[] = {
    OPTION_ENUM_SPEC("friction", "dynamic", OPTION_CHOICES("dynamic", "static"),
                     "the scene's coefficient ODE's single Coulomb coefficient takes"),
    OPTIONS_END};

static const OptionSpec ode_quick_options[] = {
    OPTION_ENUM_SPEC("friction", "dynamic", OPTION_CHOICES("dynamic", "static"),
                     "the scene's coefficient ODE's single Coulomb coefficient takes"),
    OPTION_INT_SPEC("iterations", "20", 1, 100000, "QuickStep's projected Gauss-Seidel sweeps per step (ODE's default 20)"),
    OPTION_DOUBLE_SPEC("sor", "1.3", 0.0, 1, 2.0, "QuickStep's over-relaxation factor (ODE's default 1.3)"),
    OPTIONS_END};

static int joint_forces(const Model *m) {
  for (int b = 1; b < m->nbody; ++b)
    if (m->bodies[b].tree >= 0 && m->bodies[b].nv == 1 && (m->bodies[b].damping != 0 || m->bodies[b].stiffness != 0))
      return 1;
  return 0;
}

/* What ODE models differently from cbench on this scene, and which settings are matched, said
 * in the record. */
static void note_settings(Integrator *it, const OdeSettings *set) {
  const Model *m = it->model;
  int rigid = 0, two_coefficients = 0, margins = 0, limits = 0, kinematic = 0, fixed = 0;
  for (int i = 0; i < m->nmaterial; ++i) two_coefficients |= m->materials[i].mu_static != m->materials[i].mu_dynamic;
  for (int a = 0; a < m->ngeom; ++a) {
    margins |= m->geoms[a].margin > 0;
    for (int b = a + 1; b < m->ngeom; ++b)
      rigid |= !isfinite(m->materials[m->geoms[a].material].stiffness) &&
               !isfinite(m->materials[m->geoms[b].material].stiffness) && collision_pair_allowed(m, a, b);
  }
  for (int b = 1; b < m->nbody; ++b) {
    limits |= m->bodies[b].has_limit;
    kinematic |= m->bodies[b].kinematic;
    fixed |= m->bodies[b].tree >= 0 && m->bodies[b].joint == JOINT_FIXED;
  }
  if (m->ngeom > 1)
    integrator_note(it,
                    "ode: matched: per contact ERP = h k/(h k + c), CFM = 1/(h k + c) from the pair's k and "
                    "c = k d x (Hunt-Crossley at the contact's depth x); contact points are ODE's collision's");
  integrator_note(it,
                  "ode: friction: Coulomb pyramid (dContactApprox1, mu times the normal force per direction) "
                  "with one coefficient, the pair's mu_%s%s",
                  set->friction_static ? "static" : "dynamic",
                  two_coefficients ? " (the scene has mu_static != mu_dynamic)" : "");
  if (set->quick)
    integrator_note(it,
                    "ode: ODE's own: no sleeping, surface layer 0, %d QuickStep sweeps (SOR %g) with no "
                    "tolerance, gyroscopic term ODE's",
                    set->iterations, set->sor);
  else
    integrator_note(it, "ode: ODE's own: no sleeping, surface layer 0, exact LCP (dWorldStep), gyroscopic term ODE's");
  if (rigid || limits || fixed)
    integrator_note(it, "ode: ODE's own softness (ERP 0.2, CFM 1e-10) on%s%s%s", rigid ? " rigid contact pairs" : "",
                    limits ? " joint limits (ODE's stops)" : "", fixed ? " fixed joints" : "");
  if (margins) integrator_note(it, "ode: geometry margins are not passed to ODE");
  if (kinematic)
    integrator_note(it, "ode: kinematic bodies are ODE kinematic bodies moving at the secant velocity of each step");
  if (m->ncontroller > 0 || m->nforce > 0 || joint_forces(m))
    integrator_note(it, "ode: controllers, applied forces, joint springs and damping are explicit forces evaluated "
                        "at the start of each step");
}

static void ode_destroy(Integrator *it) {
  stepper_release(it);
  OdeRun *c = it->content;
  if (!c) return;
  /* a failed step may have left ODE's space locked (an error inside its collision pass): its
   * destruction then errs too, and the world is left to the process's exit */
  jmp_buf jump;
  error_jump = &jump;
  if (c->scene.world && !setjmp(jump)) ode_scene_free(&c->scene);
  error_jump = NULL;
  data_free(c->d);
  free(c->tau); free(c->zdot);
  free(c);
  it->content = NULL;
  dCloseODE();
}

static const EngineOps ode_engine;

static int ode_create(Integrator *it) {
  const Model *m = it->model;
  OptionValues ov;
  int rc = engine_fixed_step_options(it, &ov);
  if (rc) return rc;
  OdeSettings set = {.quick = it->vtbl->options == ode_quick_options, .iterations = 20, .sor = 1.3};
  set.friction_static = option_enum(&ov, "friction") == 1;
  if (set.quick) {
    set.iterations = (int)option_int(&ov, "iterations");
    set.sor = option_double(&ov, "sor");
  }
  char err[512] = "";
  if (ode_scene_check(m, CB_ERR_BUF(err, sizeof err)) != CB_OK) return integrator_fail(it, CB_ERR_MODEL, "%s", err);
  OdeRun *c = calloc(1, sizeof *c);
  if (!c) return integrator_fail(it, CB_ERR_MEMORY, "out of memory");
  dInitODE2(0); /* counted: each create pairs with dCloseODE in destroy */
  dAllocateODEDataForThread(dAllocateMaskAll);
  it->content = c;
  dSetErrorHandler(on_ode_error);
  dSetDebugHandler(on_ode_error);
  dSetMessageHandler(on_ode_message);
  jmp_buf jump;
  error_jump = &jump;
  if (setjmp(jump)) {
    error_jump = NULL;
    ode_destroy(it);
    return integrator_fail(it, CB_ERR_MODEL, "ODE rejected the converted scene: %s", error_text);
  }
  rc = ode_scene_build(&c->scene, m, &set, CB_ERR_BUF(err, sizeof err));
  error_jump = NULL;
  if (rc) {
    ode_destroy(it);
    return integrator_fail(it, CB_ERR_MODEL, "%s", err);
  }
  c->d = data_create(m);
  c->tau = calloc((size_t)m->nv + 1, sizeof(double));
  c->zdot = calloc((size_t)m->nz + 1, sizeof(double));
  if (!c->d || !c->tau || !c->zdot) {
    ode_destroy(it);
    return integrator_fail(it, CB_ERR_MEMORY, "out of memory");
  }
  c->inputs = m->ncontroller > 0 || m->nforce > 0 || joint_forces(m);
  for (int k = 0; k < m->ncontroller; ++k) c->has_inverse_dynamics |= m->controllers[k].type == CTRL_INVERSE_DYNAMICS;
  note_settings(it, &set);
  StepperConfig driver = {.kind = STEPPER_ENGINE, .engine = &ode_engine, .content = it};
  return integrator_use_stepper(it, &driver);
}

static int ode_engine_reset(void *content, double t0, const double *x0) {
  Integrator *it = content;
  OdeRun *c = it->content;
  const Model *m = it->model;
  dJointGroupEmpty(c->scene.contact_group);
  ode_scene_set_state(&c->scene, t0, x0, x0 + m->nq);
  message_count = 0;
  c->messages_noted = 0;
  return CB_OK;
}

/* Generalized forces at the start of the step (t, x): prescribed forces, controllers, and the
 * joint springs and damping that cbench keeps in k(q, v) (model.h) and ODE does not model.
 * Controller states advance by forward Euler into z_out. */
static void apply_inputs(const Model *m, OdeRun *c, double t, const double *x, double dt, double *z_out) {
  explicit_inputs_eval(m, c->d, c->has_inverse_dynamics, t, x, dt, c->tau, c->zdot, z_out);
  const double *q = x, *v = x + m->nq;
  for (int b = 1; b < m->nbody; ++b) {
    const Body *B = &m->bodies[b];
    if (B->tree < 0 || B->nv != 1) continue;
    c->tau[B->vadr] -= B->damping * v[B->vadr] + B->stiffness * (q[B->qadr] - B->spring_ref);
  }
  ode_scene_apply_forces(&c->scene, c->tau);
}

/* One world step of dt from (t, x), the state ODE holds, into xout. */
static int ode_engine_step(void *content, double t, double dt, const double *x, double *xout) {
  Integrator *it = content;
  OdeRun *c = it->content;
  const Model *m = it->model;
  OdeScene *s = &c->scene;
  jmp_buf jump;
  error_jump = &jump;
  if (setjmp(jump)) {
    error_jump = NULL;
    dJointGroupEmpty(s->contact_group);
    return integrator_fail(it, CB_ERR_SOLVER, "ODE at t = %g: %s", t, error_text);
  }
  if (c->inputs) apply_inputs(m, c, t, x, dt, xout + m->nq + m->nv);
  else memcpy(xout + m->nq + m->nv, x + m->nq + m->nv, sizeof(double) * (size_t)m->nz);
  ode_scene_move_kinematic(s, t, dt);
  /* a body thrown far away (a diverged constraint solve) breaks ODE's hash space, which asserts
   * on bounds beyond its integer cells: fail the run first, with the reason */
  double far = ode_scene_farthest(s);
  if (!(far < ODE_FARTHEST)) {
    error_jump = NULL;
    return integrator_fail(it, CB_ERR_NONFINITE, "ODE at t = %g: a body is %g m from the origin (the step diverged)",
                           t, far);
  }
  ode_scene_collide(s, t + dt, dt);
  int ok = s->set.quick ? dWorldQuickStep(s->world, dt) : dWorldStep(s->world, dt);
  dJointGroupEmpty(s->contact_group);
  error_jump = NULL;
  if (!ok) return integrator_fail(it, CB_ERR_MEMORY, "ODE at t = %g: the world step could not allocate its memory", t);
  if (message_count > c->messages_noted) {
    if (c->messages_noted == 0) integrator_note(it, "ode: ODE reported: %s (first of its messages)", message_text);
    c->messages_noted = message_count;
  }
  it->stats.geometry_queries++;
  it->stats.rhs_evals++;
  if (s->set.quick) it->stats.newton_iters += s->set.iterations;
  ode_scene_get_state(s, xout, xout + m->nq);
  return CB_OK;
}

static const EngineOps ode_engine = {.reset = ode_engine_reset, .step = ode_engine_step};

INTEGRATOR_VTBL(ode_vtbl, "ode",
                "ODE 0.16 dWorldStep per dt (soft-constraint contact from the scene's k and d, exact LCP): a "
                "discrete-time peer",
                1, ode_create, stepper_reset, stepper_advance, ode_destroy, .peer_model = 1,
                .default_error_norm = ERRNORM_POSITIONS, .options = ode_options, .family = "ode",
                .controllers = CONTROLLERS_EXPLICIT /* ODE forces at the step start */);
INTEGRATOR_VTBL(ode_quick_vtbl, "ode-quick",
                "ODE 0.16 dWorldQuickStep per dt (the same contact, projected Gauss-Seidel): a discrete-time peer", 1,
                ode_create, stepper_reset, stepper_advance, ode_destroy, .peer_model = 1,
                .default_error_norm = ERRNORM_POSITIONS, .options = ode_quick_options, .family = "ode",
                .controllers = CONTROLLERS_EXPLICIT /* ODE forces at the step start */);
