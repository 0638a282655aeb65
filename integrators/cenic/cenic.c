/* The CENIC integrators (CENIC sec. V, Algorithm 1):
 *   cenic-fixed  one ICF step per opt.dt, Newton tolerance 1e-8 (the discrete "Lagged" ICF);
 *   cenic-sd     first-order step doubling (V-A), error on positions (V-E), warm starts (VI-A),
 *                two geometry queries per step;
 *   cenic-trap   second-order trapezoid (V-B) against the first-order full step.
 * Both error estimates are O(h^2) (the paper calls them second-order estimates), so the step
 * controller uses p = 2. Each scheme is one attempt function (cenic_attempt) on a shared driver
 * (integrators/common/stepper.h): cenic-fixed on the fixed-step driver, cenic-sd on the
 * step-doubling driver, cenic-trap on the embedded-estimate driver. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../models/multibody.h"
#include "../common/stepper.h"
#include "../integrator.h"
#include "cenic_step.h"
#include "../common/wall_clock.h"

typedef enum { CENIC_FIXED = 0, CENIC_SD = 1, CENIC_TRAP = 2 } CenicScheme;

typedef struct {
  CenicScheme scheme;
  CenicCore core;
  int adaptive_tol;
  int speculative;         /* report gaps that can close within a step (speculative.c); 0: the papers' discrete simulator */
  int retry_warm_start;    /* 0: every full step from v^n, retries too (option retry_warm_start) */
  double sd_hfull;         /* cenic-sd: size of the full step of the attempt */
  int nx;
  double t;                /* start of the attempt */
  const double *x;         /* the driver's state at t */
  int start_valid;         /* core.d holds the evaluation at (t, x) */
  double start_horizon;    /* the largest step that evaluation serves (speculative contacts) */
  double *xhat, *xmid, *xnew, *vguess;
  double last_solve_h;     /* step of the last convex solve of the last attempt (impulse / h) */
  double *cforce, *cvc;    /* [3 * cap] contact forces and velocities (--contact-forces only) */
  int ccap;
} Cenic;

static void swap_data(CenicCore *k) {
  Data *tmp = k->d;
  k->d = k->d_alt;
  k->d_alt = tmp;
}

static const char *const known_options[] = {"linear_solver", "hessian_reuse", "ls_init",      "alpha_max",
                                            "adaptive_tolerance", "regularized", "controllers", "speculative",
                                            "friction_hessian", "ls_tolerance", "defer_open_contacts", "retry_warm_start",
                                            "velocity_weight", "lookahead_friction", "max_turn", NULL};

static const StepperOps cenic_ops;

static void cenic_destroy(Integrator *it) {
  Cenic *c = it->content;
  if (!c) return;
  cenic_core_free(&c->core);
  stepper_release(it);
  free(c->cforce);
  free(c->cvc);
  free(c->xhat);
  free(c->xmid);
  free(c->xnew);
  free(c->vguess);
  free(c);
  it->content = NULL;
}

static int parse_flag(Integrator *it, const char *key, int *out) {
  const char *s = integrator_option(&it->opt, key);
  if (!s) return CB_OK;
  if (strcmp(s, "0") == 0) *out = 0;
  else if (strcmp(s, "1") == 0) *out = 1;
  else return integrator_fail(it, CB_ERR_OPTION, "option %s must be 0 or 1, got '%s'", key, s);
  return CB_OK;
}

/* velocity_weight=T (s): the positions-only norm also counts T |dv|_inf, a velocity error as the
 * length it would move a point in T (docs/integrators.md, "What each default guarantees"). Only for the error-controlled schemes under `--error-norm q`: the full norm
 * already counts |dv| at weight 1. */
static int parse_velocity_weight(Integrator *it, CenicScheme scheme, double *out) {
  const char *s = integrator_option(&it->opt, "velocity_weight");
  if (!s) return CB_OK;
  char *end;
  double w = strtod(s, &end);
  if (end == s || *end || !(w >= 0) || !isfinite(w))
    return integrator_fail(it, CB_ERR_OPTION, "option velocity_weight must be a time >= 0 in s, got '%s'", s);
  if (w > 0 && scheme == CENIC_FIXED)
    return integrator_fail(it, CB_ERR_OPTION, "option velocity_weight=%s: cenic-fixed has no error control", s);
  if (w > 0 && it->opt.error_norm == ERRNORM_FULL)
    return integrator_fail(it, CB_ERR_OPTION, "option velocity_weight=%s needs --error-norm q (full already counts velocities)", s);
  *out = w;
  return CB_OK;
}

