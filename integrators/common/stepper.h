/* The step-attempt interface and the shared drivers that own the step loop (as ARKODE's one
 * evolve loop calls each method's step, or Drake's DoStep(h)). A scheme provides one attempt of
 * one step, x(t) -> x(t + h), in the SUNDIALS object style: its content plus a table of
 * operations, CB_OK (0), positive = recoverable (a shorter step may succeed), negative = fatal
 * (CB_ERR_*). A driver owns everything else: the loop to the output time, the counters steps /
 * rejected / conv_failures / error_test_failures, the step log (StepObserver), the step budget
 * (opt.max_steps per advance), the error norm, the non-finite state check, an optional bound on
 * the rotation per step, and dense output (linear interpolation inside the last step,
 * quaternions renormalized).
 *
 * Drivers:
 *   STEPPER_FIXED          steps t_k = t0 + k dt (opt.dt); a failed step fails the run.
 *   STEPPER_STEP_DOUBLING  CENIC sec. V-A: a full step and two half steps per attempt; the error
 *                          is the norm of their difference; step size by the controller
 *                          (StepperConfig.controller, step_control.h), p = 2.
 *   STEPPER_EMBEDDED       the attempt returns its solution and a lower-order one (cenic-trap's
 *                          trapezoid against its first-order step, V-B); the error is the norm of
 *                          their difference.
 *   STEPPER_BOUNDED        the scheme proposes each step's size (StepperOps.bound, at most opt.dt:
 *                          conservative advancement's safe step, True Rigidity Alg. 1 line 1);
 *                          no error estimate; a failed step fails the run.
 *   STEPPER_ENGINE         an engine that steps itself (EngineOps, StepperConfig.engine): either
 *                          one engine step of opt.dt at a time (MuJoCo's mj_step, a peer's world
 *                          step), the driver looping to the output time and interpolating inside
 *                          the last step; or the engine's own steps to the output time with its
 *                          own dense output (SUNDIALS' CVode / ARKStepEvolve). A failed engine step
 *                          fails the run.
 *
 * An integrator on a driver calls integrator_use_stepper in its create, stepper_release in its
 * destroy, and names stepper_reset and stepper_advance in its vtbl (docs: "How to add an
 * integrator"). */
#ifndef CBENCH_STEPPER_H
#define CBENCH_STEPPER_H

#include "../integrator.h"
#include "step_control.h"

typedef enum {
  STEPPER_FIXED = 0,
  STEPPER_STEP_DOUBLING = 1,
  STEPPER_EMBEDDED = 2,
  STEPPER_BOUNDED = 3,
  STEPPER_ENGINE = 4
} StepperKind;

/* Which step of the driver's attempt a call is: the driver says, the scheme does not guess. */
typedef enum { STEP_WHOLE = 0, STEP_FIRST_HALF = 1, STEP_SECOND_HALF = 2 } StepPart;

typedef struct {
  double t, h;             /* this call's step: from t, of size h */
  const double *x;         /* the state at t */
  StepPart part;           /* STEP_WHOLE, or the full step (STEP_WHOLE) and the two halves of
                            * a step-doubling attempt, called in that order */
  int new_state;           /* 1: the first attempt from this state (after a reset or an accepted
                            * step); 0: a retry after a rejection */
  double retry_of;         /* > 0: the size of the previous attempt from this same state, which
                            * completed and was rejected (its results are still the scheme's);
                            * 0: none */
} StepAttempt;

/* What STEPPER_EMBEDDED's attempt returns besides its solution. */
typedef struct {
  const double *x_low;     /* the lower-order solution the error is measured against */
  double err_floor;        /* the error is at least this (0: no floor) */
} StepEstimate;

typedef struct StepperOps {
  /* Required. One step into xout (nx values; may not alias a->x). est: NULL except under
   * STEPPER_EMBEDDED (the whole step) and STEPPER_STEP_DOUBLING's second half step (where only
   * err_floor is read). */
  int (*attempt)(void *content, const StepAttempt *a, double *xout, StepEstimate *est);
  /* Optional: why the last attempt failed (appended to the run's message). */
  const char *(*why)(void *content);
  /* Optional: an attempt was accepted (state advanced to t + h). */
  void (*accepted)(void *content, double h);
  /* Optional: copy the scheme's own counters and time split into it->stats (before each step
   * log row and at the end of each advance). */
  void (*sync_stats)(void *content, Integrator *it);
  /* Required by STEPPER_BOUNDED: the size *h in (0, h_max] of the next step from (t, x).
   * CB_OK, or a failure code (the run fails with why()). */
  int (*bound)(void *content, double t, const double *x, double h_max, double *h);
} StepperOps;

