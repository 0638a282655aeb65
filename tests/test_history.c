/* Bench history (harness/bench/history.c, history_report.c): a bench becomes one line per commit and
 * machine; a second line for the same commit is refused unless replaced; a broken history or a
 * bench of two builds is refused by file, field and value with the file unchanged; the report
 * marks a known step at its commit and lists counter changes. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "harness/common/files.h"
#include "harness/bench/history.h"
#include "harness/common/num_text.h"
#include "harness/figures/report.h"
#include "sim_fixtures.h"

static char tmpdir[256];
static void setup(void) { fx_tmpdir_make(tmpdir, sizeof tmpdir, "cbench_history"); }
static void teardown(void) { fx_tmpdir_remove(tmpdir); }
TestSuite(history, .init = setup, .fini = teardown);

/* The committed baseline (valid records of one build) with every record's sha set to sha and
 * its wall times times factor, written to tmpdir/NAME; its path in out. */
static void bench_file(const char *name, const char *sha, double factor, char *out, size_t n) {
  char *text = file_read_all("results/baseline.json", NULL);
  cr_assert_not_null(text);
  cJSON *all = cJSON_Parse(text);
  free(text);
  cJSON *r;
  cJSON_ArrayForEach(r, all) {
    cJSON_ReplaceItemInObject(cJSON_GetObjectItem(r, "machine"), "git", cJSON_CreateString(sha));
    cJSON *w = cJSON_GetObjectItem(r, "wall_time");
    const char *keys[] = {"min", "median", "max"};
    for (int k = 0; k < 3; ++k)
      if (cJSON_IsNumber(cJSON_GetObjectItem(w, keys[k])))
        cJSON_ReplaceItemInObject(w, keys[k], cJSON_CreateNumber(cJSON_GetObjectItem(w, keys[k])->valuedouble * factor));
  }
  snprintf(out, n, "%s/%s", tmpdir, name);
  char *t = json_print(all, 1);
  fx_write_text(out, t);
  free(t);
  cJSON_Delete(all);
}

static int count_lines(const char *text) {
  int n = 0;
  for (const char *p = text; *p; ++p) n += *p == '\n';
  return n;
}

