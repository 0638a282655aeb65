/* Newton's cradle: 3 to 5 equal frictionless elastic balls (Hunt-Crossley d = 0) in a row, no
 * gravity, one (or a train of them) striking the others, touching or a little apart. The continuous model conserves energy; an
 * integrator may lose some, never make it: the kinetic energy at the end (all balls apart) is
 * at most the initial (1%; 2% at the samples, which miss the contact springs' energy). cenic-sd at 1e-5 let two neighbours
 * that started touching at equal speed merge inside one step (no look-ahead contact for that
 * pair) and released the stored spring energy afterwards (x57, the reported scene). A train of balls touching at equal speed (spacing 1e-5 m) into a resting one
 * gained x7.5 (1e-2), x20 (1e-3) and x1.9 (1e-5) under cenic-sd: the pair behind the braked
 * front ball had no look-ahead contact, and both of the step's solutions agreed on an end
 * state deep in that unsolved overlap. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/run/run.h"
#include "harness/run/run_record.h"
#include "integrators/integrator.h"
#include "models/data.h"
#include "models/system.h"
#include "sim_fixtures.h"

extern const IntegratorVtbl cenic_sd_vtbl, cenic_trap_vtbl, cenic_fixed_vtbl;

typedef struct {
  const IntegratorVtbl *vt;
  double setting;
  int checked; /* 0: measured and logged only */
} Setting;

/* cenic-trap at 1e-2 gains up to 22% on touching rows (the trapezoid's own error at that
 * accuracy, docs/integrators.md): logged, not asserted */
static const Setting settings[] = {
    {&cenic_sd_vtbl, 1e-2, 1},   {&cenic_sd_vtbl, 1e-3, 1},   {&cenic_sd_vtbl, 1e-5, 1},
    {&cenic_trap_vtbl, 1e-2, 0}, {&cenic_trap_vtbl, 1e-3, 1}, {&cenic_trap_vtbl, 1e-5, 1},
    {&cenic_fixed_vtbl, 1e-2, 1}, {&cenic_fixed_vtbl, 1e-3, 1},
};
#define NSETTINGS (sizeof settings / sizeof *settings)

typedef struct {
  int n;          /* balls */
  double r, v, k; /* radius, striker speed, stiffness */
  double gap;     /* striker's start distance to the row */
  double spacing; /* between the row's balls (0: touching) */
  int moving;     /* the first `moving` balls (1: the striker alone) fly at v, `spacing` apart */
} Cradle;

static const Cradle cradles[] = {
    {3, 0.05, 1.0, 1e5, 0.1, 0.0, 1},   {4, 0.03, 2.0, 1e6, 0.07, 0.0, 1},   {5, 0.08, 0.5, 1e4, 0.23, 0.0, 1},
    {5, 0.02, 3.0, 1e6, 0.05, 0.0, 1},  {3, 0.05, 1.0, 1e5, 0.1, 1e-3, 1},   {4, 0.03, 2.0, 1e6, 0.07, 1e-2, 1},
    {3, 0.05, 1.0, 1e5, 0.1, 1e-4, 2},  {4, 0.03, 2.0, 1e6, 0.07, 1e-5, 3},  {5, 0.08, 0.5, 1e4, 0.23, 0.0, 2},
    {5, 0.02, 3.0, 1e6, 0.05, 1e-4, 4},
};

/* The scene as JSON into json[n]. */
static void cradle_json(const Cradle *c, char *json, size_t n) {
  int len = snprintf(json, n,
                     "{\"name\": \"cradle\", \"gravity\": [0, 0, 0], \"duration\": 1, \"max_step\": 0.1,"
                     " \"materials\": [{\"name\": \"ball\", \"stiffness\": %.17g, \"dissipation\": 0, \"mu\": 0}],"
                     " \"bodies\": [",
                     2 * c->k); /* two equal materials in series: the pair's k */
  for (int i = 0; i < c->n; ++i) {
    /* the moving group ends `gap` before the resting row, which starts at x = 0 */
    int j = i - c->moving; /* < 0: in the moving group */
    double x = j >= 0 ? (2 * c->r + c->spacing) * j : -c->gap - 2 * c->r - (2 * c->r + c->spacing) * (-j - 1);
    double v = j < 0 ? c->v : 0.0;
    len += snprintf(json + len, n - (size_t)len,
                    "%s{\"name\": \"b%d\", \"joint\": \"free\", \"mass\": 1,"
                    " \"geoms\": [{\"type\": \"sphere\", \"size\": %.17g, \"material\": \"ball\"}],"
                    " \"q0\": {\"pos\": [%.17g, 0, 0]}, \"v0\": {\"linear\": [%.17g, 0, 0], \"frame\": \"world\"}}",
                    i ? ", " : "", i, c->r, x, v);
  }
  snprintf(json + len, n - (size_t)len, "]}");
}

