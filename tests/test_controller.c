/* Controllers (models/controller.h): setpoint schedules against finite differences, PD / PID
 * force derivatives and integral state by finite differences, effort clamping, and inverse
 * dynamics checked against the multibody solve (the closed loop must realize exactly the
 * commanded acceleration vd' = -Kp (q - qd) - Kd (v - vd)). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "models/controller.h"
#include "models/multibody.h"
#include "models/scene.h"

/* A free box (tree 0, dofs 0-5) and a revolute-prismatic-revolute arm (tree 1, dofs 6-8). */
#define ARM_BODIES                                                                                          \
  "\"bodies\": ["                                                                                           \
  " {\"name\": \"box\", \"joint\": \"free\", \"mass\": 2, \"inertia\": [0.1, 0.2, 0.25],"                   \
  "  \"q0\": {\"pos\": [1, 0, 0.5], \"rpy\": [0.1, 0.2, 0.3]}},"                                            \
  " {\"name\": \"l1\", \"joint\": {\"type\": \"revolute\", \"axis\": [0, 0, 1]}, \"mass\": 1,"              \
  "  \"com\": [0.3, 0, 0], \"inertia\": [0.01, 0.05, 0.05], \"q0\": 0.3, \"v0\": 0.5},"                     \
  " {\"name\": \"l2\", \"parent\": \"l1\", \"joint\": {\"type\": \"prismatic\", \"pos\": [0.6, 0, 0],"      \
  "  \"axis\": [1, 0, 0]}, \"mass\": 0.7, \"com\": [0.1, 0.05, 0], \"inertia\": [0.01, 0.02, 0.02],"        \
  "  \"q0\": 0.1, \"v0\": -0.2},"                                                                           \
  " {\"name\": \"l3\", \"parent\": \"l2\", \"joint\": {\"type\": \"revolute\", \"pos\": [0.2, 0, 0],"       \
  "  \"axis\": [0, 1, 0]}, \"mass\": 0.5, \"com\": [0.2, 0, -0.1], \"inertia\": [0.01, 0.01, 0.005],"       \
  "  \"q0\": -0.4, \"v0\": 1.1}]"

