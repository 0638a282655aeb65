/* The Simbody peer (integrators/simbody/): its mobilized bodies carry the scene's dynamics
 * (free flight against the closed form, a tumbling offset body and a double pendulum against
 * bdf, a prismatic spring against its closed form) and its Force::Custom the scene's contact
 * law (the static penetration m g / k, holding and sliding on an incline at mu_s and mu_d, an
 * elastic bounce that gains no energy, the ball drop against bdf and cenic-sd); what it cannot
 * map is refused with the reason. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "integrators/integrator.h"
#include "models/scene.h"
#include "models/system.h"
#include "tests/sim_fixtures.h"

static const char *const rows[] = {"simbody-rkm", "simbody-see2"};
/* What each row's error control delivers on smooth motion at accuracy 1e-6: Merson's 4th-order
 * steps near the accuracy, semi-explicit Euler's first-order positions a thousand times worse
 * (its estimate is Simbody's own); a wrong coordinate map is off by O(1) in both. */
static const double smooth_tol[] = {1e-5, 5e-3};

static Integrator *make(const char *name, const Model *m, double accuracy) {
  char err[512];
  IntegratorOptions opt = {.accuracy = accuracy, .max_step = m->max_step, .error_norm = ERRNORM_FULL};
  Integrator *it = integrator_create(name, m, &opt, CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(it, "%s: %s", name, err);
  double *x = calloc((size_t)system_nx(m), sizeof(double));
  system_initial_state(m, x);
  cr_assert_eq(integrator_reset(it, 0.0, x), CB_OK, "%s: %s", name, it->message);
  free(x);
  return it;
}

static void advance(Integrator *it, double t, double *x) {
  cr_assert_eq(integrator_advance(it, t, x), CB_OK, "%s at t = %g: %s", it->vtbl->name, t, it->message);
}

/* A ball 1 m up, thrown sideways and spinning about z: until the first contact (0.44 s) its
 * origin follows p0 + v0 t + g t^2 / 2 and its quaternion turns about z at w. A swapped
 * quaternion / position order or a body-frame speed would be off by O(1). */
Test(simbody, free_flight_matches_the_closed_form) {
  Model *m = fx_load_json("{\"name\": \"fly\", \"duration\": 1, \"max_step\": 0.1,"
                          " \"materials\": [{\"name\": \"a\", \"stiffness\": 1e4, \"mu\": 0.5}],"
                          " \"world_geoms\": [{\"type\": \"plane\", \"material\": \"a\"}],"
                          " \"bodies\": [{\"name\": \"ball\", \"joint\": \"free\", \"mass\": 0.1,"
                          "   \"geoms\": [{\"type\": \"sphere\", \"size\": 0.05, \"material\": \"a\"}],"
                          "   \"q0\": {\"pos\": [0.1, 0.2, 1]},"
                          "   \"v0\": {\"linear\": [0.3, -0.2, 0.5], \"angular\": [0, 0, 5], \"frame\": \"world\"}}]}",
                          "fly");
  const double acc = 1e-6, w = 5.0, p0[3] = {0.1, 0.2, 1}, v0[3] = {0.3, -0.2, 0.5}, g = -9.81;
  for (size_t r = 0; r < sizeof rows / sizeof rows[0]; ++r) {
    Integrator *it = make(rows[r], m, acc);
    double x[13], worst = 0;
    for (int k = 1; k <= 4; ++k) {
      double t = 0.1 * k;
      advance(it, t, x);
      double want[7] = {p0[0] + v0[0] * t, p0[1] + v0[1] * t, p0[2] + v0[2] * t + 0.5 * g * t * t,
                        cos(0.5 * w * t), 0, 0, sin(0.5 * w * t)};
      for (int i = 0; i < 7; ++i) worst = fmax(worst, fabs(x[i] - want[i]));
      cr_expect(fabs(x[12] - (v0[2] + g * t)) < smooth_tol[r], "%s: v_z %g at %g", rows[r], x[12], t);
      cr_expect(fabs(x[9] - w) < 1e-12, "%s: w_z %g at %g", rows[r], x[9], t);
    }
    cr_expect(worst < smooth_tol[r], "%s: free flight off the closed form by %g at accuracy %g", rows[r], worst, acc);
    cr_expect_gt(it->stats.steps, 0);
    cr_expect_eq(it->stats.geometry_queries, it->stats.rhs_evals, "one geometry query per force evaluation");
    integrator_destroy(it);
  }
  model_free(m);
}

static double q_distance(const Model *m, const double *a, const double *b) {
  double e = 0;
  for (int i = 0; i < m->nq; ++i) e = fmax(e, fabs(a[i] - b[i]));
  return e;
}

/* Mass properties and joint frames: a box offset from its body origin (COM off the origin, so
 * the inertia is shifted) tumbling about all three axes, and the double pendulum on revolute
 * joints about y, against bdf at 1e-10. */
Test(simbody, tumbling_offset_body_and_double_pendulum_agree_with_bdf) {
  Model *tumble = fx_load_json("{\"name\": \"tumble\", \"duration\": 1, \"max_step\": 0.1, \"gravity\": [0, 0, -9.81],"
                               " \"materials\": [{\"name\": \"a\", \"stiffness\": 1e4, \"mu\": 0.5}],"
                               " \"bodies\": [{\"name\": \"box\", \"joint\": \"free\", \"mass\": 2,"
                               "   \"geoms\": [{\"type\": \"box\", \"size\": [0.2, 0.1, 0.05], \"pos\": [0.1, 0.05, 0],"
                               "                \"rpy_deg\": [10, 20, 30], \"material\": \"a\"}],"
                               "   \"q0\": {\"pos\": [0, 0, 1], \"rpy_deg\": [5, -15, 40]},"
                               "   \"v0\": {\"linear\": [0.1, 0, 0.2], \"angular\": [3, -2, 4], \"frame\": \"world\"}}]}",
                               "tumble");
  Model *pend = fx_load_file("cases/double_pendulum.json");
  Model *models[2] = {tumble, pend};
  for (int k = 0; k < 2; ++k) {
    const Model *m = models[k];
    int nx = system_nx(m);
    double *ref = calloc((size_t)nx, sizeof(double)), *x = calloc((size_t)nx, sizeof(double));
    Integrator *b = make("bdf", m, 1e-10);
    advance(b, 0.5, ref);
    integrator_destroy(b);
    Integrator *it = make("simbody-rkm", m, 1e-9);
    advance(it, 0.5, x);
    double e = q_distance(m, x, ref);
    cr_expect(e < 1e-5, "%s: simbody-rkm differs from bdf by %g in q", m->name, e);
    integrator_destroy(it);
    free(ref);
    free(x);
  }
  model_free(tumble);
  model_free(pend);
}

/* A prismatic joint along a tilted axis with a joint spring: x(t) = x_eq + (x0 - x_eq) cos(w t),
 * w = sqrt(k / m), x_eq = m (g . a) / k (the spring comes through the Force::Custom). */
Test(simbody, prismatic_spring_matches_the_closed_form) {
  Model *m = fx_load_json("{\"name\": \"slider\", \"duration\": 1, \"max_step\": 0.05,"
                          " \"bodies\": [{\"name\": \"s\", \"mass\": 2, \"inertia\": [0.01, 0.01, 0.01],"
                          "   \"joint\": {\"type\": \"prismatic\", \"axis\": [1, 0, 1], \"stiffness\": 50, \"ref\": 0},"
                          "   \"q0\": 0.1}]}",
                          "slider");
  const double k = 50, mass = 2, w = sqrt(k / mass), x_eq = mass * (-9.81 / sqrt(2.0)) / k;
  Integrator *it = make("simbody-rkm", m, 1e-8);
  double x[2], worst = 0;
  for (int i = 1; i <= 10; ++i) {
    double t = 0.1 * i;
    advance(it, t, x);
    worst = fmax(worst, fabs(x[0] - (x_eq + (0.1 - x_eq) * cos(w * t))));
  }
  cr_expect(worst < 1e-6, "slider off the closed form by %g", worst);
  integrator_destroy(it);
  model_free(m);
}

/* A ball put at its static penetration m g / k stays there: the normal law is the scene's
 * linear spring (Simbody's Hertzian HuntCrossleyForce would settle at (m g / k)^(2/3)). */
Test(simbody, ball_at_rest_stays_at_the_static_penetration) {
  char json[1024];
  const double r = 0.05, mass = 0.1, k = 1e4, pen = mass * 9.81 / k;
  snprintf(json, sizeof json,
           "{\"name\": \"rest\", \"duration\": 1, \"max_step\": 0.1, \"stiction_tolerance\": 1e-4,"
           " \"materials\": [{\"name\": \"ground\", \"stiffness\": \"rigid\", \"mu\": 0.5},"
           "                 {\"name\": \"ball\", \"stiffness\": %g, \"dissipation\": 0.1, \"mu\": 0.5}],"
           " \"world_geoms\": [{\"type\": \"plane\", \"material\": \"ground\"}],"
           " \"bodies\": [{\"name\": \"ball\", \"joint\": \"free\", \"mass\": %g,"
           "   \"geoms\": [{\"type\": \"sphere\", \"size\": %g, \"material\": \"ball\"}],"
           "   \"q0\": {\"pos\": [0, 0, %.17g]}}]}",
           k, mass, r, r - pen);
  Model *m = fx_load_json(json, "rest");
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; ++i) {
    Integrator *it = make(rows[i], m, 1e-6);
    double x[13];
    advance(it, 1.0, x);
    cr_expect(fabs(x[2] - (r - pen)) < 1e-2 * pen, "%s: z %.9g, want %.9g", rows[i], x[2], r - pen);
    /* the contact is barely damped (zeta 0.002): what the error control lets in stays, so the
     * bound is an oscillation of 1% of the penetration at omega = sqrt(k / m) */
    double speed = 0;
    for (int j = 7; j < 13; ++j) speed = fmax(speed, fabs(x[j]));
    cr_expect(speed < 1e-2 * pen * sqrt(k / mass), "%s: the ball at rest moves at %g", rows[i], speed);
    integrator_destroy(it);
  }
  model_free(m);
}

