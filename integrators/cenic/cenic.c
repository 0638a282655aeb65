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

#include "../../models/collision.h"
#include "../../models/kinematic.h"
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
  int cond_number;         /* option condition_number: the step log's Hessian condition number */
  /* The end-state check of the error-controlled schemes (unsolved_overlap): the geometry at
   * the attempt's end, and the solved pairs' keys, sorted */
  Data *d_end;
  long *solved_keys;
  int solved_cap;
  double accuracy;
} Cenic;

static void swap_data(CenicCore *k) {
  Data *tmp = k->d;
  k->d = k->d_alt;
  k->d_alt = tmp;
}

/* The options of the three schemes: the convex solver's and the contact model's for all, the
 * velocity weight of the error norm for the error-controlled ones, the turn bound for the
 * trapezoid. The enum choices are in the order of the maps in create_common. */
#define CENIC_COMMON_OPTIONS                                                                                     \
  OPTION_ENUM_SPEC("linear_solver", "block", OPTION_CHOICES("block", "dense", "cholmod"),                        \
                   "Newton's linear solver: block-sparse Cholesky in an AMD order, dense LAPACK, or CHOLMOD"),   \
  OPTION_BOOL_SPEC("hessian_reuse", "0",                                                                         \
                   "reuse the Hessian's factorization across Newton iterations, solves and steps (CENIC eq. 35)"), \
  OPTION_ENUM_SPEC("ls_init", "cubic", OPTION_CHOICES("cubic", "quadratic", "one"),                              \
                   "the line search's first step: cubic or quadratic fit, or the full Newton step"),            \
  OPTION_DOUBLE_SPEC("alpha_max", "1", 0, 1, INFINITY, "the line search's largest step along the Newton direction"), \
  OPTION_BOOL_SPEC("adaptive_tolerance", "1", "Newton tolerance tied to the accuracy (CENIC eq. 34); 0: fixed 1e-8"), \
  OPTION_ENUM_SPEC("regularized", "0", OPTION_CHOICES("0", "1", "continuation"),                                 \
                   "0: the Lagged problem as posed; 1: ICF eq. 26's regularization; continuation: eq. 26, then 0"), \
  OPTION_ENUM_SPEC("controllers", "implicit", OPTION_CHOICES("implicit", "explicit", "symmetric"),               \
                   "controllers inside the convex step with eq. 29's diagonal C (implicit) or the symmetric "    \
                   "part of their Jacobian (symmetric), or evaluated at the step start (explicit)"),             \
  OPTION_BOOL_SPEC("speculative", "1", "report gaps that can close within the step; 0: the papers' discrete simulator"), \
  OPTION_ENUM_SPEC("friction_hessian", "dual", OPTION_CHOICES("dual", "exact"),                                  \
                   "friction's Hessian block: the dual (convex) approximation or the exact one"),               \
  OPTION_ENUM_SPEC("ls_tolerance", "newton", OPTION_CHOICES("newton", "fixed"),                                  \
                   "line-search tolerance tied to the Newton tolerance, or the paper's fixed 1e-8"),             \
  OPTION_BOOL_SPEC("defer_open_contacts", "1", "a contact that does not act at the initial guess joins no Newton island (0: all join)"), \
  OPTION_BOOL_SPEC("islands", "1", "Newton per contact island, each with its own line search and tolerance share (0: one Newton on the whole problem, the paper's)"), \
  OPTION_ENUM_SPEC("solver_profile", "ours", OPTION_CHOICES("ours", "paper"),                                    \
                   "paper: the paper's Newton (CENIC sec. VI), friction_hessian=exact, ls_tolerance=fixed, "     \
                   "islands=0, hessian_reuse=1; ours: each of those options as set"),                            \
  OPTION_BOOL_SPEC("retry_warm_start", "1", "a retried step starts Newton from the rejected attempt's velocities (0: from v^n, VI-A)"), \
  OPTION_BOOL_SPEC("lookahead_friction", "1", "a contact across a gap takes its lagged normal force from the last solve (0: the paper's Lagged)"), \
  OPTION_ENUM_SPEC("model", "lagged", OPTION_CHOICES("lagged", "similar", "sap"),                                \
                   "the convex contact approximation (ICF sec. V): Lagged, Similar or SAP"),                      \
  OPTION_DOUBLE_SPEC("sap_tau_d", "0", 0, 0, INFINITY, "SAP's dissipation time scale tau_d in s (ICF eq. 24; model=sap only)"), \
  OPTION_BOOL_SPEC("condition_number", "0", "step log: the condition number of the Newton Hessian at each solution (dense eigenvalues, O(nv^3) per step; ICF Fig. 15)")

