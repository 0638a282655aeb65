/* The stepper object (integrators/common/stepper.h): creation, reset, the one error norm, the
 * rotation bound and the non-finite check. The loops are in stepper_fixed.c,
 * stepper_adaptive.c, stepper_bounded.c and stepper_engine.c. */
#include "stepper_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../models/multibody.h"
#include "../../models/system.h"

static void stepper_free(Stepper *s) {
  if (!s) return;
  free(s->x); free(s->x_prev); free(s->x_full); free(s->x_mid); free(s->x_new);
  free(s);
}

/* The configuration's required operations are there. */
static int config_complete(const StepperConfig *cfg) {
  if (!cfg || cfg->kind < STEPPER_FIXED || cfg->kind > STEPPER_ENGINE) return 0;
  if (cfg->kind == STEPPER_ENGINE)
    return cfg->engine && cfg->engine->reset && !cfg->engine->step != !cfg->engine->advance;
  return cfg->ops && cfg->ops->attempt && (cfg->kind != STEPPER_BOUNDED || cfg->ops->bound);
}

int integrator_use_stepper(Integrator *it, const StepperConfig *cfg) {
  if (!config_complete(cfg))
    return integrator_fail(it, CB_ERR_OPTION, "%s: incomplete stepper configuration", it->vtbl->name);
  /* an engine that steps to the output times itself takes its own step settings */
  const int engine = cfg->kind == STEPPER_ENGINE, self_timed = engine && cfg->engine->advance;
  if (cfg->controller && (!cfg->controller->propose || !cfg->controller->on_reject))
    return integrator_fail(it, CB_ERR_OPTION, "%s: step controller '%s' lacks propose or on_reject", it->vtbl->name,
                           cfg->controller->name ? cfg->controller->name : "?");
  if (!(cfg->max_turn >= 0) || !(cfg->v_weight >= 0))
    return integrator_fail(it, CB_ERR_OPTION, "%s: max_turn and velocity weight must be >= 0", it->vtbl->name);
  /* the bounded driver takes dt as its largest step (True Rigidity Alg. 1's Delta t) */
  const int fixed = cfg->kind == STEPPER_FIXED || cfg->kind == STEPPER_BOUNDED || (engine && !self_timed);
  if (fixed && !(it->opt.dt > 0 && isfinite(it->opt.dt)))
    return integrator_fail(it, CB_ERR_OPTION, "fixed step dt must be > 0, got %g", it->opt.dt);
  if (!fixed && !self_timed && !(it->opt.accuracy > 0 && isfinite(it->opt.accuracy)))
    return integrator_fail(it, CB_ERR_OPTION, "accuracy must be > 0, got %g", it->opt.accuracy);
  /* 0: the scene's (integrator_create resolves it too; this serves integrators made by hand) */
  const double max_step = it->opt.max_step > 0 ? it->opt.max_step : it->model->max_step > 0 ? it->model->max_step : 0.1;
  if (!fixed && !self_timed && !(max_step > 0 && isfinite(max_step)))
    return integrator_fail(it, CB_ERR_OPTION, "max_step must be > 0, got %g", it->opt.max_step);
  if (it->opt.max_steps < 0) return integrator_fail(it, CB_ERR_OPTION, "max_steps must be >= 0, got %ld", it->opt.max_steps);
  Stepper *s = calloc(1, sizeof *s);
  if (!s) return integrator_fail(it, CB_ERR_MEMORY, "out of memory");
  s->cfg = *cfg;
  s->m = it->model;
  s->nx = system_nx(it->model);
  s->dt = it->opt.dt;
  s->accuracy = it->opt.accuracy;
  s->norm = it->opt.error_norm;
  if (!fixed && !self_timed) step_controller_init(&s->ctl, max_step, 2.0);
  if (!fixed && !self_timed && cfg->controller) {
    s->ctl.ops = cfg->controller;
    s->ctl.content = cfg->controller_content;
  }
  size_t n = (size_t)(s->nx > 0 ? s->nx : 1);
  double **bufs[5] = {&s->x, &s->x_prev, &s->x_full, &s->x_mid, &s->x_new};
  for (int i = 0; i < 5; ++i)
    if (!(*bufs[i] = calloc(n, sizeof(double)))) {
      stepper_free(s);
      return integrator_fail(it, CB_ERR_MEMORY, "out of memory");
    }
  stepper_free(it->stepper);
  it->stepper = s;
  return CB_OK;
}

