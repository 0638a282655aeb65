/* The second-order friction cone K_mu = {x : |x_T| <= mu x_N}, contact frame (t1, t2, n). Its
 * dual cone is K_{1/mu}. */
#ifndef CBENCH_RIGID_CONE_H
#define CBENCH_RIGID_CONE_H

/* y = the Euclidean projection of x onto K_mu (y may alias x). */
void cone_project(double mu, const double *x, double *y);
/* Euclidean distance of x to K_mu (mu finite, >= 0). */
double cone_distance(double mu, const double *x);
/* Distance of x to the dual cone K_mu^* = K_{1/mu} (mu = 0: the half-space x_N >= 0). */
double cone_dual_distance(double mu, const double *x);

#endif
