/* rk3's recoverable right-hand-side failures. A positive rhs return means "retry with a smaller
 * step" in SUNDIALS, but ARKODE 6.4's explicit stages turn it into ARK_UNREC_RHSFUNC_ERR (an
 * overshoot into a stiff contact then ended the run). The explicit method therefore takes its
 * steps one at a time here, so the last accepted (tn, yn) is known, and restarts a failed step
 * from there at a quarter of the failed step size, until that falls below a floor. */
#include "sundials_ode_internal.h"

#include <math.h>
#include <stdio.h>

#include <arkode/arkode_arkstep.h>

#define RETRY_SHRINK 0.25
#define RETRY_H_FLOOR 1e-12 /* relative to max(1, |tn|): below it the failure is recorded */

int sunode_erk_evolve(SunOde *s, double t_out, double *tret) {
  void *mem = s->mem;
  long taken = 0;
  for (;;) {
    /* The same test and interpolation as ARK_NORMAL: bitwise the same output when nothing fails. */
    if (s->tn >= t_out) {
      *tret = t_out;
      return ARKStepGetDky(mem, t_out, 0, s->y);
    }
    if (s->cfg.max_steps > 0 && taken >= s->cfg.max_steps) {
      snprintf(s->message, sizeof s->message, "ARKODE: at t = %g, mxstep steps taken before reaching tout",
               s->tn);
      return ARK_TOO_MUCH_WORK;
    }
    double t = s->tn;
    int flag = ARKStepEvolve(mem, t_out, s->y, &t, ARK_ONE_STEP);
    if (flag >= 0) {
      s->tn = t;
      taken++;
      continue;
    }
    /* On failure ARKODE leaves yn, the last accepted state, in s->y. */
    double h_fail = 0;
    ARKStepGetCurrentStep(mem, &h_fail);
    double h_new = RETRY_SHRINK * fabs(h_fail);
    if (flag != ARK_UNREC_RHSFUNC_ERR || s->cfg.fixed_step > 0 ||
        !(h_new >= RETRY_H_FLOOR * fmax(1.0, fabs(s->tn))))
      return flag;
    if (ARKStepSetInitStep(mem, h_new) < 0 || ARKStepReset(mem, s->tn, s->y) < 0) return flag;
    s->rhs_retries++;
    s->message[0] = '\0';
  }
}
