/* The rest guard (harness/run/rest_guard.h): a body that rests under static
 * friction with reserve and then moves without a change of force is flagged; a legitimate
 * start of sliding (load above mu_s n, or a load that grows to it) and a legitimate tipping are
 * not. Synthetic trajectories of a box on an incline, then real runs: bdf at 1e-3 lets a box
 * launched up a 14 degree incline (mu 0.35) slide 3.3 m back down after it stopped, and tips a
 * tall box that must stand on 16 degrees (mu 0.6, half width / half height 0.35 > tan 16 =
 * 0.287); bdf at 1e-6 holds both. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/run/physics_guards.h"
#include "harness/run/run_record.h"
#include "models/system.h"
#include "tests/sim_fixtures.h"

#define G 9.81

/* A 1 kg box (half sizes hx x 0.05 x hz) on a plane tilted by theta_deg (gravity tilted, downhill
 * -x), mu, k 1e5 N/m, d 10 s/m; optionally pushed uphill by F(t) = ramp t N; launched at v0
 * (m/s, along x). */
static char *incline_json(double theta_deg, double mu, double hx, double hz, double v0, double ramp) {
  static char json[2048];
  double th = theta_deg * M_PI / 180;
  char force[256] = "";
  if (ramp > 0)
    snprintf(force, sizeof force,
             ", \"forces\": [{\"body\": \"box\", \"point\": [0, 0, 0], \"dir\": [1, 0, 0], \"ramp_rate\": %.17g, "
             "\"ramp_end\": 100}]",
             ramp);
  snprintf(json, sizeof json,
           "{\"name\": \"incline\", \"duration\": 3, \"stiction_tolerance\": 1e-4, \"gravity\": [%.17g, 0, %.17g],"
           " \"materials\": [{\"name\": \"ground\", \"stiffness\": \"rigid\", \"mu\": %g},"
           " {\"name\": \"box\", \"stiffness\": 1e5, \"dissipation\": 10, \"mu\": %g}],"
           " \"world_geoms\": [{\"name\": \"floor\", \"type\": \"plane\", \"material\": \"ground\"}],"
           " \"bodies\": [{\"name\": \"box\", \"joint\": \"free\", \"mass\": 1,"
           " \"geoms\": [{\"type\": \"box\", \"size\": [%g, 0.05, %g], \"material\": \"box\"}],"
           " \"q0\": {\"pos\": [0, 0, %.17g]}, \"v0\": {\"linear\": [%g, 0, 0], \"frame\": \"world\"}}]%s}",
           -G * sin(th), -G * cos(th), mu, mu, hx, hz, hz - G * cos(th) / 4e5, v0, force);
  return json;
}

/* The rest trips of a sampled trajectory, and the guard, data and model freed. */
static int trips_then_free(PhysicsGuards *g, Data *d, Model *m) {
  int trips = g->rest.trips;
  physics_guards_free(g);
  data_free(d);
  model_free(m);
  return trips;
}

/* Samples the box (half height hz) on the 10 ms grid for 1 s: resting at its static depth
 * until t_move, then sliding downhill at v_slide; returns the number of rest trips. */
static int synthetic(const char *json, double hz, double t_move, double v_slide) {
  Model *m = fx_load_json(json, "incline.json");
  Data *d = data_create(m);
  PhysicsGuards g;
  physics_guards_init(&g, m);
  cr_assert(g.rest.applies);
  double x[13] = {0}, gn = -m->gravity[2]; /* g cos(theta) */
  x[3] = 1;
  x[2] = hz - gn / 4e5;
  for (int k = 0; k <= 100; ++k) {
    double t = 0.01 * k, v = t < t_move - 1e-9 ? 0 : -v_slide;
    x[0] += 0.01 * v;
    x[7 + 3] = v; /* free joint: [w; v] */
    physics_guards_sample(&g, m, d, t, x);
  }
  return trips_then_free(&g, d, m);
}

