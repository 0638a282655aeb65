#include "rigid_cone.h"

#include <math.h>

void cone_project(double mu, const double *x, double *y) {
  double t = hypot(x[0], x[1]), n = x[2];
  if (t <= mu * n) { y[0] = x[0]; y[1] = x[1]; y[2] = x[2]; return; }
  if (mu * t <= -n) { y[0] = y[1] = y[2] = 0; return; }
  /* onto the boundary ray along (mu x_T/|x_T|, 1) */
  double yn = (n + mu * t) / (1.0 + mu * mu), s = t > 0 ? mu * yn / t : 0;
  y[0] = s * x[0];
  y[1] = s * x[1];
  y[2] = yn;
}

