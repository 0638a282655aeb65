#include "plot_kind.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "figure_data.h"
#include "figure_draw.h"
#include "../common/cb_path.h"
#include "../common/files.h"
#include "gnuplot_write.h"
#include "plot_work_precision.h"
#include "integrator_style.h"
#include "../common/json_get.h"
#include "../run/record_fields.h"
#include "../sweep/sweep.h"

void recipe_panel_read(const cJSON *panel, RecipePanel *out) {
  out->x = json_str(panel, "x");
  out->y = json_str(panel, "y");
  out->title = json_str(panel, "title");
  out->xlabel = json_str_or(panel, "xlabel", out->x);
  out->ylabel = json_str_or(panel, "ylabel", out->y);
  out->file = json_str(panel, "file");
  out->where = json_get(panel, "where");
  out->rows = json_get(panel, "rows");
  out->paper_y = json_get(panel, "paper_y");
  out->logx = cJSON_IsTrue(json_get(panel, "logx"));
  out->logy = cJSON_IsTrue(json_get(panel, "logy"));
  out->fit = cJSON_IsTrue(json_get(panel, "fit"));
  out->xreverse = cJSON_IsTrue(json_get(panel, "xreverse"));
  const cJSON *xr = json_get(panel, "xrange");
  out->has_xrange = cJSON_IsArray(xr) && cJSON_GetArraySize(xr) == 2;
  out->xlo = out->has_xrange ? cJSON_GetArrayItem(xr, 0)->valuedouble : NAN;
  out->xhi = out->has_xrange ? cJSON_GetArrayItem(xr, 1)->valuedouble : NAN;
}

static CbStatus out_of_memory(CbError *e) { return CB_ERROR(e, CB_ERR_MEMORY, "out of memory for the figure's points"); }

/* The series file `which` beside record r (its "_dir" and "record_file" rf); CB_ERR_IO when the
 * path does not fit. */
static CbStatus record_series_path(const cJSON *r, const char *rf, const char *which, CbPath *csv, CbError *e) {
  CbPath rec_path;
  if (cb_path_join(&rec_path, e, json_str_or(r, "_dir", "."), rf) != CB_OK) return CB_ERR_IO;
  sweep_series_path(rec_path.s, which, csv->s, sizeof csv->s);
  return CB_OK;
}

/* ---- xy: one point per record, x and y record fields ---- */

static CbStatus collect_xy(PanelDraw *P, const cJSON *r, const char *label, RecordOutcome oc, CbError *e) {
  double x = figure_value(r, P->panel->x), y = figure_value(r, P->panel->y);
  fprintf(P->D->tsv, "%d\t%s\t%.6g\t%.6g\t%s\t%s", P->p, label, x, y, record_outcome_name(oc),
          record_get_string(r, FIELD_COMMAND, ""));
  const cJSON *c; /* plot.columns: the work behind each point (steps, iterations, ...) */
  cJSON_ArrayForEach(c, P->D->columns) {
    char v[256];
    figure_label(r, c->valuestring, v, sizeof v);
    fprintf(P->D->tsv, "\t%s", v);
  }
  fputc('\n', P->D->tsv);
  if (oc == OUTCOME_OK && isfinite(x) && isfinite(y)) {
    Series *s = panel_series(P, label, record_get_string(r, FIELD_INTEGRATOR, ""));
    if (!s || points_push(&s->x, &s->y, &s->n, &s->cap, x, y)) return out_of_memory(e);
    P->xmax = fmax(P->xmax, x);
    P->ymax = fmax(P->ymax, y);
  } else if (oc != OUTCOME_OK) {
    figure_count_bad(P->D, r, oc, 0);
    if (bad_push(&P->bad[oc], x, y, label)) return out_of_memory(e);
  }
  return CB_OK;
}

static void style_xy(char *out, size_t n, int dash, const IntegratorStyle *st) {
  snprintf(out, n, "lp lw 2 dt %d pt %d ps 0.8 lc rgb '%s'", dash, st->point, st->color);
}

