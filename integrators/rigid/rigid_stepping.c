/* Integrators "lcp", "ccp", "ncp" and "raisim": velocity-level rigid time stepping with a fixed
 * step (contact-models paper, Le Lidec et al. 2024, sec. II, eq. 3 with the contact problems of
 * sec. III). One attempt per step: contacts at the step start, impulses from the model's solver,
 *   v+ = v_free + M^-1 J^T lambda,   q+ = q + h N(q) v+   (semi-implicit Euler),
 * on the shared fixed-step driver. A solver that breaks down fails the step (recoverable: the
 * fixed-step driver fails the run with the solver's message); one that stops on its iteration
 * limit keeps its last iterate (on_limit=accept, as the paper's early stop, sec. IV-C) or fails. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../models/controller.h"
#include "../../models/data.h"
#include "../../models/multibody.h"
#include "../../models/system.h"
#include "../common/stepper.h"
#include "../integrator.h"
#include "rigid_impulse_step.h"

typedef struct {
  const Model *m;
  Data *d;
  IntegratorStats *stats;
  RigidImpulseStep imp; /* problem, solver, warm start, last result */
  int keep_all;         /* contact_set=distance */
  double *v, *zdot;
  char message[256];
} RigidStepper;

/* Which contacts enter a step's problem. "closing": a contact reported with a gap (phi > 0)
 * only if the gap can close along its normal within the step (models/collision/speculative.c).
 * "distance": every pair the geometry query finds within the pair margin, static margin plus
 * 2 h (|v_rel| + spin + g h), whatever its normal speed, as the paper's collision detection
 * admits every pair within a distance (its code: HPP-FCL's security margin, 1 mm) with the
 * normal reference velocity Phi / dt (paper sec. II, after eq. 8). It matters to the CCP only:
 * its relaxation (eq. 19) pushes a sliding contact at the distance dt mu |c_T| (sec. III-B,
 * Anitescu), which "closing" drops at the next step (the gap does not close), so the cube falls,
 * is pushed up at mu |v_T| and flies; the margin covers dt mu |v_T| for mu <= 2. Under
 * Signorini (LCP, NCP, RaiSim) a gap that does not close carries no impulse, so "closing" is
 * the same solution with fewer contacts. */
#define CONTACT_SET_SPEC(def)                                                                      \
  OPTION_ENUM_SPEC("contact_set", def, OPTION_CHOICES("closing", "distance"),                      \
                   "contacts in a step's problem: gaps that close within the step along their normal, " \
                   "or every pair within the speculative distance (the paper's, at a distance for CCP)")
static const OptionSpec lcp_options[] = {
    OPTION_ENUM_SPEC("solver", "lemke", OPTION_CHOICES("lemke", "pgs"),
                     "Lemke's pivoting or (regularized) projected Gauss-Seidel, both Siconos"),
    OPTION_INT_SPEC("facets", "4", 3, RIGID_MAX_FACETS, "faces of the friction pyramid (4: |lambda_T|_inf <= mu lambda_N)"),
    CONTACT_SET_SPEC("closing"), RIGID_COMMON_OPTIONS, OPTIONS_END};
static const OptionSpec ncp_options[] = {
    OPTION_ENUM_SPEC("solver", "nsgs", OPTION_CHOICES("nsgs", "ac", "prox"),
                     "Siconos per-contact Gauss-Seidel (NSGS), global Alart-Curnier Newton, or that Newton "
                     "inside Siconos' proximal point method"),
    CONTACT_SET_SPEC("closing"), RIGID_COMMON_OPTIONS, OPTIONS_END};
static const OptionSpec ccp_options[] = {
    OPTION_ENUM_SPEC("solver", "pgs", OPTION_CHOICES("pgs", "admm"),
                     "projected Gauss-Seidel (paper Alg. 2) or ADMM with adaptive rho (Alg. 3)"),
    CONTACT_SET_SPEC("distance"), RIGID_COMMON_OPTIONS, OPTIONS_END};
static const OptionSpec raisim_options[] = {CONTACT_SET_SPEC("closing"), RIGID_COMMON_OPTIONS, OPTIONS_END};

static int rigid_attempt(void *content, const StepAttempt *a, double *xout, StepEstimate *est) {
  (void)est;
  RigidStepper *s = content;
  const Model *m = s->m;
  const int nq = m->nq, nv = m->nv, nz = m->nz;
  const double *q = a->x, *v = a->x + nq, *z = a->x + nq + nv;
  const double h = a->h;
  s->message[0] = 0;
  /* horizon h: contacts whose gap can close within the step take part (speculative), or every
   * one within the speculative distance (contact_set=distance) */
  s->d->speculative_keep_all = s->keep_all;
  int rc = system_step_data(m, s->d, a->t, q, v, z, h);
  s->d->speculative_keep_all = 0;
  if (rc != CB_OK) {
    snprintf(s->message, sizeof s->message, "out of memory evaluating the model at t = %.17g", a->t);
    return rc;
  }
  if (nz > 0) { /* tau is already in d (explicit controllers); zdot here, s->v as scratch */
    memset(s->v, 0, (size_t)nv * sizeof(double));
    controller_eval(m, s->d, a->t, q, v, z, s->v, s->zdot);
  }
  rc = rigid_impulse_step_solve(&s->imp, m, s->d, a->t, h, q, v, &s->stats->newton_iters, s->v, s->message,
                                sizeof s->message);
  if (rc != CB_OK) return rc;
  for (int i = 0; i < nz; ++i) xout[nq + nv + i] = z[i] + h * s->zdot[i];
  mb_integrate_q(m, q, s->v, h, xout);
  memcpy(xout + nq, s->v, (size_t)nv * sizeof(double));
  return CB_OK;
}

