/* Reading cJSON documents: fields by name (NULL-safe, so lookups chain through missing
 * objects), typed getters with a default, and the one-line message for a field of the wrong
 * type, naming the file and the field's JSON path. */
#ifndef CBENCH_JSON_GET_H
#define CBENCH_JSON_GET_H

#include <cjson/cJSON.h>
#include <stddef.h>

#include "cb_error.h"

/* o[k] (case-sensitive), NULL when o is NULL or has no k. */
const cJSON *json_get(const cJSON *o, const char *k);
/* o[k] as a number, NAN when absent or not a number. */
double json_num(const cJSON *o, const char *k);
/* o[k] as a number, dflt when absent or not a number. */
double json_num_or(const cJSON *o, const char *k, double dflt);
/* o[k] as a string, "" when absent or not a string. */
const char *json_str(const cJSON *o, const char *k);
/* o[k] as a string, dflt when absent or not a string. */
const char *json_str_or(const cJSON *o, const char *k, const char *dflt);

/* A number read into an integer: x is a number, integral and in [lo, hi] (a double outside an
 * int's range cast to int is undefined behaviour: 1e300 would read as -2147483648). 0 with the
 * value in *out, else CB_ERR_INPUT (*out untouched). */
CbStatus json_int_in(const cJSON *x, long long lo, long long hi, long long *out);
/* o[k] by json_int_in into an int; dflt when o[k] is absent or null; CB_ERR_INPUT (with
 * *out = dflt) when it is there but not an integer in [lo, hi]. */
CbStatus json_int_field(const cJSON *o, const char *k, int lo, int hi, int dflt, int *out);

/* "FILE: PATH: problem (got VALUE)" into e (FILE left out when NULL, the value when got is
 * NULL; the first JSON_GOT_SHOWN bytes of a long value: its start says what it was); returns
 * CB_ERR_INPUT. */
enum { JSON_GOT_SHOWN = 200 };
CbStatus json_field_error(CbError *e, const char *file, const char *path, const char *problem, const cJSON *got);

#endif
