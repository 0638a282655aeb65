#include "step_control.h"

#include <math.h>
#include <stddef.h>

void step_controller_init(StepController *c, double max_step, double order) {
  c->ops = &step_control_deadband;
  c->content = NULL;
  c->k_init = 0.1;
  c->k_safe = 0.9;
  c->k_low = 0.9;
  c->k_high = 1.2;
  c->k_max_grow = 5.0;
  c->k_min_shrink = 0.1;
  c->order = order;
  c->max_step = max_step;
  c->min_step = 1e-14 * (max_step > 0 ? max_step : 1.0);
  c->err_prev = 1.0;
  c->rejected = 0;
}

double step_controller_reset(StepController *c) {
  if (c->ops && c->ops->init) return c->ops->init(c);
  return c->k_init * c->max_step;
}

int step_accept(const StepController *c, double err, double accuracy) {
  (void)c;
  return isfinite(err) && err <= accuracy;
}

double step_next(const StepController *c, double dt, double err, double accuracy) {
  double next;
  if (!isfinite(err)) {
    next = c->k_min_shrink * dt;
  } else if (err <= 0.0) {
    next = c->k_max_grow * dt;
  } else {
    next = c->k_safe * dt * pow(accuracy / err, 1.0 / c->order);
    /* Dead band (CENIC Algorithm 1): keep dt when the proposal is within (k_low, k_high) dt,
     * so the step size does not chatter. */
    if (next > c->k_low * dt && next < c->k_high * dt) next = dt;
    if (next > c->k_max_grow * dt) next = c->k_max_grow * dt;
    if (next < c->k_min_shrink * dt) next = c->k_min_shrink * dt;
  }
  if (next > c->max_step) next = c->max_step;
  return next;
}

double step_controller_next(StepController *c, double dt, double err, double accuracy, int accepted) {
  double next = accepted ? c->ops->propose(c, dt, err, accuracy) : c->ops->on_reject(c, dt, err, accuracy);
  if (next > c->max_step) next = c->max_step;
  return next;
}

/* ---- CENIC Algorithm 1: the dead band, whatever the outcome ---- */
static double deadband_init(StepController *c) { return c->k_init * c->max_step; }
static double deadband_next(StepController *c, double h, double err, double accuracy) {
  return step_next(c, h, err, accuracy);
}
const StepControllerOps step_control_deadband = {
    .name = "deadband", .init = deadband_init, .propose = deadband_next, .on_reject = deadband_next};

/* ---- PI ---- */
static double pi_init(StepController *c) {
  c->err_prev = 1.0;
  c->rejected = 0;
  return c->k_init * c->max_step;
}

/* The factor fac (the I controller's after a rejection) within the dead band and the bounds;
 * NaN and zero errors as step_next, with no growth after a rejection. */
static double pi_step(StepController *c, double dt, double err, double accuracy, int accepted) {
  const double r = err / accuracy;
  if (!isfinite(err)) return c->k_min_shrink * dt;
  if (err <= 0.0) return (c->rejected ? 1.0 : c->k_max_grow) * dt;
  /* SUNDIALS ARKode's PI gains k1 = 0.8, k2 = 0.31 (Soderlind's form of Gustafsson's) */
  double fac = accepted ? c->k_safe * pow(1.0 / r, 0.8 / c->order) * pow(fmax(c->err_prev, 1e-4), 0.31 / c->order)
                        : c->k_safe * pow(1.0 / r, 1.0 / c->order);
  /* the dead band as in step_next: the step size does not chatter (CENIC Algorithm 1) */
  if (fac > c->k_low && fac < c->k_high) fac = 1.0;
  const double grow = accepted && !c->rejected ? c->k_max_grow : 1.0;
  if (fac > grow) fac = grow;
  if (fac < c->k_min_shrink) fac = c->k_min_shrink;
  return fac * dt;
}
static double pi_propose(StepController *c, double h, double err, double accuracy) {
  double next = pi_step(c, h, err, accuracy, 1);
  const double r = err / accuracy;
  c->err_prev = isfinite(r) ? r : 1.0;
  c->rejected = 0;
  return next;
}
static double pi_on_reject(StepController *c, double h, double err, double accuracy) {
  double next = pi_step(c, h, err, accuracy, 0);
  c->rejected = 1;
  return next;
}
const StepControllerOps step_control_pi = {.name = "pi", .init = pi_init, .propose = pi_propose, .on_reject = pi_on_reject};
