/* The work-precision plots of `cbench plot` as a built-in plot kind of the figure engine
 * (plot_kind.c's `work_precision`): for one case, work against measured error, against windowed
 * error and against requested accuracy (or dt), one line per series label, failed, timed-out
 * and flagged runs as markers. It writes DIR/CASE/ (one .dat per line) and the body of DIR/CASE.gp. */
#ifndef CBENCH_PLOT_WORK_PRECISION_H
#define CBENCH_PLOT_WORK_PRECISION_H

#include <cjson/cJSON.h>
#include <stddef.h>

#include "../common/cb_error.h"

struct FigureDraw;

/* The case D->name's plots of records (plot.sweep_command: the sweep's command line for the titles,
 * absent: unknown); CB_OK, or CB_ERR_IO / CB_ERR_MEMORY with the message in e. */
CbStatus draw_work_precision(struct FigureDraw *D, const cJSON *plot, const cJSON *records, CbError *e);
/* A record's line label: its integrator plus every sweep axis it sets (options, scene
 * parameters, a chosen error norm, a max step). */
void plot_line_label(const cJSON *r, char *label, size_t n);

#endif
