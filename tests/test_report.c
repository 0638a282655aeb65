/* `cbench report` (harness/figures/report.c) and the papers' numbers (harness/figures/paper_data.c): the page
 * holds every figure with its escaped caption, verdict, comparison table with ratios and the
 * reproducing command; a malformed figure.json is refused by name and nothing is written; every
 * committed results/paper file validates, and malformed ones are refused naming the entry. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <unistd.h>

#include "harness/common/files.h"
#include "harness/figures/paper_data.h"
#include "harness/figures/plot.h"
#include "harness/figures/report.h"
#include "harness/sweep/sweep.h"
#include "sim_fixtures.h"

static char tmpdir[256];

static void setup(void) { fx_tmpdir_make(tmpdir, sizeof tmpdir, "cbench_report"); }
static void teardown(void) { fx_tmpdir_remove(tmpdir); }
TestSuite(report, .init = setup, .fini = teardown);

static const char *figure_json =
    "{\"schema\": \"cbench.figure/1\", \"name\": \"%s\", \"title\": \"Title %s\", \"caption\": \"mu < 1 & k > 0 <script>\","
    " \"paper\": {\"ref\": \"CENIC Fig. 9\", \"trend\": \"trap is slower\"}, \"command\": \"cbench figure %s --quick\","
    " \"quick\": true, \"wall_seconds\": 1.5, \"machine\": {\"cpu\": \"test cpu\", \"cores\": 2},"
    " \"images\": {\"svg\": \"%s.svg\", \"png\": \"%s.png\"}, \"table\": \"%s.tsv\","
    " \"comparisons\": [{\"quantity\": \"wall | time\", \"ours\": 0.3, \"paper\": 0.6, \"ratio\": 0.5, \"units\": \"s\", \"source\": \"CENIC Table II\"},"
    "                   {\"quantity\": \"missing\", \"ours\": null, \"paper\": 2, \"ratio\": null, \"units\": \"\", \"source\": \"x\"}],"
    " \"verdict\": \"Reproduced: %s.\", \"verdict_status\": \"smoke\", \"points\": {\"ok\": 3, \"failed\": 1, \"timeout\": 2, \"flagged\": 4},"
    " \"checks\": [{\"quantity\": \"trap / sd cost\", \"status\": \"smoke\", \"outcome\": \"not_reproduced\", \"ours\": 2,"
    "               \"paper\": 5, \"tolerance\": \"a / b in [4.5, 22]\", \"sentence\": \"s\"}]}";

/* A whole PNG as far as image_check.h looks: the signature, a header chunk, the IEND chunk. */
static void write_png(const char *path) {
  static const unsigned char png[] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R', 0, 0, 0, 1,
                                      0, 0, 0, 1, 8, 2, 0, 0, 0, 0x90, 0x77, 0x53, 0xde, 0, 0, 0, 0, 'I', 'E', 'N', 'D',
                                      0xae, 0x42, 0x60, 0x82};
  FILE *f = fopen(path, "wb");
  cr_assert_not_null(f, "%s", path);
  fwrite(png, 1, sizeof png, f);
  fclose(f);
}

static void make_figure(const char *name) {
  char d[512], p[700], text[4096];
  snprintf(d, sizeof d, "%s/%s", tmpdir, name);
  cr_assert_eq(dir_make_parents(d), 0);
  snprintf(text, sizeof text, figure_json, name, name, name, name, name, name, name);
  snprintf(p, sizeof p, "%s/figure.json", d);
  fx_write_text(p, text);
  snprintf(p, sizeof p, "%s/%s.png", d, name);
  write_png(p);
  snprintf(p, sizeof p, "%s/%s.svg", d, name);
  fx_write_text(p, "<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>\n");
}

static char *read_text(const char *name) {
  char p[600];
  snprintf(p, sizeof p, "%s/%s", tmpdir, name);
  return file_read_all(p, NULL);
}

