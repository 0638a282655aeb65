/* Sweep and prune: AABBs of the geometries (inflated by each geometry's margin and speculative
 * reach), sorted along the axis where the centres spread most; each geometry is compared only
 * with those whose interval along that axis overlaps its own. */
#include "models/collision/broadphase.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "models/math3d.h"
#include "models/pair_sort.h"

Broadphase *broadphase_create(int ngeom) {
  Broadphase *bp = calloc(1, sizeof(Broadphase));
  if (!bp) return NULL;
  size_t n = (size_t)(ngeom > 0 ? ngeom : 1);
  bp->ngeom = ngeom;
  bp->entries = malloc(n * sizeof(SapEntry));
  bp->lo = malloc(3 * n * sizeof(double));
  bp->hi = malloc(3 * n * sizeof(double));
  bp->sorted_box = malloc(6 * n * sizeof(double));
  bp->planes = malloc(n * sizeof(int));
  bp->cap_pairs = 64;
  bp->pairs = malloc(2 * (size_t)bp->cap_pairs * sizeof(int));
  bp->unsorted = malloc(2 * (size_t)bp->cap_pairs * sizeof(int));
  bp->bucket = malloc((n + 1) * sizeof(int));
  if (!bp->entries || !bp->lo || !bp->hi || !bp->sorted_box || !bp->planes || !bp->pairs || !bp->unsorted || !bp->bucket) {
    broadphase_free(bp);
    return NULL;
  }
  return bp;
}

void broadphase_free(Broadphase *bp) {
  if (!bp) return;
  free(bp->entries); free(bp->lo); free(bp->hi); free(bp->sorted_box); free(bp->planes); free(bp->pairs); free(bp->unsorted); free(bp->bucket);
  free(bp);
}

int collision_pair_allowed(const Model *m, int g1, int g2) {
  int b1 = m->geoms[g1].body, b2 = m->geoms[g2].body;
  if (b1 == b2) return 0;
  if (m->geoms[g1].exclude_group && m->geoms[g1].exclude_group == m->geoms[g2].exclude_group) return 0;
  if (m->bodies[b1].tree < 0 && m->bodies[b2].tree < 0) return 0;
  if (m->geoms[g1].type == GEOM_PLANE && m->geoms[g2].type == GEOM_PLANE) return 0;
  if (b1 != 0 && b2 != 0 && (m->bodies[b1].parent == b2 || m->bodies[b2].parent == b1)) return 0;
  if (m->no_self_collision && m->bodies[b1].tree >= 0 && m->bodies[b1].tree == m->bodies[b2].tree) return 0;
  return 1;
}

static int is_unbounded(const Geom *g) { return g->type == GEOM_PLANE || !isfinite(g->rbound); }

/* Half width of the geometry along the unit world direction u: max over the shape of u . (x - c),
 * never more than the bounding sphere. The tight box extent matters: hard clutter's sink walls
 * (0.05 x 0.5 x 0.4 half sizes) have bounding spheres that reach every object in the sink, and
 * every such false pair costs a narrow-phase test. */
static double support_radius(const Geom *g, const double *rot, const double *u) {
  double a[3]; /* u in the geometry frame: rot^T u */
  for (int j = 0; j < 3; ++j) a[j] = rot[j] * u[0] + rot[3 + j] * u[1] + rot[6 + j] * u[2];
  double r;
  switch (g->type) {
  case GEOM_BOX: r = fabs(a[0]) * g->size[0] + fabs(a[1]) * g->size[1] + fabs(a[2]) * g->size[2]; break;
  case GEOM_CAPSULE: r = fabs(a[2]) * g->size[1] + g->size[0]; break;
  case GEOM_CYLINDER: r = fabs(a[2]) * g->size[1] + g->size[0] * sqrt(fmax(0.0, 1.0 - a[2] * a[2])); break;
  default: r = g->rbound; break;
  }
  return fmin(r, g->rbound);
}

