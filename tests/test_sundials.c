/* SUNDIALS baselines (integrators/sundials): the model-independent backend on analytic ODEs
 * (harmonic oscillator, pendulum, a stiff linear ODE, switching coupled oscillators) and the
 * five vtbls on a contact-free double pendulum through system_rhs.
 * Checks: convergence to exact solutions, measured orders with fixed steps, error vs requested
 * tolerance, the stiff failure path (negative code, SUNDIALS message, nothing printed), work
 * counters against SUNDIALS' own, the KLU colored Jacobian against the dense one, energy
 * conservation of the pendulum, option checking. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <arkode/arkode_butcher_dirk.h>
#include <arkode/arkode_butcher_erk.h>

#include "integrators/integrator.h"
#include "integrators/sundials/sundials_ode.h"
#include "integrators/sundials/sundials_ode_internal.h"

#include <arkode/arkode_arkstep.h>
#include <cvode/cvode.h>
#include <nvector/nvector_serial.h>
#include "models/data.h"
#include "models/system.h"
#include "tests/mb_fixtures.h"

extern const IntegratorVtbl ie_vtbl, bdf_vtbl, sdirk2_vtbl, rosenbrock_vtbl, rk3_vtbl;

/* ---------- test ODEs ---------- */

/* x'' = -w^2 x. */
static int oscillator(void *user, double t, const double *x, double *xd) {
  (void)t;
  double w = *(const double *)user;
  xd[0] = x[1];
  xd[1] = -w * w * x[0];
  return 0;
}

/* Nonlinear pendulum th'' = -sin th. */
static int pendulum(void *user, double t, const double *x, double *xd) {
  (void)user; (void)t;
  xd[0] = x[1];
  xd[1] = -sin(x[0]);
  return 0;
}

/* Stiff: y' = -1e8 (y - cos t). */
static int stiff(void *user, double t, const double *x, double *xd) {
  (void)user;
  xd[0] = -1e8 * (x[0] - cos(t));
  return 0;
}

typedef struct {
  SunOdeKind kind;
  int order_or_table;
  int linear;
  const char *name;
} Method;

static const Method methods[] = {
    {SUNODE_CVODE_BDF, 1, 0, "ie"},
    {SUNODE_CVODE_BDF, 5, 0, "bdf"},
    {SUNODE_ARK_DIRK, ARKODE_SDIRK_2_1_2, 0, "sdirk2"},
    {SUNODE_ARK_DIRK, ARKODE_SDIRK_2_1_2, 1, "rosenbrock"},
    {SUNODE_ARK_ERK, ARKODE_BOGACKI_SHAMPINE_4_2_3, 0, "rk3"},
};
#define NMETHODS (int)(sizeof methods / sizeof methods[0])

static SunOdeConfig config(const Method *me, double rtol, const double *atol) {
  SunOdeConfig c = {0};
  c.kind = me->kind;
  if (me->kind == SUNODE_CVODE_BDF) c.max_order = me->order_or_table;
  else c.table = me->order_or_table;
  c.linearly_implicit = me->linear;
  c.rtol = rtol;
  c.atol = atol;
  return c;
}

/* Integrates rhs from x0 at t = 0 to T, returns CB code, result in x. */
static int solve(const SunOdeConfig *c, int nx, SunOdeRhs f, void *user, const double *x0,
                 double T, double *x, SunOdeCounters *cnt) {
  char err[256];
  SunOde *s = sunode_create(nx, f, NULL, user, c, CB_ERR_BUF(err, sizeof err));
  cr_assert(s, "%s", err);
  cr_assert_eq(sunode_reset(s, 0.0, x0), CB_OK);
  int rc = sunode_advance(s, T, x);
  if (cnt) sunode_counters(s, cnt);
  sunode_destroy(s);
  return rc;
}

/* ---------- backend: convergence, order, tolerance ---------- */

