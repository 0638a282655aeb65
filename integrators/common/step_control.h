/* Step-size selection shared by every error-controlled integrator of ours (CENIC Algorithm 1,
 * AdjustStepSize; constants from CENIC sec. V): safety 0.9, dead band [0.9, 1.2], growth at
 * most 5x, shrink at least to 0.1x, error order p. */
#ifndef CBENCH_STEP_CONTROL_H
#define CBENCH_STEP_CONTROL_H

typedef struct {
  double k_init;           /* first step = k_init * max_step (0.1) */
  double k_safe;           /* 0.9 */
  double k_low, k_high;    /* dead band (0.9, 1.2) */
  double k_max_grow;       /* 5 */
  double k_min_shrink;     /* 0.1 */
  double order;            /* p: the exponent is 1/p (2 for first-order step doubling) */
  double max_step;
  double min_step;         /* below this the run fails (step size underflow) */
} StepController;

void step_controller_init(StepController *c, double max_step, double order);
/* True if a step with this error is accepted (err <= accuracy and finite). */
int step_accept(const StepController *c, double err, double accuracy);
/* Next step size after a step of size dt with error err (accepted or not). NaN/inf error:
 * dt * k_min_shrink; zero error: dt * k_max_grow; always capped at max_step. */
double step_next(const StepController *c, double dt, double err, double accuracy);

#endif
