/* Sparse (KLU) Jacobian by colored forward differences.
 *
 * The groups callback partitions the state so that f_i depends only on components of i's group
 * (for the model: the q, v of kinematic trees linked by current contacts or by a controller,
 * plus that controller's z). The Jacobian is then block diagonal with dense blocks, a
 * conservative pattern; column j gets color = its rank inside its group, so one perturbed rhs
 * evaluation per color fills one column of every group: (largest group) evaluations instead of
 * nx. When the partition changes (contacts appear or vanish), KLU's symbolic analysis is redone. */
#include "sundials_ode_internal.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <sunlinsol/sunlinsol_klu.h>
#include <sunmatrix/sunmatrix_sparse.h>

int sunode_sparse_jac_alloc(SunOde *s) {
  SunSparseJac *sj = &s->sj;
  size_t n = (size_t)s->nx;
  sj->group = malloc(n * sizeof(int));
  sj->prev_group = malloc(n * sizeof(int));
  sj->members = malloc(n * sizeof(int));
  sj->gstart = malloc((n + 1) * sizeof(int));
  sj->pos_in_group = malloc(n * sizeof(int));
  sj->cursor = malloc((n + 1) * sizeof(int));
  sj->xpert = malloc(n * sizeof(double));
  sj->fpert = malloc(n * sizeof(double));
  sj->f0 = malloc(n * sizeof(double));
  sj->have_prev = 0;
  return (sj->group && sj->prev_group && sj->members && sj->gstart && sj->pos_in_group &&
          sj->cursor && sj->xpert && sj->fpert && sj->f0) ? 0 : -1;
}

void sunode_sparse_jac_free(SunOde *s) {
  SunSparseJac *sj = &s->sj;
  free(sj->group);
  free(sj->prev_group);
  free(sj->members);
  free(sj->gstart);
  free(sj->pos_in_group);
  free(sj->cursor);
  free(sj->xpert);
  free(sj->fpert);
  free(sj->f0);
  memset(sj, 0, sizeof *sj);
}

/* Stable counting sort of the components by group: members[gstart[g] .. gstart[g+1]) ascending.
 * Returns the largest group size, or -1 on labels outside [0, ng). */
static int sort_groups(SunSparseJac *sj, int n, int ng) {
  int *gs = sj->gstart;
  memset(gs, 0, (size_t)(ng + 1) * sizeof(int));
  for (int i = 0; i < n; ++i) {
    if (sj->group[i] < 0 || sj->group[i] >= ng) return -1;
    gs[sj->group[i] + 1]++;
  }
  int maxsize = 0;
  for (int g = 0; g < ng; ++g) {
    if (gs[g + 1] > maxsize) maxsize = gs[g + 1];
    gs[g + 1] += gs[g];
  }
  memcpy(sj->cursor, gs, (size_t)ng * sizeof(int));
  for (int i = 0; i < n; ++i) {
    int g = sj->group[i];
    sj->pos_in_group[i] = sj->cursor[g] - gs[g];
    sj->members[sj->cursor[g]++] = i;
  }
  return maxsize;
}

int sunode_sparse_jac(double t, N_Vector y, N_Vector fy, SUNMatrix J, void *user_data,
                      N_Vector tmp1, N_Vector tmp2, N_Vector tmp3) {
  (void)fy; (void)tmp1; (void)tmp2; (void)tmp3;
  SunOde *s = user_data;
  SunSparseJac *sj = &s->sj;
  const int n = s->nx;
  const double *x = N_VGetArrayPointer(y);
  const double srur = sqrt(DBL_EPSILON);

  /* Fresh evaluation at (t, x): the base of the differences, and it lets the model cache what
   * the groups depend on (its contact list). */
  if (sunode_call_rhs(s, t, x, sj->f0) != 0) return 1;
  int ng = s->groups(s->user, t, x, sj->group);
  if (ng < 1 || ng > n) return -1;
  int maxsize = sort_groups(sj, n, ng);
  if (maxsize < 1) return -1;

  /* Pattern: column j holds every row of its group. */
  long nnz = 0;
  for (int g = 0; g < ng; ++g) {
    long sz = sj->gstart[g + 1] - sj->gstart[g];
    nnz += sz * sz;
  }
  if (SUNSparseMatrix_NNZ(J) < nnz && SUNSparseMatrix_Reallocate(J, nnz) != 0) return -1;
  sunindextype *colptr = SUNSparseMatrix_IndexPointers(J);
  sunindextype *rowval = SUNSparseMatrix_IndexValues(J);
  double *val = SUNSparseMatrix_Data(J);
  long k = 0;
  for (int j = 0; j < n; ++j) {
    int g = sj->group[j];
    colptr[j] = k;
    for (int m = sj->gstart[g]; m < sj->gstart[g + 1]; ++m) rowval[k++] = sj->members[m];
  }
  colptr[n] = k;

  /* Values: one perturbed evaluation per color. */
  for (int c = 0; c < maxsize; ++c) {
    memcpy(sj->xpert, x, (size_t)n * sizeof(double));
    for (int g = 0; g < ng; ++g) {
      if (sj->gstart[g] + c >= sj->gstart[g + 1]) continue;
      int j = sj->members[sj->gstart[g] + c];
      sj->xpert[j] = x[j] + srur * fmax(fabs(x[j]), 1.0);
    }
    if (sunode_call_rhs(s, t, sj->xpert, sj->fpert) != 0) return 1;
    for (int g = 0; g < ng; ++g) {
      if (sj->gstart[g] + c >= sj->gstart[g + 1]) continue;
      int j = sj->members[sj->gstart[g] + c];
      double inc = sj->xpert[j] - x[j]; /* the increment actually represented */
      for (long p = colptr[j]; p < colptr[j + 1]; ++p) {
        int i = (int)rowval[p];
        val[p] = (sj->fpert[i] - sj->f0[i]) / inc;
      }
    }
  }

  /* New partition: KLU must redo its symbolic analysis for the new pattern. */
  if (!sj->have_prev || memcmp(sj->group, sj->prev_group, (size_t)n * sizeof(int)) != 0) {
    if (SUNLinSol_KLUReInit(s->LS, J, nnz, SUNKLU_REINIT_PARTIAL) != SUNLS_SUCCESS) return -1;
    memcpy(sj->prev_group, sj->group, (size_t)n * sizeof(int));
    sj->have_prev = 1;
  }
  return 0;
}
