/* Step changes in a series of values, one per commit (bench history, `cbench report`).
 *
 * At each position i: the median Mb of the up to W values before i and the median Ma of the up
 * to W values from i on, each side holding at least MIN_SIDE values; the noise sigma is
 * 1.4826 * MAD of both windows' values about their own window's median. i is a step when
 * |Ma - Mb| > K * sigma and |Ma - Mb| > REL * |Mb|. Near a flagged position (closer than
 * MIN_SIDE), the step is placed at the commit where the means of up to W values before it and
 * from it on differ most (the change itself: the medians differ a position or two earlier);
 * of steps closer than W, the larger is kept. Medians make a few outliers no step; the relative
 * floor keeps a noise-free series from flagging a change too small to matter. A step is seen
 * once (MIN_SIDE + 1) / 2 commits precede it and as many follow it, it included (a majority of
 * a window of MIN_SIDE on each side). Calibrated on
 * synthetic series (tests/test_step_detect.c): 2% noise, no false step in 1000 series of 40; a
 * 20% step, found at its commit. */
#ifndef CBENCH_STEP_DETECT_H
#define CBENCH_STEP_DETECT_H

#define STEP_WINDOW 8      /* W: values per side */
#define STEP_MIN_SIDE 5    /* MIN_SIDE */
#define STEP_K 5.0         /* K: robust sigmas */
#define STEP_REL 0.05      /* REL: relative change */

/* Positions of the steps of x[0..n-1] (non-finite values are skipped: positions index x) into
 * steps (at most max), in increasing order; returns their count, or CB_ERR_MEMORY (< 0). */
int step_detect(const double *x, int n, int *steps, int max);

/* The relative change Ma / Mb - 1 at position at (the windows above, finite values only); NAN
 * when a side has no value. */
double step_change(const double *x, int n, int at);

#endif
