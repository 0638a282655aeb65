/* Shared scaffolding of the peer engines' analytic tests (test_ode, test_bullet, test_dart,
 * test_siconos, test_mujoco): creating and running an engine by name, the sphere and incline
 * scenes, and the checks every fixed-step semi-implicit peer must pass (free fall, incline hold
 * and slide, first order against an RK4 reference). The per-engine differences (name, dt,
 * tolerances) are parameters; their reasons stay at the call sites. */
#ifndef CBENCH_PEER_FIXTURES_H
#define CBENCH_PEER_FIXTURES_H

#include <stddef.h>
#include <stdint.h>

#include "integrators/integrator.h"
#include "models/model.h"

/* A 0.1 kg ball of radius 0.05 (material "ball": stiffness K, dissipation D, mu 0.5) at height
 * Z0 under gravity 9.81 along -z, above FLOOR (PF_FLOOR_GEOM: a rigid plane, mu 0.5; "" for
 * none); REST is appended to the body ("" or ", \"v0\": {...}"). All are string literals. */
#define PF_SPHERE_SCENE(Z0, FLOOR, K, D, REST)                                                                    \
  "{\"name\": \"sphere\", \"gravity\": [0, 0, -9.81], \"duration\": 1, \"stiction_tolerance\": 1e-4,"             \
  " \"materials\": [{\"name\": \"ground\", \"stiffness\": \"rigid\", \"mu\": 0.5},"                               \
  "   {\"name\": \"ball\", \"stiffness\": " K ", \"dissipation\": " D ", \"mu\": 0.5}],"                           \
  FLOOR " \"bodies\": [{\"name\": \"ball\", \"joint\": \"free\", \"mass\": 0.1,"                                  \
  "   \"geoms\": [{\"type\": \"sphere\", \"size\": 0.05, \"material\": \"ball\"}], \"q0\": {\"pos\": [0, 0, " Z0 "]}" \
  REST "}]}"
#define PF_FLOOR_GEOM "\"world_geoms\": [{\"name\": \"floor\", \"type\": \"plane\", \"material\": \"ground\"}],"

/* Engine name on m at fixed step dt, with one extra option key = value (key NULL: none); NULL
 * with the message in err when refused. */
Integrator *pf_create(const char *name, const Model *m, double dt, const char *key, const char *value, char *err,
                      size_t errlen);
/* x <- the state at T from the scene's initial state (or x as given, when start is 1); a
 * Criterion assertion fails if the engine is refused or the run fails. */
void pf_run_to(const char *name, const Model *m, double dt, double T, double *x, int start, const char *key,
               const char *value);
/* Max over the state of |x - y| (each free joint's quaternion sign aligned). */
double pf_state_distance(const Model *m, const double *x, const double *y);

/* The free fall of PF_SPHERE_SCENE from z = 1 (gravity 9.81, no floor) to T = 0.5 at dt 1e-2,
 * 5e-3, 2.5e-3 with one extra option (key NULL: none), for an engine stepping semi-implicit
 * Euler: v exact at the steps and z_n = z0 - g h^2 n (n + 1) / 2 below the closed form, so
 * z(T) - z = g h T / 2 and v_z = -g T (both to 1e-9), and the order 1 within 0.02. */
void pf_expect_free_fall_first_order(const char *name, const Model *m, const char *key, const char *value);

/* A 1 kg cube on a rigid floor, gravity tilted by theta about y (an incline of angle theta). */
Model *pf_incline(double theta, double mu);
/* mu 0.5 at dt 1e-3: at tan(theta) = 0.8 mu the cube holds for 1 s (|x| < hold_x m, |v| <
 * hold_v m/s); at tan(theta) = 1.5 mu it slides at g (sin - mu cos) within the relative
 * slide_tol (the acceleration from the velocities at 0.5 and 1 s). */
void pf_expect_incline(const char *name, double hold_x, double hold_v, double slide_tol);

/* The first tree of mbfix_random_tree(seed, 4, flags) for seed = 3, 5, ... < seed_end with no
 * free joint inside it, a slider, no joint limit and at least min_nv velocities (NULL: none). */
