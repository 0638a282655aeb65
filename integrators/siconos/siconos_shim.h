/* The C face of the Siconos 4.4 kernel shim (siconos_shim.cpp): free rigid bodies as
 * NewtonEulerDS (COM position, quaternion; twist = [COM velocity in the world, angular velocity
 * in the body frame], Siconos' convention), one TimeStepping simulation with a MoreauJeanOSI
 * (theta) and a FrictionContact problem of dimension 3 solved by SICONOS_FRICTION_3D_NSGS.
 * Contacts come from the caller each step (cbench's own collision): each becomes an Interaction
 * with a NewtonImpactFrictionNSL (normal and tangential restitution 0, the pair's mu) and a
 * NewtonEuler3DR relation whose points are the contact's witness points, carried with the
 * bodies' centres of mass over the step. Joints (SicJoint) are Siconos' mechanics joint relations
 * (PivotJointR, PrismaticJointR, FixedJointR) with an EqualityConditionNSL, their limits
 * JointStopR with a NewtonImpactNSL (restitution 0); a scene with joints is solved as a
 * GenericMechanical problem (SICONOS_GENERIC_MECHANICAL_NSGS: equality, LCP and friction
 * blocks), one without as the FrictionContact(3) above. No Siconos type crosses this header;
 * C++ exceptions stop in the shim and come back as a status and a message. */
#ifndef CBENCH_SICONOS_SHIM_H
#define CBENCH_SICONOS_SHIM_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  double theta;            /* MoreauJeanOSI's theta */
  double tolerance;        /* NSGS tolerance (Siconos' fc3d error) */
  int max_iterations;      /* NSGS sweeps per solve */
  int newton_linear;       /* 1: one Newton iteration per step (SICONOS_TS_LINEAR) */
} SicConfig;

typedef struct {
  long steps;              /* computeOneStep calls */
  long newton_iters;       /* Siconos' Newton iterations, summed */
  long solves;             /* FrictionContact solves (one per Newton iteration with contacts) */
  long nsgs_iters, nsgs_iters_max; /* NSGS sweeps, summed and largest per solve */
  long solver_failures;    /* solves whose info was not 0 (tolerance not reached) */
  double residual_max;     /* largest NSGS error at the end of a solve */
  long newton_unconverged; /* steps whose Newton loop stopped at its limit */
} SicCounters;

typedef struct SicSim SicSim;

enum { SIC_JOINT_PIVOT, SIC_JOINT_PRISMATIC, SIC_JOINT_FIXED };

/* A joint between body a (the child) and body b (its parent; -1: the world), made at the reset
 * configuration: point and axis in the world (the pivot's point and axis, the slider's axis).
 * lower/upper (when has_lower/has_upper): the stops of a's motion relative to b about/along
 * +axis, measured from the reset configuration. */
typedef struct {
  int type, a, b;
  double point[3], axis[3];
  int has_lower, has_upper;
  double lower, upper;
} SicJoint;

/* nbody free bodies: mass[k], inertia[9 k ..] (body frame, about the COM, row-major). NULL with
 * a message on failure. */
SicSim *sic_create(int nbody, const double *mass, const double *inertia, const SicConfig *cfg, char *err,
                   size_t errlen);
/* A fresh simulation from t0 with step h: body k at pos[7 k ..] = [COM; quaternion w x y z] and
 * twist[6 k ..], the njoint joints made at that configuration. 0, or -1 with a message. */
int sic_reset(SicSim *s, double t0, double h, const double *pos, const double *twist, const SicJoint *joints,
              int njoint, char *err, size_t errlen);
/* The external force (world) and torque about the COM (world) on body k for the next step. */
void sic_set_load(SicSim *s, int k, const double *force, const double *torque);
/* The contacts of the next step: a with b (b = -1: the world); pa, pb the witness points on a's
 * and b's surfaces (world), n the unit normal from b into a, mu the Coulomb coefficient. */
void sic_clear_contacts(SicSim *s);
int sic_add_contact(SicSim *s, int a, int b, const double *pa, const double *pb, const double *n, double mu);
/* One time step; 0, or -1 with a message. */
int sic_step(SicSim *s, char *err, size_t errlen);
void sic_get_body(const SicSim *s, int k, double *pos, double *twist);
void sic_counters(const SicSim *s, SicCounters *out);
void sic_destroy(SicSim *s);

#ifdef __cplusplus
}
#endif

#endif
