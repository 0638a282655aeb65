/* A capsule and a cylinder lying on a round table (a static cylinder's cap) tilted 14 degrees,
 * their axes down the slope, mu 0.9 (friction angle 42 degrees): both must stay put, in the
 * orientation they start in. The contact is a line; carried by a single point at its middle,
 * friction there (a lever of the radius under the centre of mass) pitches the body about
 * that point until an end touches, and the contact jumps from end to end. The incline is the
 * gravity vector turned by 14 degrees about y. Run with cenic-sd at a loose and a tight
 * accuracy and cenic-fixed at 10 ms. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>

#include "integrators/integrator.h"
#include "models/data.h"
#include "models/system.h"
#include "sim_fixtures.h"

#define INCLINE_DEG 14.0

/* body: "capsule" (r 0.025, half length 0.09) or "cylinder" (r 0.035, half length 0.07) */
static Model *scene(const char *type, double r, double hl, double mass) {
  char json[2048];
  const double a = INCLINE_DEG * M_PI / 180.0, g = 9.81;
  snprintf(json, sizeof json,
           "{\"name\": \"line_rest\", \"duration\": 1.0, \"stiction_tolerance\": 1e-4, \"max_step\": 0.05,"
           " \"gravity\": [%.17g, 0, %.17g],"
           " \"materials\": [{\"name\": \"table\", \"stiffness\": \"rigid\", \"mu\": 0.9},"
           "  {\"name\": \"body\", \"stiffness\": 2e4, \"dissipation\": 20, \"mu\": 0.9}],"
           " \"world_geoms\": [{\"name\": \"table\", \"type\": \"cylinder\", \"size\": [0.35, 0.04],"
           "   \"pos\": [0.03, -0.02, -0.04], \"material\": \"table\"}],"
           " \"bodies\": [{\"name\": \"body\", \"joint\": \"free\", \"mass\": %g,"
           "  \"geoms\": [{\"type\": \"%s\", \"size\": [%g, %g], \"material\": \"body\"}],"
           "  \"q0\": {\"pos\": [0, 0, %.17g], \"rpy_deg\": [0, 90, 0]}}]}",
           g * sin(a), -g * cos(a), mass, type, r, hl, r);
  return fx_load_json(json, type);
}

/* Largest turn (rad) of the body from its start over 10 ms outputs, and the largest slide (m). */
static void run(const Model *m, const char *integrator, double acc, double dt, double *turn, double *slide) {
  IntegratorOptions o = {.accuracy = acc, .dt = dt};
  char err[512];
  Integrator *it = integrator_create(integrator, m, &o, CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(it, "%s: %s", integrator, err);
  const int nx = system_nx(m);
  cr_assert_eq(nx, 13);
  double x[13], x0[13];
  system_initial_state(m, x);
  for (int i = 0; i < nx; ++i) x0[i] = x[i];
  cr_assert_eq(integrator_reset(it, 0, x), CB_OK);
  *turn = *slide = 0;
  for (int k = 1; k <= 100; ++k) {
    cr_assert_eq(integrator_advance(it, 0.01 * k, x), CB_OK, "%s: %s", integrator, it->message);
    double dot = 0;
    for (int i = 3; i < 7; ++i) dot += x0[i] * x[i];
    *turn = fmax(*turn, 2.0 * acos(fmin(1.0, fabs(dot))));
    *slide = fmax(*slide, hypot(x[0] - x0[0], x[1] - x0[1]));
  }
  integrator_destroy(it);
}

static void check(const char *type, double r, double hl, double mass) {
  Model *m = scene(type, r, hl, mass);
  const struct { const char *name; double acc, dt; } runs[] = {
      {"cenic-sd", 1e-1, 0}, {"cenic-sd", 1e-4, 0}, {"cenic-fixed", 0, 1e-2}};
  for (int i = 0; i < 3; ++i) {
    double turn, slide;
    run(m, runs[i].name, runs[i].acc, runs[i].dt, &turn, &slide);
    cr_log_info("%s on the table, %s %g: turned %.3g deg, slid %.3g mm", type, runs[i].name,
                runs[i].acc > 0 ? runs[i].acc : runs[i].dt, turn * 180 / M_PI, slide * 1e3);
    cr_expect_lt(turn, 0.1 * M_PI / 180, "%s, %s %g: turned %.3g deg (must keep its orientation)", type, runs[i].name,
                 runs[i].acc > 0 ? runs[i].acc : runs[i].dt, turn * 180 / M_PI);
    cr_expect_lt(slide, 2e-3, "%s, %s %g: slid %.3g mm below the friction angle", type, runs[i].name,
                 runs[i].acc > 0 ? runs[i].acc : runs[i].dt, slide * 1e3);
  }
  model_free(m);
}

Test(line_contact_rest, capsule_lying_on_a_tilted_cylinder_cap) { check("capsule", 0.025, 0.09, 0.4); }

Test(line_contact_rest, cylinder_lying_on_a_tilted_cylinder_cap) { check("cylinder", 0.035, 0.07, 0.6); }
