/* Shared scaffolding of the peer engines' analytic tests (see peer_fixtures.h). */
#include "tests/peer_fixtures.h"

#include <criterion/criterion.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "models/multibody.h"
#include "models/scene.h"
#include "models/system.h"
#include "tests/mb_fixtures.h"
#include "tests/sim_fixtures.h"

Integrator *pf_create(const char *name, const Model *m, double dt, const char *key, const char *value, char *err,
                      size_t errlen) {
  IntegratorOptions opt = {.dt = dt};
  if (key) {
    opt.nextra = 1;
    opt.extra_key[0] = key;
    opt.extra_value[0] = value;
  }
  return integrator_create(name, m, &opt, CB_ERR_BUF(err, errlen));
}

void pf_run_to(const char *name, const Model *m, double dt, double T, double *x, int start, const char *key,
               const char *value) {
  char err[512];
  Integrator *it = pf_create(name, m, dt, key, value, err, sizeof err);
  cr_assert_not_null(it, "%s: %s", name, err);
  if (!start) system_initial_state(m, x);
  cr_assert_eq(integrator_reset(it, 0, x), CB_OK, "%s", it->message);
  cr_assert_eq(integrator_advance(it, T, x), CB_OK, "%s: %s", name, it->message);
  integrator_destroy(it);
}

double pf_state_distance(const Model *m, const double *x, const double *y) {
  double worst = 0;
  for (int b = 1; b < m->nbody; ++b) {
    const Body *B = &m->bodies[b];
    if (B->joint != JOINT_FREE) continue;
    const double *qa = x + B->qadr + 3, *qb = y + B->qadr + 3;
    double dot = qa[0] * qb[0] + qa[1] * qb[1] + qa[2] * qb[2] + qa[3] * qb[3];
    for (int i = 0; i < 4; ++i) worst = fmax(worst, fabs(qa[i] - (dot < 0 ? -qb[i] : qb[i])));
  }
  for (int i = 0; i < m->nq + m->nv; ++i) {
    int is_quat = 0;
    for (int b = 1; b < m->nbody; ++b)
      if (m->bodies[b].joint == JOINT_FREE && i >= m->bodies[b].qadr + 3 && i < m->bodies[b].qadr + 7) is_quat = 1;
    if (!is_quat) worst = fmax(worst, fabs(x[i] - y[i]));
  }
  return worst;
}

void pf_expect_free_fall_first_order(const char *name, const Model *m, const char *key, const char *value) {
  const double T = 0.5, g = 9.81, z_exact = 1 - 0.5 * g * T * T;
  const double h[3] = {1e-2, 5e-3, 2.5e-3};
  double err[3], x[13];
  for (int k = 0; k < 3; ++k) {
    pf_run_to(name, m, h[k], T, x, 0, key, value);
    err[k] = z_exact - x[2]; /* signed: explicit Euler (positions first) misses by as much above */
    cr_expect(fabs(err[k] - 0.5 * g * h[k] * T) < 1e-9, "%s dt %g: z(T) - z = %.12g, expected g h T / 2 = %.12g", name,
              h[k], err[k], 0.5 * g * h[k] * T);
    cr_expect(fabs(x[12] + g * T) < 1e-9, "%s dt %g: v_z %.12g, expected %.12g", name, h[k], x[12], -g * T);
  }
  double p1 = log2(err[0] / err[1]), p2 = log2(err[1] / err[2]);
  cr_log_info("%s free fall: errors %.3e %.3e %.3e, orders %.3f %.3f", name, err[0], err[1], err[2], p1, p2);
  cr_expect(fabs(p1 - 1) < 0.02 && fabs(p2 - 1) < 0.02, "%s: order %.3f %.3f, expected 1", name, p1, p2);
}

Model *pf_incline(double theta, double mu) {
  char json[2048];
  snprintf(json, sizeof json,
           "{\"name\": \"incline\", \"gravity\": [%.17g, 0, %.17g], \"duration\": 1, \"stiction_tolerance\": 1e-4,"
           " \"materials\": [{\"name\": \"ground\", \"stiffness\": \"rigid\", \"mu\": %g},"
           "   {\"name\": \"cube\", \"stiffness\": 1e5, \"dissipation\": 10, \"mu\": %g}],"
           " \"world_geoms\": [{\"name\": \"floor\", \"type\": \"plane\", \"material\": \"ground\"}],"
           " \"bodies\": [{\"name\": \"cube\", \"joint\": \"free\", \"mass\": 1,"
           "   \"geoms\": [{\"type\": \"box\", \"size\": [0.05, 0.05, 0.05], \"material\": \"cube\"}],"
           "   \"q0\": {\"pos\": [0, 0, 0.05]}}]}",
           9.81 * sin(theta), -9.81 * cos(theta), mu, mu);
  return fx_load_json(json, "incline.json");
}

