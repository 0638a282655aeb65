/* Speculative contacts. A discrete step of size h (ICF, TAMSI) sees only the contacts reported
 * by the geometry query at its start. A gap that closes within the step must already be in
 * that list, with its signed distance phi0 > 0, so that the step's implicit normal impulse
 * n(v_n; phi0) = h f_n(phi0 + h v_n, v_n) (ICF eq. 7, vhat = min(-phi0/h, 1/d) in eq. 23; TAMSI
 * fn(phi0 + h vn)) switches on exactly when the linearized gap closes, and stays zero otherwise.
 * Without it a contact is born already deep in the floor, and the spring energy stored in that
 * penetration comes back out as a bounce higher than the drop (the ICF paper's limitations
 * section names tunnelling and speculative constraints as its remedy).
 *
 * How far ahead to look: the step moves a point by h v^{n+1} = h (v^n + h a). For a pair,
 * |v_rel^{n+1}| <= |v_A - v_B| + omega_A r_A + omega_B r_B + h |a_rel|, with v the velocities of
 * the geometry origins, r their bounding radii and omega without a cylinder's turn about its
 * axis (surface_turn). Gravity accounts for |a_rel| <= |g| when one
 * side is held; other forces (contact pushes, springs, controllers) are covered by a factor
 * CB_SPECULATIVE_SAFETY on the whole distance. A contact missed by this bound is the
 * old behaviour (born in overlap), and step-doubling error control still sees it. */
#include <math.h>

#include "models/collision.h"
#include "models/math3d.h"

static int geom_moves(const Model *m, int g) {
  const Body *b = &m->bodies[m->geoms[g].body];
  return b->tree >= 0 || b->kinematic;
}

/* The part of the angular velocity w that moves geometry g's surface (in place): a cylinder's
 * or capsule's turn about its own z axis leaves it where it is. The points of a rolling
 * cylinder's rim beside the lowest one are samples of a rim that stays in place; bounding their
 * approach by the spin |w| r admitted them at any speed, and their linearized gap phi0 + h v_n
 * then closed once |w| h > tan 22.5 deg (8 rim points): the spin froze there and the cylinder
 * slid. A sphere's spin is kept: its one point gets no normal speed from it, so the
 * bound adds no contact that closes, and it covers velocity changes within the step (without
 * it clutter's objects press deeper into each other at 10 ms). */
static void surface_turn(const Model *m, const Data *d, int g, double *w) {
  const GeomType type = m->geoms[g].type;
  if (type == GEOM_CYLINDER || type == GEOM_CAPSULE) {
    const double *R = d->geom_xrot + 9 * g;
    const double axis[3] = {R[2], R[5], R[8]}; /* the geometry's z axis in world */
    v3_axpy(w, -v3_dot(w, axis), axis);
  }
}

void collision_speculative_update(const Model *m, Data *d) {
  const double H = d->speculative_horizon;
  const double gnorm = sqrt(v3_dot(m->gravity, m->gravity));
  for (int g = 0; g < m->ngeom; ++g) {
    double *vg = d->geom_vel + 3 * g;
    v3_set(vg, 0, 0, 0);
    d->geom_spin[g] = 0.0;
    d->geom_reach[g] = 0.0;
    if (!(H > 0) || !geom_moves(m, g)) continue;
    const Geom *gm = &m->geoms[g];
    const int b = gm->body;
    /* body_vel is [omega; v_origin] in the body frame: rotate to world, shift to the geometry */
    const double *R = d->xrot + 9 * b, *bv = d->body_vel + 6 * b;
    double w[3], vo[3], r[3], wxr[3];
    m3_mulv(w, R, bv);
    m3_mulv(vo, R, bv + 3);
    v3_sub(r, d->geom_xpos + 3 * g, d->xpos + 3 * b);
    v3_cross(wxr, w, r);
    v3_add(vg, vo, wxr);
    const double rb = isfinite(gm->rbound) ? gm->rbound : 0.0;
    surface_turn(m, d, g, w);
    d->geom_spin[g] = sqrt(v3_dot(w, w)) * rb;
    d->geom_reach[g] = CB_SPECULATIVE_SAFETY * H * (sqrt(v3_dot(vg, vg)) + d->geom_spin[g] + gnorm * H);
  }
}

double collision_pair_margin(const Model *m, const Data *d, int ga, int gb) {
  double margin = fmax(m->geoms[ga].margin, m->geoms[gb].margin);
  const double H = d->speculative_horizon;
  if (!(H > 0)) return margin;
  int ma = geom_moves(m, ga), mb = geom_moves(m, gb);
  if (!ma && !mb) return margin;
  double dv[3];
  v3_sub(dv, d->geom_vel + 3 * ga, d->geom_vel + 3 * gb);
  const double gnorm = sqrt(v3_dot(m->gravity, m->gravity));
  double closing = sqrt(v3_dot(dv, dv)) + d->geom_spin[ga] + d->geom_spin[gb] + gnorm * H;
  return margin + CB_SPECULATIVE_SAFETY * H * closing;
}

int collision_speculative_keep(const Model *m, const Data *d, int ga, int gb, double phi, const double *normal) {
  double static_margin = fmax(m->geoms[ga].margin, m->geoms[gb].margin);
  const double H = d->speculative_horizon;
  if (phi <= static_margin || !(H > 0) || d->speculative_keep_all) return 1;
  /* closing speed along the normal (n from B into A: A approaches B when (v_A - v_B).n < 0) */
  double dv[3];
  v3_sub(dv, d->geom_vel + 3 * ga, d->geom_vel + 3 * gb);
  const double gnorm = sqrt(v3_dot(m->gravity, m->gravity));
  double vn = v3_dot(dv, normal);
  /* two-sided: a gap now opening may have been closed at the start of a step ending here */
  double closing = (d->speculative_two_sided ? fabs(vn) : -vn) + d->geom_spin[ga] + d->geom_spin[gb] + gnorm * H;
  return closing > 0 && phi <= static_margin + CB_SPECULATIVE_SAFETY * H * closing;
}
