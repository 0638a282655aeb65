/* The `mujoco` peer (integrators/mujoco/): the converted scene has the same dynamics as the
 * model layer (MuJoCo's mass matrix and bias forces against CRBA / RNEA at random states: an
 * independent check of both), a free-flight trajectory agrees with an RK4 reference at the
 * expected order, every case MuJoCo can represent converts and runs, what it cannot represent
 * is refused naming the scene field, and MuJoCo's silent failure modes become failed runs. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "integrators/integrator.h"
#include "integrators/mujoco/mjcf_writer.h"
#include "integrators/mujoco/mujoco_integrator.h"
#include "models/multibody.h"
#include "models/scene.h"
#include "models/system.h"
#include "tests/mb_fixtures.h"
#include "tests/peer_fixtures.h"
#include "tests/sim_fixtures.h"

static Integrator *create_mujoco(const Model *m, double dt, const char *key, const char *value, char *err,
                                 size_t errlen) {
  return pf_create("mujoco", m, dt, key, value, err, errlen);
}

/* Dense cbench M (nv x nv) from the per-tree blocks. */
static void dense_mass(const Model *m, const Data *d, double *M) {
  int nv = m->nv;
  memset(M, 0, sizeof(double) * (size_t)(nv * nv));
  for (int t = 0; t < m->ntree; ++t) {
    int a = m->tree_vadr[t], n = m->tree_nv[t];
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) M[(a + i) * nv + a + j] = d->mass[m->tree_madr[t] + i * n + j];
  }
}

/* Compares MuJoCo's M and bias - passive with T^T M T and T^T k at nstate random states;
 * returns the largest relative error. */
static double compare_dynamics(const Model *m, uint64_t seed, int nstate) {
  char err[512];
  Integrator *it = create_mujoco(m, 1e-3, NULL, NULL, err, sizeof err);
  cr_assert_not_null(it, "%s", err);
  mjData *md;
  const MujocoMap *map;
  const mjModel *mm = mujoco_integrator_model(it, &md, &map);
  cr_assert_not_null(mm);
  cr_assert_eq(mm->nv, m->nv);
  int nv = m->nv;
  Data *d = data_create(m);
  double *q = calloc((size_t)m->nq, sizeof(double)), *v = calloc((size_t)nv, sizeof(double));
  double *Mcb = calloc((size_t)(nv * nv), sizeof(double)), *Mmj = calloc((size_t)(nv * nv), sizeof(double));
  double *T = calloc((size_t)(nv * nv), sizeof(double)), *e = calloc((size_t)nv, sizeof(double));
  double *col = calloc((size_t)nv, sizeof(double)), *qtmp = calloc((size_t)m->nq, sizeof(double));
  MbRng rng;
  mbfix_rng_seed(&rng, seed);
  double worst = 0;
  for (int s = 0; s < nstate; ++s) {
    mbfix_random_state(m, &rng, 2.0, q, v);
    mb_kinematics(m, d, q);
    mb_velocities(m, d, v);
    mb_mass_matrix(m, d);
    mb_bias(m, d, q, v);
    dense_mass(m, d, Mcb);
    mujoco_state_to_mj(m, map, q, v, md->qpos, md->qvel);
    mj_forward(mm, md);
    mj_fullM(mm, Mmj, md->qM);
    /* T: column k = cbench velocity of the MuJoCo unit velocity e_k */
    for (int k = 0; k < nv; ++k) {
      memset(e, 0, sizeof(double) * (size_t)nv);
      e[k] = 1;
      mujoco_state_from_mj(m, map, md->qpos, e, qtmp, col);
      for (int i = 0; i < nv; ++i) T[i * nv + k] = col[i];
    }
    double scale_m = 0, scale_k = 0, err_m = 0, err_k = 0;
    for (int i = 0; i < nv; ++i) {
      /* (T^T k)_i and (T^T M T)_ij */
      double tk = 0;
      for (int a = 0; a < nv; ++a) tk += T[a * nv + i] * d->bias[a];
      double mj_k = md->qfrc_bias[i] - md->qfrc_passive[i];
      err_k = fmax(err_k, fabs(tk - mj_k));
      scale_k = fmax(scale_k, fabs(tk));
      for (int j = 0; j < nv; ++j) {
        double tmt = 0;
        for (int a = 0; a < nv; ++a)
          for (int b = 0; b < nv; ++b) tmt += T[a * nv + i] * Mcb[a * nv + b] * T[b * nv + j];
        err_m = fmax(err_m, fabs(tmt - Mmj[i * nv + j]));
        scale_m = fmax(scale_m, fabs(tmt));
      }
    }
    worst = fmax(worst, fmax(err_m / scale_m, err_k / fmax(scale_k, 1e-300)));
  }
  free(q); free(v); free(Mcb); free(Mmj); free(T); free(e); free(col); free(qtmp);
  data_free(d);
  integrator_destroy(it);
  return worst;
}