#define CENIC_VELOCITY_WEIGHT_OPTION                                                                             \
  OPTION_DOUBLE_SPEC("velocity_weight", "0", 0, 0, INFINITY,                                                     \
                     "T in s: the positions-only norm also counts T |dv|_inf (with --error-norm q; 0: off)")

#define CENIC_MAX_TURN_OPTION(deflt)                                                                             \
  OPTION_DOUBLE_SPEC("max_turn", deflt, 0, 0, INFINITY,                                                          \
                     "largest rotation of a free body in one step, degrees (0: off; the step driver refuses more)")

#define CENIC_STEP_CONTROL_OPTION                                                                                \
  OPTION_ENUM_SPEC("step_control", "deadband", OPTION_CHOICES("deadband", "pi"),                                 \
                   "step sizes by CENIC Algorithm 1's dead band, or a PI controller (Gustafsson; no growth after a rejection)")

static const OptionSpec cenic_fixed_options[] = {CENIC_COMMON_OPTIONS, CENIC_MAX_TURN_OPTION("0"), OPTIONS_END};
static const OptionSpec cenic_sd_options[] = {CENIC_COMMON_OPTIONS, CENIC_VELOCITY_WEIGHT_OPTION, CENIC_MAX_TURN_OPTION("0"),
                                              CENIC_STEP_CONTROL_OPTION, OPTIONS_END};
/* max_turn (deg; 0: off): a step that turns a free body by more is refused. Contacts are found
 * at the step start and linearized along v (the look-ahead gap phi + h v_n), so a corner that a
 * turn of tens of degrees brings down is first seen deep inside the floor, and its spring
 * returns more than the impact took. */
/* trap_reading: eq. 25's J = Jhat/2 at weight 1 (literal) puts the new elastic force at
 * q^n + h v^{n+1}/2, first order and unstable at rest; Jhat at weight 1/2 (weighted) puts it at
 * q^n + h v^{n+1}, second order and damped at rest (docs/integrators.md, CENIC's trapezoid). */
static const OptionSpec cenic_trap_options[] = {
    CENIC_COMMON_OPTIONS, CENIC_VELOCITY_WEIGHT_OPTION,
    CENIC_MAX_TURN_OPTION("10"), CENIC_STEP_CONTROL_OPTION,
    OPTION_ENUM_SPEC("trap_reading", "weighted", OPTION_CHOICES("weighted", "literal"),
                     "eq. 25's contact term: Jhat at weight 1/2 (weighted, stable at rest) or J = Jhat/2 at weight 1 "
                     "(literal, the paper's printed reading: first order, unstable at rest)"),
    OPTIONS_END};

static const StepperOps cenic_ops;

/* solver_profile=paper: the options it sets and their values (the index option_bool or
 * option_enum reads). A member given explicitly with another value is refused, not overridden. */
typedef struct {
  const char *name, *value;
  int is_bool, index;
} ProfileSetting;
static const ProfileSetting paper_profile[] = {
    {"friction_hessian", "exact", 0, 1}, {"ls_tolerance", "fixed", 0, 1}, {"islands", "0", 1, 0}, {"hessian_reuse", "1", 1, 1}};
#define PAPER_PROFILE_N ((int)(sizeof paper_profile / sizeof paper_profile[0]))

static int option_read(const OptionValues *ov, const ProfileSetting *ps) {
  return ps->is_bool ? option_bool(ov, ps->name) : option_enum(ov, ps->name);
}