Test(history, append_refuse_replace) {
  char b1[600], b2[600], h[600], err[2048];
  bench_file("b1.json", "1111111111111111111111111111111111111111", 1.0, b1, sizeof b1);
  bench_file("b2.json", "2222222222222222222222222222222222222222", 2.0, b2, sizeof b2);
  snprintf(h, sizeof h, "%s/hist/history.jsonl", tmpdir);
  char dir[600];
  snprintf(dir, sizeof dir, "%s/hist", tmpdir);
  cr_assert_eq(dir_make_parents(dir), 0);
  FILE *out = fopen("/dev/null", "w");
  cr_assert_eq(history_append(b1, h, 0, out, err, sizeof err), 0, "%s", err);
  char *t1 = file_read_all(h, NULL);
  cr_assert_eq(count_lines(t1), 1);
  cJSON *e = cJSON_Parse(t1);
  cr_assert_not_null(e, "%s", t1);
  cr_expect_str_eq(cJSON_GetObjectItem(e, "schema")->valuestring, "cbench.history/1");
  cr_expect_str_eq(cJSON_GetObjectItem(e, "sha")->valuestring, "1111111111111111111111111111111111111111");
  cr_expect(cJSON_IsFalse(cJSON_GetObjectItem(e, "dirty")));
  cr_expect_str_eq(cJSON_GetObjectItem(e, "machine")->valuestring, "vm/AMD EPYC/2 cores");
  const cJSON *bs = cJSON_GetObjectItem(e, "benchmarks");
  /* one benchmark per record of the baseline */
  char *base_text = file_read_all("results/baseline.json", NULL);
  cJSON *base = cJSON_Parse(base_text);
  free(base_text);
  cr_expect_eq(cJSON_GetArraySize(bs), cJSON_GetArraySize(base));
  cJSON_Delete(base);
  const cJSON *b = cJSON_GetObjectItem(bs, "ball_drop/cenic-sd/acc=0.01");
  cr_assert_not_null(b, "benchmark names: case/integrator/acc=A");
  cr_expect_str_eq(cJSON_GetObjectItem(b, "status")->valuestring, "ok");
  cr_expect_eq(cJSON_GetObjectItem(cJSON_GetObjectItem(b, "counters"), "steps")->valueint, 21);
  cr_expect(cJSON_GetObjectItem(b, "wall_median")->valuedouble > 0);
  cJSON_Delete(e);

  /* the same commit on the same machine again: refused, the file byte for byte the same */
  cr_expect_eq(history_append(b1, h, 0, out, err, sizeof err), CB_ERR_VERDICT);
  cr_expect(strstr(err, "line 1") && strstr(err, "111111111111") && strstr(err, "--replace"), "%s", err);
  char *t2 = file_read_all(h, NULL);
  cr_expect_str_eq(t2, t1);
  free(t2);
  cr_expect_eq(history_append(b2, h, 0, out, err, sizeof err), 0, "%s", err);
  cr_expect_eq(history_append(b1, h, 1, out, err, sizeof err), 0, "%s", err);
  t2 = file_read_all(h, NULL);
  cr_expect_eq(count_lines(t2), 2, "%s", t2);
  cr_expect(strstr(t2, "1111111") < strstr(t2, "2222222"), "--replace keeps the line's place");
  cJSON *all = history_load(h, err, sizeof err);
  cr_assert_not_null(all, "%s", err);
  cr_expect_eq(cJSON_GetArraySize(all), 2);
  cJSON_Delete(all);
  /* no temporaries beside it */
  char list[2048];
  cr_expect_eq(dir_list(dir, "", list, 256, 8), 1, "only history.jsonl in %s", dir);
  fclose(out);
  free(t1);
  free(t2);
}

Test(history, bad_input_is_refused_by_file_field_and_value) {
  char b[600], h[600], err[2048];
  bench_file("b.json", "3333333333333333333333333333333333333333", 1.0, b, sizeof b);
  snprintf(h, sizeof h, "%s/history.jsonl", tmpdir);
  FILE *out = fopen("/dev/null", "w");
  /* a cut last line (a history written by something that is not atomic) */
  fx_write_text(h, "{\"schema\":\"cbench.history/1\",\"sha\":\"aa\",\"machine\":\"m\",\"benchmarks\":{}}\n{\"schema\":\"cbench.hi");
  cr_expect_eq(history_append(b, h, 0, out, err, sizeof err), CB_ERR_INPUT);
  cr_expect(strstr(err, h) && strstr(err, "line 2"), "%s", err);
  char *t = file_read_all(h, NULL);
  cr_expect(t && !strstr(t, "3333333"), "the broken history was changed");
  free(t);
  /* two builds in one bench */
  char *text = file_read_all(b, NULL);
  cJSON *all = cJSON_Parse(text);
  free(text);
  cJSON_ReplaceItemInObject(cJSON_GetObjectItem(cJSON_GetArrayItem(all, 5), "machine"), "git", cJSON_CreateString("4444444444"));
  text = json_print(all, 0);
  fx_write_text(b, text);
  free(text);
  snprintf(h, sizeof h, "%s/new.jsonl", tmpdir);
  cr_expect_eq(history_append(b, h, 0, out, err, sizeof err), CB_ERR_INPUT);
  cr_expect(strstr(err, "record 5") && strstr(err, "machine.git") && strstr(err, "4444444444"), "%s", err);
  cr_expect(!file_exists(h), "a history was written from a bad bench");
  /* a build without a sha */
  cJSON *r;
  cJSON_ArrayForEach(r, all) cJSON_ReplaceItemInObject(cJSON_GetObjectItem(r, "machine"), "git", cJSON_CreateString("unknown"));
  text = json_print(all, 0);
  fx_write_text(b, text);
  free(text);
  cr_expect_eq(history_append(b, h, 0, out, err, sizeof err), CB_ERR_INPUT);
  cr_expect(strstr(err, "machine.git") && strstr(err, "'unknown'"), "%s", err);
  cJSON_Delete(all);
  fclose(out);
}

