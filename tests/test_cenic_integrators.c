/* CENIC integrators (cenic-fixed, cenic-sd, cenic-trap) on real models: measured order of the
 * fixed-step ICF on a pendulum, energy behaviour on the frictionless bouncing ball (CENIC
 * Fig. 8), error control against an independent RK4 reference on a ball drop, static vs dynamic
 * friction on a pushed box, dense vs CHOLMOD, geometry-query counts, option errors. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "integrators/integrator.h"
#include "models/data.h"
#include "models/scene.h"
#include "models/system.h"
#include "sim_fixtures.h"

extern const IntegratorVtbl cenic_sd_vtbl, cenic_trap_vtbl, cenic_fixed_vtbl, tamsi_vtbl, tamsi_sd_vtbl;

static Model *load(const char *json) { return fx_load_json(json, "test"); }

static void initial_state(const Model *m, double *x) { system_initial_state(m, x); }

static IntegratorOptions options(double accuracy, double dt, double max_step) {
  IntegratorOptions o;
  memset(&o, 0, sizeof o);
  o.accuracy = accuracy;
  o.dt = dt;
  o.max_step = max_step;
  return o;
}

/* Runs vt from the model's initial state, writing the state at each of the nt times into X. */
/* it zeroed and created as vt on m with options o; returns create's code. */
static int create_on(Integrator *it, const IntegratorVtbl *vt, const Model *m, const IntegratorOptions *o) {
  memset(it, 0, sizeof *it);
  it->vtbl = vt;
  it->model = m;
  it->opt = *o;
  return vt->create(it);
}

static int run(const IntegratorVtbl *vt, const Model *m, const IntegratorOptions *o, const double *times, int nt, double *X,
               IntegratorStats *st, char *msg) {
  Integrator it;
  int rc = create_on(&it, vt, m, o);
  if (rc == CB_OK) {
    int nx = system_nx(m);
    double *x0 = calloc(nx, sizeof(double));
    initial_state(m, x0);
    rc = vt->reset(&it, 0.0, x0);
    for (int k = 0; k < nt && rc == CB_OK; ++k) rc = vt->advance(&it, times[k], X + (size_t)k * nx);
    free(x0);
  }
  if (st) *st = it.stats;
  if (msg) strcpy(msg, it.message);
  if (it.content) vt->destroy(&it);
  return rc;
}

/* Classical RK4 on the continuous ODE (independent reference). */
static void rk4(const Model *m, double T, int nsteps, double *x) { fx_rk4(m, T, nsteps, x); }

static const char *pendulum_json =
    "{\"name\": \"pendulum\", \"duration\": 1, \"max_step\": 0.1, \"bodies\": [{\"name\": \"link\", \"joint\": "
    "{\"type\": \"revolute\", \"axis\": [0, 1, 0]}, \"mass\": 1, \"com\": [0, 0, -0.5], \"inertia\": [0.08, 0.08, 1e-3], "
    "\"q0\": 1.0}]}";

/* Fixed-step ICF is first order: the error at T halves as h halves. */
Test(cenic_integrators, fixed_step_first_order_on_pendulum) {
  Model *m = load(pendulum_json);
  int nx = system_nx(m);
  double *ref = calloc(nx, 8), *x = calloc(nx, 8), T = 1.0;
  initial_state(m, ref);
  rk4(m, T, 4000, ref);
  double err[3], h = 0.01;
  for (int k = 0; k < 3; ++k, h *= 0.5) {
    IntegratorOptions o = options(0, h, 0);
    IntegratorStats st;
    cr_assert_eq(run(&cenic_fixed_vtbl, m, &o, &T, 1, x, &st, NULL), CB_OK);
    err[k] = fabs(x[0] - ref[0]);
    cr_expect_eq(st.steps, lround(T / h));
    cr_expect_eq(st.geometry_queries, st.steps);
  }
  for (int k = 0; k < 2; ++k) {
    double order = log2(err[k] / err[k + 1]);
    cr_expect(order > 0.85 && order < 1.2, "measured order %g (errors %g %g)", order, err[k], err[k + 1]);
  }
  free(ref), free(x);
  model_free(m);
}

