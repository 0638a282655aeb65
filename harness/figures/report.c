#include "report.h"

#include <cjson/cJSON.h>
#include <dirent.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../models/json_input.h"
#include "../common/clock.h"
#include "../common/cb_path.h"
#include "../common/files.h"
#include "../bench/history.h"
#include "convergence_table.h"
#include "history_report.h"
#include "image_check.h"
#include "markup.h"
#include "winners_table.h"
#include "../common/json_get.h"
#include "../common/machine.h"
#include "../run/record_fields.h"
#include "../run/record_outcome.h"
#include "../run/run_record.h"

/* Text for HTML content and attributes. */
static void html(FILE *f, const char *s) { markup_html(f, s); }

/* Text in Markdown: a table cell, a heading, a paragraph (escaped: markup.h). */
static void md_cell(FILE *f, const char *s) { markup_md(f, s); }
/* A code span in Markdown. */
static void md_code(FILE *f, const char *s) { markup_md_code(f, s, (size_t)-1); }
/* A code span in a Markdown table cell: a '|' escaped there too (GFM splits cells first). */
static void md_code_cell(FILE *f, const char *s) {
  char *t = NULL;
  size_t len = 0;
  FILE *m = open_memstream(&t, &len);
  if (!m) return;
  markup_md_code(m, s, (size_t)-1);
  fclose(m);
  for (size_t i = 0; t && i < len; ++i) {
    if (t[i] == '|') fputc('\\', f);
    fputc(t[i], f);
  }
  free(t);
}

/* A link to file in the figure's folder: a relative path, each part percent-encoded (a folder
 * named "javascript:alert(1)" is a folder, not a scheme). */
static void url_path(FILE *f, const char *folder, const char *file) {
  if (folder) { markup_url_segment(f, folder); fputc('/', f); }
  markup_url_segment(f, file);
}

static void num(FILE *f, const cJSON *x) {
  if (cJSON_IsNumber(x)) fprintf(f, "%.4g", x->valuedouble);
  else fputs("&ndash;", f);
}
static void num_md(FILE *f, const cJSON *x) {
  if (cJSON_IsNumber(x)) fprintf(f, "%.4g", x->valuedouble);
  else fputs("-", f);
}

/* The markup of a table in one of the two documents. */
typedef struct {
  const char *head;                  /* the header row(s), with the column names */
  const char *row_open, *sep, *row_close, *table_close;
  void (*text)(FILE *, const char *); /* an escaped text cell */
  void (*number)(FILE *, const cJSON *);
} TableMarkup;

static const TableMarkup html_table = {
    "<table><tr><th>quantity</th><th>ours</th><th>paper</th><th>ours / paper</th><th>units</th><th>source</th></tr>\n",
    "<tr><td>", "</td><td>", "</td></tr>\n", "</table>\n", html, num};
static const TableMarkup md_table = {
    "| quantity | ours | paper | ours / paper | units | source |\n| --- | --- | --- | --- | --- | --- |\n",
    "| ", " | ", " |\n", "\n", md_cell, num_md};

/* A figure's ours / paper / ratio table (nothing when it has no comparisons). */
static void write_comparisons(FILE *f, const cJSON *cmp, const TableMarkup *t) {
  if (cJSON_GetArraySize(cmp) <= 0) return;
  fputs(t->head, f);
  const cJSON *c;
  cJSON_ArrayForEach(c, cmp) {
    fputs(t->row_open, f);
    t->text(f, json_str(c, "quantity"));
    const char *numbers[] = {"ours", "paper", "ratio"};
    for (int k = 0; k < 3; ++k) {
      fputs(t->sep, f);
      t->number(f, json_get(c, numbers[k]));
    }
    fputs(t->sep, f);
    t->text(f, json_str(c, "units"));
    fputs(t->sep, f);
    t->text(f, json_str(c, "source"));
    fputs(t->row_close, f);
  }
  fputs(t->table_close, f);
}

/* The figure's structured verdict: one row per check (nothing for a figure.json without them). */
/* 1 for a figure of cbench's own claim (figure.json "kind"): listed apart from the paper items. */
static int is_cbench_claim(const cJSON *fig) { return !strcmp(json_str(fig, "kind"), "cbench_claim"); }

