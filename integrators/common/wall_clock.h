/* Monotonic wall-clock seconds, for the integrators' time split (IntegratorStats.time_*). */
#ifndef CBENCH_WALL_CLOCK_H
#define CBENCH_WALL_CLOCK_H

#include <time.h>

static inline double wall_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The seconds since *mark, which moves to now: one clock read per phase boundary. */
static inline double lap_seconds(double *mark) {
  double now = wall_seconds(), dt = now - *mark;
  *mark = now;
  return dt;
}

#endif
