/* External systems: controllers with state z, z' = h(z, x), tau = g(z, x) (CENIC sec. III,
 * V-C): PD, PID and inverse dynamics (tau = M vd' + k, vd' = -Kp (q - qd) - Kd (v - vd)),
 * with effort limits. */
#ifndef CBENCH_CONTROLLER_H
#define CBENCH_CONTROLLER_H

#include "data.h"

/* Desired position and velocity of controller c at time t (piecewise-linear schedule). */
void controller_setpoint(const Controller *c, double t, double *qd, double *vd);
/* tau[nv] += sum over controllers of their (effort-limited) generalized forces at (t, q, v, z);
 * zdot[nz] (if not NULL) = controller state derivatives. Inverse-dynamics controllers use
 * d->mass and d->bias, which must be evaluated at (q, v) first. */
void controller_eval(const Model *m, const Data *d, double t, const double *q, const double *v,
                     const double *z, double *tau, double *zdot);

#endif
