/* One TAMSI step on a Model (TAMSI paper sec. V-C): one geometry query at (t, q0, v0, z0),
 * the velocity problem of tamsi_solver.h, then q = q0 + h N(q0) v (eq. 10 with the missing
 * h, TAMSI sec. V) and explicit Euler for controller states. */
#ifndef CBENCH_TAMSI_STEP_H
#define CBENCH_TAMSI_STEP_H

#include "../integrator.h"
#include "../../models/data.h"
#include "tamsi_solver.h"

#define TAMSI_MAX_SUBSTEPS 20

/* A two-entry cache of step data: step doubling evaluates the start x^n (shared by the full
 * and the first half step) and the midpoint; after a rejected attempt the retry starts from
 * x^n again, which is still in the other entry, so it costs no geometry query. */
typedef struct {
  Data *d;
  double *x;               /* [nx] state the entry was evaluated at */
  double t;
  double horizon;          /* the largest step this evaluation serves (speculative contacts) */
  int valid;
  double *zdot;            /* [nz] controller state rates there */
} TamsiStepData;

typedef struct {
  const Model *m;
  Data *d;                 /* the current entry's data (set by tamsi_assemble) */
  TamsiProblem prob;
  IntegratorStats *stats;  /* counters go here (newton_iters, factorizations, ...) */
  int max_iter;            /* Newton iterations per solve (100) */
  int friction_paper;      /* 1: one coefficient mu_dynamic (the paper); 0: Stribeck mu_s -> mu_d */
  double *v;               /* [nv] Newton iterate */
  double *tau_scratch;     /* [nv] */
  double *tau_shift;       /* [nv] prescribed forces at t + h minus at t */
  double *zdot;            /* [nz] controller state rates at the step start (current entry) */
  double *x_sub;           /* [nx] substep state */
  TamsiStepData cache[2];
  int current;             /* entry d and zdot point into */
  int prescribed_motion;   /* surface velocities or kinematic bodies in the model */
  NewtonTap tap;           /* the Newton log (tap.fn NULL: none); prob.tap points here */
  char message[256];
} TamsiStepper;

CbStatus tamsi_stepper_init(TamsiStepper *st, const Model *m, IntegratorStats *stats);
void tamsi_stepper_free(TamsiStepper *st);
/* Forget the cached step data (after a reset). */
void tamsi_stepper_invalidate(TamsiStepper *st);
/* Evaluates the step data at (t, x) (one geometry query unless d already holds x) and fills
 * st->prob for a step of size h. CB_OK or CB_ERR_* with st->message. */
int tamsi_assemble(TamsiStepper *st, double t, const double *x, double h);
/* One step of size h from x at t into xout (may alias x). CB_OK, CB_ERR_SOLVER (Newton did
 * not converge), CB_ERR_MODEL or CB_ERR_NONFINITE, with st->message. */
int tamsi_step(TamsiStepper *st, double t, const double *x, double h, double *xout);
/* tamsi_step, and on a Newton failure retries with n = 2..20 equal substeps (counting
 * stats->substep_retries). */
int tamsi_step_with_retries(TamsiStepper *st, double t, const double *x, double h, double *xout);

#endif
