#include "icf_blockchol.h"
#include "icf_kernel.h"

#include <amd.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

struct IcfBlockChol {
  int nb;
  int *bsize, *boff;
  int *order, *pos;        /* [nb] elimination order and its inverse */
  /* analysis only, [nb] each: the coupled blocks (active), a block's index among them (loc),
   * its coupling count, the elimination tree (first child and next sibling, by position), a
   * mark per position, and AMD's arrays */
  int *active, *loc, *deg, *child, *sibling, *mark;
  int *per_block;          /* the storage of every [nb] int array here (bsize ... diag_slot) */
  int *amd_pe, *amd_len, *amd_nv, *amd_next, *amd_last, *amd_head, *amd_elen, *amd_degree, *amd_w;
  int *adj_start;          /* [nb + 1] the coupled blocks' neighbours (local indices) */
  int *adj, *amd_iw;       /* [adj_cap], [iw_cap] */
  int adj_cap, iw_cap;
  int *nbr_start;          /* [nb + 1] by elimination position: later neighbours */
  int *nbr;                /* [nbr_cap], each front sorted by elimination position */
  int *nbr_orig;           /* [nbr_orig_cap] 1 if the block is in the matrix, 0 if fill creates it */
  int *nbr_off;            /* [nbr_cap] offset in L of block (nbr[u], order[k]) */
  int nbr_cap, nbr_orig_cap, nbr_off_cap;
  int *upd_off;            /* [upd_cap] offset in L of each Schur update's target, in factor order */
  int *diag_slot;          /* [nb] offset in L of the diagonal block of order[k] */
  int *fill;               /* [2 * fill_cap] offset in L and size of each block that fill creates */
  int nfill, fill_cap;
  int upd_cap;
  int npair, pair_cap;
  int *pair;               /* [pair_cap] copy of the analyzed pattern (2 ints per pair) */
  int *pair_dst;           /* [pair_cap / 2] offset in L of each pair's block, negative (-1 - offset) if stored transposed */
  int pair_dst_cap;
  double *L;
  long lsize, lcap;
  double *dinv;            /* [sum of bsize] reciprocals of L's diagonal, at boff[b] + i */
  double *front_t;         /* [36 * front_cap] the current front's blocks, transposed */
  int front_cap;
  long updates;            /* Schur updates of the last factorization */
};

static CbStatus grow_ints(int **a, int *cap, int need) {
  if (need <= *cap) return CB_OK;
  int n = need > 2 * *cap ? need : 2 * *cap;
  int *p = realloc(*a, (size_t)n * sizeof(int));
  if (!p) return CB_ERR_MEMORY;
  *a = p;
  *cap = n;
  return CB_OK;
}

IcfBlockChol *icf_blockchol_create(int nblock, const int *bsize, const int *boff) {
  IcfBlockChol *s = calloc(1, sizeof *s);
  if (!s) return NULL;
  int nb = nblock > 0 ? nblock : 1;
  s->nb = nblock;
  int **per_block[] = {&s->bsize,   &s->boff,     &s->order,    &s->pos,      &s->active,     &s->loc,
                       &s->deg,     &s->child,    &s->sibling,  &s->mark,     &s->amd_pe,     &s->amd_len,
                       &s->amd_nv,  &s->amd_next, &s->amd_last, &s->amd_head, &s->amd_elen,   &s->amd_degree,
                       &s->amd_w,   &s->diag_slot};
  const size_t narrays = sizeof per_block / sizeof *per_block;
  s->per_block = calloc(narrays * (size_t)nb, sizeof(int)); /* one allocation, carved */
  for (size_t k = 0; s->per_block && k < narrays; ++k) *per_block[k] = s->per_block + k * (size_t)nb;
  int ok = s->per_block != NULL;
  s->adj_start = calloc((size_t)nb + 1, sizeof(int));
  s->nbr_start = calloc((size_t)nb + 1, sizeof(int));
  int nv = 0;
  for (int b = 0; b < nblock; ++b)
    if (boff[b] + bsize[b] > nv) nv = boff[b] + bsize[b];
  s->dinv = calloc((size_t)(nv > 0 ? nv : 1), sizeof(double));
  if (!ok || !s->adj_start || !s->nbr_start || !s->dinv) {
    icf_blockchol_free(s);
    return NULL;
  }
  for (int b = 0; b < nblock; ++b) {
    s->bsize[b] = bsize[b];
    s->boff[b] = boff[b];
  }
  return s;
}

