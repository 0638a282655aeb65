/* Static friction holds below mu_s, and slipping starts where mu_s says, for every integrator
 * with its default options (no silent substitutions). The scenes
 * (tests/scenes/friction_*.json): a 1 kg box on a rigid plane, mu_s 1.0, mu_d 0.5, v_s 1e-4,
 * pushed along x by a constant 0.8 m g (it must stay) or by F = 20 t N (it must slip at
 * t* = mu_s m g / 20 = 0.4905 s). Before the default error norm was per family, every SUNDIALS
 * baseline let the box slide under 0.8 m g at accuracy 1e-6 (1.48 m in 1 s), and TAMSI, with
 * mu_dynamic only, slipped at 0.28 s. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "integrators/integrator.h"
#include "models/scene.h"
#include "models/system.h"
#include "sim_fixtures.h"

#define VS 1e-4
#define T_SLIP 0.4905

typedef struct {
  const char *name;
  double param;
} Spec;

static const Spec specs[] = {
    {"tamsi", 1e-2},      {"tamsi-sd", 1e-6},   {"cenic-sd", 1e-2},   {"cenic-sd", 1e-4}, {"cenic-sd", 1e-6},
    {"cenic-trap", 1e-3}, {"cenic-trap", 1e-6}, {"cenic-fixed", 1e-2}, {"ie", 1e-6},        {"bdf", 1e-6},      {"sdirk2", 1e-6},
    {"rosenbrock", 1e-6}, {"rk3", 1e-6},
};

static Integrator *create(const Model *m, const Spec *s, const char *friction) {
  const IntegratorVtbl *vt = integrator_find(s->name);
  cr_assert_not_null(vt, "%s", s->name);
  IntegratorOptions opt = {.error_norm = vt->default_error_norm};
  if (vt->fixed_step) opt.dt = s->param; else opt.accuracy = s->param;
  if (friction) {
    opt.nextra = 1;
    opt.extra_key[0] = "friction";
    opt.extra_value[0] = friction;
  }
  char err[512];
  Integrator *it = integrator_create(s->name, m, &opt, CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(it, "%s: %s", s->name, err);
  return it;
}

/* Displacement along x after T under 0.8 m g. */
static double hold_drift(const Model *m, const Spec *s, const char *friction, double T) {
  Integrator *it = create(m, s, friction);
  double x[13];
  system_initial_state(m, x);
  cr_assert_eq(integrator_reset(it, 0, x), CB_OK);
  cr_assert_eq(integrator_advance(it, T, x), CB_OK, "%s: %s", s->name, it->message);
  integrator_destroy(it);
  return x[0];
}

/* First output time (1 ms grid) at which the box moves faster than 100 v_s. */
static double slip_onset(const Model *m, const Spec *s, const char *friction) {
  Integrator *it = create(m, s, friction);
  double x[13];
  system_initial_state(m, x);
  cr_assert_eq(integrator_reset(it, 0, x), CB_OK);
  double onset = NAN;
  for (int k = 1; k <= 700 && isnan(onset); ++k) {
    double t = 1e-3 * k;
    cr_assert_eq(integrator_advance(it, t, x), CB_OK, "%s: %s", s->name, it->message);
    if (fabs(x[7 + 3]) > 100 * VS) onset = t;
  }
  integrator_destroy(it);
  return onset;
}

/* Creep bound: in stiction the regularized friction balances 0.8 mu_s m g at a sliding speed
 * below v_s (the friction laws reach mu_s f_n at |v_t| ~ v_s), so the box moves less than
 * 2 v_s T; the SUNDIALS runs under the positions-only norm moved 1.48 m. */
Test(friction_physics, static_friction_holds_at_0_8_m_g_with_default_options) {
  Model *m = fx_load_file("tests/scenes/friction_hold.json");
  double T = 1.0;
  for (size_t k = 0; k < sizeof specs / sizeof specs[0]; ++k) {
    double dx = hold_drift(m, &specs[k], NULL, T);
    cr_log_info("hold 0.8 m g: %-11s %g: %.3e m in %g s", specs[k].name, specs[k].param, dx, T);
    cr_expect(fabs(dx) < 2 * VS * T, "%s %g: the box crept %g m under 0.8 mu_s m g (bound %g)", specs[k].name,
              specs[k].param, dx, 2 * VS * T);
  }
  model_free(m);
}

/* Onset within 15 ms of 0.4905 s: one 10 ms fixed step of resolution plus the 2 ms the box
 * needs to reach 100 v_s at (mu_s - mu_d) g ~ 4.9 m/s^2 once it slips. At accuracy 1e-2 (1 cm
 * of position error allowed) the controller accepts steps of several 10 ms across the
 * transition and the lagged coefficient lets go one step early: 50 ms there (measured
 * cenic-sd 0.463 s). */
Test(friction_physics, slip_starts_at_mu_s_under_a_ramp_with_default_options) {
  Model *m = fx_load_file("tests/scenes/friction_ramp.json");
  for (size_t k = 0; k < sizeof specs / sizeof specs[0]; ++k) {
    if (!strcmp(specs[k].name, "rk3")) continue; /* explicit: covered by the hold test, slow here */
    double t = slip_onset(m, &specs[k], NULL);
    cr_log_info("ramp 20 t N: %-11s %g: slip at %.3f s (mu_s: %.4f s)", specs[k].name, specs[k].param, t, T_SLIP);
    const IntegratorVtbl *vt = integrator_find(specs[k].name);
    double tol = !vt->fixed_step && specs[k].param >= 1e-2 ? 0.05 : 0.015;
    cr_expect(fabs(t - T_SLIP) < tol, "%s %g: slip onset %g s, expected %g s (+-%g)", specs[k].name, specs[k].param,
              t, T_SLIP, tol);
  }
  model_free(m);
}

/* TAMSI's paper form (friction=paper: one coefficient, mu_dynamic) is kept as an option; it
 * slips early, and the record says why. */
Test(friction_physics, tamsi_paper_friction_is_said_in_the_notes) {
  Model *m = fx_load_file("tests/scenes/friction_ramp.json");
  const Spec s = {"tamsi", 1e-2};
  double t = slip_onset(m, &s, "paper");
  cr_log_info("tamsi friction=paper: slip at %.3f s (mu_d alone: 0.245 s)", t);
  cr_expect(t < 0.3, "friction=paper slipped at %g s: mu_dynamic should let go near 0.25 s", t);
  Integrator *it = create(m, &s, "paper");
  int noted = 0;
  for (int i = 0; i < it->nnotes; ++i) noted |= strstr(it->notes[i], "mu_dynamic") != NULL;
  cr_expect(noted, "friction=paper on mu_s != mu_d left no note");
  integrator_destroy(it);
  Integrator *def = create(m, &s, NULL);
  cr_expect_eq(def->nnotes, 0, "default TAMSI friction noted something: %s", def->nnotes ? def->notes[0] : "");
  integrator_destroy(def);
  char err[512];
  IntegratorOptions bad = {.dt = 1e-2, .nextra = 1};
  bad.extra_key[0] = "friction";
  bad.extra_value[0] = "coulomb";
  cr_expect_null(integrator_create("tamsi", m, &bad, CB_ERR_BUF(err, sizeof err)));
  cr_expect(strstr(err, "friction") && strstr(err, "coulomb"), "message: %s", err);
  model_free(m);
}