static const char *bouncing_ball_json =
    "{\"name\": \"bb\", \"duration\": 1, \"max_step\": 0.1, \"materials\": [{\"name\": \"ground\", \"stiffness\": \"rigid\", "
    "\"mu\": 0}, {\"name\": \"ball\", \"stiffness\": 1e3, \"dissipation\": 0, \"mu\": 0}], \"world_geoms\": [{\"name\": "
    "\"floor\", \"type\": \"plane\", \"material\": \"ground\"}], \"bodies\": [{\"name\": \"ball\", \"joint\": \"free\", "
    "\"mass\": 0.1, \"geoms\": [{\"type\": \"sphere\", \"size\": 0.1, \"material\": \"ball\"}], \"q0\": {\"pos\": [0, 0, "
    "1]}}]}";

/* Energy error after one bounce of the frictionless, undamped ball (CENIC Fig. 8): against the
 * mean step size, first order for step doubling and second order for the trapezoid. */
Test(cenic_integrators, bouncing_ball_energy_sd_vs_trapezoid) {
  Model *m = load(bouncing_ball_json);
  Data *d = data_create(m);
  int nx = system_nx(m);
  double *x = calloc(nx, 8), T = 1.0;
  initial_state(m, x);
  double E0 = system_energy(m, d, x);
  const IntegratorVtbl *vts[2] = {&cenic_sd_vtbl, &cenic_trap_vtbl};
  double acc[2] = {1e-4, 1e-6}, slope[2];
  for (int v = 0; v < 2; ++v) {
    double e[2], hbar[2];
    for (int k = 0; k < 2; ++k) {
      IntegratorOptions o = options(acc[k], 0, 0.1);
      IntegratorStats st;
      char msg[512];
      cr_assert_eq(run(vts[v], m, &o, &T, 1, x, &st, msg), CB_OK, "%s", msg);
      e[k] = fabs(system_energy(m, d, x) - E0) / E0;
      hbar[k] = T / st.steps;
    }
    slope[v] = log(e[0] / e[1]) / log(hbar[0] / hbar[1]);
    cr_log_info("%s: energy errors %g %g, mean steps %g %g, order %g", vts[v]->name, e[0], e[1], hbar[0], hbar[1], slope[v]);
  }
  cr_expect(slope[0] > 0.7 && slope[0] < 1.3, "step doubling energy order %g, expected ~1", slope[0]);
  cr_expect(slope[1] > 1.6, "trapezoid energy order %g, expected ~2", slope[1]);
  free(x);
  data_free(d);
  model_free(m);
}

/* The two readings of eq. 25 (option trap_reading) on the same bounce: J = Jhat/2 at weight 1
 * (literal) puts the new elastic force at q^n + h v^{n+1}/2, so the ball gains energy at first
 * order; Jhat at weight 1/2 (weighted, the default) conserves it to second order (CENIC Fig. 8). */
