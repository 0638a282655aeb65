/* What a run's execution measured, as C data: run_execute fills it, run_record_add_result
 * (run_record.c) writes it into the record in the order of the field table (record_fields.c),
 * so no pass re-sorts the record afterwards. */
#ifndef CBENCH_RUN_RESULT_H
#define CBENCH_RUN_RESULT_H

#include "../bench/instr_count.h"
#include "grid_integration.h"

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

#endif