void icf_blockchol_free(IcfBlockChol *s) {
  if (!s) return;
  free(s->per_block);
  free(s->adj_start);
  free(s->adj);
  free(s->amd_iw);
  free(s->nbr_start);
  free(s->nbr);
  free(s->nbr_orig);
  free(s->nbr_off);
  free(s->upd_off);
  free(s->fill);
  free(s->pair);
  free(s->pair_dst);
  free(s->L);
  free(s->dinv);
  free(s->front_t);
  free(s);
}

long icf_blockchol_fill(const IcfBlockChol *s) { return s->lsize; }
long icf_blockchol_updates(const IcfBlockChol *s) { return s->updates; }
const int *icf_blockchol_order(const IcfBlockChol *s) { return s->order; }

/* Offset in L of block (i, j), pos[i] > pos[j]: i's place in j's front, which is sorted by
 * elimination position (binary search; the block exists by the elimination tree's fill). A table
 * over all block pairs would be nb^2 (40 GB at 1e5 bodies) for O(entries of L) blocks. */
static int block_off(const IcfBlockChol *s, int i, int j) {
  int kj = s->pos[j], pi = s->pos[i], lo = s->nbr_start[kj], hi = s->nbr_start[kj + 1] - 1;
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    if (s->pos[s->nbr[mid]] < pi) lo = mid + 1;
    else hi = mid;
  }
  return s->nbr_off[lo];
}

/* Offset in L of block (i, j), pos[i] >= pos[j]. */
static int slot_of(const IcfBlockChol *s, int i, int j) {
  return i == j ? s->diag_slot[s->pos[i]] : block_off(s, i, j);
}

/* The fill-reducing order of the coupled blocks: SuiteSparse AMD (approximate minimum degree with
 * aggressive absorption, postordered; Amestoy, Davis, Duff 1996) on the block graph, through
 * amd_2 on our own workspace (no allocation). On large clutter its factorizations take fewer
 * block updates than an exact minimum degree order. */
static CbStatus order_coupled(IcfBlockChol *s, int na) {
  int pfree = s->adj_start[na], iwlen = pfree + pfree / 5 + 2 * na + 1;
  if (grow_ints(&s->amd_iw, &s->iw_cap, iwlen)) return CB_ERR_MEMORY;
  memcpy(s->amd_iw, s->adj, (size_t)pfree * sizeof(int));
  for (int x = 0; x < na; ++x) {
    s->amd_pe[x] = s->adj_start[x];
    s->amd_len[x] = s->adj_start[x + 1] - s->adj_start[x];
  }
  double control[AMD_CONTROL], info[AMD_INFO];
  amd_defaults(control);
  amd_2(na, s->amd_pe, s->amd_iw, s->amd_len, iwlen, pfree, s->amd_nv, s->amd_next, s->amd_last, s->amd_head,
        s->amd_elen, s->amd_degree, s->amd_w, control, info);
  return CB_OK;
}

