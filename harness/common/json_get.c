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

CbStatus json_int_in(const cJSON *x, long long lo, long long hi, long long *out) {
  if (!cJSON_IsNumber(x)) return CB_ERR_INPUT;
  double v = x->valuedouble;
  /* the comparisons in double first: a NaN or 1e300 never reaches the cast */
  if (!(v >= (double)lo && v <= (double)hi) || v != floor(v)) return CB_ERR_INPUT;
  long long i = (long long)v;
  if (i < lo || i > hi) return CB_ERR_INPUT;
  *out = i;
  return CB_OK;
}

CbStatus json_int_field(const cJSON *o, const char *k, int lo, int hi, int dflt, int *out) {
  const cJSON *x = json_get(o, k);
  long long v;
  *out = dflt;
  if (!x || cJSON_IsNull(x)) return CB_OK;
  if (json_int_in(x, lo, hi, &v)) return CB_ERR_INPUT;
  *out = (int)v;
  return CB_OK;
}

CbStatus json_field_error(CbError *e, const char *file, const char *path, const char *problem, const cJSON *got) {
  char *g = got ? cJSON_PrintUnformatted(got) : NULL;
  CB_ERROR(e, CB_ERR_INPUT, "%s%s%s: %s%s%.*s%s", file ? file : "", file ? ": " : "", path, problem, g ? " (got " : "",
           JSON_GOT_SHOWN, g ? g : "", g ? ")" : "");
  free(g);
  return CB_ERR_INPUT;
}