static const char *rigid_why(void *content) { return ((RigidStepper *)content)->message; }
static const StepperOps rigid_ops = {.attempt = rigid_attempt, .why = rigid_why};

static void rigid_destroy(Integrator *it) {
  RigidStepper *s = it->content;
  stepper_release(it);
  if (!s) return;
  rigid_impulse_step_free(&s->imp);
  data_free(s->d);
  free(s->v);
  free(s->zdot);
  free(s);
  it->content = NULL;
}

static int create_common(Integrator *it, const RigidSolveFn *fns, const char *const *names) {
  OptionValues ov;
  int rc = integrator_read_options(it, &ov);
  if (rc != CB_OK) return rc;
  if (!(it->opt.dt > 0)) return integrator_fail(it, CB_ERR_OPTION, "dt must be positive");
  const Model *m = it->model;
  RigidStepper *s = calloc(1, sizeof *s);
  if (!s) return integrator_fail(it, CB_ERR_MEMORY, "out of memory");
  it->content = s;
  s->m = m;
  s->stats = &it->stats;
  int k = options_find(it->vtbl->options, "solver") ? option_enum(&ov, "solver") : 0;
  if (rigid_impulse_step_init(&s->imp, m) != 0) return integrator_fail(it, CB_ERR_MEMORY, "out of memory");
  rigid_impulse_step_configure(&s->imp, it, &ov, fns[k], names[k]);
  s->keep_all = option_enum(&ov, "contact_set") == 1;
  s->d = data_create(m);
  s->v = calloc((size_t)m->nv + 1, sizeof(double));
  s->zdot = calloc((size_t)m->nz + 1, sizeof(double));
  if (!s->d || !s->v || !s->zdot) return integrator_fail(it, CB_ERR_MEMORY, "out of memory");
  data_count_geometry_into(s->d, &it->stats.geometry_queries);
  rigid_note_model(it);
  StepperConfig cfg = {.kind = STEPPER_FIXED, .ops = &rigid_ops, .content = s};
  return integrator_use_stepper(it, &cfg);
}

static int rigid_reset(Integrator *it, double t0, const double *x0) {
  RigidStepper *s = it->content;
  rigid_impulse_step_reset(&s->imp);
  s->stats = &it->stats;
  rigid_impulse_step_record(&s->imp, &it->stats.solver);
  return stepper_reset(it, t0, x0);
}

static int lcp_create(Integrator *it) {
  static const RigidSolveFn f[] = {rigid_lcp_lemke, rigid_lcp_pgs};
  static const char *const n[] = {"LCP/Lemke", "LCP/PGS"};
  return create_common(it, f, n);
}
static int ncp_create(Integrator *it) {
  static const RigidSolveFn f[] = {rigid_ncp_nsgs, rigid_ncp_alart_curnier, rigid_ncp_prox};
  static const char *const n[] = {"NCP/NSGS", "NCP/Alart-Curnier", "NCP/proximal Alart-Curnier"};
  return create_common(it, f, n);
}
static int ccp_create(Integrator *it) {
  static const RigidSolveFn f[] = {rigid_ccp_pgs, rigid_ccp_admm};
  static const char *const n[] = {"CCP/PGS", "CCP/ADMM"};
  return create_common(it, f, n);
}
static int raisim_create(Integrator *it) {
  static const RigidSolveFn f[] = {rigid_raisim};
  static const char *const n[] = {"RaiSim"};
  return create_common(it, f, n);
}

/* peer_model: a rigid model converges to the rigid solution, not to the compliant reference;
 * its error against that reference is model error (and it stores no energy in contact springs). */
#define RIGID_VTBL(var, nm, sum, cr, opts)                                                                   \
  INTEGRATOR_VTBL(var, nm, sum, 1, cr, rigid_reset, stepper_advance, rigid_destroy, .options = opts, \
                  .default_error_norm = ERRNORM_FULL, .peer_model = 1, .family = "rigid", \
                  .controllers = CONTROLLERS_EXPLICIT /* at the step start (docs/rigid.md) */)

RIGID_VTBL(lcp_vtbl, "lcp", "rigid time stepping, LCP with a pyramidal cone (Stewart-Trinkle); fixed step", lcp_create,
           lcp_options);
RIGID_VTBL(ncp_vtbl, "ncp", "rigid time stepping, NCP (Signorini, Coulomb, max. dissipation); fixed step", ncp_create,
           ncp_options);
RIGID_VTBL(ccp_vtbl, "ccp", "rigid time stepping, CCP (Anitescu's convex relaxation); fixed step", ccp_create,
           ccp_options);
RIGID_VTBL(raisim_vtbl, "raisim", "rigid time stepping, RaiSim's per-contact model and bisection; fixed step",
           raisim_create, raisim_options);