Test(sundials_ode, every_method_converges_on_the_oscillator) {
  double w = 2.0, x0[2] = {1.0, 0.0}, T = 3.0;
  for (int m = 0; m < NMETHODS; ++m) {
    double prev = INFINITY;
    for (int k = 0; k < 3; ++k) {
      double tol = pow(10.0, -4 - 2 * k), atol[2] = {tol, tol}, x[2];
      SunOdeConfig c = config(&methods[m], tol, atol);
      cr_assert_eq(solve(&c, 2, oscillator, &w, x0, T, x, NULL), CB_OK, "%s", methods[m].name);
      double e = fmax(fabs(x[0] - cos(w * T)), fabs(x[1] + w * sin(w * T)));
      cr_expect_lt(e, prev, "%s: error %g at tol %g did not decrease (prev %g)", methods[m].name, e, tol, prev);
      prev = e;
    }
    /* at tol 1e-8 every method is accurate to well below 1e-4 over 1 period */
    /* implicit Euler: global error ~ sqrt(tol) under error-per-step control */
    cr_expect_lt(prev, m == 0 ? 1e-3 : 1e-4, "%s: error %g at tol 1e-8", methods[m].name, prev);
  }
}

/* Fixed-step global error on the nonlinear pendulum against a tight reference. */
static double fixed_step_error(const Method *me, double h, const double *ref, double T) {
  double atol[2] = {1e-11, 1e-11}, x0[2] = {1.0, 0.0}, x[2];
  /* ARKODE fixed steps skip the error test; tight tolerances keep Newton converged. CVODE keeps
   * its error test, so it gets loose tolerances (the problem is then solved to Newton's). */
  double rtol = 1e-11;
  if (me->kind == SUNODE_CVODE_BDF) { atol[0] = atol[1] = 1.0; rtol = 1.0; }
  SunOdeConfig c = config(me, rtol, atol);
  c.fixed_step = h;
  int rc = solve(&c, 2, pendulum, NULL, x0, T, x, NULL);
  cr_assert_eq(rc, CB_OK, "%s h=%g", me->name, h);
  return fmax(fabs(x[0] - ref[0]), fabs(x[1] - ref[1]));
}

static double measured_order(const Method *me) {
  double T = 2.0, x0[2] = {1.0, 0.0}, ref[2], atol[2] = {1e-13, 1e-13};
  SunOdeConfig c = config(&methods[1], 1e-13, atol);
  cr_assert_eq(solve(&c, 2, pendulum, NULL, x0, T, ref, NULL), CB_OK);
  double e1 = fixed_step_error(me, 0.02, ref, T);
  double e2 = fixed_step_error(me, 0.01, ref, T);
  double e3 = fixed_step_error(me, 0.005, ref, T);
  double p1 = log2(e1 / e2), p2 = log2(e2 / e3);
  cr_log_info("%s: errors %.3e %.3e %.3e orders %.2f %.2f", me->name, e1, e2, e3, p1, p2);
  return p2;
}

Test(sundials_ode, fixed_step_orders) {
  double p_rk3 = measured_order(&methods[4]);
  double p_sdirk = measured_order(&methods[2]);
  double p_ros = measured_order(&methods[3]);
  double p_ie = measured_order(&methods[0]);
  cr_expect(fabs(p_rk3 - 3.0) < 0.25, "rk3 order %g", p_rk3);
  cr_expect(fabs(p_sdirk - 2.0) < 0.25, "sdirk2 order %g", p_sdirk);
  cr_expect(fabs(p_ros - 2.0) < 0.25, "rosenbrock order %g", p_ros);
  cr_expect(fabs(p_ie - 1.0) < 0.2, "ie order %g", p_ie);
}

/* Variable steps: global error vs requested tolerance. With error-per-step control the global
 * error of an order-p method scales like tol^(p/(p+1)): 1/2 for implicit Euler, ~0.8 for BDF. */
Test(sundials_ode, error_follows_tolerance_for_ie_and_bdf) {
  double w = 1.0, x0[2] = {1.0, 0.0}, T = 2.0;
  for (int m = 0; m < 2; ++m) {
    double e[2];
    double tols[2] = {1e-4, 1e-8};
    for (int k = 0; k < 2; ++k) {
      double atol[2] = {tols[k], tols[k]}, x[2];
      SunOdeConfig c = config(&methods[m], tols[k], atol);
      cr_assert_eq(solve(&c, 2, oscillator, &w, x0, T, x, NULL), CB_OK);
      e[k] = fmax(fabs(x[0] - cos(T)), fabs(x[1] + sin(T)));
    }
    double slope = log10(e[0] / e[1]) / 4.0;
    cr_log_info("%s: errors %.3e %.3e slope %.2f", methods[m].name, e[0], e[1], slope);
    if (m == 0) cr_expect(slope > 0.35 && slope < 0.75, "ie slope %g", slope);
    else cr_expect(slope > 0.6 && slope < 1.3, "bdf slope %g", slope);
  }
}

