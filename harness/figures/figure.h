/* `cbench figure`: paper figures from recipes. A recipe (figures/NAME.json, format in
 * figures/README.md) is data: the sweeps to run, how to draw their records or time series, which
 * of our numbers to set beside which paper numbers (results/paper/), and the checks behind the
 * verdict sentence. `cbench figure NAME` runs what is missing (sweeps resume; records of a current
 * spec are reused), draws DIR/NAME/NAME.{svg,png} with gnuplot, writes the numbers behind it
 * (NAME.tsv), the script (NAME.gp) and DIR/NAME/figure.json (cbench.figure/1, harness/SCHEMA.md),
 * which `cbench report DIR` collects. */
#ifndef CBENCH_FIGURE_H
#define CBENCH_FIGURE_H

#include <stddef.h>
#include <stdio.h>

#include "../common/cb_error.h"

typedef struct {
  int quick;               /* the recipe's "quick" overrides: short horizons, coarse grids */
  char out[1024];          /* DIR; default results/figures/quick or results/figures/full */
  int jobs;                /* parallel runs */
  int gnuplot;             /* 0: write the data, table and script only */
  int quiet;
} FigureOptions;

void figure_options_default(FigureOptions *o);
struct CbenchContext;
/* Prints the names and titles of the recipes in cb->figures_dir; CB_OK, or CB_ERR_IO when there
 * is no recipe folder. */
CbStatus figure_list(const struct CbenchContext *cb, FILE *f);
/* Makes one figure. CB_OK; CB_ERR_INPUT for a bad recipe or name (e names the file, field and
 * value); CB_ERR_IO when something could not be written or gnuplot failed; CB_ERR_MEMORY. Failed
 * or timed-out runs are data. */
CbStatus figure_make(const struct CbenchContext *cb, const char *name, const FigureOptions *o, CbError *e);

#endif
