#include "figure_draw.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "figure_data.h"
#include "../common/cb_path.h"
#include "../common/files.h"
#include "gnuplot_write.h"
#include "integrator_style.h"
#include "../common/json_get.h"
#include "paper_data.h"
#include "../run/record_fields.h"

/* ---- growing arrays (never a silent limit) ---- */

/* Grows *p (elements of size) to hold at least need; CB_OK, or CB_ERR_MEMORY leaving it as it was. */
static CbStatus grow(void **p, int *cap, int need, size_t size) {
  if (need <= *cap) return CB_OK;
  int c = *cap ? 2 * *cap : 16;
  while (c < need) c *= 2;
  void *q = realloc(*p, size * (size_t)c);
  if (!q) return CB_ERR_MEMORY;
  *p = q;
  *cap = c;
  return CB_OK;
}

CbStatus points_push(double **x, double **y, int *n, int *cap, double px, double py) {
  if (*n == *cap) {
    int cx = *cap, cy = *cap;
    if (grow((void **)x, &cx, *n + 1, sizeof(double)) || grow((void **)y, &cy, *n + 1, sizeof(double))) return CB_ERR_MEMORY;
    *cap = cx < cy ? cx : cy;
  }
  (*x)[*n] = px;
  (*y)[(*n)++] = py;
  return CB_OK;
}

Series *panel_series(PanelDraw *P, const char *label, const char *integrator) {
  for (int i = 0; i < P->nser; ++i)
    if (!strcmp(P->ser[i].label, label)) return &P->ser[i];
  if (grow((void **)&P->ser, &P->ser_cap, P->nser + 1, sizeof *P->ser)) {
    P->D->oom = 1;
    return NULL;
  }
  Series *s = &P->ser[P->nser++];
  memset(s, 0, sizeof *s);
  snprintf(s->label, sizeof s->label, "%s", label);
  snprintf(s->integrator, sizeof s->integrator, "%s", integrator);
  s->slope = NAN;
  return s;
}

CbStatus bad_push(Points *b, double px, double py, const char *who) {
  int cap = b->who_cap;
  if (grow((void **)&b->who, &cap, b->n + 1, sizeof *b->who)) return CB_ERR_MEMORY;
  b->who_cap = cap;
  snprintf(b->who[b->n], sizeof b->who[b->n], "%s", who);
  return points_push(&b->x, &b->y, &b->n, &b->cap, px, py);
}

/* The legend counts runs, not markers: a run drawn in several panels counts once. */
void figure_count_bad(FigureDraw *D, const cJSON *r, RecordOutcome oc, int noseries) {
  for (int i = 0; i < D->ncounted; ++i)
    if (D->counted[i] == r) return;
  if (grow((void **)&D->counted, &D->counted_cap, D->ncounted + 1, sizeof *D->counted)) {
    D->oom = 1;
    return;
  }
  D->counted[D->ncounted++] = r;
  (noseries ? D->nbad_noseries : D->nbad)[oc]++;
}

static void legend_add(FigureDraw *D, const char *title, const char *style) {
  for (int i = 0; i < D->nlegend; ++i)
    if (!strcmp(D->legend[i].title, title)) return;
  if (grow((void **)&D->legend, &D->legend_cap, D->nlegend + 1, sizeof *D->legend)) {
    D->oom = 1;
    return;
  }
  LegendEntry *e = &D->legend[D->nlegend++];
  snprintf(e->title, sizeof e->title, "%s", title);
  snprintf(e->style, sizeof e->style, "%s", style);
}

static void panel_free(PanelDraw *P) {
  for (int k = 0; k < P->nser; ++k) { free(P->ser[k].x); free(P->ser[k].y); }
  free(P->ser);
  for (int o = 0; o < OUTCOME_COUNT; ++o) { free(P->bad[o].x); free(P->bad[o].y); free(P->bad[o].who); }
}

/* ---- one panel ---- */

