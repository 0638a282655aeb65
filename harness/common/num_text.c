/* Shortest exact number text (see num_text.h). */
#include "num_text.h"

#include "../../models/status.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *num_text(double x, char *out, size_t outlen) {
  if (!isfinite(x)) {
    snprintf(out, outlen, "%s", isnan(x) ? "nan" : x > 0 ? "inf" : "-inf");
    return out;
  }
  static const char *const formats[] = {"%.15g", "%.16g", "%.17g"};
  for (int i = 0; i < 3; ++i) {
    snprintf(out, outlen, formats[i], x);
    /* %.17g always reads back exactly (IEEE double), so the loop ends there at the latest */
    if (strtod(out, NULL) == x) break;
  }
  return out;
}

/* Every number below item becomes raw text in num_text form; CB_OK, or CB_ERR_MEMORY. */
static CbStatus numbers_to_raw(cJSON *item) {
  for (cJSON *c = item; c; c = c->next) {
    if (cJSON_IsNumber(c)) {
      char t[NUM_TEXT_MAX];
      const char *s = isfinite(c->valuedouble) ? num_text(c->valuedouble, t, sizeof t) : "null";
      char *copy = malloc(strlen(s) + 1);
      if (!copy) return CB_ERR_MEMORY;
      memcpy(copy, s, strlen(s) + 1);
      c->type = cJSON_Raw | (c->type & cJSON_StringIsConst);
      c->valuestring = copy;
    }
    if (c->child && numbers_to_raw(c->child)) return CB_ERR_MEMORY;
  }
  return CB_OK;
}

char *json_print(const cJSON *item, int formatted) {
  if (!item) return NULL;
  cJSON *copy = cJSON_Duplicate(item, 1);
  if (!copy) return NULL;
  /* the copy's own siblings are none: only its subtree is rewritten */
  char *text = numbers_to_raw(copy) ? NULL : formatted ? cJSON_Print(copy) : cJSON_PrintUnformatted(copy);
  cJSON_Delete(copy);
  return text;
}
