/* Joint controllers (CENIC sec. V-C external systems): PD, PID with integral state
 * z' = q - qd, and inverse dynamics tau = M vd' + k with vd' = -Kp (q - qd) - Kd (v - vd)
 * (CENIC sec. VII, Franka case), each clamped to its effort limits, tracking a
 * piecewise-linear setpoint schedule. */
#include <math.h>

#include "../controller.h"

/* Where t falls in the schedule: qd_j = (1 - a) q[k0] + a q[k1], vd_j = (q[k1] - q[k0]) * rate. */
typedef struct {
  int k0, k1;
  double a, rate;
} Segment;

static Segment find_segment(const Controller *c, double t) {
  Segment s = {0, 0, 0.0, 0.0};
  int n = c->nknots;
  if (n <= 1 || !(t >= c->knot_t[0])) return s; /* before the first knot (or NaN t): hold it */
  if (t >= c->knot_t[n - 1]) {
    s.k0 = s.k1 = n - 1;
    return s;
  }
  int lo = 0, hi = n - 1; /* knot_t[lo] <= t < knot_t[hi] */
  while (hi - lo > 1) {
    int mid = (lo + hi) / 2;
    if (c->knot_t[mid] <= t) lo = mid; else hi = mid;
  }
  double dt = c->knot_t[hi] - c->knot_t[lo];
  s.k0 = lo; s.k1 = hi;
  s.a = (t - c->knot_t[lo]) / dt;
  s.rate = 1.0 / dt;
  return s;
}

static void setpoint_dof(const Controller *c, const Segment *s, int j, double *qd, double *vd) {
  if (c->nknots == 0) { *qd = 0; *vd = 0; return; }
  double q0 = c->knot_q[(size_t)s->k0 * c->ndof + j], q1 = c->knot_q[(size_t)s->k1 * c->ndof + j];
  *qd = (1.0 - s->a) * q0 + s->a * q1;
  *vd = (q1 - q0) * s->rate;
}

void controller_setpoint(const Controller *c, double t, double *qd, double *vd) {
  Segment s = find_segment(c, t);
  for (int j = 0; j < c->ndof; ++j) {
    double a, b;
    setpoint_dof(c, &s, j, &a, &b);
    if (qd) qd[j] = a;
    if (vd) vd[j] = b;
  }
}

static double clamp_effort(double u, double limit) {
  if (u > limit) return limit;
  if (u < -limit) return -limit;
  return u;
}

/* PD feedback -Kp (q - qd) - Kd (v - vd) of dof j: the commanded force (PD, PID) or the
 * desired acceleration vd' (inverse dynamics). Writes the position error to *err. */
static double feedback(const Controller *c, const Segment *s, int j, const double *q, const double *v, double *err) {
  double qd, vd;
  setpoint_dof(c, s, j, &qd, &vd);
  *err = q[c->qdof[j]] - qd;
  return -c->kp[j] * *err - c->kd[j] * (v[c->dof[j]] - vd);
}

/* Entry (i, k) of M(q) from the per-tree blocks; zero across trees. */
static double mass_entry(const Model *m, const Data *d, int i, int k) {
  int t = m->dof_tree[i];
  if (t < 0 || m->dof_tree[k] != t) return 0.0;
  int n = m->tree_nv[t], o = m->tree_vadr[t];
  return d->mass[m->tree_madr[t] + (i - o) * n + (k - o)];
}

void controller_eval(const Model *m, const Data *d, double t, const double *q, const double *v,
                     const double *z, double *tau, double *zdot) {
  for (int ci = 0; ci < m->ncontroller; ++ci) {
    const Controller *c = &m->controllers[ci];
    Segment s = find_segment(c, t);
    for (int j = 0; j < c->ndof; ++j) {
      double err, u;
      if (c->type == CTRL_INVERSE_DYNAMICS) {
        /* tau_i = sum_k M_ik vd'_k + k_i over the controlled dofs (uncontrolled: vd' = 0) */
        int i = c->dof[j];
        u = d->bias[i];
        for (int k = 0; k < c->ndof; ++k) {
          double ek, ak = feedback(c, &s, k, q, v, &ek);
          u += mass_entry(m, d, i, c->dof[k]) * ak;
        }
      } else {
        u = feedback(c, &s, j, q, v, &err);
        if (c->type == CTRL_PID) {
          u -= c->ki[j] * z[c->zadr + j];
          if (zdot) zdot[c->zadr + j] = err;
        }
      }
      tau[c->dof[j]] += clamp_effort(u, c->effort_limit[j]);
    }
  }
}