/* max_turn=DEG (default CENIC_MAX_TURN_DEG for cenic-trap, 0 = off for the others): the step
 * driver refuses a step that turns a free body by more (common/stepper.h). Contacts are found
 * at the step start and linearized along v (the look-ahead gap phi + h v_n), so a corner that a
 * turn of tens of degrees brings down is first seen deep inside the floor, and its spring
 * returns more than the impact took (a spinning cube landing at a loose accuracy gains several
 * times its energy). */
#define CENIC_MAX_TURN_DEG 10.0
static int parse_max_turn(Integrator *it, CenicScheme scheme, double *out) {
  *out = scheme == CENIC_TRAP ? CENIC_MAX_TURN_DEG * M_PI / 180.0 : 0.0;
  const char *s = integrator_option(&it->opt, "max_turn");
  if (!s) return CB_OK;
  char *end;
  double deg = strtod(s, &end);
  if (end == s || *end || !(deg >= 0) || !isfinite(deg))
    return integrator_fail(it, CB_ERR_OPTION, "option max_turn must be an angle >= 0 in degrees, got '%s'", s);
  *out = deg * M_PI / 180.0;
  return CB_OK;
}

static int parse_options(Integrator *it, IcfSolverOptions *so, int *regularized, int *implicit_ctrl, int *adaptive,
                         int *speculative, int *retry_warm_start, int *lookahead_friction) {
  int rc = integrator_check_options(it, known_options);
  if (rc != CB_OK) return rc;
  const char *s = integrator_option(&it->opt, "linear_solver");
  if (s) {
    if (strcmp(s, "dense") == 0) so->linear_solver = ICF_LINSOLVE_DENSE;
    else if (strcmp(s, "cholmod") == 0) so->linear_solver = ICF_LINSOLVE_CHOLMOD;
    else if (strcmp(s, "block") == 0) so->linear_solver = ICF_LINSOLVE_BLOCK;
    else return integrator_fail(it, CB_ERR_OPTION, "linear_solver must be block, dense or cholmod, got '%s'", s);
  }
  s = integrator_option(&it->opt, "ls_init");
  if (s) {
    if (strcmp(s, "cubic") == 0) so->ls_init = ICF_LS_CUBIC;
    else if (strcmp(s, "quadratic") == 0) so->ls_init = ICF_LS_QUADRATIC;
    else if (strcmp(s, "one") == 0) so->ls_init = ICF_LS_ONE;
    else return integrator_fail(it, CB_ERR_OPTION, "ls_init must be cubic, quadratic or one, got '%s'", s);
  }
  s = integrator_option(&it->opt, "alpha_max");
  if (s) {
    char *end;
    double a = strtod(s, &end);
    if (*end || !(a > 0) || !isfinite(a)) return integrator_fail(it, CB_ERR_OPTION, "alpha_max must be > 0, got '%s'", s);
    so->alpha_max = a;
  }
  s = integrator_option(&it->opt, "ls_tolerance");
  if (s) {
    if (strcmp(s, "newton") == 0) so->ls_tol_max = ICF_LS_TOL_TIED_MAX;
    else if (strcmp(s, "fixed") == 0) so->ls_tol_max = so->ls_tol;
    else return integrator_fail(it, CB_ERR_OPTION, "ls_tolerance must be newton or fixed, got '%s'", s);
  }
  s = integrator_option(&it->opt, "friction_hessian");
  if (s) {
    if (strcmp(s, "dual") == 0) so->friction_hessian = ICF_FRICTION_DUAL;
    else if (strcmp(s, "exact") == 0) so->friction_hessian = ICF_FRICTION_EXACT;
    else return integrator_fail(it, CB_ERR_OPTION, "friction_hessian must be dual or exact, got '%s'", s);
  }
  s = integrator_option(&it->opt, "controllers");
  if (s) {
    if (strcmp(s, "implicit") == 0) *implicit_ctrl = 1;
    else if (strcmp(s, "explicit") == 0) *implicit_ctrl = 0;
    else return integrator_fail(it, CB_ERR_OPTION, "controllers must be implicit or explicit, got '%s'", s);
  }
  if ((rc = parse_flag(it, "hessian_reuse", &so->hessian_reuse)) != CB_OK) return rc;
  if ((rc = parse_flag(it, "defer_open_contacts", &so->defer_open_contacts)) != CB_OK) return rc;
  s = integrator_option(&it->opt, "regularized");
  if (s) {
    if (strcmp(s, "0") == 0) *regularized = CENIC_REG_NONE;
    else if (strcmp(s, "1") == 0) *regularized = CENIC_REG_ICF26;
    else if (strcmp(s, "continuation") == 0) *regularized = CENIC_REG_CONTINUATION;
    else return integrator_fail(it, CB_ERR_OPTION, "regularized must be continuation, 1 or 0, got '%s'", s);
  }
  if ((rc = parse_flag(it, "speculative", speculative)) != CB_OK) return rc;
  if ((rc = parse_flag(it, "retry_warm_start", retry_warm_start)) != CB_OK) return rc;
  if ((rc = parse_flag(it, "lookahead_friction", lookahead_friction)) != CB_OK) return rc;
  return parse_flag(it, "adaptive_tolerance", adaptive);
}