CbStatus icf_blockchol_analyze(IcfBlockChol *s, int npair, const int *pair) {
  int nb = s->nb;
  if (grow_ints(&s->pair, &s->pair_cap, 2 * npair + 2) || grow_ints(&s->adj, &s->adj_cap, 2 * npair + 1)) return CB_ERR_MEMORY;
  memcpy(s->pair, pair, 2 * (size_t)npair * sizeof(int));
  s->npair = npair;
  for (int b = 0; b < nb; ++b) s->deg[b] = 0;
  for (int k = 0; k < npair; ++k) {
    s->deg[pair[2 * k]]++;
    s->deg[pair[2 * k + 1]]++;
  }
  /* uncoupled blocks first (no fill), then the coupled ones in AMD's order */
  int no = 0, na = 0;
  s->nbr_start[0] = 0;
  for (int b = 0; b < nb; ++b) {
    if (s->deg[b]) {
      s->loc[b] = na;
      s->active[na++] = b;
      continue;
    }
    s->order[no++] = b;
    s->nbr_start[no] = 0;
  }
  s->adj_start[0] = 0; /* the coupled blocks' adjacency lists, in local indices */
  for (int x = 0; x < na; ++x) s->adj_start[x + 1] = s->adj_start[x] + s->deg[s->active[x]];
  for (int x = 0; x < na; ++x) s->mark[x] = s->adj_start[x]; /* mark: the next free place of each list */
  for (int k = 0; k < npair; ++k) {
    int x = s->loc[pair[2 * k]], y = s->loc[pair[2 * k + 1]];
    s->adj[s->mark[x]++] = y;
    s->adj[s->mark[y]++] = x;
  }
  if (na > 0 && order_coupled(s, na)) return CB_ERR_MEMORY;
  for (int k = 0; k < na; ++k) s->order[no + k] = s->active[s->amd_last[k]];
  for (int k = 0; k < nb; ++k) s->pos[s->order[k]] = k;
  /* The fronts (later neighbours of each block in L) from the elimination tree: a block's front
   * is its later matrix neighbours and its children's fronts without itself; its parent is the
   * earliest block of its front. O(entries of L), no dense elimination graph. */
  for (int k = 0; k < nb; ++k) {
    s->child[k] = -1;
    s->mark[k] = -1;
  }
  int nn = 0;
  for (int k = no; k < nb; ++k) {
    int b = s->order[k], x = s->loc[b], bound = s->deg[b];
    for (int c = s->child[k]; c >= 0; c = s->sibling[c]) bound += s->nbr_start[c + 1] - s->nbr_start[c];
    if (grow_ints(&s->nbr, &s->nbr_cap, nn + bound + 1) || grow_ints(&s->nbr_orig, &s->nbr_orig_cap, nn + bound + 1))
      return CB_ERR_MEMORY;
    int first = nn, parent = nb;
    for (int e = s->adj_start[x]; e < s->adj_start[x + 1]; ++e) {
      int j = s->active[s->adj[e]], pj = s->pos[j];
      if (pj <= k || s->mark[pj] == k) continue;
      s->mark[pj] = k;
      s->nbr[nn] = j;
      s->nbr_orig[nn++] = 1;
      if (pj < parent) parent = pj;
    }
    for (int c = s->child[k]; c >= 0; c = s->sibling[c])
      for (int u = s->nbr_start[c]; u < s->nbr_start[c + 1]; ++u) {
        int j = s->nbr[u], pj = s->pos[j];
        if (pj <= k || s->mark[pj] == k) continue;
        s->mark[pj] = k;
        s->nbr[nn] = j;
        s->nbr_orig[nn++] = 0;
        if (pj < parent) parent = pj;
      }
    s->nbr_start[k + 1] = nn;
    if (nn > first) {
      s->sibling[k] = s->child[parent];
      s->child[parent] = k;
    }
  }
  /* L's layout: column by column in elimination order, the diagonal block, then the front's
   * blocks in the order the front was built. */
  if (grow_ints(&s->nbr_off, &s->nbr_off_cap, s->nbr_start[nb] + 1)) return CB_ERR_MEMORY;
  s->lsize = 0;
  for (int k = 0; k < nb; ++k) {
    int b = s->order[k];
    s->diag_slot[k] = (int)s->lsize;
    s->lsize += (long)s->bsize[b] * s->bsize[b];
    for (int u = s->nbr_start[k]; u < s->nbr_start[k + 1]; ++u) {
      s->nbr_off[u] = (int)s->lsize;
      s->lsize += (long)s->bsize[s->nbr[u]] * s->bsize[b];
    }
  }
  /* Where the factorization writes, computed once per pattern (looking targets up during the
   * factorization misses the cache). Sorting a front by position makes "target (i, j) with
   * pos[i] >= pos[j]" the pairs w <= u, and lets slot_of search a front. */
  int nupd = 0;
  for (int k = 0; k < nb; ++k) {
    int lo = s->nbr_start[k], hi = s->nbr_start[k + 1];
    for (int u = lo + 1; u < hi; ++u) {
      int x = s->nbr[u], v = u - 1;
      int o = s->nbr_orig[u], off = s->nbr_off[u];
      while (v >= lo && s->pos[s->nbr[v]] > s->pos[x]) {
        s->nbr[v + 1] = s->nbr[v];
        s->nbr_orig[v + 1] = s->nbr_orig[v];
        s->nbr_off[v + 1] = s->nbr_off[v];
        --v;
      }
      s->nbr[v + 1] = x;
      s->nbr_orig[v + 1] = o;
      s->nbr_off[v + 1] = off;
    }
    nupd += (hi - lo) * (hi - lo + 1) / 2;
  }
  if (grow_ints(&s->upd_off, &s->upd_cap, nupd + 1)) return CB_ERR_MEMORY;
  for (int k = 0, q = 0; k < nb; ++k) {
    int lo = s->nbr_start[k], hi = s->nbr_start[k + 1];
    for (int u = lo; u < hi; ++u)
      for (int w = lo; w <= u; ++w) s->upd_off[q++] = slot_of(s, s->nbr[u], s->nbr[w]);
  }
  /* Where each matrix block goes in L (a lookup per factorization missed the cache at 1000
   * objects): below the diagonal as given, or transposed. */
  if (grow_ints(&s->pair_dst, &s->pair_dst_cap, npair + 1)) return CB_ERR_MEMORY;
  for (int k = 0; k < npair; ++k) {
    int a = pair[2 * k], b = pair[2 * k + 1];
    s->pair_dst[k] = s->pos[a] > s->pos[b] ? block_off(s, a, b) : -1 - block_off(s, b, a);
  }
  /* The blocks that only fill creates: the factorization zeroes these, and copies the matrix
   * into the others (zeroing all of L first would write every block twice). */
  s->nfill = 0;
  for (int k = 0; k < nb; ++k)
    for (int u = s->nbr_start[k]; u < s->nbr_start[k + 1]; ++u) {
      if (s->nbr_orig[u]) continue;
      if (grow_ints(&s->fill, &s->fill_cap, 2 * s->nfill + 2)) return CB_ERR_MEMORY;
      s->fill[2 * s->nfill] = s->nbr_off[u];
      s->fill[2 * s->nfill + 1] = s->bsize[s->nbr[u]] * s->bsize[s->order[k]];
      s->nfill++;
    }
  int maxdeg = 1;
  for (int k = 0; k < nb; ++k)
    if (s->nbr_start[k + 1] - s->nbr_start[k] > maxdeg) maxdeg = s->nbr_start[k + 1] - s->nbr_start[k];
  if (maxdeg > s->front_cap) {
    double *f = realloc(s->front_t, 36 * (size_t)maxdeg * sizeof(double));
    if (!f) return CB_ERR_MEMORY;
    s->front_t = f;
    s->front_cap = maxdeg;
  }
  if (s->lsize > s->lcap) {
    long n = s->lsize > 2 * s->lcap ? s->lsize : 2 * s->lcap;
    double *L = realloc(s->L, (size_t)n * sizeof(double));
    if (!L) return CB_ERR_MEMORY;
    s->L = L;
    s->lcap = n;
  }
  return CB_OK;
}

