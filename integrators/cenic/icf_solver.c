#include "icf_solver.h"
#include "icf_models.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "../common/wall_clock.h"

/* What the line search knows at alpha = 0 without evaluating there: the cost at the
 * iterate in the new line's frame (the previous search ended there) and l'(0) = g^T p. */
typedef struct {
  int known;
  double l0, dl0;
} LineStart;

/* What eq. 32-33 ask of a solve, asked of each contact island (trees coupled by contacts): A is
 * block diagonal per tree, so the cost is a sum over islands and each island is its own convex
 * problem. Newton iterates on every island that has not converged, with its own exact line
 * search; an island that has converged drops out of the assembly, the factorization and the line
 * search: in a scene of several piles most islands converge long before the last one, and a
 * global Newton loop keeps iterating on all of them. The tolerance is shared in proportion
 * to the island's velocity coordinates, tol_I^2 = tol^2 nv_I / nv, so that the islands' eq. 32
 * together imply eq. 32 on the whole problem; a single island is exactly the global method. */
typedef enum { ISLAND_ACTIVE = 0, ISLAND_CONVERGED_GRADIENT = 1, ISLAND_CONVERGED_UPDATE = 2 } IslandState;

typedef struct {
  int nv;
  IslandState state;
  double tol;              /* tol_I */
  double dg;               /* |D g| on the island at its last gradient */
  double dv_prev;          /* |D^-1 dv| of its previous update (eq. 33), < 0: none */
  long dv_prev_factor;     /* the factorization that update ran on (IcfSolver.factor_count) */
  double alpha, l_alpha;   /* this iteration's line search */
  int l_known;
  LineStart start;
} Island;

struct IcfSolver {
  IcfSolverOptions opt;
  const NewtonTap *tap;    /* per-iteration log (NULL: none) */
  IcfLinSolver *lin;
  int nv;
  int stale;               /* the factorization must be recomputed (eq. 35) */
  int has_factor;
  /* Reuse with islands on the block solver (keep mode, icf_lin_keep_columns): a refactorization
   * covers the active islands, as without reuse, and keeps the columns of the converged ones
   * for later iterations, solves and steps; before, reuse refactored every island, converged or
   * not, at the cost of a whole-problem factorization each time. Eq. 35's rate Theta is then that
   * of two updates on one factorization (Hairer-Wanner IV.8, whose Newton restarts its rate with
   * each new matrix), not of an update on a fresh factorization against one on the old. */
  int keep;
  long factor_count;       /* factorizations so far: which one an update ran on */
  unsigned char *tree_stale; /* [ntree] keep mode: eq. 35 judged the tree's island stale; kept
                              * across solves until the tree is refactored */
  int refactored;          /* this iteration factored afresh */
  int retry_island;        /* the island whose reused factorization gave no descent */
  double *g, *p, *Ap, *dscale;
  double *vc, *dvc;        /* [3 * con_cap] contact velocities at the iterate, and J p */
  double *Gc;              /* [9 * con_cap] contact Hessian blocks at the iterate */
  double *fw;              /* [2 * con_cap] dual friction directions (ICF_FRICTION_DUAL) */
  double *finv_s;          /* [con_cap] 1/s of each contact's soft norm at the last gradient */
  int con_cap;
  /* contact islands of the current solve: island I has trees isl_tree[isl_tree_start[I] ..
   * isl_tree_start[I + 1]), and likewise contacts and dof terms, each in problem order */
  int nisl;
  Island *isl;             /* [ntree] */
  int *tree_island;        /* [ntree] */
  int *scratch;            /* [ntree + 1] */
  int *isl_tree_start, *isl_tree, *isl_con_start, *isl_con, *isl_dof_start, *isl_dof;
  int *active;             /* [ntree] indices of the active islands (first nactive) */
  int nactive;
  unsigned char *tree_active; /* [ntree] 1 while the tree's island iterates */
  int dof_cap;
  /* Open contacts between islands (opt.defer_open_contacts): an inter-tree contact that does not
   * act at the initial guess (icf_contact_acts) joins no island and belongs to none (con_cut[i] =
   * 1, listed in cut[0 .. ncut)) until an iterate makes it act; then its islands merge. */
  unsigned char *con_cut;  /* [con_cap] */
  int *cut;                /* [con_cap] */
  int ncut;
  int *isl_parent;         /* [ntree] union-find over islands while merging */
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
  o->ls_tol_max = ICF_LS_TOL_TIED_MAX;
  o->friction_hessian = ICF_FRICTION_DUAL;
  o->defer_open_contacts = 1;
  o->islands = 1;
}

