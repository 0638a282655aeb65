/* Integrators "tamsi" (fixed step opt.dt, convergence control by substep retries) and
 * "tamsi-sd" (the TAMSI step inside step-doubling error control, opt.accuracy, opt.max_step). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../models/multibody.h"
#include "../../models/system.h"
#include "../common/fixed_step.h"
#include "../common/slowdown_inject.h"
#include "../common/step_doubling.h"
#include "../integrator.h"
#include "tamsi_step.h"

typedef struct {
  TamsiStepper st;
  int use_sd;
  StepDoubling sd;         /* tamsi-sd */
  FixedStepper fixed;      /* tamsi */
} TamsiIntegrator;

static const char *const known_options[] = {"max_iterations", "tals", "friction", NULL};

/* Step-doubling callbacks. A failed TAMSI solve (or a non-finite state) is left to the
 * controller (it shrinks the step), so no substep retries inside error control; a model or
 * memory failure cannot be helped by a shorter step and ends the run with its code. */
static int sd_step(void *ctx, double t, const double *x, double h, double *xout) {
  TamsiStepper *st = ctx;
  st->message[0] = 0;
  int rc = tamsi_step(st, t, x, h, xout);
  if (rc == CB_OK) return 0;
  if (rc == CB_ERR_SOLVER) return CB_RECOVERABLE_SOLVER;
  return rc == CB_ERR_NONFINITE ? CB_RECOVERABLE_MODEL : rc;
}

/* The fixed-step driver's step: TAMSI with its substep retries (convergence control). */
static int fixed_step(void *ctx, double t, const double *x, double h, double *xout) {
  TamsiStepper *st = ctx;
  return tamsi_step_with_retries(st, t, x, h, xout);
}

static const char *fixed_why(void *ctx) { return ((TamsiStepper *)ctx)->message; }

static void sd_project(void *ctx, double *x) {
  TamsiStepper *st = ctx;
  mb_normalize_q(st->m, x);
}

static void tamsi_destroy(Integrator *it) {
  TamsiIntegrator *ti = it->content;
  if (!ti) return;
  tamsi_stepper_free(&ti->st);
  step_doubling_free(&ti->sd);
  fixed_step_free(&ti->fixed);
  free(ti);
  it->content = NULL;
}

static int create_common(Integrator *it, int use_sd) {
  int rc = integrator_check_options(it, known_options);
  if (rc != CB_OK) return rc;
  const Model *m = it->model;
  int max_iter = 100, tals = 1;
  const char *s = integrator_option(&it->opt, "max_iterations");
  if (s) {
    char *end;
    long val = strtol(s, &end, 10);
    if (*end || val < 1 || val > 100000) return integrator_fail(it, CB_ERR_OPTION, "max_iterations must be a positive integer, got '%s'", s);
    max_iter = (int)val;
  }
  s = integrator_option(&it->opt, "tals");
  if (s) {
    if (strcmp(s, "0") && strcmp(s, "1")) return integrator_fail(it, CB_ERR_OPTION, "tals must be 0 or 1, got '%s'", s);
    tals = s[0] == '1';
  }
  int friction_paper = 0;
  s = integrator_option(&it->opt, "friction");
  if (s) {
    if (!strcmp(s, "paper")) friction_paper = 1;
    else if (strcmp(s, "stribeck")) return integrator_fail(it, CB_ERR_OPTION, "friction must be stribeck or paper, got '%s'", s);
  }
  if (friction_paper)
    for (int i = 0; i < m->nmaterial; ++i)
      if (m->materials[i].mu_static != m->materials[i].mu_dynamic) {
        integrator_note(it, "%s: friction=paper uses one coefficient, mu_dynamic (material '%s': mu_static %g, "
                            "mu_dynamic %g): static friction above mu_dynamic is not modeled",
                        it->vtbl->name, m->materials[i].name, m->materials[i].mu_static, m->materials[i].mu_dynamic);
        break;
      }
  /* what TAMSI's step (paper sec. V) does not model, said in the record */
  int nlimit = 0;
  for (int b = 1; b < m->nbody; ++b) nlimit += m->bodies[b].has_limit;
  if (nlimit)
    integrator_note(it, "%s: %d joint limit(s) ignored: the TAMSI step has no joint-limit forces", it->vtbl->name,
                    nlimit);
  if (m->ncontroller > 0)
    integrator_note(it, "%s: controllers are explicit (evaluated at the step start, TAMSI eq. 11)", it->vtbl->name);
  if (use_sd && !(it->opt.accuracy > 0)) return integrator_fail(it, CB_ERR_OPTION, "accuracy must be positive");
  if (!use_sd && !(it->opt.dt > 0)) return integrator_fail(it, CB_ERR_OPTION, "dt must be positive");
  TamsiIntegrator *ti = calloc(1, sizeof *ti);
  if (!ti) return integrator_fail(it, CB_ERR_MEMORY, "out of memory");
  it->content = ti;
  ti->use_sd = use_sd;
  if (tamsi_stepper_init(&ti->st, m, &it->stats) != 0) return integrator_fail(it, CB_ERR_MEMORY, "out of memory");
  if (!use_sd && fixed_step_init(&ti->fixed, it, fixed_step, fixed_why, &ti->st) != 0)
    return integrator_fail(it, CB_ERR_MEMORY, "out of memory");
  ti->st.max_iter = max_iter;
  ti->st.friction_paper = friction_paper;
  ti->st.prob.no_tals = !tals;
  if (use_sd) {
    double max_step = it->opt.max_step > 0 ? it->opt.max_step : (m->max_step > 0 ? m->max_step : 0.1);
    if (step_doubling_init(&ti->sd, system_nx(m), m->nq, m->q_scale, it->opt.error_norm, it->opt.accuracy, max_step,
                           sd_step, sd_project, &ti->st) != 0)
      return integrator_fail(it, CB_ERR_MEMORY, "step doubling: out of memory or bad arguments");
    ti->sd.log_it = it;
  }
  return CB_OK;
}

