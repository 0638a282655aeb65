/* `make bench-selftest` only: a build with -DCBENCH_SELFTEST_INJECT makes tamsi's step spin
 * (factor - 1) times its own CPU time when CBENCH_INJECT_SLOWDOWN=factor is set, a known
 * slowdown for measuring the A/B bench's detection power (CPU time, not wall time: a step
 * preempted by another process would otherwise spin for the time it spent waiting). Other
 * builds compile nothing here. */
#ifndef CBENCH_SLOWDOWN_INJECT_H
#define CBENCH_SLOWDOWN_INJECT_H

#ifdef CBENCH_SELFTEST_INJECT
#include <stdlib.h>
#include <time.h>

static inline double inject_cpu_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static inline double inject_factor(void) {
  static double f = -1.0; /* read once: no getenv in the step loop */
  if (f < 0) {
    const char *s = getenv("CBENCH_INJECT_SLOWDOWN");
    f = s ? atof(s) : 1.0;
    if (!(f >= 1.0 && f <= 100.0)) f = 1.0;
  }
  return f;
}
#define INJECT_STEP_BEGIN() double inject_t0_ = inject_cpu_seconds()
#define INJECT_STEP_END()                                                             \
  do {                                                                                \
    double f_ = inject_factor();                                                      \
    if (f_ > 1.0) {                                                                   \
      double now_ = inject_cpu_seconds(), until_ = now_ + (f_ - 1.0) * (now_ - inject_t0_); \
      while (inject_cpu_seconds() < until_) {}                                              \
    }                                                                                 \
  } while (0)
#else
#define INJECT_STEP_BEGIN() ((void)0)
#define INJECT_STEP_END() ((void)0)
#endif

#endif