static void write_checks(FILE *f, const cJSON *checks, int md) {
  if (cJSON_GetArraySize(checks) <= 0) return;
  fputs(md ? "| check | verdict | ours | paper | tolerance |\n| --- | --- | --- | --- | --- |\n"
           : "<table><tr><th>check</th><th>verdict</th><th>ours</th><th>paper</th><th>tolerance</th></tr>\n",
        f);
  const cJSON *c;
  cJSON_ArrayForEach(c, checks) {
    const char *st = json_str(c, "status"), *oc = json_str(c, "outcome");
    char verdict[96];
    /* quick mode: smoke, with what the quick grid said */
    if (strcmp(st, oc) && *oc) snprintf(verdict, sizeof verdict, "%s (quick grid: %s)", st, oc);
    else snprintf(verdict, sizeof verdict, "%s", st);
    fputs(md ? "| " : "<tr><td>", f);
    (md ? md_cell : html)(f, json_str(c, "quantity"));
    fputs(md ? " | " : "</td><td class=\"", f);
    if (!md) { html(f, oc); fputs("\">", f); }
    (md ? md_cell : html)(f, verdict);
    fputs(md ? " | " : "</td><td>", f);
    (md ? num_md : num)(f, json_get(c, "ours"));
    fputs(md ? " | " : "</td><td>", f);
    (md ? num_md : num)(f, json_get(c, "paper"));
    fputs(md ? " | " : "</td><td>", f);
    (md ? md_cell : html)(f, json_str(c, "tolerance"));
    fputs(md ? " |\n" : "</td></tr>\n", f);
  }
  fputs(md ? "\n" : "</table>\n", f);
}

/* A sweep's runs that are not data (failed, timed out, flagged by a physics guard), with why;
 * first the counts. */
static void write_not_data(FILE *f, const cJSON *runs, int md) {
  int n[OUTCOME_COUNT];
  char counts[160];
  int bad = record_outcome_counts(runs, n, counts, sizeof counts);
  const cJSON *r;
  if (md) fprintf(f, "Runs: %s.\n\n", counts);
  else fprintf(f, "<p%s>Runs: %s.</p>\n", bad ? " class=\"bad\"" : "", counts);
  if (bad == 0) return;
  fputs(md ? "Runs that are not data (drawn with their own markers, not as points of a line):\n\n"
             "| case | integrator | accuracy or dt | outcome | why | reproduce |\n| --- | --- | --- | --- | --- | --- |\n"
           : "<p>Runs that are not data (drawn with their own markers, not as points of a line):</p>\n<table><tr><th>case</th>"
             "<th>integrator</th><th>accuracy or dt</th><th>outcome</th><th>why</th><th>reproduce</th></tr>\n",
        f);
  cJSON_ArrayForEach(r, runs) {
    RecordOutcome o = record_outcome(r);
    if (o == OUTCOME_OK) continue;
    char ps[32];
    snprintf(ps, sizeof ps, "%g", record_param(r));
    const char *cells[] = {record_get_string(r, FIELD_CASE, ""), record_get_string(r, FIELD_INTEGRATOR, ""), ps,
                           record_outcome_name(o), record_outcome_reason(r), record_get_string(r, FIELD_COMMAND, "")};
    fputs(md ? "| " : "<tr><td>", f);
    for (int i = 0; i < 6; ++i) {
      if (i) fputs(md ? " | " : "</td><td>", f);
      (md ? (i == 5 ? md_code_cell : md_cell) : html)(f, cells[i]);
    }
    fputs(md ? " |\n" : "</td></tr>\n", f);
  }
  fputs(md ? "\n" : "</table>\n", f);
}

/* A run count of figure.json's points (check_figure checked the range). */
static int count_of(const cJSON *pts, const char *k) {
  int v = 0;
  json_int_field(pts, k, 0, INT_MAX, 0, &v);
  return v;
}

/* 1 when s names a file in the figure's own folder: no '/', not "." or "..", no control
 * characters (links are relative to the folder, never out of it). */
static int folder_file_ok(const char *s) {
  if (!*s || strchr(s, '/') || !strcmp(s, ".") || !strcmp(s, "..")) return 0;
  for (; *s; ++s)
    if ((unsigned char)*s < 0x20 || *s == 0x7f) return 0;
  return 1;
}

/* A figure.json's required fields (harness/SCHEMA.md, cbench.figure/1); CB_OK, or CB_ERR_INPUT
 * naming one. */
