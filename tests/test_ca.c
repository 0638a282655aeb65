/* Conservative advancement (integrators/rigid/ca_bound.c, ca_stepping.c; True Rigidity,
 * Drumwright 2016): the conservative step never lets two convex geometries overlap, on random
 * free pairs (eq. 4) and on a revolute chain (eqs. 11-14); it is tight for a head-on
 * translation; a die thrown onto a plane comes to rest without overlap; free flight converges at
 * first order; scenes ca cannot bound and starts in overlap are refused. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "integrators/integrator.h"
#include "integrators/rigid/ca_bound.h"
#include "models/math3d.h"
#include "models/multibody.h"
#include "models/system.h"
#include "sim_fixtures.h"

static const char *const shapes[] = {"{\"type\": \"sphere\", \"size\": 0.1, \"material\": \"m\"}",
                                     "{\"type\": \"box\", \"size\": [0.12, 0.08, 0.05], \"material\": \"m\"}",
                                     "{\"type\": \"capsule\", \"size\": [0.05, 0.1], \"material\": \"m\"}",
                                     "{\"type\": \"cylinder\", \"size\": [0.07, 0.06], \"material\": \"m\"}"};

/* Two free bodies with the given shapes (the second offset from its body origin, so that the
 * reach from the origin is not the bounding radius). */
static Model *pair_model(int sa, int sb) {
  char json[2048], gb[256];
  snprintf(gb, sizeof gb, "%.*s, \"pos\": [0.03, -0.02, 0.01]}", (int)strlen(shapes[sb]) - 1, shapes[sb]);
  snprintf(json, sizeof json,
           "{\"name\": \"pair\", \"duration\": 1, \"gravity\": [0, 0, 0], \"materials\": [{\"name\": \"m\", \"stiffness\": 1e5, "
           "\"mu\": 0.5}], \"bodies\": ["
           "{\"name\": \"a\", \"joint\": \"free\", \"mass\": 1, \"inertia\": [0.01, 0.01, 0.01], \"geoms\": [%s]},"
           "{\"name\": \"b\", \"joint\": \"free\", \"mass\": 1, \"inertia\": [0.01, 0.01, 0.01], \"geoms\": [%s],"
           " \"q0\": {\"pos\": [1, 0, 0]}}]}",
           shapes[sa], gb);
  return fx_load_json(json, "pair");
}

static double urange(unsigned long *st, double lo, double hi) { return lo + (hi - lo) * fx_urand(st); }

static void random_quat(double *q, unsigned long *st) {
  for (int k = 0; k < 4; ++k) q[k] = urange(st, -1, 1);
  quat_normalize(q);
}

/* Smallest signed distance over all geometry pairs that can touch, at q. */
static double min_distance(const Model *m, Data *d, const CaBound *cb, const double *q) {
  mb_kinematics(m, d, q);
  ContactPoint pts[CB_MAX_PAIR_CONTACTS];
  double dmin = INFINITY;
  for (int p = 0; p < cb->npair; ++p) {
    int n = collide_geoms(m, d, cb->pair[p][0], cb->pair[p][1], 10.0, pts, CB_MAX_PAIR_CONTACTS);
    for (int k = 0; k < n; ++k) dmin = fmin(dmin, pts[k].phi);
  }
  return dmin;
}

/* q(s) = q + s h N(q) v for s in (0, 1]: the smallest distance along the step. */
static double worst_along_step(const Model *m, Data *d, const CaBound *cb, const double *q, const double *v, double h,
                               double *qs) {
  double worst = INFINITY;
  for (int i = 1; i <= 20; ++i) {
    mb_integrate_q(m, q, v, h * i / 20.0, qs);
    worst = fmin(worst, min_distance(m, d, cb, qs));
  }
  return worst;
}

