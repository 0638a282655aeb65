/* Bench history: one JSON line per benched commit and machine (cbench.history/1, harness/SCHEMA.md),
 * made from a bench's records (`make bench`: results/bench.json) and appended to a history file
 * (`cbench history append BENCH.json --to FILE`; `make bench HISTORY=FILE`). `cbench report DIR
 * --history FILE` draws it (history_report.h). */
#ifndef CBENCH_HISTORY_H
#define CBENCH_HISTORY_H

#include <stddef.h>
#include <stdio.h>

#include <cjson/cJSON.h>

#include "../common/cb_error.h"

#define HISTORY_SCHEMA "cbench.history/1"
/* The largest history file read (64 MiB: some 200 benched commits of 1,000 benchmarks). */
#define HISTORY_MAX_BYTES ((size_t)64 << 20)
/* Benchmark, counter and status names: [A-Za-z0-9._+=/-], 1 to HISTORY_NAME_MAX bytes. */
#define HISTORY_NAME_MAX 256
/* The machine string: no control characters, at most HISTORY_TEXT_MAX bytes. */
#define HISTORY_TEXT_MAX 400
#define HISTORY_CORES_MAX (1 << 20)

/* 1 when s is a commit sha: 7 to 40 lowercase hex digits. */
int history_sha_ok(const char *s);
/* 1 when s is an ISO 8601 date: YYYY-MM-DD, optionally THH:MM:SS[.frac] and Z or +HH:MM. */
int history_date_ok(const char *s);
/* 1 when s is a benchmark, counter or status name ([A-Za-z0-9._+=/-], 1 to HISTORY_NAME_MAX). */
int history_name_ok(const char *s);

/* The history line of a bench: sha, dirty, date (the latest record's), machine (an identity
 * string and its fields), and per benchmark (case/integrator/acc=A or dt=H) its status, wall
 * time median and min, work median, counters and, when the records have them, instruction
 * counts. NULL with "PATH: field: reason" in e when the records are not one build's valid
 * cbench.run/1 records with a known sha. */
cJSON *history_entry_from_records(const cJSON *records, const char *path, CbError *e);

/* The history line of the bench file at path (its valid records, none left out): as above, NULL
 * with e when the file cannot be read or holds an invalid record (e not NULL). */
cJSON *history_entry_from_file(const char *path, CbError *e);

/* The benchmark name of a record: case/integrator/acc=A (or dt=H), shortest numbers. */
void history_benchmark_name(const cJSON *rec, char *out, size_t outlen);

/* Appends the line of the bench at bench_path to history_path (created if missing), under a lock,
 * by writing the whole file anew atomically: a reader never sees half a line. A line for the
 * same sha and machine is refused unless replace (then it is replaced in place). CB_OK (a
 * sentence on out); CB_ERR_VERDICT refused (a line for that sha and machine exists);
 * CB_ERR_INPUT, CB_ERR_IO or CB_ERR_MEMORY (e names file, field and value; the history is
 * unchanged). e not NULL. */
CbStatus history_append(const char *bench_path, const char *history_path, int replace, FILE *out, CbError *e);

/* The entries of a history file in file (commit) order: a new array, or NULL with "PATH: line N:
 * field: reason" in e (not NULL): a file over HISTORY_MAX_BYTES, a NUL byte, a line that is not one
 * JSON object (text after it, a key given twice) or not a cbench.history/1 entry (a sha that is
 * not hex, a date that is not ISO 8601, a name outside its character set, a count out of
 * range). Blank lines are skipped. */
cJSON *history_load(const char *path, CbError *e);
/* The same for text in memory (len bytes, NUL-terminated at text[len]; modified in place);
 * path only names it in e. */
cJSON *history_load_text(char *text, size_t len, const char *path, CbError *e);

#endif
