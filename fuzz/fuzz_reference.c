/* Fuzz target: the reference loader (harness/run/reference.c, results/reference/), from
 * memory. */
#include <stdlib.h>
#include <stdio.h>

#include "fuzz_input.h"

#include "../harness/run/reference.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = fuzz_text(data, size);
  if (!text) return 0;
  char err[1024];
  Reference ref;
  if (reference_load_text(text, "fuzz.json", &ref, CB_ERR_BUF(err, sizeof err)) == 0)
    reference_free(&ref);
  free(text);
  return 0;
}
