/* Controllers inside cenic-trap's trapezoid step (CENIC V-C with the trapezoid's weights,
 * Remark 1: the paper treats controllers implicitly in every variant). A one-dof arm turning
 * about a vertical axis (gravity does no work on it) under a critically damped PD,
 * kd = 2 sqrt(kp I), has the closed-form error
 * e = q - qd: tracking a ramp qd = a t from rest, e = -a t exp(-w t); a step to qd = Q from
 * rest, e = -Q (1 + w t) exp(-w t); w = sqrt(kp / I). With the controller implicit the step
 * count stays flat from kp 1e2 to 1e6; evaluated explicitly (controllers=explicit, the earlier
 * treatment) the trapezoid's stability bound h w < 2 makes it grow with the gain. A refinement
 * sequence on a nonlinear controlled pendulum (PD, PID and inverse dynamics) against RK4 checks
 * that the step is still second order. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "integrators/integrator.h"
#include "models/system.h"
#include "sim_fixtures.h"

extern const IntegratorVtbl cenic_trap_vtbl, cenic_sd_vtbl;

#define ARM_MASS 2.0
#define ARM_COM 0.25
#define ARM_IZZ 0.02
#define ARM_I (ARM_IZZ + ARM_MASS * ARM_COM * ARM_COM) /* about the joint axis */
#define RAMP_RATE 0.4                                  /* rad/s */
#define STEP_Q 0.3                                     /* rad */
#define T_END 1.0
#define NOUT 20

/* ramp = 1: qd = RAMP_RATE t; else a step to STEP_Q at t = 0 */
static Model *pd_arm(double kp, int ramp) {
  char json[2048], sp[160];
  if (ramp) snprintf(sp, sizeof sp, "[{\"t\": 0, \"q\": [0]}, {\"t\": %g, \"q\": [%.17g]}]", 2 * T_END, 2 * T_END * RAMP_RATE);
  else snprintf(sp, sizeof sp, "[{\"t\": 0, \"q\": [%.17g]}]", STEP_Q);
  snprintf(json, sizeof json,
           "{\"name\": \"pd_arm\", \"duration\": %g, \"max_step\": 0.05,"
           " \"bodies\": [{\"name\": \"arm\", \"joint\": {\"type\": \"revolute\", \"axis\": [0, 0, 1]},"
           " \"mass\": %.17g, \"com\": [%.17g, 0, 0], \"inertia\": [0.01, 0.01, %.17g], \"q0\": 0}],"
           " \"controllers\": [{\"type\": \"pd\", \"joints\": [\"arm\"], \"kp\": %.17g, \"kd\": %.17g, \"setpoints\": %s}]}",
           T_END, ARM_MASS, ARM_COM, ARM_IZZ, kp, 2 * sqrt(kp * ARM_I), sp);
  return fx_load_json(json, "pd_arm");
}

static double exact_q(double kp, int ramp, double t) {
  double w = sqrt(kp / ARM_I);
  return ramp ? RAMP_RATE * t * (1 - exp(-w * t)) : STEP_Q * (1 - (1 + w * t) * exp(-w * t));
}

typedef struct {
  long steps;  /* accepted + rejected */
  double qerr; /* largest |q - q_exact| at the outputs */
} PdRun;

static void set_opt(Integrator *it, const char *key, const char *value) {
  it->opt.extra_key[it->opt.nextra] = key;
  it->opt.extra_value[it->opt.nextra++] = value;
}

static PdRun run_pd(double kp, int ramp, ErrorNormKind norm, const char *controllers, double acc) {
  Model *m = pd_arm(kp, ramp);
  Integrator it;
  fx_integrator_init(&it, &cenic_trap_vtbl, m, acc);
  it.opt.error_norm = norm;
  if (controllers) set_opt(&it, "controllers", controllers);
  double x[3];
  system_initial_state(m, x);
  int rc = cenic_trap_vtbl.create(&it);
  if (rc == CB_OK) rc = cenic_trap_vtbl.reset(&it, 0.0, x);
  PdRun r = {0, 0.0};
  for (int k = 1; k <= NOUT && rc == CB_OK; ++k) {
    double t = T_END * k / NOUT;
    rc = cenic_trap_vtbl.advance(&it, t, x);
    r.qerr = fmax(r.qerr, fabs(x[0] - exact_q(kp, ramp, t)));
  }
  cr_assert_eq(rc, CB_OK, "kp %g %s: %s", kp, controllers ? controllers : "implicit", it.message);
  r.steps = it.stats.steps + it.stats.rejected;
  cenic_trap_vtbl.destroy(&it);
  model_free(m);
  return r;
}

