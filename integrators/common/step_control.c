#include "step_control.h"

#include <math.h>

void step_controller_init(StepController *c, double max_step, double order) {
  c->k_init = 0.1;
  c->k_safe = 0.9;
  c->k_low = 0.9;
  c->k_high = 1.2;
  c->k_max_grow = 5.0;
  c->k_min_shrink = 0.1;
  c->order = order;
  c->max_step = max_step;
  c->min_step = 1e-14 * (max_step > 0 ? max_step : 1.0);
  c->pi = 0;
  step_controller_reset(c);
}

void step_controller_reset(StepController *c) {
  c->err_prev = 1.0;
  c->rejected = 0;
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
  if (!c->pi) return step_next(c, dt, err, accuracy);
  double next;
  const double r = err / accuracy;
  if (!isfinite(err)) {
    next = c->k_min_shrink * dt;
  } else if (err <= 0.0) {
    next = (c->rejected ? 1.0 : c->k_max_grow) * dt;
  } else {
    /* SUNDIALS ARKode's PI gains k1 = 0.8, k2 = 0.31 (Soderlind's form of Gustafsson's) */
    double fac = accepted ? c->k_safe * pow(1.0 / r, 0.8 / c->order) * pow(fmax(c->err_prev, 1e-4), 0.31 / c->order)
                          : c->k_safe * pow(1.0 / r, 1.0 / c->order);
    /* the dead band as in step_next: the step size does not chatter (CENIC Algorithm 1) */
    if (fac > c->k_low && fac < c->k_high) fac = 1.0;
    const double grow = accepted && !c->rejected ? c->k_max_grow : 1.0;
    if (fac > grow) fac = grow;
    if (fac < c->k_min_shrink) fac = c->k_min_shrink;
    next = fac * dt;
  }
  if (accepted) c->err_prev = isfinite(r) ? r : 1.0;
  c->rejected = !accepted;
  if (next > c->max_step) next = c->max_step;
  return next;
}