/* A self-stepping engine (STEPPER_ENGINE): a peer simulator or an ODE library that keeps its
 * own state and takes its own steps. The content is StepperConfig.content. The driver owns
 * the output times, the step budget (opt.max_steps per advance, for `step`), the count of
 * accepted steps (`step`), the step log, the NaN/inf check of the states it returns and their
 * linear interpolation inside the last step (`step`). docs/extending.md, "Adding a
 * self-stepping engine". */
typedef struct EngineOps {
  /* Required: the engine's state becomes x0 = [q; v; z] at t0 (stepper_reset). CB_OK, or a
   * negative code (the run's message: why(), or the engine's own integrator_fail). */
  int (*reset)(void *content, double t0, const double *x0);
  /* Exactly one of step and advance. step: one engine step of dt from its state at t (x, the
   * state the driver holds, equals it) into xout (the state after the step, nx values). The
   * engine counts its own work (Newton iterations, geometry queries) into the Integrator's
   * stats; the driver counts the step. CB_OK, or a code that fails the run. */
  int (*step)(void *content, double t, double dt, const double *x, double *xout);
  /* advance: the engine's own steps to t_out and x(t_out) into x_out (its dense output);
   * *t_reached: the end of its last step, also on failure. Its counters come by sync_stats. */
  int (*advance)(void *content, double t_out, double *x_out, double *t_reached);
  /* Optional: add the engine's counters since the last call into it->stats (after each
   * advance, before the step log's rows). */
  void (*sync_stats)(void *content, Integrator *it);
  /* Optional: why the last call failed (the run's message); NULL: the engine's message stays. */
  const char *(*why)(void *content);
} EngineOps;

typedef struct {
  StepperKind kind;
  const StepperOps *ops;   /* the scheme's (every kind but STEPPER_ENGINE) */
  void *content;
  /* Error-controlled drivers: velocities weighted by v_weight (s) join the positions-only norm
   * (ERRNORM_POSITIONS; 0: not). */
  double v_weight;
  /* Largest rotation of a free body in one step, rad (0: unbounded). Error control rejects a
   * step that turns more (its error becomes accuracy (turn / max_turn)^2, so p = 2 proposes
   * about a step that turns max_turn); the fixed-step driver fails the run. */
  double max_turn;
  /* Error-controlled drivers: steps stop once t >= t_out - end_tol (0: t >= t_out). */
  double end_tol_rel;
  /* Error-controlled drivers: the step-size controller (step_control.h; &step_control_pi, or
   * a scheme's own) and its content (StepController.content); NULL: CENIC Algorithm 1's dead
   * band, step_control_deadband. */
  const StepControllerOps *controller;
  void *controller_content;
  /* STEPPER_ENGINE: the engine's operations (ops unused). */
  const EngineOps *engine;
} StepperConfig;

typedef struct Stepper Stepper;

/* Puts it's stepping on a driver (to be called in the vtbl's create). CB_OK, or
 * CB_ERR_MEMORY / CB_ERR_OPTION with it->message. */
int integrator_use_stepper(Integrator *it, const StepperConfig *cfg);
/* The vtbl's reset and advance of an integrator on a driver (a scheme with state of its own
 * resets it, then calls stepper_reset). */
int stepper_reset(Integrator *it, double t0, const double *x0);
int stepper_advance(Integrator *it, double t_out, double *x_out);
/* The start of a fixed-step engine's create (the peers'): dt > 0 checked, then the declared
 * options read into ov. CB_OK, or CB_ERR_OPTION with it->message. */
int engine_fixed_step_options(Integrator *it, OptionValues *ov);
/* Frees the driver (the vtbl's destroy calls it). */
void stepper_release(Integrator *it);

/* The one local error norm (CENIC V-E): |S (a - b)_q|_inf over positions, S = model q_scale;
 * with v_weight > 0 also v_weight |(a - b)_v|_inf; ERRNORM_FULL: over the whole state, S on q
 * only. NaN propagates. */
double stepper_error_norm(const Model *m, ErrorNormKind norm, double v_weight, const double *a, const double *b);
/* Largest rotation of a free body from state qa to qb, rad: 2 acos |qa . qb|. */
double stepper_largest_turn(const Model *m, const double *qa, const double *qb);
/* 1 if all n values are finite. */
int stepper_state_is_finite(const double *x, int n);

#endif