Test(ca, random_convex_pairs_never_overlap_within_the_bound) {
  unsigned long st = 12345;
  int trials = 0, bounded = 0;
  double worst = INFINITY;
  for (int sa = 0; sa < 4; ++sa)
    for (int sb = 0; sb < 4; ++sb) {
      Model *m = pair_model(sa, sb);
      Data *d = data_create(m);
      CaBound cb;
      cr_assert_eq(ca_bound_init(&cb, m), 0);
      double q[14], v[12], qs[14];
      for (int t = 0; t < 25; ++t) {
        memcpy(q, m->q0, sizeof q);
        for (int k = 0; k < 3; ++k) q[7 + k] = urange(&st, -0.5, 0.5);
        q[7] += 0.45; /* mostly apart; overlapping draws are skipped */
        random_quat(q + 3, &st);
        random_quat(q + 10, &st);
        for (int k = 0; k < 12; ++k) v[k] = k % 6 < 3 ? urange(&st, -8, 8) : urange(&st, -2, 2);
        if (min_distance(m, d, &cb, q) <= 1e-4) continue;
        mb_kinematics(m, d, q);
        CaStep s;
        int changed;
        ca_bound_step(&cb, m, d, q, v, 1e-9, 1.0, &s, &changed);
        cr_assert(s.h > 0 && s.h <= 1.0, "shapes %d %d: h = %g", sa, sb, s.h);
        bounded += s.h < 1.0;
        double w = worst_along_step(m, d, &cb, q, v, s.h, qs);
        worst = fmin(worst, w);
        cr_expect(w >= -1e-9, "shapes %d %d trial %d: overlap %.3g m within the bound h = %.3g", sa, sb, t, -w, s.h);
        ++trials;
      }
      ca_bound_free(&cb);
      data_free(d);
      model_free(m);
    }
  cr_expect(trials >= 300, "only %d separated draws", trials);
  cr_expect(bounded >= trials / 2, "the bound acted on %d of %d draws", bounded, trials);
  cr_log_info("random pairs: %d draws, %d bounded, smallest distance along a step %.3g m\n", trials, bounded, worst);
}

Test(ca, a_head_on_translation_closes_the_gap_exactly) {
  unsigned long st = 777;
  double worst = 0.0;
  int trials = 0;
  for (int sa = 0; sa < 4; ++sa)
    for (int sb = 0; sb < 4; ++sb) {
      Model *m = pair_model(sa, sb);
      Data *d = data_create(m);
      CaBound cb;
      cr_assert_eq(ca_bound_init(&cb, m), 0);
      double q[14], v[12] = {0}, qs[14];
      for (int t = 0; t < 10; ++t) {
        memcpy(q, m->q0, sizeof q);
        for (int k = 0; k < 3; ++k) q[7 + k] = urange(&st, -0.5, 0.5);
        q[7] += 0.45;
        random_quat(q + 3, &st);
        random_quat(q + 10, &st);
        if (min_distance(m, d, &cb, q) <= 1e-3) continue;
        mb_kinematics(m, d, q);
        ContactPoint pts[CB_MAX_PAIR_CONTACTS];
        int n = collide_geoms(m, d, 0, 1, 10.0, pts, CB_MAX_PAIR_CONTACTS);
        int k0 = 0;
        for (int k = 1; k < n; ++k)
          if (pts[k].phi < pts[k0].phi) k0 = k;
        /* a moves straight at b along the closest normal (n points from b into a) */
        const double speed = urange(&st, 0.5, 5);
        memset(v, 0, sizeof v);
        for (int k = 0; k < 3; ++k) v[3 + k] = -speed * pts[k0].normal[k];
        CaStep s;
        int changed;
        ca_bound_step(&cb, m, d, q, v, 1e-9, 10.0, &s, &changed);
        mb_integrate_q(m, q, v, s.h, qs);
        double dist = min_distance(m, d, &cb, qs);
        if (sa == 1 && sb == 1) { /* box-box reports a separating axis, not the closest points */
          cr_expect(dist >= -1e-9, "box-box: overlap %.3g m after the bound", -dist);
          continue;
        }
        worst = fmax(worst, fabs(dist));
        cr_expect(fabs(dist) < 5e-7, "shapes %d %d: distance %.3g m after the bound h = %.6g (gap %.6g)", sa, sb, dist,
                  s.h, pts[k0].phi);
        ++trials;
      }
      ca_bound_free(&cb);
      data_free(d);
      model_free(m);
    }
  cr_expect(trials >= 100, "only %d draws", trials);
  cr_log_info("head-on: %d draws, largest |distance| after the bound %.3g m\n", trials, worst);
}