static const double gains[] = {1e2, 1e4, 1e6};
#define NGAINS 3

/* steps within 2x over four decades of gain, and tracking within tol of the closed form */
static void expect_flat(int ramp, ErrorNormKind norm, double acc, double tol) {
  PdRun r[NGAINS];
  long lo = 0, hi = 0;
  for (int g = 0; g < NGAINS; ++g) {
    r[g] = run_pd(gains[g], ramp, norm, NULL, acc);
    lo = g == 0 || r[g].steps < lo ? r[g].steps : lo;
    hi = r[g].steps > hi ? r[g].steps : hi;
    cr_log_info("%s acc %g kp %g: %ld steps, |q - q_exact| %.3g", ramp ? "ramp" : "step", acc, gains[g], r[g].steps, r[g].qerr);
    cr_expect(r[g].qerr < tol, "%s acc %g kp %g: |q - q_exact| %.3g > %.3g", ramp ? "ramp" : "step", acc, gains[g], r[g].qerr, tol);
  }
  cr_expect(hi <= 2 * lo, "%s acc %g: steps from %ld to %ld over kp 1e2..1e6", ramp ? "ramp" : "step", acc, lo, hi);
}

/* The default (full) norm on a tracked ramp: the transient is the start's velocity error a,
 * resolved in a number of steps that does not depend on w. */
Test(trap_controllers, ramp_steps_flat_over_gains_and_track_the_closed_form) {
  expect_flat(1, ERRNORM_FULL, 1e-3, 1e-3);
  expect_flat(1, ERRNORM_FULL, 1e-5, 1e-5);
}

/* A step response under the positions norm (the full norm must resolve a velocity peak of
 * Q w / e, and its steps grow as sqrt(w) for any integrator: cenic-sd's too). */
Test(trap_controllers, step_response_steps_flat_over_gains_under_q) {
  expect_flat(0, ERRNORM_POSITIONS, 1e-3, 1e-3);
  expect_flat(0, ERRNORM_POSITIONS, 1e-5, 1e-5);
}

/* The explicit treatment stays an option, and on this scene it is stability-bound. */
Test(trap_controllers, explicit_option_is_kept_and_grows_with_the_gain) {
  PdRun imp = run_pd(1e6, 1, ERRNORM_FULL, NULL, 1e-5), exp_ = run_pd(1e6, 1, ERRNORM_FULL, "explicit", 1e-5);
  cr_log_info("kp 1e6 ramp at 1e-5: implicit %ld steps, explicit %ld", imp.steps, exp_.steps);
  cr_expect(exp_.steps > 3 * imp.steps, "explicit %ld steps vs implicit %ld", exp_.steps, imp.steps);
  cr_expect(exp_.qerr < 1e-5, "explicit: |q - q_exact| %.3g", exp_.qerr);
}

/* Second order kept: a pendulum (horizontal axis, gravity) tracking a ramp under a PD, a PID (its
 * integral state second order too: first order before, measured 1.2) and a two-link arm under
 * inverse dynamics, at x-hat (controllers=implicit) and linearized at v-hat with the symmetric C
 * (controllers=symmetric; linearized at v^n it measured 1.2), against RK4 at 1e-5 s: the largest
 * state error at T over the mean step, accuracies 1e-3..1e-6. */
