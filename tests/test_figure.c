/* Figure recipes (harness/figure*.c): every committed recipe parses and makes its sweeps; a
 * malformed recipe is refused naming the file and field; record fields and statistics are
 * what they claim; one small recipe end to end (sweep, table, gnuplot, figure.json, verdict,
 * numbers beside a paper number). */
#include <criterion/criterion.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness/figures/figure.h"
#include "harness/figures/figure_data.h"
#include "harness/figures/figure_recipe.h"
#include "harness/figures/figure_verdict.h"
#include "harness/common/files.h"
#include "integrators/integrator.h"
#include "sim_fixtures.h"

static char tmpdir[256];

static void setup(void) { fx_tmpdir_make(tmpdir, sizeof tmpdir, "cbench_fig"); }
static void teardown(void) { fx_tmpdir_remove(tmpdir); }

TestSuite(figure, .init = setup, .fini = teardown);

Test(figure, every_committed_recipe_parses_and_makes_its_sweeps) {
  DIR *d = opendir("figures");
  cr_assert_not_null(d, "figures/ exists");
  struct dirent *e;
  int n = 0;
  SweepConfig *c = malloc(sizeof *c);
  while ((e = readdir(d))) {
    size_t l = strlen(e->d_name);
    if (l < 6 || strcmp(e->d_name + l - 5, ".json")) continue;
    char path[600], err[1024];
    snprintf(path, sizeof path, "figures/%s", e->d_name);
    cJSON *r = recipe_load(path, CB_ERR_BUF(err, sizeof err));
    cr_expect_not_null(r, "%s", err);
    if (!r) continue;
    ++n;
    int nruns = cJSON_GetArraySize(cJSON_GetObjectItem(r, "runs"));
    for (int k = 0; k < nruns; ++k)
      for (int quick = 0; quick < 2; ++quick) {
        cr_expect_eq(recipe_sweep_config(r, path, k, quick, "/tmp/x", c, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
        /* the cases and integrators it names exist */
        for (int i = 0; i < c->ncases; ++i) {
          char scene[1300];
          snprintf(scene, sizeof scene, "cases/%s.json", c->cases[i]);
          cr_expect(file_exists(scene), "%s: runs[%d]: no case %s", path, k, c->cases[i]);
        }
        for (int i = 0; i < c->nintegrators; ++i)
          cr_expect_not_null(integrator_find(c->integrators[i]), "%s: unknown integrator %s", path, c->integrators[i]);
      }
    cJSON_Delete(r);
  }
  closedir(d);
  free(c);
  cr_expect_geq(n, 14, "the figure recipes are committed (%d, at least 14)", n);
}

/* A malformed recipe: refused, with the file and the field in the message. */
Test(figure, malformed_recipes_name_file_and_field) {
  const char *base = "{\"schema\": \"cbench.recipe/1\", \"title\": \"t\", \"caption\": \"c\", \"runs\": [%s], \"plot\": %s%s}";
  const char *good_run = "{\"cases\": [\"ball_drop\"], \"integrators\": [\"cenic-sd\"], \"accuracies\": [1e-2]}";
  const char *good_plot = "{\"kind\": \"xy\", \"panels\": [{\"x\": \"param\", \"y\": \"work.median\"}]}";
  struct { const char *run, *plot, *extra, *want; } cases[] = {
      {"{\"cases\": [\"ball_drop\"], \"accuracies\": [1e-2, -1]}", NULL, "", "runs[0].accuracies"},
      {"{\"cases\": [\"ball_drop\"], \"bogus\": 1}", NULL, "", "runs[0].bogus"},
      {"{\"opt\": {\"ls_init\": \"cubic\"}}", NULL, "", "runs[0].opt"},
      {"{\"error_norm\": \"l2\"}", NULL, "", "runs[0].error_norm"},
      {NULL, "{\"kind\": \"pie\", \"panels\": []}", "", "plot.kind"},
      /* cbench plot's built-in recipe kind draws no recipe file */
      {NULL, "{\"kind\": \"work_precision\"}", "", "plot.kind"},
      {NULL, "{\"kind\": \"xy\", \"panels\": [{\"x\": \"param\"}]}", "", "plot.panels[0]"},
      {NULL, "{\"kind\": \"series\", \"panels\": [{\"x\": \"t\", \"y\": \"fn\", \"file\": \"forces\"}]}", "", "plot.panels[0]"},
      {NULL, NULL, ", \"checks\": [{\"a\": {\"field\": \"x\"}, \"op\": \"=\", \"b\": 1, \"yes\": \"y\", \"no\": \"n\"}]", "checks[0]"},
      {NULL, NULL, ", \"compare\": [{\"quantity\": \"q\", \"field\": \"x\", \"stat\": \"median\", \"paper_id\": \"p\"}]", "compare[0].stat"},
      {NULL, NULL, ", \"quick\": {\"t_end\": -1}", "quick.t_end"},
      {"{\"references\": true, \"reference_grid\": 0}", NULL, "", "runs[0].reference_grid"},
      {"{\"references\": true, \"reference_grid\": \"fine\"}", NULL, "", "runs[0].reference_grid"},
      {NULL, "{\"kind\": \"xy\", \"panels\": [{\"x\": \"param\", \"y\": \"series:steps:hessian_cond:avg\"}]}", "", "plot.panels[0]"},
      {NULL, NULL, ", \"checks\": [{\"quantity\": \"q\", \"a\": {\"field\": \"series:forces:fn:max\"}, \"op\": \">\", \"b\": 1, \"yes\": \"y\", \"no\": \"n\"}]", "checks[0].a.field"},
      {NULL, "{\"kind\": \"series\", \"panels\": [{\"x\": \"t\", \"y\": \"fn\", \"file\": \"contacts\", \"xrange\": [0.3, 0.1]}]}", "", "plot.panels[0]"},
      {NULL, "{\"kind\": \"xy\", \"panels\": [{\"x\": \"param\", \"y\": \"work.median\", \"logx\": true, \"xrange\": [0, 1]}]}", "", "plot.panels[0]"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    char text[2048], path[400], err[1024];
    snprintf(text, sizeof text, base, cases[i].run ? cases[i].run : good_run, cases[i].plot ? cases[i].plot : good_plot,
             cases[i].extra);
    snprintf(path, sizeof path, "%s/bad%zu.json", tmpdir, i);
    fx_write_text(path, text);
    cJSON *r = recipe_load(path, CB_ERR_BUF(err, sizeof err));
    cr_expect_null(r, "case %zu accepted: %s", i, text);
    cr_expect(strstr(err, path) && strstr(err, cases[i].want), "case %zu: message '%s' lacks '%s'", i, err, cases[i].want);
    cJSON_Delete(r);
  }
  /* and the good one passes */
  char text[2048], path[400], err[1024];
  snprintf(text, sizeof text, base, good_run, good_plot, "");
  snprintf(path, sizeof path, "%s/good.json", tmpdir);
  fx_write_text(path, text);
  cJSON *r = recipe_load(path, CB_ERR_BUF(err, sizeof err));
  cr_expect_not_null(r, "%s", err);
  cJSON_Delete(r);
}

static cJSON *record(const char *integrator, double acc, double steps, double t, double drift, const char *ls_init) {
  char text[1500];
  snprintf(text, sizeof text,
           "{\"integrator\": \"%s\", \"status\": \"ok\", \"t_reached\": %g, \"params\": {\"accuracy\": %g, \"dt\": null,"
           " \"options\": {\"ls_init\": \"%s\"}, \"scene_params\": {\"controllers[0].kp\": \"1e3\"}},"
           " \"counters\": {\"steps\": %g}, \"physics\": {\"energy\": {\"drift_rel\": %g}},"
           " \"time_split\": {\"geometry\": 1, \"assembly\": 2, \"factorization\": 3, \"linesearch\": 1, \"total\": 10}}",
           integrator, t, acc, ls_init, steps, drift);
  return cJSON_Parse(text);
}

Test(figure, record_fields_and_statistics) {
  cJSON *recs = cJSON_CreateArray();
  /* drift = -3 h^2 with h = t / steps: the slope of |drift| against mean_step is exactly 2 */
  double t = 2.0;
  for (int i = 0; i < 4; ++i) {
    double steps = 10.0 * pow(2, i), h = t / steps;
    cJSON_AddItemToArray(recs, record("a", pow(10, -i), steps, t, -3 * h * h, i % 2 ? "cubic" : "one"));
  }
  cJSON *r0 = cJSON_GetArrayItem(recs, 0);
  cr_expect_float_eq(figure_value(r0, "param"), 1.0, 1e-15);
  cr_expect_float_eq(figure_value(r0, "mean_step"), 0.2, 1e-15);
  cr_expect_float_eq(figure_value(r0, "abs:physics.energy.drift_rel"), 0.12, 1e-14);
  cr_expect_float_eq(figure_value(r0, "scene:controllers[0].kp"), 1e3, 1e-12);
  cr_expect_float_eq(figure_value(r0, "time_other"), 3.0, 1e-15);
  cr_expect_float_eq(figure_value(r0, "ratio:time_split.total,time_split.assembly"), 5.0, 1e-15);
  cr_expect_float_eq(figure_value(r0, "status_code"), 0.0, 0);
  cr_expect(isnan(figure_value(r0, "counters.nothing")));
  char label[256];
  cJSON *fields = cJSON_Parse("[\"integrator\", \"opt:ls_init\"]");
  figure_series_label(r0, fields, label, sizeof label);
  cr_expect_str_eq(label, "a ls_init=one");
  cJSON_Delete(fields);
  cJSON *where = cJSON_Parse("{\"opt:ls_init\": \"cubic\"}");
  cr_expect_float_eq(figure_stat(recs, where, "counters.steps", "sum", NULL), 20.0 + 80.0, 1e-12);
  cr_expect_float_eq(figure_stat(recs, where, "counters.steps", "count", NULL), 2.0, 0);
  cr_expect(isnan(figure_stat(recs, where, "counters.steps", "value", NULL)), "value needs exactly one record");
  cJSON_Delete(where);
  cr_expect_float_eq(figure_stat(recs, NULL, "abs:physics.energy.drift_rel", "slope", "mean_step"), 2.0, 1e-12);
  cr_expect_float_eq(figure_stat(recs, NULL, "counters.steps", "ratio_max_min", NULL), 8.0, 1e-12);
  where = cJSON_Parse("{\"param\": [1, 0.001]}");
  cr_expect_float_eq(figure_stat(recs, where, "counters.steps", "sum", NULL), 10.0 + 80.0, 1e-12);
  cJSON_Delete(where);
  cJSON_Delete(recs);
}

/* "series:FILE:COLUMN:STAT" reduces one column of the record's time series to a number; a series
 * that is missing, or has a NaN sample, gives none; a malformed form is refused by name. */
Test(figure, a_series_field_reduces_a_time_series_column) {
  char path[400], text[600];
  snprintf(path, sizeof path, "%s/r.steps.csv", tmpdir);
  fx_write_text(path, "t,h,hessian_cond\n0,0.1,3\n0.1,0.1,1\n0.2,0.1,2\n0.3,0.1,100\n");
  snprintf(path, sizeof path, "%s/nan.steps.csv", tmpdir);
  fx_write_text(path, "t,h,hessian_cond\n0,0.1,3\n0.1,0.1,\n");
  snprintf(text, sizeof text, "{\"status\": \"ok\", \"_dir\": \"%s\", \"record_file\": \"r.json\"}", tmpdir);
  cJSON *r = cJSON_Parse(text);
  cr_expect_float_eq(figure_value(r, "series:steps:hessian_cond:median"), 2.5, 1e-15);
  cr_expect_float_eq(figure_value(r, "series:steps:hessian_cond:mean"), 26.5, 1e-15);
  cr_expect_float_eq(figure_value(r, "series:steps:hessian_cond:max"), 100, 0);
  cr_expect_float_eq(figure_value(r, "series:steps:hessian_cond:min"), 1, 0);
  cr_expect_float_eq(figure_value(r, "series:steps:hessian_cond:last"), 100, 0);
  cr_expect_float_eq(figure_value(r, "series:steps:hessian_cond:last_x"), 0.3, 1e-15);
  cr_expect_float_eq(figure_value(r, "series:steps:hessian_cond:count"), 4, 0);
  cr_expect_float_eq(figure_value(r, "ratio:series:steps:hessian_cond:max,series:steps:hessian_cond:min"), 100, 0);
  cr_expect(isnan(figure_value(r, "series:steps:no_such_column:max")));
  cr_expect(isnan(figure_value(r, "series:contacts:hessian_cond:max")), "no contacts file: no number");
  cr_expect(isnan(figure_value(r, "series:steps:hessian_cond:avg")));
  /* as a selection: the one record's value */
  cJSON *recs = cJSON_CreateArray();
  cJSON_AddItemToArray(recs, r);
  cJSON *sel = cJSON_Parse("{\"field\": \"series:steps:hessian_cond:median\", \"stat\": \"value\"}");
  cr_expect_float_eq(figure_selection_value(recs, sel), 2.5, 1e-15);
  cJSON_Delete(sel);
  cJSON_Delete(recs);
  snprintf(text, sizeof text, "{\"status\": \"ok\", \"_dir\": \"%s\", \"record_file\": \"nan.json\"}", tmpdir);
  r = cJSON_Parse(text);
  cr_expect(isnan(figure_value(r, "series:steps:hessian_cond:median")), "a NaN sample: not data");
  cr_expect(isnan(figure_value(r, "series:steps:hessian_cond:max")), "a NaN sample: not data");
  cJSON_Delete(r);
  const char *bad[] = {"series:steps:hessian_cond", "series:steps::median", "series::hessian_cond:median",
                       "series:steps,contacts:fn:max", "series:forces:fn:max", "series:steps:h:median:x", "series:steps:h:avg"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) cr_expect_not_null(figure_field_problem(bad[i]), "%s accepted", bad[i]);
  cr_expect_null(figure_field_problem("series:steps:hessian_cond:median"));
  cr_expect_null(figure_field_problem("counters.steps"));
}

/* One recipe end to end on a fast case: two integrators, a paper number to compare with, a
 * check, and a run that times out (its point is marked, it does not stop the figure). */
Test(figure, small_recipe_end_to_end) {
  char rdir[400], pdir[400], out[400], path[600];
  snprintf(rdir, sizeof rdir, "%s/recipes", tmpdir);
  snprintf(pdir, sizeof pdir, "%s/paper", tmpdir);
  snprintf(out, sizeof out, "%s/out", tmpdir);
  cr_assert_eq(dir_make_parents(rdir), 0);
  cr_assert_eq(dir_make_parents(pdir), 0);
  snprintf(path, sizeof path, "%s/numbers.json", pdir);
  fx_write_text(path, "{\"paper\": \"test\", \"numbers\": [{\"id\": \"test.steps\", \"value\": 50, \"units\": \"\", \"source\": \"Test Table 1\"}]}");
  snprintf(path, sizeof path, "%s/tiny.json", rdir);
  fx_write_text(path,
             "{\"schema\": \"cbench.recipe/1\", \"title\": \"tiny\", \"caption\": \"ball drop <b>&</b>\","
             " \"paper\": {\"ref\": \"Test Fig. 1\"},"
             " \"runs\": [{\"cases\": [\"ball_drop\"], \"integrators\": [\"cenic-sd\", \"rk3\"], \"accuracies\": [1e-2, 1e-3],"
             "            \"t_end\": 0.3},"
             "           {\"cases\": [\"ball_drop\"], \"integrators\": [\"cenic-sd\"], \"accuracies\": [1e-9], \"t_end\": 100,"
             "            \"timeout\": 0.2}],"
             " \"plot\": {\"kind\": \"xy\", \"series\": [\"integrator\"],"
             "          \"panels\": [{\"x\": \"param\", \"y\": \"counters.steps\", \"logx\": true, \"logy\": true, \"fit\": true}]},"
             " \"compare\": [{\"quantity\": \"cenic steps at 1e-3\", \"paper_id\": \"test.steps\","
             "              \"where\": {\"integrator\": \"cenic-sd\", \"param\": 0.001}, \"field\": \"counters.steps\"}],"
             " \"checks\": [{\"quantity\": \"steps, tight against loose\","
             "              \"a\": {\"where\": {\"integrator\": \"cenic-sd\", \"param\": 0.001}, \"field\": \"counters.steps\"}, \"op\": \">\","
             "              \"b\": {\"where\": {\"integrator\": \"cenic-sd\", \"param\": 0.01}, \"field\": \"counters.steps\"},"
             "              \"yes\": \"tight {a} > loose {b}\", \"no\": \"tight {a} <= loose {b}\"}]}");
  cbench_context_set_figures_dir(fx_cb(), rdir);
  cbench_context_set_paper_dir(fx_cb(), pdir);
  FigureOptions o;
  figure_options_default(&o);
  snprintf(o.out, sizeof o.out, "%s", out);
  o.quiet = 1;
  o.jobs = 2;
  o.gnuplot = system("command -v gnuplot >/dev/null 2>&1") == 0;
  char err[2048] = "";
  cr_assert_eq(figure_make(fx_cb(), "tiny", &o, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cr_expect_eq(figure_make(fx_cb(), "no_such_recipe", &o, CB_ERR_BUF(err, sizeof err)), CB_ERR_INPUT);
  cr_expect(strstr(err, "no_such_recipe"), "%s", err);

  snprintf(path, sizeof path, "%s/tiny/figure.json", out);
  char *text = file_read_all(path, NULL);
  cr_assert_not_null(text, "figure.json written");
  cJSON *fig = cJSON_Parse(text);
  free(text);
  cr_assert_not_null(fig);
  cr_expect_str_eq(cJSON_GetObjectItem(fig, "schema")->valuestring, "cbench.figure/1");
  cJSON *pts = cJSON_GetObjectItem(fig, "points");
  cr_expect_eq(cJSON_GetObjectItem(pts, "ok")->valueint, 4);
  cr_expect_eq(cJSON_GetObjectItem(pts, "timeout")->valueint + cJSON_GetObjectItem(pts, "failed")->valueint, 1,
               "the 1e-9 run over 100 s does not fit in 0.2 s");
  cJSON *cmp = cJSON_GetArrayItem(cJSON_GetObjectItem(fig, "comparisons"), 0);
  double ours = cJSON_GetObjectItem(cmp, "ours")->valuedouble;
  cr_expect_float_eq(cJSON_GetObjectItem(cmp, "paper")->valuedouble, 50.0, 0);
  cr_expect_float_eq(cJSON_GetObjectItem(cmp, "ratio")->valuedouble, ours / 50.0, 1e-12);
  cr_expect_str_eq(cJSON_GetObjectItem(cmp, "source")->valuestring, "Test Table 1");
  const char *verdict = cJSON_GetObjectItem(fig, "verdict")->valuestring;
  cr_expect(!strncmp(verdict, "tight ", 6) && strstr(verdict, "> loose"), "accuracy 1e-3 takes more steps than 1e-2: %s", verdict);
  cr_expect_str_eq(cJSON_GetObjectItem(fig, "verdict_status")->valuestring, "reproduced");
  cJSON *check = cJSON_GetArrayItem(cJSON_GetObjectItem(fig, "checks"), 0);
  cr_expect_str_eq(cJSON_GetObjectItem(check, "quantity")->valuestring, "steps, tight against loose");
  cr_expect(cJSON_GetObjectItem(check, "ours")->valuedouble > cJSON_GetObjectItem(check, "b")->valuedouble);
  cr_expect(strstr(cJSON_GetObjectItem(fig, "command")->valuestring, "cbench figure tiny"));
  cJSON_Delete(fig);
  /* the table: one row per record plus the fitted slopes */
  snprintf(path, sizeof path, "%s/tiny/tiny.tsv", out);
  text = file_read_all(path, NULL);
  cr_assert_not_null(text);
  int rows = 0, slopes = 0;
  for (char *p = text; (p = strchr(p, '\n')); ++p) ++rows;
  for (char *p = text; (p = strstr(p, "\tslope\t")); ++p) ++slopes;
  cr_expect_eq(rows, 1 + 5 + 2, "header, 5 records, 2 slopes:\n%s", text);
  cr_expect_eq(slopes, 2);
  free(text);
  if (o.gnuplot) {
    snprintf(path, sizeof path, "%s/tiny/tiny.svg", out);
    cr_expect(file_exists(path), "svg drawn");
    snprintf(path, sizeof path, "%s/tiny/tiny.png", out);
    cr_expect(file_exists(path), "png drawn");
  }
  /* again: every record is reused, nothing recomputed */
  snprintf(path, sizeof path, "%s/tiny/run0/ball_drop__rk3__acc0.001.json", out);
  char *before = file_read_all(path, NULL);
  cr_assert_eq(figure_make(fx_cb(), "tiny", &o, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  char *after = file_read_all(path, NULL);
  cr_expect(before && after && !strcmp(before, after), "records reused");
  free(before);
  free(after);
  /* a run whose physics guard fired is not data: its own marker, counted, and the check that
   * needs it has no number */
  snprintf(path, sizeof path, "%s/tiny/run0/ball_drop__cenic-sd__acc0.001.json", out);
  text = file_read_all(path, NULL);
  cr_assert_not_null(text);
  cJSON *rec = cJSON_Parse(text);
  free(text);
  cJSON_AddItemToArray(cJSON_GetObjectItem(rec, "warnings"), cJSON_CreateString("physics: energy rose (test)"));
  text = cJSON_Print(rec);
  fx_write_text(path, text);
  free(text);
  cJSON_Delete(rec);
  cr_assert_eq(figure_make(fx_cb(), "tiny", &o, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  snprintf(path, sizeof path, "%s/tiny/figure.json", out);
  text = file_read_all(path, NULL);
  fig = cJSON_Parse(text);
  free(text);
  cr_assert_not_null(fig);
  cr_expect_eq(cJSON_GetObjectItem(cJSON_GetObjectItem(fig, "points"), "flagged")->valueint, 1);
  cr_expect_eq(cJSON_GetObjectItem(cJSON_GetObjectItem(fig, "points"), "ok")->valueint, 3);
  cr_expect_str_eq(cJSON_GetObjectItem(fig, "verdict_status")->valuestring, "not_reproduced",
                   "the flagged run is no success: %s", cJSON_GetObjectItem(fig, "verdict")->valuestring);
  cJSON_Delete(fig);
  snprintf(path, sizeof path, "%s/tiny/data/p0_flagged.dat", out);
  cr_expect(file_exists(path), "the flagged run's marker");
  snprintf(path, sizeof path, "%s/tiny/tiny.tsv", out);
  text = file_read_all(path, NULL);
  cr_expect(text && strstr(text, "\tflagged\t"), "the table says flagged");
  free(text);
}

/* A recipe's reference_grid sets its references' points per simulated second, and with them the
 * grid its runs measure their error on (the default, 100 per s, would give 21 points here). */
Test(figure, reference_grid_sets_the_reference_and_error_grid) {
  char rdir[400], out[400], path[600];
  snprintf(rdir, sizeof rdir, "%s/recipes", tmpdir);
  snprintf(out, sizeof out, "%s/out", tmpdir);
  cr_assert_eq(dir_make_parents(rdir), 0);
  snprintf(path, sizeof path, "%s/grid.json", rdir);
  fx_write_text(path,
             "{\"schema\": \"cbench.recipe/1\", \"title\": \"grid\", \"caption\": \"c\","
             " \"runs\": [{\"cases\": [\"ball_drop\"], \"integrators\": [\"cenic-sd\"], \"accuracies\": [1e-2],"
             "            \"t_end\": 0.2, \"references\": true, \"reference_method\": \"cenic-sd:1e-6\","
             "            \"reference_secondary\": \"none\", \"reference_grid\": 1000}],"
             " \"plot\": {\"kind\": \"xy\", \"panels\": [{\"x\": \"param\", \"y\": \"error.positions.rms\"}]},"
             " \"checks\": [{\"quantity\": \"q\", \"a\": {\"field\": \"error.positions.rms\"}, \"op\": \">\", \"b\": 0,"
             "              \"yes\": \"y\", \"no\": \"n\"}]}");
  cbench_context_set_figures_dir(fx_cb(), rdir);
  FigureOptions o;
  figure_options_default(&o);
  snprintf(o.out, sizeof o.out, "%s", out);
  o.quiet = 1;
  o.quick = 1; /* its reference lives under out/ */
  o.gnuplot = 0;
  char err[2048] = "";
  cr_assert_eq(figure_make(fx_cb(), "grid", &o, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  snprintf(path, sizeof path, "%s/reference/ball_drop.json", out);
  char *text = file_read_all(path, NULL);
  cJSON *ref = text ? cJSON_Parse(text) : NULL;
  free(text);
  cr_assert_not_null(ref, "the quick reference %s", path);
  cr_expect_float_eq(cJSON_GetObjectItem(ref, "grid_rate")->valuedouble, 1000.0, 0);
  cJSON_Delete(ref);
  snprintf(path, sizeof path, "%s/grid/run0/sweep.json", out);
  text = file_read_all(path, NULL);
  cJSON *recs = text ? cJSON_Parse(text) : NULL;
  free(text);
  cJSON *rec = cJSON_IsArray(recs) ? cJSON_GetArrayItem(recs, 0) : cJSON_GetArrayItem(cJSON_GetObjectItem(recs, "records"), 0);
  cr_assert_not_null(rec, "the run's record");
  cJSON *gp = cJSON_GetObjectItem(cJSON_GetObjectItem(rec, "error"), "grid_points");
  cr_expect(cJSON_IsNumber(gp) && gp->valueint == 201, "error on 201 points (0.2 s at 1000 per s), got %d",
            cJSON_IsNumber(gp) ? gp->valueint : -1);
  cJSON_Delete(recs);
}

/* A time-series figure shows a timed-out run (up to where it stopped, or as a legend entry), and
 * gnuplot draws it. */
Test(figure, series_figure_shows_a_timed_out_run) {
  char rdir[400], out[400], path[600];
  snprintf(rdir, sizeof rdir, "%s/recipes", tmpdir);
  snprintf(out, sizeof out, "%s/out", tmpdir);
  cr_assert_eq(dir_make_parents(rdir), 0);
  snprintf(path, sizeof path, "%s/ser.json", rdir);
  fx_write_text(path,
                "{\"schema\": \"cbench.recipe/1\", \"title\": \"ser\", \"caption\": \"c\","
                " \"runs\": [{\"cases\": [\"ball_drop\"], \"integrators\": [\"cenic-sd\"], \"accuracies\": [1e-2], \"t_end\": 1,"
                "            \"series\": [\"contacts\"]},"
                "           {\"cases\": [\"ball_drop\"], \"integrators\": [\"cenic-sd\"], \"accuracies\": [1e-9], \"t_end\": 100,"
                "            \"timeout\": 0.2, \"series\": [\"contacts\"]}],"
                " \"plot\": {\"kind\": \"series\", \"series\": [\"integrator\", \"param\"],"
                "          \"panels\": [{\"file\": \"contacts\", \"rows\": {\"kind\": \"pair\"}, \"x\": \"t\", \"y\": \"fn\"}]}}");
  cbench_context_set_figures_dir(fx_cb(), rdir);
  FigureOptions o;
  figure_options_default(&o);
  snprintf(o.out, sizeof o.out, "%s", out);
  o.quiet = 1;
  o.gnuplot = system("command -v gnuplot >/dev/null 2>&1") == 0;
  char err[2048] = "";
  cr_assert_eq(figure_make(fx_cb(), "ser", &o, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  snprintf(path, sizeof path, "%s/ser/ser.gp", out);
  char *gp = file_read_all(path, NULL);
  cr_assert_not_null(gp);
  cr_expect(strstr(gp, "[timed out]") || strstr(gp, "timed out, no series (1)"), "the timed-out run is shown:\n%s", gp);
  free(gp);
  if (o.gnuplot) {
    snprintf(path, sizeof path, "%s/ser/ser.svg", out);
    cr_expect(file_exists(path), "svg drawn");
  }
}

/* Integrator lists ("@NAME", figures/lists/integrators.json): expanded in runs, panels and
 * checks; a listed name this build does not register is skipped with a caption note, a name
 * written out is not (a typo stays an error); an unknown list is refused naming the field.
 * plot.columns puts record fields beside each row of the table; kind cbench_claim answers
 * cbench_claim_holds / _fails. */
Test(figure, integrator_lists_skip_unregistered_names_and_columns_fill_the_table) {
  char rdir[400], ldir[500], out[400], path[600];
  snprintf(rdir, sizeof rdir, "%s/recipes", tmpdir);
  snprintf(ldir, sizeof ldir, "%s/lists", rdir);
  snprintf(out, sizeof out, "%s/out", tmpdir);
  cr_assert_eq(dir_make_parents(ldir), 0);
  snprintf(path, sizeof path, "%s/integrators.json", ldir);
  fx_write_text(path, "{\"schema\": \"cbench.integrator_lists/1\", \"lists\": {\"fast\": [\"ode\", \"no-such-engine\"],"
                      " \"ec\": [\"cenic-sd\"]}}");
  static const char *const recipe_fmt =
      "{\"schema\": \"cbench.recipe/1\", \"title\": \"lists\", \"caption\": \"c\", \"paper\": null, \"kind\": \"cbench_claim\","
      " \"runs\": [{\"cases\": [\"ball_drop\"], \"integrators\": [\"@fast\"%s], \"dts\": [1e-2], \"t_end\": 0.2},"
      "           {\"cases\": [\"ball_drop\"], \"integrators\": [\"@ec\"], \"accuracies\": [1e-2], \"t_end\": 0.2}],"
      " \"plot\": {\"kind\": \"xy\", \"series\": [\"integrator\"], \"columns\": [\"counters.steps\", \"controllers\"],"
      "          \"panels\": [{\"where\": {\"integrator\": [\"@fast\", \"@ec\"]}, \"x\": \"param\", \"y\": \"counters.steps\"}]},"
      " \"checks\": [{\"quantity\": \"ode steps\", \"a\": {\"where\": {\"integrator\": \"@fast\"}, \"field\": \"counters.steps\","
      "              \"stat\": \"max\"}, \"op\": \">\", \"b\": %s, \"yes\": \"y\", \"no\": \"n\"}]}";
  char text[4096];
  snprintf(text, sizeof text, recipe_fmt, "", "1");
  snprintf(path, sizeof path, "%s/lists.json", rdir);
  fx_write_text(path, text);
  char err[2048] = "";
  cJSON *r = recipe_load(path, CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(r, "%s", err);
  const cJSON *names = cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(r, "runs"), 0), "integrators");
  cr_expect_eq(cJSON_GetArraySize(names), 2);
  cr_expect_str_eq(cJSON_GetArrayItem(names, 1)->valuestring, "no-such-engine");
  const cJSON *cw = cJSON_GetObjectItem(cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(r, "checks"), 0), "a"), "where");
  cr_expect(cJSON_IsArray(cJSON_GetObjectItem(cw, "integrator")), "a where's \"@NAME\" becomes the list");
  cJSON_Delete(r);

  cbench_context_set_figures_dir(fx_cb(), rdir);
  FigureOptions o;
  figure_options_default(&o);
  snprintf(o.out, sizeof o.out, "%s", out);
  o.quiet = 1;
  o.gnuplot = 0;
  cr_assert_eq(figure_make(fx_cb(), "lists", &o, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  snprintf(path, sizeof path, "%s/lists/figure.json", out);
  char *t = file_read_all(path, NULL);
  cJSON *fig = t ? cJSON_Parse(t) : NULL;
  free(t);
  cr_assert_not_null(fig);
  cr_expect(strstr(cJSON_GetObjectItem(fig, "caption_note")->valuestring, "skipped: no-such-engine"), "%s",
            cJSON_GetObjectItem(fig, "caption_note")->valuestring);
  cr_expect_eq(cJSON_GetArraySize(cJSON_GetObjectItem(fig, "skipped_integrators")), 1);
  cr_expect_str_eq(cJSON_GetObjectItem(fig, "kind")->valuestring, "cbench_claim");
  cr_expect_str_eq(cJSON_GetObjectItem(fig, "verdict_status")->valuestring, VERDICT_CBENCH_HOLDS);
  cr_expect_eq(cJSON_GetObjectItem(cJSON_GetObjectItem(fig, "points"), "ok")->valueint, 2, "ode and cenic-sd ran");
  cJSON_Delete(fig);
  snprintf(path, sizeof path, "%s/lists/lists.tsv", out);
  t = file_read_all(path, NULL);
  cr_assert_not_null(t);
  cr_expect(strstr(t, "\tcommand\tcounters.steps\tcontrollers\n"), "the header names the columns:\n%s", t);
  cr_expect(strstr(t, "\t20\texplicit\n") && strstr(t, "\timplicit\n"), "steps and controllers beside each row:\n%s", t);
  free(t);
  /* the claim fails: cbench_claim_fails */
  snprintf(text, sizeof text, recipe_fmt, "", "1e9");
  snprintf(path, sizeof path, "%s/lists.json", rdir);
  fx_write_text(path, text);
  cr_assert_eq(figure_make(fx_cb(), "lists", &o, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  snprintf(path, sizeof path, "%s/lists/figure.json", out);
  t = file_read_all(path, NULL);
  fig = t ? cJSON_Parse(t) : NULL;
  free(t);
  cr_assert_not_null(fig);
  cr_expect_str_eq(cJSON_GetObjectItem(fig, "verdict_status")->valuestring, VERDICT_CBENCH_FAILS);
  cJSON_Delete(fig);
  /* a name written out must be registered */
  snprintf(text, sizeof text, recipe_fmt, ", \"no-such-typo\"", "1");
  snprintf(path, sizeof path, "%s/lists.json", rdir);
  fx_write_text(path, text);
  cr_expect_neq(figure_make(fx_cb(), "lists", &o, CB_ERR_BUF(err, sizeof err)), 0);
  cr_expect(strstr(err, "unknown integrator 'no-such-typo'"), "%s", err);
  /* an unknown list, a bad kind */
  fx_write_text(path, "{\"schema\": \"cbench.recipe/1\", \"title\": \"t\", \"caption\": \"c\", \"paper\": null,"
                      " \"runs\": [{\"integrators\": [\"@nope\"]}], \"plot\": {\"kind\": \"xy\", \"panels\": [{\"x\": \"param\", \"y\": \"param\"}]}}");
  cr_expect_null(recipe_load(path, CB_ERR_BUF(err, sizeof err)));
  cr_expect(strstr(err, "runs[0].integrators") && strstr(err, "no such integrator list"), "%s", err);
  fx_write_text(path, "{\"schema\": \"cbench.recipe/1\", \"title\": \"t\", \"caption\": \"c\", \"paper\": {\"ref\": \"X\"},"
                      " \"kind\": \"cbench_claim\", \"runs\": [{}], \"plot\": {\"kind\": \"xy\", \"panels\": [{\"x\": \"param\", \"y\": \"param\"}]}}");
  cr_expect_null(recipe_load(path, CB_ERR_BUF(err, sizeof err)));
  cr_expect(strstr(err, "kind"), "%s", err);
}
