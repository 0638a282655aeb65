/* `cbench compare` (the CI gate) and `cbench export` (Google Benchmark JSON and
 * github-action-benchmark's customSmallerIsBetter). */
#ifndef CBENCH_COMPARE_H
#define CBENCH_COMPARE_H

#include <cjson/cJSON.h>
#include <stdio.h>

typedef struct {
  double time_tolerance;    /* new/base median wall-time ratio allowed (default 1.5) */
  double counter_tolerance; /* relative counter change allowed (default 0: equal) */
  double time_floor;        /* wall medians below this (s, both sides) are "too short to time" */
  double instr_tolerance;   /* relative instruction-count increase allowed (default 0.01) */
} CompareOptions;

void compare_options_default(CompareOptions *o);
/* Key identifying a run across files: "case/integrator/acc=1e-3[/full][/k=v...]", whole at any
 * length (new string, caller frees; NULL when out of memory). */
char *record_key(const cJSON *rec);
/* key + sep + suffix (new string, caller frees; NULL when out of memory). */
char *key_suffixed(const char *key, const char *sep, const char *suffix);
/* Compares two record arrays; prints a table of what moved to `out`, each row with its direction:
 * increases of counters, instructions and time beyond tolerance are regressions, decreases are
 * improvements; runs too short to time are listed, not judged. Returns the number of
 * regressions (0 = pass). */
int compare_records(const cJSON *base, const cJSON *cur, const CompareOptions *o, FILE *out);
/* Converts records to "gbench" or "gab" JSON (new cJSON), NULL for an unknown format. */
cJSON *export_records(const cJSON *records, const char *format);

#endif
