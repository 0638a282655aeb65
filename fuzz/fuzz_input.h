/* What every fuzz target shares: libFuzzer's entry point, and its bytes as a NUL-terminated
 * string (the loaders take text; an input with a NUL byte is cut there, as a file's reader
 * would refuse it). */
#ifndef CBENCH_FUZZ_INPUT_H
#define CBENCH_FUZZ_INPUT_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A malloc'd NUL-terminated copy of data (NULL when memory runs out). */
static inline char *fuzz_text(const uint8_t *data, size_t size) {
  char *t = malloc(size + 1);
  if (!t) return NULL;
  memcpy(t, data, size);
  t[size] = '\0';
  return t;
}

#endif
