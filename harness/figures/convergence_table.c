/* Measured error against requested accuracy (convergence_table.h). */
#include "convergence_table.h"

#include "../common/cb_error.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../common/cb_error.h"
#include "../common/json_get.h"
#include "../run/record_fields.h"
#include "../run/record_outcome.h"
#include "plot_work_precision.h"

#define MAX_POINTS 32

typedef struct {
  char case_name[128], label[128], norm[16];
  int n;
  double param[MAX_POINTS], err[MAX_POINTS];
} Line;

/* Least-squares slope of log(err) against log(param) over the points with both > 0 (NAN with
 * fewer than two distinct params). */
static double slope_of(const Line *l) {
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  int n = 0;
  for (int i = 0; i < l->n; ++i) {
    if (!(l->param[i] > 0 && l->err[i] > 0)) continue;
    double x = log(l->param[i]), y = log(l->err[i]);
    sx += x; sy += y; sxx += x * x; sxy += x * y;
    ++n;
  }
  double den = n * sxx - sx * sx;
  return n >= 2 && den > 1e-12 ? (n * sxy - sx * sy) / den : NAN;
}

/* Lines in the order of their first record (their count in *count); points sorted coarse to
 * fine. CB_OK, or CB_ERR_MEMORY. */
static CbStatus collect(const cJSON *records, Line **out, int *count) {
  int n = 0, cap = cJSON_GetArraySize(records);
  Line *lines = calloc((size_t)(cap > 0 ? cap : 1), sizeof *lines);
  if (!lines) return CB_ERR_MEMORY;
  const cJSON *r;
  cJSON_ArrayForEach(r, records) {
    double e = record_get_number(r, FIELD_ERROR_POSITIONS_MAX), p = record_param(r);
    if (record_outcome(r) != OUTCOME_OK || !isfinite(e) || !isfinite(p)) continue;
    Line key = {0};
    snprintf(key.case_name, sizeof key.case_name, "%s", record_get_string(r, FIELD_CASE, ""));
    plot_line_label(r, key.label, sizeof key.label);
    snprintf(key.norm, sizeof key.norm, "%s", cJSON_IsTrue(record_get(r, FIELD_FIXED_STEP)) ? "-" : record_get_string(r, FIELD_PARAMS_ERROR_NORM, ""));
    int k = 0;
    while (k < n && (strcmp(lines[k].case_name, key.case_name) || strcmp(lines[k].label, key.label) || strcmp(lines[k].norm, key.norm))) ++k;
    if (k == n) lines[n++] = key;
    Line *l = &lines[k];
    if (l->n == MAX_POINTS) continue;
    int i = l->n++;
    while (i > 0 && l->param[i - 1] < p) { l->param[i] = l->param[i - 1]; l->err[i] = l->err[i - 1]; --i; }
    l->param[i] = p;
    l->err[i] = e;
  }
  *out = lines;
  *count = n;
  return CB_OK;
}

static void html_text(FILE *f, const char *s) {
  for (; *s; ++s) {
    if (*s == '<') fputs("&lt;", f);
    else if (*s == '>') fputs("&gt;", f);
    else if (*s == '&') fputs("&amp;", f);
    else fputc(*s, f);
  }
}

int convergence_table_write(FILE *f, const cJSON *records, int format) {
  Line *lines = NULL;
  int n = 0, slow = 0;
  if (collect(records, &lines, &n) != CB_OK) return 0; /* out of memory: no table, as for no records */
  if (n == 0 && format != CONVERGENCE_TSV) { free(lines); return 0; }
  if (format == CONVERGENCE_HTML)
    fprintf(f, "<h3>Measured error against requested accuracy</h3>\n<p>Largest position error against the reference "
               "(m) at each requested accuracy (or step), and the log-log slope of error against it over the usable "
               "runs. <b>slow</b>: slope below %g, asking for more accuracy barely lowers the error (pick another "
               "error norm for that question).</p>\n"
               "<p>Which norm: <code>--error-norm q</code> (positions only, cenic-sd's default) answers \"how cheaply "
               "does it stay stable in contact\"; <code>full</code> (positions and velocities) answers \"how close is "
               "the trajectory\". The elastic ball dropped from 1 m (cases/elastic_ball.json, cenic-sd) comes back to "
               "0.05 m (no bounce) at 1e-3 and 0.58 m at 1e-4 under <code>q</code>, to 0.91 and 0.97 m under "
               "<code>full</code> at 7.8x and 2.3x the steps (273 against 35, 518 against 223).</p>\n<table><tr><th>case</th><th>line</th><th>norm</th>"
               "<th>accuracy or dt: error</th><th>slope</th></tr>\n", CONVERGENCE_SLOW_SLOPE);
  else if (format == CONVERGENCE_MD)
    fprintf(f, "Measured error against requested accuracy (largest position error against the reference, m; slope of "
               "log error against log accuracy or dt; **slow**: slope below %g). Which norm: `--error-norm q` (positions "
               "only, cenic-sd's default) for stable contact cheaply, `full` when the trajectory is the question: the "
               "elastic ball dropped from 1 m comes back to 0.05 m at 1e-3 and 0.58 m at 1e-4 under `q`, to 0.91 and "
               "0.97 m under `full` (273 against 35 and 518 against 223 steps).\n\n"
               "| case | line | norm | accuracy or dt: error | slope |\n| --- | --- | --- | --- | --- |\n", CONVERGENCE_SLOW_SLOPE);
  else
    fprintf(f, "case\tline\tnorm\tpoints\tslope\tslow\n");
  for (int k = 0; k < n; ++k) {
    const Line *l = &lines[k];
    double s = slope_of(l);
    int is_slow = isfinite(s) && s < CONVERGENCE_SLOW_SLOPE;
    slow += is_slow;
    char pts[MAX_POINTS * 32] = "";
    size_t m = 0;
    for (int i = 0; i < l->n && m < sizeof pts; ++i)
      m += (size_t)snprintf(pts + m, sizeof pts - m, "%s%g: %.3g", i ? ", " : "", l->param[i], l->err[i]);
    char sl[32];
    if (isfinite(s)) snprintf(sl, sizeof sl, "%.2f", s);
    else snprintf(sl, sizeof sl, "-");
    if (format == CONVERGENCE_HTML) {
      fputs(is_slow ? "<tr class=\"bad\"><td>" : "<tr><td>", f);
      html_text(f, l->case_name);
      fputs("</td><td>", f);
      html_text(f, l->label);
      fprintf(f, "</td><td>%s</td><td>%s</td><td>%s%s</td></tr>\n", l->norm, pts, sl, is_slow ? " <b>slow</b>" : "");
    } else if (format == CONVERGENCE_MD) {
      fprintf(f, "| %s | %s | %s | %s | %s%s |\n", l->case_name, l->label, l->norm, pts, sl, is_slow ? " **slow**" : "");
    } else {
      fprintf(f, "%s\t%s\t%s\t%s\t%s\t%d\n", l->case_name, l->label, l->norm, pts, sl, is_slow);
    }
  }
  fputs(format == CONVERGENCE_HTML ? "</table>\n" : format == CONVERGENCE_MD ? "\n" : "", f);
  free(lines);
  return slow;
}
