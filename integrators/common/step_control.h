/* Step-size selection of the error-controlled drivers (stepper.h), as an ops object in the
 * manner of SUNDIALS' SUNAdaptController: a StepController holds the constants and the history,
 * its StepControllerOps say how the next step follows from an attempt. Two are built in:
 *   step_control_deadband  CENIC Algorithm 1, AdjustStepSize (the default; constants from CENIC
 *                          sec. V): safety 0.9, dead band [0.9, 1.2], growth at most 5x, shrink
 *                          at least to 0.1x, error order p;
 *   step_control_pi        a PI controller (option step_control=pi of cenic-sd and cenic-trap).
 * A scheme may bring its own (StepperConfig.controller), e.g. a test's fixed ratio. */
#ifndef CBENCH_STEP_CONTROL_H
#define CBENCH_STEP_CONTROL_H

typedef struct StepController StepController;

/* What a controller does (docs/stepping.md, "The step controller"). The driver caps every
 * proposal at max_step and fails the run when one falls below min_step. */
typedef struct StepControllerOps {
  const char *name;        /* "deadband", "pi", ... */
  /* Optional: a run starts (stepper_reset): clear the history; returns the first step to try.
   * NULL: no history, first step k_init max_step. */
  double (*init)(StepController *c);
  /* Required: the next step after an accepted step of size h with error err (<= accuracy). */
  double (*propose)(StepController *c, double h, double err, double accuracy);
  /* Required: the retry's step after a rejected attempt of size h: err > accuracy (the error
   * test), or NaN (the attempt failed recoverably or its state was not finite). */
  double (*on_reject)(StepController *c, double h, double err, double accuracy);
} StepControllerOps;

struct StepController {
  const StepControllerOps *ops; /* step_controller_init: step_control_deadband */
  void *content;           /* a user controller's own state (NULL for the built-in ones) */
  double k_init;           /* first step = k_init * max_step (0.1) */
  double k_safe;           /* 0.9 */
  double k_low, k_high;    /* dead band (0.9, 1.2) */
  double k_max_grow;       /* 5 */
  double k_min_shrink;     /* 0.1 */
  double order;            /* p: the exponent is 1/p (2 for first-order step doubling) */
  double max_step;
  double min_step;         /* below this the run fails (step size underflow) */
  double err_prev;         /* PI: error / accuracy of the last accepted step (1 at a reset) */
  int rejected;            /* PI: the last attempt was rejected (the next step does not grow) */
};

/* CENIC Algorithm 1's dead band: step_next for both outcomes. */
extern const StepControllerOps step_control_deadband;
/* Gustafsson 1991; Hairer and Wanner II, IV.2; the gains of SUNDIALS ARKode, k1 = 0.8,
 * k2 = 0.31: after an accepted step the factor k_safe (1/r)^(k1/p) r_prev^(k2/p), r =
 * err/accuracy and r_prev that of the previous accepted step, with step_next's dead band and
 * bounds and no growth on the step after a rejection; after a rejection the I controller's
 * k_safe (1/r)^(1/p). NaN error: k_min_shrink; zero error: k_max_grow (1 after a rejection). */
extern const StepControllerOps step_control_pi;

/* The constants above, the dead band controller and its history cleared. */
void step_controller_init(StepController *c, double max_step, double order);
/* Starts a run: the history cleared (ops->init); returns the first step to try. */
double step_controller_reset(StepController *c);
/* True if a step with this error is accepted (err <= accuracy and finite). */
int step_accept(const StepController *c, double err, double accuracy);
/* The dead band's proposal after a step of size dt with error err (accepted or not). NaN/inf
 * error: dt * k_min_shrink; zero error: dt * k_max_grow; always capped at max_step. */
double step_next(const StepController *c, double dt, double err, double accuracy);
/* Next step size after an attempt of size dt with error err, accepted or not: ops->propose or
 * ops->on_reject, capped at max_step. */
double step_controller_next(StepController *c, double dt, double err, double accuracy, int accepted);

#endif
