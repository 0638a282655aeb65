/* The CENIC integrators (CENIC sec. V, Algorithm 1):
 *   cenic-fixed  one ICF step per opt.dt, Newton tolerance 1e-8 (the discrete "Lagged" ICF);
 *   cenic-sd     first-order step doubling (V-A), error on positions (V-E), warm starts (VI-A),
 *                two geometry queries per step;
 *   cenic-trap   second-order trapezoid (V-B) against the first-order full step.
 * Both error estimates are O(h^2) (the paper calls them second-order estimates), so the step
 * controller uses p = 2. Dense output: linear interpolation inside the last accepted step.
 * cenic-fixed runs on the shared fixed-step driver and cenic-sd on the shared step-doubling driver
 * (integrators/common/); cenic-trap, which is not step doubling, keeps its own loop here. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../models/multibody.h"
#include "../common/dense_output.h"
#include "../common/fixed_step.h"
#include "../common/step_doubling.h"
#include "../common/step_control.h"
#include "../integrator.h"
#include "cenic_step.h"
#include "../common/wall_clock.h"

typedef enum { CENIC_FIXED = 0, CENIC_SD = 1, CENIC_TRAP = 2 } CenicScheme;

typedef struct {
  CenicScheme scheme;
  CenicCore core;
  StepController sc;
  int adaptive_tol;
  int speculative;         /* report gaps that can close within a step (speculative.c); 0: the papers' discrete simulator */
  double h;                /* next step to try (error control) */
  FixedStepper fixed;      /* cenic-fixed: the shared fixed-step driver */
  StepDoubling sd;         /* cenic-sd: the shared step-doubling driver */
  int sd_phase;            /* 0: next call is a full step; 1: the first half step; 2: the second */
  int sd_done;             /* xhat, xmid, xnew hold the last attempt from (sd_t, x) (retry warm start) */
  int retry_warm_start;    /* 0: every full step from v^n, retries too (option retry_warm_start) */
  double v_weight;         /* s: velocity errors weighted by it join the positions-only norm (0: not) */
  double max_turn;         /* cenic-trap: largest rotation of a body in one step, rad (0: unbounded) */
  double trap_done_h;      /* cenic-trap: xnew holds the last attempt of this size from (t, x); 0: none */
  double sd_t, sd_hfull;   /* start and size of the full step of the attempt */
  int nx;
  double t, t_prev;
  int have_prev;
  int start_valid;         /* core.d holds the evaluation at (t, x) */
  double start_horizon;    /* the largest step that evaluation serves (speculative contacts) */
  double *x, *x_prev, *xhat, *xmid, *xnew, *vguess;
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

static int fixed_step_fn(void *ctx, double t, const double *x, double h, double *xout);
static const char *fixed_why(void *ctx);
static int sd_step_fn(void *ctx, double t, const double *x, double h, double *xout);
static void sd_project(void *ctx, double *x) { mb_normalize_q(((Integrator *)ctx)->model, x); }

