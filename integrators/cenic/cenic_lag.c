#include "cenic_lag.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../models/math3d.h"

CbStatus cenic_lag_init(CenicLag *l, int nx) {
  memset(l, 0, sizeof *l);
  l->nx = nx;
  for (int r = 0; r < CENIC_LAG_RECORDS; ++r) {
    l->rec[r].key = calloc((size_t)(nx > 0 ? nx : 1), sizeof(double));
    if (!l->rec[r].key) return CB_ERR_MEMORY;
  }
  return CB_OK;
}

void cenic_lag_free(CenicLag *l) {
  for (int r = 0; r < CENIC_LAG_RECORDS; ++r) {
    free(l->rec[r].key);
    free(l->rec[r].e);
    free(l->rec[r].tmp);
  }
  memset(l, 0, sizeof *l);
}

void cenic_lag_reset(CenicLag *l) {
  for (int r = 0; r < CENIC_LAG_RECORDS; ++r) l->rec[r].valid = 0;
}

const CenicLagRecord *cenic_lag_find(CenicLag *l, const double *x) {
  for (int r = 0; r < CENIC_LAG_RECORDS; ++r) {
    CenicLagRecord *rec = &l->rec[r];
    if (rec->valid && memcmp(rec->key, x, sizeof(double) * (size_t)l->nx) == 0) {
      rec->used = ++l->clock;
      return rec;
    }
  }
  return NULL;
}

static void local_point(const Data *d, int g, const double *pos, double *loc) {
  double r[3];
  v3_sub(r, pos, d->geom_xpos + 3 * g);
  m3_tmulv(loc, d->geom_xrot + 9 * g, r);
}

/* Index of the first entry of the pair (r->n if none). */
static int first_of_pair(const CenicLagRecord *r, long pair) {
  int lo = 0, hi = r->n;
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (r->e[mid].pair < pair) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

double cenic_lag_pair_force(const CenicLagRecord *r, const Model *m, int ga, int gb) {
  if (!r) return 0.0;
  const long pair = (long)ga * m->ngeom + gb;
  double sum = 0.0;
  for (int j = first_of_pair(r, pair); j < r->n && r->e[j].pair == pair; ++j) sum += r->e[j].fn;
  return sum;
}

double cenic_lag_force(const CenicLagRecord *r, const Model *m, const Data *d, int i) {
  if (!r || r->n == 0) return 0.0;
  const Contact *k = &d->contacts[i];
  const long pair = (long)k->geom[0] * m->ngeom + k->geom[1];
  const int lo = first_of_pair(r, pair);
  const double rb = m->geoms[k->geom[0]].rbound;
  double loc[3], best = isfinite(rb) ? 0.1 * rb : 1e-3, fn = 0.0;
  local_point(d, k->geom[0], k->pos, loc);
  for (int j = lo; j < r->n && r->e[j].pair == pair; ++j) {
    double dl[3];
    v3_sub(dl, loc, r->e[j].loc);
    double dist = v3_norm(dl);
    if (dist <= best) best = dist, fn = r->e[j].fn;
  }
  return fn;
}

/* Stable sort by pair, a natural merge sort through tmp [n]. collision_detect emits a pair's
 * contacts consecutively and the pairs in a few ascending runs (those with a static geometry
 * are keyed by their moving one), so this is O(n) or nearly; qsort through a comparison
 * callback cost 3,000 instructions per Newton iteration on hard clutter. Stable as glibc's
 * merge sort is, so the order (the ties of cenic_lag_force) is the one qsort gave. */
static int run_end(const CenicLagEntry *e, int i, int n) {
  for (++i; i < n && e[i - 1].pair <= e[i].pair; ++i) {}
  return i;
}

static void sort_by_pair(CenicLagEntry *e, CenicLagEntry *tmp, int n) {
  while (n > 1) {
    int runs = 0, o = 0;
    for (int a = 0; a < n;) {
      const int b = run_end(e, a, n);
      if (b == n && a == 0) return; /* one run: sorted */
      const int c = b < n ? run_end(e, b, n) : n;
      int i = a, j = b;
      while (i < b && j < c) tmp[o++] = e[j].pair < e[i].pair ? e[j++] : e[i++];
      while (i < b) tmp[o++] = e[i++];
      while (j < c) tmp[o++] = e[j++];
      runs++;
      a = c;
    }
    memcpy(e, tmp, sizeof *e * (size_t)n);
    if (runs == 1) return;
  }
}

int cenic_lag_store(CenicLag *l, const double *xend, const Model *m, const Data *d, const IcfProblem *p, const double *v) {
  /* a non-finite end state is a step the driver rejects: no later step starts from it */
  for (int i = 0; i < l->nx; ++i)
    if (!isfinite(xend[i])) return 1;
  CenicLagRecord *rec = NULL;
  for (int r = 0; r < CENIC_LAG_RECORDS && !rec; ++r) /* the same end state again: replace it */
    if (l->rec[r].valid && memcmp(l->rec[r].key, xend, sizeof(double) * (size_t)l->nx) == 0) rec = &l->rec[r];
  for (int r = 0; r < CENIC_LAG_RECORDS && !rec; ++r)
    if (!l->rec[r].valid) rec = &l->rec[r];
  if (!rec) {
    rec = &l->rec[0];
    for (int r = 1; r < CENIC_LAG_RECORDS; ++r)
      if (l->rec[r].used < rec->used) rec = &l->rec[r];
  }
  rec->valid = 0;
  rec->n = 0;
  if (p->ncon > rec->cap) { /* amortized: the most contacts seen so far */
    int cap = p->ncon > 2 * rec->cap ? p->ncon : 2 * rec->cap;
    CenicLagEntry *e = realloc(rec->e, sizeof *e * (size_t)cap);
    if (!e) return -1;
    rec->e = e;
    e = realloc(rec->tmp, sizeof *e * (size_t)cap);
    if (!e) return -1;
    rec->tmp = e;
    rec->cap = cap;
  }
  for (int i = 0; i < p->ncon; ++i) {
    double vc[3], gamma[3];
    icf_contact_velocity(p, i, v, vc);
    /* Lagged (no table): its own evaluation, which inlines here */
    if (p->model) icf_problem_contact_eval(p, i, vc, gamma, NULL);
    else icf_contact_eval(&p->con[i], vc, gamma, NULL);
    if (!(gamma[2] > 0 && p->con[i].n0 > 0)) continue; /* only loaded contacts lend their force */
    const Contact *k = &d->contacts[i];
    CenicLagEntry *e = &rec->e[rec->n++];
    e->pair = (long)k->geom[0] * m->ngeom + k->geom[1];
    local_point(d, k->geom[0], k->pos, e->loc);
    /* the smaller of the solve's force and the lag it started from: a sustained load carries
     * on, an impact's (started from nothing) does not follow the bodies apart */
    e->fn = fmin(gamma[2], p->con[i].n0) / p->con[i].h;
  }
  sort_by_pair(rec->e, rec->tmp, rec->n);
  memcpy(rec->key, xend, sizeof(double) * (size_t)l->nx);
  rec->used = ++l->clock;
  rec->valid = 1;
  return 0;
}
