/* A non-finite stage inside a step is the driver's to judge (integrators/common/stepper.h): an
 * error-controlled driver rejects the attempt and shrinks the step (CENIC Algorithm 1: a failed
 * attempt is retried smaller), a fixed step cannot shrink and fails the run with
 * CB_ERR_NONFINITE. The fault is injected by wrapping mb_integrate_q (the ICF step's position
 * update, eq. 12, and TAMSI's) at link time: its POISON-th call returns NaN positions. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "integrators/cenic/cenic_lag.h"
#include "integrators/integrator.h"
#include "models/multibody.h"
#include "models/system.h"
#include "tests/sim_fixtures.h"

extern const IntegratorVtbl cenic_sd_vtbl, cenic_trap_vtbl, cenic_fixed_vtbl, tamsi_vtbl, tamsi_sd_vtbl;

static long calls, poison; /* the call to poison (1-based; 0: none) */

void __real_mb_integrate_q(const Model *m, const double *q, const double *v, double h, double *qout);
void __wrap_mb_integrate_q(const Model *m, const double *q, const double *v, double h, double *qout) {
  __real_mb_integrate_q(m, q, v, h, qout);
  if (++calls == poison)
    for (int i = 0; i < m->nq; ++i) qout[i] = NAN;
}

typedef struct {
  int n, rejected_then_smaller; /* steps seen; a rejection followed by a smaller attempt */
  double last_rejected_h;
} Log;

static void observe(void *ctx, const Integrator *it, const StepEvent *e) {
  Log *l = ctx;
  if (l->last_rejected_h > 0 && e->h < l->last_rejected_h) l->rejected_then_smaller = 1;
  l->last_rejected_h = e->accepted ? 0.0 : e->h;
  l->n++;
}

/* Runs vt on the ball drop to t_end with the poison-th position update made NaN. */
static int run(const IntegratorVtbl *vt, long poison_call, double t_end, IntegratorStats *st, Log *log, double *xend,
               char *msg) {
  Model *m = fx_load_file("cases/ball_drop.json");
  cr_assert_not_null(m);
  Integrator it;
  memset(&it, 0, sizeof it);
  it.vtbl = vt;
  it.model = m;
  it.opt.accuracy = 1e-3;
  it.opt.dt = 1e-3;
  it.opt.max_step = 0.05;
  it.step_observer = observe;
  it.step_observer_ctx = log;
  int rc = vt->create(&it);
  cr_assert_eq(rc, CB_OK, "%s", it.message);
  double *x0 = calloc((size_t)system_nx(m), sizeof(double));
  system_initial_state(m, x0);
  calls = 0;
  poison = poison_call;
  rc = vt->reset(&it, 0.0, x0);
  if (rc == CB_OK) rc = vt->advance(&it, t_end, xend);
  poison = 0;
  *st = it.stats;
  strcpy(msg, it.message);
  vt->destroy(&it);
  free(x0);
  model_free(m);
  return rc;
}

static void expect_recovered(const IntegratorVtbl *vt, const char *name) {
  IntegratorStats clean, hit;
  Log lc = {0}, lh = {0};
  double xc[64], xh[64];
  char msg[1024];
  cr_assert_eq(run(vt, 0, 0.3, &clean, &lc, xc, msg), CB_OK, "%s clean: %s", name, msg);
  int rc = run(vt, 7, 0.3, &hit, &lh, xh, msg);
  cr_assert_eq(rc, CB_OK, "%s: a NaN stage ended the run (%d): %s", name, rc, msg);
  cr_expect_geq(calls, 7, "%s: the poisoned call was never made", name);
  cr_expect_gt(hit.rejected, clean.rejected, "%s: the NaN stage was not a rejected step", name);
  cr_expect_gt(hit.conv_failures, clean.conv_failures, "%s: not counted as a failed attempt", name);
  cr_expect(lh.rejected_then_smaller, "%s: the step after the NaN stage was not shrunk", name);
  for (int i = 0; i < 7; ++i) cr_expect(isfinite(xh[i]), "%s: x[%d] = %g at the end", name, i, xh[i]);
}

Test(stage_nonfinite, cenic_sd_rejects_and_shrinks) { expect_recovered(&cenic_sd_vtbl, "cenic-sd"); }

/* cenic-trap's first-order stage x-hat (eq. 24) is the poisoned one: the trapezoid step must not
 * start from it. */
Test(stage_nonfinite, cenic_trap_rejects_and_shrinks) { expect_recovered(&cenic_trap_vtbl, "cenic-trap"); }

Test(stage_nonfinite, tamsi_sd_rejects_and_shrinks) { expect_recovered(&tamsi_sd_vtbl, "tamsi-sd"); }

static void expect_failed(const IntegratorVtbl *vt, const char *name) {
  IntegratorStats st;
  Log l = {0};
  double x[64];
  char msg[1024];
  int rc = run(vt, 7, 0.3, &st, &l, x, msg);
  cr_expect_eq(rc, CB_ERR_NONFINITE, "%s: rc %d: %s", name, rc, msg);
  cr_expect(strstr(msg, "non-finite"), "%s: message: %s", name, msg);
  cr_expect_eq(st.steps, 6, "%s: the run stops at the poisoned step: %ld steps", name, st.steps);
}

Test(stage_nonfinite, cenic_fixed_fails_with_nonfinite) { expect_failed(&cenic_fixed_vtbl, "cenic-fixed"); }

Test(stage_nonfinite, tamsi_fixed_fails_with_nonfinite) { expect_failed(&tamsi_vtbl, "tamsi"); }

/* The lagged-force record (cenic_lag.h) is keyed by a step's end state: one that is not finite is
 * a rejected step and is not kept (a finite one is, so the test can fail). */
Test(stage_nonfinite, lag_keeps_no_nonfinite_state) {
  CenicLag l;
  cr_assert_eq(cenic_lag_init(&l, 3), 0);
  IcfProblem p;
  memset(&p, 0, sizeof p); /* no contacts: the record is the key alone */
  double good[3] = {1, 2, 3}, bad[3] = {1, NAN, 3};
  cr_expect_eq(cenic_lag_store(&l, good, NULL, NULL, &p, NULL), 0);
  cr_expect_not_null(cenic_lag_find(&l, good));
  cr_expect_eq(cenic_lag_store(&l, bad, NULL, NULL, &p, NULL), 1);
  cr_expect_null(cenic_lag_find(&l, bad), "a NaN end state was kept");
  cenic_lag_free(&l);
}
