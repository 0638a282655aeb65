#include "ab_stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The exact null distribution is used up to this many values per side (its table has
 * 2 (n + 1) (m n + 1) entries). */
#define AB_EXACT_MAX 50

static int sample_ok(const double *x, int n) {
  if (n < 1 || n > AB_MAX_SAMPLES) return 0;
  for (int i = 0; i < n; ++i)
    if (!isfinite(x[i])) return 0;
  return 1;
}

/* Number of orderings of m x-values and n y-values (no ties) with U = u, for u = 0..mn:
 * placing the largest value last, c_{m,n}(u) = c_{m-1,n}(u - n) + c_{m,n-1}(u). Returns the
 * table (caller frees) or NULL. */
static double *u_null_counts(int m, int n) {
  size_t w = (size_t)m * (size_t)n + 1;
  double *prev = calloc((size_t)(n + 1) * w, sizeof(double));
  double *cur = calloc((size_t)(n + 1) * w, sizeof(double));
  double *out = malloc(w * sizeof(double));
  if (!prev || !cur || !out) { free(prev); free(cur); free(out); return NULL; }
  for (int j = 0; j <= n; ++j) prev[(size_t)j * w] = 1.0; /* m = 0: U = 0 */
  for (int i = 1; i <= m; ++i) {
    memset(cur, 0, (size_t)(n + 1) * w * sizeof(double));
    cur[0] = 1.0; /* n = 0 */
    for (int j = 1; j <= n; ++j) {
      double *c = cur + (size_t)j * w;
      const double *left = cur + (size_t)(j - 1) * w, *up = prev + (size_t)j * w;
      size_t top = (size_t)i * (size_t)j;
      for (size_t u = 0; u <= top; ++u) c[u] = left[u] + (u >= (size_t)j ? up[u - (size_t)j] : 0.0);
    }
    double *t = prev; prev = cur; cur = t;
  }
  memcpy(out, prev + (size_t)n * w, w * sizeof(double));
  free(prev);
  free(cur);
  return out;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Standard normal quantile by bisection on erfc (only called a few times per decision). */
static double normal_quantile(double p) {
  double lo = -40.0, hi = 40.0;
  for (int it = 0; it < 200; ++it) {
    double mid = 0.5 * (lo + hi);
    if (0.5 * erfc(-mid / sqrt(2.0)) < p) lo = mid; else hi = mid;
  }
  return 0.5 * (lo + hi);
}

CbStatus mann_whitney(const double *x, int nx, const double *y, int ny, MannWhitney *out) {
  if (!sample_ok(x, nx) || !sample_ok(y, ny)) return CB_ERR_INPUT;
  int N = nx + ny;
  double *all = malloc((size_t)N * sizeof(double));
  if (!all) return CB_ERR_MEMORY;
  double u = 0.0;
  for (int i = 0; i < nx; ++i)
    for (int j = 0; j < ny; ++j) u += x[i] > y[j] ? 1.0 : x[i] == y[j] ? 0.5 : 0.0;
  memcpy(all, x, (size_t)nx * sizeof(double));
  memcpy(all + nx, y, (size_t)ny * sizeof(double));
  qsort(all, (size_t)N, sizeof(double), cmp_double);
  double tie_sum = 0.0; /* sum of t^3 - t over groups of equal values */
  for (int i = 0; i < N;) {
    int k = i;
    while (k < N && all[k] == all[i]) ++k;
    double t = k - i;
    tie_sum += t * t * t - t;
    i = k;
  }
  free(all);
  double mn = (double)nx * ny, umax = fmax(u, mn - u);
  out->u = u;
  out->exact = 0;
  if (tie_sum == 0.0 && nx <= AB_EXACT_MAX && ny <= AB_EXACT_MAX) {
    double *c = u_null_counts(nx, ny);
    if (c) {
      double total = 0.0, tail = 0.0;
      for (size_t k = 0; k <= (size_t)mn; ++k) {
        total += c[k];
        if ((double)k >= umax) tail += c[k];
      }
      free(c);
      out->p = fmin(1.0, 2.0 * tail / total);
      out->exact = 1;
      return CB_OK;
    }
  }
  double var = mn / 12.0 * ((N + 1.0) - tie_sum / ((double)N * (N - 1.0)));
  if (!(var > 0)) { out->p = 1.0; return CB_OK; } /* every value equal */
  double z = (umax - 0.5 * mn - 0.5) / sqrt(var);
  out->p = fmin(1.0, erfc(z / sqrt(2.0)));
  return CB_OK;
}

/* The k (1-based) of the interval [D_(k), D_(mn+1-k)] at level conf. */
static size_t ci_rank(int m, int n, double conf) {
  double half = 0.5 * (1.0 - conf), mn = (double)m * n;
  size_t k = 1;
  double *c = m <= AB_EXACT_MAX && n <= AB_EXACT_MAX ? u_null_counts(m, n) : NULL;
  if (c) {
    double total = 0.0, cum = 0.0;
    for (size_t u = 0; u <= (size_t)mn; ++u) total += c[u];
    /* largest k with P(U <= k - 1) <= half: each end misses with that probability */
    for (size_t u = 0; u < (size_t)mn; ++u) {
      cum += c[u];
      if (cum / total > half) break;
      k = u + 1;
    }
    free(c);
  } else {
    double kk = floor(0.5 * mn - normal_quantile(1.0 - half) * sqrt(mn * (m + n + 1.0) / 12.0));
    k = kk >= 1.0 ? (size_t)kk : 1;
  }
  size_t kmax = ((size_t)mn + 1) / 2;
  return k > kmax ? kmax : k;
}

CbStatus ab_ratio_ci(const double *a, int na, const double *b, int nb, double conf, double *ratio, double *lo,
                     double *hi) {
  if (!sample_ok(a, na) || !sample_ok(b, nb) || !(conf > 0 && conf < 1)) return CB_ERR_INPUT;
  for (int i = 0; i < na; ++i) if (!(a[i] > 0)) return CB_ERR_INPUT;
  for (int j = 0; j < nb; ++j) if (!(b[j] > 0)) return CB_ERR_INPUT;
  size_t nd = (size_t)na * (size_t)nb;
  double *d = malloc(nd * sizeof(double));
  if (!d) return CB_ERR_MEMORY;
  for (int i = 0; i < na; ++i)
    for (int j = 0; j < nb; ++j) d[(size_t)i * nb + j] = log(b[j]) - log(a[i]);
  qsort(d, nd, sizeof(double), cmp_double);
  double med = nd % 2 ? d[nd / 2] : 0.5 * (d[nd / 2 - 1] + d[nd / 2]);
  size_t k = ci_rank(na, nb, conf);
  *ratio = exp(med);
  *lo = exp(d[k - 1]);
  *hi = exp(d[nd - k]);
  free(d);
  return CB_OK;
}

CbStatus ab_decide(const double *a, int na, const double *b, int nb, double alpha, double threshold, AbDecision *d) {
  if (!(alpha > 0 && alpha < 1) || !(threshold >= 0)) return CB_ERR_INPUT;
  CbStatus st = mann_whitney(b, nb, a, na, &d->mw);
  if (st == CB_OK) st = ab_ratio_ci(a, na, b, nb, 1.0 - alpha, &d->ratio, &d->lo, &d->hi);
  if (st != CB_OK) return st;
  d->verdict = AB_SAME;
  if (d->mw.p < alpha) {
    if (d->ratio > 1.0) d->verdict = d->ratio > 1.0 + threshold ? AB_SLOWDOWN : AB_SLOWER_SMALL;
    else if (d->ratio < 1.0) d->verdict = d->ratio < 1.0 / (1.0 + threshold) ? AB_IMPROVEMENT : AB_FASTER_SMALL;
  }
  return 0;
}

int ab_should_stop(const AbDecision *d, double threshold, int n, int max_rounds) {
  const double up = 1.0 + threshold;
  if (n >= max_rounds || d->hi / d->lo <= up) return 1;
  if (d->verdict == AB_SLOWDOWN && d->lo > up) return 1;
  if (d->verdict == AB_IMPROVEMENT && d->hi < 1.0 / up) return 1;
  return 0;
}

const char *ab_verdict_name(AbVerdict v) {
  switch (v) {
  case AB_SLOWDOWN: return "SLOWDOWN";
  case AB_SLOWER_SMALL: return "slower, within threshold";
  case AB_IMPROVEMENT: return "improvement";
  case AB_FASTER_SMALL: return "faster, within threshold";
  default: return "no significant change";
  }
}