Test(report, page_has_every_figure_escaped_with_ratios_and_commands) {
  make_figure("fig_a");
  make_figure("fig_b");
  char html[1400], err[1024];
  cr_assert_eq(report_write(tmpdir, html, sizeof html, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  char *h = read_text("index.html"), *md = read_text("report.md");
  cr_assert_not_null(h);
  cr_assert_not_null(md);
  const char *want[] = {"Title fig_a", "Title fig_b", "<img src=\"fig_a/fig_a.png\"", "fig_b/fig_b.svg",
                        "mu &lt; 1 &amp; k &gt; 0 &lt;script&gt;", "Reproduced: fig_a.", "cbench figure fig_b --quick",
                        "<td>0.5</td>", "CENIC Table II", "1 failed, 2 timed out, 4 flagged", "test cpu", "CENIC Fig. 9",
                        "<b>smoke</b>", "<td>trap / sd cost</td><td class=\"not_reproduced\">smoke (quick grid: not_reproduced)</td><td>2</td><td>5</td><td>a / b in [4.5, 22]</td>"};
  for (size_t i = 0; i < sizeof want / sizeof want[0]; ++i) cr_expect(strstr(h, want[i]), "index.html lacks '%s'", want[i]);
  cr_expect(!strstr(h, "<script>"), "text is escaped");
  cr_expect(strstr(h, "<tr><td>wall | time</td><td>0.3</td><td>0.6</td><td>0.5</td><td>s</td><td>CENIC Table II</td></tr>"),
            "index.html comparison row:\n%s", h);
  cr_expect(strstr(h, "<tr><td>missing</td><td>&ndash;</td><td>2</td><td>&ndash;</td>"), "null numbers are a dash");
  cr_expect(strstr(md, "| wall \\| time | 0.3 | 0.6 | 0.5 | s | CENIC Table II |"), "report.md comparison row:\n%s", md);
  cr_expect(strstr(md, "| missing | - | 2 | - |"), "null numbers are '-'");
  cr_expect(strstr(md, "![fig_a](fig_a/fig_a.png)"));
  cr_expect(strstr(md, "| trap / sd cost | smoke (quick grid: not_reproduced) | 2 | 5 | a / b in \\[4.5, 22\\] |"), "report.md check row:\n%s", md);
  cr_expect(strstr(md, "**Verdict:** smoke. Reproduced: fig_a."), "%s", md);
  cr_expect(strstr(md, "| `fig_b` | CENIC Fig. 9 | smoke | 3, 1, 2, 4 |"), "report.md verdict row:\n%s", md);
  free(h);
  free(md);
}

Test(report, quick_grid_that_decides_says_why) {
  make_figure("fig_q");
  char p[600], html[1400], err[1024];
  snprintf(p, sizeof p, "%s/fig_q/figure.json", tmpdir);
  char *text = file_read_all(p, NULL);
  cr_assert_not_null(text);
  cJSON *fig = cJSON_Parse(text);
  free(text);
  cJSON_AddStringToObject(fig, "quick_decides", "the quick runs are the full ones & 3 < 4");
  text = cJSON_Print(fig);
  fx_write_text(p, text);
  free(text);
  cJSON_Delete(fig);
  cr_assert_eq(report_write(tmpdir, html, sizeof html, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  char *h = read_text("index.html"), *md = read_text("report.md");
  cr_expect(strstr(h, "Why the quick grid decides the claim: the quick runs are the full ones &amp; 3 &lt; 4"), "%s", h);
  cr_expect(strstr(h, ".no_paper_claim{") && strstr(h, "<p class=\"verdict smoke\">"),
            "every verdict status has a style class, no_paper_claim too:\n%s", h);
  cr_expect(strstr(md, "Why the quick grid decides the claim: the quick runs are the full ones \\& 3 \\< 4"), "%s", md);
  free(h);
  free(md);
}

Test(report, malformed_figure_is_refused_by_name_and_nothing_written) {
  make_figure("fig_a");
  char d[512], p[700];
  snprintf(d, sizeof d, "%s/fig_bad", tmpdir);
  cr_assert_eq(dir_make_parents(d), 0);
  snprintf(p, sizeof p, "%s/figure.json", d);
  fx_write_text(p, "{\"schema\": \"cbench.figure/1\", \"name\": \"fig_bad\", \"title\": \"t\", \"caption\": \"c\", \"command\": \"x\","
                " \"verdict\": \"v\", \"table\": \"t.tsv\", \"images\": {\"svg\": \"a.svg\"}, \"points\": {\"ok\": 1, \"failed\": 0, \"timeout\": 0},"
                " \"comparisons\": []}");
  char html[1400], err[1024];
  cr_expect_eq(report_write(tmpdir, html, sizeof html, CB_ERR_BUF(err, sizeof err)), CB_ERR_INPUT);
  cr_expect(strstr(err, "fig_bad/figure.json") && strstr(err, "images"), "%s", err);
  snprintf(p, sizeof p, "%s/index.html", tmpdir);
  cr_expect(!file_exists(p), "no index.html after a refused figure");
  /* not JSON at all */
  snprintf(p, sizeof p, "%s/figure.json", d);
  fx_write_text(p, "{ not json");
  cr_expect_eq(report_write(tmpdir, html, sizeof html, CB_ERR_BUF(err, sizeof err)), CB_ERR_INPUT);
  cr_expect(strstr(err, "fig_bad/figure.json: not valid JSON"), "%s", err);
  /* an empty folder has nothing to report */
  char empty[600];
  snprintf(empty, sizeof empty, "%s/empty", tmpdir);
  cr_assert_eq(dir_make_parents(empty), 0);
  cr_expect_eq(report_write(empty, html, sizeof html, CB_ERR_BUF(err, sizeof err)), CB_ERR_INPUT);
  cr_expect(strstr(err, "nothing to report"), "%s", err);
}

Test(report, committed_paper_numbers_validate) {
  char err[1024];
  int n = 0;
  cr_assert_eq(paper_data_validate_dir("results/paper", &n, CB_ERR_BUF(err, sizeof err)), CB_OK, "%s", err);
  cr_assert_geq(n, 40, "%s", err);
  double v;
  char u[32], s[256];
  cr_assert_eq(paper_number("results/paper", "cenic.table2.iters_adaptive_1e-3", &v, u, sizeof u, s, sizeof s), 0);
  cr_expect_eq(v, 19235);
  cr_expect_str_eq(s, "CENIC Table II");
  cr_assert_eq(paper_number("results/paper", "tamsi.first_transition_time", &v, u, sizeof u, s, sizeof s), 0);
  cr_expect_eq(v, 0.160);
  cr_expect_str_eq(u, "s");
  cr_expect_eq(paper_number("results/paper", "no.such.id", &v, u, sizeof u, s, sizeof s), CB_ERR_VERDICT);
}

Test(report, malformed_paper_numbers_name_file_and_entry) {
  struct { const char *numbers, *want; } bad[] = {
      {"[{\"id\": \"a\", \"quantity\": \"q\", \"value\": \"1\", \"units\": \"\", \"source\": \"T1\"}]", "numbers[0] ('a'): value"},
      {"[{\"id\": \"a\", \"quantity\": \"q\", \"value\": 1, \"units\": \"\"}]", "numbers[0] ('a'): source"},
      {"[{\"id\": \"a\", \"quantity\": \"q\", \"value\": 1, \"units\": \"\", \"source\": \"T\"},"
       " {\"id\": \"a\", \"quantity\": \"q\", \"value\": 2, \"units\": \"\", \"source\": \"T\"}]", "numbers[1] ('a'): id: duplicate"},
      {"[{\"id\": \"a\", \"quantity\": \"q\", \"value\": 1, \"units\": \"\", \"source\": \"T\", \"colour\": 1}]", "unknown field 'colour'"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
    char p[600], text[2048], err[1024];
    snprintf(p, sizeof p, "%s/bad%zu.json", tmpdir, i);
    snprintf(text, sizeof text, "{\"schema\": \"cbench.paper/1\", \"paper\": \"X\", \"citation\": \"c\", \"numbers\": %s}", bad[i].numbers);
    fx_write_text(p, text);
    cr_expect_eq(paper_data_validate_file(p, CB_ERR_BUF(err, sizeof err)), CB_ERR_INPUT, "case %zu accepted", i);
    cr_expect(strstr(err, p) && strstr(err, bad[i].want), "case %zu: '%s' lacks '%s'", i, err, bad[i].want);
    unlink(p);
  }
  /* the same id in two files of one folder */
  char p[600], err[1024];
  const char *one = "{\"schema\": \"cbench.paper/1\", \"paper\": \"X\", \"citation\": \"c\", \"numbers\": "
                    "[{\"id\": \"dup\", \"quantity\": \"q\", \"value\": 1, \"units\": \"\", \"source\": \"T\"}]}";
  snprintf(p, sizeof p, "%s/a.json", tmpdir);
  fx_write_text(p, one);
  snprintf(p, sizeof p, "%s/b.json", tmpdir);
  fx_write_text(p, one);
  cr_expect_eq(paper_data_validate_dir(tmpdir, NULL, CB_ERR_BUF(err, sizeof err)), CB_ERR_INPUT);
  cr_expect(strstr(err, "id 'dup' already in"), "%s", err);
}

/* A sweep folder: failed, timed-out and flagged runs (a physics guard fired) are listed on the
 * page with why, counted, and drawn apart from the lines (cbench plot). */
Test(report, sweep_page_lists_runs_that_are_not_data) {
  char out[400], err[1024] = "", p[800];
  snprintf(out, sizeof out, "%s/sweep", tmpdir);
  SweepConfig *c = malloc(sizeof *c);
  for (int k = 0; k < 2; ++k) {
    sweep_config_default(fx_cb(), c);
    c->quiet = 1;
    c->ncases = 1;
    snprintf(c->cases[0], sizeof c->cases[0], "ball_drop");
    c->nintegrators = 1;
    snprintf(c->integrators[0], sizeof c->integrators[0], "cenic-sd");
    c->nacc = k == 0 ? 2 : 1;
    c->accuracies[0] = k == 0 ? 1e-2 : 1e-9;
    c->accuracies[1] = 1e-3;
    c->run.t_end = k == 0 ? 0.3 : 100;
    if (k == 1) c->run.timeout = 0.2;
    c->run.reps = 1;
    snprintf(c->out, sizeof c->out, "%s", out);
    snprintf(c->command, sizeof c->command, "cbench sweep (test)");
    cr_assert_eq(sweep_run(fx_cb(), c, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  }
  free(c);
  /* the 1e-2 run as if its energy guard had fired */
  snprintf(p, sizeof p, "%s/ball_drop__cenic-sd__acc0.01.json", out);
  char *text = file_read_all(p, NULL);
  cr_assert_not_null(text, "%s", p);
  cJSON *rec = cJSON_Parse(text);
  free(text);
  cJSON_AddItemToArray(cJSON_GetObjectItem(rec, "warnings"), cJSON_CreateString("physics: energy rose by 9 J (test)"));
  text = cJSON_Print(rec);
  fx_write_text(p, text);
  free(text);
  cJSON_Delete(rec);

  cr_assert_eq(plot_dir(out, 0, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  snprintf(p, sizeof p, "%s/plots/ball_drop/physics_warnings.dat", out);
  text = file_read_all(p, NULL);
  cr_expect(text && strstr(text, "energy rose by 9 J"), "the flagged run has its own marker file");
  free(text);
  snprintf(p, sizeof p, "%s/plots/ball_drop/timeout.dat", out);
  text = file_read_all(p, NULL);
  cr_expect(text && strstr(text, "cenic-sd\t") && strstr(text, "timeout"), "the timed-out run has its own marker file");
  free(text);
  snprintf(p, sizeof p, "%s/plots/ball_drop/cenic-sd.dat", out);
  text = file_read_all(p, NULL);
  cr_assert_not_null(text);
  cr_expect(strstr(text, "\n0.001\t") && !strstr(text, "\n0.01\t"), "the flagged point is not a point of the line:\n%s", text);
  free(text);
  snprintf(p, sizeof p, "%s/plots/ball_drop.gp", out);
  text = file_read_all(p, NULL);
  cr_expect(text && strstr(text, "flagged: physics guard (1)") && strstr(text, "timed out (1)"), "legend counts:\n%s", text);
  free(text);

  snprintf(p, sizeof p, "%s/plots/ball_drop_work_accuracy.png", out);
  write_png(p);
  char html[1400];
  cr_assert_eq(report_write(out, html, sizeof html, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  char *h = file_read_all(html, NULL);
  snprintf(p, sizeof p, "%s/report.md", out);
  char *md = file_read_all(p, NULL);
  cr_assert(h && md);
  const char *want[] = {"Runs: 1 ok, 0 failed, 1 timed out, 1 flagged by a physics guard", "physics: energy rose by 9 J (test)",
                        "<td>flagged</td>", "<td>timeout</td>", "1e-09"};
  for (size_t i = 0; i < sizeof want / sizeof want[0]; ++i) {
    cr_expect(strstr(h, want[i]), "index.html lacks '%s'", want[i]);
    if (i < 2) cr_expect(strstr(md, want[i]), "report.md lacks '%s'", want[i]);
  }
  free(h);
  free(md);
}

/* A figure folder named like a URL scheme is linked as a relative, percent-encoded path, never as
 * "javascript:..."; report.md escapes what would be Markdown or HTML. */
Test(report, links_are_relative_and_markdown_is_escaped) {
  make_figure("javascript:alert(1)");
  char html[1400], err[1024];
  cr_assert_eq(report_write(tmpdir, html, sizeof html, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  char *h = read_text("index.html"), *md = read_text("report.md");
  cr_assert(h && md);
  cr_expect(!strstr(h, "href=\"javascript:") && !strstr(h, "src=\"javascript:"), "a javascript: link:\n%s", h);
  cr_expect(strstr(h, "<a href=\"javascript%3Aalert%281%29/javascript%3Aalert%281%29.svg\">"), "%s", h);
  cr_expect(strstr(h, "<img src=\"javascript%3Aalert%281%29/javascript%3Aalert%281%29.png\""), "%s", h);
  cr_expect(strstr(md, "](javascript%3Aalert%281%29/javascript%3Aalert%281%29.png)"), "%s", md);
  cr_expect(!strstr(md, "](javascript:"), "%s", md);
  cr_expect(strstr(md, "mu \\< 1 \\& k \\> 0 \\<script\\>"), "the caption is not escaped in report.md:\n%s", md);
  for (const char *lt = strchr(md, '<'); lt; lt = strchr(lt + 1, '<'))
    cr_expect(lt > md && lt[-1] == '\\', "an unescaped '<' in report.md: '%.40s'", lt);
  free(h);
  free(md);
}

/* figure.json's file names stay in the figure's folder, its counts are counts. */
Test(report, figure_files_outside_the_folder_and_huge_counts_are_refused) {
  struct { const char *key, *sub, *value, *want; } bad[] = {
      {"images", "png", "\"../../index.png\"", "images.png: expected a file name in the figure's folder"},
      {"images", "svg", "\"/etc/passwd\"", "images.svg: expected a file name"},
      {NULL, "table", "\"..\"", "table: expected a file name"},
      {"points", "ok", "1e300", "points.ok: expected a count"},
      {"points", "flagged", "-1", "points.flagged: expected a count"},
      {"points", "timeout", "0.5", "points.timeout: expected a count"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
    make_figure("fig_a");
    char p[700], html[1400], err[1024];
    snprintf(p, sizeof p, "%s/fig_a/figure.json", tmpdir);
    char *text = file_read_all(p, NULL);
    cJSON *fig = cJSON_Parse(text);
    free(text);
    cJSON *o = bad[i].key ? cJSON_GetObjectItem(fig, bad[i].key) : fig;
    cJSON_ReplaceItemInObject(o, bad[i].sub, cJSON_Parse(bad[i].value));
    text = cJSON_Print(fig);
    fx_write_text(p, text);
    free(text);
    cJSON_Delete(fig);
    cr_expect_eq(report_write(tmpdir, html, sizeof html, CB_ERR_BUF(err, sizeof err)), CB_ERR_INPUT, "case %zu accepted", i);
    cr_expect(strstr(err, "fig_a/figure.json") && strstr(err, bad[i].want), "case %zu: '%s' lacks '%s'", i, err, bad[i].want);
    snprintf(p, sizeof p, "%s/index.html", tmpdir);
    cr_expect(!file_exists(p), "case %zu: a page was written", i);
  }
}

/* A cut or empty image (a full disk while gnuplot drew it) is refused by name, nothing written. */
Test(report, cut_or_empty_images_are_refused) {
  char p[700], html[1400], err[1024];
  const char *what[] = {"png cut", "svg cut", "png empty", "png missing", "plot cut"};
  for (int i = 0; i < 5; ++i) {
    fx_tmpdir_remove(tmpdir);
    cr_assert_eq(dir_make_parents(tmpdir), 0);
    if (i < 4) make_figure("fig_a");
    else {
      snprintf(p, sizeof p, "%s/plots", tmpdir);
      cr_assert_eq(dir_make_parents(p), 0);
      snprintf(p, sizeof p, "%s/plots/a_work_error.png", tmpdir);
      write_png(p);
      snprintf(p, sizeof p, "%s/plots/b_work_error.png", tmpdir);
    }
    if (i == 0 || i == 2 || i == 3) snprintf(p, sizeof p, "%s/fig_a/fig_a.png", tmpdir);
    if (i == 1) snprintf(p, sizeof p, "%s/fig_a/fig_a.svg", tmpdir);
    if (i == 0 || i == 4) {
      write_png(p);
      cr_assert_eq(truncate(p, 30), 0);
    }
    if (i == 1) fx_write_text(p, "<svg xmlns=\"http://www.w3.org/2000/svg\"><line x1=\"0\"");
    if (i == 2) fx_write_text(p, "");
    if (i == 3) unlink(p);
    cr_expect_eq(report_write(tmpdir, html, sizeof html, CB_ERR_BUF(err, sizeof err)), CB_ERR_INPUT, "%s: accepted", what[i]);
    cr_expect(strstr(err, p), "%s: '%s' does not name %s", what[i], err, p);
    snprintf(p, sizeof p, "%s/index.html", tmpdir);
    cr_expect(!file_exists(p), "%s: a page was written", what[i]);
    snprintf(p, sizeof p, "%s/report.md", tmpdir);
    cr_expect(!file_exists(p), "%s: a report.md was written", what[i]);
  }
}

static int count_of_text(const char *s, const char *what) {
  int n = 0;
  for (const char *p = strstr(s, what); p; p = strstr(p + 1, what)) ++n;
  return n;
}

/* However many figure folders and plots there are, every one is on the page (it stopped at 512
 * figures and 256 plots without a word). */
Test(report, every_figure_and_plot_is_reported) {
  char p[700], html[1400], err[1024];
  for (int i = 0; i < 600; ++i) {
    char name[32];
    snprintf(name, sizeof name, "fig_%03d", i);
    make_figure(name);
  }
  snprintf(p, sizeof p, "%s/plots", tmpdir);
  cr_assert_eq(dir_make_parents(p), 0);
  for (int i = 0; i < 300; ++i) {
    snprintf(p, sizeof p, "%s/plots/case%03d_work_error.png", tmpdir, i);
    write_png(p);
  }
  cr_assert_eq(report_write(tmpdir, html, sizeof html, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  char *h = read_text("index.html"), *md = read_text("report.md");
  cr_assert(h && md);
  cr_expect_eq(count_of_text(h, "<div class=\"fig\">"), 600);
  cr_expect_eq(count_of_text(h, "<img src=\"plots/"), 300);
  cr_expect(strstr(h, "fig_599/fig_599.png") && strstr(h, "plots/case299_work_error.png"));
  cr_expect_eq(count_of_text(md, "](plots/"), 300);
  free(h);
  free(md);
}