/* MuJoCo's compiler diagonalizes each body inertia (body_inertia in the frame body_iquat): the
 * largest relative error of R diag(I) R^T against the cbench inertia, over the moving bodies. */
static double inertia_roundtrip(const Model *m) {
  char err[512];
  Integrator *it = create_mujoco(m, 1e-3, NULL, NULL, err, sizeof err);
  cr_assert_not_null(it, "%s", err);
  const MujocoMap *map;
  const mjModel *mm = mujoco_integrator_model(it, NULL, &map);
  double worst = 0;
  for (int b = 1; b < m->nbody; ++b) {
    if (m->bodies[b].mass <= 0) continue;
    int id = map->mj_body[b];
    double R[9];
    mju_quat2Mat(R, mm->body_iquat + 4 * id);
    const double *I = m->bodies[b].inertia, *D = mm->body_inertia + 3 * id;
    double scale = fmax(fabs(I[0]), fmax(fabs(I[4]), fabs(I[8])));
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) {
        double rij = R[3 * i] * D[0] * R[3 * j] + R[3 * i + 1] * D[1] * R[3 * j + 1] + R[3 * i + 2] * D[2] * R[3 * j + 2];
        worst = fmax(worst, fabs(rij - I[3 * i + j]) / scale);
      }
  }
  integrator_destroy(it);
  return worst;
}

Test(mujoco, mass_matrix_and_bias_agree_with_the_model_layer) {
  Model *pend = mbfix_double_pendulum(1.0, 0.7, 1.5, 0.8);
  double e_pend = compare_dynamics(pend, 11, 10);
  model_free(pend);
  char err[512];
  Model *panda = scene_load("cases/franka_box.json", CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(panda, "%s", err);
  double e_panda = compare_dynamics(panda, 12, 10);
  model_free(panda);
  /* random forests with springs and damping, fixed and free bases, rotated joint frames; MuJoCo
   * takes free joints only on the world, so trees with inner free joints are skipped */
  int compared = 0;
  double e_trees = 0, e_inertia = 0;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    Model *m = mbfix_random_tree(seed, 6, (seed % 2 ? MBFIX_FREE_BASES : 0) | MBFIX_SPRINGS);
    cr_assert_not_null(m);
    int inner_free = 0;
    for (int b = 1; b < m->nbody; ++b) inner_free |= m->bodies[b].joint == JOINT_FREE && m->bodies[b].parent != 0;
    if (!inner_free) {
      /* full inertias: MuJoCo keeps them only as accurately as its compiler diagonalizes them */
      double e_full = compare_dynamics(m, 100 + seed, 4), e_in = inertia_roundtrip(m);
      cr_expect_leq(e_full, 10 * e_in + 1e-12, "seed %d: disagreement %.2e beyond MuJoCo's inertia error %.2e",
                    (int)seed, e_full, e_in);
      e_inertia = fmax(e_inertia, e_in);
      /* principal-axis inertias (off-diagonals dropped: still physical) compile exactly */
      for (int b = 1; b < m->nbody; ++b) {
        double *I = m->bodies[b].inertia;
        I[1] = I[2] = I[3] = I[5] = I[6] = I[7] = 0;
      }
      e_trees = fmax(e_trees, compare_dynamics(m, 100 + seed, 4));
      compared++;
    }
    model_free(m);
  }
  cr_log_info("relative M / bias disagreement: double pendulum %.2e, Panda %.2e, %d random trees %.2e "
              "with principal-axis inertias (full inertias: MuJoCo's diagonalization keeps them to %.2e)",
              e_pend, e_panda, compared, e_trees, e_inertia);
  cr_expect_geq(compared, 10, "only %d random trees could be compared", compared);
  cr_expect_lt(e_pend, 1e-12);
  cr_expect_lt(e_panda, 1e-11);
  cr_expect_lt(e_trees, 1e-10);
}

