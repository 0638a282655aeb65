/* The cbench harness: CLI argument errors (exit 2 and message), the error metric against the
 * analytic explicit-Euler free-fall error, reference cross-check distance and cache
 * invalidation, timeouts (killed and cooperative), failures as records, interrupted sweeps that
 * resume with no lost or corrupt record, the record schema validator, compare and export.
 * Uses tiny scenes and test integrators added to the test context's registry
 * (integrator_registry_add), so it does not depend on the real integrators. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>

#include "harness/bench/compare.h"
#include "harness/common/files.h"
#include "harness/common/clock.h"
#include "harness/run/metrics.h"
#include "harness/sweep/plan.h"
#include "harness/figures/plot.h"
#include "harness/run/reference.h"
#include "harness/run/run_fields.h"
#include "harness/run/run_record.h"
#include "harness/sweep/sweep.h"
#include "models/data.h"
#include "models/scene.h"
#include "models/system.h"
#include "sim_fixtures.h"

#define G 9.81

/* ---- test integrators: explicit Euler on system_rhs (landing exactly on t_out) ---- */

typedef struct {
  Data *d;
  double *x, *xdot;
  double h;
} EulerContent;

/* The sweep.json (a JSON array of records) a sweep wrote into out; asserts it is an array. */
static cJSON *load_sweep(const char *out) {
  char sw[700];
  snprintf(sw, sizeof sw, "%s/sweep.json", out);
  char *text = file_read_all(sw, NULL);
  cJSON *all = text ? cJSON_Parse(text) : NULL;
  free(text);
  cr_assert(cJSON_IsArray(all), "%s is not a JSON array", sw);
  return all;
}

static const OptionSpec eu_options[] = {OPTION_STRING_SPEC("note", NULL, NULL, NULL, "a note to record (test)"),
                                        OPTIONS_END};

static int eu_create(Integrator *it) {
  OptionValues ov;
  int rc = integrator_read_options(it, &ov);
  if (rc != CB_OK) return rc;
  EulerContent *c = calloc(1, sizeof *c);
  int nx = system_nx(it->model);
  c->d = data_create(it->model);
  c->x = calloc((size_t)nx, sizeof(double));
  c->xdot = calloc((size_t)nx, sizeof(double));
  c->h = it->vtbl->fixed_step ? it->opt.dt : 1e-3;
  it->content = c;
  const char *note = option_string(&ov, "note");
  if (note) { /* the same note twice: recorded once */
    integrator_note(it, "test note: %s", note);
    integrator_note(it, "test note: %s", note);
  }
  return CB_OK;
}

static int eu_reset(Integrator *it, double t0, const double *x0) {
  EulerContent *c = it->content;
  memcpy(c->x, x0, sizeof(double) * (size_t)system_nx(it->model));
  it->t = t0;
  return CB_OK;
}

static int eu_advance(Integrator *it, double t_out, double *x_out) {
  EulerContent *c = it->content;
  int nx = system_nx(it->model);
  while (t_out - it->t > 1e-12) {
    double h = c->h;
    if (t_out - it->t - h < 1e-9 * h) h = t_out - it->t;
    if (system_rhs(it->model, c->d, it->t, c->x, c->xdot) != 0)
      return integrator_fail(it, CB_ERR_MODEL, "rhs failed");
    for (int i = 0; i < nx; ++i) c->x[i] += h * c->xdot[i];
    it->t += h;
    it->stats.steps++;
    it->stats.rhs_evals++;
  }
  memcpy(x_out, c->x, sizeof(double) * (size_t)nx);
  return CB_OK;
}

static void eu_destroy(Integrator *it) {
  EulerContent *c = it->content;
  if (!c) return;
  data_free(c->d);
  free(c->x);
  free(c->xdot);
  free(c);
  it->content = NULL;
}

static void sleep_ms(long ms) {
  struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
  nanosleep(&ts, NULL);
}

static int hang_advance(Integrator *it, double t_out, double *x_out) {
  for (;;) sleep_ms(10);
  return CB_OK;
}

static int slow_advance(Integrator *it, double t_out, double *x_out) {
  sleep_ms(25);
  return eu_advance(it, t_out, x_out);
}

static int fail_advance(Integrator *it, double t_out, double *x_out) {
  if (t_out > 0.05) return integrator_fail(it, CB_ERR_SOLVER, "test integrator gives up at t = %g", t_out);
  return eu_advance(it, t_out, x_out);
}

static INTEGRATOR_VTBL(test_euler, "test-euler", "explicit Euler (test)", 1, eu_create, eu_reset, eu_advance, eu_destroy, .options = eu_options);
static INTEGRATOR_VTBL(test_euler2, "test-euler2", "explicit Euler, second copy (test)", 1, eu_create, eu_reset, eu_advance, eu_destroy, .options = eu_options);
static INTEGRATOR_VTBL(test_hang, "test-hang", "never returns (test)", 0, eu_create, eu_reset, hang_advance, eu_destroy, .options = eu_options);
static INTEGRATOR_VTBL(test_slow, "test-slow", "Euler sleeping 25 ms per output point (test)", 1, eu_create, eu_reset, slow_advance, eu_destroy, .options = eu_options);
static INTEGRATOR_VTBL(test_fail, "test-fail", "fails after t = 0.05 (test)", 1, eu_create, eu_reset, fail_advance, eu_destroy, .options = eu_options);

/* ---- fixtures ---- */

static char tmpdir[256];

static const char *ball_scene =
    "{\"name\": \"tiny_ball\", \"description\": \"free fall, no contact\", \"duration\": 0.1,\n"
    " \"materials\": [{\"name\": \"m\", \"stiffness\": 1e4, \"dissipation\": 0, \"mu\": 0.5}],\n"
    " \"world_geoms\": [{\"name\": \"floor\", \"type\": \"plane\", \"material\": \"m\"}],\n"
    " \"bodies\": [{\"name\": \"ball\", \"joint\": \"free\", \"mass\": 0.1,\n"
    "   \"geoms\": [{\"type\": \"sphere\", \"size\": 0.05, \"material\": \"m\"}],\n"
    "   \"q0\": {\"pos\": [0, 0, 1]}}]}\n";

static void scene_path(char *out, size_t n) { snprintf(out, n, "%s/tiny_ball.json", tmpdir); }

static void setup(void) {
  fx_tmpdir_make(tmpdir, sizeof tmpdir, "cbench_test");
  char p[512];
  scene_path(p, sizeof p);
  fx_write_text(p, ball_scene);
  snprintf(p, sizeof p, "%s/results", tmpdir);
  cbench_context_set_results_dir(fx_cb(), p);
  IntegratorRegistry *r = &fx_cb()->registry;
  integrator_registry_add(r, &test_euler);
  integrator_registry_add(r, &test_euler2);
  integrator_registry_add(r, &test_hang);
  integrator_registry_add(r, &test_slow);
  integrator_registry_add(r, &test_fail);
}

static void teardown(void) { fx_tmpdir_remove(tmpdir); }

TestSuite(harness, .init = setup, .fini = teardown);