/* A three-link revolute chain (capsules, and a box at the tip) above a floor and a world box. */
static const char *chain_json =
    "{\"name\": \"chain\", \"duration\": 1, \"materials\": [{\"name\": \"m\", \"stiffness\": 1e5, \"mu\": 0.5}],"
    " \"world_geoms\": [{\"type\": \"plane\", \"material\": \"m\"},"
    "  {\"type\": \"box\", \"size\": [0.1, 0.1, 0.1], \"pos\": [0.3, 0, 0.2], \"material\": \"m\"}],"
    " \"bodies\": ["
    "  {\"name\": \"l1\", \"joint\": {\"type\": \"revolute\", \"pos\": [0, 0, 1.0], \"axis\": [0, 1, 0]}, \"mass\": 1,"
    "   \"inertia\": [0.01, 0.01, 0.01], \"geoms\": [{\"type\": \"capsule\", \"size\": [0.03, 0.12], \"pos\": [0, 0, -0.15],"
    "   \"material\": \"m\"}]},"
    "  {\"name\": \"l2\", \"parent\": \"l1\", \"joint\": {\"type\": \"revolute\", \"pos\": [0, 0, -0.3], \"axis\": [1, 0, 0]},"
    "   \"mass\": 1, \"inertia\": [0.01, 0.01, 0.01], \"geoms\": [{\"type\": \"capsule\", \"size\": [0.03, 0.12],"
    "   \"pos\": [0, 0, -0.15], \"material\": \"m\"}]},"
    "  {\"name\": \"l3\", \"parent\": \"l2\", \"joint\": {\"type\": \"revolute\", \"pos\": [0, 0, -0.3], \"axis\": [0, 1, 0]},"
    "   \"mass\": 1, \"inertia\": [0.01, 0.01, 0.01], \"geoms\": [{\"type\": \"box\", \"size\": [0.05, 0.04, 0.08],"
    "   \"pos\": [0.02, 0, -0.12], \"material\": \"m\"}]}]}";

Test(ca, a_revolute_chain_never_overlaps_within_the_bound) {
  Model *m = fx_load_json(chain_json, "chain");
  Data *d = data_create(m);
  CaBound cb;
  cr_assert_eq(ca_bound_init(&cb, m), 0);
  unsigned long st = 99;
  int trials = 0, bounded = 0;
  double q[3], v[3], qs[3], worst = INFINITY;
  for (int t = 0; t < 20000 && trials < 200; ++t) {
    for (int k = 0; k < 3; ++k) {
      q[k] = urange(&st, -2.5, 2.5);
      v[k] = urange(&st, -6, 6);
    }
    const double d0 = min_distance(m, d, &cb, q);
    if (d0 <= 1e-4 || d0 > 0.05) continue; /* near contact, where the bound matters */
    mb_kinematics(m, d, q);
    CaStep s;
    int changed;
    ca_bound_step(&cb, m, d, q, v, 1e-9, 1.0, &s, &changed);
    bounded += s.h < 1.0;
    double w = worst_along_step(m, d, &cb, q, v, s.h, qs);
    worst = fmin(worst, w);
    cr_expect(w >= -1e-9, "draw %d: overlap %.3g m within the bound h = %.3g", t, -w, s.h);
    ++trials;
  }
  cr_expect(trials >= 100 && bounded >= trials / 2, "%d draws, %d bounded", trials, bounded);
  cr_log_info("chain: %d draws, %d bounded, smallest distance along a step %.3g m\n", trials, bounded, worst);
  ca_bound_free(&cb);
  data_free(d);
  model_free(m);
}

static Integrator *make_ca(const Model *m, double dt, const char *k1, const char *v1, char *err, size_t errlen) {
  IntegratorOptions o = {.dt = dt, .error_norm = ERRNORM_FULL};
  if (k1) {
    o.nextra = 1;
    o.extra_key[0] = k1;
    o.extra_value[0] = v1;
  }
  return integrator_create("ca", m, &o, CB_ERR_BUF(err, errlen));
}