static int tamsi_create(Integrator *it) { return create_common(it, 0); }
static int tamsi_sd_create(Integrator *it) { return create_common(it, 1); }

static int tamsi_reset(Integrator *it, double t0, const double *x0) {
  TamsiIntegrator *ti = it->content;
  tamsi_stepper_invalidate(&ti->st);
  ti->st.stats = &it->stats;
  it->t = t0;
  if (ti->use_sd) step_doubling_reset(&ti->sd, t0, x0);
  else fixed_step_reset(&ti->fixed, t0, x0);
  return CB_OK;
}

static int sd_advance(Integrator *it, double t_out, double *x_out) {
  TamsiIntegrator *ti = it->content;
  int rc = step_doubling_advance(&ti->sd, t_out, x_out, it->opt.max_steps, &it->stats, it->message, sizeof it->message);
  it->t = ti->sd.t;
  /* say why the last attempt failed (the stepper's message), not only where */
  if (rc != CB_OK && isnan(ti->sd.last_error) && ti->st.message[0]) {
    size_t n = strlen(it->message);
    snprintf(it->message + n, sizeof it->message - n, ": %s", ti->st.message);
  }
  return rc;
}

static int tamsi_advance(Integrator *it, double t_out, double *x_out) {
  TamsiIntegrator *ti = it->content;
  ti->st.stats = &it->stats;
  INJECT_SLOWDOWN_BEGIN();
  int rc = ti->use_sd ? sd_advance(it, t_out, x_out) : fixed_step_advance(&ti->fixed, it, t_out, x_out);
  INJECT_SLOWDOWN_END();
  return rc;
}

/* The forces TAMSI solved for in its last (sub)step (its unknowns are forces, not impulses), with
 * the contact velocities at that solution, on the contacts of that step's data. */
static int tamsi_contact_forces(Integrator *it, const Data **d, const double **force, const double **vc) {
  TamsiIntegrator *ti = it->content;
  const TamsiStepper *st = &ti->st;
  if (!st->d || st->prob.nc != st->d->ncon) return -1;
  *d = st->d;
  *force = st->prob.f;
  *vc = st->prob.vc;
  return 0;
}

const IntegratorVtbl tamsi_vtbl = {
    .name = "tamsi",
    .summary = "TAMSI (Castro et al. 2020): semi-implicit, implicit normal forces, TALS; fixed step",
    .fixed_step = 1,
    .create = tamsi_create,
    .reset = tamsi_reset,
    .advance = tamsi_advance,
    .destroy = tamsi_destroy,
    .contact_forces = tamsi_contact_forces,
};

const IntegratorVtbl tamsi_sd_vtbl = {
    .name = "tamsi-sd",
    .summary = "TAMSI step inside step-doubling error control (order 2 estimate, positions)",
    .fixed_step = 0,
    .create = tamsi_sd_create,
    .reset = tamsi_reset,
    .advance = tamsi_advance,
    .destroy = tamsi_destroy,
    /* under q its conveyor error stalled at 0.04 m from 1e-2 to 1e-4; full reaches 0.008 m */
    .default_error_norm = ERRNORM_FULL,
    .contact_forces = tamsi_contact_forces,
};