static int create_common(Integrator *it, CenicScheme scheme) {
  const Model *m = it->model;
  IcfSolverOptions so;
  icf_solver_default_options(&so);
  so.linear_solver = ICF_LINSOLVE_BLOCK; /* the reference's default: block-sparse Cholesky */
  int regularized = CENIC_REG_NONE, implicit_ctrl = 1, adaptive = 1, speculative = 1, retry_warm_start = 1;
  double v_weight = 0.0, max_turn = 0.0;
  int lookahead_friction = 1;
  int rc = parse_options(it, &so, &regularized, &implicit_ctrl, &adaptive, &speculative, &retry_warm_start,
                         &lookahead_friction);
  if (rc == CB_OK) rc = parse_velocity_weight(it, scheme, &v_weight);
  if (rc == CB_OK) rc = parse_max_turn(it, scheme, &max_turn);
  if (rc != CB_OK) return rc;
  if (scheme == CENIC_FIXED) {
    if (!(it->opt.dt > 0) || !isfinite(it->opt.dt))
      return integrator_fail(it, CB_ERR_OPTION, "fixed step dt must be > 0, got %g", it->opt.dt);
  } else {
    if (!(it->opt.accuracy > 0) || !isfinite(it->opt.accuracy))
      return integrator_fail(it, CB_ERR_OPTION, "accuracy must be > 0, got %g", it->opt.accuracy);
    double ms = it->opt.max_step > 0 ? it->opt.max_step : m->max_step;
    if (!(ms > 0) || !isfinite(ms) || it->opt.max_step < 0)
      return integrator_fail(it, CB_ERR_OPTION, "max_step must be > 0, got %g", it->opt.max_step);
    it->opt.max_step = ms;
    /* eq. 34: eps_tol = max(kappa * accuracy, 1e-8), kappa = 1e-3 */
    if (adaptive) so.tol = fmax(1e-3 * it->opt.accuracy, 1e-8);
  }
  if (it->opt.max_steps < 0) return integrator_fail(it, CB_ERR_OPTION, "max_steps must be >= 0, got %ld", it->opt.max_steps);
  Cenic *c = calloc(1, sizeof *c);
  if (!c) return integrator_fail(it, CB_ERR_MEMORY, "out of memory");
  it->content = c;
  c->scheme = scheme;
  c->adaptive_tol = adaptive;
  c->speculative = speculative;
  c->retry_warm_start = retry_warm_start;
  c->nx = m->nq + m->nv + m->nz;
  size_t nx = (size_t)(c->nx > 0 ? c->nx : 1);
  c->xhat = calloc(nx, sizeof(double));
  c->xmid = calloc(nx, sizeof(double));
  c->xnew = calloc(nx, sizeof(double));
  c->vguess = calloc((size_t)(m->nv > 0 ? m->nv : 1), sizeof(double));
  if (!c->xhat || !c->xmid || !c->xnew || !c->vguess ||
      cenic_core_init(&c->core, m, &so, regularized, implicit_ctrl))
    return integrator_fail(it, CB_ERR_MEMORY, "out of memory");
  c->core.lookahead_friction = lookahead_friction;
  /* the model layer counts geometry queries straight into our statistics */
  data_count_geometry_into(c->core.d, &it->stats.geometry_queries);
  data_count_geometry_into(c->core.d_alt, &it->stats.geometry_queries);
  const StepperKind kinds[3] = {STEPPER_FIXED, STEPPER_STEP_DOUBLING, STEPPER_EMBEDDED};
  /* cenic-trap's steps end within 1e-12 of the output time; the others step until they reach it */
  StepperConfig cfg = {kinds[scheme], &cenic_ops, it, v_weight, max_turn, scheme == CENIC_TRAP ? 1e-12 : 0.0};
  return integrator_use_stepper(it, &cfg);
}