/* Two oscillator components among 128, the other 126 constant (zero local error): SUNDIALS'
 * weighted RMS norm divides the active errors by sqrt(128 / 2), so its test admits a step whose
 * largest weighted component error is up to 8; max_norm (local_norm=max, the CENIC
 * paper's |S e|_inf <= accuracy) admits none above 1. Read on every accepted step from the
 * solver's own estimate (CVodeGetEstLocalErrors / ARKStepGetEstLocalErrors) and weights. */
#define DILUTED_N 128
static int diluted_oscillator(void *user, double t, const double *x, double *xd) {
  (void)user; (void)t;
  for (int i = 0; i < DILUTED_N; ++i) xd[i] = 0.0;
  xd[0] = x[1];
  xd[1] = -4.0 * x[0];
  return 0;
}

static double largest_weighted_local_error(const Method *me, int max_norm, long *steps, double *ewt0) {
  double atol[DILUTED_N], x0[DILUTED_N] = {1.0, 0.0};
  for (int i = 0; i < DILUTED_N; ++i) atol[i] = 1e-5;
  for (int i = 2; i < DILUTED_N; ++i) x0[i] = 0.3;
  SunOdeConfig c = config(me, max_norm ? 0.0 : 1e-5, atol);
  c.max_norm = max_norm;
  char err[256];
  SunOde *s = sunode_create(DILUTED_N, diluted_oscillator, NULL, NULL, &c, CB_ERR_BUF(err, sizeof err));
  cr_assert(s, "%s", err);
  cr_assert_eq(sunode_reset(s, 0.0, x0), CB_OK);
  N_Vector ele = N_VClone(s->y), w = N_VClone(s->y);
  double worst = 0.0, t = 0.0;
  *steps = 0;
  while (t < 3.0) {
    /* the weights the step's error test used: set from the state before the step */
    int flag = me->kind == SUNODE_CVODE_BDF ? CVodeGetErrWeights(s->mem, w) : ARKStepGetErrWeights(s->mem, w);
    if (*steps > 0) cr_assert_geq(flag, 0);
    flag = me->kind == SUNODE_CVODE_BDF ? CVode(s->mem, 3.0, s->y, &t, CV_ONE_STEP)
                                        : ARKStepEvolve(s->mem, 3.0, s->y, &t, ARK_ONE_STEP);
    cr_assert_geq(flag, 0, "%s: flag %d", me->name, flag);
    if (*steps == 0) {
      flag = me->kind == SUNODE_CVODE_BDF ? CVodeGetErrWeights(s->mem, w) : ARKStepGetErrWeights(s->mem, w);
      *ewt0 = N_VGetArrayPointer(w)[5];
    }
    flag = me->kind == SUNODE_CVODE_BDF ? CVodeGetEstLocalErrors(s->mem, ele) : ARKStepGetEstLocalErrors(s->mem, ele);
    cr_assert_geq(flag, 0);
    const double *e = N_VGetArrayPointer(ele), *wd = N_VGetArrayPointer(w);
    for (int i = 0; i < DILUTED_N; ++i) worst = fmax(worst, fabs(e[i] * wd[i]));
    ++*steps;
  }
  N_VDestroy(ele);
  N_VDestroy(w);
  sunode_destroy(s);
  return worst;
}

Test(sundials_ode, max_norm_bounds_every_weighted_local_error_where_rms_does_not) {
  const Method *ms[] = {&methods[0], &methods[1], &methods[4]}; /* ie, bdf, rk3 */
  for (int k = 0; k < 3; ++k) {
    long n_rms, n_max;
    double w_rms, w_max;
    double rms = largest_weighted_local_error(ms[k], 0, &n_rms, &w_rms);
    double mx = largest_weighted_local_error(ms[k], 1, &n_max, &w_max);
    cr_log_info("%s: largest |w e| rms %.3f (%ld steps), max %.3f (%ld steps)", ms[k]->name, rms, n_rms, mx, n_max);
    cr_expect_leq(mx, 1.0 + 1e-9, "%s: max norm admits |w e| = %g", ms[k]->name, mx);
    cr_expect_gt(rms, 1.5, "%s: the RMS test should admit |w e| above 1.5 here, got %g", ms[k]->name, rms);
    cr_expect_gt(n_max, n_rms, "%s", ms[k]->name);
    /* rtol = 0: the weight of a constant component 0.3 is 1 / atol, not 1 / (rtol 0.3 + atol) */
    cr_expect(fabs(w_max - 1e5) < 1e-6 * 1e5, "%s: weight %g", ms[k]->name, w_max);
  }
}