static void sort_by_x(Series *s) {
  for (int i = 1; i < s->n; ++i)
    for (int j = i; j > 0 && s->x[j - 1] > s->x[j]; --j) {
      double t = s->x[j]; s->x[j] = s->x[j - 1]; s->x[j - 1] = t;
      t = s->y[j]; s->y[j] = s->y[j - 1]; s->y[j - 1] = t;
    }
}

static double loglog_slope(const Series *s) {
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  int n = 0;
  for (int i = 0; i < s->n; ++i)
    if (s->x[i] > 0 && s->y[i] > 0) {
      double lx = log(s->x[i]), ly = log(s->y[i]);
      sx += lx; sy += ly; sxx += lx * lx; sxy += lx * ly; ++n;
    }
  double den = n * sxx - sx * sx;
  return n >= 2 && den > 0 ? (n * sxy - sx * sy) / den : NAN;
}

/* The paper's numbers a panel names ("paper_y": [ids]): dashed horizontal lines, labelled. */
static void draw_paper_lines(FigureDraw *D, const RecipePanel *panel) {
  FILE *g = D->gp_body;
  const cJSON *id;
  int k = 0;
  cJSON_ArrayForEach(id, panel->paper_y) {
    double v = NAN;
    char units[64] = "", source[256] = "", text[PATH_MAX + 600]; /* an id (a recipe checks its length) and a folder */
    if (paper_number(D->paper_dir, id->valuestring, &v, units, sizeof units, source, sizeof source) != CB_OK ||
        !isfinite(v)) {
      snprintf(text, sizeof text, "paper number '%s' not in %s/", id->valuestring, D->paper_dir);
      fprintf(g, "set label %d ", 100 + k);
      gp_quote(g, text);
      fprintf(g, " at graph 0.02, graph %.2f font ',8' front\n", 0.95 - 0.06 * k);
    } else {
      snprintf(text, sizeof text, "paper: %g%s%s (%s)", v, units[0] ? " " : "", units, source);
      fprintf(g, "set arrow %d from graph 0, first %.10g to graph 1, first %.10g nohead dt 2 lw 1.5 lc rgb 'black' front\n",
              100 + k, v, v);
      fprintf(g, "set label %d ", 100 + k);
      gp_quote(g, text);
      fprintf(g, " at graph 0.02, first %.10g offset 0,0.6 font ',8' front\n", v);
      D->paper_lines++;
    }
    ++k;
  }
}

/* For an axis showing an error (error.positions.rms, error.full.max, ...), the reference's own
 * uncertainty in the same terms (error.reference_check.positions.rms, ...): its cross-check
 * distance. NAN for other axes and for records without it: no value (no line drawn), not a
 * failure. */
static double axis_uncertainty(const cJSON *r, const char *field) {
  char f[256];
  /* a windowed error's: the distance of the windows' two tight integrations (--window-check),
   * each run's own (its windows start from its states); a run that is not data sets none */
  if (field && (!strncmp(field, "error_windowed.positions.", 25) || !strncmp(field, "error_windowed.full.", 20))) {
    if (record_outcome(r) != OUTCOME_OK) return NAN;
    int n = snprintf(f, sizeof f, "error_windowed.check.%s", field + 15);
    return n > 0 && (size_t)n < sizeof f ? figure_value(r, f) : NAN; /* a cut name would be another field */
  }
  if (!field || (strncmp(field, "error.positions.", 16) && strncmp(field, "error.full.", 11))) return NAN;
  int n = snprintf(f, sizeof f, "error.reference_check.%s", field + 6);
  return n > 0 && (size_t)n < sizeof f ? figure_value(r, f) : NAN;
}

/* A dashed line at the references' uncertainty on an error axis (drawn when it falls inside the
 * axis range), and its value in the panel's corner either way: an error beyond it toward zero
 * is not resolved by the reference. */