static int create_fixed(Integrator *it) { return create_common(it, CENIC_FIXED); }
static int create_sd(Integrator *it) { return create_common(it, CENIC_SD); }
static int create_trap(Integrator *it) { return create_common(it, CENIC_TRAP); }

static int cenic_reset(Integrator *it, double t0, const double *x0) {
  Cenic *c = it->content;
  c->t = t0;
  c->x = NULL;
  c->core.have_jn = 0;
  cenic_lag_reset(&c->core.lag);
  icf_solver_invalidate(c->core.solver);
  memset(&c->core.sstats, 0, sizeof c->core.sstats);
  c->core.time_geometry = c->core.time_assembly = 0;
  c->start_valid = 0;
  return stepper_reset(it, t0, x0);
}

/* An ICF step's status as a step code: a failed convex solve is recoverable (a shorter step). */
static int solve_code(int icf_status) { return icf_status == ICF_OK ? CB_OK : CB_RECOVERABLE_SOLVER; }

/* The second evaluation of an attempt (midpoint or x-hat) and the step that reads it, in the
 * alternate Data, so that core.d keeps the start-of-step data for a retry. */
static int second_stage(Cenic *c, double t_eval, const double *x_eval, double h) {
  CenicCore *k = &c->core;
  int nq = c->core.m->nq;
  swap_data(k);
  /* the midpoint serves the second half step; x-hat serves the trapezoid step over h */
  double horizon = c->speculative ? (c->scheme == CENIC_SD ? 0.5 * h : h) : 0.0;
  /* the trapezoid step at x-hat starts at x^n: contacts open at x-hat but closed at x^n count */
  k->d->speculative_two_sided = c->scheme == CENIC_TRAP;
  int rc = cenic_eval_data(k, t_eval, x_eval, horizon) ? CB_ERR_MODEL : CB_OK;
  k->d->speculative_two_sided = 0;
  if (!rc && c->scheme == CENIC_SD)
    rc = solve_code(cenic_icf_step(k, c->t + 0.5 * h, c->xmid, 0.5 * h, c->xhat + nq, c->xnew)); /* eq. 23 */
  else if (!rc)
    rc = solve_code(cenic_trap_step(k, c->t, c->x, c->xhat, h, c->xnew));
  swap_data(k);
  return rc;
}

/* The start of a retry's full step: a rejected attempt of size H from the same state is retried
 * with h = r H, r < 1 (the driver says H: StepAttempt.retry_of); the paper starts every full
 * step from v^n (VI-A), and so does every new
 * step here. cenic-sd reads the rejected attempt's velocities, piecewise linear in time through
 * v^n, the first half step's v (at H/2) and the second half step's (at H), at r H; cenic-trap
 * linearly between v^n and its trapezoid step's v. Into vguess, returned. The rejected attempt
 * is a better guess of the retry's solution than v^n, so the retry's Newton solve is shorter. */
static const double *retry_guess(Cenic *c, const double *vn, double r) {
  const int nq = c->core.m->nq, nv = c->core.m->nv;
  const double *vmid = c->xmid + nq, *vend = c->xnew + nq;
  for (int i = 0; i < nv; ++i)
    c->vguess[i] = c->scheme == CENIC_TRAP ? vn[i] + r * (vend[i] - vn[i])
                   : r <= 0.5             ? vn[i] + 2.0 * r * (vmid[i] - vn[i])
                                          : vmid[i] + (2.0 * r - 1.0) * (vend[i] - vmid[i]);
  return c->vguess;
}

