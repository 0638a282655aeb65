/* Fuzz target: the reference loader (harness/reference.c, results/reference/), from
 * memory. */
#include <cjson/cJSON.h>
#include <stdio.h>

#include "fuzz_input.h"

#include "../harness/reference.h"

/* Issue 42 defect 6: reference_load takes nq and nv from the file unchecked (an int overflow or a
 * huge allocation). Until the loader checks them itself, inputs whose q or v would not be a
 * plausible size are skipped here; remove this when that fix is merged. */
static int sizes_unchecked_by_loader(const char *text) {
  cJSON *doc = cJSON_Parse(text);
  if (!doc) return 0;
  int npts = cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(doc, "t"));
  int skip = 0;
  const char *keys[] = {"nq", "nv"};
  for (int i = 0; i < 2; ++i) {
    const cJSON *n = cJSON_GetObjectItemCaseSensitive(doc, keys[i]);
    if (cJSON_IsNumber(n) && !(n->valuedouble >= 0 && n->valuedouble <= 1e4 && (double)npts * n->valuedouble <= 1e7))
      skip = 1;
  }
  cJSON_Delete(doc);
  return skip;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = fuzz_text(data, size);
  if (!text) return 0;
  char err[1024];
  Reference ref;
  if (!sizes_unchecked_by_loader(text) && reference_load_text(text, "fuzz.json", &ref, err, sizeof err) == 0)
    reference_free(&ref);
  free(text);
  return 0;
}