/* A flat box (a cube's tipping moment shifts its corner loads) on a plane under gravity tilted
 * by atan(slope): mu_s 0.6, mu_d 0.4. At slope 0.55 static friction holds it (a law with mu_d
 * alone would slide it 6 cm in 0.3 s); at 0.7 it slides with a = g (sin - mu_d cos), a little
 * less for the first 10 v_s, where mu is still near mu_s. */
static double incline_slide(const char *row, double slope) {
  char json[1200];
  double th = atan(slope), g = 9.81;
  snprintf(json, sizeof json,
           "{\"name\": \"incline\", \"duration\": 1, \"max_step\": 0.01, \"stiction_tolerance\": 1e-3,"
           " \"gravity\": [%.17g, 0, %.17g],"
           " \"materials\": [{\"name\": \"ground\", \"stiffness\": \"rigid\", \"mu_static\": 0.6, \"mu_dynamic\": 0.4},"
           "                 {\"name\": \"box\", \"stiffness\": 1e4, \"dissipation\": 10, \"mu_static\": 0.6,"
           "                  \"mu_dynamic\": 0.4}],"
           " \"world_geoms\": [{\"type\": \"plane\", \"material\": \"ground\"}],"
           " \"bodies\": [{\"name\": \"box\", \"joint\": \"free\", \"mass\": 1,"
           "   \"geoms\": [{\"type\": \"box\", \"size\": [0.05, 0.05, 0.01], \"material\": \"box\"}],"
           "   \"q0\": {\"pos\": [0, 0, %.17g]}}]}",
           g * sin(th), -g * cos(th), 0.01 - g * cos(th) / 4e4); /* four corners at k 1e4 */
  Model *m = fx_load_json(json, "incline");
  Integrator *it = make(row, m, 1e-5);
  double x[13];
  advance(it, 0.3, x);
  integrator_destroy(it);
  model_free(m);
  return x[0];
}