static CbStatus check_figure(const cJSON *fig, const char *path, CbError *err) {
  const char *strings[] = {"name", "title", "caption", "command", "verdict", "table"};
  const char *bad = NULL;
  if (!cJSON_IsObject(fig)) bad = "(top): expected an object";
  else if (strcmp(json_str(fig, "schema"), "cbench.figure/1")) bad = "schema: expected \"cbench.figure/1\"";
  for (size_t i = 0; !bad && i < sizeof strings / sizeof strings[0]; ++i)
    if (!cJSON_IsString(json_get(fig, strings[i]))) return CB_ERROR(err, CB_ERR_INPUT, "%s: %s: expected a string", path, strings[i]);
  const cJSON *img = json_get(fig, "images"), *pts = json_get(fig, "points"), *cmp = json_get(fig, "comparisons");
  if (!bad && !(cJSON_IsObject(img) && cJSON_IsString(json_get(img, "svg")) && cJSON_IsString(json_get(img, "png"))))
    bad = "images: expected {svg, png}";
  else if (!bad && !(cJSON_IsObject(pts) && cJSON_IsNumber(json_get(pts, "ok")) && cJSON_IsNumber(json_get(pts, "failed")) &&
                     cJSON_IsNumber(json_get(pts, "timeout"))))
    bad = "points: expected {ok, failed, timeout} counts";
  else if (!bad && !cJSON_IsArray(cmp)) bad = "comparisons: expected an array";
  else if (!bad && json_get(fig, "paper") && !cJSON_IsNull(json_get(fig, "paper")) && !cJSON_IsString(json_get(json_get(fig, "paper"), "ref")))
    bad = "paper: expected null or {ref, trend}";
  const char *files[][2] = {{"images.svg", json_str(img, "svg")}, {"images.png", json_str(img, "png")},
                            {"table", json_str(fig, "table")}};
  for (int i = 0; !bad && i < 3; ++i)
    if (!folder_file_ok(files[i][1]))
      return CB_ERROR(err, CB_ERR_INPUT, "%s: %s: expected a file name in the figure's folder, got '%s'", path, files[i][0],
                      files[i][1]);
  const char *counts[] = {"ok", "failed", "timeout", "flagged"};
  for (int i = 0; !bad && i < 4; ++i) {
    int v;
    if (json_int_field(pts, counts[i], 0, INT_MAX, 0, &v)) {
      char *g = cJSON_PrintUnformatted(json_get(pts, counts[i]));
      CB_ERROR(err, CB_ERR_INPUT, "%s: points.%s: expected a count (0 to %d), got %.*s", path, counts[i], INT_MAX, JSON_GOT_SHOWN,
               g ? g : "?");
      free(g);
      return CB_ERR_INPUT;
    }
  }
  if (!bad) {
    const cJSON *c;
    cJSON_ArrayForEach(c, cmp) if (!cJSON_IsString(json_get(c, "quantity"))) bad = "comparisons: every entry needs a quantity";
  }
  if (bad) return CB_ERROR(err, CB_ERR_INPUT, "%s: %s", path, bad);
  return CB_OK;
}

static int cmp_str(const void *a, const void *b) { return strcmp(a, b); }

/* CB_OK when every image of figure fig (in dir/folder) is whole, else CB_ERR_INPUT naming it. */
static CbStatus check_figure_images(const char *dir, const cJSON *fig, const char *folder, CbError *err) {
  const char *keys[] = {"png", "svg"};
  const cJSON *parts = json_get(fig, "parts"); /* a figure split into images: each of them */
  int n = cJSON_IsArray(parts) ? cJSON_GetArraySize(parts) : 0;
  for (int i = -1; i < n; ++i)
    for (int k = 0; k < 2; ++k) {
      CbPath p;
      const cJSON *img = i < 0 ? json_get(fig, "images") : cJSON_GetArrayItem(parts, i);
      if (cb_path(&p, err, "%s/%s/%s", dir, folder, json_str(img, keys[k])) != CB_OK || image_check(p.s, err) != CB_OK) {
        size_t len = strlen(err->msg);
        if (len < err->cap) snprintf(err->msg + len, err->cap - len, " (draw the figure again: cbench figure %s)", json_str(fig, "name"));
        return cb_error_fail(err, CB_ERR_INPUT);
      }
    }
  return CB_OK;
}

/* Figure folders of dir (sorted, however many) with their parsed figure.json, their count in *n;
 * CB_OK, or CB_ERR_INPUT (a folder not read, a bad figure.json or image), CB_ERR_MEMORY. */