/* A 2 cm die thrown onto a plane, spinning, until it rests. */
static const char *die_json =
    "{\"name\": \"die\", \"duration\": 2,"
    " \"materials\": [{\"name\": \"m\", \"stiffness\": 1e5, \"mu\": 0.5}],"
    " \"world_geoms\": [{\"type\": \"plane\", \"material\": \"m\"}],"
    " \"bodies\": [{\"name\": \"die\", \"joint\": \"free\", \"mass\": 0.01, \"inertia\": [6.7e-7, 6.7e-7, 6.7e-7],"
    "  \"geoms\": [{\"type\": \"box\", \"size\": 0.01, \"material\": \"m\"}],"
    "  \"q0\": {\"pos\": [0, 0, 0.1], \"rpy_deg\": [30, 20, 10]},"
    "  \"v0\": {\"angular\": [8, -5, 3], \"linear\": [0.5, 0.2, 0.5], \"frame\": \"world\"}}]}";

Test(ca, a_thrown_die_comes_to_rest_without_overlap) {
  Model *m = fx_load_json(die_json, "die");
  char err[512];
  Integrator *it = make_ca(m, 1e-3, NULL, NULL, err, sizeof err);
  cr_assert_not_null(it, "%s", err);
  double x[13];
  system_initial_state(m, x);
  cr_assert_eq(integrator_reset(it, 0.0, x), CB_OK, "%s", it->message);
  cr_assert_eq(integrator_advance(it, 2.0, x), CB_OK, "%s", it->message);
  double vmax = 0;
  for (int k = 0; k < 6; ++k) vmax = fmax(vmax, fabs(x[7 + k]));
  const IntegratorStats *s = &it->stats;
  cr_log_info("die: %ld steps, mean step %.3g s, smallest %.3g s, %ld manifold changes, min distance %.3g m, "
              "|v| %.3g, z %.6f\n",
              s->steps, s->step_sum / (double)s->steps, s->step_min, s->manifold_changes, s->min_distance, vmax, x[2]);
  cr_expect(vmax < 1e-3, "not at rest: largest velocity %.3g", vmax);
  cr_expect(s->min_distance >= -1e-5, "overlap %.3g m", -s->min_distance);
  cr_expect(s->manifold_changes > 0);
  cr_expect(fabs(x[2] - 0.01) < 1e-4, "rests at z %.6f, a face on the plane at 0.01", x[2]);
  integrator_destroy(it);
  model_free(m);
}

/* A ball in free flight (never near the floor): the position error at T against the parabola. */
Test(ca, free_flight_converges_at_first_order) {
  static const char *ball =
      "{\"name\": \"ball\", \"duration\": 1, \"materials\": [{\"name\": \"m\", \"stiffness\": 1e5, \"mu\": 0.5}],"
      " \"world_geoms\": [{\"type\": \"plane\", \"material\": \"m\"}],"
      " \"bodies\": [{\"name\": \"ball\", \"joint\": \"free\", \"mass\": 1, \"inertia\": [0.004, 0.004, 0.004],"
      "  \"geoms\": [{\"type\": \"sphere\", \"size\": 0.1, \"material\": \"m\"}],"
      "  \"q0\": {\"pos\": [0, 0, 5]}, \"v0\": {\"linear\": [1, 0, 4], \"frame\": \"world\"}}]}";
  Model *m = fx_load_json(ball, "ball");
  const double T = 0.8, g = 9.81, z_exact = 5 + 4 * T - 0.5 * g * T * T;
  double err[3];
  for (int i = 0; i < 3; ++i) {
    char msg[512];
    Integrator *it = make_ca(m, 4e-2 / (1 << i), NULL, NULL, msg, sizeof msg);
    cr_assert_not_null(it, "%s", msg);
    double x[13];
    system_initial_state(m, x);
    cr_assert_eq(integrator_reset(it, 0.0, x), CB_OK, "%s", it->message);
    cr_assert_eq(integrator_advance(it, T, x), CB_OK, "%s", it->message);
    err[i] = fabs(x[2] - z_exact);
    integrator_destroy(it);
  }
  const double p1 = log2(err[0] / err[1]), p2 = log2(err[1] / err[2]);
  cr_log_info("free flight: errors %.3g %.3g %.3g m, orders %.3f %.3f\n", err[0], err[1], err[2], p1, p2);
  cr_expect(fabs(p1 - 1) < 0.1 && fabs(p2 - 1) < 0.1, "orders %.3f %.3f", p1, p2);
  model_free(m);
}

