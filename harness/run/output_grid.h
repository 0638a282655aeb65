/* The output grid of a run with --output-dt: the error grid (the reference's times, or
 * RUN_DEFAULT_GRID_RATE points per s) merged with the series times (every output_dt s, or the
 * end of every accepted step). The integrators reach each point by dense output inside their
 * steps, so the grid does not change the integration; errors are measured at the error grid's
 * points only and series rows are written at the series points only. */
#ifndef CBENCH_OUTPUT_GRID_H
#define CBENCH_OUTPUT_GRID_H

#include "../../integrators/integrator.h"

/* OUTPUT_POINT_WINDOW: a window end of the windowed error (`--window W`: every k W s), merged
 * in so that windows are exactly W long whatever the error grid. */
enum { OUTPUT_POINT_ERROR = 1, OUTPUT_POINT_ROW = 2, OUTPUT_POINT_WINDOW = 4 };

/* The uniform series times k * dt (k >= 0, k * dt <= t_end) plus t_end; NULL when dt is not
 * a number > 0, they would exceed GRID_MAX_POINTS, or memory runs out. */
double *output_grid_uniform(double t_end, double dt, int *n);
/* Merges the sorted error grid (ne points) with the sorted series times (nr points) into a
 * sorted grid without duplicates (times within 1e-9 (1 + |t|) are one point); flags[i] says
 * which the point belongs to (OUTPUT_POINT_*). CB_OK, or CB_ERR_MEMORY (nothing allocated). */
CbStatus output_grid_merge(const double *te, int ne, const double *tr, int nr, double **t, unsigned char **flags,
                           int *n);

/* The window ends k * w (k >= 0, k * w <= t_end; a last partial window has no end); NULL as
 * output_grid_uniform. */
double *output_grid_windows(double t_end, double w, int *n);
/* Merges the sorted times tw (nw points) into the sorted flagged grid (*t, *flags, *n), flag f
 * on each (a time within 1e-9 (1 + |t|) of a grid point flags that point, keeping its time).
 * *t and *flags are replaced. CB_OK, or CB_ERR_MEMORY (the grid is left as it was). */
CbStatus output_grid_add(double **t, unsigned char **flags, int *n, const double *tw, int nw, unsigned char f);

/* A step observer collecting the end times of accepted steps (the times of `--output-dt step`). */
typedef struct {
  double *t;
  int n, cap;
  int overflow;            /* more than GRID_MAX_POINTS steps, or no memory */
  int internal;            /* the integrator reported several steps in one event (SUNDIALS) */
} StepTimes;
void step_times_observe(void *ctx, const Integrator *it, const StepEvent *e);
void step_times_free(StepTimes *s);

#endif