/* ---------- failures ---------- */

Test(sundials_ode, stiff_problem_exhausts_rk3_budget_with_a_message_and_no_output) {
  double x0[1] = {0.0}, atol[1] = {1e-6}, x[1] = {-7};
  SunOdeConfig c = config(&methods[4], 1e-6, atol);
  c.max_steps = 500;
  char err[256];
  SunOde *s = sunode_create(1, stiff, NULL, NULL, &c, CB_ERR_BUF(err, sizeof err));
  cr_assert(s, "%s", err);
  cr_assert_eq(sunode_reset(s, 0.0, x0), CB_OK);
  fflush(stderr);
  int saved = dup(2);
  FILE *cap = tmpfile();
  cr_assert(cap);
  dup2(fileno(cap), 2);
  int rc = sunode_advance(s, 1.0, x);
  fflush(stderr);
  dup2(saved, 2);
  close(saved);
  long printed = ftell(cap) > 0 ? ftell(cap) : (fseek(cap, 0, SEEK_END), ftell(cap));
  fclose(cap);
  cr_expect_eq(rc, CB_ERR_STEP, "rc %d", rc);
  cr_expect_gt(strlen(sunode_message(s)), 10, "message '%s'", sunode_message(s));
  cr_expect(strstr(sunode_message(s), "mxstep") != NULL, "message '%s'", sunode_message(s));
  cr_expect_eq(printed, 0, "SUNDIALS printed %ld bytes to stderr", printed);
  double t = sunode_time(s);
  cr_expect(t > 0 && t < 1.0, "time reached %g", t);
  cr_expect_eq(x[0], -7, "output written on failure");
  sunode_destroy(s);
  /* the same problem (started on its slow manifold) is easy for the implicit BDF */
  SunOdeConfig ci = config(&methods[1], 1e-6, atol);
  ci.max_steps = 500;
  double y0[1] = {1.0};
  cr_expect_eq(solve(&ci, 1, stiff, NULL, y0, 1.0, x, NULL), CB_OK);
  cr_expect(fabs(x[0] - cos(1.0)) < 1e-4, "bdf: %g vs %g", x[0], cos(1.0));
}

/* Finite at the initial time only: every step attempt fails, so the solver gives up after its
 * allowed retries (a NaN that appears only past some time would let the steps creep towards
 * that time forever: the step budget bounds that case). */
static int nan_after_start(void *user, double t, const double *x, double *xd) {
  (void)user;
  xd[0] = t > 0 ? NAN : -x[0];
  return 0;
}

Test(sundials_ode, nonfinite_rhs_is_reported_as_nonfinite) {
  for (int m = 0; m < NMETHODS; ++m) {
    double x0[1] = {1.0}, atol[1] = {1e-6}, x[1];
    SunOdeConfig c = config(&methods[m], 1e-6, atol);
    c.max_steps = 10000;
    cr_expect_eq(solve(&c, 1, nan_after_start, NULL, x0, 1.0, x, NULL), CB_ERR_NONFINITE, "%s", methods[m].name);
  }
}

Test(sundials_ode, output_at_initial_time_and_dense_output_between_steps) {
  double w = 1.0, x0[2] = {1.0, 0.0}, atol[2] = {1e-9, 1e-9}, x[2];
  for (int m = 0; m < NMETHODS; ++m) {
    SunOdeConfig c = config(&methods[m], 1e-9, atol);
    c.max_step = 0.5;
    char err[256];
    SunOde *s = sunode_create(2, oscillator, NULL, &w, &c, CB_ERR_BUF(err, sizeof err));
    cr_assert(s, "%s", err);
    cr_assert_eq(sunode_reset(s, 0.0, x0), CB_OK);
    cr_assert_eq(sunode_advance(s, 0.0, x), CB_OK);
    cr_expect(x[0] == 1.0 && x[1] == 0.0);
    /* many output times: each interpolated to the tolerance; internal time may run ahead */
    int ahead = 0;
    for (int k = 1; k <= 40; ++k) {
      double t = 0.05 * k;
      cr_assert_eq(sunode_advance(s, t, x), CB_OK, "%s: %s", methods[m].name, sunode_message(s));
      double bound = m == 0 ? 1e-4 : 1e-6; /* implicit Euler: ~sqrt(tol) */
      cr_expect(fabs(x[0] - cos(t)) < bound, "%s t=%g: %g", methods[m].name, t, x[0] - cos(t));
      cr_expect_geq(sunode_time(s), t - 1e-12);
      if (sunode_time(s) > t + 1e-9) ahead = 1;
    }
    cr_expect(ahead, "%s: the steps never went past an output time (clipping?)", methods[m].name);
    sunode_destroy(s);
  }
}

