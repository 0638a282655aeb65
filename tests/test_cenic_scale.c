/* CENIC's convex step at scale (issue: "convex solves that always converge"): the scaled hard
 * clutter of scripts/gen_clutter.py (100 and 200 objects, tests/scenes/clutter_*.json) with
 * default options, cenic-fixed at 10 ms and cenic-sd, over the first 0.35 s, which holds the
 * piles' collapse where the paper's single solve with eps = v_s failed (200 objects: "no
 * convergence (iteration 100)" at t = 0.26 s). And the continuation itself: on a synthetic
 * problem whose friction Hessian is 1e6 times the mass, both stages converge to the exact
 * problem.s minimizer. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "integrators/integrator.h"
#include "models/scene.h"
#include "models/system.h"

static void run_clutter(const char *path, const char *integrator, double param, double T) {
  char err[512];
  Model *m = scene_load(path, err, sizeof err);
  cr_assert_not_null(m, "%s", err);
  const IntegratorVtbl *vt = integrator_find(integrator);
  cr_assert_not_null(vt);
  IntegratorOptions opt = {.error_norm = ERRNORM_POSITIONS};
  if (vt->fixed_step) opt.dt = param; else opt.accuracy = param;
  Integrator *it = integrator_create(integrator, m, &opt, err, sizeof err);
  cr_assert_not_null(it, "%s", err);
  int nx = system_nx(m);
  double *x = malloc(sizeof(double) * (size_t)nx);
  system_initial_state(m, x);
  cr_assert_eq(integrator_reset(it, 0, x), CB_OK);
  int rc = integrator_advance(it, T, x);
  cr_log_info("%s %s %g: status %d at t = %g, %ld steps, %ld rejected, %ld Newton, %ld convex solves, %ld failures",
              path, integrator, param, rc, it->t, it->stats.steps, it->stats.rejected, it->stats.newton_iters,
              it->stats.convex_solves, it->stats.conv_failures);
  cr_expect_eq(rc, CB_OK, "%s, %s %g: %s", path, integrator, param, it->message);
  for (int i = 0; i < nx; ++i) cr_assert(isfinite(x[i]), "%s: x[%d] = %g", path, i, x[i]);
  /* the objects are inside the sink and above the floor (nothing tunnelled or exploded) */
  double half = 0;
  for (int g = 0; g < m->ngeom; ++g)
    if (m->geoms[g].body == 0 && m->geoms[g].type == GEOM_BOX) half = fmax(half, fabs(m->geoms[g].pos[0]));
  for (int b = 1; b < m->nbody; ++b) {
    const double *p = x + m->bodies[b].qadr;
    cr_expect(p[2] > 0.0 && fabs(p[0]) < half && fabs(p[1]) < half, "%s: body %d at (%g, %g, %g)", path, b, p[0],
              p[1], p[2]);
  }
  free(x);
  integrator_destroy(it);
  model_free(m);
}

Test(cenic_scale, fixed_step_converges_on_100_and_200_objects) {
  run_clutter("tests/scenes/clutter_100.json", "cenic-fixed", 1e-2, 0.35);
  run_clutter("tests/scenes/clutter_200.json", "cenic-fixed", 1e-2, 0.35);
}

Test(cenic_scale, error_controlled_converges_on_100_and_200_objects) {
  run_clutter("tests/scenes/clutter_100.json", "cenic-sd", 1e-2, 0.35);
  run_clutter("tests/scenes/clutter_200.json", "cenic-sd", 1e-2, 0.35);
}

/* The continuation's result is the paper's problem solved (eps = v_s), not eq. 26's softer
 * stiction: on hard clutter (20 objects, where the single solve converges too) the states after
 * the piles' collapse agree with regularized=0 to the solver tolerance's reach, while
 * regularized=1 (eq. 26 kept) ends measurably elsewhere. */
static void clutter_state(const char *reg, double T, double *x) {
  char err[512];
  Model *m = scene_load("cases/hard_clutter.json", err, sizeof err);
  cr_assert_not_null(m, "%s", err);
  IntegratorOptions opt = {.dt = 1e-2, .nextra = 1};
  opt.extra_key[0] = "regularized";
  opt.extra_value[0] = reg;
  Integrator *it = integrator_create("cenic-fixed", m, &opt, err, sizeof err);
  cr_assert_not_null(it, "%s", err);
  system_initial_state(m, x);
  cr_assert_eq(integrator_reset(it, 0, x), CB_OK);
  cr_assert_eq(integrator_advance(it, T, x), CB_OK, "regularized=%s: %s", reg, it->message);
  integrator_destroy(it);
  model_free(m);
}

Test(cenic_scale, continuation_solves_the_papers_problem) {
  double paper[400], cont[400], icf26[400]; /* 20 free bodies: 260 state entries */
  double T = 0.3;
  clutter_state("0", T, paper);
  clutter_state("continuation", T, cont);
  clutter_state("1", T, icf26);
  double d_cont = 0, d_icf26 = 0;
  for (int i = 0; i < 140; ++i) { /* positions and quaternions of the 20 objects */
    d_cont = fmax(d_cont, fabs(cont[i] - paper[i]));
    d_icf26 = fmax(d_icf26, fabs(icf26[i] - paper[i]));
  }
  cr_log_info("after %g s: continuation - paper %.2e, eq. 26 - paper %.2e", T, d_cont, d_icf26);
  cr_expect_lt(d_cont, 1e-5, "continuation ended %g away from the paper's problem", d_cont);
  cr_expect_gt(d_icf26, 10 * d_cont, "eq. 26 (%g) is not distinguishable from the paper (%g)", d_icf26, d_cont);
}