static Model *cradle_model(const Cradle *c) {
  char json[8192];
  cradle_json(c, json, sizeof json);
  return fx_load_json(json, "cradle");
}

/* the largest kinetic energy over the samples (every 10 ms) and at the end, over the initial */
static void run(const Setting *s, const Model *m, double *emax, double *eend) {
  Integrator it;
  fx_integrator_init(&it, s->vt, m, s->setting);
  Data *d = data_create(m);
  double *x = calloc((size_t)system_nx(m), sizeof(double));
  system_initial_state(m, x);
  const double e0 = system_energy(m, d, x);
  int rc = s->vt->create(&it);
  if (rc == CB_OK) rc = s->vt->reset(&it, 0.0, x);
  *emax = 1.0;
  for (int i = 1; i <= 100 && rc == CB_OK; ++i) {
    rc = s->vt->advance(&it, i * 1e-2, x);
    *emax = fmax(*emax, system_energy(m, d, x) / e0);
  }
  cr_expect_eq(rc, CB_OK, "%s %g: %s", s->vt->name, s->setting, it.message);
  *eend = system_energy(m, d, x) / e0;
  if (it.content) s->vt->destroy(&it);
  data_free(d);
  free(x);
}

Test(newtons_cradle, the_balls_make_no_energy) {
  for (size_t c = 0; c < sizeof cradles / sizeof *cradles; ++c) {
    Model *m = cradle_model(&cradles[c]);
    for (size_t i = 0; i < NSETTINGS; ++i) {
      const Setting *s = &settings[i];
      double emax, eend;
      run(s, m, &emax, &eend);
      cr_log_info("%d balls (%d moving) r %g at %g m/s, k %g, spacing %g: %s %g: kinetic energy at the end %.4f, at most %.4f of the initial",
                  cradles[c].n, cradles[c].moving, cradles[c].r, cradles[c].v, cradles[c].k, cradles[c].spacing, s->vt->name, s->setting, eend, emax);
      cr_expect(!s->checked || (eend <= 1.01 && emax <= 1.02), "%d balls at %g m/s, %s %g: kinetic energy x%.3f at the end, x%.3f at most",
                cradles[c].n, cradles[c].v, s->vt->name, s->setting, eend, emax);
    }
    model_free(m);
  }
}

/* The baselines and the rigid and peer steppers on three of the rows, each run
 * as `cbench run` runs it, its record judged by the energy guard: a run whose kinetic energy
 * (from its trajectory, every 10 ms) ends above 1.01 or peaks above 1.02 of the initial must carry
 * an energy warning. Measured (release build): ie, bdf, sdirk2, rosenbrock, rk3 and tamsi-sd at
 * 1e-3 end at 0.70-1.004 of the initial, at 1e-6 at 0.986-1.001; bdf 1e-3 peaks at 1.021 on the
 * soft row of five (0.0026 J above the flight before: flagged by the impact test); the rigid
 * steppers (lcp, ccp, ncp, raisim: inelastic impacts) keep 1/n to 3/4, cenic-fixed and tamsi
 * 0.27-0.81, mujoco 0.22-0.77; ode at 1e-2 and 1e-3 makes x57 and x477 on the row of three
 * (balls passing through each other), cenic-trap 1e-2 x21: both flagged. */
typedef struct {
  const char *name;
  double setting;
} Row;

static const Row rows[] = {
    {"ie", 1e-3},          {"ie", 1e-6},          {"bdf", 1e-3},    {"bdf", 1e-6},    {"sdirk2", 1e-3},
    {"sdirk2", 1e-6},      {"rosenbrock", 1e-3},  {"rosenbrock", 1e-6}, {"rk3", 1e-3}, {"rk3", 1e-6},
    {"tamsi-sd", 1e-3},    {"tamsi-sd", 1e-6},    {"cenic-fixed", 1e-2}, {"cenic-fixed", 1e-3},
    {"tamsi", 1e-2},       {"tamsi", 1e-3},       {"lcp", 1e-2},    {"ccp", 1e-2},    {"ccp", 1e-3},
    {"ncp", 1e-2},         {"ncp", 1e-3},         {"raisim", 1e-2}, {"raisim", 1e-3}, {"mujoco", 1e-2},
    {"mujoco", 1e-3},      {"ode", 1e-2},         {"ode", 1e-3},    {"cenic-trap", 1e-2},
};

