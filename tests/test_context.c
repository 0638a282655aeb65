/* The harness context (harness/common/cbench_context.h): what a command works in is passed down, not
 * kept in globals or the environment. Added integrators belong to one context; a grid sink gets
 * the integrator of its own integration (also inside a nested one); `cbench figure --quick` gives
 * its runs its folder as their results folder through a context, the environment untouched. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/cli/cli.h"
#include "harness/figures/figure.h"
#include "harness/common/files.h"
#include "harness/run/grid_integration.h"
#include "harness/run/run.h"
#include "models/system.h"
#include "sim_fixtures.h"

/* A plain explicit Euler integrator (enough to be found, created and run). */
typedef struct { double *x, *xdot; Data *d; } Euler;
static int euler_create(Integrator *it) {
  Euler *e = calloc(1, sizeof *e);
  int nx = system_nx(it->model);
  if (!e) return CB_ERR_MEMORY;
  it->content = e;
  e->x = calloc((size_t)nx, sizeof(double));
  e->xdot = calloc((size_t)nx, sizeof(double));
  e->d = data_create(it->model);
  return e->x && e->xdot && e->d ? CB_OK : integrator_fail(it, CB_ERR_MEMORY, "out of memory");
}
static int euler_reset(Integrator *it, double t0, const double *x0) {
  Euler *e = it->content;
  memcpy(e->x, x0, sizeof(double) * (size_t)system_nx(it->model));
  it->t = t0;
  return CB_OK;
}
static int euler_advance(Integrator *it, double t_out, double *x_out) {
  Euler *e = it->content;
  const Model *m = it->model;
  int nx = system_nx(m);
  while (it->t < t_out - 1e-12) {
    double h = fmin(it->opt.dt, t_out - it->t);
    int rc = system_rhs(m, e->d, it->t, e->x, e->xdot);
    if (rc != CB_OK) return integrator_fail(it, rc, "rhs failed");
    for (int i = 0; i < nx; ++i) e->x[i] += h * e->xdot[i];
    it->t += h;
    it->stats.steps++;
  }
  memcpy(x_out, e->x, sizeof(double) * (size_t)nx);
  return CB_OK;
}
static void euler_destroy(Integrator *it) {
  Euler *e = it->content;
  if (!e) return;
  free(e->x);
  free(e->xdot);
  data_free(e->d);
  free(e);
}
static INTEGRATOR_VTBL(ctx_euler, "ctx-euler", "test", 1, euler_create, euler_reset, euler_advance, euler_destroy);
/* An added integrator whose default error norm is not the built-in fallback's (positions). */
static INTEGRATOR_VTBL(ctx_euler_full, "ctx-euler-full", "test", 1, euler_create, euler_reset, euler_advance,
                       euler_destroy, .default_error_norm = ERRNORM_FULL);
static INTEGRATOR_VTBL(ctx_euler_inner, "ctx-euler-inner", "test", 1, euler_create, euler_reset, euler_advance,
                       euler_destroy);

static const char *ball =
    "{\"name\": \"ball\", \"duration\": 0.05, \"max_step\": 0.01,"
    " \"materials\": [{\"name\": \"m\", \"stiffness\": 1e4, \"dissipation\": 1, \"mu\": 0.5}],"
    " \"world_geoms\": [{\"type\": \"plane\", \"material\": \"m\"}],"
    " \"bodies\": [{\"name\": \"ball\", \"joint\": \"free\", \"mass\": 0.1,"
    "   \"geoms\": [{\"type\": \"sphere\", \"size\": 0.05, \"material\": \"m\"}], \"q0\": {\"pos\": [0, 0, 1]}}]}";