Test(simbody, incline_holds_below_mu_s_and_slides_above) {
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; ++i) {
    double hold = incline_slide(rows[i], 0.55);
    cr_expect(fabs(hold) < 2e-3, "%s: slope 0.55 < mu_s 0.6 slid %g m in 0.3 s", rows[i], hold);
    double th = atan(0.7), a = 9.81 * (sin(th) - 0.4 * cos(th)), want = 0.5 * a * 0.3 * 0.3;
    double slide = incline_slide(rows[i], 0.7);
    cr_expect(slide < want && slide > 0.94 * want, "%s: slope 0.7 slid %g m, Coulomb at mu_d %g", rows[i], slide, want);
  }
}

/* An elastic ball (d = 0) bouncing: the mechanical energy at every output point out of contact
 * never exceeds the initial one by more than 0.1%; with the scene's d it falls. Semi-explicit
 * Euler needs 1e-7 for that: at 1e-4 ... 1e-6 its bounce gains 2-9% (the run's energy guard
 * flags it; docs/integrators.md), Merson's gains 2e-3 at 1e-4 and 8e-5 at 1e-6. */
static const double bounce_accuracy[] = {1e-6, 1e-7};

static double bounce_energy_rise(const char *row, double accuracy, double dissipation, double *final_drop) {
  char json[1024];
  snprintf(json, sizeof json,
           "{\"name\": \"bounce\", \"duration\": 2, \"max_step\": 0.1, \"stiction_tolerance\": 1e-4,"
           " \"materials\": [{\"name\": \"ground\", \"stiffness\": \"rigid\", \"mu\": 0.5},"
           "                 {\"name\": \"ball\", \"stiffness\": 1e4, \"dissipation\": %g, \"mu\": 0.5}],"
           " \"world_geoms\": [{\"type\": \"plane\", \"material\": \"ground\"}],"
           " \"bodies\": [{\"name\": \"ball\", \"joint\": \"free\", \"mass\": 0.1,"
           "   \"geoms\": [{\"type\": \"sphere\", \"size\": 0.05, \"material\": \"ball\"}],"
           "   \"q0\": {\"pos\": [0, 0, 0.5]}}]}",
           dissipation); /* impacts at 0.29 s and, elastic, 0.88 s */
  Model *m = fx_load_json(json, "bounce");
  Data *d = data_create(m);
  Integrator *it = make(row, m, accuracy);
  double x[13];
  system_initial_state(m, x);
  double e0 = system_energy(m, d, x), rise = -INFINITY, e = e0;
  for (int k = 1; k <= 1000; ++k) {
    advance(it, 1e-3 * k, x);
    if (x[2] < 0.05) continue; /* in contact: the spring holds energy */
    e = system_energy(m, d, x);
    rise = fmax(rise, (e - e0) / e0);
  }
  *final_drop = (e0 - e) / e0;
  integrator_destroy(it);
  data_free(d);
  model_free(m);
  return rise;
}

