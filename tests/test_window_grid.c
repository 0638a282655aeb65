/* --window W (TAMSI Fig. 5's windowed error): windows are exactly W long whatever the error
 * grid (the window ends are merged into the output grid), and adding them changes neither the
 * integration (counters, global error) nor the other metrics. Uses cases/tamsi_stick_slip and
 * its committed reference (100 points per s: 25 ms is not on that grid). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "../harness/run/output_grid.h"
#include "../harness/run/run.h"
#include "../harness/run/run_record.h"
#include "sim_fixtures.h"

#define T_END 0.2

static cJSON *run_with_window(const char *integrator, double param, double window) {
  RunSpec s;
  RunContext ctx;
  char err[512];
  run_spec_init(&s);
  cr_assert_eq(run_spec_set_case(&s, fx_cb()->cases_dir, "cases/tamsi_stick_slip.json", CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  snprintf(s.integrator, sizeof s.integrator, "%s", integrator);
  if (integrator_find(integrator)->fixed_step) { s.has_dt = 1; s.dt = param; }
  else { s.has_accuracy = 1; s.accuracy = param; }
  s.t_end = T_END;
  s.window = window;
  cr_assert_eq(run_prepare(fx_cb(), &s, &ctx, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cJSON *rec = run_execute(&ctx, NULL);
  run_context_free(&ctx);
  cr_assert_not_null(rec);
  cr_assert_eq(run_record_validate(rec, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cr_assert_str_eq(cJSON_GetObjectItem(rec, "status")->valuestring, "ok");
  return rec;
}

static const cJSON *at(const cJSON *o, const char *a, const char *b) {
  const cJSON *x = cJSON_GetObjectItem(o, a);
  return b ? cJSON_GetObjectItem(x, b) : x;
}

static void exact_windows_same_integration(const char *integrator, double param) {
  cJSON *r0 = run_with_window(integrator, param, 0.0), *r1 = run_with_window(integrator, param, 0.025);
  cr_expect_eq(at(r1, "error_windowed", "window")->valuedouble, 0.025, "%s: the window is as asked", integrator);
  cr_expect_eq(at(r1, "error_windowed", "windows")->valuedouble, 8, "%s: 0.2 s holds 8 windows of 25 ms", integrator);
  cr_expect(cJSON_Compare(at(r0, "counters", NULL), at(r1, "counters", NULL), 1), "%s: counters changed by the windows",
            integrator);
  cr_expect(cJSON_IsTrue(at(r1, "counters_reproducible", NULL)), "%s: the timing runs (no windows) took other steps",
            integrator);
  cr_expect(cJSON_Compare(at(r0, "error", NULL), at(r1, "error", NULL), 1), "%s: global error changed", integrator);
  cr_expect(cJSON_Compare(at(r0, "physics", "penetration"), at(r1, "physics", "penetration"), 1),
            "%s: a window end was sampled as a grid point", integrator);
  cJSON_Delete(r0);
  cJSON_Delete(r1);
}

Test(window_grid, tamsi_windows_are_exact_and_leave_the_integration) { exact_windows_same_integration("tamsi", 1e-3); }
Test(window_grid, tamsi_sd_windows_are_exact_and_leave_the_integration) { exact_windows_same_integration("tamsi-sd", 1e-3); }
Test(window_grid, ie_windows_are_exact_and_leave_the_integration) { exact_windows_same_integration("ie", 1e-4); }

Test(window_grid, add_flags_close_times_and_inserts_the_others) {
  double *t = malloc(3 * sizeof(double));
  unsigned char *f = malloc(3);
  int n = 3;
  t[0] = 0; t[1] = 0.01; t[2] = 0.02;
  f[0] = f[1] = f[2] = OUTPUT_POINT_ERROR;
  double tw[] = {0, 0.005, 0.02 - 1e-13};
  cr_assert_eq(output_grid_add(&t, &f, &n, tw, 3, OUTPUT_POINT_WINDOW), 0);
  cr_assert_eq(n, 4);
  cr_expect_eq(t[1], 0.005);
  cr_expect_eq(f[1], OUTPUT_POINT_WINDOW);
  cr_expect_eq(t[3], 0.02); /* the grid's own time stays exact */
  cr_expect_eq(f[0], OUTPUT_POINT_ERROR | OUTPUT_POINT_WINDOW);
  cr_expect_eq(f[2], OUTPUT_POINT_ERROR);
  cr_expect_eq(f[3], OUTPUT_POINT_ERROR | OUTPUT_POINT_WINDOW);
  free(t);
  free(f);
  int nw;
  double *w = output_grid_windows(0.1, 0.03, &nw);
  cr_assert_not_null(w);
  cr_expect_eq(nw, 4, "0, 0.03, 0.06, 0.09: a last partial window has no end");
  free(w);
  cr_expect_null(output_grid_windows(1, 0, &nw));
}
