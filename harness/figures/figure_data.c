#include "figure_data.h"

#include <dirent.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/cb_path.h"
#include "../common/files.h"
#include "../common/json_get.h"
#include "../run/record_fields.h"
#include "../run/record_outcome.h"
#include "../run/reference.h"
#include "../sweep/sweep.h"

static double series_field(const cJSON *rec, const char *spec);

/* The JSON item a field names (NULL when absent). */
static const cJSON *field_item(const cJSON *rec, const char *field) {
  if (!strcmp(field, "param")) {
    const cJSON *a = record_get(rec, FIELD_PARAMS_ACCURACY);
    return cJSON_IsNumber(a) ? a : record_get(rec, FIELD_PARAMS_DT);
  }
  if (!strncmp(field, "opt:", 4)) return json_get(record_get(rec, FIELD_PARAMS_OPTIONS), field + 4);
  if (!strncmp(field, "scene:", 6)) return json_get(record_get(rec, FIELD_PARAMS_SCENE_PARAMS), field + 6);
  return record_get_path(rec, field); /* the recipe names the field */
}

double figure_value(const cJSON *rec, const char *field) {
  if (!strncmp(field, "abs:", 4)) return fabs(figure_value(rec, field + 4));
  if (!strncmp(field, "ratio:", 6)) { /* ratio:A,B = A / B */
    const char *comma = strchr(field + 6, ',');
    char a[128];
    if (!comma || comma - field - 6 >= (long)sizeof a) return NAN;
    snprintf(a, sizeof a, "%.*s", (int)(comma - field - 6), field + 6);
    double den = figure_value(rec, comma + 1);
    return den != 0 ? figure_value(rec, a) / den : NAN;
  }
  if (!strcmp(field, "mean_step")) {
    double t = figure_value(rec, "t_reached"), n = figure_value(rec, "counters.steps");
    return n > 0 ? t / n : NAN;
  }
  if (!strcmp(field, "time_other")) { /* wall time outside the named parts of the split */
    double o = figure_value(rec, "time_split.total");
    const char *parts[] = {"time_split.geometry", "time_split.assembly", "time_split.factorization", "time_split.linesearch"};
    for (int i = 0; i < 4; ++i) o -= figure_value(rec, parts[i]);
    return o > 0 ? o : 0;
  }
  if (!strncmp(field, "per_s:", 6)) { /* a counter per simulated second */
    double t = figure_value(rec, "t_reached");
    return t > 0 ? figure_value(rec, field + 6) / t : NAN;
  }
  if (!strncmp(field, "series:", 7)) return series_field(rec, field + 7);
  if (!strcmp(field, "status_code")) {
    if (!cJSON_IsString(record_get(rec, FIELD_STATUS))) return NAN;
    return (double)record_outcome(rec);
  }
  const cJSON *x = field_item(rec, field);
  if (cJSON_IsNumber(x)) return x->valuedouble;
  if (cJSON_IsString(x)) {
    char *end;
    double v = strtod(x->valuestring, &end);
    if (end != x->valuestring && !*end) return v;
  }
  if (cJSON_IsBool(x)) return cJSON_IsTrue(x) ? 1 : 0;
  return NAN;
}

void figure_label(const cJSON *rec, const char *field, char *out, size_t outlen) {
  const cJSON *x = field_item(rec, field);
  if (cJSON_IsString(x)) snprintf(out, outlen, "%s", x->valuestring);
  else if (cJSON_IsNumber(x)) snprintf(out, outlen, "%g", x->valuedouble);
  else if (cJSON_IsBool(x)) snprintf(out, outlen, "%s", cJSON_IsTrue(x) ? "true" : "false");
  else out[0] = 0;
}

void figure_series_label(const cJSON *rec, const cJSON *fields, char *out, size_t outlen) {
  size_t n = 0;
  out[0] = 0;
  const cJSON *f;
  cJSON_ArrayForEach(f, fields) {
    if (!cJSON_IsString(f)) continue;
    char v[256];
    figure_label(rec, f->valuestring, v, sizeof v);
    if (!v[0] || n >= outlen) continue;
    /* the integrator and the case read as themselves; other fields as name=value */
    const char *name = f->valuestring;
    if (!strncmp(name, "opt:", 4)) name += 4;
    else if (!strncmp(name, "scene:", 6)) name += 6;
    else if (strrchr(name, '.')) name = strrchr(name, '.') + 1;
    if (!strcmp(f->valuestring, "integrator") || !strcmp(f->valuestring, "case"))
      n += (size_t)snprintf(out + n, outlen - n, "%s%s", n ? " " : "", v);
    else
      n += (size_t)snprintf(out + n, outlen - n, "%s%s=%s", n ? " " : "", name, v);
  }
}

