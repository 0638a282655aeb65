/* The ICF paper's falling sphere and sliding rod (cases/icf_*.json) against what mechanics
 * predicts: the sphere rolls at 5/7 of its speed (angular momentum about the contact point) from
 * the impact-aware slide-to-roll time; the passive rod never gains energy, and friction above
 * 4/3 turns it up and makes it jump (Painleve's impact without collision). The rod with
 * dissipation (Figs. 11-13) is the same rod with only d and the horizon changed. */
#include <cjson/cJSON.h>
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>

#include "harness/common/files.h"

#include "integrators/integrator.h"
#include "models/data.h"
#include "models/scene.h"
#include "models/system.h"

static Integrator *start(const char *scene, const char *name, double accuracy, Model **m, double **x) {
  char err[512];
  *m = scene_load(scene, CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(*m, "%s", err);
  IntegratorOptions o = {.accuracy = accuracy, .error_norm = ERRNORM_FULL};
  Integrator *it = integrator_create(name, *m, &o, CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(it, "%s", err);
  *x = calloc((size_t)system_nx(*m), sizeof(double));
  system_initial_state(*m, *x);
  cr_assert_eq(integrator_reset(it, 0, *x), CB_OK);
  return it;
}

Test(icf_cases, falling_sphere_rolls_at_five_sevenths_from_the_impact_aware_time) {
  Model *m;
  double *x;
  Integrator *it = start("cases/icf_falling_sphere.json", "cenic-sd", 1e-6, &m, &x);
  const double r = 0.025, mu = 0.5, g = 9.81, v0 = 2.0;
  const double t_land = sqrt(2 * 0.05 / g), vn = g * t_land;
  const double t_roll = t_land + (v0 - 3.5 * mu * vn) / (3.5 * mu * g); /* 0.1165 s */
  double t_stop = NAN;
  for (int k = 1; k <= 300; ++k) { /* 1 ms output */
    double t = 1e-3 * k;
    cr_assert_eq(integrator_advance(it, t, x), CB_OK, "%s", it->message);
    const double *w = x + m->nq, *v = w + 3; /* free body: angular, then linear velocity (world) */
    double slip = v[0] - r * w[1];
    if (isnan(t_stop) && t > t_land && fabs(slip) < 1e-3) t_stop = t;
  }
  const double *v = x + m->nq + 3;
  cr_expect(fabs(v[0] - 5.0 / 7.0 * v0) < 5e-3 * v0, "rolling speed %g, 5/7 v0 = %g", v[0], 5.0 / 7.0 * v0);
  cr_expect(fabs(t_stop - t_roll) < 5e-3, "rolls from t = %g, impact-aware analytic %g (%g without the impact)", t_stop,
            t_roll, t_land + 2 * v0 / (7 * mu * g));
  integrator_destroy(it);
  free(x);
  model_free(m);
}

Test(icf_cases, sliding_rod_turns_up_jumps_and_never_gains_energy) {
  Model *m;
  double *x;
  Integrator *it = start("cases/icf_sliding_rod.json", "cenic-sd", 1e-5, &m, &x);
  Data *d = data_create(m);
  double e0 = system_energy(m, d, x), e_prev = e0, rise = 0, z_max = 0, tilt_max = 0;
  const double z0 = x[2];
  for (int k = 1; k <= 400; ++k) {
    cr_assert_eq(integrator_advance(it, 1e-3 * k, x), CB_OK, "%s", it->message);
    double e = system_energy(m, d, x);
    rise = fmax(rise, e - e_prev);
    e_prev = fmin(e_prev, e);
    z_max = fmax(z_max, x[2]);
    /* the rod's axis (body z) elevation: 2 (w y - x z) ... z component of R e_z = 1 - 2 (x^2 + y^2) */
    const double *q = x + 3;
    tilt_max = fmax(tilt_max, 1 - 2 * (q[1] * q[1] + q[2] * q[2]));
  }
  double ke0 = 0.5 * 0.3 * 100.0;
  cr_expect(rise < 1e-3 * ke0, "energy rose by %g J (kinetic energy %g J)", rise, ke0);
  cr_expect(e_prev < e0 - 0.1 * ke0, "friction dissipated: %g -> %g J", e0, e_prev);
  cr_expect(tilt_max > 0.9, "the rod turned up to sin(elevation) %g (from sin 30 deg = 0.5)", tilt_max);
  cr_expect(z_max > z0 + 0.1, "the rod jumped: center up to %g m from %g", z_max, z0);
  data_free(d);
  integrator_destroy(it);
  free(x);
  model_free(m);
}

/* Figs. 11-13 compare the rod with and without dissipation: the scenes differ in d (0.2 s/m, the
 * paper's value), the name, the description and the horizon, and in nothing else. */
Test(icf_cases, dissipative_rod_differs_only_in_its_dissipation) {
  const char *files[2] = {"cases/icf_sliding_rod.json", "cases/icf_sliding_rod_dissipation.json"};
  cJSON *scene[2];
  double d[2];
  for (int i = 0; i < 2; ++i) {
    char *text = file_read_all(files[i], NULL);
    scene[i] = text ? cJSON_Parse(text) : NULL;
    free(text);
    cr_assert_not_null(scene[i], "%s", files[i]);
    cJSON *rod = cJSON_GetArrayItem(cJSON_GetObjectItem(scene[i], "materials"), 1);
    cr_assert_str_eq(cJSON_GetObjectItem(rod, "name")->valuestring, "rod");
    d[i] = cJSON_GetObjectItem(rod, "dissipation")->valuedouble;
    cJSON_DeleteItemFromObject(rod, "dissipation");
    cJSON_DeleteItemFromObject(scene[i], "name");
    cJSON_DeleteItemFromObject(scene[i], "description");
    cJSON_DeleteItemFromObject(scene[i], "duration");
  }
  cr_expect_eq(d[0], 0.0);
  cr_expect_eq(d[1], 0.2);
  cr_expect(cJSON_Compare(scene[0], scene[1], 1), "the two rods differ in more than d and the horizon");
  cJSON_Delete(scene[0]);
  cJSON_Delete(scene[1]);
}
