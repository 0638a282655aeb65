/* The holding slope of a box on an incline under the regularized Stribeck law (CENIC eqs. 7-8),
 * docs/physics.md "Holding slope on an incline". A 1 kg box, 10 x 10 cm base, k 1e5 N/m, d 10 s/m,
 * mu_s 0.6, mu_d 0.4, v_s 1e-4, on a rigid plane with gravity tilted to slope tan(theta): a cube
 * (10 cm high) and a flat box (2 cm). At rest its friction ratio is mu(s) s / sqrt(1 + s^2),
 * s = |v_t| / v_s, whose peak, 0.5897 at s = 6.5, is the highest slope a steady creep holds.
 * Released at rest from the level pose (corners equally pressed, no friction yet), the box pivots
 * about its base: the pitch overshoots its static angle and the friction it needs overshoots the
 * static load, past the law's peak for the cube from tan 0.43-0.45, so its corners slip past
 * ~7 v_s, mu falls to mu_d, and above tan = mu_d it never sticks again. The flat box's pivot arm
 * is a fifth of the cube's: it holds to 0.575. Released from its creep equilibrium the cube holds
 * to 0.585 at the law's creep speed, and with mu_d = mu_s from rest to 0.55: the cube's lower
 * holding slope is the release transient with the Stribeck drop, not the law's steady holding
 * nor the box-plane manifold (the four corners slip alike). cenic-sd 1e-6 and bdf 1e-8 agree. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>

#include "integrators/integrator.h"
#include "models/contact/contact_hooks.h"
#include "models/system.h"
#include "sim_fixtures.h"

#define VS 1e-4
#define MU_S 0.6
#define MU_D 0.4
#define G 9.81
#define K 1e5
#define T_END 1.0

typedef struct {
  const char *name;
  double accuracy;
} Spec;

static const Spec specs[] = {{"cenic-sd", 1e-6}, {"bdf", 1e-8}};

/* A box of half height hz on slope tan, base 10 x 10 cm, released at rest with every corner
 * pressed by a quarter of the normal load. */
static Model *incline(double hz, double tan_theta, double mu_d) {
  double th = atan(tan_theta), pen = G * cos(th) / (4 * K);
  char json[2048];
  snprintf(json, sizeof json,
           "{\"name\": \"incline\", \"gravity\": [%.12g, 0, %.12g], \"duration\": %g,"
           " \"stiction_tolerance\": %g,"
           " \"materials\": [{\"name\": \"ground\", \"stiffness\": \"rigid\", \"mu_static\": %g, \"mu_dynamic\": %g},"
           "  {\"name\": \"box\", \"stiffness\": %g, \"dissipation\": 10, \"mu_static\": %g, \"mu_dynamic\": %g}],"
           " \"world_geoms\": [{\"name\": \"incline\", \"type\": \"plane\", \"material\": \"ground\"}],"
           " \"bodies\": [{\"name\": \"box\", \"joint\": \"free\", \"mass\": 1,"
           "  \"geoms\": [{\"type\": \"box\", \"size\": [0.05, 0.05, %g], \"material\": \"box\"}],"
           "  \"q0\": {\"pos\": [0, 0, %.12g]}}]}",
           -G * sin(th), -G * cos(th), T_END, VS, MU_S, mu_d, K, MU_S, mu_d, hz, hz - pen);
  return fx_load_json(json, "incline");
}