static int value_matches(const cJSON *rec, const char *field, const cJSON *want) {
  if (cJSON_IsArray(want)) {
    const cJSON *w;
    cJSON_ArrayForEach(w, want) if (value_matches(rec, field, w)) return 1;
    return 0;
  }
  if (cJSON_IsNumber(want)) {
    double v = figure_value(rec, field);
    return isfinite(v) && fabs(v - want->valuedouble) <= 1e-9 * fmax(fabs(v), fabs(want->valuedouble));
  }
  if (cJSON_IsString(want)) {
    char v[256];
    figure_label(rec, field, v, sizeof v);
    return !strcmp(v, want->valuestring);
  }
  if (cJSON_IsBool(want)) return figure_value(rec, field) == (cJSON_IsTrue(want) ? 1 : 0);
  if (cJSON_IsObject(want)) { /* {"min": a, "max": b}: a number in [a, b] (either bound optional) */
    const cJSON *lo = cJSON_GetObjectItemCaseSensitive(want, "min"), *hi = cJSON_GetObjectItemCaseSensitive(want, "max");
    double v = figure_value(rec, field);
    return isfinite(v) && (!cJSON_IsNumber(lo) || v >= lo->valuedouble) && (!cJSON_IsNumber(hi) || v <= hi->valuedouble);
  }
  if (cJSON_IsNull(want)) return field_item(rec, field) == NULL || cJSON_IsNull(field_item(rec, field));
  return 0;
}

int figure_match(const cJSON *rec, const cJSON *where) {
  const cJSON *w;
  cJSON_ArrayForEach(w, where) if (!value_matches(rec, w->string, w)) return 0;
  return 1;
}

double figure_stat(const cJSON *records, const cJSON *where, const char *field, const char *stat,
                   const char *x_field) {
  double sum = 0, lo = INFINITY, hi = -INFINITY, value = NAN;
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  int n = 0, matched = 0, nfit = 0;
  const cJSON *r;
  cJSON_ArrayForEach(r, records) {
    if (!figure_match(r, where)) continue;
    ++matched;
    double v = figure_value(r, field);
    if (!isfinite(v)) continue;
    ++n;
    sum += v;
    lo = fmin(lo, v);
    hi = fmax(hi, v);
    value = v;
    if (x_field) {
      double x = figure_value(r, x_field);
      if (isfinite(x) && x > 0 && v > 0) {
        double lx = log(x), ly = log(v);
        sx += lx; sy += ly; sxx += lx * lx; sxy += lx * ly;
        ++nfit;
      }
    }
  }
  if (!strcmp(stat, "count")) return matched;
  if (n == 0) return NAN;
  if (!strcmp(stat, "value")) return n == 1 && matched == 1 ? value : NAN;
  if (!strcmp(stat, "sum")) return sum;
  if (!strcmp(stat, "mean")) return sum / n;
  if (!strcmp(stat, "min")) return lo;
  if (!strcmp(stat, "max")) return hi;
  if (!strcmp(stat, "ratio_max_min")) return lo > 0 ? hi / lo : NAN;
  if (!strcmp(stat, "slope")) {
    double den = nfit * sxx - sx * sx;
    return nfit >= 2 && den > 0 ? (nfit * sxy - sx * sy) / den : NAN;
  }
  return NAN;
}

/* Splits a CSV line in place (no quoting: cbench's series have none). */
static int split_csv_line(char *line, char **cols, int max) {
  int n = 0;
  char *p = line;
  while (n < max) {
    cols[n++] = p;
    char *c = strchr(p, ',');
    if (!c) break;
    *c = 0;
    p = c + 1;
  }
  char *nl = strpbrk(cols[n - 1], "\r\n");
  if (nl) *nl = 0;
  return n;
}

/* The index of column name in the header, or -1 when it has none (an index, not a failure: the
 * caller reports every missing column in one message). */
static int column_of(char **head, int nh, const char *name) {
  for (int i = 0; i < nh; ++i)
    if (!strcmp(head[i], name)) return i;
  return -1;
}

enum { CSV_MAX_COLS = 64 };

CbStatus figure_csv_series(const char *path, const cJSON *rows, const char *x_col, const char *y_expr, double **xo,
                           double **yo, int *no, CbError *e) {
  *xo = *yo = NULL;
  *no = 0;
  char *text = series_read_all(path, NULL); /* PATH or PATH.gz */
  if (!text) return CB_ERROR(e, CB_ERR_IO, "%s: cannot read", path);
  return figure_csv_series_text(text, path, rows, x_col, y_expr, xo, yo, no, e);
}

