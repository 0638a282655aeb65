/* "No allocation in inner loops": this binary is linked with --wrap=malloc/calloc/realloc
 * (Makefile), so every allocation made by cbench's own code is counted. After a warm-up that
 * lets contact arrays and solver workspaces reach their size, advancing every registered
 * integrator further must allocate nothing. (Allocations inside SUNDIALS, CHOLMOD or LAPACK
 * shared libraries are not seen here.) */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>

#include "integrators/integrator.h"
#include "models/scene.h"
#include "models/system.h"

static long allocations;
void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t s);
void *__real_realloc(void *p, size_t n);
void *__wrap_malloc(size_t n) { allocations++; return __real_malloc(n); }
void *__wrap_calloc(size_t n, size_t s) { allocations++; return __real_calloc(n, s); }
void *__wrap_realloc(void *p, size_t n) { allocations++; return __real_realloc(p, n); }

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
  Model *m = scene_load_string(scene, "alloc", err, sizeof err);
  cr_assert_not_null(m, "%s", err);
  int nx = system_nx(m);
  double *x0 = calloc((size_t)nx, sizeof(double)), *x = calloc((size_t)nx, sizeof(double));
  for (int i = 0; i < m->nq; ++i) x0[i] = m->q0[i];
  for (int n = 0; n < integrator_count(); ++n) {
    const IntegratorVtbl *vt = integrator_at(n);
    IntegratorOptions opt = {.accuracy = 1e-3, .dt = 1e-3, .max_step = 0.01};
    long at_create = allocations;
    Integrator *it = integrator_create(vt->name, m, &opt, err, sizeof err);
    cr_assert_not_null(it, "%s: %s", vt->name, err);
    /* the wrapper sees cbench's allocations (else this test could not fail) */
    cr_assert_gt(allocations, at_create, "%s: creation allocated nothing?", vt->name);
    cr_assert_eq(integrator_reset(it, 0.0, x0), CB_OK, "%s: %s", vt->name, it->message);
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
