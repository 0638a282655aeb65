/* Step detection by windowed medians (see step_detect.h). */
#include "step_detect.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../models/status.h"

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Median of v[0..n-1] (n >= 1); sorts v. */
static double median(double *v, int n) {
  qsort(v, (size_t)n, sizeof *v, cmp_double);
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

int step_detect(const double *x, int n, int *steps, int max) {
  /* the finite values and where they were */
  double *val = malloc(sizeof(double) * (size_t)(n > 0 ? n : 1)), *score = malloc(sizeof(double) * (size_t)(n > 0 ? n : 1));
  int *pos = malloc(sizeof(int) * (size_t)(n > 0 ? n : 1));
  char *flagged = calloc((size_t)(n > 0 ? n : 1), 1);
  if (!val || !score || !pos || !flagged) { free(val); free(score); free(pos); free(flagged); return CB_ERR_MEMORY; }
  int m = 0;
  for (int i = 0; i < n; ++i)
    if (isfinite(x[i])) { val[m] = x[i]; pos[m++] = i; }
  double w[2 * STEP_WINDOW], dev[2 * STEP_WINDOW];
  for (int i = 0; i < m; ++i) {
    score[i] = 0;
    int lo = i - STEP_WINDOW < 0 ? 0 : i - STEP_WINDOW, hi = i + STEP_WINDOW > m ? m : i + STEP_WINDOW;
    int nb = i - lo, na = hi - i;
    if (nb < STEP_MIN_SIDE || na < STEP_MIN_SIDE) continue;
    memcpy(w, val + lo, sizeof(double) * (size_t)nb);
    double mb = median(w, nb);
    memcpy(w, val + i, sizeof(double) * (size_t)na);
    double ma = median(w, na);
    for (int k = 0; k < nb; ++k) dev[k] = fabs(val[lo + k] - mb);
    for (int k = 0; k < na; ++k) dev[nb + k] = fabs(val[i + k] - ma);
    double sigma = 1.4826 * median(dev, nb + na), d = fabs(ma - mb);
    flagged[i] = d > STEP_K * sigma && d > STEP_REL * fabs(mb);
  }
  /* where: near a flagged position, the commit where the means of the values before and from it
   * (up to W each) differ most; that is the change itself, while the medians differ already a
   * position or two before it */
  for (int i = 0; i < m; ++i) {
    if (!flagged[i]) continue;
    int best = -1;
    double best_d = -1;
    for (int k = i - STEP_MIN_SIDE + 1; k < i + STEP_MIN_SIDE; ++k) {
      if (k < 1 || k >= m) continue;
      int lo = k - STEP_WINDOW < 0 ? 0 : k - STEP_WINDOW, hi = k + STEP_WINDOW > m ? m : k + STEP_WINDOW;
      double sb = 0, sa = 0;
      for (int j = lo; j < k; ++j) sb += val[j];
      for (int j = k; j < hi; ++j) sa += val[j];
      double d = fabs(sa / (hi - k) - sb / (k - lo));
      if (d > best_d) { best_d = d; best = k; }
    }
    if (best >= 0 && best_d + 1e-300 > score[best]) score[best] = best_d + 1e-300;
  }
  /* one step per change: the best-placed position among those closer than W */
  int count = 0;
  for (int i = 0; i < m; ++i) {
    if (score[i] <= 0) continue;
    int best = 1;
    for (int k = i - STEP_WINDOW + 1; k < i + STEP_WINDOW && best; ++k)
      if (k >= 0 && k < m && k != i && (score[k] > score[i] || (score[k] == score[i] && k < i))) best = 0;
    if (best && count < max) steps[count++] = pos[i];
  }
  free(val);
  free(score);
  free(pos);
  free(flagged);
  return count;
}

double step_change(const double *x, int n, int at) {
  double b[STEP_WINDOW], a[STEP_WINDOW];
  int nb = 0, na = 0;
  for (int i = at - 1; i >= 0 && nb < STEP_WINDOW; --i)
    if (isfinite(x[i])) b[nb++] = x[i];
  for (int i = at; i < n && na < STEP_WINDOW; ++i)
    if (isfinite(x[i])) a[na++] = x[i];
  if (nb == 0 || na == 0) return NAN;
  return median(a, na) / median(b, nb) - 1;
}