IcfSolver *icf_solver_create(const IcfProblem *p, const IcfSolverOptions *opt) {
  IcfSolver *s = calloc(1, sizeof *s);
  if (!s) return NULL;
  s->opt = *opt;
  s->nv = p->nv;
  size_t n = (size_t)(p->nv > 0 ? p->nv : 1), nt = (size_t)p->ntree + 1;
  s->g = calloc(n, sizeof(double));
  s->p = calloc(n, sizeof(double));
  s->Ap = calloc(n, sizeof(double));
  s->dscale = calloc(n, sizeof(double));
  s->lin = icf_lin_create(p, opt->linear_solver);
  s->isl = calloc(nt, sizeof(Island));
  s->tree_island = calloc(nt, sizeof(int));
  s->scratch = calloc(nt, sizeof(int));
  s->isl_tree_start = calloc(nt, sizeof(int));
  s->isl_tree = calloc(nt, sizeof(int));
  s->isl_con_start = calloc(nt, sizeof(int));
  s->isl_dof_start = calloc(nt, sizeof(int));
  s->active = calloc(nt, sizeof(int));
  s->tree_active = calloc(nt, 1);
  s->isl_parent = calloc(nt, sizeof(int));
  s->tree_stale = calloc(nt, 1);
  if (!s->tree_stale || !s->isl_parent || !s->g || !s->p || !s->Ap || !s->dscale || !s->lin || !s->isl || !s->tree_island || !s->scratch ||
      !s->isl_tree_start || !s->isl_tree || !s->isl_con_start || !s->isl_dof_start || !s->active || !s->tree_active) {
    icf_solver_free(s);
    return NULL;
  }
  s->keep = opt->hessian_reuse && opt->islands && icf_lin_keep_columns(s->lin, s->tree_active) == 0;
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
  free(s->finv_s);
  free(s->isl);
  free(s->tree_island);
  free(s->scratch);
  free(s->isl_tree_start);
  free(s->isl_tree);
  free(s->isl_con_start);
  free(s->isl_con);
  free(s->isl_dof_start);
  free(s->isl_dof);
  free(s->active);
  free(s->tree_active);
  free(s->con_cut);
  free(s->cut);
  free(s->isl_parent);
  free(s->tree_stale);
  free(s);
}

void icf_solver_set_tap(IcfSolver *s, const NewtonTap *tap) { s->tap = tap; }

void icf_solver_invalidate(IcfSolver *s) {
  s->has_factor = 0;
  if (s->keep) icf_lin_forget_columns(s->lin); /* the next run must not start on this one's columns */
}
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
  IcfPart part;            /* the island's contacts and dof terms (ICF_PART_ALL: the whole problem) */
} LineFn;

/* The quadratic part's change from v to v + a p. */
static double line_quadratic(const LineFn *f, double a) { return a * f->vAp + 0.5 * a * a * f->pAp - a * f->rp; }

