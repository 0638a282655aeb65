/* Drawing a figure (harness/figures/figure_draw.c) drops nothing: more series than a fixed table would
 * hold and hundreds of failed runs are all in the table, the data files and the legend; the
 * plot-kind ops table (harness/figures/plot_kind.c) is complete and documented. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/figures/figure_draw.h"
#include "harness/figures/figure_recipe.h"
#include "harness/common/files.h"
#include "harness/figures/plot_kind.h"
#include "sim_fixtures.h"

static char tmpdir[256];
static void setup(void) { fx_tmpdir_make(tmpdir, sizeof tmpdir, "cbench_figdraw"); }
static void teardown(void) { fx_tmpdir_remove(tmpdir); }
TestSuite(figure_draw, .init = setup, .fini = teardown);

enum { NSERIES = 70, NFAILED = 300, NOK_PER_SERIES = 3 };

/* Lines of path (0 when missing). */
static int count_lines(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) return 0;
  int n = 0, c;
  while ((c = fgetc(f)) != EOF) n += c == '\n';
  fclose(f);
  return n;
}

static int count_in(const char *text, const char *what) {
  int n = 0;
  for (const char *p = text; (p = strstr(p, what)); p += strlen(what)) ++n;
  return n;
}

static cJSON *record(const char *status, int series, double acc, double steps) {
  char text[512];
  snprintf(text, sizeof text,
           "{\"status\": \"%s\", \"integrator\": \"cenic-sd\", \"params\": {\"accuracy\": %g, \"options\": {\"k\": "
           "\"%d\"}}, \"counters\": {\"steps\": %g}, \"warnings\": [], \"command\": \"cbench run\"}",
           status, acc, series, steps);
  cJSON *r = cJSON_Parse(text);
  cr_assert(r);
  return r;
}

Test(figure_draw, many_series_and_failed_points_are_all_kept) {
  const char *recipe_text =
      "{\"schema\": \"cbench.recipe/1\", \"title\": \"limits\", \"caption\": \"\", \"runs\": [{}], \"plot\": {\"kind\": "
      "\"xy\", \"series\": [\"opt:k\"], \"panels\": [{\"x\": \"param\", \"y\": \"counters.steps\", \"logx\": true}]}}";
  char err[1024];
  cJSON *recipe = recipe_load_text(recipe_text, "limits.json", CB_ERR_BUF(err, sizeof err));
  cr_assert(recipe, "%s", err);
  cJSON *records = cJSON_CreateArray();
  for (int s = 0; s < NSERIES; ++s)
    for (int k = 0; k < NOK_PER_SERIES; ++k) cJSON_AddItemToArray(records, record("ok", s, 1e-2 / (k + 1), 10 * (k + 1)));
  for (int i = 0; i < NFAILED; ++i) cJSON_AddItemToArray(records, record("failed", i % NSERIES, 1e-3, 0));
  char fdir[400];
  snprintf(fdir, sizeof fdir, "%s/lim/data", tmpdir);
  cr_assert_eq(dir_make_parents(fdir), 0);
  cr_assert_eq(figure_draw(recipe, records, NULL, "results/paper", tmpdir, "lim", CB_ERR_BUF(err, sizeof err)), 0, "%s", err);

  char path[600];
  snprintf(path, sizeof path, "%s/lim/lim.tsv", tmpdir);
  cr_expect_eq(count_lines(path), 1 + NSERIES * NOK_PER_SERIES + NFAILED, "every run a row of the table");
  snprintf(path, sizeof path, "%s/lim/data/p0_s%d.dat", tmpdir, NSERIES - 1);
  cr_expect_eq(count_lines(path), NOK_PER_SERIES, "the last series has its data file");
  snprintf(path, sizeof path, "%s/lim/data/p0_failed.dat", tmpdir);
  cr_expect_eq(count_lines(path), NFAILED, "every failed run a marker");
  snprintf(path, sizeof path, "%s/lim/lim.gp", tmpdir);
  char *gp = file_read_all(path, NULL);
  cr_assert(gp);
  char want[64];
  snprintf(want, sizeof want, "title 'failed (%d)'", NFAILED);
  cr_expect_eq(count_in(gp, want), 2, "the legend counts every failed run (SVG and PNG): %s", want);
  /* one legend entry per series, in each of the script's two terminals */
  cr_expect_eq(count_in(gp, "keyentry w lp"), 2 * NSERIES);
  cr_expect_eq(count_in(gp, "u 1:2 w lp"), 2 * NSERIES, "every series drawn");
  free(gp);
  cJSON_Delete(records);
  cJSON_Delete(recipe);
}

