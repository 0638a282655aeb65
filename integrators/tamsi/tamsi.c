/* Integrators "tamsi" (fixed step opt.dt, convergence control by substep retries) and
 * "tamsi-sd" (the TAMSI step inside step-doubling error control, opt.accuracy, opt.max_step). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../models/contact/contact_hooks.h"
#include "../../models/multibody.h"
#include "../../models/system.h"
#include "../common/stepper.h"
#include "../common/slowdown_inject.h"
#include "../integrator.h"
#include "tamsi_step.h"

typedef struct {
  TamsiStepper st;
  int use_sd;
} TamsiIntegrator;

static const OptionSpec tamsi_options[] = {
    OPTION_INT_SPEC("max_iterations", "100", 1, 100000, "Newton iterations per step before the step counts as failed"),
    OPTION_BOOL_SPEC("tals", "1", "the transition-aware line search (TAMSI sec. V); 0: plain Newton"),
    OPTION_ENUM_SPEC("friction", "stribeck", OPTION_CHOICES("stribeck", "paper"),
                     "CENIC eq. 8's Stribeck curve from mu_s to mu_d, or the paper's single mu_d"),
    OPTIONS_END};

/* The attempt on either driver. Inside step-doubling error control a failed TAMSI solve (or a
 * non-finite state, which the driver finds) is left to the controller (it shrinks the step), so no substep retries; a
 * model or memory failure cannot be helped by a shorter step and ends the run with its code. On
 * the fixed-step driver the step has its substep retries (convergence control). */
static int tamsi_attempt(void *content, const StepAttempt *a, double *xout, StepEstimate *est) {
  TamsiIntegrator *ti = content;
  TamsiStepper *st = &ti->st;
  if (!ti->use_sd) return tamsi_step_with_retries(st, a->t, a->x, a->h, xout);
  st->message[0] = 0;
  int rc = tamsi_step(st, a->t, a->x, a->h, xout);
  if (rc == CB_OK) return 0;
  return rc == CB_ERR_SOLVER ? CB_RECOVERABLE_SOLVER : rc;
}

static const char *tamsi_why(void *content) { return ((TamsiIntegrator *)content)->st.message; }

static const StepperOps tamsi_ops = {.attempt = tamsi_attempt, .why = tamsi_why};

static void tamsi_destroy(Integrator *it) {
  TamsiIntegrator *ti = it->content;
  if (!ti) return;
  tamsi_stepper_free(&ti->st);
  stepper_release(it);
  free(ti);
  it->content = NULL;
}

static int create_common(Integrator *it, int use_sd) {
  OptionValues ov;
  int rc = integrator_read_options(it, &ov);
  if (rc != CB_OK) return rc;
  const Model *m = it->model;
  int max_iter = (int)option_int(&ov, "max_iterations"), tals = option_bool(&ov, "tals");
  int friction_paper = option_enum(&ov, "friction") == 1;
  ContactFrictionLoss loss = contact_single_coefficient_loss(m);
  if (friction_paper && loss.material)
    integrator_note(it, "%s: friction=paper uses one coefficient, mu_dynamic (material '%s': mu_static %g, "
                        "mu_dynamic %g): static friction above mu_dynamic is not modeled",
                    it->vtbl->name, loss.material, loss.mu_static, loss.mu_dynamic);
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
  ti->st.max_iter = max_iter;
  ti->st.friction_paper = friction_paper;
  ti->st.prob.no_tals = !tals;
  StepperConfig cfg = {.kind = use_sd ? STEPPER_STEP_DOUBLING : STEPPER_FIXED, .ops = &tamsi_ops, .content = ti};
  return integrator_use_stepper(it, &cfg);
}

static int tamsi_create(Integrator *it) { return create_common(it, 0); }
static int tamsi_sd_create(Integrator *it) { return create_common(it, 1); }

static int tamsi_reset(Integrator *it, double t0, const double *x0) {
  TamsiIntegrator *ti = it->content;
  tamsi_stepper_invalidate(&ti->st);
  ti->st.stats = &it->stats;
  ti->st.tap.fn = it->newton_observer;
  ti->st.tap.ctx = it->newton_observer_ctx;
  return stepper_reset(it, t0, x0);
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

/* The driver's advance; `make bench-selftest` builds inject a known slowdown here. */
static int tamsi_advance(Integrator *it, double t_out, double *x_out) {
  INJECT_SLOWDOWN_BEGIN();
  int rc = stepper_advance(it, t_out, x_out);
  INJECT_SLOWDOWN_END();
  return rc;
}

INTEGRATOR_VTBL(tamsi_vtbl, "tamsi", "TAMSI (Castro et al. 2020): semi-implicit, implicit normal forces, TALS; fixed step",
                1, tamsi_create, tamsi_reset, tamsi_advance, tamsi_destroy, .options = tamsi_options,
                .contact_forces = tamsi_contact_forces, .controllers = CONTROLLERS_EXPLICIT /* TAMSI eq. 11: tau(q0, v0) */);

INTEGRATOR_VTBL(tamsi_sd_vtbl, "tamsi-sd", "TAMSI step inside step-doubling error control (order 2 estimate, positions)",
                0, tamsi_sd_create, tamsi_reset, tamsi_advance, tamsi_destroy, .options = tamsi_options,
                /* under q its conveyor error stops falling as the accuracy tightens; under full it falls */
                .default_error_norm = ERRNORM_FULL, .contact_forces = tamsi_contact_forces,
                .controllers = CONTROLLERS_EXPLICIT);
