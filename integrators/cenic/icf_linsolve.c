#include "icf_linsolve.h"
#include "icf_kernel.h"

#include <cholmod.h>

#include "icf_blockchol.h"
#include "models/pair_sort.h"
#include <stdlib.h>
#include <math.h>
#include <string.h>

extern void dpotrf_(const char *uplo, const int *n, double *a, const int *lda, int *info);
extern void dpotrs_(const char *uplo, const int *n, const int *nrhs, const double *a, const int *lda,
                    double *b, const int *ldb, int *info);

struct IcfLinSolver {
  IcfLinSolverKind kind;
  int nv, ntree, mass_size, max_tree_nv;
  const unsigned char *active; /* [ntree] trees to factor (block path), or NULL: all */
  const unsigned char *fact_active; /* the active flags of the last factorization */
  /* keep mode (block path, icf_lin_keep_columns): a factorization refactors the active trees
   * and keeps the other trees' columns; solves run on solve_active */
  const unsigned char *solve_active;
  unsigned char *col_valid; /* [ntree] the tree's column holds a factorization of this analysis */
  unsigned char *need;      /* [ntree] the trees the next keep-mode factorization refactors */
  const int *tree_vadr, *tree_nv, *tree_madr; /* borrowed from the problem it was made for */
  /* coupled tree pairs (a < b): the current problem's and the factored one's */
  int npair, nfact_pair, pair_cap;
  int *pair, *fact_pair;   /* [2 * pair_cap] */
  int *pair_off;           /* [pair_cap] offset of the pair's block in blk */
  int *pair_raw;           /* [2 * pair_cap] the contacts' pairs before sorting */
  int *bucket;             /* [ntree + 1] counting sort of the pairs by column */
  int *pair_col;           /* [ntree + 1] s->pair's column b at [pair_col[b], pair_col[b + 1]) */
  unsigned long pairs_version;  /* contacts_version of the problem s->pair was collected from */
  const IcfProblem *pairs_problem;
  int *con_pair;           /* [con_pair_cap] the index in s->pair of each contact's tree pair, or -1 (one
                            * tree, or a pair the pattern leaves out) */
  int con_pair_cap;
  double *blk;             /* diagonal blocks, then off-diagonal blocks */
  int blk_size, blk_cap;
  double *gj;              /* [3 * max_tree_nv] scratch */
  int factored;
  /* dense path */
  double *H, *L;           /* [nv * nv] */
  /* block path */
  IcfBlockChol *bc;
  /* CHOLMOD path */
  cholmod_common cc;
  cholmod_sparse *S;
  cholmod_factor *F;
  cholmod_dense *B, *X, *Y, *E;
  int *nzmap;              /* [nnz] index into blk of each stored entry */
  size_t nz_cap;
  long analyses;
};

static CbStatus grow_int(int **a, int n) {
  int *p = realloc(*a, (size_t)n * sizeof(int));
  if (!p) return CB_ERR_MEMORY;
  *a = p;
  return CB_OK;
}

