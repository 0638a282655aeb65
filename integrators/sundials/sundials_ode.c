/* CVODE / ARKStep wrapper behind sundials_ode.h. */
#include "sundials_ode_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <arkode/arkode_arkstep.h>
#include <arkode/arkode_ls.h>
#include <cvode/cvode.h>
#include <cvode/cvode_ls.h>
#include <nvector/nvector_serial.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunlinsol/sunlinsol_klu.h>
#include <sunmatrix/sunmatrix_dense.h>
#include <sunmatrix/sunmatrix_sparse.h>

static int all_finite(const double *x, int n) {
  for (int i = 0; i < n; ++i)
    if (!isfinite(x[i])) return 0;
  return 1;
}

int sunode_call_rhs(SunOde *s, double t, const double *x, double *xdot) {
  s->rhs_calls++;
  int rc = s->rhs(s->user, t, x, xdot);
  if (rc != 0 || !all_finite(xdot, s->nx)) {
    s->last_failure_nonfinite = !all_finite(x, s->nx) || !all_finite(xdot, s->nx);
    return 1;
  }
  return 0;
}

/* The weighted max norm max_i |x_i w_i|, installed as the solver vector's WRMS operation: CVODE
 * and ARKODE measure every local error estimate and Newton correction with N_VWrmsNorm on clones
 * of that vector (the error test accepts a step when the norm is <= 1), so this swaps SUNDIALS'
 * sqrt(mean (w_i x_i)^2) for the CENIC paper's |S e|_inf / accuracy (sec. V-E). */
static realtype max_weighted_norm(N_Vector x, N_Vector w) {
  sunindextype n = N_VGetLength_Serial(x);
  const realtype *xd = N_VGetArrayPointer(x), *wd = N_VGetArrayPointer(w);
  realtype m = 0.0;
  for (sunindextype i = 0; i < n; ++i) m = fmax(m, fabs(xd[i] * wd[i]));
  return m;
}

static int rhs_callback(realtype t, N_Vector y, N_Vector ydot, void *user_data) {
  SunOde *s = user_data;
  return sunode_call_rhs(s, t, N_VGetArrayPointer(y), N_VGetArrayPointer(ydot));
}

/* SUNDIALS error handler: store errors, print nothing. Warnings (code > 0) are ignored. */
static void error_handler(int code, const char *module, const char *function, char *msg,
                          void *eh_data) {
  SunOde *s = eh_data;
  if (code >= 0) return;
  snprintf(s->message, sizeof s->message, "%s %s: %s", module ? module : "SUNDIALS",
           function ? function : "", msg ? msg : "");
}

static int is_cvode(const SunOde *s) { return s->cfg.kind == SUNODE_CVODE_BDF; }

static CbStatus fail(CbError *e, const char *what, int flag) {
  return CB_ERROR(e, CB_ERR_OPTION, "SUNDIALS setup failed: %s (flag %d)", what, flag);
}

