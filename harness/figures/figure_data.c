#include "figure_data.h"

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/files.h"
#include "../common/json_get.h"
#include "../run/record_outcome.h"
#include "../run/reference.h"

/* The JSON item a field names (NULL when absent). */
static const cJSON *field_item(const cJSON *rec, const char *field) {
  const cJSON *p = json_get(rec, "params");
  if (!strcmp(field, "param")) {
    const cJSON *a = json_get(p, "accuracy");
    return cJSON_IsNumber(a) ? a : json_get(p, "dt");
  }
  if (!strncmp(field, "opt:", 4)) return json_get(json_get(p, "options"), field + 4);
  if (!strncmp(field, "scene:", 6)) return json_get(json_get(p, "scene_params"), field + 6);
  const cJSON *o = rec;
  char key[128];
  const char *s = field;
  while (o && *s) {
    size_t n = strcspn(s, ".");
    if (n >= sizeof key) return NULL;
    memcpy(key, s, n);
    key[n] = 0;
    o = json_get(o, key);
    s += n;
    if (*s == '.') ++s;
  }
  return o;
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
  if (!strcmp(field, "status_code")) {
    if (!cJSON_IsString(json_get(rec, "status"))) return NAN;
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

static int column_of(char **head, int nh, const char *name) {
  for (int i = 0; i < nh; ++i)
    if (!strcmp(head[i], name)) return i;
  return -1;
}

enum { CSV_MAX_COLS = 64 };

int figure_csv_series(const char *path, const cJSON *rows, const char *x_col, const char *y_expr, double **xo,
                      double **yo, char *err, size_t errlen) {
  *xo = *yo = NULL;
  char *text = file_read_all(path, NULL);
  if (!text) { snprintf(err, errlen, "%s: cannot read", path); return -1; }
  char *save = NULL, *line = strtok_r(text, "\n", &save);
  if (!line) { free(text); snprintf(err, errlen, "%s: empty", path); return -1; }
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
    snprintf(err, errlen, "%s: a column of x '%s', y '%s' or rows is not in the header", path, x_col, y_expr);
    free(text);
    return -1;
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
  if (!x || !y) { free(x); free(y); snprintf(err, errlen, "out of memory"); return -1; }
  *xo = x;
  *yo = y;
  return (int)n;
}