/* Half widths of the geometry's AABB (without margin): support radii along the world axes. */
static void aabb_half_widths(const Model *m, const Data *d, int g, double *w) {
  static const double axis[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  for (int k = 0; k < 3; ++k) w[k] = support_radius(&m->geoms[g], d->geom_xrot + 9 * g, axis[k]);
}

/* The bounding-sphere part of broadphase_bounds_overlap (the sweep has tested the AABBs). */
static int spheres_overlap(const Model *m, const Data *d, int g1, int g2) {
  const Geom *a = &m->geoms[g1], *b = &m->geoms[g2];
  /* the narrow phase's margin (collision_pair_margin) is at most this */
  double margin = fmax(a->margin, b->margin) + d->geom_reach[g1] + d->geom_reach[g2];
  int ua = is_unbounded(a), ub = is_unbounded(b);
  if (ua && ub) return 0;
  if (ua || ub) { /* plane against a bounding sphere */
    int gp = ua ? g1 : g2, gs = ua ? g2 : g1;
    const double *rot = d->geom_xrot + 9 * gp;
    double nz[3] = {rot[2], rot[5], rot[8]}, r[3];
    v3_sub(r, d->geom_xpos + 3 * gs, d->geom_xpos + 3 * gp);
    return v3_dot(nz, r) - support_radius(&m->geoms[gs], d->geom_xrot + 9 * gs, nz) <= margin;
  }
  double r[3];
  v3_sub(r, d->geom_xpos + 3 * g1, d->geom_xpos + 3 * g2);
  double reach = a->rbound + b->rbound + margin;
  return v3_dot(r, r) <= reach * reach;
}

int broadphase_bounds_overlap(const Model *m, const Data *d, int g1, int g2) {
  if (!is_unbounded(&m->geoms[g1]) && !is_unbounded(&m->geoms[g2])) {
    double w1[3], w2[3];
    aabb_half_widths(m, d, g1, w1);
    aabb_half_widths(m, d, g2, w2);
    double e1 = m->geoms[g1].margin + d->geom_reach[g1], e2 = m->geoms[g2].margin + d->geom_reach[g2];
    for (int k = 0; k < 3; ++k) /* the sweep's interval test, in the same floating-point form */
      if (d->geom_xpos[3 * g2 + k] - (w2[k] + e2) > d->geom_xpos[3 * g1 + k] + (w1[k] + e1) ||
          d->geom_xpos[3 * g1 + k] - (w1[k] + e1) > d->geom_xpos[3 * g2 + k] + (w2[k] + e2))
        return 0;
  }
  return spheres_overlap(m, d, g1, g2);
}

/* (key, geom) order: a total order, so any sort gives the same sequence. */
static int entry_before(const SapEntry *a, const SapEntry *b) {
  return a->key < b->key || (a->key == b->key && a->geom < b->geom);
}

/* Insertion sort: the entries keep last call's order, and bodies move little between calls, so
 * this is O(n) in the usual case, where qsort at every query is O(n log n). */
static void sort_entries(SapEntry *e, int n) {
  for (int i = 1; i < n; ++i) {
    SapEntry x = e[i];
    int j = i - 1;
    while (j >= 0 && entry_before(&x, &e[j])) {
      e[j + 1] = e[j];
      --j;
    }
    e[j + 1] = x;
  }
}

static CbStatus push_pair(Broadphase *bp, int g1, int g2) {
  if (bp->npairs == bp->cap_pairs) {
    int cap = 2 * bp->cap_pairs;
    int *p = realloc(bp->pairs, 2 * (size_t)cap * sizeof(int));
    if (!p) return CB_ERR_MEMORY;
    bp->pairs = p;
    p = realloc(bp->unsorted, 2 * (size_t)cap * sizeof(int));
    if (!p) return CB_ERR_MEMORY;
    bp->unsorted = p;
    bp->cap_pairs = cap;
  }
  bp->unsorted[2 * bp->npairs] = g1 < g2 ? g1 : g2;
  bp->unsorted[2 * bp->npairs + 1] = g1 < g2 ? g2 : g1;
  bp->npairs++;
  return CB_OK;
}

static CbStatus test_and_push(const Model *m, const Data *d, Broadphase *bp, int g1, int g2) {
  if (!collision_pair_allowed(m, g1, g2) || !spheres_overlap(m, d, g1, g2)) return CB_OK;
  return push_pair(bp, g1, g2);
}

int broadphase_pairs(const Model *m, const Data *d, Broadphase *bp) {
  bp->npairs = 0;
  int nfin = 0, npl = 0;
  double mean[3] = {0, 0, 0}, sq[3] = {0, 0, 0};
  for (int g = 0; g < m->ngeom; ++g) {
    const Geom *gm = &m->geoms[g];
    if (is_unbounded(gm)) { bp->planes[npl++] = g; continue; }
    const double *c = d->geom_xpos + 3 * g;
    double w[3], e = gm->margin + d->geom_reach[g];
    aabb_half_widths(m, d, g, w);
    for (int k = 0; k < 3; ++k) {
      bp->lo[3 * g + k] = c[k] - (w[k] + e);
      bp->hi[3 * g + k] = c[k] + (w[k] + e);
      mean[k] += c[k];
      sq[k] += c[k] * c[k];
    }
    nfin++;
  }
  if (bp->nsorted != nfin) { /* first call: the finite geometries in index order */
    int k = 0;
    for (int g = 0; g < m->ngeom; ++g)
      if (!is_unbounded(&m->geoms[g])) bp->entries[k++].geom = g;
    bp->nsorted = nfin;
  }
  /* sweep axis: largest variance of the centres */
  int axis = 0;
  double best = -1;
  for (int k = 0; k < 3; ++k) {
    double var = nfin > 0 ? sq[k] / nfin - (mean[k] / nfin) * (mean[k] / nfin) : 0;
    if (var > best) { best = var; axis = k; }
  }
  for (int i = 0; i < nfin; ++i) bp->entries[i].key = bp->lo[3 * bp->entries[i].geom + axis];
  sort_entries(bp->entries, nfin);
  /* The boxes in sweep order: the sweep then reads memory in order (through the entries'
   * geometry indices it misses the cache on large scenes) */
  double *box = bp->sorted_box;
  for (int i = 0; i < nfin; ++i) {
    int g = bp->entries[i].geom;
    memcpy(box + 6 * i, bp->lo + 3 * g, 3 * sizeof(double));
    memcpy(box + 6 * i + 3, bp->hi + 3 * g, 3 * sizeof(double));
  }
  for (int i = 0; i < nfin; ++i) {
    const double *bi = box + 6 * i;
    for (int j = i + 1; j < nfin && box[6 * j + axis] <= bi[3 + axis]; ++j) {
      const double *bj = box + 6 * j;
      int overlap = 1;
      for (int k = 0; k < 3; ++k)
        if (bj[k] > bi[3 + k] || bi[k] > bj[3 + k]) { overlap = 0; break; }
      if (overlap && test_and_push(m, d, bp, bp->entries[i].geom, bp->entries[j].geom) != CB_OK) return CB_ERR_MEMORY;
    }
  }
  for (int p = 0; p < npl; ++p)
    for (int g = 0; g < m->ngeom; ++g)
      if (g != bp->planes[p] && !(is_unbounded(&m->geoms[g]) && g < bp->planes[p]) &&
          test_and_push(m, d, bp, bp->planes[p], g) != CB_OK)
        return CB_ERR_MEMORY;
  pair_sort(bp->unsorted, bp->npairs, 0, m->ngeom, bp->bucket, bp->pairs); /* by first geometry, then second */
  return CB_OK;
}
