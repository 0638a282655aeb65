/* Fuzz target: the series CSV reader of figures (figure_csv_series_text, harness/figures/
 * figure_data.c: steps, contacts, energy, trajectory and newton series) from memory. The input's
 * first line picks what is read, tab-separated: the x column, the y expression (a column or
 * "norm:a,b,c") and optionally a row filter COLUMN=TEXT; the rest is the CSV. Then every
 * statistic of figure_points_stat on the points read. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_input.h"

#include "../harness/figures/figure_data.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = fuzz_text(data, size);
  if (!text) return 0;
  char *nl = strchr(text, '\n');
  if (!nl) { free(text); return 0; }
  *nl = '\0';
  char spec[512];
  snprintf(spec, sizeof spec, "%s", text);
  char *csv = strdup(nl + 1);
  free(text);
  if (!csv) return 0;
  char *x_col = spec, *y_expr = strchr(spec, '\t'), *filter = NULL;
  if (!y_expr) { free(csv); return 0; }
  *y_expr++ = '\0';
  if ((filter = strchr(y_expr, '\t'))) *filter++ = '\0';
  cJSON *rows = cJSON_CreateObject();
  char *eq = filter ? strchr(filter, '=') : NULL;
  if (eq) {
    *eq = '\0';
    cJSON_AddStringToObject(rows, filter, eq + 1);
  }
  double *x = NULL, *y = NULL;
  char err[1024];
  int n = -1;
  if (figure_csv_series_text(csv, "fuzz.csv", rows, x_col, y_expr, &x, &y, &n, CB_ERR_BUF(err, sizeof err)) != CB_OK) n = -1;
  static const char *const stats[] = {"max", "min", "mean", "median", "last", "last_x", "count", "rel_variation",
                                      "max_abs_slope", "first_x_below", "first_x_above", "fraction_at_least",
                                      "frac_below", "longest_run_below"};
  for (size_t k = 0; n >= 0 && k < sizeof stats / sizeof stats[0]; ++k) (void)figure_points_stat(x, y, n, stats[k], 0.5);
  free(x);
  free(y);
  cJSON_Delete(rows);
  return 0;
}
