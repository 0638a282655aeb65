/* The step-size controllers of integrators/common/step_control.h: the dead band of CENIC
 * Algorithm 1 (step_control_deadband, the default) and the PI controller (step_control_pi,
 * option step_control=pi of cenic-sd and cenic-trap). */
#include <criterion/criterion.h>
#include <math.h>

#include "integrators/common/step_control.h"

/* The default: step_controller_next is step_next, whatever the history. */
Test(step_control, deadband_is_step_next) {
  StepController c;
  step_controller_init(&c, 0.1, 2.0);
  cr_expect_eq(c.ops, &step_control_deadband);
  cr_expect_eq(step_controller_reset(&c), 0.1 * 0.1);
  const double errs[] = {0.25e-3, 4e-3, 1e-3, 0.0, NAN, 0.5e-3};
  for (int i = 0; i < 6; ++i) {
    double want = step_next(&c, 0.01, errs[i], 1e-3);
    cr_expect_eq(step_controller_next(&c, 0.01, errs[i], 1e-3, errs[i] <= 1e-3), want, "err %g", errs[i]);
  }
}

/* PI: after an accepted step the factor is 0.9 (1/r)^(0.8/p) r_prev^(0.31/p); the previous
 * accepted step's error enters (a step that followed a large error grows less); the step after
 * a rejection does not grow; a rejection shrinks by 0.9 (1/r)^(1/p). */
Test(step_control, pi_uses_the_last_accepted_error_and_does_not_grow_after_a_rejection) {
  StepController c;
  step_controller_init(&c, 1.0, 2.0);
  c.ops = &step_control_pi;
  step_controller_reset(&c);
  /* first accepted step, r = 0.25, r_prev = 1 */
  double h = step_controller_next(&c, 0.01, 0.25e-3, 1e-3, 1);
  cr_expect_float_eq(h, 0.01 * 0.9 * pow(4.0, 0.4), 1e-15);
  /* second accepted, r = 0.25 again, r_prev = 0.25: the history damps the growth */
  double h2 = step_controller_next(&c, 0.01, 0.25e-3, 1e-3, 1);
  cr_expect_float_eq(h2, 0.01 * 0.9 * pow(4.0, 0.4) * pow(0.25, 0.155), 1e-15);
  cr_expect_lt(h2, h);
  /* a rejection, r = 4: the I controller */
  double h3 = step_controller_next(&c, 0.01, 4e-3, 1e-3, 0);
  cr_expect_float_eq(h3, 0.01 * 0.9 * pow(0.25, 0.5), 1e-15);
  /* the next accepted step with a tiny error does not grow */
  cr_expect_leq(step_controller_next(&c, 0.01, 1e-9, 1e-3, 1), 0.01);
  /* and the one after it may again */
  cr_expect_gt(step_controller_next(&c, 0.01, 1e-9, 1e-3, 1), 0.01);
  /* NaN shrinks to 0.1x, the cap holds */
  cr_expect_float_eq(step_controller_next(&c, 0.01, NAN, 1e-3, 0), 0.001, 1e-15);
  cr_expect_leq(step_controller_next(&c, 0.9, 1e-12, 1e-3, 1), 1.0);
}

/* The dead band stays in the PI controller: a proposal within (0.9, 1.2) dt keeps dt. */
Test(step_control, pi_keeps_the_dead_band) {
  StepController c;
  step_controller_init(&c, 1.0, 2.0);
  c.ops = &step_control_pi;
  step_controller_reset(&c);
  /* r = 0.7, r_prev = 1: 0.9 (1/0.7)^0.4 = 1.038 */
  cr_expect_eq(step_controller_next(&c, 0.01, 0.7e-3, 1e-3, 1), 0.01);
}
