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
  cr_assert_eq(history_append(b1, h, 0, out, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
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
  cr_expect_eq(history_append(b1, h, 0, out, CB_ERR_BUF(err, sizeof err)), CB_ERR_VERDICT);
  cr_expect(strstr(err, "line 1") && strstr(err, "111111111111") && strstr(err, "--replace"), "%s", err);
  char *t2 = file_read_all(h, NULL);
  cr_expect_str_eq(t2, t1);
  free(t2);
  cr_expect_eq(history_append(b2, h, 0, out, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cr_expect_eq(history_append(b1, h, 1, out, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  t2 = file_read_all(h, NULL);
  cr_expect_eq(count_lines(t2), 2, "%s", t2);
  cr_expect(strstr(t2, "1111111") < strstr(t2, "2222222"), "--replace keeps the line's place");
  cJSON *all = history_load(h, CB_ERR_BUF(err, sizeof err));
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
  fx_write_text(h, "{\"schema\":\"cbench.history/1\",\"sha\":\"aaaaaaa\",\"machine\":\"m\",\"benchmarks\":{}}\n{\"schema\":\"cbench.hi");
  cr_expect_eq(history_append(b, h, 0, out, CB_ERR_BUF(err, sizeof err)), CB_ERR_INPUT);
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
  cr_expect_eq(history_append(b, h, 0, out, CB_ERR_BUF(err, sizeof err)), CB_ERR_INPUT);
  cr_expect(strstr(err, "record 5") && strstr(err, "machine.git") && strstr(err, "4444444444"), "%s", err);
  cr_expect(!file_exists(h), "a history was written from a bad bench");
  /* a build without a sha */
  cJSON *r;
  cJSON_ArrayForEach(r, all) cJSON_ReplaceItemInObject(cJSON_GetObjectItem(r, "machine"), "git", cJSON_CreateString("unknown"));
  text = json_print(all, 0);
  fx_write_text(b, text);
  free(text);
  cr_expect_eq(history_append(b, h, 0, out, CB_ERR_BUF(err, sizeof err)), CB_ERR_INPUT);
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
  cr_assert_eq(report_write_with_history(dir, h, html, sizeof html, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
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
  fx_write_text(h, "{\"schema\":\"cbench.history/1\",\"sha\":\"aaaaaaa\",\"machine\":\"m\",\"benchmarks\":{}}\n[1]\n");
  snprintf(dir, sizeof dir, "%s/page2", tmpdir);
  cr_expect_eq(report_write_with_history(dir, h, html, sizeof html, CB_ERR_BUF(err, sizeof err)), CB_ERR_INPUT);
  cr_expect(strstr(err, "line 2"), "%s", err);
  snprintf(p, sizeof p, "%s/index.html", dir);
  cr_expect(!file_exists(p));
}

/* A valid history line for commit i on machine m with the given benchmarks object text. */
static void history_line(FILE *f, int i, const char *machine, const char *benchmarks) {
  fprintf(f, "{\"schema\":\"cbench.history/1\",\"sha\":\"%07xabcdef\",\"dirty\":false,\"date\":\"2026-11-01T00:00:00Z\","
             "\"machine\":\"%s\",\"benchmarks\":%s}\n", (unsigned)i, machine, benchmarks);
}

static char *read_len(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  cr_assert_not_null(f, "%s", path);
  char *buf = malloc(1 << 20);
  *len = fread(buf, 1, 1 << 20, f);
  fclose(f);
  return buf;
}

/* Fields that reach the page are checked on the way in: a sha is hex, a date is ISO 8601, names
 * are [A-Za-z0-9._+=/-]; the machine string, free text, is escaped. A history that smuggles a
 * <script> through any of them is refused by file, line and field, and no page is written. */
Test(history, markup_in_a_line_is_refused_or_escaped) {
  char h[600], err[2048], html[1400], dir[600], p[700];
  snprintf(h, sizeof h, "%s/history.jsonl", tmpdir);
  const char *ok_bench = "{\"a/bdf/acc=0.01\":{\"status\":\"ok\",\"wall_median\":1,\"counters\":{\"steps\":3}}}";
  struct { const char *line, *want; } bad[] = {
      {"{\"schema\":\"cbench.history/1\",\"sha\":\"<script>alert(1)</script>\",\"machine\":\"m\",\"benchmarks\":{}}", "sha: expected a commit sha"},
      {"{\"schema\":\"cbench.history/1\",\"sha\":\"abcdef0\",\"date\":\"<script>alert(1)</script>\",\"machine\":\"m\",\"benchmarks\":{}}", "date: expected an ISO 8601"},
      {"{\"schema\":\"cbench.history/1\",\"sha\":\"abcdef0\",\"date\":\"2026-13-01\",\"machine\":\"m\",\"benchmarks\":{}}", "date:"},
      {"{\"schema\":\"cbench.history/1\",\"sha\":\"ABCDEF0\",\"machine\":\"m\",\"benchmarks\":{}}", "sha:"},
      {"{\"schema\":\"cbench.history/1\",\"sha\":\"abcdef\",\"machine\":\"m\",\"benchmarks\":{}}", "sha:"},
      {"{\"schema\":\"cbench.history/1\",\"sha\":\"abcdef0\",\"machine\":\"m\",\"benchmarks\":{\"<img src=x onerror=alert(1)>\":{\"status\":\"ok\"}}}", "benchmarks: name '<img"},
      {"{\"schema\":\"cbench.history/1\",\"sha\":\"abcdef0\",\"machine\":\"m\",\"benchmarks\":{\"a\":{\"status\":\"ok\",\"counters\":{\"<b>x</b>\":1}}}}", "benchmarks.a.counters: name '<b>"},
      {"{\"schema\":\"cbench.history/1\",\"sha\":\"abcdef0\",\"machine\":\"m\",\"benchmarks\":{\"a\":{\"status\":\"<i>ok</i>\"}}}", "benchmarks.a.status"},
      {"{\"schema\":\"cbench.history/1\",\"sha\":\"abcdef0\",\"machine\":\"m\\n\",\"benchmarks\":{}}", "machine:"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
    FILE *f = fopen(h, "w");
    history_line(f, 1, "m", ok_bench);
    fprintf(f, "%s\n", bad[i].line);
    fclose(f);
    snprintf(dir, sizeof dir, "%s/page%zu", tmpdir, i);
    cr_expect_eq(report_write_with_history(dir, h, html, sizeof html, CB_ERR_BUF(err, sizeof err)), CB_ERR_INPUT, "case %zu accepted", i);
    cr_expect(strstr(err, h) && strstr(err, "line 2") && strstr(err, bad[i].want), "case %zu: '%s' lacks '%s'", i, err, bad[i].want);
    snprintf(p, sizeof p, "%s/index.html", dir);
    cr_expect(!file_exists(p), "case %zu: a page was written", i);
  }
  /* free text is escaped, in the HTML and in the Markdown */
  FILE *f = fopen(h, "w");
  history_line(f, 1, "<img src=x onerror=alert(1)>", ok_bench);
  history_line(f, 2, "<img src=x onerror=alert(1)>", "{\"a/bdf/acc=0.01\":{\"status\":\"ok\",\"wall_median\":1,\"counters\":{\"steps\":4}}}");
  fclose(f);
  snprintf(dir, sizeof dir, "%s/page", tmpdir);
  cr_assert_eq(report_write_with_history(dir, h, html, sizeof html, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  char *page = file_read_all(html, NULL);
  cr_assert_not_null(page);
  cr_expect(!strstr(page, "<img"), "markup from the history reached the page");
  cr_expect(strstr(page, "Machine &lt;img src=x onerror=alert(1)&gt;"), "the machine is not shown escaped");
  free(page);
  snprintf(p, sizeof p, "%s/report.md", dir);
  char *md = file_read_all(p, NULL);
  cr_assert_not_null(md);
  for (const char *lt = strchr(md, '<'); lt; lt = strchr(lt + 1, '<'))
    cr_expect(lt > md && lt[-1] == '\\', "an unescaped '<' in report.md: '%.40s'", lt);
  cr_expect(strstr(md, "### Machine \\<img src=x onerror=alert(1)\\>"), "%s", md);
  free(md);
}

/* A bench whose records carry markup or out-of-range numbers is refused by `history append`. */
Test(history, append_refuses_a_bench_with_markup_or_huge_numbers) {
  char b[600], h[600], err[2048];
  snprintf(h, sizeof h, "%s/history.jsonl", tmpdir);
  FILE *out = fopen("/dev/null", "w");
  struct { const char *path, *key; const char *value; const char *want; } bad[] = {
      {NULL, "date", "\"<script>alert(1)</script>\"", "record 0: date: expected an ISO 8601 date"},
      {"machine", "cores", "1e300", "record 0: machine.cores: expected a count of cores"},
      {"machine", "cores", "-3", "record 0: machine.cores"},
      {"machine", "cores", "2.5", "record 0: machine.cores"},
      {"machine", "cpu", "\"x\\ny\"", "record 0: machine.cpu"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
    bench_file("b.json", "5555555555555555555555555555555555555555", 1.0, b, sizeof b);
    char *text = file_read_all(b, NULL);
    cJSON *all = cJSON_Parse(text);
    free(text);
    cJSON *r = cJSON_GetArrayItem(all, 0), *o = bad[i].path ? cJSON_GetObjectItem(r, bad[i].path) : r;
    cJSON_ReplaceItemInObject(o, bad[i].key, cJSON_Parse(bad[i].value));
    text = json_print(all, 0);
    fx_write_text(b, text);
    free(text);
    cJSON_Delete(all);
    cr_expect_eq(history_append(b, h, 0, out, CB_ERR_BUF(err, sizeof err)), CB_ERR_INPUT, "case %zu accepted", i);
    cr_expect(strstr(err, bad[i].want), "case %zu: '%s' lacks '%s'", i, err, bad[i].want);
    cr_expect(!file_exists(h), "case %zu: a history was written", i);
  }
  fclose(out);
}

/* A NUL byte in line 4 of a 10-line history: the report refuses the file naming line 4, and
 * `history append` refuses it and leaves it byte for byte as it was (it used to keep 3 lines). */
Test(history, nul_byte_is_refused_and_the_file_kept) {
  char h[600], b[600], err[2048], html[1400], dir[600];
  snprintf(h, sizeof h, "%s/history.jsonl", tmpdir);
  FILE *f = fopen(h, "wb");
  for (int i = 0; i < 10; ++i) {
    if (i == 3) fputs("{\"schema\":\"cbench.history/1\",\"sha\":\"abcdef0\",\"ma\0chine\":\"m\"}\n", f), fputc('\0', f);
    history_line(f, i, "m", "{\"a/bdf/acc=0.01\":{\"status\":\"ok\",\"wall_median\":1}}");
  }
  fclose(f);
  size_t len0, len1;
  char *before = read_len(h, &len0);
  snprintf(dir, sizeof dir, "%s/page", tmpdir);
  cr_expect_eq(report_write_with_history(dir, h, html, sizeof html, CB_ERR_BUF(err, sizeof err)), CB_ERR_INPUT);
  cr_expect(strstr(err, h) && strstr(err, "line 4") && strstr(err, "NUL"), "%s", err);
  bench_file("b.json", "6666666666666666666666666666666666666666", 1.0, b, sizeof b);
  FILE *out = fopen("/dev/null", "w");
  cr_expect_eq(history_append(b, h, 0, out, CB_ERR_BUF(err, sizeof err)), CB_ERR_INPUT);
  cr_expect(strstr(err, "line 4") && strstr(err, "NUL"), "%s", err);
  fclose(out);
  char *after = read_len(h, &len1);
  cr_expect(len1 == len0 && !memcmp(before, after, len0), "the history was rewritten: %zu -> %zu bytes", len0, len1);
  free(before);
  free(after);
}

/* A line is one JSON object: a key given twice (cJSON would keep the first, another reader the
 * last: the same sha and machine could be appended twice) or text after it is refused. */
Test(history, duplicate_keys_and_trailing_text_are_refused) {
  char h[600], b[600], err[2048];
  snprintf(h, sizeof h, "%s/history.jsonl", tmpdir);
  const char *bad[] = {
      "{\"schema\":\"cbench.history/1\",\"sha\":\"abcdef0\",\"sha\":\"7777777777777777777777777777777777777777\",\"machine\":\"m\",\"benchmarks\":{}}",
      "{\"schema\":\"cbench.history/1\",\"sha\":\"abcdef0\",\"machine\":\"m\",\"benchmarks\":{}} {\"x\":1}",
      "{\"schema\":\"cbench.history/1\",\"sha\":\"abcdef0\",\"machine\":\"m\",\"benchmarks\":{\"a\":{\"status\":\"ok\"},\"a\":{\"status\":\"failed\"}}}",
  };
  const char *want[] = {"sha: field given twice", "not valid JSON", "benchmarks.a: field given twice"};
  FILE *out = fopen("/dev/null", "w");
  bench_file("b.json", "7777777777777777777777777777777777777777", 1.0, b, sizeof b);
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
    char text[1024];
    snprintf(text, sizeof text, "%s\n", bad[i]);
    fx_write_text(h, text);
    cJSON *all = history_load(h, CB_ERR_BUF(err, sizeof err));
    cr_expect_null(all, "case %zu accepted", i);
    cJSON_Delete(all);
    cr_expect(strstr(err, "line 1") && strstr(err, want[i]), "case %zu: '%s' lacks '%s'", i, err, want[i]);
    cr_expect_eq(history_append(b, h, 0, out, CB_ERR_BUF(err, sizeof err)), CB_ERR_INPUT, "case %zu appended", i);
    char *t = file_read_all(h, NULL);
    cr_expect_str_eq(t, text, "case %zu: the history changed", i);
    free(t);
  }
  fclose(out);
}

/* Two lines for one commit on one machine (a file written while duplicate keys slipped through,
 * or two histories concatenated): refused naming both lines, by the report and by `history
 * append`, which leaves the file as it was (before: the report showed the commit twice and
 * --replace replaced only the last). The same commit on another machine is another line. */
Test(history, a_commit_twice_on_one_machine_is_refused) {
  char h[600], b[600], err[2048], html[1400], dir[600];
  snprintf(h, sizeof h, "%s/history.jsonl", tmpdir);
  const char *ok_bench = "{\"a/bdf/acc=0.01\":{\"status\":\"ok\",\"wall_median\":1}}";
  FILE *f = fopen(h, "w");
  history_line(f, 1, "m", ok_bench);
  history_line(f, 2, "m", ok_bench);
  history_line(f, 1, "other machine", ok_bench);
  fclose(f);
  cJSON *all = history_load(h, CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(all, "the same commit on two machines: %s", err);
  cJSON_Delete(all);
  f = fopen(h, "a");
  history_line(f, 3, "m", ok_bench);
  history_line(f, 2, "m", ok_bench); /* line 5 repeats line 2 */
  history_line(f, 1, "m", ok_bench); /* line 6 repeats line 1 */
  fclose(f);
  all = history_load(h, CB_ERR_BUF(err, sizeof err));
  cr_expect_null(all, "a commit twice on one machine accepted");
  cJSON_Delete(all);
  cr_expect(strstr(err, h) && strstr(err, "line 5: commit 0000002abcdef on m is already on line 2"), "%s", err);
  snprintf(dir, sizeof dir, "%s/page", tmpdir);
  cr_expect_eq(report_write_with_history(dir, h, html, sizeof html, CB_ERR_BUF(err, sizeof err)), CB_ERR_INPUT);
  cr_expect(strstr(err, "line 5") && strstr(err, "already on line 2"), "%s", err);
  char *before = file_read_all(h, NULL);
  bench_file("b.json", "0000001abcdef", 1.0, b, sizeof b);
  FILE *out = fopen("/dev/null", "w");
  cr_expect_eq(history_append(b, h, 1, out, CB_ERR_BUF(err, sizeof err)), CB_ERR_INPUT, "--replace went ahead");
  fclose(out);
  char *after = file_read_all(h, NULL);
  cr_expect(before && after && !strcmp(before, after), "the history was rewritten");
  free(before);
  free(after);
}

/* 20,000 benchmark names over two commits, and 3,000 machines: the report sorts and looks up in
 * log time (it was quadratic: 48-77 s for 20,000 names). The timeout only catches a return of the
 * quadratic code: the test takes about a second. */
Test(history, report_of_many_names_and_machines_is_not_quadratic, .timeout = 30) {
  char h[600], err[2048], html[1400], dir[600];
  snprintf(h, sizeof h, "%s/history.jsonl", tmpdir);
  FILE *f = fopen(h, "w");
  for (int i = 0; i < 2; ++i) {
    fprintf(f, "{\"schema\":\"cbench.history/1\",\"sha\":\"%07xabcdef\",\"machine\":\"big\",\"benchmarks\":{", (unsigned)i);
    for (int k = 0; k < 20000; ++k)
      fprintf(f, "%s\"c%05d/bdf/acc=0.01\":{\"status\":\"ok\",\"counters\":{\"steps\":%d}}", k ? "," : "", (k * 7919) % 20000,
              k == 5 && i == 1 ? 4 : 3);
    fputs("}}\n", f);
  }
  for (int i = 0; i < 3000; ++i) {
    char m[32];
    snprintf(m, sizeof m, "host%d/cpu/2 cores", (i * 7919) % 3000);
    history_line(f, i, m, "{}");
  }
  fclose(f);
  snprintf(dir, sizeof dir, "%s/page", tmpdir);
  cr_assert_eq(report_write_with_history(dir, h, html, sizeof html, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  char p[700];
  snprintf(p, sizeof p, "%s/report.md", dir);
  char *md = file_read_all(p, NULL);
  cr_assert_not_null(md);
  /* one counter change among 20,000 names; the machines in the order they first appear */
  cr_expect(strstr(md, "- `c19595/bdf/acc=0.01` at `0000001abcde`: steps 3 -> 4"), "the one counter change is missing");
  const char *m0 = strstr(md, "### Machine big"), *m1 = strstr(md, "### Machine host0/cpu/2 cores");
  cr_expect(m0 && m1 && m0 < m1, "machines out of order");
  const char *a = strstr(md, "### Machine host1/"), *b2 = strstr(md, "### Machine host1919/");
  cr_expect(a && b2 && b2 < a, "host1919 (line 4) comes before host1");
  free(md);
}

/* A history over the size bound is refused with the bound in the message. */
Test(history, oversized_history_is_refused) {
  char h[600], err[2048];
  snprintf(h, sizeof h, "%s/history.jsonl", tmpdir);
  FILE *f = fopen(h, "w");
  cr_assert_not_null(f);
  cr_assert_eq(fseek(f, (long)HISTORY_MAX_BYTES, SEEK_SET), 0);
  fputc('\n', f);
  fclose(f);
  cJSON *all = history_load(h, CB_ERR_BUF(err, sizeof err));
  cr_expect_null(all);
  cJSON_Delete(all);
  cr_expect(strstr(err, h) && strstr(err, "64 MiB"), "%s", err);
}

/* A commit written short (`git rev-parse --short`) and whole is one commit: a bench of the
 * short sha on a history that holds the full one is refused like any repeat (and --replace
 * replaces it in place), and a file that holds both spellings on one machine is refused. Two
 * commits that share only their first 7 digits stay two lines. */
Test(history, a_short_and_a_full_sha_are_one_commit) {
  char full[600], shrt[600], other[600], h[600], err[2048];
  bench_file("full.json", "3333333aaaa333333333333333333333333333bb", 1.0, full, sizeof full);
  bench_file("short.json", "3333333aaaa", 1.0, shrt, sizeof shrt);
  bench_file("other.json", "3333333ffff", 1.0, other, sizeof other);
  snprintf(h, sizeof h, "%s/short_full.jsonl", tmpdir);
  FILE *out = fopen("/dev/null", "w");
  cr_assert_eq(history_append(full, h, 0, out, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cr_expect_eq(history_append(shrt, h, 0, out, CB_ERR_BUF(err, sizeof err)), CB_ERR_VERDICT, "the short sha appended beside the full");
  cr_expect(strstr(err, "line 1") && strstr(err, "--replace"), "%s", err);
  cr_expect_eq(history_append(other, h, 0, out, CB_ERR_BUF(err, sizeof err)), 0, "a commit sharing 7 digits refused: %s", err);
  cr_expect_eq(history_append(shrt, h, 1, out, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  char *t = file_read_all(h, NULL);
  cr_expect_eq(count_lines(t), 2, "%s", t);
  free(t);
  fclose(out);
  FILE *f = fopen(h, "a");
  fprintf(f, "{\"schema\":\"cbench.history/1\",\"sha\":\"3333333aaaa333\",\"dirty\":false,\"date\":\"2026-11-01T00:00:00Z\","
             "\"machine\":\"vm/AMD EPYC/2 cores\",\"benchmarks\":{}}\n");
  fclose(f);
  cJSON *all = history_load(h, CB_ERR_BUF(err, sizeof err));
  cr_expect_null(all, "one commit written two ways on one machine accepted");
  cJSON_Delete(all);
  cr_expect(strstr(err, "line 3") && strstr(err, "already on line 1"), "%s", err);
}