/* ---------- counters ---------- */

Test(sundials_ode, counters_match_sundials_and_accumulate) {
  double w = 3.0, x0[2] = {1.0, 0.0}, atol[2] = {1e-7, 1e-7}, x[2];
  for (int m = 0; m < NMETHODS; ++m) {
    SunOdeConfig c = config(&methods[m], 1e-7, atol);
    char err[256];
    SunOde *s = sunode_create(2, oscillator, NULL, &w, &c, CB_ERR_BUF(err, sizeof err));
    cr_assert(s, "%s", err);
    cr_assert_eq(sunode_reset(s, 0.0, x0), CB_OK);
    IntegratorStats st = {0};
    for (int k = 1; k <= 4; ++k) {
      cr_assert_eq(sunode_advance(s, 0.5 * k, x), CB_OK);
      sunode_accumulate_stats(s, &st);
    }
    SunOdeCounters cn;
    sunode_counters(s, &cn);
    /* every rhs call is counted once, including difference-quotient Jacobian columns */
    cr_expect_eq(cn.callback_rhs_evals, cn.rhs_evals + cn.lin_rhs_evals, "%s: %ld vs %ld + %ld",
                 methods[m].name, cn.callback_rhs_evals, cn.rhs_evals, cn.lin_rhs_evals);
    cr_expect_eq(st.rhs_evals, cn.callback_rhs_evals);
    cr_expect_eq(st.steps, cn.steps);
    cr_expect_gt(st.steps, 10);
    cr_expect_eq(st.rejected, cn.err_test_fails + cn.conv_fails);
    if (methods[m].kind != SUNODE_ARK_ERK) {
      cr_expect_gt(st.jac_evals, 0, "%s", methods[m].name);
      cr_expect_eq(cn.lin_rhs_evals, 2 * cn.jac_evals, "%s: dense DQ = nx rhs per Jacobian", methods[m].name);
      cr_expect_geq(st.factorizations, st.jac_evals);
      cr_expect_gt(st.newton_iters, 0);
    }
    if (methods[m].linear) /* Rosenbrock-like: a new Jacobian every step, 1 iteration per stage */
      cr_expect_geq(cn.jac_evals, cn.steps, "jac %ld steps %ld", cn.jac_evals, cn.steps);
    sunode_destroy(s);
  }
}

/* ---------- KLU with colored differences ---------- */

/* Three damped oscillators (a_i, b_i); blocks 0 and 1 interact through a one-sided spring when
 * a0 - a1 > 0.2 (a "contact"); groups put them together when a0 - a1 > 0.1 (conservative). */
typedef struct {
  long group_calls, coupled_calls;
} Switching;

static int switching_rhs(void *user, double t, const double *x, double *xd) {
  (void)user; (void)t;
  const double k[3] = {4.0, 25.0, 100.0};
  for (int i = 0; i < 3; ++i) {
    xd[2 * i] = x[2 * i + 1];
    xd[2 * i + 1] = -k[i] * x[2 * i] - 0.3 * x[2 * i + 1];
  }
  double gap = x[0] - x[2] - 0.2;
  if (gap > 0) {
    double f = 50.0 * gap * gap;
    xd[1] -= f;
    xd[3] += f;
  }
  return 0;
}

static int switching_groups(void *user, double t, const double *x, int *group) {
  (void)t;
  Switching *sw = user;
  sw->group_calls++;
  int coupled = x[0] - x[2] > 0.1;
  sw->coupled_calls += coupled;
  group[0] = group[1] = 0;
  group[2] = group[3] = coupled ? 0 : 1;
  group[4] = group[5] = coupled ? 1 : 2;
  return coupled ? 2 : 3;
}

