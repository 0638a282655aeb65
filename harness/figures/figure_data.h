/* What figures read: fields of run records by name, record selections, statistics over them,
 * the time series next to a record. The papers' numbers: harness/figures/paper_data.h. */
#ifndef CBENCH_FIGURE_DATA_H
#define CBENCH_FIGURE_DATA_H

#include <cjson/cJSON.h>
#include <stddef.h>

/* A record field by name:
 *   "a.b.c"        a JSON path into the record (numbers; strings for labels);
 *   "param"        the accuracy, or dt for fixed-step runs;
 *   "opt:KEY"      params.options.KEY;  "scene:PATH"  params.scene_params[PATH];
 *   "status_code"  0 ok, 1 failed, 2 timeout, 3 flagged (a physics guard fired);  "abs:FIELD"  |FIELD|;  "ratio:A,B"  A / B;
 *   "mean_step"    t_reached / counters.steps;  "per_s:FIELD"  FIELD / t_reached;
 *   "time_other"   time_split.total minus its geometry, assembly, factorization, line search.
 * figure_value: the number (numeric strings are parsed), NAN when absent. figure_label: the text
 * ("" when absent; numbers formatted %g). */
double figure_value(const cJSON *rec, const char *field);
void figure_label(const cJSON *rec, const char *field, char *out, size_t outlen);
/* The label of a record for a list of fields ("cenic-sd ls_init=cubic"); fields an unset
 * record lacks are left out. */
void figure_series_label(const cJSON *rec, const cJSON *fields, char *out, size_t outlen);
/* 1 when every key of `where` ({field: value or [values]}) matches (numbers with relative
 * tolerance 1e-9, strings exactly). NULL where matches every record. */
int figure_match(const cJSON *rec, const cJSON *where);

/* A statistic of `field` over the records matching `where`: "value" (the one matching record;
 * NAN unless exactly one), "sum", "mean", "min", "max", "count", "ratio_max_min", or "slope" (least
 * squares slope of log y = field against log x = `x_field`: an order of convergence). NAN when
 * nothing matches. */
double figure_stat(const cJSON *records, const cJSON *where, const char *field, const char *stat,
                   const char *x_field);

/* One series of a CSV time series: rows matching `rows` ({column: text}), x = column x_col,
 * y = column y_expr or "norm:a,b,c" (Euclidean norm of columns); rows with the same x are summed.
 * Returns the point count (arrays malloc'd into *x, *y), or -1 with a message. */
int figure_csv_series(const char *path, const cJSON *rows, const char *x_col, const char *y_expr, double **x,
                      double **y, char *err, size_t errlen);

#endif
