/* Small multibody models built in code, for tests: random trees, a double pendulum, a free
 * body. Models come out of model_finalize; free them with model_free. */
#ifndef CBENCH_TESTS_MB_FIXTURES_H
#define CBENCH_TESTS_MB_FIXTURES_H

#include <stdint.h>

#include "models/model.h"

/* Deterministic generator (xorshift64*), independent of rand(). */
typedef struct { uint64_t s; } MbRng;
void mbfix_rng_seed(MbRng *r, uint64_t seed);
double mbfix_uniform(MbRng *r, double lo, double hi);
void mbfix_random_unit(MbRng *r, double *u);       /* uniform direction in R^3 */
void mbfix_random_quat(MbRng *r, double *q);       /* uniform unit quaternion */
/* Random symmetric positive definite inertia satisfying the triangle inequalities. */
void mbfix_random_inertia(MbRng *r, double scale, double *I);

/* A model with `nbody` bodies (world included), all bodies zeroed except sane defaults
 * (identity joint frame, axis z, mass 1, unit inertia), gravity (0, 0, -9.81).
 * The caller fills parents/joints and calls model_finalize. */
Model *mbfix_alloc(int nbody);
/* Finalize or return NULL (and free) with the message printed to stderr. */
Model *mbfix_finalize(Model *m);

/* Options of mbfix_random_tree. */
enum {
  MBFIX_SPRINGS = 1,     /* random stiffness, damping, spring_ref on one-dof joints */
  MBFIX_FREE_BASES = 2,  /* every tree base is a free joint (a free-floating system) */
  MBFIX_NO_GRAVITY = 4
};
/* Random forest of nmov movable bodies (world excluded) with random parents, joint types
 * (free bases, revolute, prismatic, fixed, and free joints inside trees), joint frames, axes,
 * masses, inertias, COMs. flags: MBFIX_*. */
Model *mbfix_random_tree(uint64_t seed, int nmov, int flags);
/* Planar double pendulum in the x-z plane (revolute about y), links of length l1, l2 with
 * point-like masses plus small inertias at their ends, gravity -z. */
Model *mbfix_double_pendulum(double l1, double l2, double m1, double m2);
/* One free body with diagonal inertia (Ixx, Iyy, Izz) and an offset COM, no gravity. */
Model *mbfix_free_body(double mass, double Ixx, double Iyy, double Izz);

/* Random state: one-dof q in [-1.5, 1.5], free positions in [-1, 1]^3, unit quaternions,
 * v in [-vmax, vmax]. */
void mbfix_random_state(const Model *m, MbRng *r, double vmax, double *q, double *v);

#endif