/* All solver options; each call's flag is checked. */
static CbStatus configure(SunOde *s, CbError *e) {
  const SunOdeConfig *c = &s->cfg;
  void *mem = s->mem;
  int flag;
  long mxsteps = c->max_steps > 0 ? c->max_steps : -1; /* negative disables the test */
#define CHECK(call)                                   \
  do {                                                \
    flag = (call);                                    \
    if (flag < 0) return fail(e, #call, flag);           \
  } while (0)
  if (is_cvode(s)) {
    CHECK(CVodeSetErrHandlerFn(mem, error_handler, s));
    CHECK(CVodeSetUserData(mem, s));
    CHECK(CVodeSVtolerances(mem, c->rtol, s->atol));
    CHECK(CVodeSetMaxOrd(mem, c->max_order));
    CHECK(CVodeSetMaxNumSteps(mem, mxsteps));
    if (c->max_step > 0) CHECK(CVodeSetMaxStep(mem, c->max_step));
    if (c->fixed_step > 0) {
      CHECK(CVodeSetInitStep(mem, c->fixed_step));
      CHECK(CVodeSetMaxStep(mem, c->fixed_step));
      CHECK(CVodeSetMinStep(mem, c->fixed_step));
    }
    CHECK(CVodeSetLinearSolver(mem, s->LS, s->A));
    if (c->linear_solver == SUNODE_KLU) CHECK(CVodeSetJacFn(mem, sunode_sparse_jac));
    return CB_OK;
  }
  CHECK(ARKStepSetErrHandlerFn(mem, error_handler, s));
  CHECK(ARKStepSetUserData(mem, s));
  CHECK(ARKStepSVtolerances(mem, c->rtol, s->atol));
  if (c->kind == SUNODE_ARK_ERK)
    CHECK(ARKStepSetTableNum(mem, ARKODE_DIRK_NONE, (ARKODE_ERKTableID)c->table));
  else
    CHECK(ARKStepSetTableNum(mem, (ARKODE_DIRKTableID)c->table, ARKODE_ERK_NONE));
  CHECK(ARKStepSetMaxNumSteps(mem, mxsteps));
  if (c->max_step > 0) CHECK(ARKStepSetMaxStep(mem, c->max_step));
  if (c->fixed_step > 0) CHECK(ARKStepSetFixedStep(mem, c->fixed_step));
  if (c->kind == SUNODE_ARK_DIRK) {
    CHECK(ARKStepSetLinearSolver(mem, s->LS, s->A));
    if (c->linear_solver == SUNODE_KLU) CHECK(ARKStepSetJacFn(mem, sunode_sparse_jac));
    if (c->linearly_implicit) {
      /* One Newton iteration per stage, Newton matrix rebuilt at every stage and the Jacobian
       * re-evaluated at every step: a linearly implicit (Rosenbrock-type) DIRK. */
      CHECK(ARKStepSetLinear(mem, 1));
      CHECK(ARKStepSetMaxNonlinIters(mem, 1));
      CHECK(ARKStepSetLSetupFrequency(mem, 1));
      CHECK(ARKStepSetJacEvalFrequency(mem, 1));
    }
  }
#undef CHECK
  return CB_OK;
}

/* Physical memory in bytes (0 when unknown). */
static double physical_memory(void) {
  long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
  return pages > 0 && size > 0 ? (double)pages * (double)size : 0.0;
}

SunOde *sunode_create(int nx, SunOdeRhs rhs, SunOdeGroups groups, void *user, const SunOdeConfig *cfg,
                      CbError *e) {
  cb_error_clear(e);
  int atol_positive = cfg && cfg->atol && nx > 0;
  for (int i = 0; atol_positive && i < nx; ++i) atol_positive = cfg->atol[i] > 0;
  if (nx <= 0 || !rhs || !cfg || !cfg->atol || !(cfg->rtol > 0 || (cfg->rtol == 0 && atol_positive))) {
    fail(e, "invalid arguments (nx, rhs, tolerances)", 0);
    return NULL;
  }
  if (cfg->kind == SUNODE_CVODE_BDF && (cfg->max_order < 1 || cfg->max_order > 5)) {
    fail(e, "BDF max_order must be in 1..5", cfg->max_order);
    return NULL;
  }
  if (cfg->linear_solver == SUNODE_KLU && !groups) {
    fail(e, "the KLU Jacobian needs a sparsity-groups callback", 0);
    return NULL;
  }
  /* CVODE and ARKODE keep the Newton matrix and a saved Jacobian: 2 nx^2 doubles */
  double dense_bytes = 2.0 * (double)nx * (double)nx * sizeof(double), phys = physical_memory();
  if (cfg->kind != SUNODE_ARK_ERK && cfg->linear_solver == SUNODE_DENSE && phys > 0 && dense_bytes > phys) {
    CB_ERROR(e, CB_ERR_MEMORY,
             "out of memory: %d states need dense %d x %d Newton matrices of %.3g GiB, more than this "
             "machine's %.3g GiB (linear_solver=klu is sparse)",
             nx, nx, nx, dense_bytes / 1073741824.0, phys / 1073741824.0);
    return NULL;
  }
  SunOde *s = calloc(1, sizeof *s);
  if (!s) {
    CB_ERROR(e, CB_ERR_MEMORY, "SUNDIALS setup failed: out of memory (flag 0)");
    return NULL;
  }
  s->nx = nx;
  s->cfg = *cfg;
  s->cfg.atol = NULL;
  s->rhs = rhs;
  s->groups = groups;
  s->user = user;
  s->x0 = calloc((size_t)nx, sizeof(double));
  if (!s->x0 || SUNContext_Create(NULL, &s->ctx) != 0) goto nomem;
  s->y = N_VNew_Serial(nx, s->ctx);
  s->atol = N_VNew_Serial(nx, s->ctx);
  if (!s->y || !s->atol) goto nomem;
  if (cfg->max_norm) { /* before the solvers clone y for their error weights and corrections */
    s->y->ops->nvwrmsnorm = max_weighted_norm;
    s->y->ops->nvwrmsnormvectorarray = NULL; /* the array form then calls nvwrmsnorm per vector */
  }
  memcpy(N_VGetArrayPointer(s->atol), cfg->atol, (size_t)nx * sizeof(double));
  N_VConst(0.0, s->y);

  if (cfg->kind != SUNODE_ARK_ERK) {
    if (cfg->linear_solver == SUNODE_KLU) {
      s->A = SUNSparseMatrix(nx, nx, nx, CSC_MAT, s->ctx);
      s->LS = s->A ? SUNLinSol_KLU(s->y, s->A, s->ctx) : NULL;
      if (s->LS && sunode_sparse_jac_alloc(s) != 0) goto nomem;
    } else {
      s->A = SUNDenseMatrix(nx, nx, s->ctx);
      s->LS = s->A ? SUNLinSol_Dense(s->y, s->A, s->ctx) : NULL;
    }
    if (!s->A || !s->LS) goto nomem;
  }

  int flag = 0;
  switch (cfg->kind) {
  case SUNODE_CVODE_BDF:
    s->mem = CVodeCreate(CV_BDF, s->ctx);
    if (s->mem) flag = CVodeInit(s->mem, rhs_callback, 0.0, s->y);
    break;
  case SUNODE_ARK_DIRK:
    s->mem = ARKStepCreate(NULL, rhs_callback, 0.0, s->y, s->ctx);
    break;
  case SUNODE_ARK_ERK:
    s->mem = ARKStepCreate(rhs_callback, NULL, 0.0, s->y, s->ctx);
    break;
  }
  if (!s->mem || flag < 0) goto nomem;
  if (configure(s, e) != CB_OK) {
    sunode_destroy(s);
    return NULL;
  }
  return s;
nomem:
  CB_ERROR(e, CB_ERR_MEMORY, "out of memory: could not allocate the SUNDIALS objects for %d states", nx);
  sunode_destroy(s);
  return NULL;
}

int sunode_reset(SunOde *s, double t0, const double *x0) {
  memcpy(N_VGetArrayPointer(s->y), x0, (size_t)s->nx * sizeof(double));
  memcpy(s->x0, x0, (size_t)s->nx * sizeof(double));
  s->t0 = t0;
  s->message[0] = '\0';
  s->rhs_calls = 0;
  s->last_failure_nonfinite = 0;
  s->tn = t0;
  s->rhs_retries = 0;
  memset(&s->synced, 0, sizeof s->synced);
  s->sj.have_prev = 0;
  if (!all_finite(x0, s->nx)) {
    snprintf(s->message, sizeof s->message, "initial state is not finite");
    return CB_ERR_NONFINITE;
  }
  int flag = is_cvode(s) ? CVodeReInit(s->mem, t0, s->y)
                         : ARKStepReInit(s->mem, s->cfg.kind == SUNODE_ARK_ERK ? rhs_callback : NULL,
                                         s->cfg.kind == SUNODE_ARK_DIRK ? rhs_callback : NULL, t0, s->y);
  if (flag < 0) {
    if (!s->message[0]) snprintf(s->message, sizeof s->message, "SUNDIALS ReInit failed (flag %d)", flag);
    return CB_ERR_OPTION;
  }
  return CB_OK;
}

/* SUNDIALS return flag (CVODE and ARKODE share these values) -> CB_ERR_*. */
static int map_flag(const SunOde *s, int flag) {
  switch (flag) {
  case CV_TOO_MUCH_WORK:
  case CV_TOO_MUCH_ACC:
  case CV_ERR_FAILURE:
    return CB_ERR_STEP;
  case CV_CONV_FAILURE:
  case CV_LINIT_FAIL:
  case CV_LSETUP_FAIL:
  case CV_LSOLVE_FAIL:
    return s->last_failure_nonfinite ? CB_ERR_NONFINITE : CB_ERR_SOLVER;
  case CV_RHSFUNC_FAIL:
  case CV_FIRST_RHSFUNC_ERR:
  case CV_REPTD_RHSFUNC_ERR:
  case CV_UNREC_RHSFUNC_ERR:
    return s->last_failure_nonfinite ? CB_ERR_NONFINITE : CB_ERR_MODEL;
  case CV_MEM_FAIL:
    return CB_ERR_MEMORY;
  case CV_ILL_INPUT:
  case CV_TOO_CLOSE:
  case CV_BAD_T:
    return CB_ERR_OPTION;
  default:
    return CB_ERR_SOLVER;
  }
}

int sunode_advance(SunOde *s, double t_out, double *x_out) {
  long nst = 0;
  if (is_cvode(s)) CVodeGetNumSteps(s->mem, &nst);
  else ARKStepGetNumSteps(s->mem, &nst);
  /* Before the first step the solvers refuse t_out == t0 ("tout too close"): answer x0. */
  if (nst == 0 && fabs(t_out - s->t0) <= 1e-14 * fmax(1.0, fabs(s->t0))) {
    memcpy(x_out, s->x0, (size_t)s->nx * sizeof(double));
    return CB_OK;
  }
  if (!isfinite(t_out) || t_out < s->t0) {
    snprintf(s->message, sizeof s->message, "output time %g is before the initial time %g", t_out, s->t0);
    return CB_ERR_OPTION;
  }
  s->message[0] = '\0';
  double tret = s->t0;
  int flag = 0;
  if (s->cfg.kind == SUNODE_ARK_ERK) {
    /* rk3 steps one at a time with its own retry (sundials_erk_retry.c) */
    flag = sunode_erk_evolve(s, t_out, &tret);
  } else if (nst == 0 && s->cfg.first_tout > t_out) {
    /* The first step sized for first_tout (the solvers' h0 estimate uses the tout of the first
     * call), taken alone; then on to t_out as before: the steps are those of a run whose first
     * output is first_tout. */
    flag = is_cvode(s) ? CVode(s->mem, s->cfg.first_tout, s->y, &tret, CV_ONE_STEP)
                       : ARKStepEvolve(s->mem, s->cfg.first_tout, s->y, &tret, ARK_ONE_STEP);
    if (flag >= 0 && tret >= t_out)
      flag = is_cvode(s) ? CVodeGetDky(s->mem, t_out, 0, s->y) : ARKStepGetDky(s->mem, t_out, 0, s->y);
    else if (flag >= 0)
      flag = is_cvode(s) ? CVode(s->mem, t_out, s->y, &tret, CV_NORMAL)
                         : ARKStepEvolve(s->mem, t_out, s->y, &tret, ARK_NORMAL);
  } else {
    flag = is_cvode(s) ? CVode(s->mem, t_out, s->y, &tret, CV_NORMAL)
                       : ARKStepEvolve(s->mem, t_out, s->y, &tret, ARK_NORMAL);
  }
  if (flag < 0) {
    int code = map_flag(s, flag);
    if (!s->message[0]) snprintf(s->message, sizeof s->message, "SUNDIALS solver failed (flag %d)", flag);
    return code;
  }
  const double *y = N_VGetArrayPointer(s->y);
  if (!all_finite(y, s->nx)) {
    snprintf(s->message, sizeof s->message, "state is not finite at t = %g", tret);
    return CB_ERR_NONFINITE;
  }
  memcpy(x_out, y, (size_t)s->nx * sizeof(double));
  return CB_OK;
}

double sunode_time(const SunOde *s) {
  realtype t = s->t0;
  if (is_cvode(s)) CVodeGetCurrentTime(s->mem, &t);
  else ARKStepGetCurrentTime(s->mem, &t);
  return t;
}

const char *sunode_message(const SunOde *s) { return s->message; }

void sunode_counters(const SunOde *s, SunOdeCounters *c) {
  memset(c, 0, sizeof *c);
  c->callback_rhs_evals = s->rhs_calls;
  c->rhs_retries = s->rhs_retries;
  void *mem = s->mem;
  if (is_cvode(s)) {
    CVodeGetNumSteps(mem, &c->steps);
    CVodeGetNumRhsEvals(mem, &c->rhs_evals);
    CVodeGetNumErrTestFails(mem, &c->err_test_fails);
    CVodeGetNumLinRhsEvals(mem, &c->lin_rhs_evals);
    CVodeGetNumJacEvals(mem, &c->jac_evals);
    CVodeGetNumLinSolvSetups(mem, &c->lin_setups);
    CVodeGetNumNonlinSolvIters(mem, &c->nonlin_iters);
    CVodeGetNumStepSolveFails(mem, &c->conv_fails);
    return;
  }
  long nfe = 0, nfi = 0;
  ARKStepGetNumSteps(mem, &c->steps);
  ARKStepGetNumRhsEvals(mem, &nfe, &nfi);
  c->rhs_evals = nfe + nfi;
  ARKStepGetNumErrTestFails(mem, &c->err_test_fails);
  if (s->cfg.kind == SUNODE_ARK_DIRK) {
    ARKStepGetNumLinRhsEvals(mem, &c->lin_rhs_evals);
    ARKStepGetNumJacEvals(mem, &c->jac_evals);
    ARKStepGetNumLinSolvSetups(mem, &c->lin_setups);
    ARKStepGetNumNonlinSolvIters(mem, &c->nonlin_iters);
    ARKStepGetNumStepSolveFails(mem, &c->conv_fails);
  }
}

void sunode_accumulate_stats(SunOde *s, IntegratorStats *st) {
  SunOdeCounters c;
  sunode_counters(s, &c);
  const SunOdeCounters *p = &s->synced;
  st->steps += c.steps - p->steps;
  st->rhs_evals += c.callback_rhs_evals - p->callback_rhs_evals;
  st->jac_evals += c.jac_evals - p->jac_evals;
  st->factorizations += c.lin_setups - p->lin_setups;
  st->newton_iters += c.nonlin_iters - p->nonlin_iters;
  st->conv_failures += c.conv_fails - p->conv_fails;
  st->error_test_failures += c.err_test_fails - p->err_test_fails;
  st->rejected += (c.conv_fails - p->conv_fails) + (c.err_test_fails - p->err_test_fails) +
                  (c.rhs_retries - p->rhs_retries);
  s->synced = c;
}

void sunode_destroy(SunOde *s) {
  if (!s) return;
  if (s->mem) {
    if (is_cvode(s)) CVodeFree(&s->mem);
    else ARKStepFree(&s->mem);
  }
  if (s->LS) SUNLinSolFree(s->LS);
  if (s->A) SUNMatDestroy(s->A);
  if (s->y) N_VDestroy(s->y);
  if (s->atol) N_VDestroy(s->atol);
  sunode_sparse_jac_free(s);
  if (s->ctx) SUNContext_Free(&s->ctx);
  free(s->x0);
  free(s);
}
