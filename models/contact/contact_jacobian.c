/* Contact Jacobians: per contact, one 3 x tree_nv block per movable side, mapping the tree's
 * velocities to the contact-frame relative velocity v_c = R (v_A(p) - v_B(p)) (+ surface
 * motion and kinematic-body motion, in vc_offset). Stored in the Data pool so nothing is
 * allocated per step in the steady state. */
#include <math.h>
#include <string.h>

#include "../contact.h"
#include "../kinematic.h"
#include "../math3d.h"
#include "../multibody.h"

static void surface_velocity(const Model *m, const Data *d, int g, double t, double *u) {
  const Geom *gm = &m->geoms[g];
  if (!gm->has_surface_velocity) { u[0] = u[1] = u[2] = 0; return; }
  double s = gm->surface_bias + gm->surface_amp * sin(2.0 * M_PI * gm->surface_freq * t);
  double dir[3];
  m3_mulv(dir, &d->geom_xrot[9 * g], gm->surface_dir);
  v3_scale(u, dir, s);
}

static int kinematic_body(const Model *m, int b) { return b > 0 && b < m->nbody && m->bodies[b].kinematic; }

void contact_prescribed_offset(const Model *m, const Data *d, int i, double t, double *offset) {
  const Contact *c = &d->contacts[i];
  if (!m->geoms[c->geom[0]].has_surface_velocity && !m->geoms[c->geom[1]].has_surface_velocity &&
      !kinematic_body(m, c->body[0]) && !kinematic_body(m, c->body[1])) { /* most contacts */
    v3_set(offset, 0, 0, 0);
    return;
  }
  double uA[3], uB[3], du[3], kA[3], kB[3];
  surface_velocity(m, d, c->geom[0], t, uA);
  surface_velocity(m, d, c->geom[1], t, uB);
  kinematic_point_velocity(m, c->body[0], t, kA);
  kinematic_point_velocity(m, c->body[1], t, kB);
  v3_sub(du, uA, uB);
  v3_add(du, du, kA);
  v3_sub(du, du, kB);
  m3_mulv(offset, c->frame, du);
}

int contact_has_prescribed_motion(const Model *m) {
  for (int g = 0; g < m->ngeom; ++g)
    if (m->geoms[g].has_surface_velocity) return 1;
  for (int b = 1; b < m->nbody; ++b)
    if (m->bodies[b].kinematic) return 1;
  return 0;
}

CbStatus contact_jacobians(const Model *m, Data *d, double t) {
  int mt = m->max_tree_nv, prescribed = contact_has_prescribed_motion(m);
  if (data_reserve_contacts(d, d->ncon, d->ncon * 6 * mt + 1) != CB_OK) return CB_ERR_MEMORY;
  int size = 0;
  for (int i = 0; i < d->ncon; ++i) {
    Contact *c = &d->contacts[i];
    int tA = c->tree[0], tB = c->tree[1];
    c->jac_adr[0] = c->jac_adr[1] = -1;
    /* Across a gap (a look-ahead contact, phi > 0) each side moves at its own witness point,
     * A's at pos + (1 - w) phi n and B's at pos - w phi n (w: A's stiffness weight): the points
     * that meet when the gap closes. An impulse through the contact point itself would act on a
     * ball a gap below its surface, with the lever r + phi. In contact (phi <= 0) both sides use
     * the stiffness-weighted point, which is where the witness points meet at phi = 0. */
    const double *pA = c->pos, *pB = c->pos;
    double wpA[3], wpB[3];
    if (c->phi > 0) {
      double w = contact_point_weight(&m->materials[m->geoms[c->geom[0]].material],
                                      &m->materials[m->geoms[c->geom[1]].material]);
      const double *n = c->frame + 6;
      v3_copy(wpA, c->pos);
      v3_axpy(wpA, (1.0 - w) * c->phi, n);
      v3_copy(wpB, c->pos);
      v3_axpy(wpB, -w * c->phi, n);
      pA = wpA;
      pB = wpB;
    }
    if (tA >= 0) {
      int n = m->tree_nv[tA];
      c->jac_adr[0] = size;
      mb_point_jacobian_in_frame(m, d, c->body[0], pA, tA, c->frame, 1.0, 0, d->contact_jac + size);
      size += 3 * n;
    }
    if (tB >= 0) {
      int n = m->tree_nv[tB];
      if (tB == tA) {
        mb_point_jacobian_in_frame(m, d, c->body[1], pB, tB, c->frame, -1.0, 1, d->contact_jac + c->jac_adr[0]);
      } else {
        c->jac_adr[1] = size;
        mb_point_jacobian_in_frame(m, d, c->body[1], pB, tB, c->frame, -1.0, 0, d->contact_jac + size);
        size += 3 * n;
      }
    }
    /* prescribed motion: surface velocities, and the world velocity of the contact point on
     * a kinematic body (models/kinematic.h) */
    if (prescribed) contact_prescribed_offset(m, d, i, t, c->vc_offset);
    else v3_set(c->vc_offset, 0, 0, 0);
  }
  d->jac_size = size;
  return CB_OK;
}

void contact_velocity(const Model *m, const Data *d, int i, const double *v, double *vc) {
  const Contact *c = &d->contacts[i];
  v3_copy(vc, c->vc_offset);
  for (int s = 0; s < 2; ++s) {
    if (c->jac_adr[s] < 0) continue;
    int t = c->tree[s], n = m->tree_nv[t];
    const double *J = d->contact_jac + c->jac_adr[s], *vt = v + m->tree_vadr[t];
    if (n == 6) m3n_mul_add(J, vt, 6, vc);
    else m3n_mul_add(J, vt, n, vc);
  }
}

void contact_apply_force(const Model *m, const Data *d, int i, const double *f, double *gen) {
  const Contact *c = &d->contacts[i];
  for (int s = 0; s < 2; ++s) {
    if (c->jac_adr[s] < 0) continue;
    int t = c->tree[s], n = m->tree_nv[t];
    const double *J = d->contact_jac + c->jac_adr[s];
    double *g = gen + m->tree_vadr[t];
    for (int k = 0; k < n; ++k) g[k] += J[k] * f[0] + J[n + k] * f[1] + J[2 * n + k] * f[2];
  }
}
