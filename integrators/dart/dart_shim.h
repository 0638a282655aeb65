/* The C face of the DART 6.12 shim (dart_shim.cpp): cbench's scene as a dart::simulation::World
 * stepped at a fixed dt by DART's own time stepping (semi-implicit Euler with a velocity-level
 * boxed LCP for contacts and joint limits, solved by DART's Dantzig or PGS boxed LCP solver).
 *
 * One Skeleton per kinematic tree: its root body on a FreeJoint (q in the joint frame on the
 * world), RevoluteJoint, PrismaticJoint or WeldJoint, its other bodies on RevoluteJoint,
 * PrismaticJoint or WeldJoint, each BodyNode in the cbench body frame (DART's joint frame on the
 * child side is the body frame), with the body's mass, COM and inertia about the COM. Bodies
 * welded to the world and the world's own geometries form one immobile Skeleton. Contacts come
 * from DART's OdeCollisionDetector (ODE's colliders for box, sphere, cylinder, capsule and
 * plane), filtered by cbench's own pair rule (collision_pair_allowed).
 * Coordinates cross in cbench's convention (models/model.h): a free joint's q is its pose
 * (position, unit quaternion) in the joint frame F and v = [w; v_origin] in F; DART's FreeJoint
 * holds the pose as exp coordinates and its velocity as the body-frame twist [R^T w; R^T v].
 * No DART type crosses this header; C++ exceptions stop in the shim. */
#ifndef CBENCH_DART_SHIM_H
#define CBENCH_DART_SHIM_H

#include <stddef.h>

#include "../../models/model.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { DT_DANTZIG = 0, DT_PGS = 1 } DtSolver;

typedef struct {
  DtSolver solver;
  double dt;
  int fallback;            /* Dantzig: PGS when Dantzig fails (DART's default), 0: none */
  int pgs_iterations;      /* PgsBoxedLcpSolver::Option: sweeps, absolute and relative dx stop */
  double pgs_tolerance, pgs_relative_tolerance;
  double erp, erv, cfm;    /* ContactConstraint's error reduction, its velocity cap, CFM */
  int friction_static;     /* 1: each shape's mu_static, 0: mu_dynamic */
  int max_contacts;        /* CollisionOption::maxNumContacts per step */
} DtConfig;

/* DART's own constraint settings as the run used them (for the record). */
typedef struct {
  double contact_erp, contact_erv, contact_cfm, contact_allowance;
  double limit_erp, limit_erv, limit_cfm, limit_allowance;
} DtSettings;

typedef struct DtSim DtSim;

/* What of the scene DART cannot take: NULL, or "FIELD: why" (FIELD names the scene's field). */
int dt_scene_check(const Model *m, char *err, size_t errlen);
/* NULL with a message in err. */
DtSim *dt_create(const Model *m, const DtConfig *cfg, char *err, size_t errlen);
void dt_settings(const DtSim *s, DtSettings *out);
/* The skeletons take (q, v) (cbench coordinates); the world's time becomes t. */
int dt_set_state(DtSim *s, double t, const double *q, const double *v, char *err, size_t errlen);
/* One World::step of dt with the generalized forces tau[nv] (cbench coordinates) held over it,
 * then (q, v) read back. CB_OK or a negative status with err. */
int dt_step(DtSim *s, const double *tau, double *q, double *v, char *err, size_t errlen);
/* Contacts of the last step's collision result. */
long dt_last_contacts(const DtSim *s);
/* DART's console messages (dtwarn/dterr) during steps: how many lines, the first. */
long dt_message_count(const DtSim *s);
const char *dt_first_message(const DtSim *s);
void dt_destroy(DtSim *s);

#ifdef __cplusplus
}
#endif

#endif