Test(sundials_ode, klu_colored_jacobian_matches_dense) {
  double x0[6] = {1.0, 0.0, -0.5, 0.0, 0.1, 0.0}, atol[6];
  for (int i = 0; i < 6; ++i) atol[i] = 1e-8;
  const int implicit_methods[3] = {1, 2, 3};
  for (int k = 0; k < 3; ++k) {
    const Method *me = &methods[implicit_methods[k]];
    SunOdeConfig c = config(me, 1e-8, atol);
    double xd[6], xk[6];
    Switching sw = {0, 0};
    SunOdeCounters cd;
    cr_assert_eq(solve(&c, 6, switching_rhs, &sw, x0, 2.0, xd, &cd), CB_OK);
    c.linear_solver = SUNODE_KLU;
    char err[256];
    SunOde *s = sunode_create(6, switching_rhs, switching_groups, &sw, &c, CB_ERR_BUF(err, sizeof err));
    cr_assert(s, "%s", err);
    cr_assert_eq(sunode_reset(s, 0.0, x0), CB_OK);
    cr_assert_eq(sunode_advance(s, 2.0, xk), CB_OK, "%s: %s", me->name, sunode_message(s));
    SunOdeCounters cn;
    sunode_counters(s, &cn);
    sunode_destroy(s);
    cr_log_info("%s: dense %ld steps, klu %ld steps", me->name, cd.steps, cn.steps);
    for (int i = 0; i < 6; ++i)
      cr_expect(fabs(xk[i] - xd[i]) < 1e-5, "%s x[%d]: klu %.9f dense %.9f", me->name, i, xk[i], xd[i]);
    /* both partitions were used, and each Jacobian cost 1 + (largest group = 2 or 4) rhs */
    cr_expect_gt(sw.coupled_calls, 0);
    cr_expect_lt(sw.coupled_calls, sw.group_calls);
    cr_expect_eq(sw.group_calls, cn.jac_evals);
    long jac_rhs = cn.callback_rhs_evals - cn.rhs_evals;
    cr_expect_eq(jac_rhs, 3 * cn.jac_evals + 2 * sw.coupled_calls, "%s: %ld rhs for %ld Jacobians",
                 me->name, jac_rhs, cn.jac_evals);
  }
}

/* ---------- the vtbls on the model (contact-free double pendulum) ---------- */

static const IntegratorVtbl *const vtbls[] = {&ie_vtbl, &bdf_vtbl, &sdirk2_vtbl, &rosenbrock_vtbl, &rk3_vtbl};

static int run_vtbl(const IntegratorVtbl *vt, const Model *m, IntegratorOptions opt, double T,
                    double *x, Integrator *out_it) {
  Integrator it = {0};
  it.vtbl = vt;
  it.model = m;
  it.opt = opt;
  int rc = vt->create(&it);
  cr_assert_eq(rc, CB_OK, "%s: %s", vt->name, it.message);
  int nx = system_nx(m);
  double *x0 = calloc((size_t)nx, sizeof(double));
  x0[0] = 1.2;
  x0[1] = -0.4;
  x0[2] = 0.3;
  cr_assert_eq(vt->reset(&it, 0.0, x0), CB_OK, "%s", it.message);
  rc = vt->advance(&it, T, x);
  if (out_it) *out_it = it;
  vt->destroy(&it);
  free(x0);
  return rc;
}