static double free_flight_error(const Model *m, const double *x0, const double *xref, double T, double dt,
                                 const char *method) {
  char err[512];
  Integrator *it = create_mujoco(m, dt, "integrator", method, err, sizeof err);
  cr_assert_not_null(it, "%s", err);
  int nx = system_nx(m);
  double *x = malloc(sizeof(double) * (size_t)nx);
  cr_assert_eq(integrator_reset(it, 0, x0), CB_OK);
  cr_assert_eq(integrator_advance(it, T, x), CB_OK, "%s", it->message);
  double e = pf_state_distance(m, x, xref);
  free(x);
  integrator_destroy(it);
  return e;
}

Test(mujoco, free_flight_agrees_with_an_rk4_reference_at_the_expected_order) {
  /* a tumbling asymmetric body with an offset COM, and a floating chain in gravity with
   * springs (a free base with a rotated frame) */
  Model *body = mbfix_free_body(2.0, 0.1, 0.2, 0.25);
  Model *chain = NULL;
  for (uint64_t seed = 3; seed < 60 && !chain; seed += 2) {
    Model *m = mbfix_random_tree(seed, 4, MBFIX_FREE_BASES | MBFIX_SPRINGS);
    int inner_free = 0, free_bases = 0;
    for (int b = 1; b < m->nbody; ++b) {
      inner_free |= m->bodies[b].joint == JOINT_FREE && m->bodies[b].parent != 0;
      free_bases += m->bodies[b].joint == JOINT_FREE && m->bodies[b].parent == 0;
    }
    if (!inner_free && free_bases >= 1 && m->nv >= 8) chain = m;
    else model_free(m);
  }
  cr_assert_not_null(chain, "no floating chain among the random trees");
  Model *models[2] = {body, chain};
  const char *names[2] = {"tumbling body", "floating chain"};
  for (int k = 0; k < 2; ++k) {
    Model *m = models[k];
    int nx = system_nx(m);
    double *x0 = calloc((size_t)nx, sizeof(double)), *xref = calloc((size_t)nx, sizeof(double));
    MbRng rng;
    mbfix_rng_seed(&rng, 7 + (uint64_t)k);
    mbfix_random_state(m, &rng, 1.5, x0, x0 + m->nq);
    double T = 0.5;
    memcpy(xref, x0, sizeof(double) * (size_t)nx);
    fx_rk4(m, T, 20000, xref);
    /* MuJoCo 2.2's RK4 sums the stages' body-frame angular velocities of free joints, each in
     * its own stage's frame: second order with free joints (measured), not fourth */
    double rk4a = free_flight_error(m, x0, xref, T, 2e-3, "rk4");
    double rk4 = free_flight_error(m, x0, xref, T, 1e-3, "rk4");
    double rk4_order = log2(rk4a / rk4);
    double eu1 = free_flight_error(m, x0, xref, T, 2e-3, "euler");
    double eu2 = free_flight_error(m, x0, xref, T, 1e-3, "euler");
    double order = log2(eu1 / eu2);
    cr_log_info("%s: MuJoCo RK4 dt 2e-3 %.2e, 1e-3 %.2e (order %.2f); Euler 2e-3 %.2e, 1e-3 %.2e (order %.2f)",
                names[k], rk4a, rk4, rk4_order, eu1, eu2, order);
    cr_expect_lt(rk4, 2e-7, "%s: MuJoCo RK4 disagrees with the cbench reference by %g", names[k], rk4);
    cr_expect(rk4_order > 1.7, "%s: MuJoCo RK4 order %.2f", names[k], rk4_order);
    cr_expect(order > 0.8 && order < 1.3, "%s: MuJoCo Euler order %.2f, expected 1", names[k], order);
    free(x0); free(xref);
  }
  model_free(body);
  model_free(chain);
}

