/* "No allocation in inner loops": this binary is linked with --wrap=malloc/calloc/realloc
 * (Makefile), so every allocation made by cbench's own code is counted. After a warm-up that
 * lets contact arrays and solver workspaces reach their size, advancing every registered
 * integrator further must allocate nothing. (Allocations inside SUNDIALS, CHOLMOD or LAPACK
 * shared libraries are not seen here.) The same wrap injects allocation failures: out of
 * memory must come out as CB_ERR_MEMORY saying so, never as another failure. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>

#include <string.h>

#include "icf_fixtures.h"
#include "integrators/cenic/icf_solver.h"
#include "integrators/integrator.h"
#include "models/scene.h"
#include "models/system.h"

static long allocations;
static double bytes_asked; /* the bytes of every wrapped request: a bound on the peak */
static int out_of_memory; /* 1: every wrapped allocation fails */
void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t s);
void *__real_realloc(void *p, size_t n);
void *__wrap_malloc(size_t n) { allocations++; bytes_asked += (double)n; return out_of_memory ? NULL : __real_malloc(n); }
void *__wrap_calloc(size_t n, size_t s) {
  allocations++;
  bytes_asked += (double)n * (double)s;
  return out_of_memory ? NULL : __real_calloc(n, s);
}
void *__wrap_realloc(void *p, size_t n) { allocations++; bytes_asked += (double)n; return out_of_memory ? NULL : __real_realloc(p, n); }

/* A cube resting on the floor next to a sphere in contact with it: steady contact set. */
static const char *scene =
    "{\"name\": \"alloc\", \"duration\": 1, \"max_step\": 0.01,"
    " \"materials\": [{\"name\": \"ground\", \"stiffness\": \"rigid\", \"mu\": 0.5},"
    "                 {\"name\": \"obj\", \"stiffness\": 1e4, \"dissipation\": 10, \"mu\": 0.5}],"
    " \"world_geoms\": [{\"type\": \"plane\", \"material\": \"ground\"}],"
    " \"bodies\": ["
    "  {\"name\": \"cube\", \"joint\": \"free\", \"mass\": 1,"
    "   \"geoms\": [{\"type\": \"box\", \"size\": [0.05, 0.05, 0.05], \"material\": \"obj\"}],"
    "   \"q0\": {\"pos\": [0, 0, 0.0495]}},"
    "  {\"name\": \"ball\", \"joint\": \"free\", \"mass\": 0.5,"
    "   \"geoms\": [{\"type\": \"sphere\", \"size\": 0.05, \"material\": \"obj\"}],"
    "   \"q0\": {\"pos\": [0.0995, 0, 0.0495]}}]}";

