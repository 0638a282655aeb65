/* Block-sparse Cholesky factorization H = L L^T of the ICF Hessian (ICF sec. V-B: one dense block per
 * kinematic tree, off-diagonal blocks for tree pairs coupled by contacts), in the spirit of the
 * reference's supernodal block solver: an approximate-minimum-degree order (SuiteSparse AMD) on the block graph,
 * the block fill it implies, and dense small-block kernels (no BLAS calls, whose per-call
 * overhead dominates at block sizes of 6). */
#ifndef CBENCH_ICF_BLOCKCHOL_H
#define CBENCH_ICF_BLOCKCHOL_H

#include "../../models/status.h"

typedef struct IcfBlockChol IcfBlockChol;

/* nblock diagonal blocks of sizes bsize[] at vector offsets boff[] (both copied). */
IcfBlockChol *icf_blockchol_create(int nblock, const int *bsize, const int *boff);
void icf_blockchol_free(IcfBlockChol *s);
/* Off-diagonal pattern: npair distinct pairs (pair[2k] < pair[2k+1]) of block indices. Computes
 * the elimination order and the fill. CB_OK or CB_ERR_MEMORY. */
CbStatus icf_blockchol_analyze(IcfBlockChol *s, int npair, const int *pair);
/* Numeric factorization of the matrix with diagonal block b at blk + diag_off[b] (bsize[b]^2,
 * row-major, symmetric) and the block of pair k (rows of pair[2k], columns of pair[2k+1],
 * row-major) at blk + pair_off[k], for the pairs given to the last analyze. CB_OK, or
 * CB_ERR_FACTOR when the matrix is not positive definite.
 * active: NULL, or a flag per block; only the active blocks' columns are factored, and a pair
 * that joins an active and an inactive block is taken as zero (its block is not read): the
 * factor is exactly that of the active submatrix without those pairs, and blocks outside it are
 * not read. The caller's islands make such pairs zero in H (a contact that joins two islands
 * adds nothing to H). */
CbStatus icf_blockchol_factor(IcfBlockChol *s, const double *blk, const int *diag_off, const int *pair_off,
                         const unsigned char *active);
/* The same for the active blocks (not NULL) only, keeping the other blocks' columns of the
 * last factorizations: every stored block of L that joins an active block is zeroed first, so
 * that the result is the factor of the active submatrix (without its pairs to other blocks)
 * beside the kept columns without their entries in active rows. L L^T is then positive definite
 * wherever the kept columns were, and exact on the active blocks (Hessian reuse per island). */
CbStatus icf_blockchol_factor_keep(IcfBlockChol *s, const double *blk, const int *diag_off, const int *pair_off,
                              const unsigned char *active);
/* x = H^{-1} x with the last factorization, on the blocks it factored (active as given to the
 * factorization, or NULL: all); other entries of x are untouched. */
void icf_blockchol_solve(const IcfBlockChol *s, double *x, const unsigned char *active);
/* Number of stored entries of L (diagonal blocks in full), for tests and diagnostics. */
long icf_blockchol_fill(const IcfBlockChol *s);
/* Schur-complement block updates T -= L_i L_j^T the last factorization made (a pivot whose front
 * holds d blocks makes d (d + 1) / 2; 432 flops each for 6 x 6 blocks): its work, independent of
 * the machine (make bench-scale fits its growth with the objects of a clutter pile). */
long icf_blockchol_updates(const IcfBlockChol *s);
/* The elimination order of the last analysis: [nb] block indices, the uncoupled blocks first. */
const int *icf_blockchol_order(const IcfBlockChol *s);

#endif
