/* Fuzz target: the bench history loader (harness/bench/history.c, cbench.history/1) from memory,
 * with its NUL bytes (the loader must refuse them, not stop there), then the report's history
 * section (harness/figures/history_report.c) in HTML and Markdown into memory. */
#include <stdio.h>
#include <stdlib.h>

#include "fuzz_input.h"

#include "../harness/bench/history.h"
#include "../harness/figures/history_report.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = fuzz_text(data, size);
  if (!text) return 0;
  char err[1024];
  cJSON *all = history_load_text(text, size, "fuzz.jsonl", CB_ERR_BUF(err, sizeof err));
  free(text);
  for (int html = 0; all && html < 2; ++html) {
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) break;
    history_report_section(f, all, "fuzz.jsonl", html, NULL);
    fclose(f);
    free(buf);
  }
  cJSON_Delete(all);
  return 0;
}