Test(rest_guard, synthetic_start_below_mu_s_trips_and_above_it_does_not) {
  /* 14 degrees, mu 0.35: the load is tan 14 / 0.35 = 71% of mu_s n; a start at 5 cm/s is the
   * integrator's */
  cr_expect_eq(synthetic(incline_json(14, 0.35, 0.05, 0.05, 0, 0), 0.05, 0.5, 0.05), 1);
  /* the same start where the load is 133% of mu_s n (25 degrees): sliding is the physics */
  cr_expect_eq(synthetic(incline_json(25, 0.35, 0.05, 0.05, 0, 0), 0.05, 0.5, 0.05), 0);
  /* a box that starts to move at 20 ms, before three rest samples: judged from its start in
   * static equilibrium, faster than its initial depths' settling can make it (5 sqrt(2 E_c / m)
   * = 7.5 cm/s) at 20 cm/s, not at 5 cm/s */
  cr_expect_eq(synthetic(incline_json(14, 0.35, 0.05, 0.05, 0, 0), 0.05, 0.02, 0.05), 0);
  cr_expect_eq(synthetic(incline_json(14, 0.35, 0.05, 0.05, 0, 0), 0.05, 0.02, 0.2), 1);
  /* level, pushed by F = 20 t N: the load reaches mu_s n = 3.43 N at 0.172 s, the box slides
   * from 0.18 s; the samples before it carry more than 90% of mu_s n, so no hold ends in it */
  cr_expect_eq(synthetic(incline_json(0, 0.35, 0.05, 0.05, 0, 20), 0.05, 0.18, 0.05), 0);
}

/* Two 5 cm spheres (1 kg, k 1e5) on a level floor, mu 0.5: A rests at its static depth; B
 * hangs over A (or far to the side) moving down at 1 m/s, and at t = 0.5 s A moves sideways at
 * 5 cm/s while B, 2 mm above A, moves up: B struck A between samples. Returns the rest trips. */
static int synthetic_strike(double b_offset_x) {
  const char *json =
      "{\"name\": \"strike\", \"duration\": 1, \"stiction_tolerance\": 1e-4, \"gravity\": [0, 0, -9.81],"
      " \"materials\": [{\"name\": \"ground\", \"stiffness\": \"rigid\", \"mu\": 0.5},"
      " {\"name\": \"ball\", \"stiffness\": 1e5, \"dissipation\": 10, \"mu\": 0.5}],"
      " \"world_geoms\": [{\"name\": \"floor\", \"type\": \"plane\", \"material\": \"ground\"}],"
      " \"bodies\": [{\"name\": \"a\", \"joint\": \"free\", \"mass\": 1,"
      " \"geoms\": [{\"type\": \"sphere\", \"size\": [0.05], \"material\": \"ball\"}], \"q0\": {\"pos\": [0, 0, 0.05]}},"
      " {\"name\": \"b\", \"joint\": \"free\", \"mass\": 1,"
      " \"geoms\": [{\"type\": \"sphere\", \"size\": [0.05], \"material\": \"ball\"}], \"q0\": {\"pos\": [0, 0, 0.3]}}]}";
  Model *m = fx_load_json(json, "strike.json");
  Data *d = data_create(m);
  PhysicsGuards g;
  physics_guards_init(&g, m);
  cr_assert(g.rest.applies);
  double x[26] = {0}; /* q: a (pos, quat), b (pos, quat); v: a [w; v], b [w; v] */
  x[3] = x[10] = 1;
  x[2] = 0.05 - G / 1e5;
  x[7] = b_offset_x;
  for (int k = 0; k <= 100; ++k) {
    double t = 0.01 * k;
    int struck = t > 0.5 - 1e-9;
    x[9] = struck ? 0.152 : 0.153;     /* b's centre: 2-3 mm above touching a */
    x[14 + 6 + 5] = struck ? 0.5 : -1; /* b's vertical velocity */
    x[14 + 3] = struck ? 0.05 : 0;     /* a's sideways velocity */
    x[0] += struck ? 0.01 * 0.05 : 0;
    physics_guards_sample(&g, m, d, t, x);
  }
  return trips_then_free(&g, d, m);
}

/* A body struck between samples (or through a step scheme's look-ahead contact, which pushes
 * before the force law sees an overlap) was set in motion by the strike, not by the
 * integrator; the same start with the striker 1 m away is still flagged. */
Test(rest_guard, a_body_struck_between_samples_is_not_flagged) {
  cr_expect_eq(synthetic_strike(0.0), 0);
  cr_expect_eq(synthetic_strike(1.0), 1);
}