/* ---- series: one line per record, from the time series file beside it ---- */

static const char *check_series_panel(const cJSON *panel, const char **field) {
  const cJSON *x = json_get(panel, "file");
  *field = "file";
  return !cJSON_IsString(x) || sweep_series_parse(x->valuestring) <= 0
             ? "a series panel needs \"file\": \"steps\", \"contacts\" or \"energy\""
             : NULL;
}

static CbStatus collect_series(PanelDraw *P, const cJSON *r, const char *label, RecordOutcome oc, CbError *e) {
  const char *rf = record_get_string(r, FIELD_RECORD_FILE, "");
  if (!rf[0]) return CB_OK;
  /* a run that is not data is drawn under its own name (a failed or timed-out run up to where it
   * stopped), or, without a series, as a legend entry */
  char name[300];
  snprintf(name, sizeof name, "%s", label);
  if (oc != OUTCOME_OK) {
    size_t l = strlen(name);
    snprintf(name + l, sizeof name - l, " [%s]", oc == OUTCOME_FLAGGED ? "flagged: physics guard" : oc == OUTCOME_FAILED ? "failed" : "timed out");
  }
  CbPath csv;
  if (record_series_path(r, rf, P->panel->file, &csv, e) != CB_OK) return CB_ERR_IO;
  if (oc != OUTCOME_OK && !series_exists(csv.s)) {
    figure_count_bad(P->D, r, oc, 1);
    return CB_OK;
  }
  double *x, *y;
  int n;
  CbStatus rc = figure_csv_series(csv.s, P->panel->rows, P->panel->x, P->panel->y, &x, &y, &n, e);
  if (rc != CB_OK) return rc;
  if (n == 0 && oc != OUTCOME_OK) {
    figure_count_bad(P->D, r, oc, 1);
  } else {
    Series *s = panel_series(P, name, record_get_string(r, FIELD_INTEGRATOR, ""));
    if (s && oc != OUTCOME_OK) s->outcome = oc; /* its line is drawn, the axes are the data's */
    for (int i = 0; s && i < n && rc == 0; ++i) rc = points_push(&s->x, &s->y, &s->n, &s->cap, x[i], y[i]);
    if (!s || rc) rc = out_of_memory(e);
  }
  free(x);
  free(y);
  return rc;
}

static void style_series(char *out, size_t n, int dash, const IntegratorStyle *st) {
  snprintf(out, n, "l lw 2 dt %d lc rgb '%s'", dash, st->color);
}

/* ---- bars: stacked fields, one bar per record ---- */

enum { BARS_MAX_FIELDS = 32 };

static const char *check_bars(const cJSON *plot, const char **field) {
  const cJSON *fields = json_get(plot, "fields"), *labels = json_get(plot, "labels");
  *field = "fields";
  if (!cJSON_IsArray(fields) || cJSON_GetArraySize(fields) == 0) return "bars need \"fields\" (and as many \"labels\")";
  const cJSON *x;
  cJSON_ArrayForEach(x, fields) if (!cJSON_IsString(x)) return "bars need \"fields\" (and as many \"labels\")";
  if (labels && cJSON_GetArraySize(labels) != cJSON_GetArraySize(fields))
    return "bars need \"fields\" (and as many \"labels\")";
  if (cJSON_GetArraySize(fields) > BARS_MAX_FIELDS) return "bars take at most 32 \"fields\"";
  return NULL;
}

/* the bars' fields (not integrators: those take integrator_style) */
static const char *const palette[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e",
                                      "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"};

