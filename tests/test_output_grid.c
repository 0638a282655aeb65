/* --output-dt (harness/run/output_grid.h): a finer series grid or one row per accepted step must
 * not change the integration (same counters, same final state), must keep the error on the
 * reference's grid, and bad values are refused naming the value. Uses cases/sliding_cube and
 * its committed reference (results/reference/sliding_cube.json, 100 points per s). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../harness/run/output_grid.h"
#include "../harness/run/run.h"
#include "../harness/run/run_record.h"
#include "sim_fixtures.h"

#define T_END 0.2

static char traj[256], steps[256];

static void setup(void) {
  snprintf(traj, sizeof traj, "/tmp/cbench_outgrid_%ld_traj.csv", (long)getpid());
  snprintf(steps, sizeof steps, "/tmp/cbench_outgrid_%ld_steps.csv", (long)getpid());
}
static void teardown(void) { unlink(traj); unlink(steps); }
TestSuite(output_grid, .init = setup, .fini = teardown);

static void make_spec(RunSpec *s, const char *integrator, double param, double output_dt) {
  char err[512];
  run_spec_init(s);
  cr_assert_eq(run_spec_set_case(s, fx_cb()->cases_dir, "cases/sliding_cube.json", CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  snprintf(s->integrator, sizeof s->integrator, "%s", integrator);
  if (integrator_find(integrator)->fixed_step) { s->has_dt = 1; s->dt = param; }
  else { s->has_accuracy = 1; s->accuracy = param; }
  s->t_end = T_END;
  s->output_dt = output_dt;
  snprintf(s->trajectory, sizeof s->trajectory, "%s", traj);
}

static cJSON *run_spec(const RunSpec *s) {
  RunContext ctx;
  char err[512];
  cr_assert_eq(run_prepare(fx_cb(), s, &ctx, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cJSON *rec = run_execute(&ctx, NULL);
  run_context_free(&ctx);
  cr_assert_not_null(rec);
  cr_assert_null(cJSON_GetObjectItem(rec, RUN_OUTPUT_ERROR));
  cr_assert_eq(run_record_validate(rec, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  return rec;
}

/* Data rows of a CSV and its last line. */
static long csv_rows(const char *path, char *last, size_t lastlen) {
  FILE *f = fopen(path, "r");
  cr_assert_not_null(f, "%s", path);
  static char line[8192];
  long n = -1;
  while (fgets(line, sizeof line, f)) {
    n++;
    if (last) snprintf(last, lastlen, "%s", line);
  }
  fclose(f);
  return n;
}

static double jnum(const cJSON *o, const char *a, const char *b, const char *c) {
  const cJSON *x = cJSON_GetObjectItem(o, a);
  if (b) x = cJSON_GetObjectItem(x, b);
  if (c) x = cJSON_GetObjectItem(x, c);
  cr_assert(cJSON_IsNumber(x), "%s.%s.%s", a, b ? b : "", c ? c : "");
  return x->valuedouble;
}

/* The default run and the one at output_dt: same counters, error and final state. */
static void same_integration(const char *integrator, double param, double output_dt, long rows) {
  RunSpec s;
  static char last0[8192], last1[8192];
  make_spec(&s, integrator, param, 0.0);
  cJSON *r0 = run_spec(&s);
  long n0 = csv_rows(traj, last0, sizeof last0);
  make_spec(&s, integrator, param, output_dt);
  cJSON *r1 = run_spec(&s);
  long n1 = csv_rows(traj, last1, sizeof last1);
  cr_assert_str_eq(cJSON_GetObjectItem(r1, "status")->valuestring, "ok");
  cr_expect(cJSON_Compare(cJSON_GetObjectItem(r0, "counters"), cJSON_GetObjectItem(r1, "counters"), 1),
            "%s: counters changed by --output-dt %g", integrator, output_dt);
  cr_expect_str_eq(last1, last0, "%s: final state changed by --output-dt %g", integrator, output_dt);
  cr_expect_eq(n0, (long)lround(T_END * RUN_DEFAULT_GRID_RATE) + 1);
  cr_expect_eq(n1, rows, "%s: %ld rows at --output-dt %g, expected %ld", integrator, n1, output_dt, rows);
  /* the error stays on the reference's grid: same points, same values */
  cr_expect_eq(jnum(r1, "error", "grid_points", NULL), jnum(r0, "error", "grid_points", NULL));
  cr_expect_eq(jnum(r1, "error", "grid_points", NULL), n0);
  cr_expect_eq(jnum(r1, "error", "positions", "max"), jnum(r0, "error", "positions", "max"));
  cr_expect_eq(jnum(r1, "error", "full", "rms"), jnum(r0, "error", "full", "rms"));
  cr_expect_eq(jnum(r1, "params", "output_dt", NULL), output_dt);
  cJSON_Delete(r0);
  cJSON_Delete(r1);
}

Test(output_grid, fine_grid_leaves_cenic_sd_unchanged) { same_integration("cenic-sd", 1e-3, 1e-4, 2001); }
Test(output_grid, fine_grid_leaves_cenic_fixed_unchanged) { same_integration("cenic-fixed", 2e-3, 1e-4, 2001); }
Test(output_grid, fine_grid_leaves_tamsi_unchanged) { same_integration("tamsi", 2e-3, 1e-4, 2001); }
/* CVODE sizes its first step from the first output time: without first_output it took 920
 * instead of 891 steps on 0.5 s at --output-dt 1e-4. */