/* Real runs through the harness (record, warnings). */
static cJSON *run_json(const char *json, const char *integrator, double accuracy) {
  char dir[256], path[512], err[512];
  fx_tmpdir_make(dir, sizeof dir, "rest_guard");
  snprintf(path, sizeof path, "%s/incline.json", dir);
  fx_write_text(path, json);
  RunSpec s;
  run_spec_init(&s);
  cr_assert_eq(run_spec_set_case(&s, fx_cb()->cases_dir, path, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  snprintf(s.integrator, sizeof s.integrator, "%s", integrator);
  s.has_accuracy = 1;
  s.accuracy = accuracy;
  RunContext ctx;
  cr_assert_eq(run_prepare(fx_cb(), &s, &ctx, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cJSON *rec = run_execute(&ctx, NULL);
  run_context_free(&ctx);
  fx_tmpdir_remove(dir);
  char verr[256];
  cr_assert_eq(run_record_validate(rec, CB_ERR_BUF(verr, sizeof verr)), 0, "%s", verr);
  return rec;
}

/* Rest trips of a run, and whether its warnings say so. */
static int rest_trips(const char *json, const char *integrator, double accuracy) {
  cJSON *rec = run_json(json, integrator, accuracy);
  const cJSON *rest = cJSON_GetObjectItem(cJSON_GetObjectItem(rec, "physics"), "rest");
  cr_assert(cJSON_IsTrue(cJSON_GetObjectItem(rest, "applies")));
  int trips = cJSON_GetObjectItem(rest, "trips")->valueint, warned = 0;
  const cJSON *w;
  cJSON_ArrayForEach(w, cJSON_GetObjectItem(rec, "warnings")) warned += strstr(w->valuestring, "set it in motion") != NULL;
  cr_expect_eq(warned, trips > 0, "%s %g: %d trips, %d warnings", integrator, accuracy, trips, warned);
  cJSON_Delete(rec);
  return trips;
}

Test(rest_guard, loose_bdf_is_flagged_where_a_tight_run_holds) {
  const char *launched = incline_json(14, 0.35, 0.05, 0.05, 1.5, 0); /* stops 0.20 m up, must hold */
  char *copy = strdup(launched);
  cr_expect_gt(rest_trips(copy, "bdf", 1e-3), 0, "bdf 1e-3 let the stopped box slide back unflagged");
  cr_expect_eq(rest_trips(copy, "bdf", 1e-6), 0);
  free(copy);
  copy = strdup(incline_json(16, 0.6, 0.035, 0.1, 0, 0)); /* tall box that must stand */
  cr_expect_gt(rest_trips(copy, "bdf", 1e-3), 0, "bdf 1e-3 tipped the standing box unflagged");
  cr_expect_eq(rest_trips(copy, "bdf", 1e-6), 0);
  free(copy);
}

/* Legitimate starts: sliding on 35 degrees with mu 0.5, and a 4 x 20 cm box tipping on
 * 20 degrees (tan 20 = 0.36 > 0.2) with mu 0.9. */
Test(rest_guard, legitimate_sliding_and_tipping_are_not_flagged) {
  char *slide = strdup(incline_json(35, 0.5, 0.05, 0.02, 0, 0));
  cr_expect_eq(rest_trips(slide, "bdf", 1e-6), 0);
  cr_expect_eq(rest_trips(slide, "cenic-sd", 1e-3), 0);
  free(slide);
  char *tip = strdup(incline_json(20, 0.9, 0.02, 0.1, 0, 0));
  cr_expect_eq(rest_trips(tip, "bdf", 1e-6), 0);
  cr_expect_eq(rest_trips(tip, "cenic-sd", 1e-3), 0);
  free(tip);
}

/* A 1 kg box (half sizes hx x 0.05 x hz) released at rest on slope tan_theta (gravity tilted,
 * downhill -x), mu_s and mu_d apart, k 1e5 N/m, d 10 s/m, corners equally pressed. */
static char *release_json(double tan_theta, double mu_s, double mu_d, double hx, double hz, double duration) {
  static char json[2048];
  double th = atan(tan_theta);
  snprintf(json, sizeof json,
           "{\"name\": \"release\", \"duration\": %g, \"stiction_tolerance\": 1e-4, \"gravity\": [%.17g, 0, %.17g],"
           " \"materials\": [{\"name\": \"ground\", \"stiffness\": \"rigid\", \"mu_static\": %g, \"mu_dynamic\": %g},"
           " {\"name\": \"box\", \"stiffness\": 1e5, \"dissipation\": 10, \"mu_static\": %g, \"mu_dynamic\": %g}],"
           " \"world_geoms\": [{\"name\": \"floor\", \"type\": \"plane\", \"material\": \"ground\"}],"
           " \"bodies\": [{\"name\": \"box\", \"joint\": \"free\", \"mass\": 1,"
           " \"geoms\": [{\"type\": \"box\", \"size\": [%g, 0.05, %g], \"material\": \"box\"}],"
           " \"q0\": {\"pos\": [0, 0, %.17g]}}]}",
           duration, -G * sin(th), -G * cos(th), mu_s, mu_d, mu_s, mu_d, hx, hz, hz - G * cos(th) / 4e5);
  return json;
}

/* One run of json: its rest trips (and whether warned), started_turn_only, and the box's final
 * downhill speed (m/s) and tilt (degrees) from the run's trajectory. */
typedef struct {
  int trips, turn_only;
  double v_down, tilt_deg;
} ReleaseRun;

static ReleaseRun release_run(const char *json, const char *integrator, double accuracy) {
  char dir[256], path[512], traj[512], err[512];
  fx_tmpdir_make(dir, sizeof dir, "rest_release");
  snprintf(path, sizeof path, "%s/release.json", dir);
  snprintf(traj, sizeof traj, "%s/traj.csv", dir);
  fx_write_text(path, json);
  RunSpec s;
  run_spec_init(&s);
  cr_assert_eq(run_spec_set_case(&s, fx_cb()->cases_dir, path, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  snprintf(s.integrator, sizeof s.integrator, "%s", integrator);
  snprintf(s.trajectory, sizeof s.trajectory, "%s", traj);
  s.has_accuracy = 1;
  s.accuracy = accuracy;
  RunContext ctx;
  cr_assert_eq(run_prepare(fx_cb(), &s, &ctx, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cJSON *rec = run_execute(&ctx, NULL);
  run_context_free(&ctx);
  cr_assert_str_eq(cJSON_GetObjectItem(rec, "status")->valuestring, "ok", "%s %g", integrator, accuracy);
  const cJSON *rest = cJSON_GetObjectItem(cJSON_GetObjectItem(rec, "physics"), "rest");
  ReleaseRun r = {cJSON_GetObjectItem(rest, "trips")->valueint, cJSON_GetObjectItem(rest, "started_turn_only")->valueint,
                  0, 0};
  int warned = 0;
  const cJSON *w;
  cJSON_ArrayForEach(w, cJSON_GetObjectItem(rec, "warnings")) warned += strstr(w->valuestring, "set it in motion") != NULL;
  cr_expect_eq(warned, r.trips > 0, "%s %g: %d trips, %d warnings", integrator, accuracy, r.trips, warned);
  cJSON_Delete(rec);
  /* last row: t, q (pos, quaternion w x y z), v ([w; v] in world coordinates for a free body) */
  FILE *f = fopen(traj, "r");
  cr_assert_not_null(f);
  char line[4096], last[4096] = "";
  while (fgets(line, sizeof line, f)) snprintf(last, sizeof last, "%s", line);
  fclose(f);
  double c[14];
  cr_assert_eq(sscanf(last, "%lf,%lf,%lf,%lf,%lf,%lf,%lf,%lf,%lf,%lf,%lf,%lf,%lf,%lf", &c[0], &c[1], &c[2], &c[3], &c[4],
                      &c[5], &c[6], &c[7], &c[8], &c[9], &c[10], &c[11], &c[12], &c[13]),
               14, "%s", last);
  double qx = c[5], qy = c[6];
  r.tilt_deg = acos(fmin(1.0, fmax(-1.0, 1 - 2 * (qx * qx + qy * qy)))) * 180 / M_PI;
  r.v_down = -c[11];
  fx_tmpdir_remove(dir);
  return r;
}

/* The cube of docs/physics.md "Holding slope on an incline" (10 cm, mu_s 0.6, mu_d 0.4) released
 * at rest on tan 0.5: its release transient passes the regularized law's peak and it slides at
 * mu_d under the references (bdf 1e-9, cenic-sd 1e-8) too, so a guard that blames the integrator
 * is wrong (before: both flagged, "moved at 0.072 m/s by t = 0.08 s"). Its load is above mu_d n:
 * only its turn is judged until it settles. A box of 8 x 20 cm that must stand on 17 degrees
 * (mu 0.6: load 51% of mu_s n, and within its support shrunk to 80%) falls over under bdf 1e-3
 * and is flagged; bdf 1e-9 and cenic-sd 1e-3 hold it. */
Test(rest_guard, a_release_the_reference_slides_is_not_flagged_a_fall_is, .timeout = 240) {
  static const struct { const char *integrator; double acc; } refs[] = {{"bdf", 1e-9}, {"cenic-sd", 1e-8}};
  double a = G * (sin(atan(0.5)) - 0.4 * cos(atan(0.5))); /* sliding at mu_d */
  for (size_t i = 0; i < sizeof refs / sizeof refs[0]; ++i) {
    ReleaseRun r = release_run(release_json(0.5, 0.6, 0.4, 0.05, 0.05, 1.0), refs[i].integrator, refs[i].acc);
    cr_expect(fabs(r.v_down - a) < 0.05 * a, "%s %g: the cube slides at %.4g m/s after 1 s, at mu_d %.4g",
              refs[i].integrator, refs[i].acc, r.v_down, a);
    cr_expect_eq(r.turn_only, 1);
    cr_expect_eq(r.trips, 0, "%s %g: the model's own slide flagged", refs[i].integrator, refs[i].acc);
  }
  double t17 = tan(17 * M_PI / 180);
  ReleaseRun fall = release_run(release_json(t17, 0.6, 0.6, 0.04, 0.1, 1.5), "bdf", 1e-3);
  cr_expect_gt(fall.tilt_deg, 60, "bdf 1e-3 tilts the standing box by %.1f degrees only", fall.tilt_deg);
  cr_expect_eq(fall.turn_only, 0);
  cr_expect_gt(fall.trips, 0, "bdf 1e-3 made the standing box fall over (%.0f degrees) unflagged", fall.tilt_deg);
  static const struct { const char *integrator; double acc; } holds[] = {{"bdf", 1e-9}, {"cenic-sd", 1e-3}};
  for (size_t i = 0; i < sizeof holds / sizeof holds[0]; ++i) {
    ReleaseRun r = release_run(release_json(t17, 0.6, 0.6, 0.04, 0.1, 1.5), holds[i].integrator, holds[i].acc);
    cr_expect_lt(r.tilt_deg, 1, "%s %g: tilt %.2f degrees", holds[i].integrator, holds[i].acc, r.tilt_deg);
    cr_expect_eq(r.trips, 0, "%s %g", holds[i].integrator, holds[i].acc);
  }
}

/* Sampled: the 8 x 20 cm box on 17 degrees at rest from its start, then from 20 ms on (before it
 * has rested 3 samples: still in its release) sliding downhill at 0.5 m/s^2 without turning, or
 * turning about its downhill edge at 1 rad/s (|w| reach 0.12 m/s, above its settling bound
 * 0.074 m/s) in place. With mu_d 0.3 (load 113% of 0.9 mu_d n) the slide is what a release
 * transient can do, the turn is not; with mu_d = mu_s 0.6 both are the integrator's. */
static int release_sampled(double mu_d, int turn) {
  double t17 = tan(17 * M_PI / 180);
  Model *m = fx_load_json(release_json(t17, 0.6, mu_d, 0.04, 0.1, 1.0), "release.json");
  Data *d = data_create(m);
  PhysicsGuards g;
  physics_guards_init(&g, m);
  cr_assert(g.rest.applies);
  double x[13] = {0};
  x[3] = 1;
  x[2] = 0.1 - G * cos(atan(t17)) / 4e5;
  for (int k = 0; k <= 100; ++k) {
    double t = 0.01 * k, moving = t > 0.015;
    if (turn) {
      x[7 + 1] = moving ? -1.0 : 0.0; /* about y: downhill (-x) edge forward */
    } else {
      double v = moving ? -0.5 * (t - 0.01) : 0.0;
      x[0] += 0.01 * v;
      x[7 + 3] = v;
    }
    physics_guards_sample(&g, m, d, t, x);
  }
  cr_expect_eq(g.rest.started_held, 1);
  return trips_then_free(&g, d, m);
}

Test(rest_guard, synthetic_release_above_mu_d_is_judged_by_its_turn) {
  cr_expect_eq(release_sampled(0.3, 0), 0); /* before: 1 */
  cr_expect_eq(release_sampled(0.3, 1), 1);
  cr_expect_eq(release_sampled(0.6, 0), 1);
  cr_expect_eq(release_sampled(0.6, 1), 1);
}
