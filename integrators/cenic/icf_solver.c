#include "icf_solver.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "../common/wall_clock.h"

struct IcfSolver {
  IcfSolverOptions opt;
  IcfLinSolver *lin;
  int nv;
  int stale;               /* the factorization must be recomputed (eq. 35) */
  int has_factor;
  double *g, *p, *Ap, *dscale;
  double *vc, *dvc;        /* [3 * con_cap] contact velocities at the iterate, and J p */
  double *Gc;              /* [9 * con_cap] contact Hessian blocks at the iterate */
  double *fw;              /* [2 * con_cap] dual friction directions (ICF_FRICTION_DUAL) */
  int con_cap;
};

void icf_solver_default_options(IcfSolverOptions *o) {
  o->linear_solver = ICF_LINSOLVE_DENSE;
  o->hessian_reuse = 0;
  o->reuse_target = 10;
  o->ls_init = ICF_LS_CUBIC;
  o->alpha_max = 1.0;
  o->tol = 1e-8;
  o->max_iters = 100;
  o->ls_max_iters = 100;
  o->ls_tol = 1e-8;
  o->friction_hessian = ICF_FRICTION_DUAL;
}

IcfSolver *icf_solver_create(const IcfProblem *p, const IcfSolverOptions *opt) {
  IcfSolver *s = calloc(1, sizeof *s);
  if (!s) return NULL;
  s->opt = *opt;
  s->nv = p->nv;
  size_t n = (size_t)(p->nv > 0 ? p->nv : 1);
  s->g = calloc(n, sizeof(double));
  s->p = calloc(n, sizeof(double));
  s->Ap = calloc(n, sizeof(double));
  s->dscale = calloc(n, sizeof(double));
  s->lin = icf_lin_create(p, opt->linear_solver);
  if (!s->g || !s->p || !s->Ap || !s->dscale || !s->lin) {
    icf_solver_free(s);
    return NULL;
  }
  return s;
}

void icf_solver_free(IcfSolver *s) {
  if (!s) return;
  icf_lin_free(s->lin);
  free(s->g);
  free(s->p);
  free(s->Ap);
  free(s->dscale);
  free(s->vc);
  free(s->dvc);
  free(s->Gc);
  free(s->fw);
  free(s);
}

void icf_solver_invalidate(IcfSolver *s) { s->has_factor = 0; }
double icf_solver_tol(const IcfSolver *s) { return s->opt.tol; }
void icf_solver_set_tol(IcfSolver *s, double tol) { s->opt.tol = tol; }

static double dot(int n, const double *a, const double *b) {
  double acc = 0.0;
  for (int i = 0; i < n; ++i) acc += a[i] * b[i];
  return acc;
}

/* Scalars of the line search along p from v (CENIC sec. VI: O(n) per evaluation). The quadratic
 * part 1/2 v^T A v - r^T v of the cost is measured from its value at v (only differences of l
 * along a line matter), so no A v product is needed: l(a) here is l(v + a p) - (1/2 v^T A v - r^T v). */
typedef struct {
  const IcfProblem *prob;
  const double *vc, *dvc;
  const double *v, *p;     /* for the dof terms */
  double vAp, pAp, rp;
} LineFn;

/* The quadratic part's change from v to v + a p. */
static double line_quadratic(const LineFn *f, double a) { return a * f->vAp + 0.5 * a * a * f->pAp - a * f->rp; }

/* l(alpha) (if l != NULL), l'(alpha), l''(alpha), in LineFn's frame. */
static void line_eval(const LineFn *f, double a, double *l, double *dl, double *d2l) {
  double cost = line_quadratic(f, a);
  double d1 = f->vAp + a * f->pAp - f->rp, d2 = f->pAp;
  for (int i = 0; i < f->prob->ncon; ++i) {
    const IcfContact *c = &f->prob->con[i];
    const double *u = f->vc + 3 * i, *du = f->dvc + 3 * i;
    double w[3] = {u[0] + a * du[0], u[1] + a * du[1], u[2] + a * du[2]}, li, gdu, dGd;
    icf_contact_line_eval(c, w, du, &li, &gdu, &dGd);
    cost += c->weight * li;
    d1 -= c->weight * gdu;
    d2 += c->weight * dGd;
  }
  for (int i = 0; i < f->prob->ndof; ++i) {
    const IcfDofTerm *t = &f->prob->dofterm[i];
    double dp = f->p[t->dof], gamma, G;
    cost += icf_dof_eval(t, f->v[t->dof] + a * dp, &gamma, &G);
    d1 -= gamma * dp;
    d2 += G * dp * dp;
  }
  if (l) *l = cost;
  *dl = d1;
  *d2l = d2;
}