static CbStatus load_figures(const char *dir, cJSON *figs, int *count, CbError *err) {
  *count = 0;
  DIR *d = opendir(dir);
  if (!d) return CB_ERROR(err, CB_ERR_INPUT, "%s: cannot open the folder", dir);
  char (*names)[256] = NULL;
  int n = 0, cap = 0;
  struct dirent *e;
  while ((e = readdir(d))) {
    if (e->d_name[0] == '.') continue;
    CbPath p;
    if (cb_path(&p, NULL, "%s/%s/figure.json", dir, e->d_name) != CB_OK || !file_exists(p.s)) continue;
    if (n == cap) {
      char (*g)[256] = realloc(names, sizeof(char[256]) * (size_t)(cap = 2 * cap + 64));
      if (!g) { free(names); closedir(d); return CB_ERROR(err, CB_ERR_MEMORY, "out of memory"); }
      names = g;
    }
    snprintf(names[n++], 256, "%s", e->d_name); /* d_name holds at most 255 bytes */
  }
  closedir(d);
  if (n) qsort(names, (size_t)n, 256, cmp_str);
  CbStatus rc = CB_OK;
  for (int i = 0; i < n && rc == CB_OK; ++i) {
    CbPath p;
    if ((rc = cb_path(&p, err, "%s/%s/figure.json", dir, names[i])) != CB_OK) break;
    cJSON *fig = json_load_file(p.s, err);
    if (!fig) { rc = cb_error_fail(err, CB_ERR_INPUT); break; }
    if (check_figure(fig, p.s, err) != CB_OK || check_figure_images(dir, fig, names[i], err) != CB_OK) {
      cJSON_Delete(fig);
      rc = CB_ERR_INPUT;
      break;
    }
    cJSON_AddStringToObject(fig, "_folder", names[i]);
    cJSON_AddItemToArray(figs, fig);
  }
  free(names);
  if (rc == CB_OK) *count = n;
  return rc;
}

/* The plots of a sweep folder (`cbench plot DIR` writes PNG files in DIR/plots): names sorted,
 * however many, into *out (malloc'ed), their count in *count (0 when there is no plots/
 * folder); each checked whole (image_check.h). CB_OK, or CB_ERR_INPUT with the why in err. */
static CbStatus sweep_plots(const char *dir, char (**out)[256], int *count, CbError *err) {
  CbPath pd;
  *out = NULL;
  *count = 0;
  if (cb_path(&pd, err, "%s/plots", dir) != CB_OK) return cb_error_fail(err, CB_ERR_INPUT);
  int n = 0;
  char **all = dir_list_all(pd.s, ".png", &n);
  if (!all) {
    if (file_exists(pd.s)) return CB_ERROR(err, CB_ERR_INPUT, "%s: cannot list the plots (out of memory?)", pd.s);
    return CB_OK;
  }
  char (*names)[256] = malloc(sizeof(char[256]) * (size_t)(n ? n : 1));
  CbStatus rc = names ? CB_OK : CB_ERROR(err, CB_ERR_INPUT, "out of memory");
  for (int i = 0; names && i < n && rc == CB_OK; ++i) {
    CbPath p;
    snprintf(names[i], 256, "%s", all[i]); /* a file name holds at most 255 bytes */
    if (cb_path(&p, err, "%s/%s", pd.s, all[i]) != CB_OK || image_check(p.s, err) != CB_OK) rc = cb_error_fail(err, CB_ERR_INPUT);
  }
  dir_list_free(all, n);
  if (rc != CB_OK) { free(names); return rc; }
  *out = names;
  *count = n;
  return CB_OK;
}

static char *first_line_of(const char *path) {
  char *t = file_read_all(path, NULL);
  if (t) {
    char *nl = strchr(t, '\n');
    if (nl && nl[1] == 0) *nl = 0; /* one trailing newline */
  }
  return t;
}

