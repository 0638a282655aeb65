/* Joint limits under the rigid integrators (lcp, ccp, ncp, raisim, ca) at 10 ms and 1 ms: a
 * revolute arm driven into its limit must stop there (the rigid models hold a limit as a
 * unilateral velocity row, inelastic as their contacts). Before the limits were rows of the
 * rigid problem, every rigid integrator swung the arm straight through them.
 *  - swing: no gravity, an arm turning at 2 (or 3) rad/s toward a limit 0.4 (0.25) rad away;
 *  - hold: under gravity an arm falls onto its limit and must rest there;
 *  - both limits and a floor contact: an arm whose tip slides on the floor while its joint
 *    hits the limit (contacts and limit rows solved together). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "integrators/integrator.h"
#include "models/system.h"
#include "sim_fixtures.h"

extern const IntegratorVtbl lcp_vtbl, ccp_vtbl, ncp_vtbl, raisim_vtbl, ca_vtbl;

typedef struct {
  const IntegratorVtbl *vt;
  double dt;
} Setting;

static const Setting settings[] = {
    {&lcp_vtbl, 1e-2}, {&lcp_vtbl, 1e-3},       {&ccp_vtbl, 1e-2}, {&ccp_vtbl, 1e-3}, {&ncp_vtbl, 1e-2},
    {&ncp_vtbl, 1e-3}, {&raisim_vtbl, 1e-2}, {&raisim_vtbl, 1e-3}, {&ca_vtbl, 1e-2}, {&ca_vtbl, 1e-3},
};
#define NSETTINGS (sizeof settings / sizeof *settings)

/* An arm on a revolute joint about axis (0, 1, 0) or (0, 0, 1); q0 = 0, v0 = w0. */
static Model *arm(const char *axis, double lo, double hi, double w0, int gravity) {
  char json[2048];
  snprintf(json, sizeof json,
           "{\"name\": \"limited_arm\", \"duration\": 0.6, \"max_step\": 0.01, \"gravity\": [0, 0, %s],"
           " \"materials\": [{\"name\": \"arm\", \"stiffness\": 1e5, \"dissipation\": 1, \"mu\": 0.5}],"
           " \"bodies\": [{\"name\": \"arm\", \"joint\": {\"type\": \"revolute\", \"pos\": [0, 0, 1], \"axis\": %s,"
           " \"limit\": [%.17g, %.17g]}, \"mass\": 1,"
           " \"geoms\": [{\"type\": \"box\", \"size\": [0.2, 0.02, 0.02], \"pos\": [0.2, 0, 0], \"material\": \"arm\"}],"
           " \"q0\": 0, \"v0\": %.17g}]}",
           gravity ? "-9.81" : "0", axis, lo, hi, w0);
  return fx_load_json(json, "limited_arm");
}

typedef struct {
  double qmax, qmin, qend, vend;
} Swing;

static int run(const Setting *s, const Model *m, double T, Swing *out, char *msg, size_t n) {
  Integrator it;
  memset(&it, 0, sizeof it);
  it.vtbl = s->vt;
  it.model = m;
  it.opt.dt = s->dt;
  it.opt.max_step = m->max_step;
  double *x = calloc((size_t)system_nx(m), sizeof(double));
  system_initial_state(m, x);
  int rc = s->vt->create(&it);
  if (rc == CB_OK) rc = s->vt->reset(&it, 0.0, x);
  out->qmax = out->qmin = x[0];
  for (int i = 1; i <= (int)lround(T / 1e-2) && rc == CB_OK; ++i) {
    rc = s->vt->advance(&it, i * 1e-2, x);
    out->qmax = fmax(out->qmax, x[0]);
    out->qmin = fmin(out->qmin, x[0]);
  }
  out->qend = x[0];
  out->vend = x[1];
  snprintf(msg, n, "%s", it.message);
  if (it.content) s->vt->destroy(&it);
  free(x);
  return rc;
}

/* the violation a rigid model may leave: its solver's tolerance over a step, and ca's contact
 * tolerance */
#define LIMIT_SLACK 1e-5

