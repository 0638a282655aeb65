/* What a run's execution measured, as C data: run_execute fills it, run_record_add_result
 * (run_record.c) writes it into the record in the order of the field table (record_fields.c),
 * so no pass re-sorts the record afterwards. */
#ifndef CBENCH_RUN_RESULT_H
#define CBENCH_RUN_RESULT_H

#include "../bench/instr_count.h"
#include "grid_integration.h"
#include "metrics.h"
#include "physics_guards.h"

typedef struct {
  const GridRunResult *er; /* the error run: notes, counters, time split, solver, stepping */
  double t_end;            /* simulated duration: work and real_time_rate divide by it */
  int ok;                  /* the run finished (stepping is written only then) */
  double *walls;           /* the timing repetitions' wall times, in order (sorted when written) */
  const double *cpus;      /* their process CPU times, in order */
  int nwall;               /* timing repetitions made */
  int reproducible;        /* each repetition's counters equal the error run's */
  const InstrCounter *ic;  /* the instruction counter (its fd < 0: none, ic->why says why) */
  double *instr;           /* instructions per repetition (sorted when written); NULL: none */
  int has_peak_rss;        /* getrusage answered */
  double peak_rss_mb;
} RunResult;

/* What the error run's metrics measured (run_metrics_result fills it from its grid sums),
 * written by run_record_add_measures: error, error_note, error_windowed(_note), physics with the
 * guards' fields. */
typedef struct {
  int compared;                   /* grid points compared with the reference; 0: error is null */
  const char *reference;          /* the reference file */
  double t_compared;              /* compared up to this time (s) */
  MaxRms positions, full;         /* e_q and e_full over the grid */
  const char *check_integrator;   /* the reference's cross-check; NULL or "": none (null) */
  const char *check_status;
  int check_points, reference_points;
  double check_q_max, check_q_rms, check_full_max, check_full_rms;
  const char *error_note;         /* why error is null or partial; "": null */
  int window_asked;               /* --window given: error_windowed is written (or null) */
  int windows;                    /* windows measured; 0: error_windowed is null */
  double window;                  /* window length (s) */
  const char *window_method;      /* the windows' integrator, with dt or accuracy */
  int window_fixed_step;
  double window_dt_or_accuracy;
  MaxRms window_positions, window_full;
  int failed_windows;
  const char *window_failure;     /* the first failed window's message */
  const char *window_note;        /* why error_windowed is null */
  const char *window_check;       /* the windows' second tight integrator; NULL: none */
  int window_check_fixed_step;
  double window_check_dt_or_accuracy;
  MaxRms window_check_positions, window_check_full; /* its distance to the first, per window */
  int window_check_failed;        /* windows where it failed */
  MaxRms penetration;
  int has_energy;                 /* energy measured at a grid point */
  double energy_start, energy_end;
  const char *drift_rel_note;     /* NULL: drift_rel = drift / abs(start); else why it is null */
  int conservative_model;
  const char *output_error;       /* a series file that could not be written; "" or NULL: none */
  const PhysicsGuardsResult *guards;     /* the physics guards' fields; NULL: none */
  const GuardWarnings *guard_warnings;   /* their sentences for `warnings` */
} RunMeasures;

#endif