static void write_html(FILE *f, const char *dir, const cJSON *figs, char (*plots)[256], int nplots,
                       const char *sweep_cmd, const char *sweep_caption, const cJSON *runs, const cJSON *machine,
                       const char *date, const cJSON *history, const char *history_path) {
  fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>cbench report</title>\n"
        "<style>body{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}"
        "img{max-width:100%;border:1px solid #ddd}pre{background:#f4f4f4;padding:.6em;overflow-x:auto}"
        "table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:.25em .6em;text-align:left}"
        ".verdict{font-weight:bold}.bad{color:#b00}.fig{margin-bottom:3em}"
        /* one colour per verdict status (figure_verdict.h): a figure without a paper claim must
         * not read as reproduced */
        ".reproduced{color:#060}.not_reproduced{color:#b00}.differs_by_design{color:#a60}"
        ".no_paper_claim{color:#555;font-style:italic}.smoke{color:#555}"
        ".cbench_claim_holds{color:#036}.cbench_claim_fails{color:#b00}</style></head><body>\n", f);
  fputs("<h1>cbench report</h1>\n<p>Folder <code>", f);
  html(f, dir);
  fputs("</code>, written ", f);
  html(f, date);
  fputs(". Regenerate with <code>cbench report ", f);
  html(f, dir);
  if (history_path) { fputs(" --history ", f); html(f, history_path); }
  fputs("</code>.</p>\n<h2>Machine</h2>\n<table>", f);
  const cJSON *m;
  cJSON_ArrayForEach(m, machine) {
    fputs("<tr><th>", f);
    html(f, m->string);
    fputs("</th><td>", f);
    if (cJSON_IsString(m)) html(f, m->valuestring);
    else if (cJSON_IsNumber(m)) fprintf(f, "%g", m->valuedouble);
    fputs("</td></tr>", f);
  }
  fputs("</table>\n", f);
  /* the paper items, then cbench's own claims apart: they reproduce nothing */
  for (int own = 0; own < 2 && cJSON_GetArraySize(figs) > 0; ++own) {
    int any = 0;
    const cJSON *fig;
    cJSON_ArrayForEach(fig, figs) any |= is_cbench_claim(fig) == own;
    if (!any) continue;
    fputs(own ? "<h2>cbench's own claims (not paper items)</h2>\n<ul>\n" : "<h2>Figures</h2>\n<ul>\n", f);
    cJSON_ArrayForEach(fig, figs) {
      if (is_cbench_claim(fig) != own) continue;
      fputs("<li><a href=\"#", f);
      html(f, json_str(fig, "name"));
      fputs("\">", f);
      html(f, json_str(fig, "title"));
      fputs("</a>: <b>", f);
      html(f, *json_str(fig, "verdict_status") ? json_str(fig, "verdict_status") : "no structured verdict");
      fputs("</b>: ", f);
      html(f, json_str(fig, "verdict"));
      fputs("</li>\n", f);
    }
    fputs("</ul>\n", f);
  }
  const cJSON *fig;
  cJSON_ArrayForEach(fig, figs) {
    const char *folder = json_str(fig, "_folder");
    fputs("<div class=\"fig\"><h2 id=\"", f);
    html(f, json_str(fig, "name"));
    fputs("\">", f);
    html(f, json_str(fig, "title"));
    fputs("</h2>\n", f);
    const cJSON *paper = json_get(fig, "paper");
    if (cJSON_IsObject(paper)) {
      fputs("<p>Paper: <b>", f);
      html(f, json_str(paper, "ref"));
      fputs("</b>", f);
      if (*json_str(paper, "trend")) { fputs(": ", f); html(f, json_str(paper, "trend")); }
      fputs("</p>\n", f);
    }
    const cJSON *parts = json_get(fig, "parts"), *img = json_get(fig, "images");
    int nparts = cJSON_IsArray(parts) ? cJSON_GetArraySize(parts) : 0;
    for (int i = nparts ? 0 : -1; i < nparts; ++i) { /* a split figure: each image with its command */
      const cJSON *im = i < 0 ? img : cJSON_GetArrayItem(parts, i);
      fputs("<p><a href=\"", f);
      url_path(f, folder, json_str(im, "svg"));
      fputs("\"><img src=\"", f);
      url_path(f, folder, json_str(im, "png"));
      fputs("\" alt=\"", f);
      html(f, i < 0 ? json_str(fig, "title") : json_str(im, "title"));
      fputs("\"></a>", f);
      if (i >= 0) { fputs("<br><code>", f); html(f, json_str(im, "command")); fputs("</code>", f); }
      fputs("</p>\n", f);
    }
    fputs("<p>", f);
    html(f, json_str(fig, "caption"));
    if (*json_str(fig, "caption_note")) { fputs(" ", f); html(f, json_str(fig, "caption_note")); }
    fputs("</p>\n<p class=\"verdict ", f);
    html(f, json_str(fig, "verdict_status"));
    fputs("\">Verdict: ", f);
    if (*json_str(fig, "verdict_status")) { html(f, json_str(fig, "verdict_status")); fputs(". ", f); }
    html(f, json_str(fig, "verdict"));
    fputs("</p>\n", f);
    if (*json_str(fig, "quick_decides")) {
      fputs("<p>Why the quick grid decides the claim: ", f);
      html(f, json_str(fig, "quick_decides"));
      fputs("</p>\n", f);
    }
    write_checks(f, json_get(fig, "checks"), 0);
    const cJSON *pts = json_get(fig, "points");
    int failed = count_of(pts, "failed"), timeout = count_of(pts, "timeout"), flagged = count_of(pts, "flagged");
    fprintf(f, "<p%s>Runs: %d ok, %d failed, %d timed out, %d flagged by a physics guard%s.",
            failed + timeout + flagged ? " class=\"bad\"" : "", count_of(pts, "ok"), failed, timeout, flagged,
            failed + timeout + flagged ? " (each with its own marker in the figure; none is data for the verdict)" : "");
    if (*json_str(fig, "problem")) { fputs(" Problem: ", f); html(f, json_str(fig, "problem")); }
    fputs("</p>\n", f);
    write_comparisons(f, json_get(fig, "comparisons"), &html_table);
    fputs("<p>Reproduce:</p><pre>", f);
    html(f, json_str(fig, "command"));
    fprintf(f, "</pre>\n<p>%s mode, %.1f s wall; numbers behind it: <a href=\"", cJSON_IsTrue(json_get(fig, "quick")) ? "Quick" : "Full",
            cJSON_IsNumber(json_get(fig, "wall_seconds")) ? json_get(fig, "wall_seconds")->valuedouble : NAN);
    url_path(f, folder, json_str(fig, "table"));
    fputs("\">", f);
    html(f, json_str(fig, "table"));
    fputs("</a>.</p></div>\n", f);
  }
  if (nplots > 0) {
    fputs("<h2>Sweep</h2>\n", f);
    if (sweep_caption) { fputs("<p>", f); html(f, sweep_caption); fputs("</p>\n", f); }
    if (sweep_cmd) { fputs("<p>Reproduce:</p><pre>", f); html(f, sweep_cmd); fputs("</pre>\n", f); }
    if (runs) write_not_data(f, runs, 0);
    if (runs) convergence_table_write(f, runs, CONVERGENCE_HTML);
    if (runs) winners_table_write(f, runs, WINNERS_HTML);
    for (int i = 0; i < nplots; ++i) {
      fputs("<h3>", f);
      html(f, plots[i]);
      fputs("</h3>\n<p><img src=\"plots/", f);
      url_path(f, NULL, plots[i]);
      fputs("\" alt=\"", f);
      html(f, plots[i]);
      fputs("\"></p>\n", f);
    }
  }
  if (history) history_report_section(f, history, history_path, 1, NULL);
  fputs("</body></html>\n", f);
}

