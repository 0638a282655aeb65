/* Scene -> ODE 0.16 world (double precision), and the state maps between cbench's generalized
 * coordinates and ODE's bodies (maximal coordinates).
 *
 * One ODE body per cbench body that moves (free, revolute, prismatic, fixed to a moving parent),
 * placed at the body's centre of mass (ODE's body frame is its COM frame) with the body frame's
 * orientation; revolute, prismatic and fixed joints become ODE hinge, slider and fixed joints,
 * created in the zero configuration of their coordinate (a limited hinge: the middle of its
 * range) so that ODE's angle and position read cbench's q. Bodies welded to the world carry static geometries; kinematic bodies are ODE
 * kinematic bodies. Contacts come from ODE's own collision detection.
 * What ODE cannot represent is refused by ode_scene_check with "FILE: FIELD: why". */
#ifndef CBENCH_ODE_SCENE_H
#define CBENCH_ODE_SCENE_H

#include <stddef.h>

#include <ode/ode.h>

#include "../../models/data.h"

#define ODE_MAX_PAIR_CONTACTS 16

typedef struct {
  int quick;               /* 1: dWorldQuickStep (PGS), 0: dWorldStep (Dantzig LCP) */
  int iterations;          /* QuickStep iterations */
  double sor;              /* QuickStep over-relaxation */
  int friction_static;     /* 1: mu_static, 0: mu_dynamic */
} OdeSettings;

typedef struct {
  const Model *m;
  OdeSettings set;
  dWorldID world;
  dSpaceID space;
  dJointGroupID contact_group;
  dBodyID *body;           /* [nbody] ODE body of each cbench body, or NULL (world, welded) */
  dJointID *joint;         /* [nbody] its joint to the parent, or NULL */
  dGeomID *geom;           /* [ngeom] */
  int *geom_index;         /* [ngeom] geom_index[g] = g: each ODE geom's data points here */
  double *q_prev;          /* [nq] last q read back (revolute angles are unwrapped against it) */
  double *angle_zero;      /* [nbody] q of a hinge where ODE's angle is 0 (mid-range when limited) */
  Data *d;                 /* cbench kinematics for the state maps and the inputs */
  double t_end_step;       /* the end of the step being taken (belt velocities at it) */
  double h;                /* the step (contact ERP and CFM depend on it) */
  long contacts;           /* contact joints made, over the run */
  dContactGeom cg[ODE_MAX_PAIR_CONTACTS];
} OdeScene;

/* CB_OK, or CB_ERR_UNSUPPORTED with "FILE: FIELD: why ODE cannot take it" in e. */
CbStatus ode_scene_check(const Model *m, CbError *e);
/* Builds the world (dInitODE2 must have been called); CB_OK, or the failure with a message in e
 * (CB_ERR_UNSUPPORTED, CB_ERR_MEMORY). */
CbStatus ode_scene_build(OdeScene *s, const Model *m, const OdeSettings *set, CbError *e);
void ode_scene_free(OdeScene *s);

/* The ODE bodies' poses and velocities from cbench (q, v) at time t (kinematic bodies at t). */
void ode_scene_set_state(OdeScene *s, double t, const double *q, const double *v);
/* cbench (q, v) from the ODE bodies. */
void ode_scene_get_state(OdeScene *s, double *q, double *v);
/* Adds the generalized forces tau[nv] (cbench coordinates) to the ODE bodies and joints. */
void ode_scene_apply_forces(OdeScene *s, const double *tau);
/* Places the kinematic bodies for the step [t, t + h]: the pose at t and the secant velocity,
 * so that ODE moves them onto their pose at t + h. */
void ode_scene_move_kinematic(OdeScene *s, double t, double h);
/* The largest distance of an ODE body from the origin (NAN if one is not finite). */
#define ODE_FARTHEST 1e6
double ode_scene_farthest(const OdeScene *s);
/* Collision detection and contact joints for a step of h ending at t_end. */
void ode_scene_collide(OdeScene *s, double t_end, double h);

#endif
