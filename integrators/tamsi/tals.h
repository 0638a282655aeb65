/* Transition-Aware Line Search (TAMSI paper sec. III-A, Fig. 3, cases I-VI).
 * Pure function of one contact's 2-D tangential velocity vt, its Newton update dvt and the
 * stiction tolerance v_s; the solver takes the minimum over contacts. */
#ifndef CBENCH_TALS_H
#define CBENCH_TALS_H

#define TALS_RELATIVE_TOLERANCE 1e-2   /* eps_v = 1e-2 v_s */
#define TALS_THETA_MAX 1.0471975511965976 /* pi / 3 */

/* Largest step fraction alpha in (0, 1] for vt + alpha dvt (cases I-VI). */
double tals_alpha(const double vt[2], const double dvt[2], double v_s);

#endif