Test(sundials_vtbl, pendulum_converges_and_conserves_energy) {
  Model *m = mbfix_double_pendulum(0.5, 0.4, 1.0, 0.7);
  cr_assert(m);
  int nx = system_nx(m);
  cr_assert_eq(nx, 4);
  Data *d = data_create(m);
  double x0[4] = {1.2, -0.4, 0.3, 0.0}, ref[4], x[4];
  double E0 = system_energy(m, d, x0);
  IntegratorOptions opt = {0};
  opt.accuracy = 1e-11;
  opt.error_norm = ERRNORM_FULL;
  opt.max_step = 0.1;
  double T = 1.0;
  cr_assert_eq(run_vtbl(&bdf_vtbl, m, opt, T, ref, NULL), CB_OK);
  cr_expect(fabs(system_energy(m, d, ref) - E0) < 1e-7 * fabs(E0) + 1e-7, "energy drift %g",
            system_energy(m, d, ref) - E0);
  for (int k = 0; k < 5; ++k) {
    double prev = INFINITY;
    for (int a = 0; a < 2; ++a) {
      opt.accuracy = a == 0 ? 1e-4 : 1e-7;
      Integrator it;
      cr_assert_eq(run_vtbl(vtbls[k], m, opt, T, x, &it), CB_OK);
      double e = 0;
      for (int i = 0; i < nx; ++i) e = fmax(e, fabs(x[i] - ref[i]));
      cr_log_info("%s acc %g: error %.3e steps %ld rhs %ld", vtbls[k]->name, opt.accuracy, e,
                  it.stats.steps, it.stats.rhs_evals);
      cr_expect_lt(e, prev, "%s", vtbls[k]->name);
      cr_expect_gt(it.stats.steps, 0);
      cr_expect_geq(it.t, T);
      prev = e;
    }
    /* implicit Euler's global error goes like sqrt(accuracy) (error-per-step control) */
    cr_expect_lt(prev, k == 0 ? 1e-2 : 1e-4, "%s: error %g at accuracy 1e-7", vtbls[k]->name, prev);
  }
  data_free(d);
  model_free(m);
}

Test(sundials_vtbl, positions_only_norm_takes_fewer_steps_and_klu_agrees) {
  Model *m = mbfix_double_pendulum(0.5, 0.4, 1.0, 0.7);
  cr_assert(m);
  IntegratorOptions opt = {0};
  opt.accuracy = 1e-6;
  opt.max_step = 0.1;
  double xf[4], xp[4], xk[4];
  Integrator full, pos, klu;
  opt.error_norm = ERRNORM_FULL;
  cr_assert_eq(run_vtbl(&sdirk2_vtbl, m, opt, 1.0, xf, &full), CB_OK);
  opt.error_norm = ERRNORM_POSITIONS;
  cr_assert_eq(run_vtbl(&sdirk2_vtbl, m, opt, 1.0, xp, &pos), CB_OK);
  cr_expect_leq(pos.stats.steps, full.stats.steps);
  for (int i = 0; i < 2; ++i) cr_expect(fabs(xp[i] - xf[i]) < 1e-3, "q[%d] %g vs %g", i, xp[i], xf[i]);
  opt.error_norm = ERRNORM_FULL;
  opt.nextra = 1;
  opt.extra_key[0] = "linear_solver";
  opt.extra_value[0] = "klu";
  cr_assert_eq(run_vtbl(&sdirk2_vtbl, m, opt, 1.0, xk, &klu), CB_OK);
  for (int i = 0; i < 4; ++i) cr_expect(fabs(xk[i] - xf[i]) < 1e-5, "x[%d] klu %g dense %g", i, xk[i], xf[i]);
  /* one tree: one group of 4, so a KLU Jacobian costs 1 + 4 rhs like the dense one costs 4 */
  cr_expect_gt(klu.stats.jac_evals, 0);
  model_free(m);
}

Test(sundials_vtbl, unknown_or_bad_options_are_rejected) {
  Model *m = mbfix_double_pendulum(0.5, 0.4, 1.0, 0.7);
  cr_assert(m);
  IntegratorOptions opt = {0};
  opt.accuracy = 1e-3;
  opt.nextra = 1;
  opt.extra_key[0] = "linear_solver";
  opt.extra_value[0] = "klu";
  for (int k = 0; k < 5; ++k) {
    Integrator it = {0};
    it.vtbl = vtbls[k];
    it.model = m;
    it.opt = opt;
    int rc = vtbls[k]->create(&it);
    if (vtbls[k] == &rk3_vtbl) { /* explicit: no linear solver option */
      cr_expect_eq(rc, CB_ERR_OPTION);
      cr_expect(strstr(it.message, "linear_solver") != NULL, "%s", it.message);
    } else {
      cr_expect_eq(rc, CB_OK, "%s: %s", vtbls[k]->name, it.message);
    }
    if (it.content) vtbls[k]->destroy(&it);
  }
  const char *bad[2][2] = {{"newton_tolerance", "1e-3"}, {"linear_solver", "cholmod"}};
  for (int b = 0; b < 2; ++b) {
    opt.extra_key[0] = bad[b][0];
    opt.extra_value[0] = bad[b][1];
    for (int k = 0; k < 5; ++k) {
      Integrator it = {0};
      it.vtbl = vtbls[k];
      it.model = m;
      it.opt = opt;
      cr_expect_eq(vtbls[k]->create(&it), CB_ERR_OPTION, "%s %s", vtbls[k]->name, bad[b][0]);
      cr_expect_gt(strlen(it.message), 0);
      if (it.content) vtbls[k]->destroy(&it);
    }
  }
  model_free(m);
}

