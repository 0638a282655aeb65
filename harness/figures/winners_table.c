/* Who wins at which accuracy (winners_table.h). */
#include "winners_table.h"
#include "markup.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../run/record_fields.h"
#include "../run/record_outcome.h"
#include "plot_work_precision.h"

/* One usable run of a case. */
typedef struct {
  char label[128];
  int fixed;
  double param; /* accuracy, or dt when fixed */
  double work;  /* median wall seconds per simulated second */
  double err;   /* max position error; NAN: not measured */
} Entry;

/* What a row compares: the runs at one requested accuracy (kind 0), one dt (kind 1), or in one
 * decade of measured error [10^d, 10^(d+1)) (kind 2, value d). */
typedef struct {
  int kind;
  double value;
} RowKey;

/* Data escaped for the page it goes to (markup.h: HTML entities, Markdown's active characters). */
static void text_out(FILE *f, const char *s, int format) {
  if (format == WINNERS_HTML) markup_html(f, s);
  else markup_md(f, s);
}

static int in_row(const Entry *e, const RowKey *k) {
  if (k->kind == 0) return !e->fixed && e->param == k->value;
  if (k->kind == 1) return e->fixed && e->param == k->value;
  return e->err > 0 && isfinite(e->err) && floor(log10(e->err)) == k->value;
}

/* Rows in order: accuracies coarse to fine, then dts coarse to fine, then error decades from the
 * largest error down. */
static int row_cmp(const void *a, const void *b) {
  const RowKey *x = a, *y = b;
  if (x->kind != y->kind) return x->kind - y->kind;
  return (x->value < y->value) - (x->value > y->value);
}

static int add_key(RowKey *keys, int n, int kind, double value) {
  for (int i = 0; i < n; ++i)
    if (keys[i].kind == kind && keys[i].value == value) return n;
  keys[n].kind = kind;
  keys[n].value = value;
  return n + 1;
}

static void row_name(const RowKey *k, char *out, size_t n) {
  if (k->kind == 0) snprintf(out, n, "requested accuracy %g", k->value);
  else if (k->kind == 1) snprintf(out, n, "fixed step dt = %g s", k->value);
  else snprintf(out, n, "measured error in [1e%+03d, 1e%+03d)", (int)k->value, (int)k->value + 1);
}

/* One case's section; returns its rows. */
static int write_case(FILE *f, const char *cname, const cJSON *records, Entry *es, RowKey *keys, int format) {
  int n = 0, excluded[OUTCOME_COUNT] = {0}, no_err = 0, nkeys = 0;
  const cJSON *r;
  cJSON_ArrayForEach(r, records) {
    if (strcmp(record_get_string(r, FIELD_CASE, ""), cname)) continue;
    RecordOutcome o = record_outcome(r);
    double w = record_get_number(r, FIELD_WORK_MEDIAN);
    int fixed = cJSON_IsTrue(record_get(r, FIELD_FIXED_STEP));
    double param = record_get_number(r, fixed ? FIELD_PARAMS_DT : FIELD_PARAMS_ACCURACY);
    if (o != OUTCOME_OK) { ++excluded[o]; continue; }
    if (!isfinite(w) || !isfinite(param)) { ++excluded[OUTCOME_FAILED]; continue; }
    Entry *e = &es[n++];
    plot_line_label(r, e->label, sizeof e->label);
    e->fixed = fixed;
    e->param = param;
    e->work = w;
    e->err = record_get_number(r, FIELD_ERROR_POSITIONS_MAX);
    no_err += !(e->err > 0 && isfinite(e->err));
    nkeys = add_key(keys, nkeys, fixed, param);
    if (e->err > 0 && isfinite(e->err)) nkeys = add_key(keys, nkeys, 2, floor(log10(e->err)));
  }
  if (n == 0) return 0;
  qsort(keys, (size_t)nkeys, sizeof *keys, row_cmp);
  if (format == WINNERS_HTML) {
    fputs("<h4>", f);
    text_out(f, cname, format);
    fputs("</h4>\n", f);
  } else {
    fputs("**", f);
    text_out(f, cname, format);
    fputs("**", f);
  }
  fprintf(f, "%s%d usable run(s); left out: %d failed, %d timed out, %d flagged by a physics guard", format == WINNERS_HTML ? "<p>" : ": ",
          n, excluded[OUTCOME_FAILED], excluded[OUTCOME_TIMEOUT], excluded[OUTCOME_FLAGGED]);
  if (no_err) fprintf(f, "; %d usable run(s) without a measured error (no reference) are in the accuracy and dt rows only", no_err);
  fputs(format == WINNERS_HTML ? ".</p>\n<table><tr><th>runs compared</th><th>cheapest</th><th>work (s per simulated s)</th>"
                                 "<th>its measured error</th><th>its accuracy or dt</th><th>runner-up (work)</th><th>runs</th></tr>\n"
                               : ".\n\n| runs compared | cheapest | work (s per simulated s) | its measured error | its accuracy or dt | runner-up (work) | runs |\n"
                                 "| --- | --- | --- | --- | --- | --- | --- |\n",
        f);
  for (int k = 0; k < nkeys; ++k) {
    int best = -1, second = -1, count = 0;
    for (int i = 0; i < n; ++i) {
      if (!in_row(&es[i], &keys[k])) continue;
      ++count;
      if (best < 0 || es[i].work < es[best].work) { second = best; best = i; }
      else if (second < 0 || es[i].work < es[second].work) second = i;
    }
    char name[96], err[32], at[48], runner[200]; /* runner: a label (< 128) and two numbers */
    row_name(&keys[k], name, sizeof name);
    const Entry *b = &es[best];
    if (b->err > 0 && isfinite(b->err)) snprintf(err, sizeof err, "%.3g", b->err);
    else snprintf(err, sizeof err, "-");
    snprintf(at, sizeof at, "%s %g", b->fixed ? "dt" : "accuracy", b->param);
    if (second >= 0) snprintf(runner, sizeof runner, "%s (%.3g, %.2gx)", es[second].label, es[second].work, es[second].work / b->work);
    else snprintf(runner, sizeof runner, "-");
    const char *cells[] = {name, b->label, NULL, err, at, runner};
    fputs(format == WINNERS_HTML ? "<tr><td>" : "| ", f);
    for (int c = 0; c < 6; ++c) {
      if (c) fputs(format == WINNERS_HTML ? "</td><td>" : " | ", f);
      if (cells[c]) text_out(f, cells[c], format);
      else fprintf(f, "%.3g", b->work);
    }
    fprintf(f, "%s%d%s", format == WINNERS_HTML ? "</td><td>" : " | ", count, format == WINNERS_HTML ? "</td></tr>\n" : " |\n");
  }
  fputs(format == WINNERS_HTML ? "</table>\n" : "\n", f);
  return nkeys;
}

