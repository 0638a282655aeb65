/* The bench history in `cbench report DIR --history FILE`: per machine, per benchmark, the wall
 * time median per commit in commit (file) order as an inline SVG chart (instruction counts too
 * when the records had them), the commits where step_detect.h finds a step marked, and the
 * commits where a deterministic counter changed. */
#ifndef CBENCH_HISTORY_REPORT_H
#define CBENCH_HISTORY_REPORT_H

#include <stdio.h>

#include <cjson/cJSON.h>

/* The section for the entries of history_load (html: else Markdown); returns the number of
 * steps found. */
int history_report_section(FILE *f, const cJSON *entries, const char *history_path, int html);

#endif
