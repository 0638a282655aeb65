/* Restitution of Hunt-Crossley bounces (f_n = k (-phi)_+ (1 - d v_n)_+, no gravity, a sphere
 * meeting a rigid floor at v_in) under the error-controlled CENIC and TAMSI variants at a loose
 * and a tight accuracy, against the model's own e from classical RK4 on the continuous model.
 * Under the positions-only norm implicit Euler's damping, (w h)^2 / 2 per step and all of one
 * sign, adds up over the contact's pi / (w h) steps to a speed loss of about (pi / 2) w h, at
 * the w h = sqrt(acc / A) the position test accepts (A = v_in / w, w = sqrt(k / m)): the
 * estimate sees the position error; the norm does not weigh velocities. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "integrators/integrator.h"
#include "models/system.h"
#include "sim_fixtures.h"

extern const IntegratorVtbl cenic_sd_vtbl, cenic_trap_vtbl, tamsi_sd_vtbl;

typedef struct {
  double m, k, d, v_in, r;
} Bounce;

/* different masses, stiffnesses, dissipations and speeds */
static const Bounce bounces[] = {
    {0.1, 1e4, 0.1, 4.0, 0.05},
    {0.5, 1e5, 0.05, 2.0, 0.05},
    {2.0, 2e4, 0.2, 1.0, 0.1},
};
#define NBOUNCES (sizeof bounces / sizeof *bounces)
#define START_GAP 0.01 /* m: the ball starts this far above the floor */

static Model *bounce_model(const Bounce *b) {
  char json[2048];
  snprintf(json, sizeof json,
           "{\"name\": \"hc_bounce\", \"gravity\": [0, 0, 0], \"duration\": 1, \"max_step\": 0.01,"
           " \"materials\": [{\"name\": \"floor\", \"stiffness\": \"rigid\", \"mu\": 0},"
           " {\"name\": \"ball\", \"stiffness\": %.17g, \"dissipation\": %.17g, \"mu\": 0}],"
           " \"world_geoms\": [{\"name\": \"floor\", \"type\": \"plane\", \"material\": \"floor\"}],"
           " \"bodies\": [{\"name\": \"ball\", \"joint\": \"free\", \"mass\": %.17g,"
           " \"geoms\": [{\"type\": \"sphere\", \"size\": %.17g, \"material\": \"ball\"}],"
           " \"q0\": {\"pos\": [0, 0, %.17g]}, \"v0\": {\"linear\": [0, 0, %.17g], \"frame\": \"world\"}}]}",
           b->k, b->d, b->m, b->r, b->r + START_GAP, -b->v_in);
  return fx_load_json(json, "hc_bounce");
}

/* the run ends well after the contact: the gap's flight, the contact (< pi / w), a flight back */
static double end_time(const Bounce *b) { return 2 * START_GAP / b->v_in + 2 * M_PI / sqrt(b->k / b->m); }

/* x = [pos, quat | omega, v]: the outgoing vertical speed over v_in */
static double rebound(const Model *m, const double *x, const Bounce *b) {
  (void)m;
  return x[12] / b->v_in;
}

static double model_e(const Model *m, const Bounce *b) {
  int nx = system_nx(m);
  double *x = calloc((size_t)nx, sizeof(double));
  system_initial_state(m, x);
  double T = end_time(b);
  fx_rk4(m, T, (int)(T / 1e-6), x); /* w h <= 5e-4 */
  double e = rebound(m, x, b);
  free(x);
  return e;
}

static double scheme_e(const IntegratorVtbl *vt, ErrorNormKind norm, double acc, const Model *m, const Bounce *b) {
  Integrator it;
  fx_integrator_init(&it, vt, m, acc);
  it.opt.error_norm = norm;
  int nx = system_nx(m);
  double *x = calloc((size_t)nx, sizeof(double));
  system_initial_state(m, x);
  int rc = vt->create(&it);
  if (rc == CB_OK) rc = vt->reset(&it, 0.0, x);
  if (rc == CB_OK) rc = vt->advance(&it, end_time(b), x);
  cr_assert_eq(rc, CB_OK, "%s %g: %s", vt->name, acc, it.message);
  if (it.content) vt->destroy(&it);
  double e = rebound(m, x, b);
  free(x);
  return e;
}

/* The model's e itself: Hunt-Crossley's e ~ 1 - 2/3 d v_in for small d v_in (Hunt and Crossley
 * 1975), so the reference is checked against a closed form where it applies. */
Test(hc_restitution, reference_matches_small_dissipation_limit) {
  Bounce b = {1.0, 1e4, 0.005, 1.0, 0.05};
  Model *m = bounce_model(&b);
  double e = model_e(m, &b);
  cr_expect(fabs(e - (1 - 2.0 / 3.0 * b.d * b.v_in)) < 1e-4, "e %.6f against %.6f", e, 1 - 2.0 / 3.0 * b.d * b.v_in);
  model_free(m);
}

/* cenic-trap (second order) and the full norms keep e; no variant makes energy at the bounce */
Test(hc_restitution, full_norm_and_trapezoid_keep_the_models_e) {
  for (size_t i = 0; i < NBOUNCES; ++i) {
    Model *m = bounce_model(&bounces[i]);
    double e = model_e(m, &bounces[i]);
    const double accs[] = {1e-3, 1e-5};
    for (int a = 0; a < 2; ++a) {
      double trap = scheme_e(&cenic_trap_vtbl, ERRNORM_FULL, accs[a], m, &bounces[i]);
      cr_expect(fabs(trap / e - 1) < 0.01, "bounce %zu cenic-trap %g: e %.4f, model %.4f", i, accs[a], trap, e);
    }
    double sd = scheme_e(&cenic_sd_vtbl, ERRNORM_FULL, 1e-5, m, &bounces[i]);
    double tsd = scheme_e(&tamsi_sd_vtbl, ERRNORM_FULL, 1e-5, m, &bounces[i]);
    cr_expect(sd / e > 0.97 && sd / e < 1.005, "bounce %zu cenic-sd full 1e-5: e %.4f, model %.4f", i, sd, e);
    cr_expect(tsd / e > 0.97 && tsd / e < 1.005, "bounce %zu tamsi-sd 1e-5: e %.4f, model %.4f", i, tsd, e);
    model_free(m);
  }
}

/* cenic-sd's default norm loses (pi / 2) sqrt(acc / A) of the speed, within a factor 2 */
Test(hc_restitution, positions_norm_loss_follows_implicit_euler_damping) {
  for (size_t i = 0; i < NBOUNCES; ++i) {
    const Bounce *b = &bounces[i];
    Model *m = bounce_model(b);
    double e = model_e(m, b), acc = 1e-5;
    double A = b->v_in / sqrt(b->k / b->m), predicted = M_PI / 2 * sqrt(acc / A);
    double sd = scheme_e(&cenic_sd_vtbl, ERRNORM_POSITIONS, acc, m, b);
    double loss = 1 - sd / e;
    cr_expect(loss > 0.5 * predicted && loss < 2 * predicted, "bounce %zu cenic-sd q 1e-5: e %.4f, model %.4f: loss %.4f, predicted %.4f",
              i, sd, e, loss, predicted);
    model_free(m);
  }
}
