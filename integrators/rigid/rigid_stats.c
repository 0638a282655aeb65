#include "rigid_stats.h"

#include <math.h>
#include <string.h>

static void matvec(const double *W, int n, const double *x, double *y) {
  for (int r = 0; r < n; ++r) {
    double s = 0;
    for (int k = 0; k < n; ++k) s += W[(size_t)r * n + k] * x[k];
    y[r] = s;
  }
}

static double dot(const double *a, const double *b, int n) {
  double s = 0;
  for (int k = 0; k < n; ++k) s += a[k] * b[k];
  return s;
}

double rigid_internal_force(RigidProblem *p, const double *lambda, double *tangential) {
  int n = 3 * p->nc;
  *tangential = 0;
  if (n == 0) return 0;
  double *x = p->work, *r = x + n, *d = r + n, *Wd = d + n;
  matvec(p->W, n, lambda, r); /* r = W lambda - W x with x = 0 */
  memset(x, 0, (size_t)n * sizeof *x);
  memcpy(d, r, (size_t)n * sizeof *d);
  double rr = dot(r, r, n), stop = 1e-28 * rr;
  /* in exact arithmetic rank(W) <= n steps; twice that absorbs round-off on ill-conditioned W */
  for (int it = 0; it < 2 * n && rr > stop; ++it) {
    matvec(p->W, n, d, Wd);
    double dWd = dot(d, Wd, n);
    if (!(dWd > 0)) break;
    double a = rr / dWd;
    for (int k = 0; k < n; ++k) {
      x[k] += a * d[k];
      r[k] -= a * Wd[k];
    }
    double rr_new = dot(r, r, n);
    for (int k = 0; k < n; ++k) d[k] = r[k] + rr_new / rr * d[k];
    rr = rr_new;
  }
  double all = 0, tan = 0;
  for (int k = 0; k < n; ++k) {
    double e = lambda[k] - x[k];
    all += e * e;
    if (k % 3 != 2) tan += e * e;
  }
  double inv_h = p->h > 0 ? 1.0 / p->h : 1.0;
  *tangential = sqrt(tan) * inv_h;
  return sqrt(all) * inv_h;
}

void rigid_stats_add(ContactSolverStats *st, RigidProblem *p, const double *lambda, const RigidSolveResult *r,
                     int measure_internal) {
  st->solves++;
  switch (r->stop) {
  case RIGID_STOP_TOLERANCE: st->stop_tolerance++; break;
  case RIGID_STOP_STALL: st->stop_stall++; break;
  case RIGID_STOP_LIMIT: st->stop_limit++; break;
  case RIGID_STOP_FAILED: st->stop_failed++; break;
  }
  st->regularized += r->regularized;
  st->iterations += r->iterations;
  if (r->iterations > st->iterations_max) st->iterations_max = r->iterations;
  st->residual_max = fmax(st->residual_max, r->eps_abs);
  st->residual_sum += r->eps_abs;
  if (!measure_internal) return;
  double tan, all = rigid_internal_force(p, lambda, &tan);
  st->internal_measured = 1;
  st->internal_max = fmax(st->internal_max, all);
  st->internal_tangential_max = fmax(st->internal_tangential_max, tan);
}
