/* The one status of every layer (models, integrators, harness), signed as in SUNDIALS:
 * CB_OK (0); negative = fatal, the computation cannot go on (the message says why);
 * positive = recoverable, one trial failed and a change (a shorter step) may succeed.
 * Library functions return a CbStatus; only main and the commands turn it into an exit code
 * (cb_status_exit_code). */
#ifndef CBENCH_STATUS_H
#define CBENCH_STATUS_H

typedef enum {
  CB_OK = 0,
  CB_ERR_OPTION = -1,      /* bad option or argument value */
  CB_ERR_SOLVER = -2,      /* nonlinear / convex solve failed */
  CB_ERR_STEP = -3,        /* step size underflow, too many steps */
  CB_ERR_NONFINITE = -4,   /* NaN or inf in the state */
  CB_ERR_MEMORY = -5,      /* out of memory: never reported as another failure */
  CB_ERR_MODEL = -6,       /* model evaluation failed (e.g. M not positive definite) */
  CB_ERR_NOT_DESCENT = -7, /* ICF: the Newton direction is not a descent direction */
  CB_ERR_MAX_ITERS = -8,   /* an iteration limit was reached without convergence */
  CB_ERR_FACTOR = -9,      /* a factorization or linear solve failed */
  CB_ERR_LINESEARCH = -10, /* the line search found no step */
  CB_ERR_INPUT = -11,      /* bad input file (scene, recipe, record): file, field and value */
  CB_ERR_IO = -12,         /* a file could not be read or written, or a process not started */
  CB_ERR_TIMEOUT = -13,    /* the wall-time budget was exceeded */
  CB_ERR_UNSUPPORTED = -14,/* the integrator cannot take this scene */
  CB_ERR_VERDICT = -15,    /* a command ran and its answer is no: a regression, runs missing
                            * from a merge, a number not found */
  CB_RECOVERABLE_SOLVER = 1, /* the step's nonlinear or convex solve did not converge */
  CB_RECOVERABLE_MODEL = 2   /* the model could not be evaluated at a trial state of the step
                              * (M not positive definite) or the result is not finite */
} CbStatus;

/* A short name of the status ("out of memory", "solver failure", ...). */
const char *cb_status_message(int status);
/* The process exit code of a command that ended with this status: 0 ok; 2 bad arguments or
 * input; 1 anything else (a failed run, a write error, out of memory). */
int cb_status_exit_code(int status);

#endif
