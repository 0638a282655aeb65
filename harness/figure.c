/* `cbench figure`: run a recipe's sweeps, draw, compare with the papers, write figure.json. */
#include "figure.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "clock.h"
#include "figure_data.h"
#include "figure_recipe.h"
#include "figure_verdict.h"
#include "files.h"
#include "integrator_style.h"
#include "subprocess.h"
#include "machine.h"
#include "paper_data.h"
#include "record_outcome.h"
#include "reference.h"
#include "run_record.h"

static const cJSON *get(const cJSON *o, const char *k) { return o ? cJSON_GetObjectItemCaseSensitive(o, k) : NULL; }
static const char *str_or(const cJSON *o, const char *k, const char *dflt) {
  const cJSON *x = get(o, k);
  return cJSON_IsString(x) ? x->valuestring : dflt;
}

void figure_options_default(FigureOptions *o) {
  memset(o, 0, sizeof *o);
  o->jobs = 1;
  o->gnuplot = 1;
}

static int is_dir(const char *p) {
  struct stat st;
  return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

const char *figure_recipes_dir(void) {
  static char found[PATH_MAX];
  const char *env = getenv("CBENCH_FIGURES");
  if (env && *env) return env;
  if (is_dir("figures")) return "figures";
  if (!found[0]) {
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    for (int up = 0; n > 0 && up < 4; ++up) {
      exe[n] = 0;
      char *slash = strrchr(exe, '/');
      if (!slash || slash == exe) break;
      *slash = 0;
      n = slash - exe;
      char probe[PATH_MAX + 16];
      snprintf(probe, sizeof probe, "%s/figures", exe);
      if (is_dir(probe)) { snprintf(found, sizeof found, "%.*s", (int)sizeof found - 1, probe); break; }
    }
    if (!found[0]) snprintf(found, sizeof found, "figures");
  }
  return found;
}

/* Recipe names (sorted); returns the count or -1. */
static int recipe_names(char (*names)[128], int max) {
  int n = dir_list(figure_recipes_dir(), ".json", &names[0][0], 128, max);
  for (int i = 0; i < n; ++i) names[i][strlen(names[i]) - 5] = '\0'; /* drop ".json" */
  return n;
}

int figure_list(FILE *f) {
  char names[128][128];
  int n = recipe_names(names, 128);
  if (n < 0) return -1;
  fprintf(f, "figure recipes (%d, in %s/):\n", n, figure_recipes_dir());
  for (int i = 0; i < n; ++i) {
    char path[PATH_MAX + 200], err[512];
    snprintf(path, sizeof path, "%.4000s/%.127s.json", figure_recipes_dir(), names[i]);
    cJSON *r = recipe_load(path, err, sizeof err);
    const cJSON *paper = get(r, "paper");
    fprintf(f, "  %-28s %s%s%s%s\n", names[i], r ? str_or(r, "title", "") : err, paper ? " [" : "",
            paper ? str_or(paper, "ref", "") : "", paper ? "]" : "");
    cJSON_Delete(r);
  }
  return n;
}

/* ---- drawing ---- */

/* the bars' fields (not integrators: those take integrator_style) */
static const char *const palette[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e",
                                      "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"};

static void gp_text(FILE *g, const char *s) {
  fputc('"', g);
  for (; *s; ++s) {
    if (*s == '"' || *s == '\\') fputc('\\', g);
    if (*s == '_' || *s == '^' || *s == '@' || *s == '&' || *s == '{' || *s == '}') fputc('\\', g), fputc('\\', g);
    /* gnuplot runs `...` even inside double quotes; a newline would end the command */
    fputc(*s == '`' ? '\'' : (unsigned char)*s < 0x20 ? ' ' : *s, g);
  }
  fputc('"', g);
}

typedef struct {
  char label[256];
  char integrator[64];
  double *x, *y;
  int n, cap;
  double slope;
} Series;

static void series_push(Series *s, double x, double y) {
  if (s->n == s->cap) {
    s->cap = s->cap ? 2 * s->cap : 16;
    s->x = realloc(s->x, sizeof(double) * (size_t)s->cap);
    s->y = realloc(s->y, sizeof(double) * (size_t)s->cap);
  }
  s->x[s->n] = x;
  s->y[s->n++] = y;
}

static Series *series_get(Series *all, int *n, int max, const char *label, const char *integrator) {
  for (int i = 0; i < *n; ++i)
    if (!strcmp(all[i].label, label)) return &all[i];
  if (*n >= max) return NULL;
  Series *s = &all[(*n)++];
  memset(s, 0, sizeof *s);
  snprintf(s->label, sizeof s->label, "%s", label);
  snprintf(s->integrator, sizeof s->integrator, "%s", integrator);
  s->slope = NAN;
  return s;
}

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

enum { MAX_SERIES = 64 };

/* one legend per figure: its entries, gathered over the panels, drawn by the last one */
typedef struct {
  char title[400];
  char style[200];
} LegendEntry;

typedef struct {
  const char *dir, *name;     /* DIR/NAME */
  FILE *tsv, *gp_body;        /* the table; the plot commands (written twice: SVG, PNG) */
  int npanels;
  LegendEntry legend[MAX_SERIES];
  int nlegend;
  int nbad[OUTCOME_COUNT];    /* runs that are not data, over every panel */
  int nbad_noseries[OUTCOME_COUNT];
  int paper_lines;            /* panels drawing a paper's number */
  const cJSON *counted[1024]; /* runs that are not data already in the legend's counts */
  int ncounted;
} Draw;

/* The legend counts runs, not markers: a run drawn in several panels counts once. */
static void count_bad(Draw *D, const cJSON *r, RecordOutcome oc, int noseries) {
  for (int i = 0; i < D->ncounted; ++i)
    if (D->counted[i] == r) return;
  if (D->ncounted < 1024) D->counted[D->ncounted++] = r;
  (noseries ? D->nbad_noseries : D->nbad)[oc]++;
}

static void legend_add(Draw *D, const char *title, const char *style) {
  for (int i = 0; i < D->nlegend; ++i)
    if (!strcmp(D->legend[i].title, title)) return;
  if (D->nlegend == MAX_SERIES) return;
  LegendEntry *e = &D->legend[D->nlegend++];
  snprintf(e->title, sizeof e->title, "%s", title);
  snprintf(e->style, sizeof e->style, "%s", style);
}

/* The paper's numbers a panel names ("paper_y": [ids]): dashed horizontal lines, labelled. */
static void draw_paper_lines(Draw *D, const cJSON *panel) {
  FILE *g = D->gp_body;
  const cJSON *id;
  int k = 0;
  cJSON_ArrayForEach(id, get(panel, "paper_y")) {
    double v = NAN;
    char units[64] = "", source[256] = "", text[600];
    if (paper_number(id->valuestring, &v, units, sizeof units, source, sizeof source) != 0 || !isfinite(v)) {
      snprintf(text, sizeof text, "paper number '%s' not in results/paper/", id->valuestring);
      fprintf(g, "set label %d ", 100 + k);
      gp_text(g, text);
      fprintf(g, " at graph 0.02, graph %.2f font ',8' front\n", 0.95 - 0.06 * k);
    } else {
      snprintf(text, sizeof text, "paper: %g%s%s (%s)", v, units[0] ? " " : "", units, source);
      fprintf(g, "set arrow %d from graph 0, first %.10g to graph 1, first %.10g nohead dt 2 lw 1.5 lc rgb 'black' front\n",
              100 + k, v, v);
      fprintf(g, "set label %d ", 100 + k);
      gp_text(g, text);
      fprintf(g, " at graph 0.02, first %.10g offset 0,0.6 font ',8' front\n", v);
      D->paper_lines++;
    }
    ++k;
  }
}

/* Panel p of an xy or series plot: data files and plot commands. */
static int draw_panel(Draw *D, const cJSON *recipe, const cJSON *panel, int p, const cJSON *records,
                      const char *kind, char *err, size_t errlen) {
  const cJSON *plot = get(recipe, "plot"), *fields = get(plot, "series");
  const cJSON *where = get(panel, "where");
  const char *xf = get(panel, "x")->valuestring, *yf = get(panel, "y")->valuestring;
  Series *ser = calloc(MAX_SERIES, sizeof *ser);
  int nser = 0, nbad[OUTCOME_COUNT] = {0};
  double bx[OUTCOME_COUNT][256], by[OUTCOME_COUNT][256]; /* failed, timed-out, flagged: not data */
  double xmax = -INFINITY, ymax = -INFINITY;
  const cJSON *r;
  cJSON_ArrayForEach(r, records) {
    if (!figure_match(r, where)) continue;
    char label[256];
    figure_series_label(r, fields, label, sizeof label);
    if (!label[0]) snprintf(label, sizeof label, "%s", str_or(r, "integrator", "?"));
    RecordOutcome oc = record_outcome(r);
    const char *status = record_outcome_name(oc);
    if (!strcmp(kind, "series")) {
      const char *rf = str_or(r, "record_file", "");
      if (!rf[0]) continue;
      /* a run that is not data is drawn under its own name (a failed or timed-out run up to
       * where it stopped), or, without a series, as a legend entry */
      if (oc != OUTCOME_OK) {
        size_t l = strlen(label);
        snprintf(label + l, sizeof label - l, " [%s]", oc == OUTCOME_FLAGGED ? "flagged: physics guard" : oc == OUTCOME_FAILED ? "failed" : "timed out");
      }
      char csv[PATH_MAX + 600];
      char rec_path[PATH_MAX + 300];
      snprintf(rec_path, sizeof rec_path, "%s/%s", str_or(r, "_dir", "."), rf);
      sweep_series_path(rec_path, get(panel, "file")->valuestring, csv, sizeof csv);
      if (oc != OUTCOME_OK && !file_exists(csv)) {
        nbad[oc]++;
        count_bad(D, r, oc, 1);
        continue;
      }
      double *x, *y;
      int n = figure_csv_series(csv, get(panel, "rows"), xf, yf, &x, &y, err, errlen);
      if (n < 0) { free(ser); return 1; }
      if (n == 0 && oc != OUTCOME_OK) {
        nbad[oc]++;
        count_bad(D, r, oc, 1);
        free(x);
        free(y);
        continue;
      }
      Series *s = series_get(ser, &nser, MAX_SERIES, label, str_or(r, "integrator", ""));
      for (int i = 0; s && i < n; ++i) series_push(s, x[i], y[i]);
      free(x);
      free(y);
      continue;
    }
    double x = figure_value(r, xf), y = figure_value(r, yf);
    fprintf(D->tsv, "%d\t%s\t%.6g\t%.6g\t%s\t%s\n", p, label, x, y, status, str_or(r, "command", ""));
    if (oc == OUTCOME_OK && isfinite(x) && isfinite(y)) {
      Series *s = series_get(ser, &nser, MAX_SERIES, label, str_or(r, "integrator", ""));
      if (s) series_push(s, x, y);
      xmax = fmax(xmax, x);
      ymax = fmax(ymax, y);
    } else if (oc != OUTCOME_OK && nbad[oc] < 256) {
      count_bad(D, r, oc, 0);
      bx[oc][nbad[oc]] = x;
      by[oc][nbad[oc]++] = y;
    }
  }
  int lx = cJSON_IsTrue(get(panel, "logx")), ly = cJSON_IsTrue(get(panel, "logy"));
  /* runs that are not data: at their x (or beyond the right edge), at their y (or the top edge
   * when they have none, or none a log axis can show: a failed run's work 0) */
  for (int o = 1; o < OUTCOME_COUNT; ++o)
    for (int i = 0; i < nbad[o]; ++i) {
      if (!isfinite(bx[o][i]) || (lx && bx[o][i] <= 0)) bx[o][i] = isfinite(xmax) ? xmax * 2 : 1;
      if (!isfinite(by[o][i]) || (ly && by[o][i] <= 0)) by[o][i] = isfinite(ymax) ? ymax * 2 : 1;
    }
  FILE *g = D->gp_body;
  fprintf(g, "unset arrow\nunset label\n");
  draw_paper_lines(D, panel);
  fprintf(g, "set title ");
  gp_text(g, str_or(panel, "title", ""));
  fprintf(g, "\nset xlabel ");
  gp_text(g, str_or(panel, "xlabel", xf));
  fprintf(g, "\nset ylabel ");
  gp_text(g, str_or(panel, "ylabel", yf));
  fprintf(g, "\n%s logscale x\n%s logscale y\nset format x %s\nset format y %s\n", lx ? "set" : "unset",
          ly ? "set" : "unset", lx ? "'10^{%L}'" : "'%g'", ly ? "'10^{%L}'" : "'%g'");
  /* nothing to draw but legend entries: fixed ranges (gnuplot cannot autoscale on nothing) */
  int drawable = 0;
  for (int i = 0; i < nser; ++i) drawable |= ser[i].n > 0;
  for (int o = 1; o < OUTCOME_COUNT && strcmp(kind, "series"); ++o) drawable |= nbad[o] > 0;
  fprintf(g, drawable ? "set autoscale xy\n" : "set xrange [1:10]\nset yrange [1:10]\n");
  /* as the paper draws it, e.g. accuracy tightening to the right */
  fprintf(g, "set xrange [*:*] %s\n", cJSON_IsTrue(get(panel, "xreverse")) ? "reverse" : "noreverse");
  if (!drawable) fprintf(g, "set label 99 'no data (every run failed or none matched)' at graph 0.5, graph 0.5 center\n");
  int last = p == D->npanels - 1;
  if (last) fprintf(g, "set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2\n");
  else fprintf(g, "unset key\n");
  fprintf(g, "plot ");
  int first = 1;
  int fit = cJSON_IsTrue(get(panel, "fit"));
  for (int i = 0; i < nser; ++i) {
    Series *s = &ser[i];
    if (s->n == 0) continue;
    if (strcmp(kind, "series")) sort_by_x(s);
    char dat[PATH_MAX + 64];
    snprintf(dat, sizeof dat, "%s/%s/data/p%d_s%d.dat", D->dir, D->name, p, i);
    AtomicFile af;
    FILE *f = atomic_open(&af, dat, 0, err, errlen);
    if (f)
      for (int k = 0; k < s->n; ++k) fprintf(f, "%.10g\t%.10g\n", s->x[k], s->y[k]);
    if (!f || atomic_commit(&af, err, errlen) != 0) {
      for (int k = 0; k < nser; ++k) { free(ser[k].x); free(ser[k].y); }
      free(ser);
      return 1;
    }
    char title[400];
    s->slope = fit ? loglog_slope(s) : NAN;
    /* a fitted slope belongs to one panel: in the legend only when there is one */
    if (fit && isfinite(s->slope) && D->npanels == 1) snprintf(title, sizeof title, "%s (slope %.2f)", s->label, s->slope);
    else snprintf(title, sizeof title, "%s", s->label);
    if (fit) fprintf(D->tsv, "%d\t%s\tslope\t%.4g\t\t\n", p, s->label, s->slope);
    /* one color per integrator; further series of the same integrator get other dash types */
    int same = 0;
    for (int k = 0; k < i; ++k) same += !strcmp(ser[k].integrator, s->integrator);
    IntegratorStyle st = integrator_style(s->integrator);
    char style[200];
    if (strcmp(kind, "series")) snprintf(style, sizeof style, "lp lw 2 dt %d pt %d ps 0.8 lc rgb '%s'", 1 + same % 5, st.point, st.color);
    else snprintf(style, sizeof style, "l lw 2 dt %d lc rgb '%s'", 1 + same % 5, st.color);
    fprintf(g, "%s'data/p%d_s%d.dat' u 1:2 w %s notitle", first ? "" : ", \\\n  ", p, i, style);
    legend_add(D, title, style);
    first = 0;
  }
  /* one marker per kind of run that is not data, counted in the legend */
  static const char *const bad_style[OUTCOME_COUNT] = {"", "pt 2 ps 1.5 lw 2 lc rgb 'red'", "pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e'",
                                                       "pt 6 ps 1.8 lw 2 lc rgb '#e377c2'"};
  static const char *const bad_title[OUTCOME_COUNT] = {"", "failed", "timed out", "flagged (physics guard)"};
  for (int o = 1; o < OUTCOME_COUNT; ++o) {
    if (nbad[o] == 0) continue;
    if (!strcmp(kind, "series")) continue; /* runs without a series to draw: legend entries only */
    char dat[PATH_MAX + 64];
    snprintf(dat, sizeof dat, "%s/%s/data/p%d_%s.dat", D->dir, D->name, p, record_outcome_name((RecordOutcome)o));
    AtomicFile af;
    FILE *f = atomic_open(&af, dat, 0, err, errlen);
    if (f)
      for (int k = 0; k < nbad[o]; ++k) fprintf(f, "%.10g\t%.10g\n", bx[o][k], by[o][k]);
    if (!f || atomic_commit(&af, err, errlen) != 0) {
      for (int k = 0; k < nser; ++k) { free(ser[k].x); free(ser[k].y); }
      free(ser);
      return 1;
    }
    fprintf(g, "%s'data/p%d_%s.dat' u 1:2 w p %s notitle", first ? "" : ", \\\n  ", p,
            record_outcome_name((RecordOutcome)o), bad_style[o]);
    first = 0;
  }
  if (first) fprintf(g, "NaN notitle");
  if (last) { /* the figure's one legend: every series, then the runs that are not data, counted */
    for (int i = 0; i < D->nlegend; ++i) {
      fprintf(g, ", \\\n  keyentry w %s title ", D->legend[i].style);
      gp_text(g, D->legend[i].title);
    }
    for (int o = 1; o < OUTCOME_COUNT; ++o) {
      if (D->nbad[o]) fprintf(g, ", \\\n  keyentry w p %s title '%s (%d)'", bad_style[o], bad_title[o], D->nbad[o]);
      if (D->nbad_noseries[o])
        fprintf(g, ", \\\n  keyentry w p %s title '%s, no series (%d)'", bad_style[o], bad_title[o], D->nbad_noseries[o]);
    }
    if (D->paper_lines) fprintf(g, ", \\\n  keyentry w l dt 2 lw 1.5 lc rgb 'black' title \"the paper's number\"");
  }
  fprintf(g, "\n");
  for (int i = 0; i < nser; ++i) { free(ser[i].x); free(ser[i].y); }
  free(ser);
  return 0;
}

/* Stacked bars (cost breakdown): one bar per matching record, its fields as fractions. */
static int draw_bars(Draw *D, const cJSON *recipe, const cJSON *records, char *err, size_t errlen) {
  const cJSON *plot = get(recipe, "plot"), *fields = get(plot, "fields"), *labels = get(plot, "labels");
  char dat[PATH_MAX + 64];
  snprintf(dat, sizeof dat, "%s/%s/data/bars.dat", D->dir, D->name);
  AtomicFile af;
  FILE *f = atomic_open(&af, dat, 0, err, errlen);
  if (!f) return 1;
  int nf = cJSON_GetArraySize(fields), nbars = 0;
  const cJSON *r;
  cJSON_ArrayForEach(r, records) {
    if (!figure_match(r, get(plot, "where"))) continue;
    RecordOutcome oc = record_outcome(r);
    char label[256];
    figure_series_label(r, get(plot, "series"), label, sizeof label);
    /* runs that are not data keep their place, named: a failed run's bar is empty */
    if (oc != OUTCOME_OK) {
      size_t l = strlen(label);
      snprintf(label + l, sizeof label - l, " [%s]", record_outcome_name(oc));
    }
    for (char *c = label; *c; ++c) if (*c == ' ') *c = '_';
    double v[32], sum = 0;
    for (int i = 0; i < nf && i < 32; ++i) {
      v[i] = oc == OUTCOME_FAILED || oc == OUTCOME_TIMEOUT ? 0 : figure_value(r, cJSON_GetArrayItem(fields, i)->valuestring);
      if (!isfinite(v[i])) v[i] = 0;
      sum += v[i];
    }
    int norm = !cJSON_IsFalse(get(plot, "normalize"));
    fprintf(f, "\"%s\"", label);
    fprintf(D->tsv, "0\t%s", label);
    for (int i = 0; i < nf && i < 32; ++i) {
      double x = norm && sum > 0 ? v[i] / sum : v[i];
      fprintf(f, "\t%.6g", x);
      fprintf(D->tsv, "\t%.6g", x);
    }
    fprintf(f, "\n");
    fprintf(D->tsv, "\n");
    ++nbars;
  }
  if (atomic_commit(&af, err, errlen) != 0) return 1;
  FILE *g = D->gp_body;
  fprintf(g, "set style data histograms\nset style histogram rowstacked\nset style fill solid 0.8 border -1\n"
             "set boxwidth 0.7\nset xtics rotate by -30\nset key outside right\nset ylabel ");
  gp_text(g, str_or(plot, "ylabel", "fraction of wall time"));
  fprintf(g, "\nset title ");
  gp_text(g, str_or(plot, "title", ""));
  fprintf(g, "\n");
  if (nbars == 0) { fprintf(g, "plot NaN title 'no data'\n"); return 0; }
  fprintf(g, "plot ");
  for (int i = 0; i < nf; ++i) {
    const cJSON *l = cJSON_GetArrayItem(labels, i);
    fprintf(g, "%s'data/bars.dat' u %d%s lc rgb '%s' title ", i ? ", " : "", i + 2, i ? "" : ":xtic(1)", palette[i % 10]);
    gp_text(g, cJSON_IsString(l) ? l->valuestring : cJSON_GetArrayItem(fields, i)->valuestring);
  }
  fprintf(g, "\n");
  return 0;
}

/* ---- comparisons and verdict ---- */

static void add_num(cJSON *o, const char *k, double v) {
  if (isfinite(v)) cJSON_AddNumberToObject(o, k, v);
  else cJSON_AddNullToObject(o, k);
}

static cJSON *comparisons(const cJSON *recipe, const cJSON *records, FILE *out) {
  cJSON *arr = cJSON_CreateArray();
  const cJSON *e;
  cJSON_ArrayForEach(e, get(recipe, "compare")) {
    double ours = figure_selection_value(records, e), paper = NAN;
    char units[64] = "", source[256] = "";
    const char *id = get(e, "paper_id")->valuestring;
    if (paper_number(id, &paper, units, sizeof units, source, sizeof source) != 0) {
      paper = NAN;
      snprintf(source, sizeof source, "paper number '%s' not in results/paper/", id);
    }
    cJSON *c = cJSON_CreateObject();
    cJSON_AddStringToObject(c, "quantity", get(e, "quantity")->valuestring);
    add_num(c, "ours", ours);
    add_num(c, "paper", paper);
    add_num(c, "ratio", isfinite(ours) && isfinite(paper) && paper != 0 ? ours / paper : NAN);
    cJSON_AddStringToObject(c, "units", str_or(e, "units", units));
    cJSON_AddStringToObject(c, "source", source);
    cJSON_AddStringToObject(c, "paper_id", id);
    cJSON_AddItemToArray(arr, c);
    if (out) fprintf(out, "  %-48s ours %-10.4g paper %-10.4g ratio %.3g  (%s)\n", get(e, "quantity")->valuestring, ours, paper,
            isfinite(ours) && isfinite(paper) && paper != 0 ? ours / paper : NAN, source);
  }
  return arr;
}

/* ---- the figure ---- */

static int write_script(Draw *D, const char *title, const char *body, int rows, int cols, int bars) {
  char gp[PATH_MAX + 64];
  snprintf(gp, sizeof gp, "%s/%s/%s.gp", D->dir, D->name, D->name);
  AtomicFile ag;
  char err[8];
  FILE *g = atomic_open(&ag, gp, 0, err, sizeof err);
  if (!g) return -1;
  /* the panels, then one column for the figure's legend, outside them */
  int pw = 520 * cols > 720 ? 520 * cols : 720, kw = 330;
  int w = bars ? 900 : pw + kw, h = 420 * rows + 80;
  fprintf(g, "# %s: regenerate with `cd %s/%s && gnuplot %s.gp`\n", D->name, D->dir, D->name, D->name);
  for (int t = 0; t < 2; ++t) {
    if (t == 0) fprintf(g, "set terminal svg size %d,%d dynamic font 'sans,11' background '#ffffff'\nset output '%s.svg'\n", w, h, D->name);
    else fprintf(g, "set terminal pngcairo size %d,%d font 'sans,10'\nset output '%s.png'\n", w, h, D->name);
    fprintf(g, "set grid\n%sset datafile missing '?'\n", bars ? "set key top left font ',9'\n" : "");
    if (!bars) {
      double right = (double)pw / w, top = 1.0 - 75.0 / h; /* room for the title and the panels' titles */
      fprintf(g, "KEY_X = %.4f\nKEY_Y = %.4f\n", right + 10.0 / w, top);
      fprintf(g, "set multiplot layout %d,%d margins %.4f,%.4f,%.4f,%.4f spacing %.4f,%.4f title ", rows, cols,
              75.0 / w, right - 15.0 / w, 55.0 / h, top, 85.0 / w, 95.0 / h);
      gp_text(g, title);
      fprintf(g, "\n");
    }
    fputs(body, g);
    if (!bars) fprintf(g, "unset multiplot\n");
    fprintf(g, "unset output\n");
  }
  return atomic_commit(&ag, err, sizeof err);
}

int figure_make(const CbenchContext *cb, const char *name, const FigureOptions *o, char *err, size_t errlen) {
  char path[PATH_MAX + 200];
  snprintf(path, sizeof path, "%s/%s.json", figure_recipes_dir(), name);
  if (!path_component_safe(name) || !file_exists(path)) { /* the name also names DIR/NAME/ */
    snprintf(err, errlen, "unknown figure '%s' (no %s; see `cbench figure list`)", name, path);
    return 2;
  }
  cJSON *recipe = recipe_load(path, err, errlen);
  if (!recipe) return 2;
  double t0 = clock_monotonic();
  char dir[1200], fdir[1400];
  if (o->out[0]) snprintf(dir, sizeof dir, "%s", o->out);
  else snprintf(dir, sizeof dir, "%.1000s/figures/%s", cb->results_dir, o->quick ? "quick" : "full");
  snprintf(fdir, sizeof fdir, "%s/%s/data", dir, name);
  if (dir_make_parents(fdir) != 0) { snprintf(err, errlen, "cannot create %s", fdir); cJSON_Delete(recipe); return 1; }
  /* quick references (short horizons) live under DIR, apart from the committed full ones: the
   * runs see DIR as their results folder */
  CbenchContext *run_cb = malloc(sizeof *run_cb);
  if (!run_cb) { snprintf(err, errlen, "out of memory"); cJSON_Delete(recipe); return 1; }
  *run_cb = *cb;
  if (o->quick) cbench_context_set_results_dir(run_cb, dir);

  /* the runs: one sweep each (records of a current spec are reused) */
  cJSON *records = cJSON_CreateArray();
  SweepConfig *c = malloc(sizeof *c);
  int rc = 0;
  int nruns = cJSON_GetArraySize(get(recipe, "runs"));
  for (int k = 0; k < nruns && rc == 0; ++k) {
    char rdir[1500];
    snprintf(rdir, sizeof rdir, "%s/%s/run%d", dir, name, k);
    rc = recipe_sweep_config(recipe, path, k, o->quick, rdir, c, err, errlen);
    if (rc) break;
    c->jobs = o->jobs;
    snprintf(c->command, sizeof c->command, "cbench figure %s%s --out %s", name, o->quick ? " --quick" : "", dir);
    /* references for the error (quick mode: to the quick horizon, kept under DIR/reference) */
    if (cJSON_IsTrue(recipe_run_field(recipe, k, o->quick, "references")))
      for (int ci = 0; ci < c->ncases && rc == 0; ++ci) {
        RunSpec s;
        run_spec_init(&s);
        if (run_spec_set_case(&s, run_cb->cases_dir, c->cases[ci], err, errlen) != 0) { rc = 2; break; }
        ReferenceConfig rcfg;
        reference_config_default(&rcfg);
        rcfg.t_end = o->quick ? c->t_end : 0;
        const cJSON *pm = recipe_run_field(recipe, k, o->quick, "reference_method");
        const cJSON *sm = recipe_run_field(recipe, k, o->quick, "reference_secondary");
        if (pm) sscanf(pm->valuestring, "%63[^:]:%lf", rcfg.primary, &rcfg.primary_param);
        if (sm && !strcmp(sm->valuestring, "none")) snprintf(rcfg.secondary, sizeof rcfg.secondary, "none");
        else if (sm) sscanf(sm->valuestring, "%63[^:]:%lf", rcfg.secondary, &rcfg.secondary_param);
        int computed = 0;
        char rerr[1024];
        if (reference_ensure(run_cb, s.case_path, s.case_name, &rcfg, &computed, rerr, sizeof rerr) != 0)
          fprintf(stderr, "figure %s: no reference for %s (%s): its runs have no error\n", name, s.case_name, rerr);
      }
    if (rc) break;
    if (!o->quiet) fprintf(stderr, "figure %s: sweep %d/%d -> %s\n", name, k + 1, nruns, rdir);
    int src = sweep_run(run_cb, c, err, errlen);
    if (src == CB_ERR_INPUT) { rc = 2; break; }
    if (src != 0 && !o->quiet) fprintf(stderr, "figure %s: %s (continuing with the records there are)\n", name, err);
    char all[1600], lerr[512];
    snprintf(all, sizeof all, "%s/sweep.json", rdir);
    cJSON *arr = records_load_file(all, lerr, sizeof lerr);
    if (!arr || lerr[0]) { /* the sweep's own summary: a figure never drops records silently */
      snprintf(err, errlen, "%s", lerr);
      cJSON_Delete(arr);
      rc = 2;
      break;
    }
    cJSON *r;
    cJSON_ArrayForEach(r, arr) {
      cJSON *dup = cJSON_Duplicate(r, 1);
      cJSON_AddStringToObject(dup, "_dir", rdir);
      cJSON_AddItemToArray(records, dup);
    }
    cJSON_Delete(arr);
  }
  free(c);
  free(run_cb);
  if (rc) { cJSON_Delete(records); cJSON_Delete(recipe); return rc; }

  /* draw */
  Draw D = {.dir = dir, .name = name};
  char tsvp[PATH_MAX + 64];
  snprintf(tsvp, sizeof tsvp, "%s/%s/%s.tsv", dir, name, name);
  AtomicFile atsv;
  D.tsv = atomic_open(&atsv, tsvp, 0, err, errlen);
  char *body = NULL;
  size_t body_len = 0;
  D.gp_body = open_memstream(&body, &body_len);
  if (!D.tsv || !D.gp_body) {
    if (D.tsv) atomic_abort(&atsv), snprintf(err, errlen, "out of memory");
    if (D.gp_body) fclose(D.gp_body);
    free(body);
    cJSON_Delete(records);
    cJSON_Delete(recipe);
    return 1;
  }
  const cJSON *plot = get(recipe, "plot");
  const char *kind = get(plot, "kind")->valuestring;
  int bars = !strcmp(kind, "bars");
  fprintf(D.tsv, bars ? "# panel\tseries\tfields (%s)...\n" : "# panel\tseries\tx\ty\tstatus\tcommand\n", bars ? "see plot.fields" : "");
  int npanels = bars ? 1 : cJSON_GetArraySize(get(plot, "panels"));
  D.npanels = npanels;
  for (int p = 0; p < npanels && rc == 0; ++p)
    rc = bars ? draw_bars(&D, recipe, records, err, errlen)
              : draw_panel(&D, recipe, cJSON_GetArrayItem(get(plot, "panels"), p), p, records, kind, err, errlen);
  if (rc) atomic_abort(&atsv);
  else if (atomic_commit(&atsv, err, errlen) != 0) rc = 1;
  fclose(D.gp_body);
  int rows = 1, cols = npanels;
  const cJSON *layout = get(plot, "layout");
  if (cJSON_GetArraySize(layout) == 2) {
    rows = (int)cJSON_GetArrayItem(layout, 0)->valuedouble;
    cols = (int)cJSON_GetArrayItem(layout, 1)->valuedouble;
  }
  if (rc == 0 && write_script(&D, str_or(recipe, "title", name), body ? body : "", rows, cols, bars) != 0) {
    snprintf(err, errlen, "cannot write the gnuplot script in %s/%s", dir, name);
    rc = 1;
  }
  free(body);
  if (rc == 0 && o->gnuplot) {
    char fdir_name[PATH_MAX + 64], gp[300], log[PATH_MAX + 80], perr[512];
    snprintf(fdir_name, sizeof fdir_name, "%s/%s", dir, name);
    snprintf(gp, sizeof gp, "%s.gp", name);
    snprintf(log, sizeof log, "%s/gnuplot.log", fdir_name);
    const char *argv[] = {"gnuplot", gp, NULL};
    if (subprocess_run(argv, fdir_name, log, perr, sizeof perr) != 0) {
      snprintf(err, errlen, "%s/%s: %s (see %s)", fdir_name, gp, perr, log);
      rc = 1;
    }
  }

  /* numbers beside the paper's, the verdict, figure.json */
  int pts[OUTCOME_COUNT] = {0};
  const cJSON *r;
  cJSON_ArrayForEach(r, records) pts[record_outcome(r)]++;
  if (!o->quiet)
    fprintf(stdout, "figure %s: %d runs (%d ok, %d failed, %d timed out, %d flagged)\n", name,
            pts[0] + pts[1] + pts[2] + pts[3], pts[0], pts[1], pts[2], pts[3]);
  cJSON *fig = cJSON_CreateObject();
  cJSON_AddStringToObject(fig, "schema", "cbench.figure/1");
  cJSON_AddStringToObject(fig, "name", name);
  cJSON_AddStringToObject(fig, "title", str_or(recipe, "title", name));
  cJSON_AddStringToObject(fig, "caption", str_or(recipe, "caption", ""));
  const cJSON *paper = get(recipe, "paper");
  cJSON_AddItemToObject(fig, "paper", paper && cJSON_IsObject(paper) ? cJSON_Duplicate(paper, 1) : cJSON_CreateNull());
  char cmd[1500];
  snprintf(cmd, sizeof cmd, "cbench figure %s%s --out %s", name, o->quick ? " --quick" : "", dir);
  cJSON_AddStringToObject(fig, "command", cmd);
  cJSON_AddStringToObject(fig, "recipe", path);
  cJSON_AddBoolToObject(fig, "quick", o->quick);
  char date[64];
  clock_utc_iso8601(date, sizeof date);
  cJSON_AddStringToObject(fig, "created", date);
  cJSON_AddNumberToObject(fig, "wall_seconds", clock_monotonic() - t0);
  cJSON_AddItemToObject(fig, "machine", machine_info_json());
  cJSON *img = cJSON_AddObjectToObject(fig, "images");
  char f1[300], f2[300], f3[300];
  snprintf(f1, sizeof f1, "%s.svg", name);
  snprintf(f2, sizeof f2, "%s.png", name);
  snprintf(f3, sizeof f3, "%s.tsv", name);
  cJSON_AddStringToObject(img, "svg", f1);
  cJSON_AddStringToObject(img, "png", f2);
  cJSON_AddStringToObject(fig, "table", f3);
  cJSON_AddItemToObject(fig, "comparisons", comparisons(recipe, records, o->quiet ? NULL : stdout));
  cJSON *verdict = figure_verdict(recipe, records, o->quick);
  const char *v = cJSON_GetObjectItemCaseSensitive(verdict, "sentence")->valuestring;
  cJSON_AddStringToObject(fig, "verdict", v);
  cJSON_AddStringToObject(fig, "verdict_status", cJSON_GetObjectItemCaseSensitive(verdict, "status")->valuestring);
  cJSON_AddItemToObject(fig, "checks", cJSON_DetachItemFromObjectCaseSensitive(verdict, "checks"));
  cJSON *pj = cJSON_AddObjectToObject(fig, "points");
  cJSON_AddNumberToObject(pj, "ok", pts[0]);
  cJSON_AddNumberToObject(pj, "failed", pts[1]);
  cJSON_AddNumberToObject(pj, "timeout", pts[2]);
  cJSON_AddNumberToObject(pj, "flagged", pts[3]);
  if (rc) cJSON_AddStringToObject(fig, "problem", err);
  char *text = cJSON_Print(fig);
  char fj[PATH_MAX + 64], werr[512];
  snprintf(fj, sizeof fj, "%s/%s/figure.json", dir, name);
  if (file_write_atomic(fj, text, strlen(text), werr, sizeof werr) != 0) {
    snprintf(err, errlen, "%s", werr);
    rc = 1;
  }
  if (!o->quiet) printf("figure %s: %s/%s/%s.svg (.png, .tsv, .gp, figure.json)\n  verdict: [%s] %s\n", name, dir, name, name,
                         cJSON_GetObjectItemCaseSensitive(verdict, "status")->valuestring, v);
  free(text);
  cJSON_Delete(verdict);
  cJSON_Delete(fig);
  cJSON_Delete(records);
  cJSON_Delete(recipe);
  return rc;
}