Test(alloc, integrators_do_not_allocate_after_warm_up) {
  char err[512];
  Model *m = scene_load_string(scene, "alloc", CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(m, "%s", err);
  int nx = system_nx(m);
  double *x0 = calloc((size_t)nx, sizeof(double)), *x = calloc((size_t)nx, sizeof(double));
  for (int i = 0; i < m->nq; ++i) x0[i] = m->q0[i];
  for (int n = 0; n < integrator_count(); ++n) {
    const IntegratorVtbl *vt = integrator_at(n);
    IntegratorOptions opt = {.accuracy = 1e-3, .dt = 1e-3, .max_step = 0.01};
    long at_create = allocations;
    Integrator *it = integrator_create(vt->name, m, &opt, CB_ERR_BUF(err, sizeof err));
    cr_assert_not_null(it, "%s: %s", vt->name, err);
    /* the wrapper sees cbench's allocations (else this test could not fail) */
    cr_assert_gt(allocations, at_create, "%s: creation allocated nothing?", vt->name);
    /* conservative advancement refuses a start in overlap: lift both bodies clear of the floor,
     * and the ball clear of the cube */
    for (int i = 0; i < nx; ++i) x[i] = x0[i];
    if (!strcmp(vt->name, "ca")) x[2] += 1e-3, x[9] += 2e-3, x[7] += 1e-3;
    cr_assert_eq(integrator_reset(it, 0.0, x), CB_OK, "%s: %s", vt->name, it->message);
    int rc = CB_OK;
    for (int k = 1; k <= 20 && rc == CB_OK; ++k) rc = integrator_advance(it, 0.005 * k, x);
    cr_assert_eq(rc, CB_OK, "%s warm-up: %s", vt->name, it->message);
    long before = allocations;
    for (int k = 21; k <= 60 && rc == CB_OK; ++k) rc = integrator_advance(it, 0.005 * k, x);
    long during = allocations - before;
    long steps = it->stats.steps;
    cr_assert_eq(rc, CB_OK, "%s: %s", vt->name, it->message);
    cr_expect_eq(during, 0, "%s allocated %ld times while advancing 0.1 -> 0.3 s (%ld steps so far)", vt->name, during, steps);
    integrator_destroy(it);
  }
  free(x0);
  free(x);
  model_free(m);
}

/* The ICF solver sizes its contact workspace at the first solve with contacts: with no memory
 * left that solve fails as out of memory, not as a factorization failure. */
Test(alloc, icf_solver_out_of_memory_is_its_own_status) {
  static const int tree_nv[] = {6, 3};
  unsigned long state = 7;
  IcfProblem p;
  fx_icf_random_trees(&p, 2, tree_nv, 4, &state);
  for (int i = 0; i < p.ncon; ++i) {
    IcfContact *c = &p.con[i];
    c->tree[0] = i % 2;
    c->tree[1] = -1;
    fx_icf_random_jacobians(&p, c, &state);
    c->weight = 1.0;
    c->h = 1e-2;
    c->k = 1e3;
    c->fe0 = 10.0;
    c->mu = 0.5;
    c->n0 = 0.3;
    c->eps = 1e-2;
  }
  IcfSolverOptions o;
  icf_solver_default_options(&o);
  IcfSolver *s = icf_solver_create(&p, &o);
  cr_assert_not_null(s);
  double v[9] = {0};
  IcfSolverStats st = {0};
  char err[256] = "";
  long before = allocations;
  out_of_memory = 1;
  int rc = icf_solver_solve(s, &p, NULL, v, &st, CB_ERR_BUF(err, sizeof err));
  out_of_memory = 0;
  cr_assert_gt(allocations, before, "the solve allocated nothing: nothing was injected");
  cr_expect_eq(rc, CB_ERR_MEMORY, "status %d (%s): %s", rc, cb_status_message(rc), err);
  cr_expect(strstr(err, "out of memory") != NULL, "message: %s", err);
  /* with memory back the same solver solves it */
  memset(v, 0, sizeof v);
  cr_expect_eq(icf_solver_solve(s, &p, NULL, v, &st, CB_ERR_BUF(err, sizeof err)), CB_OK, "%s", err);
  icf_solver_free(s);
  icf_problem_free(&p);
}

/* Five boxes dropped on the floor: their 20 contacts outgrow the arrays sized at creation. A CENIC
 * integrator that runs out of memory there stops with CB_ERR_MEMORY and says "out of memory"
 * (before: a model failure, or a solver failure retried down to a step size underflow). */
Test(alloc, cenic_out_of_memory_stops_the_run_as_out_of_memory) {
  char scene5[4096], *w = scene5;
  w += sprintf(w, "{\"name\": \"boxes\", \"duration\": 1, \"max_step\": 0.01,"
                  " \"materials\": [{\"name\": \"ground\", \"stiffness\": \"rigid\", \"mu\": 0.5},"
                  " {\"name\": \"obj\", \"stiffness\": 1e4, \"dissipation\": 10, \"mu\": 0.5}],"
                  " \"world_geoms\": [{\"type\": \"plane\", \"material\": \"ground\"}], \"bodies\": [");
  for (int b = 0; b < 5; ++b)
    w += sprintf(w, "%s{\"name\": \"box%d\", \"joint\": \"free\", \"mass\": 1, \"geoms\": [{\"type\": \"box\","
                    " \"size\": [0.05, 0.05, 0.05], \"material\": \"obj\"}], \"q0\": {\"pos\": [%g, 0, 0.06]}}",
                 b ? ", " : "", b, 0.2 * b);
  sprintf(w, "]}");
  static const char *const names[] = {"cenic-sd", "cenic-trap", "cenic-fixed"};
  for (int n = 0; n < 3; ++n) {
    char err[512];
    Model *m = scene_load_string(scene5, "boxes", CB_ERR_BUF(err, sizeof err));
    cr_assert_not_null(m, "%s", err);
    int nx = system_nx(m);
    double *x = calloc((size_t)nx, sizeof(double));
    system_initial_state(m, x);
    IntegratorOptions opt = {.accuracy = 1e-3, .dt = 1e-3, .max_step = 0.01};
    Integrator *it = integrator_create(names[n], m, &opt, CB_ERR_BUF(err, sizeof err));
    cr_assert_not_null(it, "%s: %s", names[n], err);
    cr_assert_eq(integrator_reset(it, 0.0, x), CB_OK, "%s: %s", names[n], it->message);
    out_of_memory = 1;
    int rc = integrator_advance(it, 0.1, x);
    out_of_memory = 0;
    cr_expect_eq(rc, CB_ERR_MEMORY, "%s: status %d (%s): %s", names[n], rc, cb_status_message(rc), it->message);
    cr_expect(strstr(it->message, "out of memory") != NULL, "%s: %s", names[n], it->message);
    integrator_destroy(it);
    free(x);
    model_free(m);
  }
}

/* Bytes asked by creating cenic-sd on a row of nb balls on the floor, each touching the next (nb
 * trees, nb - 1 coupled pairs), and by its first steps. */
static double cenic_row_bytes(int nb) {
  size_t cap = (size_t)nb * 240 + 1024;
  char *text = malloc(cap), *w = text;
  cr_assert_not_null(text);
  w += sprintf(w, "{\"name\": \"row\", \"duration\": 1, \"max_step\": 0.01,"
                  " \"materials\": [{\"name\": \"ground\", \"stiffness\": \"rigid\", \"mu\": 0.5},"
                  " {\"name\": \"obj\", \"stiffness\": 1e4, \"dissipation\": 10, \"mu\": 0.5}],"
                  " \"world_geoms\": [{\"type\": \"plane\", \"material\": \"ground\"}], \"bodies\": [");
  for (int b = 0; b < nb; ++b)
    w += sprintf(w, "%s{\"name\": \"b%d\", \"joint\": \"free\", \"mass\": 0.1, \"geoms\": [{\"type\": \"sphere\","
                    " \"size\": 0.05, \"material\": \"obj\"}], \"q0\": {\"pos\": [%.4f, 0, 0.0499]}}",
                 b ? ", " : "", b, 0.0999 * b);
  sprintf(w, "]}");
  cr_assert_lt((size_t)(w - text) + 3, cap);
  char err[512];
  Model *m = scene_load_string(text, "row", CB_ERR_BUF(err, sizeof err));
  free(text);
  cr_assert_not_null(m, "%s", err);
  double *x = calloc((size_t)system_nx(m), sizeof(double));
  system_initial_state(m, x);
  IntegratorOptions opt = {.accuracy = 1e-3, .dt = 1e-3, .max_step = 0.01};
  double before = bytes_asked;
  Integrator *it = integrator_create("cenic-sd", m, &opt, CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(it, "%s", err);
  cr_assert_eq(integrator_reset(it, 0.0, x), CB_OK, "%s", it->message);
  cr_assert_eq(integrator_advance(it, 1e-4, x), CB_OK, "%s", it->message);
  cr_assert_gt(it->stats.newton_iters, 0, "no Newton iteration: the contacts were not solved");
  double bytes = bytes_asked - before;
  integrator_destroy(it);
  free(x);
  model_free(m);
  return bytes;
}

/* CENIC's memory grows with the bodies, not their square: 4 times the bodies ask about 4 times
 * the bytes (2,500 and 10^4 balls: 44 and 175 MB). An nb x nb table (the block Cholesky's
 * offsets of L once were one: 400 MB at 10^4 bodies, 40 GB at 10^5) makes it 8.4. */
Test(alloc, cenic_memory_is_linear_in_the_bodies) {
  double small = cenic_row_bytes(2500), large = cenic_row_bytes(10000);
  cr_expect_lt(large / small, 5.0, "2500 bodies: %.0f MB, 10^4 bodies: %.0f MB (x%.1f)", small / 1e6, large / 1e6,
               large / small);
}
