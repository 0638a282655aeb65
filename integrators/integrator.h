/* The one interface every integrator implements, SUNDIALS style: a generic object holding
 * a pointer to its content plus a table of operations. Adding an integrator = one folder that
 * defines an IntegratorVtbl, plus two lines in integrators/registry.c. A one-step scheme
 * provides only its step attempt and runs on a shared driver (common/stepper.h), whose
 * stepper_reset and stepper_advance are its reset and advance.
 *
 * Status codes: models/status.h (CB_OK, fatal CB_ERR_* < 0, recoverable CB_RECOVERABLE_* > 0;
 * the recoverable ones pass between an integrator's step and its step-size control). */
#ifndef CBENCH_INTEGRATOR_H
#define CBENCH_INTEGRATOR_H

#include <stddef.h>
#include "../models/model.h"
#include "../models/status.h"
#include "option_table.h"

typedef enum { ERRNORM_POSITIONS = 0, ERRNORM_FULL = 1 } ErrorNormKind;

/* How an integrator treats the scene's controllers (PD, PID, inverse dynamics): inside its
 * implicit solve (the step's stability does not depend on the gains) or evaluated at the step
 * start (explicit: a stiff gain bounds the step). CONTROLLERS_UNDECLARED (0) is the default of a
 * vtable that says nothing; records and figures then show "undeclared". */
typedef enum { CONTROLLERS_UNDECLARED = 0, CONTROLLERS_EXPLICIT = 1, CONTROLLERS_IMPLICIT = 2 } ControllerTreatment;

#define CB_MAX_EXTRA_OPTIONS 16
/* Notes an integrator makes about what it cannot model on this scene (one friction
 * coefficient, a norm blind to velocities, ...): the harness copies them into the record's
 * `warnings`, so a substitution is never silent. */
#define CB_MAX_NOTES 8
#define CB_NOTE_LEN 256

typedef struct {
  double accuracy;         /* requested accuracy for error-controlled integrators (> 0) */
  double dt;               /* step for fixed-step integrators (> 0) */
  double max_step;         /* largest step an error-controlled integrator may take; 0 = model's */
  ErrorNormKind error_norm;/* what the local error norm measures (CENIC V-E) */
  long max_steps;          /* step budget per advance() call; 0 = unlimited */
  double first_output;     /* > 0: the output time to size the first step for (SUNDIALS estimates
                            * h0 from it), so a finer output grid (--output-dt) leaves the
                            * steps unchanged; 0: the first advance's t_out */
  /* Integrator-specific options as key=value strings ("linear_solver=cholmod"), checked against
   * the integrator's declared table (IntegratorVtbl.options) by integrator_read_options. */
  int nextra;
  const char *extra_key[CB_MAX_EXTRA_OPTIONS];
  const char *extra_value[CB_MAX_EXTRA_OPTIONS];
} IntegratorOptions;

/* The deterministic counters (they do not depend on machine speed): the one list. The
 * IntegratorStats fields, the record's "counters" keys, their validation, the equality of timing
 * repetitions and `cbench compare` are all generated from it (harness/run/run_record.c). */
#define CB_COUNTERS(X)                                                                        \
  X(steps, "accepted steps")                                                                  \
  X(rejected, "rejected steps (error test or solver failure)")                                \
  X(rhs_evals, "ODE right-hand sides, difference-quotient Jacobian columns included")         \
  X(jac_evals, "Jacobian evaluations")                                                        \
  X(factorizations, "matrix factorizations")                                                  \
  X(newton_iters, "(nonlinear) Newton iterations")                                            \
  X(linesearch_iters, "line-search iterations")                                               \
  X(convex_solves, "convex problems solved (CENIC)")                                          \
  X(geometry_queries, "calls of collision_detect")                                            \
  X(conv_failures, "nonlinear convergence failures")                                          \
  X(error_test_failures, "steps rejected by the error test")                                  \
  X(substep_retries, "TAMSI substep retries")                                                 \
  CB_COUNTERS_ADDED(X)

/* Counters added after records were first written: a record may lack them (it predates them);
 * validation accepts that and `cbench compare` compares them only when both records have them. */
#define CB_COUNTERS_ADDED(X)                                                                  \
  X(newton_dofs, "velocity coordinates Newton iterated on, summed over iterations (CENIC: converged contact islands drop out)") \
  X(factor_updates, "block updates T -= Li Lj^T of CENIC's block Cholesky factorizations (machine-independent work; 0 for other solvers)") \
  X(symbolic_analyses, "fill-reducing orderings and symbolic factorizations of CENIC's sparse linear solvers (block, CHOLMOD; 0 otherwise)") \
  X(manifold_changes, "changes of the contact manifold: steps after which the number of contact points of a geometry pair changed (ca)")

