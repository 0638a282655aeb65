/* Numbers as text for people and for JSON: the shortest of %.15g, %.16g, %.17g that reads back
 * as the same double (1e-09, not 1.0000000000000001e-09), so nothing is lost and nothing is
 * padded. One helper for the JSON writer, plan files and printed commands. */
#ifndef CBENCH_NUM_TEXT_H
#define CBENCH_NUM_TEXT_H

#include <stddef.h>

#include <cjson/cJSON.h>

/* Room for any double in this form ("-1.2345678901234567e-308" and the terminator). */
#define NUM_TEXT_MAX 32

/* x in its shortest exact round-trip form into out (nan, inf, -inf for non-finite values);
 * returns out. */
char *num_text(double x, char *out, size_t outlen);

/* cJSON_Print / cJSON_PrintUnformatted with every number in num_text form (non-finite: null,
 * as cJSON writes them). The item is not changed. malloc'ed text, or NULL out of memory. */
char *json_print(const cJSON *item, int formatted);

#endif
