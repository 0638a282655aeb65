/* Per-run data (in the spirit of MuJoCo's mjData): everything computed from a Model at a
 * state, plus the scratch needed to compute it. Created once per integrator instance;
 * evaluation routines never allocate, except to grow the contact arrays when a scene produces
 * more contacts than ever before (amortized, so the steady state allocates nothing). */
#ifndef CBENCH_DATA_H
#define CBENCH_DATA_H

#include "model.h"

/* Combined parameters of one contact pair (see contact_combine in contact.h). */
typedef struct {
  double stiffness;        /* k, N/m */
  double dissipation;      /* Hunt-Crossley d, s/m */
  double mu_static, mu_dynamic;
  double stiction_tolerance; /* v_s, m/s */
  int friction_reg;        /* CB_FRICTION_REG_CENIC or _TAMSI (Model.friction_regularization) */
} ContactParams;

/* One contact point between geom[0] (body A) and geom[1] (body B).
 * The normal n points from B into A: a positive normal force pushes A along +n.
 * Contact frame rows are (t1, t2, n) in world coordinates; contact-frame relative velocity is
 *   v_c = J v + vc_offset,  v_c = R (v_A(p) - v_B(p) - u_B + u_A)
 * where u are prescribed surface velocities (conveyor belts); v_c[2] = v_n > 0 separating. */
typedef struct {
  int geom[2], body[2];
  int tree[2];             /* tree of each body, -1 if static (world-welded) */
  double pos[3];           /* world contact point (stiffness-weighted between the surfaces) */
  double frame[9];         /* rows t1, t2, n */
  double phi;              /* signed distance, negative in overlap */
  ContactParams par;
  double vc_offset[3];     /* contact-frame relative velocity from prescribed surface motion */
  double vc0[3];           /* v_c at the state the contact data was evaluated at (system.h) */
  /* Contact Jacobian: for each side s with tree[s] >= 0, a 3 x tree_nv[tree[s]] row-major
   * block at Data.contact_jac + jac_adr[s], mapping that tree's velocities to v_c.
   * When both bodies are in the same tree, only side 0 is used (jac_adr[1] = -1) and holds
   * the combined block. */
  int jac_adr[2];
} Contact;

/* Deterministic work counters of the model layer. */
typedef struct {
  long geometry_queries;   /* calls of collision_detect */
  long narrow_phase_tests; /* pair tests after the broad phase */
  long mass_evals;         /* mass matrix (CRBA) evaluations */
  long bias_evals;         /* k(q,v) (RNEA) evaluations */
  long rhs_evals;          /* continuous ODE right-hand-side evaluations */
} ModelCounters;

/* Data's fixed-size arrays, each X(name, count, what) once: the struct declares them, data_create
 * allocates and checks them, data_free frees them. count is in the sizes data_create takes from
 * the model: nb = nbody, ng = ngeom + 1, nv = nv + 1, ms = mass_size + 1, mt = max_tree_nv + 1,
 * and scratch_size (set first). The contact arrays grow with the scene (data_reserve_contacts). */
#define DATA_ARRAYS(X)                                                                              \
  /* kinematics at the current q (mb_kinematics) */                                                \
  X(xpos, nb * 3, "body frame origin, world")                                                      \
  X(xrot, nb * 9, "body->world rotation")                                                          \
  X(xcom, nb * 3, "center of mass, world")                                                         \
  X(geom_xpos, ng * 3, "geometry frame origin, world")                                             \
  X(geom_xrot, ng * 9, "geometry->world rotation")                                                 \
  X(body_vel, nb * 6, "spatial velocity in the body frame [w; v_origin]")                          \
  /* dynamics */                                                                                   \
  X(mass, ms, "per-tree dense blocks of M(q), see Model.tree_madr")                                \
  X(mass_chol, ms, "Cholesky factors (lower, row-major) of the blocks")                            \
  X(bias, nv, "k(q, v)")                                                                           \
  X(tau, nv, "applied generalized forces (controllers)")                                           \
  X(contact_force, nv, "J^T f of the contact forces")                                              \
  X(jac_work, 3 * mt, "point-Jacobian scratch (contact_jacobian.c, system.c)")                     \
  /* speculative contacts (models/collision/speculative.c) */                                      \
  X(geom_vel, ng * 3, "world velocity of each geometry frame origin")                              \
  X(geom_spin, ng, "|omega| * rbound: the fastest rotation-induced surface speed")                 \
  X(geom_reach, ng, "speculative distance of each geometry (broad phase)")                         \
  /* Featherstone scratch */                                                                       \
  X(scratch, scratch_size, "per body 6x6 transforms and inertias, spatial vectors, tree columns")

typedef struct Data {
  const Model *model;
  /* Where collision_detect counts its calls besides counters.geometry_queries: an integrator
   * points it at its own counter (data_count_geometry_into), so the model layer increments the
   * integrator's statistics directly. NULL: nowhere else. */
  long *geometry_queries_out;
#define DATA_ARRAY_FIELD(name, count, what) double *name;
  DATA_ARRAYS(DATA_ARRAY_FIELD)
#undef DATA_ARRAY_FIELD
  /* contacts (collision_detect + contact_jacobians) */
  int ncon, maxcon;
  Contact *contacts;
  double *contact_jac;     /* pool of Jacobian blocks */
  int jac_size, jac_capacity;
  /* Speculative contacts (models/collision/speculative.c): the discrete schemes set the
   * horizon (their step size) before a step-data evaluation, so that gaps that can close
   * within the step are reported with phi > 0; 0 (the continuous view) reports only pairs
   * within the geometries' own margins. */
  double speculative_horizon;
  int speculative_two_sided;   /* the data also serves a step that ends here (CENIC's trapezoid at x-hat) */
  /* 1: keep every point the narrow phase finds within the pair margin, whatever its normal
   * speed (the rigid models' contact_set=distance: a CCP contact acts at a distance) */
  int speculative_keep_all;
  /* broad-phase scratch, owned by the collision module, which also sets how to free it (so
   * that data.c needs no arrow up to collision) */
  void *broadphase;
  void (*broadphase_free)(void *broadphase);
  int scratch_size;        /* entries of scratch */
  ModelCounters counters;
} Data;

Data *data_create(const Model *m);
/* Makes collision_detect on d also count into *counter (NULL: stop). */
void data_count_geometry_into(Data *d, long *counter);
void data_free(Data *d);
/* Ensure room for n contacts and a Jacobian pool of jac entries; may allocate (amortized).
 * CB_OK or CB_ERR_MEMORY. */
CbStatus data_reserve_contacts(Data *d, int ncon, int jac);

#endif