/* The three dense kernels of the factorization. They are written once for any block size and
 * instantiated for the free body's 6 (FORCE_INLINE with constant sizes): the compiler then
 * unrolls and vectorizes them, which a loop bound known only at run time prevents. */
/* Dense Cholesky of the diagonal block D (n x n, lower, row-major) in place, and the
 * reciprocals of its diagonal in dinv: the triangular solves multiply by them (a division has
 * three times a multiplication's latency, and these chains are short and serial); 0 or -1. */
FORCE_INLINE CbStatus chol_diag(double *D, double *dinv, int n) {
  #pragma GCC unroll 6
  for (int j = 0; j < n; ++j) {
    double d = D[j * n + j];
    #pragma GCC unroll 6
    for (int m = 0; m < j; ++m) d -= D[j * n + m] * D[j * n + m];
    if (!(d > 0) || !isfinite(d)) return CB_ERR_FACTOR;
    /* 1/sqrt(d) as sqrt(d) * (1/d): the square root and the division run side by side instead
     * of one after the other (this chain is serial down the columns) */
    const double sd = sqrt(d), id = 1.0 / d;
    D[j * n + j] = sd;
    const double r = sd * id;
    dinv[j] = r;
    #pragma GCC unroll 6
    for (int i = j + 1; i < n; ++i) {
      double a = D[i * n + j];
      #pragma GCC unroll 6
      for (int m = 0; m < j; ++m) a -= D[i * n + m] * D[j * n + m];
      D[i * n + j] = a * r;
    }
  }
  return CB_OK;
}

