/* No false alarm on the committed references: every committed reference (results/reference/)
 * replayed through the physics guards (harness/run/physics_guards.h) on its own grid trips
 * none of them. A reference is the tightest run the project has of its case: a guard that
 * fires on it judges the model, not an integrator. Controller states are not stored in a
 * reference and are replayed as zeros (integral terms; the guards see them only through the
 * joint-limit load). */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/run/physics_guards.h"
#include "harness/run/reference.h"
#include "models/system.h"
#include "tests/sim_fixtures.h"

/* Replays results/reference/NAME against cases/NAME (returns the guard warnings). */
static int replay(const char *file, char *first, size_t firstlen) {
  char path[512], scene[512], err[512];
  snprintf(path, sizeof path, "results/reference/%s", file);
  snprintf(scene, sizeof scene, "cases/%s", file);
  Reference ref;
  cr_assert_eq(reference_load(path, &ref, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  Model *m = fx_load_file(scene);
  cr_assert_eq(ref.nq, m->nq, "%s", file);
  Data *d = data_create(m);
  PhysicsGuards g;
  physics_guards_init(&g, m);
  int nx = system_nx(m);
  double *x = calloc((size_t)nx, sizeof(double));
  cr_assert(x);
  for (int k = 0; k < ref.npts; ++k) {
    memcpy(x, ref.q + (size_t)k * (size_t)m->nq, sizeof(double) * (size_t)m->nq);
    memcpy(x + m->nq, ref.v + (size_t)k * (size_t)m->nv, sizeof(double) * (size_t)m->nv);
    physics_guards_sample(&g, m, d, ref.t[k], x);
  }
  cJSON *ph = cJSON_CreateObject(), *w = cJSON_CreateArray();
  int n = physics_guards_report(&g, m, ph, w);
  if (n > 0) snprintf(first, firstlen, "%s", cJSON_GetArrayItem(w, 0)->valuestring);
  cJSON_Delete(ph);
  cJSON_Delete(w);
  free(x);
  physics_guards_free(&g);
  data_free(d);
  model_free(m);
  reference_free(&ref);
  return n;
}

Test(guard_references, no_guard_fires_on_a_committed_reference, .timeout = 300) {
  DIR *dir = opendir("results/reference");
  cr_assert(dir);
  struct dirent *e;
  int checked = 0;
  while ((e = readdir(dir))) {
    size_t l = strlen(e->d_name);
    if (l < 6 || strcmp(e->d_name + l - 5, ".json")) continue;
    char first[600] = "";
    int n = replay(e->d_name, first, sizeof first);
    cr_expect_eq(n, 0, "%s: %d guard warnings, first: %s", e->d_name, n, first);
    checked++;
  }
  closedir(dir);
  cr_expect_geq(checked, 10, "only %d references found", checked);
}
