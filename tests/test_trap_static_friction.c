/* cenic-trap holds static friction at loose accuracy. Its first
 * step took j^n from the continuous force law at rest, whose regularized friction is zero: eq.
 * 25's average then offered mu_s n / 2 against the load, the box passed v_s and slid on mu_d
 * (friction_hold: 1.47 m at 1e-2). Scene: a flat 2.5 kg box (12 x 8 x 3 cm) on a rigid plane,
 * mu_s 0.8, mu_d 0.35, pushed through its center by 0.65 m g along (3, 4, 0)/5. Held, it only
 * creeps (below v_s = 1e-4 m/s): 0.07 mm in 0.5 s. Sliding on mu_d it would cover
 * (0.65 - 0.35) g t^2 / 2 = 0.37 m. */
#include <criterion/criterion.h>
#include <math.h>

#include "integrators/integrator.h"
#include "models/system.h"
#include "sim_fixtures.h"

static const char *held_box =
    "{\"name\": \"held_box\", \"duration\": 0.5, \"stiction_tolerance\": 1e-4, \"max_step\": 0.1,"
    " \"materials\": [{\"name\": \"ground\", \"stiffness\": \"rigid\", \"mu_static\": 0.8, \"mu_dynamic\": 0.35},"
    "  {\"name\": \"box\", \"stiffness\": 2e5, \"dissipation\": 8, \"mu_static\": 0.8, \"mu_dynamic\": 0.35}],"
    " \"world_geoms\": [{\"name\": \"floor\", \"type\": \"plane\", \"material\": \"ground\"}],"
    " \"bodies\": [{\"name\": \"box\", \"joint\": \"free\", \"mass\": 2.5,"
    "  \"geoms\": [{\"type\": \"box\", \"size\": [0.06, 0.04, 0.015], \"material\": \"box\"}],"
    "  \"q0\": {\"pos\": [0, 0, 0.01496934]}}],"
    " \"forces\": [{\"body\": \"box\", \"point\": [0, 0, 0], \"dir\": [0.6, 0.8, 0], \"constant\": 15.94125}]}";

static double slide(const Model *m, double acc) {
  IntegratorOptions o = {.accuracy = acc, .error_norm = ERRNORM_FULL};
  char err[512];
  Integrator *it = integrator_create("cenic-trap", m, &o, CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(it, "cenic-trap: %s", err);
  double x[13];
  cr_assert_eq(system_nx(m), 13);
  system_initial_state(m, x);
  cr_assert_eq(integrator_reset(it, 0, x), CB_OK);
  double worst = 0;
  for (int k = 1; k <= 50; ++k) {
    cr_assert_eq(integrator_advance(it, 0.01 * k, x), CB_OK, "%s", it->message);
    worst = fmax(worst, hypot(x[0], x[1]));
  }
  integrator_destroy(it);
  return worst;
}

Test(trap_static_friction, held_box_stays_at_loose_and_tight_accuracy) {
  Model *m = fx_load_json(held_box, "held_box");
  const double acc[2] = {1e-2, 1e-3};
  for (int i = 0; i < 2; ++i) {
    double s = slide(m, acc[i]);
    cr_log_info("cenic-trap %g: largest displacement %.3g m", acc[i], s);
    cr_expect_lt(s, 2e-4, "cenic-trap at %g: the held box moved %.3g m (creep ~7e-5)", acc[i], s);
  }
  model_free(m);
}