static void draw_uncertainty(FILE *g, double ux, double uy) {
  int k = 0;
  if (ux > 0) fprintf(g, "set arrow 90 from first %.10g, graph 0 to first %.10g, graph 1 nohead dt 3 lw 1.5 lc rgb '#555555' front\n", ux, ux);
  if (uy > 0) fprintf(g, "set arrow 91 from graph 0, first %.10g to graph 1, first %.10g nohead dt 3 lw 1.5 lc rgb '#555555' front\n", uy, uy);
  if (ux > 0) fprintf(g, "set label 90 'reference uncertainty (x): %.2g' at graph 0.02, graph %.2f left font ',8' front\n", ux, 0.04 + 0.05 * k++);
  if (uy > 0) fprintf(g, "set label 91 'reference uncertainty (y): %.2g' at graph 0.02, graph %.2f left font ',8' front\n", uy, 0.04 + 0.05 * k++);
}

/* x, y of n points to path, atomically; with who, a third column: each point's label, quoted
 * (a quote or a control character in it becomes a space: a label is one gnuplot string). */
static CbStatus write_points(const char *path, const double *x, const double *y, char (*who)[POINT_WHO_LEN], int n,
                             CbError *e) {
  AtomicFile af;
  FILE *f = atomic_open(&af, path, 0, e);
  for (int k = 0; f && k < n; ++k) {
    fprintf(f, "%.10g\t%.10g", x[k], y[k]);
    if (who) {
      fputs("\t\"", f);
      for (const char *c = who[k]; *c; ++c) fputc(*c == '"' || *c == '\\' || (unsigned char)*c < 32 ? ' ' : *c, f);
      fputc('"', f);
    }
    fputc('\n', f);
  }
  if (!f) return e ? e->status : CB_ERR_IO;
  return atomic_commit(&af, e);
}

static const char *const bad_style[OUTCOME_COUNT] = {"", "pt 2 ps 1.5 lw 2 lc rgb 'red'", "pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e'",
                                                     "pt 6 ps 1.8 lw 2 lc rgb '#e377c2'"};
static const char *const bad_color[OUTCOME_COUNT] = {"", "red", "#ff7f0e", "#e377c2"};
static const char *const bad_title[OUTCOME_COUNT] = {"", "failed", "timed out", "flagged (physics guard)"};

/* The axes and title of a panel; drawable: something to autoscale on. */
static void panel_axes(PanelDraw *P, int drawable) {
  FILE *g = P->D->gp_body;
  const RecipePanel *pn = P->panel;
  fprintf(g, "unset arrow\nunset label\n");
  draw_paper_lines(P->D, pn);
  fprintf(g, "set title ");
  gp_quote(g, pn->title);
  fprintf(g, "\nset xlabel ");
  gp_quote(g, pn->xlabel);
  fprintf(g, "\nset ylabel ");
  gp_quote(g, pn->ylabel);
  fprintf(g, "\n%s logscale x\n%s logscale y\nset format x %s\nset format y %s\n", pn->logx ? "set" : "unset",
          pn->logy ? "set" : "unset", pn->logx ? "'10^{%L}'" : "'%g'", pn->logy ? "'10^{%L}'" : "'%g'");
  /* nothing to draw but legend entries: fixed ranges (gnuplot cannot autoscale on nothing) */
  fprintf(g, drawable ? "set autoscale xy\n" : "set xrange [1:10]\nset yrange [1:10]\n");
  /* as the paper draws it, e.g. accuracy tightening to the right; "xrange": a close-up (the y
   * axis autoscales on the points inside it) */
  if (drawable && pn->has_xrange)
    fprintf(g, "set xrange [%.10g:%.10g] noreverse\n", pn->xreverse ? pn->xhi : pn->xlo, pn->xreverse ? pn->xlo : pn->xhi);
  else
    fprintf(g, "set xrange [*:*] %s\n", pn->xreverse ? "reverse" : "noreverse");
  if (!drawable) fprintf(g, "set label 99 'no data (every run failed or none matched)' at graph 0.5, graph 0.5 center\n");
  if (drawable && P->clip) { /* the axes are the data's: what is not data does not flatten it */
    if (!pn->has_xrange)
      fprintf(g, "set xrange [%.10g:%.10g] %s\n", P->clip_x0, P->clip_x1, pn->xreverse ? "reverse" : "noreverse");
    fprintf(g, "set yrange [%.10g:%.10g]\n", P->clip_y0, P->clip_y1);
    fprintf(g, "set label 98 'runs that are not data beyond the axes: at the edge' at graph 0.98, graph 0.15 right font ',8' front\n");
  }
  if (P->p == P->D->last_panel) fprintf(g, "set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2\n");
  else fprintf(g, "unset key\n");
}