/* The evaluation at the attempt's start (t, x), made once per state: a rejected attempt's retry
 * with a step no larger reuses it. */
static int start_evaluation(Cenic *c, double h) {
  if (c->start_valid && h <= c->start_horizon) return CB_OK;
  if (cenic_eval_data(&c->core, c->t, c->x, c->speculative ? h : 0.0)) return CB_ERR_MODEL;
  c->start_valid = 1;
  c->start_horizon = h;
  return CB_OK;
}

/* cenic-trap: the first-order full step to x-hat (eq. 24), then the trapezoid step (eq. 25)
 * into xnew; the driver measures the error of xnew against x-hat. A contact switching inside the
 * step floors the error at its distance from the step boundary (cenic_trap_step). */
static int trap_attempt(Cenic *c, const StepAttempt *a, StepEstimate *est) {
  CenicCore *k = &c->core;
  cenic_trap_save_start(k);
  const int retry = c->retry_warm_start && a->retry_of > a->h;
  const double *v0 = retry ? retry_guess(c, c->x + k->m->nq, a->h / a->retry_of) : NULL; /* NULL: v^n (VI-A) */
  int rc = solve_code(cenic_icf_step(k, c->t, c->x, a->h, v0, c->xhat));
  if (rc) return rc;
  cenic_trap_first_impulse(k, c->xhat + k->m->nq, a->h);
  rc = second_stage(c, c->t + a->h, c->xhat, a->h);
  est->x_low = c->xhat;
  est->err_floor = k->switch_distance;
  return rc;
}

/* cenic-sd's three calls per attempt, named by the driver: the full step from (t, x) (eq. 24),
 * warm-started on a retry (retry_guess); the first half step from the same state and
 * evaluation, warm-started with the mean of v^n and the full step's v (eq. 22); the second half
 * step from the midpoint, evaluated in the alternate Data and warm-started with the full step's v
 * (eq. 23). Each result is also kept here (xhat, xmid, xnew) for the retry guess. */
static int sd_attempt(Cenic *c, const StepAttempt *a) {
  CenicCore *k = &c->core;
  const int nq = k->m->nq, nv = k->m->nv;
  if (a->part == STEP_SECOND_HALF) return second_stage(c, a->t, c->xmid, c->sd_hfull);
  if (a->part == STEP_FIRST_HALF) {
    for (int i = 0; i < nv; ++i) c->vguess[i] = 0.5 * (a->x[nq + i] + c->xhat[nq + i]);
    return solve_code(cenic_icf_step(k, a->t, a->x, a->h, c->vguess, c->xmid));
  }
  const int retry = c->retry_warm_start && a->retry_of > a->h;
  const double *v0 = retry ? retry_guess(c, a->x + nq, a->h / a->retry_of) : NULL; /* NULL: v^n (VI-A) */
  c->sd_hfull = a->h;
  return solve_code(cenic_icf_step(k, a->t, a->x, a->h, v0, c->xhat));
}

/* The attempt of every CENIC scheme (common/stepper.h): CB_OK, CB_RECOVERABLE_SOLVER when a
 * convex solve failed, or CB_ERR_MODEL. */
static int cenic_attempt(void *content, const StepAttempt *a, double *xout, StepEstimate *est) {
  Integrator *it = content;
  Cenic *c = it->content;
  if (a->part == STEP_WHOLE) {
    if (a->new_state) { /* its evaluation is still to make */
      c->t = a->t;
      c->x = a->x;
      c->start_valid = 0;
    }
    int rc = start_evaluation(c, a->h);
    if (rc) return rc;
  }
  c->last_solve_h = a->h; /* the last solve of the attempt */
  int rc;
  const double *result = c->xnew;
  if (c->scheme == CENIC_FIXED) rc = solve_code(cenic_icf_step(&c->core, c->t, c->x, a->h, NULL, c->xnew));
  else if (c->scheme == CENIC_TRAP) rc = trap_attempt(c, a, est);
  else {
    rc = sd_attempt(c, a);
    result = a->part == STEP_WHOLE ? c->xhat : a->part == STEP_FIRST_HALF ? c->xmid : c->xnew;
  }
  if (rc == CB_OK) memcpy(xout, result, sizeof(double) * (size_t)c->nx);
  return rc;
}

