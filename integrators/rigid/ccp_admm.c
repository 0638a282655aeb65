/* CCP (contact-models paper eq. 16) by ADMM, the paper's Alg. 3, with its adaptive proximal
 * parameter (sec. III-E, after Tran-Dinh's spectral rule): rho starts at sqrt(L m) (L, m the
 * extreme eigenvalues of W by power iteration, m floored at 1e-10 L for rank-deficient W), and
 * is multiplied by kappa^0.05, kappa = L / m, when the primal residual |lambda - z| / h exceeds
 * ten times the dual one rho |z - z_prev| (divided when the dual one exceeds ten times the
 * primal one), refactoring W + rho I.
 * Our own implementation: Siconos' fc3d ADMM solves the De Saxce (NCP) formulation with its own
 * rho rules, not this CCP schedule. Stops on the CCP criterion of the cone-feasible iterate z. */
#include <math.h>
#include <string.h>

#include "rigid_cone.h"
#include "rigid_solver.h"
#include "rigid_stall.h"

extern void dpotrf_(const char *uplo, const int *n, double *a, const int *lda, int *info);
extern void dpotrs_(const char *uplo, const int *n, const int *nrhs, const double *a, const int *lda, double *b,
                    const int *ldb, int *info);

#define ADMM_POWER_ITERATIONS 30
#define ADMM_RATIO 10.0
#define ADMM_EXPONENT 0.05

static void matvec(const double *W, int n, const double *x, double *y) {
  for (int r = 0; r < n; ++r) {
    double s = 0;
    for (int k = 0; k < n; ++k) s += W[(size_t)r * n + k] * x[k];
    y[r] = s;
  }
}

/* largest eigenvalue of W - shift I (W symmetric PSD); x, y scratch */
static double power_iteration(const double *W, int n, double shift, double *x, double *y) {
  for (int k = 0; k < n; ++k) x[k] = 1.0 + 0.01 * k;
  double ev = 0;
  for (int it = 0; it < ADMM_POWER_ITERATIONS; ++it) {
    double nx = 0;
    for (int k = 0; k < n; ++k) nx += x[k] * x[k];
    nx = sqrt(nx);
    if (nx == 0) return 0;
    for (int k = 0; k < n; ++k) x[k] /= nx;
    matvec(W, n, x, y);
    ev = 0;
    for (int k = 0; k < n; ++k) {
      y[k] -= shift * x[k];
      ev += x[k] * y[k];
    }
    memcpy(x, y, (size_t)n * sizeof *x);
  }
  return ev;
}

static int factor(const RigidProblem *p, double rho, double *L) {
  int n = 3 * p->nc, info = 0;
  memcpy(L, p->W, (size_t)n * n * sizeof *L);
  for (int k = 0; k < n; ++k) L[(size_t)k * n + k] += rho;
  dpotrf_("L", &n, L, &n, &info);
  return info;
}

int rigid_ccp_admm(RigidProblem *p, const RigidSolverParams *params, double *lambda, RigidSolveResult *r) {
  memset(r, 0, sizeof *r);
  int nc = p->nc, n = 3 * nc, one = 1, info = 0;
  if (!params->warm_start) memset(lambda, 0, (size_t)n * sizeof *lambda);
  if (nc == 0) return 0;
  double *L = p->work, *z = L + (size_t)n * n, *gam = z + n, *x = gam + n, *c = x + n, *s1 = c + n, *s2 = s1 + n;
  double Lmax = power_iteration(p->W, n, 0.0, s1, s2);
  /* W - 1.01 L I has m - 1.01 L as its eigenvalue of largest modulus */
  double Lmin = power_iteration(p->W, n, 1.01 * Lmax, s1, s2) + 1.01 * Lmax;
  if (!(Lmax > 0)) { r->stop = RIGID_STOP_FAILED; return 0; }
  Lmin = fmax(Lmin, 1e-10 * Lmax);
  double kappa = Lmax / Lmin, factor_step = pow(kappa, ADMM_EXPONENT), rho = sqrt(Lmax * Lmin);
  if (factor(p, rho, L) != 0) { r->stop = RIGID_STOP_FAILED; return 0; }
  for (int i = 0; i < nc; ++i) cone_project(p->mu[i], lambda + 3 * i, z + 3 * i);
  memset(gam, 0, (size_t)n * sizeof *gam);
  r->stop = RIGID_STOP_LIMIT;
  r->residual = rigid_criteria(p, z, c, 0, r);
  double inv_h = p->h > 0 ? 1.0 / p->h : 1.0;
  for (int it = 0; it < params->max_iter && r->residual > params->tol; ++it) {
    for (int k = 0; k < n; ++k) x[k] = -(p->b[k] - rho * z[k] + gam[k]);
    dpotrs_("L", &n, &one, L, &n, x, &n, &info);
    double primal = 0, dual = 0, change = 0, size = 0;
    for (int i = 0; i < nc; ++i) {
      double y[3], zn[3];
      for (int k = 0; k < 3; ++k) y[k] = x[3 * i + k] + gam[3 * i + k] / rho;
      cone_project(p->mu[i], y, zn);
      for (int k = 0; k < 3; ++k) {
        int a = 3 * i + k;
        dual = fmax(dual, rho * fabs(zn[k] - z[a]));
        change = fmax(change, fabs(zn[k] - z[a]));
        size = fmax(size, fabs(zn[k]));
        z[a] = zn[k];
        gam[a] += rho * (x[a] - z[a]);
        primal = fmax(primal, fabs(x[a] - z[a]) * inv_h);
      }
    }
    r->iterations = it + 1;
    r->residual = rigid_criteria(p, z, c, 0, r);
    if (r->residual <= params->tol) break;
    if (rigid_stalled(change, size) && rigid_stalled(primal / inv_h, size)) { r->stop = RIGID_STOP_STALL; break; }
    double new_rho = primal > ADMM_RATIO * dual ? rho * factor_step : dual > ADMM_RATIO * primal ? rho / factor_step : rho;
    if (new_rho != rho) {
      /* gamma is the unscaled multiplier: it stays, only the penalty changes */
      rho = new_rho;
      if (factor(p, rho, L) != 0) { r->stop = RIGID_STOP_FAILED; break; }
    }
  }
  if (r->residual <= params->tol) r->stop = RIGID_STOP_TOLERANCE;
  memcpy(lambda, z, (size_t)n * sizeof *lambda);
  rigid_criteria(p, lambda, c, 1, r);
  return 0;
}