static Model *load(const char *controllers) {
  char json[4096], err[512] = "";
  snprintf(json, sizeof json, "{\"duration\": 2, %s, \"controllers\": [%s]}", ARM_BODIES, controllers);
  Model *m = scene_load_string(json, "arm", CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(m, "%s", err);
  return m;
}

/* tau = controller forces alone at (t, q, v, z) (no bias added) */
static void eval(const Model *m, const Data *d, double t, const double *q, const double *v, const double *z,
                 double *tau, double *zdot) {
  memset(tau, 0, sizeof(double) * (size_t)m->nv);
  controller_eval(m, d, t, q, v, z, tau, zdot);
}

Test(controller, setpoint_schedule) {
  Model *m = load("{\"type\": \"pd\", \"joints\": [\"l1\", \"l3\"], \"kp\": 1, \"kd\": 1,"
                  " \"setpoints\": [{\"t\": 0.5, \"q\": [0, 1]}, {\"t\": 1.0, \"q\": [2, -1]}, {\"t\": 2.0, \"q\": [1, 3]}]}");
  const Controller *c = &m->controllers[0];
  double qd[2], vd[2], qa[2], qb[2];
  controller_setpoint(c, 0.1, qd, vd); /* before the first knot: hold it */
  cr_expect(qd[0] == 0 && qd[1] == 1 && vd[0] == 0 && vd[1] == 0);
  controller_setpoint(c, 3.0, qd, vd); /* after the last: hold it */
  cr_expect(qd[0] == 1 && qd[1] == 3 && vd[0] == 0 && vd[1] == 0);
  controller_setpoint(c, 1.0, qd, vd); /* at a knot: its value */
  cr_expect(fabs(qd[0] - 2) < 1e-15 && fabs(qd[1] + 1) < 1e-15);
  controller_setpoint(c, 0.6, qd, vd); /* linear interpolation */
  cr_expect(fabs(qd[0] - 0.4) < 1e-14 && fabs(qd[1] - 0.6) < 1e-14, "%g %g", qd[0], qd[1]);
  /* vd is the derivative of qd inside each segment */
  const double ts[] = {0.55, 0.8, 0.99, 1.3, 1.75};
  for (int k = 0; k < 5; ++k) {
    double h = 1e-6;
    controller_setpoint(c, ts[k], qd, vd);
    controller_setpoint(c, ts[k] + h, qb, NULL);
    controller_setpoint(c, ts[k] - h, qa, NULL);
    for (int j = 0; j < 2; ++j)
      cr_expect(fabs((qb[j] - qa[j]) / (2 * h) - vd[j]) < 1e-7, "t %g dof %d: fd %g vs vd %g", ts[k], j,
                (qb[j] - qa[j]) / (2 * h), vd[j]);
  }
  model_free(m);
}

/* Central differences of tau (and zdot) with respect to q, v, z and t. */
typedef struct {
  double dq[9][9], dv[9][9], dz[9][9], dt[9];
} TauJac;

static void fd_jacobians(const Model *m, const Data *d, double t, const double *q, const double *v, const double *z,
                         TauJac *J) {
  const double h = 1e-6;
  double qp[16], vp[16], zp[8], tp[9], tm[9];
  memset(J, 0, sizeof *J);
  for (int k = 0; k < m->nq; ++k) {
    if (k < 7) continue; /* the free box is not controlled: its q entries are 0..6 */
    memcpy(qp, q, sizeof(double) * (size_t)m->nq);
    qp[k] = q[k] + h; eval(m, d, t, qp, v, z, tp, NULL);
    qp[k] = q[k] - h; eval(m, d, t, qp, v, z, tm, NULL);
    for (int i = 0; i < m->nv; ++i) J->dq[i][k - 1] = (tp[i] - tm[i]) / (2 * h); /* q index 7+j <-> v index 6+j */
  }
  for (int k = 0; k < m->nv; ++k) {
    memcpy(vp, v, sizeof(double) * (size_t)m->nv);
    vp[k] = v[k] + h; eval(m, d, t, q, vp, z, tp, NULL);
    vp[k] = v[k] - h; eval(m, d, t, q, vp, z, tm, NULL);
    for (int i = 0; i < m->nv; ++i) J->dv[i][k] = (tp[i] - tm[i]) / (2 * h);
  }
  for (int k = 0; k < m->nz; ++k) {
    memcpy(zp, z, sizeof(double) * (size_t)m->nz);
    zp[k] = z[k] + h; eval(m, d, t, q, v, zp, tp, NULL);
    zp[k] = z[k] - h; eval(m, d, t, q, v, zp, tm, NULL);
    for (int i = 0; i < m->nv; ++i) J->dz[i][k] = (tp[i] - tm[i]) / (2 * h);
  }
  eval(m, d, t + h, q, v, z, tp, NULL);
  eval(m, d, t - h, q, v, z, tm, NULL);
  for (int i = 0; i < m->nv; ++i) J->dt[i] = (tp[i] - tm[i]) / (2 * h);
}

Test(controller, pd_and_pid_derivatives) {
  Model *m = load("{\"type\": \"pd\", \"joints\": [\"l2\"], \"kp\": 50, \"kd\": 5,"
                  "  \"setpoints\": [{\"t\": 0, \"q\": 0}, {\"t\": 1, \"q\": 0.4}]},"
                  " {\"type\": \"pid\", \"joints\": [\"l3\", \"l1\"], \"kp\": [100, 30], \"kd\": [10, 3], \"ki\": [7, 2],"
                  "  \"setpoints\": [{\"t\": 0, \"q\": [0.2, -0.1]}, {\"t\": 2, \"q\": [1.0, 0.5]}]}");
  Data *d = data_create(m);
  cr_assert_eq(m->nz, 2);
  double q[16], v[16], z[2] = {0.3, -0.8}, tau[9], zdot[2];
  memcpy(q, m->q0, sizeof(double) * (size_t)m->nq);
  memcpy(v, m->v0, sizeof(double) * (size_t)m->nv);
  const double t = 0.37;
  /* expected gains: dof 6 = l1 (pid k=1), 7 = l2 (pd), 8 = l3 (pid k=0) */
  const double kp[3] = {30, 50, 100}, kd[3] = {3, 5, 10};
  TauJac J;
  fd_jacobians(m, d, t, q, v, z, &J);
  for (int i = 0; i < 9; ++i)
    for (int k = 0; k < 9; ++k) {
      double eq = (i == k && i >= 6) ? -kp[i - 6] : 0.0, ev = (i == k && i >= 6) ? -kd[i - 6] : 0.0;
      cr_expect(fabs(J.dq[i][k] - eq) < 1e-6 * (1 + fabs(eq)), "dtau%d/dq%d %g vs %g", i, k, J.dq[i][k], eq);
      cr_expect(fabs(J.dv[i][k] - ev) < 1e-6 * (1 + fabs(ev)), "dtau%d/dv%d %g vs %g", i, k, J.dv[i][k], ev);
    }
  /* z slice of the pid controller: [l3, l1] */
  int za = m->controllers[1].zadr;
  cr_expect(fabs(J.dz[8][za] + 7) < 1e-6 && fabs(J.dz[6][za + 1] + 2) < 1e-6 && fabs(J.dz[6][za]) < 1e-12);
  /* d tau / dt = Kp vd (the setpoint moves, the state does not) */
  cr_expect(fabs(J.dt[7] - 50 * 0.4) < 1e-6, "%g", J.dt[7]);
  cr_expect(fabs(J.dt[8] - 100 * 0.4) < 1e-6, "%g", J.dt[8]);
  cr_expect(fabs(J.dt[6] - 30 * 0.3) < 1e-6, "%g", J.dt[6]);
  /* zdot = q - qd, and tau accumulates into what is already there */
  double qd[2];
  controller_setpoint(&m->controllers[1], t, qd, NULL);
  for (int i = 0; i < 9; ++i) tau[i] = 1.0;
  controller_eval(m, d, t, q, v, z, tau, zdot);
  cr_expect(fabs(zdot[za] - (q[9] - qd[0])) < 1e-15, "zdot %g vs %g", zdot[za], q[9] - qd[0]);
  cr_expect(fabs(zdot[za + 1] - (q[7] - qd[1])) < 1e-15);
  for (int i = 0; i < 6; ++i) cr_expect_eq(tau[i], 1.0, "uncontrolled dof %d changed", i);
  double vd2 = (0.5 + 0.1) / 2;
  cr_expect(fabs(tau[6] - (1 - 30 * (q[7] - qd[1]) - 3 * (v[6] - vd2) - 2 * z[za + 1])) < 1e-12);
  data_free(d);
  model_free(m);
}

Test(controller, effort_limits_clamp) {
  Model *m = load("{\"type\": \"pd\", \"joints\": [\"l1\", \"l2\"], \"kp\": 100, \"kd\": 0, \"effort_limit\": [2, 5]}");
  Data *d = data_create(m);
  double q[16], v[16], tau[9];
  memcpy(q, m->q0, sizeof(double) * (size_t)m->nq);
  memcpy(v, m->v0, sizeof(double) * (size_t)m->nv);
  /* setpoint holds q0: tau = -100 (q - q0), limits 2 and 5 */
  const double dqs[] = {-0.2, -0.03, -0.01, 0.0, 0.01, 0.019, 0.03, 0.2};
  for (int k = 0; k < 8; ++k) {
    q[7] = m->q0[7] + dqs[k];
    q[8] = m->q0[8] + dqs[k];
    eval(m, d, 0.5, q, v, NULL, tau, NULL);
    double e1 = fmax(-2, fmin(2, -100 * dqs[k])), e2 = fmax(-5, fmin(5, -100 * dqs[k]));
    cr_expect(fabs(tau[6] - e1) < 1e-12, "dq %g: tau %g vs %g", dqs[k], tau[6], e1);
    cr_expect(fabs(tau[7] - e2) < 1e-12, "dq %g: tau %g vs %g", dqs[k], tau[7], e2);
    /* derivative: -kp inside the limits, 0 in saturation */
    double h = 1e-7, tp[9];
    q[7] += h;
    eval(m, d, 0.5, q, v, NULL, tp, NULL);
    q[7] -= h;
    double slope = (tp[6] - tau[6]) / h, expect = fabs(100 * dqs[k]) < 2 ? -100 : 0;
    cr_expect(fabs(slope - expect) < 1e-4 * 100, "dq %g: slope %g vs %g", dqs[k], slope, expect);
  }
  data_free(d);
  model_free(m);
}

/* Inverse dynamics: with M(q) and k(q, v) evaluated, M^{-1} (tau - k) over the controlled tree
 * equals the commanded acceleration. */
Test(controller, inverse_dynamics_realizes_commanded_acceleration) {
  Model *m = load("{\"type\": \"inverse_dynamics\", \"joints\": [\"l3\", \"l1\", \"l2\"], \"kp\": [40, 60, 80],"
                  " \"kd\": [4, 6, 8], \"setpoints\": [{\"t\": 0, \"q\": [0, 0, 0]}, {\"t\": 1, \"q\": [1, -1, 0.5]}]}");
  Data *d = data_create(m);
  double q[16], v[16], tau[9], a[9], qd[3], vd[3];
  memcpy(q, m->q0, sizeof(double) * (size_t)m->nq);
  memcpy(v, m->v0, sizeof(double) * (size_t)m->nv);
  const double t = 0.25;
  mb_kinematics(m, d, q);
  mb_mass_matrix(m, d);
  mb_bias(m, d, q, v);
  cr_assert_eq(mb_factor_mass(m, d), 0);
  eval(m, d, t, q, v, NULL, tau, NULL);
  for (int i = 0; i < 9; ++i) a[i] = tau[i] - (i >= 6 ? d->bias[i] : 0.0);
  mb_solve_mass(m, d, a);
  controller_setpoint(&m->controllers[0], t, qd, vd);
  const int dof[3] = {8, 6, 7}, qi[3] = {9, 7, 8};
  const double kp[3] = {40, 60, 80}, kd[3] = {4, 6, 8};
  for (int j = 0; j < 3; ++j) {
    double want = -kp[j] * (q[qi[j]] - qd[j]) - kd[j] * (v[dof[j]] - vd[j]);
    cr_expect(fabs(a[dof[j]] - want) < 1e-10 * (1 + fabs(want)), "dof %d: acceleration %.12g vs %.12g", dof[j],
              a[dof[j]], want);
  }
  for (int i = 0; i < 6; ++i) cr_expect_eq(tau[i], 0.0, "free box got a force");
  /* d tau / d v = -M Kd and d tau / d q = -M Kp on the controlled block (M, k held fixed) */
  TauJac J;
  fd_jacobians(m, d, t, q, v, NULL, &J);
  int n = m->tree_nv[1], o = m->tree_vadr[1];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      double Mij = d->mass[m->tree_madr[1] + i * n + j];
      int jj = (o + j == 8) ? 0 : (o + j == 6 ? 1 : 2); /* controller slot of dof o + j */
      cr_expect(fabs(J.dv[o + i][o + j] + Mij * kd[jj]) < 1e-6 * (1 + fabs(Mij * kd[jj])), "dv %d %d: %g vs %g", i, j,
                J.dv[o + i][o + j], -Mij * kd[jj]);
      cr_expect(fabs(J.dq[o + i][o + j] + Mij * kp[jj]) < 1e-5 * (1 + fabs(Mij * kp[jj])), "dq %d %d: %g vs %g", i, j,
                J.dq[o + i][o + j], -Mij * kp[jj]);
    }
  data_free(d);
  model_free(m);
}