IcfLinSolver *icf_lin_create(const IcfProblem *p, IcfLinSolverKind kind) {
  IcfLinSolver *s = calloc(1, sizeof *s);
  if (!s) return NULL;
  s->kind = kind;
  s->nv = p->nv;
  s->ntree = p->ntree;
  s->mass_size = p->mass_size;
  s->tree_vadr = p->tree_vadr;
  s->tree_nv = p->tree_nv;
  s->tree_madr = p->tree_madr;
  for (int t = 0; t < p->ntree; ++t)
    if (p->tree_nv[t] > s->max_tree_nv) s->max_tree_nv = p->tree_nv[t];
  s->pair_cap = 16;
  s->pair = malloc(2 * (size_t)s->pair_cap * sizeof(int));
  s->fact_pair = malloc(2 * (size_t)s->pair_cap * sizeof(int));
  s->pair_off = malloc((size_t)s->pair_cap * sizeof(int));
  s->pair_raw = malloc(2 * (size_t)s->pair_cap * sizeof(int));
  s->bucket = malloc(((size_t)p->ntree + 1) * sizeof(int));
  s->pair_col = malloc(((size_t)p->ntree + 1) * sizeof(int));
  s->blk_cap = s->mass_size > 0 ? s->mass_size : 1;
  s->blk = calloc((size_t)s->blk_cap, sizeof(double));
  s->gj = calloc(3 * (size_t)(s->max_tree_nv > 0 ? s->max_tree_nv : 1), sizeof(double));
  s->col_valid = calloc((size_t)p->ntree + 1, 1);
  s->need = calloc((size_t)p->ntree + 1, 1);
  size_t nn = (size_t)s->nv * (size_t)s->nv;
  if (!s->pair || !s->fact_pair || !s->pair_off || !s->pair_raw || !s->bucket || !s->pair_col || !s->blk || !s->gj || !s->col_valid || !s->need) {
    icf_lin_free(s);
    return NULL;
  }
  if (kind == ICF_LINSOLVE_DENSE) { /* only the dense path holds nv^2 matrices (288 MB at 1000 objects) */
    s->H = calloc(nn > 0 ? nn : 1, sizeof(double));
    s->L = calloc(nn > 0 ? nn : 1, sizeof(double));
    if (!s->H || !s->L) {
      icf_lin_free(s);
      return NULL;
    }
  } else if (kind == ICF_LINSOLVE_BLOCK) {
    s->bc = icf_blockchol_create(p->ntree, p->tree_nv, p->tree_vadr);
    if (!s->bc) {
      icf_lin_free(s);
      return NULL;
    }
  } else {
    cholmod_start(&s->cc);
    s->cc.print = 0;
    /* Simplicial LL' with AMD only: on clutter the supernodal path spends most of its time in
     * OpenMP synchronization (Debian's CHOLMOD is built with CHOLMOD_OMP_NUM_THREADS 4) and
     * malloc/free inside cholmod_factorize (blocks of 6 are too small for supernodes to pay),
     * and METIS tries in the analysis. The BLAS is a small share of it, so a faster BLAS is no
     * reason to switch. */
    s->cc.supernodal = CHOLMOD_SIMPLICIAL;
    s->cc.final_ll = 1;
    s->cc.nmethods = 1;
    s->cc.method[0].ordering = CHOLMOD_AMD;
    s->cc.postorder = 1;
    s->B = cholmod_allocate_dense((size_t)s->nv, 1, (size_t)s->nv, CHOLMOD_REAL, &s->cc);
    if (!s->B) {
      icf_lin_free(s);
      return NULL;
    }
  }
  return s;
}

void icf_lin_free(IcfLinSolver *s) {
  if (!s) return;
  if (s->kind == ICF_LINSOLVE_CHOLMOD) {
    if (s->S) cholmod_free_sparse(&s->S, &s->cc);
    if (s->F) cholmod_free_factor(&s->F, &s->cc);
    if (s->B) cholmod_free_dense(&s->B, &s->cc);
    if (s->X) cholmod_free_dense(&s->X, &s->cc);
    if (s->Y) cholmod_free_dense(&s->Y, &s->cc);
    if (s->E) cholmod_free_dense(&s->E, &s->cc);
    cholmod_finish(&s->cc);
  }
  icf_blockchol_free(s->bc);
  free(s->pair);
  free(s->fact_pair);
  free(s->pair_off);
  free(s->pair_raw);
  free(s->con_pair);
  free(s->bucket);
  free(s->pair_col);
  free(s->blk);
  free(s->gj);
  free(s->col_valid);
  free(s->need);
  free(s->H);
  free(s->L);
  free(s->nzmap);
  free(s);
}

long icf_lin_analyses(const IcfLinSolver *s) { return s->analyses; }
long icf_lin_block_updates(const IcfLinSolver *s) { return s->kind == ICF_LINSOLVE_BLOCK && s->bc ? icf_blockchol_updates(s->bc) : 0; }

/* Whether contact i adds to H at the iterate: G_i != 0, that is a normal entry (v_n below the
 * breaking velocity, icf_contact_eval) or a friction block (mu n0 > 0); Gc_i = NULL: assumed.
 * icf_contact_acts at the same v_c, read from the G the gradient pass already made. In SAP and
 * Similar (icf_models.h) G_nn > 0 wherever G != 0, and mu n0 > 0 only adds a zero block. */