Test(mujoco, every_representable_case_converts_and_runs) {
  DIR *dir = opendir("cases");
  cr_assert_not_null(dir);
  struct dirent *e;
  int ran = 0, refused = 0;
  while ((e = readdir(dir))) {
    size_t n = strlen(e->d_name);
    if (n < 6 || strcmp(e->d_name + n - 5, ".json")) continue;
    char path[512], err[512];
    snprintf(path, sizeof path, "cases/%s", e->d_name);
    Model *m = scene_load(path, CB_ERR_BUF(err, sizeof err));
    cr_assert_not_null(m, "%s: %s", path, err);
    int belt = 0;
    for (int g = 0; g < m->ngeom; ++g) belt |= m->geoms[g].has_surface_velocity;
    Integrator *it = create_mujoco(m, 1e-3, NULL, NULL, err, sizeof err);
    if (belt || m->nsuction > 0 || m->no_self_collision) {
      const char *what = belt ? "surface_velocity" : m->nsuction > 0 ? "suction" : "self_collision";
      cr_expect_null(it, "%s: a scene with %s was accepted", path, what);
      cr_expect(strstr(err, what) && strstr(err, path), "%s: message '%s'", path, err);
      refused++;
    } else {
      cr_assert_not_null(it, "%s: %s", path, err);
      int nx = system_nx(m);
      double *x = malloc(sizeof(double) * (size_t)nx);
      system_initial_state(m, x);
      cr_assert_eq(integrator_reset(it, 0, x), CB_OK);
      int rc = integrator_advance(it, 0.05, x);
      cr_expect_eq(rc, CB_OK, "%s: %s", path, it->message);
      for (int i = 0; i < nx; ++i) cr_expect(isfinite(x[i]), "%s: x[%d] = %g", path, i, x[i]);
      cr_expect_eq(it->stats.steps, 50, "%s: %ld steps for 0.05 s at 1 ms", path, it->stats.steps);
      free(x);
      integrator_destroy(it);
      ran++;
    }
    model_free(m);
  }
  closedir(dir);
  cr_log_info("mujoco: %d cases ran, %d refused", ran, refused);
  cr_expect_geq(ran, 12);
  cr_expect_eq(refused, 4); /* conveyor, icf_conveyor (belts), suction_gripper, tr_chain (self_collision) */
}

Test(mujoco, free_joint_inside_a_tree_is_refused_naming_the_body) {
  const char *json =
      "{\"name\": \"inner_free\", \"gravity\": [0, 0, -9.81], \"duration\": 1,"
      " \"bodies\": ["
      "  {\"name\": \"base\", \"parent\": \"world\", \"joint\": {\"type\": \"revolute\", \"axis\": [0, 1, 0]},"
      "   \"mass\": 1, \"inertia\": [0.1, 0.1, 0.1]},"
      "  {\"name\": \"loose\", \"parent\": \"base\", \"joint\": \"free\", \"mass\": 1, \"inertia\": [0.1, 0.1, 0.1]}]}";
  Model *m = fx_load_json(json, "inner_free.json");
  char err[512];
  Integrator *it = create_mujoco(m, 1e-3, NULL, NULL, err, sizeof err);
  cr_expect_null(it);
  cr_expect(strstr(err, "bodies[1]") && strstr(err, "loose") && strstr(err, "joint"), "message: %s", err);
  model_free(m);
}

