/* The rigid time-stepping integrators lcp, ccp, ncp and raisim (integrators/rigid/rigid_stepping.c)
 * against closed forms: a slide decelerates at mu g and stops after v0^2 / (2 mu g); the LCP's
 * 4-facet pyramid bends a slide that is not along a facet (contact-models paper Fig. 9); a body at
 * rest stays there; a dropped ball stops at the impact and converges at first order in dt. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "integrators/integrator.h"
#include "models/system.h"
#include "sim_fixtures.h"

#define G 9.81
#define MU 0.4

/* A sphere (r 5 cm, 1 kg) whose rotational inertia is so large that it slides without rolling:
 * one contact, so the slide is the single-contact closed form. */
static const char *puck_json =
    "{\"name\": \"puck\", \"duration\": 1,"
    " \"materials\": [{\"name\": \"ground\", \"stiffness\": \"rigid\", \"mu\": 0.4},"
    "  {\"name\": \"puck\", \"stiffness\": 1e5, \"dissipation\": 10, \"mu\": 0.4}],"
    " \"world_geoms\": [{\"name\": \"floor\", \"type\": \"plane\", \"material\": \"ground\"}],"
    " \"bodies\": [{\"name\": \"puck\", \"joint\": \"free\", \"mass\": 1, \"inertia\": [1e6, 1e6, 1e6],"
    "  \"geoms\": [{\"type\": \"sphere\", \"size\": 0.05, \"material\": \"puck\"}],"
    "  \"q0\": {\"pos\": [0, 0, 0.05]}}]}";

