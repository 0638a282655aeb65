/* The second-order friction cone K_mu = {x : |x_T| <= mu x_N}, contact frame (t1, t2, n). Its
 * dual cone is K_{1/mu}. */
#ifndef CBENCH_RIGID_CONE_H
#define CBENCH_RIGID_CONE_H

/* y = the Euclidean projection of x onto K_mu (y may alias x). */
void cone_project(double mu, const double *x, double *y);
/* Distances to K_mu and its dual are the law's (contact_cone_distance,
 * contact_dual_cone_distance in models/contact/contact_law.h): one cone distance. */

#endif