/* What the contact solver of an integrator that solves one contact problem per step did over a
 * run (the rigid models, docs/rigid.md): the record's `solver` block. Not counters: `cbench
 * compare` does not compare them. */
typedef struct {
  const char *name;        /* NULL: the integrator has no such solver (no block in the record) */
  long max_iter;           /* the iteration limit per solve */
  int accept_limit;        /* 1: a solve stopped at the limit keeps its last iterate */
  long solves;             /* problems with at least one contact */
  long stop_tolerance, stop_stall, stop_limit, stop_failed;
  long regularized;        /* solves that succeeded only on a regularized problem (Lemke's retry) */
  long iterations, iterations_max; /* summed and largest per solve */
  /* the contact-models paper's eq. 15 criterion eps_abs at the returned impulses (forces lambda/h) */
  double residual_max, residual_sum;
  int internal_measured;   /* 1: the internal forces below were measured */
  double internal_max, internal_tangential_max; /* N, see rigid_stats.h */
} ContactSolverStats;

/* Counters (fields an integrator does not have stay 0), a wall-time split and the contact
 * solver's statistics. */
typedef struct {
#define CB_COUNTER_FIELD(name, meaning) long name;
  CB_COUNTERS(CB_COUNTER_FIELD)
#undef CB_COUNTER_FIELD
  double time_geometry, time_assembly, time_factorization, time_linesearch, time_total;
  ContactSolverStats solver;
  /* Accepted step sizes (the shared drivers keep them): smallest and sum, s (0 before a step). */
  double step_min, step_sum;
  /* Smallest signed distance between geometries the integrator saw at its accepted states, m
   * (conservative advancement measures it); has_min_distance = 0: not measured. */
  double min_distance;
  int has_min_distance;
} IntegratorStats;

typedef struct Integrator Integrator;

/* One attempted step, for step logs (`cbench run --step-log`, CENIC Fig. 17). Counters are read
 * by the observer from Integrator.stats, which integrators keep current when an observer is set. */
typedef struct {
  double t, h;             /* step start and size */
  int accepted;
  const char *why;         /* "ok", "error test", "solver failure" */
  double error;            /* the error estimate (NAN: none, e.g. fixed step) */
  long steps;              /* steps the row covers: 1, or more for integrators that report
                            * between output points (SUNDIALS) */
} StepEvent;
typedef void (*StepObserver)(void *ctx, const Integrator *it, const StepEvent *e);
/* Per-step diagnostics an integrator may offer the step log (Integrator.step_diag; NULL: none):
 * of the last implicit solve of the step, NAN where not measured. CENIC (ICF Figs. 15-16): the
 * Newton Hessian's condition number at the solution (option condition_number) and the median and
 * smallest effective stiction tolerance over the contacts whose friction acts (icf_diagnostics.h). */
typedef struct {
  double hessian_cond, stiction_median, stiction_min;
} StepDiagnostics;

/* One Newton iteration of an implicit step's nonlinear solve, for Newton logs (`cbench run
 * --newton-log`, CENIC Fig. 5, TAMSI Fig. 4). residual: the quantity the solver tests (CENIC:
 * |D g| of eq. 32 against tol; TAMSI: |R|_inf of eq. 21); refactorized: the Jacobian/Hessian
 * was factored afresh at this iteration; alpha: the step length taken (NAN: none, e.g. the
 * converged last row). */
typedef struct {
  double t, h;             /* the step (attempt) the solve belongs to */
  int iter;                /* 0, 1, ... within one solve: iter 0 starts a solve */
  double residual, tol, alpha;
  int refactorized;
} NewtonEvent;
typedef void (*NewtonObserver)(void *ctx, const NewtonEvent *e);
/* What a solver holds to report its iterations: the observer (NULL: no log, no cost beyond one
 * test per iteration) and the step it is solving, set by the integrator before each solve. */
typedef struct {
  NewtonObserver fn;
  void *ctx;
  double t, h;
} NewtonTap;
static inline void newton_tap_report(const NewtonTap *tap, int iter, double residual, double tol, double alpha,
                                     int refactorized) {
  if (!tap || !tap->fn) return;
  NewtonEvent e = {tap->t, tap->h, iter, residual, tol, alpha, refactorized};
  tap->fn(tap->ctx, &e);
}

struct Data; /* models/data.h */

