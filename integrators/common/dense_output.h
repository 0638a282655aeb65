/* Dense output shared by the one-step schemes (CENIC, TAMSI fixed step, MuJoCo): the state at
 * t_out inside the last step [t_prev, t] by linear interpolation, quaternions renormalized. */
#ifndef CBENCH_DENSE_OUTPUT_H
#define CBENCH_DENSE_OUTPUT_H

#include <math.h>
#include <string.h>

#include "../../models/multibody.h"

/* x_out = x at t_out; x_prev (at t_prev) is used when have_prev and t_out is inside the step
 * (farther than tiny from t). */
static inline void dense_output_linear(const Model *m, int nx, int have_prev, double t_prev, const double *x_prev,
                                       double t, const double *x, double t_out, double tiny, double *x_out) {
  if (have_prev && t > t_prev && fabs(t_out - t) > tiny) {
    double a = (t_out - t_prev) / (t - t_prev);
    for (int i = 0; i < nx; ++i) x_out[i] = x_prev[i] + a * (x[i] - x_prev[i]);
    mb_normalize_q(m, x_out);
  } else {
    memcpy(x_out, x, sizeof(double) * (size_t)nx);
  }
}

#endif
