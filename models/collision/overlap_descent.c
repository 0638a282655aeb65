/* Descent on the overlap of a convex pair over unit directions n (normal from b into a):
 * f(n) = n.(s_b(n) - s_a(-n)), s the support points; its minimum is the penetration depth
 * (minus the distance when apart), and every direction's value is an upper bound of the
 * depth. Box faces and edges, cylinder sides and caps and capsule sides make f kinked: where n
 * is across a box axis, a cylinder or capsule axis (a side or edge contact), or along a
 * cylinder axis (a cap), the one-sided gradient points across the kink and a projected
 * gradient step zigzags over it with shrinking steps, stalling short of the minimum. So after
 * the plain descent stalls, directions within KINK_TOL of a kink are moved onto it and the
 * descent continues along the kink (the gradient without its components across it). */
#include "models/collision/narrow_phase.h"

#define DESCENT_EVALS 100 /* trial directions per call: this runs in every geometry query */
#define KINK_TOL 1e-3
#define KINK_ROUNDS 4

typedef struct {
  const GeomPose *a, *b;
  int evals;
} Pair;

static double eval(Pair *p, const double *n, double *g) {
  p->evals++;
  return np_support_overlap(p->a, p->b, n, g);
}

static void project_out(double *v, double (*K)[3], int nk) {
  for (int i = 0; i < nk; ++i) v3_axpy(v, -v3_dot(v, K[i]), K[i]);
}

/* Projected steps with backtracking from n (value *f, slope g), kept orthogonal to K[0..nk)
 * (orthonormal, orthogonal to n); n and *f only ever improve. */
static void descend(Pair *p, double *n, double *f, double *g, double (*K)[3], int nk) {
  double step = 0.5, gp[3];
  v3_copy(gp, g);
  project_out(gp, K, nk);
  while (step > 1e-7 && p->evals < DESCENT_EVALS) {
    double gn = v3_norm(gp);
    if (gn < 1e-15) break;
    int moved = 0;
    for (; step > 1e-7 && p->evals < DESCENT_EVALS; step *= 0.5) {
      double m[3], gm[3];
      v3_copy(m, n);
      v3_axpy(m, -step / gn, gp); /* a turn of about `step` radians downhill */
      project_out(m, K, nk);
      if (!(v3_normalize(m) > 0)) continue;
      double fm = eval(p, m, gm);
      if (fm < *f) {
        *f = fm;
        v3_copy(n, m);
        v3_copy(g, gm);
        v3_copy(gp, gm);
        project_out(gp, K, nk);
        step *= 2.0;
        moved = 1;
        break;
      }
    }
    if (!moved) break;
  }
}

/* Adds axis k to the orthonormal set K if it is independent of it; at most 2 (n is across K). */
static void add_axis(double (*K)[3], int *nk, const double *k) {
  if (*nk >= 2) return;
  double v[3];
  v3_copy(v, k);
  project_out(v, K, *nk);
  if (v3_normalize(v) > 1e-6) v3_copy(K[(*nk)++], v);
}

/* The kinks of g's support function near direction d (world): box axes across d, a cylinder's
 * or capsule's axis across d, a cylinder's axis along d (both radial axes across it). */
static void near_kinks(const GeomPose *g, const double *d, double (*K)[3], int *nk) {
  double ax[3][3];
  for (int i = 0; i < 3; ++i) np_axis(ax[i], g->rot, i);
  double c[3] = {v3_dot(d, ax[0]), v3_dot(d, ax[1]), v3_dot(d, ax[2])};
  switch (g->type) {
  case GEOM_BOX:
    for (int i = 0; i < 3; ++i)
      if (fabs(c[i]) < KINK_TOL) add_axis(K, nk, ax[i]);
    break;
  case GEOM_CYLINDER:
  case GEOM_CAPSULE:
    if (g->type == GEOM_CYLINDER && hypot(c[0], c[1]) < KINK_TOL) { /* on a cap */
      add_axis(K, nk, ax[0]);
      add_axis(K, nk, ax[1]);
    }
    if (fabs(c[2]) < KINK_TOL) add_axis(K, nk, ax[2]); /* on the side */
    break;
  default:
    break;
  }
}

double np_overlap_descent(const GeomPose *a, const GeomPose *b, double *n) {
  Pair p = {a, b, 0};
  double g[3], f = eval(&p, n, g);
  descend(&p, n, &f, g, NULL, 0);
  for (int round = 0; round < KINK_ROUNDS && p.evals < DESCENT_EVALS; ++round) {
    double K[2][3], m[3], gm[3];
    int nk = 0;
    near_kinks(a, n, K, &nk);
    near_kinks(b, n, K, &nk);
    if (nk == 0) break;
    v3_copy(m, n);
    project_out(m, K, nk);
    if (!(v3_normalize(m) > 0)) break;
    double fm = eval(&p, m, gm);
    descend(&p, m, &fm, gm, K, nk); /* along the kink */
    descend(&p, m, &fm, gm, NULL, 0); /* and off it, if that goes lower */
    if (!(fm < f)) break;
    f = fm;
    v3_copy(n, m);
    v3_copy(g, gm);
  }
  return f;
}