void pf_expect_incline(const char *name, double hold_x, double hold_v, double slide_tol) {
  const double mu = 0.5, g = 9.81;
  double theta = atan(0.8 * mu), x[13];
  Model *m = pf_incline(theta, mu);
  pf_run_to(name, m, 1e-3, 1.0, x, 0, NULL, NULL);
  cr_log_info("%s hold at tan = %.2f: x %.3e m, v %.3e m/s, z %.9f", name, tan(theta), x[0], x[10], x[2]);
  cr_expect(fabs(x[0]) < hold_x && fabs(x[10]) < hold_v, "%s: the cube crept %g m (v %g) at tan(theta) = 0.8 mu",
            name, x[0], x[10]);
  model_free(m);
  theta = atan(1.5 * mu);
  m = pf_incline(theta, mu);
  double v[2];
  for (int k = 0; k < 2; ++k) {
    pf_run_to(name, m, 1e-3, 0.5 * (k + 1), x, 0, NULL, NULL);
    v[k] = x[10];
  }
  double a = (v[1] - v[0]) / 0.5, expect = g * (sin(theta) - mu * cos(theta));
  cr_log_info("%s slide at tan = %.2f: a %.6f, g (sin - mu cos) %.6f", name, tan(theta), a, expect);
  cr_expect(fabs(a - expect) < slide_tol * expect, "%s: a = %.6f, expected %.6f", name, a, expect);
  model_free(m);
}

Model *pf_random_chain(int flags, uint64_t seed_end, int min_nv) {
  for (uint64_t seed = 3; seed < seed_end; seed += 2) {
    Model *m = mbfix_random_tree(seed, 4, flags);
    int inner_free = 0, slider = 0, limits = 0;
    for (int b = 1; b < m->nbody; ++b) {
      inner_free |= m->bodies[b].joint == JOINT_FREE && m->bodies[b].parent != 0;
      slider |= m->bodies[b].joint == JOINT_PRISMATIC;
      limits |= m->bodies[b].has_limit;
    }
    if (!inner_free && slider && !limits && m->nv >= min_nv) return m;
    model_free(m);
  }
  return NULL;
}

/* The state distance to an RK4 reference at T = 0.5 s after runs at dt 1e-3 and 5e-4 from a
 * random state (seeded), with one option key=value (NULL: none); check_ref may look at the
 * reference first. */
static void rk4_errors(const char *name, const Model *m, uint64_t seed, const char *key, const char *value,
                       void (*check_ref)(const Model *m, const double *xref), double e[2]) {
  int nx = system_nx(m);
  double *x0 = calloc((size_t)nx, sizeof(double)), *xref = calloc((size_t)nx, sizeof(double));
  double *x = calloc((size_t)nx, sizeof(double));
  MbRng rng;
  mbfix_rng_seed(&rng, seed);
  mbfix_random_state(m, &rng, 1.0, x0, x0 + m->nq);
  const double T = 0.5;
  memcpy(xref, x0, sizeof(double) * (size_t)nx);
  fx_rk4(m, T, 20000, xref);
  if (check_ref) check_ref(m, xref);
  for (int r = 0; r < 2; ++r) {
    memcpy(x, x0, sizeof(double) * (size_t)nx);
    pf_run_to(name, m, r == 0 ? 1e-3 : 5e-4, T, x, 1, key, value);
    e[r] = pf_state_distance(m, x, xref);
  }
  free(x0);
  free(xref);
  free(x);
}

void pf_expect_rk4_first_order(const char *name, const char *label, const Model *m, uint64_t seed,
                               void (*check_ref)(const Model *m, const double *xref)) {
  double e[2];
  rk4_errors(name, m, seed, NULL, NULL, check_ref, e);
  double order = log2(e[0] / e[1]);
  cr_log_info("%s %s: dt 1e-3 %.3e, 5e-4 %.3e, order %.2f", name, label, e[0], e[1], order);
  cr_expect_lt(e[1], 0.05, "%s: %s differs from the RK4 reference by %g", label, name, e[1]);
  cr_expect(order > 0.8 && order < 1.3, "%s: order %.2f, expected 1", label, order);
}