Test(simbody, bounce_gains_no_energy) {
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; ++i) {
    double lost, lost_d, acc = bounce_accuracy[i];
    double rise = bounce_energy_rise(rows[i], acc, 0.0, &lost);
    cr_expect(rise < 1e-3, "%s: elastic bounce gained %g of its energy at %g", rows[i], rise, acc);
    cr_expect(fabs(lost) < 1e-2, "%s: elastic bounce lost %g of its energy at %g", rows[i], lost, acc);
    bounce_energy_rise(rows[i], acc, 0.1, &lost_d);
    cr_expect(lost_d > 0.05, "%s: d = 0.1 s/m dissipated only %g", rows[i], lost_d);
  }
}

/* The same force law: the ball drop (impact at 0.44 s, rebounds, rest) on a 10 ms grid to 1.5 s
 * agrees with bdf at 1e-10 and with cenic-sd at 1e-7. */
static void drop_grid(const char *name, double accuracy, double *z) {
  Model *m = fx_load_file("cases/ball_drop.json");
  Integrator *it = make(name, m, accuracy);
  double x[13];
  for (int k = 0; k < 150; ++k) {
    advance(it, 0.01 * (k + 1), x);
    z[k] = x[2];
  }
  integrator_destroy(it);
  model_free(m);
}

Test(simbody, ball_drop_agrees_with_bdf_and_cenic) {
  static double ref[150], cenic[150], sb[150];
  drop_grid("bdf", 1e-10, ref);
  drop_grid("cenic-sd", 1e-7, cenic);
  drop_grid("simbody-rkm", 1e-8, sb);
  double e_bdf = 0, e_cenic = 0, e_ref = 0;
  for (int k = 0; k < 150; ++k) {
    e_bdf = fmax(e_bdf, fabs(sb[k] - ref[k]));
    e_cenic = fmax(e_cenic, fabs(sb[k] - cenic[k]));
    e_ref = fmax(e_ref, fabs(cenic[k] - ref[k]));
  }
  cr_expect(e_bdf < 1e-5, "simbody-rkm vs bdf: %g", e_bdf);
  cr_expect(e_cenic < 2 * e_ref + 1e-5, "simbody-rkm vs cenic-sd: %g (cenic-sd vs bdf %g)", e_cenic, e_ref);
}

/* A PID controller's integral state has no Simbody counterpart: creation fails naming it. */
Test(simbody, refuses_controller_states_with_the_reason) {
  Model *m = fx_load_json("{\"name\": \"pid\", \"duration\": 1, \"max_step\": 0.1,"
                          " \"bodies\": [{\"name\": \"arm\", \"mass\": 1, \"inertia\": [0.1, 0.1, 0.1],"
                          "   \"joint\": {\"type\": \"revolute\", \"axis\": [0, 1, 0]}}],"
                          " \"controllers\": [{\"name\": \"c\", \"type\": \"pid\", \"joints\": [\"arm\"],"
                          "   \"kp\": 10, \"kd\": 1, \"ki\": 1}]}",
                          "pid");
  char err[512] = "";
  IntegratorOptions opt = {.accuracy = 1e-3};
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; ++i) {
    CbError *e = CB_ERR_BUF(err, sizeof err);
    Integrator *it = integrator_create_vtbl(integrator_find(rows[i]), m, &opt, e);
    int code = e->status;
    cr_expect_null(it, "%s took a PID controller", rows[i]);
    cr_expect_eq(code, CB_ERR_UNSUPPORTED, "%s: code %d", rows[i], code);
    cr_expect(strstr(err, "controller states") != NULL, "%s: %s", rows[i], err);
    if (it) integrator_destroy(it);
  }
  model_free(m);
}