Test(cenic_integrators, trapezoid_literal_reading_gains_energy_at_first_order) {
  Model *m = load(bouncing_ball_json);
  Data *d = data_create(m);
  int nx = system_nx(m);
  double *x = calloc(nx, 8), T = 1.0;
  initial_state(m, x);
  double E0 = system_energy(m, d, x);
  const char *readings[2] = {"weighted", "literal"};
  double acc[2] = {1e-4, 1e-6}, slope[2], drift[2][2];
  for (int v = 0; v < 2; ++v) {
    double hbar[2];
    for (int k = 0; k < 2; ++k) {
      IntegratorOptions o = options(acc[k], 0, 0.1);
      o.nextra = 1;
      o.extra_key[0] = "trap_reading";
      o.extra_value[0] = readings[v];
      IntegratorStats st;
      char msg[512];
      cr_assert_eq(run(&cenic_trap_vtbl, m, &o, &T, 1, x, &st, msg), CB_OK, "%s", msg);
      drift[v][k] = (system_energy(m, d, x) - E0) / E0;
      hbar[k] = T / st.steps;
    }
    slope[v] = log(fabs(drift[v][0] / drift[v][1])) / log(hbar[0] / hbar[1]);
    cr_log_info("trap_reading=%s: energy drifts %g %g, mean steps %g %g, order %g", readings[v], drift[v][0], drift[v][1],
                hbar[0], hbar[1], slope[v]);
  }
  cr_expect(slope[0] > 1.6, "weighted: energy order %g, expected ~2", slope[0]);
  cr_expect(drift[1][0] > 0 && drift[1][1] > 0, "literal: gains energy (%g, %g)", drift[1][0], drift[1][1]);
  cr_expect(drift[1][1] > 100 * fabs(drift[0][1]), "literal %g against weighted %g at 1e-6", drift[1][1], drift[0][1]);
  cr_expect(slope[1] > 0.7 && slope[1] < 1.3, "literal: energy order %g, expected ~1", slope[1]);
  free(x);
  data_free(d);
  model_free(m);
}

static const char *ball_drop_json =
    "{\"name\": \"drop\", \"duration\": 0.6, \"stiction_tolerance\": 1e-4, \"max_step\": 0.1, \"materials\": [{\"name\": "
    "\"ground\", \"stiffness\": \"rigid\", \"mu\": 0.5}, {\"name\": \"ball\", \"stiffness\": 1e4, \"dissipation\": 0.1, "
    "\"mu\": 0.5}], \"world_geoms\": [{\"name\": \"floor\", \"type\": \"plane\", \"material\": \"ground\"}], \"bodies\": "
    "[{\"name\": \"ball\", \"joint\": \"free\", \"mass\": 0.1, \"geoms\": [{\"type\": \"sphere\", \"size\": 0.05, "
    "\"material\": \"ball\"}], \"q0\": {\"pos\": [0, 0, 1]}}]}";

/* Error control honours its contract: the error against an RK4 reference on an output grid
 * falls as the requested accuracy tightens over three decades. */
Test(cenic_integrators, ball_drop_error_falls_with_accuracy) {
  Model *m = load(ball_drop_json);
  int nx = system_nx(m), nt = 6;
  double times[6] = {0.1, 0.2, 0.3, 0.45, 0.5, 0.6};
  double *ref = calloc((size_t)nt * nx, 8), *X = calloc((size_t)nt * nx, 8), *x = calloc(nx, 8);
  initial_state(m, x);
  double t = 0;
  for (int k = 0; k < nt; ++k) { /* RK4 in pieces (2e-5 s steps) */
    rk4(m, times[k] - t, (int)lround((times[k] - t) / 2e-5), x);
    memcpy(ref + (size_t)k * nx, x, sizeof(double) * nx);
    t = times[k];
  }
  const IntegratorVtbl *vts[2] = {&cenic_sd_vtbl, &cenic_trap_vtbl};
  for (int v = 0; v < 2; ++v) {
    double prev = INFINITY, first = 0, last = 0;
    for (int a = 0; a < 4; ++a) {
      double acc = pow(10.0, -3 - a);
      IntegratorOptions o = options(acc, 0, 0.1);
      IntegratorStats st;
      char msg[512];
      cr_assert_eq(run(vts[v], m, &o, times, nt, X, &st, msg), CB_OK, "%s", msg);
      double e = 0;
      for (int k = 0; k < nt; ++k)
        for (int i = 0; i < m->nq; ++i) e = fmax(e, fabs(X[(size_t)k * nx + i] - ref[(size_t)k * nx + i]));
      cr_log_info("%s: accuracy %g error %g steps %ld", vts[v]->name, acc, e, st.steps);
      cr_expect(e < prev, "%s: error %g at accuracy %g not below %g", vts[v]->name, e, acc, prev);
      /* two evaluations per accepted step (start, midpoint or x-hat); a rejected attempt's
       * retry reuses the start-of-step evaluation, so it costs one; and every attempt checks
       * its end state for unsolved overlaps (one query) */
      cr_expect_eq(st.geometry_queries, 2 * st.steps + st.rejected + (st.steps + st.rejected), "%s: %ld queries for %ld + %ld steps",
                   vts[v]->name, st.geometry_queries, st.steps, st.rejected);
      cr_expect(st.rejected > 0 || a < 3, "%s: no rejected step at any accuracy: the reuse is untested", vts[v]->name);
      if (a == 0) first = e;
      last = e;
      prev = e;
    }
    /* global error ~ sqrt(accuracy) for the first-order SD (h ~ sqrt(acc), e ~ h), ~ accuracy for
     * the second-order trapezoid away from the impact; the impact's switch is resolved to the
     * accuracy in distance (cenic.c), measured 1.6e-3, 5.0e-4, 1.1e-4, 1.3e-5 (~acc^0.7) */
    double need = v == 0 ? 15.0 : 100.0;
    cr_expect(first / last > need, "%s: error only fell from %g to %g over 3 decades", vts[v]->name, first, last);
  }
  free(ref), free(X), free(x);
  model_free(m);
}

