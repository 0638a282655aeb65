/* The history's step detector on synthetic series whose steps are known: a clean step, noisy
 * steps, noise alone, outliers, a deterministic counter's small and large changes. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>

#include "harness/bench/step_detect.h"

static uint64_t rng = 0x2545f4914f6cdd1du;
static double uniform(void) {
  rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
  return ((rng >> 11) + 0.5) / 9007199254740992.0;
}
static double gauss(void) { return sqrt(-2 * log(uniform())) * cos(2 * M_PI * uniform()); }

/* n values around 1 with relative (lognormal) noise, times `factor` from position `at` on. */
static void series(double *x, int n, double noise, int at, double factor) {
  for (int i = 0; i < n; ++i) x[i] = exp(noise * gauss()) * (i >= at ? factor : 1.0);
}

Test(step_detect, a_clean_step_is_found_at_its_commit) {
  double x[30];
  for (int i = 0; i < 30; ++i) x[i] = i < 15 ? 2.0 : 3.0;
  int s[8];
  cr_assert_eq(step_detect(x, 30, s, 8), 1);
  cr_expect_eq(s[0], 15);
  for (int i = 0; i < 30; ++i) x[i] = i < 12 ? 2.0 : 1.5; /* downwards too */
  cr_assert_eq(step_detect(x, 30, s, 8), 1);
  cr_expect_eq(s[0], 12);
}

Test(step_detect, a_20_percent_step_in_2_percent_noise_is_found_where_it_is) {
  double x[40];
  int s[8], found = 0;
  for (int r = 0; r < 300; ++r) {
    series(x, 40, 0.02, 20, 1.2);
    int n = step_detect(x, 40, s, 8);
    if (n == 1 && abs(s[0] - 20) <= 1) found++;
  }
  cr_expect_eq(found, 300, "found in %d of 300 series", found);
}

Test(step_detect, noise_alone_is_no_step) {
  double x[40];
  int s[8], false_steps = 0;
  for (int r = 0; r < 1000; ++r) {
    series(x, 40, 0.02, 40, 1.0);
    false_steps += step_detect(x, 40, s, 8);
  }
  cr_expect_eq(false_steps, 0, "%d false steps in 1000 noise-only series", false_steps);
}

Test(step_detect, single_outliers_are_no_step) {
  double x[40];
  int s[8];
  for (int r = 0; r < 200; ++r) {
    series(x, 40, 0.01, 40, 1.0);
    x[r % 40] *= 3;          /* a run that met a busy machine */
    x[(r * 7 + 3) % 40] *= 2;
    cr_expect_eq(step_detect(x, 40, s, 8), 0, "series %d", r);
  }
}

Test(step_detect, a_counter_change_counts_only_when_it_is_large) {
  double x[20];
  int s[4];
  for (int i = 0; i < 20; ++i) x[i] = i < 10 ? 1000 : 1010; /* 1%: below the relative floor */
  cr_expect_eq(step_detect(x, 20, s, 4), 0);
  for (int i = 0; i < 20; ++i) x[i] = i < 10 ? 1000 : 1100;
  cr_assert_eq(step_detect(x, 20, s, 4), 1);
  cr_expect_eq(s[0], 10);
}

Test(step_detect, edges_and_gaps) {
  double x[20];
  int s[4];
  /* a step is seen once (MIN_SIDE + 1) / 2 commits from it on exist, not before */
  int seen_after = (STEP_MIN_SIDE + 1) / 2;
  for (int i = 0; i < 20; ++i) x[i] = i < 20 - seen_after + 1 ? 1.0 : 2.0;
  cr_expect_eq(step_detect(x, 20, s, 4), 0);
  for (int i = 0; i < 20; ++i) x[i] = i < 20 - seen_after ? 1.0 : 2.0;
  cr_assert_eq(step_detect(x, 20, s, 4), 1);
  cr_expect_eq(s[0], 20 - seen_after);
  /* and once as many precede it */
  for (int i = 0; i < 20; ++i) x[i] = i < seen_after - 1 ? 1.0 : 2.0;
  cr_expect_eq(step_detect(x, 20, s, 4), 0);
  for (int i = 0; i < 20; ++i) x[i] = i < seen_after ? 1.0 : 2.0;
  cr_assert_eq(step_detect(x, 20, s, 4), 1);
  cr_expect_eq(s[0], seen_after);
  /* a commit without a value (a failed run) is skipped; positions still index the series */
  for (int i = 0; i < 20; ++i) x[i] = i < 10 ? 1.0 : 2.0;
  x[9] = NAN;
  cr_assert_eq(step_detect(x, 20, s, 4), 1);
  cr_expect_eq(s[0], 10);
  cr_expect_eq(step_detect(x, 0, s, 4), 0);
}
