/* `cbench plot` (harness/figures/plot.c) drops nothing: every case of a folder gets its script and every
 * record of a line is a point of it, however many there are. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/common/files.h"
#include "harness/common/json_get.h"
#include "harness/figures/plot.h"
#include "models/json_input.h"
#include "sim_fixtures.h"

static char tmpdir[256];
static void setup(void) { fx_tmpdir_make(tmpdir, sizeof tmpdir, "cbench_plotdir"); }
static void teardown(void) { fx_tmpdir_remove(tmpdir); }
TestSuite(plot_dir, .init = setup, .fini = teardown);

enum { NCASES = 70, NPOINTS = 300 };

static int count_lines(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) return 0;
  int n = 0, c;
  while ((c = fgetc(f)) != EOF) n += c == '\n';
  fclose(f);
  return n;
}

/* An ok record of results/baseline.json as integrator "x" with no options: its line is x.dat. */
static cJSON *base_record(void) {
  char err[512];
  cJSON *all = json_load_file("results/baseline.json", CB_ERR_BUF(err, sizeof err));
  cr_assert(all, "%s", err);
  cJSON *r = NULL, *x;
  cJSON_ArrayForEach(x, all) if (!r && !strcmp(json_str(x, "status"), "ok")) r = cJSON_Duplicate(x, 1);
  cJSON_Delete(all);
  cr_assert(r);
  cJSON_ReplaceItemInObjectCaseSensitive(r, "integrator", cJSON_CreateString("x"));
  cJSON_ReplaceItemInObjectCaseSensitive(r, "warnings", cJSON_CreateArray());
  cJSON_DeleteItemFromObjectCaseSensitive(r, "record_file");
  cJSON *p = cJSON_GetObjectItemCaseSensitive(r, "params");
  cJSON_ReplaceItemInObjectCaseSensitive(p, "options", cJSON_CreateObject());
  cJSON_ReplaceItemInObjectCaseSensitive(p, "scene_params", cJSON_CreateObject());
  cJSON_ReplaceItemInObjectCaseSensitive(p, "error_norm_default", cJSON_CreateTrue());
  cJSON_ReplaceItemInObjectCaseSensitive(p, "max_step", cJSON_CreateNull());
  return r;
}

/* Writes the records into tmpdir/records.json and plots the folder (no gnuplot). */
static void plot_records(const cJSON *all) {
  char *text = cJSON_PrintUnformatted(all), path[600], err[1024] = "";
  snprintf(path, sizeof path, "%s/records.json", tmpdir);
  cr_assert_eq(file_write_atomic(path, text, strlen(text), CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  free(text);
  cr_assert_eq(plot_dir(tmpdir, 0, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
}

Test(plot_dir, every_case_and_every_point_is_plotted) {
  cJSON *base = base_record(), *all = cJSON_CreateArray();
  for (int i = 0; i < NCASES + NPOINTS; ++i) {
    cJSON *r = cJSON_Duplicate(base, 1);
    char name[32];
    snprintf(name, sizeof name, i < NCASES ? "c%02d" : "many", i);
    cJSON_ReplaceItemInObjectCaseSensitive(r, "case", cJSON_CreateString(name));
    cJSON *p = cJSON_GetObjectItemCaseSensitive(r, "params");
    cJSON_ReplaceItemInObjectCaseSensitive(p, cJSON_IsNull(json_get(p, "dt")) ? "accuracy" : "dt",
                                           cJSON_CreateNumber(1e-3 * (1 + i)));
    cJSON_AddItemToArray(all, r);
  }
  plot_records(all);
  char path[600];
  snprintf(path, sizeof path, "%s/plots/c%02d.gp", tmpdir, NCASES - 1);
  cr_expect(file_exists(path), "the %dth case has no script", NCASES);
  snprintf(path, sizeof path, "%s/plots/many/x.dat", tmpdir);
  cr_expect_eq(count_lines(path), 1 + NPOINTS, "a line of %d records has every point (and its header)", NPOINTS);
  cJSON_Delete(all);
  cJSON_Delete(base);
}

/* The work-error plot draws the reference's own uncertainty (error.reference_check, the
 * reference's cross-check distance) as a vertical line, so errors left of it read as unresolved;
 * records without it draw no line. */
Test(plot_dir, reference_uncertainty_is_drawn_on_the_error_plot) {
  cJSON *all = cJSON_CreateArray();
  for (int i = 0; i < 6; ++i) {
    cJSON *r = base_record();
    cJSON_ReplaceItemInObjectCaseSensitive(r, "case", cJSON_CreateString(i < 3 ? "checked" : "unchecked"));
    cJSON *p = cJSON_GetObjectItemCaseSensitive(r, "params");
    cJSON_ReplaceItemInObjectCaseSensitive(p, cJSON_IsNull(json_get(p, "dt")) ? "accuracy" : "dt",
                                           cJSON_CreateNumber(1e-3 * (1 + i)));
    cJSON *e = cJSON_CreateObject(), *pos = cJSON_CreateObject();
    cJSON_AddStringToObject(e, "reference", "results/reference/x.json");
    cJSON_AddNumberToObject(pos, "max", 1e-3 * (1 + i));
    cJSON_AddNumberToObject(pos, "rms", 5e-4 * (1 + i));
    cJSON_AddItemToObject(e, "positions", pos);
    cJSON_AddItemToObject(e, "full", cJSON_Duplicate(pos, 1));
    if (i < 3) {
      cJSON *rc = cJSON_AddObjectToObject(e, "reference_check"), *q = cJSON_CreateObject();
      cJSON_AddStringToObject(rc, "integrator", "sdirk2");
      cJSON_AddStringToObject(rc, "status", "ok");
      cJSON_AddNumberToObject(rc, "grid_points", 101);
      cJSON_AddNumberToObject(rc, "reference_points", 101);
      cJSON_AddNumberToObject(q, "max", 2.5e-6);
      cJSON_AddNumberToObject(q, "rms", 1e-6);
      cJSON_AddItemToObject(rc, "positions", q);
      cJSON_AddItemToObject(rc, "full", cJSON_Duplicate(q, 1));
    }
    cJSON_ReplaceItemInObjectCaseSensitive(r, "error", e);
    cJSON_AddItemToArray(all, r);
  }
  plot_records(all);
  char path[600];
  snprintf(path, sizeof path, "%s/plots/checked.gp", tmpdir);
  char *gp = file_read_all(path, NULL);
  cr_assert_not_null(gp, "no %s", path);
  cr_expect(strstr(gp, "set arrow 1 from 2.5e-06, graph 0 to 2.5e-06, graph 1 nohead"), "%s", gp);
  cr_expect(strstr(gp, "reference uncertainty (cross-check sdirk2: 2.5e-06)"), "%s", gp);
  free(gp);
  snprintf(path, sizeof path, "%s/plots/unchecked.gp", tmpdir);
  gp = file_read_all(path, NULL);
  cr_assert_not_null(gp, "no %s", path);
  cr_expect(!strstr(gp, "reference uncertainty") && !strstr(gp, "set arrow 1"), "%s", gp);
  free(gp);
  cJSON_Delete(all);
}