Test(mujoco, bad_options_are_rejected_with_the_value) {
  char err[512];
  Model *m = mbfix_double_pendulum(1, 1, 1, 1);
  const char *cases[][3] = {{"solref", "0.02", "solref"}, {"solimp", "a,b,c", "solimp"},
                            {"friction", "both", "friction"}, {"integrator", "rk45", "integrator"},
                            {"cone", "round", "cone"}, {"nconmax", "-3", "nconmax"}, {"colour", "red", "colour"}};
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; ++k) {
    Integrator *it = create_mujoco(m, 1e-3, cases[k][0], cases[k][1], err, sizeof err);
    cr_expect_null(it, "%s=%s accepted", cases[k][0], cases[k][1]);
    cr_expect(strstr(err, cases[k][2]) != NULL, "%s=%s: message '%s'", cases[k][0], cases[k][1], err);
  }
  Integrator *ok = create_mujoco(m, 1e-3, "solref", "0.01,0.5", err, sizeof err);
  cr_expect_not_null(ok, "%s", err);
  integrator_destroy(ok);
  model_free(m);
}

/* MuJoCo drops contacts silently when its buffer is full: the run must fail instead. */
Test(mujoco, a_full_contact_buffer_fails_the_run) {
  char err[512];
  Model *m = scene_load("cases/hard_clutter.json", CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(m, "%s", err);
  Integrator *it = create_mujoco(m, 1e-3, "nconmax", "2", err, sizeof err);
  cr_assert_not_null(it, "%s", err);
  int nx = system_nx(m);
  double *x = malloc(sizeof(double) * (size_t)nx);
  system_initial_state(m, x);
  integrator_reset(it, 0, x);
  int rc = integrator_advance(it, 1.0, x);
  cr_expect_eq(rc, CB_ERR_MEMORY, "rc %d: %s", rc, it->message);
  cr_expect(strstr(it->message, "nconmax") != NULL, "message: %s", it->message);
  free(x);
  integrator_destroy(it);
  model_free(m);
}

/* The record says what MuJoCo models differently (contact law, one friction coefficient). */
Test(mujoco, substitutions_are_noted) {
  char err[512];
  Model *m = scene_load("cases/tamsi_stick_slip.json", CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(m, "%s", err);
  Integrator *it = create_mujoco(m, 1e-3, NULL, NULL, err, sizeof err);
  cr_assert_not_null(it, "%s", err);
  int contact = 0, friction = 0;
  for (int i = 0; i < it->nnotes; ++i) {
    contact |= strstr(it->notes[i], "soft constraint") != NULL;
    friction |= strstr(it->notes[i], "one friction coefficient") != NULL;
  }
  cr_expect(contact, "no note on the contact law");
  int two = 0;
  for (int i = 0; i < m->nmaterial; ++i) two |= m->materials[i].mu_static != m->materials[i].mu_dynamic;
  cr_expect_eq(friction, two, "friction note %d, scene has two coefficients: %d", friction, two);
  integrator_destroy(it);
  model_free(m);
}

/* n free spheres on a plane, on a grid 0.2 m apart (no contact between them at rest). */
static Model *sphere_grid(int n) {
  size_t cap = 512 + (size_t)n * 160;
  char *json = malloc(cap);
  cr_assert_not_null(json);
  int len = snprintf(json, cap, "{\"name\": \"spheres\", \"duration\": 1, \"materials\": [{\"name\": \"m\", "
                                "\"stiffness\": 1e4, \"dissipation\": 0.1, \"mu\": 0.5}], \"world_geoms\": "
                                "[{\"name\": \"floor\", \"type\": \"plane\", \"material\": \"m\"}], \"bodies\": [");
  for (int i = 0; i < n; ++i)
    len += snprintf(json + len, cap - (size_t)len,
                    "%s{\"name\": \"s%d\", \"joint\": \"free\", \"mass\": 0.1, \"geoms\": [{\"type\": \"sphere\", "
                    "\"size\": 0.05, \"material\": \"m\"}], \"q0\": {\"pos\": [%g, %g, 0.2]}}",
                    i ? ", " : "", i, 0.2 * (i % 40), 0.2 * (i / 40));
  snprintf(json + len, cap - (size_t)len, "]}");
  Model *m = fx_load_json(json, "spheres");
  free(json);
  return m;
}

/* MuJoCo 2.2 counts mjData's arena and stack in ints: past about 400 free bodies the estimate of
 * mjcf_buffer_sizes could not be created ("could not create mjData"). The cap is the largest row
 * count whose constraint arrays fit and whose stack count stays within INT_MAX, and the estimate
 * is cut to it only where it has to be. */
Test(mujoco, buffer_sizes_are_capped_to_what_mujoco_can_allocate) {
  for (int nv = 6; nv <= 12000; nv *= 3) {
    int cap = mjcf_njmax_cap(nv);
    cr_assert_gt(cap, 1000, "nv %d: cap %d", nv, cap);
    double stack = 5.0 * ((double)cap + nv) * ((double)cap + nv);
    cr_expect(mjcf_constraint_bytes(nv, cap) <= MJCF_CONSTRAINT_BYTES_MAX && stack <= 0.9 * INT_MAX,
              "nv %d: cap %d takes %g bytes, stack %g", nv, cap, mjcf_constraint_bytes(nv, cap), stack);
    double stack1 = 5.0 * ((double)cap + 1 + nv) * ((double)cap + 1 + nv);
    cr_expect(mjcf_constraint_bytes(nv, cap + 1) > MJCF_CONSTRAINT_BYTES_MAX || stack1 > 0.9 * INT_MAX,
              "nv %d: cap %d is not the largest", nv, cap);
  }
  int sizes[2] = {20, 600}, expect_capped[2] = {0, 1};
  for (int k = 0; k < 2; ++k) {
    Model *m = sphere_grid(sizes[k]);
    for (int elliptic = 0; elliptic <= 1; ++elliptic) {
      int nconmax, njmax, capped = mjcf_buffer_sizes(m, elliptic, &nconmax, &njmax);
      int rows = elliptic ? 3 : 4;
      cr_expect_eq(capped, expect_capped[k], "%d spheres: capped %d", sizes[k], capped);
      cr_expect_eq(njmax, rows * nconmax + 16, "%d spheres: njmax %d, nconmax %d", sizes[k], njmax, nconmax);
      cr_expect_leq(njmax, mjcf_njmax_cap(m->nv));
      if (!capped) cr_expect_eq(nconmax, 8 * sizes[k] + 16);
      else cr_expect_gt(njmax, mjcf_njmax_cap(m->nv) - rows, "the cap is used in full: njmax %d", njmax);
    }
    model_free(m);
  }
}

/* A capped scene is created (it failed before), the record says so, and a full buffer says that
 * raising it cannot help. */
Test(mujoco, a_capped_buffer_is_noted_and_its_overflow_explained) {
  Model *m = sphere_grid(600);
  char err[512];
  Integrator *it = create_mujoco(m, 1e-2, NULL, NULL, err, sizeof err);
  cr_assert_not_null(it, "%s", err);
  int noted = 0;
  for (int i = 0; i < it->nnotes; ++i) noted |= strstr(it->notes[i], "contact buffer capped") != NULL;
  cr_expect(noted, "no note on the capped buffer");
  integrator_destroy(it);
  model_free(m);
}