static Integrator *make(const char *name, const Model *m, double dt, const char *k1, const char *v1) {
  IntegratorOptions o = {.dt = dt, .error_norm = ERRNORM_FULL};
  if (k1) {
    o.nextra = 1;
    o.extra_key[0] = k1;
    o.extra_value[0] = v1;
  }
  char err[512];
  Integrator *it = integrator_create(name, m, &o, CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(it, "%s: %s", name, err);
  return it;
}

/* x <- the state at T from x0 (the model's initial state with v0 along (cos a, sin a) when
 * speed > 0); 0 or the run's code. */
static int slide(Integrator *it, double speed, double angle, double T, double *x) {
  const Model *m = it->model;
  system_initial_state(m, x);
  x[m->nq + 3] = speed * cos(angle); /* free joint: angular, then linear velocity (world frame) */
  x[m->nq + 4] = speed * sin(angle);
  cr_assert_eq(integrator_reset(it, 0.0, x), CB_OK);
  return integrator_advance(it, T, x);
}

static void expect_slide(const char *name, const char *solver, const Model *m) {
  double x[32];
  const double stop = 1.0 / (2 * MU * G), t1 = 0.1, x1 = t1 - 0.5 * MU * G * t1 * t1;
  Integrator *it = make(name, m, 1e-3, solver ? "solver" : NULL, solver);
  cr_assert_eq(slide(it, 1.0, 0.0, t1, x), CB_OK, "%s %s: %s", name, solver ? solver : "", it->message);
  double v1 = x[m->nq + 3];
  cr_expect(fabs(v1 - (1 - MU * G * t1)) < 0.01 * (1 - MU * G * t1), "%s %s: v(0.1) = %.6f, analytic %.6f", name,
            solver ? solver : "", v1, 1 - MU * G * t1);
  cr_expect(fabs(x[0] - x1) < 0.01 * x1, "%s: x(0.1) = %.6f, analytic %.6f", name, x[0], x1);
  cr_assert_eq(integrator_advance(it, 0.5, x), CB_OK, "%s: %s", name, it->message);
  cr_expect(fabs(x[0] - stop) < 0.02 * stop, "%s %s: stops at %.6f m, analytic %.6f", name, solver ? solver : "",
            x[0], stop);
  cr_expect(fabs(x[m->nq + 3]) < 1e-6 && fabs(x[1]) < 1e-6, "%s: at rest on its line: v %.3g, y %.3g", name, x[m->nq + 3],
            x[1]);
  integrator_destroy(it);
}

Test(rigid_integrators, slide_decelerates_at_mu_g_and_stops_at_v0_squared_over_2_mu_g) {
  Model *box = fx_load_file("cases/sliding_cube.json"), *puck = fx_load_json(puck_json, "puck");
  expect_slide("ncp", "nsgs", box);
  expect_slide("ncp", "ac", box);
  expect_slide("ncp", "nsgs", puck);
  expect_slide("raisim", NULL, puck);
  expect_slide("lcp", "lemke", puck); /* along a facet of the pyramid: no deviation */
  model_free(box);
  model_free(puck);
}

/* Fig. 9: on the 4-facet pyramid |lambda_T|_inf <= mu lambda_N each tangential component
 * decelerates at mu g on its own, so a slide at 30 degrees to a facet ends at
 * (cos^2 30, sin^2 30) / (2 mu g): 0.0202 m off the initial line. The NCP's circular cone keeps
 * the line. */
Test(rigid_integrators, lcp_pyramid_bends_a_slide_at_30_degrees_to_a_facet) {
  Model *m = fx_load_json(puck_json, "puck");
  const double a = M_PI / 6, s = 1.0 / (2 * MU * G);
  const double xe = cos(a) * cos(a) * s, ye = sin(a) * sin(a) * s, dev_e = fabs(-sin(a) * xe + cos(a) * ye);
  double x[32], dev[2];
  const char *names[2] = {"lcp", "ncp"};
  for (int k = 0; k < 2; ++k) {
    Integrator *it = make(names[k], m, 1e-3, NULL, NULL);
    cr_assert_eq(slide(it, 1.0, a, 0.5, x), CB_OK, "%s: %s", names[k], it->message);
    dev[k] = fabs(-sin(a) * x[0] + cos(a) * x[1]);
    integrator_destroy(it);
  }
  cr_expect(dev[0] > 0.9 * dev_e && dev[0] < 1.1 * dev_e, "lcp: path deviation %.6f m, pyramid closed form %.6f m",
            dev[0], dev_e);
  cr_expect(dev[1] < 1e-6, "ncp: path deviation %.3g m (circular cone: none)", dev[1]);
  model_free(m);
}

/* At a solver tolerance of 1e-10 N a force error over 1 s moves a 1 kg body by 1e-10 m at most:
 * any drift above 1e-6 is the scheme's, not the solver's. */
Test(rigid_integrators, body_at_rest_stays_at_rest) {
  Model *box = fx_load_file("cases/sliding_cube.json"), *puck = fx_load_json(puck_json, "puck");
  struct { const char *name; const Model *m; } runs[] = {{"ncp", box}, {"ccp", box}, {"lcp", puck}, {"raisim", puck},
                                                        {"ncp", puck}, {"ccp", puck}};
  for (size_t r = 0; r < sizeof runs / sizeof runs[0]; ++r) {
    double x0[32], x[32];
    Integrator *it = make(runs[r].name, runs[r].m, 1e-3, "tolerance", "1e-10");
    cr_assert_eq(slide(it, 0.0, 0.0, 1.0, x), CB_OK, "%s: %s", runs[r].name, it->message);
    system_initial_state(runs[r].m, x0);
    x0[runs[r].m->nq + 3] = 0.0; /* the sliding cube's scene speed, set to 0 by slide() */
    double drift = 0;
    for (int i = 0; i < system_nx(runs[r].m); ++i) drift = fmax(drift, fabs(x[i] - x0[i]));
    cr_expect(drift < 1e-6, "%s (%d contacts): drift %.3g after 1 s", runs[r].name, r < 2 ? 4 : 1, drift);
    integrator_destroy(it);
  }
  model_free(box);
  model_free(puck);
}

/* Ball drop (r 5 cm from 1 m): semi-implicit Euler's flight error is g h t / 2, the impact stops
 * the ball at z = r (no bounce, no penetration). The L1 error of z over [0, 0.8] s, sampled on
 * the 8 ms grid every dt shares, converges at first order. */
Test(rigid_integrators, ball_drop_stops_without_bounce_and_converges_at_first_order) {
  Model *m = fx_load_file("cases/ball_drop.json");
  const double dts[3] = {4e-3, 2e-3, 1e-3}, r = 0.05, t_hit = sqrt(2 * (1 - r) / G);
  const char *names[2] = {"ncp", "lcp"};
  for (int k = 0; k < 2; ++k) {
    double err[3];
    for (int j = 0; j < 3; ++j) {
      double x[32];
      Integrator *it = make(names[k], m, dts[j], NULL, NULL);
      system_initial_state(m, x);
      cr_assert_eq(integrator_reset(it, 0.0, x), CB_OK);
      err[j] = 0;
      for (int n = 1; n <= 100; ++n) {
        double t = 8e-3 * n;
        cr_assert_eq(integrator_advance(it, t, x), CB_OK, "%s: %s", names[k], it->message);
        double z = x[2], ze = t < t_hit ? 1 - 0.5 * G * t * t : r;
        err[j] += 8e-3 * fabs(z - ze);
        cr_expect(z > r - 1e-9, "%s dt %g: z %.9f below the floor at t %g", names[k], dts[j], z, t);
        if (t > t_hit + 2 * dts[j])
          cr_expect(fabs(z - r) < 1e-9 && fabs(x[m->nq + 5]) < 1e-9, "%s dt %g: bounce at t %g: z %.9f, vz %.3g",
                    names[k], dts[j], t, z, x[m->nq + 5]);
      }
      integrator_destroy(it);
    }
    for (int j = 0; j < 2; ++j) {
      double order = log2(err[j] / err[j + 1]);
      cr_expect(order > 0.9 && order < 1.1, "%s: order %.3f between dt %g and %g (L1 errors %.4g, %.4g)", names[k],
                order, dts[j], dts[j + 1], err[j], err[j + 1]);
    }
  }
  model_free(m);
}

Test(rigid_integrators, unknown_solver_is_refused_by_name) {
  Model *m = fx_load_json(puck_json, "puck");
  IntegratorOptions o = {.dt = 1e-3, .nextra = 1, .extra_key = {"solver"}, .extra_value = {"nsgs"}};
  char err[512];
  Integrator *it = integrator_create("ccp", m, &o, CB_ERR_BUF(err, sizeof err));
  cr_expect_null(it);
  cr_expect(strstr(err, "'nsgs'") && strstr(err, "pgs or admm"), "%s", err);
  model_free(m);
}

/* A solver that reaches max_iterations keeps its last iterate by default (the paper's early
 * stop) and the statistics count it; with on_limit=fail it fails the run with its name and stop
 * reason. The notes say what the rigid model ignores and which mu it uses. */
Test(rigid_integrators, iteration_limit_is_counted_or_fails_and_notes_say_what_is_ignored) {
  Model *m = fx_load_file("cases/sliding_cube.json");
  double x[32];
  Integrator *it = make("ncp", m, 1e-3, "max_iterations", "1");
  cr_expect_eq(slide(it, 1.0, 0.0, 0.1, x), CB_OK, "%s", it->message);
  const ContactSolverStats *st = &it->stats.solver;
  cr_expect_str_eq(st->name, "NCP/NSGS");
  cr_expect(st->solves == 100 && st->stop_limit == 100 && st->iterations == 100 && st->iterations_max == 1,
            "solves %ld, at the limit %ld, iterations %ld (max %ld)", st->solves, st->stop_limit, st->iterations,
            st->iterations_max);
  integrator_destroy(it);
  IntegratorOptions o = {.dt = 1e-3, .error_norm = ERRNORM_FULL, .nextra = 2, .extra_key = {"max_iterations", "on_limit"},
                         .extra_value = {"1", "fail"}};
  char err[512];
  it = integrator_create("ncp", m, &o, CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(it, "%s", err);
  int rc = slide(it, 1.0, 0.0, 0.1, x);
  cr_expect_eq(rc, CB_ERR_SOLVER, "code %d: %s", rc, it->message);
  cr_expect(strstr(it->message, "NCP/NSGS solver stopped on iteration_limit"), "%s", it->message);
  cr_expect_eq(it->stats.newton_iters, 1);
  int ignored = 0, mu = 0;
  for (int i = 0; i < it->nnotes; ++i) {
    ignored |= strstr(it->notes[i], "stiffness and dissipation are ignored") != NULL;
    mu |= strstr(it->notes[i], "mu_dynamic") != NULL;
  }
  cr_expect(ignored && mu, "notes: %d, first: %s", it->nnotes, it->nnotes ? it->notes[0] : "");
  integrator_destroy(it);
  model_free(m);
}

/* The box on its four corners makes W singular. Lemke retries on the regularized problem and
 * follows ncp: the slide is along a facet of the pyramid, where the LCP's friction is the
 * cone's, so the two models agree up to the regularization (1e-5 of the impulses' effect). */
Test(rigid_integrators, lemke_on_four_corners_follows_ncp_through_the_slide) {
  Model *m = fx_load_file("cases/sliding_cube.json");
  double xl[32], xn[32];
  Integrator *lcp = make("lcp", m, 1e-3, NULL, NULL), *ncp = make("ncp", m, 1e-3, "tolerance", "1e-10");
  cr_assert_eq(slide(lcp, 1.0, 0.0, 0.0, xl), CB_OK);
  cr_assert_eq(slide(ncp, 1.0, 0.0, 0.0, xn), CB_OK);
  double worst = 0;
  for (int k = 1; k <= 25; ++k) { /* to 0.25 s: the cube stops at 0.2548 s */
    cr_assert_eq(integrator_advance(lcp, 0.01 * k, xl), CB_OK, "lcp: %s", lcp->message);
    cr_assert_eq(integrator_advance(ncp, 0.01 * k, xn), CB_OK, "ncp: %s", ncp->message);
    for (int i = 0; i < system_nx(m); ++i) worst = fmax(worst, fabs(xl[i] - xn[i]));
  }
  cr_expect(worst < 2e-6, "lcp - ncp: %.3g", worst);
  cr_expect_gt(lcp->stats.solver.regularized, 0);
  cr_expect_eq(lcp->stats.solver.stop_failed, 0);
  integrator_destroy(lcp);
  integrator_destroy(ncp);
  model_free(m);
}

/* RaiSim on the box's four corners reaches its fixed point within tens of sweeps, with an eq. 15
 * residual that is its model's (it relaxes maximum dissipation): it stops there on a stall. */
Test(rigid_integrators, raisim_stops_on_a_stall_at_its_fixed_point) {
  Model *m = fx_load_file("cases/sliding_cube.json");
  double x[32];
  Integrator *it = make("raisim", m, 1e-3, NULL, NULL);
  cr_assert_eq(slide(it, 1.0, 0.0, 0.1, x), CB_OK, "%s", it->message);
  const ContactSolverStats *st = &it->stats.solver;
  cr_expect(st->stop_stall > 0 && st->stop_limit == 0 && st->iterations_max < 100,
            "stalls %ld, at the limit %ld, most sweeps %ld", st->stop_stall, st->stop_limit, st->iterations_max);
  cr_expect(st->residual_max > 1e-3, "eq. 15 residual %.3g: no longer the model's?", st->residual_max);
  integrator_destroy(it);
  model_free(m);
}

/* CCP's relaxation (contact-models paper eq. 19) lets a sliding contact push at the distance
 * dt mu |c_T| (sec. III-B, after Anitescu). The first step kicks the puck, sliding at 2 m/s on
 * the floor, up at mu |v| (the paper's Fig. 10 bounce); it lands after 0.17 s. From then on,
 * with every pair within the speculative distance in the problem (contact_set=distance, the
 * ccp default), it hovers at exactly mu |v| dt: the hover height falls at order 1 in dt and no
 * step rises above it. With only the gaps that close along their normal (contact_set=closing)
 * the hovering contact leaves the problem, the puck falls back onto the floor, is kicked up at
 * mu |v| again and keeps flying, far above mu |v| dt. */
static void hover(const Model *m, double dt, const char *set, double *h, double *ratio, double *rmax) {
  double x[32];
  Integrator *it = make("ccp", m, dt, "contact_set", set);
  system_initial_state(m, x);
  x[m->nq + 3] = 2.0; /* slides until about 0.17 + 2 / (mu g) = 0.68 s */
  cr_assert_eq(integrator_reset(it, 0.0, x), CB_OK);
  *rmax = 0;
  for (int n = 1; n <= 100; ++n) {
    cr_assert_eq(integrator_advance(it, 0.3 + 2e-3 * n, x), CB_OK, "ccp %s dt %g: %s", set, dt, it->message);
    *rmax = fmax(*rmax, (x[2] - 0.05) / (MU * fabs(x[m->nq + 3]) * dt));
  }
  *h = x[2] - 0.05;
  *ratio = *h / (MU * fabs(x[m->nq + 3]) * dt);
  integrator_destroy(it);
}

Test(rigid_integrators, ccp_slide_hovers_at_mu_v_dt_with_the_distance_contact_set) {
  Model *puck = fx_load_json(puck_json, "puck");
  const double dts[4] = {4e-3, 2e-3, 1e-3, 5e-4};
  double h[4], ratio, rmax;
  for (int j = 0; j < 4; ++j) {
    hover(puck, dts[j], "distance", &h[j], &ratio, &rmax);
    cr_expect(ratio > 0.95 && ratio < 1.05, "dt %g: hover %.4g m at 0.5 s is %.3f mu |v| dt", dts[j], h[j], ratio);
    cr_expect(rmax < 1.05, "dt %g: rises to %.3f mu |v| dt over [0.3, 0.5] s", dts[j], rmax);
  }
  for (int j = 0; j < 3; ++j) {
    double slope = log2(h[j] / h[j + 1]);
    cr_expect(slope > 0.9 && slope < 1.1, "hover height's order in dt %.3f between dt %g and %g", slope, dts[j],
              dts[j + 1]);
  }
  hover(puck, 1e-3, "closing", &h[0], &ratio, &rmax);
  cr_expect(rmax > 5, "contact_set=closing: rises to %.3f mu |v| dt only", rmax);
  model_free(puck);
}
