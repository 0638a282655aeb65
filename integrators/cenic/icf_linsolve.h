/* Block-sparse Hessian H = A + sum_i w_i J_i^T G_i J_i of the ICF problem (ICF sec. V-B, CENIC sec. IV): one dense
 * block per kinematic tree, off-diagonal blocks only for tree pairs coupled by a contact whose G_i is
 * not zero (an open speculative contact without friction couples nothing).
 * Three factorization paths: dense LAPACK Cholesky of the whole H, CHOLMOD supernodal, or our
 * block-sparse Cholesky; the sparse ones keep their analysis while the block pattern is
 * unchanged. */
#ifndef CBENCH_ICF_LINSOLVE_H
#define CBENCH_ICF_LINSOLVE_H

#include "icf_problem.h"
#include "../../models/status.h"

/* DENSE: LAPACK Cholesky of the full nv x nv H; CHOLMOD: supernodal CHOLMOD; BLOCK: our
 * block-sparse Cholesky (icf_blockchol.h), the analogue of the reference's default solver. */
typedef enum { ICF_LINSOLVE_DENSE = 0, ICF_LINSOLVE_CHOLMOD = 1, ICF_LINSOLVE_BLOCK = 2 } IcfLinSolverKind;

typedef struct IcfLinSolver IcfLinSolver;

IcfLinSolver *icf_lin_create(const IcfProblem *p, IcfLinSolverKind kind);
void icf_lin_free(IcfLinSolver *s);
/* 1 if the block pattern of H (the tree pairs joined by contacts whose Hessian block in Gc
 * [9 ncon] is not zero; Gc = NULL: by every contact) differs from that of the current
 * factorization (or there is none yet). */
int icf_lin_pattern_changed(IcfLinSolver *s, const IcfProblem *p, const double *Gc);
/* The next factorization collects the block pattern afresh from its Gc instead of keeping the
 * last one while it covers the same contact set (the solver's islands changed). */
void icf_lin_forget_pattern(IcfLinSolver *s);
/* Assembles H at v and factors it. Returns CB_OK, CB_ERR_FACTOR (not positive definite) or
 * CB_ERR_MEMORY. */
int icf_lin_factor(IcfLinSolver *s, const IcfProblem *p, const double *v);
/* The same with the contact velocities vc [3 ncon] and unweighted contact Hessian blocks
 * Gc [9 ncon] at v already known (see icf_gradient_at); either may be NULL. Gc is used as given
 * (the solver's gradient pass puts the dual friction blocks there, icf_gradient_part); without it
 * the blocks are the exact Hessian's. */
int icf_lin_factor_at(IcfLinSolver *s, const IcfProblem *p, const double *v, const double *vc, const double *Gc);
/* Trees of the next factorizations and solves ([ntree] flags, must stay valid; NULL: all). The
 * active trees must be whole contact islands (no contact joins an active and an inactive tree).
 * The block path assembles, factors and solves only those; the dense and CHOLMOD paths work on
 * all of H as before. Either way the solve's x is exact on the active trees' entries (H is block
 * diagonal over islands) and unspecified elsewhere. */
void icf_lin_set_active(IcfLinSolver *s, const unsigned char *tree_active);
/* Keep mode (Hessian reuse per island; block path only, else -1): with solve_trees ([ntree]
 * flags, must stay valid) a factorization refactors only the trees set active
 * (icf_lin_set_active) and any tree of solve_trees without a column of the current analysis,
 * and keeps the other trees' columns of earlier factorizations (icf_blockchol_factor_keep);
 * solves run on solve_trees. NULL leaves keep mode. Entering or leaving it forgets the columns. */
int icf_lin_keep_columns(IcfLinSolver *s, const unsigned char *solve_trees);
/* Keep mode: every column forgotten (the next factorization refactors every tree a solve needs). */
void icf_lin_forget_columns(IcfLinSolver *s);
/* Keep mode: 1 if the tree's column holds a factorization of the current analysis. */
int icf_lin_tree_factored(const IcfLinSolver *s, int tree);
/* x = H^{-1} b with the last factorization (x may alias b). Returns 0 or -1. */
int icf_lin_solve(IcfLinSolver *s, const double *b, double *x);
/* Dense copy of the last assembled H (nv x nv, row-major), for tests. */
void icf_lin_dense_hessian(IcfLinSolver *s, double *H);
/* Number of (symbolic) analyses done by the sparse paths. */
long icf_lin_analyses(const IcfLinSolver *s);
/* Block updates of the last factorization (icf_blockchol_updates); 0 for the dense and CHOLMOD
 * paths, whose work is not counted. */
long icf_lin_block_updates(const IcfLinSolver *s);

#endif
