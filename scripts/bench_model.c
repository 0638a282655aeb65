/* Model-layer benchmark (not a test): time of one geometry query and of one M + k evaluation
 * for scenes of N free spheres and boxes resting in a grid on a plane.
 * Usage: build/release/scripts/bench_model [N ...]   (default: 20 1000) */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "models/collision.h"
#include "models/math3d.h"
#include "models/multibody.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

/* N objects of size 5 cm on a square grid with 12 cm spacing, resting on (slightly into) z = 0,
 * half of them touching a neighbour diagonally above so that object pairs collide too. */
static Model *grid_scene(int n) {
  Model *m = calloc(1, sizeof(Model));
  snprintf(m->source, sizeof m->source, "bench_model(%d)", n);
  v3_set(m->gravity, 0, 0, -9.81);
  m->stiction_tolerance = 1e-4;
  m->nbody = n + 1;
  m->bodies = calloc((size_t)n + 1, sizeof(Body));
  m->ngeom = n + 1;
  m->geoms = calloc((size_t)n + 1, sizeof(Geom));
  m->nmaterial = 1;
  m->materials = calloc(1, sizeof(Material));
  m->materials[0] = (Material){.stiffness = 1e5, .dissipation = 10, .mu_static = 0.5, .mu_dynamic = 0.5};
  m->geoms[0] = (Geom){.type = GEOM_PLANE, .body = 0, .quat = {1, 0, 0, 0}};
  for (int i = 1; i <= n; ++i) {
    Body *b = &m->bodies[i];
    snprintf(b->name, sizeof b->name, "obj%d", i);
    b->joint = JOINT_FREE;
    quat_identity(b->joint_quat);
    b->mass = 0.5;
    m3_identity(b->inertia);
    for (int k = 0; k < 9; k += 4) b->inertia[k] = 5e-4;
    Geom *g = &m->geoms[i];
    g->type = (i % 2) ? GEOM_SPHERE : GEOM_BOX;
    g->body = i;
    quat_identity(g->quat);
    g->size[0] = g->size[1] = g->size[2] = 0.05;
  }
  char err[256];
  if (model_finalize(m, CB_ERR_BUF(err, sizeof err)) != 0) { fprintf(stderr, "%s\n", err); exit(1); }
  int side = (int)ceil(sqrt((double)n));
  for (int i = 1; i <= n; ++i) {
    double *q = m->q0 + m->bodies[i].qadr;
    q[0] = 0.12 * ((i - 1) % side);
    q[1] = 0.12 * ((i - 1) / side);
    q[2] = 0.0499;
  }
  return m;
}

int main(int argc, char **argv) {
  int sizes[8] = {20, 1000}, ns = 2;
  if (argc > 1) {
    ns = 0;
    for (int i = 1; i < argc && ns < 8; ++i) sizes[ns++] = atoi(argv[i]);
  }
  printf("%-8s %-8s %-10s %-16s %-16s %-12s\n", "objects", "nv", "contacts", "geometry_query_s", "M_plus_k_s", "pair_tests");
  for (int s = 0; s < ns; ++s) {
    Model *m = grid_scene(sizes[s]);
    Data *d = data_create(m);
    mb_kinematics(m, d, m->q0);
    collision_detect(m, d); /* warm-up: grows contact arrays, builds broad-phase scratch */
    int reps = sizes[s] >= 500 ? 200 : 5000;
    long tests0 = d->counters.narrow_phase_tests;
    double t0 = now();
    for (int r = 0; r < reps; ++r) collision_detect(m, d);
    double tq = (now() - t0) / reps;
    long tests = (d->counters.narrow_phase_tests - tests0) / reps;
    t0 = now();
    for (int r = 0; r < reps; ++r) {
      mb_kinematics(m, d, m->q0);
      mb_mass_matrix(m, d);
      mb_bias(m, d, m->q0, m->v0);
    }
    double tm = (now() - t0) / reps;
    printf("%-8d %-8d %-10d %-16.3e %-16.3e %-12ld\n", sizes[s], m->nv, d->ncon, tq, tm, tests);
    data_free(d);
    model_free(m);
  }
  return 0;
}