CbStatus figure_csv_series_text(char *text, const char *path, const cJSON *rows, const char *x_col, const char *y_expr,
                                double **xo, double **yo, int *no, CbError *e) {
  *xo = *yo = NULL;
  *no = 0;
  char *save = NULL, *line = strtok_r(text, "\n", &save);
  if (!line) { free(text); return CB_ERROR(e, CB_ERR_INPUT, "%s: empty", path); }
  char *head[CSV_MAX_COLS];
  int nh = split_csv_line(line, head, CSV_MAX_COLS);
  int xc = column_of(head, nh, x_col);
  int yc[3] = {-1, -1, -1}, ny = 0;
  if (!strncmp(y_expr, "norm:", 5)) {
    char buf[256];
    snprintf(buf, sizeof buf, "%s", y_expr + 5);
    char *s2 = NULL;
    for (char *t = strtok_r(buf, ",", &s2); t && ny < 3; t = strtok_r(NULL, ",", &s2)) yc[ny++] = column_of(head, nh, t);
  } else {
    yc[ny++] = column_of(head, nh, y_expr);
  }
  int bad = xc < 0;
  for (int i = 0; i < ny; ++i) bad |= yc[i] < 0;
  int filt_col[8], nf = 0;
  const char *filt_val[8];
  const cJSON *w;
  cJSON_ArrayForEach(w, rows) {
    if (nf >= 8 || !cJSON_IsString(w)) { bad = 1; break; }
    filt_col[nf] = column_of(head, nh, w->string);
    filt_val[nf] = w->valuestring;
    bad |= filt_col[nf++] < 0;
  }
  if (bad) {
    free(text);
    return CB_ERROR(e, CB_ERR_INPUT, "%s: a column of x '%s', y '%s' or rows is not in the header", path, x_col, y_expr);
  }
  size_t cap = 1024, n = 0;
  double *x = malloc(cap * sizeof *x), *y = malloc(cap * sizeof *y);
  while (x && y && (line = strtok_r(NULL, "\n", &save))) {
    char *cols[CSV_MAX_COLS];
    int nc = split_csv_line(line, cols, CSV_MAX_COLS);
    int keep = 1;
    for (int i = 0; i < nf && keep; ++i) keep = filt_col[i] < nc && !strcmp(cols[filt_col[i]], filt_val[i]);
    if (!keep || xc >= nc) continue;
    double xv = atof(cols[xc]), yv = 0;
    for (int i = 0; i < ny; ++i) {
      double c = yc[i] < nc && cols[yc[i]][0] ? atof(cols[yc[i]]) : NAN;
      yv += ny > 1 ? c * c : c;
    }
    if (ny > 1) yv = sqrt(yv);
    if (n > 0 && x[n - 1] == xv) { y[n - 1] += yv; continue; } /* same time: summed */
    if (n == cap) {
      cap *= 2;
      double *nx = realloc(x, cap * sizeof *x), *nyv = realloc(y, cap * sizeof *y);
      if (nx) x = nx;
      if (nyv) y = nyv;
      if (!nx || !nyv) break;
    }
    x[n] = xv;
    y[n++] = yv;
  }
  free(text);
  if (!x || !y) { free(x); free(y); return CB_ERROR(e, CB_ERR_MEMORY, "%s: out of memory", path); }
  *xo = x;
  *yo = y;
  *no = (int)n;
  return CB_OK;
}


CbStatus figure_record_series(const cJSON *rec, const char *file, const cJSON *rows, const char *x_col,
                              const char *y_expr, double **x, double **y, int *n, CbError *e) {
  CbPath rec_path, csv;
  *x = *y = NULL;
  *n = 0;
  const char *rf = record_get_string(rec, FIELD_RECORD_FILE, "");
  if (!rf[0]) return CB_ERROR(e, CB_ERR_INPUT, "the record names no file: no series");
  if (cb_path_join(&rec_path, e, json_str_or(rec, "_dir", "."), rf) != CB_OK) return CB_ERR_IO;
  sweep_series_path(rec_path.s, file, csv.s, sizeof csv.s);
  return figure_csv_series(csv.s, rows, x_col, y_expr, x, y, n, e);
}

