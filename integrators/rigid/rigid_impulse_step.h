/* The impulse part of one velocity-level rigid step (contact-models paper, Le Lidec et al. 2024,
 * sec. II, eq. 3): from the step-start data (system_step_data), build the contact problem
 * (rigid_problem.h), warm start, solve with the model's solver, count its iterations, stop on
 * a failed solve, and return v+ = v_free + M^-1 J^T lambda. The fixed-step integrators (lcp,
 * ccp, ncp, raisim) and conservative advancement (ca) share it. */
#ifndef CBENCH_RIGID_IMPULSE_STEP_H
#define CBENCH_RIGID_IMPULSE_STEP_H

#include <stddef.h>

#include "../integrator.h"
#include "rigid_problem.h"
#include "rigid_solver.h"

typedef int (*RigidSolveFn)(RigidProblem *p, const RigidSolverParams *params, double *lambda, RigidSolveResult *r);

typedef struct {
  RigidProblem prob;
  RigidSolveFn solve;
  const char *solver_name;
  RigidSolverParams params;
  double *lambda; /* [3 cap]: this step's impulses, the next step's warm start */
  int lambda_cap, prev_nc;
  double *v_free; /* [nv] */
  RigidSolveResult last;
  int accept_limit;     /* 1: a solve stopped at its iteration limit keeps its last iterate */
  int measure_internal; /* 1: measure the impulses' internal force (rigid_stats.h) */
  ContactSolverStats *record; /* the run's solver statistics (rigid_impulse_step_record); NULL: none */
  /* Joint limits: unilateral rows on one-dof joints' velocities, solved with the contacts by
   * block Gauss-Seidel (rigid_impulse_step_solve). limit_at_contact = 0: the time-stepping form,
   * q + h v+ within the limit (gap / h as the contacts' gap term); 1 (ca): a joint within
   * limit_tolerance of its limit may not move further (v+ toward the limit <= 0). */
  int limit_at_contact;
  double limit_tolerance;
  double *limit_lambda; /* [2 nlimit] impulses per joint-limit row (lower, upper) */
  double *limit_col;    /* [2 nlimit * nv] M^-1 e_i of each row's joint, per step */
  int *limit_colset;    /* [2 nlimit] 1 when limit_col holds this step's column */
  double *limit_dv;     /* [nv] change of v_free since the last contact solve */
  int nlimit_rows;
} RigidImpulseStep;

/* The options every rigid integrator takes (its solver's). */
#define RIGID_COMMON_OPTIONS                                                                                 \
  OPTION_DOUBLE_SPEC("tolerance", "1e-6", 0.0, 1, 1.0, "the solver's stopping tolerance on its own criterion"), \
      OPTION_INT_SPEC("max_iterations", "10000", 1, 10000000,                                                \
                      "solver iterations per step (sweeps, Newton or ADMM steps, Lemke pivots)"),            \
      OPTION_ENUM_SPEC("on_limit", "accept", OPTION_CHOICES("accept", "fail"),                               \
                       "a solve that reaches max_iterations: keep its last iterate (counted in the record's "  \
                       "solver.stops) or fail the run"),                                                     \
      OPTION_BOOL_SPEC("internal_force", "0", "measure the impulses' internal force (their distance to the "  \
                                              "minimum-norm impulses with the same effect) at every step, "  \
                                              "for the record's solver block; costly on many contacts"),     \
      OPTION_BOOL_SPEC("warm_start", "0", "start each solve from the previous step's impulses when the "     \
                                          "number of contacts is unchanged (Lemke ignores it)")

/* For model m's nv velocities and joint limits; solve, solver_name and params are the caller's
 * to set. CB_OK or CB_ERR_MEMORY. */
CbStatus rigid_impulse_step_init(RigidImpulseStep *s, const Model *m);
void rigid_impulse_step_free(RigidImpulseStep *s);
/* Forget the previous step's impulses (no warm start from them). */
static inline void rigid_impulse_step_reset(RigidImpulseStep *s) { s->prev_nc = -1; }

/* The solver's settings from RIGID_COMMON_OPTIONS (and facets, when the integrator declares it). */
void rigid_impulse_step_configure(RigidImpulseStep *s, const Integrator *it, const OptionValues *ov, RigidSolveFn solve,
                                  const char *solver_name);
/* Every solve from now on adds to st (the record's solver block), which is reset and named. */
void rigid_impulse_step_record(RigidImpulseStep *s, ContactSolverStats *st);

/* One step of size h at time t from (q, v), with d evaluated by system_step_data at q (tau
 * included): the solver's iterations are added to *iters, the step's velocity goes to v_out
 * (nv). Joint limits of one-dof joints are unilateral rows beside the contacts: the contact
 * problem is re-solved with the limits' impulses in its free velocity until both hold
 * (block Gauss-Seidel, at most RIGID_LIMIT_SWEEPS sweeps; a solve that has not settled then
 * fails the step). CB_OK; CB_RECOVERABLE_MODEL (no memory, M not positive definite),
 * CB_ERR_OPTION (the solver refused the problem) or CB_RECOVERABLE_SOLVER (breakdown, or the
 * iteration limit unless accept_limit), with the reason in msg. */
int rigid_impulse_step_solve(RigidImpulseStep *s, const Model *m, Data *d, double t, double h, const double *q,
                             const double *v, long *iters, double *v_out, char *msg, size_t msglen);
#define RIGID_LIMIT_SWEEPS 200

/* The record's notes on what the rigid models leave out of the scene (stiffness, dissipation,
 * mu_static). */
void rigid_note_model(Integrator *it);

#endif