static inline int contact_couples(const IcfContact *c, const double *Gc_i) {
  return !Gc_i || Gc_i[8] != 0.0 || c->mu * c->n0 > 0;
}

/* A contact that joins two trees (a pair of the block pattern if it adds to H). */
static inline int joins_trees(const IcfContact *c) {
  return c->tree[0] >= 0 && c->tree[1] >= 0 && c->tree[0] != c->tree[1] && c->jac_off[1] >= 0;
}

/* Sorted unique pairs of the trees joined by contacts that add to H (Gc as in contact_couples)
 * into s->pair; 0 or -1 (pair_sort: O(ntree + pairs)). */
static CbStatus collect_pairs(IcfLinSolver *s, const IcfProblem *p, const double *Gc) {
  int n = 0;
  for (int i = 0; i < p->ncon; ++i) {
    int a = p->con[i].tree[0], b = p->con[i].tree[1];
    if (!joins_trees(&p->con[i]) || !contact_couples(&p->con[i], Gc ? Gc + 9 * i : NULL)) continue;
    if (n + 1 > s->pair_cap) {
      int c = 2 * s->pair_cap > n + 1 ? 2 * s->pair_cap : n + 1;
      if (grow_int(&s->pair, 2 * c) || grow_int(&s->fact_pair, 2 * c) || grow_int(&s->pair_off, c) ||
          grow_int(&s->pair_raw, 2 * c))
        return CB_ERR_MEMORY;
      s->pair_cap = c;
    }
    s->pair_raw[2 * n] = a < b ? a : b;
    s->pair_raw[2 * n + 1] = a < b ? b : a;
    n++;
  }
  pair_sort(s->pair_raw, n, 1, s->ntree, s->bucket, s->pair); /* by column tree, then row */
  int u = 0;
  for (int k = 0; k < n; ++k)
    if (u == 0 || s->pair[2 * k] != s->pair[2 * (u - 1)] || s->pair[2 * k + 1] != s->pair[2 * (u - 1) + 1]) {
      s->pair[2 * u] = s->pair[2 * k];
      s->pair[2 * u + 1] = s->pair[2 * k + 1];
      u++;
    }
  s->npair = u;
  memset(s->pair_col, 0, ((size_t)s->ntree + 1) * sizeof(int));
  for (int k = 0; k < u; ++k) s->pair_col[s->pair[2 * k + 1] + 1]++;
  for (int b = 0; b < s->ntree; ++b) s->pair_col[b + 1] += s->pair_col[b];
  return CB_OK;
}

/* Index of pair (a, b) in the sorted list, or -1: a scan of column b, which holds the few trees
 * touching tree b (a binary search over all pairs, once per contact at each new pattern, costs
 * log(pairs) per contact on large scenes). */
static int find_pair(const IcfLinSolver *s, int a, int b) {
  for (int k = s->pair_col[b]; k < s->pair_col[b + 1]; ++k)
    if (s->pair[2 * k] == a) return k;
  return -1;
}

/* The block pattern of H at the iterate into s->pair: the tree pairs joined by a contact that
 * adds to H. A contact whose G is zero (speculative and open, no friction) couples nothing;
 * counting its pair anyway fills the factor of a settling pile with blocks that are zero. For a
 * new contact set the pattern is exactly that; within one (Newton's iterates of a step) it is
 * kept while every contact that adds to H has its pair in it, so a contact that opens leaves a
 * zero block rather than a new analysis (most pattern changes of a large pile happen within a
 * step). Sorting happens only when the pattern changes, not at every factorization. 0 or -1 (no
 * memory). */