/* The panel's lines: data files and plot terms. */
static CbStatus panel_lines(PanelDraw *P, int *first, CbError *e) {
  FigureDraw *D = P->D;
  for (int i = 0; i < P->nser; ++i) {
    Series *s = &P->ser[i];
    if (s->n == 0) continue;
    if (P->kind->sort_x) sort_by_x(s);
    CbPath dat;
    CbStatus ws = cb_path(&dat, e, "%s/%s/data/p%d_s%d.dat", D->dir, D->name, P->p, i);
    if (ws == CB_OK) ws = write_points(dat.s, s->x, s->y, NULL, s->n, e);
    if (ws != CB_OK) return ws;
    char title[400];
    s->slope = P->panel->fit ? loglog_slope(s) : NAN;
    /* a fitted slope belongs to one panel: in the legend only when there is one */
    if (P->panel->fit && isfinite(s->slope) && D->npanels == 1) snprintf(title, sizeof title, "%s (slope %.2f)", s->label, s->slope);
    else snprintf(title, sizeof title, "%s", s->label);
    if (P->panel->fit) fprintf(D->tsv, "%d\t%s\tslope\t%.4g\t\t\n", P->p, s->label, s->slope);
    /* one color per integrator; further series of the same integrator get other dash types. A
     * figure of one integrator (Lagged, Similar and SAP of cenic-fixed, say) colours its lines by
     * their place in the legend instead, the same in every panel: dashes alone are hard to tell. */
    int same = 0;
    for (int k = 0; k < i; ++k) same += !strcmp(P->ser[k].integrator, s->integrator);
    IntegratorStyle st = integrator_style_in(D->registry, s->integrator);
    if (D->one_integrator) {
      int place = 0;
      while (place < D->nlegend && strcmp(D->legend[place].title, title)) ++place;
      st = series_style(place);
      same = 0;
    }
    char style[200];
    P->kind->line_style(style, sizeof style, 1 + same % 5, &st);
    fprintf(D->gp_body, "%s'data/p%d_s%d.dat' u 1:2 w %s notitle", *first ? "" : ", \\\n  ", P->p, i, style);
    legend_add(D, title, style);
    *first = 0;
  }
  return CB_OK;
}

/* One marker per kind of run that is not data, counted in the legend. */
static CbStatus panel_bad_markers(PanelDraw *P, int *first, CbError *e) {
  FigureDraw *D = P->D;
  for (int o = 1; o < OUTCOME_COUNT && P->kind->bad_markers; ++o) {
    if (P->bad[o].n == 0) continue;
    CbPath dat;
    CbStatus st = cb_path(&dat, e, "%s/%s/data/p%d_%s.dat", D->dir, D->name, P->p, record_outcome_name((RecordOutcome)o));
    if (st == CB_OK) st = write_points(dat.s, P->bad[o].x, P->bad[o].y, P->bad[o].who, P->bad[o].n, e);
    if (st != CB_OK) return st;
    /* each marker says whose it is: its series' label beside it */
    fprintf(D->gp_body, "%s'data/p%d_%s.dat' u 1:2 w p %s notitle, \\\n  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '%s' noenhanced notitle",
            *first ? "" : ", \\\n  ", P->p, record_outcome_name((RecordOutcome)o), bad_style[o], bad_color[o]);
    *first = 0;
  }
  return CB_OK;
}

/* The figure's one legend (the last panel): every series, then the runs that are not data. */
static void figure_legend(FigureDraw *D) {
  FILE *g = D->gp_body;
  for (int i = 0; i < D->nlegend; ++i) {
    fprintf(g, ", \\\n  keyentry w %s title ", D->legend[i].style);
    gp_quote(g, D->legend[i].title);
  }
  for (int o = 1; o < OUTCOME_COUNT; ++o) {
    if (D->nbad[o]) fprintf(g, ", \\\n  keyentry w p %s title '%s (%d)'", bad_style[o], bad_title[o], D->nbad[o]);
    if (D->nbad_noseries[o])
      fprintf(g, ", \\\n  keyentry w p %s title '%s, no series (%d)'", bad_style[o], bad_title[o], D->nbad_noseries[o]);
  }
  if (D->paper_lines) fprintf(g, ", \\\n  keyentry w l dt 2 lw 1.5 lc rgb 'black' title \"the paper's number\"");
}