/* The value of profile member ps as read, in words. */
static const char *option_read_text(const OptionValues *ov, const ProfileSetting *ps) {
  int k = option_read(ov, ps);
  return ps->is_bool ? (k ? "1" : "0") : options_find(ov->spec, ps->name)->choices[k];
}

/* The value option `name` takes: the paper profile's when it sets it, else as read. */
static int profile_value(const OptionValues *ov, int paper, const char *name) {
  for (int i = 0; i < PAPER_PROFILE_N; ++i)
    if (!strcmp(paper_profile[i].name, name)) return paper ? paper_profile[i].index : option_read(ov, &paper_profile[i]);
  abort(); /* not a member: a programming error */
}

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
  data_free(c->d_end);
  free(c->solved_keys);
  free(c);
  it->content = NULL;
}

static int create_common(Integrator *it, CenicScheme scheme) {
  const Model *m = it->model;
  IcfSolverOptions so;
  icf_solver_default_options(&so);
  OptionValues ov;
  int rc = integrator_read_options(it, &ov);
  if (rc != CB_OK) return rc;
  static const IcfLinSolverKind linear_solvers[] = {ICF_LINSOLVE_BLOCK, ICF_LINSOLVE_DENSE, ICF_LINSOLVE_CHOLMOD};
  static const IcfLineSearchInit ls_inits[] = {ICF_LS_CUBIC, ICF_LS_QUADRATIC, ICF_LS_ONE};
  static const IcfFrictionHessian friction_hessians[] = {ICF_FRICTION_DUAL, ICF_FRICTION_EXACT};
  static const int regularizations[] = {CENIC_REG_NONE, CENIC_REG_ICF26, CENIC_REG_CONTINUATION};
  so.linear_solver = linear_solvers[option_enum(&ov, "linear_solver")];
  so.ls_init = ls_inits[option_enum(&ov, "ls_init")];
  so.alpha_max = option_double(&ov, "alpha_max");
  const int paper = option_enum(&ov, "solver_profile") == 1;
  for (int i = 0; paper && i < PAPER_PROFILE_N; ++i) {
    const ProfileSetting *ps = &paper_profile[i];
    if (option_given(&ov, ps->name) && option_read(&ov, ps) != ps->index)
      return integrator_fail(it, CB_ERR_OPTION, "option %s=%s contradicts solver_profile=paper (which sets %s=%s)", ps->name,
                             option_read_text(&ov, ps), ps->name, ps->value);
  }
  so.ls_tol_max = profile_value(&ov, paper, "ls_tolerance") == 1 ? so.ls_tol : ICF_LS_TOL_TIED_MAX;
  so.friction_hessian = friction_hessians[profile_value(&ov, paper, "friction_hessian")];
  so.hessian_reuse = profile_value(&ov, paper, "hessian_reuse");
  so.islands = profile_value(&ov, paper, "islands");
  so.defer_open_contacts = option_bool(&ov, "defer_open_contacts");
  static const int ctrl_modes[] = {CENIC_CTRL_DIAGONAL, CENIC_CTRL_EXPLICIT, CENIC_CTRL_SYMMETRIC};
  int implicit_ctrl = ctrl_modes[option_enum(&ov, "controllers")];
  int regularized = regularizations[option_enum(&ov, "regularized")];
  int adaptive = option_bool(&ov, "adaptive_tolerance"), speculative = option_bool(&ov, "speculative");
  int retry_warm_start = option_bool(&ov, "retry_warm_start"), lookahead_friction = option_bool(&ov, "lookahead_friction");
  static const IcfModelKind models[] = {ICF_MODEL_LAGGED, ICF_MODEL_SIMILAR, ICF_MODEL_SAP};
  IcfModelKind model = models[option_enum(&ov, "model")];
  double sap_tau_d = option_double(&ov, "sap_tau_d");
  if (sap_tau_d > 0 && model != ICF_MODEL_SAP)
    return integrator_fail(it, CB_ERR_OPTION, "option sap_tau_d=%g needs model=sap", sap_tau_d);
  double v_weight = scheme == CENIC_FIXED ? 0.0 : option_double(&ov, "velocity_weight");
  /* the full norm already counts |dv| at weight 1 */
  if (v_weight > 0 && it->opt.error_norm == ERRNORM_FULL)
    return integrator_fail(it, CB_ERR_OPTION, "option velocity_weight=%g needs --error-norm q (full already counts velocities)",
                           v_weight);
  double max_turn = option_double(&ov, "max_turn") * M_PI / 180.0;
  /* in the order of the option's choices */
  static const StepControllerOps *const controllers[] = {&step_control_deadband, &step_control_pi};
  const StepControllerOps *controller = scheme == CENIC_FIXED ? NULL : controllers[option_enum(&ov, "step_control")];
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
  /* cenic-trap puts tau^{n+1} of the trapezoid average into the convex step (cenic_trap_step)
   * unless controllers=explicit, whose steps shrink with the gains where the paper's do not
   * (docs/integrators.md, CENIC's controllers): the record says so */
  if (scheme == CENIC_TRAP && m->ncontroller > 0 && implicit_ctrl == CENIC_CTRL_EXPLICIT)
    integrator_note(it, "%s: controllers are explicit (controllers=explicit: the trapezoid averages them at the step start "
                    "and at x-hat outside the convex step, not CENIC V-C)", it->vtbl->name);
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
  c->core.trap_literal = scheme == CENIC_TRAP && option_enum(&ov, "trap_reading") == 1;
  c->cond_number = option_bool(&ov, "condition_number");
  if (cenic_core_init_diagnostics(&c->core, c->cond_number)) return integrator_fail(it, CB_ERR_MEMORY, "out of memory");
  it->step_diag = &c->core.step_diag;
  cenic_core_set_model(&c->core, model, sap_tau_d);
  /* the model layer counts geometry queries straight into our statistics */
  data_count_geometry_into(c->core.d, &it->stats.geometry_queries);
  data_count_geometry_into(c->core.d_alt, &it->stats.geometry_queries);
  c->accuracy = it->opt.accuracy;
  if (scheme != CENIC_FIXED && c->speculative) { /* the end-state check (unsolved_overlap) */
    if (!(c->d_end = data_create(m))) return integrator_fail(it, CB_ERR_MEMORY, "out of memory");
    data_count_geometry_into(c->d_end, &it->stats.geometry_queries);
  }
  const StepperKind kinds[3] = {STEPPER_FIXED, STEPPER_STEP_DOUBLING, STEPPER_EMBEDDED};
  /* cenic-trap's steps end within 1e-12 of the output time; the others step until they reach it */
  StepperConfig cfg = {.kind = kinds[scheme], .ops = &cenic_ops, .content = it, .v_weight = v_weight, .max_turn = max_turn,
                       .end_tol_rel = scheme == CENIC_TRAP ? 1e-12 : 0.0, .controller = controller};
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
  c->core.tap.fn = it->newton_observer;
  c->core.tap.ctx = it->newton_observer_ctx;
  /* the diagnostics cost nothing unless a step log reads them */
  c->core.diag_on = it->step_observer != NULL;
  c->core.step_diag.hessian_cond = c->core.step_diag.stiction_median = c->core.step_diag.stiction_min = NAN;
  memset(&c->core.sstats, 0, sizeof c->core.sstats);
  c->core.time_geometry = c->core.time_assembly = 0;
  c->start_valid = 0;
  return stepper_reset(it, t0, x0);
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
  int rc = cenic_eval_data(&c->core, c->t, c->x, c->speculative ? h : 0.0);
  if (rc != CB_OK) return rc;
  c->start_valid = 1;
  c->start_horizon = h;
  return CB_OK;
}

