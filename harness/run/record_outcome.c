#include "record_outcome.h"

#include <stdio.h>
#include <string.h>

#include "../common/json_get.h"
#include "record_fields.h"

static int is_guard_warning(const cJSON *w) { return cJSON_IsString(w) && !strncmp(w->valuestring, "physics:", 8); }

int record_guard_warnings(const cJSON *rec) {
  int n = 0;
  const cJSON *w;
  cJSON_ArrayForEach(w, record_get(rec, FIELD_WARNINGS)) n += is_guard_warning(w);
  return n;
}

RecordOutcome record_outcome(const cJSON *rec) {
  const char *s = record_get_string(rec, FIELD_STATUS, "");
  if (!strcmp(s, "timeout")) return OUTCOME_TIMEOUT;
  if (strcmp(s, "ok")) return OUTCOME_FAILED;
  return record_guard_warnings(rec) > 0 ? OUTCOME_FLAGGED : OUTCOME_OK;
}

const char *record_outcome_name(RecordOutcome o) {
  static const char *const names[] = {"ok", "failed", "timeout", "flagged"};
  return o >= 0 && o < OUTCOME_COUNT ? names[o] : "?";
}

const char *record_outcome_reason(const cJSON *rec) {
  RecordOutcome o = record_outcome(rec);
  if (o == OUTCOME_OK) return "";
  if (o == OUTCOME_FLAGGED) {
    const cJSON *w;
    cJSON_ArrayForEach(w, record_get(rec, FIELD_WARNINGS)) if (is_guard_warning(w)) return w->valuestring;
  }
  return record_get_string(rec, FIELD_MESSAGE, "(no message)");
}

int record_outcome_counts(const cJSON *records, int counts[OUTCOME_COUNT], char *sentence, size_t len) {
  for (int i = 0; i < OUTCOME_COUNT; ++i) counts[i] = 0;
  const cJSON *r;
  cJSON_ArrayForEach(r, records) counts[record_outcome(r)]++;
  if (sentence)
    snprintf(sentence, len, "%d ok, %d failed, %d timed out, %d flagged by a physics guard", counts[OUTCOME_OK],
             counts[OUTCOME_FAILED], counts[OUTCOME_TIMEOUT], counts[OUTCOME_FLAGGED]);
  return counts[OUTCOME_FAILED] + counts[OUTCOME_TIMEOUT] + counts[OUTCOME_FLAGGED];
}