double icf_line_eval(const IcfProblem *p, const double *v, const double *dir, double a, double *dl, double *d2l) {
  int n = p->ncon > 0 ? p->ncon : 1, nv = p->nv > 0 ? p->nv : 1;
  double *vc = malloc(3 * (size_t)n * sizeof(double)), *dvc = malloc(3 * (size_t)n * sizeof(double));
  double *Ad = malloc((size_t)nv * sizeof(double));
  double l = NAN;
  if (vc && dvc && Ad) {
    for (int i = 0; i < p->ncon; ++i) {
      icf_contact_velocity(p, i, v, vc + 3 * i);
      icf_contact_jmul(p, i, dir, dvc + 3 * i);
    }
    icf_amul(p, dir, Ad);
    LineFn f = {p, vc, dvc, v, dir, dot(p->nv, v, Ad), dot(p->nv, dir, Ad), dot(p->nv, p->r, dir)};
    line_eval(&f, a, &l, dl, d2l);
  }
  free(vc);
  free(dvc);
  free(Ad);
  return l;
}

double icf_cubic_guess(double l0, double dl0, double l1, double dl1) {
  double D = l0 - l1;
  double a = 2.0 * D + dl0 + dl1, b = -3.0 * D - 2.0 * dl0 - dl1, c = dl0;
  /* root of 3 a t^2 + 2 b t + c in (0, 1) */
  double A = 3.0 * a, B = 2.0 * b, C = c;
  double t = -1.0;
  if (fabs(A) <= 1e-12 * (fabs(B) + fabs(C))) {
    if (B != 0.0) t = -C / B;
  } else {
    double disc = B * B - 4.0 * A * C;
    if (disc < 0) disc = 0;
    double q = -0.5 * (B + (B >= 0 ? 1.0 : -1.0) * sqrt(disc));
    double t1 = q != 0.0 ? q / A : -1.0, t2 = q != 0.0 ? C / q : -1.0;
    if (t1 > 0 && t1 < 1) t = t1;
    else if (t2 > 0 && t2 < 1) t = t2;
  }
  if (!(t > 0 && t < 1)) t = -dl0 / (dl1 - dl0); /* secant on l' */
  if (!(t > 0 && t < 1)) t = 0.5;
  return t;
}

/* What the line search knows at alpha = 0 without evaluating there (issue 12): the cost at the
 * iterate in the new line's frame (the previous search ended there) and l'(0) = g^T p. */
typedef struct {
  int known;
  double l0, dl0;
} LineStart;

/* Exact line search: alpha in (0, alpha_max]; returns 0 or an IcfStatus error. On success
 * *l_alpha is l(alpha) when the search evaluated there (*l_known = 1). */
static int line_search(IcfSolver *s, const LineFn *f, const LineStart *st, double *alpha, long *evals,
                       double *l_alpha, int *l_known) {
  double amax = s->opt.alpha_max;
  double l0, dl0, d2l0 = 0.0, l1, dl1, d2l1;
  *l_known = 0;
  /* the quadratic initialization needs l''(0): only then evaluate at 0 when l(0) is known */
  if (st->known && s->opt.ls_init != ICF_LS_QUADRATIC) {
    l0 = st->l0;
    dl0 = st->dl0;
  } else {
    line_eval(f, 0.0, &l0, &dl0, &d2l0);
    ++*evals;
  }
  line_eval(f, amax, &l1, &dl1, &d2l1);
  ++*evals;
  if (!isfinite(dl0) || !isfinite(dl1)) return ICF_ERR_NONFINITE;
  if (dl0 >= 0.0) return ICF_ERR_NOT_DESCENT;
  if (dl1 <= 0.0) {
    *alpha = amax;
    *l_alpha = l1;
    *l_known = 1;
    return ICF_OK;
  }
  double scale = -dl0; /* solve f(a) = l'(a) / (-l'(0)) = 0 */
  double guess;
  switch (s->opt.ls_init) {
  case ICF_LS_QUADRATIC: guess = d2l0 > 0 ? -dl0 / d2l0 : 0.5 * amax; break;
  case ICF_LS_ONE: guess = 1.0; break;
  default: guess = amax * icf_cubic_guess(l0, amax * dl0, l1, amax * dl1); break;
  }
  double xl = 0.0, xh = amax;
  double rts = (guess > 0 && guess < amax) ? guess : 0.5 * amax;
  double dxold = amax, dx = dxold;
  double dl, d2l, l_rts, evaluated_at = rts;
  line_eval(f, rts, &l_rts, &dl, &d2l);
  ++*evals;
  double fv = dl / scale, df = d2l / scale;
  for (int it = 0; it < s->opt.ls_max_iters; ++it) {
    if (!isfinite(fv)) return ICF_ERR_NONFINITE;
    if (fabs(fv) < s->opt.ls_tol) break;
    if (fv < 0) xl = rts;
    else xh = rts;
    if (((rts - xh) * df - fv) * ((rts - xl) * df - fv) > 0.0 || fabs(2.0 * fv) > fabs(dxold * df)) {
      dxold = dx;
      dx = 0.5 * (xh - xl);
      rts = xl + dx;
    } else {
      dxold = dx;
      dx = fv / df;
      rts -= dx;
    }
    if (fabs(dx) < s->opt.ls_tol) break;
    line_eval(f, rts, &l_rts, &dl, &d2l);
    evaluated_at = rts;
    ++*evals;
    fv = dl / scale;
    df = d2l / scale;
  }
  if (!(rts > 0.0)) return ICF_ERR_LINESEARCH;
  *alpha = rts;
  if (evaluated_at == rts) {
    *l_alpha = l_rts;
    *l_known = 1;
  }
  return ICF_OK;
}

