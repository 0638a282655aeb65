/* The immutable model (in the spirit of MuJoCo's mjModel): bodies in kinematic trees,
 * geometries, materials, controllers and the initial state, as loaded from a scene file.
 * Per-run scratch lives in Data (models/data.h); a Model is never written after loading.
 *
 * Conventions (shared by every integrator):
 *   - Body 0 is the world. Bodies are stored in topological order: parent[b] < b.
 *     Each tree (a movable body attached to the world, plus its descendants) occupies a
 *     contiguous range of bodies and of velocity coordinates.
 *   - State x = [q; v; z]: nq positions, nv velocities, nz controller states.
 *   - Free joint: q = [px py pz  qw qx qy qz] (position of the body frame origin in the joint
 *     frame F, unit quaternion body->F), v = [wx wy wz  vx vy vz]: angular velocity and velocity
 *     of the body origin, both expressed in F (for a body on the world: world coordinates, as
 *     Drake's quaternion floating mobilizer does). q' = N(q) v: p' = v_lin,
 *     quat' = 1/2 [0, w] * quat. (Body-frame velocities would put the gyroscopic term
 *     m w x v into k, which the lagged schemes treat explicitly: a rolling ball then gains
 *     energy at every step.)
 *   - Revolute / prismatic: one q, one v, about / along a unit axis given in the joint frame.
 *   - Fixed: no q, no v (welds a body to its parent).
 *   - The joint frame is placed in the parent body frame by (joint_pos, joint_quat); the body
 *     frame coincides with the joint frame when the joint coordinate is zero.
 *   - Dynamics: M(q) v' + k(q, v) = tau + J^T f, with k holding Coriolis/centrifugal terms,
 *     gravity, joint springs and joint damping. */
#ifndef CBENCH_MODEL_H
#define CBENCH_MODEL_H

#include <stddef.h>

#include "cb_error.h"

#define CB_NAME_LEN 64
#define CB_MAX_EXCLUDE_GROUPS 16
/* Default joint-limit parameters (Model.limit_stiffness, limit_damping): natural frequency
 * 100 rad/s, critically damped. */
#define CB_LIMIT_STIFFNESS 1e4
#define CB_LIMIT_DAMPING 200.0

typedef enum { JOINT_FREE = 0, JOINT_REVOLUTE, JOINT_PRISMATIC, JOINT_FIXED } JointType;

typedef struct {
  char name[CB_NAME_LEN];
  int parent;              /* index of the parent body; 0 = world */
  JointType joint;         /* joint connecting this body to its parent */
  double joint_pos[3];     /* joint frame origin in the parent body frame */
  double joint_quat[4];    /* joint frame orientation relative to the parent body frame */
  double joint_rot[9];     /* its rotation matrix, row-major (derived by model_finalize) */
  int joint_rot_identity;  /* joint_rot is exactly the identity (derived) */
  double axis[3];          /* unit joint axis in the joint frame (revolute, prismatic) */
  double mass;             /* kg */
  double com[3];           /* center of mass in the body frame */
  double inertia[9];       /* rotational inertia about the COM, body frame, symmetric PD */
  int inertia_diagonal;    /* inertia is diagonal (principal axes: primitives; derived) */
  int qadr, nq;            /* this joint's slice of q */
  int vadr, nv;            /* this joint's slice of v */
  int tree;                /* kinematic tree index, or -1 for bodies welded to the world */
  /* one-dof joints only */
  int has_limit;           /* joint limit active */
  double limit_lower, limit_upper;
  double damping;          /* N m s / rad (or N s / m): viscous joint damping, in k(q,v) */
  double stiffness;        /* joint spring, in k(q,v) */
  double spring_ref;       /* spring rest position */
  double armature;         /* kg m^2 (or kg): reflected rotor inertia (gear ratio^2 x rotor
                              inertia), added to the joint's diagonal entry of M */
  /* Kinematic body (models/kinematic.h): a fixed joint on the world whose origin follows
   * joint_pos + kin_dir * kin_amp * sin(2 pi kin_freq t) + kin_vel * t (world frame, constant
   * orientation). No dofs (tree -1); its motion enters contacts through Contact.vc_offset. */
  int kinematic;
  double kin_dir[3], kin_amp, kin_freq, kin_vel[3];
} Body;

typedef enum { GEOM_PLANE = 0, GEOM_SPHERE, GEOM_BOX, GEOM_CYLINDER, GEOM_CAPSULE, GEOM_NTYPES } GeomType;

typedef struct {
  char name[CB_NAME_LEN];
  GeomType type;
  int body;                /* body the geometry is attached to (0 = world) */
  double pos[3];           /* geometry frame origin in the body frame */
  double quat[4];          /* geometry frame orientation in the body frame */
  /* plane: half-space z <= 0 of the geometry frame (outward normal +z); size unused.
   * sphere: size[0] = radius.  box: size = half extents.
   * cylinder / capsule: size[0] = radius, size[1] = half length, axis = geometry z. */
  double size[3];
  double rbound;           /* bounding-sphere radius (infinite for planes) */
  double rot[9];           /* rotation of quat, row-major (derived by model_finalize) */
  int body_frame;          /* pos = 0 and rot = identity: the body's own frame (derived) */
  int material;            /* index into Model.materials */
  double margin;           /* report pairs within this distance (m) as contacts */
  /* Collision filter: geometries with the same group (>= 1) never collide with each other, as
   * Drake's CollisionFilterDeclaration().ExcludeWithin (its clutter filters box-box pairs);
   * 0 = no group (a zeroed Geom). Model.exclude_group_names[group - 1] is the scene's name. */
  int exclude_group;
  /* Prescribed surface velocity (conveyor belt), in the geometry frame:
   * u(t) = surface_dir * (surface_bias + surface_amp * sin(2 pi surface_freq t)). */
  int has_surface_velocity;
  double surface_dir[3], surface_bias, surface_amp, surface_freq;
} Geom;

