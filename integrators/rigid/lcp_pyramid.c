/* The LCP of the pyramidal friction cone (Stewart-Trinkle; contact-models paper sec. III-A),
 * solved by Siconos Numerics: Lemke's pivoting, and its regularized projected Gauss-Seidel
 * (plain PGS cannot run: the LCP has zero diagonal entries in its gamma rows).
 * Unknowns per contact i: z_i = (lambda_N, beta_1..beta_nf, gamma), lambda_T = sum_k beta_k d_k
 * with d_k the pyramid's edge directions (a polygon circumscribing the unit circle, so the
 * pyramid contains the circular cone; 4 facets give the paper's box |lambda_T|_inf <= mu lambda_N):
 *   0 <= lambda_N  _|_  c_N >= 0
 *   0 <= beta_k    _|_  d_k . c_T + gamma >= 0        (maximum dissipation over the pyramid)
 *   0 <= gamma     _|_  mu lambda_N - sum_k beta_k >= 0 */
#include <math.h>
#include <string.h>

#include <siconos/numerics/LCP_Solvers.h>
#include <siconos/numerics/LinearComplementarityProblem.h>
#include <siconos/numerics/NonSmoothDrivers.h>
#include <siconos/numerics/NumericsMatrix.h>
#include <siconos/numerics/SolverOptions.h>
#include <siconos/numerics/lcp_cst.h>

#include "rigid_solver.h"
#include "siconos_release.h"

static void edge(int nf, int k, double *d) {
  double r = 1.0 / cos(M_PI / nf), a = M_PI / nf + 2.0 * M_PI * k / nf;
  d[0] = r * cos(a);
  d[1] = r * sin(a);
  d[2] = 0;
}

/* contact-frame direction of LCP unknown a of a contact block (0: lambda_N, 1..nf: beta) */
static void direction(int nf, int a, double *g) {
  if (a == 0) { g[0] = g[1] = 0; g[2] = 1; }
  else edge(nf, a - 1, g);
}

/* M, q of the LCP for W + shift I (shift 0: the problem itself; > 0: Lemke's retry below) */
static void build(const RigidProblem *p, int nf, double shift, double *M, double *q) {
  int nb = nf + 2, nl = p->nc * nb, n3 = 3 * p->nc;
  memset(M, 0, (size_t)nl * nl * sizeof *M);
  for (int i = 0; i < p->nc; ++i)
    for (int a = 0; a <= nf; ++a) {
      double ga[3];
      direction(nf, a, ga);
      int row = i * nb + a;
      q[row] = ga[0] * p->b[3 * i] + ga[1] * p->b[3 * i + 1] + ga[2] * p->b[3 * i + 2];
      for (int j = 0; j < p->nc; ++j)
        for (int bb = 0; bb <= nf; ++bb) {
          double gb[3], s = 0;
          direction(nf, bb, gb);
          for (int r = 0; r < 3; ++r)
            for (int c = 0; c < 3; ++c) s += ga[r] * p->W[(size_t)(3 * i + r) * n3 + 3 * j + c] * gb[c];
          if (j == i) s += shift * (ga[0] * gb[0] + ga[1] * gb[1] + ga[2] * gb[2]);
          M[row + (size_t)(j * nb + bb) * nl] = s; /* column-major (Siconos dense) */
        }
      if (a > 0) M[row + (size_t)(i * nb + nf + 1) * nl] = 1.0;
    }
  for (int i = 0; i < p->nc; ++i) {
    int row = i * nb + nf + 1;
    q[row] = 0;
    M[row + (size_t)(i * nb) * nl] = p->mu[i];
    for (int k = 0; k < nf; ++k) M[row + (size_t)(i * nb + 1 + k) * nl] = -1.0;
  }
}

/* lambda_T on the pyramid as a combination of its two neighbouring edges (the warm start) */
static void to_lcp(const RigidProblem *p, int nf, const double *lambda, double *z) {
  int nb = nf + 2;
  for (int i = 0; i < p->nc; ++i) {
    const double *l = lambda + 3 * i;
    double *zi = z + i * nb;
    memset(zi, 0, (size_t)nb * sizeof *zi);
    zi[0] = fmax(l[2], 0.0);
    if (hypot(l[0], l[1]) == 0) continue;
    double step = 2.0 * M_PI / nf, a = atan2(l[1], l[0]) - M_PI / nf;
    int k = (int)floor(a / step);
    k = ((k % nf) + nf) % nf;
    double d0[3], d1[3];
    edge(nf, k, d0);
    edge(nf, (k + 1) % nf, d1);
    double det = d0[0] * d1[1] - d0[1] * d1[0];
    zi[1 + k] = fmax((l[0] * d1[1] - l[1] * d1[0]) / det, 0.0);
    zi[1 + (k + 1) % nf] = fmax((d0[0] * l[1] - d0[1] * l[0]) / det, 0.0);
  }
}

