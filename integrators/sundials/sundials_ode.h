/* A model-independent wrapper of CVODE (BDF) and ARKODE (ARKStep DIRK / ERK) for x' = f(t, x):
 * one object owns the SUNContext, vectors, matrix, linear solver and solver memory, captures
 * SUNDIALS' error messages silently, maps its return codes to CB_ERR_*, and counts work.
 * The integrator vtbls (sundials_integrators.c) plug the model's system_rhs into it; the tests
 * drive it with small analytic ODEs. */
#ifndef CBENCH_SUNDIALS_ODE_H
#define CBENCH_SUNDIALS_ODE_H

#include <stddef.h>
#include "../integrator.h"

/* f(t, x) -> xdot. 0 = ok; nonzero = recoverable failure (SUNDIALS retries with a smaller step). */
typedef int (*SunOdeRhs)(void *user, double t, const double *x, double *xdot);
/* Sparsity groups at (t, x): writes group[i] in [0, ngroups) for every component so that
 * f_i depends only on components of its own group; returns ngroups, or -1 on failure.
 * The Jacobian is then block diagonal over groups (blocks dense), colored by rank in group. */
typedef int (*SunOdeGroups)(void *user, double t, const double *x, int *group);

typedef enum { SUNODE_CVODE_BDF = 0, SUNODE_ARK_DIRK, SUNODE_ARK_ERK } SunOdeKind;
typedef enum { SUNODE_DENSE = 0, SUNODE_KLU } SunOdeLinearSolver;

typedef struct {
  SunOdeKind kind;
  int max_order;           /* CVODE BDF: 1..5 (1 = variable-step implicit Euler) */
  int table;               /* ARKODE_DIRKTableID (DIRK) or ARKODE_ERKTableID (ERK) */
  int linearly_implicit;   /* DIRK only: one Newton iteration per stage, fresh Jacobian each
                              step (ARKStepSetLinear; Rosenbrock-like) */
  double rtol;             /* >= 0 (0: absolute tolerances only) */
  const double *atol;      /* [nx] absolute tolerances (copied; > 0 when rtol = 0) */
  int max_norm;            /* 1: the error and Newton tests use max_i |w_i x_i| (the CENIC paper's
                              weighted max norm, sec. V-E) in place of SUNDIALS' weighted RMS */
  double max_step;         /* 0 = unlimited */
  long max_steps;          /* per advance call; 0 = unlimited */
  double fixed_step;       /* > 0: fixed steps of this size (for order measurements) */
  SunOdeLinearSolver linear_solver;
  double first_tout;       /* > 0: size the first step for this output time (IntegratorOptions.first_output) */
} SunOdeConfig;

typedef struct SunOde SunOde;

/* NULL on failure with the message and the status in e: CB_ERR_MEMORY when memory runs out (or
 * a dense Newton matrix and its saved copy, 2 nx^2 doubles, would not fit in the machine's
 * physical memory: refused before the allocation), CB_ERR_OPTION for a bad configuration.
 * groups may be NULL unless linear_solver == KLU. */
SunOde *sunode_create(int nx, SunOdeRhs rhs, SunOdeGroups groups, void *user, const SunOdeConfig *cfg,
                      CbError *e);
/* (Re)start at (t0, x0); counters of the solver restart from 0 (the running totals do not). */
int sunode_reset(SunOde *s, double t0, const double *x0);
/* Integrate to t_out (dense output, no step clipping) and write x(t_out). CB_OK, or a negative
 * CB_ERR_* with sunode_message() holding SUNDIALS' own text. */
int sunode_advance(SunOde *s, double t_out, double *x_out);
/* Internal time reached (end of the last accepted step). */
double sunode_time(const SunOde *s);
const char *sunode_message(const SunOde *s);
/* Adds the work done since the previous call (or the last reset) to st. rhs_evals counts every
 * call of the rhs callback, including difference-quotient Jacobian columns. */
void sunode_accumulate_stats(SunOde *s, IntegratorStats *st);
/* Raw SUNDIALS counters of the current run (since the last reset), for tests. */
typedef struct {
  long steps, rhs_evals, lin_rhs_evals, jac_evals, lin_setups, nonlin_iters, conv_fails,
      err_test_fails, callback_rhs_evals;
  long rhs_retries; /* ERK: steps retried at a quarter step after a recoverable rhs failure */
} SunOdeCounters;
void sunode_counters(const SunOde *s, SunOdeCounters *c);
void sunode_destroy(SunOde *s);

#endif
