/* What a run record counts as: ok, failed, timed out, or flagged (it finished, but a physics
 * guard fired: harness/run/physics_guards.h writes a "physics: ..." warning). A flagged run is not
 * data: figures, plots and reports draw it with its own marker and count it apart, and no check
 * counts it as a success. */
#ifndef CBENCH_RECORD_OUTCOME_H
#define CBENCH_RECORD_OUTCOME_H

#include <cjson/cJSON.h>
#include <stddef.h>

typedef enum { OUTCOME_OK = 0, OUTCOME_FAILED = 1, OUTCOME_TIMEOUT = 2, OUTCOME_FLAGGED = 3, OUTCOME_COUNT = 4 } RecordOutcome;

RecordOutcome record_outcome(const cJSON *rec);
/* "ok", "failed", "timeout", "flagged" */
const char *record_outcome_name(RecordOutcome o);
/* The number of physics-guard warnings of the record. */
int record_guard_warnings(const cJSON *rec);
/* Why the record is not ok: its message (failed, timeout) or its first guard warning (flagged);
 * "" when ok. */
const char *record_outcome_reason(const cJSON *rec);

/* Counts of each outcome over an array of records, and the sentence "N ok, N failed, N timed
 * out, N flagged" (returns the number of records that are not ok). */
int record_outcome_counts(const cJSON *records, int counts[OUTCOME_COUNT], char *sentence, size_t len);

#endif