void pf_expect_rest_at_penetration(const char *name) {
  const double k = 1e4, depth = 0.1 * 9.81 / k;
  char z0[32];
  snprintf(z0, sizeof z0, "%.17g", 0.05 - depth);
  char json[2048];
  snprintf(json, sizeof json, PF_SPHERE_SCENE("%s", PF_FLOOR_GEOM, "1e4", "0.1", ""), z0);
  Model *m = fx_load_json(json, "rest.json");
  double x[13];
  pf_run_to(name, m, 1e-3, 1.0, x, 0, NULL, NULL);
  double pen = 0.05 - x[2];
  cr_log_info("%s: penetration %.6e m (m g / k %.6e), v_z %.3e", name, pen, depth, x[12]);
  cr_expect(fabs(pen - depth) < 1e-3 * depth, "%s: penetration %g, expected m g / k = %g", name, pen, depth);
  cr_expect(fabs(x[12]) < 1e-6 && fabs(x[0]) < 1e-9 && fabs(x[1]) < 1e-9, "%s: the ball moved", name);
  model_free(m);
}

void pf_expect_elastic_bounce(const char *name) {
  Model *m = fx_load_json(PF_SPHERE_SCENE("0.5", PF_FLOOR_GEOM, "1e4", "0", ""), "bounce.json");
  const double g = 9.81, E0 = g * 0.5; /* per unit mass */
  char err[512];
  Integrator *it = pf_create(name, m, 1e-3, NULL, NULL, err, sizeof err);
  cr_assert_not_null(it, "%s", err);
  double x[13];
  system_initial_state(m, x);
  cr_assert_eq(integrator_reset(it, 0, x), CB_OK);
  double worst = -INFINITY, apex = 0, zmin = 1;
  int bounced = 0;
  for (int i = 1; i <= 1500; ++i) {
    cr_assert_eq(integrator_advance(it, 1e-3 * i, x), CB_OK, "%s", it->message);
    zmin = fmin(zmin, x[2]);
    if (x[2] <= 0.05) { bounced = 1; continue; } /* in contact: the spring holds energy */
    double E = g * x[2] + 0.5 * (x[10] * x[10] + x[11] * x[11] + x[12] * x[12]);
    worst = fmax(worst, E - E0);
    if (bounced) apex = fmax(apex, x[2]);
  }
  cr_log_info("%s: largest energy change out of contact %.3e J/kg, apex after the bounce %.4f m, lowest %.4f m", name,
              worst, apex, zmin);
  cr_expect(bounced && apex > 0.1, "%s: no bounce (apex %g)", name, apex);
  cr_expect(worst <= 1e-12, "%s: energy rose by %g J/kg", name, worst);
  cr_expect(apex < 0.5, "%s: the ball bounced to %g m from 0.5 m", name, apex);
  integrator_destroy(it);
  model_free(m);
}

void pf_expect_belt_drag(const char *name) {
  const char *json =
      "{\"name\": \"belt\", \"gravity\": [0, 0, -9.81], \"duration\": 1, \"stiction_tolerance\": 1e-4,"
      " \"materials\": [{\"name\": \"belt\", \"stiffness\": \"rigid\", \"mu\": 0.5},"
      "   {\"name\": \"box\", \"stiffness\": 1e5, \"dissipation\": 10, \"mu\": 0.5}],"
      " \"world_geoms\": [{\"name\": \"belt\", \"type\": \"box\", \"size\": [1, 0.25, 0.05], \"pos\": [0, 0, -0.05],"
      "   \"material\": \"belt\", \"surface_velocity\": {\"dir\": [0, 1, 0], \"bias\": -0.4}}],"
      " \"bodies\": [{\"name\": \"box\", \"joint\": \"free\", \"mass\": 1,"
      "   \"geoms\": [{\"type\": \"box\", \"size\": [0.05, 0.05, 0.02], \"material\": \"box\"}],"
      "   \"q0\": {\"pos\": [0, 0, 0.02]}}]}";
  Model *m = fx_load_json(json, "belt.json");
  double x[13];
  /* mu g = 4.9 m/s^2: the box reaches the belt's -0.4 m/s along y after 0.08 s */
  pf_run_to(name, m, 1e-3, 0.05, x, 0, NULL, NULL);
  double a = x[11] / 0.05;
  pf_run_to(name, m, 1e-3, 0.3, x, 0, NULL, NULL);
  cr_log_info("%s: acceleration %.4f m/s^2 while sliding, v = (%.2e, %.6f) at 0.3 s", name, a, x[10], x[11]);
  cr_expect(fabs(a + 0.5 * 9.81) < 0.05, "%s: sliding acceleration %g, expected -mu g", name, a);
  cr_expect(fabs(x[11] + 0.4) < 1e-4 && fabs(x[10]) < 1e-6, "%s: v = (%g, %g), expected (0, -0.4)", name, x[10],
            x[11]);
  model_free(m);
}