static void cenic_destroy(Integrator *it) {
  Cenic *c = it->content;
  if (!c) return;
  cenic_core_free(&c->core);
  fixed_step_free(&c->fixed);
  step_doubling_free(&c->sd);
  free(c->cforce);
  free(c->cvc);
  free(c->x);
  free(c->x_prev);
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
 * length it would move a point in T (README "What each family's default error norm
 * guarantees"). Only for the error-controlled schemes under `--error-norm q`: the full norm
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

/* max_turn=DEG (cenic-trap, default CENIC_MAX_TURN_DEG; 0: off): a step that turns a free body by
 * more is refused. Contacts are found at the step start and linearized along v (the look-ahead
 * gap phi + h v_n), so a corner that a turn of tens of degrees brings down is first seen deep
 * inside the floor, and its spring returns more than the impact took: a cube landing at 15 rad/s
 * at accuracy 1e-1 turned 37 deg in one accepted 43 ms step, then went from 3.1 J to 20.9 J. */
#define CENIC_MAX_TURN_DEG 10.0
static int parse_max_turn(Integrator *it, CenicScheme scheme, double *out) {
  *out = scheme == CENIC_TRAP ? CENIC_MAX_TURN_DEG * M_PI / 180.0 : 0.0;
  const char *s = integrator_option(&it->opt, "max_turn");
  if (!s) return CB_OK;
  char *end;
  double deg = strtod(s, &end);
  if (end == s || *end || !(deg >= 0) || !isfinite(deg))
    return integrator_fail(it, CB_ERR_OPTION, "option max_turn must be an angle >= 0 in degrees, got '%s'", s);
  if (scheme != CENIC_TRAP)
    return integrator_fail(it, CB_ERR_OPTION, "option max_turn=%s: only cenic-trap bounds the turn per step", s);
  *out = deg * M_PI / 180.0;
  return CB_OK;
}

/* Largest rotation of a free body from qa to qb, rad: 2 acos |qa . qb| (unit quaternions). */
static double largest_turn(const Model *m, const double *qa, const double *qb) {
  double worst = 0.0;
  for (int b = 1; b < m->nbody; ++b) {
    if (m->bodies[b].joint != JOINT_FREE) continue;
    const double *p = qa + m->bodies[b].qadr + 3, *r = qb + m->bodies[b].qadr + 3;
    double dot = fabs(p[0] * r[0] + p[1] * r[1] + p[2] * r[2] + p[3] * r[3]);
    worst = fmax(worst, 2.0 * acos(fmin(1.0, dot)));
  }
  return worst;
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
  c->v_weight = v_weight;
  c->max_turn = max_turn;
  c->nx = m->nq + m->nv + m->nz;
  size_t nx = (size_t)(c->nx > 0 ? c->nx : 1);
  c->x = calloc(nx, sizeof(double));
  c->x_prev = calloc(nx, sizeof(double));
  c->xhat = calloc(nx, sizeof(double));
  c->xmid = calloc(nx, sizeof(double));
  c->xnew = calloc(nx, sizeof(double));
  c->vguess = calloc((size_t)(m->nv > 0 ? m->nv : 1), sizeof(double));
  if (!c->x || !c->x_prev || !c->xhat || !c->xmid || !c->xnew || !c->vguess ||
      cenic_core_init(&c->core, m, &so, regularized, implicit_ctrl))
    return integrator_fail(it, CB_ERR_MEMORY, "out of memory");
  c->core.lookahead_friction = lookahead_friction;
  /* the model layer counts geometry queries straight into our statistics */
  data_count_geometry_into(c->core.d, &it->stats.geometry_queries);
  data_count_geometry_into(c->core.d_alt, &it->stats.geometry_queries);
  if (scheme != CENIC_FIXED) step_controller_init(&c->sc, it->opt.max_step, 2.0);
  if (scheme == CENIC_FIXED && fixed_step_init(&c->fixed, it, fixed_step_fn, fixed_why, it) != 0)
    return integrator_fail(it, CB_ERR_MEMORY, "out of memory");
  if (scheme == CENIC_SD) {
    if (step_doubling_init(&c->sd, nx, m->nq, m->q_scale, it->opt.error_norm, it->opt.accuracy, it->opt.max_step,
                           sd_step_fn, sd_project, it) != 0)
      return integrator_fail(it, CB_ERR_MEMORY, "out of memory");
    c->sd.log_it = it;
    step_doubling_weight_velocities(&c->sd, m->nv, v_weight);
  }
  return CB_OK;
}

static int create_fixed(Integrator *it) { return create_common(it, CENIC_FIXED); }
static int create_sd(Integrator *it) { return create_common(it, CENIC_SD); }
static int create_trap(Integrator *it) { return create_common(it, CENIC_TRAP); }

static int cenic_reset(Integrator *it, double t0, const double *x0) {
  Cenic *c = it->content;
  memcpy(c->x, x0, sizeof(double) * (size_t)c->nx);
  c->t = c->t_prev = t0;
  c->have_prev = 0;
  if (c->scheme == CENIC_FIXED) fixed_step_reset(&c->fixed, t0, x0);
  if (c->scheme == CENIC_SD) step_doubling_reset(&c->sd, t0, x0);
  c->sd_phase = 0;
  c->sd_done = 0;
  c->trap_done_h = 0.0;
  c->core.have_jn = 0;
  cenic_lag_reset(&c->core.lag);
  c->h = c->sc.k_init * c->sc.max_step;
  icf_solver_invalidate(c->core.solver);
  memset(&c->core.sstats, 0, sizeof c->core.sstats);
  c->core.time_geometry = c->core.time_assembly = 0;
  c->start_valid = 0;
  it->t = t0;
  return CB_OK;
}

/* Error norm of a - b (CENIC V-E): |S dq|_inf, with velocity_weight T also T |dv|_inf, or over
 * the full state. */
static double error_norm(const Integrator *it, const double *a, const double *b) {
  const Model *m = it->model;
  const double vw = ((const Cenic *)it->content)->v_weight;
  double e = 0.0;
  for (int i = 0; i < m->nq; ++i) {
    double s = m->q_scale ? m->q_scale[i] : 1.0;
    double di = fabs(s * (a[i] - b[i]));
    if (!(di <= e)) e = di; /* propagates NaN */
  }
  if (it->opt.error_norm == ERRNORM_FULL)
    for (int i = m->nq; i < m->nq + m->nv + m->nz; ++i) {
      double di = fabs(a[i] - b[i]);
      if (!(di <= e)) e = di;
    }
  else if (vw > 0)
    for (int i = m->nq; i < m->nq + m->nv; ++i) {
      double di = vw * fabs(a[i] - b[i]);
      if (!(di <= e)) e = di;
    }
  return e;
}

/* An ICF step's status as a step code: a failed convex solve is recoverable (a shorter step);
 * out of memory is fatal and stays itself. */
static int solve_code(int icf_status) {
  return icf_status == CB_OK || icf_status == CB_ERR_MEMORY ? icf_status : CB_RECOVERABLE_SOLVER;
}

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
  int rc = cenic_eval_data(k, t_eval, x_eval, horizon);
  k->d->speculative_two_sided = 0;
  if (!rc && c->scheme == CENIC_SD)
    rc = solve_code(cenic_icf_step(k, c->t + 0.5 * h, c->xmid, 0.5 * h, c->xhat + nq, c->xnew)); /* eq. 23 */
  else if (!rc)
    rc = solve_code(cenic_trap_step(k, c->t, c->x, c->xhat, h, c->xnew));
  swap_data(k);
  return rc;
}

/* The start of a retry's full step: a rejected attempt of size H from the same state is retried
 * with h = r H, r < 1; the paper starts every full step from v^n (VI-A), and so does every new
 * step here. cenic-sd reads the rejected attempt's velocities, piecewise linear in time through
 * v^n, the first half step's v (at H/2) and the second half step's (at H), at r H; cenic-trap
 * linearly between v^n and its trapezoid step's v. Into vguess, returned. Measured on hard
 * clutter, cenic-sd 1e-3, by solving each retry's full step from both starts on one trajectory:
 * 1,115 Newton iterations against 1,488 from v^n over the 292 retries (3% of the run's). */
static const double *retry_guess(Cenic *c, const double *vn, double r) {
  const int nq = c->core.m->nq, nv = c->core.m->nv;
  const double *vmid = c->xmid + nq, *vend = c->xnew + nq;
  for (int i = 0; i < nv; ++i)
    c->vguess[i] = c->scheme == CENIC_TRAP ? vn[i] + r * (vend[i] - vn[i])
                   : r <= 0.5             ? vn[i] + 2.0 * r * (vmid[i] - vn[i])
                                          : vmid[i] + (2.0 * r - 1.0) * (vend[i] - vmid[i]);
  return c->vguess;
}

/* One attempt of size h from (t, x) of cenic-fixed or cenic-trap: the propagated state into xnew,
 * the error into *err (trapezoid).
 * Returns CB_OK, CB_RECOVERABLE_SOLVER when a convex solve failed, CB_ERR_MODEL or CB_ERR_MEMORY. The start-of-step evaluation
 * is made once per state: a rejected attempt's retry reuses it (one geometry query per retry,
 * for the midpoint). */
static int attempt(Integrator *it, Cenic *c, double h, double *err) {
  CenicCore *k = &c->core;
  if (!c->start_valid || h > c->start_horizon) { /* a retry (smaller h) reuses the evaluation */
    int rc = cenic_eval_data(k, c->t, c->x, c->speculative ? h : 0.0);
    if (rc != CB_OK) return rc;
    c->start_valid = 1;
    c->start_horizon = h;
  }
  c->last_solve_h = h; /* the last solve of the attempt */
  if (c->scheme == CENIC_FIXED) return solve_code(cenic_icf_step(k, c->t, c->x, h, NULL, c->xnew));
  /* the trapezoid variant (cenic-sd goes through the step-doubling driver, sd_step_fn) */
  cenic_trap_save_start(k);
  const int retry = c->retry_warm_start && c->trap_done_h > h;
  const double *v0 = retry ? retry_guess(c, c->x + k->m->nq, h / c->trap_done_h) : NULL; /* NULL: v^n (VI-A) */
  c->trap_done_h = 0.0;
  int rc = solve_code(cenic_icf_step(k, c->t, c->x, h, v0, c->xhat)); /* first-order full step (eq. 24) */
  if (rc) return rc;
  cenic_trap_first_impulse(k, c->xhat + k->m->nq, h);
  rc = second_stage(c, c->t + h, c->xhat, h);
  if (rc) return rc;
  c->trap_done_h = h;
  *err = error_norm(it, c->xnew, c->xhat);
  if (!(k->switch_distance <= *err)) *err = k->switch_distance;
  /* a turn beyond max_turn fails the error test; p = 2 proposes about max_turn / turn of h */
  double turn = c->max_turn > 0 ? largest_turn(k->m, c->x, c->xnew) : 0.0;
  if (turn > c->max_turn) *err = fmax(*err, it->opt.accuracy * (turn / c->max_turn) * (turn / c->max_turn));
  return 0;
}

static void accept(Cenic *c, double h) {
  c->start_valid = 0; /* a new state: its evaluation is made by the next attempt */
  c->trap_done_h = 0.0;
  memcpy(c->x_prev, c->x, sizeof(double) * (size_t)c->nx);
  memcpy(c->x, c->xnew, sizeof(double) * (size_t)c->nx);
  c->t_prev = c->t;
  c->have_prev = 1;
  c->t += h;
  if (c->scheme == CENIC_TRAP) {
    memcpy(c->core.jn, c->core.jn_next, sizeof(double) * (size_t)c->core.m->nv);
    c->core.have_jn = 1;
  }
}

static void sync_stats(Integrator *it, Cenic *c) {
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
  it->t = c->t;
}

/* cenic-fixed's step for the fixed-step driver: one ICF step from (t, x) (CENIC eq. 24). */
static int fixed_step_fn(void *ctx, double t, const double *x, double h, double *xout) {
  Integrator *it = ctx;
  Cenic *c = it->content;
  c->t = t;
  memcpy(c->x, x, sizeof(double) * (size_t)c->nx);
  c->start_valid = 0; /* a new state */
  double err;
  int rc = attempt(it, c, h, &err);
  if (rc == CB_OK) memcpy(xout, c->xnew, sizeof(double) * (size_t)c->nx);
  sync_stats(it, c); /* the driver reports the step to the observer next */
  return rc;
}

static const char *fixed_why(void *ctx) { return ((Cenic *)((Integrator *)ctx)->content)->core.msg; }

/* cenic-sd's step for the shared step-doubling driver, which calls it three times per attempt:
 * the full step from (t, x) (eq. 24), the first half step from the same state and evaluation,
 * warm-started with the mean of v^n and the full step's v (eq. 22), and the second half step from
 * the midpoint, evaluated in the alternate Data and warm-started with the full step's v (eq. 23).
 * A retry after a rejection reuses the start evaluation when the step did not grow. */
static int sd_step_fn(void *ctx, double t, const double *x, double h, double *xout) {
  Integrator *it = ctx;
  Cenic *c = it->content;
  CenicCore *k = &c->core;
  const int nq = it->model->nq, nv = it->model->nv;
  const size_t bytes = sizeof(double) * (size_t)c->nx;
  int rc;
  if (c->sd_phase == 2 && t == c->sd_t + 0.5 * c->sd_hfull && h == 0.5 * c->sd_hfull) {
    rc = second_stage(c, t, c->xmid, c->sd_hfull); /* x is the driver's copy of c->xmid */
    if (rc == CB_OK) memcpy(xout, c->xnew, bytes);
    c->sd_phase = 0;
    c->sd_done = rc == CB_OK;
  } else if (c->sd_phase == 1 && t == c->sd_t && h == 0.5 * c->sd_hfull) {
    for (int i = 0; i < nv; ++i) c->vguess[i] = 0.5 * (x[nq + i] + c->xhat[nq + i]);
    rc = solve_code(cenic_icf_step(k, t, x, h, c->vguess, c->xmid));
    if (rc == CB_OK) memcpy(xout, c->xmid, bytes);
    c->sd_phase = rc == CB_OK ? 2 : 0;
  } else {
    if (t != c->t || memcmp(x, c->x, bytes) != 0) { /* a new state: its evaluation is still to make */
      c->t = t;
      memcpy(c->x, x, bytes);
      c->start_valid = 0;
      c->sd_done = 0;
    }
    rc = CB_OK;
    if (!c->start_valid || h > c->start_horizon) {
      rc = cenic_eval_data(k, t, x, c->speculative ? h : 0.0);
      c->start_valid = rc == CB_OK;
      c->start_horizon = h;
    }
    const int retry = c->retry_warm_start && c->sd_done && t == c->sd_t && h < c->sd_hfull;
    const double *v0 = retry ? retry_guess(c, x + nq, h / c->sd_hfull) : NULL; /* NULL: v^n (VI-A) */
    c->sd_done = 0; /* xhat is overwritten next */
    if (rc == CB_OK) rc = solve_code(cenic_icf_step(k, t, x, h, v0, c->xhat));
    if (rc == CB_OK) memcpy(xout, c->xhat, bytes);
    c->sd_phase = rc == CB_OK ? 1 : 0;
    c->sd_t = t;
    c->sd_hfull = h;
  }
  c->last_solve_h = h;
  sync_stats(it, c); /* the driver reports the attempt to the observer */
  it->t = c->sd.t;
  return rc;
}

static int cenic_advance(Integrator *it, double t_out, double *x_out) {
  Cenic *c = it->content;
  if (c->scheme == CENIC_FIXED) {
    int rc = fixed_step_advance(&c->fixed, it, t_out, x_out);
    double t = it->t;
    sync_stats(it, c);
    it->t = t;
    return rc;
  }
  if (c->scheme == CENIC_SD) {
    int rc = step_doubling_advance(&c->sd, t_out, x_out, it->opt.max_steps, &it->stats, it->message, sizeof it->message);
    sync_stats(it, c);
    it->t = c->sd.t;
    if (rc != CB_OK && c->core.msg[0]) { /* say why the last attempt failed, not only where */
      size_t n = strlen(it->message);
      snprintf(it->message + n, sizeof it->message - n, ": %s", c->core.msg);
    }
    return rc;
  }
  long attempts = 0;
  int rc = CB_OK;
  double tiny = 1e-12 * fmax(1.0, fabs(t_out));
  /* dense output exists only inside the last step: an earlier time would be extrapolated */
  if (t_out < (c->have_prev ? c->t_prev : c->t) - tiny) {
    rc = integrator_fail(it, CB_ERR_STEP, "output time %.17g is before the last step start %.17g", t_out,
                         c->have_prev ? c->t_prev : c->t);
    sync_stats(it, c);
    return rc;
  }
  while (c->t < t_out - tiny) {
    if (it->opt.max_steps > 0 && attempts >= it->opt.max_steps) {
      rc = integrator_fail(it, CB_ERR_STEP, "step budget of %ld steps exhausted at t = %g", it->opt.max_steps, c->t);
      break;
    }
    attempts++;
    double err = NAN;
    double h = c->h;
    int s = attempt(it, c, h, &err);
    if (s < 0) {
      rc = integrator_fail(it, s, "t = %g: %s", c->t, c->core.msg);
      break;
    }
    if (s > 0) { /* failed convex solve: reject and shrink, like a non-finite error */
      it->stats.conv_failures++;
      err = NAN;
    }
    int accepted = step_accept(&c->sc, err, it->opt.accuracy);
    if (it->step_observer) {
      sync_stats(it, c);
      integrator_log_step(it, c->t, h, accepted, accepted ? "ok" : s ? "solver failure" : "error test", err, 1);
    }
    if (accepted) {
      accept(c, h);
      it->stats.steps++;
    } else {
      it->stats.rejected++;
      if (!s) it->stats.error_test_failures++;
    }
    c->h = step_next(&c->sc, h, err, it->opt.accuracy);
    if (!(c->h >= c->sc.min_step)) {
      rc = integrator_fail(it, CB_ERR_STEP, "step size underflow (%g) at t = %g%s%s", c->h, c->t, s ? ": " : "",
                           s ? c->core.msg : "");
      break;
    }
  }
  /* dense output: linear interpolation inside the last accepted step */
  if (rc == CB_OK) {
    dense_output_linear(it->model, c->nx, c->have_prev, c->t_prev, c->x_prev, c->t, c->x, t_out, tiny, x_out);
  }
  sync_stats(it, c);
  return rc;
}

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
                                         create_fixed, cenic_reset, cenic_advance, cenic_destroy, 0, ERRNORM_POSITIONS,
                                         cenic_contact_forces};
const IntegratorVtbl cenic_sd_vtbl = {"cenic-sd", "CENIC step doubling (first order, error-controlled, convex ICF steps)", 0,
                                      create_sd, cenic_reset, cenic_advance, cenic_destroy, 0, ERRNORM_POSITIONS,
                                      cenic_contact_forces};
const IntegratorVtbl cenic_trap_vtbl = {"cenic-trap", "CENIC trapezoid (second order, error-controlled, convex ICF steps)", 0,
                                        create_trap, cenic_reset, cenic_advance, cenic_destroy, 0, ERRNORM_FULL, NULL};