static void write_md(FILE *f, const char *dir, const cJSON *figs, char (*plots)[256], int nplots, const char *sweep_cmd,
                     const cJSON *runs, const cJSON *machine, const char *date, const cJSON *history,
                     const char *history_path) {
  /* every string from a file or a folder name is escaped (md_cell) or a code span (md_code) */
  fputs("# cbench report\n\nFolder ", f);
  md_code(f, dir);
  fputs(", written ", f);
  md_cell(f, date);
  fputs(". Regenerate with ", f);
  char regen[2 * PATH_MAX + 40]; /* two paths */
  snprintf(regen, sizeof regen, "cbench report %s%s%s", dir, history_path ? " --history " : "", history_path ? history_path : "");
  md_code(f, regen);
  fputs(".\n\nMachine: ", f);
  md_cell(f, json_str(machine, "cpu"));
  fprintf(f, ", %g cores, ", cJSON_IsNumber(json_get(machine, "cores")) ? json_get(machine, "cores")->valuedouble : 0);
  md_cell(f, json_str(machine, "compiler"));
  fputs(", git ", f);
  md_cell(f, json_str(machine, "git"));
  fprintf(f, "%s.\n\n", cJSON_IsTrue(json_get(machine, "git_dirty")) ? " (built from a modified working tree)" : "");
  const cJSON *fig;
  /* one line per paper item (the README carries the same rows), then cbench's own claims apart */
  for (int own = 0; own < 2 && cJSON_GetArraySize(figs) > 0; ++own) {
    int any = 0;
    cJSON_ArrayForEach(fig, figs) any |= is_cbench_claim(fig) == own;
    if (!any) continue;
    fputs(own ? "## cbench's own claims (not paper items)\n\n" : "## Verdicts\n\n", f);
    fputs("| figure | paper | verdict | runs: ok, failed, timed out, flagged |\n| --- | --- | --- | --- |\n", f);
    cJSON_ArrayForEach(fig, figs) {
      if (is_cbench_claim(fig) != own) continue;
      const cJSON *paper = json_get(fig, "paper"), *pts = json_get(fig, "points");
      fputs("| ", f);
      md_code_cell(f, json_str(fig, "name"));
      fputs(" | ", f);
      md_cell(f, cJSON_IsObject(paper) ? json_str(paper, "ref") : "-");
      fputs(" | ", f);
      md_cell(f, *json_str(fig, "verdict_status") ? json_str(fig, "verdict_status") : "-");
      fprintf(f, " | %d, %d, %d, %d |\n", count_of(pts, "ok"), count_of(pts, "failed"), count_of(pts, "timeout"),
              count_of(pts, "flagged"));
    }
    fputs("\n", f);
  }
  cJSON_ArrayForEach(fig, figs) {
    const char *folder = json_str(fig, "_folder");
    const cJSON *paper = json_get(fig, "paper"), *pts = json_get(fig, "points");
    fputs("## ", f);
    md_cell(f, json_str(fig, "title"));
    fputs("\n\n", f);
    if (cJSON_IsObject(paper)) {
      fputs("Paper: **", f);
      md_cell(f, json_str(paper, "ref"));
      fputs("**: ", f);
      md_cell(f, json_str(paper, "trend"));
      fputs("\n\n", f);
    }
    const cJSON *parts = json_get(fig, "parts");
    int nparts = cJSON_IsArray(parts) ? cJSON_GetArraySize(parts) : 0;
    for (int i = nparts ? 0 : -1; i < nparts; ++i) { /* a split figure: each image with its command */
      const cJSON *im = i < 0 ? json_get(fig, "images") : cJSON_GetArrayItem(parts, i);
      fputs("![", f);
      md_cell(f, i < 0 ? json_str(fig, "name") : json_str(im, "title"));
      fputs("](", f);
      url_path(f, folder, json_str(im, "png"));
      fputs(")\n\n", f);
      if (i >= 0) { /* a code span: verbatim, no markup escapes (a command holds no backtick) */
        fputs("`", f);
        for (const char *c = json_str(im, "command"); *c; ++c) fputc(*c == '`' || *c == '\n' ? ' ' : *c, f);
        fputs("`\n\n", f);
      }
    }
    md_cell(f, json_str(fig, "caption"));
    if (*json_str(fig, "caption_note")) { fputs(" ", f); md_cell(f, json_str(fig, "caption_note")); }
    fputs("\n\n**Verdict:** ", f);
    md_cell(f, json_str(fig, "verdict_status"));
    fputs(*json_str(fig, "verdict_status") ? ". " : "", f);
    md_cell(f, json_str(fig, "verdict"));
    fputs("\n\n", f);
    if (*json_str(fig, "quick_decides")) {
      fputs("Why the quick grid decides the claim: ", f);
      md_cell(f, json_str(fig, "quick_decides"));
      fputs("\n\n", f);
    }
    write_checks(f, json_get(fig, "checks"), 1);
    fprintf(f, "Runs: %d ok, %d failed, %d timed out, %d flagged by a physics guard.\n\n", count_of(pts, "ok"),
            count_of(pts, "failed"), count_of(pts, "timeout"), count_of(pts, "flagged"));
    write_comparisons(f, json_get(fig, "comparisons"), &md_table);
    fputs("Reproduce: ", f);
    md_code(f, json_str(fig, "command"));
    fputs("\n\n", f);
  }
  if (nplots > 0) {
    fputs("## Sweep\n\n", f);
    if (sweep_cmd) { fputs("Reproduce: ", f); md_code(f, sweep_cmd); fputs("\n\n", f); }
    if (runs) write_not_data(f, runs, 1);
    if (runs) convergence_table_write(f, runs, CONVERGENCE_MD);
    if (runs) winners_table_write(f, runs, WINNERS_MD);
    for (int i = 0; i < nplots; ++i) {
      fputs("![", f);
      md_cell(f, plots[i]);
      fputs("](plots/", f);
      url_path(f, NULL, plots[i]);
      fputs(")\n\n", f);
    }
  }
  if (history) history_report_section(f, history, history_path, 0, NULL);
}