/* B = B D^{-T} (B: nj x n, D: the factored diagonal block, dinv its reciprocal diagonal). Column
 * by column: the rows are independent chains, and unrolled they overlap. */
FORCE_INLINE void solve_offdiag(double *restrict B, const double *restrict D, const double *restrict dinv, int nj, int n) {
  #pragma GCC unroll 6
  for (int c = 0; c < n; ++c)
    #pragma GCC unroll 6
    for (int r = 0; r < nj; ++r) {
      double a = B[r * n + c];
      #pragma GCC unroll 6
      for (int m = 0; m < c; ++m) a -= B[r * n + m] * D[c * n + m];
      B[r * n + c] = a * dinv[c];
    }
}

/* T -= Li Lj^T (Li: ni x n, Lj: nj x n, T: ni x nj). */
FORCE_INLINE void schur_update(double *T, const double *Li, const double *Lj, int ni, int nj, int n) {
  #pragma GCC unroll 6
  for (int r = 0; r < ni; ++r)
    #pragma GCC unroll 6
    for (int c = 0; c < nj; ++c) {
      double a = 0.0;
      #pragma GCC unroll 6
      for (int m = 0; m < n; ++m) a += Li[r * n + m] * Lj[c * n + m];
      T[r * nj + c] -= a;
    }
}

/* The same for 6 x 6 blocks, as rank-one updates over m with Lj given transposed (LjT, m-major;
 * the factorization transposes each block of a front once, not once per update): the innermost
 * loop then runs along a row of T with no reduction. Fully unrolled, so that the accumulators
 * live in registers (GCC 12 at -O2 kept them on the stack: 2x slower), and cloned for AVX2 and
 * AVX-512 with run-time dispatch. No FMA contraction in C11 mode, and each entry is summed in the
 * same order in every clone: the results are bitwise the same on any x86-64. This kernel is most
 * of the flops of a large pile's factorization. */
SIMD_CLONES static void
schur_update6(double *restrict T, const double *restrict Li, const double *restrict LjT) {
#pragma GCC unroll 6
  for (int r = 0; r < 6; ++r) {
    double acc[6] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
#pragma GCC unroll 6
    for (int m = 0; m < 6; ++m) {
      const double a = Li[r * 6 + m];
#pragma GCC unroll 6
      for (int c = 0; c < 6; ++c) acc[c] += a * LjT[m * 6 + c];
    }
#pragma GCC unroll 6
    for (int c = 0; c < 6; ++c) T[r * 6 + c] -= acc[c];
  }
}

FORCE_INLINE CbStatus chol_diag_any(double *D, double *dinv, int n) { return n == 6 ? chol_diag(D, dinv, 6) : chol_diag(D, dinv, n); }

/* solve_offdiag for 6 x 6, cloned like schur_update6 (the rolled loop was most of the
 * factorization's own time at 1000 objects). */
SIMD_CLONES static void
solve_offdiag6(double *restrict B, const double *restrict D, const double *restrict dinv) {
  solve_offdiag(B, D, dinv, 6, 6);
}

static void solve_offdiag_any(double *B, const double *D, const double *dinv, int nj, int n) {
  if (nj == 6 && n == 6) solve_offdiag6(B, D, dinv);
  else solve_offdiag(B, D, dinv, nj, n);
}