typedef struct IntegratorVtbl {
  const char *name;        /* "cenic-sd", "tamsi", "bdf", ... */
  const char *summary;     /* one line for `cbench list` */
  int fixed_step;          /* 1: takes opt.dt; 0: takes opt.accuracy */
  /* Allocate it->content for it->model and it->opt; CB_OK or CB_ERR_* with it->message. */
  int (*create)(Integrator *it);
  /* Set the state to x0 = [q; v; z] at time t0 (may be called several times). */
  int (*reset)(Integrator *it, double t0, const double *x0);
  /* Integrate to t_out (>= current output time) and write the state at t_out into x_out,
   * by dense output / interpolation inside the last step where the method steps past t_out.
   * CB_OK, or a negative code with it->message and it->t = time reached. */
  int (*advance)(Integrator *it, double t_out, double *x_out);
  void (*destroy)(Integrator *it);
  /* 1: integrates its own model of the scene (a peer simulator such as MuJoCo, with its own
   * contact law), so it does not converge to cbench's reference solutions; its error against
   * them measures the model difference too. 0 (the default) for cbench's integrators. */
  int peer_model;
  /* Optional, for a peer (NULL: never): 1 when these options make its contact the scene's own
   * spring (MuJoCo's compliance=matched), so that the energy guards count that spring's energy. */
  int (*peer_scene_contact)(const IntegratorOptions *opt);
  /* The local error norm a user who does not choose gets (the harness resolves
   * `--error-norm default` with it; docs/integrators.md, "Error norms"): ERRNORM_POSITIONS (0, the CENIC
   * paper's) unless the family needs velocities in its error control to keep friction right. */
  ErrorNormKind default_error_norm;
  /* Optional (NULL: none). The contact forces of the last accepted step as the scheme computed
   * them (CENIC: the impulses of its last convex solve divided by that solve's step; TAMSI: its
   * solved forces): the Data whose contacts that solve used, and per contact the force and the
   * contact velocity at the end of the step, in the contact frame (t1, t2, n). 0, or -1 when
   * there is none (`--contact-forces` then evaluates the force law at the state). */
  int (*contact_forces)(Integrator *it, const struct Data **d, const double **force, const double **vc);
  /* 1 when the forces it applies come from a contact model of its own in place of the scene's
   * force law (ICF's SAP and Similar, eq. 26's regularized friction): the law read at its state
   * then describes forces it never applied, so the physics guards judge its contact_forces.
   * NULL or 0: the scene's law (the guards read it at the state). */
  int (*own_contact_model)(const Integrator *it);
  /* The options it takes (--opt KEY=VALUE), ended by OPTIONS_END (option_table.h); NULL: none,
   * and any --opt is refused. */
  const OptionSpec *options;
  /* The family it belongs to ("cenic", "sundials", "rigid", ...): plots give a family's members
   * shades of one hue (harness/figures/integrator_style.h). NULL: its name up to the first '-'. */
  const char *family;
  /* How it treats controllers (the one declaration: records' "controllers", `cbench list`,
   * figures and docs/integrators.md's per-family table read it; tests/test_docs.c checks the
   * table against it). 0: undeclared. */
  ControllerTreatment controllers;
  /* Optional (NULL: `controllers` alone): when an option decides (CENIC's controllers=explicit). */
  ControllerTreatment (*controllers_with)(const IntegratorOptions *opt);
} IntegratorVtbl;

/* Defines the vtable VAR. The mandatory fields are arguments, so a vtable that lacks one does
 * not compile; the optional ones follow as designated initializers (.options = ..., .family =
 * ...), and -Wextra's -Woverride-init warns of a mandatory field given twice. The name must be a
 * non-empty string literal. A storage class may precede it (static INTEGRATOR_VTBL(...);). */
