/* Records as Google Benchmark JSON (`cbench export --format gbench`). */
#ifndef CBENCH_EXPORT_GBENCH_H
#define CBENCH_EXPORT_GBENCH_H

#include <cjson/cJSON.h>

/* A new document {context, benchmarks}: per record one "iteration" entry per timing repetition
 * (real_time = wall, cpu_time = process CPU time, us) and, with 2 or more, "aggregate" entries
 * NAME_mean, NAME_median, NAME_stddev; a failed record gives one entry with error_occurred. */
cJSON *export_gbench(const cJSON *records);

#endif