Test(ca, refuses_a_scene_it_cannot_bound_and_a_start_in_overlap) {
  static const char *belt =
      "{\"name\": \"belt\", \"duration\": 1, \"materials\": [{\"name\": \"m\", \"stiffness\": 1e5, \"mu\": 0.5}],"
      " \"bodies\": [{\"name\": \"platform\", \"joint\": {\"type\": \"fixed\"}, \"mass\": 1,"
      "  \"geoms\": [{\"type\": \"box\", \"size\": 0.1, \"material\": \"m\"}],"
      "  \"kinematic\": {\"dir\": [1, 0, 0], \"amp\": 0.02, \"freq\": 1, \"velocity\": [0, 0, 0]}},"
      "  {\"name\": \"box\", \"joint\": \"free\", \"mass\": 1, \"inertia\": [0.01, 0.01, 0.01],"
      "  \"geoms\": [{\"type\": \"box\", \"size\": 0.05, \"material\": \"m\"}], \"q0\": {\"pos\": [0, 0, 0.5]}}]}";
  Model *m = fx_load_json(belt, "belt");
  char err[512] = "";
  Integrator *it = make_ca(m, 1e-3, NULL, NULL, err, sizeof err);
  cr_expect_null(it);
  cr_expect(strstr(err, "cannot take scene 'belt'") && strstr(err, "kinematic body") && strstr(err, "platform"),
            "message: %s", err);
  model_free(m);

  static const char *sunk =
      "{\"name\": \"sunk\", \"duration\": 1, \"materials\": [{\"name\": \"m\", \"stiffness\": 1e5, \"mu\": 0.5}],"
      " \"world_geoms\": [{\"type\": \"plane\", \"material\": \"m\"}],"
      " \"bodies\": [{\"name\": \"ball\", \"joint\": \"free\", \"mass\": 1, \"inertia\": [0.004, 0.004, 0.004],"
      "  \"geoms\": [{\"type\": \"sphere\", \"size\": 0.1, \"material\": \"m\"}], \"q0\": {\"pos\": [0, 0, 0.09]}}]}";
  m = fx_load_json(sunk, "sunk");
  it = make_ca(m, 1e-3, NULL, NULL, err, sizeof err);
  cr_assert_not_null(it, "%s", err);
  double x[13];
  system_initial_state(m, x);
  cr_expect_eq(integrator_reset(it, 0.0, x), CB_ERR_MODEL);
  cr_expect(strstr(it->message, "overlaps by 0.01 m"), "message: %s", it->message);
  integrator_destroy(it);
  model_free(m);
}

/* on_limit=fail: a solve at max_iterations fails the run; the default (accept) keeps its last
 * iterate and counts it in the record's solver block. */