static int refresh_pairs(IcfLinSolver *s, const IcfProblem *p, const double *Gc) {
  if (p->ncon > s->con_pair_cap) {
    int c = p->ncon > 2 * s->con_pair_cap ? p->ncon : 2 * s->con_pair_cap;
    if (grow_int(&s->con_pair, c)) return -1;
    s->con_pair_cap = c;
    s->pairs_problem = NULL; /* con_pair was not written for these */
  }
  if (p->contacts_version != 0 && p->contacts_version == s->pairs_version && p == s->pairs_problem) {
    int fits = 1; /* the same contact set: does the pattern still cover every contact that adds to H? */
    for (int i = 0; fits && i < p->ncon; ++i)
      fits = s->con_pair[i] >= 0 || !joins_trees(&p->con[i]) || !contact_couples(&p->con[i], Gc ? Gc + 9 * i : NULL);
    if (fits) return 0;
  }
  s->pairs_problem = NULL;
  if (collect_pairs(s, p, Gc)) return -1;
  for (int i = 0; i < p->ncon; ++i) { /* found once per pattern, not per contact and factorization */
    int a = p->con[i].tree[0], b = p->con[i].tree[1];
    s->con_pair[i] = joins_trees(&p->con[i]) ? find_pair(s, a < b ? a : b, a < b ? b : a) : -1;
  }
  s->pairs_version = p->contacts_version;
  s->pairs_problem = p;
  return 0;
}

void icf_lin_forget_pattern(IcfLinSolver *s) { s->pairs_problem = NULL; }

/* Whether s->pair differs from the factored pattern. */
static int differs_from_factored(const IcfLinSolver *s) {
  if (!s->factored || s->npair != s->nfact_pair) return 1;
  return memcmp(s->pair, s->fact_pair, 2 * (size_t)s->npair * sizeof(int)) != 0;
}

int icf_lin_pattern_changed(IcfLinSolver *s, const IcfProblem *p, const double *Gc) {
  return refresh_pairs(s, p, Gc) || differs_from_factored(s);
}

/* gj = G Jb (G: 3 x 3, Jb: 3 x nb). Written once, instantiated for the free body's nb = 6 so
 * that the compiler unrolls and vectorizes it (with run-time bounds it cannot). */
FORCE_INLINE void g_times_jac(double *restrict gj, const double *restrict G, const double *restrict Jb, int nb) {
  #pragma GCC unroll 3
  for (int r = 0; r < 3; ++r) {
    const double g0 = G[3 * r], g1 = G[3 * r + 1], g2 = G[3 * r + 2];
    #pragma GCC unroll 6
    for (int j = 0; j < nb; ++j) gj[r * nb + j] = g0 * Jb[j] + g1 * Jb[nb + j] + g2 * Jb[2 * nb + j];
  }
}

/* blk += Ja^T gj (Ja: 3 x na, gj: 3 x nb, blk: na x nb). The restrict pointers matter: without
 * them the compiler must assume that a store to blk may change Ja or gj, reloads both after every
 * store and cannot vectorize. */
FORCE_INLINE void add_jt_times(double *restrict blk, const double *restrict Ja, const double *restrict gj, int na, int nb) {
  #pragma GCC unroll 6
  for (int ia = 0; ia < na; ++ia) {
    const double a0 = Ja[ia], a1 = Ja[na + ia], a2 = Ja[2 * na + ia];
    #pragma GCC unroll 6
    for (int j = 0; j < nb; ++j) blk[ia * nb + j] += a0 * gj[j] + a1 * gj[nb + j] + a2 * gj[2 * nb + j];
  }
}

/* blk += Ja^T gj on and below the diagonal only (a diagonal block, gj = G Ja with G symmetric:
 * the product is symmetric; the factorizations read the lower triangle, and the dense copy
 * mirrors it). 21 of 36 entries for a free body. */
FORCE_INLINE void add_jt_times_lower(double *restrict blk, const double *restrict Ja, const double *restrict gj, int n) {
  #pragma GCC unroll 6
  for (int ia = 0; ia < n; ++ia) {
    const double a0 = Ja[ia], a1 = Ja[n + ia], a2 = Ja[2 * n + ia];
    #pragma GCC unroll 6
    for (int j = 0; j <= ia; ++j) blk[ia * n + j] += a0 * gj[j] + a1 * gj[n + j] + a2 * gj[2 * n + j];
  }
}

