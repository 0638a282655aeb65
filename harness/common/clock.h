/* Clocks of the harness. */
#ifndef CBENCH_CLOCK_H
#define CBENCH_CLOCK_H

#include <stddef.h>

double clock_monotonic(void);                       /* monotonic seconds */
double clock_process_cpu(void);                     /* CPU seconds of this process, all threads */
void clock_utc_iso8601(char *out, size_t outlen);  /* "2026-11-22T07:53:09Z" */

#endif
