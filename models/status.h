/* The one status of every layer (models, integrators, harness), signed as in SUNDIALS:
 * CB_OK (0); negative = fatal, the computation cannot go on (the message says why);
 * positive = recoverable, one trial failed and a change (a shorter step) may succeed.
 * Library functions return a CbStatus; only main and the commands turn it into an exit code
 * (cb_status_exit_code). The codes, their texts and exit classes are one list,
 * CB_STATUS_LIST, in the manner of SUNDIALS' SUN_ERR_CODE_LIST (sundials_errors.h): the enum
 * and the two functions below are generated from it, so a new code is one line. */
#ifndef CBENCH_STATUS_H
#define CBENCH_STATUS_H

/* What a status makes of a command's exit code. */
enum { CB_EXIT_OK = 0, CB_EXIT_FAILED = 1, CB_EXIT_USAGE = 2 };

/* X(code, value, text, exit class) */
#define CB_STATUS_LIST(X)                                                                       \
  X(CB_OK, 0, "ok", CB_EXIT_OK)                                                                 \
  /* bad option or argument value */                                                           \
  X(CB_ERR_OPTION, -1, "bad option", CB_EXIT_USAGE)                                             \
  /* nonlinear / convex solve failed */                                                         \
  X(CB_ERR_SOLVER, -2, "solver failure", CB_EXIT_FAILED)                                        \
  /* step size underflow, too many steps */                                                     \
  X(CB_ERR_STEP, -3, "step failure", CB_EXIT_FAILED)                                            \
  /* NaN or inf in the state */                                                                 \
  X(CB_ERR_NONFINITE, -4, "non-finite state", CB_EXIT_FAILED)                                   \
  /* out of memory: never reported as another failure */                                        \
  X(CB_ERR_MEMORY, -5, "out of memory", CB_EXIT_FAILED)                                         \
  /* model evaluation failed (e.g. M not positive definite) */                                  \
  X(CB_ERR_MODEL, -6, "model evaluation failed", CB_EXIT_FAILED)                                \
  /* ICF: the Newton direction is not a descent direction */                                    \
  X(CB_ERR_NOT_DESCENT, -7, "not a descent direction", CB_EXIT_FAILED)                          \
  /* an iteration limit was reached without convergence */                                      \
  X(CB_ERR_MAX_ITERS, -8, "no convergence", CB_EXIT_FAILED)                                     \
  /* a factorization or linear solve failed */                                                  \
  X(CB_ERR_FACTOR, -9, "factorization failed", CB_EXIT_FAILED)                                  \
  /* the line search found no step */                                                           \
  X(CB_ERR_LINESEARCH, -10, "line search failed", CB_EXIT_FAILED)                               \
  /* bad input file (scene, recipe, record): file, field and value */                           \
  X(CB_ERR_INPUT, -11, "bad input", CB_EXIT_USAGE)                                              \
  /* a file could not be read or written, or a process not started */                           \
  X(CB_ERR_IO, -12, "read or write failed", CB_EXIT_FAILED)                                     \
  /* the wall-time budget was exceeded */                                                       \
  X(CB_ERR_TIMEOUT, -13, "wall-time budget exceeded", CB_EXIT_FAILED)                           \
  /* the integrator cannot take this scene */                                                   \
  X(CB_ERR_UNSUPPORTED, -14, "scene not supported", CB_EXIT_FAILED)                             \
  /* a command ran and its answer is no: a regression, runs missing from a merge, a number not  \
   * found */                                                                                   \
  X(CB_ERR_VERDICT, -15, "the answer is no", CB_EXIT_FAILED)                                    \
  /* the step's nonlinear or convex solve did not converge */                                   \
  X(CB_RECOVERABLE_SOLVER, 1, "solver failure (recoverable)", CB_EXIT_FAILED)                   \
  /* the model could not be evaluated at a trial state of the step (M not positive definite)    \
   * or the result is not finite */                                                             \
  X(CB_RECOVERABLE_MODEL, 2, "model evaluation failed (recoverable)", CB_EXIT_FAILED)

typedef enum {
#define CB_STATUS_ENUM(code, value, text, exit_class) code = value,
  CB_STATUS_LIST(CB_STATUS_ENUM)
#undef CB_STATUS_ENUM
} CbStatus;

/* A short name of the status ("out of memory", "solver failure", ...); "unknown status" for a
 * value not in the list. */
const char *cb_status_message(int status);
/* The process exit code of a command that ended with this status: 0 ok; 2 bad arguments or
 * input; 1 anything else (a failed run, a write error, out of memory, a value not in the
 * list). */
int cb_status_exit_code(int status);

#endif