static int by_key(const void *a, const void *b) {
  long x = *(const long *)a, y = *(const long *)b;
  return (x > y) - (x < y);
}

/* Whether the ascending keys[0 .. n) hold key (a binary search without bsearch's callback). */
static int has_key(const long *keys, int n, long key) {
  int lo = 0, hi = n;
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    if (keys[mid] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo < n && keys[lo] == key;
}

static long pair_key(const Model *m, const Contact *k) {
  int a = k->geom[0] < k->geom[1] ? k->geom[0] : k->geom[1], b = k->geom[0] ^ k->geom[1] ^ a;
  return (long)a * m->ngeom + b;
}

/* Whether contact ct overlaps by more than it is allowed at the end of a step, accuracy times
 * the smaller geometry's bounding radius (into *allowed). */
static int overlap_beyond(const Cenic *c, const Model *m, const Contact *ct, double *allowed) {
  if (!(ct->phi < 0)) return 0;
  double ra = m->geoms[ct->geom[0]].rbound, rb = m->geoms[ct->geom[1]].rbound;
  *allowed = c->accuracy * fmin(isfinite(ra) ? ra : INFINITY, isfinite(rb) ? rb : INFINITY);
  return -ct->phi > *allowed;
}

/* The error floor of an attempt that ends in an overlap it never solved: a pair not among the
 * contacts of the attempt's evaluations (start and midpoint, or start and x-hat) overlapping at
 * the end by more than accuracy times the smaller geometry's bounding radius. Such a step
 * missed a contact that closed within it (the look-ahead bound did not cover it), so the step's
 * own two solutions agree while both are wrong, and the spring energy stored in the unsolved
 * overlap comes back in the next steps. The floor, accuracy * depth / allowed, fails the error
 * test and shrinks the step. 0 when the end state is fine (or cannot be evaluated: the next
 * step's start evaluation reports that). */
static double unsolved_overlap(Cenic *c, double t_end, const double *x_end) {
  const CenicCore *k = &c->core;
  const Model *m = k->m;
  Data *de = c->d_end;
  mb_kinematics(m, de, x_end);
  kinematic_update(m, de, t_end);
  de->speculative_horizon = 0.0;
  if (collision_detect(m, de) != 0) return 0.0;
  /* The overlaps beyond their allowance first: most end states have none, and then the solved
   * pairs need not be listed and sorted (a sort of twice the contacts per attempt). */
  int deep = 0;
  double allowed;
  for (int i = 0; !deep && i < de->ncon; ++i) deep = overlap_beyond(c, m, &de->contacts[i], &allowed);
  if (!deep) return 0.0;
  int nsolved = k->d->ncon + k->d_alt->ncon, n = 0;
  if (nsolved > c->solved_cap) {
    long *keys = realloc(c->solved_keys, (size_t)nsolved * sizeof *keys);
    if (!keys) return 0.0;
    c->solved_keys = keys;
    c->solved_cap = nsolved;
  }
  /* collision_detect lists the contacts by pair, so each set's keys are one ascending run, as a
   * rule: searched as two runs, sorted together only when one is not */
  const Data *sets[2] = {k->d, k->d_alt};
  int runs = 1;
  for (int s = 0; s < 2; ++s)
    for (int i = 0; i < sets[s]->ncon; ++i) {
      c->solved_keys[n] = pair_key(m, &sets[s]->contacts[i]);
      if (i > 0 && c->solved_keys[n] < c->solved_keys[n - 1]) runs = 0;
      n++;
    }
  const int n0 = k->d->ncon;
  if (!runs && n > 1) qsort(c->solved_keys, (size_t)n, sizeof *c->solved_keys, by_key);
  double worst = 0.0;
  for (int i = 0; i < de->ncon; ++i) {
    const Contact *ct = &de->contacts[i];
    if (!overlap_beyond(c, m, ct, &allowed)) continue;
    long key = pair_key(m, ct);
    if (runs ? has_key(c->solved_keys, n0, key) || has_key(c->solved_keys + n0, n - n0, key)
             : has_key(c->solved_keys, n, key))
      continue;
    worst = fmax(worst, c->accuracy * -ct->phi / allowed);
  }
  return worst;
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
  /* x-hat is a stage the driver does not see before the trapezoid step is evaluated at it */
  if (!stepper_state_is_finite(c->xhat, c->nx)) return CB_RECOVERABLE_MODEL;
  cenic_trap_first_impulse(k, c->xhat + k->m->nq, a->h);
  rc = second_stage(c, c->t + a->h, c->xhat, a->h);
  est->x_low = c->xhat;
  est->err_floor = k->switch_distance;
  if (rc == CB_OK && c->speculative) est->err_floor = fmax(est->err_floor, unsolved_overlap(c, c->t + a->h, c->xnew));
  return rc;
}

/* cenic-sd's three calls per attempt, named by the driver: the full step from (t, x) (eq. 24),
 * warm-started on a retry (retry_guess); the first half step from the same state and
 * evaluation, warm-started with the mean of v^n and the full step's v (eq. 22); the second half
 * step from the midpoint, evaluated in the alternate Data and warm-started with the full step's v
 * (eq. 23). Each result is also kept here (xhat, xmid, xnew) for the retry guess. */
static int sd_attempt(Cenic *c, const StepAttempt *a, StepEstimate *est) {
  CenicCore *k = &c->core;
  const int nq = k->m->nq, nv = k->m->nv;
  if (a->part == STEP_SECOND_HALF) {
    int rc = second_stage(c, a->t, c->xmid, c->sd_hfull);
    if (rc == CB_OK && est && c->speculative) est->err_floor = unsolved_overlap(c, a->t + a->h, c->xnew);
    return rc;
  }
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
    rc = sd_attempt(c, a, est);
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

static const StepperOps cenic_ops = {.attempt = cenic_attempt, .why = cenic_why, .accepted = cenic_accepted, .sync_stats = sync_stats};

/* The impulses of the last convex solve (the accepted step's, or its second half step for
 * step doubling) over that solve's step, at its solution velocity (which c->xnew holds). The
 * trapezoid step's impulses are weighted averages (eq. 25a): not a force at the state, so
 * cenic-trap leaves the force law to the harness. */
static int cenic_own_contact_model(const Integrator *it) {
  const Cenic *c = it->content;
  return c->core.model != ICF_MODEL_LAGGED || c->core.regularized == CENIC_REG_ICF26;
}

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
    icf_problem_contact_eval(p, i, c->cvc + 3 * i, gamma, NULL);
    for (int a = 0; a < 3; ++a) c->cforce[3 * i + a] = p->con[i].weight * gamma[a] / c->last_solve_h;
  }
  *dout = d;
  *force = c->cforce;
  *vc = c->cvc;
  return 0;
}

