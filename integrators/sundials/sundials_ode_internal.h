/* Private layout of SunOde, shared by sundials_ode.c and sundials_sparse_jac.c only. */
#ifndef CBENCH_SUNDIALS_ODE_INTERNAL_H
#define CBENCH_SUNDIALS_ODE_INTERNAL_H

#include <sundials/sundials_context.h>
#include <sundials/sundials_linearsolver.h>
#include <sundials/sundials_matrix.h>
#include <sundials/sundials_nvector.h>

#include "sundials_ode.h"

/* Scratch of the grouped (block-diagonal, colored) difference-quotient Jacobian for KLU. */
typedef struct {
  int *group, *prev_group; /* [nx] group of each component at this / the previous evaluation */
  int have_prev;           /* prev_group valid and KLU analyzed for it */
  int *members;            /* [nx] components sorted by group (ascending inside a group) */
  int *gstart;             /* [nx + 1] start of each group in members */
  int *pos_in_group;       /* [nx] rank of each component inside its group (= its color) */
  int *cursor;             /* [nx + 1] counting-sort scratch */
  double *xpert, *fpert, *f0; /* [nx] */
} SunSparseJac;

struct SunOde {
  int nx;
  SunOdeConfig cfg;
  SunOdeRhs rhs;
  SunOdeGroups groups;
  void *user;
  SUNContext ctx;
  N_Vector y, atol;
  SUNMatrix A;
  SUNLinearSolver LS;
  void *mem;               /* CVODE or ARKStep memory */
  double t0;
  double *x0;              /* [nx] state at the last reset (output at t0 before any step) */
  char message[512];       /* last SUNDIALS error message (captured, never printed) */
  long rhs_calls;          /* rhs callback calls since the last reset */
  int last_failure_nonfinite; /* the last failing rhs call saw NaN/inf */
  double tn;               /* ERK: end of the last accepted step (sundials_erk_retry.c) */
  long rhs_retries;        /* ERK: steps retried after a recoverable rhs failure since reset */
  SunOdeCounters synced;   /* counters already added by sunode_accumulate_stats */
  SunSparseJac sj;
};

/* Counted rhs call: returns 0, or 1 (recoverable) on failure or non-finite output. */
int sunode_call_rhs(SunOde *s, double t, const double *x, double *xdot);
/* ERK: ARKStepEvolve to t_out one step at a time, retrying a step whose explicit stage's rhs
 * failed recoverably (sundials_erk_retry.c). Returns an ARKODE flag; s->y holds x(t_out). */
int sunode_erk_evolve(SunOde *s, double t_out, double *tret);
/* KLU Jacobian callback for CVODE / ARKStep (user_data = SunOde). */
int sunode_sparse_jac(double t, N_Vector y, N_Vector fy, SUNMatrix J, void *user_data,
                      N_Vector tmp1, N_Vector tmp2, N_Vector tmp3);
int sunode_sparse_jac_alloc(SunOde *s);
void sunode_sparse_jac_free(SunOde *s);

#endif