/* One run of scene file `path`: status ok (else 0 returned), its kinetic energy at the end and
 * at most over the initial (unit masses, no spin: frictionless), its energy warnings. */
static int run_record_of(const char *path, const char *traj, const Row *r, double *eend, double *emax, int *flags) {
  char err[512];
  RunSpec s;
  run_spec_init(&s);
  cr_assert_eq(run_spec_set_case(&s, fx_cb()->cases_dir, path, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  snprintf(s.integrator, sizeof s.integrator, "%s", r->name);
  snprintf(s.trajectory, sizeof s.trajectory, "%s", traj);
  const IntegratorVtbl *vt = integrator_registry_find(&fx_cb()->registry, r->name);
  cr_assert(vt, "%s", r->name);
  if (vt->fixed_step) {
    s.has_dt = 1;
    s.dt = r->setting;
  } else {
    s.has_accuracy = 1;
    s.accuracy = r->setting;
  }
  RunContext ctx;
  cr_assert_eq(run_prepare(fx_cb(), &s, &ctx, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cJSON *rec = run_execute(&ctx, NULL);
  run_context_free(&ctx);
  int ok = !strcmp(cJSON_GetObjectItem(rec, "status")->valuestring, "ok");
  *flags = 0;
  const cJSON *w;
  cJSON_ArrayForEach(w, cJSON_GetObjectItem(rec, "warnings")) *flags += !strncmp(w->valuestring, "physics: energy", 15);
  cJSON_Delete(rec);
  FILE *f = fopen(traj, "r");
  cr_assert_not_null(f);
  static char line[1 << 16];
  cr_assert_not_null(fgets(line, sizeof line, f));
  int ncol = 0, iv = -1;
  for (char *tok = strtok(line, ",\n"); tok; tok = strtok(NULL, ",\n"), ++ncol)
    if (!strcmp(tok, "v0")) iv = ncol;
  cr_assert_geq(iv, 0);
  int nb = (ncol - iv) / 6;
  double e0 = NAN, e = 0;
  *emax = 0;
  while (fgets(line, sizeof line, f)) {
    double col[256];
    int n = 0;
    for (char *tok = strtok(line, ","); tok && n < 256; tok = strtok(NULL, ",")) col[n++] = atof(tok);
    if (n < iv + 6 * nb) continue;
    e = 0;
    for (int b = 0; b < nb; ++b)
      for (int k = 3; k < 6; ++k) e += 0.5 * col[iv + 6 * b + k] * col[iv + 6 * b + k];
    if (isnan(e0)) e0 = e;
    *emax = fmax(*emax, e / e0);
  }
  fclose(f);
  *eend = e / e0;
  return ok;
}

Test(newtons_cradle, every_stepper_conserves_or_loses_energy_or_is_flagged, .timeout = 1200) {
  static const int which[] = {0, 7, 2}; /* a row of three, a train of three into one, a soft row of five */
  char dir[256], path[512], traj[512], json[8192];
  fx_tmpdir_make(dir, sizeof dir, "cradle_rows");
  snprintf(path, sizeof path, "%s/cradle.json", dir);
  snprintf(traj, sizeof traj, "%s/traj.csv", dir);
  int gains = 0;
  for (size_t c = 0; c < sizeof which / sizeof *which; ++c) {
    cradle_json(&cradles[which[c]], json, sizeof json);
    fx_write_text(path, json);
    for (size_t i = 0; i < sizeof rows / sizeof *rows; ++i) {
      double eend, emax;
      int flags;
      if (!run_record_of(path, traj, &rows[i], &eend, &emax, &flags)) continue; /* a failed run is data */
      cr_log_info("cradle %zu: %s %g: kinetic energy at the end %.4f, at most %.4f, energy warnings %d", c,
                  rows[i].name, rows[i].setting, eend, emax, flags);
      int gained = eend > 1.01 || emax > 1.02;
      gains += gained;
      if (gained)
        cr_expect_gt(flags, 0, "cradle %zu: %s %g made energy (x%.3f at the end, x%.3f at most) unflagged", c,
                     rows[i].name, rows[i].setting, eend, emax);
    }
  }
  fx_tmpdir_remove(dir);
  cr_expect_geq(gains, 3, "the rows hold gains (ode, cenic-trap 1e-2, bdf 1e-3): the test can fail");
}