/* Box (1 kg, low so it cannot tip) on a rigid floor with mu_s = 1, mu_d = 0.5, pushed with a
 * constant horizontal force, starting at its static penetration. */
static Model *pushed_box(double force) {
  char json[2048];
  snprintf(json, sizeof json,
           "{\"name\": \"box\", \"duration\": 0.5, \"stiction_tolerance\": 1e-4, \"max_step\": 0.1, \"materials\": "
           "[{\"name\": \"ground\", \"stiffness\": \"rigid\", \"mu_static\": 1.0, \"mu_dynamic\": 0.5}, {\"name\": "
           "\"box\", \"stiffness\": 1e5, \"dissipation\": 10, \"mu_static\": 1.0, \"mu_dynamic\": 0.5}], \"world_geoms\": "
           "[{\"name\": \"floor\", \"type\": \"plane\", \"material\": \"ground\"}], \"bodies\": [{\"name\": \"box\", "
           "\"joint\": \"free\", \"mass\": 1, \"geoms\": [{\"type\": \"box\", \"size\": [0.05, 0.05, 0.02], "
           "\"material\": \"box\"}], \"q0\": {\"pos\": [0, 0, %.10f]}}], \"forces\": [{\"body\": \"box\", \"point\": [0, "
           "0, 0], \"dir\": [1, 0, 0], \"constant\": %g}]}",
           0.02 - 9.81 / 4e5, force);
  return load(json);
}

Test(cenic_integrators, static_friction_holds_box_between_mu_d_and_mu_s) {
  double T = 0.5, vs = 1e-4;
  for (int k = 0; k < 2; ++k) {
    double F = k == 0 ? 0.75 * 9.81 : 1.2 * 9.81;
    Model *m = pushed_box(F);
    int nx = system_nx(m);
    double *x = calloc(nx, 8);
    IntegratorOptions o = options(1e-4, 0, 0.1);
    char msg[512];
    cr_assert_eq(run(&cenic_sd_vtbl, m, &o, &T, 1, x, NULL, msg), CB_OK, "%s", msg);
    double dx = x[0];
    if (k == 0) {
      cr_expect(fabs(dx) <= 2.0 * vs * T, "box crept %g m under 0.75 mu_s m g (bound %g)", dx, 2.0 * vs * T);
      cr_expect(fabs(x[1]) < 1e-6 && fabs(x[2] - (0.02 - 9.81 / 4e5)) < 1e-4, "box moved off-axis: y %g z %g", x[1], x[2]);
    } else { /* above mu_s: slides with (F - mu_d m g)/m */
      double expect = 0.5 * (F - 0.5 * 9.81) * T * T;
      cr_expect(fabs(dx - expect) < 0.05 * expect, "sliding box moved %g, expected about %g", dx, expect);
    }
    free(x);
    model_free(m);
  }
}