/* l(alpha) (if l != NULL), l'(alpha), l''(alpha), in LineFn's frame. */
static void line_eval(const LineFn *f, double a, double *l, double *dl, double *d2l) {
  double cost = line_quadratic(f, a);
  double d1 = f->vAp + a * f->pAp - f->rp, d2 = f->pAp;
  int ncon = f->part.con ? f->part.ncon : f->prob->ncon, ndof = f->part.dof ? f->part.ndof : f->prob->ndof;
  /* NULL: Lagged, inline; else the model's table (icf_models.h). Two loops, so that Lagged's
   * has no call through the table in it (the test per contact cost 2,000 instructions per
   * Newton iteration on hard clutter) */
  void (*contact_line)(const IcfContact *, const double *, const double *, double *, double *, double *) =
      f->prob->model ? f->prob->model->line_eval : NULL;
#define LINE_EVAL_CONTACTS(EVAL)                                                                    \
  for (int k = 0; k < ncon; ++k) {                                                                  \
    int i = f->part.con ? f->part.con[k] : k;                                                       \
    const IcfContact *c = &f->prob->con[i];                                                         \
    const double *u = f->vc + 3 * i, *du = f->dvc + 3 * i;                                          \
    double w[3] = {u[0] + a * du[0], u[1] + a * du[1], u[2] + a * du[2]}, li, gdu, dGd;             \
    EVAL(c, w, du, &li, &gdu, &dGd);                                                                \
    cost += c->weight * li;                                                                         \
    d1 -= c->weight * gdu;                                                                          \
    d2 += c->weight * dGd;                                                                          \
  }
  if (contact_line) LINE_EVAL_CONTACTS(contact_line)
  else LINE_EVAL_CONTACTS(icf_contact_line_eval)
#undef LINE_EVAL_CONTACTS
  for (int k = 0; k < ndof; ++k) {
    const IcfDofTerm *t = &f->prob->dofterm[f->part.dof ? f->part.dof[k] : k];
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
    LineFn f = {p, vc, dvc, v, dir, dot(p->nv, v, Ad), dot(p->nv, dir, Ad), dot(p->nv, p->r, dir), ICF_PART_ALL};
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

/* Exact line search: alpha in (0, alpha_max], to tolerance ls_tol on l'(alpha) / -l'(0) and on
 * the step in alpha; returns 0 or a CbStatus error. On success *l_alpha is l(alpha) when the
 * search evaluated there (*l_known = 1). */
static int line_search(IcfSolver *s, const LineFn *f, const LineStart *st, double ls_tol, double *alpha, long *evals,
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
  if (!isfinite(dl0) || !isfinite(dl1)) return CB_ERR_NONFINITE;
  if (dl0 >= 0.0) return CB_ERR_NOT_DESCENT;
  /* alpha_max is the minimizer to the search's own tolerance, or l still falls there: take it
   * (a Newton step near convergence lands on l' = 0 to round-off; one evaluation, not two) */
  if (dl1 <= 0.0 || dl1 < ls_tol * -dl0) {
    *alpha = amax;
    *l_alpha = l1;
    *l_known = 1;
    return CB_OK;
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
    if (!isfinite(fv)) return CB_ERR_NONFINITE;
    if (fabs(fv) < ls_tol) break;
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
    if (fabs(dx) < ls_tol) break;
    line_eval(f, rts, &l_rts, &dl, &d2l);
    evaluated_at = rts;
    ++*evals;
    fv = dl / scale;
    df = d2l / scale;
  }
  if (!(rts > 0.0)) return CB_ERR_LINESEARCH;
  *alpha = rts;
  if (evaluated_at == rts) {
    *l_alpha = l_rts;
    *l_known = 1;
  }
  return CB_OK;
}

static CbStatus fail(CbError *e, CbStatus code, const char *msg, int iter) {
  return CB_ERROR(e, code, "ICF Newton: %s (iteration %d)", msg, iter);
}


static CbStatus grow(void **a, size_t n, size_t size) {
  void *b = realloc(*a, n * size);
  if (!b) return CB_ERR_MEMORY;
  *a = b;
  return CB_OK;
}

/* Room for p's contacts and dof terms (amortized growth with their counts); 0 or -1. */
static CbStatus reserve(IcfSolver *s, const IcfProblem *p) {
  if (p->ncon > s->con_cap) {
    size_t n = (size_t)(p->ncon > 2 * s->con_cap ? p->ncon : 2 * s->con_cap);
    if (grow((void **)&s->vc, 3 * n, sizeof(double)) || grow((void **)&s->dvc, 3 * n, sizeof(double)) ||
        grow((void **)&s->Gc, 9 * n, sizeof(double)) || grow((void **)&s->fw, 2 * n, sizeof(double)) ||
        grow((void **)&s->finv_s, n, sizeof(double)) ||
        grow((void **)&s->isl_con, n, sizeof(int)) || grow((void **)&s->con_cut, n, 1) ||
        grow((void **)&s->cut, n, sizeof(int)))
      return CB_ERR_MEMORY;
    s->con_cap = (int)n;
  }
  if (p->ndof > s->dof_cap) {
    size_t n = (size_t)(p->ndof > 2 * s->dof_cap ? p->ndof : 2 * s->dof_cap);
    if (grow((void **)&s->isl_dof, n, sizeof(int))) return CB_ERR_MEMORY;
    s->dof_cap = (int)n;
  }
  return CB_OK;
}

static int root(int *parent, int a) {
  while (parent[a] != a) a = parent[a] = parent[parent[a]];
  return a;
}

/* The island of each contact: that of its first dynamic side (-1: none, a contact between two
 * static bodies contributes nothing, and an open contact between islands belongs to neither). */
static int contact_island(const IcfSolver *s, const IcfContact *c, int i) {
  if (s->con_cut[i]) return -1;
  int t = c->tree[0] >= 0 ? c->tree[0] : c->tree[1];
  return t >= 0 ? s->tree_island[t] : -1;
}

/* The island of item i of a kind: a tree, a contact or a dof term. */
typedef enum { ITEM_TREE, ITEM_CONTACT, ITEM_DOF } ItemKind;

static int item_island(const IcfSolver *s, const IcfProblem *p, ItemKind kind, int i) {
  if (kind == ITEM_TREE) return s->tree_island[i];
  if (kind == ITEM_CONTACT) return contact_island(s, &p->con[i], i);
  return s->tree_island[p->dof_tree[p->dofterm[i].dof]];
}

/* Items 0..n-1 of a kind grouped by island into out (a stable counting sort; items of no island
 * are left out), island I's at out[start[I] .. start[I + 1]). */
static void group_by_island(IcfSolver *s, const IcfProblem *p, ItemKind kind, int n, int *start, int *out) {
  int nisl = s->nisl, *cursor = s->scratch;
  memset(start, 0, ((size_t)nisl + 1) * sizeof(int));
  for (int i = 0; i < n; ++i) {
    int I = item_island(s, p, kind, i);
    if (I >= 0) start[I + 1]++;
  }
  for (int I = 0; I < nisl; ++I) start[I + 1] += start[I];
  memcpy(cursor, start, (size_t)nisl * sizeof(int));
  for (int i = 0; i < n; ++i) {
    int I = item_island(s, p, kind, i);
    if (I >= 0) out[cursor[I]++] = i;
  }
}

/* Contact islands of p: connected components of the trees under the contacts that join two
 * trees, numbered by their first tree. With opt.defer_open_contacts a contact that does not act
 * at the initial guess (contact velocities s->vc) joins nothing: it is cut (con_cut, cut) when
 * its trees lie in different islands: while piles collapse most contacts between objects are
 * speculative and open, and joining through them makes one island of the whole sink.
 * merge_acting_cuts keeps the solution the whole problem's. */
static void find_islands(IcfSolver *s, const IcfProblem *p) {
  int nt = p->ntree, *parent = s->tree_island;
  if (!s->opt.islands) { /* one island of every tree: the global Newton method, nothing cut */
    s->nisl = nt > 0;
    s->ncut = 0;
    for (int t = 0; t < nt; ++t) s->tree_island[t] = 0;
    for (int i = 0; i < p->ncon; ++i) s->con_cut[i] = 0;
    group_by_island(s, p, ITEM_TREE, nt, s->isl_tree_start, s->isl_tree);
    group_by_island(s, p, ITEM_CONTACT, p->ncon, s->isl_con_start, s->isl_con);
    group_by_island(s, p, ITEM_DOF, p->ndof, s->isl_dof_start, s->isl_dof);
    return;
  }
  for (int t = 0; t < nt; ++t) parent[t] = t;
  s->ncut = 0;
  for (int i = 0; i < p->ncon; ++i) {
    int a = p->con[i].tree[0], b = p->con[i].tree[1];
    s->con_cut[i] = 0;
    if (a < 0 || b < 0) continue;
    if (s->opt.defer_open_contacts && a != b && !icf_problem_contact_acts(p, i, s->vc + 3 * i)) {
      s->cut[s->ncut++] = i; /* a candidate: cut only if no other path joins a and b */
      continue;
    }
    a = root(parent, a);
    b = root(parent, b);
    if (a < b) parent[b] = a; /* the root is the component's first tree */
    else if (b < a) parent[a] = b;
  }
  s->nisl = 0;
  for (int t = 0; t < nt; ++t) { /* a root precedes its component's other trees */
    int r = root(parent, t);
    s->scratch[t] = r == t ? s->nisl++ : s->scratch[r];
  }
  memcpy(s->tree_island, s->scratch, (size_t)nt * sizeof(int));
  int ncut = 0;
  for (int q = 0; q < s->ncut; ++q) {
    int i = s->cut[q];
    if (s->tree_island[p->con[i].tree[0]] == s->tree_island[p->con[i].tree[1]]) continue; /* within one island */
    s->con_cut[i] = 1;
    memset(s->Gc + 9 * i, 0, 9 * sizeof(double)); /* it adds nothing to H (the block pattern reads Gc) */
    s->cut[ncut++] = i;
  }
  s->ncut = ncut;
  group_by_island(s, p, ITEM_TREE, nt, s->isl_tree_start, s->isl_tree);
  group_by_island(s, p, ITEM_CONTACT, p->ncon, s->isl_con_start, s->isl_con);
  group_by_island(s, p, ITEM_DOF, p->ndof, s->isl_dof_start, s->isl_dof);
}

/* Island I starts iterating (again) from the current v: its tolerance share, fresh convergence
 * history and line start; its trees join the factorization. */
static void start_island(IcfSolver *s, const IcfProblem *p, int I, double tol) {
  Island *is = &s->isl[I];
  is->nv = 0;
  for (int k = s->isl_tree_start[I]; k < s->isl_tree_start[I + 1]; ++k) {
    is->nv += p->tree_nv[s->isl_tree[k]];
    s->tree_active[s->isl_tree[k]] = 1;
  }
  is->state = ISLAND_ACTIVE;
  is->tol = p->nv > 0 && is->nv < p->nv ? tol * sqrt((double)is->nv / p->nv) : tol; /* tol_I, exactly tol for one island */
  is->dg = INFINITY;
  is->dv_prev = -1.0;
  is->start = (LineStart){0, 0.0, 0.0};
}

/* Called after every Newton update: the cut contacts at the new v. Each that acts there merges
 * its two islands, which then iterate again from v; an island no merge touches keeps its state.
 * While none acts, the cut contacts add a constant to the cost and nothing to the gradient, so
 * the islands' convergence is the whole problem's (eq. 32). Merging at once rather than after
 * the islands converge: most act after the first update, and testing only at convergence would
 * make each merged island converge twice. Returns the number of merges. */
static int merge_acting_cuts(IcfSolver *s, const IcfProblem *p, const double *v, double tol) {
  int merges = 0, *up = s->isl_parent, *moved = s->scratch;
  for (int I = 0; I < s->nisl; ++I) {
    up[I] = I;
    moved[I] = 0;
  }
  for (int a = 0; a < s->nactive; ++a) moved[s->active[a]] = 1; /* not yet compacted: the islands just updated */
  for (int q = 0; q < s->ncut; ++q) {
    int i = s->cut[q];
    if (!moved[s->tree_island[p->con[i].tree[0]]] && !moved[s->tree_island[p->con[i].tree[1]]]) continue; /* v_c as before */
    icf_contact_velocity(p, i, v, s->vc + 3 * i); /* no island kept it up to date */
    if (!icf_problem_contact_acts(p, i, s->vc + 3 * i)) continue;
    int A = root(up, s->tree_island[p->con[i].tree[0]]), B = root(up, s->tree_island[p->con[i].tree[1]]);
    if (A < B) up[B] = A;
    else if (B < A) up[A] = B;
    merges++;
  }
  if (!merges) return 0;
  int ncut = 0;
  for (int q = 0; q < s->ncut; ++q) { /* still cut: what still joins two islands */
    int i = s->cut[q];
    s->con_cut[i] = root(up, s->tree_island[p->con[i].tree[0]]) != root(up, s->tree_island[p->con[i].tree[1]]);
    if (s->con_cut[i]) s->cut[ncut++] = i;
  }
  s->ncut = ncut;
  for (int t = 0; t < p->ntree; ++t) s->tree_island[t] = root(up, s->tree_island[t]);
  group_by_island(s, p, ITEM_TREE, p->ntree, s->isl_tree_start, s->isl_tree);
  group_by_island(s, p, ITEM_CONTACT, p->ncon, s->isl_con_start, s->isl_con);
  group_by_island(s, p, ITEM_DOF, p->ndof, s->isl_dof_start, s->isl_dof);
  for (int I = 0; I < s->nisl; ++I) {
    if (up[I] == I) continue;
    start_island(s, p, root(up, I), tol); /* the merged island */
    s->isl[I] = (Island){.state = ISLAND_CONVERGED_GRADIENT}; /* absorbed: no trees, nothing to add to eq. 32 */
  }
  s->nactive = 0;
  for (int I = 0; I < s->nisl; ++I)
    if (s->isl[I].state == ISLAND_ACTIVE) s->active[s->nactive++] = I;
  s->has_factor = 0;
  return merges;
}

static IcfPart island_part(const IcfSolver *s, int I) {
  IcfPart part = {s->isl_tree_start[I + 1] - s->isl_tree_start[I], s->isl_con_start[I + 1] - s->isl_con_start[I],
                  s->isl_dof_start[I + 1] - s->isl_dof_start[I], s->isl_tree + s->isl_tree_start[I],
                  /* isl_con and isl_dof stay NULL until a solve has contacts: NULL + 0 is undefined */
                  s->isl_con ? s->isl_con + s->isl_con_start[I] : NULL, s->isl_dof ? s->isl_dof + s->isl_dof_start[I] : NULL};
  return part;
}

/* The line search's tolerance tied to the Newton tolerance. Along a Newton direction
 * l'(alpha) / -l'(0) is about (alpha - alpha*) / alpha*, so a search stopped at tolerance e
 * leaves alpha within e of its minimizer alpha* <= alpha_max and the iterate within e |D^-1 p|
 * of the line's minimizer: below tol_I, what eq. 33 resolves, when e <= tol_I / |D^-1 p|. The
 * floor is the paper's fixed 1e-8; the cap ICF_LS_TOL_TIED_MAX = 1e-4 keeps the search nearly
 * exact (|l'(alpha)| <= 1e-4 |l'(0)|) while the iterate is far from the solution: a looser cap
 * saves more evaluations but costs Newton iterations. */
static double island_ls_tol(const IcfSolver *s, double tol_I, double p_scaled) {
  if (!(s->opt.ls_tol_max > s->opt.ls_tol)) return s->opt.ls_tol;
  double e = p_scaled > 0 ? tol_I / p_scaled : s->opt.ls_tol_max;
  return fmax(s->opt.ls_tol, fmin(s->opt.ls_tol_max, e));
}

/* What the line search needs of an island's coordinates, in one pass (each sum in coordinate
 * order; trees are in order): v^T A p, p^T A p, r^T p, l'(0) = g^T p, and |D^-1 p|^2. */
typedef struct {
  double vAp, pAp, rp, gp, p_scaled2;
} IslandSums;

static IslandSums island_sums(const IcfSolver *s, const IcfProblem *p, int I, const double *v) {
  IslandSums r = {0.0, 0.0, 0.0, 0.0, 0.0};
  for (int k = s->isl_tree_start[I]; k < s->isl_tree_start[I + 1]; ++k) {
    int t = s->isl_tree[k];
    for (int j = p->tree_vadr[t]; j < p->tree_vadr[t] + p->tree_nv[t]; ++j) {
      double pj = s->p[j], ps = pj / s->dscale[j];
      r.vAp += v[j] * s->Ap[j];
      r.pAp += pj * s->Ap[j];
      r.rp += p->r[j] * pj;
      r.gp += s->g[j] * pj;
      r.p_scaled2 += ps * ps;
    }
  }
  return r;
}

/* An island has converged: it leaves the active list and the factorization. */
static void deactivate(IcfSolver *s, int I, IslandState why) {
  s->isl[I].state = why;
  for (int k = s->isl_tree_start[I]; k < s->isl_tree_start[I + 1]; ++k) s->tree_active[s->isl_tree[k]] = 0;
}

static void compact_active(IcfSolver *s) {
  int n = 0;
  for (int a = 0; a < s->nactive; ++a)
    if (s->isl[s->active[a]].state == ISLAND_ACTIVE) s->active[n++] = s->active[a];
  s->nactive = n;
}

/* An exact line search per active island along its part of p: each island's alpha and the
 * start of its next line. Evaluations are weighted by the island's dofs (evals_weighted). CB_OK,
 * with *retry = 1 when a reused factorization gives no descent (refactor and retry), or the
 * failure with its message. */
static int search_islands(IcfSolver *s, const IcfProblem *p, const double *v, int k, double *evals_weighted,
                          int *retry, CbError *e) {
  for (int a = 0; a < s->nactive; ++a) {
    int I = s->active[a];
    Island *is = &s->isl[I];
    IcfPart part = island_part(s, I);
    icf_amul_part(p, &part, s->p, s->Ap);
    for (int q = 0; q < part.ncon; ++q) icf_contact_jmul(p, part.con[q], s->p, s->dvc + 3 * part.con[q]);
    IslandSums sums = island_sums(s, p, I, v);
    LineFn f = {p, s->vc, s->dvc, v, s->p, sums.vAp, sums.pAp, sums.rp, part}; /* v^T A p = p^T A v */
    is->start.dl0 = sums.gp; /* l'(0) = g^T p */
    long evals = 0;
    int ls = line_search(s, &f, &is->start, island_ls_tol(s, is->tol, sqrt(sums.p_scaled2)), &is->alpha, &evals,
                         &is->l_alpha, &is->l_known);
    *evals_weighted += (double)evals * is->nv;
    if (ls == CB_ERR_NOT_DESCENT && s->opt.hessian_reuse && (s->keep ? !s->refactored : !s->stale)) {
      *retry = 1; /* a reused factorization that does not give descent: refactor and retry */
      s->retry_island = I;
      return CB_OK;
    }
    if (ls == CB_ERR_NOT_DESCENT) return fail(e, ls, "search direction is not a descent direction", k);
    if (ls != CB_OK) return fail(e, ls, "line search failed", k);
    is->start.known = is->l_known; /* the next iterate is v + alpha p: its cost in the next line's frame */
    is->start.l0 = is->l_alpha - line_quadratic(&f, is->alpha);
  }
  return CB_OK;
}

/* Eq. 35 judged island I's factorization stale: its trees' in keep mode, else the whole one. */
static void mark_stale(IcfSolver *s, int I) {
  if (!s->keep) {
    s->stale = 1;
    return;
  }
  for (int k = s->isl_tree_start[I]; k < s->isl_tree_start[I + 1]; ++k) s->tree_stale[s->isl_tree[k]] = 1;
}

/* Keep mode: whether an active island has a tree judged stale or without a column in the kept
 * factorization (never factored since the last new block pattern, or forgotten). */
static int active_tree_stale(const IcfSolver *s) {
  for (int a = 0; a < s->nactive; ++a)
    for (int k = s->isl_tree_start[s->active[a]]; k < s->isl_tree_start[s->active[a] + 1]; ++k)
      if (s->tree_stale[s->isl_tree[k]] || !icf_lin_tree_factored(s->lin, s->isl_tree[k])) return 1;
  return 0;
}

/* Each active island moves by its own step (v, its contact velocities and, with the dual
 * friction blocks, their w) and is tested by eq. 33 (and eq. 35 for a reused Hessian). CB_OK,
 * or CB_ERR_NONFINITE for a non-finite update. */
static int update_islands(IcfSolver *s, const IcfProblem *p, double *v, int dual, int k, CbError *e) {
  for (int a = 0; a < s->nactive; ++a) {
    int I = s->active[a];
    Island *is = &s->isl[I];
    double alpha = is->alpha;
    for (int q = s->isl_con_start[I]; q < s->isl_con_start[I + 1]; ++q) {
      int i = s->isl_con[q];
      const double *du = s->dvc + 3 * i;
      if (dual && p->con[i].mu * p->con[i].n0 > 0) { /* w is used only with friction */
        double step[3] = {alpha * du[0], alpha * du[1], alpha * du[2]};
        icf_friction_dual_update_at(s->vc + 3 * i, s->finv_s[i], step, s->fw + 2 * i);
      }
      for (int r = 0; r < 3; ++r) s->vc[3 * i + r] += alpha * du[r]; /* J (v + alpha p) + o */
    }
    double dvn = 0.0;
    for (int q = s->isl_tree_start[I]; q < s->isl_tree_start[I + 1]; ++q) {
      int t = s->isl_tree[q];
      for (int j = p->tree_vadr[t]; j < p->tree_vadr[t] + p->tree_nv[t]; ++j) {
        double dv = alpha * s->p[j];
        v[j] += dv;
        dvn += (dv / s->dscale[j]) * (dv / s->dscale[j]);
      }
    }
    dvn = sqrt(dvn);
    if (!isfinite(dvn)) return fail(e, CB_ERR_NONFINITE, "non-finite update", k);
    double eta = 1.0, theta = 0.0;
    if (is->dv_prev > 0) {
      theta = dvn / is->dv_prev;
      if (theta > 0.9999) theta = 0.9999;
      eta = theta / (1.0 - theta);
    }
    const int rate_known = is->dv_prev > 0 && (!s->keep || is->dv_prev_factor == s->factor_count);
    if (s->opt.hessian_reuse && rate_known &&
        pow(theta, (double)(s->opt.reuse_target - (k + 1))) / (1.0 - theta) * dvn > is->tol)
      mark_stale(s, I); /* eq. 35 */
    is->dv_prev = dvn;
    is->dv_prev_factor = s->factor_count;
    if (eta * dvn <= is->tol) deactivate(s, I, ISLAND_CONVERGED_UPDATE); /* eq. 33 */
  }
  return CB_OK;
}

CbStatus icf_solver_solve(IcfSolver *s, const IcfProblem *p, const double *diagM, double *v,
                     IcfSolverStats *st, CbError *e) {
  int nv = p->nv;
  if (reserve(s, p)) return fail(e, CB_ERR_MEMORY, "out of memory", 0);
  st->solves++;
  st->last_iters = 0;
  /* D = diag(M)^{-1/2}; scale = max(floor, |D r|) (eq. 32). |D g| is a momentum in units of
   * sqrt(kg) m/s, and the paper's floor 1 is that of 1 kg at 1 m/s: for a problem whose heaviest
   * coordinate is lighter, an absolute 1 is met at the initial guess (a body of 1e-12 kg under
   * gravity never fell), so the floor scales as sqrt(max diag M) below 1 kg. */
  double mmax = 0.0;
  for (int t = 0; t < p->ntree; ++t)
    for (int i = 0; i < p->tree_nv[t]; ++i) {
      int j = p->tree_vadr[t] + i;
      double m = diagM ? diagM[j] : p->A[p->tree_madr[t] + i * p->tree_nv[t] + i];
      s->dscale[j] = m > 0 ? 1.0 / sqrt(m) : 1.0;
      if (m > mmax) mmax = m;
    }
  double dr = 0.0;
  for (int j = 0; j < nv; ++j) dr += (s->dscale[j] * p->r[j]) * (s->dscale[j] * p->r[j]);
  const double floor_scale = mmax > 0 && mmax < 1.0 ? sqrt(mmax) : 1.0;
  double tol = s->opt.tol * fmax(floor_scale, sqrt(dr));
  /* With reuse the factorization is of the whole problem, kept across solves and steps as the
   * paper does (CENIC sec. IV-C: "not only across iterations, but also across convex solves and
   * time steps"): an old H, of another step size, contact set or pattern, is an approximate
   * Newton matrix whose direction the line search and eqs. 32-35 judge like any other; a
   * factorization of some islands only would leave the others without one. */
  /* The time split is taken as laps, one clock read per phase boundary (timing each phase
   * apart would double the clock reads, which are not free); the setup counts as assembly with
   * the first gradient. */
  double lap = wall_seconds();
  for (int i = 0; i < p->ncon; ++i) icf_contact_velocity(p, i, v, s->vc + 3 * i);
  find_islands(s, p);
  s->nactive = s->nisl;
  memset(s->tree_active, 0, (size_t)p->ntree);
  for (int I = 0; I < s->nisl; ++I) {
    start_island(s, p, I, tol);
    s->active[I] = I;
  }
  icf_lin_set_active(s->lin, s->opt.hessian_reuse && !s->keep ? NULL : s->tree_active);
  /* the last solve's block pattern may join trees that are now in different islands (a cut
   * contact acted there); the factorization of one island must not reach into another */
  if (s->ncut > 0) icf_lin_forget_pattern(s->lin);
  /* Why the dual friction Hessian is the default: a sliding contact's radial curvature is
   * mu n0 eps^2 / s^3, so on large clutter the exact Newton step moves most friction contacts'
   * tangential velocity by many times their soft-norm scale s, the exact line search cuts alpha
   * far below 1 at every iteration and the solve does not converge (not a round-off floor).
   * Starting the dual at w = 0 makes the first step a majorization step. */
  int dual = s->opt.friction_hessian == ICF_FRICTION_DUAL && !p->model; /* the dual blocks are Lagged's soft norm */
  if (dual && p->ncon > 0) memset(s->fw, 0, 2 * (size_t)p->ncon * sizeof(double));
  /* the gradient pass writes the dual friction blocks into Gc, which the factorization reads */
  const IcfFrictionDual fdual = {s->fw, s->finv_s};
  for (int k = 0;; ++k) {
    /* gradient of the active islands, and eq. 32: on the whole problem, then per island */
    for (int a = 0; a < s->nactive; ++a) {
      int I = s->active[a];
      IcfPart part = island_part(s, I);
      icf_gradient_part(p, &part, v, s->vc, dual ? &fdual : NULL, s->g, s->Gc);
      double dg = 0.0;
      for (int q = 0; q < part.ntree; ++q) {
        int t = part.tree[q];
        for (int j = p->tree_vadr[t]; j < p->tree_vadr[t] + p->tree_nv[t]; ++j)
          dg += (s->dscale[j] * s->g[j]) * (s->dscale[j] * s->g[j]);
      }
      s->isl[I].dg = sqrt(dg);
    }
    st->time_assembly += lap_seconds(&lap);
    double dg2 = 0.0; /* |D g|^2, an island converged by eq. 33 counted at its bound tol_I^2 */
    for (int I = 0; I < s->nisl; ++I) {
      const Island *is = &s->isl[I];
      dg2 += is->state == ISLAND_CONVERGED_UPDATE ? is->tol * is->tol : is->dg * is->dg;
    }
    st->last_dg = sqrt(dg2);
    if (!isfinite(st->last_dg)) return fail(e, CB_ERR_NONFINITE, "non-finite gradient", k);
    if (st->last_dg <= tol) { /* eq. 32 */
      newton_tap_report(s->tap, k, st->last_dg, tol, NAN, 0);
      return CB_OK;
    }
    for (int a = 0; a < s->nactive; ++a)
      if (s->isl[s->active[a]].dg <= s->isl[s->active[a]].tol) deactivate(s, s->active[a], ISLAND_CONVERGED_GRADIENT);
    compact_active(s);
    if (s->nactive == 0) { /* every island met its share: eq. 32 up to round-off */
      newton_tap_report(s->tap, k, st->last_dg, tol, NAN, 0);
      return CB_OK;
    }
    if (k >= s->opt.max_iters) return fail(e, CB_ERR_MAX_ITERS, "no convergence", k);
    int active_nv = 0;
    for (int a = 0; a < s->nactive; ++a) active_nv += s->isl[s->active[a]].nv;
    const int refactor = !s->opt.hessian_reuse || s->stale || !s->has_factor || (s->keep && active_tree_stale(s));
    s->refactored = refactor;
    if (refactor) {
      s->has_factor = 0;
      long analyses = icf_lin_analyses(s->lin);
      int frc = icf_lin_factor_at(s->lin, p, v, s->vc, s->Gc);
      if (frc != CB_OK)
        return fail(e, frc, frc == CB_ERR_MEMORY ? "out of memory" : "Hessian factorization failed", k);
      st->symbolic_analyses += icf_lin_analyses(s->lin) - analyses;
      st->factorizations++;
      st->factor_updates += icf_lin_block_updates(s->lin);
      s->has_factor = 1;
      s->stale = 0;
      s->factor_count++;
      for (int t = 0; s->keep && t < p->ntree; ++t)
        if (s->tree_active[t]) s->tree_stale[t] = 0;
    }
    st->newton_dofs += active_nv;
    for (int t = 0; t < p->ntree; ++t) {
      int a0 = p->tree_vadr[t], a1 = a0 + p->tree_nv[t];
      for (int j = a0; j < a1; ++j) s->p[j] = s->tree_active[t] ? -s->g[j] : 0.0;
    }
    if (icf_lin_solve(s->lin, s->p, s->p)) return fail(e, CB_ERR_FACTOR, "linear solve failed", k);
    st->time_factorization += lap_seconds(&lap); /* the factorization, if any, and the solve */
    /* an exact line search per active island along its part of p */
    double evals_weighted = 0.0;
    int retry = 0;
    int ls = search_islands(s, p, v, k, &evals_weighted, &retry, e);
    if (ls != CB_OK) return ls;
    /* an island's evaluation costs its share of a whole-problem evaluation: counted as nv_I / nv */
    st->linesearch_work += nv > 0 ? evals_weighted / nv : 0.0;
    st->linesearch_iters = llround(st->linesearch_work);
    st->time_linesearch += lap_seconds(&lap);
    if (retry) {
      newton_tap_report(s->tap, k, st->last_dg, tol, 0.0, refactor);
      mark_stale(s, s->retry_island);
      continue;
    }
    /* each island moves by its own step; eq. 33 per island */
    int up = update_islands(s, p, v, dual, k, e);
    if (up != CB_OK) return up;
    newton_tap_report(s->tap, k, st->last_dg, tol, s->nactive > 0 ? s->isl[s->active[0]].alpha : NAN, refactor);
    st->newton_iters++;
    st->last_iters = k + 1;
    /* v moved: a cut contact that acts now joins its islands before any of them can stop */
    if (s->ncut > 0) merge_acting_cuts(s, p, v, tol);
    compact_active(s);
    if (s->nactive == 0) return CB_OK;
    lap = wall_seconds(); /* the update is none of the split's phases: it stays in the rest */
  }
}
