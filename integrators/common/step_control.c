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
