/* The implicit controller linearization of CENIC (sec. V-C, eq. 29) against a finite-difference
 * Jacobian of the controller force: tau~(v) = g(x~(v)) with x~(v) = [q^n + h N v; v] (the
 * model, M and k included, re-evaluated at x~), so both the damping (d/dv) and the stiffness
 * (d/dq through q~) routes are checked. The convex problem's Hessian is A = M + h D + h C; C is
 * read back from A. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "integrators/cenic/cenic_step.h"
#include "models/controller.h"
#include "models/data.h"
#include "models/multibody.h"
#include "models/system.h"
#include "sim_fixtures.h"

/* A three-link arm on non-parallel revolute axes (a mass matrix with large off-diagonal
 * entries), an inverse-dynamics controller with per-joint gains scaled from kp, kd and a moving
 * setpoint; no contact. At t = 0.35 the arm tracks it within 1 mm and 0.05 rad/s. */
static char *arm_json(double kp, double kd) {
  static char buf[2048];
  snprintf(buf, sizeof buf,
           "{\"name\": \"arm\", \"duration\": 1, \"max_step\": 0.1, \"bodies\": ["
           "{\"name\": \"l1\", \"joint\": {\"type\": \"revolute\", \"axis\": [0, 0, 1]}, \"mass\": 2, "
           "\"com\": [0.1, 0, 0.2], \"inertia\": [0.02, 0.03, 0.01], \"q0\": 0.341},"
           "{\"name\": \"l2\", \"parent\": \"l1\", \"joint\": {\"type\": \"revolute\", \"pos\": [0, 0, 0.4], \"axis\": [0, 1, 0]}, "
           "\"mass\": 1.5, \"com\": [0.3, 0, 0], \"inertia\": [0.01, 0.04, 0.04], \"q0\": -0.359},"
           "{\"name\": \"l3\", \"parent\": \"l2\", \"joint\": {\"type\": \"revolute\", \"pos\": [0.6, 0, 0], \"axis\": [1, 0, 1]}, "
           "\"mass\": 1, \"com\": [0.2, 0.05, 0], \"inertia\": [0.01, 0.02, 0.02], \"q0\": 0.789}],"
           "\"controllers\": [{\"name\": \"arm\", \"type\": \"inverse_dynamics\", \"joints\": [\"l1\", \"l2\", \"l3\"], "
           "\"kp\": [%.17g, %.17g, %.17g], \"kd\": [%.17g, %.17g, %.17g], "
           "\"setpoints\": [{\"t\": 0, \"q\": [0.2, -0.5, 1.0]}, {\"t\": 1, \"q\": [0.6, -0.1, 0.4]}]}]}",
           kp, 2 * kp, 0.5 * kp, kd, 0.7 * kd, 1.5 * kd);
  return buf;
}

/* tau~(v) at t + h: the controller force with the model evaluated at q~ = q^n + h N v. */
static void tau_tilde(const Model *m, Data *d, double t, const double *x, double h, const double *v, double *qt,
                      double *tau) {
  mb_integrate_q(m, x, v, h, qt);
  cr_assert_eq(system_step_data(m, d, t + h, qt, v, x + m->nq + m->nv, 0.0), CB_OK);
  memset(tau, 0, sizeof(double) * (size_t)m->nv);
  controller_eval(m, d, t + h, qt, v, x + m->nq + m->nv, tau, NULL);
}

/* max |C_lin - C_fd| / max |C_fd| over the 3x3 block, where C_fd = -(sym) d tau~/dv by central
 * differences and C_lin = (A - M - h D) / h from the assembled convex problem. */
