/* `dart` and `dart-pgs`: DART 6.12 as fixed-step peers, one World::step of dt each. DART's step
 * is semi-implicit Euler with rigid, velocity-level contact: a boxed LCP over the contacts
 * (normal impulse >= 0, each of two friction impulses within mu times it: a four-sided pyramid)
 * and the joint limits, solved by DART's Dantzig pivoting (BoxedLcpConstraintSolver with
 * DantzigBoxedLcpSolver, PGS when Dantzig fails as DART does by default) or by its projected
 * Gauss-Seidel (PgsBoxedLcpSolver). The contact is rigid: the scene's stiffness and dissipation
 * play no part; penetration is corrected by DART's error reduction (ERP, capped velocity) with
 * DART's constraint force mixing, at their DART defaults unless given. Compare it with the rigid
 * rows (lcp, ccp, ncp, raisim; docs/rigid.md).
 * The scene is converted by dart_shim.cpp; controllers and prescribed forces are cbench's,
 * evaluated at the start of each step and held over it as joint forces (explicit); joint
 * springs and damping are DART's own (implicit in its forward dynamics). DART has no sleeping.
 * DART steps itself: the world step is the step of the engine driver (common/stepper.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../models/collision/broadphase.h"
#include "../../models/controller.h"
#include "../../models/multibody.h"
#include "../../models/system.h"
#include "../common/explicit_inputs.h"
#include "../common/stepper.h"
#include "../integrator.h"
#include "dart_shim.h"

/* ContactConstraint's defaults in DART 6.12 (dart/constraint/ContactConstraint.cpp) */
#define DART_DEFAULT_ERP "0.01"
#define DART_DEFAULT_ERV "1e-3"
#define DART_DEFAULT_CFM "1e-5"

typedef struct {
  DtSim *sim;
  Data *d;                 /* cbench kinematics for the inputs */
  int inputs;              /* controllers or applied forces present */
  int has_inverse_dynamics;
  double *tau, *zdot;      /* [nv], [nz] */
  long messages_noted;
  char why[512];
} DartRun;

#define DART_CONTACT_OPTIONS                                                                                       \
  OPTION_ENUM_SPEC("friction", "dynamic", OPTION_CHOICES("dynamic", "static"),                                     \
                   "the scene's coefficient each DART shape takes (a pair: the smaller of its two)"),              \
      OPTION_DOUBLE_SPEC("erp", DART_DEFAULT_ERP, 0.0, 0, 1.0,                                                     \
                         "ContactConstraint's error reduction: the fraction of a penetration removed per step "   \
                         "(DART's default)"),                                                                      \
      OPTION_DOUBLE_SPEC("erv", DART_DEFAULT_ERV, 0.0, 0, 1e6,                                                     \
                         "ContactConstraint's cap on the error-reduction velocity, m/s (DART's default)"),        \
      OPTION_DOUBLE_SPEC("cfm", DART_DEFAULT_CFM, 1e-9, 0, 1.0,                                                    \
                         "ContactConstraint's constraint force mixing (DART's default; DART's floor 1e-9)"),      \
      OPTION_INT_SPEC("max_contacts", "1000", 1, 1000000, "CollisionOption::maxNumContacts per step (DART's default)")

static const OptionSpec dart_options[] = {
    DART_CONTACT_OPTIONS,
    OPTION_BOOL_SPEC("fallback", "1", "1: PGS when Dantzig fails (DART's default); 0: no fallback"),
    OPTIONS_END};

static const OptionSpec dart_pgs_options[] = {
    DART_CONTACT_OPTIONS,
    OPTION_INT_SPEC("iterations", "30", 1, 100000, "PgsBoxedLcpSolver's sweeps per step at most (DART's default 30)"),
    OPTION_DOUBLE_SPEC("tolerance", "1e-6", 0.0, 0, 1.0, "PGS stops when no impulse moves by more (DART's default)"),
    OPTION_DOUBLE_SPEC("relative_tolerance", "1e-3", 0.0, 0, 1.0,
                       "PGS stops when no impulse moves by more than this fraction of itself (DART's default)"),
    OPTIONS_END};