void pf_expect_refused(const char *name, const char *json, const char *file, const char *field, const char *why) {
  Model *m = fx_load_json(json, file);
  char err[512] = "";
  Integrator *it = pf_create(name, m, 1e-3, NULL, NULL, err, sizeof err);
  cr_expect_null(it, "%s: %s was accepted", name, file);
  if (it) integrator_destroy(it);
  cr_expect(strstr(err, file) && strstr(err, field) && strstr(err, why), "%s: message '%s' lacks %s, %s or %s", name,
            err, file, field, why);
  model_free(m);
}

void pf_expect_case_refused(const char *name, const char *path, const char *what) {
  char err[512];
  Model *m = scene_load(path, CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(m, "%s", err);
  Integrator *it = pf_create(name, m, 1e-3, NULL, NULL, err, sizeof err);
  cr_expect_null(it, "%s: %s was not refused", name, path);
  cr_log_info("%s: %s", path, err);
  cr_expect(strstr(err, path) && strstr(err, what), "%s: %s: the message names no '%s': %s", name, path, what, err);
  if (it) integrator_destroy(it);
  model_free(m);
}

void pf_run_every_case(const char *name, const char *tag, int *ran, int *refused) {
  DIR *dir = opendir("cases");
  cr_assert_not_null(dir);
  struct dirent *e;
  *ran = *refused = 0;
  while ((e = readdir(dir))) {
    size_t n = strlen(e->d_name);
    if (n < 6 || strcmp(e->d_name + n - 5, ".json")) continue;
    char path[512], err[512];
    snprintf(path, sizeof path, "cases/%s", e->d_name);
    Model *m = scene_load(path, CB_ERR_BUF(err, sizeof err));
    cr_assert_not_null(m, "%s: %s", path, err);
    Integrator *it = pf_create(name, m, 1e-3, NULL, NULL, err, sizeof err);
    if (!it) {
      cr_expect(strstr(err, path) && strstr(err, tag), "%s %s: refusal '%s' names no file and reason", name, path, err);
      cr_log_info("refused: %s", err);
      (*refused)++;
    } else {
      int nx = system_nx(m);
      double *x = malloc(sizeof(double) * (size_t)nx);
      system_initial_state(m, x);
      cr_assert_eq(integrator_reset(it, 0, x), CB_OK);
      int rc = integrator_advance(it, 0.02, x);
      cr_expect_eq(rc, CB_OK, "%s %s: %s", name, path, it->message);
      for (int i = 0; i < nx; ++i) cr_expect(isfinite(x[i]), "%s %s: x[%d] = %g", name, path, i, x[i]);
      cr_expect_eq(it->stats.steps, 20, "%s %s: %ld steps for 0.02 s at 1 ms", name, path, it->stats.steps);
      free(x);
      integrator_destroy(it);
      (*ran)++;
    }
    model_free(m);
  }
  closedir(dir);
  cr_log_info("%s: %d cases ran, %d refused", name, *ran, *refused);
}

double pf_rk4_order(const char *name, const char *label, const Model *m, uint64_t seed, const char *key,
                    const char *value, double *e_fine) {
  double e[2];
  rk4_errors(name, m, seed, key, value, NULL, e);
  double order = log2(e[0] / e[1]);
  cr_log_info("%s %s (%s %s): dt 1e-3 %.3e, 5e-4 %.3e, order %.2f", name, label, key ? key : "", value ? value : "",
              e[0], e[1], order);
  if (e_fine) *e_fine = e[1];
  return order;
}