static CbStatus draw_bars(FigureDraw *D, const cJSON *plot, const cJSON *records, CbError *e) {
  const cJSON *fields = json_get(plot, "fields"), *labels = json_get(plot, "labels");
  CbPath dat;
  if (cb_path(&dat, e, "%s/%s/data/bars.dat", D->dir, D->name) != CB_OK) return CB_ERR_IO;
  AtomicFile af;
  FILE *f = atomic_open(&af, dat.s, 0, e);
  if (!f) return e ? e->status : CB_ERR_IO;
  int nf = cJSON_GetArraySize(fields), nbars = 0;
  const cJSON *r;
  cJSON_ArrayForEach(r, records) {
    if (!figure_match(r, json_get(plot, "where"))) continue;
    RecordOutcome oc = record_outcome(r);
    char label[256];
    figure_series_label(r, json_get(plot, "series"), label, sizeof label);
    /* runs that are not data keep their place, named: a failed run's bar is empty */
    if (oc != OUTCOME_OK) {
      size_t l = strlen(label);
      snprintf(label + l, sizeof label - l, " [%s]", record_outcome_name(oc));
    }
    for (char *c = label; *c; ++c) if (*c == ' ') *c = '_';
    double v[BARS_MAX_FIELDS], sum = 0; /* check_bars: nf <= BARS_MAX_FIELDS */
    for (int i = 0; i < nf; ++i) {
      v[i] = oc == OUTCOME_FAILED || oc == OUTCOME_TIMEOUT ? 0 : figure_value(r, cJSON_GetArrayItem(fields, i)->valuestring);
      if (!isfinite(v[i])) v[i] = 0;
      sum += v[i];
    }
    int norm = !cJSON_IsFalse(json_get(plot, "normalize"));
    fprintf(f, "\"%s\"", label);
    fprintf(D->tsv, "0\t%s", label);
    for (int i = 0; i < nf; ++i) {
      double x = norm && sum > 0 ? v[i] / sum : v[i];
      fprintf(f, "\t%.6g", x);
      fprintf(D->tsv, "\t%.6g", x);
    }
    fprintf(f, "\n");
    fprintf(D->tsv, "\n");
    ++nbars;
  }
  CbStatus st = atomic_commit(&af, e);
  if (st != CB_OK) return st;
  FILE *g = D->gp_body;
  fprintf(g, "set style data histograms\nset style histogram rowstacked\nset style fill solid 0.8 border -1\n"
             "set boxwidth 0.7\nset xtics rotate by -30 noenhanced\nset key outside right\nset ylabel ");
  gp_quote(g, json_str_or(plot, "ylabel", "fraction of wall time"));
  fprintf(g, "\nset title ");
  gp_quote(g, json_str(plot, "title"));
  fprintf(g, "\n");
  if (nbars == 0) { fprintf(g, "plot NaN title 'no data'\n"); return CB_OK; }
  fprintf(g, "plot ");
  for (int i = 0; i < nf; ++i) {
    const cJSON *l = cJSON_GetArrayItem(labels, i);
    fprintf(g, "%s'data/bars.dat' u %d%s lc rgb '%s' title ", i ? ", " : "", i + 2, i ? "" : ":xtic(1)", palette[i % 10]);
    gp_quote(g, cJSON_IsString(l) ? l->valuestring : cJSON_GetArrayItem(fields, i)->valuestring);
  }
  fprintf(g, "\n");
  return CB_OK;
}

/* ---- histogram: the distribution of one column of a time series, one set of bars per record ---- */

enum { HIST_MAX_BINS = 1000 };