/* gj = G Jb for a G without normal-tangential coupling (G[2] = G[5] = G[6] = G[7] = 0): the
 * lagged ICF contact's (a friction block and a normal entry, icf_contact_eval), 5 products per
 * column instead of 9. The same sums as g_times_jac less its zero terms. */
FORCE_INLINE void g_times_jac_uncoupled(double *restrict gj, const double *restrict G, const double *restrict Jb, int nb) {
  const double g00 = G[0], g01 = G[1], g10 = G[3], g11 = G[4], g22 = G[8];
  #pragma GCC unroll 6
  for (int j = 0; j < nb; ++j) {
    gj[j] = g00 * Jb[j] + g01 * Jb[nb + j];
    gj[nb + j] = g10 * Jb[j] + g11 * Jb[nb + j];
    gj[2 * nb + j] = g22 * Jb[2 * nb + j];
  }
}

FORCE_INLINE void g_times_jac_any(double *gj, const double *G, const double *Jb, int nb) {
  if (G[2] == 0.0 && G[5] == 0.0 && G[6] == 0.0 && G[7] == 0.0) {
    if (nb == 6) g_times_jac_uncoupled(gj, G, Jb, 6);
    else g_times_jac_uncoupled(gj, G, Jb, nb);
  } else if (nb == 6) g_times_jac(gj, G, Jb, 6);
  else g_times_jac(gj, G, Jb, nb);
}

FORCE_INLINE void add_jt_times_any(double *blk, const double *Ja, const double *gj, int na, int nb) {
  if (na == 6 && nb == 6) add_jt_times(blk, Ja, gj, 6, 6);
  else add_jt_times(blk, Ja, gj, na, nb);
}

FORCE_INLINE void add_jt_times_lower_any(double *blk, const double *Ja, const double *gj, int n) {
  if (n == 6) add_jt_times_lower(blk, Ja, gj, 6);
  else add_jt_times_lower(blk, Ja, gj, n);
}

/* Block values of H at v into s->blk (pairs already collected); with active != NULL only the
 * active trees' blocks (the others are left stale or zero). The diagonal blocks are valid on and
 * below their diagonal only (the contact terms are added there only). */
SIMD_CLONES static int assemble_blocks(IcfLinSolver *s, const IcfProblem *p, const double *v, const double *vc_all,
                           const double *Gc, const unsigned char *active) {
  int size = s->mass_size;
  for (int k = 0; k < s->npair; ++k) {
    s->pair_off[k] = size;
    size += s->tree_nv[s->pair[2 * k]] * s->tree_nv[s->pair[2 * k + 1]];
  }
  if (size > s->blk_cap) {
    double *b = realloc(s->blk, (size_t)size * sizeof(double));
    if (!b) return CB_ERR_MEMORY;
    s->blk = b;
    s->blk_cap = size;
  }
  s->blk_size = size;
  if (!active) memcpy(s->blk, p->A, (size_t)s->mass_size * sizeof(double));
  else
    for (int t = 0; t < s->ntree; ++t)
      if (active[t]) memcpy(s->blk + s->tree_madr[t], p->A + s->tree_madr[t], (size_t)s->tree_nv[t] * (size_t)s->tree_nv[t] * sizeof(double));
  if (!active) memset(s->blk + s->mass_size, 0, (size_t)(size - s->mass_size) * sizeof(double));
  else /* only the active islands' coupling blocks (a pair joining an active and an inactive tree is not read) */
    for (int k = 0; k < s->npair; ++k)
      if (active[s->pair[2 * k]])
        memset(s->blk + s->pair_off[k], 0, (size_t)s->tree_nv[s->pair[2 * k]] * (size_t)s->tree_nv[s->pair[2 * k + 1]] * sizeof(double));
  for (int i = 0; i < p->ncon; ++i) {
    const IcfContact *c = &p->con[i];
    int own = c->tree[0] >= 0 ? c->tree[0] : c->tree[1]; /* its island's tree (-1: two static sides) */
    if (active && (own < 0 || !active[own])) continue;
    double vc_own[3], G[9];
    const double *vc = vc_all ? vc_all + 3 * i : vc_own;
    if (Gc) {
      /* a separating contact without friction adds nothing (a third of them on hard clutter),
       * and its trees are not paired in the pattern (refresh_pairs) */
      if (!contact_couples(c, Gc + 9 * i)) continue;
      memcpy(G, Gc + 9 * i, sizeof G);
    } else {
      if (!vc_all) icf_contact_velocity(p, i, v, vc_own);
      icf_problem_contact_eval(p, i, vc, NULL, G);
    }
    if (c->weight != 1.0)
      for (int e = 0; e < 9; ++e) G[e] *= c->weight;
    for (int sb = 0; sb < 2; ++sb) { /* column side */
      int tb = c->tree[sb];
      if (tb < 0 || c->jac_off[sb] < 0) continue;
      int nb = s->tree_nv[tb];
      const double *Jb = p->jac + c->jac_off[sb];
      g_times_jac_any(s->gj, G, Jb, nb);
      for (int sa = 0; sa < 2; ++sa) { /* row side */
        int ta = c->tree[sa];
        if (ta < 0 || c->jac_off[sa] < 0 || ta > tb) continue;
        int na = s->tree_nv[ta];
        const double *Ja = p->jac + c->jac_off[sa];
        double *blk;
        if (ta == tb) {
          if (sa != sb) continue;
          add_jt_times_lower_any(s->blk + s->tree_madr[ta], Ja, s->gj, na);
          continue;
        } else {
          int k = s->con_pair[i];
          if (k < 0) return CB_ERR_FACTOR; /* the pattern misses this pair */
          blk = s->blk + s->pair_off[k];
        }
        add_jt_times_any(blk, Ja, s->gj, na, nb);
      }
    }
  }
  for (int i = 0; i < p->ndof; ++i) { /* dof terms: diagonal */
    const IcfDofTerm *t = &p->dofterm[i];
    int tr = p->dof_tree[t->dof], n = s->tree_nv[tr], li = t->dof - s->tree_vadr[tr];
    if (active && !active[tr]) continue;
    double G;
    icf_dof_eval(t, v[t->dof], NULL, &G);
    s->blk[s->tree_madr[tr] + li * n + li] += G;
  }
  return 0;
}

