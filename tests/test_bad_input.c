/* Hostile input (issue 42): sizes from files and command lines are range-checked before they
 * size anything, every JSON loader refuses a key given twice, files that are not regular files
 * or are too large, records of another schema version, merges of duplicated runs or of nothing,
 * huge sweep grids and Slurm arrays, and scale limits of the scene loader. Nothing here may
 * allocate or run long: huge sizes are refused before they are used. */
#include <criterion/criterion.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness/clock.h"
#include "harness/figure_recipe.h"
#include "harness/files.h"
#include "harness/plan.h"
#include "harness/plot.h"
#include "harness/reference.h"
#include "harness/run_record.h"
#include "harness/scene_params.h"
#include "harness/sweep.h"
#include "models/scene.h"
#include "sim_fixtures.h"

static char tmpdir[256];

static const char *ball_scene =
    "{\"name\": \"tiny_ball\", \"duration\": 0.05,\n"
    " \"materials\": [{\"name\": \"m\", \"stiffness\": 1e4, \"dissipation\": 0, \"mu\": 0.5}],\n"
    " \"world_geoms\": [{\"name\": \"floor\", \"type\": \"plane\", \"material\": \"m\"}],\n"
    " \"bodies\": [{\"name\": \"ball\", \"joint\": \"free\", \"mass\": 0.1,\n"
    "   \"geoms\": [{\"type\": \"sphere\", \"size\": 0.05, \"material\": \"m\"}],\n"
    "   \"q0\": {\"pos\": [0, 0, 1]}}]}\n";

static void setup(void) {
  fx_tmpdir_make(tmpdir, sizeof tmpdir, "cbench_bad_input");
  char p[512];
  snprintf(p, sizeof p, "%s/tiny_ball.json", tmpdir);
  fx_write_text(p, ball_scene);
  snprintf(p, sizeof p, "%s/results", tmpdir);
  setenv("CBENCH_RESULTS_DIR", p, 1);
}

static void teardown(void) { fx_tmpdir_remove(tmpdir); }

TestSuite(bad_input, .init = setup, .fini = teardown);

/* Runs build/sanitize/cbench ARGS; its exit code, stderr in errbuf. */
static int cli(const char *args, char *errbuf, size_t errlen) {
  char cmd[4096], errf[512];
  cr_assert(file_exists("build/sanitize/cbench"), "build/sanitize/cbench missing (make test builds it)");
  snprintf(errf, sizeof errf, "%s/stderr.txt", tmpdir);
  snprintf(cmd, sizeof cmd, "timeout 60 build/sanitize/cbench %s >%s/stdout.txt 2>%s", args, tmpdir, errf);
  int st = system(cmd);
  char *e = file_read_all(errf, NULL);
  snprintf(errbuf, errlen, "%s", e ? e : "");
  free(e);
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* ---- 7. scale limits ---- */

/* n free bodies without geometry (named b0.., the last one's name given twice when dup). */
static char *many_bodies_scene(int n, int dup) {
  size_t cap = (size_t)n * 120 + 256, len = 0;
  char *s = malloc(cap);
  cr_assert_not_null(s);
  len += (size_t)snprintf(s + len, cap - len, "{\"duration\": 0.01, \"bodies\": [");
  for (int i = 0; i < n; ++i)
    len += (size_t)snprintf(s + len, cap - len,
                            "%s{\"name\": \"b%d\", \"joint\": \"free\", \"mass\": 1, \"inertia\": [1, 1, 1], \"q0\": {\"pos\": [%d, 0, 1]}}",
                            i ? ", " : "", dup && i == n - 1 ? n / 2 : i, i);
  snprintf(s + len, cap - len, "]}");
  return s;
}

/* Body names were checked pairwise (10^5 bodies: 140 s); sorted, 2 x 10^4 bodies load in
 * seconds even with sanitizers, and a duplicate is still named with its first occurrence. */
Test(bad_input, many_bodies_load_in_near_linear_time) {
  char err[1024];
  enum { NB = 20000 };
  char *s = many_bodies_scene(NB, 0);
  double t0 = clock_monotonic();
  Model *m = scene_load_string(s, "many.json", err, sizeof err);
  double dt = clock_monotonic() - t0;
  cr_assert_not_null(m, "%s", err);
  cr_expect_eq(m->nbody, NB + 1);
  cr_expect_str_eq(m->bodies[NB].name, "b19999"); /* depth-first from the world: file order here */
  cr_expect(dt < 15, "%d bodies took %.1f s to load", NB, dt);
  model_free(m);
  free(s);
  s = many_bodies_scene(NB, 1);
  cr_expect_null(scene_load_string(s, "many.json", err, sizeof err));
  cr_expect(strstr(err, "bodies[19999].name: duplicate body name (also bodies[10000])") != NULL, "%s", err);
  free(s);
}

/* bdf on 10^4 free bodies (1.3 x 10^5 states) needs dense Newton matrices of ~250 GiB: its
 * creation printed the usage text; it is an out-of-memory failure (no usage, no allocation). */
Test(bad_input, an_integrator_too_large_for_memory_says_out_of_memory) {
  char err[1024];
  char *s = many_bodies_scene(10000, 0);
  Model *m = scene_load_string(s, "big.json", err, sizeof err);
  free(s);
  cr_assert_not_null(m, "%s", err);
  IntegratorOptions o;
  memset(&o, 0, sizeof o);
  o.accuracy = 1e-3;
  int code = 0;
  Integrator *it = integrator_create_vtbl_code(integrator_find("bdf"), m, &o, err, sizeof err, &code);
  cr_expect_null(it);
  cr_expect_eq(code, CB_ERR_MEMORY, "code %d: %s", code, err);
  cr_expect(strstr(err, "bdf: out of memory: 130000 states need dense 130000 x 130000 Newton matrices") != NULL, "%s", err);
  if (it) integrator_destroy(it);
  model_free(m);

  char path[600], args[1024];
  snprintf(path, sizeof path, "%s/big.json", tmpdir);
  s = many_bodies_scene(10000, 0);
  fx_write_text(path, s);
  free(s);
  snprintf(args, sizeof args, "run --case %s --integrator bdf --accuracy 1e-3", path);
  cr_expect_eq(cli(args, err, sizeof err), 1, "%s", err);
  cr_expect(strstr(err, "out of memory") && !strstr(err, "usage:"), "%s", err);
}
