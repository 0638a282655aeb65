/* The statistics of an A/B timing comparison: the Mann-Whitney U test (two-sided; exact null
 * distribution for small samples without ties, else the normal approximation with tie and
 * continuity corrections, as scipy.stats.mannwhitneyu method="auto"), the Hodges-Lehmann ratio
 * B/A with its distribution-free confidence interval from the same U distribution, and the
 * decision rule of `cbench bench --against`. */
#ifndef CBENCH_AB_STATS_H
#define CBENCH_AB_STATS_H

#include "../../models/status.h"

/* Largest sample size per side the statistics accept (the bench's round cap is far below). */
#define AB_MAX_SAMPLES 200

typedef struct {
  double u;     /* U of the first sample: pairs with x_i > y_j, plus half the ties */
  double p;     /* two-sided p-value */
  int exact;    /* 1: exact null distribution; 0: normal approximation */
} MannWhitney;

/* CB_OK, or CB_ERR_INPUT when a sample is empty, larger than AB_MAX_SAMPLES, or holds a
 * non-finite value (CB_ERR_MEMORY). */
CbStatus mann_whitney(const double *x, int nx, const double *y, int ny, MannWhitney *out);

/* Hodges-Lehmann estimate of B/A for positive times: exp of the median of the pairwise
 * log(b_j) - log(a_i), and the interval between the k-th smallest and k-th largest of those
 * differences, k from the U distribution at level conf (e.g. 0.99). CB_OK, or CB_ERR_INPUT (bad
 * input), CB_ERR_MEMORY. */
CbStatus ab_ratio_ci(const double *a, int na, const double *b, int nb, double conf, double *ratio, double *lo,
                     double *hi);

typedef enum {
  AB_SAME = 0,        /* no significant difference */
  AB_SLOWER_SMALL,    /* significantly slower, but not beyond the threshold */
  AB_SLOWDOWN,        /* significantly slower beyond the threshold: the gate fails */
  AB_FASTER_SMALL,    /* significantly faster, not beyond the threshold */
  AB_IMPROVEMENT      /* significantly faster beyond the threshold */
} AbVerdict;

typedef struct {
  double ratio, lo, hi; /* B/A and its (1 - alpha) interval */
  MannWhitney mw;
  AbVerdict verdict;
} AbDecision;

/* Times of A (base) and B (new): slowdown when p < alpha and ratio > 1 + threshold;
 * improvement when p < alpha and ratio < 1 / (1 + threshold). CB_OK, or CB_ERR_INPUT (bad input),
 * CB_ERR_MEMORY. */
CbStatus ab_decide(const double *a, int na, const double *b, int nb, double alpha, double threshold, AbDecision *d);
/* Whether a benchmark after n rounds (of at most max_rounds) needs no more: its interval is
 * narrower than the threshold, or the verdict is a decided slowdown or improvement whose whole
 * interval lies beyond the threshold. An interval beyond the threshold with p >= alpha (the
 * interval and the U test can disagree near the level) measures on. */
int ab_should_stop(const AbDecision *d, double threshold, int n, int max_rounds);
/* "no significant change", "SLOWDOWN", "improvement", ... */
const char *ab_verdict_name(AbVerdict v);

#endif