static void make_spec(RunSpec *s, const char *integrator, double param) {
  char err[512], p[512];
  run_spec_init(s);
  scene_path(p, sizeof p);
  cr_assert_eq(run_spec_set_case(s, fx_cb()->cases_dir, p, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  snprintf(s->integrator, sizeof s->integrator, "%s", integrator);
  const IntegratorVtbl *vt = integrator_registry_find(&fx_cb()->registry, integrator);
  cr_assert_not_null(vt);
  if (vt->fixed_step) { s->has_dt = 1; s->dt = param; }
  else { s->has_accuracy = 1; s->accuracy = param; }
}

static cJSON *run_one(RunSpec *s, int isolated) {
  RunContext ctx;
  char err[512];
  cr_assert_eq(run_prepare(fx_cb(), s, &ctx, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cJSON *rec = isolated ? run_isolated(&ctx) : run_execute(&ctx, NULL);
  run_context_free(&ctx);
  cr_assert_not_null(rec);
  char verr[256];
  cr_assert_eq(run_record_validate(rec, CB_ERR_BUF(verr, sizeof verr)), 0, "record invalid: %s", verr);
  return rec;
}

static double jnum(const cJSON *o, const char *path) {
  char buf[256];
  snprintf(buf, sizeof buf, "%s", path);
  const cJSON *x = o;
  for (char *t = strtok(buf, "."); t && x; t = strtok(NULL, ".")) x = cJSON_GetObjectItemCaseSensitive(x, t);
  cr_assert(cJSON_IsNumber(x), "%s is not a number", path);
  return x->valuedouble;
}

static const char *jstr(const cJSON *o, const char *k) {
  const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, k);
  return cJSON_IsString(x) ? x->valuestring : "";
}

/* ---- CLI ---- */

static int cli_env(const char *env, const char *args, char *errbuf, size_t errlen);
static int cli(const char *args, char *errbuf, size_t errlen) { return cli_env("", args, errbuf, errlen); }

/* Runs build/sanitize/cbench with `env` assignments prefixed; returns its exit code. */
static int cli_env(const char *env, const char *args, char *errbuf, size_t errlen) {
  char cmd[2048], errf[512];
  cr_assert(file_exists("build/sanitize/cbench"), "build/sanitize/cbench missing (make test builds it)");
  snprintf(errf, sizeof errf, "%s/stderr.txt", tmpdir);
  snprintf(cmd, sizeof cmd, "%s build/sanitize/cbench %s >%s/stdout.txt 2>%s", env, args, tmpdir, errf);
  int st = system(cmd);
  char *e = file_read_all(errf, NULL);
  snprintf(errbuf, errlen, "%s", e ? e : "");
  free(e);
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

#define ACC8 "1e-1,1e-2,1e-3,1e-4,1e-5,1e-6,1e-7,1e-8"
#define ACC64 ACC8 "," ACC8 "," ACC8 "," ACC8 "," ACC8 "," ACC8 "," ACC8 "," ACC8
Test(harness, cli_argument_errors_exit_2_with_message) {
  char e[8192], args[1024], p[512];
  scene_path(p, sizeof p);
  struct { const char *args; const char *msg; } cases[] = {
      {"run --case no_such_case_xyz --integrator bdf --accuracy 1e-3", "unknown case 'no_such_case_xyz'"},
      {"run --case %s --integrator no-such-integrator --accuracy 1e-3", "unknown integrator 'no-such-integrator'"},
      {"run --case %s --integrator x --accuracy", "missing value for --accuracy"},
      {"run --case %s --integrator x --accuracy 0", "--accuracy must be a number > 0"},
      {"run --case %s --integrator x --accuracy -1e-3", "--accuracy must be a number > 0"},
      {"run --case %s --integrator x --accuracy 1e-3 --dt 1e-3", "either --accuracy or --dt, not both"},
      {"run --case %s --integrator x --accuracy 1e-3 --bogus", "unknown option '--bogus'"},
      {"frobnicate", "unknown command 'frobnicate'"},
      {"sweep --accuracies 0.1,-2", "--accuracies must be a number > 0, got '-2'"},
      {"compare only_one.json", "compare needs BASE.json and NEW.json"},
      {"export --format csv x.json", "export needs --format gbench or gab"},
      /* reference methods: an unknown name or a missing parameter is an error, not a silent
       * fallback to another integrator or to the default's parameter */
      {"reference --case %s --primary no-such-integrator:1e-9", "unknown integrator 'no-such-integrator:1e-9' in --primary"},
      {"reference --case %s --primary bdf", "--primary needs NAME:PARAM"},
      {"reference --case %s --secondary no-such-integrator:1e-9", "unknown integrator 'no-such-integrator:1e-9' in --secondary"},
      /* repeated list options cannot overflow the sweep's fixed-size lists */
      {"sweep --cases %s --integrators rk3 --timeout 1 --quiet --accuracies " ACC64 " --accuracies 0.5", "too many values"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    snprintf(args, sizeof args, cases[i].args, p);
    int rc = cli(args, e, sizeof e);
    cr_expect_eq(rc, 2, "`cbench %s` exited %d, want 2", args, rc);
    cr_expect(strstr(e, cases[i].msg) != NULL, "`cbench %s`: stderr lacks \"%s\":\n%s", args, cases[i].msg, e);
    cr_expect(strstr(e, "usage: cbench") != NULL, "`cbench %s`: no usage", args);
    /* the error itself is one line, before the usage */
    const char *nl = strchr(e, '\n');
    cr_expect(nl && strncmp(nl + 1, "usage:", 6) == 0, "`cbench %s`: error not one line:\n%s", args, e);
  }
}

/* An integrator that cannot take a valid scene (MuJoCo 2.2 has no suction cups) is not an
 * argument error: its message, exit 1, no usage text and no record. */
Test(harness, cli_scene_an_integrator_refuses_exits_1_without_usage) {
  char e[8192], args[1024], out[512];
  snprintf(out, sizeof out, "%s/refused.json", tmpdir);
  snprintf(args, sizeof args, "run --case suction_gripper --integrator mujoco --dt 1e-3 --t-end 0.01 --json %s", out);
  int rc = cli(args, e, sizeof e);
  cr_expect_eq(rc, 1, "`cbench %s` exited %d, want 1:\n%s", args, rc, e);
  cr_expect(strstr(e, "MuJoCo 2.2 has no suction cups") != NULL, "stderr lacks the reason:\n%s", e);
  cr_expect(strstr(e, "usage:") == NULL, "usage printed for a refused scene:\n%s", e);
  cr_expect(!file_exists(out), "a record was written for a run that never started");
}

Test(harness, cli_bad_scene_gives_loader_message_exit_2) {
  char e[8192], args[1024], bad[512];
  snprintf(bad, sizeof bad, "%s/bad_scene.json", tmpdir);
  char *text = strdup(ball_scene);
  memcpy(strstr(text, "\"mass\": 0.1"), "\"mass\": -1 ", 11);
  fx_write_text(bad, text);
  free(text);
  snprintf(args, sizeof args, "run --case %s --integrator x --accuracy 1e-3", bad);
  /* Leak checking on: the loader's error path must free the partial Model (LeakSanitizer
   * would turn the exit code into 23 and print its report). */
  const char *env = "ASAN_OPTIONS=detect_leaks=1";
  int rc = cli_env(env, args, e, sizeof e);
  cr_expect_eq(rc, 2);
  cr_expect(strstr(e, "bad_scene.json") && strstr(e, "mass"), "loader message expected, got:\n%s", e);
  cr_expect(strstr(e, "LeakSanitizer") == NULL, "leak on the loader's error path:\n%s", e);
  fx_write_text(bad, "{ not json");
  rc = cli_env(env, args, e, sizeof e);
  cr_expect_eq(rc, 2);
  cr_expect(strstr(e, "bad_scene.json") != NULL, "loader message expected, got:\n%s", e);
  cr_expect(strstr(e, "LeakSanitizer") == NULL, "leak on the loader's error path:\n%s", e);
}

Test(harness, preflight_rejects_unknown_integrator_option) {
  RunSpec s;
  make_spec(&s, "test-euler", 1e-3);
  snprintf(s.extra_key[0], sizeof s.extra_key[0], "foo");
  snprintf(s.extra_value[0], sizeof s.extra_value[0], "bar");
  s.nextra = 1;
  RunContext ctx;
  char err[512];
  cr_assert_eq(run_prepare(fx_cb(), &s, &ctx, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cr_expect_eq(run_preflight(&ctx, CB_ERR_BUF(err, sizeof err)), CB_ERR_OPTION);
  cr_expect(strstr(err, "unknown option 'foo'") != NULL, "message: %s", err);
  /* in a sweep the same run is a failed record, not a hole */
  cJSON *rec = run_execute(&ctx, NULL);
  cr_expect_str_eq(jstr(rec, "status"), "failed");
  cJSON_Delete(rec);
  run_context_free(&ctx);
  snprintf(s.extra_key[0], sizeof s.extra_key[0], "note");
  cr_assert_eq(run_prepare(fx_cb(), &s, &ctx, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cr_expect_eq(run_preflight(&ctx, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  run_context_free(&ctx);
}

/* ---- error metric and reference ---- */

/* Explicit Euler on free fall: v is exact and z_n = z(t_n) + g t_n h / 2, so two runs with
 * steps h1 and h2 differ by g t (h1 - h2) / 2 in position and not at all in velocity. */
Test(harness, reference_crosscheck_and_run_error_match_euler_analytics) {
  ReferenceConfig cfg;
  reference_config_default(&cfg);
  snprintf(cfg.primary, sizeof cfg.primary, "test-euler");
  cfg.primary_param = 1e-4;
  snprintf(cfg.secondary, sizeof cfg.secondary, "test-euler2");
  cfg.secondary_param = 5e-5;
  char p[512], err[512], rpath[1200];
  scene_path(p, sizeof p);
  int computed = 0;
  cr_assert_eq(reference_ensure(fx_cb(), p, "tiny_ball", &cfg, &computed, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cr_assert_eq(computed, 1);
  reference_path(fx_cb()->results_dir, "tiny_ball", rpath, sizeof rpath);
  char *text = file_read_all(rpath, NULL);
  cJSON *ref = cJSON_Parse(text);
  free(text);
  cr_assert_not_null(ref);
  double dist = jnum(ref, "provenance.cross_check.distance.positions.max");
  double want = G * 0.1 * (1e-4 - 5e-5) / 2;
  cr_expect(fabs(dist - want) < 1e-3 * want, "cross-check distance %g, analytic %g", dist, want);
  cr_expect(jnum(ref, "provenance.cross_check.distance.full.max") - dist < 1e-12, "velocities are exact");
  cr_expect_str_eq(jstr(cJSON_GetObjectItemCaseSensitive(ref, "provenance"), "model_version"), CBENCH_MODEL_VERSION);
  cJSON_Delete(ref);

  RunSpec s;
  make_spec(&s, "test-euler", 1e-3);
  cJSON *rec = run_one(&s, 0);
  cr_expect_str_eq(jstr(rec, "status"), "ok");
  double emax = jnum(rec, "error.positions.max"), erms = jnum(rec, "error.positions.rms");
  double dh = 1e-3 - 1e-4;
  double wmax = G * 0.1 * dh / 2;
  /* grid t_k = k / 100, k = 0..10: mean t_k^2 = 1e-4 * 385 / 11 */
  double wrms = G * dh / 2 * sqrt(1e-4 * 385.0 / 11.0);
  cr_expect(fabs(emax - wmax) < 1e-6 * wmax, "error max %g, analytic %g", emax, wmax);
  cr_expect(fabs(erms - wrms) < 1e-6 * wrms, "error rms %g, analytic %g", erms, wrms);
  cr_expect(fabs(jnum(rec, "error.full.max") - wmax) < 1e-6 * wmax);
  cr_expect_eq(jnum(rec, "error.grid_points"), 11);
  cr_expect_eq(jnum(rec, "counters.steps"), 100, "100 steps of 1 ms");
  cr_expect_eq(jnum(rec, "counters.rhs_evals"), 100);
  cr_expect(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(rec, "counters_reproducible")));
  /* the process's peak memory: a test binary under ASan holds at least 1 MiB, far below 64 GiB */
  double rss = jnum(rec, "peak_rss_mb");
  cr_expect(rss >= 1.0 && rss < 65536.0, "peak_rss_mb %g", rss);
  cr_expect_eq(jnum(rec, "physics.penetration.max"), 0.0, "ball never reaches the floor");
  cJSON_Delete(rec);
}

/* Windowed error: each 50 ms window restarts a tight Euler (h = 1e-5) from the run's own state;
 * from a state with exact v, Euler's local position error over W is g W h / 2. */
Test(harness, windowed_error_matches_euler_local_error) {
  RunSpec s;
  make_spec(&s, "test-euler", 1e-3);
  s.window = 0.05;
  snprintf(s.window_method, sizeof s.window_method, "test-euler2");
  s.window_param = 1e-5;
  cJSON *rec = run_one(&s, 1);
  cJSON *w = cJSON_GetObjectItemCaseSensitive(rec, "error_windowed");
  cr_assert(cJSON_IsObject(w), "no windowed error");
  double want = G * 0.05 * (1e-3 - 1e-5) / 2;
  cr_expect_eq(jnum(w, "windows"), 2);
  cr_expect(fabs(jnum(w, "positions.max") - want) < 1e-6 * want, "max %g, analytic %g", jnum(w, "positions.max"), want);
  cr_expect(fabs(jnum(w, "positions.rms") - want) < 1e-6 * want, "rms %g, analytic %g", jnum(w, "positions.rms"), want);
  cr_expect(fabs(jnum(w, "full.max") - want) < 1e-6 * want, "velocities are exact");
  cr_expect_str_eq(jstr(w, "method"), "test-euler2");
  cr_expect(strstr(jstr(rec, "command"), "--window 0.05") != NULL);
  cJSON_Delete(rec);
}

/* --window-check: a second tight Euler (h2) per window from the same start; two Eulers from a
 * state with exact v part by g W (h2 - h1) / 2, the resolution floor of the windowed error. With
 * --window-start the windows cover [t0, t_end] alone. */
Test(harness, window_check_distance_is_analytic_and_start_skips_windows) {
  RunSpec s;
  make_spec(&s, "test-euler", 1e-3);
  s.window = 0.025;
  s.window_start = 0.05;
  snprintf(s.window_method, sizeof s.window_method, "test-euler2");
  s.window_param = 1e-5;
  snprintf(s.window_check, sizeof s.window_check, "test-euler");
  s.window_check_param = 5e-5;
  cJSON *rec = run_one(&s, 1);
  cJSON *w = cJSON_GetObjectItemCaseSensitive(rec, "error_windowed");
  cr_assert(cJSON_IsObject(w), "no windowed error");
  cr_expect_eq(jnum(w, "windows"), 2, "0.05 to 0.1 s holds two windows of 25 ms");
  double want = G * 0.025 * (1e-3 - 1e-5) / 2, floor = G * 0.025 * (5e-5 - 1e-5) / 2;
  cr_expect(fabs(jnum(w, "positions.max") - want) < 1e-6 * want, "max %g, analytic %g", jnum(w, "positions.max"), want);
  cr_expect(fabs(jnum(w, "check.positions.max") - floor) < 1e-6 * floor, "check %g, analytic %g",
            jnum(w, "check.positions.max"), floor);
  cr_expect(fabs(jnum(w, "check.full.max") - floor) < 1e-6 * floor, "the two Eulers' velocities are exact");
  cr_expect_eq(jnum(w, "check.failed_windows"), 0);
  cr_expect_str_eq(jstr(cJSON_GetObjectItemCaseSensitive(w, "check"), "method"), "test-euler");
  cr_expect_eq(jnum(rec, "params.window_start"), 0.05);
  cr_expect(strstr(jstr(rec, "command"), "--window-start 0.05 --window-check test-euler:5e-05") != NULL, "%s",
            jstr(rec, "command"));
  cr_expect(strstr(jstr(rec, "spec_key"), ";window_start=0.05;window_check=test-euler:5e-05") != NULL, "%s",
            jstr(rec, "spec_key"));
  cJSON_Delete(rec);
}

/* A window restarted with the run's own method and step from the run's state at the window start
 * retraces the run: the windowed error is round-off (a restart from any other state, one grid
 * point off or the reference's, is g W h / 2 = 1.2e-4 m away or more). */
Test(harness, window_restart_from_the_run_state_retraces_the_run) {
  RunSpec s;
  make_spec(&s, "test-euler", 1e-3);
  s.window = 0.025;
  snprintf(s.window_method, sizeof s.window_method, "test-euler2");
  s.window_param = 1e-3;
  cJSON *rec = run_one(&s, 0);
  cJSON *w = cJSON_GetObjectItemCaseSensitive(rec, "error_windowed");
  cr_assert(cJSON_IsObject(w), "no windowed error");
  cr_expect_eq(jnum(w, "windows"), 4);
  cr_expect(jnum(w, "full.max") < 1e-12, "restarted windows part from the run by %g", jnum(w, "full.max"));
  cJSON_Delete(rec);
}

Test(harness, reference_cache_invalidated_when_scene_changes) {
  ReferenceConfig cfg;
  reference_config_default(&cfg);
  snprintf(cfg.primary, sizeof cfg.primary, "test-euler");
  cfg.primary_param = 1e-3;
  snprintf(cfg.secondary, sizeof cfg.secondary, "none");
  char p[512], err[512];
  scene_path(p, sizeof p);
  int computed = -1;
  cr_assert_eq(reference_ensure(fx_cb(), p, "tiny_ball", &cfg, &computed, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cr_expect_eq(computed, 1, "first call computes");
  cr_assert_eq(reference_ensure(fx_cb(), p, "tiny_ball", &cfg, &computed, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cr_expect_eq(computed, 0, "second call reuses the cached reference");
  /* Asked for nothing in particular (make run: `cbench reference --case NAME`): a current
   * reference made by another method on another grid (hard_clutter's) is reused. */
  {
    ReferenceConfig any;
    reference_config_default(&any);
    cr_assert_eq(reference_ensure(fx_cb(), p, "tiny_ball", &any, &computed, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
    cr_expect_eq(computed, 0, "no method asked: the current reference is reused");
  }
  /* Asked for another grid or another tightness: not the reference that was asked for. */
  cfg.method_asked = 1;
  cfg.rate = 200.0;
  cr_assert_eq(reference_ensure(fx_cb(), p, "tiny_ball", &cfg, &computed, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cr_expect_eq(computed, 1, "a different grid rate must recompute");
  cfg.primary_param = 5e-4;
  cr_assert_eq(reference_ensure(fx_cb(), p, "tiny_ball", &cfg, &computed, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cr_expect_eq(computed, 1, "a different primary parameter must recompute");
  cr_assert_eq(reference_ensure(fx_cb(), p, "tiny_ball", &cfg, &computed, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cr_expect_eq(computed, 0, "same request again: reused");
  /* A horizon other than the one asked is not reused: a shorter reference would measure a run's
   * error over part of it only, a longer one is not what a cut horizon asked for. */
  {
    ReferenceConfig cut = cfg;
    Reference r;
    char rp[1200];
    reference_path(fx_cb()->results_dir, "tiny_ball", rp, sizeof rp);
    cr_assert_eq(reference_load(rp, &r, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
    double scene_t_end = r.t_end;
    reference_free(&r);
    cut.t_end = 0.5 * scene_t_end;
    cr_assert_eq(reference_ensure(fx_cb(), p, "tiny_ball", &cut, &computed, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
    cr_expect_eq(computed, 1, "a shorter horizon must recompute");
    cr_assert_eq(reference_load(rp, &r, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
    cr_expect(fabs(r.t_end - 0.5 * scene_t_end) < 1e-12, "made to %g, asked %g", r.t_end, 0.5 * scene_t_end);
    reference_free(&r);
    cr_assert_eq(reference_ensure(fx_cb(), p, "tiny_ball", &cfg, &computed, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
    cr_expect_eq(computed, 1, "the scene's duration asked again (t_end 0): the short one must not be reused");
    cr_assert_eq(reference_ensure(fx_cb(), p, "tiny_ball", &cfg, &computed, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
    cr_expect_eq(computed, 0, "and then it is current");
  }
  {
    Reference r;
    char rp[1200];
    reference_path(fx_cb()->results_dir, "tiny_ball", rp, sizeof rp);
    cr_assert_eq(reference_load(rp, &r, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
    cr_expect(r.rate == 200.0 && r.method_param == 5e-4 && strcmp(r.method, "test-euler") == 0,
              "provenance read back: %s at %g on %g", r.method, r.method_param, r.rate);
    reference_free(&r);
  }

  /* A run sees a current reference: error measured. */
  RunSpec s;
  make_spec(&s, "test-euler", 1e-3);
  cJSON *rec = run_one(&s, 0);
  cr_expect(cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(rec, "error")));
  cJSON_Delete(rec);

  /* Change the scene (drop height): the cached reference is stale for runs and is recomputed. */
  char *text = file_read_all(p, NULL);
  char *pos = strstr(text, "[0, 0, 1]");
  cr_assert_not_null(pos);
  memcpy(pos, "[0, 0, 2]", 9);
  fx_write_text(p, text);
  free(text);
  rec = run_one(&s, 0);
  cr_expect(cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(rec, "error")), "stale reference must not be used");
  cr_expect(strstr(jstr(rec, "error_note"), "stale") != NULL, "note: %s", jstr(rec, "error_note"));
  cJSON_Delete(rec);
  cr_assert_eq(reference_ensure(fx_cb(), p, "tiny_ball", &cfg, &computed, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cr_expect_eq(computed, 1, "changed scene must recompute");
  Reference ref;
  char rpath[1200];
  reference_path(fx_cb()->results_dir, "tiny_ball", rpath, sizeof rpath);
  cr_assert_eq(reference_load(rpath, &ref, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cr_expect(fabs(ref.q[2] - 2.0) < 1e-12, "new reference starts at the new height, got %g", ref.q[2]);
  reference_free(&ref);
}

Test(harness, run_without_reference_records_null_error_with_note) {
  RunSpec s;
  make_spec(&s, "test-euler", 1e-3);
  cJSON *rec = run_one(&s, 1);
  cr_expect_str_eq(jstr(rec, "status"), "ok");
  cr_expect(cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(rec, "error")));
  cr_expect(strstr(jstr(rec, "error_note"), "no reference") != NULL);
  /* energy: explicit Euler on free fall gains exactly m g^2 t h / 2 ... with E = m g z + m v^2/2:
   * z error g t h / 2 gives an energy error m g (g t h / 2). */
  double drift = jnum(rec, "physics.energy.drift");
  double want = 0.1 * G * (G * 0.1 * 1e-3 / 2);
  cr_expect(fabs(drift - want) < 1e-3 * want, "energy drift %g, analytic %g", drift, want);
  cJSON_Delete(rec);
}

/* ---- timeouts and failures ---- */

Test(harness, hung_run_is_killed_and_recorded_as_timeout) {
  RunSpec s;
  make_spec(&s, "test-hang", 1e-3);
  s.timeout = 0.3;
  snprintf(s.trajectory, sizeof s.trajectory, "%s/hang_traj.csv", tmpdir);
  double t0 = clock_monotonic();
  cJSON *rec = run_one(&s, 1);
  double el = clock_monotonic() - t0;
  cr_expect_str_eq(jstr(rec, "status"), "timeout");
  cr_expect_eq(jnum(rec, "t_reached"), 0.0, "never got past the first output point");
  cr_expect(el < 10.0, "took %g s", el);
  cr_expect(strstr(jstr(rec, "message"), "budget") != NULL, "message: %s", jstr(rec, "message"));
  cJSON_Delete(rec);
  /* the killed run process leaves neither a trajectory nor its temporary file behind */
  DIR *d = opendir(tmpdir);
  cr_assert_not_null(d);
  struct dirent *e;
  while ((e = readdir(d))) cr_expect(strstr(e->d_name, "hang_traj") == NULL, "left behind: %s", e->d_name);
  closedir(d);
}

/* A duration whose output grid cannot be built is a bad scene (exit 2, file and field named),
 * not a crashed run process. */
Test(harness, overlong_duration_is_rejected_up_front) {
  int n = -1;
  cr_expect_null(grid_make(1e300, 100.0, &n));
  cr_expect_null(grid_make(1e9, 100.0, &n));
  cr_expect_null(grid_make(NAN, 100.0, &n));
  double *g = grid_make(1.0, 100.0, &n);
  cr_assert_not_null(g);
  cr_expect_eq(n, 101);
  cr_expect_eq(g[100], 1.0);
  free(g);
  char bad[512], err[512];
  snprintf(bad, sizeof bad, "%s/long_scene.json", tmpdir);
  char *text = strdup(ball_scene);
  memcpy(strstr(text, "\"duration\": 0.1"), "\"duration\": 1e9", 15);
  fx_write_text(bad, text);
  free(text);
  RunSpec s;
  make_spec(&s, "test-euler", 1e-3);
  cr_assert_eq(run_spec_set_case(&s, fx_cb()->cases_dir, bad, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  RunContext ctx;
  cr_expect_eq(run_prepare(fx_cb(), &s, &ctx, CB_ERR_BUF(err, sizeof err)), CB_ERR_INPUT);
  cr_expect(strstr(err, "long_scene.json") && strstr(err, "duration"), "message: %s", err);
  make_spec(&s, "test-euler", 1e-3);
  s.t_end = 1e300;
  cr_expect_eq(run_prepare(fx_cb(), &s, &ctx, CB_ERR_BUF(err, sizeof err)), CB_ERR_INPUT);
  cr_expect(strstr(err, "--t-end") != NULL, "message: %s", err);
}

Test(harness, slow_run_times_out_with_time_reached) {
  RunSpec s;
  make_spec(&s, "test-slow", 1e-3);
  s.timeout = 0.15; /* 25 ms per output point: stops after ~6 of 10 */
  cJSON *rec = run_one(&s, 1);
  cr_expect_str_eq(jstr(rec, "status"), "timeout");
  double tr = jnum(rec, "t_reached");
  cr_expect(tr > 0.0 && tr < 0.1, "t_reached %g should be inside (0, 0.1)", tr);
  cJSON_Delete(rec);
}

/* Warnings that are not the physics guards' (explicit Euler gains g^2 h^2 / 2 per unit mass and
 * step in free fall, and the energy guard says so: tests/test_physics_guards.c). */
static int note_count(const cJSON *w) {
  int n = 0;
  const cJSON *x;
  cJSON_ArrayForEach(x, w) n += strncmp(x->valuestring, "physics:", 8) != 0;
  return n;
}

/* What an integrator cannot model reaches the record's warnings, once per distinct note. */
Test(harness, integrator_notes_become_record_warnings) {
  RunSpec s;
  make_spec(&s, "test-euler", 1e-2);
  cJSON *rec = run_one(&s, 1);
  const cJSON *w = cJSON_GetObjectItemCaseSensitive(rec, "warnings");
  cr_assert(cJSON_IsArray(w));
  cr_expect_eq(note_count(w), 0, "no note, no warning");
  cJSON_Delete(rec);
  snprintf(s.extra_key[0], sizeof s.extra_key[0], "note");
  snprintf(s.extra_value[0], sizeof s.extra_value[0], "one friction coefficient");
  s.nextra = 1;
  rec = run_one(&s, 1);
  w = cJSON_GetObjectItemCaseSensitive(rec, "warnings");
  cr_assert_eq(note_count(w), 1);
  cr_expect_str_eq(cJSON_GetArrayItem(w, 0)->valuestring, "test note: one friction coefficient");
  cJSON_Delete(rec);
  /* notes beyond the capacity are dropped, and the last slot says so */
  Integrator it;
  memset(&it, 0, sizeof it);
  for (int i = 0; i < CB_MAX_NOTES + 3; ++i) integrator_note(&it, "note %d", i);
  cr_expect_eq(it.nnotes, CB_MAX_NOTES);
  cr_expect_str_eq(it.notes[CB_MAX_NOTES - 1], "further integrator notes dropped");
}

Test(harness, failure_is_a_record_with_message_and_time) {
  RunSpec s;
  make_spec(&s, "test-fail", 1e-3);
  cJSON *rec = run_one(&s, 1);
  cr_expect_str_eq(jstr(rec, "status"), "failed");
  cr_expect(strstr(jstr(rec, "message"), "gives up") != NULL, "message: %s", jstr(rec, "message"));
  cr_expect(fabs(jnum(rec, "t_reached") - 0.05) < 1e-9, "reached %g", jnum(rec, "t_reached"));
  cJSON_Delete(rec);
}

/* ---- sweep: interruption and resume ---- */

static void write_json(const char *path, const cJSON *doc);

static int count_records(const char *dir, int *corrupt, int *tmp) {
  DIR *d = opendir(dir);
  if (!d) return 0;
  int n = 0;
  struct dirent *e;
  *corrupt = 0;
  *tmp = 0;
  while ((e = readdir(d))) {
    if (strstr(e->d_name, ".tmp.")) { ++*tmp; continue; }
    size_t l = strlen(e->d_name);
    if (l < 5 || strcmp(e->d_name + l - 5, ".json") || !strcmp(e->d_name, "sweep.json")) continue;
    char p[1024], err[256];
    snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
    char *text = file_read_all(p, NULL);
    cJSON *doc = text ? cJSON_Parse(text) : NULL;
    if (!doc || run_record_validate(doc, CB_ERR_BUF(err, sizeof err)) != 0) ++*corrupt;
    else ++n;
    cJSON_Delete(doc);
    free(text);
  }
  closedir(d);
  return n;
}

static void sweep_cfg(SweepConfig *c, const char *out) {
  char p[512];
  sweep_config_default(fx_cb(), c);
  scene_path(p, sizeof p);
  c->ncases = 1;
  snprintf(c->cases[0], sizeof c->cases[0], "%s", p);
  c->nintegrators = 1;
  snprintf(c->integrators[0], sizeof c->integrators[0], "test-slow");
  c->ndt = 6;
  double dts[6] = {2e-2, 1e-2, 5e-3, 2e-3, 1e-3, 5e-4};
  memcpy(c->dts, dts, sizeof dts);
  c->jobs = 1;
  c->quiet = 1;
  snprintf(c->out, sizeof c->out, "%s", out);
  snprintf(c->command, sizeof c->command, "cbench sweep (test)");
}

/* A sweep runs each job in one process and watches it itself: a hung job is killed past its
 * budget and the sweep writes its timeout record; the other jobs are data as usual. */
Test(harness, sweep_kills_a_hung_job_and_records_the_timeout) {
  char out[512], err[512];
  snprintf(out, sizeof out, "%s/sweep_hang", tmpdir);
  SweepConfig *c = malloc(sizeof *c);
  sweep_cfg(c, out);
  c->nintegrators = 2;
  snprintf(c->integrators[0], sizeof c->integrators[0], "test-hang");
  snprintf(c->integrators[1], sizeof c->integrators[1], "test-euler");
  c->nacc = 1;
  c->accuracies[0] = 1e-3;
  c->ndt = 1;
  c->dts[0] = 1e-3;
  c->run.timeout = 0.3;
  c->jobs = 2;
  double t0 = clock_monotonic();
  cr_assert_eq(sweep_run(fx_cb(), c, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cr_expect_lt(clock_monotonic() - t0, 30.0, "the hung job was killed");
  char all[700];
  snprintf(all, sizeof all, "%s/sweep.json", out);
  cJSON *arr = records_load_file(all, CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(arr, "%s", err);
  cr_assert_eq(cJSON_GetArraySize(arr), 2);
  int timeouts = 0, oks = 0;
  const cJSON *r;
  cJSON_ArrayForEach(r, arr) {
    const char *name = jstr(r, "integrator"), *st = jstr(r, "status");
    if (!strcmp(name, "test-hang")) {
      timeouts += !strcmp(st, "timeout");
      cr_expect_str_eq(st, "timeout", "%s", jstr(r, "message"));
      cr_expect(strstr(jstr(r, "message"), "killed after exceeding the wall-time budget of 0.3 s"), "%s",
                jstr(r, "message"));
    } else {
      oks += !strcmp(st, "ok");
    }
  }
  cr_expect_eq(timeouts, 1, "the hung job is a timeout record");
  cr_expect_eq(oks, 1, "the other job ran");
  cJSON_Delete(arr);
  free(c);
}

Test(harness, interrupted_sweep_resumes_without_lost_or_corrupt_records) {
  char out[512], err[512];
  snprintf(out, sizeof out, "%s/sweep", tmpdir);
  SweepConfig *c = malloc(sizeof *c);
  sweep_cfg(c, out);
  fflush(NULL);
  pid_t pid = fork();
  cr_assert(pid >= 0);
  if (pid == 0) _exit(sweep_run(fx_cb(), c, CB_ERR_BUF(err, sizeof err)) == CB_OK ? 0 : 1);
  /* Kill the sweep once two records exist (each run takes ~0.5 s). */
  int corrupt = 0, tmp = 0, n = 0;
  double t0 = clock_monotonic();
  while ((n = count_records(out, &corrupt, &tmp)) < 2 && clock_monotonic() - t0 < 60) sleep_ms(20);
  kill(pid, SIGKILL);
  int ws;
  waitpid(pid, &ws, 0);
  sleep_ms(200); /* let the job processes die with their parent */
  n = count_records(out, &corrupt, &tmp);
  cr_assert(n >= 2 && n < 6, "killed sweep left %d records", n);
  cr_expect_eq(corrupt, 0, "no corrupt record after the kill");

  /* Remember the finished records: the resumed sweep must keep them as they are. */
  struct { char name[600]; ino_t ino; struct timespec mt; } before[6];
  int nb = 0;
  DIR *d = opendir(out);
  struct dirent *e;
  while ((e = readdir(d)) && nb < 6) {
    size_t l = strlen(e->d_name);
    if (l > 5 && !strcmp(e->d_name + l - 5, ".json")) {
      struct stat st;
      snprintf(before[nb].name, sizeof before[nb].name, "%.300s/%.255s", out, e->d_name);
      stat(before[nb].name, &st);
      before[nb].ino = st.st_ino;
      before[nb].mt = st.st_mtim;
      ++nb;
    }
  }
  closedir(d);

  cr_assert_eq(sweep_run(fx_cb(), c, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  n = count_records(out, &corrupt, &tmp);
  cr_expect_eq(n, 6, "all six records after resuming, got %d", n);
  cr_expect_eq(corrupt, 0);
  cr_expect_eq(tmp, 0, "no temporary file left");
  for (int i = 0; i < nb; ++i) {
    struct stat st;
    cr_assert_eq(stat(before[i].name, &st), 0);
    cr_expect(st.st_ino == before[i].ino && st.st_mtim.tv_sec == before[i].mt.tv_sec &&
                  st.st_mtim.tv_nsec == before[i].mt.tv_nsec,
              "%s was redone", before[i].name);
  }
  /* A record made with other settings (a different spec key) is redone, not reused. */
  char *text = file_read_all(before[0].name, NULL);
  cJSON *doc = cJSON_Parse(text);
  free(text);
  cJSON *keyj = cJSON_GetObjectItemCaseSensitive(doc, "spec_key");
  cr_assert(cJSON_IsString(keyj), "the record holds its spec key");
  char good_key[2048];
  snprintf(good_key, sizeof good_key, "%s", keyj->valuestring);
  cJSON_ReplaceItemInObjectCaseSensitive(doc, "spec_key", cJSON_CreateString("scene=other;integrator=other"));
  write_json(before[0].name, doc);
  cJSON_Delete(doc);
  cr_assert_eq(sweep_run(fx_cb(), c, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  text = file_read_all(before[0].name, NULL);
  doc = cJSON_Parse(text);
  free(text);
  cr_expect_str_eq(jstr(doc, "spec_key"), good_key, "record from other settings must be redone");
  cJSON_Delete(doc);

  char all[700];
  snprintf(all, sizeof all, "%s/sweep.json", out);
  cJSON *arr = records_load_file(all, CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(arr, "%s", err);
  cr_expect_eq(cJSON_GetArraySize(arr), 6);
  cJSON_Delete(arr);

  /* Plot: table and scripts always; figures when gnuplot is installed. */
  cr_assert_eq(plot_dir(out, 1, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  char f[800];
  snprintf(f, sizeof f, "%s/plots/records.tsv", out);
  cr_expect(file_exists(f));
  snprintf(f, sizeof f, "%s/plots/tiny_ball.gp", out);
  cr_expect(file_exists(f));
  if (system("command -v gnuplot >/dev/null 2>&1") == 0) {
    snprintf(f, sizeof f, "%s/plots/tiny_ball_work_accuracy.png", out);
    struct stat st;
    cr_expect(stat(f, &st) == 0 && st.st_size > 1000, "%s missing or empty", f);
  }
  free(c);
}

/* ---- schema ---- */

Test(harness, schema_validator_accepts_records_and_rejects_broken_ones) {
  RunSpec s;
  make_spec(&s, "test-euler", 1e-2);
  cJSON *rec = run_one(&s, 0);
  char err[256];
  cr_assert_eq(run_record_validate(rec, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  struct { const char *field; cJSON *(*make)(void); const char *want; } bad[] = {
      {"status", NULL, "status"},
      {"schema", NULL, "schema"},
      {"counters", NULL, "counters"},
      {"params", NULL, "params"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
    cJSON *c = cJSON_Duplicate(rec, 1);
    cJSON_DeleteItemFromObjectCaseSensitive(c, bad[i].field);
    cr_expect_neq(run_record_validate(c, CB_ERR_BUF(err, sizeof err)), 0, "missing %s accepted", bad[i].field);
    cr_expect(strstr(err, bad[i].want) != NULL, "message '%s' should name %s", err, bad[i].want);
    cJSON_Delete(c);
  }
  cJSON *c = cJSON_Duplicate(rec, 1);
  cJSON_ReplaceItemInObjectCaseSensitive(c, "status", cJSON_CreateString("great"));
  cr_expect_neq(run_record_validate(c, CB_ERR_BUF(err, sizeof err)), 0, "unknown status accepted");
  cJSON_ReplaceItemInObjectCaseSensitive(c, "status", cJSON_CreateString("failed"));
  cr_expect_neq(run_record_validate(c, CB_ERR_BUF(err, sizeof err)), 0, "failed record without message accepted");
  cJSON_Delete(c);
  c = cJSON_Duplicate(rec, 1);
  cJSON *w = cJSON_GetObjectItemCaseSensitive(c, "wall_time");
  cJSON_ReplaceItemInObjectCaseSensitive(w, "min", cJSON_CreateNumber(1e9));
  cr_expect_neq(run_record_validate(c, CB_ERR_BUF(err, sizeof err)), 0, "min > median accepted");
  cJSON_Delete(c);
  cJSON_Delete(rec);
}

/* ---- results folders that cannot all be read ---- */

/* A figure or summary made from a folder with an unreadable record would silently show fewer
 * results: plot, export and merge fail naming the file and the reason, and write nothing. JSON
 * that is not a record (a scene file beside the records) is skipped. */
Test(harness, an_unreadable_record_in_a_results_folder_is_an_error_not_a_smaller_figure) {
  RunSpec s;
  make_spec(&s, "test-euler", 1e-2);
  cJSON *rec = run_one(&s, 0);
  char dir[700], path[800], err[1024];
  snprintf(dir, sizeof dir, "%s/records", tmpdir);
  cr_assert_eq(dir_make_parents(dir), 0);
  snprintf(path, sizeof path, "%s/a.json", dir);
  write_json(path, rec);
  snprintf(path, sizeof path, "%s/scene.json", dir);
  fx_write_text(path, "{\"name\": \"not a record\", \"bodies\": []}");
  cJSON *arr = records_load_dir(dir, CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(arr, "%s", err);
  cr_expect_eq(cJSON_GetArraySize(arr), 1, "the record, not the scene file");
  cr_expect_str_eq(err, "");
  cJSON_Delete(arr);
  cr_expect_eq(plan_merge(dir, NULL, stdout, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);

  struct { const char *text; const char *want; } bad[] = {
      {"{\"schema\": \"cbench.run/1\", \"case\": ", "not valid JSON"}, /* a truncated file */
      {NULL, "status"},                                                   /* a record without its status */
      {NULL, "entry 1"},                                                  /* an array with one bad entry */
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
    snprintf(dir, sizeof dir, "%s/broken%zu", tmpdir, i);
    cr_assert_eq(dir_make_parents(dir), 0);
    snprintf(path, sizeof path, "%s/a.json", dir);
    write_json(path, rec);
    snprintf(path, sizeof path, "%s/b.json", dir);
    cJSON *broken = cJSON_Duplicate(rec, 1);
    cJSON_DeleteItemFromObjectCaseSensitive(broken, "status");
    if (bad[i].text) fx_write_text(path, bad[i].text);
    else if (i == 1) write_json(path, broken);
    else {
      cJSON *two = cJSON_CreateArray();
      cJSON_AddItemToArray(two, cJSON_Duplicate(rec, 1));
      cJSON_AddItemToArray(two, cJSON_Duplicate(broken, 1));
      write_json(path, two);
      cJSON_Delete(two);
    }
    cJSON_Delete(broken);
    err[0] = '\0';
    cr_expect_null(records_load_dir(dir, CB_ERR_BUF(err, sizeof err)), "%s: loaded", bad[i].want);
    cr_expect(strstr(err, "b.json") && strstr(err, bad[i].want), "'%s' should name b.json and %s", err, bad[i].want);
    err[0] = '\0';
    cr_expect_eq(plot_dir(dir, 0, CB_ERR_BUF(err, sizeof err)), CB_ERR_INPUT, "plot of a folder with %s", bad[i].want);
    cr_expect(strstr(err, "b.json") != NULL, "plot: '%s' should name b.json", err);
    snprintf(path, sizeof path, "%s/plots", dir);
    cr_expect(!file_exists(path), "no plots from a folder with %s", bad[i].want);
    err[0] = '\0';
    cr_expect_eq(plan_merge(dir, NULL, stdout, CB_ERR_BUF(err, sizeof err)), CB_ERR_INPUT, "merge of a folder with %s", bad[i].want);
    cr_expect(strstr(err, "b.json") != NULL, "merge: '%s' should name b.json", err);
    snprintf(path, sizeof path, "%s/sweep.json", dir);
    cr_expect(!file_exists(path), "no sweep.json from a folder with %s", bad[i].want);
  }
  /* one file: its invalid entries are named, and plot refuses it */
  snprintf(path, sizeof path, "%s/broken2/b.json", tmpdir);
  cr_expect_eq(plot_dir(path, 0, CB_ERR_BUF(err, sizeof err)), CB_ERR_INPUT);
  cr_expect(strstr(err, "entry 1") != NULL, "'%s' should name entry 1", err);
  snprintf(path, sizeof path, "%s/broken2/b.json.plots", tmpdir);
  cr_expect(!file_exists(path), "no plots from a file with an invalid entry");
  cJSON_Delete(rec);
}

/* ---- compare and export ---- */

static void write_json(const char *path, const cJSON *doc) {
  char *t = cJSON_Print(doc);
  fx_write_text(path, t);
  free(t);
}

Test(harness, compare_flags_doctored_counter_and_passes_identical) {
  RunSpec s;
  make_spec(&s, "test-euler", 1e-2);
  cJSON *rec = run_one(&s, 0);
  cJSON *base = cJSON_CreateArray();
  cJSON_AddItemToArray(base, cJSON_Duplicate(rec, 1));
  s.dt = 5e-3;
  cJSON_AddItemToArray(base, run_one(&s, 0));
  CompareOptions o;
  compare_options_default(&o);
  FILE *devnull = fopen("/dev/null", "w");
  cr_expect_eq(compare_records(base, base, &o, devnull), 0, "identical files must pass");

  cJSON *doctored = cJSON_Duplicate(base, 1);
  cJSON *cnt = cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(doctored, 1), "counters");
  cJSON *steps = cJSON_GetObjectItemCaseSensitive(cnt, "steps");
  cJSON_SetNumberValue(steps, steps->valuedouble + 1);
  cr_expect_eq(compare_records(base, doctored, &o, devnull), 1, "one changed counter = one regression");
  o.counter_tolerance = 0.5;
  cr_expect_eq(compare_records(base, doctored, &o, devnull), 0, "within a 50%% counter tolerance");
  compare_options_default(&o);

  cJSON *slower = cJSON_Duplicate(base, 1);
  cJSON *w = cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(slower, 0), "wall_time");
  cJSON_SetNumberValue(cJSON_GetObjectItemCaseSensitive(w, "median"), 3.0);
  cJSON_SetNumberValue(cJSON_GetObjectItemCaseSensitive(w, "max"), 3.0);
  cJSON *wb = cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(base, 0), "wall_time");
  cJSON_SetNumberValue(cJSON_GetObjectItemCaseSensitive(wb, "median"), 1.0);
  cJSON_SetNumberValue(cJSON_GetObjectItemCaseSensitive(wb, "max"), 1.0);
  cr_expect_eq(compare_records(base, slower, &o, devnull), 1, "3x slower must regress");
  o.time_tolerance = 4.0;
  cr_expect_eq(compare_records(base, slower, &o, devnull), 0, "3x within a 4x allowance");
  compare_options_default(&o);

  cJSON *missing = cJSON_Duplicate(base, 1);
  cJSON_DeleteItemFromArray(missing, 1);
  cr_expect_eq(compare_records(base, missing, &o, devnull), 1, "a missing run is a regression");

  /* A run over another horizon is another run, not the same one with other counters. */
  cJSON *longer = cJSON_Duplicate(base, 1);
  cJSON *params = cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(longer, 0), "params");
  cJSON_SetNumberValue(cJSON_GetObjectItemCaseSensitive(params, "t_end"),
                       2.0 * cJSON_GetObjectItemCaseSensitive(params, "t_end")->valuedouble);
  cr_expect_eq(compare_records(base, longer, &o, devnull), 1, "a record with another t_end must not match");
  cJSON_Delete(longer);
  fclose(devnull);

  /* The CLI gate: exit 0 on identical files, 1 on the doctored one. */
  char b[512], n[512], args[1200], e[8192];
  snprintf(b, sizeof b, "%s/base.json", tmpdir);
  snprintf(n, sizeof n, "%s/new.json", tmpdir);
  write_json(b, base);
  write_json(n, base);
  snprintf(args, sizeof args, "compare %s %s", b, n);
  cr_expect_eq(cli(args, e, sizeof e), 0, "%s", e);
  write_json(n, doctored);
  cr_expect_eq(cli(args, e, sizeof e), 1, "%s", e);
  char *outp;
  char so[600];
  snprintf(so, sizeof so, "%s/stdout.txt", tmpdir);
  outp = file_read_all(so, NULL);
  cr_expect(outp && strstr(outp, "steps") && strstr(outp, "REGRESSION"), "table:\n%s", outp ? outp : "");
  free(outp);
  /* A record written before a counter was added (CB_COUNTERS_ADDED) is still a record and is
   * compared on the rest; one without a counter every record has is not a record, and compare
   * fails instead of comparing nothing (an old baseline once passed with 0 runs compared). */
  cJSON *older = cJSON_Duplicate(base, 1), *broken = cJSON_Duplicate(base, 1), *item;
  cJSON_ArrayForEach(item, older) cJSON_DeleteItemFromObject(cJSON_GetObjectItemCaseSensitive(item, "counters"), "newton_dofs");
  cJSON_DeleteItemFromObject(cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(broken, 0), "counters"), "steps");
  write_json(b, older);
  write_json(n, base);
  cr_expect_eq(cli(args, e, sizeof e), 0, "%s", e);
  outp = file_read_all(so, NULL);
  cr_expect(outp && strstr(outp, "2 run(s) compared"), "older baseline:\n%s", outp ? outp : "");
  free(outp);
  write_json(b, broken);
  cr_expect_eq(cli(args, e, sizeof e), 1, "%s", e);
  cr_expect(strstr(e, "1 entry is not a valid cbench.run/1 record (first: entry 0: "), "stderr: %s", e);
  cr_expect(strstr(e, "steps"), "names the field: %s", e);
  cJSON_Delete(older);
  cJSON_Delete(broken);

  /* Export. */
  cJSON *gab = export_records(base, "gab");
  cr_assert(cJSON_IsArray(gab));
  int ncounters = 0;
  while (run_counter_names[ncounters]) ++ncounters;
  cr_expect_eq(cJSON_GetArraySize(gab), 2 * (1 + ncounters), "work + every counter per ok record");
  cJSON *first = cJSON_GetArrayItem(gab, 0);
  cr_expect(cJSON_IsString(cJSON_GetObjectItemCaseSensitive(first, "name")) &&
            cJSON_IsString(cJSON_GetObjectItemCaseSensitive(first, "unit")) &&
            cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(first, "value")));
  cJSON *gb = export_records(base, "gbench");
  cJSON *bm = cJSON_GetObjectItemCaseSensitive(gb, "benchmarks");
  cr_expect_eq(cJSON_GetArraySize(bm), 2);
  cr_expect_eq(jnum(cJSON_GetArrayItem(bm, 1), "steps"), 20, "0.1 s at dt 5 ms");
  cr_expect_null(export_records(base, "csv"));
  cJSON_Delete(gab);
  cJSON_Delete(gb);
  cJSON_Delete(missing);
  cJSON_Delete(slower);
  cJSON_Delete(doctored);
  cJSON_Delete(base);
  cJSON_Delete(rec);
}

Test(harness, atomic_write_replaces_whole_file) {
  char p[512], err[256];
  snprintf(p, sizeof p, "%s/atomic.txt", tmpdir);
  cr_assert_eq(file_write_atomic(p, "first version\n", 14, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cr_assert_eq(file_write_atomic(p, "v2\n", 3, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  size_t len;
  char *t = file_read_all(p, &len);
  cr_expect_eq(len, 3);
  cr_expect_str_eq(t, "v2\n");
  free(t);
  int corrupt, tmp;
  count_records(tmpdir, &corrupt, &tmp);
  cr_expect_eq(tmp, 0, "no temporary file left behind");
}

/* dir_list (harness/common/files.h), which lists cases, recipes, paper data, plots and records: files
 * with the suffix only, hidden ones and too-long names left out, sorted, at most max. */
Test(harness, dir_list_gives_sorted_matching_names) {
  char d[600], p[900], names[4][16];
  snprintf(d, sizeof d, "%s/listing", tmpdir);
  cr_assert_eq(dir_make_parents(d), 0);
  const char *files[] = {"b.json", "a.json", ".hidden.json", "c.txt", "x.json.tmp.1", "very_long_name.json", "json"};
  for (size_t i = 0; i < sizeof files / sizeof files[0]; ++i) {
    snprintf(p, sizeof p, "%s/%s", d, files[i]);
    fx_write_text(p, "{}");
  }
  cr_assert_eq(dir_list(d, ".json", &names[0][0], 16, 4), 2);
  cr_expect_str_eq(names[0], "a.json");
  cr_expect_str_eq(names[1], "b.json");
  cr_expect_eq(dir_list(d, ".json", &names[0][0], 16, 1), 1, "max is respected");
  snprintf(p, sizeof p, "%s/no_such_folder", tmpdir);
  cr_expect_eq(dir_list(p, ".json", &names[0][0], 16, 4), -1);
}

/* conservative_model (physics.energy) is 1 only when nothing does work on the system: a
 * kinematic body or a joint limit (spring-damper) makes energy drift physical, not numerical. */
Test(harness, conservative_model_flag_excludes_kinematic_bodies_and_joint_limits) {
  static const char *fmt =
      "{\"duration\": 1, \"materials\": [{\"name\": \"m\", \"stiffness\": 1e4, \"mu\": 0.5}],\n"
      " \"world_geoms\": [{\"type\": \"plane\", \"material\": \"m\"}],\n"
      " \"bodies\": [{\"name\": \"ball\", \"joint\": \"free\", \"mass\": 0.1,\n"
      "   \"geoms\": [{\"type\": \"sphere\", \"size\": 0.05, \"material\": \"m\"}], \"q0\": {\"pos\": [0, 0, 1]}},\n"
      "  {\"name\": \"arm\", \"joint\": {\"type\": \"revolute\", \"axis\": [0, 1, 0]%s}, \"mass\": 1, \"inertia\": [1, 1, 1]}%s]}";
  static const char *kin =
      ",\n  {\"name\": \"plate\", \"joint\": {\"type\": \"fixed\", \"pos\": [2, 0, 0]}, \"mass\": 1,"
      " \"geoms\": [{\"type\": \"box\", \"size\": 0.1, \"material\": \"m\"}],"
      " \"kinematic\": {\"dir\": [1, 0, 0], \"amp\": 0.1, \"freq\": 1}}";
  struct { const char *limit, *extra; int want; } cases[] = {
      {"", "", 1}, {", \"limit\": [-1, 1]", "", 0}, {"", kin, 0}, {", \"damping\": 0.1", "", 0}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    char json[2048], err[512];
    snprintf(json, sizeof json, fmt, cases[i].limit, cases[i].extra);
    Model *m = scene_load_string(json, "conservative", CB_ERR_BUF(err, sizeof err));
    cr_assert_not_null(m, "case %zu: %s", i, err);
    cr_expect_eq(metrics_model_conservative(m), cases[i].want, "case %zu", i);
    model_free(m);
  }
}

/* ---- plans (Slurm job arrays without Slurm: each line run by hand) ---- */

static int read_lines(const char *path, char lines[][4096], int max) {
  FILE *f = fopen(path, "r");
  cr_assert_not_null(f, "no %s", path);
  int n = 0;
  while (n < max && fgets(lines[n], 4096, f)) {
    lines[n][strcspn(lines[n], "\n")] = 0;
    if (lines[n][0]) ++n;
  }
  fclose(f);
  return n;
}

Test(harness, plan_lines_are_self_contained_idempotent_and_merge_lists_the_missing) {
  char e[8192], args[2048], p[512], plan[600], out[600], lines[8][4096];
  scene_path(p, sizeof p);
  snprintf(plan, sizeof plan, "%s/grid.plan", tmpdir);
  snprintf(out, sizeof out, "%s/planned", tmpdir);
  snprintf(args, sizeof args,
           "sweep --cases %s --integrators cenic-sd,mujoco --accuracies 1e-2,1e-3 --dts 1e-2 --t-end 0.2 --out %s --plan %s",
           p, out, plan);
  cr_assert_eq(cli(args, e, sizeof e), 0, "%s", e);
  int n = read_lines(plan, lines, 8);
  cr_assert_eq(n, 3, "plan has %d lines", n);
  char recs[3][1024];
  for (int i = 0; i < n; ++i) {
    cr_expect(lines[i][0] == '/', "line %d does not start with an absolute binary: %s", i, lines[i]);
    cr_expect(strstr(lines[i], " --resume") && strstr(lines[i], " --timeout "), "line %d: %s", i, lines[i]);
    const char *j = strstr(lines[i], "--json ");
    cr_assert_not_null(j);
    sscanf(j + 7, "%1023s", recs[i]);
    cr_expect(recs[i][0] == '/' && !file_exists(recs[i]), "%s: not absolute, or written by --plan", recs[i]);
  }
  /* tasks 0 and 2 run, task 1 "killed" */
  char cmd[4400];
  for (int i = 0; i < n; i += 2) {
    snprintf(cmd, sizeof cmd, "%s >/dev/null 2>&1", lines[i]);
    cr_assert_eq(system(cmd), 0, "task %d failed: %s", i, lines[i]);
  }
  snprintf(args, sizeof args, "merge %s --plan %s", out, plan);
  cr_expect_eq(cli(args, e, sizeof e), 1, "merge with a missing point must exit 1");
  char so[700];
  snprintf(so, sizeof so, "%s/stdout.txt", tmpdir);
  char *text = file_read_all(so, NULL);
  cr_expect(text && strstr(text, "missing: task 1") && !strstr(text, "missing: task 0"), "merge said: %s", text);
  free(text);
  /* a rerun of a finished line leaves its record alone */
  struct stat before, after;
  cr_assert_eq(stat(recs[0], &before), 0);
  snprintf(cmd, sizeof cmd, "%s > %s/rerun.txt 2>&1", lines[0], tmpdir);
  cr_expect_eq(system(cmd), 0);
  cr_assert_eq(stat(recs[0], &after), 0);
  cr_expect(before.st_mtim.tv_sec == after.st_mtim.tv_sec && before.st_mtim.tv_nsec == after.st_mtim.tv_nsec,
            "--resume rewrote a complete record");
  snprintf(cmd, sizeof cmd, "%s >/dev/null 2>&1", lines[1]);
  cr_assert_eq(system(cmd), 0);
  snprintf(args, sizeof args, "merge %s --plan %s", out, plan);
  cr_expect_eq(cli(args, e, sizeof e), 0, "%s", e);
  cJSON *all = load_sweep(out);
  cr_expect_eq(cJSON_GetArraySize(all), 3);
  cJSON_Delete(all);
  /* a file that is not a plan is refused naming the line */
  char bad_plan[600];
  snprintf(bad_plan, sizeof bad_plan, "%s/bad.plan", tmpdir);
  fx_write_text(bad_plan, "echo hello\n");
  snprintf(args, sizeof args, "merge %s --plan %s", out, bad_plan);
  cr_expect_eq(cli(args, e, sizeof e), 2);
  cr_expect(strstr(e, "line 1") != NULL, "message: %s", e);
}

/* Sweep axes beyond accuracy and dt: option values, error norms and max steps form a grid;
 * an integrator without the option runs once without it; a second sweep reuses every record;
 * the plot draws one line per option value. */
Test(harness, sweep_axes_over_options_norms_and_max_steps_form_a_grid_and_resume) {
  char e[8192], args[2048], p[512], out[600];
  scene_path(p, sizeof p);
  snprintf(out, sizeof out, "%s/axes", tmpdir);
  snprintf(args, sizeof args,
           "sweep --cases %s --integrators cenic-sd,tamsi --accuracies 1e-2,1e-3 --dts 1e-2 --error-norms q,full "
           "--max-steps 0.05 --opt ls_init=cubic,one --t-end 0.1 --out %s",
           p, out);
  cr_assert_eq(cli(args, e, sizeof e), 0, "%s", e);
  cr_expect(strstr(e, "tamsi takes no option ls_init") != NULL, "no note for tamsi: %s", e);
  cJSON *all = load_sweep(out);
  /* cenic-sd: 2 accuracies x 2 norms x 1 max step x 2 inits; tamsi: 1 dt */
  cr_expect_eq(cJSON_GetArraySize(all), 2 * 2 * 2 + 1);
  int one_full = 0;
  const cJSON *r;
  cJSON_ArrayForEach(r, all) {
    const cJSON *prm = cJSON_GetObjectItem(r, "params");
    if (!strcmp(jstr(r, "integrator"), "tamsi")) {
      cr_expect_eq(cJSON_GetArraySize(cJSON_GetObjectItem(prm, "options")), 0, "tamsi got the ls_init axis");
      continue;
    }
    const cJSON *ls = cJSON_GetObjectItem(cJSON_GetObjectItem(prm, "options"), "ls_init");
    cr_assert(cJSON_IsString(ls));
    cr_expect(jnum(prm, "max_step") == 0.05);
    cr_expect(cJSON_IsFalse(cJSON_GetObjectItem(prm, "error_norm_default")));
    one_full += !strcmp(ls->valuestring, "one") && !strcmp(jstr(prm, "error_norm"), "full");
  }
  cr_expect_eq(one_full, 2, "ls_init=one with the full norm: %d records, expected 2", one_full);
  cJSON_Delete(all);
  /* the same sweep again: every record is reused */
  cr_assert_eq(cli(args, e, sizeof e), 0, "%s", e);
  cr_expect(strstr(e, "9/9 done (9 reused)") != NULL, "second sweep did not reuse: %s", e);
  /* one line per initialization and norm */
  snprintf(args, sizeof args, "plot %s --no-gnuplot", out);
  cr_assert_eq(cli(args, e, sizeof e), 0, "%s", e);
  char dat[800];
  snprintf(dat, sizeof dat, "%s/plots/tiny_ball/cenic-sd_ls_init-one_full-norm_hmax-0.05.dat", out);
  cr_expect(file_exists(dat), "no %s", dat);
  /* a bad axis value is an argument error */
  snprintf(args, sizeof args, "sweep --cases %s --error-norms q,sideways --out %s", p, out);
  cr_expect_eq(cli(args, e, sizeof e), 2);
  cr_expect(strstr(e, "sideways") != NULL, "message: %s", e);
}

/* Scene parameters by JSON path: a sweep axis whose records carry the values and the modified
 * scene's hash (and no reference error: the case's reference is for the unmodified scene); a
 * path that does not exist or a value of the wrong type is an argument error naming the path. */
Test(harness, scene_parameters_are_an_axis_and_bad_paths_are_named) {
  char e[8192], args[2048], p[512], out[600];
  scene_path(p, sizeof p);
  snprintf(out, sizeof out, "%s/params", tmpdir);
  snprintf(args, sizeof args,
           "sweep --cases %s --integrators cenic-fixed --dts 1e-2 --param bodies[0].q0.pos[2]=1,2 --out %s", p, out);
  cr_assert_eq(cli(args, e, sizeof e), 0, "%s", e);
  cJSON *all = load_sweep(out);
  cr_assert_eq(cJSON_GetArraySize(all), 2);
  const char *h0 = jstr(cJSON_GetArrayItem(all, 0), "scene_hash"), *h1 = jstr(cJSON_GetArrayItem(all, 1), "scene_hash");
  cr_expect(strcmp(h0, h1) != 0, "both runs have scene hash %s", h0);
  double z_end[2];
  for (int i = 0; i < 2; ++i) {
    const cJSON *r = cJSON_GetArrayItem(all, i);
    const cJSON *sp = cJSON_GetObjectItem(cJSON_GetObjectItem(r, "params"), "scene_params");
    const char *v = jstr(sp, "bodies[0].q0.pos[2]");
    cr_expect(!strcmp(v, "1") || !strcmp(v, "2"), "scene_params: %s", v);
    cr_expect(strstr(jstr(r, "command"), "--param bodies[0].q0.pos[2]=") != NULL, "%s", jstr(r, "command"));
    z_end[i] = jnum(r, "physics.energy.start");
  }
  cr_expect(fabs(fabs(z_end[0] - z_end[1]) - 0.1 * 9.81) < 1e-9, "the start heights did not change the energy: %g %g",
            z_end[0], z_end[1]);
  cJSON_Delete(all);
  struct { const char *param, *msg; } bad[] = {
      {"bodies[3].mass=1", "bodies[3].mass: no such path"},
      {"bodies[0].mass=heavy", "holds a number there, got 'heavy'"},
      {"bodies[0].q0=1", "cannot be set"},
  };
  for (size_t k = 0; k < sizeof bad / sizeof bad[0]; ++k) {
    snprintf(args, sizeof args, "run --case %s --integrator cenic-fixed --dt 1e-2 --param %s", p, bad[k].param);
    cr_expect_eq(cli(args, e, sizeof e), 2, "%s accepted", bad[k].param);
    cr_expect(strstr(e, bad[k].msg) && strstr(e, "tiny_ball.json"), "--param %s: %s", bad[k].param, e);
  }
}

/* Splits a CSV line in place into at most max fields (empty fields kept); returns the count. */
static int split_csv(char *line, char **fld, int max) {
  int nf = 0;
  for (char *p = line, *q; nf < max; p = q + 1) {
    fld[nf++] = p;
    q = strpbrk(p, ",\n");
    if (!q) break;
    *q = 0;
  }
  return nf;
}

/* --step-log: one row per attempted step; the columns sum to the record's counters of the
 * error run, for every integrator family (SUNDIALS rows cover several steps). */
Test(harness, step_log_rows_sum_to_the_record_counters) {
  const char *specs[][2] = {{"cenic-sd", "1e-3"}, {"cenic-fixed", "1e-2"}, {"tamsi", "1e-2"}, {"tamsi-sd", "1e-3"},
                            {"bdf", "1e-4"}, {"mujoco", "1e-2"}};
  for (size_t k = 0; k < sizeof specs / sizeof specs[0]; ++k) {
    RunSpec s;
    char err[512], path[600];
    run_spec_init(&s);
    cr_assert_eq(run_spec_set_case(&s, fx_cb()->cases_dir, "cases/sliding_cube.json", CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
    snprintf(s.integrator, sizeof s.integrator, "%s", specs[k][0]);
    const IntegratorVtbl *vt = integrator_find(specs[k][0]);
    double param = atof(specs[k][1]);
    if (vt->fixed_step) s.has_dt = 1, s.dt = param; else s.has_accuracy = 1, s.accuracy = param;
    snprintf(path, sizeof path, "%s/steps_%zu.csv", tmpdir, k);
    snprintf(s.step_log, sizeof s.step_log, "%s", path);
    cJSON *rec = run_one(&s, 0);
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f, "%s: no step log", specs[k][0]);
    char line[512];
    cr_assert_not_null(fgets(line, sizeof line, f));
    cr_expect(strncmp(line, "t,h,accepted,why,error,steps,newton_iters,linesearch_iters,factorizations,wall_s,real_time_rate", 90) == 0,
              "header: %s", line);
    long acc = 0, rej = 0, newton = 0, ls = 0, fact = 0, rows = 0;
    double t_prev = -1;
    while (fgets(line, sizeof line, f)) {
      double t, h, e, w, rate;
      int a;
      char why[32];
      long st, nw, l, fa;
      /* empty fields (no error estimate) are skipped by reading the fields by hand */
      char *fld[11];
      int nf = split_csv(line, fld, 11);
      cr_assert_eq(nf, 11, "%s row %ld has %d fields", specs[k][0], rows, nf);
      t = atof(fld[0]); h = atof(fld[1]); a = atoi(fld[2]); snprintf(why, sizeof why, "%s", fld[3]);
      e = fld[4][0] ? atof(fld[4]) : NAN; st = atol(fld[5]); nw = atol(fld[6]); l = atol(fld[7]); fa = atol(fld[8]);
      w = atof(fld[9]); rate = fld[10][0] ? atof(fld[10]) : 0;
      (void)h; (void)e; (void)rate;
      cr_expect(t >= t_prev - 1e-12, "%s: rows out of time order", specs[k][0]);
      cr_expect(a ? !strcmp(why, "ok") : strcmp(why, "ok") != 0, "%s: accepted %d with why %s", specs[k][0], a, why);
      cr_expect(w >= 0);
      t_prev = t;
      if (a) acc += st; else rej += st;
      newton += nw, ls += l, fact += fa, rows++;
    }
    fclose(f);
    const cJSON *c = cJSON_GetObjectItem(rec, "counters");
    cr_expect_eq(acc, (long)jnum(c, "steps"), "%s: accepted %ld vs steps %g", specs[k][0], acc, jnum(c, "steps"));
    cr_expect_eq(rej, (long)jnum(c, "rejected"), "%s: rejected %ld vs %g", specs[k][0], rej, jnum(c, "rejected"));
    cr_expect_eq(newton, (long)jnum(c, "newton_iters"), "%s: newton %ld vs %g", specs[k][0], newton, jnum(c, "newton_iters"));
    cr_expect_eq(ls, (long)jnum(c, "linesearch_iters"), "%s: line search %ld", specs[k][0], ls);
    cr_expect_eq(fact, (long)jnum(c, "factorizations"), "%s: factorizations %ld", specs[k][0], fact);
    cr_expect(rows > 0);
    cJSON_Delete(rec);
  }
}

/* --newton-log: one row per Newton iteration; its fresh factorizations sum to the record's
 * counter, iterations number 0, 1, ... within each solve, and the log leaves the counters as
 * they are without it (no cost on the integration). bdf logs the header only. */
Test(harness, newton_log_rows_sum_to_factorizations_and_leave_counters_alone) {
  const char *specs[][3] = {{"cenic-sd", "1e-3", "hessian_reuse=1"}, {"cenic-fixed", "1e-2", ""},
                            {"tamsi", "1e-2", ""}, {"tamsi-sd", "1e-3", ""}, {"bdf", "1e-4", ""}};
  for (size_t k = 0; k < sizeof specs / sizeof specs[0]; ++k) {
    cJSON *recs[2];
    char path[600];
    snprintf(path, sizeof path, "%s/newton_%zu.csv", tmpdir, k);
    for (int logged = 0; logged < 2; ++logged) {
      RunSpec s;
      char err[512];
      run_spec_init(&s);
      cr_assert_eq(run_spec_set_case(&s, fx_cb()->cases_dir, "cases/sliding_cube.json", CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
      snprintf(s.integrator, sizeof s.integrator, "%s", specs[k][0]);
      const IntegratorVtbl *vt = integrator_find(specs[k][0]);
      double param = atof(specs[k][1]);
      if (vt->fixed_step) s.has_dt = 1, s.dt = param; else s.has_accuracy = 1, s.accuracy = param;
      if (specs[k][2][0]) cr_assert_eq(run_spec_add_option(&s, specs[k][2], CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
      if (logged) snprintf(s.newton_log, sizeof s.newton_log, "%s", path);
      recs[logged] = run_one(&s, 0);
    }
    const cJSON *c0 = cJSON_GetObjectItem(recs[0], "counters"), *c = cJSON_GetObjectItem(recs[1], "counters");
    const char *names[] = {"steps", "rejected", "newton_iters", "factorizations", "linesearch_iters"};
    for (int i = 0; i < 5; ++i)
      cr_expect_eq(jnum(c0, names[i]), jnum(c, names[i]), "%s: %s %g without the log, %g with it", specs[k][0], names[i],
                   jnum(c0, names[i]), jnum(c, names[i]));
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f, "%s: no Newton log", specs[k][0]);
    char line[512];
    cr_assert_not_null(fgets(line, sizeof line, f));
    cr_expect(strncmp(line, "row,solve,t,h,iter,residual,tol,alpha,refactorized\n", 51) == 0, "header: %s", line);
    long rows = 0, fact = 0, solve_prev = -1, iter_prev = -1;
    while (fgets(line, sizeof line, f)) {
      char *fld[9];
      int nf = split_csv(line, fld, 9);
      cr_assert_eq(nf, 9, "%s row %ld has %d fields", specs[k][0], rows, nf);
      long row = atol(fld[0]), solve = atol(fld[1]), iter = atol(fld[4]);
      cr_expect_eq(row, rows, "%s: row %ld numbered %ld", specs[k][0], rows, row);
      if (iter == 0) cr_expect_eq(solve, solve_prev + 1, "%s: a solve starts at iter 0", specs[k][0]);
      else cr_expect(solve == solve_prev && iter == iter_prev + 1, "%s row %ld: iter %ld after %ld", specs[k][0], rows, iter, iter_prev);
      cr_expect(fld[5][0] && atof(fld[5]) >= 0, "%s: residual '%s'", specs[k][0], fld[5]);
      solve_prev = solve, iter_prev = iter;
      fact += atol(fld[8]);
      rows++;
    }
    fclose(f);
    if (!strcmp(specs[k][0], "bdf")) cr_expect_eq(rows, 0, "bdf has no Newton observer: header only");
    else {
      cr_expect_gt(rows, 0, "%s: no rows", specs[k][0]);
      cr_expect_eq(fact, (long)jnum(c, "factorizations"), "%s: refactorized rows %ld, factorizations %g", specs[k][0], fact,
                   jnum(c, "factorizations"));
    }
    cJSON_Delete(recs[0]);
    cJSON_Delete(recs[1]);
  }
}

/* --energy: the balance E - E(0) - W_external stays at zero on a conservative model (double
 * pendulum, bdf 1e-9: quadrature and integration error only) and never turns positive where
 * friction dissipates the work that an applied force (dragged cube) or a belt (conveyor) puts in. */
static double energy_series(const char *case_path, const char *integrator, double acc, const char *out,
                            double *min_balance, double *work_end) {
  RunSpec s;
  char err[512];
  run_spec_init(&s);
  cr_assert_eq(run_spec_set_case(&s, fx_cb()->cases_dir, case_path, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  snprintf(s.integrator, sizeof s.integrator, "%s", integrator);
  s.has_accuracy = 1;
  s.accuracy = acc;
  snprintf(s.energy_log, sizeof s.energy_log, "%s", out);
  cJSON *rec = run_one(&s, 0);
  cJSON_Delete(rec);
  FILE *f = fopen(out, "r");
  cr_assert_not_null(f, "no %s", out);
  char line[512];
  cr_assert_not_null(fgets(line, sizeof line, f));
  cr_expect_str_eq(line, "t,kinetic,potential,contact_springs,total,power_external,work_external,balance\n");
  double maxb = -INFINITY;
  *min_balance = INFINITY;
  while (fgets(line, sizeof line, f)) {
    double v[8];
    cr_assert_eq(sscanf(line, "%lf,%lf,%lf,%lf,%lf,%lf,%lf,%lf", v, v + 1, v + 2, v + 3, v + 4, v + 5, v + 6, v + 7), 8);
    cr_expect(fabs(v[4] - (v[1] + v[2] + v[3])) <= 1e-9 * (1 + fabs(v[1]) + fabs(v[2]) + fabs(v[3])), "total is not the sum: %s", line);
    maxb = fmax(maxb, v[7]);
    *min_balance = fmin(*min_balance, v[7]);
    *work_end = v[6];
  }
  fclose(f);
  return maxb;
}

Test(harness, energy_series_balances_work_and_dissipation) {
  char out[600];
  double minb, work;
  snprintf(out, sizeof out, "%s/e_pendulum.csv", tmpdir);
  double maxb = energy_series("cases/double_pendulum.json", "bdf", 1e-9, out, &minb, &work);
  cr_expect(maxb < 1e-5 && minb > -1e-5, "conservative pendulum: balance in [%g, %g]", minb, maxb);
  cr_expect_eq(work, 0.0);
  snprintf(out, sizeof out, "%s/e_dragged.csv", tmpdir);
  maxb = energy_series("cases/dragged_cube.json", "bdf", 1e-6, out, &minb, &work);
  cr_expect(work > 1.0, "the applied force did %g J", work);
  cr_expect(maxb < 1e-3 && minb < -0.1 * work, "dragged cube: balance in [%g, %g], work %g", minb, maxb, work);
  snprintf(out, sizeof out, "%s/e_conveyor.csv", tmpdir);
  maxb = energy_series("cases/conveyor.json", "bdf", 1e-6, out, &minb, &work);
  cr_expect(work > 0.1, "the belt did %g J", work);
  cr_expect(maxb < 1e-3 && minb < -0.1 * work, "conveyor: balance in [%g, %g], work %g", minb, maxb, work);
}

/* --contact-forces: the cylinder resting on the table at the end carries its weight (body row
 * fz = m g, pair fn the same), and the sliding cube's friction is mu_d f_n while it slides. */
Test(harness, contact_force_series_carry_the_weight_and_coulomb_friction) {
  /* the force law at the state (bdf) and the schemes' own impulses / h (CENIC) and forces (TAMSI) */
  struct { const char *integrator; double param; int fixed; const char *source; } runs[] = {
      {"bdf", 1e-7, 0, "force law"}, {"cenic-sd", 1e-4, 0, "impulse/h"}, {"cenic-fixed", 1e-3, 1, "impulse/h"},
      {"tamsi", 1e-3, 1, "impulse/h"}};
  const char *cases[2] = {"cases/cylinder_table.json", "cases/sliding_cube.json"};
  for (size_t r = 0; r < sizeof runs / sizeof runs[0]; ++r)
  for (int k = 0; k < 2; ++k) {
    RunSpec s;
    char err[512], out[600];
    run_spec_init(&s);
    cr_assert_eq(run_spec_set_case(&s, fx_cb()->cases_dir, cases[k], CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
    snprintf(s.integrator, sizeof s.integrator, "%s", runs[r].integrator);
    s.has_accuracy = !runs[r].fixed;
    s.accuracy = runs[r].param;
    s.has_dt = runs[r].fixed;
    s.dt = runs[r].param;
    snprintf(out, sizeof out, "%s/cf_%zu_%d.csv", tmpdir, r, k);
    snprintf(s.contact_log, sizeof s.contact_log, "%s", out);
    cJSON_Delete(run_one(&s, 0));
    Model *m = scene_load(cases[k], CB_ERR_BUF(err, sizeof err));
    cr_assert_not_null(m, "%s", err);
    double mass = 0, mu_d = m->materials[m->nmaterial - 1].mu_dynamic;
    for (int b = 1; b < m->nbody; ++b) mass += m->bodies[b].mass;
    double weight = mass * 9.81;
    model_free(m);
    FILE *f = fopen(out, "r");
    cr_assert_not_null(f);
    char line[512];
    cr_assert_not_null(fgets(line, sizeof line, f));
    cr_expect(strstr(line, ",source"), "header: %s", line);
    double last_fz = NAN, last_fn = NAN, ratio_sliding = NAN, last_gap = NAN;
    int rows = 0, right_source = 0;
    while (fgets(line, sizeof line, f)) {
      char *fld[13];
      int nf = split_csv(line, fld, 13);
      cr_assert_eq(nf, 13);
      if (atof(fld[0]) > 0) right_source += !strcmp(fld[12], runs[r].source), rows++;
      if (!strcmp(fld[1], "body")) last_fz = atof(fld[11]);
      if (!strcmp(fld[1], "pair")) {
        last_gap = atof(fld[8]);
        last_fn = atof(fld[4]);
        double ft = atof(fld[5]), slip = atof(fld[6]);
        if (slip > 0.1 && last_fn > 0) ratio_sliding = ft / last_fn;
      }
    }
    fclose(f);
    const char *who = runs[r].integrator;
    cr_expect_eq(right_source, rows, "%s %s: every row after t = 0 from the %s", who, cases[k], runs[r].source);
    cr_expect(fabs(last_fz - weight) < 1e-2 * weight, "%s %s: body fz %g, weight %g", who, cases[k], last_fz, weight);
    cr_expect(fabs(last_fn - weight) < 1e-2 * weight, "%s %s: pair fn %g, weight %g", who, cases[k], last_fn, weight);
    /* at rest on the surface, not pushing across a gap (a landing step's speculative contact may) */
    cr_expect_eq(last_gap, 0.0, "%s %s: gap %g at rest", who, cases[k], last_gap);
    if (k == 1)
      cr_expect(fabs(ratio_sliding - mu_d) < 1e-2 * mu_d, "%s sliding cube: ft / fn %g, mu_d %g", who, ratio_sliding, mu_d);
  }
}

/* The spec key and the record file name are canonical: the order of --opt and --param does
 * not matter, any value does. */
Test(harness, spec_key_is_canonical) {
  RunSpec a, b;
  run_spec_init(&a);
  snprintf(a.case_path, sizeof a.case_path, "cases/ball_drop.json");
  snprintf(a.case_name, sizeof a.case_name, "ball_drop");
  snprintf(a.integrator, sizeof a.integrator, "cenic-sd");
  a.has_accuracy = 1;
  a.accuracy = 1e-3;
  a.nextra = 2;
  snprintf(a.extra_key[0], 64, "ls_init"); snprintf(a.extra_value[0], 256, "cubic");
  snprintf(a.extra_key[1], 64, "dense"); snprintf(a.extra_value[1], 256, "1");
  a.nparam = 2;
  snprintf(a.param_path[0], SCENE_PARAM_PATH_LEN, "materials[0].mu"); snprintf(a.param_value[0], SCENE_PARAM_VALUE_LEN, "0.3");
  snprintf(a.param_path[1], SCENE_PARAM_PATH_LEN, "duration"); snprintf(a.param_value[1], SCENE_PARAM_VALUE_LEN, "2");
  b = a;
  /* the same axes in the other order */
  snprintf(b.extra_key[0], 64, "dense"); snprintf(b.extra_value[0], 256, "1");
  snprintf(b.extra_key[1], 64, "ls_init"); snprintf(b.extra_value[1], 256, "cubic");
  snprintf(b.param_path[0], SCENE_PARAM_PATH_LEN, "duration"); snprintf(b.param_value[0], SCENE_PARAM_VALUE_LEN, "2");
  snprintf(b.param_path[1], SCENE_PARAM_PATH_LEN, "materials[0].mu"); snprintf(b.param_value[1], SCENE_PARAM_VALUE_LEN, "0.3");
  char ka[4096], kb[4096], na[1024], nb[1024];
  run_spec_key(&a, ka, sizeof ka);
  run_spec_key(&b, kb, sizeof kb);
  cr_expect_str_eq(ka, kb);
  run_spec_file_name(&a, 0, na, sizeof na);
  run_spec_file_name(&b, 0, nb, sizeof nb);
  cr_expect_str_eq(na, nb);
  cr_expect_str_eq(na, "ball_drop__cenic-sd__acc0.001__dense-1__ls_init-cubic__duration-2__materials_0_.mu-0.3.json");
  snprintf(b.extra_value[1], 256, "quadratic");
  run_spec_key(&b, kb, sizeof kb);
  cr_expect_str_neq(ka, kb, "a different option value is a different run");
  b = a;
  b.reps = 3;
  run_spec_key(&b, kb, sizeof kb);
  cr_expect_str_neq(ka, kb, "repetitions are part of the spec");
}

/* `cbench list` works from any folder: without a cases folder here or in the environment, the
 * cases/ of the source tree the executable was built in is used. */
Test(harness, cases_found_from_any_folder) {
  char old[4096];
  cr_assert_not_null(getcwd(old, sizeof old));
  char *e1 = getenv("CBENCH_CASES") ? strdup(getenv("CBENCH_CASES")) : NULL;
  char *e2 = getenv("CBENCH_CASES_DIR") ? strdup(getenv("CBENCH_CASES_DIR")) : NULL;
  unsetenv("CBENCH_CASES");
  unsetenv("CBENCH_CASES_DIR");
  cr_assert_eq(chdir("/"), 0);
  CbenchContext cb;
  cbench_context_init(&cb);
  char names[64][128];
  int n = cases_list(cb.cases_dir, names, 64);
  const char *dir = cb.cases_dir;
  cr_assert_eq(chdir(old), 0);
  if (e1) setenv("CBENCH_CASES", e1, 1);
  if (e2) setenv("CBENCH_CASES_DIR", e2, 1);
  free(e1);
  free(e2);
  cr_expect(n >= 10, "cases found from / via the executable's tree: %d in %s", n, dir);
  int found = 0;
  for (int i = 0; i < n; ++i) found |= !strcmp(names[i], "ball_drop");
  cr_expect(found, "ball_drop in %s", dir);
  cbench_context_set_cases_dir(&cb, "/nonexistent-cases");
  cr_expect_str_eq(cb.cases_dir, "/nonexistent-cases", "--cases-dir wins");
}

/* Help is not an error: `cbench help`, `cbench help COMMAND`, `cbench COMMAND --help` and `-h`
 * print the usage on stdout and exit 0. */
Test(harness, help_prints_usage_and_exits_0) {
  char e[4096], out[1024];
  const char *calls[][2] = {{"help", "sweep "}, {"--help", "run "}, {"-h", "compare "}, {"help run", "--step-log"},
                            {"run --help", "--contact-forces"}, {"sweep -h", "--error-norms"}, {"plot --help", "plot DIR"}};
  for (size_t i = 0; i < sizeof calls / sizeof calls[0]; ++i) {
    cr_expect_eq(cli(calls[i][0], e, sizeof e), 0, "`cbench %s` exits 0", calls[i][0]);
    snprintf(out, sizeof out, "%s/stdout.txt", tmpdir);
    char *text = file_read_all(out, NULL);
    cr_expect(text && strstr(text, "usage: cbench") && strstr(text, calls[i][1]), "`cbench %s` prints its usage: %s",
              calls[i][0], text ? text : "(none)");
    free(text);
  }
  cr_expect_eq(cli("help frobnicate", e, sizeof e), 2);
}

/* A tied scene-parameter axis (P1+P2) sets both paths to each value, and --series writes the
 * step log next to each record, whose rows sum to that record's counters; a missing series
 * makes its record be redone on resume. */
Test(harness, sweep_series_and_tied_parameter_axes) {
  char e[8192], args[2048], p[512], out[600];
  scene_path(p, sizeof p);
  snprintf(out, sizeof out, "%s/tied", tmpdir);
  snprintf(args, sizeof args,
           "sweep --cases %s --integrators cenic-sd --accuracies 1e-3 --series steps --quiet"
           " --param bodies[0].q0.pos[2]+bodies[0].mass=1,2 --out %s", p, out);
  cr_assert_eq(cli(args, e, sizeof e), 0, "%s", e);
  cJSON *all = load_sweep(out);
  cr_assert_eq(cJSON_GetArraySize(all), 2, "one axis of two values, not a 2 x 2 grid");
  for (int i = 0; i < 2; ++i) {
    const cJSON *r = cJSON_GetArrayItem(all, i);
    const cJSON *sp = cJSON_GetObjectItem(cJSON_GetObjectItem(r, "params"), "scene_params");
    cr_expect_str_eq(jstr(sp, "bodies[0].q0.pos[2]"), jstr(sp, "bodies[0].mass"), "both paths take the same value");
    /* the step log next to the record: its Newton column sums to the record's counter */
    char rec[900], csv[1000];
    snprintf(rec, sizeof rec, "%s/%s", out, jstr(r, "record_file"));
    sweep_series_path(rec, "steps", csv, sizeof csv);
    FILE *f = fopen(csv, "r");
    cr_assert_not_null(f, "no step log %s", csv);
    char line[1024];
    long newton = 0, rows = 0;
    cr_assert_not_null(fgets(line, sizeof line, f));
    while (fgets(line, sizeof line, f)) {
      char *fld[16];
      int nf = split_csv(line, fld, 16);
      cr_assert_geq(nf, 9);
      newton += atol(fld[6]);
      ++rows;
    }
    fclose(f);
    cr_expect_gt(rows, 0);
    cr_expect_eq(newton, (long)jnum(r, "counters.newton_iters"), "%s: newton column sums to the counter", csv);
    if (i == 0) cr_assert_eq(unlink(csv), 0);
  }
  /* resume: the record whose step log is missing is redone (its series comes back) */
  char first_csv[1000], rec0[900];
  snprintf(rec0, sizeof rec0, "%s/%s", out, jstr(cJSON_GetArrayItem(all, 0), "record_file"));
  sweep_series_path(rec0, "steps", first_csv, sizeof first_csv);
  cJSON_Delete(all);
  cr_assert_eq(cli(args, e, sizeof e), 0, "%s", e);
  cr_expect(file_exists(first_csv), "the missing series was remade");
}

/* --series trajectory writes the states on the output grid next to each record (t, then q and
 * v), and a missing one makes its record be redone on resume. */
Test(harness, sweep_series_trajectory) {
  char e[8192], args[2048], p[512], out[600];
  scene_path(p, sizeof p);
  snprintf(out, sizeof out, "%s/traj", tmpdir);
  snprintf(args, sizeof args, "sweep --cases %s --integrators cenic-sd --accuracies 1e-3 --series trajectory --quiet --out %s",
           p, out);
  cr_assert_eq(cli(args, e, sizeof e), 0, "%s", e);
  cJSON *all = load_sweep(out);
  cr_assert_eq(cJSON_GetArraySize(all), 1);
  char rec[900], csv[1000], line[4096];
  snprintf(rec, sizeof rec, "%s/%s", out, jstr(cJSON_GetArrayItem(all, 0), "record_file"));
  cJSON_Delete(all);
  sweep_series_path(rec, "trajectory", csv, sizeof csv);
  FILE *f = fopen(csv, "r");
  cr_assert_not_null(f, "no trajectory %s", csv);
  cr_assert_not_null(fgets(line, sizeof line, f));
  cr_expect(!strncmp(line, "t,q0,", 5), "header %s", line);
  long rows = 0;
  while (fgets(line, sizeof line, f)) ++rows;
  fclose(f);
  cr_expect_gt(rows, 1);
  cr_assert_eq(unlink(csv), 0);
  cr_assert_eq(cli(args, e, sizeof e), 0, "%s", e);
  cr_expect(file_exists(csv), "the missing trajectory was remade");
}

/* The committed full-mode evidence keeps its series gzip'd (PATH.csv.gz, scripts/figures.sh):
 * a resume reuses a record whose series is there in that form (the same run: the record is not
 * rewritten, no series made again) and the figures read it; a changed spec (another horizon,
 * the same record file) runs again, and its fresh series replaces the stale gzip'd one. */
Test(harness, a_gzipped_series_is_reused_and_a_changed_spec_runs_again) {
  char e[8192], args[2048], p[512], out[600];
  scene_path(p, sizeof p);
  snprintf(out, sizeof out, "%s/gzseries", tmpdir);
  const char *fmt = "sweep --cases %s --integrators cenic-sd --accuracies 1e-3 --series steps --t-end %s --quiet --out %s";
  snprintf(args, sizeof args, fmt, p, "0.5", out);
  cr_assert_eq(cli(args, e, sizeof e), 0, "%s", e);
  cJSON *all = load_sweep(out);
  cr_assert_eq(cJSON_GetArraySize(all), 1);
  char rec[900], csv[1000], gz[1100];
  snprintf(rec, sizeof rec, "%s/%s", out, jstr(cJSON_GetArrayItem(all, 0), "record_file"));
  cJSON_Delete(all);
  sweep_series_path(rec, "steps", csv, sizeof csv);
  snprintf(gz, sizeof gz, "%s.gz", csv);
  size_t n = 0;
  char *series = file_read_all(csv, &n), *record = file_read_all(rec, NULL);
  cr_assert(series && record && n > 0);
  gzFile g = gzopen(gz, "wb9");
  cr_assert_not_null(g);
  cr_assert_eq(gzwrite(g, series, (unsigned)n), (int)n);
  cr_assert_eq(gzclose(g), Z_OK);
  cr_assert_eq(unlink(csv), 0);
  cr_expect(series_exists(csv), "the gzip'd form counts as the series");
  size_t m = 0;
  char *back = series_read_all(csv, &m);
  cr_assert_not_null(back, "the figures read the gzip'd series");
  cr_expect(m == n && !memcmp(back, series, n), "the same text comes back");
  free(back);
  /* the same spec again: reused, the record untouched, no uncompressed series made */
  cr_assert_eq(cli(args, e, sizeof e), 0, "%s", e);
  char *again = file_read_all(rec, NULL);
  cr_assert_not_null(again);
  cr_expect_str_eq(again, record, "the record of an unchanged spec is reused, not rewritten");
  cr_expect(!file_exists(csv), "no series made again for a reused record");
  free(again);
  /* another horizon: the same record file, a new spec key: run again, the stale .gz gone */
  snprintf(args, sizeof args, fmt, p, "0.25", out);
  cr_assert_eq(cli(args, e, sizeof e), 0, "%s", e);
  again = file_read_all(rec, NULL);
  cr_assert_not_null(again);
  cr_expect(strcmp(again, record) != 0, "a changed spec runs again");
  cr_expect(file_exists(csv), "with its own series");
  cr_expect(!file_exists(gz), "and the earlier run's gzip'd series removed");
  free(again);
  free(series);
  free(record);
}

/* The counters are one list (CB_COUNTERS in integrators/integrator.h): a record's "counters"
 * object has exactly its names, in its order, with the integrator's values. */
Test(harness, record_counters_are_exactly_the_counter_list) {
  IntegratorStats st;
  memset(&st, 0, sizeof st);
  long v = 1;
#define SET_COUNTER(name, meaning) st.name = v++;
  CB_COUNTERS(SET_COUNTER)
#undef SET_COUNTER
  cJSON *c = run_record_counters_json(&st);
  int i = 0;
  const cJSON *kv;
  cJSON_ArrayForEach(kv, c) {
    cr_assert_not_null(run_counter_names[i], "extra key %s", kv->string);
    cr_expect_str_eq(kv->string, run_counter_names[i]);
    cr_expect_eq((long)kv->valuedouble, i + 1, "%s", kv->string);
    ++i;
  }
  cr_expect_null(run_counter_names[i], "every listed counter is in the record");
  cr_expect_eq(i, (int)(v - 1));
  cJSON_Delete(c);
  IntegratorStats other = st;
  cr_expect(run_stats_counters_equal(&st, &other));
  other.substep_retries++;
  cr_expect(!run_stats_counters_equal(&st, &other), "the last counter takes part in the equality");
}
