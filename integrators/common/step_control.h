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
  /* pi = 1: a PI controller instead of the dead band (step_controller_next) */
  int pi;
  double err_prev;         /* error / accuracy of the last accepted step (PI; 1 at a reset) */
  int rejected;            /* the last attempt was rejected (PI: the next step does not grow) */
} StepController;

void step_controller_init(StepController *c, double max_step, double order);
/* True if a step with this error is accepted (err <= accuracy and finite). */
int step_accept(const StepController *c, double err, double accuracy);
/* Next step size after a step of size dt with error err (accepted or not). NaN/inf error:
 * dt * k_min_shrink; zero error: dt * k_max_grow; always capped at max_step. */
double step_next(const StepController *c, double dt, double err, double accuracy);
/* Resets the PI controller's history (a new run). */
void step_controller_reset(StepController *c);
/* Next step size after an attempt of size dt with error err, accepted or not: step_next with
 * pi = 0. With pi = 1 a PI controller (Gustafsson 1991; Hairer and Wanner II, IV.2; the gains of
 * SUNDIALS ARKode, k1 = 0.8, k2 = 0.31): after an accepted step the factor
 * k_safe (1/r)^(k1/p) r_prev^(k2/p), r = err/accuracy and r_prev that of the previous accepted
 * step, with step_next's dead band and bounds and no growth on the step after a rejection; after
 * a rejection the I controller's k_safe (1/r)^(1/p). NaN/zero error and the cap as step_next. */
double step_controller_next(StepController *c, double dt, double err, double accuracy, int accepted);

#endif
