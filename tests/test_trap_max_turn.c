/* cenic-trap refuses a step that turns a body by more than max_turn (the step driver's bound): a
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

/* Largest KE + PE over 10 ms outputs minus the initial, J; the run's accepted steps in *steps. */
static double run_cube(const Model *m, const char *name, double acc, const char *max_turn, long *steps) {
  IntegratorOptions o = {.accuracy = acc, .error_norm = ERRNORM_FULL};
  if (max_turn) {
    o.nextra = 1;
    o.extra_key[0] = "max_turn";
    o.extra_value[0] = max_turn;
  }
  char err[512];
  Integrator *it = integrator_create(name, m, &o, CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(it, "%s: %s", name, err);
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
  if (steps) *steps = it->stats.steps;
  data_free(d);
  integrator_destroy(it);
  return worst;
}

Test(trap_max_turn, thrown_cube_never_gains_energy_at_loose_and_tight_accuracy) {
  Model *m = fx_load_json(thrown_cube, "thrown_cube");
  const double acc[2] = {1e-1, 1e-2};
  for (int i = 0; i < 2; ++i) {
    double g = run_cube(m, "cenic-trap", acc[i], NULL, NULL);
    cr_log_info("cenic-trap %g: largest energy gain %.3g J", acc[i], g);
    cr_expect_leq(g, 1e-3 * 3.34, "cenic-trap at %g: KE + PE rose %.3g J above the initial 3.34 J", acc[i], g);
  }
  model_free(m);
}

/* The bound belongs to the step driver, so cenic-sd takes it too (default off): on the thrown
 * cube at accuracy 1e-1, a 2 deg bound forces more than twice the steps of no bound. */
Test(trap_max_turn, cenic_sd_takes_the_driver_turn_bound) {
  Model *m = fx_load_json(thrown_cube, "thrown_cube");
  long free_steps = 0, bounded_steps = 0, default_steps = 0;
  run_cube(m, "cenic-sd", 1e-1, "0", &free_steps);
  run_cube(m, "cenic-sd", 1e-1, NULL, &default_steps);
  run_cube(m, "cenic-sd", 1e-1, "2", &bounded_steps);
  cr_log_info("cenic-sd 1e-1: %ld steps unbounded, %ld with max_turn=2", free_steps, bounded_steps);
  cr_expect_eq(default_steps, free_steps, "off by default");
  /* the cube turns 17 deg per 10 ms output in flight: at most 2 deg a step, many more steps */
  cr_expect_gt(bounded_steps, 2 * free_steps, "%ld steps bounded, %ld unbounded", bounded_steps, free_steps);
  model_free(m);
}