/* x <- x(t0 + T) on s from x at t0. */
static void advance(const Model *m, const Spec *s, double T, double *x) {
  char err[512];
  IntegratorOptions opt = {.accuracy = s->accuracy, .error_norm = integrator_find(s->name)->default_error_norm};
  Integrator *it = integrator_create(s->name, m, &opt, CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(it, "%s: %s", s->name, err);
  cr_assert_eq(integrator_reset(it, 0, x), CB_OK);
  cr_assert_eq(integrator_advance(it, T, x), CB_OK, "%s: %s", s->name, it->message);
  integrator_destroy(it);
}

/* The law's creep speed at slope tan: mu(s) s / sqrt(1 + s^2) = tan on s below the peak. */
static double law_creep_speed(double tan_theta, double mu_d) {
  double lo = 0, hi = 6.5;
  for (int i = 0; i < 60; ++i) {
    double s = 0.5 * (lo + hi);
    *(contact_stribeck(MU_S, mu_d, s, NULL) * s / sqrt(1 + s * s) < tan_theta ? &lo : &hi) = s;
  }
  return 0.5 * (lo + hi) * VS;
}

/* Down-slope speed (world x) after T_END released at rest; x returns the final state. */
static double speed_from_rest(const Spec *s, double hz, double tan_theta, double mu_d, double *x) {
  Model *m = incline(hz, tan_theta, mu_d);
  system_initial_state(m, x);
  advance(m, s, T_END, x);
  model_free(m);
  return -x[7 + 3];
}

static void assert_holds(const Spec *s, const char *what, double tan_theta, double mu_d, double v) {
  double vc = law_creep_speed(tan_theta, mu_d);
  cr_expect(fabs(v - vc) < 0.02 * vc, "%s %g: %s on tan %.3f creeps at %.4g m/s, the law's creep %.4g", s->name,
            s->accuracy, what, tan_theta, v, vc);
}

Test(incline_hold, the_law_holds_a_steady_creep_to_its_peak_ratio) {
  /* what the other tests measure against: the peak of mu(s) s / sqrt(1 + s^2) */
  double peak = 0;
  for (double s = 0.01; s < 30; s += 0.01) peak = fmax(peak, contact_stribeck(MU_S, MU_D, s, NULL) * s / sqrt(1 + s * s));
  cr_expect(fabs(peak - 0.5897) < 5e-4, "peak friction ratio %.4f", peak);
  cr_expect(fabs(law_creep_speed(0.5, MU_D) - 1.509e-4) < 1e-7, "creep at tan 0.5: %.4g", law_creep_speed(0.5, MU_D));
}

Test(incline_hold, released_at_rest_the_cube_holds_to_0_42_the_flat_box_to_0_575, .timeout = 240) {
  double x[13];
  for (size_t i = 0; i < sizeof specs / sizeof *specs; ++i) {
    const Spec *s = &specs[i];
    assert_holds(s, "cube from rest", 0.42, MU_D, speed_from_rest(s, 0.05, 0.42, MU_D, x));
    double v = speed_from_rest(s, 0.05, 0.46, MU_D, x);
    cr_expect(v > 0.3, "%s: cube from rest on tan 0.46 must slide (mu_d 0.4 below tan): %.4g m/s", s->name, v);
    assert_holds(s, "flat box from rest", 0.5, MU_D, speed_from_rest(s, 0.01, 0.5, MU_D, x));
    assert_holds(s, "flat box from rest", 0.575, MU_D, speed_from_rest(s, 0.01, 0.575, MU_D, x));
  }
}

Test(incline_hold, the_cube_slides_from_its_release_transient_not_from_the_law, .timeout = 240) {
  double x[13];
  for (size_t i = 0; i < sizeof specs / sizeof *specs; ++i) {
    const Spec *s = &specs[i];
    /* from rest on tan 0.5 it slides at mu_d: a = g (sin - mu_d cos) */
    double v = speed_from_rest(s, 0.05, 0.5, MU_D, x);
    double a = G * (sin(atan(0.5)) - MU_D * cos(atan(0.5)));
    cr_expect(fabs(v - a * T_END) < 0.05 * a * T_END, "%s: cube from rest on tan 0.5 at %.4g m/s, sliding at mu_d %.4g",
              s->name, v, a * T_END);
    /* without the Stribeck drop the same release holds */
    assert_holds(s, "cube from rest, mu_d = mu_s,", 0.55, MU_S, speed_from_rest(s, 0.05, 0.55, MU_S, x));
    /* released from its creep equilibrium (settled with mu_d = mu_s), it holds to the law's peak */
    for (int k = 0; k < 2; ++k) {
      double tan_theta = k ? 0.585 : 0.5;
      speed_from_rest(s, 0.05, tan_theta, MU_S, x);
      Model *m = incline(0.05, tan_theta, MU_D);
      advance(m, s, T_END, x);
      model_free(m);
      assert_holds(s, "cube from its creep equilibrium", tan_theta, MU_D, -x[7 + 3]);
    }
  }
}
