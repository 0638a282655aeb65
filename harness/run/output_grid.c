#include "output_grid.h"

#include <math.h>
#include <stdlib.h>

#include "grid_integration.h"

double *output_grid_uniform(double t_end, double dt, int *n) {
  *n = 0;
  if (!(dt > 0) || !(t_end > 0) || !(t_end / dt < (double)(GRID_MAX_POINTS - 2))) return NULL;
  long m = (long)floor(t_end / dt + 1e-9) + 1;
  double *t = malloc(sizeof(double) * (size_t)(m + 1));
  if (!t) return NULL;
  for (long k = 0; k < m; ++k) t[k] = (double)k * dt;
  if (t[m - 1] < t_end - 1e-12) t[m++] = t_end;
  *n = (int)m;
  return t;
}

static int same_time(double a, double b) { return fabs(a - b) <= 1e-9 * (1.0 + fabs(a)); }

CbStatus output_grid_merge(const double *te, int ne, const double *tr, int nr, double **t, unsigned char **flags,
                           int *n) {
  *n = 0;
  *t = malloc(sizeof(double) * (size_t)(ne + nr + 1));
  *flags = malloc((size_t)(ne + nr + 1));
  if (!*t || !*flags) {
    free(*t); free(*flags);
    *t = NULL; *flags = NULL;
    return CB_ERR_MEMORY;
  }
  int i = 0, j = 0, k = 0;
  while (i < ne || j < nr) {
    double x;
    unsigned char f = 0;
    if (j >= nr || (i < ne && te[i] <= tr[j])) { x = te[i++]; f = OUTPUT_POINT_ERROR; }
    else { x = tr[j++]; f = OUTPUT_POINT_ROW; }
    if (k > 0 && same_time((*t)[k - 1], x)) {
      /* keep the error grid's time exactly: the reference is matched against it */
      if (f == OUTPUT_POINT_ERROR) (*t)[k - 1] = x;
      (*flags)[k - 1] |= f;
    } else {
      (*t)[k] = x;
      (*flags)[k++] = f;
    }
  }
  *n = k;
  return CB_OK;
}

double *output_grid_windows(double t_end, double w, int *n) {
  *n = 0;
  if (!(w > 0) || !(t_end > 0) || !(t_end / w < (double)(GRID_MAX_POINTS - 2))) return NULL;
  long m = (long)floor(t_end / w + 1e-9) + 1;
  double *t = malloc(sizeof(double) * (size_t)m);
  if (!t) return NULL;
  for (long k = 0; k < m; ++k) t[k] = (double)k * w;
  *n = (int)m;
  return t;
}

CbStatus output_grid_add(double **t, unsigned char **flags, int *n, const double *tw, int nw, unsigned char f) {
  double *to = malloc(sizeof(double) * (size_t)(*n + nw + 1));
  unsigned char *fo = malloc((size_t)(*n + nw + 1));
  if (!to || !fo) {
    free(to); free(fo);
    return CB_ERR_MEMORY;
  }
  int i = 0, j = 0, k = 0;
  while (i < *n || j < nw) {
    if (j < nw && i < *n && same_time((*t)[i], tw[j])) { /* the grid's time stays exact */
      to[k] = (*t)[i];
      fo[k++] = (*flags)[i++] | f;
      ++j;
    } else if (j >= nw || (i < *n && (*t)[i] < tw[j])) {
      to[k] = (*t)[i];
      fo[k++] = (*flags)[i++];
    } else if (k > 0 && same_time(to[k - 1], tw[j])) {
      fo[k - 1] |= f;
      ++j;
    } else {
      to[k] = tw[j++];
      fo[k++] = f;
    }
  }
  free(*t); free(*flags);
  *t = to;
  *flags = fo;
  *n = k;
  return CB_OK;
}

void step_times_observe(void *ctx, const Integrator *it, const StepEvent *e) {
  (void)it;
  StepTimes *s = ctx;
  if (e->steps != 1) s->internal = 1;
  if (!e->accepted || s->overflow) return;
  if (s->n == s->cap) { /* amortized doubling: O(log n) allocations over a run */
    int cap = s->cap ? 2 * s->cap : 1024;
    double *t = cap <= GRID_MAX_POINTS ? realloc(s->t, sizeof(double) * (size_t)cap) : NULL;
    if (!t) { s->overflow = 1; return; }
    s->t = t;
    s->cap = cap;
  }
  s->t[s->n++] = e->t + e->h;
}

void step_times_free(StepTimes *s) {
  free(s->t);
  s->t = NULL;
  s->n = s->cap = 0;
}
