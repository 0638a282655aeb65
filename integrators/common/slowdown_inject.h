/* `make bench-selftest` only: a build with -DCBENCH_SELFTEST_INJECT makes tamsi's advance (its
 * steps up to the next output time) spin (factor - 1) times its own duration when
 * CBENCH_INJECT_SLOWDOWN=factor is set, a known slowdown for measuring the A/B bench's detection
 * power. Timed per advance with the vDSO monotonic clock: a per-step thread-CPU clock (a system
 * call of about 1 us against a 4 us step) made a nominal 1.1x cost 1.34x. Other builds compile
 * nothing here. */
#ifndef CBENCH_SLOWDOWN_INJECT_H
#define CBENCH_SLOWDOWN_INJECT_H

#ifdef CBENCH_SELFTEST_INJECT
#include <stdlib.h>
#include <time.h>

static inline double inject_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
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
#define INJECT_SLOWDOWN_BEGIN() double inject_t0_ = inject_seconds()
#define INJECT_SLOWDOWN_END()                                                             \
  do {                                                                                \
    double f_ = inject_factor();                                                      \
    if (f_ > 1.0) {                                                                   \
      double now_ = inject_seconds(), until_ = now_ + (f_ - 1.0) * (now_ - inject_t0_); \
      while (inject_seconds() < until_) {}                                              \
    }                                                                                 \
  } while (0)
#else
#define INJECT_SLOWDOWN_BEGIN() ((void)0)
#define INJECT_SLOWDOWN_END() ((void)0)
#endif

#endif
