#include "json_get.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

const cJSON *json_get(const cJSON *o, const char *k) { return o ? cJSON_GetObjectItemCaseSensitive(o, k) : NULL; }

double json_num(const cJSON *o, const char *k) { return json_num_or(o, k, NAN); }

double json_num_or(const cJSON *o, const char *k, double dflt) {
  const cJSON *x = json_get(o, k);
  return cJSON_IsNumber(x) ? x->valuedouble : dflt;
}

const char *json_str(const cJSON *o, const char *k) { return json_str_or(o, k, ""); }

const char *json_str_or(const cJSON *o, const char *k, const char *dflt) {
  const cJSON *x = json_get(o, k);
  return cJSON_IsString(x) ? x->valuestring : dflt;
}

int json_field_error(char *err, size_t errlen, const char *file, const char *path, const char *problem,
                     const cJSON *got) {
  char *g = got ? cJSON_PrintUnformatted(got) : NULL;
  snprintf(err, errlen, "%s%s%s: %s%s%.200s%s", file ? file : "", file ? ": " : "", path, problem, g ? " (got " : "",
           g ? g : "", g ? ")" : "");
  free(g);
  return 2;
}
