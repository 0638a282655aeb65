/* Narrow-phase dispatch through a table indexed by the pair of geometry types (upper
 * triangle; the lower one is served by swapping the arguments and flipping the normals). */
#include "models/collision/narrow_phase.h"

static const NarrowPhaseFn collision_table[GEOM_NTYPES][GEOM_NTYPES] = {
  [GEOM_PLANE] = {[GEOM_SPHERE] = np_plane_sphere, [GEOM_BOX] = np_plane_box,
                  [GEOM_CYLINDER] = np_plane_cylinder, [GEOM_CAPSULE] = np_plane_capsule},
  [GEOM_SPHERE] = {[GEOM_SPHERE] = np_sphere_sphere, [GEOM_BOX] = np_sphere_box,
                   [GEOM_CYLINDER] = np_sphere_cylinder, [GEOM_CAPSULE] = np_sphere_capsule},
  [GEOM_BOX] = {[GEOM_BOX] = np_box_box, [GEOM_CYLINDER] = np_box_cylinder, [GEOM_CAPSULE] = np_box_capsule},
  [GEOM_CYLINDER] = {[GEOM_CYLINDER] = np_ccd_manifold, [GEOM_CAPSULE] = np_ccd_manifold},
  [GEOM_CAPSULE] = {[GEOM_CAPSULE] = np_capsule_capsule},
};

int np_collide_poses(const GeomPose *a, const GeomPose *b, double margin, ContactPoint *out, int maxout) {
  if (maxout <= 0 || (unsigned)a->type >= GEOM_NTYPES || (unsigned)b->type >= GEOM_NTYPES) return 0;
  if (maxout > CB_MAX_PAIR_CONTACTS) maxout = CB_MAX_PAIR_CONTACTS;
  /* same types: a canonical order (by position) makes the result exactly mirror-symmetric */
  int swap = a->type > b->type;
  if (a->type == b->type)
    for (int k = 0; k < 3; ++k)
      if (a->pos[k] != b->pos[k]) { swap = b->pos[k] < a->pos[k]; break; }
  if (!swap) {
    NarrowPhaseFn fn = collision_table[a->type][b->type];
    return fn ? fn(a, b, margin, out, maxout) : 0;
  }
  NarrowPhaseFn fn = collision_table[b->type][a->type];
  if (!fn) return 0;
  int n = fn(b, a, margin, out, maxout);
  for (int i = 0; i < n; ++i) v3_scale(out[i].normal, out[i].normal, -1.0);
  return n;
}

int collide_geoms(const Model *m, const Data *d, int ga, int gb, double margin,
                  ContactPoint *out, int maxout) {
  const Geom *A = &m->geoms[ga], *B = &m->geoms[gb];
  GeomPose pa = {A->type, A->size, d->geom_xpos + 3 * ga, d->geom_xrot + 9 * ga};
  GeomPose pb = {B->type, B->size, d->geom_xpos + 3 * gb, d->geom_xrot + 9 * gb};
  return np_collide_poses(&pa, &pb, margin, out, maxout);
}
