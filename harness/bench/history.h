/* Bench history: one JSON line per benched commit and machine (cbench.history/1, harness/SCHEMA.md),
 * made from a bench's records (`make bench`: results/bench.json) and appended to a history file
 * (`cbench history append BENCH.json --to FILE`; `make bench HISTORY=FILE`). `cbench report DIR
 * --history FILE` draws it (history_report.h). */
#ifndef CBENCH_HISTORY_H
#define CBENCH_HISTORY_H

#include <stddef.h>
#include <stdio.h>

#include <cjson/cJSON.h>

#define HISTORY_SCHEMA "cbench.history/1"

/* The history line of a bench: sha, dirty, date (the latest record's), machine (an identity
 * string and its fields), and per benchmark (case/integrator/acc=A or dt=H) its status, wall
 * time median and min, work median, counters and, when the records have them, instruction
 * counts. NULL with "PATH: field: reason" in err when the records are not one build's valid
 * cbench.run/1 records with a known sha. */
cJSON *history_entry_from_records(const cJSON *records, const char *path, char *err, size_t errlen);

/* The benchmark name of a record: case/integrator/acc=A (or dt=H), shortest numbers. */
void history_benchmark_name(const cJSON *rec, char *out, size_t outlen);

/* Appends the line of the bench at bench_path to history_path (created if missing), under a lock,
 * by writing the whole file anew atomically: a reader never sees half a line. A line for the
 * same sha and machine is refused unless replace (then it is replaced in place). CB_OK (a
 * sentence on out); CB_ERR_VERDICT refused (a line for that sha and machine exists);
 * CB_ERR_INPUT, CB_ERR_IO or CB_ERR_MEMORY (err names file, field and value; the history is
 * unchanged). */
int history_append(const char *bench_path, const char *history_path, int replace, FILE *out, char *err, size_t errlen);

/* The entries of a history file in file (commit) order: a new array, or NULL with "PATH: line N:
 * reason" in err (a line that is not a cbench.history/1 object). */
cJSON *history_load(const char *path, char *err, size_t errlen);

#endif
