/* Kinematic bodies: time-dependent poses of world-welded bodies (models/kinematic.h). */
#include "kinematic.h"

#include <math.h>

#include "math3d.h"

void kinematic_motion(const Body *b, double t, double *offset, double *vel) {
  double w = 2.0 * M_PI * b->kin_freq;
  double s = b->kin_amp * sin(w * t), sd = b->kin_amp * w * cos(w * t);
  for (int k = 0; k < 3; ++k) {
    offset[k] = b->kin_dir[k] * s + b->kin_vel[k] * t;
    vel[k] = b->kin_dir[k] * sd + b->kin_vel[k];
  }
}

void kinematic_point_velocity(const Model *m, int body, double t, double *vel) {
  v3_set(vel, 0, 0, 0);
  if (body <= 0 || body >= m->nbody || !m->bodies[body].kinematic) return;
  double off[3];
  kinematic_motion(&m->bodies[body], t, off, vel);
}

void kinematic_update(const Model *m, Data *d, double t) {
  for (int b = 1; b < m->nbody; ++b) {
    const Body *bd = &m->bodies[b];
    if (!bd->kinematic) continue;
    /* a fixed joint on a static parent: the pose at t = 0 is the joint frame, so
     * x(t) = x_parent + R_parent joint_pos + offset(t); the rotation is mb_kinematics' */
    double off[3], vel[3], t3[3];
    kinematic_motion(bd, t, off, vel);
    const double *R = d->xrot + 9 * b;
    double *p = d->xpos + 3 * b;
    m3_mulv(t3, d->xrot + 9 * bd->parent, bd->joint_pos);
    v3_add(p, d->xpos + 3 * bd->parent, t3);
    v3_add(p, p, off);
    m3_mulv(t3, R, bd->com);
    v3_add(d->xcom + 3 * b, p, t3);
    v3_set(d->body_vel + 6 * b, 0, 0, 0);
    m3_tmulv(d->body_vel + 6 * b + 3, R, vel);
  }
  for (int g = 0; g < m->ngeom; ++g) {
    const Geom *gm = &m->geoms[g];
    if (!m->bodies[gm->body].kinematic) continue;
    double t3[3];
    m3_mulv(t3, d->xrot + 9 * gm->body, gm->pos);
    v3_add(d->geom_xpos + 3 * g, d->xpos + 3 * gm->body, t3);
  }
}