/* lo, hi padded for an axis (log: a factor 2; linear: 5% of the span). */
static void pad_range(double *lo, double *hi, int logaxis) {
  if (logaxis) { *lo /= 2; *hi *= 2; return; }
  double span = *hi - *lo, pad = span > 0 ? 0.05 * span : fabs(*hi) > 0 ? 0.1 * fabs(*hi) : 1;
  *lo -= pad;
  *hi += pad;
}

static int inside(double v, double lo, double hi) { return v >= lo && v <= hi; }

/* The axes from the data alone (runs that are OUTCOME_OK), fixed when a run that is not data
 * lies outside them (a flagged run's error or force 1e6 times the others' would flatten them):
 * its markers move to the edge, its lines are clipped there. Nothing changes when all of it is
 * inside or there is no data to scale on. */
static void panel_clip(PanelDraw *P) {
  const RecipePanel *pn = P->panel;
  double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
  for (int i = 0; i < P->nser; ++i) {
    const Series *s = &P->ser[i];
    if (s->outcome != OUTCOME_OK) continue;
    for (int k = 0; k < s->n; ++k) {
      double x = s->x[k], y = s->y[k];
      if (!isfinite(x) || !isfinite(y) || (pn->logx && x <= 0) || (pn->logy && y <= 0)) continue;
      if (pn->has_xrange && !inside(x, fmin(pn->xlo, pn->xhi), fmax(pn->xlo, pn->xhi))) continue;
      x0 = fmin(x0, x); x1 = fmax(x1, x); y0 = fmin(y0, y); y1 = fmax(y1, y);
    }
  }
  if (!(x0 <= x1 && y0 <= y1)) return;
  pad_range(&x0, &x1, pn->logx);
  pad_range(&y0, &y1, pn->logy);
  if (pn->has_xrange) { x0 = fmin(pn->xlo, pn->xhi); x1 = fmax(pn->xlo, pn->xhi); }
  int outside = 0;
  for (int o = 1; o < OUTCOME_COUNT; ++o)
    for (int i = 0; i < P->bad[o].n; ++i)
      outside |= !inside(P->bad[o].x[i], x0, x1) || !inside(P->bad[o].y[i], y0, y1);
  for (int i = 0; i < P->nser; ++i)
    for (int k = 0; P->ser[i].outcome != OUTCOME_OK && k < P->ser[i].n; ++k)
      outside |= (isfinite(P->ser[i].x[k]) && !inside(P->ser[i].x[k], x0, x1)) ||
                 (isfinite(P->ser[i].y[k]) && !inside(P->ser[i].y[k], y0, y1));
  if (!outside) return;
  P->clip = 1;
  P->clip_x0 = x0; P->clip_x1 = x1; P->clip_y0 = y0; P->clip_y1 = y1;
  for (int o = 1; o < OUTCOME_COUNT; ++o)
    for (int i = 0; i < P->bad[o].n; ++i) {
      P->bad[o].x[i] = fmin(fmax(P->bad[o].x[i], x0), x1);
      P->bad[o].y[i] = fmin(fmax(P->bad[o].y[i], y0), y1);
    }
}