void stepper_release(Integrator *it) {
  stepper_free(it->stepper);
  it->stepper = NULL;
}

int stepper_reset(Integrator *it, double t0, const double *x0) {
  Stepper *s = it->stepper;
  if (!s) return integrator_fail(it, CB_ERR_STEP, "%s: no stepper (create failed?)", it->vtbl->name);
  const size_t bytes = (size_t)s->nx * sizeof(double);
  memcpy(s->x, x0, bytes);
  memcpy(s->x_prev, x0, bytes);
  s->t0 = s->t = s->t_prev = t0;
  s->n = 0;
  s->h = step_controller_reset(&s->ctl);
  s->new_state = 1;
  s->done_h = 0.0;
  it->t = t0;
  return s->cfg.kind == STEPPER_ENGINE ? stepper_engine_reset(s, it, t0, x0) : CB_OK;
}

int stepper_advance(Integrator *it, double t_out, double *x_out) {
  Stepper *s = it->stepper;
  if (!s) return integrator_fail(it, CB_ERR_STEP, "%s: no stepper (create failed?)", it->vtbl->name);
  int rc = s->cfg.kind == STEPPER_FIXED     ? stepper_fixed_advance(s, it, t_out, x_out)
           : s->cfg.kind == STEPPER_BOUNDED ? stepper_bounded_advance(s, it, t_out, x_out)
           : s->cfg.kind == STEPPER_ENGINE  ? stepper_engine_advance(s, it, t_out, x_out)
                                            : stepper_adaptive_advance(s, it, t_out, x_out);
  if (s->cfg.kind != STEPPER_ENGINE) stepper_sync_stats(s, it); /* the engine driver syncs its own */
  return rc;
}

void stepper_append_why(const Stepper *s, Integrator *it) {
  const char *(*why_of)(void *) = s->cfg.kind == STEPPER_ENGINE ? s->cfg.engine->why : s->cfg.ops->why;
  const char *why = why_of ? why_of(s->cfg.content) : NULL;
  if (!why || !*why) return;
  size_t n = strlen(it->message);
  snprintf(it->message + n, sizeof it->message - n, ": %s", why);
}

double stepper_error_norm(const Model *m, ErrorNormKind norm, double v_weight, const double *a, const double *b) {
  double e = 0.0;
  for (int i = 0; i < m->nq; ++i) {
    double di = fabs((m->q_scale ? m->q_scale[i] : 1.0) * (a[i] - b[i]));
    if (!(di <= e)) e = di; /* keeps NaN */
  }
  if (norm == ERRNORM_FULL)
    for (int i = m->nq; i < m->nq + m->nv + m->nz; ++i) {
      double di = fabs(a[i] - b[i]);
      if (!(di <= e)) e = di;
    }
  else if (v_weight > 0)
    for (int i = m->nq; i < m->nq + m->nv; ++i) {
      double di = v_weight * fabs(a[i] - b[i]);
      if (!(di <= e)) e = di;
    }
  return e;
}

double stepper_largest_turn(const Model *m, const double *qa, const double *qb) {
  double worst = 0.0;
  for (int b = 1; b < m->nbody; ++b) {
    if (m->bodies[b].joint != JOINT_FREE) continue;
    const double *p = qa + m->bodies[b].qadr + 3, *r = qb + m->bodies[b].qadr + 3;
    double dot = fabs(p[0] * r[0] + p[1] * r[1] + p[2] * r[2] + p[3] * r[3]);
    worst = fmax(worst, 2.0 * acos(fmin(1.0, dot)));
  }
  return worst;
}

int stepper_state_is_finite(const double *x, int n) {
  for (int i = 0; i < n; ++i)
    if (!isfinite(x[i])) return 0;
  return 1;
}
