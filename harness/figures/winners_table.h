/* "Who wins at which accuracy": per case of a sweep, the cheapest line (integrator with its
 * options, as the plots' legend names it) at each requested accuracy, at each step size dt of
 * the fixed-step integrators, and in each decade of measured position error. Cheapest: the
 * smallest median work (wall time per simulated second). Only usable runs enter (ok, no physics
 * guard fired: harness/run/record_outcome.h); the failed, timed-out and flagged runs left out
 * are counted per case, and the ok runs without a measured error (no reference) are counted
 * apart from the error decades. Written into the sweep's report (harness/figures/report.c). */
#ifndef CBENCH_WINNERS_TABLE_H
#define CBENCH_WINNERS_TABLE_H

#include <cjson/cJSON.h>
#include <stdio.h>

enum { WINNERS_HTML, WINNERS_MD };

/* The section for records in format WINNERS_*; nothing when no record is usable. Returns the
 * number of rows written. */
int winners_table_write(FILE *f, const cJSON *records, int format);

#endif