static const char *check_histogram(const cJSON *plot, const char **field) {
  const cJSON *file = json_get(plot, "file"), *col = json_get(plot, "column"), *bins = json_get(plot, "bins");
  const cJSON *range = json_get(plot, "range");
  *field = "file";
  if (!cJSON_IsString(file) || sweep_series_parse(file->valuestring) <= 0)
    return "a histogram needs \"file\": \"steps\", \"contacts\", \"energy\" or \"trajectory\"";
  *field = "column";
  if (!cJSON_IsString(col)) return "a histogram needs \"column\" (the series column to count)";
  *field = "bins";
  if (bins && (!cJSON_IsNumber(bins) || bins->valuedouble < 1 || bins->valuedouble > HIST_MAX_BINS ||
               bins->valuedouble != (int)bins->valuedouble))
    return "\"bins\" must be an integer from 1 to 1000";
  *field = "range";
  if (range && (!cJSON_IsArray(range) || cJSON_GetArraySize(range) != 2 ||
                !cJSON_IsNumber(cJSON_GetArrayItem(range, 0)) || !cJSON_IsNumber(cJSON_GetArrayItem(range, 1)) ||
                !(cJSON_GetArrayItem(range, 0)->valuedouble < cJSON_GetArrayItem(range, 1)->valuedouble)))
    return "\"range\" must be [lo, hi] with lo < hi";
  return NULL;
}

/* Counts values of the column in `bins` equal bins over `range` (default [0, the largest value]);
 * a value at the upper edge counts in the last bin. Writes data/histogram.dat (one block per
 * record: bin center, count, fraction of the record's values) and draws boxes. */
static CbStatus draw_histogram(FigureDraw *D, const cJSON *plot, const cJSON *records, CbError *e) {
  const char *file = json_str(plot, "file"), *col = json_str(plot, "column");
  const int nb = cJSON_IsNumber(json_get(plot, "bins")) ? json_get(plot, "bins")->valueint : 20;
  const cJSON *range = json_get(plot, "range");
  const int normalize = !cJSON_IsFalse(json_get(plot, "normalize"));
  CbPath dat;
  if (cb_path(&dat, e, "%s/%s/data/histogram.dat", D->dir, D->name) != CB_OK) return CB_ERR_IO;
  AtomicFile af;
  FILE *f = atomic_open(&af, dat.s, 0, e);
  if (!f) return e ? e->status : CB_ERR_IO;
  int nblock = 0;
  char titles[8][256 + 32]; /* a label of up to 255 bytes and " (N values)" */
  const cJSON *r;
  cJSON_ArrayForEach(r, records) {
    if (!figure_match(r, json_get(plot, "where"))) continue;
    RecordOutcome oc = record_outcome(r);
    const char *rf = record_get_string(r, FIELD_RECORD_FILE, "");
    if (oc != OUTCOME_OK || !rf[0]) {
      figure_count_bad(D, r, oc == OUTCOME_OK ? OUTCOME_FAILED : oc, 1);
      continue;
    }
    CbPath csv;
    double *x, *y;
    int n;
    CbStatus st = record_series_path(r, rf, file, &csv, e);
    if (st == CB_OK) st = figure_csv_series(csv.s, json_get(plot, "rows"), "t", col, &x, &y, &n, e);
    if (st != CB_OK) {
      atomic_abort(&af);
      return st;
    }
    double lo = 0, hi = 0;
    for (int i = 0; i < n; ++i) hi = fmax(hi, y[i]);
    if (range) {
      lo = cJSON_GetArrayItem(range, 0)->valuedouble;
      hi = cJSON_GetArrayItem(range, 1)->valuedouble;
    }
    if (!(hi > lo)) hi = lo + 1;
    int count[HIST_MAX_BINS] = {0}, total = 0;
    for (int i = 0; i < n; ++i) {
      if (!(y[i] >= lo && y[i] <= hi)) continue;
      int k = (int)((y[i] - lo) / (hi - lo) * nb);
      count[k < nb ? k : nb - 1]++;
      ++total;
    }
    free(x);
    free(y);
    char label[256];
    figure_series_label(r, json_get(plot, "series"), label, sizeof label);
    if (nblock < 8) snprintf(titles[nblock], sizeof titles[nblock], "%s (%d values)", label, total);
    fprintf(f, "%s# %s\n", nblock ? "\n\n" : "", label);
    fprintf(D->tsv, "%d\t%s", nblock, label);
    for (int k = 0; k < nb; ++k) {
      const double c = lo + (k + 0.5) * (hi - lo) / nb, fr = total ? (double)count[k] / total : 0;
      fprintf(f, "%.9g\t%d\t%.6g\n", c, count[k], fr);
      fprintf(D->tsv, "\t%.9g:%d", c, count[k]);
    }
    fprintf(D->tsv, "\n");
    ++nblock;
  }
  CbStatus st = atomic_commit(&af, e);
  if (st != CB_OK) return st;
  FILE *g = D->gp_body;
  fprintf(g, "set style fill transparent solid 0.6 border -1\nset key top right noenhanced\nset xlabel ");
  gp_quote(g, json_str_or(plot, "xlabel", col));
  fprintf(g, "\nset ylabel ");
  gp_quote(g, json_str_or(plot, "ylabel", normalize ? "fraction of values" : "count"));
  fprintf(g, "\nset title ");
  gp_quote(g, json_str(plot, "title"));
  fprintf(g, "\n");
  if (cJSON_IsTrue(json_get(plot, "logy"))) fprintf(g, "set logscale y\n");
  if (nblock == 0) { fprintf(g, "plot NaN title 'no data'\n"); return CB_OK; }
  fprintf(g, "plot ");
  for (int b = 0; b < nblock && b < 8; ++b) {
    fprintf(g, "%s'data/histogram.dat' index %d u 1:%d w boxes lc rgb '%s' title ", b ? ", " : "", b, normalize ? 3 : 2,
            palette[b % 10]);
    gp_quote(g, titles[b]);
  }
  fprintf(g, "\n");
  return CB_OK;
}