/* Full symmetric H (row-major = column-major) from the blocks, into H [nv * nv]. */
static void blocks_to_dense(const IcfLinSolver *s, double *H) {
  int nv = s->nv;
  memset(H, 0, (size_t)nv * (size_t)nv * sizeof(double));
  for (int t = 0; t < s->ntree; ++t) {
    int n = s->tree_nv[t], a = s->tree_vadr[t];
    const double *B = s->blk + s->tree_madr[t];
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) H[(size_t)(a + i) * nv + a + j] = i >= j ? B[i * n + j] : B[j * n + i];
  }
  for (int k = 0; k < s->npair; ++k) {
    int ta = s->pair[2 * k], tb = s->pair[2 * k + 1];
    int na = s->tree_nv[ta], nb = s->tree_nv[tb], a = s->tree_vadr[ta], b = s->tree_vadr[tb];
    const double *B = s->blk + s->pair_off[k];
    for (int i = 0; i < na; ++i)
      for (int j = 0; j < nb; ++j) {
        H[(size_t)(a + i) * nv + b + j] = B[i * nb + j];
        H[(size_t)(b + j) * nv + a + i] = B[i * nb + j];
      }
  }
}

void icf_lin_dense_hessian(IcfLinSolver *s, double *H) {
  if (s->kind != ICF_LINSOLVE_DENSE) blocks_to_dense(s, H); /* the sparse paths never form it */
  else memcpy(H, s->H, (size_t)s->nv * (size_t)s->nv * sizeof(double));
}

