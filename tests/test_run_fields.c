/* One parser for the settings `cbench run`, `cbench sweep` and figure recipes share
 * (harness/run/run_fields.h): the same text gives the same value, or the same refusal, in all three. */
#include <cjson/cJSON.h>
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../harness/cli/cli_args.h"
#include "sim_fixtures.h"
#include "../harness/figures/figure_recipe.h"
#include "../harness/run/run_fields.h"

Test(run_fields, values_and_limits) {
  struct { RunField f; const char *text; int ok; double want; } cases[] = {
      {RUN_FIELD_T_END, "2.5", 1, 2.5},       {RUN_FIELD_T_END, "0", 0, 0},
      {RUN_FIELD_T_END, "1e400", 0, 0},       {RUN_FIELD_T_END, "2s", 0, 0},
      {RUN_FIELD_TIMEOUT, "1e6", 1, 1e6},     {RUN_FIELD_TIMEOUT, "1.000001e6", 0, 0},
      {RUN_FIELD_REPS, "100000", 1, 100000},  {RUN_FIELD_REPS, "100001", 0, 0},
      {RUN_FIELD_REPS, "2.5", 0, 0},          {RUN_FIELD_REPS, "0", 0, 0},
      {RUN_FIELD_OUTPUT_DT, "step", 1, OUTPUT_DT_STEP}, {RUN_FIELD_OUTPUT_DT, "-1", 0, 0},
      {RUN_FIELD_ERROR_NORM, "q", 1, ERRNORM_POSITIONS}, {RUN_FIELD_ERROR_NORM, "full", 1, ERRNORM_FULL},
      {RUN_FIELD_ERROR_NORM, "default", 1, ERROR_NORM_DEFAULT}, {RUN_FIELD_ERROR_NORM, "positions", 0, 0},
      {RUN_FIELD_ACCURACY, "-1e-3", 0, 0},    {RUN_FIELD_MAX_STEP, "nan", 0, 0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    double v = 0;
    int rc = run_field_parse(cases[i].f, cases[i].text, &v);
    cr_expect_eq(rc == 0, cases[i].ok, "%s %s: rc %d", run_field_flag(cases[i].f), cases[i].text, rc);
    if (cases[i].ok) cr_expect_eq(v, cases[i].want, "%s %s -> %g", run_field_flag(cases[i].f), cases[i].text, v);
  }
}

/* The recipe's runs[0] with the shared fields as JSON values: CB_OK or CB_ERR_INPUT (message in err). */
static int recipe_with(const char *fields, SweepConfig *c, char *err, size_t errlen) {
  char text[512];
  snprintf(text, sizeof text, "{\"runs\": [{%s}]}", fields);
  cJSON *r = cJSON_Parse(text);
  cr_assert_not_null(r, "%s", text);
  int rc = recipe_sweep_config(r, "r.json", 0, 0, "/tmp/unused", c, CB_ERR_BUF(err, errlen));
  cJSON_Delete(r);
  return rc;
}

Test(run_fields, run_sweep_and_recipe_agree) {
  char *run_argv[] = {"cbench", "run", "--case", "ball_drop", "--integrator", "bdf", "--accuracy", "1e-3",
                      "--t-end", "0.25", "--timeout", "30", "--reps", "3", "--output-dt", "step", "--error-norm", "full"};
  RunSpec s;
  const char *json;
  int resume;
  cr_assert_eq(run_args_parse(fx_cb(), (int)(sizeof run_argv / sizeof run_argv[0]), run_argv, &s, &json, &resume), 0);
  char *sweep_argv[] = {"cbench", "sweep", "--t-end", "0.25", "--timeout", "30", "--reps", "3", "--output-dt", "step",
                        "--error-norm", "full"};
  SweepConfig *c = malloc(sizeof *c), *r = malloc(sizeof *r);
  cr_assert_eq(sweep_args_parse(fx_cb(), (int)(sizeof sweep_argv / sizeof sweep_argv[0]), sweep_argv, c), 0);
  char err[1024];
  cr_assert_eq(recipe_with("\"t_end\": 0.25, \"timeout\": 30, \"reps\": 3, \"output_dt\": \"step\", \"error_norm\": \"full\"", r,
                           err, sizeof err), 0, "%s", err);
  cr_expect(s.t_end == 0.25 && c->run.t_end == 0.25 && r->run.t_end == 0.25);
  cr_expect(s.timeout == 30 && c->run.timeout == 30 && r->run.timeout == 30);
  cr_expect(s.reps == 3 && c->run.reps == 3 && r->run.reps == 3);
  cr_expect(s.output_dt == OUTPUT_DT_STEP && c->run.output_dt == OUTPUT_DT_STEP && r->run.output_dt == OUTPUT_DT_STEP);
  cr_expect(s.error_norm_given && s.error_norm == ERRNORM_FULL && c->run.error_norm == ERRNORM_FULL &&
            r->run.error_norm == ERRNORM_FULL);
  free(c);
  free(r);
}

/* A recipe takes what `cbench run` takes and refuses what it refuses: a budget beyond 1e6 s
 * and a fractional repetition count were accepted by recipes alone. */
Test(run_fields, recipe_refuses_what_run_refuses) {
  SweepConfig *c = malloc(sizeof *c);
  char err[1024];
  cr_expect_eq(recipe_with("\"timeout\": 1e300", c, err, sizeof err), CB_ERR_INPUT);
  cr_expect(strstr(err, "r.json: runs[0].timeout must be a number in (0, 1e6] s, got '1e+300'"), "%s", err);
  cr_expect_eq(recipe_with("\"reps\": 2.5", c, err, sizeof err), CB_ERR_INPUT);
  cr_expect(strstr(err, "r.json: runs[0].reps must be an integer in [1, 100000], got '2.5'"), "%s", err);
  cr_expect_eq(recipe_with("\"error_norm\": \"positions\"", c, err, sizeof err), CB_ERR_INPUT);
  cr_expect(strstr(err, "r.json: runs[0].error_norm must be q, full or default, got 'positions'"), "%s", err);
  cr_expect_eq(recipe_with("\"reps\": 5000", c, err, sizeof err), 0, "%s", err);
  cr_expect_eq(c->run.reps, 5000);
  free(c);
}

/* --opt and --param: one parser for run and for the runs a sweep makes; a key or value longer
 * than the spec's field is refused, not cut. */
Test(run_fields, options_and_params) {
  RunSpec s;
  run_spec_init(&s);
  char err[512];
  cr_expect_eq(run_spec_add_option(&s, "tals=0", CB_ERR_BUF(err, sizeof err)), 0);
  cr_expect_eq(run_spec_add_option(&s, "note=", CB_ERR_BUF(err, sizeof err)), 0, "an empty value is a value");
  cr_expect(s.nextra == 2 && !strcmp(s.extra_key[0], "tals") && !strcmp(s.extra_value[0], "0") &&
            !strcmp(s.extra_key[1], "note") && !strcmp(s.extra_value[1], ""));
  cr_expect_eq(run_spec_add_option(&s, "=1", CB_ERR_BUF(err, sizeof err)), CB_ERR_OPTION);
  cr_expect(strstr(err, "--opt needs key=value, got '=1'"), "%s", err);
  char longkey[100];
  memset(longkey, 'k', 70);
  snprintf(longkey + 70, sizeof longkey - 70, "=1");
  cr_expect_eq(run_spec_add_option(&s, longkey, CB_ERR_BUF(err, sizeof err)), CB_ERR_OPTION);
  cr_expect(strstr(err, "--opt too long"), "%s", err);
  cr_expect_eq(run_spec_add_param(&s, "controllers[0].kp=10", CB_ERR_BUF(err, sizeof err)), 0);
  cr_expect(s.nparam == 1 && !strcmp(s.param_path[0], "controllers[0].kp") && !strcmp(s.param_value[0], "10"));
  cr_expect_eq(run_spec_add_param(&s, "controllers[0].kp=", CB_ERR_BUF(err, sizeof err)), CB_ERR_OPTION);
  cr_expect(strstr(err, "--param needs PATH=VALUE"), "%s", err);
  for (int i = 0; i < CB_MAX_EXTRA_OPTIONS; ++i) run_spec_add_option(&s, "k=v", CB_ERR_BUF(err, sizeof err));
  cr_expect_eq(s.nextra, CB_MAX_EXTRA_OPTIONS);
  cr_expect(strstr(err, "too many --opt (max 16)"), "%s", err);
}