static void cenic_accepted(void *content, double h) {
  Cenic *c = ((Integrator *)content)->content;
  if (c->scheme != CENIC_TRAP) return;
  memcpy(c->core.jn, c->core.jn_next, sizeof(double) * (size_t)c->core.m->nv);
  c->core.have_jn = 1;
}

static void sync_stats(void *content, Integrator *it) {
  Cenic *c = it->content;
  const IcfSolverStats *s = &c->core.sstats;
  it->stats.convex_solves = s->solves;
  it->stats.newton_iters = s->newton_iters;
  it->stats.factorizations = s->factorizations;
  it->stats.linesearch_iters = s->linesearch_iters;
  it->stats.newton_dofs = s->newton_dofs;
  it->stats.factor_updates = s->factor_updates;
  it->stats.symbolic_analyses = s->symbolic_analyses;
  it->stats.time_geometry = c->core.time_geometry;
  it->stats.time_assembly = c->core.time_assembly + s->time_assembly;
  it->stats.time_factorization = s->time_factorization;
  it->stats.time_linesearch = s->time_linesearch;
}

static const char *cenic_why(void *content) { return ((Cenic *)((Integrator *)content)->content)->core.msg; }

static const StepperOps cenic_ops = {cenic_attempt, cenic_why, cenic_accepted, sync_stats};

/* The impulses of the last convex solve (the accepted step's, or its second half step for
 * step doubling) over that solve's step, at its solution velocity (which c->xnew holds). The
 * trapezoid step's impulses are weighted averages (eq. 25a): not a force at the state, so
 * cenic-trap leaves the force law to the harness. */
static int cenic_contact_forces(Integrator *it, const Data **dout, const double **force, const double **vc) {
  Cenic *c = it->content;
  if (c->scheme == CENIC_TRAP || !(c->last_solve_h > 0)) return -1;
  const IcfProblem *p = &c->core.prob;
  const Data *d = c->scheme == CENIC_FIXED ? c->core.d : c->core.d_alt; /* the data of that solve */
  if (p->ncon != d->ncon) return -1;
  if (p->ncon > c->ccap) {
    int cap = p->ncon > 2 * c->ccap ? p->ncon : 2 * c->ccap;
    double *f = realloc(c->cforce, 3 * (size_t)cap * sizeof(double)), *v = realloc(c->cvc, 3 * (size_t)cap * sizeof(double));
    if (f) c->cforce = f;
    if (v) c->cvc = v;
    if (!f || !v) return -1;
    c->ccap = cap;
  }
  const double *vnew = c->xnew + it->model->nq;
  for (int i = 0; i < p->ncon; ++i) {
    double gamma[3];
    icf_contact_velocity(p, i, vnew, c->cvc + 3 * i);
    icf_contact_eval(&p->con[i], c->cvc + 3 * i, gamma, NULL);
    for (int a = 0; a < 3; ++a) c->cforce[3 * i + a] = p->con[i].weight * gamma[a] / c->last_solve_h;
  }
  *dout = d;
  *force = c->cforce;
  *vc = c->cvc;
  return 0;
}

const IntegratorVtbl cenic_fixed_vtbl = {"cenic-fixed", "CENIC fixed step: one ICF Lagged convex step per dt (tolerance 1e-8)", 1,
                                         create_fixed, cenic_reset, stepper_advance, cenic_destroy, 0, ERRNORM_POSITIONS,
                                         cenic_contact_forces};
const IntegratorVtbl cenic_sd_vtbl = {"cenic-sd", "CENIC step doubling (first order, error-controlled, convex ICF steps)", 0,
                                      create_sd, cenic_reset, stepper_advance, cenic_destroy, 0, ERRNORM_POSITIONS,
                                      cenic_contact_forces};
const IntegratorVtbl cenic_trap_vtbl = {"cenic-trap", "CENIC trapezoid (second order, error-controlled, convex ICF steps)", 0,
                                        create_trap, cenic_reset, stepper_advance, cenic_destroy, 0, ERRNORM_FULL, NULL};