/* What DART models differently from cbench on this scene, and which settings are matched. */
static void note_settings(Integrator *it, const DtConfig *cfg, const DtSettings *st) {
  const Model *m = it->model;
  int two_coefficients = 0, min_rule = 0, limits = 0, springs = 0, margins = 0;
  for (int i = 0; i < m->nmaterial; ++i) two_coefficients |= m->materials[i].mu_static != m->materials[i].mu_dynamic;
  for (int a = 0; a < m->ngeom; ++a) {
    margins |= m->geoms[a].margin > 0;
    for (int b = a + 1; b < m->ngeom; ++b) {
      if (!collision_pair_allowed(m, a, b)) continue;
      const Material *ma = &m->materials[m->geoms[a].material], *mb = &m->materials[m->geoms[b].material];
      double x = cfg->friction_static ? ma->mu_static : ma->mu_dynamic;
      double y = cfg->friction_static ? mb->mu_static : mb->mu_dynamic;
      min_rule |= x != y; /* cbench's pair coefficient is 2xy/(x+y), DART's min(x, y) */
    }
  }
  for (int b = 1; b < m->nbody; ++b) {
    limits |= m->bodies[b].has_limit;
    springs |= m->bodies[b].tree >= 0 && (m->bodies[b].stiffness != 0 || m->bodies[b].damping != 0);
  }
  integrator_note(it,
                  "dart: matched: mu (the pair's mu_%s%s), restitution 0, dt; contact is rigid: the scene's k and d "
                  "are not used",
                  cfg->friction_static ? "static" : "dynamic", two_coefficients ? "; the scene has mu_s != mu_d" : "");
  if (min_rule)
    integrator_note(it, "dart: pairs of different materials take min(mu_a, mu_b) (DART's rule), not the scene's "
                        "2 mu_a mu_b/(mu_a + mu_b)");
  integrator_note(it,
                  "dart: DART's own: contact ERP %g, max error-reduction velocity %g m/s, CFM %g, allowance %g; "
                  "friction pyramid (2 directions, boxed LCP); ODE colliders; no sleeping (DART has none)",
                  st->contact_erp, st->contact_erv, st->contact_cfm, st->contact_allowance);
  if (cfg->solver == DT_PGS)
    integrator_note(it, "dart: PgsBoxedLcpSolver: at most %d sweeps, stop at |dx| %g or relative %g",
                    cfg->pgs_iterations, cfg->pgs_tolerance, cfg->pgs_relative_tolerance);
  else
    integrator_note(it, "dart: DantzigBoxedLcpSolver%s", cfg->fallback ? ", PGS when it fails (DART's default)" : ", no fallback");
  if (limits)
    integrator_note(it, "dart: joint limits are DART's rigid limit constraints (ERP %g, max velocity %g, CFM %g), not "
                        "the scene's compliant limits",
                    st->limit_erp, st->limit_erv, st->limit_cfm);
  if (springs) integrator_note(it, "dart: joint springs and damping are DART's own (implicit in its forward dynamics)");
  int kinematic = 0;
  for (int b = 1; b < m->nbody; ++b) kinematic |= m->bodies[b].kinematic;
  if (kinematic)
    integrator_note(it, "dart: kinematic bodies are VELOCITY-actuated free joints: at each step end on the "
                        "prescribed path, their velocity over the step the path's mean (x(t + h) - x(t)) / h");
  if (margins) integrator_note(it, "dart: geometry margins are not passed to DART (contacts only in overlap)");
  if (m->ncontroller > 0 || m->nforce > 0)
    integrator_note(it, "dart: controllers and applied forces are explicit joint forces evaluated at the start of each "
                        "step");
}

static void dart_destroy(Integrator *it) {
  stepper_release(it);
  DartRun *c = it->content;
  if (!c) return;
  dt_destroy(c->sim);
  data_free(c->d);
  free(c->tau);
  free(c->zdot);
  free(c);
  it->content = NULL;
}

static const EngineOps dart_engine;