/* Dense and CHOLMOD linear algebra, with and without Hessian reuse, give the same run. */
Test(cenic_integrators, dense_cholmod_and_reuse_agree) {
  Model *m = pushed_box(1.2 * 9.81);
  int nx = system_nx(m);
  double T = 0.2, *xa = calloc(nx, 8), *xb = calloc(nx, 8), *xc = calloc(nx, 8);
  IntegratorOptions o = options(1e-4, 0, 0.1);
  IntegratorStats sa, sb, sc;
  cr_assert_eq(run(&cenic_sd_vtbl, m, &o, &T, 1, xa, &sa, NULL), CB_OK);
  o.nextra = 1;
  o.extra_key[0] = "linear_solver";
  o.extra_value[0] = "cholmod";
  cr_assert_eq(run(&cenic_sd_vtbl, m, &o, &T, 1, xb, &sb, NULL), CB_OK);
  o.nextra = 2;
  o.extra_key[1] = "hessian_reuse";
  o.extra_value[1] = "1";
  char msg[512];
  cr_assert_eq(run(&cenic_sd_vtbl, m, &o, &T, 1, xc, &sc, msg), CB_OK, "%s", msg);
  for (int i = 0; i < nx; ++i) cr_expect(fabs(xa[i] - xb[i]) < 1e-9 * (1 + fabs(xa[i])), "x[%d] %.15g vs %.15g", i, xa[i], xb[i]);
  cr_expect_eq(sa.steps, sb.steps);
  cr_expect_eq(sa.newton_iters, sb.newton_iters);
  cr_expect(sc.factorizations < sa.factorizations, "reuse: %ld factorizations vs %ld", sc.factorizations, sa.factorizations);
  cr_expect(fabs(xc[0] - xa[0]) < 1e-3 * fabs(xa[0]), "reuse x %g vs %g", xc[0], xa[0]);
  cr_expect(sa.convex_solves == 3 * (sa.steps + sa.rejected));
  free(xa), free(xb), free(xc);
  model_free(m);
}

/* A retry after a rejected attempt starts its full step from the rejected attempt's velocities
 * (cenic.c, retry_guess): the same steps to the Newton tolerance, fewer Newton iterations than
 * from v^n, for step doubling and the trapezoid. The ball drop at 1e-4 rejects attempts at the
 * impact. */
Test(cenic_integrators, retry_warm_start_saves_newton_iterations) {
  Model *m = load(ball_drop_json);
  int nx = system_nx(m);
  double T = 0.6, *xa = calloc(nx, 8), *xb = calloc(nx, 8);
  const IntegratorVtbl *vts[2] = {&cenic_sd_vtbl, &cenic_trap_vtbl};
  for (int v = 0; v < 2; ++v) {
    IntegratorOptions o = options(1e-4, 0, 0.1);
    IntegratorStats sa, sb;
    char msg[512];
    cr_assert_eq(run(vts[v], m, &o, &T, 1, xa, &sa, msg), CB_OK, "%s", msg);
    o.nextra = 1;
    o.extra_key[0] = "retry_warm_start";
    o.extra_value[0] = "0";
    cr_assert_eq(run(vts[v], m, &o, &T, 1, xb, &sb, msg), CB_OK, "%s", msg);
    cr_assert(sa.rejected > 0, "%s: no rejected attempt, nothing to warm-start", vts[v]->name);
    cr_expect_eq(sa.steps, sb.steps, "%s", vts[v]->name);
    cr_expect_eq(sa.rejected, sb.rejected, "%s", vts[v]->name);
    cr_expect(sa.newton_iters < sb.newton_iters, "%s, warm-started retries: %ld Newton iterations, from v^n %ld",
              vts[v]->name, sa.newton_iters, sb.newton_iters);
    for (int i = 0; i < m->nq; ++i) /* both solve every step to the Newton tolerance 1e-3 * accuracy */
      cr_expect(fabs(xa[i] - xb[i]) < 1e-6, "%s: q[%d] %.12g vs %.12g", vts[v]->name, i, xa[i], xb[i]);
  }
  free(xa), free(xb);
  model_free(m);
}

