/* The geometry query: broad phase, narrow phase per candidate pair, and the contact records
 * (frame, signed distance) in Data: geometry only; the contact layer adds the materials
 * (contact_materials). */
#include <math.h>

#include "models/collision.h"
#include "models/collision/broadphase.h"
#include "models/math3d.h"

/* Orthonormal tangents (t1, t2) with t1 x t2 = n, a deterministic smooth function of n away
 * from n_z = 0 (Duff et al., "Building an orthonormal basis, revisited", JCGT 2017). */
static void tangent_basis(const double *n, double *t1, double *t2) {
  double s = copysign(1.0, n[2]);
  double a = -1.0 / (s + n[2]), b = n[0] * n[1] * a;
  v3_set(t1, 1.0 + s * n[0] * n[0] * a, s * b, -s * n[0]);
  v3_set(t2, b, s + n[1] * n[1] * a, -n[1]);
}

/* Data.broadphase_free: data_free releases the scratch through it. */
static void free_broadphase(void *bp) { broadphase_free(bp); }

CbStatus collision_detect(const Model *m, Data *d) {
  d->counters.geometry_queries++;
  if (d->geometry_queries_out) ++*d->geometry_queries_out;
  d->ncon = 0;
  Broadphase *bp = d->broadphase;
  if (bp && bp->ngeom != m->ngeom) {
    broadphase_free(bp);
    bp = d->broadphase = NULL;
  }
  if (!bp) {
    bp = broadphase_create(m->ngeom);
    if (!bp) return CB_ERR_MEMORY;
    d->broadphase = bp;
    d->broadphase_free = free_broadphase;
  }
  if (broadphase_pairs(m, d, bp) != CB_OK) return CB_ERR_MEMORY;

  ContactPoint pts[CB_MAX_PAIR_CONTACTS];
  for (int p = 0; p < bp->npairs; ++p) {
    int ga = bp->pairs[2 * p], gb = bp->pairs[2 * p + 1];
    /* a static geometry is side B, so that n points into the moving body */
    if (m->bodies[m->geoms[ga].body].tree < 0 && m->bodies[m->geoms[gb].body].tree >= 0) {
      int t = ga; ga = gb; gb = t;
    }
    const Geom *A = &m->geoms[ga], *B = &m->geoms[gb];
    d->counters.narrow_phase_tests++;
    int n = collide_geoms(m, d, ga, gb, collision_pair_margin(m, d, ga, gb), pts, CB_MAX_PAIR_CONTACTS);
    if (n == 0) continue;
    if (data_reserve_contacts(d, d->ncon + n, 0) != CB_OK) return CB_ERR_MEMORY;
    for (int i = 0; i < n; ++i) {
      if (!collision_speculative_keep(m, d, ga, gb, pts[i].phi, pts[i].normal)) continue;
      Contact *c = &d->contacts[d->ncon++];
      c->geom[0] = ga; c->geom[1] = gb;
      c->body[0] = A->body; c->body[1] = B->body;
      c->tree[0] = m->bodies[A->body].tree;
      c->tree[1] = m->bodies[B->body].tree;
      v3_copy(c->pos, pts[i].pos); /* the witness points' midpoint; contact_materials moves it */
      tangent_basis(pts[i].normal, c->frame, c->frame + 3);
      v3_copy(c->frame + 6, pts[i].normal);
      c->phi = pts[i].phi;
      c->par = (ContactParams){0};
      v3_set(c->vc_offset, 0, 0, 0);
      v3_set(c->vc0, 0, 0, 0);
      c->jac_adr[0] = c->jac_adr[1] = -1;
    }
  }
  return CB_OK;
}
