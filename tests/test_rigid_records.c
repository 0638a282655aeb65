/* The record's `solver` block (harness/run/record_fields.c): a real run of a rigid integrator
 * through the harness writes it, it adds up (every solve has one stop reason), the validator
 * accepts it and refuses a broken one; an integrator without a contact solver has none. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "harness/common/json_get.h"
#include "harness/run/run_record.h"
#include "tests/sim_fixtures.h"

static cJSON *run_rigid(const char *integrator, double t_end, const char *key, const char *value) {
  RunSpec s;
  char err[512];
  run_spec_init(&s);
  cr_assert_eq(run_spec_set_case(&s, fx_cb()->cases_dir, "cases/sliding_cube.json", CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  snprintf(s.integrator, sizeof s.integrator, "%s", integrator);
  s.has_dt = 1;
  s.dt = 1e-3;
  s.t_end = t_end;
  if (key) {
    s.nextra = 1;
    snprintf(s.extra_key[0], sizeof s.extra_key[0], "%s", key);
    snprintf(s.extra_value[0], sizeof s.extra_value[0], "%s", value);
  }
  RunContext ctx;
  cr_assert_eq(run_prepare(fx_cb(), &s, &ctx, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cJSON *rec = run_execute(&ctx, NULL);
  run_context_free(&ctx);
  char verr[256];
  cr_assert_eq(run_record_validate(rec, CB_ERR_BUF(verr, sizeof verr)), 0, "%s", verr);
  return rec;
}

static double num(const cJSON *o, const char *path) {
  char key[64];
  const cJSON *x = o;
  for (const char *p = path; x;) { /* "a.b.c" */
    const char *dot = strchr(p, '.');
    snprintf(key, sizeof key, "%.*s", dot ? (int)(dot - p) : (int)strlen(p), p);
    x = json_get(x, key);
    if (!dot) break;
    p = dot + 1;
  }
  cr_assert(cJSON_IsNumber(x), "%s is not a number", path);
  return x->valuedouble;
}

Test(rigid_records, solver_block_adds_up_and_the_validator_checks_it) {
  cJSON *rec = run_rigid("ccp", 0.05, "internal_force", "1");
  cJSON *sv = cJSON_GetObjectItemCaseSensitive(rec, "solver");
  cr_assert(cJSON_IsObject(sv), "no solver block");
  cr_expect_str_eq(json_get(sv, "name")->valuestring, "CCP/PGS");
  cr_expect_str_eq(json_get(sv, "on_limit")->valuestring, "accept");
  double solves = num(sv, "solves");
  /* CCP lifts the sliding box off (Fig. 10): steps without contacts solve nothing */
  cr_expect(solves > 0 && solves <= num(rec, "counters.steps"), "%g solves in %g steps", solves, num(rec, "counters.steps"));
  cr_expect_eq(num(sv, "stops.tolerance") + num(sv, "stops.stall") + num(sv, "stops.iteration_limit") +
                   num(sv, "stops.failed"),
               solves);
  cr_expect_eq(num(sv, "iterations.total"), num(rec, "counters.newton_iters"));
  cr_expect(num(sv, "iterations.max") >= num(sv, "iterations.total") / solves);
  cr_expect_eq(num(sv, "iterations.mean"), num(sv, "iterations.total") / solves);
  cr_expect(num(sv, "residual.max") >= num(sv, "residual.mean"));
  cr_expect(num(sv, "internal_force.max") >= num(sv, "internal_force.tangential_max"));
  char err[256];
  cJSON_ReplaceItemInObject(cJSON_GetObjectItemCaseSensitive(sv, "stops"), "stall", cJSON_CreateNumber(-1));
  cr_expect_neq(run_record_validate(rec, CB_ERR_BUF(err, sizeof err)), 0);
  cr_expect(strstr(err, "solver.stops.stall"), "%s", err);
  cJSON_ReplaceItemInObject(sv, "on_limit", cJSON_CreateString("maybe"));
  cJSON_ReplaceItemInObject(cJSON_GetObjectItemCaseSensitive(sv, "stops"), "stall", cJSON_CreateNumber(0));
  cr_expect_neq(run_record_validate(rec, CB_ERR_BUF(err, sizeof err)), 0);
  cr_expect(strstr(err, "solver.on_limit"), "%s", err);
  cJSON_Delete(rec);

  rec = run_rigid("ncp", 0.01, NULL, NULL);
  cr_expect(cJSON_IsNull(json_get(json_get(rec, "solver"), "internal_force")), "not measured: null");
  cJSON_Delete(rec);
  rec = run_rigid("cenic-fixed", 0.01, NULL, NULL);
  cr_expect_null(json_get(rec, "solver"), "cenic-fixed has no rigid contact solver");
  cJSON_Delete(rec);
}
