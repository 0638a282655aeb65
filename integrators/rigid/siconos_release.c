#include "siconos_release.h"

#include <stdlib.h>

#define MAX_NESTED 16

static void collect(SolverOptions *o, SolverOptions **all, int *n) {
  if (!o || *n >= MAX_NESTED) return;
  all[(*n)++] = o;
  for (size_t k = 0; k < o->numberOfInternalSolvers; ++k) collect(o->internalSolvers[k], all, n);
}

void siconos_options_free(SolverOptions *opt) {
  SolverOptions *all[MAX_NESTED];
  int n = 0;
  collect(opt, all, &n);
  solver_options_delete(opt);
  for (int k = 0; k < n; ++k) free(all[k]);
}

void siconos_matrix_release(NumericsMatrix *nm) {
  if (nm->destructible && nm->destructible != nm) {
    NumericsMatrix *copy = nm->destructible;
    nm->destructible = nm;
    NM_free(copy);
  }
  NM_free_not_dense(nm);
}