static double linearization_error(int mode, double kp, double kd, double h, int symmetric_reference) {
  Model *m = fx_load_json(arm_json(kp, kd), "arm");
  cr_assert_not_null(m);
  int nv = m->nv, nx = system_nx(m);
  cr_assert_eq(nv, 3);
  double *x = calloc((size_t)nx, 8), *xout = calloc((size_t)nx, 8), *vp = calloc(3, 8), *qt = calloc((size_t)m->nq, 8);
  double tp[3], tm[3], Cfd[9], Clin[9];
  system_initial_state(m, x);
  double t = 0.35, v0[3] = {0.45, 0.35, -0.55};
  memcpy(x + m->nq, v0, sizeof v0);
  CenicCore c;
  IcfSolverOptions so;
  icf_solver_default_options(&so);
  cr_assert_eq(cenic_core_init(&c, m, &so, CENIC_REG_NONE, mode), 0);
  cr_assert_eq(cenic_eval_data(&c, t, x, 0.0), CB_OK, "%s", c.msg);
  cr_assert_eq(cenic_icf_step(&c, t, x, h, NULL, xout), CB_OK, "%s", c.msg);
  for (int i = 0; i < 9; ++i) {
    int r = i / 3, k = i % 3;
    Clin[i] = (c.prob.A[i] - c.d->mass[i] - (r == k ? h * m->dof_damping[r] : 0.0)) / h;
  }
  Data *d = data_create(m);
  for (int k = 0; k < 3; ++k) {
    double e = 1e-6;
    memcpy(vp, v0, sizeof v0);
    vp[k] = v0[k] + e;
    tau_tilde(m, d, t, x, h, vp, qt, tp);
    vp[k] = v0[k] - e;
    tau_tilde(m, d, t, x, h, vp, qt, tm);
    for (int i = 0; i < 3; ++i) Cfd[i * 3 + k] = -(tp[i] - tm[i]) / (2 * e);
  }
  double num = 0, den = 0;
  for (int i = 0; i < 3; ++i)
    for (int k = 0; k < 3; ++k) {
      double ref = symmetric_reference ? 0.5 * (Cfd[i * 3 + k] + Cfd[k * 3 + i]) : Cfd[i * 3 + k];
      if (!symmetric_reference && i != k) ref = 0.0; /* eq. 29 keeps the diagonal only */
      num = fmax(num, fabs(Clin[i * 3 + k] - ref));
      den = fmax(den, fabs(Cfd[i * 3 + k]));
    }
  data_free(d);
  cenic_core_free(&c);
  free(x), free(xout), free(vp), free(qt);
  model_free(m);
  return num / den;
}

/* The controller is linearized with M and k of the step start (their variation cancels the
 * plant's explicit k exactly); the terms that drops, h dM/dq vd' + dk/dv + h dG/dq, are below
 * 1e-2 of M (Kd + h Kp) while the arm tracks (vd' = -Kp (q - qd) - Kd (v - vd) small); the mass
 * matrix's off-diagonal part is not. */
#define TOL 1e-2

/* Damping-dominated (Kd >> h Kp) and stiffness-dominated (h Kp >> Kd) gains. */
static const double gains[2][3] = {{1e2, 1e4, 1e-3}, {1e5, 10, 1e-2}};

Test(cenic_controller_jacobian, symmetric_mode_is_the_symmetric_fd_jacobian) {
  for (int g = 0; g < 2; ++g) {
    double err = linearization_error(CENIC_CTRL_SYMMETRIC, gains[g][0], gains[g][1], gains[g][2], 1);
    cr_log_info("symmetric, kp %g kd %g: %.3g", gains[g][0], gains[g][1], err);
    cr_expect(err < TOL, "kp %g kd %g h %g: C differs from the symmetric FD Jacobian by %.3g (relative)", gains[g][0],
              gains[g][1], gains[g][2], err);
  }
}

/* Eq. 29 as printed: C is the FD Jacobian's diagonal, and the comparison above fails on it (the
 * off-diagonal damping M_ik Kd is dropped): the check can fail. */
Test(cenic_controller_jacobian, diagonal_mode_is_eq29_and_drops_the_coupling) {
  for (int g = 0; g < 2; ++g) {
    double kp = gains[g][0], kd = gains[g][1], h = gains[g][2];
    double diag = linearization_error(CENIC_CTRL_DIAGONAL, kp, kd, h, 0);
    double full = linearization_error(CENIC_CTRL_DIAGONAL, kp, kd, h, 1);
    cr_log_info("diagonal, kp %g kd %g: %.3g on the diagonal, %.3g in all", kp, kd, diag, full);
    cr_expect(diag < TOL, "kp %g kd %g: eq. 29's diagonal differs from the FD diagonal by %.3g", kp, kd, diag);
    cr_expect(full > 3 * TOL, "kp %g kd %g: the diagonal C misses the coupling by only %.3g", kp, kd, full);
  }
}

/* Explicit controllers put nothing into A: the same check fails completely. */
Test(cenic_controller_jacobian, explicit_mode_adds_no_hessian) {
  double err = linearization_error(CENIC_CTRL_EXPLICIT, 1e2, 1e4, 1e-3, 1);
  cr_expect(err > 0.99 && err < 1.01, "explicit: relative error %.3g, expected 1 (C = 0)", err);
}
