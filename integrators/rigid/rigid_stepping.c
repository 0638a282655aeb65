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
#include "rigid_problem.h"
#include "rigid_solver.h"
#include "rigid_stats.h"

typedef int (*RigidSolveFn)(RigidProblem *p, const RigidSolverParams *params, double *lambda, RigidSolveResult *r);

typedef struct {
  const Model *m;
  Data *d;
  IntegratorStats *stats;
  RigidProblem prob;
  RigidSolveFn solve;
  const char *solver_name;
  RigidSolverParams params;
  int accept_limit, measure_internal;
  double *lambda; /* [3 cap]: this step's impulses, the next step's warm start */
  int lambda_cap, prev_nc;
  double *v_free, *v, *zdot;
  RigidSolveResult last;
  char message[256];
} RigidStepper;

#define RIGID_COMMON_OPTIONS                                                                                 \
  OPTION_DOUBLE_SPEC("tolerance", "1e-6", 0.0, 1, 1.0, "the solver's stopping tolerance on its own criterion"), \
      OPTION_INT_SPEC("max_iterations", "10000", 1, 10000000,                                                \
                      "solver iterations per step (sweeps, Newton or ADMM steps, Lemke pivots)"),            \
      OPTION_ENUM_SPEC("on_limit", "accept", OPTION_CHOICES("accept", "fail"),                               \
                       "a solve that reaches max_iterations: keep its last iterate (counted in the record's "  \
                       "solver.stops) or fail the run"),                                                     \
      OPTION_BOOL_SPEC("internal_force", "0", "measure the impulses' internal force (their distance to the "  \
                                              "minimum-norm impulses with the same effect) at every step, "  \
                                              "for the record's solver block; costly on many contacts"),     \
      OPTION_BOOL_SPEC("warm_start", "0", "start each solve from the previous step's impulses when the "     \
                                          "number of contacts is unchanged (Lemke ignores it)")

static const OptionSpec lcp_options[] = {
    OPTION_ENUM_SPEC("solver", "lemke", OPTION_CHOICES("lemke", "pgs"),
                     "Lemke's pivoting or (regularized) projected Gauss-Seidel, both Siconos"),
    OPTION_INT_SPEC("facets", "4", 3, RIGID_MAX_FACETS, "faces of the friction pyramid (4: |lambda_T|_inf <= mu lambda_N)"),
    RIGID_COMMON_OPTIONS, OPTIONS_END};
static const OptionSpec ncp_options[] = {
    OPTION_ENUM_SPEC("solver", "nsgs", OPTION_CHOICES("nsgs", "ac"),
                     "Siconos per-contact Gauss-Seidel (NSGS) or global Alart-Curnier Newton"),
    RIGID_COMMON_OPTIONS, OPTIONS_END};
static const OptionSpec ccp_options[] = {
    OPTION_ENUM_SPEC("solver", "pgs", OPTION_CHOICES("pgs", "admm"),
                     "projected Gauss-Seidel (paper Alg. 2) or ADMM with adaptive rho (Alg. 3)"),
    RIGID_COMMON_OPTIONS, OPTIONS_END};
static const OptionSpec raisim_options[] = {RIGID_COMMON_OPTIONS, OPTIONS_END};

static int grow_lambda(RigidStepper *s, int nc) {
  if (nc <= s->lambda_cap) return 0;
  int cap = nc > 2 * s->lambda_cap ? nc : 2 * s->lambda_cap;
  double *l = realloc(s->lambda, 3 * (size_t)cap * sizeof *l);
  if (!l) return -1;
  s->lambda = l;
  s->lambda_cap = cap;
  return 0;
}

static int rigid_attempt(void *content, const StepAttempt *a, double *xout, StepEstimate *est) {
  (void)est;
  RigidStepper *s = content;
  const Model *m = s->m;
  const int nq = m->nq, nv = m->nv, nz = m->nz;
  const double *q = a->x, *v = a->x + nq, *z = a->x + nq + nv;
  const double h = a->h;
  s->message[0] = 0;
  /* horizon h: contacts whose gap can close within the step take part (speculative) */
  int rc = system_step_data(m, s->d, a->t, q, v, z, h);
  if (rc != CB_OK) {
    snprintf(s->message, sizeof s->message, "out of memory evaluating the model at t = %.17g", a->t);
    return rc;
  }
  if (nz > 0) { /* tau is already in d (explicit controllers); zdot here, s->v as scratch */
    memset(s->v, 0, (size_t)nv * sizeof(double));
    controller_eval(m, s->d, a->t, q, v, z, s->v, s->zdot);
  }
  const int nc = s->d->ncon;
  if (rigid_problem_build(&s->prob, m, s->d, h, v, 0.0, s->v_free) != 0 || grow_lambda(s, nc) != 0) {
    snprintf(s->message, sizeof s->message, "out of memory or mass matrix not positive definite at t = %.17g", a->t);
    return CB_RECOVERABLE_MODEL;
  }
  RigidSolverParams par = s->params;
  par.warm_start = par.warm_start && nc == s->prev_nc;
  if (!par.warm_start) memset(s->lambda, 0, 3 * (size_t)nc * sizeof *s->lambda);
  if (s->solve(&s->prob, &par, s->lambda, &s->last) != 0) {
    snprintf(s->message, sizeof s->message, "%s solver refused the problem at t = %.17g", s->solver_name, a->t);
    return CB_ERR_OPTION;
  }
  s->stats->newton_iters += s->last.iterations;
  if (nc > 0) rigid_stats_add(&s->stats->solver, &s->prob, s->lambda, &s->last, s->measure_internal);
  if ((s->last.stop == RIGID_STOP_LIMIT && !s->accept_limit) || s->last.stop == RIGID_STOP_FAILED) {
    s->prev_nc = -1;
    snprintf(s->message, sizeof s->message,
             "%s solver stopped on %s at t = %.17g, h = %.3g (%d iterations, residual %.3g, %d contacts)",
             s->solver_name, rigid_stop_name(s->last.stop), a->t, h, s->last.iterations, s->last.residual, nc);
    return CB_RECOVERABLE_SOLVER;
  }
  s->prev_nc = nc;
  rigid_problem_velocity(&s->prob, m, s->d, s->lambda, s->v_free, s->v);
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
  rigid_problem_free(&s->prob);
  data_free(s->d);
  free(s->lambda);
  free(s->v_free);
  free(s->v);
  free(s->zdot);
  free(s);
  it->content = NULL;
}