/* Upper-triangular CSC pattern of the block structure and its analysis (pattern changed). */
static CbStatus cholmod_analyze_pattern(IcfLinSolver *s) {
  size_t nnz = 0;
  for (int t = 0; t < s->ntree; ++t) nnz += (size_t)s->tree_nv[t] * (size_t)(s->tree_nv[t] + 1) / 2;
  for (int k = 0; k < s->npair; ++k) nnz += (size_t)s->tree_nv[s->pair[2 * k]] * (size_t)s->tree_nv[s->pair[2 * k + 1]];
  if (!s->S || nnz > s->nz_cap) {
    if (s->S) cholmod_free_sparse(&s->S, &s->cc);
    size_t cap = nnz > 2 * s->nz_cap ? nnz : 2 * s->nz_cap;
    s->S = cholmod_allocate_sparse((size_t)s->nv, (size_t)s->nv, cap, 1, 1, 1, CHOLMOD_REAL, &s->cc);
    int *m = realloc(s->nzmap, cap * sizeof(int));
    if (m) s->nzmap = m; /* realloc may have freed the old block: never keep the stale pointer */
    if (!s->S || !m) {
      if (s->S) cholmod_free_sparse(&s->S, &s->cc); /* next call retries both */
      return CB_ERR_MEMORY;
    }
    s->nz_cap = cap;
  }
  int *Sp = s->S->p, *Si = s->S->i;
  size_t pos = 0;
  int k0 = 0; /* pairs sorted by b then a: tree tb's pairs are pair[k0..k1), rows increasing */
  for (int tb = 0; tb < s->ntree; ++tb) {
    int nb = s->tree_nv[tb], b = s->tree_vadr[tb];
    while (k0 < s->npair && s->pair[2 * k0 + 1] < tb) ++k0;
    int k1 = k0;
    while (k1 < s->npair && s->pair[2 * k1 + 1] == tb) ++k1;
    for (int jj = 0; jj < nb; ++jj) {
      Sp[b + jj] = (int)pos;
      for (int k = k0; k < k1; ++k) {
        int ta = s->pair[2 * k], na = s->tree_nv[ta], a = s->tree_vadr[ta];
        for (int ia = 0; ia < na; ++ia) {
          Si[pos] = a + ia;
          s->nzmap[pos++] = s->pair_off[k] + ia * nb + jj;
        }
      }
      for (int ii = 0; ii <= jj; ++ii) { /* upper (ii, jj) of H: the block's lower (jj, ii) */
        Si[pos] = b + ii;
        s->nzmap[pos++] = s->tree_madr[tb] + jj * nb + ii;
      }
    }
  }
  Sp[s->nv] = (int)pos;
  if (s->F) cholmod_free_factor(&s->F, &s->cc);
  s->F = cholmod_analyze(s->S, &s->cc);
  if (!s->F) return CB_ERR_MEMORY;
  s->analyses++;
  return CB_OK;
}

void icf_lin_set_active(IcfLinSolver *s, const unsigned char *tree_active) { s->active = tree_active; }

int icf_lin_keep_columns(IcfLinSolver *s, const unsigned char *solve_trees) {
  if (solve_trees && s->kind != ICF_LINSOLVE_BLOCK) return -1;
  if (!solve_trees || !s->solve_active) icf_lin_forget_columns(s); /* entering or leaving keep mode */
  s->solve_active = solve_trees;
  return 0;
}

void icf_lin_forget_columns(IcfLinSolver *s) {
  memset(s->col_valid, 0, (size_t)s->ntree);
  s->factored = 0;
}

int icf_lin_tree_factored(const IcfLinSolver *s, int tree) { return s->factored && s->col_valid[tree]; }

int icf_lin_factor(IcfLinSolver *s, const IcfProblem *p, const double *v) {
  return icf_lin_factor_at(s, p, v, NULL, NULL);
}

/* Keep mode: refactor the trees asked (s->active), and any tree the solve needs whose column is
 * not of this analysis (a new pattern invalidates every column); the others keep theirs. */