static int create_rc(const IntegratorVtbl *vt, const Model *m, IntegratorOptions o, char *msg) {
  Integrator it;
  memset(&it, 0, sizeof it);
  it.vtbl = vt;
  it.model = m;
  it.opt = o;
  int rc = vt->create(&it);
  strcpy(msg, it.message);
  if (it.content) vt->destroy(&it);
  return rc;
}

Test(cenic_integrators, bad_options_are_rejected) {
  Model *m = load(ball_drop_json);
  char msg[512];
  cr_expect_eq(create_rc(&cenic_sd_vtbl, m, options(-1e-3, 0, 0.1), msg), CB_ERR_OPTION);
  cr_expect(strstr(msg, "accuracy") != NULL, "message: %s", msg);
  cr_expect_eq(create_rc(&cenic_trap_vtbl, m, options(1e-3, 0, -1), msg), CB_ERR_OPTION);
  cr_expect(strstr(msg, "max_step") != NULL, "message: %s", msg);
  cr_expect_eq(create_rc(&cenic_fixed_vtbl, m, options(0, 0, 0), msg), CB_ERR_OPTION);
  cr_expect(strstr(msg, "dt") != NULL, "message: %s", msg);
  IntegratorOptions o = options(1e-3, 0, 0.1);
  o.nextra = 1;
  o.extra_key[0] = "linear_solver";
  o.extra_value[0] = "magic";
  cr_expect_eq(create_rc(&cenic_sd_vtbl, m, o, msg), CB_ERR_OPTION);
  cr_expect(strstr(msg, "linear_solver") != NULL, "message: %s", msg);
  o.extra_key[0] = "no_such_option";
  cr_expect_eq(create_rc(&cenic_sd_vtbl, m, o, msg), CB_ERR_OPTION);
  cr_expect(strstr(msg, "no_such_option") != NULL, "message: %s", msg);
  o.extra_key[0] = "alpha_max";
  o.extra_value[0] = "-2";
  cr_expect_eq(create_rc(&cenic_sd_vtbl, m, o, msg), CB_ERR_OPTION);
  o.extra_value[0] = "1.5";
  cr_expect_eq(create_rc(&cenic_sd_vtbl, m, o, msg), CB_OK, "%s", msg);
  o.extra_key[0] = "retry_warm_start";
  o.extra_value[0] = "2";
  cr_expect_eq(create_rc(&cenic_sd_vtbl, m, o, msg), CB_ERR_OPTION);
  cr_expect(strstr(msg, "retry_warm_start") != NULL, "message: %s", msg);
  model_free(m);
}

/* Dense output: outputs inside one step are interpolated, never by shortening steps. */
Test(cenic_integrators, outputs_do_not_change_the_steps) {
  Model *m = load(ball_drop_json);
  int nx = system_nx(m);
  double T = 0.6, times[60];
  for (int k = 0; k < 60; ++k) times[k] = 0.01 * (k + 1);
  double *X = calloc((size_t)60 * nx, 8), *x = calloc(nx, 8);
  IntegratorOptions o = options(1e-3, 0, 0.1);
  IntegratorStats s1, s2;
  cr_assert_eq(run(&cenic_sd_vtbl, m, &o, &T, 1, x, &s1, NULL), CB_OK);
  cr_assert_eq(run(&cenic_sd_vtbl, m, &o, times, 60, X, &s2, NULL), CB_OK);
  cr_expect_eq(s1.steps, s2.steps);
  cr_expect_eq(s1.rejected, s2.rejected);
  for (int i = 0; i < nx; ++i) cr_expect(fabs(x[i] - X[(size_t)59 * nx + i]) < 1e-12 * (1 + fabs(x[i])));
  free(X), free(x);
  model_free(m);
}

