/* Clocks of the harness. */
#ifndef CBENCH_CLOCK_H
#define CBENCH_CLOCK_H

#include <stddef.h>

double clock_monotonic(void);                       /* monotonic seconds */
void clock_utc_iso8601(char *out, size_t outlen);  /* "2026-11-22T07:53:09Z" */

#endif