/* Closed loop: inverse dynamics makes each error obey e'' + Kd e' + Kp e = 0 exactly, so a
 * critically damped setpoint step decays as (1 + w t) e^{-w t}. Integrated with RK4. */
Test(controller, inverse_dynamics_closed_loop_matches_linear_error_dynamics) {
  Model *m = load("{\"type\": \"inverse_dynamics\", \"joints\": [\"l1\", \"l2\", \"l3\"], \"kp\": 100, \"kd\": 20,"
                  " \"setpoints\": [{\"t\": 0, \"q\": [0.5, 0.2, 0.1]}]}");
  Data *d = data_create(m);
  const int nq = m->nq, nv = m->nv;
  double x[32], k[4][32], xs[32], tau[9];
  memcpy(x, m->q0, sizeof(double) * (size_t)nq);
  memset(x + nq, 0, sizeof(double) * (size_t)nv); /* start at rest */
  double e0[3] = {x[7] - 0.5, x[8] - 0.2, x[9] - 0.1};
  const double h = 1e-3, w = 10.0;
  for (int step = 0; step < 500; ++step) {
    for (int s = 0; s < 4; ++s) {
      const double c = s == 0 ? 0 : (s == 3 ? 1 : 0.5);
      for (int i = 0; i < nq + nv; ++i) xs[i] = x[i] + (s ? c * h * k[s - 1][i] : 0.0);
      mb_normalize_q(m, xs);
      mb_kinematics(m, d, xs);
      mb_mass_matrix(m, d);
      mb_bias(m, d, xs, xs + nq);
      cr_assert_eq(mb_factor_mass(m, d), 0);
      eval(m, d, 0, xs, xs + nq, NULL, tau, NULL);
      for (int i = 0; i < nv; ++i) k[s][nq + i] = tau[i] - d->bias[i];
      mb_solve_mass(m, d, k[s] + nq);
      mb_qdot(m, xs, xs + nq, k[s]);
    }
    for (int i = 0; i < nq + nv; ++i) x[i] += h / 6 * (k[0][i] + 2 * k[1][i] + 2 * k[2][i] + k[3][i]);
  }
  double T = 0.5, decay = (1 + w * T) * exp(-w * T);
  for (int j = 0; j < 3; ++j) {
    double e = x[7 + j] - (j == 0 ? 0.5 : (j == 1 ? 0.2 : 0.1));
    cr_expect(fabs(e - e0[j] * decay) < 1e-8, "joint %d: error %.12g vs %.12g", j, e, e0[j] * decay);
  }
  data_free(d);
  model_free(m);
}
