/* `cbench plot DIR`: flattens the records of a sweep into DIR/plots/records.tsv (the field
 * table's columns) and, per case, draws the figure engine's built-in work-precision recipe
 * (plot kind `work_precision`: per-case .dat tables and one gnuplot script, work vs measured
 * error, vs windowed error, vs requested accuracy or step; failed/timeout runs marked), then runs
 * gnuplot to make PNG and SVG figures. A caption file holds the sweep's command line. */
#ifndef CBENCH_PLOT_H
#define CBENCH_PLOT_H

#include <cjson/cJSON.h>
#include <stddef.h>

#include "../../integrators/integrator.h"
#include "../common/cb_error.h"

/* CB_OK on success (figures written or, without gnuplot, scripts only, with a note);
 * CB_ERR_INPUT when DIR has no records or one cannot be read; CB_ERR_IO on a write error or a
 * failed gnuplot; CB_ERR_MEMORY. */
CbStatus plot_dir(const char *dir, int run_gnuplot, CbError *e);
/* The same with the integrators' colours from registry r (the context's: run-time additions get
 * their own; NULL: the built-in table alone, as plot_dir). e is not NULL (the message). */
CbStatus plot_dir_in(const IntegratorRegistry *r, const char *dir, int run_gnuplot, CbError *e);

#endif