/* A history of 20 commits: one benchmark's wall time doubles at commit 12, a counter changes at
 * commit 7; the others are flat with noise. */
Test(history, report_marks_the_step_and_the_counter_change) {
  char h[600], err[2048], html[1400];
  snprintf(h, sizeof h, "%s/history.jsonl", tmpdir);
  FILE *f = fopen(h, "w");
  unsigned long rs = 7;
  for (int i = 0; i < 20; ++i) {
    double noise = 1 + 0.02 * (fx_urand(&rs) - 0.5);
    fprintf(f, "{\"schema\":\"cbench.history/1\",\"sha\":\"%02dabcdef0123456789abcdef0123456789abcd\",\"dirty\":false,\"date\":\"2026-11-%02dT00:00:00Z\","
               "\"machine\":\"m1\",\"benchmarks\":{"
               "\"a/bdf/acc=0.01\":{\"status\":\"ok\",\"wall_median\":%.6g,\"counters\":{\"steps\":%d}},"
               "\"b/rk3/dt=0.001\":{\"status\":\"%s\",\"wall_median\":%.6g,\"counters\":{\"steps\":50}}}}\n",
            i, 1 + i % 28, (i >= 12 ? 2.0 : 1.0) * noise * 1e-3, i >= 7 ? 110 : 100, i == 3 ? "failed" : "ok",
            noise * 5e-3);
  }
  fclose(f);
  char dir[600];
  snprintf(dir, sizeof dir, "%s/page", tmpdir);
  cr_assert_eq(report_write_with_history(dir, h, html, sizeof html, err, sizeof err), 0, "%s", err);
  char p[700];
  snprintf(p, sizeof p, "%s/report.md", dir);
  char *md = file_read_all(p, NULL);
  cr_assert_not_null(md);
  const char *line = strstr(md, "- `a/bdf/acc=0.01` wall time: ");
  cr_assert_not_null(line, "%s", md);
  char first[200];
  snprintf(first, sizeof first, "%.*s", (int)strcspn(line, "\n"), line);
  cr_expect(strstr(first, ": step +") && strstr(first, "% at `12abcdef0123`") && !strstr(first, ", step"),
            "one step, at commit 12: '%s'", first);
  cr_expect(strstr(md, "- `b/rk3/dt=0.001` wall time: no step"), "%s", md);
  cr_expect(strstr(md, "- `a/bdf/acc=0.01` at `07abcdef0123`: steps 100 -> 110 (+10.00%)"), "%s", md);
  free(md);
  snprintf(p, sizeof p, "%s/index.html", dir);
  char *page = file_read_all(p, NULL);
  cr_assert_not_null(page);
  cr_expect(strstr(page, "<svg") && strstr(page, "stroke-dasharray"), "no chart with a step marker");
  cr_expect(strstr(page, "no value (not ok)"), "the failed run is not marked");
  free(page);
  /* a broken history: an error naming file and line, no page */
  fx_write_text(h, "{\"schema\":\"cbench.history/1\",\"sha\":\"a\",\"machine\":\"m\",\"benchmarks\":{}}\n[1]\n");
  snprintf(dir, sizeof dir, "%s/page2", tmpdir);
  cr_expect_eq(report_write_with_history(dir, h, html, sizeof html, err, sizeof err), CB_ERR_INPUT);
  cr_expect(strstr(err, "line 2"), "%s", err);
  snprintf(p, sizeof p, "%s/index.html", dir);
  cr_expect(!file_exists(p));
}
