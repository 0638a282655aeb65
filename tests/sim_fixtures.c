#include "sim_fixtures.h"

#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/run/run.h"
#include "models/data.h"
#include "models/scene.h"
#include "models/system.h"

double fx_urand(unsigned long *state) {
  *state = *state * 6364136223846793005UL + 1442695040888963407UL;
  return (double)(*state >> 11) / 9007199254740992.0;
}

void fx_random_spd(double *A, int n, unsigned long *state) {
  double B[36];
  for (int i = 0; i < n * n; ++i) B[i] = 2.0 * fx_urand(state) - 1.0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      double acc = i == j ? 0.5 + fx_urand(state) : 0.0;
      for (int k = 0; k < n; ++k) acc += 0.3 * B[i * n + k] * B[j * n + k];
      A[i * n + j] = acc;
    }
}

Model *fx_load_json(const char *json, const char *name) {
  char err[512] = "";
  Model *m = scene_load_string(json, name, CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(m, "scene: %s", err);
  return m;
}

Model *fx_load_file(const char *path) {
  char err[512] = "";
  Model *m = scene_load(path, CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(m, "%s: %s", path, err);
  return m;
}

void fx_write_text(const char *path, const char *text) {
  FILE *f = fopen(path, "w");
  cr_assert_not_null(f, "cannot write %s", path);
  fputs(text, f);
  fclose(f);
}

void fx_tmpdir_make(char *dir, size_t n, const char *prefix) {
  snprintf(dir, n, "/tmp/%s_XXXXXX", prefix);
  cr_assert_not_null(mkdtemp(dir), "mkdtemp %s", dir);
}

void fx_tmpdir_remove(const char *dir) {
  char cmd[600];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  if (system(cmd) != 0) fprintf(stderr, "cleanup of %s failed\n", dir);
}

void fx_rk4(const Model *m, double T, int nsteps, double *x) {
  int nx = system_nx(m);
  Data *d = data_create(m);
  double *k1 = calloc((size_t)nx, 8), *k2 = calloc((size_t)nx, 8), *k3 = calloc((size_t)nx, 8),
         *k4 = calloc((size_t)nx, 8), *y = calloc((size_t)nx, 8);
  double h = T / nsteps;
  for (int s = 0; s < nsteps; ++s) {
    double t = s * h;
    cr_assert_eq(system_rhs(m, d, t, x, k1), 0);
    for (int i = 0; i < nx; ++i) y[i] = x[i] + 0.5 * h * k1[i];
    cr_assert_eq(system_rhs(m, d, t + 0.5 * h, y, k2), 0);
    for (int i = 0; i < nx; ++i) y[i] = x[i] + 0.5 * h * k2[i];
    cr_assert_eq(system_rhs(m, d, t + 0.5 * h, y, k3), 0);
    for (int i = 0; i < nx; ++i) y[i] = x[i] + h * k3[i];
    cr_assert_eq(system_rhs(m, d, t + h, y, k4), 0);
    for (int i = 0; i < nx; ++i) x[i] += h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
  }
  free(k1), free(k2), free(k3), free(k4), free(y);
  data_free(d);
}

CbenchContext *fx_cb(void) {
  static CbenchContext cb;
  static int made;
  if (!made) { cbench_context_init(&cb); made = 1; }
  return &cb;
}

void fx_integrator_init(Integrator *it, const IntegratorVtbl *vt, const Model *m, double setting) {
  memset(it, 0, sizeof *it);
  it->vtbl = vt;
  it->model = m;
  if (vt->fixed_step) it->opt.dt = setting;
  else it->opt.accuracy = setting;
  it->opt.max_step = m->max_step;
}

void fx_run_spec(RunSpec *s, const char *path, const char *integrator, double setting) {
  char err[512];
  run_spec_init(s);
  cr_assert_eq(run_spec_set_case(s, fx_cb()->cases_dir, path, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  snprintf(s->integrator, sizeof s->integrator, "%s", integrator);
  const IntegratorVtbl *vt = integrator_registry_find(&fx_cb()->registry, integrator);
  cr_assert(vt, "%s", integrator);
  if (vt->fixed_step) {
    s->has_dt = 1;
    s->dt = setting;
  } else {
    s->has_accuracy = 1;
    s->accuracy = setting;
  }
}

void fx_trajectory_ends(const char *path, double p0[3], double p1[3]) {
  FILE *f = fopen(path, "r");
  cr_assert_not_null(f, "cannot read %s", path);
  char line[4096];
  double t, p[3] = {NAN, NAN, NAN};
  p0[0] = p0[1] = p0[2] = NAN;
  cr_assert_not_null(fgets(line, sizeof line, f)); /* header */
  while (fgets(line, sizeof line, f))
    if (sscanf(line, "%lf,%lf,%lf,%lf", &t, &p[0], &p[1], &p[2]) == 4 && isnan(p0[0])) memcpy(p0, p, sizeof p);
  fclose(f);
  memcpy(p1, p, sizeof p);
}

cJSON *fx_run_ok(const RunSpec *s) {
  char err[512];
  RunContext ctx;
  cr_assert_eq(run_prepare(fx_cb(), s, &ctx, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cJSON *rec = run_execute(&ctx, NULL);
  run_context_free(&ctx);
  cr_assert_not_null(rec);
  cr_assert_str_eq(cJSON_GetObjectItem(rec, "status")->valuestring, "ok", "%s %s %g", s->case_path, s->integrator,
                   s->has_dt ? s->dt : s->accuracy);
  return rec;
}

int fx_guard_warnings(const cJSON *rec, const char *what) {
  int n = 0;
  const cJSON *w;
  cJSON_ArrayForEach(w, cJSON_GetObjectItem(rec, "warnings"))
    n += !strncmp(w->valuestring, "physics:", 8) && (!what || strstr(w->valuestring, what));
  return n;
}
