/* rk3 (ARKStep ERK) retries a step whose right-hand side fails recoverably, as SUNDIALS' positive
 * return codes mean, instead of ending the run (ARKODE 6.4 calls an explicit stage's recoverable
 * failure unrecoverable; integrators/sundials/sundials_erk_retry.c). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>

#include <arkode/arkode_butcher_erk.h>

#include "integrators/integrator.h"
#include "integrators/sundials/sundials_ode.h"
#include "models/data.h"
#include "models/system.h"
#include "tests/sim_fixtures.h"

extern const IntegratorVtbl rk3_vtbl;

/* y' = -y, defined for y > 0 only (like a model that cannot evaluate a state past a limit). Once
 * y is below atol the error control lets the step grow to the stability limit, where a step
 * lands at y < 0 and the next stage fails. */
static int decay_positive(void *user, double t, const double *x, double *xd) {
  (void)user; (void)t;
  if (!(x[0] > 0)) return 1;
  xd[0] = -x[0];
  return 0;
}

Test(rk3_rhs_retry, decay_with_a_domain_reaches_the_end_close_to_exp) {
  double x0[1] = {1.0}, atol[1] = {1e-6}, x[1] = {0};
  SunOdeConfig c = {0};
  c.kind = SUNODE_ARK_ERK;
  c.table = ARKODE_BOGACKI_SHAMPINE_4_2_3;
  c.rtol = 1e-4;
  c.atol = atol;
  char err[256];
  SunOde *s = sunode_create(1, decay_positive, NULL, NULL, &c, CB_ERR_BUF(err, sizeof err));
  cr_assert(s, "%s", err);
  cr_assert_eq(sunode_reset(s, 0.0, x0), CB_OK);
  double T = 40.0;
  int rc = sunode_advance(s, T, x);
  SunOdeCounters cnt;
  sunode_counters(s, &cnt);
  cr_assert_eq(rc, CB_OK, "rc %d: %s (t %g)", rc, sunode_message(s), sunode_time(s));
  cr_expect_gt(cnt.rhs_retries, 0, "the domain was never hit: the test does not test the retry");
  cr_expect(x[0] > 0 && fabs(x[0] - exp(-T)) < 10 * atol[0], "y(%g) = %g against %g", T, x[0], exp(-T));
  IntegratorStats st = {0};
  sunode_accumulate_stats(s, &st);
  cr_expect_geq(st.rejected, cnt.rhs_retries, "retries counted as rejected steps");
  sunode_destroy(s);
}

/* A stiff ball (k 1e11 N/m, 2 kg) dropped 0.5 m: the first explicit step into
 * the contact overshoots the penetration the model can evaluate. It must bounce and go on,
 * with energy never above the initial (Hunt-Crossley only dissipates). */
static const char *stiff_ball =
    "{\"name\": \"stiff_ball\", \"duration\": 1.0, \"max_step\": 0.1,"
    " \"materials\": [{\"name\": \"ground\", \"stiffness\": \"rigid\", \"mu\": 0.3},"
    "  {\"name\": \"ball\", \"stiffness\": 1e11, \"dissipation\": 0.05, \"mu\": 0.3}],"
    " \"world_geoms\": [{\"name\": \"floor\", \"type\": \"plane\", \"material\": \"ground\"}],"
    " \"bodies\": [{\"name\": \"ball\", \"joint\": \"free\", \"mass\": 2.0,"
    "  \"geoms\": [{\"type\": \"sphere\", \"size\": 0.08, \"material\": \"ball\"}],"
    "  \"q0\": {\"pos\": [0, 0, 0.58]}}]}";

Test(rk3_rhs_retry, stiff_ball_drop_runs_through_the_impact_without_energy_gain) {
  Model *m = fx_load_json(stiff_ball, "stiff_ball");
  Data *d = data_create(m);
  int nx = system_nx(m);
  double *x0 = calloc((size_t)nx, sizeof(double)), *x = calloc((size_t)nx, sizeof(double));
  system_initial_state(m, x0);
  double E0 = system_energy(m, d, x0);
  for (int k = 0; k < 2; ++k) {
    Integrator it = {0};
    it.vtbl = &rk3_vtbl;
    it.model = m;
    it.opt.accuracy = k == 0 ? 1e-2 : 1e-4;
    it.opt.error_norm = ERRNORM_FULL;
    cr_assert_eq(rk3_vtbl.create(&it), CB_OK, "%s", it.message);
    cr_assert_eq(rk3_vtbl.reset(&it, 0.0, x0), CB_OK, "%s", it.message);
    double Emax = -INFINITY, zmin = INFINITY;
    for (int i = 1; i <= 50; ++i) {
      double t = 0.02 * i;
      int rc = rk3_vtbl.advance(&it, t, x);
      cr_assert_eq(rc, CB_OK, "acc %g: rc %d at t %g: %s", it.opt.accuracy, rc, t, it.message);
      Emax = fmax(Emax, system_energy(m, d, x));
      zmin = fmin(zmin, x[2]);
    }
    cr_expect_leq(Emax, E0 + 1e-3 * fabs(E0), "acc %g: energy %g above initial %g", it.opt.accuracy, Emax, E0);
    cr_expect_gt(zmin, 0.08 - 1e-3, "acc %g: centre reached %g (radius 0.08)", it.opt.accuracy, zmin);
    rk3_vtbl.destroy(&it);
  }
  free(x0);
  free(x);
  data_free(d);
  model_free(m);
}
