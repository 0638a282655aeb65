/* A ball hitting a rigid floor obliquely at 20-50 m/s with friction, on every discrete scheme
 * (CENIC, TAMSI, the rigid time steppers and conservative advancement) at a loose and a tight
 * setting. Whatever the friction law does, a solid sphere (I = 2/5 m r^2) spun up by a force at
 * its surface point gets omega r = 5/2 |dv_t| exactly, and less while that point sits inside the
 * floor (lever r - delta): omega r <= 5/2 |dv_t| is Coulomb's (and every contact law's) bound.
 * A look-ahead contact whose friction acted at its point on the floor, a gap phi below the
 * ball's surface, spun the ball up by 5/2 mu dv_n phi / r more (up to 58% over the bound). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "integrators/integrator.h"
#include "models/system.h"
#include "sim_fixtures.h"

extern const IntegratorVtbl cenic_sd_vtbl, cenic_trap_vtbl, cenic_fixed_vtbl, tamsi_vtbl, tamsi_sd_vtbl;
extern const IntegratorVtbl lcp_vtbl, ccp_vtbl, ncp_vtbl, raisim_vtbl, ca_vtbl;

typedef struct {
  const IntegratorVtbl *vt;
  double setting; /* dt (fixed step) or accuracy */
} Setting;

static const Setting settings[] = {
    {&tamsi_vtbl, 1e-2},      {&tamsi_vtbl, 1e-3},       {&lcp_vtbl, 1e-2},        {&lcp_vtbl, 1e-3},
    {&ccp_vtbl, 1e-2},        {&ccp_vtbl, 1e-3},         {&ncp_vtbl, 1e-2},        {&ncp_vtbl, 1e-3},
    {&raisim_vtbl, 1e-2},     {&raisim_vtbl, 1e-3},      {&ca_vtbl, 1e-2},         {&ca_vtbl, 1e-3},
    {&cenic_fixed_vtbl, 1e-2}, {&cenic_fixed_vtbl, 1e-3}, {&cenic_sd_vtbl, 1e-2},   {&cenic_sd_vtbl, 1e-5},
    {&cenic_trap_vtbl, 1e-2}, {&cenic_trap_vtbl, 1e-5},  {&tamsi_sd_vtbl, 1e-2},   {&tamsi_sd_vtbl, 1e-5},
};
#define NSETTINGS (sizeof settings / sizeof *settings)

typedef struct {
  double vn, vt, r, mu, gap; /* impact speed, tangential speed, radius, Coulomb mu, start gap */
} Impact;

/* different speeds, radii, coefficients and start gaps (the first step's look-ahead gap) */
static const Impact impacts[] = {
    {20.0, 10.0, 0.1, 0.5, 0.13},
    {35.0, 4.0, 0.05, 0.3, 0.27},
    {50.0, 25.0, 0.2, 0.8, 0.41},
};

static Model *impact_model(const Impact *c) {
  char json[2048];
  snprintf(json, sizeof json,
           "{\"name\": \"oblique_impact\", \"gravity\": [0, 0, 0], \"duration\": 0.06, \"max_step\": 0.01,"
           " \"materials\": [{\"name\": \"floor\", \"stiffness\": \"rigid\", \"mu\": %.17g},"
           " {\"name\": \"ball\", \"stiffness\": 1e8, \"dissipation\": 0.01, \"mu\": %.17g}],"
           " \"world_geoms\": [{\"name\": \"floor\", \"type\": \"plane\", \"material\": \"floor\"}],"
           " \"bodies\": [{\"name\": \"ball\", \"joint\": \"free\", \"mass\": 1,"
           " \"geoms\": [{\"type\": \"sphere\", \"size\": %.17g, \"material\": \"ball\"}],"
           " \"q0\": {\"pos\": [0, 0, %.17g]}, \"v0\": {\"linear\": [%.17g, 0, %.17g], \"frame\": \"world\"}}]}",
           c->mu, c->mu, c->r, c->r + c->gap, c->vt, -c->vn);
  return fx_load_json(json, "oblique_impact");
}

/* Runs to 0.06 s (well after the impact) and returns omega_y r / (5/2 |dv_t|). */
static double spin_ratio(const Setting *s, const Model *m, const Impact *c, double *dvt_out) {
  Integrator it;
  fx_integrator_init(&it, s->vt, m, s->setting);
  int nx = system_nx(m);
  double *x = calloc((size_t)nx, sizeof(double));
  system_initial_state(m, x);
  int rc = s->vt->create(&it);
  if (rc == CB_OK) rc = s->vt->reset(&it, 0.0, x);
  if (rc == CB_OK) rc = s->vt->advance(&it, 0.06, x);
  cr_assert_eq(rc, CB_OK, "%s %g: %s", s->vt->name, s->setting, it.message);
  if (it.content) s->vt->destroy(&it);
  /* x = [pos, quat | omega (world), v (world)] */
  const double *w = x + 7, *v = x + 10;
  /* the impact is over: the ball leaves the floor (compliant) or stays on it (rigid, inelastic) */
  cr_expect(v[2] > -1e-3 * c->vn, "%s %g: the ball is still falling (v_z %g)", s->vt->name, s->setting, v[2]);
  double dvt = fabs(v[0] - c->vt);
  *dvt_out = dvt;
  double ratio = w[1] * c->r / (2.5 * dvt);
  free(x);
  return ratio;
}

Test(oblique_impact, friction_spins_the_ball_no_faster_than_its_surface_point_allows) {
  for (size_t k = 0; k < sizeof impacts / sizeof *impacts; ++k) {
    const Impact *c = &impacts[k];
    Model *m = impact_model(c);
    for (size_t i = 0; i < NSETTINGS; ++i) {
      const Setting *s = &settings[i];
      double dvt;
      double ratio = spin_ratio(s, m, c, &dvt);
      cr_log_info("vn %g r %g mu %g: %s %g: dv_t %.4g, omega r / (5/2 dv_t) = %.4f", c->vn, c->r, c->mu, s->vt->name,
                  s->setting, dvt, ratio);
      cr_expect(dvt > 0.05 * c->vt, "%s %g (vn %g): friction did not act (dv_t %g)", s->vt->name, s->setting, c->vn,
                dvt);
      cr_expect(ratio <= 1.0 + 5e-3, "%s %g (vn %g r %g mu %g): omega r = %.4f x 5/2 |dv_t| (Coulomb: <= 1)",
                s->vt->name, s->setting, c->vn, c->r, c->mu, ratio);
    }
    model_free(m);
  }
}
