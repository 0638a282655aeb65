/* The bench history in `cbench report DIR --history FILE`: per machine, per benchmark, the wall
 * time median per commit in commit (file) order as an inline SVG chart (instruction counts too
 * when the records had them), the commits where step_detect.h finds a step marked, and the
 * commits where a deterministic counter changed. */
#ifndef CBENCH_HISTORY_REPORT_H
#define CBENCH_HISTORY_REPORT_H

#include <stdio.h>

#include <cjson/cJSON.h>

#include "../common/cb_error.h"

/* The section for the entries of history_load (html: else Markdown): CB_OK with the number of
 * steps found in *steps (steps may be NULL), CB_ERR_MEMORY when memory ran out. Every string of the history is escaped (markup.h); names
 * and machines are sorted and looked up in log time, so the cost is n log n in the benchmarks,
 * commits and machines (bounded by HISTORY_MAX_BYTES). */
CbStatus history_report_section(FILE *f, const cJSON *entries, const char *history_path, int html, int *steps);

#endif