SIMD_CLONES static CbStatus factor(IcfBlockChol *s, const double *blk, const int *diag_off, const int *pair_off,
                  const unsigned char *active, int keep) {
  int nb = s->nb;
  double *L = s->L;
  s->updates = 0;
  if (!keep) {
    for (int f = 0; f < s->nfill; ++f) memset(L + s->fill[2 * f], 0, (size_t)s->fill[2 * f + 1] * sizeof(double));
  } else {
    /* Every block that joins an active block zeroed, fill or not: the active columns are then
     * factored afresh, and the blocks of the other columns in active rows read zero, so that
     * L L^T is the active submatrix's factor beside the other columns' last one, not coupled */
    for (int k = 0; k < nb; ++k) {
      int b = s->order[k], in_b = active[b];
      for (int u = s->nbr_start[k]; u < s->nbr_start[k + 1]; ++u)
        if (in_b || active[s->nbr[u]])
          memset(L + s->nbr_off[u], 0, (size_t)s->bsize[s->nbr[u]] * (size_t)s->bsize[b] * sizeof(double));
    }
  }
  for (int b = 0; b < nb; ++b) {
    if (active && !active[b]) continue;
    int n = s->bsize[b];
    memcpy(L + s->diag_slot[s->pos[b]], blk + diag_off[b], (size_t)n * (size_t)n * sizeof(double));
  }
  for (int k = 0; k < s->npair; ++k) {
    int a = s->pair[2 * k], b = s->pair[2 * k + 1], na = s->bsize[a], nbb = s->bsize[b];
    if (active && !active[a] && !active[b]) continue;
    if (active && (!active[a] || !active[b])) {
      /* A pair between an active and an inactive tree: the pattern keeps the pair of a contact
       * that no longer adds to H (its block is zero, or the islands would be one). Its slot must
       * read zero: left as the last factorization wrote it, the active tree's elimination would
       * divide the stale block by its pivot again at every refactorization, push it into the
       * inactive tree's x in the forward solve and read it back in the backward one. */
      memset(L + (s->pair_dst[k] >= 0 ? s->pair_dst[k] : -1 - s->pair_dst[k]), 0,
             (size_t)na * (size_t)nbb * sizeof(double));
      continue;
    }
    const double *B = blk + pair_off[k];
    if (s->pair_dst[k] >= 0) {
      memcpy(L + s->pair_dst[k], B, (size_t)na * (size_t)nbb * sizeof(double));
    } else {
      double *T = L + (-1 - s->pair_dst[k]);
      for (int i = 0; i < na; ++i)
        for (int j = 0; j < nbb; ++j) T[j * na + i] = B[i * nbb + j];
    }
  }
  for (int k = 0, q = 0; k < nb; ++k) {
    int b = s->order[k], n = s->bsize[b], lo = s->nbr_start[k], hi = s->nbr_start[k + 1];
    if (active && !active[b]) { /* its front lies in its own (inactive) component */
      q += (hi - lo) * (hi - lo + 1) / 2;
      continue;
    }
    double *D = L + s->diag_slot[k];
    const double *dinv = s->dinv + s->boff[b];
    if (chol_diag_any(D, s->dinv + s->boff[b], n)) return CB_ERR_FACTOR;
    s->updates += (long)(hi - lo) * (hi - lo + 1) / 2;
    int all6 = n == 6;
    for (int u = lo; u < hi; ++u) { /* L_jb = A_jb L_bb^{-T}, and the front's blocks transposed */
      int j = s->nbr[u];
      double *Lj = L + s->nbr_off[u];
      solve_offdiag_any(Lj, D, dinv, s->bsize[j], n);
      all6 &= s->bsize[j] == 6;
      if (s->bsize[j] != 6 || n != 6) continue;
      double *LjT = s->front_t + 36 * (size_t)(u - lo);
      for (int c = 0; c < 6; ++c)
        for (int m = 0; m < 6; ++m) LjT[m * 6 + c] = Lj[c * 6 + m];
    }
    for (int u = lo; u < hi; ++u) { /* Schur complement updates of the targets (i, j), pos[i] >= pos[j] */
      const double *Li = L + s->nbr_off[u];
      for (int w = lo; w <= u; ++w) {
        double *T = L + s->upd_off[q++];
        if (all6) schur_update6(T, Li, s->front_t + 36 * (size_t)(w - lo));
        else schur_update(T, Li, L + s->nbr_off[w], s->bsize[s->nbr[u]], s->bsize[s->nbr[w]], n);
      }
    }
  }
  return CB_OK;
}

