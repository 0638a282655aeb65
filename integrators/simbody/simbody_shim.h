/* The C face of the Simbody shim (simbody_shim.cpp): cbench's scene as a Simbody
 * MultibodySystem (a mobilized body per cbench body: Free, Pin, Slider or Weld, with the body's
 * mass properties and the scene's uniform gravity) plus one Force::Custom element whose
 * calcForce asks cbench, through SbForceFn, for every other generalized force (the compliant
 * contacts, controllers, prescribed forces, joint springs), stepped by one of Simbody's
 * error-controlled integrators. Coordinates cross in cbench's convention (models/model.h):
 * the shim reorders a free joint's q (Simbody: quaternion first) and nothing else, since
 * Simbody's Free mobilizer speeds are cbench's (angular velocity, then the origin's velocity,
 * both in the joint frame F). No Simbody type crosses this header; C++ exceptions stop in the
 * shim and come back as a status and a message. */
#ifndef CBENCH_SIMBODY_SHIM_H
#define CBENCH_SIMBODY_SHIM_H

#include <stddef.h>

#include "../../models/model.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { SB_RKM = 0, SB_CPODES = 1, SB_SEE2 = 2 } SbMethod;

/* gen[nv] = the generalized forces at (t, q, v) that Simbody does not compute itself (all but
 * gravity and the inertial terms), in cbench's coordinates. CB_OK, or a status that stops the
 * run (the shim makes Simbody's step fail and reports the status). */
typedef int (*SbForceFn)(void *user, double t, const double *q, const double *v, double *gen);

typedef struct {
  SbMethod method;
  double accuracy;         /* Integrator::setAccuracy */
  double max_step;         /* > 0: Integrator::setMaximumStepSize */
  int infinity_norm;       /* 1: Integrator::setUseInfinityNorm (Simbody's default: RMS) */
  long max_steps;          /* > 0: internal steps per advance (setInternalStepLimit) */
} SbConfig;

/* Simbody's counters since the integrator was made (sb_reset makes a new one). */
typedef struct {
  long steps, attempts, error_test_failures, conv_failures, realization_failures, iterations;
} SbCounters;

typedef struct SbSim SbSim;

/* NULL with a message in err (what the scene has that the shim cannot build, or Simbody's
 * own refusal). */
SbSim *sb_create(const Model *m, const SbConfig *cfg, SbForceFn fn, void *user, char *err, size_t errlen);
/* The state becomes (q, v) at t0 (cbench coordinates) and a fresh integrator starts from it. */
int sb_reset(SbSim *s, double t0, const double *q, const double *v, char *err, size_t errlen);
/* Simbody's steps to t_out; (q, v) at t_out (its interpolant inside the last step), *t_reached
 * the end of its last step (also on failure). CB_OK or a negative status with err. */
int sb_advance(SbSim *s, double t_out, double *q, double *v, double *t_reached, char *err, size_t errlen);
void sb_counters(const SbSim *s, SbCounters *out);
/* The integrator's name as Simbody gives it ("RungeKuttaMerson", "CPodes", ...). */
const char *sb_method_name(const SbSim *s);
void sb_destroy(SbSim *s);

#ifdef __cplusplus
}
#endif

#endif