static const char *pid_pendulum_json =
    "{\"name\": \"pid\", \"duration\": 1, \"max_step\": 0.1, \"bodies\": [{\"name\": \"link\", \"joint\": "
    "{\"type\": \"revolute\", \"axis\": [0, 1, 0]}, \"mass\": 1, \"com\": [0, 0, -0.5], \"inertia\": [0.08, 0.08, 1e-3], "
    "\"q0\": 1.0}], \"controllers\": [{\"type\": \"pid\", \"joints\": [\"link\"], \"kp\": 1e4, \"kd\": 2000, \"ki\": 1e4, "
    "\"setpoints\": [{\"t\": 0, \"q\": 0.5}]}]}";

/* A stiff PID controller (CENIC V-C): implicit treatment needs far fewer steps than explicit, and
 * both match an RK4 reference of the continuous system (positions and the integral state). */
Test(cenic_integrators, implicit_controllers_take_larger_steps) {
  Model *m = load(pid_pendulum_json);
  cr_assert_eq(m->nz, 1);
  int nx = system_nx(m);
  double T = 0.5, *ref = calloc(nx, 8), *x = calloc(nx, 8);
  initial_state(m, ref);
  rk4(m, T, 20000, ref);
  long steps[2];
  const char *mode[2] = {"implicit", "explicit"};
  for (int k = 0; k < 2; ++k) {
    IntegratorOptions o = options(1e-4, 0, 0.1);
    o.nextra = 1;
    o.extra_key[0] = "controllers";
    o.extra_value[0] = mode[k];
    IntegratorStats st;
    char msg[512];
    cr_assert_eq(run(&cenic_sd_vtbl, m, &o, &T, 1, x, &st, msg), CB_OK, "%s", msg);
    steps[k] = st.steps + st.rejected;
    cr_expect(fabs(x[0] - ref[0]) < 3e-3, "%s: q %g vs reference %g", mode[k], x[0], ref[0]);
    cr_expect(fabs(x[2] - ref[2]) < 0.05 * fabs(ref[2]) + 1e-6, "%s: z %g vs reference %g", mode[k], x[2], ref[2]);
  }
  cr_log_info("implicit %ld steps, explicit %ld", steps[0], steps[1]);
  cr_expect(3 * steps[0] < steps[1], "implicit %ld steps vs explicit %ld", steps[0], steps[1]);
  free(ref), free(x);
  model_free(m);
}

/* cenic-trap with controllers=explicit handles them outside the convex step, and its record must
 * say so; by default (controllers inside its trapezoid step, tests/test_trap_controllers.c) it
 * says nothing, nor does cenic-sd. */
Test(cenic_integrators, trapezoid_notes_explicit_controllers) {
  Model *m = load(pid_pendulum_json);
  const IntegratorVtbl *vt[3] = {&cenic_trap_vtbl, &cenic_trap_vtbl, &cenic_sd_vtbl};
  for (int k = 0; k < 3; ++k) {
    Integrator it;
    IntegratorOptions o = options(1e-3, 0, 0.1);
    if (k == 0) {
      o.nextra = 1;
      o.extra_key[0] = "controllers";
      o.extra_value[0] = "explicit";
    }
    cr_assert_eq(create_on(&it, vt[k], m, &o), CB_OK, "%s: %s", vt[k]->name, it.message);
    int explicit_note = 0;
    for (int i = 0; i < it.nnotes; ++i) explicit_note |= strstr(it.notes[i], "controllers are explicit") != NULL;
    cr_expect_eq(explicit_note, k == 0, "%s (%d): %d notes, first: %s", vt[k]->name, k, it.nnotes, it.nnotes ? it.notes[0] : "");
    vt[k]->destroy(&it);
  }
  model_free(m);
}

/* TAMSI puts tau(q0, v0) into p* (TAMSI eq. 11): its controllers are explicit, and the records
 * of tamsi and tamsi-sd must say so (docs/integrators.md gives the cost: tamsi-sd's steps grow
 * with the gain). */