#define INTEGRATOR_VTBL(VAR, NAME, SUMMARY, FIXED_STEP, CREATE, RESET, ADVANCE, DESTROY, ...)          \
  const IntegratorVtbl VAR = {.name = NAME, .summary = SUMMARY, .fixed_step = FIXED_STEP, .create = CREATE, \
                              .reset = RESET, .advance = ADVANCE, .destroy = DESTROY, __VA_ARGS__};      \
  _Static_assert(sizeof(NAME) > 1 && sizeof(SUMMARY) > 1, #VAR ": name and summary are non-empty string literals")

struct Integrator {
  const IntegratorVtbl *vtbl;
  const Model *model;
  IntegratorOptions opt;
  double t;                /* internal time reached (last accepted step) */
  IntegratorStats stats;
  char message[512];       /* last error message */
  char notes[CB_MAX_NOTES][CB_NOTE_LEN]; /* integrator_note; kept across resets */
  int nnotes;
  StepObserver step_observer; /* NULL (the default): no step log, no cost */
  void *step_observer_ctx;
  NewtonObserver newton_observer; /* NULL (the default): no Newton log; integrators with a
                                   * Newton solve (cenic-*, tamsi*) read it at reset */
  void *newton_observer_ctx;
  void *content;           /* the integrator's own data */
  const StepDiagnostics *step_diag; /* NULL (the default): the step log's diagnostic columns stay empty */
  struct Stepper *stepper; /* the shared driver that owns the step loop (common/stepper.h; the
                            * engine driver for SUNDIALS and MuJoCo), or NULL for an integrator
                            * with its own advance */
};

/* Registry (integrators/registry.c): the built-in table, then the integrators added to a
 * registry object at run time (tests, plug-ins; found by name like the built-in ones). The
 * object is the caller's (the harness keeps it in its context): no process-wide list. Every
 * function takes r = NULL for the built-in table alone. */
#define INTEGRATOR_MAX_ADDED 64
typedef struct {
  const IntegratorVtbl *added[INTEGRATOR_MAX_ADDED];
  int nadded;
} IntegratorRegistry;
int integrator_registry_add(IntegratorRegistry *r, const IntegratorVtbl *vt); /* 0, or -1 when full */
int integrator_registry_count(const IntegratorRegistry *r);
const IntegratorVtbl *integrator_registry_at(const IntegratorRegistry *r, int i);
const IntegratorVtbl *integrator_registry_find(const IntegratorRegistry *r, const char *name);
/* "unknown integrator 'NAME'" with the nearest registered name ("; did you mean 'X'?") when one
 * is close, and a pointer to `cbench list`. */
void integrator_registry_unknown_message(const IntegratorRegistry *r, const char *name, char *out, size_t outlen);
/* Just the "; did you mean 'X'?" part, or "" when no registered name is close. */
void integrator_registry_name_hint(const IntegratorRegistry *r, const char *name, char *out, size_t outlen);
/* The built-in table alone. */
static inline int integrator_count(void) { return integrator_registry_count(NULL); }
static inline const IntegratorVtbl *integrator_at(int i) { return integrator_registry_at(NULL, i); }
static inline const IntegratorVtbl *integrator_find(const char *name) { return integrator_registry_find(NULL, name); }

/* Generic driver functions. create (a built-in by name) returns NULL on failure with the
 * message and the status in e: CB_ERR_OPTION for an unknown name, options and step settings;
 * another CB_ERR_* when the integrator cannot take the scene. */
Integrator *integrator_create(const char *name, const Model *m, const IntegratorOptions *opt, CbError *e);
/* The same for an integrator that is not in the registry (tests, plug-ins). */
Integrator *integrator_create_vtbl(const IntegratorVtbl *vt, const Model *m, const IntegratorOptions *opt,
                                   CbError *e);
int integrator_reset(Integrator *it, double t0, const double *x0);
int integrator_advance(Integrator *it, double t_out, double *x_out);
void integrator_destroy(Integrator *it);
/* it->opt's key=value strings parsed against it->vtbl->options into typed values (defaults for
 * the keys not given): CB_OK, or CB_ERR_OPTION with it->message naming key, value and what is
 * allowed. integrator_create runs it before create, so a create may read its values only. */
int integrator_read_options(Integrator *it, OptionValues *out);
/* vt's controller treatment under opt (controllers_with, else controllers), and its word:
 * "implicit", "explicit" or "undeclared". */
ControllerTreatment integrator_controllers(const IntegratorVtbl *vt, const IntegratorOptions *opt);
const char *integrator_controllers_name(ControllerTreatment t);
/* 1 when vt declares option key (a sweep's option axis goes only to those integrators). */
int integrator_takes_option(const IntegratorVtbl *vt, const char *key);
/* Records a modeling note (printf style) once: a repeated text is not added again, and notes
 * beyond CB_MAX_NOTES are dropped (the last slot then says so). */
void integrator_note(Integrator *it, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Reports an attempted step to the observer, if any (integrators call it after each attempt). */
static inline void integrator_log_step(Integrator *it, double t, double h, int accepted, const char *why,
                                       double error, long steps) {
  if (!it->step_observer) return;
  StepEvent e = {t, h, accepted, why, error, steps};
  it->step_observer(it->step_observer_ctx, it, &e);
}
/* printf-style message into it->message; returns code. */
int integrator_fail(Integrator *it, int code, const char *fmt, ...);

#endif
