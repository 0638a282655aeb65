/* Fuzz target: the record loader and validator (harness/run/run_record.c, harness/SCHEMA.md), from
 * memory, then what trusts a validated record: its key, export to both tracker formats and the
 * regression comparison of the records with themselves (its table goes to /dev/null). */
#include <stdio.h>

#include "fuzz_input.h"

#include "../harness/bench/compare.h"
#include "../harness/run/run_record.h"

static FILE *sink;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (!sink) sink = fopen("/dev/null", "w");
  char *text = fuzz_text(data, size);
  if (!text || !sink) { free(text); return 0; }
  char err[1024];
  cJSON *recs = records_load_text(text, "fuzz.json", CB_ERR_BUF(err, sizeof err));
  free(text);
  if (!recs) return 0;
  const cJSON *r;
  cJSON_ArrayForEach(r, recs) free(record_key(r));
  cJSON_Delete(export_records(recs, "gbench"));
  cJSON_Delete(export_records(recs, "gab"));
  CompareOptions o;
  compare_options_default(&o);
  compare_records(recs, recs, &o, sink);
  cJSON_Delete(recs);
  return 0;
}
