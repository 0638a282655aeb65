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
  cr_assert_eq(reference_load_text(text, BALL, &r, err, sizeof err), 0, "%s", err);
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
  cr_assert_eq(reference_load_text(t1, "mem.json", &r, err, sizeof err), 0, "%s", err);
  cr_expect_str_eq(r.check_status, "timeout");
  cr_expect_eq(r.check_points, 45);
  reference_free(&r);
  free(t1);
  /* no cross-check (--secondary none), and one that compared no point: no uncertainty */
  cJSON_ReplaceItemInObject(cc, "distance", cJSON_CreateNull());
  char *t2 = cJSON_PrintUnformatted(doc);
  cr_assert_eq(reference_load_text(t2, "mem.json", &r, err, sizeof err), 0, "%s", err);
  cr_expect_str_eq(r.check_method, "");
  reference_free(&r);
  cJSON_ReplaceItemInObject(prov, "cross_check", cJSON_CreateNull());
  char *t3 = cJSON_PrintUnformatted(doc);
  cr_assert_eq(reference_load_text(t3, "mem.json", &r, err, sizeof err), 0, "%s", err);
  cr_expect_str_eq(r.check_method, "");
  reference_free(&r);
  free(t2);
  free(t3);
  free(text);
  cJSON_Delete(doc);
}

Test(reference_check, record_carries_the_reference_uncertainty) {
  char cmd[1024], rec_path[512], log[512];
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
  cr_expect_eq(run_record_validate(rec, err, sizeof err), 0, "%s", err);
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
  cr_expect_neq(run_record_validate(rec, err, sizeof err), 0, "a reference_check without positions validated");
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
