/* Free fall of one body at masses from 1e-12 kg to 1e6 kg against z(t) = z0 - g t^2 / 2, on the
 * CENIC and TAMSI schemes at a loose and a tight setting and on BDF. Gravity's motion does not
 * depend on the mass; a convergence test whose floor is an absolute momentum (1 kg m/s) met
 * the tolerance at the initial guess for a body of 1e-12 kg, which then never fell (status ok). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "integrators/integrator.h"
#include "models/system.h"
#include "sim_fixtures.h"

extern const IntegratorVtbl cenic_sd_vtbl, cenic_trap_vtbl, cenic_fixed_vtbl, tamsi_vtbl, tamsi_sd_vtbl, bdf_vtbl;

typedef struct {
  const IntegratorVtbl *vt;
  double setting;
  double tol; /* allowed |z - z_exact| / fall distance */
} Setting;

/* tol: the scheme's own error on this fall at that setting (the same at every mass) with room:
 * step doubling controls the local error, so its global error at 1e-5 is a few 1e-3 */
static const Setting settings[] = {
    {&cenic_sd_vtbl, 1e-2, 0.1},    {&cenic_sd_vtbl, 1e-5, 5e-3},   {&cenic_trap_vtbl, 1e-2, 0.1},
    {&cenic_trap_vtbl, 1e-5, 5e-3}, {&cenic_fixed_vtbl, 1e-2, 0.05}, {&cenic_fixed_vtbl, 1e-3, 5e-3},
    {&tamsi_vtbl, 1e-2, 0.05},      {&tamsi_vtbl, 1e-3, 5e-3},      {&tamsi_sd_vtbl, 1e-2, 0.1},
    {&tamsi_sd_vtbl, 1e-5, 5e-3},   {&bdf_vtbl, 1e-3, 0.02},
};
#define NSETTINGS (sizeof settings / sizeof *settings)

#define T_FALL 0.5
#define Z0 2.0

static Model *falling_body(double mass) {
  char json[1024];
  snprintf(json, sizeof json,
           "{\"name\": \"free_fall\", \"duration\": 0.5, \"max_step\": 0.1,"
           " \"materials\": [{\"name\": \"floor\", \"stiffness\": \"rigid\", \"mu\": 0.5},"
           " {\"name\": \"body\", \"stiffness\": 1e5, \"dissipation\": 1, \"mu\": 0.5}],"
           " \"world_geoms\": [{\"name\": \"floor\", \"type\": \"plane\", \"material\": \"floor\"}],"
           " \"bodies\": [{\"name\": \"body\", \"joint\": \"free\", \"mass\": %.17g,"
           " \"geoms\": [{\"type\": \"box\", \"size\": [0.05, 0.04, 0.03], \"material\": \"body\"}],"
           " \"q0\": {\"pos\": [0, 0, %.17g]}}]}",
           mass, Z0);
  return fx_load_json(json, "free_fall");
}

/* z(T_FALL) of one run, or NAN with a failed expectation if the run failed */
static double fall_to(const Setting *s, const Model *m, double mass) {
  Integrator it;
  fx_integrator_init(&it, s->vt, m, s->setting);
  double *x = calloc((size_t)system_nx(m), sizeof(double));
  system_initial_state(m, x);
  int rc = s->vt->create(&it);
  if (rc == CB_OK) rc = s->vt->reset(&it, 0.0, x);
  if (rc == CB_OK) rc = s->vt->advance(&it, T_FALL, x);
  cr_expect_eq(rc, CB_OK, "mass %g, %s %g: %s", mass, s->vt->name, s->setting, it.message);
  double z = rc == CB_OK ? x[2] : NAN;
  if (it.content) s->vt->destroy(&it);
  free(x);
  return z;
}

/* Within the scheme's error of the analytic fall, and the same fall as at 1 kg (the equations
 * of free fall, scaled by the mass, are the same equations) */
Test(mass_scale, a_body_falls_alike_at_every_mass) {
  const double g = 9.81, fall = 0.5 * g * T_FALL * T_FALL;
  Model *unit = falling_body(1.0);
  for (size_t i = 0; i < NSETTINGS; ++i) {
    const Setting *s = &settings[i];
    const double z1 = fall_to(s, unit, 1.0);
    for (double mass = 1e-12; mass <= 1.001e6; mass *= 1e3) {
      Model *m = falling_body(mass);
      double z = fall_to(s, m, mass), err = fabs(z - (Z0 - fall)) / fall;
      cr_log_info("mass %g, %s %g: z %.6f (exact %.6f, at 1 kg %.6f), error %.2e of the fall", mass, s->vt->name,
                  s->setting, z, Z0 - fall, z1, err);
      cr_expect(err <= s->tol, "mass %g kg, %s %g: z(%.1f s) = %.6f m, exact %.6f m (error %.3g of the fall > %.3g)",
                mass, s->vt->name, s->setting, T_FALL, z, Z0 - fall, err, s->tol);
      cr_expect(fabs(z - z1) <= 1e-6 * fall, "mass %g kg, %s %g: z(%.1f s) = %.9f m, at 1 kg %.9f m", mass,
                s->vt->name, s->setting, T_FALL, z, z1);
      model_free(m);
    }
  }
  model_free(unit);
}