static int cmp_double(const void *a, const void *b) {
  const double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

double figure_points_stat(const double *x, double *y, int np, const char *stat, double thr) {
  double v = NAN, tv = 0, sum = 0;
  int above = 0, run = 0, nbelow = 0, nat = 0;
  /* a NaN sample would compare false and be read as "below the threshold" or skipped by max:
   * a series with one is not data */
  for (int i = 0; i < np; ++i)
    if (isnan(x[i]) || isnan(y[i])) return NAN;
  if (np < 0) return NAN;
  if (!strcmp(stat, "count")) return np;
  if (np > 0 && !strcmp(stat, "median")) {
    qsort(y, (size_t)np, sizeof *y, cmp_double);
    return np % 2 ? y[np / 2] : 0.5 * (y[np / 2 - 1] + y[np / 2]);
  }
  for (int i = 0; i < np; ++i) {
    if (!strcmp(stat, "max")) v = i > 0 ? fmax(v, y[i]) : y[i];
    else if (!strcmp(stat, "min")) v = i > 0 ? fmin(v, y[i]) : y[i];
    else if (!strcmp(stat, "mean")) { sum += y[i]; if (i == np - 1) v = sum / np; }
    else if (!strcmp(stat, "fraction_at_least")) { nat += y[i] >= thr; if (i == np - 1) v = (double)nat / np; }
    else if (!strcmp(stat, "last")) v = y[i];
    else if (!strcmp(stat, "last_x")) v = x[i];
    else if (!strcmp(stat, "first_x_above") && y[i] > thr) { v = x[i]; break; }
    else if (!strcmp(stat, "first_x_below")) {
      if (y[i] > thr) above = 1;
      else if (above) { v = x[i]; break; }
    } else if (!strcmp(stat, "rel_variation")) {
      sum += fabs(y[i]);
      if (i > 0) tv += fabs(y[i] - y[i - 1]);
      if (i == np - 1 && sum > 0) v = tv / sum;
    } else if (!strcmp(stat, "frac_below")) {
      nbelow += y[i] <= thr;
      if (i == np - 1) v = (double)nbelow / np;
    } else if (!strcmp(stat, "longest_run_below")) {
      run = y[i] <= thr ? run + 1 : 0;
      if (run > nbelow) nbelow = run;
      if (i == np - 1) v = nbelow;
    } else if (!strcmp(stat, "max_abs_slope") && i > 0 && x[i] > x[i - 1]) {
      double d = fabs(y[i] - y[i - 1]) / (x[i] - x[i - 1]);
      v = isnan(v) ? d : fmax(v, d);
    }
  }
  return v;
}

/* The statistics a "series:FILE:COLUMN:STAT" field takes: those without a threshold. */
static const char *const field_stats[] = {"max", "min", "mean", "median", "last", "last_x", "count", "rel_variation",
                                          "max_abs_slope", NULL};

/* 1 when file names one series (steps, contacts, energy, trajectory, newton). */
static int one_series_file(const char *file) { return !strchr(file, ',') && sweep_series_parse(file) > 0; }

/* Splits "FILE:COLUMN:STAT" into its three parts; CB_OK, or CB_ERR_INPUT when malformed (the
 * caller says why). */
static CbStatus series_field_parts(const char *spec, char *file, char *col, char *stat, size_t len) {
  const char *a = strchr(spec, ':'), *b = a ? strchr(a + 1, ':') : NULL;
  if (!a || !b || strchr(b + 1, ':') || a == spec || b == a + 1 || !b[1]) return CB_ERR_INPUT;
  if ((size_t)(a - spec) >= len || (size_t)(b - a - 1) >= len || strlen(b + 1) >= len) return CB_ERR_INPUT;
  snprintf(file, len, "%.*s", (int)(a - spec), spec);
  snprintf(col, len, "%.*s", (int)(b - a - 1), a + 1);
  snprintf(stat, len, "%s", b + 1);
  return CB_OK;
}

const char *figure_field_problem(const char *field) {
  if (strncmp(field, "series:", 7)) return NULL;
  char which[64], col[64], stat[64]; /* which series: steps, contacts, ... */
  if (series_field_parts(field + 7, which, col, stat, sizeof which))
    return "expected \"series:FILE:COLUMN:STAT\", e.g. \"series:steps:hessian_cond:median\"";
  if (!one_series_file(which)) return "the series FILE must be steps, contacts, energy, trajectory or newton";
  for (int i = 0; field_stats[i]; ++i)
    if (!strcmp(stat, field_stats[i])) return NULL;
  return "the series STAT must be max, min, mean, median, last, last_x, count, rel_variation or max_abs_slope";
}

/* "FILE:COLUMN:STAT": the statistic of the column of the record's series FILE against t (rows
 * with the same t summed, as in every series selection); NAN when it cannot be read: no value
 * (as figure_value), not a failure. */
static double series_field(const cJSON *rec, const char *spec) {
  char which[64], col[64], stat[64]; /* which series: steps, contacts, ... */
  if (series_field_parts(spec, which, col, stat, sizeof which) || !one_series_file(which)) return NAN;
  int known = 0;
  for (int i = 0; field_stats[i] && !known; ++i) known = !strcmp(stat, field_stats[i]);
  if (!known) return NAN;
  double *x, *y;
  int n;
  if (figure_record_series(rec, which, NULL, "t", col, &x, &y, &n, NULL) != CB_OK) return NAN;
  double v = figure_points_stat(x, y, n, stat, 0);
  free(x);
  free(y);
  return v;
}