Test(rigid_joint_limits, an_arm_swung_into_its_limit_stops_there) {
  const struct {
    const char *axis;
    double lo, hi, w0;
  } cases[] = {{"[0, 0, 1]", -1.0, 0.4, 2.0}, {"[0, 0, 1]", -0.25, 1.0, -3.0}};
  for (size_t c = 0; c < sizeof cases / sizeof *cases; ++c) {
    Model *m = arm(cases[c].axis, cases[c].lo, cases[c].hi, cases[c].w0, 0);
    const double lim = cases[c].w0 > 0 ? cases[c].hi : cases[c].lo;
    for (size_t i = 0; i < NSETTINGS; ++i) {
      const Setting *s = &settings[i];
      Swing sw;
      char msg[600];
      int rc = run(s, m, 0.6, &sw, msg, sizeof msg);
      cr_expect_eq(rc, CB_OK, "%s %g: %s", s->vt->name, s->dt, msg);
      cr_log_info("swing at %g rad/s into %g: %s %g: q in [%.6f, %.6f], end %.6f (v %.3g)", cases[c].w0, lim,
                  s->vt->name, s->dt, sw.qmin, sw.qmax, sw.qend, sw.vend);
      cr_expect(sw.qmax <= cases[c].hi + LIMIT_SLACK && sw.qmin >= cases[c].lo - LIMIT_SLACK,
                "%s %g: the arm at %g rad/s left its limits [%g, %g]: q in [%.6f, %.6f]", s->vt->name, s->dt,
                cases[c].w0, cases[c].lo, cases[c].hi, sw.qmin, sw.qmax);
      cr_expect(fabs(sw.qend - lim) <= 1e-3, "%s %g: the arm did not reach and stay at its limit %g (q %.6f)",
                s->vt->name, s->dt, lim, sw.qend);
    }
    model_free(m);
  }
}

/* Under gravity the arm (along +x, axis y) falls toward q > 0 onto its upper limit 0.3 and rests. */
Test(rigid_joint_limits, gravity_holds_an_arm_on_its_limit) {
  Model *m = arm("[0, 1, 0]", -0.5, 0.3, 2.0, 1);
  for (size_t i = 0; i < NSETTINGS; ++i) {
    const Setting *s = &settings[i];
    Swing sw;
    char msg[600];
    int rc = run(s, m, 0.6, &sw, msg, sizeof msg);
    cr_expect_eq(rc, CB_OK, "%s %g: %s", s->vt->name, s->dt, msg);
    cr_log_info("hold at 0.3: %s %g: q max %.6f, end %.6f (v %.3g)", s->vt->name, s->dt, sw.qmax, sw.qend, sw.vend);
    cr_expect(sw.qmax <= 0.3 + LIMIT_SLACK, "%s %g: the arm passed its limit 0.3 (q max %.6f)", s->vt->name, s->dt,
              sw.qmax);
    cr_expect(fabs(sw.qend - 0.3) <= 1e-3 && fabs(sw.vend) <= 1e-3, "%s %g: not resting on its limit: q %.6f, v %.3g",
              s->vt->name, s->dt, sw.qend, sw.vend);
  }
  model_free(m);
}

/* The limit and a floor contact stop the falling arm at the same angle (its tip sphere touches
 * the floor at q = 0.3 where the limit is): the contact and the limit row share the load, and
 * their Gauss-Seidel must settle on it. */
Test(rigid_joint_limits, a_limit_and_a_contact_hold_together) {
  const double H = 0.03 + 0.4 * sin(0.3);
  char json[2048];
  snprintf(json, sizeof json,
           "{\"name\": \"arm_on_floor\", \"duration\": 0.6, \"max_step\": 0.01,"
           " \"materials\": [{\"name\": \"floor\", \"stiffness\": \"rigid\", \"mu\": 0.5},"
           " {\"name\": \"arm\", \"stiffness\": 1e5, \"dissipation\": 1, \"mu\": 0.5}],"
           " \"world_geoms\": [{\"name\": \"floor\", \"type\": \"plane\", \"material\": \"floor\"}],"
           " \"bodies\": [{\"name\": \"arm\", \"joint\": {\"type\": \"revolute\", \"pos\": [0, 0, %.17g],"
           " \"axis\": [0, 1, 0], \"limit\": [-0.5, 0.3]}, \"mass\": 1,"
           " \"geoms\": [{\"type\": \"sphere\", \"size\": 0.03, \"pos\": [0.4, 0, 0], \"material\": \"arm\"}],"
           " \"q0\": 0, \"v0\": 1.5}]}",
           H);
  Model *m = fx_load_json(json, "arm_on_floor");
  for (size_t i = 0; i < NSETTINGS; ++i) {
    const Setting *s = &settings[i];
    Swing sw;
    char msg[600];
    int rc = run(s, m, 0.6, &sw, msg, sizeof msg);
    cr_expect_eq(rc, CB_OK, "%s %g: %s", s->vt->name, s->dt, msg);
    cr_log_info("limit and floor at 0.3: %s %g: q max %.6f, end %.6f (v %.3g)", s->vt->name, s->dt, sw.qmax, sw.qend,
                sw.vend);
    cr_expect(sw.qmax <= 0.3 + LIMIT_SLACK, "%s %g: the arm passed its limit 0.3 (q max %.6f)", s->vt->name, s->dt,
              sw.qmax);
    cr_expect(fabs(sw.qend - 0.3) <= 1e-3 && fabs(sw.vend) <= 1e-3, "%s %g: not resting on its limit: q %.6f, v %.3g",
              s->vt->name, s->dt, sw.qend, sw.vend);
  }
  model_free(m);
}