/* ---- the table ---- */

#define XY_TSV "# panel\tseries\tx\ty\tstatus\tcommand\n"

const PlotKind plot_kinds[] = {
    {.name = "xy", .doc = "record fields: one point per record, one line per series label",
     .uses_panels = 1, .sort_x = 1, .bad_markers = 1, .line_style = style_xy, .tsv_header = XY_TSV,
     .collect = collect_xy},
    {.name = "series", .doc = "a time series per record (`file`: steps, contacts, energy or trajectory; `rows` filter)",
     .uses_panels = 1, .line_style = style_series, .tsv_header = XY_TSV, .check_panel = check_series_panel,
     .collect = collect_series},
    {.name = "bars", .doc = "stacked fields per record (`fields`, `labels`, `where`, `normalize`)",
     .tsv_header = "# panel\tseries\tfields (see plot.fields)...\n", .check_plot = check_bars,
     .draw_whole = draw_bars},
    {.name = "histogram", .doc = "the distribution of a time-series column per record (`file`, `column`, `rows`, `bins`, `range`, `where`, `normalize`, `logy`)",
     .tsv_header = "# block\tseries\tbin center:count...\n", .check_plot = check_histogram,
     .draw_whole = draw_histogram},
    {.name = "work_precision", .doc = "`cbench plot`'s built-in recipe, one per case: work against measured, windowed "
     "and requested accuracy (not for recipe files)", .builtin = 1, .draw_whole = draw_work_precision},
};
const int plot_kind_count = (int)(sizeof plot_kinds / sizeof plot_kinds[0]);

const PlotKind *plot_kind_find(const char *name) {
  for (int i = 0; name && i < plot_kind_count; ++i)
    if (!strcmp(plot_kinds[i].name, name)) return &plot_kinds[i];
  return NULL;
}

void plot_kind_expected(char *out, size_t outlen) {
  int last = plot_kind_count - 1;
  while (last > 0 && plot_kinds[last].builtin) --last;
  size_t n = (size_t)snprintf(out, outlen, "expected ");
  for (int i = 0; i <= last && n < outlen; ++i)
    if (!plot_kinds[i].builtin)
      n += (size_t)snprintf(out + n, outlen - n, "%s\"%s\"", i == 0 ? "" : i == last ? " or " : ", ", plot_kinds[i].name);
}