/* Panel p: its records' points, data files and plot commands. */
static CbStatus draw_panel(FigureDraw *D, const PlotKind *kind, const cJSON *plot, int p, const cJSON *records,
                           CbError *e) {
  RecipePanel panel;
  recipe_panel_read(cJSON_GetArrayItem(json_get(plot, "panels"), p), &panel);
  PanelDraw P = {.D = D, .kind = kind, .panel = &panel, .p = p, .xmax = -INFINITY, .ymax = -INFINITY};
  const cJSON *r;
  CbStatus rc = CB_OK;
  double unc_x = NAN, unc_y = NAN; /* the references' own uncertainty on an error axis: the largest */
  cJSON_ArrayForEach(r, records) {
    if (!figure_match(r, panel.where)) continue;
    double ux = axis_uncertainty(r, panel.x), uy = axis_uncertainty(r, panel.y);
    if (ux > 0 && !(ux <= unc_x)) unc_x = ux;
    if (uy > 0 && !(uy <= unc_y)) unc_y = uy;
    char label[256];
    figure_series_label(r, json_get(plot, "series"), label, sizeof label);
    if (!label[0]) snprintf(label, sizeof label, "%s", record_get_string(r, FIELD_INTEGRATOR, "?"));
    if ((rc = kind->collect(&P, r, label, record_outcome(r), e)) != CB_OK) break;
  }
  /* runs that are not data: at their x (or beyond the right edge; at it with an "xrange"), at
   * their y (or the top edge when they have none, or none a log axis can show: a failed run's
   * work 0) */
  for (int o = 1; o < OUTCOME_COUNT; ++o)
    for (int i = 0; i < P.bad[o].n; ++i) {
      double *bx = &P.bad[o].x[i], *by = &P.bad[o].y[i];
      if (!isfinite(*bx) || (panel.logx && *bx <= 0)) *bx = panel.has_xrange ? panel.xhi : isfinite(P.xmax) ? P.xmax * 2 : 1;
      if (!isfinite(*by) || (panel.logy && *by <= 0)) *by = isfinite(P.ymax) ? P.ymax * 2 : 1;
    }
  panel_clip(&P);
  int drawable = 0;
  for (int i = 0; i < P.nser; ++i) drawable |= P.ser[i].n > 0;
  for (int o = 1; o < OUTCOME_COUNT && kind->bad_markers; ++o) drawable |= P.bad[o].n > 0;
  int first = 1;
  if (rc == 0) {
    panel_axes(&P, drawable);
    draw_uncertainty(D->gp_body, unc_x, unc_y);
    fprintf(D->gp_body, "plot ");
    rc = panel_lines(&P, &first, e);
    if (rc == CB_OK) rc = panel_bad_markers(&P, &first, e);
  }
  if (rc == CB_OK && D->oom) rc = CB_ERROR(e, CB_ERR_MEMORY, "%s: out of memory for the figure's lines", D->name);
  if (rc == 0) {
    if (first) fprintf(D->gp_body, "NaN notitle");
    if (p == D->last_panel) figure_legend(D);
    fprintf(D->gp_body, "\n");
  }
  panel_free(&P);
  return rc;
}

/* ---- the script ---- */

/* A built-in kind's script (PlotKind.builtin): DIR/NAME.gp, its body whole. */
static CbStatus write_own_script(FigureDraw *D, const char *body, CbError *e) {
  CbPath gp;
  if (cb_path(&gp, e, "%s/%s.gp", D->dir, D->name) != CB_OK) return CB_ERR_IO;
  AtomicFile ag;
  FILE *g = atomic_open(&ag, gp.s, 0, e);
  if (!g) return e ? e->status : CB_ERR_IO;
  fprintf(g, "# Regenerate by hand: cd %s && gnuplot %s.gp\n" GP_OUT_SUFFIX_INIT "%s", D->dir, D->name, body);
  return atomic_commit(&ag, e);
}

