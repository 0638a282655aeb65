#include "rigid_stats.h"

#include <math.h>
#include <string.h>

#include "rigid_cone.h"

extern void dsyev_(const char *jobz, const char *uplo, const int *n, double *a, const int *lda, double *w,
                   double *work, const int *lwork, int *info);

#define INTERNAL_RANK_TOL 1e-12     /* eigenvalues below this fraction of the largest span null(W) */
#define INTERNAL_MAX_ITER 20000     /* Dykstra iterations */
#define INTERNAL_TOL 1e-10          /* on the step between iterates, relative to |lambda| */

/* y = V V^T x: the projection onto range(W), V the r eigenvectors of W's nonzero eigenvalues
 * (the columns k0..n-1 of the column-major V) */
static void range_project(const double *V, int n, int k0, const double *x, double *y, double *t) {
  for (int k = k0; k < n; ++k) {
    double s = 0;
    for (int a = 0; a < n; ++a) s += V[(size_t)k * n + a] * x[a];
    t[k] = s;
  }
  for (int a = 0; a < n; ++a) {
    double s = 0;
    for (int k = k0; k < n; ++k) s += V[(size_t)k * n + a] * t[k];
    y[a] = s;
  }
}

double rigid_internal_force(RigidProblem *p, const double *lambda, double *tangential) {
  int n = 3 * p->nc, lwork = 3 * n, info = 0;
  *tangential = 0;
  if (n == 0) return 0;
  double *V = p->work, *ev = V + (size_t)n * n, *wk = ev + n, *pl = wk + lwork, *x = pl + n, *y = x + n,
         *dp = y + n, *dq = dp + n;
  /* n^2 + 9n doubles: p->work is sized for the LCP's (nc (RIGID_MAX_FACETS + 2))^2, always more */
  memcpy(V, p->W, (size_t)n * n * sizeof *V); /* symmetric: row- and column-major alike */
  dsyev_("V", "U", &n, V, &n, ev, wk, &lwork, &info);
  if (info != 0) return NAN;
  int k0 = 0; /* eigenvalues ascend: skip the null space */
  while (k0 < n && ev[k0] <= INTERNAL_RANK_TOL * ev[n - 1]) ++k0;
  range_project(V, n, k0, lambda, pl, wk);
  /* Dykstra's alternating projections of 0 onto {x : W x = W lambda} (the same motion) and the
   * friction cones: the minimum-norm impulses with lambda's effect */
  double scale = 0;
  for (int a = 0; a < n; ++a) scale = fmax(scale, fabs(lambda[a]));
  memset(x, 0, (size_t)n * sizeof *x);
  memset(dp, 0, (size_t)n * sizeof *dp);
  memset(dq, 0, (size_t)n * sizeof *dq);
  for (int it = 0; it < INTERNAL_MAX_ITER; ++it) {
    double step = 0;
    for (int a = 0; a < n; ++a) wk[a] = x[a] + dp[a];
    range_project(V, n, k0, wk, y, wk + n);
    for (int a = 0; a < n; ++a) {
      y[a] = wk[a] - y[a] + pl[a]; /* (I - P)(x + p) + P lambda */
      dp[a] = wk[a] - y[a];
    }
    for (int i = 0; i < p->nc; ++i) {
      double z[3] = {y[3 * i] + dq[3 * i], y[3 * i + 1] + dq[3 * i + 1], y[3 * i + 2] + dq[3 * i + 2]}, c[3];
      cone_project(p->mu[i], z, c);
      for (int k = 0; k < 3; ++k) {
        int a = 3 * i + k;
        dq[a] = z[k] - c[k];
        step = fmax(step, fabs(c[k] - x[a]));
        x[a] = c[k];
      }
    }
    if (step <= INTERNAL_TOL * scale) break;
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