static cJSON *xy_record(const char *status, const char *integrator, double acc, double err_rms) {
  char text[512];
  snprintf(text, sizeof text,
           "{\"status\": \"%s\", \"integrator\": \"%s\", \"params\": {\"accuracy\": %g}, "
           "\"error\": {\"positions\": {\"rms\": %g}}, \"warnings\": [%s], \"command\": \"cbench run\"}",
           strcmp(status, "flagged") ? status : "ok", integrator, acc, err_rms,
           strcmp(status, "flagged") ? "" : "\"physics: energy grew (test)\""); /* flagged: ok with a guard's warning */
  cJSON *r = cJSON_Parse(text);
  cr_assert(r);
  return r;
}

/* A flagged run 1e6 times the data's error does not set the axes: they are the data's (fixed,
 * padded), its marker sits at the edge, and the marker says whose it is. Without a run beyond
 * the data, the axes autoscale as before (no fixed range). */
Test(figure_draw, a_flagged_run_does_not_set_the_axes_and_its_marker_is_named) {
  const char *recipe_text =
      "{\"schema\": \"cbench.recipe/1\", \"title\": \"clip\", \"caption\": \"\", \"runs\": [{}], \"plot\": {\"kind\": "
      "\"xy\", \"series\": [\"integrator\"], \"panels\": [{\"x\": \"param\", \"y\": \"error.positions.rms\", "
      "\"logx\": true, \"logy\": true}]}}";
  char err[1024], fdir[400], path[600];
  cJSON *recipe = recipe_load_text(recipe_text, "clip.json", CB_ERR_BUF(err, sizeof err));
  cr_assert(recipe, "%s", err);
  for (int with_flagged = 0; with_flagged < 2; ++with_flagged) {
    cJSON *records = cJSON_CreateArray();
    for (int k = 0; k < 3; ++k) cJSON_AddItemToArray(records, xy_record("ok", "cenic-sd", 1e-2 / (k + 1), 1e-3 * (k + 1)));
    cJSON_AddItemToArray(records, xy_record("ok", "rk3", 1e-3, 2e-3));
    if (with_flagged) cJSON_AddItemToArray(records, xy_record("flagged", "rk3", 1e-2, 1e3));
    const char *name = with_flagged ? "clipf" : "clip0";
    snprintf(fdir, sizeof fdir, "%s/%s/data", tmpdir, name);
    cr_assert_eq(dir_make_parents(fdir), 0);
    cr_assert_eq(figure_draw(recipe, records, NULL, "results/paper", tmpdir, name, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
    snprintf(path, sizeof path, "%s/%s/%s.gp", tmpdir, name, name);
    char *gp = file_read_all(path, NULL);
    cr_assert(gp);
    const char *yr = strstr(gp, "set yrange [");
    if (!with_flagged) {
      cr_expect_null(yr, "nothing beyond the data: the axes autoscale");
    } else {
      cr_assert_not_null(yr, "a flagged run beyond the data: the axes are fixed to the data's");
      double lo = NAN, hi = NAN;
      cr_assert_eq(sscanf(yr, "set yrange [%lf:%lf]", &lo, &hi), 2);
      cr_expect(lo > 1e-4 && lo < 1e-3 && hi > 3e-3 && hi < 1e-2, "the y axis spans the data (1e-3 to 3e-3), padded: [%g, %g]", lo, hi);
      cr_expect(strstr(gp, "at the edge"), "the figure says that runs beyond the axes are at the edge");
      cr_expect(strstr(gp, "w labels"), "the markers are labelled");
      snprintf(path, sizeof path, "%s/%s/data/p0_flagged.dat", tmpdir, name);
      char *dat = file_read_all(path, NULL);
      cr_assert(dat);
      double x = NAN, y = NAN;
      char who[64] = "";
      cr_assert_eq(sscanf(dat, "%lf\t%lf\t\"%63[^\"]\"", &x, &y, who), 3, "%s", dat);
      cr_expect(fabs(y - hi) < 1e-12 * hi, "the flagged marker at the top edge (%g, the axis ends at %g)", y, hi);
      cr_expect_str_eq(who, "rk3", "the marker says whose it is");
      free(dat);
    }
    free(gp);
    cJSON_Delete(records);
  }
  cJSON_Delete(recipe);
}

/* A series figure: the line of a flagged run is drawn, clipped at the edge of the axes the
 * other runs' lines set, and named in the legend with its integrator. */
Test(figure_draw, a_flagged_series_is_clipped_to_the_datas_axes) {
  const char *recipe_text =
      "{\"schema\": \"cbench.recipe/1\", \"title\": \"clips\", \"caption\": \"\", \"runs\": [{}], \"plot\": {\"kind\": "
      "\"series\", \"series\": [\"integrator\"], \"panels\": [{\"file\": \"contacts\", \"x\": \"t\", \"y\": \"fn\"}]}}";
  char err[1024], fdir[400], path[700];
  cJSON *recipe = recipe_load_text(recipe_text, "clips.json", CB_ERR_BUF(err, sizeof err));
  cr_assert(recipe, "%s", err);
  snprintf(fdir, sizeof fdir, "%s/clips/data", tmpdir);
  cr_assert_eq(dir_make_parents(fdir), 0);
  const double scale[2] = {1, 1e6};
  cJSON *records = cJSON_CreateArray();
  for (int i = 0; i < 2; ++i) {
    snprintf(path, sizeof path, "%s/r%d.contacts.csv", tmpdir, i);
    FILE *f = fopen(path, "w");
    cr_assert(f);
    fprintf(f, "t,fn\n");
    for (int k = 0; k < 5; ++k) fprintf(f, "%g,%g\n", 0.01 * k, scale[i] * (1 + k));
    fclose(f);
    char text[512];
    snprintf(text, sizeof text,
             "{\"status\": \"%s\", \"integrator\": \"%s\", \"record_file\": \"r%d.json\", \"_dir\": \"%s\", "
             "\"params\": {}, \"warnings\": [%s], \"command\": \"cbench run\"}", "ok", i ? "rk3" : "cenic-sd", i, tmpdir,
             i ? "\"physics: energy grew (test)\"" : "");
    cJSON *r = cJSON_Parse(text);
    cr_assert(r);
    cJSON_AddItemToArray(records, r);
  }
  cr_assert_eq(figure_draw(recipe, records, NULL, "results/paper", tmpdir, "clips", CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  snprintf(path, sizeof path, "%s/clips/clips.gp", tmpdir);
  char *gp = file_read_all(path, NULL);
  cr_assert(gp);
  const char *yr = strstr(gp, "set yrange [");
  cr_assert_not_null(yr, "the flagged line (1e6 N) does not set the axes");
  double lo = NAN, hi = NAN;
  cr_assert_eq(sscanf(yr, "set yrange [%lf:%lf]", &lo, &hi), 2);
  cr_expect(hi < 10 && lo > 0, "the y axis is the other run's (1 to 5 N), padded: [%g, %g]", lo, hi);
  cr_expect(strstr(gp, "rk3 [flagged: physics guard]"), "the flagged line is named with its integrator");
  free(gp);
  cJSON_Delete(records);
  cJSON_Delete(recipe);
}

Test(figure_draw, plot_kind_table_is_complete) {
  cr_assert_geq(plot_kind_count, 3);
  char *readme = file_read_all("figures/README.md", NULL);
  cr_assert(readme, "figures/README.md not readable (tests run from the checkout)");
  char expected[300];
  plot_kind_expected(expected, sizeof expected);
  for (int i = 0; i < plot_kind_count; ++i) {
    const PlotKind *k = &plot_kinds[i];
    cr_expect(k->name && k->doc && (k->tsv_header || k->builtin), "kind %d: name, doc and table header", i);
    cr_expect_eq(plot_kind_find(k->name), k, "%s found by name", k->name);
    if (k->uses_panels) cr_expect(k->collect && k->line_style, "%s draws panels: collect and line_style", k->name);
    else cr_expect(k->draw_whole, "%s draws the whole figure: draw_whole", k->name);
    char quoted[80];
    snprintf(quoted, sizeof quoted, "\"%s\"", k->name);
    /* a built-in recipe's kind (cbench plot's work_precision) is refused in recipe files */
    if (k->builtin) cr_expect_null(strstr(expected, quoted), "the recipe error lists built-in %s: %s", k->name, expected);
    else cr_expect(strstr(expected, quoted), "the recipe error lists %s: %s", k->name, expected);
    snprintf(quoted, sizeof quoted, "`%s`", k->name);
    cr_expect(strstr(readme, quoted), "figures/README.md does not document plot kind %s", k->name);
  }
  cr_expect_null(plot_kind_find("pie"));
  free(readme);
}

Test(figure_draw, bars_with_too_many_fields_are_refused) {
  char text[2048] = "{\"schema\": \"cbench.recipe/1\", \"title\": \"t\", \"caption\": \"\", \"runs\": [{}], "
                    "\"plot\": {\"kind\": \"bars\", \"fields\": [";
  for (int i = 0; i < 33; ++i) snprintf(text + strlen(text), sizeof text - strlen(text), "%s\"f%d\"", i ? ", " : "", i);
  snprintf(text + strlen(text), sizeof text - strlen(text), "]}}");
  char err[512];
  cJSON *r = recipe_load_text(text, "bars.json", CB_ERR_BUF(err, sizeof err));
  cr_expect_null(r, "33 bar fields accepted (the bars keep 32)");
  cr_expect(strstr(err, "bars.json: plot.fields"), "%s", err);
  cJSON_Delete(r);
}

/* The histogram kind counts a step log's accepted steps into equal bins (a value at the upper
 * edge in the last bin), one block per record, and refuses a bad bin count. */
Test(figure_draw, histogram_counts_the_steps_into_bins) {
  const char *recipe_text =
      "{\"schema\": \"cbench.recipe/1\", \"title\": \"h\", \"caption\": \"\", \"runs\": [{}], \"plot\": {\"kind\": "
      "\"histogram\", \"file\": \"steps\", \"column\": \"h\", \"rows\": {\"accepted\": \"1\"}, \"bins\": 4, "
      "\"range\": [0, 0.01], \"series\": [\"integrator\"]}}";
  char err[1024];
  cJSON *recipe = recipe_load_text(recipe_text, "hist.json", CB_ERR_BUF(err, sizeof err));
  cr_assert(recipe, "%s", err);
  char path[600];
  snprintf(path, sizeof path, "%s/a.steps.csv", tmpdir);
  FILE *f = fopen(path, "w");
  cr_assert(f);
  fprintf(f, "t,h,accepted,why\n0,0.01,1,ok\n0.01,0.01,1,ok\n0.02,0.001,1,ok\n0.021,0.0026,1,ok\n0.0236,0.005,0,"
             "rejected\n0.0237,0.01,1,ok\n");
  fclose(f);
  cJSON *records = cJSON_CreateArray();
  cJSON *r = record("ok", 0, 1e-2, 5);
  cJSON_AddStringToObject(r, "record_file", "a.json");
  cJSON_AddStringToObject(r, "_dir", tmpdir);
  cJSON_AddItemToArray(records, r);
  char fdir[400];
  snprintf(fdir, sizeof fdir, "%s/hist/data", tmpdir);
  cr_assert_eq(dir_make_parents(fdir), 0);
  cr_assert_eq(figure_draw(recipe, records, NULL, "results/paper", tmpdir, "hist", CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  snprintf(path, sizeof path, "%s/hist/data/histogram.dat", tmpdir);
  char *dat = file_read_all(path, NULL);
  cr_assert(dat, "no %s", path);
  cr_expect(strstr(dat, "0.00125\t1\t0.2\n0.00375\t1\t0.2\n0.00625\t0\t0\n0.00875\t3\t0.6\n"), "%s", dat);
  free(dat);
  cJSON_Delete(records);
  cJSON_Delete(recipe);
  recipe = recipe_load_text("{\"schema\": \"cbench.recipe/1\", \"title\": \"h\", \"caption\": \"\", \"runs\": [{}], "
                            "\"plot\": {\"kind\": \"histogram\", \"file\": \"steps\", \"column\": \"h\", \"bins\": 0}}",
                            "hist.json", CB_ERR_BUF(err, sizeof err));
  cr_expect_null(recipe, "0 bins accepted");
  cr_expect(strstr(err, "hist.json: plot.bins"), "%s", err);
  cJSON_Delete(recipe);
}

/* plot.images splits one recipe's panels into several images, each with its own script, layout
 * and legend (the legend in the image's last panel); the table stays one. A windowed-error axis
 * draws its resolution floor (error_windowed.check) dashed. A panel in no image, or in two, is
 * refused by the loader. */
Test(figure_draw, images_split_the_panels_into_scripts_with_their_own_legend) {
  const char *recipe_text =
      "{\"schema\": \"cbench.recipe/1\", \"title\": \"split\", \"caption\": \"\", \"runs\": [{}], \"plot\": {\"kind\": "
      "\"xy\", \"series\": [\"integrator\"], \"layout\": [1, 3], \"panels\": ["
      "{\"title\": \"A\", \"x\": \"param\", \"y\": \"error_windowed.positions.rms\", \"logx\": true},"
      "{\"title\": \"B\", \"x\": \"error_windowed.positions.rms\", \"y\": \"param\", \"logx\": true},"
      "{\"title\": \"C\", \"x\": \"param\", \"y\": \"param\"}],"
      "\"images\": [{\"name\": \"one\", \"title\": \"first\", \"panels\": [0], \"layout\": [1, 1]},"
      "{\"name\": \"two\", \"title\": \"second\", \"panels\": [2, 1], \"layout\": [1, 2]}]}}";
  char err[1024];
  cJSON *recipe = recipe_load_text(recipe_text, "split.json", CB_ERR_BUF(err, sizeof err));
  cr_assert(recipe, "%s", err);
  cJSON *records = cJSON_CreateArray();
  for (int k = 0; k < 3; ++k) {
    char text[400];
    snprintf(text, sizeof text,
             "{\"status\": \"ok\", \"integrator\": \"%s\", \"params\": {\"accuracy\": %g}, \"error_windowed\": "
             "{\"positions\": {\"rms\": %g}, \"check\": {\"positions\": {\"rms\": 3e-7}}}, \"warnings\": [], "
             "\"command\": \"cbench run\"}", k ? "rk3" : "cenic-sd", 1e-2 / (k + 1), 1e-3 / (k + 1));
    cJSON_AddItemToArray(records, cJSON_Parse(text));
  }
  char fdir[400];
  snprintf(fdir, sizeof fdir, "%s/split/data", tmpdir);
  cr_assert_eq(dir_make_parents(fdir), 0);
  cr_assert_eq(figure_draw(recipe, records, NULL, "results/paper", tmpdir, "split", CB_ERR_BUF(err, sizeof err)), CB_OK, "%s", err);
  cr_expect_eq(figure_image_count(recipe), 2);
  char path[600];
  snprintf(path, sizeof path, "%s/split/split.gp", tmpdir);
  cr_expect_null(file_read_all(path, NULL), "a split figure has no whole-figure script");
  snprintf(path, sizeof path, "%s/split/split_one.gp", tmpdir);
  char *one = file_read_all(path, NULL);
  snprintf(path, sizeof path, "%s/split/split_two.gp", tmpdir);
  char *two = file_read_all(path, NULL);
  cr_assert(one && two);
  cr_expect(strstr(one, "set output 'split_one.svg'") && strstr(two, "set output 'split_two.png'"));
  cr_expect(strstr(one, "multiplot layout 1,1") && strstr(two, "multiplot layout 1,2"));
  cr_expect(strstr(one, "split: first") && strstr(two, "split: second"), "each image titled");
  cr_expect_eq(count_in(one, "keyentry w lp"), 2 * 2, "image one's legend: its two series, SVG and PNG");
  cr_expect_eq(count_in(two, "keyentry w lp"), 2 * 2, "image two's own legend");
  cr_expect(strstr(one, "reference uncertainty (y): 3e-07"), "the windowed error's floor on a y axis");
  cr_expect(strstr(two, "reference uncertainty (x): 3e-07"), "and on an x axis");
  /* the legend is drawn by the image's last panel (index 1), not by panel 2 */
  const char *p1 = strstr(two, "title \"B\""), *key = strstr(two, "set key at screen");
  cr_expect(p1 && key && key > p1, "the legend in the image's last panel");
  snprintf(path, sizeof path, "%s/split/split.tsv", tmpdir);
  cr_expect_eq(count_lines(path), 1 + 3 * 3, "one table: every panel's rows");
  free(one);
  free(two);
  cJSON_Delete(records);
  cJSON_Delete(recipe);
  const char *bad[] = {"[{\"name\": \"one\", \"title\": \"t\", \"panels\": [0]}]",
                       "[{\"name\": \"one\", \"title\": \"t\", \"panels\": [0, 0]}]",
                       "[{\"name\": \"One!\", \"title\": \"t\", \"panels\": [0]}]",
                       "[{\"name\": \"one\", \"title\": \"t\", \"panels\": [1]}]"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
    char text[800];
    snprintf(text, sizeof text,
             "{\"schema\": \"cbench.recipe/1\", \"title\": \"x\", \"caption\": \"\", \"runs\": [{}], \"plot\": {\"kind\": "
             "\"xy\", \"panels\": [{\"x\": \"param\", \"y\": \"param\"}%s], \"images\": %s}}",
             i == 0 ? ", {\"x\": \"param\", \"y\": \"param\"}" : "", bad[i]);
    cJSON *r = recipe_load_text(text, "bad.json", CB_ERR_BUF(err, sizeof err));
    cr_expect_null(r, "images %s accepted", bad[i]);
    cr_expect(strstr(err, "plot.images"), "%s", err);
    cJSON_Delete(r);
  }
}