/* CENIC V-C: controllers inside the convex step unless controllers=explicit (symmetric and
 * implicit are both implicit) */
static ControllerTreatment cenic_controllers(const IntegratorOptions *opt) {
  for (int i = 0; i < opt->nextra; ++i)
    if (!strcmp(opt->extra_key[i], "controllers") && !strcmp(opt->extra_value[i], "explicit")) return CONTROLLERS_EXPLICIT;
  return CONTROLLERS_IMPLICIT;
}

INTEGRATOR_VTBL(cenic_fixed_vtbl, "cenic-fixed", "CENIC fixed step: one ICF Lagged convex step per dt (tolerance 1e-8)",
                1, create_fixed, cenic_reset, stepper_advance, cenic_destroy, .default_error_norm = ERRNORM_POSITIONS,
                .contact_forces = cenic_contact_forces, .own_contact_model = cenic_own_contact_model,
                .options = cenic_fixed_options, .family = "cenic",
                .controllers = CONTROLLERS_IMPLICIT, .controllers_with = cenic_controllers);
INTEGRATOR_VTBL(cenic_sd_vtbl, "cenic-sd", "CENIC step doubling (first order, error-controlled, convex ICF steps)",
                0, create_sd, cenic_reset, stepper_advance, cenic_destroy, .default_error_norm = ERRNORM_POSITIONS,
                .contact_forces = cenic_contact_forces, .own_contact_model = cenic_own_contact_model,
                .options = cenic_sd_options, .family = "cenic",
                .controllers = CONTROLLERS_IMPLICIT, .controllers_with = cenic_controllers);
INTEGRATOR_VTBL(cenic_trap_vtbl, "cenic-trap", "CENIC trapezoid (second order, error-controlled, convex ICF steps)",
                0, create_trap, cenic_reset, stepper_advance, cenic_destroy, .default_error_norm = ERRNORM_FULL,
                .options = cenic_trap_options, .family = "cenic", .controllers = CONTROLLERS_IMPLICIT,
                .controllers_with = cenic_controllers);
