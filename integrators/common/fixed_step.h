/* The fixed-step driver shared by the fixed-step schemes (cenic-fixed, tamsi, and any new one):
 * steps t_k = t0 + k dt (no drift from repeated sums) until the output time, dense output by
 * linear interpolation inside the last step with quaternions renormalized, the step budget
 * (opt.max_steps per advance), the step observer, and the counters steps / rejected /
 * conv_failures. A scheme supplies one function: x(t) -> x(t + dt). */
#ifndef CBENCH_FIXED_STEP_H
#define CBENCH_FIXED_STEP_H

#include "../integrator.h"

/* One step of size h from x at t into xout: CB_OK; a positive code when the step's solve failed
 * (a fixed step cannot shrink, so the run fails with CB_ERR_SOLVER); or a negative CB_ERR_*. */
typedef int (*FixedStepFn)(void *ctx, double t, const double *x, double h, double *xout);
/* Why the last step failed (for the run's message); may be NULL. */
typedef const char *(*FixedStepWhyFn)(void *ctx);

typedef struct {
  int nx;
  double dt, t0;
  long n;                  /* steps taken since reset: the state is at t0 + n dt */
  double *x, *x_prev;      /* [nx] at t0 + n dt and t0 + (n - 1) dt */
  FixedStepFn step;
  FixedStepWhyFn why;
  void *ctx;
} FixedStepper;

/* Allocates the state buffers for it's model and step it->opt.dt. 0 or -1 (no memory). */
int fixed_step_init(FixedStepper *fs, const Integrator *it, FixedStepFn step, FixedStepWhyFn why, void *ctx);
void fixed_step_reset(FixedStepper *fs, double t0, const double *x0);
/* Steps to t_out, then x_out = x(t_out). CB_OK, or a negative code with it->message; it->t is
 * the time reached. */
int fixed_step_advance(FixedStepper *fs, Integrator *it, double t_out, double *x_out);
void fixed_step_free(FixedStepper *fs);

#endif