/* Two free spheres on a plane, B dropped onto A: contacts A-plane, then B-A (trees merge). */
static Model *stacked_spheres(void) {
  Model *m = mbfix_alloc(3);
  cr_assert(m);
  m->max_step = 0.1;
  for (int b = 1; b <= 2; ++b) {
    m->bodies[b].parent = 0;
    m->bodies[b].joint = JOINT_FREE;
    m->bodies[b].mass = 1.0;
    for (int k = 0; k < 9; ++k) m->bodies[b].inertia[k] = k % 4 == 0 ? 0.004 : 0.0;
  }
  m->stiction_tolerance = 1e-3;
  m->nmaterial = 1;
  m->materials = calloc(1, sizeof(Material));
  m->materials[0] = (Material){.stiffness = 1e4, .dissipation = 5.0, .mu_static = 0.5, .mu_dynamic = 0.5};
  m->ngeom = 3;
  m->geoms = calloc(3, sizeof(Geom));
  m->geoms[0] = (Geom){.type = GEOM_PLANE, .body = 0, .quat = {1, 0, 0, 0}, .material = 0};
  for (int b = 1; b <= 2; ++b)
    m->geoms[b] = (Geom){.type = GEOM_SPHERE, .body = b, .quat = {1, 0, 0, 0}, .size = {0.1, 0, 0}, .material = 0};
  return mbfix_finalize(m);
}

Test(sundials_vtbl, klu_groups_follow_contacts_and_agree_with_dense) {
  Model *m = stacked_spheres();
  cr_assert(m);
  cr_assert_eq(system_nx(m), 26);
  double x0[26] = {0};
  /* A resting near the plane, B 3 cm above A, slightly off-center */
  double qa[7] = {0, 0, 0.099, 1, 0, 0, 0}, qb[7] = {0.02, 0, 0.33, 1, 0, 0, 0};
  memcpy(x0, qa, sizeof qa);
  memcpy(x0 + 7, qb, sizeof qb);
  IntegratorOptions opt = {0};
  opt.accuracy = 1e-6;
  opt.max_step = 0.01;
  opt.error_norm = ERRNORM_FULL;
  double xs[2][26];
  long steps[2];
  for (int k = 0; k < 2; ++k) {
    opt.nextra = k;
    opt.extra_key[0] = "linear_solver";
    opt.extra_value[0] = "klu";
    Integrator it = {0};
    it.vtbl = &bdf_vtbl;
    it.model = m;
    it.opt = opt;
    cr_assert_eq(bdf_vtbl.create(&it), CB_OK, "%s", it.message);
    cr_assert_eq(bdf_vtbl.reset(&it, 0.0, x0), CB_OK);
    cr_assert_eq(bdf_vtbl.advance(&it, 0.3, xs[k]), CB_OK, "%s", it.message);
    steps[k] = it.stats.steps;
    cr_expect_gt(it.stats.geometry_queries, 0);
    bdf_vtbl.destroy(&it);
  }
  cr_log_info("stacked spheres: dense %ld steps, klu %ld steps", steps[0], steps[1]);
  for (int i = 0; i < 14; ++i)
    cr_expect(fabs(xs[0][i] - xs[1][i]) < 1e-3, "q[%d]: dense %g klu %g", i, xs[0][i], xs[1][i]);
  /* B came to sit on A: the run went through the merged (contact-coupled) group */
  Data *d = data_create(m);
  double xd[26];
  cr_assert_eq(system_rhs(m, d, 0.3, xs[1], xd), 0);
  int ab = 0;
  for (int i = 0; i < d->ncon; ++i)
    if (d->contacts[i].tree[0] >= 0 && d->contacts[i].tree[1] >= 0) ab = 1;
  cr_expect(ab, "no sphere-sphere contact at the end (B at z = %g)", xs[1][9]);
  data_free(d);
  model_free(m);
}
