/* Measured error against requested accuracy: for every case and line of a sweep (integrator,
 * resolved error norm, options, scene parameters) the largest position error against the
 * reference at each accuracy (or dt) and the log-log slope of error against it. A line whose
 * slope is below CONVERGENCE_SLOW_SLOPE is marked: asking for more accuracy barely buys any
 * (e.g. a positions-only norm on a bouncing ball). Only usable runs (harness/run/record_outcome.h)
 * with an error enter. Written into the sweep's report and as DIR/plots/convergence.tsv. */
#ifndef CBENCH_CONVERGENCE_TABLE_H
#define CBENCH_CONVERGENCE_TABLE_H

#include <cjson/cJSON.h>
#include <stdio.h>

#define CONVERGENCE_SLOW_SLOPE 0.3

enum { CONVERGENCE_HTML, CONVERGENCE_MD, CONVERGENCE_TSV };

/* The table of records in format CONVERGENCE_*; writes nothing (HTML, Markdown) when no record
 * has an error. Returns the number of lines marked slow. */
int convergence_table_write(FILE *f, const cJSON *records, int format);

#endif