static CbStatus write_script(FigureDraw *D, const char *title, const char *body, int rows, int cols, int whole,
                             CbError *e) {
  if (D->own_script) return write_own_script(D, body, e);
  CbPath gp;
  if (cb_path(&gp, e, "%s/%s/%s.gp", D->dir, D->name, D->base) != CB_OK) return CB_ERR_IO;
  AtomicFile ag;
  FILE *g = atomic_open(&ag, gp.s, 0, e);
  if (!g) return e ? e->status : CB_ERR_IO;
  /* the panels, then one column for the figure's legend, outside them */
  int pw = 520 * cols > 720 ? 520 * cols : 720, kw = 330;
  int w = whole ? 900 : pw + kw, h = 420 * rows + 80;
  fprintf(g, "# %s: regenerate with `cd %s/%s && gnuplot %s.gp`\n" GP_OUT_SUFFIX_INIT, D->base, D->dir, D->name, D->base);
  for (int t = 0; t < 2; ++t) {
    if (t == 0) fprintf(g, "set terminal svg size %d,%d dynamic font 'sans,11' background '#ffffff'\nset output '%s.svg'." GP_OUT_SUFFIX "\n", w, h, D->base);
    else fprintf(g, "set terminal pngcairo size %d,%d font 'sans,10'\nset output '%s.png'." GP_OUT_SUFFIX "\n", w, h, D->base);
    fprintf(g, "set grid\n%sset datafile missing '?'\n", whole ? "set key top left font ',9'\n" : "");
    if (!whole) {
      double right = (double)pw / w, top = 1.0 - 75.0 / h; /* room for the title and the panels' titles */
      fprintf(g, "KEY_X = %.4f\nKEY_Y = %.4f\n", right + 10.0 / w, top);
      fprintf(g, "set multiplot layout %d,%d margins %.4f,%.4f,%.4f,%.4f spacing %.4f,%.4f title ", rows, cols,
              75.0 / w, right - 15.0 / w, 55.0 / h, top, 85.0 / w, 95.0 / h);
      gp_quote(g, title);
      fprintf(g, "\n");
    }
    fputs(body, g);
    if (!whole) fprintf(g, "unset multiplot\n");
    fprintf(g, "unset output\n");
  }
  return atomic_commit(&ag, e);
}

int figure_image_count(const cJSON *recipe) {
  const cJSON *im = json_get(json_get(recipe, "plot"), "images");
  return cJSON_IsArray(im) && cJSON_GetArraySize(im) > 0 ? cJSON_GetArraySize(im) : 1;
}

void figure_image_base(const cJSON *recipe, const char *name, int i, char *out, size_t outlen) {
  const cJSON *im = cJSON_GetArrayItem(json_get(json_get(recipe, "plot"), "images"), i);
  if (im) snprintf(out, outlen, "%s_%s", name, json_str(im, "name"));
  else snprintf(out, outlen, "%s", name);
}

const char *figure_image_title(const cJSON *recipe, int i) {
  const cJSON *im = cJSON_GetArrayItem(json_get(json_get(recipe, "plot"), "images"), i);
  return im ? json_str(im, "title") : "";
}

/* [rows, cols] of a layout array into *rows, *cols when it is one (checked by the recipe loader:
 * [1, 24] each). */
static void read_layout(const cJSON *layout, int *rows, int *cols) {
  long long lr, lc;
  if (cJSON_GetArraySize(layout) == 2 && !json_int_in(cJSON_GetArrayItem(layout, 0), 1, 24, &lr) &&
      !json_int_in(cJSON_GetArrayItem(layout, 1), 1, 24, &lc)) {
    *rows = (int)lr;
    *cols = (int)lc;
  }
}

/* Image i of the figure: its panels (all, or those plot.images[i] names) into one script with
 * their own legend. */
