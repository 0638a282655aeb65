/* Kinematic bodies: bodies welded to the world whose pose is a prescribed function of time
 * (Body.kinematic, models/model.h). They have no dofs, so no integrator moves them; their
 * geometry follows the trajectory and their velocity enters the contact velocity through
 * Contact.vc_offset (contact_jacobians). Translation only, orientation constant:
 *   x(t) = joint_pos + kin_dir * kin_amp * sin(2 pi kin_freq t) + kin_vel * t. */
#ifndef CBENCH_KINEMATIC_H
#define CBENCH_KINEMATIC_H

#include "data.h"

/* Displacement x(t) - joint_pos and velocity x'(t) of a kinematic body, world frame. */
void kinematic_motion(const Body *b, double t, double *offset, double *vel);
/* World velocity at time t of any point rigidly attached to `body` when the body is kinematic;
 * zero for every other body (callers add the dof-driven part through Jacobians). */
void kinematic_point_velocity(const Model *m, int body, double t, double *vel);
/* Moves every kinematic body to its pose at time t: overwrites xpos, xcom, body_vel and the
 * poses of its geometries. Call after mb_kinematics (and mb_velocities) at any q. */
void kinematic_update(const Model *m, Data *d, double t);

#endif