Test(context, added_integrators_belong_to_their_context) {
  CbenchContext a, b;
  cbench_context_init(&a);
  cbench_context_init(&b);
  cr_assert_eq(integrator_registry_add(&a.registry, &ctx_euler), 0);
  cr_expect_eq(integrator_registry_find(&a.registry, "ctx-euler"), &ctx_euler);
  cr_expect_null(integrator_registry_find(&b.registry, "ctx-euler"), "another context does not see it");
  cr_expect_null(integrator_find("ctx-euler"), "nor does the built-in table");
  cr_expect_eq(integrator_registry_count(&a.registry), integrator_count() + 1);
  cr_expect_eq(integrator_registry_count(&b.registry), integrator_count());
  cr_expect_eq(integrator_registry_add(&a.registry, &ctx_euler), 0, "adding it again is a no-op");
  cr_expect_eq(a.registry.nadded, 1);
  /* a run is prepared in its context: found in a, unknown in b */
  char dir[512], scene[600], err[1024];
  fx_tmpdir_make(dir, sizeof dir, "cbench_ctx_reg");
  snprintf(scene, sizeof scene, "%s/ball.json", dir);
  fx_write_text(scene, ball);
  RunSpec s;
  run_spec_init(&s);
  cr_assert_eq(run_spec_set_case(&s, a.cases_dir, scene, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  snprintf(s.integrator, sizeof s.integrator, "ctx-euler");
  s.has_dt = 1;
  s.dt = 1e-3;
  RunContext rc;
  cr_expect_eq(run_prepare(&a, &s, &rc, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cr_expect_eq(rc.vt, &ctx_euler);
  run_context_free(&rc);
  cr_expect_eq(run_prepare(&b, &s, &rc, CB_ERR_BUF(err, sizeof err)), CB_ERR_OPTION);
  cr_expect(strstr(err, "unknown integrator 'ctx-euler'"), "%s", err);
  run_context_free(&rc);
  fx_tmpdir_remove(dir);
}

/* The sink of an integration sees that integration's integrator at every point, also when the
 * sink runs a nested integration of its own (a windowed error) in between. */
typedef struct {
  const Model *m;
  int calls, wrong, nested;
} SinkState;

static int inner_sink(void *ctx, Integrator *it, int k, double t, const double *x, char *msg, size_t msglen) {
  SinkState *s = ctx;
  s->nested++;
  if (!it || it->vtbl != &ctx_euler_inner || fabs(it->t - t) > 1e-12) s->wrong++;
  return 0;
}

static int outer_sink(void *ctx, Integrator *it, int k, double t, const double *x, char *msg, size_t msglen) {
  SinkState *s = ctx;
  s->calls++;
  if (!it || it->vtbl != &ctx_euler || fabs(it->t - t) > 1e-12) s->wrong++;
  if (k == 1) {
    IntegratorOptions o = {.dt = 1e-3};
    double tg[3] = {t, t + 0.005, t + 0.01};
    GridRunResult r;
    if (grid_run_from(&ctx_euler_inner, s->m, &o, x, tg, 3, 0, NULL, inner_sink, s, &r) != RUN_OK) s->wrong++;
  }
  /* after the nested run: still this integration's integrator */
  if (!it || it->vtbl != &ctx_euler) s->wrong++;
  return 0;
}

Test(context, grid_sink_gets_its_own_integrator) {
  Model *m = fx_load_json(ball, "ball");
  IntegratorOptions o = {.dt = 1e-3};
  double tg[4] = {0, 0.01, 0.02, 0.03};
  SinkState s = {.m = m};
  GridRunResult r;
  cr_assert_eq(grid_run(&ctx_euler, m, &o, tg, 4, 0, NULL, outer_sink, &s, &r), RUN_OK, "%s", r.message);
  cr_expect_eq(s.calls, 4);
  cr_expect_eq(s.nested, 3);
  cr_expect_eq(s.wrong, 0, "%d sink calls saw another integration's integrator", s.wrong);
  model_free(m);
}

/* `cbench figure --quick` without --out: DIR = RESULTS/figures/quick of the context, and the
 * quick references are made and read under DIR (the runs' results folder), with no environment
 * variable set or changed and the caller's context as it was. */
Test(context, figure_quick_results_folder_from_context) {
  char dir[512], rdir[600], res[600], path[1400], err[2048] = "";
  fx_tmpdir_make(dir, sizeof dir, "cbench_ctx_fig");
  snprintf(rdir, sizeof rdir, "%s/recipes", dir);
  snprintf(res, sizeof res, "%s/res", dir);
  cr_assert_eq(dir_make_parents(rdir), 0);
  snprintf(path, sizeof path, "%s/ctx.json", rdir);
  fx_write_text(path, "{\"schema\": \"cbench.recipe/1\", \"title\": \"ctx\", \"caption\": \"c\","
                      " \"runs\": [{\"cases\": [\"ball_drop\"], \"integrators\": [\"cenic-sd\"], \"accuracies\": [1e-2],"
                      "            \"t_end\": 0.05, \"references\": true}],"
                      " \"plot\": {\"kind\": \"xy\", \"series\": [\"integrator\"],"
                      "          \"panels\": [{\"x\": \"param\", \"y\": \"counters.steps\"}]}}");
  unsetenv("CBENCH_RESULTS_DIR");
  CbenchContext cb;
  cbench_context_init(&cb);
  cbench_context_set_figures_dir(&cb, rdir); /* where this test's recipe is */
  cbench_context_set_results_dir(&cb, res);
  FigureOptions o;
  figure_options_default(&o);
  o.quick = 1;
  o.quiet = 1;
  o.gnuplot = 0;
  cr_assert_eq(figure_make(&cb, "ctx", &o, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cr_expect_null(getenv("CBENCH_RESULTS_DIR"), "the environment is not used to pass the folder");
  cr_expect_str_eq(cb.results_dir, res, "the caller's context is unchanged");
  snprintf(path, sizeof path, "%s/figures/quick/reference/ball_drop.json", res);
  cr_expect(file_exists(path), "the quick reference under DIR: %s", path);
  snprintf(path, sizeof path, "%s/figures/quick/ctx/run0/sweep.json", res);
  char *text = file_read_all(path, NULL);
  cr_assert_not_null(text, "the records under DIR: %s", path);
  cr_expect(strstr(text, "\"error\"") && !strstr(text, "no reference"), "the runs found the quick reference:\n%.2000s",
            text);
  free(text);
  fx_tmpdir_remove(dir);
}

/* --quiet silences the notes of every command through the context (cbench_note), the
 * reference's among them; without it they reach the context's log. */
Test(context, quiet_silences_the_notes) {
  char dir[512], *text = NULL;
  size_t len = 0;
  fx_tmpdir_make(dir, sizeof dir, "cbench_ctx_quiet");
  for (int quiet = 0; quiet <= 1; ++quiet) {
    CbenchContext cb;
    cbench_context_init(&cb);
    cbench_context_set_results_dir(&cb, dir);
    FILE *log = open_memstream(&text, &len);
    cr_assert_not_null(log);
    cb.log = log;
    char *argv[] = {"cbench", "reference", "--case", "ball_drop", "--secondary", "none", "--force", quiet ? "--quiet" : NULL,
                    NULL};
    cr_expect_eq(cbench_main_in(&cb, quiet ? 8 : 7, argv), 0);
    fclose(log);
    if (quiet) cr_expect_eq(len, 0, "--quiet, yet notes: %s", text);
    else cr_expect(strstr(text, "reference ball_drop: wrote"), "no note without --quiet: '%s'", text);
    free(text);
    text = NULL;
  }
  fx_tmpdir_remove(dir);
}

/* `--error-norm default` resolves through the context's registry: an added integrator's declared
 * default norm reaches its options, the record and the spec's key (the built-in table alone does
 * not know it and would give positions). */
Test(context, added_integrators_default_error_norm_is_used) {
  char dir[512], scene[600], json[600];
  fx_tmpdir_make(dir, sizeof dir, "cbench_ctx_norm");
  snprintf(scene, sizeof scene, "%s/ball.json", dir);
  snprintf(json, sizeof json, "%s/run.json", dir);
  FILE *f = fopen(scene, "w");
  cr_assert_not_null(f);
  fputs(ball, f);
  fclose(f);
  CbenchContext cb;
  cbench_context_init(&cb);
  cbench_context_set_results_dir(&cb, dir);
  cr_assert_eq(integrator_registry_add(&cb.registry, &ctx_euler_full), 0);
  char *argv[] = {"cbench", "run", "--case", scene, "--integrator", "ctx-euler-full", "--dt", "1e-3", "--json", json,
                  "--quiet", NULL};
  cr_assert_eq(cbench_main_in(&cb, 11, argv), 0);
  char *text = file_read_all(json, NULL);
  cr_assert_not_null(text);
  cr_expect(strstr(text, "\"error_norm\":\t\"full\"") || strstr(text, "\"error_norm\": \"full\""),
            "the record's error norm is not the integrator's default (full)");
  cr_expect(strstr(text, "error_norm=full"), "the spec key's error norm is not full");
  free(text);
  fx_tmpdir_remove(dir);
}