static CbStatus draw_image(FigureDraw *D, const PlotKind *kind, const cJSON *recipe, const cJSON *records, int i, CbError *e) {
  const cJSON *plot = json_get(recipe, "plot");
  const cJSON *im = cJSON_GetArrayItem(json_get(plot, "images"), i);
  int all = kind->uses_panels ? cJSON_GetArraySize(json_get(plot, "panels")) : 1;
  int n = im ? cJSON_GetArraySize(json_get(im, "panels")) : all;
  char base[400], title[800];
  figure_image_base(recipe, D->name, i, base, sizeof base);
  if (im) snprintf(title, sizeof title, "%s: %s", json_str_or(recipe, "title", D->name), json_str(im, "title"));
  else snprintf(title, sizeof title, "%s", json_str_or(recipe, "title", D->name));
  D->base = base;
  /* one legend per image */
  D->nlegend = 0;
  D->ncounted = 0;
  D->paper_lines = 0;
  memset(D->nbad, 0, sizeof D->nbad);
  memset(D->nbad_noseries, 0, sizeof D->nbad_noseries);
  char *body = NULL;
  size_t body_len = 0;
  D->gp_body = open_memstream(&body, &body_len);
  if (!D->gp_body) return CB_ERROR(e, CB_ERR_MEMORY, "%s: out of memory", D->name);
  D->npanels = n;
  CbStatus rc = CB_OK;
  for (int k = 0; k < n && rc == CB_OK; ++k) {
    int p = im ? cJSON_GetArrayItem(json_get(im, "panels"), k)->valueint : k;
    D->last_panel = im ? cJSON_GetArrayItem(json_get(im, "panels"), n - 1)->valueint : n - 1;
    rc = kind->uses_panels ? draw_panel(D, kind, plot, p, records, e) : kind->draw_whole(D, plot, records, e);
  }
  fclose(D->gp_body);
  D->gp_body = NULL;
  int rows = 1, cols = n;
  read_layout(json_get(im ? im : plot, "layout"), &rows, &cols);
  if (rc == CB_OK) {
    rc = write_script(D, title, body ? body : "", rows, cols, !kind->uses_panels, e);
    if (rc != CB_OK && e)
      cb_error_prefix(e, D->own_script ? "cannot write the gnuplot script %s/%s.gp: " : "cannot write the gnuplot script in %s/%s: ",
                      D->dir, D->name);
  }
  free(body);
  D->base = D->name; /* base pointed into this frame */
  return rc;
}

CbStatus figure_draw(const cJSON *recipe, const cJSON *records, const IntegratorRegistry *registry,
                     const char *paper_dir, const char *dir, const char *name, CbError *e) {
  const cJSON *plot = json_get(recipe, "plot");
  const PlotKind *kind = plot_kind_find(json_str(plot, "kind"));
  if (!kind) return CB_ERROR(e, CB_ERR_INPUT, "%s: plot.kind '%s' unknown", name, json_str(plot, "kind"));
  FigureDraw D = {.dir = dir, .name = name, .base = name, .paper_dir = paper_dir, .registry = registry, .own_script = kind->builtin};
  CbPath tsvp;
  if (cb_path(&tsvp, e, "%s/%s/%s.tsv", dir, name, name) != CB_OK) return CB_ERR_IO;
  AtomicFile atsv;
  D.tsv = kind->tsv_header ? atomic_open(&atsv, tsvp.s, 0, e) : NULL;
  if (kind->tsv_header && !D.tsv) return e ? e->status : CB_ERR_IO;
  D.columns = !strcmp(kind->name, "xy") ? json_get(plot, "columns") : NULL;
  if (D.tsv && D.columns) { /* the header's last column, then the extra ones */
    const char *h = kind->tsv_header;
    fprintf(D.tsv, "%.*s", (int)(strlen(h) - 1), h);
    const cJSON *c;
    cJSON_ArrayForEach(c, D.columns) fprintf(D.tsv, "\t%s", c->valuestring);
    fputc('\n', D.tsv);
  } else if (D.tsv) {
    fputs(kind->tsv_header, D.tsv);
  }
  const cJSON *r;
  const char *first_integrator = NULL;
  D.one_integrator = 1;
  cJSON_ArrayForEach(r, records) {
    const char *name_r = record_get_string(r, FIELD_INTEGRATOR, "");
    if (!first_integrator) first_integrator = name_r;
    else if (strcmp(first_integrator, name_r)) D.one_integrator = 0;
  }
  int nimg = kind->uses_panels ? figure_image_count(recipe) : 1;
  CbStatus rc = CB_OK;
  for (int i = 0; i < nimg && rc == CB_OK; ++i) rc = draw_image(&D, kind, recipe, records, i, e);
  if (rc == CB_OK && D.oom) rc = CB_ERROR(e, CB_ERR_MEMORY, "%s: out of memory for the figure's lines", name);
  if (D.tsv && rc != CB_OK) atomic_abort(&atsv);
  else if (D.tsv) rc = atomic_commit(&atsv, e);
  free(D.legend);
  free(D.counted);
  return rc;
}