Model *pf_random_chain(int flags, uint64_t seed_end, int min_nv);
/* From a random state of m (mbfix_random_state, seed, speeds up to 1), the engine at dt 1e-3 and
 * 5e-4 against fx_rk4 (20000 steps) at T = 0.5: the error at 5e-4 below 0.05 and the order
 * between 0.8 and 1.3 (first order). check_ref, when not NULL, is called on the reference state
 * first (e.g. to assert that it stays clear of a joint limit). */
void pf_expect_rk4_first_order(const char *name, const char *label, const Model *m, uint64_t seed,
                               void (*check_ref)(const Model *m, const double *xref));

/* As pf_expect_rk4_first_order with one extra option (key NULL: none), asserting nothing: the
 * order between dt 1e-3 and 5e-4, and the error at 5e-4 in *e_fine (when not NULL). */
double pf_rk4_order(const char *name, const char *label, const Model *m, uint64_t seed, const char *key,
                    const char *value, double *e_fine);

/* Compliant contact (k = 1e4, d = 0.1): the ball placed at the penetration m g / k stays there
 * for 1 s at dt 1e-3 (depth to 1e-3 relative, v_z below 1e-6, x and y below 1e-9). */
void pf_expect_rest_at_penetration(const char *name);
/* Elastic (d = 0) drop from 0.5 m for 1.5 s at dt 1e-3: it bounces (apex after it above 0.1 m
 * and below 0.5 m) and, out of contact, its energy never rises above the start by 1e-12 J/kg. */
void pf_expect_elastic_bounce(const char *name);
/* A box on a rigid belt moving at -0.4 m/s along y (mu 0.5): it accelerates at -mu g (within
 * 0.05 m/s^2, over the first 0.05 s) and moves with the belt at 0.3 s (1e-4 m/s; v_x 1e-6). */
void pf_expect_belt_drag(const char *name);
/* A free body on a revolute one: a free joint inside a tree (field "bodies[1] ('loose').joint"). */
#define PF_INNER_FREE_SCENE                                                                                        \
  "{\"name\": \"inner_free\", \"gravity\": [0, 0, -9.81], \"duration\": 1, \"bodies\": ["                         \
  "  {\"name\": \"base\", \"joint\": {\"type\": \"revolute\", \"axis\": [0, 1, 0]},"                               \
  "   \"mass\": 1, \"inertia\": [0.1, 0.1, 0.1]},"                                                                \
  "  {\"name\": \"loose\", \"parent\": \"base\", \"joint\": \"free\", \"mass\": 1,"                             \
  "   \"inertia\": [0.1, 0.1, 0.1]}]}"
/* Two free cylinders (geoms 'ca' and 'cb'): a cylinder-cylinder pair. */
#define PF_ROLLERS_SCENE                                                                                           \
  "{\"name\": \"rollers\", \"gravity\": [0, 0, -9.81], \"duration\": 1,"                                        \
  " \"materials\": [{\"name\": \"s\", \"stiffness\": 1e5, \"mu\": 0.5}], \"bodies\": ["                          \
  "  {\"name\": \"a\", \"joint\": \"free\", \"mass\": 1,"                                                        \
  "   \"geoms\": [{\"name\": \"ca\", \"type\": \"cylinder\", \"size\": [0.1, 0.1], \"material\": \"s\"}]},"        \
  "  {\"name\": \"b\", \"joint\": \"free\", \"mass\": 1,"                                                        \
  "   \"geoms\": [{\"name\": \"cb\", \"type\": \"cylinder\", \"size\": [0.1, 0.1], \"material\": \"s\"}],"         \
  "   \"q0\": {\"pos\": [0, 0, 0.5]}}]}"
/* The scene json (named file) is refused by the engine with a message naming file, field and why. */
void pf_expect_refused(const char *name, const char *json, const char *file, const char *field, const char *why);
/* The scene file path is refused by the engine with a message holding path and what. */
void pf_expect_case_refused(const char *name, const char *path, const char *what);
/* Every cases/NAME.json converts and runs 0.02 s at dt 1e-3 (CB_OK, a finite state, 20 steps) or is
 * refused with a message naming the file and holding tag (e.g. ": ODE "); *ran and *refused
 * count them. */
void pf_run_every_case(const char *name, const char *tag, int *ran, int *refused);

#endif