/* What the rigid models leave out of the scene, said in the record. */
static void note_model(Integrator *it) {
  const Model *m = it->model;
  integrator_note(it, "%s: rigid contact: the scene's contact stiffness and dissipation are ignored", it->vtbl->name);
  for (int i = 0; i < m->nmaterial; ++i)
    if (m->materials[i].mu_static != m->materials[i].mu_dynamic) {
      integrator_note(it, "%s: one Coulomb coefficient, mu_dynamic (material '%s': mu_static %g, mu_dynamic %g): "
                          "static friction above mu_dynamic is not modeled",
                      it->vtbl->name, m->materials[i].name, m->materials[i].mu_static, m->materials[i].mu_dynamic);
      return;
    }
  integrator_note(it, "%s: friction uses mu_dynamic (mu_static equals it on this scene)", it->vtbl->name);
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
  s->solve = fns[k];
  s->solver_name = names[k];
  s->params = rigid_solver_defaults();
  s->params.tol = option_double(&ov, "tolerance");
  s->params.max_iter = (int)option_int(&ov, "max_iterations");
  s->params.warm_start = option_bool(&ov, "warm_start");
  if (options_find(it->vtbl->options, "facets")) s->params.facets = (int)option_int(&ov, "facets");
  s->accept_limit = option_enum(&ov, "on_limit") == 0;
  s->measure_internal = option_bool(&ov, "internal_force");
  s->prev_nc = -1;
  s->d = data_create(m);
  s->v_free = calloc((size_t)m->nv + 1, sizeof(double));
  s->v = calloc((size_t)m->nv + 1, sizeof(double));
  s->zdot = calloc((size_t)m->nz + 1, sizeof(double));
  if (!s->d || !s->v_free || !s->v || !s->zdot || rigid_problem_init(&s->prob, m->nv) != 0 || grow_lambda(s, 8) != 0)
    return integrator_fail(it, CB_ERR_MEMORY, "out of memory");
  data_count_geometry_into(s->d, &it->stats.geometry_queries);
  note_model(it);
  StepperConfig cfg = {.kind = STEPPER_FIXED, .ops = &rigid_ops, .content = s};
  return integrator_use_stepper(it, &cfg);
}

static int rigid_reset(Integrator *it, double t0, const double *x0) {
  RigidStepper *s = it->content;
  s->prev_nc = -1;
  s->stats = &it->stats;
  ContactSolverStats *st = &it->stats.solver;
  st->name = s->solver_name;
  st->max_iter = s->params.max_iter;
  st->accept_limit = s->accept_limit;
  return stepper_reset(it, t0, x0);
}

static int lcp_create(Integrator *it) {
  static const RigidSolveFn f[] = {rigid_lcp_lemke, rigid_lcp_pgs};
  static const char *const n[] = {"LCP/Lemke", "LCP/PGS"};
  return create_common(it, f, n);
}
static int ncp_create(Integrator *it) {
  static const RigidSolveFn f[] = {rigid_ncp_nsgs, rigid_ncp_alart_curnier};
  static const char *const n[] = {"NCP/NSGS", "NCP/Alart-Curnier"};
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
  const IntegratorVtbl var = {.name = nm, .summary = sum, .fixed_step = 1, .create = cr, .reset = rigid_reset, \
                              .advance = stepper_advance, .destroy = rigid_destroy, .options = opts,          \
                              .default_error_norm = ERRNORM_FULL, .peer_model = 1}

RIGID_VTBL(lcp_vtbl, "lcp", "rigid time stepping, LCP with a pyramidal cone (Stewart-Trinkle); fixed step", lcp_create,
           lcp_options);
RIGID_VTBL(ncp_vtbl, "ncp", "rigid time stepping, NCP (Signorini, Coulomb, max. dissipation); fixed step", ncp_create,
           ncp_options);
RIGID_VTBL(ccp_vtbl, "ccp", "rigid time stepping, CCP (Anitescu's convex relaxation); fixed step", ccp_create,
           ccp_options);
RIGID_VTBL(raisim_vtbl, "raisim", "rigid time stepping, RaiSim's per-contact model and bisection; fixed step",
           raisim_create, raisim_options);
