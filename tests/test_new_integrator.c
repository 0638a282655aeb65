/* A new integrator is one folder and one registry line: the example in integrators/example/
 * (symplectic Euler on the fixed-step driver), added to a context's registry as the line at the
 * end of BUILTIN_INTEGRATORS would add it to the built-in table, goes through every path the
 * registry feeds: `cbench run` and its record, a sweep and `cbench plot` in a colour of its own,
 * and the option listing that docs/options.md is generated from (the scheme's order is measured
 * in tests/test_fixed_step_driver.c, whose copy of it is the documented template). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/cli/cli.h"
#include "harness/cli/options_doc.h"
#include "harness/common/files.h"
#include "harness/figures/integrator_style.h"
#include "harness/run/run_record.h"
#include "integrators/example/symplectic_euler.h"
#include "models/system.h"
#include "sim_fixtures.h"

static const char *ball =
    "{\"name\": \"drop\", \"duration\": 0.05, \"max_step\": 0.01,"
    " \"materials\": [{\"name\": \"m\", \"stiffness\": 1e4, \"dissipation\": 1, \"mu\": 0.5}],"
    " \"world_geoms\": [{\"type\": \"plane\", \"material\": \"m\"}],"
    " \"bodies\": [{\"name\": \"ball\", \"joint\": \"free\", \"mass\": 0.1,"
    "   \"geoms\": [{\"type\": \"sphere\", \"size\": 0.05, \"material\": \"m\"}], \"q0\": {\"pos\": [0, 0, 1]}}]}";

/* A context whose cases folder is a fresh temporary one holding drop.json, with the example added. */
static void setup(CbenchContext *cb, char *dir, size_t n) {
  fx_tmpdir_make(dir, n, "cbench_newint");
  char scene[700];
  snprintf(scene, sizeof scene, "%s/drop.json", dir);
  fx_write_text(scene, ball);
  cbench_context_init(cb);
  snprintf(cb->cases_dir, sizeof cb->cases_dir, "%s", dir);
  cbench_context_set_results_dir(cb, dir);
  cr_assert_eq(integrator_registry_add(&cb->registry, &example_symplectic_euler_vtbl), 0);
}

static cJSON *read_json(const char *path) {
  char *text = file_read_all(path, NULL);
  cr_assert_not_null(text, "%s missing", path);
  cJSON *doc = cJSON_Parse(text);
  free(text);
  cr_assert_not_null(doc, "%s is not JSON", path);
  return doc;
}

Test(new_integrator, runs_and_writes_a_valid_record) {
  CbenchContext cb;
  char dir[512], json[700], err[512];
  setup(&cb, dir, sizeof dir);
  snprintf(json, sizeof json, "%s/run.json", dir);
  char *argv[] = {"cbench", "run", "--case", "drop", "--integrator", "symplectic-euler", "--dt", "1e-3",
                  "--json", json, "--quiet", NULL};
  cr_assert_eq(cbench_main_in(&cb, 11, argv), CB_OK);
  cJSON *rec = read_json(json);
  cr_expect_eq(run_record_validate(rec, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cr_expect_str_eq(cJSON_GetObjectItemCaseSensitive(rec, "status")->valuestring, "ok");
  cr_expect_str_eq(cJSON_GetObjectItemCaseSensitive(rec, "integrator")->valuestring, "symplectic-euler");
  const cJSON *steps = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(rec, "counters"), "steps");
  cr_expect(cJSON_IsNumber(steps) && steps->valuedouble == 50, "0.05 s in steps of 1 ms: 50 steps");
  cJSON_Delete(rec);
  fx_tmpdir_remove(dir);
}

/* Its colour is its own: not grey (unknown), not any built-in's; and a sweep's plot script draws
 * its line in that colour. */
Test(new_integrator, sweeps_and_plots_in_a_colour_of_its_own) {
  CbenchContext cb;
  char dir[512], out[700], gp[800];
  setup(&cb, dir, sizeof dir);
  IntegratorStyle mine = integrator_style_in(&cb.registry, "symplectic-euler");
  IntegratorStyle unknown = integrator_style_in(&cb.registry, "no-such-integrator");
  cr_expect_str_neq(mine.color, unknown.color, "the added integrator is drawn as an unknown name");
  for (int i = 0; i < integrator_count(); ++i)
    cr_expect_str_neq(mine.color, integrator_style(integrator_at(i)->name).color, "same colour as %s",
                      integrator_at(i)->name);
  snprintf(out, sizeof out, "%s/sweep", dir);
  char *sweep[] = {"cbench", "sweep", "--cases", "drop", "--integrators", "symplectic-euler", "--dts", "1e-3,2e-3",
                   "--out", out, "--quiet", NULL};
  cr_assert_eq(cbench_main_in(&cb, 11, sweep), CB_OK);
  char *plot[] = {"cbench", "plot", out, NULL};
  cr_assert_eq(cbench_main_in(&cb, 3, plot), CB_OK);
  snprintf(gp, sizeof gp, "%s/plots/drop.gp", out);
  char *script = file_read_all(gp, NULL);
  cr_assert_not_null(script, "%s missing", gp);
  cr_expect(strstr(script, mine.color), "the plot does not use its colour %s", mine.color);
  free(script);
  fx_tmpdir_remove(dir);
}

/* The option listing of a registry with it is the built-in one plus its section at the end: what
 * `make` writes into docs/options.md once its registry line is added. */
Test(new_integrator, the_option_listing_gains_its_section) {
  CbenchContext cb;
  char dir[512];
  setup(&cb, dir, sizeof dir);
  char *builtin = NULL, *with = NULL;
  size_t nb = 0, nw = 0;
  FILE *f = open_memstream(&builtin, &nb);
  options_doc_markdown(NULL, f);
  fclose(f);
  f = open_memstream(&with, &nw);
  options_doc_markdown(&cb.registry, f);
  fclose(f);
  const char *section = "\n## symplectic-euler\n\nNo options.\n";
  cr_assert_eq(nw, nb + strlen(section));
  cr_expect_eq(memcmp(with, builtin, nb), 0, "the built-in sections changed");
  cr_expect_str_eq(with + nb, section);
  free(builtin);
  free(with);
  fx_tmpdir_remove(dir);
}
