/* What figures read: fields of run records by name, record selections, statistics over them,
 * the time series next to a record. The papers' numbers: harness/figures/paper_data.h. */
#ifndef CBENCH_FIGURE_DATA_H
#define CBENCH_FIGURE_DATA_H

#include <cjson/cJSON.h>
#include <stddef.h>

#include "../common/cb_error.h"

/* A record field by name:
 *   "a.b.c"        a JSON path into the record (numbers; strings for labels);
 *   "param"        the accuracy, or dt for fixed-step runs;
 *   "opt:KEY"      params.options.KEY;  "scene:PATH"  params.scene_params[PATH];
 *   "status_code"  0 ok, 1 failed, 2 timeout, 3 flagged (a physics guard fired);  "abs:FIELD"  |FIELD|;  "ratio:A,B"  A / B;
 *   "mean_step"    t_reached / counters.steps;  "per_s:FIELD"  FIELD / t_reached;
 *   "time_other"   time_split.total minus its geometry, assembly, factorization, line search;
 *   "series:FILE:COLUMN:STAT"  a statistic of one column of the record's time series FILE
 *                  (steps, contacts, ...; figure_record_series) against t: max, min, mean,
 *                  median, last, last_x, count, rel_variation or max_abs_slope (figure_points_stat),
 *                  e.g. "series:steps:hessian_cond:median".
 * figure_value: the number (numeric strings are parsed), NAN when absent. NAN is no value, not
 * a failure: a record without the field (a run that stopped early, a series not written) is a
 * missing datum, drawn as absent and giving a check no number; a malformed field name is the
 * recipe loader's error (figure_field_problem). figure_label: the text ("" when absent; numbers
 * formatted %g). */
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
 * nothing matches: no value (as figure_value), not a failure; an unknown stat is refused by
 * recipe_load. */
double figure_stat(const cJSON *records, const cJSON *where, const char *field, const char *stat,
                   const char *x_field);

/* One series of a CSV time series: rows matching `rows` ({column: text}), x = column x_col,
 * y = column y_expr or "norm:a,b,c" (Euclidean norm of columns); rows with the same x are summed.
 * CB_OK with the point count in *n (arrays malloc'd into *x, *y); CB_ERR_IO (cannot be read),
 * CB_ERR_INPUT (empty, a column not in the header) or CB_ERR_MEMORY, the message in e. */
CbStatus figure_csv_series(const char *path, const cJSON *rows, const char *x_col, const char *y_expr, double **x,
                           double **y, int *n, CbError *e);

/* The same from text in memory (malloc'ed, NUL-terminated; taken over and freed); path only
 * names it in e. */
CbStatus figure_csv_series_text(char *text, const char *path, const cJSON *rows, const char *x_col, const char *y_expr,
                                double **x, double **y, int *n, CbError *e);

/* The time series `file` (steps, contacts, energy, trajectory, newton) next to record rec (its
 * "_dir" and "record_file"), read as figure_csv_series (CB_ERR_INPUT when rec names no file). */
CbStatus figure_record_series(const cJSON *rec, const char *file, const cJSON *rows, const char *x_col,
                              const char *y_expr, double **x, double **y, int *n, CbError *e);

/* A statistic of the n points (x, y) of a time series (figures/README.md, "Checks"): max, min,
 * mean, median and count of y; last (y) and last_x (x of the last point); rel_variation
 * (sum |y_i+1 - y_i| / sum |y_i|: force noise); max_abs_slope (max |dy/dx|: the sharpest change);
 * against threshold: first_x_below (the first x at which y falls below it after having been
 * above: a slide-to-stick time), first_x_above, fraction_at_least (of the points with y >= it),
 * frac_below (y <= it) and longest_run_below (the most consecutive such points). NAN for an
 * unknown stat, when no point gives one, and when any sample is NaN (such a series is not data):
 * no value, not a failure (recipe_load refuses an unknown stat). Sorts y in place for the median. */
double figure_points_stat(const double *x, double *y, int n, const char *stat, double threshold);

/* NULL when field is a well-formed record field as far as it can be checked without records
 * (the "series:FILE:COLUMN:STAT" form), else the problem. */
const char *figure_field_problem(const char *field);

#endif
