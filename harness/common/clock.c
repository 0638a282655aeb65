/* Clocks of the harness: a monotonic clock for wall times and budgets, UTC dates for records. */
#include "clock.h"

#include <time.h>

double clock_monotonic(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

double clock_process_cpu(void) {
  struct timespec ts;
  if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) != 0) return 0.0;
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void clock_utc_iso8601(char *out, size_t outlen) {
  time_t now = time(NULL);
  struct tm tmv;
  gmtime_r(&now, &tmv);
  strftime(out, outlen, "%Y-%m-%dT%H:%M:%SZ", &tmv);
}
