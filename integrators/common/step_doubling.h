/* Step-doubling error control for any fixed-step scheme (CENIC sec. V-A): from x at t, a full
 * step xhat = Phi(x; h) and two half steps x_new = Phi(Phi(x; h/2); h/2); error
 * e = |S (q_new - qhat)|_inf (positions, V-E), with v_weight > 0 the larger of that and
 * v_weight |v_new - vhat|_inf (a time turning a velocity error into a length), or over the full
 * state (ERRNORM_FULL: S on q, v and z unweighted); step size by step_control.h with order
 * p = 2; the propagated state is x_new; dense output by linear interpolation inside the last
 * accepted step. A step callback that fails recoverably (> 0) counts as a rejection and shrinks
 * the step (as a non-finite error does); one that fails unrecoverably (< 0, a CB_ERR_* code:
 * model error, no memory) ends the advance with that code, since shrinking the step cannot help. */
#ifndef CBENCH_STEP_DOUBLING_H
#define CBENCH_STEP_DOUBLING_H

#include <stddef.h>

#include "../integrator.h"
#include "step_control.h"

/* One step of size h from x at t into xout; 0, > 0 when the step failed and a shorter one may
 * succeed (no convergence), or a negative CB_ERR_* code when no step size can help. */
typedef int (*SdStepFn)(void *ctx, double t, const double *x, double h, double *xout);
/* Optional projection of an interpolated state (e.g. quaternion renormalization). */
typedef void (*SdProjectFn)(void *ctx, double *x);

typedef struct {
  int nx, nq;
  const double *q_scale;   /* [nq] S weights, or NULL for the identity */
  ErrorNormKind norm;
  int nv;                  /* x[nq .. nq + nv) are the velocities v_weight weighs */
  double v_weight;         /* s; ERRNORM_POSITIONS only: velocities enter weighted by it (0: not) */
  double accuracy;
  StepController ctl;
  SdStepFn step;
  SdProjectFn project;
  void *ctx;
  double t, t_prev, h;     /* time of x, time of x_prev, next step to try */
  double last_error;       /* error of the last attempted step */
  double *x, *x_prev, *x_full, *x_mid, *x_new;
  Integrator *log_it;      /* steps are reported to its observer (NULL: none) */
} StepDoubling;

/* Allocates the state buffers. 0 or -1 (no memory / bad arguments). */
int step_doubling_init(StepDoubling *sd, int nx, int nq, const double *q_scale, ErrorNormKind norm,
                       double accuracy, double max_step, SdStepFn step, SdProjectFn project, void *ctx);
/* Under ERRNORM_POSITIONS, also count the nv velocities after q, weighted by v_weight (s);
 * v_weight 0 (the default after init) is the positions-only norm. */
void step_doubling_weight_velocities(StepDoubling *sd, int nv, double v_weight);
/* State x0 at t0; the first step is k_init * max_step. */
void step_doubling_reset(StepDoubling *sd, double t0, const double *x0);
/* Steps until t >= t_out, then interpolates x_out at t_out. Counts steps, rejected,
 * error_test_failures and conv_failures (recoverably failed callbacks) into stats. max_steps
 * bounds the attempted steps of this call (0 = unlimited). CB_OK, CB_ERR_STEP with a message,
 * or the negative code of a callback that failed unrecoverably (msg says where; the callback's
 * own context holds why). */
int step_doubling_advance(StepDoubling *sd, double t_out, double *x_out, long max_steps,
                          IntegratorStats *stats, char *msg, size_t msglen);
/* The error norm of a - b as configured. */
double step_doubling_error(const StepDoubling *sd, const double *a, const double *b);
void step_doubling_free(StepDoubling *sd);

#endif