Test(output_grid, fine_grid_leaves_bdf_unchanged) { same_integration("bdf", 1e-4, 1e-4, 2001); }
/* A grid that misses the reference's times (0.003 s): 0, 0.003, ..., 0.198, then t_end. */
Test(output_grid, off_reference_grid_keeps_the_error) { same_integration("cenic-sd", 1e-3, 0.003, 68); }

Test(output_grid, step_gives_one_row_per_accepted_step) {
  const char *names[] = {"cenic-sd", "tamsi"};
  double params[] = {1e-3, 2e-3};
  for (int i = 0; i < 2; ++i) {
    RunSpec s;
    make_spec(&s, names[i], params[i], OUTPUT_DT_STEP);
    snprintf(s.step_log, sizeof s.step_log, "%s", steps);
    cJSON *r = run_spec(&s);
    cr_assert_str_eq(cJSON_GetObjectItem(r, "status")->valuestring, "ok");
    cr_expect_str_eq(cJSON_GetObjectItem(cJSON_GetObjectItem(r, "params"), "output_dt")->valuestring, "step");
    FILE *f = fopen(steps, "r");
    cr_assert_not_null(f);
    char line[1024];
    long accepted = 0;
    double t, h;
    int acc;
    while (fgets(line, sizeof line, f))
      if (sscanf(line, "%lf,%lf,%d", &t, &h, &acc) == 3 && acc == 1) accepted++;
    fclose(f);
    long rows = csv_rows(traj, NULL, 0);
    cr_expect_gt(accepted, 3);
    cr_expect_eq(rows, accepted, "%s: %ld rows, %ld accepted steps", names[i], rows, accepted);
    cr_expect_eq(rows, (long)jnum(r, "counters", "steps", NULL));
    cJSON_Delete(r);
  }
}

Test(output_grid, step_is_refused_for_sundials) {
  RunSpec s;
  make_spec(&s, "bdf", 1e-4, OUTPUT_DT_STEP);
  RunContext ctx;
  char err[512];
  cr_assert_eq(run_prepare(fx_cb(), &s, &ctx, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cJSON *rec = run_execute(&ctx, NULL);
  run_context_free(&ctx);
  cr_expect_str_eq(cJSON_GetObjectItem(rec, "status")->valuestring, "failed");
  const char *msg = cJSON_GetObjectItem(rec, "message")->valuestring;
  cr_expect(strstr(msg, "--output-dt step") && strstr(msg, "SUNDIALS"), "message: %s", msg);
  cr_expect(access(traj, F_OK) != 0, "no trajectory from a refused run");
  cJSON_Delete(rec);
}

Test(output_grid, bad_values_are_refused_naming_the_value) {
  double v;
  const char *bad[] = {"0", "-1e-3", "nan", "inf", "abc", "1e-3x", ""};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i)
    cr_expect_eq(run_spec_parse_output_dt(bad[i], &v), -1, "'%s' accepted", bad[i]);
  cr_expect_eq(run_spec_parse_output_dt("step", &v), 0);
  cr_expect_eq(v, OUTPUT_DT_STEP);
  cr_expect_eq(run_spec_parse_output_dt("1e-4", &v), 0);
  cr_expect_eq(v, 1e-4);

  RunSpec s;
  RunContext ctx;
  char err[512];
  make_spec(&s, "cenic-sd", 1e-3, 0.5); /* longer than t_end 0.2 */
  cr_expect_eq(run_prepare(fx_cb(), &s, &ctx, CB_ERR_BUF(err, sizeof err)), CB_ERR_INPUT);
  cr_expect(strstr(err, "--output-dt 0.5") && strstr(err, "t_end"), "message: %s", err);
  make_spec(&s, "cenic-sd", 1e-3, 1e-9); /* 2e8 rows */
  cr_expect_eq(run_prepare(fx_cb(), &s, &ctx, CB_ERR_BUF(err, sizeof err)), CB_ERR_INPUT);
  cr_expect(strstr(err, "--output-dt 1e-09") && strstr(err, "row limit"), "message: %s", err);
}

Test(output_grid, merge_keeps_error_times_and_flags) {
  double te[] = {0, 0.01, 0.02}, tr[] = {0, 0.005, 0.01 + 1e-13, 0.015, 0.02};
  double *t;
  unsigned char *f;
  int n;
  cr_assert_eq(output_grid_merge(te, 3, tr, 5, &t, &f, &n), 0);
  cr_assert_eq(n, 5);
  cr_expect_eq(t[2], 0.01); /* the error grid's time exactly */
  cr_expect_eq(f[0], OUTPUT_POINT_ERROR | OUTPUT_POINT_ROW);
  cr_expect_eq(f[1], OUTPUT_POINT_ROW);
  cr_expect_eq(f[2], OUTPUT_POINT_ERROR | OUTPUT_POINT_ROW);
  free(t);
  free(f);
}

Test(output_grid, record_validator_takes_old_and_new_params) {
  RunSpec s;
  make_spec(&s, "cenic-fixed", 2e-2, 0.0);
  s.trajectory[0] = 0;
  cJSON *r = run_spec(&s);
  char err[512];
  cJSON *p = cJSON_GetObjectItem(r, "params");
  cJSON_DeleteItemFromObject(p, "output_dt"); /* a record made before the field */
  cr_expect_eq(run_record_validate(r, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cJSON_AddStringToObject(p, "output_dt", "steps");
  cr_expect_eq(run_record_validate(r, CB_ERR_BUF(err, sizeof err)), CB_ERR_INPUT);
  cr_expect(strstr(err, "output_dt") != NULL, "message: %s", err);
  cJSON_Delete(r);
}
