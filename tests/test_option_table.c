/* Declared integrator options (integrators/option_table.h): parsing into typed values, the
 * messages for unknown keys and bad values, integrators without options, the sweep's "does it
 * take KEY", and docs/options.md against the text the tables generate. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../harness/cli/cli_args.h"
#include "../harness/common/files.h"
#include "../harness/cli/options_doc.h"
#include "../harness/sweep/plan.h"
#include "../harness/sweep/sweep.h"
#include "../integrators/integrator.h"
#include "mb_fixtures.h"
#include "sim_fixtures.h"

/* integrator_create with one option; returns its message ("" when it was created). */
static const char *create_with(const char *name, const char *key, const char *value) {
  static char err[512];
  Model *m = fx_load_file("cases/ball_drop.json");
  IntegratorOptions o = {.accuracy = 1e-2, .dt = 1e-2, .nextra = 1};
  o.extra_key[0] = key;
  o.extra_value[0] = value;
  err[0] = 0;
  Integrator *it = integrator_create(name, m, &o, CB_ERR_BUF(err, sizeof err));
  if (it) err[0] = 0;
  integrator_destroy(it);
  model_free(m);
  return err;
}

Test(option_table, unknown_key_names_integrator_key_and_nearest_name) {
  const char *e = create_with("cenic-sd", "ls_inti", "cubic");
  cr_expect(strstr(e, "unknown option 'ls_inti' for integrator cenic-sd; did you mean 'ls_init'?"), "%s", e);
  e = create_with("cenic-fixed", "velocity_weight", "0.1"); /* no error norm to weight */
  cr_expect(strstr(e, "unknown option 'velocity_weight' for integrator cenic-fixed"), "%s", e);
  e = create_with("cenic-trap", "max_turn", "5");
  cr_expect_str_eq(e, "");
}

Test(option_table, bad_enum_value_lists_the_allowed_ones) {
  const char *e = create_with("cenic-trap", "linear_solver", "magic");
  cr_expect(strstr(e, "option linear_solver='magic' for integrator cenic-trap: must be block, dense or cholmod"), "%s", e);
  e = create_with("bdf", "linear_solver", "cholmod");
  cr_expect(strstr(e, "linear_solver='cholmod' for integrator bdf: must be dense or klu"), "%s", e);
  e = create_with("tamsi", "tals", "yes");
  cr_expect(strstr(e, "tals='yes' for integrator tamsi: must be 0 or 1"), "%s", e);
  e = create_with("mujoco", "solimp", "0.9,0.95");
  cr_expect(strstr(e, "solimp='0.9,0.95' for integrator mujoco: must be three numbers"), "%s", e);
}

Test(option_table, out_of_range_numbers_are_refused) {
  const char *e = create_with("tamsi", "max_iterations", "0");
  cr_expect(strstr(e, "max_iterations='0' for integrator tamsi: must be an integer in [1, 100000]"), "%s", e);
  e = create_with("tamsi-sd", "max_iterations", "100001");
  cr_expect(strstr(e, "must be an integer in [1, 100000]"), "%s", e);
  e = create_with("tamsi", "max_iterations", "12x");
  cr_expect(strstr(e, "max_iterations='12x'"), "%s", e);
  e = create_with("cenic-sd", "alpha_max", "0");
  cr_expect(strstr(e, "alpha_max='0' for integrator cenic-sd: must be a number > 0"), "%s", e);
  e = create_with("cenic-trap", "max_turn", "-1");
  cr_expect(strstr(e, "must be a number >= 0"), "%s", e);
  e = create_with("cenic-sd", "velocity_weight", "inf");
  cr_expect(strstr(e, "velocity_weight='inf'"), "%s", e);
  e = create_with("mujoco", "nconmax", "0");
  cr_expect(strstr(e, "nconmax='0' for integrator mujoco"), "%s", e);
  cr_expect_str_eq(create_with("tamsi", "max_iterations", "100000"), "");
  cr_expect_str_eq(create_with("cenic-sd", "alpha_max", "1e-3"), "");
}

Test(option_table, a_key_given_twice_is_refused) {
  char err[512];
  const char *keys[] = {"tals", "tals"}, *values[] = {"0", "1"};
  OptionValues v;
  cr_expect_eq(options_parse("tamsi", integrator_find("tamsi")->options, 2, keys, values, &v, CB_ERR_BUF(err, sizeof err)), CB_ERR_OPTION);
  cr_expect(strstr(err, "tals given twice"), "%s", err);
}

/* An integrator that declares nothing and whose create reads nothing. */
static int bare_create(Integrator *it) {
  it->content = malloc(1);
  return CB_OK;
}
static int bare_reset(Integrator *it, double t0, const double *x0) { (void)x0; it->t = t0; return CB_OK; }
static int bare_advance(Integrator *it, double t_out, double *x_out) { (void)x_out; it->t = t_out; return CB_OK; }
static void bare_destroy(Integrator *it) { free(it->content); it->content = NULL; }
static INTEGRATOR_VTBL(bare_vtbl, "bare", "no options (test)", 1, bare_create, bare_reset, bare_advance, bare_destroy);

