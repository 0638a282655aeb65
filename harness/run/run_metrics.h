/* What the error run measures at each point of its output grid: the error against the
 * reference, the windowed (local) error, penetration, energy, the physics guards, and the opt-in
 * series (--trajectory, --energy, --contact-forces, --step-log, --newton-log). Series are written to
 * PATH.tmp.HOST.PID and renamed only when complete, so no partial file is left behind. */
#ifndef CBENCH_RUN_METRICS_H
#define CBENCH_RUN_METRICS_H

#include <stdio.h>
#include <sys/types.h>

#include "../../models/data.h"
#include "contact_log.h"
#include "energy_log.h"
#include "metrics.h"
#include "physics_guards.h"
#include "reference.h"
#include "run.h"
#include "newton_log.h"
#include "step_log.h"

typedef struct {
  const Model *m;
  const RunSpec *spec;
  Data *d;
  const Reference *ref;    /* NULL: no error */
  const unsigned char *flags; /* per grid point OUTPUT_POINT_* (harness/run/output_grid.h); NULL: all */
  int ref_k;               /* next reference point to match */
  int ncompared;
  double t_compared;
  MaxRms eq, efull, pen;
  double e0, e_last;
  PhysicsGuards guards;    /* energy rise, penetration bounds, contact residuals */
  /* opt-in series; a NULL file means off */
  FILE *traj;
  EnergyLog energy;
  ContactLog contacts;
  StepLog steps;
  NewtonLog newton;
  char traj_tmp[1200], energy_tmp[1200], contacts_tmp[1200], steps_tmp[1200], newton_tmp[1200];
  char out_err[1400];      /* the first series that could not be written: "PATH: REASON" */
  /* windowed error: at every window end (OUTPUT_POINT_WINDOW) a tight integration restarted
   * from the run's state at the window start is compared with the run */
  int windows_on;          /* 0: off */
  int have_w;              /* a window has started (xw, tw set) */
  double rate;
  const IntegratorVtbl *wvt;
  IntegratorOptions wopt;
  double *xw, *xtight;     /* [nx] state at the window start; tight state at the window end */
  double tw;               /* window start time */
  MaxRms wq, wfull;
  int wfailed;
  /* the windows' cross-check (spec window_check): a second tight integration per window */
  const IntegratorVtbl *wcvt;
  IntegratorOptions wcopt;
  double *xcheck;          /* [nx] its state at the window end */
  MaxRms wcq, wcfull;      /* its distance to the first: the windowed error's resolution */
  int wcfailed;
  double wbudget;
  char wmsg[256], wnote[512];
} RunMetrics;

/* Sets up the metrics of ctx's error run on a grid of `rate` points per second (ref NULL: no
 * error) and opens the spec's series. */
void run_metrics_open(RunMetrics *rm, const RunContext *ctx, const Reference *ref, double rate);
/* The grid sink (GridSink) of the error run. */
int run_metrics_sink(void *rm, Integrator *it, int k, double t, const double *x, char *msg, size_t msglen);
/* The step observer for --step-log, or NULL when off. */
StepObserver run_metrics_step_observer(const RunMetrics *rm);
/* The Newton observer for --newton-log (ctx: &rm->newton), or NULL when off. */
NewtonObserver run_metrics_newton_observer(const RunMetrics *rm);
/* Closes the series, renaming each complete file into place (an incomplete one is removed, and
 * the failure noted in rm->out_err). */
void run_metrics_close_series(RunMetrics *rm);
/* Fills a RunMeasures (run_result.h) from the grid sums and writes it into rec
 * (run_record_add_measures: "error", "error_note", "error_windowed", "physics"), then the
 * guards' blocks. run_ok: the error run finished; note: why there is no error (or ""),
 * completed here when the run stopped early. */
void run_metrics_report(RunMetrics *rm, cJSON *rec, const char *reference_path, int run_ok, double t_end,
                        char *note, size_t notelen);
void run_metrics_free(RunMetrics *rm);

/* CB_OK when every series file of s and the record path json (NULL: none) can be created (their
 * temporaries are made and removed), else CB_ERR_IO with "PATH: cannot create: REASON" in e. */
CbStatus run_outputs_check(const RunSpec *s, const char *json, CbError *e);
/* Removes the series temporaries of the run process pid (a killed or crashed run leaves them). */
void run_series_tmp_remove(const RunSpec *s, pid_t pid);
/* Removes the run's series files (a run whose record could not be written leaves none: a series
 * without its record would read as a finished run's). */
void run_series_remove(const RunSpec *s);
/* Removes the gzip'd form (PATH.gz) of each series the spec asks for: a fresh run's series supersede it. */
void run_series_remove_gz(const RunSpec *s);

/* The temporary trajectory file of the run process pid (removed by the parent when the child is
 * killed). */
void trajectory_tmp_path(const RunSpec *s, pid_t pid, char *tmp, size_t tmplen);

#endif
