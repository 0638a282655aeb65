/* Inputs a self-stepping peer applies explicitly: the generalized forces of prescribed forces and
 * controllers at the start of its step, and controller states advanced by forward Euler (the
 * engine's step is explicit in them). Shared by the peers (mujoco, ode) that cannot put cbench's
 * controllers inside their own step. */
#ifndef CBENCH_EXPLICIT_INPUTS_H
#define CBENCH_EXPLICIT_INPUTS_H

#include "../../models/data.h"

/* tau[nv] (overwritten) = applied forces + controllers at (t, x = [q, v, z]); d holds the
 * kinematics afterwards (and the mass matrix and bias when with_inverse_dynamics); zdot[nz] is
 * workspace; z_out[nz] = z + dt zdot. */
void explicit_inputs_eval(const Model *m, Data *d, int with_inverse_dynamics, double t, const double *x, double dt,
                          double *tau, double *zdot, double *z_out);

#endif
