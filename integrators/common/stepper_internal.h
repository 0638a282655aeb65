/* The driver's state, shared by stepper.c (setup, norm, checks) and the loops
 * (stepper_fixed.c, stepper_adaptive.c, stepper_bounded.c, stepper_engine.c). Not for schemes: they see stepper.h only. */
#ifndef CBENCH_STEPPER_INTERNAL_H
#define CBENCH_STEPPER_INTERNAL_H

#include "stepper.h"

struct Stepper {
  StepperConfig cfg;
  const Model *m;
  int nx;
  /* fixed step: the state is at t0 + n dt */
  double dt, t0;
  long n;
  /* error control */
  StepController ctl;
  double accuracy, h;      /* next step to try */
  ErrorNormKind norm;
  double t, t_prev;        /* times of x and x_prev (t_prev == t: no step yet) */
  int new_state;           /* the next attempt is the first from x */
  double done_h;           /* the last attempt from x completed (rejected) with this h; 0: none */
  double *x, *x_prev, *x_full, *x_mid, *x_new;
  /* STEPPER_ENGINE with advance: the step log's last row (time, counters then) */
  double log_t;
  long log_steps, log_etf, log_cvf;
};

int stepper_fixed_advance(Stepper *s, Integrator *it, double t_out, double *x_out);
int stepper_adaptive_advance(Stepper *s, Integrator *it, double t_out, double *x_out);
int stepper_bounded_advance(Stepper *s, Integrator *it, double t_out, double *x_out);
int stepper_engine_advance(Stepper *s, Integrator *it, double t_out, double *x_out);
/* STEPPER_ENGINE: the engine's reset after the driver's. */
int stepper_engine_reset(Stepper *s, Integrator *it, double t0, const double *x0);
/* it->message gets ": why" appended when the scheme says why its last attempt failed. */
void stepper_append_why(const Stepper *s, Integrator *it);
/* An accepted step of size h into the step-size statistics. */
static inline void stepper_count_step(Integrator *it, double h) {
  if (it->stats.steps == 0 || h < it->stats.step_min) it->stats.step_min = h;
  it->stats.step_sum += h;
  it->stats.steps++;
}
static inline void stepper_sync_stats(const Stepper *s, Integrator *it) {
  if (s->cfg.kind == STEPPER_ENGINE) {
    if (s->cfg.engine->sync_stats) s->cfg.engine->sync_stats(s->cfg.content, it);
  } else if (s->cfg.ops->sync_stats) {
    s->cfg.ops->sync_stats(s->cfg.content, it);
  }
}

#endif