CbStatus icf_blockchol_factor(IcfBlockChol *s, const double *blk, const int *diag_off, const int *pair_off,
                         const unsigned char *active) {
  return factor(s, blk, diag_off, pair_off, active, 0);
}

CbStatus icf_blockchol_factor_keep(IcfBlockChol *s, const double *blk, const int *diag_off, const int *pair_off,
                              const unsigned char *active) {
  return factor(s, blk, diag_off, pair_off, active, 1);
}

/* The solve's four block kernels, instantiated for 6 x 6 like the factorization's. */
FORCE_INLINE void lower_solve(const double *D, const double *dinv, double *xb, int n) { /* xb = D^{-1} xb */
  #pragma GCC unroll 6
  for (int i = 0; i < n; ++i) {
    double a = xb[i];
    #pragma GCC unroll 6
    for (int m = 0; m < i; ++m) a -= D[i * n + m] * xb[m];
    xb[i] = a * dinv[i];
  }
}

FORCE_INLINE void upper_solve(const double *D, const double *dinv, double *xb, int n) { /* xb = D^{-T} xb */
  #pragma GCC unroll 6
  for (int i = n - 1; i >= 0; --i) {
    double a = xb[i];
    #pragma GCC unroll 6
    for (int m = i + 1; m < n; ++m) a -= D[m * n + i] * xb[m];
    xb[i] = a * dinv[i];
  }
}

FORCE_INLINE void sub_block_times(const double *B, const double *xb, double *xj, int nj, int n) { /* xj -= B xb */
  #pragma GCC unroll 6
  for (int r = 0; r < nj; ++r) {
    double a = 0.0;
    #pragma GCC unroll 6
    for (int m = 0; m < n; ++m) a += B[r * n + m] * xb[m];
    xj[r] -= a;
  }
}

FORCE_INLINE void sub_block_ttimes(const double *B, const double *xj, double *xb, int nj, int n) { /* xb -= B^T xj */
  #pragma GCC unroll 6
  for (int c = 0; c < n; ++c) {
    double a = 0.0;
    #pragma GCC unroll 6
    for (int r = 0; r < nj; ++r) a += B[r * n + c] * xj[r];
    xb[c] -= a;
  }
}

/* Cloned as a static function behind the public one: clang 14 emits a cloned external
 * function's dispatcher under another name, so callers in other files fail to link. */
SIMD_CLONES static void solve(const IcfBlockChol *s, double *x, const unsigned char *active) {
  int nb = s->nb;
  const double *L = s->L;
  for (int k = 0; k < nb; ++k) { /* L y = x */
    int b = s->order[k], n = s->bsize[b];
    if (active && !active[b]) continue;
    const double *D = L + s->diag_slot[k];
    double *xb = x + s->boff[b];
    if (n == 6) lower_solve(D, s->dinv + s->boff[b], xb, 6);
    else lower_solve(D, s->dinv + s->boff[b], xb, n);
    for (int u = s->nbr_start[k]; u < s->nbr_start[k + 1]; ++u) {
      int j = s->nbr[u], nj = s->bsize[j];
      const double *B = L + s->nbr_off[u];
      if (nj == 6 && n == 6) sub_block_times(B, xb, x + s->boff[j], 6, 6);
      else sub_block_times(B, xb, x + s->boff[j], nj, n);
    }
  }
  for (int k = nb - 1; k >= 0; --k) { /* L^T x = y */
    int b = s->order[k], n = s->bsize[b];
    if (active && !active[b]) continue;
    const double *D = L + s->diag_slot[k];
    double *xb = x + s->boff[b];
    for (int u = s->nbr_start[k]; u < s->nbr_start[k + 1]; ++u) {
      int j = s->nbr[u], nj = s->bsize[j];
      const double *B = L + s->nbr_off[u];
      if (nj == 6 && n == 6) sub_block_ttimes(B, x + s->boff[j], xb, 6, 6);
      else sub_block_ttimes(B, x + s->boff[j], xb, nj, n);
    }
    if (n == 6) upper_solve(D, s->dinv + s->boff[b], xb, 6);
    else upper_solve(D, s->dinv + s->boff[b], xb, n);
  }
}

void icf_blockchol_solve(const IcfBlockChol *s, double *x, const unsigned char *active) { solve(s, x, active); }