static int fail(char *err, size_t errlen, int code, const char *msg, int iter) {
  if (err && errlen) snprintf(err, errlen, "ICF Newton: %s (iteration %d)", msg, iter);
  return code;
}

int icf_solver_solve(IcfSolver *s, const IcfProblem *p, const double *diagM, double *v,
                     IcfSolverStats *st, char *err, size_t errlen) {
  int nv = p->nv;
  if (p->ncon > s->con_cap) { /* amortized growth with the contact count */
    int n = p->ncon > 2 * s->con_cap ? p->ncon : 2 * s->con_cap;
    double *a = realloc(s->vc, 3 * (size_t)n * sizeof(double));
    if (!a) return fail(err, errlen, ICF_ERR_FACTOR, "out of memory", 0);
    s->vc = a;
    double *b = realloc(s->dvc, 3 * (size_t)n * sizeof(double));
    if (!b) return fail(err, errlen, ICF_ERR_FACTOR, "out of memory", 0);
    s->dvc = b;
    double *gc = realloc(s->Gc, 9 * (size_t)n * sizeof(double));
    if (!gc) return fail(err, errlen, ICF_ERR_FACTOR, "out of memory", 0);
    s->Gc = gc;
    double *w = realloc(s->fw, 2 * (size_t)n * sizeof(double));
    if (!w) return fail(err, errlen, ICF_ERR_FACTOR, "out of memory", 0);
    s->fw = w;
    s->con_cap = n;
  }
  st->solves++;
  st->last_iters = 0;
  /* D = diag(M)^{-1/2}; scale = max(1, |D r|) (eq. 32) */
  for (int t = 0; t < p->ntree; ++t)
    for (int i = 0; i < p->tree_nv[t]; ++i) {
      int j = p->tree_vadr[t] + i;
      double m = diagM ? diagM[j] : p->A[p->tree_madr[t] + i * p->tree_nv[t] + i];
      s->dscale[j] = m > 0 ? 1.0 / sqrt(m) : 1.0;
    }
  double dr = 0.0;
  for (int j = 0; j < nv; ++j) dr += (s->dscale[j] * p->r[j]) * (s->dscale[j] * p->r[j]);
  double tol = s->opt.tol * fmax(1.0, sqrt(dr));
  double dv_prev = -1.0;
  int pattern_changed = icf_lin_pattern_changed(s->lin, p);
  LineStart start = {0, 0.0, 0.0};
  /* Why the dual friction Hessian is the default: on 200-object clutter (1200 dofs, ~200
   * friction contacts, v_s = 1e-4) the exact Newton step changed the tangential velocity of
   * 140-180 contacts by more than their soft-norm scale s, by up to 6000 s (a sliding contact's
   * radial curvature is mu n0 eps^2 / s^3), so the exact line search cut alpha to ~1e-2 every
   * iteration and |D g| fell from 4e3 to 80 in 100 iterations (tol 2e-7): no convergence, not a
   * round-off floor. Starting the dual at w = 0 makes the first step a majorization step. */
  int dual = s->opt.friction_hessian == ICF_FRICTION_DUAL;
  if (dual && p->ncon > 0) memset(s->fw, 0, 2 * (size_t)p->ncon * sizeof(double));
  icf_lin_set_friction_dual(s->lin, dual ? s->fw : NULL);
  double t0 = wall_seconds();
  for (int i = 0; i < p->ncon; ++i) icf_contact_velocity(p, i, v, s->vc + 3 * i);
  st->time_assembly += wall_seconds() - t0;
  for (int k = 0;; ++k) {
    t0 = wall_seconds();
    icf_gradient_at(p, v, s->vc, s->g, s->Gc);
    st->time_assembly += wall_seconds() - t0;
    double dg = 0.0;
    for (int j = 0; j < nv; ++j) dg += (s->dscale[j] * s->g[j]) * (s->dscale[j] * s->g[j]);
    dg = sqrt(dg);
    st->last_dg = dg;
    if (!isfinite(dg)) return fail(err, errlen, ICF_ERR_NONFINITE, "non-finite gradient", k);
    if (dg <= tol) return ICF_OK; /* eq. 32 */
    if (k >= s->opt.max_iters) return fail(err, errlen, ICF_ERR_MAX_ITERS, "no convergence", k);
    if (!s->opt.hessian_reuse || s->stale || !s->has_factor || pattern_changed) {
      t0 = wall_seconds();
      s->has_factor = 0;
      if (icf_lin_factor_at(s->lin, p, v, s->vc, s->Gc)) return fail(err, errlen, ICF_ERR_FACTOR, "Hessian factorization failed", k);
      st->time_factorization += wall_seconds() - t0;
      st->factorizations++;
      s->has_factor = 1;
      s->stale = 0;
      pattern_changed = 0;
    }
    for (int j = 0; j < nv; ++j) s->p[j] = -s->g[j];
    t0 = wall_seconds();
    if (icf_lin_solve(s->lin, s->p, s->p)) return fail(err, errlen, ICF_ERR_FACTOR, "linear solve failed", k);
    st->time_factorization += wall_seconds() - t0;
    /* line search along p */
    t0 = wall_seconds();
    icf_amul(p, s->p, s->Ap);
    LineFn f = {p, s->vc, s->dvc, v, s->p, dot(nv, v, s->Ap), dot(nv, s->p, s->Ap), dot(nv, p->r, s->p)}; /* v^T A p = p^T A v */
    for (int i = 0; i < p->ncon; ++i) icf_contact_jmul(p, i, s->p, s->dvc + 3 * i);
    double alpha = 0.0, l_alpha = 0.0;
    long evals = 0;
    int l_known = 0;
    start.dl0 = dot(nv, s->g, s->p); /* l'(0) = g^T p */
    int ls = line_search(s, &f, &start, &alpha, &evals, &l_alpha, &l_known);
    st->linesearch_iters += evals;
    st->time_linesearch += wall_seconds() - t0;
    if (ls == ICF_ERR_NOT_DESCENT && s->opt.hessian_reuse && !s->stale) {
      s->stale = 1; /* a reused factorization that does not give descent: refactor and retry */
      continue;
    }
    if (ls == ICF_ERR_NOT_DESCENT) return fail(err, errlen, ls, "search direction is not a descent direction", k);
    if (ls != ICF_OK) return fail(err, errlen, ls, "line search failed", k);
    start.known = l_known; /* the next iterate is v + alpha p: its cost in the next line's frame */
    start.l0 = l_alpha - line_quadratic(&f, alpha);
    if (dual)
      for (int i = 0; i < p->ncon; ++i) {
        if (!(p->con[i].mu * p->con[i].n0 > 0)) continue; /* w is used only with friction */
        const double *u = s->vc + 3 * i, *du = s->dvc + 3 * i;
        double step[3] = {alpha * du[0], alpha * du[1], alpha * du[2]};
        icf_friction_dual_update(&p->con[i], u, step, s->fw + 2 * i);
      }
    for (int i = 0; i < 3 * p->ncon; ++i) s->vc[i] += alpha * s->dvc[i]; /* J (v + alpha p) + o */
    double dvn = 0.0;
    for (int j = 0; j < nv; ++j) {
      double dv = alpha * s->p[j];
      v[j] += dv;
      dvn += (dv / s->dscale[j]) * (dv / s->dscale[j]);
    }
    dvn = sqrt(dvn);
    st->newton_iters++;
    st->last_iters = k + 1;
    if (!isfinite(dvn)) return fail(err, errlen, ICF_ERR_NONFINITE, "non-finite update", k);
    double eta = 1.0, theta = 0.0;
    if (dv_prev > 0) {
      theta = dvn / dv_prev;
      if (theta > 0.9999) theta = 0.9999;
      eta = theta / (1.0 - theta);
    }
    if (eta * dvn <= tol) return ICF_OK; /* eq. 33 */
    if (s->opt.hessian_reuse && dv_prev > 0 &&
        pow(theta, (double)(s->opt.reuse_target - (k + 1))) / (1.0 - theta) * dvn > tol)
      s->stale = 1; /* eq. 35 */
    dv_prev = dvn;
  }
}