static int factor_keep(IcfLinSolver *s, const IcfProblem *p, const double *v, const double *vc, const double *Gc,
                       int changed) {
  if (changed || !s->analyses) {
    if (icf_blockchol_analyze(s->bc, s->npair, s->pair)) return CB_ERR_MEMORY;
    s->analyses++;
    memset(s->col_valid, 0, (size_t)s->ntree);
  }
  for (int t = 0; t < s->ntree; ++t)
    s->need[t] = (s->active && s->active[t]) || (s->solve_active[t] && !s->col_valid[t]);
  s->factored = 0;
  int rc = assemble_blocks(s, p, v, vc, Gc, s->need);
  if (rc != CB_OK) return rc;
  if (icf_blockchol_factor_keep(s->bc, s->blk, s->tree_madr, s->pair_off, s->need)) {
    memset(s->col_valid, 0, (size_t)s->ntree); /* a failed factorization leaves its columns half done */
    return CB_ERR_FACTOR;
  }
  for (int t = 0; t < s->ntree; ++t) s->col_valid[t] |= s->need[t];
  memcpy(s->fact_pair, s->pair, 2 * (size_t)s->npair * sizeof(int));
  s->nfact_pair = s->npair;
  s->fact_active = s->solve_active;
  s->factored = 1;
  return CB_OK;
}

int icf_lin_factor_at(IcfLinSolver *s, const IcfProblem *p, const double *v, const double *vc, const double *Gc) {
  if (refresh_pairs(s, p, Gc)) return CB_ERR_MEMORY; /* con_pair does not cover p */
  int changed = differs_from_factored(s);
  if (s->solve_active && s->kind == ICF_LINSOLVE_BLOCK) return factor_keep(s, p, v, vc, Gc, changed);
  s->factored = 0;
  const unsigned char *active = s->kind == ICF_LINSOLVE_BLOCK ? s->active : NULL;
  int rc = assemble_blocks(s, p, v, vc, Gc, active);
  if (rc != CB_OK) return rc;
  int nv = s->nv;
  if (s->kind == ICF_LINSOLVE_DENSE) {
    blocks_to_dense(s, s->H);
    memcpy(s->L, s->H, (size_t)nv * (size_t)nv * sizeof(double));
    int info = 0;
    if (nv > 0) dpotrf_("L", &nv, s->L, &nv, &info);
    if (info != 0) return CB_ERR_FACTOR;
  } else if (s->kind == ICF_LINSOLVE_BLOCK) {
    if (changed || !s->analyses) {
      if (icf_blockchol_analyze(s->bc, s->npair, s->pair)) return CB_ERR_MEMORY;
      s->analyses++;
    }
    if (icf_blockchol_factor(s->bc, s->blk, s->tree_madr, s->pair_off, active)) return CB_ERR_FACTOR;
  } else {
    if (changed || !s->F) {
      if (cholmod_analyze_pattern(s)) return CB_ERR_MEMORY;
    }
    double *x = s->S->x;
    size_t nnz = (size_t)((int *)s->S->p)[nv];
    for (size_t k = 0; k < nnz; ++k) x[k] = s->blk[s->nzmap[k]];
    if (!cholmod_factorize(s->S, s->F, &s->cc) || s->cc.status != CHOLMOD_OK || s->F->minor < (size_t)nv)
      return s->cc.status == CHOLMOD_OUT_OF_MEMORY ? CB_ERR_MEMORY : CB_ERR_FACTOR;
  }
  memcpy(s->fact_pair, s->pair, 2 * (size_t)s->npair * sizeof(int));
  s->nfact_pair = s->npair;
  s->fact_active = active;
  s->factored = 1;
  return CB_OK;
}

int icf_lin_solve(IcfLinSolver *s, const double *b, double *x) {
  if (!s->factored) return -1;
  int nv = s->nv;
  if (s->kind == ICF_LINSOLVE_DENSE) {
    if (x != b) memcpy(x, b, (size_t)nv * sizeof(double));
    int one = 1, info = 0;
    if (nv > 0) dpotrs_("L", &nv, &one, s->L, &nv, x, &nv, &info);
    return info == 0 ? 0 : -1;
  }
  if (s->kind == ICF_LINSOLVE_BLOCK) {
    if (x != b) memcpy(x, b, (size_t)nv * sizeof(double));
    icf_blockchol_solve(s->bc, x, s->fact_active);
    return 0;
  }
  memcpy(s->B->x, b, (size_t)nv * sizeof(double));
  if (!cholmod_solve2(CHOLMOD_A, s->F, s->B, NULL, &s->X, NULL, &s->Y, &s->E, &s->cc)) return -1;
  memcpy(x, s->X->x, (size_t)nv * sizeof(double));
  return 0;
}
