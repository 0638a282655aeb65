/* RaiSim's contact model (contact-models paper sec. III-C, eq. 23, Alg. 5; Hwangbo et al.
 * 2018), our own implementation: per contact, with the other contacts' impulses fixed,
 * take-off if the free normal velocity separates, stiction if the impulse that stops the
 * contact lies in the cone, else the impulse on the ellipse K_mu boundary cut by the plane of
 * zero normal velocity that minimizes the contact's energy, found on the ellipse's angle. The
 * paper gives the 1D search only as "bisection": we bracket the minimum by sampling the angle
 * and bisect the sign of the derivative there. Stops on the eq. 15 criterion, as the paper. */
#include <math.h>
#include <string.h>

#include "rigid_cone.h"
#include "rigid_solver.h"
#include "rigid_gauss_seidel.h"

#define RAISIM_SAMPLES 16
#define RAISIM_BISECTIONS 50
/* The sliding impulse's resolution: the bisection reads the slope's sign from energies 1e-7 rad
 * apart, which round-off blurs at about 1e-12 of the impulse per sweep on a box's four corners.
 * A sweep that moves the impulses by less than 1e-8 of their size has reached RaiSim's fixed
 * point: on redundant contacts its eq. 15 residual there is the model's (it relaxes maximum
 * dissipation), not a lack of sweeps. */
#define RAISIM_RESOLUTION 1e-8

/* the impulse on the cone boundary at angle th with zero normal velocity: lambda_T = mu lambda_N
 * (cos th, sin th), G_N lambda + g_N = 0; returns 0 when the plane misses that ray */
static int ellipse_point(const double *G, const double *g, double mu, double th, double *l) {
  double den = G[8] + mu * (G[6] * cos(th) + G[7] * sin(th));
  if (!(den > 0)) return 0;
  double ln = -g[2] / den;
  l[0] = mu * ln * cos(th);
  l[1] = mu * ln * sin(th);
  l[2] = ln;
  return 1;
}

static double energy(const double *G, const double *g, const double *l) {
  double e = 0;
  for (int r = 0; r < 3; ++r) e += l[r] * (0.5 * (G[3 * r] * l[0] + G[3 * r + 1] * l[1] + G[3 * r + 2] * l[2]) + g[r]);
  return e;
}

static double energy_at(const double *G, const double *g, double mu, double th) {
  double l[3];
  return ellipse_point(G, g, mu, th, l) ? energy(G, g, l) : INFINITY;
}

static void slide(const double *G, const double *g, double mu, double *l) {
  double best = 0, ebest = INFINITY, step = 2.0 * M_PI / RAISIM_SAMPLES;
  for (int k = 0; k < RAISIM_SAMPLES; ++k) {
    double e = energy_at(G, g, mu, k * step);
    if (e < ebest) { ebest = e; best = k * step; }
  }
  double lo = best - step, hi = best + step, dth = 1e-7;
  for (int it = 0; it < RAISIM_BISECTIONS; ++it) {
    double mid = 0.5 * (lo + hi);
    double slope = energy_at(G, g, mu, mid + dth) - energy_at(G, g, mu, mid - dth);
    if (slope > 0) hi = mid;
    else lo = mid;
  }
  if (!ellipse_point(G, g, mu, 0.5 * (lo + hi), l)) l[0] = l[1] = l[2] = 0;
}

/* x = G^-1 y for a symmetric positive definite 3 x 3 G (Cramer) */
static int solve3(const double *G, const double *y, double *x) {
  double c0 = G[4] * G[8] - G[5] * G[7], c1 = G[5] * G[6] - G[3] * G[8], c2 = G[3] * G[7] - G[4] * G[6];
  double det = G[0] * c0 + G[1] * c1 + G[2] * c2;
  if (!(fabs(det) > 0)) return 0;
  double inv[9] = {c0, G[2] * G[7] - G[1] * G[8], G[1] * G[5] - G[2] * G[4],
                   c1, G[0] * G[8] - G[2] * G[6], G[2] * G[3] - G[0] * G[5],
                   c2, G[1] * G[6] - G[0] * G[7], G[0] * G[4] - G[1] * G[3]};
  for (int r = 0; r < 3; ++r) x[r] = (inv[3 * r] * y[0] + inv[3 * r + 1] * y[1] + inv[3 * r + 2] * y[2]) / det;
  return 1;
}

/* RaiSim's per-contact model (the paper's Alg. 5): take-off, stiction, or sliding on the cone. */
static void raisim_contact_update(RigidProblem *p, const double *lambda, int i, double l[3]) {
  int n3 = 3 * p->nc;
  const double *li = lambda + 3 * i;
  double G[9], g[3];
  for (int a = 0; a < 3; ++a)
    for (int bb = 0; bb < 3; ++bb) G[3 * a + bb] = p->W[(size_t)(3 * i + a) * n3 + 3 * i + bb];
  /* free velocity of contact i with the others' impulses (Alg. 5 line 3) */
  rigid_problem_contact_velocity_i(p, lambda, i, g);
  for (int a = 0; a < 3; ++a) g[a] -= G[3 * a] * li[0] + G[3 * a + 1] * li[1] + G[3 * a + 2] * li[2];
  double mg[3] = {-g[0], -g[1], -g[2]};
  if (g[2] > 0) l[0] = l[1] = l[2] = 0;                                   /* take-off */
  else if (solve3(G, mg, l) && hypot(l[0], l[1]) <= p->mu[i] * l[2]) {} /* stiction */
  else slide(G, g, p->mu[i], l);                                          /* sliding */
}

int rigid_raisim(RigidProblem *p, const RigidSolverParams *params, double *lambda, RigidSolveResult *r) {
  return rigid_gauss_seidel(p, params, lambda, r, raisim_contact_update, 1, RAISIM_RESOLUTION);
}