static int dart_create(Integrator *it) {
  const Model *m = it->model;
  OptionValues ov;
  int rc = engine_fixed_step_options(it, &ov);
  if (rc) return rc;
  DtConfig cfg = {.solver = it->vtbl->options == dart_pgs_options ? DT_PGS : DT_DANTZIG,
                  .dt = it->opt.dt,
                  .fallback = 1,
                  .pgs_iterations = 30,
                  .pgs_tolerance = 1e-6,
                  .pgs_relative_tolerance = 1e-3};
  cfg.friction_static = option_enum(&ov, "friction") == 1;
  cfg.erp = option_double(&ov, "erp");
  cfg.erv = option_double(&ov, "erv");
  cfg.cfm = option_double(&ov, "cfm");
  cfg.max_contacts = (int)option_int(&ov, "max_contacts");
  if (cfg.solver == DT_PGS) {
    cfg.pgs_iterations = (int)option_int(&ov, "iterations");
    cfg.pgs_tolerance = option_double(&ov, "tolerance");
    cfg.pgs_relative_tolerance = option_double(&ov, "relative_tolerance");
  } else {
    cfg.fallback = option_bool(&ov, "fallback");
  }
  if (m->nv == 0) return integrator_fail(it, CB_ERR_OPTION, "the model has no state to integrate");
  char err[512] = "";
  if (dt_scene_check(m, err, sizeof err)) return integrator_fail(it, CB_ERR_MODEL, "%s", err);
  DartRun *c = calloc(1, sizeof *c);
  if (!c) return integrator_fail(it, CB_ERR_MEMORY, "out of memory");
  it->content = c;
  c->d = data_create(m);
  c->tau = calloc((size_t)m->nv + 1, sizeof(double));
  c->zdot = calloc((size_t)m->nz + 1, sizeof(double));
  if (!c->d || !c->tau || !c->zdot) {
    dart_destroy(it);
    return integrator_fail(it, CB_ERR_MEMORY, "out of memory");
  }
  c->sim = dt_create(m, &cfg, err, sizeof err);
  if (!c->sim) {
    dart_destroy(it);
    return integrator_fail(it, CB_ERR_MODEL, "%s", err);
  }
  c->inputs = m->ncontroller > 0 || m->nforce > 0;
  for (int k = 0; k < m->ncontroller; ++k) c->has_inverse_dynamics |= m->controllers[k].type == CTRL_INVERSE_DYNAMICS;
  DtSettings st;
  dt_settings(c->sim, &st);
  note_settings(it, &cfg, &st);
  StepperConfig driver = {.kind = STEPPER_ENGINE, .engine = &dart_engine, .content = it};
  return integrator_use_stepper(it, &driver);
}

static int dart_engine_reset(void *content, double t0, const double *x0) {
  Integrator *it = content;
  DartRun *c = it->content;
  c->why[0] = 0;
  int rc = dt_set_state(c->sim, t0, x0, x0 + it->model->nq, c->why, sizeof c->why);
  if (rc != CB_OK) return integrator_fail(it, rc, "%s", c->why);
  return CB_OK;
}

/* One world step of dt from (t, x), the state DART holds, into xout. */
static int dart_engine_step(void *content, double t, double dt, const double *x, double *xout) {
  Integrator *it = content;
  DartRun *c = it->content;
  const Model *m = it->model;
  if (c->inputs) explicit_inputs_eval(m, c->d, c->has_inverse_dynamics, t, x, dt, c->tau, c->zdot, xout + m->nq + m->nv);
  else memcpy(xout + m->nq + m->nv, x + m->nq + m->nv, sizeof(double) * (size_t)m->nz);
  int rc = dt_step(c->sim, c->tau, xout, xout + m->nq, c->why, sizeof c->why);
  if (rc != CB_OK) return integrator_fail(it, rc, "%s at t = %g", c->why, t);
  long n = dt_message_count(c->sim);
  if (n > c->messages_noted) {
    if (c->messages_noted == 0) integrator_note(it, "dart: DART reported: %.160s (first of its messages)", dt_first_message(c->sim));
    c->messages_noted = n;
  }
  it->stats.geometry_queries++;
  it->stats.rhs_evals++;
  return CB_OK;
}

static const EngineOps dart_engine = {.reset = dart_engine_reset, .step = dart_engine_step};

INTEGRATOR_VTBL(dart_vtbl, "dart",
                "DART 6.12 World::step per dt (rigid contact, Dantzig boxed LCP, DART's ERP/CFM): a discrete-time peer",
                1, dart_create, stepper_reset, stepper_advance, dart_destroy, .peer_model = 1,
                .default_error_norm = ERRNORM_POSITIONS, .options = dart_options, .family = "dart",
                .controllers = CONTROLLERS_EXPLICIT /* joint forces at the step start */);
INTEGRATOR_VTBL(dart_pgs_vtbl, "dart-pgs",
                "DART 6.12 World::step per dt (the same rigid contact, PGS boxed LCP): a discrete-time peer", 1,
                dart_create, stepper_reset, stepper_advance, dart_destroy, .peer_model = 1,
                .default_error_norm = ERRNORM_POSITIONS, .options = dart_pgs_options, .family = "dart",
                .controllers = CONTROLLERS_EXPLICIT /* joint forces at the step start */);