/* Contact material; per-pair parameters come from contact_combine() (models/contact.h). */
typedef struct {
  char name[CB_NAME_LEN];
  double stiffness;        /* k, N/m; INFINITY = rigid */
  double dissipation;      /* Hunt-Crossley d, s/m */
  double mu_static, mu_dynamic;
} Material;

typedef enum { CTRL_PD = 0, CTRL_PID, CTRL_INVERSE_DYNAMICS } ControllerType;

/* A setpoint schedule: piecewise-linear desired positions qd(t) over the controlled dofs;
 * desired velocities vd(t) are the slopes (zero before the first and after the last knot). */
typedef struct {
  ControllerType type;
  char name[CB_NAME_LEN];
  int ndof;                /* number of controlled velocity coordinates */
  int *dof;                /* [ndof] indices into v (one-dof joints: q index = Body.qadr) */
  int *qdof;               /* [ndof] matching indices into q */
  double *kp, *kd, *ki;    /* [ndof] gains */
  double *effort_limit;    /* [ndof], INFINITY = unlimited */
  int nknots;
  double *knot_t;          /* [nknots] */
  double *knot_q;          /* [nknots * ndof] */
  int zadr, nz;            /* controller state slice (PID integral), nz = ndof or 0 */
} Controller;

/* A prescribed external force on a body (the dragged cube, the TAMSI box stick-slip):
 * F(t) = dir * (constant + ramp_rate * min(t, ramp_end) + amp * cos(2 pi freq t)),
 * dir in world coordinates, applied at `point` given in the body frame. */
typedef struct {
  int body;
  double point[3];
  double dir[3];
  double constant, ramp_rate, ramp_end, amp, freq;
} AppliedForce;

enum { CB_FRICTION_REG_CENIC = 0, CB_FRICTION_REG_TAMSI = 1 };

typedef struct Model {
  char name[CB_NAME_LEN];
  char source[1024];       /* scene file path it was loaded from */
  double gravity[3];
  double t_end;            /* default simulated duration, s */
  double stiction_tolerance; /* v_s, m/s (CENIC eq. 7-8) */
  /* The continuous friction law's regularization (scene "friction_regularization"):
   * CB_FRICTION_REG_CENIC (default) mu(|v_t|/v_s) v_t / sqrt(|v_t|^2 + v_s^2), CENIC eq. 7;
   * CB_FRICTION_REG_TAMSI the law TAMSI integrates (TAMSI eq. 6-7, contact_force). */
  int friction_regularization;
  double max_step;         /* default maximum step for error-controlled integrators */
  /* Compliant joint limits of the continuous view (system.c): beyond a limit of a one-dof
   * joint, tau_i = -M_ii (limit_stiffness delta + limit_damping delta'), push-only, with delta
   * the violation. Units 1/s^2 and 1/s (scaled by the joint's own inertia M_ii); 0 selects
   * CB_LIMIT_STIFFNESS / CB_LIMIT_DAMPING. */
  double limit_stiffness, limit_damping;
  /* 1: geometries of two bodies of the same kinematic tree never collide (scene
   * "self_collision": false; collision_pair_allowed). 0 (default): only parent and child are
   * filtered. */
  int no_self_collision;
  int nexclude_group;      /* distinct geometry exclude groups (Geom.exclude_group) */
  char exclude_group_names[CB_MAX_EXCLUDE_GROUPS][CB_NAME_LEN];

  int nbody;               /* including the world (body 0) */
  Body *bodies;
  int nq, nv, nz;
  int ntree;
  int *tree_vadr, *tree_nv;  /* [ntree] velocity range of each tree */
  int *tree_madr;          /* [ntree] offset of the tree's dense nv_t x nv_t block in Data.mass */
  int mass_size;           /* sum of tree_nv^2 */
  int max_tree_nv;
  int *dof_tree;           /* [nv] tree of each velocity coordinate */
  double *dof_damping;     /* [nv] joint damping per dof (0 for free joints) */
  int *dof_body;           /* [nv] body owning each dof */

  int ngeom;
  Geom *geoms;
  int nmaterial;
  Material *materials;

  int ncontroller;
  Controller *controllers;

  int nforce;
  AppliedForce *forces;

  int nsuction;            /* suction cups (models/suction.h) */
  struct SuctionCup *suction;

  double *q0, *v0, *z0;    /* initial state */
  double *q_scale;         /* [nq] error-norm weights S for positions (1 by default) */
} Model;

void model_free(Model *m);
/* Fills derived fields (qadr/vadr, trees, tree_madr, dof maps, rbound, rotations, nz) from bodies,
 * geoms and controllers. Called by the loader and by code that builds models by hand.
 * Returns CB_OK, or CB_ERR_INPUT (bodies out of topological order etc.; CB_ERR_MEMORY) with
 * the message in e. */
CbStatus model_finalize(Model *m, CbError *e);

#endif