static void from_lcp(const RigidProblem *p, int nf, const double *z, double *lambda) {
  int nb = nf + 2;
  for (int i = 0; i < p->nc; ++i) {
    const double *zi = z + i * nb;
    double *l = lambda + 3 * i;
    l[0] = l[1] = 0;
    l[2] = zi[0];
    for (int k = 0; k < nf; ++k) {
      double d[3];
      edge(nf, k, d);
      l[0] += zi[1 + k] * d[0];
      l[1] += zi[1 + k] * d[1];
    }
  }
}

/* One Siconos solve of the LCP of W + shift I from z: 0 solved, -1 at the iteration limit, else
 * the driver's info (a ray). */
static int siconos_lcp(int solver_id, const RigidProblem *p, const RigidSolverParams *params, double shift, double *M,
                       double *q, double *z, double *w, RigidSolveResult *r) {
  int nf = params->facets, nl = p->nc * (nf + 2);
  build(p, nf, shift, M, q);
  NumericsMatrix *nm = NM_create_from_data(NM_DENSE, nl, nl, M);
  LinearComplementarityProblem lcp = {nl, nm, q};
  SolverOptions *opt = solver_options_create(solver_id);
  opt->iparam[SICONOS_IPARAM_MAX_ITER] = params->max_iter;
  opt->dparam[SICONOS_DPARAM_TOL] = params->tol;
  int info = linearComplementarity_driver(&lcp, z, w, opt);
  r->iterations += opt->iparam[SICONOS_IPARAM_ITER_DONE];
  if (info != 0 && opt->iparam[SICONOS_IPARAM_ITER_DONE] >= params->max_iter) info = -1; /* at the limit */
  r->residual = opt->dparam[SICONOS_DPARAM_RESIDU];
  siconos_options_free(opt);
  siconos_matrix_release(nm);
  return info;
}

/* Lemke ends on a ray, or cycles to its pivot limit, when W is singular (redundant contacts, a
 * box on its four corners: many impulses give the same motion and the pivots tie). The retry
 * solves W + eps mean(diag W) I, positive definite, which changes the contact velocities by eps
 * of the impulses' own effect: eps = 1e-5 first, then 100 times more up to 1e-1 while Lemke
 * still fails (a box coming to rest on its corners needs the larger ones). */

static int solve(int solver_id, RigidProblem *p, const RigidSolverParams *params, double *lambda, RigidSolveResult *r) {
  int nf = params->facets;
  if (nf < 3 || nf > RIGID_MAX_FACETS) return -1;
  memset(r, 0, sizeof *r);
  if (p->nc == 0) return 0;
  int n3 = 3 * p->nc, nl = p->nc * (nf + 2);
  double *M = p->work, *q = M + (size_t)nl * nl, *z = q + nl, *w = z + nl, *c = w + nl;
  if (params->warm_start) to_lcp(p, nf, lambda, z);
  else memset(z, 0, (size_t)nl * sizeof *z);
  int info = siconos_lcp(solver_id, p, params, 0.0, M, q, z, w, r);
  if (info != 0 && solver_id == SICONOS_LCP_LEMKE) {
    double diag = 0;
    for (int k = 0; k < n3; ++k) diag += p->W[(size_t)k * n3 + k];
    static const double eps[] = {1e-5, 1e-3, 1e-1};
    for (int k = 0; info != 0 && k < 3; ++k) {
      memset(z, 0, (size_t)nl * sizeof *z);
      info = siconos_lcp(solver_id, p, params, eps[k] * diag / n3, M, q, z, w, r);
    }
    r->regularized = info == 0;
  }
  r->stop = info == 0 ? RIGID_STOP_TOLERANCE : info == -1 ? RIGID_STOP_LIMIT : RIGID_STOP_FAILED;
  from_lcp(p, nf, z, lambda);
  rigid_criteria(p, lambda, c, 1, r);
  return 0;
}

int rigid_lcp_lemke(RigidProblem *p, const RigidSolverParams *params, double *lambda, RigidSolveResult *r) {
  return solve(SICONOS_LCP_LEMKE, p, params, lambda, r);
}

int rigid_lcp_pgs(RigidProblem *p, const RigidSolverParams *params, double *lambda, RigidSolveResult *r) {
  return solve(SICONOS_LCP_RPGS, p, params, lambda, r);
}