static const char *order_scenes[] = {
    "{\"name\": \"pd_pendulum\", \"duration\": 1, \"max_step\": 0.05, \"bodies\": [{\"name\": \"l\", \"joint\": "
    "{\"type\": \"revolute\", \"axis\": [0, 1, 0]}, \"mass\": 1.5, \"com\": [0, 0, -0.4], \"inertia\": [0.02, 0.02, 1e-3], "
    "\"q0\": 0.2, \"v0\": -0.5}], \"controllers\": [{\"type\": \"pd\", \"joints\": [\"l\"], \"kp\": 60, \"kd\": 1, "
    "\"setpoints\": [{\"t\": 0, \"q\": 0}, {\"t\": 2, \"q\": 1.2}]}]}",
    "{\"name\": \"pid_pendulum\", \"duration\": 1, \"max_step\": 0.05, \"bodies\": [{\"name\": \"l\", \"joint\": "
    "{\"type\": \"revolute\", \"axis\": [0, 1, 0]}, \"mass\": 1.5, \"com\": [0, 0, -0.4], \"inertia\": [0.02, 0.02, 1e-3], "
    "\"q0\": 0.2, \"v0\": -0.5}], \"controllers\": [{\"type\": \"pid\", \"joints\": [\"l\"], \"kp\": 60, \"kd\": 1, \"ki\": 30, "
    "\"setpoints\": [{\"t\": 0, \"q\": 0}, {\"t\": 2, \"q\": 1.2}]}]}",
    "{\"name\": \"id_arm\", \"duration\": 1, \"max_step\": 0.05, \"bodies\": ["
    "{\"name\": \"a\", \"joint\": {\"type\": \"revolute\", \"axis\": [0, 1, 0]}, \"mass\": 1, \"com\": [0, 0, -0.2], "
    "\"inertia\": [0.01, 0.01, 1e-3], \"q0\": 0.3},"
    "{\"name\": \"b\", \"parent\": \"a\", \"joint\": {\"type\": \"revolute\", \"pos\": [0, 0, -0.4], \"axis\": [0, 1, 0]}, "
    "\"mass\": 0.8, \"com\": [0, 0, -0.2], \"inertia\": [0.01, 0.01, 1e-3], \"q0\": -0.2, \"v0\": 0.4}],"
    " \"controllers\": [{\"type\": \"inverse_dynamics\", \"joints\": [\"a\", \"b\"], \"kp\": 100, \"kd\": 4, "
    "\"setpoints\": [{\"t\": 0, \"q\": [0, 0]}, {\"t\": 2, \"q\": [1, -0.8]}]}]}",
};

static const int order_scene[] = {0, 1, 2, 2};
static const char *order_mode[] = {NULL, NULL, NULL, "symmetric"};

Test(trap_controllers, second_order_on_controlled_pendulums) {
  for (size_t s = 0; s < sizeof order_scene / sizeof *order_scene; ++s) {
    Model *m = fx_load_json(order_scenes[order_scene[s]], "order");
    int nx = system_nx(m);
    double T = 1.0, *ref = calloc((size_t)nx, sizeof(double)), *x = calloc((size_t)nx, sizeof(double));
    system_initial_state(m, ref);
    fx_rk4(m, T, 100000, ref);
    const double accs[] = {1e-3, 1e-4, 1e-5, 1e-6};
    double lh[4], le[4];
    for (int a = 0; a < 4; ++a) {
      Integrator it;
      fx_integrator_init(&it, &cenic_trap_vtbl, m, accs[a]);
      if (order_mode[s]) set_opt(&it, "controllers", order_mode[s]);
      system_initial_state(m, x);
      int rc = cenic_trap_vtbl.create(&it);
      if (rc == CB_OK) rc = cenic_trap_vtbl.reset(&it, 0.0, x);
      if (rc == CB_OK) rc = cenic_trap_vtbl.advance(&it, T, x);
      cr_assert_eq(rc, CB_OK, "%s %g: %s", m->name, accs[a], it.message);
      double err = 0.0;
      for (int i = 0; i < nx; ++i) err = fmax(err, fabs(x[i] - ref[i]));
      lh[a] = log(T / (double)it.stats.steps);
      le[a] = log(err);
      cr_log_info("%s %s acc %g: %ld steps, error %.3g", m->name, order_mode[s] ? order_mode[s] : "", accs[a], it.stats.steps, err);
      cenic_trap_vtbl.destroy(&it);
    }
    double order = (le[0] - le[3]) / (lh[0] - lh[3]);
    cr_log_info("%s %s: order %.2f", m->name, order_mode[s] ? order_mode[s] : "", order);
    cr_expect(order > 1.7 && order < 2.5, "%s %s: measured order %.2f", m->name, order_mode[s] ? order_mode[s] : "", order);
    free(ref);
    free(x);
    model_free(m);
  }
}