/* Writes via a memory stream, then atomically to path. */
static CbStatus write_doc(const char *path, int html_doc, const char *dir, const cJSON *figs, char (*plots)[256],
                          int nplots, const char *cmd, const char *caption, const cJSON *runs, const cJSON *machine,
                          const char *date, const cJSON *history, const char *history_path, CbError *err) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (!f) return CB_ERROR(err, CB_ERR_MEMORY, "out of memory");
  if (html_doc) write_html(f, dir, figs, plots, nplots, cmd, caption, runs, machine, date, history, history_path);
  else write_md(f, dir, figs, plots, nplots, cmd, runs, machine, date, history, history_path);
  fclose(f);
  CbStatus rc = file_write_atomic(path, buf, len, err) != CB_OK ? cb_error_fail(err, CB_ERR_IO) : CB_OK;
  free(buf);
  return rc;
}

CbStatus report_write(const char *dir, char *html_path, size_t html_len, CbError *e) {
  return report_write_with_history(dir, NULL, html_path, html_len, e);
}

CbStatus report_write_with_history(const char *dir, const char *history_path, char *html_path, size_t html_len,
                                   CbError *err) {
  cJSON *history = NULL;
  if (history_path) {
    if (!(history = history_load(history_path, err))) return cb_error_fail(err, CB_ERR_INPUT);
    if (dir_make_parents(dir) != CB_OK) {
      cJSON_Delete(history);
      return CB_ERROR(err, CB_ERR_IO, "%s: cannot create the folder", dir);
    }
  }
  CbPath md, pcmd, pcap;
  int fits = snprintf(html_path, html_len, "%s/index.html", dir) < (int)html_len;
  if (!fits || cb_path(&md, err, "%s/report.md", dir) != CB_OK || cb_path(&pcmd, err, "%s/command.txt", dir) != CB_OK ||
      cb_path(&pcap, err, "%s/plots/CAPTION.txt", dir) != CB_OK) {
    cJSON_Delete(history);
    return fits ? CB_ERR_IO : CB_ERROR(err, CB_ERR_IO, "%s: path too long for the report", dir);
  }
  cJSON *figs = cJSON_CreateArray();
  int n = 0, nplots = 0;
  char (*plots)[256] = NULL;
  if (load_figures(dir, figs, &n, err) != CB_OK || sweep_plots(dir, &plots, &nplots, err) != CB_OK) {
    cJSON_Delete(figs);
    cJSON_Delete(history);
    return cb_error_fail(err, CB_ERR_INPUT);
  }
  if (n == 0 && nplots == 0 && !history) {
    cJSON_Delete(figs);
    free(plots);
    return CB_ERROR(err, CB_ERR_INPUT,
                    "%s: nothing to report (no NAME/figure.json from `cbench figure`, no plots/ from `cbench plot`)", dir);
  }
  char *cmd = nplots ? first_line_of(pcmd.s) : NULL;
  char *caption = nplots ? first_line_of(pcap.s) : NULL;
  /* the machine of the first figure (where the numbers were made), else this one */
  cJSON *machine = n > 0 && cJSON_IsObject(json_get(cJSON_GetArrayItem(figs, 0), "machine"))
                       ? cJSON_Duplicate(json_get(cJSON_GetArrayItem(figs, 0), "machine"), 1)
                       : run_record_machine_now();
  /* a sweep folder's records: its failed, timed-out and flagged runs are listed with why */
  char rerr[512] = "";
  cJSON *runs = nplots ? records_load_dir(dir, CB_ERR_BUF(rerr, sizeof rerr)) : NULL;
  if (runs && rerr[0]) { cJSON_Delete(runs); runs = NULL; }
  if (nplots && !runs) fprintf(stderr, "report: %s: the runs are not listed (%s)\n", dir, rerr);
  char date[64];
  clock_utc_iso8601(date, sizeof date);
  CbStatus rc = write_doc(html_path, 1, dir, figs, plots, nplots, cmd, caption, runs, machine, date, history,
                          history_path, err);
  if (rc == CB_OK)
    rc = write_doc(md.s, 0, dir, figs, plots, nplots, cmd, caption, runs, machine, date, history, history_path, err);
  cJSON_Delete(history);
  cJSON_Delete(runs);
  free(cmd);
  free(caption);
  free(plots);
  cJSON_Delete(machine);
  cJSON_Delete(figs);
  return rc;
}
