/* A run's error carries its reference's own uncertainty: the distance of the reference's
 * cross-check (provenance.cross_check.distance) is read by the loader and written to the record
 * as error.reference_check, the same numbers; a reference without a cross-check that compared a
 * point gives null, so an error is never shown as resolved below what its reference resolves. */
#include <criterion/criterion.h>
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "harness/common/files.h"
#include "harness/common/json_get.h"
#include "harness/run/reference.h"
#include "harness/run/run_record.h"
#include "sim_fixtures.h"

static char tmpdir[256];
static void setup(void) { fx_tmpdir_make(tmpdir, sizeof tmpdir, "cbench_refcheck"); }
static void teardown(void) { fx_tmpdir_remove(tmpdir); }
TestSuite(reference_check, .init = setup, .fini = teardown);

static const char *BALL = "results/reference/ball_drop.json";

static double distance_of(const cJSON *doc, const char *norm, const char *stat) {
  const cJSON *d = json_get(json_get(json_get(doc, "provenance"), "cross_check"), "distance");
  const cJSON *x = json_get(json_get(d, norm), stat);
  cr_assert(cJSON_IsNumber(x), "%s: no cross-check distance %s.%s", BALL, norm, stat);
  return x->valuedouble;
}

Test(reference_check, loader_reads_the_cross_check_distance) {
  char *text = file_read_all(BALL, NULL), err[512];
  cr_assert_not_null(text);
  cJSON *doc = cJSON_Parse(text);
  cr_assert_not_null(doc);
  Reference r;
  cr_assert_eq(reference_load_text(text, BALL, &r, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cr_expect_str_eq(r.check_method, "sdirk2");
  cr_expect_str_eq(r.check_status, "ok");
  cr_expect_eq(r.check_points, r.npts, "the cross-check compared %d of %d points", r.check_points, r.npts);
  cr_expect_eq(r.check_q_max, distance_of(doc, "positions", "max"));
  cr_expect_eq(r.check_q_rms, distance_of(doc, "positions", "rms"));
  cr_expect_eq(r.check_full_max, distance_of(doc, "full", "max"));
  cr_expect_eq(r.check_full_rms, distance_of(doc, "full", "rms"));
  reference_free(&r);
  /* a cross-check that timed out says over how many points its distance holds */
  cJSON *prov = cJSON_GetObjectItemCaseSensitive(doc, "provenance");
  cJSON *cc = cJSON_GetObjectItemCaseSensitive(prov, "cross_check");
  cJSON_ReplaceItemInObject(cc, "status", cJSON_CreateString("timeout"));
  cJSON_ReplaceItemInObject(cJSON_GetObjectItemCaseSensitive(cc, "distance"), "grid_points", cJSON_CreateNumber(45));
  char *t1 = cJSON_PrintUnformatted(doc);
  cr_assert_eq(reference_load_text(t1, "mem.json", &r, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cr_expect_str_eq(r.check_status, "timeout");
  cr_expect_eq(r.check_points, 45);
  reference_free(&r);
  free(t1);
  /* no cross-check (--secondary none), and one that compared no point: no uncertainty */
  cJSON_ReplaceItemInObject(cc, "distance", cJSON_CreateNull());
  char *t2 = cJSON_PrintUnformatted(doc);
  cr_assert_eq(reference_load_text(t2, "mem.json", &r, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cr_expect_str_eq(r.check_method, "");
  reference_free(&r);
  cJSON_ReplaceItemInObject(prov, "cross_check", cJSON_CreateNull());
  char *t3 = cJSON_PrintUnformatted(doc);
  cr_assert_eq(reference_load_text(t3, "mem.json", &r, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cr_expect_str_eq(r.check_method, "");
  reference_free(&r);
  free(t2);
  free(t3);
  free(text);
  cJSON_Delete(doc);
}

Test(reference_check, record_carries_the_reference_uncertainty) {
  char cmd[2048], rec_path[512], log[512];
  snprintf(rec_path, sizeof rec_path, "%s/run.json", tmpdir);
  snprintf(log, sizeof log, "%s/log.txt", tmpdir);
  snprintf(cmd, sizeof cmd,
           "build/sanitize/cbench --cases-dir cases run --case ball_drop --integrator cenic-sd --accuracy 1e-2 "
           "--reps 1 --json %s >%s 2>&1", rec_path, log);
  int st = system(cmd);
  cr_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0, "run failed: see %s", log);
  char *printed = file_read_all(log, NULL);
  cr_assert_not_null(printed);
  cr_expect(strstr(printed, "reference uncertainty: its cross-check (sdirk2) differs by positions max"), "%s", printed);
  free(printed);
  char *rt = file_read_all(rec_path, NULL), *bt = file_read_all(BALL, NULL), err[512];
  cr_assert(rt && bt);
  cJSON *rec = cJSON_Parse(rt), *ref = cJSON_Parse(bt);
  cr_assert(rec && ref);
  cr_expect_eq(run_record_validate(rec, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  const cJSON *rc = json_get(json_get(rec, "error"), "reference_check");
  cr_assert(cJSON_IsObject(rc), "no error.reference_check in the record");
  cr_expect_str_eq(json_get(rc, "integrator")->valuestring, "sdirk2");
  cr_expect_str_eq(json_get(rc, "status")->valuestring, "ok");
  cr_expect_eq(json_get(rc, "grid_points")->valuedouble, json_get(rc, "reference_points")->valuedouble);
  cr_expect_eq(json_get(json_get(rc, "positions"), "max")->valuedouble, distance_of(ref, "positions", "max"));
  cr_expect_eq(json_get(json_get(rc, "full"), "rms")->valuedouble, distance_of(ref, "full", "rms"));
  /* the validator refuses a reference_check without its distances */
  cJSON_DeleteItemFromObject(cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(rec, "error"), "reference_check"),
                             "positions");
  cr_expect_neq(run_record_validate(rec, CB_ERR_BUF(err, sizeof err)), 0, "a reference_check without positions validated");
  cJSON_Delete(rec);
  cJSON_Delete(ref);
  free(rt);
  free(bt);
}

/* `cbench reference` warns when a reference's uncertainty covers part of its grid only (a
 * cross-check that failed or timed out, as sdirk2 on franka_box at t = 0.40 s) or none of it. */
Test(reference_check, partial_or_missing_cross_check_is_said) {
  double t[5] = {0, 0.1, 0.2, 0.3, 0.4};
  Reference r;
  memset(&r, 0, sizeof r);
  r.t = t;
  r.npts = 5;
  r.t_end = 0.4;
  char out[512];
  cr_expect_eq(reference_check_incomplete(&r, out, sizeof out), 1, "no cross-check is incomplete");
  cr_expect(strstr(out, "not cross-checked"), "%s", out);
  snprintf(r.check_method, sizeof r.check_method, "sdirk2");
  snprintf(r.check_status, sizeof r.check_status, "failed");
  r.check_points = 3;
  cr_expect_eq(reference_check_incomplete(&r, out, sizeof out), 1);
  cr_expect(strstr(out, "sdirk2, failed") && strstr(out, "3 of 5") && strstr(out, "t <= 0.2 s of 0.4"), "%s", out);
  snprintf(r.check_status, sizeof r.check_status, "ok");
  r.check_points = 5;
  cr_expect_eq(reference_check_incomplete(&r, out, sizeof out), 0, "a whole-grid cross-check: %s", out);
  cr_expect_str_eq(out, "");
}

/* ball_drop's reference with one defect: the t column reversed, a point duplicated, the file cut
 * short, another case, or a grid of 10^12 points per s. */
static char *broken_reference(const char *defect) {
  char *text = file_read_all(BALL, NULL);
  cr_assert_not_null(text);
  cJSON *doc = cJSON_Parse(text);
  free(text);
  cr_assert_not_null(doc);
  cJSON *t = cJSON_GetObjectItemCaseSensitive(doc, "t");
  int n = cJSON_GetArraySize(t);
  if (!strcmp(defect, "reversed")) {
    cJSON *r = cJSON_CreateArray();
    for (int k = n - 1; k >= 0; --k) cJSON_AddItemToArray(r, cJSON_CreateNumber(cJSON_GetArrayItem(t, k)->valuedouble));
    cJSON_ReplaceItemInObject(doc, "t", r);
  } else if (!strcmp(defect, "duplicated")) {
    cJSON_ReplaceItemInArray(t, 5, cJSON_CreateNumber(cJSON_GetArrayItem(t, 4)->valuedouble));
  } else if (!strcmp(defect, "cut short")) {
    const char *cols[] = {"t", "q", "v"};
    for (int c = 0; c < 3; ++c) {
      cJSON *a = cJSON_GetObjectItemCaseSensitive(doc, cols[c]);
      while (cJSON_GetArraySize(a) > 10) cJSON_DeleteItemFromArray(a, 10);
    }
  } else if (!strcmp(defect, "t_end")) { /* the horizon says more than the grid holds */
    cJSON_ReplaceItemInObject(doc, "t_end", cJSON_CreateNumber(3.0));
  } else if (!strcmp(defect, "case")) {
    cJSON_ReplaceItemInObject(doc, "case", cJSON_CreateString("sliding_cube"));
  } else if (!strcmp(defect, "grid_rate")) {
    cJSON_ReplaceItemInObject(doc, "grid_rate", cJSON_CreateNumber(1e12));
  }
  char *out = cJSON_PrintUnformatted(doc);
  cJSON_Delete(doc);
  cr_assert_not_null(out);
  return out;
}

/* The loader checks the t column against the grid of its t_end and grid_rate. */
Test(reference_check, loader_refuses_a_t_column_that_is_not_its_grid) {
  static const struct { const char *defect, *says; } cases[] = {
      {"reversed", "t[0]: expected 0"},         {"duplicated", "t[5]: expected 0.05"},
      {"cut short", "t: expected 151 points"}, {"t_end", "t: expected 301 points"},
      {"grid_rate", "grid_rate: expected a number > 0 giving at most"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; ++i) {
    char *text = broken_reference(cases[i].defect), err[512] = "";
    Reference r;
    cr_expect_neq(reference_load_text(text, "ref.json", &r, CB_ERR_BUF(err, sizeof err)), 0, "%s: accepted", cases[i].defect);
    cr_expect(strstr(err, cases[i].says) && !strncmp(err, "ref.json: ", 10), "%s: %s", cases[i].defect, err);
    free(text);
  }
  char *text = broken_reference("none"), err[512];
  Reference r;
  cr_expect_eq(reference_load_text(text, "ref.json", &r, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  reference_free(&r);
  free(text);
}

/* A run whose case's reference is unusable goes on without an error and says why in its record
 * (before: a grid_rate of 1e12 stopped every run of the case, and the other defects were
 * accepted, the error covering 1 or 10 grid points). */
Test(reference_check, run_goes_on_past_an_unusable_reference) {
  static const struct { const char *defect, *says; } cases[] = {
      {"grid_rate", "grid_rate"}, {"case", "case: expected 'ball_drop', got 'sliding_cube'"},
      {"cut short", "t: expected 151 points"}, {"reversed", "t[0]"},
  };
  char dir[512], path[600], rec_path[600], log[600];
  snprintf(dir, sizeof dir, "%s/reference", tmpdir);
  cr_assert_eq(dir_make_parents(dir), 0);
  snprintf(path, sizeof path, "%s/ball_drop.json", dir);
  snprintf(rec_path, sizeof rec_path, "%s/run.json", tmpdir);
  snprintf(log, sizeof log, "%s/log.txt", tmpdir);
  for (size_t i = 0; i < sizeof cases / sizeof *cases; ++i) {
    char *text = broken_reference(cases[i].defect), cmd[2048], err[512];
    fx_write_text(path, text);
    free(text);
    snprintf(cmd, sizeof cmd,
             "CBENCH_RESULTS_DIR=%s build/sanitize/cbench --cases-dir cases run --case ball_drop --integrator cenic-sd "
             "--accuracy 1e-2 --t-end 0.2 --quiet --json %s >%s 2>&1", tmpdir, rec_path, log);
    int st = system(cmd);
    cr_expect(WIFEXITED(st) && WEXITSTATUS(st) == 0, "%s: exit %d: see %s", cases[i].defect, WEXITSTATUS(st), log);
    char *rt = file_read_all(rec_path, NULL);
    cr_assert_not_null(rt, "%s: no record", cases[i].defect);
    cJSON *rec = cJSON_Parse(rt);
    free(rt);
    cr_assert_not_null(rec);
    cr_expect_eq(run_record_validate(rec, CB_ERR_BUF(err, sizeof err)), 0, "%s: %s", cases[i].defect, err);
    cr_expect_str_eq(json_get(rec, "status")->valuestring, "ok", "%s", cases[i].defect);
    cr_expect(cJSON_IsNull(json_get(rec, "error")), "%s: an error from an unusable reference", cases[i].defect);
    const cJSON *note = json_get(rec, "error_note");
    cr_expect(cJSON_IsString(note) && !strncmp(note->valuestring, "reference unusable: ", 20) &&
                  strstr(note->valuestring, cases[i].says),
              "%s: error_note %s", cases[i].defect, cJSON_IsString(note) ? note->valuestring : "(none)");
    cJSON_Delete(rec);
    remove(rec_path);
  }
}
