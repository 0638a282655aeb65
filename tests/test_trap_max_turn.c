/* cenic-trap refuses a step that turns a body by more than max_turn: a
 * tumbling cube gained energy from a turn of several degrees within one step. Scene: a
 * 1 kg, 10 cm cube thrown along the floor at 2 m/s with 30 rad/s of topspin, elastic contact
 * (k 1e5, no dissipation), mu 0.3. Nothing adds energy: KE + PE at every output point must stay
 * at or below the initial. Before the bound, at accuracy 1e-1 one accepted 43 ms step turned the
 * cube 37 deg as it landed and the next impact took it from 3.1 to 20.9 J (initial 3.34 J). */
#include <criterion/criterion.h>
#include <math.h>

#include "integrators/integrator.h"
#include "models/data.h"
#include "models/system.h"
#include "sim_fixtures.h"

static const char *thrown_cube =
    "{\"name\": \"thrown_cube\", \"duration\": 0.6, \"stiction_tolerance\": 1e-4, \"max_step\": 0.1,"
    " \"materials\": [{\"name\": \"ground\", \"stiffness\": \"rigid\", \"mu\": 0.3},"
    "  {\"name\": \"cube\", \"stiffness\": 1e5, \"dissipation\": 0.0, \"mu\": 0.3}],"
    " \"world_geoms\": [{\"name\": \"floor\", \"type\": \"plane\", \"material\": \"ground\"}],"
    " \"bodies\": [{\"name\": \"cube\", \"joint\": \"free\", \"mass\": 1.0,"
    "  \"geoms\": [{\"type\": \"box\", \"size\": [0.05, 0.05, 0.05], \"material\": \"cube\"}],"
    "  \"q0\": {\"pos\": [0, 0, 0.06]},"
    "  \"v0\": {\"angular\": [0, 30, 0], \"linear\": [2, 0, 0], \"frame\": \"world\"}}]}";

/* Largest KE + PE over 10 ms outputs minus the initial, J. */
static double largest_gain(const Model *m, double acc) {
  IntegratorOptions o = {.accuracy = acc, .error_norm = ERRNORM_FULL};
  char err[512];
  Integrator *it = integrator_create("cenic-trap", m, &o, err, sizeof err);
  cr_assert_not_null(it, "cenic-trap: %s", err);
  Data *d = data_create(m);
  double x[13];
  cr_assert_eq(system_nx(m), 13);
  system_initial_state(m, x);
  const double e0 = system_energy(m, d, x);
  cr_assert_eq(integrator_reset(it, 0, x), CB_OK);
  double worst = -INFINITY;
  for (int k = 1; k <= 60; ++k) {
    cr_assert_eq(integrator_advance(it, 0.01 * k, x), CB_OK, "%s", it->message);
    worst = fmax(worst, system_energy(m, d, x) - e0);
  }
  data_free(d);
  integrator_destroy(it);
  return worst;
}

Test(trap_max_turn, thrown_cube_never_gains_energy_at_loose_and_tight_accuracy) {
  Model *m = fx_load_json(thrown_cube, "thrown_cube");
  const double acc[2] = {1e-1, 1e-2};
  for (int i = 0; i < 2; ++i) {
    double g = largest_gain(m, acc[i]);
    cr_log_info("cenic-trap %g: largest energy gain %.3g J", acc[i], g);
    cr_expect_leq(g, 1e-3 * 3.34, "cenic-trap at %g: KE + PE rose %.3g J above the initial 3.34 J", acc[i], g);
  }
  model_free(m);
}