static Integrator *ca_at_one_iteration(Model *m, const char *on_limit) {
  char err[512];
  IntegratorOptions o = {.dt = 1e-3, .error_norm = ERRNORM_FULL, .nextra = 3};
  o.extra_key[0] = "max_iterations";
  o.extra_value[0] = "1";
  o.extra_key[1] = "tolerance";
  o.extra_value[1] = "1e-12";
  o.extra_key[2] = "on_limit";
  o.extra_value[2] = on_limit;
  Integrator *it = integrator_create("ca", m, &o, CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(it, "%s", err);
  return it;
}

Test(ca, fails_at_the_solver_iteration_limit) {
  Model *m = fx_load_file("cases/sliding_cube.json");
  double x[13];
  Integrator *it = ca_at_one_iteration(m, "fail");
  system_initial_state(m, x);
  cr_assert_eq(integrator_reset(it, 0.0, x), CB_OK, "%s", it->message);
  cr_expect_eq(integrator_advance(it, 0.1, x), CB_ERR_SOLVER);
  cr_expect(strstr(it->message, "iteration_limit"), "message: %s", it->message);
  integrator_destroy(it);
  it = ca_at_one_iteration(m, "accept");
  system_initial_state(m, x);
  cr_assert_eq(integrator_reset(it, 0.0, x), CB_OK, "%s", it->message);
  cr_expect_eq(integrator_advance(it, 0.1, x), CB_OK, "%s", it->message);
  cr_expect_gt(it->stats.solver.stop_limit, 0);
  cr_expect_eq(it->stats.solver.stop_limit, it->stats.solver.solves);
  integrator_destroy(it);
  model_free(m);
}

/* A point of geometry g in its own frame, drawn inside the shape (capsule, box or sphere). */
enum { CA_TEST_MAX_GEOMS = 128 };

static void random_point_in_geom(const Geom *g, unsigned long *st, double *p) {
  double u[3];
  switch (g->type) {
  case GEOM_BOX:
    for (int k = 0; k < 3; ++k) p[k] = urange(st, -g->size[k], g->size[k]);
    return;
  case GEOM_CAPSULE:
  case GEOM_SPHERE: {
    const double r = g->size[0], hl = g->type == GEOM_CAPSULE ? g->size[1] : 0.0;
    for (int k = 0; k < 3; ++k) u[k] = urange(st, -1, 1);
    const double nu = v3_norm(u), s = urange(st, 0, 1) * r / (nu > 0 ? nu : 1);
    p[0] = u[0] * s;
    p[1] = u[1] * s;
    p[2] = u[2] * s + urange(st, -hl, hl);
    return;
  }
  default: p[0] = p[1] = p[2] = 0; return;
  }
}

static void geom_world_point(const Data *d, int g, const double *local, double *w) {
  m3_mulv(w, d->geom_xrot + 9 * g, local);
  v3_add(w, w, d->geom_xpos + 3 * g);
}

/* The motion bound of eqs. 11-14 (ca_geom_speed) bounds how far any point of a link moves over
 * the discrete step q(s) = q + s N(q) v, s <= h: |p(s) - p(0)| <= (|lin| + rest) s in any
 * direction (n = NULL) and |n.(p(s) - p(0))| <= (|lin| + rest) s along a drawn unit n; random
 * states of the 100-link chain of cases/tr_chain.json and of the three-link chain above (two
 * joint axes, a box link). The bound may be loose; it must never be exceeded. */
static void check_link_bound(Model *m, int trials, double vmax, unsigned long seed) {
  Data *d = data_create(m);
  CaBound cb;
  cr_assert_eq(ca_bound_init(&cb, m), 0);
  const int nq = m->nq, nv = m->nv;
  double *q = calloc((size_t)nq, sizeof *q), *v = calloc((size_t)nv, sizeof *v);
  double *qs = calloc((size_t)nq, sizeof *qs);
  double(*pts)[3] = malloc((size_t)m->ngeom * 8 * sizeof *pts), (*p0)[3] = malloc((size_t)m->ngeom * 8 * sizeof *p0);
  unsigned long st = seed;
  const double h = 0.01;
  double tightest = 0; /* largest displacement / bound seen */
  long checked = 0;
  for (int t = 0; t < trials; ++t) {
    for (int k = 0; k < nq; ++k) q[k] = urange(&st, -3.2, 3.2);
    for (int k = 0; k < nv; ++k) v[k] = urange(&st, -vmax, vmax);
    double n[3];
    for (int k = 0; k < 3; ++k) n[k] = urange(&st, -1, 1);
    v3_scale(n, n, 1.0 / v3_norm(n));
    mb_kinematics(m, d, q);
    double bnd[2][CA_TEST_MAX_GEOMS];
    for (int g = 0; g < m->ngeom && g < CA_TEST_MAX_GEOMS; ++g) {
      double lin, rest;
      ca_geom_speed(&cb, m, d, q, v, g, NULL, h, &lin, &rest);
      bnd[0][g] = fabs(lin) + rest;
      ca_geom_speed(&cb, m, d, q, v, g, n, h, &lin, &rest);
      bnd[1][g] = fabs(lin) + rest;
      for (int i = 0; i < 8; ++i) {
        random_point_in_geom(&m->geoms[g], &st, pts[8 * g + i]);
        geom_world_point(d, g, pts[8 * g + i], p0[8 * g + i]);
      }
    }
    for (int j = 1; j <= 4; ++j) {
      const double s = h * j / 4.0;
      mb_integrate_q(m, q, v, s, qs);
      mb_kinematics(m, d, qs);
      for (int g = 0; g < m->ngeom && g < CA_TEST_MAX_GEOMS; ++g) {
        if (m->bodies[m->geoms[g].body].tree < 0) continue;
        for (int i = 0; i < 8; ++i) {
          double w[3], dp[3];
          geom_world_point(d, g, pts[8 * g + i], w);
          v3_sub(dp, w, p0[8 * g + i]);
          const double any = v3_norm(dp), along = fabs(v3_dot(dp, n));
          cr_expect(any <= bnd[0][g] * s * (1 + 1e-9) + 1e-12,
                    "draw %d, geom %d: a point moved %.6g m in %.3g s, bound %.6g m", t, g, any, s, bnd[0][g] * s);
          cr_expect(along <= bnd[1][g] * s * (1 + 1e-9) + 1e-12,
                    "draw %d, geom %d: a point moved %.6g m along n in %.3g s, bound %.6g m", t, g, along, s,
                    bnd[1][g] * s);
          if (bnd[0][g] > 0) tightest = fmax(tightest, any / (bnd[0][g] * s));
          ++checked;
        }
      }
    }
  }
  cr_log_info("%s: %ld point displacements within the bound, the tightest at %.3f of it\n", m->name, checked, tightest);
  cr_expect(tightest > 0.2, "the bound is never approached (%.3g): the test draws too little motion", tightest);
  free(q);
  free(v);
  free(qs);
  free(pts);
  free(p0);
  ca_bound_free(&cb);
  data_free(d);
}

Test(ca, the_link_bound_bounds_every_point_displacement) {
  Model *m = fx_load_file("cases/tr_chain.json");
  cr_assert_eq(m->nbody, 101);
  check_link_bound(m, 40, 2.0, 7);
  model_free(m);
  m = fx_load_json(chain_json, "chain");
  check_link_bound(m, 300, 6.0, 8);
  model_free(m);
}

/* cases/tr_chain.json (True Rigidity sec. 6.2, Fig. 3): the 100-link chain dropped from the
 * horizontal until it passes its lowest point never touches the ground under ca at the paper's
 * nominal step 0.01 s; the chain does not collide with itself ("self_collision": false), so
 * only its 100 link-ground pairs are bounded (no parent-child pair, which touch at their joint);
 * a majority of the steps are dt, and the bound shortens the steps near the ground. */
Test(ca, the_falling_chain_never_touches_the_ground) {
  Model *m = fx_load_file("cases/tr_chain.json");
  CaBound cb;
  cr_assert_eq(ca_bound_init(&cb, m), 0);
  cr_expect_eq(cb.npair, 100, "%d pairs bounded, expected the 100 link-ground pairs", cb.npair);
  ca_bound_free(&cb);
  char err[512];
  Integrator *it = make_ca(m, 0.01, NULL, NULL, err, sizeof err);
  cr_assert_not_null(it, "%s", err);
  double *x = calloc((size_t)(m->nq + m->nv), sizeof *x);
  system_initial_state(m, x);
  cr_assert_eq(integrator_reset(it, 0.0, x), CB_OK, "%s", it->message);
  cr_assert_eq(integrator_advance(it, m->t_end, x), CB_OK, "%s", it->message);
  const IntegratorStats *s = &it->stats;
  cr_log_info("tr_chain: %ld steps, mean %.4g s, smallest %.3g s, min distance %.4g m\n", s->steps,
              s->step_sum / (double)s->steps, s->step_min, s->min_distance);
  cr_expect(s->min_distance > 0.5, "the chain came %.3g m close to the ground (it passes 0.95 m above it)",
            s->min_distance);
  cr_expect(s->step_min < 1e-3, "the bound never shortened a step below dt / 10: smallest %.3g s", s->step_min);
  cr_expect(s->steps > 450 && s->steps < 900, "%ld steps for 4.5 s at dt 0.01 s", s->steps);
  free(x);
  integrator_destroy(it);
  model_free(m);
}