Test(option_table, an_integrator_without_options_refuses_any) {
  Model *m = fx_load_file("cases/ball_drop.json");
  IntegratorOptions o = {.dt = 1e-2, .nextra = 1};
  o.extra_key[0] = "bogus";
  o.extra_value[0] = "1";
  char err[512] = "";
  Integrator *it = integrator_create_vtbl(&bare_vtbl, m, &o, CB_ERR_BUF(err, sizeof err));
  cr_expect_null(it, "created with --opt bogus=1");
  integrator_destroy(it);
  cr_expect(strstr(err, "unknown option 'bogus' for integrator bare: it takes no options"), "%s", err);
  o.nextra = 0;
  it = integrator_create_vtbl(&bare_vtbl, m, &o, CB_ERR_BUF(err, sizeof err));
  cr_expect_not_null(it, "%s", err);
  integrator_destroy(it);
  model_free(m);
  /* rk3 takes local_norm only: a linear solver option is refused by name */
  const char *e = create_with("rk3", "linear_solver", "klu");
  cr_expect(strstr(e, "unknown option 'linear_solver' for integrator rk3"), "%s", e);
}

Test(option_table, typed_values_and_defaults) {
  char err[512];
  const OptionSpec *t = integrator_find("tamsi")->options;
  OptionValues v;
  cr_assert_eq(options_parse("tamsi", t, 0, NULL, NULL, &v, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cr_expect_eq(option_int(&v, "max_iterations"), 100);
  cr_expect_eq(option_bool(&v, "tals"), 1);
  cr_expect_eq(option_enum(&v, "friction"), 0);
  cr_expect_eq(option_given(&v, "tals"), 0);
  const char *keys[] = {"friction", "max_iterations"}, *values[] = {"paper", "+7"};
  cr_assert_eq(options_parse("tamsi", t, 2, keys, values, &v, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cr_expect_eq(option_enum(&v, "friction"), 1);
  cr_expect_eq(option_int(&v, "max_iterations"), 7);
  cr_expect_eq(option_given(&v, "max_iterations"), 1);
  const char *k2[] = {"max_turn"}, *v2[] = {"12.5"};
  cr_assert_eq(options_parse("cenic-trap", integrator_find("cenic-trap")->options, 1, k2, v2, &v, CB_ERR_BUF(err, sizeof err)), 0);
  cr_expect_eq(option_double(&v, "max_turn"), 12.5);
  /* every declared default is a value its own table allows */
  for (int i = 0; i < integrator_count(); ++i) {
    const IntegratorVtbl *vt = integrator_at(i);
    cr_expect_eq(options_parse(vt->name, vt->options, 0, NULL, NULL, &v, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  }
}

Test(option_table, takes_key_is_what_the_table_declares) {
  cr_expect(integrator_takes_option(integrator_find("cenic-trap"), "max_turn"));
  cr_expect(integrator_takes_option(integrator_find("cenic-sd"), "max_turn"));
  cr_expect(!integrator_takes_option(integrator_find("tamsi-sd"), "max_turn"));
  cr_expect(!integrator_takes_option(integrator_find("cenic-fixed"), "velocity_weight"));
  cr_expect(integrator_takes_option(integrator_find("bdf"), "linear_solver"));
  cr_expect(!integrator_takes_option(integrator_find("rk3"), "linear_solver"));
  cr_expect(!integrator_takes_option(&bare_vtbl, "anything"));
}

/* The sweep gives an option axis only to the integrators that declare the key: cenic-trap runs
 * max_turn 5 and 20, tamsi-sd runs once without it (it would fail with it). */
Test(option_table, sweep_passes_an_axis_only_to_integrators_that_take_it) {
  char dir[] = "/tmp/cbench_optsweep_XXXXXX";
  cr_assert(mkdtemp(dir));
  char out[200], plan[220];
  snprintf(out, sizeof out, "%s/out", dir);
  snprintf(plan, sizeof plan, "%s/plan.txt", dir);
  char *argv[] = {"cbench", "sweep", "--cases", "ball_drop", "--integrators", "tamsi-sd,cenic-trap", "--accuracies",
                  "1e-2", "--opt", "max_turn=5,20", "--out", out, "--plan", plan, "--quiet"};
  SweepConfig *c = malloc(sizeof *c);
  cr_assert_eq(sweep_args_parse(fx_cb(), (int)(sizeof argv / sizeof argv[0]), argv, c), 0);
  char err[1024];
  cr_assert_eq(sweep_run(fx_cb(), c, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  free(c);
  char **lines = NULL;
  int n = plan_read(plan, &lines, CB_ERR_BUF(err, sizeof err));
  cr_assert_eq(n, 3, "%d plan lines (%s)", n, err);
  int sd = 0, trap = 0;
  for (int i = 0; i < n; ++i) {
    int has_turn = strstr(lines[i], "--opt max_turn=") != NULL;
    if (strstr(lines[i], "--integrator tamsi-sd ")) {
      sd += 1;
      cr_expect(!has_turn, "%s", lines[i]);
    }
    if (strstr(lines[i], "--integrator cenic-trap ")) {
      trap += 1;
      cr_expect(has_turn, "%s", lines[i]);
    }
  }
  cr_expect(sd == 1 && trap == 2, "tamsi-sd %d, cenic-trap %d lines", sd, trap);
  plan_free_lines(lines, n);
  char cmd[300];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  cr_expect_eq(system(cmd), 0);
}

/* docs/options.md is `cbench list --options --markdown`: regenerate it when a table changes. */
Test(option_table, docs_options_md_is_the_generated_text) {
  char *want = NULL;
  size_t wlen = 0;
  FILE *f = open_memstream(&want, &wlen);
  cr_assert_not_null(f);
  options_doc_markdown(NULL, f);
  fclose(f);
  char *have = file_read_all("docs/options.md", NULL);
  cr_assert_not_null(have, "docs/options.md missing");
  cr_expect_str_eq(have, want,
                   "docs/options.md differs from the option tables: run "
                   "`build/cbench list --options --markdown > docs/options.md`");
  free(have);
  free(want);
}
