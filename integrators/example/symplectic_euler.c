/* Semi-implicit (symplectic) Euler with a fixed step: one attempt function on STEPPER_FIXED,
 * a create, a destroy and a vtable; the contact forces are those of the model's right-hand side.
 * Adding it to `BUILTIN_INTEGRATORS` (integrators/registry.c) would make it a built-in. */
#include "symplectic_euler.h"

#include <stdlib.h>
#include <string.h>

#include "../../models/data.h"
#include "../../models/multibody.h"
#include "../../models/system.h"
#include "../common/stepper.h"

typedef struct {
  Data *d;
  double *xdot;
  const Model *m;
} SymplecticEuler;

/* v1 = v + h v'(q, v); q1 = q + h N(q) v1 (N(q) v1: the rhs's position rows at (q, v1)). */
static int se_attempt(void *content, const StepAttempt *a, double *xout, StepEstimate *est) {
  SymplecticEuler *e = content;
  const Model *m = e->m;
  int nq = m->nq, nx = system_nx(m);
  int rc = system_rhs(m, e->d, a->t, a->x, e->xdot);
  if (rc != CB_OK) return rc;
  memcpy(xout, a->x, sizeof(double) * (size_t)nx);
  for (int i = nq; i < nx; ++i) xout[i] = a->x[i] + a->h * e->xdot[i];
  rc = system_rhs(m, e->d, a->t, xout, e->xdot);
  if (rc != CB_OK) return rc;
  for (int i = 0; i < nq; ++i) xout[i] = a->x[i] + a->h * e->xdot[i];
  mb_normalize_q(m, xout);
  return CB_OK;
}
static const StepperOps se_ops = {.attempt = se_attempt};

static int se_create(Integrator *it) {
  SymplecticEuler *e = calloc(1, sizeof *e);
  if (!e) return integrator_fail(it, CB_ERR_MEMORY, "out of memory");
  it->content = e;
  e->m = it->model;
  e->d = data_create(it->model);
  e->xdot = calloc((size_t)system_nx(it->model), sizeof(double));
  if (!e->d || !e->xdot) return integrator_fail(it, CB_ERR_MEMORY, "out of memory");
  StepperConfig cfg = {.kind = STEPPER_FIXED, .ops = &se_ops, .content = e};
  return integrator_use_stepper(it, &cfg);
}

static void se_destroy(Integrator *it) {
  SymplecticEuler *e = it->content;
  stepper_release(it);
  if (!e) return;
  data_free(e->d);
  free(e->xdot);
  free(e);
  it->content = NULL;
}

INTEGRATOR_VTBL(example_symplectic_euler_vtbl, "symplectic-euler", "semi-implicit Euler, fixed step (example)", 1,
                se_create, stepper_reset, stepper_advance, se_destroy, .family = "example",
                .default_error_norm = ERRNORM_FULL);
