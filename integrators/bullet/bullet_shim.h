/* The C face of the Bullet shim (bullet_shim.cpp): cbench's scene as a Bullet 3.24 world in
 * double precision (BT_USE_DOUBLE_PRECISION, pkg-config bullet-float64), stepped once per dt.
 *
 * One btMultiBodyDynamicsWorld holds every body: a tree that is one free body is a btRigidBody,
 * any other tree (revolute, prismatic and fixed joints, on the world or on a free base) one
 * btMultiBody in reduced coordinates (Featherstone), so its joints hold exactly, as cbench's do.
 * Bodies are placed at their centre of mass on their principal axes (Bullet takes a diagonal
 * inertia); bodies welded to the world carry static collision objects, kinematic bodies are
 * Bullet kinematic objects. Coordinates cross in cbench's convention (models/model.h). No Bullet
 * type crosses this header; the refusals (what the shim cannot build) are bullet_integrator.c's. */
#ifndef CBENCH_BULLET_SHIM_H
#define CBENCH_BULLET_SHIM_H

#include <stddef.h>

#include "../../models/model.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  int mlcp;                /* 1: btMultiBodyMLCPConstraintSolver over btDantzigSolver; 0: PGS */
  int iterations;          /* btContactSolverInfo::m_numIterations */
  double margin;           /* collision margin of boxes and cylinders (m) */
  int friction_static;     /* 1: the pair's mu_static, 0: mu_dynamic */
} BtConfig;

/* What the shim needs of the scene that cbench computes: the world poses at the initial state
 * of the body frames (welded bodies and the parents of fixed bases) and of the geometries
 * (static ones), row-major rotations; the pairs' contact parameters; allowed[a * nbody + b] 1 when bodies a and b may touch
 * (collision_pair_allowed of any of their geometry pairs). Read during bt_create and bt_reset. */
typedef struct {
  const double *xpos, *xrot;            /* [3 nbody], [9 nbody] */
  const double *geom_xpos, *geom_xrot;  /* [3 ngeom], [9 ngeom] */
  const unsigned char *allowed;         /* [nbody * nbody] */
  const double *material_pairs;         /* [nmaterial^2 * 3]: the pair's k, Hunt-Crossley d, mu */
} BtScenePoses;

typedef struct {
  long contact_points;     /* manifold points given the scene's parameters, over the run */
  long mlcp_fallbacks;     /* MLCP solves that failed and fell back to PGS (Bullet's count) */
  int rigid_bodies, multibodies, links;
} BtCounters;

typedef struct BtSim BtSim;

/* NULL with a message in err (CB_ERR_MEMORY, CB_ERR_MODEL). */
BtSim *bt_create(const Model *m, const BtConfig *cfg, const BtScenePoses *poses, CbError *err);
/* A fresh world (no contact cache, no warm start) whose state is (q, v). CB_OK or a status. */
CbStatus bt_reset(BtSim *s, const double *q, const double *v, CbError *err);
/* One world step of h from t: tau[nv] (cbench's generalized forces, NULL for none) applied as
 * Bullet forces and joint torques, kinematic bodies moved over [t, t + h], stepSimulation(h, 0),
 * then (q, v) read back. kin0, kin1 [3 nbody]: the kinematic bodies' origins at t and t + h.
 * CB_OK or a status with err. */
CbStatus bt_step(BtSim *s, double t, double h, const double *tau, const double *kin0, const double *kin1, double *q,
                 double *v, CbError *err);
void bt_counters(const BtSim *s, BtCounters *out);
void bt_destroy(BtSim *s);

#ifdef __cplusplus
}
#endif

#endif