int winners_table_write(FILE *f, const cJSON *records, int format) {
  int n = cJSON_GetArraySize(records);
  if (n <= 0) return 0;
  Entry *es = calloc((size_t)n, sizeof *es);
  RowKey *keys = calloc(2 * (size_t)n, sizeof *keys);
  char (*cases)[128] = calloc((size_t)n, sizeof *cases);
  int rows = 0, ncase = 0, usable = 0;
  if (!es || !keys || !cases) { free(es); free(keys); free(cases); return 0; }
  const cJSON *r;
  cJSON_ArrayForEach(r, records) {
    usable += record_outcome(r) == OUTCOME_OK;
    int k = 0;
    const char *cname = record_get_string(r, FIELD_CASE, "");
    while (k < ncase && strcmp(cases[k], cname)) ++k;
    if (k == ncase) snprintf(cases[ncase++], 128, "%s", cname);
  }
  if (usable > 0) {
    if (format == WINNERS_HTML)
      fputs("<h3>Who wins at which accuracy</h3>\n<p>Per case, the cheapest line (smallest median wall time per "
            "simulated second) among the runs at each requested accuracy, at each step size of the fixed-step "
            "integrators, and among all runs whose measured position error (max over the output grid against the "
            "reference, as on the work-error plot) falls in each decade. Failed, timed-out and flagged runs are "
            "left out and counted. The runner-up's work is given with its ratio to the winner's: on a shared machine "
            "a ratio within about 1.2x of a single sweep is not a decided win (time it with <code>cbench bench</code>).</p>\n",
            f);
    else
      fputs("### Who wins at which accuracy\n\nPer case, the cheapest line (smallest median wall time per simulated "
            "second) among the runs at each requested accuracy, at each step size of the fixed-step integrators, and "
            "among all runs whose measured position error (max over the output grid against the reference, as on the "
            "work-error plot) falls in each decade. Failed, timed-out and flagged runs are left out and counted. The "
            "runner-up's work is given with its ratio to the winner's: on a shared machine a ratio within about 1.2x "
            "of a single sweep is not a decided win (time it with `cbench bench`).\n\n",
            f);
    for (int c = 0; c < ncase; ++c) rows += write_case(f, cases[c], records, es, keys, format);
  }
  free(es);
  free(keys);
  free(cases);
  return rows;
}