Test(cenic_integrators, tamsi_notes_its_explicit_controllers) {
  Model *m = load(pid_pendulum_json);
  const IntegratorVtbl *vt[2] = {&tamsi_vtbl, &tamsi_sd_vtbl};
  for (int k = 0; k < 2; ++k) {
    Integrator it;
    IntegratorOptions o = options(k ? 1e-3 : 0, k ? 0 : 1e-3, 0.1);
    cr_assert_eq(create_on(&it, vt[k], m, &o), CB_OK, "%s: %s", vt[k]->name, it.message);
    int explicit_note = 0;
    for (int i = 0; i < it.nnotes; ++i) explicit_note |= strstr(it.notes[i], "controllers are explicit") != NULL;
    cr_expect_eq(explicit_note, 1, "%s: %d notes, first: %s", vt[k]->name, it.nnotes, it.nnotes ? it.notes[0] : "");
    vt[k]->destroy(&it);
  }
  model_free(m);
}

/* Full-state error norm (CENIC V-E): the velocity jump at impact makes it take more steps than
 * the position-only norm at the same accuracy. */
Test(cenic_integrators, full_state_error_norm_takes_more_steps) {
  Model *m = load(ball_drop_json);
  int nx = system_nx(m);
  double T = 0.6, *x = calloc(nx, 8);
  IntegratorOptions o = options(1e-3, 0, 0.1);
  IntegratorStats sq, sf;
  cr_assert_eq(run(&cenic_sd_vtbl, m, &o, &T, 1, x, &sq, NULL), CB_OK);
  o.error_norm = ERRNORM_FULL;
  cr_assert_eq(run(&cenic_sd_vtbl, m, &o, &T, 1, x, &sf, NULL), CB_OK);
  cr_expect(sf.steps > sq.steps, "full-state norm %ld steps vs positions %ld", sf.steps, sq.steps);
  free(x);
  model_free(m);
}

/* The step budget is enforced with CB_ERR_STEP and a message, and t says how far it got. */
Test(cenic_integrators, step_budget_is_enforced) {
  Model *m = load(ball_drop_json);
  int nx = system_nx(m);
  double T = 0.6, *x = calloc(nx, 8);
  IntegratorOptions o = options(1e-4, 0, 0.1);
  o.max_steps = 5;
  IntegratorStats st;
  char msg[512];
  cr_expect_eq(run(&cenic_sd_vtbl, m, &o, &T, 1, x, &st, msg), CB_ERR_STEP);
  cr_expect(strstr(msg, "budget") != NULL, "message: %s", msg);
  cr_expect_eq(st.steps + st.rejected, 5);
  free(x);
  model_free(m);
}

/* Dense output only inside the last step: an output time before the last step's start is an
 * error (CB_ERR_STEP with a message), never a silent extrapolation; an output inside the last
 * step is the linear interpolant, for every scheme. */
Test(cenic_integrators, output_before_last_step_is_an_error) {
  Model *m = load(ball_drop_json);
  int nx = system_nx(m);
  const IntegratorVtbl *vts[3] = {&cenic_sd_vtbl, &cenic_trap_vtbl, &cenic_fixed_vtbl};
  double *x = calloc(nx, 8), *y = calloc(nx, 8);
  for (int k = 0; k < 3; ++k) {
    Integrator it;
    IntegratorOptions o = options(1e-3, 0.01, 0.1);
    cr_assert_eq(create_on(&it, vts[k], m, &o), CB_OK, "%s: %s", vts[k]->name, it.message);
    initial_state(m, x);
    cr_assert_eq(vts[k]->reset(&it, 0.0, x), CB_OK);
    cr_assert_eq(vts[k]->advance(&it, 0.3, y), CB_OK, "%s: %s", vts[k]->name, it.message);
    cr_assert(it.t >= 0.3, "%s: t = %g", vts[k]->name, it.t);
    double t_back = 0.3 - 0.25; /* well before the last step's start (steps <= 0.1) */
    it.message[0] = 0;
    cr_expect_eq(vts[k]->advance(&it, t_back, y), CB_ERR_STEP, "%s: output at %g after reaching %g", vts[k]->name,
                 t_back, it.t);
    cr_expect(it.message[0] != 0, "%s: no message", vts[k]->name);
    vts[k]->destroy(&it);
  }
  free(x), free(y);
  model_free(m);
}
