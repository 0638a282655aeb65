/* Scene loader (models/scene.h): the malformed-scene corpus with its expected messages, the
 * case files with their sizes, mass properties against numerical quadrature, orientations
 * against explicit rotation matrices, depth-first body ordering, and robustness against
 * truncated and mutated input (ASan/UBSan catch crashes and leaks). */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <glob.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "models/math3d.h"
#include "models/scene.h"

/* ---------- the malformed corpus: tests/scenes/bad_*.json ---------- */

typedef struct {
  char file[48];     /* under tests/scenes/ */
  char expect[112];  /* substring of the message after "FILE: " */
} BadScene;

static const BadScene bad_scenes[] = {
    {"bad_not_json.json", "not valid JSON at line 1, column 17"},
    {"bad_nan.json", "not valid JSON at line 1, column 14, got 'NaN"},
    {"bad_empty.json", "not valid JSON at line 1, column 1, got end of input"},
    {"bad_trailing.json", "not valid JSON at line 2, column 1, got '}garbage'"},
    {"bad_top_array.json", "(root): a scene must be a JSON object, got [1,2,3]"},
    {"bad_infinite.json", "bodies[0].mass: must be a finite number, got inf"},
    {"bad_missing_duration.json", "(root): missing required field \"duration\""},
    {"bad_missing_mass.json", "bodies[0]: missing required field \"mass\" (or \"density\")"},
    {"bad_mass_type.json", "bodies[0].mass: must be a number, got \"heavy\""},
    {"bad_negative_mass.json", "bodies[0].mass: must be positive, got -1"},
    {"bad_zero_mass.json", "bodies[0].mass: must be positive, got 0"},
    {"bad_inertia_not_pd.json", "bodies[0].inertia: must be positive definite, got [[1,0,0],[0,1,2],[0,2,1]]"},
    {"bad_inertia_triangle.json", "bodies[0].inertia: violates the triangle inequality"},
    {"bad_inertia_asym.json", "bodies[0].inertia: must be symmetric"},
    {"bad_unknown_parent.json", "bodies[1].parent: unknown parent body, got \"nobody\""},
    {"bad_cycle.json", "bodies[0].parent: bodies form a cycle (a -> b -> a), got \"b\""},
    {"bad_rigid_pair.json", "geometries 'floor' (body 'world') and 'shell' (body 'ball') can touch but both have rigid materials"},
    {"bad_self_parent.json", "bodies[1].parent: bodies form a cycle (b -> b), got \"b\""},
    {"bad_zero_quat.json", "bodies[0].q0.quat: quaternion must have nonzero length, got [0,0,0,0]"},
    {"bad_geom_type.json", "bodies[0].geoms[0].type: unknown geometry type"},
    {"bad_geom_size.json", "bodies[0].geoms[0].size[1]: must be positive, got 0"},
    {"bad_unknown_material.json", "bodies[0].geoms[0].material: unknown material (defined: m), got \"steel\""},
    {"bad_negative_stiffness.json", "materials[0].stiffness: must be positive, got -5"},
    {"bad_mu_order.json", "materials[0].mu_dynamic: must not exceed mu_static (0.3), got 0.5"},
    {"bad_unknown_field.json", "bodies[0].joint.dampnig: unknown field"},
    {"bad_duplicate_body.json", "bodies[1].name: duplicate body name (also bodies[0]), got \"a\""},
    {"bad_joint_type.json", "bodies[0].joint: unknown joint type"},
    {"bad_axis_zero.json", "bodies[0].joint.axis: must have nonzero length, got [0,0,0]"},
    {"bad_limit_order.json", "bodies[0].joint.limit: lower limit must be below upper limit, got [1,-1]"},
    {"bad_q0_outside_limit.json", "bodies[0].q0: outside the joint limit [-1, 1], got 2"},
    {"bad_controller_free_joint.json", "controllers[0].joints[0]: controlled joints must be revolute or prismatic"},
    {"bad_setpoint_time.json", "controllers[0].setpoints[2].t: setpoint times must increase (previous 1), got 1"},
    {"bad_setpoint_length.json", "controllers[0].setpoints[0].q: must be a number or an array of 2 numbers"},
    {"bad_force_body.json", "forces[0].body: unknown body, got \"cube\""},
    {"bad_plane_on_body.json", "bodies[0].geoms[0].type: planes are only allowed in world_geoms"},
    {"bad_gravity_length.json", "gravity: must be an array of 3 numbers, got [0,-9.81]"},
    {"bad_negative_damping.json", "bodies[1].joint.damping: must be non-negative, got -0.1"},
    {"bad_negative_armature.json", "bodies[1].joint.armature: must be non-negative, got -0.2"},
    {"bad_duplicate_key.json", "bodies[0].mass: field given twice"},
    {"bad_missing_joint.json", "bodies[0]: missing required field \"joint\""},
    {"bad_bodies_not_array.json", "bodies: must be an array, got {\"name\":\"ball\"}"},
    {"bad_no_geometry_inertia.json", "bodies[0]: missing \"inertia\" (and no geometry to derive it from)"},
    {"bad_ki_on_pd.json", "controllers[0].ki: only pid controllers take \"ki\""},
    {"bad_surface_dir_zero.json", "world_geoms[0].surface_velocity.dir: must have nonzero length"},
    {"bad_kinematic_free_joint.json", "bodies[0].kinematic: only a body with \"joint\": \"fixed\" on the world can be kinematic"},
    {"bad_kinematic_child.json", "bodies[1].parent: a kinematic body cannot have children, got \"plate\""},
    {"bad_kinematic_dir_missing.json", "bodies[0].kinematic: missing required field \"dir\""},
    {"bad_limit_stiffness.json", "limit_stiffness: must be positive, got -5"},
    {"bad_suction_body.json", "suction[0].body: unknown body, got \"nozzle\""},
    {"bad_suction_max_force.json", "suction[0].max_force: must be positive, got 0"},
    {"bad_suction_on_order.json", "suction[0].on: switch-off time must follow switch-on time, got [1,0.5]"},
    {"bad_suction_saturation.json", "suction[0].saturation_distance: must be below max_distance (0.02), got 0.05"},
    {"bad_suction_target_self.json", "suction[0].targets[0]: target is on the cup body's own kinematic tree, got \"pad\""},
    {"bad_suction_target_static.json", "suction[0].targets[0]: target must be a movable body, got \"world\""},
    {"bad_self_collision.json", "self_collision: must be true or false, got \"no\""},
    {"bad_suction_targets_type.json", "suction[0].targets: must be \"all\" or an array of body names, got \"box\""},
};
#define NBAD (sizeof bad_scenes / sizeof bad_scenes[0])

ParameterizedTestParameters(scene, rejects_malformed_file) {
  return cr_make_param_array(BadScene, (BadScene *)bad_scenes, NBAD);
}

ParameterizedTest(BadScene *bc, scene, rejects_malformed_file) {
  char path[96], err[512];
  snprintf(path, sizeof path, "tests/scenes/%s", bc->file);
  memset(err, 'x', sizeof err);
  Model *m = scene_load(path, CB_ERR_BUF(err, sizeof err));
  if (m) model_free(m);
  cr_assert_null(m, "%s loaded", path);
  char prefix[112];
  snprintf(prefix, sizeof prefix, "%s: ", path);
  cr_expect(strncmp(err, prefix, strlen(prefix)) == 0, "%s: message does not start with the file: %s", path, err);
  cr_expect(strstr(err, bc->expect) != NULL, "%s:\n  got      %s\n  expected ...%s...", path, err, bc->expect);
  cr_expect(strchr(err, '\n') == NULL, "message is not one line: %s", err);
}

/* Every bad_*.json has an entry above (a new corpus file cannot go untested). */
Test(scene, corpus_table_covers_every_file) {
  glob_t g;
  cr_assert_eq(glob("tests/scenes/bad_*.json", 0, NULL, &g), 0, "no corpus found (run from the repo root)");
  cr_expect_eq(g.gl_pathc, NBAD, "%zu files, %zu table entries", g.gl_pathc, NBAD);
  for (size_t i = 0; i < g.gl_pathc; ++i) {
    const char *base = strrchr(g.gl_pathv[i], '/') + 1;
    int found = 0;
    for (size_t k = 0; k < NBAD; ++k) found |= strcmp(base, bad_scenes[k].file) == 0;
    cr_expect(found, "%s has no expected message in the table", base);
  }
  globfree(&g);
}

Test(scene, missing_file_and_null_buffers) {
  char err[256];
  cr_assert_null(scene_load("tests/scenes/no_such_file.json", CB_ERR_BUF(err, sizeof err)));
  cr_expect(strstr(err, "tests/scenes/no_such_file.json: cannot open") == err, "%s", err);
  cr_assert_null(scene_load_string("{", "x", NULL));
  cr_assert_null(scene_load_string(NULL, "x", CB_ERR_BUF(err, sizeof err)));
  char tiny[12];
  cr_assert_null(scene_load_string("{\"duration\": -1}", "a_long_file_name.json", CB_ERR_BUF(tiny, sizeof tiny)));
  cr_expect_eq(strlen(tiny), sizeof tiny - 1, "message not truncated to the buffer");
}

/* ---------- the case files ---------- */

typedef struct {
  char file[40];
  int nbody, nq, nv, nz, ngeom, ntree, nforce;
  double mass1;  /* mass of body 1 */
} GoodScene;

static const GoodScene good_scenes[] = {
    {"ball_drop.json", 2, 7, 6, 0, 2, 1, 0, 0.1},
    {"bouncing_ball.json", 2, 7, 6, 0, 2, 1, 0, 0.1},
    {"sliding_cube.json", 2, 7, 6, 0, 2, 1, 0, 1.0},
    {"dragged_cube.json", 2, 7, 6, 0, 2, 1, 1, 1.0},
    {"conveyor.json", 2, 7, 6, 0, 2, 1, 0, 1.0},
    {"cylinder_table.json", 2, 7, 6, 0, 2, 1, 0, 6.3},
    {"soft_clutter.json", 21, 140, 120, 0, 25, 20, 0, 4.0 / 3.0 * M_PI * 0.125e-3 * 1000},
    {"hard_clutter.json", 21, 140, 120, 0, 25, 20, 0, 4.0 / 3.0 * M_PI * 0.125e-3 * 1000},
    {"icf_falling_sphere.json", 2, 7, 6, 0, 2, 1, 0, 0.5},
    {"tamsi_stick_slip.json", 2, 7, 6, 0, 2, 1, 1, 0.33},
    {"double_pendulum.json", 3, 2, 2, 0, 0, 1, 0, 1.0},
    {"gripper_peg.json", 5, 8, 7, 0, 5, 2, 0, 0.32},
    {"suction_gripper.json", 7, 12, 11, 0, 7, 2, 0, 0.2},
    {"franka_box.json", 12, 16, 15, 0, 12, 2, 0, 4.0},
    {"controlled_arm.json", 4, 9, 8, 0, 5, 2, 0, 1.0},
};
#define NGOOD (sizeof good_scenes / sizeof good_scenes[0])

ParameterizedTestParameters(scene, loads_case) {
  return cr_make_param_array(GoodScene, (GoodScene *)good_scenes, NGOOD);
}

ParameterizedTest(GoodScene *gs, scene, loads_case) {
  char path[80], err[512] = "";
  snprintf(path, sizeof path, "cases/%s", gs->file);
  Model *m = scene_load(path, CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(m, "%s", err);
  cr_expect_eq(m->nbody, gs->nbody);
  cr_expect_eq(m->nq, gs->nq);
  cr_expect_eq(m->nv, gs->nv);
  cr_expect_eq(m->nz, gs->nz);
  cr_expect_eq(m->ngeom, gs->ngeom);
  cr_expect_eq(m->ntree, gs->ntree);
  cr_expect_eq(m->nforce, gs->nforce);
  cr_expect(fabs(m->bodies[1].mass - gs->mass1) < 1e-9 * gs->mass1, "mass %.17g", m->bodies[1].mass);
  cr_expect(m->t_end > 0 && m->max_step > 0 && m->stiction_tolerance > 0);
  for (int b = 1; b < m->nbody; ++b) cr_expect_lt(m->bodies[b].parent, b, "not topologically sorted");
  /* free-joint quaternions are unit length */
  for (int b = 1; b < m->nbody; ++b)
    if (m->bodies[b].joint == JOINT_FREE) {
      const double *qq = m->q0 + m->bodies[b].qadr + 3;
      double n = sqrt(qq[0] * qq[0] + qq[1] * qq[1] + qq[2] * qq[2] + qq[3] * qq[3]);
      cr_expect(fabs(n - 1) < 1e-12, "body %d quaternion norm %g", b, n);
    }
  model_free(m);
}

/* Spot checks of parameters the analytic tests rely on. */
Test(scene, case_parameters) {
  char err[512] = "";
  Model *m = scene_load("cases/dragged_cube.json", CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(m, "%s", err);
  cr_expect_eq(m->forces[0].body, 1);
  cr_expect_eq(m->forces[0].ramp_rate, 20);
  cr_expect_eq(m->forces[0].ramp_end, 1);
  cr_expect_eq(m->forces[0].dir[0], 1);
  /* cube inertia m (2 a)^2 / 6 with a = 0.05 */
  cr_expect(fabs(m->bodies[1].inertia[0] - 1.0 * 0.01 / 6) < 1e-15);
  model_free(m);

  m = scene_load("cases/conveyor.json", CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(m, "%s", err);
  cr_expect_eq(m->geoms[0].body, 0);
  cr_expect(m->geoms[0].has_surface_velocity);
  cr_expect_eq(m->geoms[0].surface_amp, 0.8);
  cr_expect_eq(m->geoms[0].surface_freq, 2);
  cr_expect(isinf(m->materials[0].stiffness), "rigid belt");
  cr_expect_eq(m->materials[1].mu_static, 1.0);
  cr_expect_eq(m->materials[1].mu_dynamic, 0.5);
  model_free(m);

  m = scene_load("cases/tamsi_stick_slip.json", CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(m, "%s", err);
  cr_expect_eq(m->gravity[2], -9.8);
  cr_expect_eq(m->forces[0].amp, 4);
  cr_expect_eq(m->forces[0].freq, 1);
  model_free(m);
}

/* ---------- mass properties against midpoint quadrature ---------- */

typedef struct {
  GeomType type;
  double size[3], pos[3], R[9];  /* R: geometry -> body */
} Solid;

/* Is the body-frame point p inside the solid? */
static int inside(const Solid *s, const double *p) {
  double d[3], x[3];
  v3_sub(d, p, s->pos);
  m3_tmulv(x, s->R, d);
  double r = s->size[0], h = s->size[1];
  switch (s->type) {
    case GEOM_SPHERE: return v3_dot(x, x) <= r * r;
    case GEOM_BOX: return fabs(x[0]) <= s->size[0] && fabs(x[1]) <= s->size[1] && fabs(x[2]) <= s->size[2];
    case GEOM_CYLINDER: return fabs(x[2]) <= h && x[0] * x[0] + x[1] * x[1] <= r * r;
    case GEOM_CAPSULE: {
      double z = fmax(-h, fmin(h, x[2]));
      return x[0] * x[0] + x[1] * x[1] + (x[2] - z) * (x[2] - z) <= r * r;
    }
    default: return 0;
  }
}

/* Mass, COM and inertia about the COM of the union of disjoint solids by the midpoint rule on
 * an n^3 grid over the box [lo, hi]. */
static void quadrature(const Solid *s, int ns, double rho, const double *lo, const double *hi, int n, double *mass,
                       double *com, double *I) {
  double h[3], M = 0, c[3] = {0, 0, 0}, S[9] = {0};
  for (int k = 0; k < 3; ++k) h[k] = (hi[k] - lo[k]) / n;
  double dv = rho * h[0] * h[1] * h[2];
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      for (int k = 0; k < n; ++k) {
        double p[3] = {lo[0] + (i + 0.5) * h[0], lo[1] + (j + 0.5) * h[1], lo[2] + (k + 0.5) * h[2]};
        int in = 0;
        for (int q = 0; q < ns && !in; ++q) in = inside(&s[q], p);
        if (!in) continue;
        M += dv;
        v3_axpy(c, dv, p);
        for (int a = 0; a < 3; ++a)
          for (int b = 0; b < 3; ++b) S[3 * a + b] += dv * p[a] * p[b];
      }
  v3_scale(c, c, 1.0 / M);
  /* I = sum m (|r|^2 1 - r r^T) about the COM */
  double tr = 0;
  for (int a = 0; a < 3; ++a) tr += S[4 * a] - M * c[a] * c[a];
  for (int a = 0; a < 3; ++a)
    for (int b = 0; b < 3; ++b) I[3 * a + b] = (a == b ? tr : 0.0) - (S[3 * a + b] - M * c[a] * c[b]);
  *mass = M;
  v3_copy(com, c);
}

static void check_solid(const char *geoms_json, const Solid *s, int ns, const double *lo, const double *hi) {
  char json[2048], err[512] = "";
  snprintf(json, sizeof json,
           "{\"duration\": 1, \"materials\": [{\"name\": \"m\", \"stiffness\": 1e4, \"mu\": 0.5}],"
           " \"bodies\": [{\"name\": \"b\", \"joint\": \"free\", \"density\": 800, \"geoms\": %s}]}",
           geoms_json);
  Model *m = scene_load_string(json, "solid", CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(m, "%s", err);
  double M, c[3], I[9];
  quadrature(s, ns, 800.0, lo, hi, 150, &M, c, I);
  const Body *b = &m->bodies[1];
  double scale = fmax(fabs(I[0]), fmax(fabs(I[4]), fabs(I[8])));
  cr_expect(fabs(b->mass - M) < 0.01 * M, "mass %g vs quadrature %g", b->mass, M);
  for (int k = 0; k < 3; ++k) cr_expect(fabs(b->com[k] - c[k]) < 2e-3 * (hi[0] - lo[0]), "com[%d] %g vs %g", k, b->com[k], c[k]);
  for (int k = 0; k < 9; ++k)
    cr_expect(fabs(b->inertia[k] - I[k]) < 0.015 * scale, "%s: inertia[%d] %g vs quadrature %g", geoms_json, k,
              b->inertia[k], I[k]);
  model_free(m);
}

static void solid_frame(Solid *s, double x, double y, double z, double rx, double ry, double rz) {
  v3_set(s->pos, x, y, z);
  double rpy[3] = {rx, ry, rz}, q[4], qx[4], qy[4], qz[4], t[4];
  static const double ex[3] = {1, 0, 0}, ey[3] = {0, 1, 0}, ez[3] = {0, 0, 1};
  quat_from_axis_angle(qx, ex, rpy[0]);
  quat_from_axis_angle(qy, ey, rpy[1]);
  quat_from_axis_angle(qz, ez, rpy[2]);
  quat_mul(t, qy, qx);
  quat_mul(q, qz, t);
  quat_to_mat(s->R, q);
}

Test(scene, mass_properties_match_quadrature) {
  const double lo[3] = {-0.3, -0.3, -0.3}, hi[3] = {0.3, 0.3, 0.3};
  Solid s[2];
  s[0] = (Solid){.type = GEOM_SPHERE, .size = {0.2}};
  solid_frame(&s[0], 0.05, -0.02, 0.03, 0, 0, 0);
  check_solid("[{\"type\": \"sphere\", \"size\": 0.2, \"pos\": [0.05, -0.02, 0.03], \"material\": \"m\"}]", s, 1, lo, hi);

  s[0] = (Solid){.type = GEOM_BOX, .size = {0.2, 0.1, 0.05}};
  solid_frame(&s[0], 0.02, 0.01, -0.03, 0.3, -0.5, 0.9);
  check_solid("[{\"type\": \"box\", \"size\": [0.2, 0.1, 0.05], \"pos\": [0.02, 0.01, -0.03],"
              " \"rpy\": [0.3, -0.5, 0.9], \"material\": \"m\"}]", s, 1, lo, hi);

  s[0] = (Solid){.type = GEOM_CYLINDER, .size = {0.1, 0.2}};
  solid_frame(&s[0], 0, 0.03, 0, 0.7, 0.2, 0);
  check_solid("[{\"type\": \"cylinder\", \"size\": [0.1, 0.2], \"pos\": [0, 0.03, 0], \"rpy\": [0.7, 0.2, 0],"
              " \"material\": \"m\"}]", s, 1, lo, hi);

  s[0] = (Solid){.type = GEOM_CAPSULE, .size = {0.08, 0.15}};
  solid_frame(&s[0], 0, 0, 0.01, 0, 1.1, 0.4);
  check_solid("[{\"type\": \"capsule\", \"size\": [0.08, 0.15], \"pos\": [0, 0, 0.01], \"rpy\": [0, 1.1, 0.4],"
              " \"material\": \"m\"}]", s, 1, lo, hi);

  /* composite (parallel-axis terms): a sphere and a rotated box side by side */
  s[0] = (Solid){.type = GEOM_SPHERE, .size = {0.1}};
  solid_frame(&s[0], -0.15, 0, 0, 0, 0, 0);
  s[1] = (Solid){.type = GEOM_BOX, .size = {0.1, 0.05, 0.15}};
  solid_frame(&s[1], 0.1, 0.05, 0.02, 0, 0, 0.5);
  check_solid("[{\"type\": \"sphere\", \"size\": 0.1, \"pos\": [-0.15, 0, 0], \"material\": \"m\"},"
              " {\"type\": \"box\", \"size\": [0.1, 0.05, 0.15], \"pos\": [0.1, 0.05, 0.02], \"rpy\": [0, 0, 0.5],"
              " \"material\": \"m\"}]", s, 2, lo, hi);
}

/* "mass" with geometry scales the density-derived inertia: I / m is the shape's alone. */
Test(scene, mass_rescales_geometry_inertia) {
  const char *fmt = "{\"duration\": 1, \"materials\": [{\"name\": \"m\", \"stiffness\": 1e4, \"mu\": 0.5}],"
                    " \"bodies\": [{\"name\": \"b\", \"joint\": \"free\", %s, \"geoms\": [{\"type\": \"cylinder\","
                    " \"size\": [0.1, 0.1], \"material\": \"m\"}]}]}";
  char j1[512], j2[512], err[256];
  snprintf(j1, sizeof j1, fmt, "\"mass\": 6.3");
  snprintf(j2, sizeof j2, fmt, "\"density\": 1000");
  Model *a = scene_load_string(j1, "a", CB_ERR_BUF(err, sizeof err)), *b = scene_load_string(j2, "b", CB_ERR_BUF(err, sizeof err));
  cr_assert(a && b, "%s", err);
  cr_expect(fabs(b->bodies[1].mass - 1000 * M_PI * 0.01 * 0.2) < 1e-12);
  for (int k = 0; k < 9; ++k)
    cr_expect(fabs(a->bodies[1].inertia[k] / 6.3 - b->bodies[1].inertia[k] / b->bodies[1].mass) < 1e-15);
  /* cylinder, r = 0.1, length 0.2: Izz = m r^2 / 2, Ixx = m (3 r^2 + L^2) / 12 */
  cr_expect(fabs(a->bodies[1].inertia[8] - 6.3 * 0.01 / 2) < 1e-14);
  cr_expect(fabs(a->bodies[1].inertia[0] - 6.3 * (0.03 + 0.04) / 12) < 1e-14);
  model_free(a);
  model_free(b);
}

/* ---------- orientations, ordering, initial state, controllers ---------- */

static void rot_x(double *R, double a) { double c = cos(a), s = sin(a); double M[9] = {1, 0, 0, 0, c, -s, 0, s, c}; m3_copy(R, M); }
static void rot_y(double *R, double a) { double c = cos(a), s = sin(a); double M[9] = {c, 0, s, 0, 1, 0, -s, 0, c}; m3_copy(R, M); }
static void rot_z(double *R, double a) { double c = cos(a), s = sin(a); double M[9] = {c, -s, 0, s, c, 0, 0, 0, 1}; m3_copy(R, M); }

Test(scene, rpy_is_fixed_axis_xyz) {
  const char *json =
      "{\"duration\": 1, \"bodies\": ["
      " {\"name\": \"a\", \"joint\": \"free\", \"mass\": 1, \"inertia\": [1, 1, 1], \"q0\": {\"rpy_deg\": [30, 45, 60]}},"
      " {\"name\": \"b\", \"joint\": \"free\", \"mass\": 1, \"inertia\": [1, 1, 1], \"q0\": {\"quat\": [2, 0, 0, 0]}}]}";
  char err[256];
  Model *m = scene_load_string(json, "rpy", CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(m, "%s", err);
  double Rx[9], Ry[9], Rz[9], T[9], R[9], Rq[9];
  rot_x(Rx, M_PI / 6);
  rot_y(Ry, M_PI / 4);
  rot_z(Rz, M_PI / 3);
  m3_mul(T, Ry, Rx);
  m3_mul(R, Rz, T);
  quat_to_mat(Rq, m->q0 + m->bodies[1].qadr + 3);
  for (int k = 0; k < 9; ++k) cr_expect(fabs(Rq[k] - R[k]) < 1e-14, "R[%d] %g vs %g", k, Rq[k], R[k]);
  /* quaternions are normalized */
  cr_expect_eq(m->q0[m->bodies[2].qadr + 3], 1.0);
  model_free(m);
}

Test(scene, bodies_sorted_depth_first) {
  /* file order c, b, x, a, d; tree: world -> x, world -> a -> {b -> c, d} */
  const char *json =
      "{\"duration\": 1, \"bodies\": ["
      " {\"name\": \"c\", \"parent\": \"b\", \"joint\": {\"type\": \"prismatic\", \"axis\": [1, 0, 0]},"
      "  \"mass\": 1, \"inertia\": [1, 1, 1], \"q0\": 0.25, \"v0\": -1},"
      " {\"name\": \"b\", \"parent\": \"a\", \"joint\": {\"type\": \"revolute\", \"axis\": [0, 1, 0]},"
      "  \"mass\": 1, \"inertia\": [1, 1, 1], \"q0\": 0.5},"
      " {\"name\": \"x\", \"joint\": \"free\", \"mass\": 1, \"inertia\": [1, 1, 1], \"q0\": {\"pos\": [1, 2, 3]}},"
      " {\"name\": \"a\", \"joint\": {\"type\": \"revolute\", \"axis\": [0, 0, 2]}, \"mass\": 1, \"inertia\": [1, 1, 1],"
      "  \"q0\": 0.75},"
      " {\"name\": \"d\", \"parent\": \"a\", \"joint\": \"fixed\", \"mass\": 1, \"inertia\": [1, 1, 1]}],"
      " \"controllers\": [{\"type\": \"pid\", \"joints\": [\"c\", \"a\"], \"kp\": [1, 2], \"kd\": 3, \"ki\": 4}]}";
  char err[256];
  Model *m = scene_load_string(json, "order", CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(m, "%s", err);
  const char *names[] = {"world", "x", "a", "b", "c", "d"};
  const int parents[] = {-1, 0, 0, 2, 3, 2};
  cr_assert_eq(m->nbody, 6);
  for (int b = 0; b < 6; ++b) {
    cr_expect_str_eq(m->bodies[b].name, names[b]);
    cr_expect_eq(m->bodies[b].parent, parents[b], "body %s parent %d", names[b], m->bodies[b].parent);
  }
  cr_expect_eq(m->nq, 10);
  cr_expect_eq(m->nv, 9);
  cr_expect_eq(m->ntree, 2);
  cr_expect_eq(m->bodies[2].axis[2], 1.0, "axis normalized");
  /* q0: x (7), a, b, c */
  cr_expect_eq(m->q0[0], 1);
  cr_expect_eq(m->q0[2], 3);
  cr_expect_eq(m->q0[3], 1);
  cr_expect_eq(m->q0[7], 0.75);
  cr_expect_eq(m->q0[8], 0.5);
  cr_expect_eq(m->q0[9], 0.25);
  cr_expect_eq(m->v0[8], -1);
  /* controller dofs follow the sorted order; no schedule holds q0 */
  const Controller *c = &m->controllers[0];
  cr_expect_eq(m->nz, 2);
  cr_expect_eq(c->dof[0], 8);
  cr_expect_eq(c->qdof[0], 9);
  cr_expect_eq(c->dof[1], 6);
  cr_expect_eq(c->qdof[1], 7);
  cr_expect_eq(c->kp[1], 2);
  cr_expect_eq(c->kd[0], 3);
  cr_expect_eq(c->ki[1], 4);
  cr_expect(isinf(c->effort_limit[0]));
  cr_expect_eq(c->nknots, 1);
  cr_expect_eq(c->knot_q[0], 0.25);
  cr_expect_eq(c->knot_q[1], 0.75);
  model_free(m);
}

/* Free-joint velocities are stored in the joint frame F (world here): "world" input is kept,
 * "body" input is rotated by the body's orientation at q0. */
Test(scene, free_velocities_are_stored_in_the_joint_frame) {
  const char *fmt =
      "{\"duration\": 1, \"bodies\": [{\"name\": \"a\", \"joint\": \"free\", \"mass\": 1, \"inertia\": [1, 1, 1],"
      " \"q0\": {\"rpy_deg\": [0, 0, 90]}, \"v0\": {\"angular\": [0, 0, 2], \"linear\": [1, 0, 0], \"frame\": \"%s\"}}]}";
  const char *frames[2] = {"world", "body"};
  const double expect[2][6] = {{0, 0, 2, 1, 0, 0}, {0, 0, 2, 0, 1, 0}};
  for (int f = 0; f < 2; ++f) {
    char json[512], err[256];
    snprintf(json, sizeof json, fmt, frames[f]);
    Model *m = scene_load_string(json, "vel", CB_ERR_BUF(err, sizeof err));
    cr_assert_not_null(m, "%s", err);
    for (int k = 0; k < 6; ++k)
      cr_expect(fabs(m->v0[k] - expect[f][k]) < 1e-15, "%s: v0[%d] = %g", frames[f], k, m->v0[k]);
    model_free(m);
  }
}

/* ---------- robustness: truncated and mutated case files never crash or leak ---------- */

static char *read_text(const char *path) {
  FILE *f = fopen(path, "rb");
  cr_assert_not_null(f, "cannot open %s", path);
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *s = malloc((size_t)n + 1);
  cr_assert_eq(fread(s, 1, (size_t)n, f), (size_t)n);
  s[n] = 0;
  fclose(f);
  return s;
}

Test(scene, truncated_input_is_rejected) {
  char *s = read_text("cases/dragged_cube.json");
  size_t n = strlen(s);
  char *t = malloc(n + 1), err[512];
  for (size_t len = 0; len + 2 < n; len += 3) { /* drop at least the closing brace and newline */
    memcpy(t, s, len);
    t[len] = 0;
    Model *m = scene_load_string(t, "trunc", CB_ERR_BUF(err, sizeof err));
    cr_expect_null(m, "prefix of %zu bytes loaded", len);
    if (m) model_free(m);
    cr_expect(strncmp(err, "trunc: ", 7) == 0 && !strchr(err, '\n'), "%s", err);
  }
  free(t);
  free(s);
}

/* Every number replaced by each of a few hostile values: loads or fails with a message. */
Test(scene, mutated_numbers_never_crash) {
  static const char *const subs[] = {"-1", "0", "1e999", "\"x\"", "[]", "null"};
  const char *files[] = {"cases/conveyor.json", "cases/double_pendulum.json", "cases/gripper_peg.json"};
  for (int f = 0; f < 3; ++f) {
    char *s = read_text(files[f]);
    size_t n = strlen(s);
    char *t = malloc(n + 64), err[512];
    int inside_string = 0;
    for (size_t i = 0; i < n; ++i) {
      if (s[i] == '"' && (i == 0 || s[i - 1] != '\\')) inside_string = !inside_string;
      int starts = !inside_string && (s[i] == '-' || (s[i] >= '0' && s[i] <= '9')) &&
                   !(i > 0 && (s[i - 1] == '-' || s[i - 1] == '.' || s[i - 1] == 'e' || (s[i - 1] >= '0' && s[i - 1] <= '9')));
      if (!starts) continue;
      size_t e = i + 1;
      while (e < n && strchr("0123456789.eE+-", s[e])) ++e;
      for (size_t k = 0; k < sizeof subs / sizeof subs[0]; ++k) {
        size_t ls = strlen(subs[k]);
        memcpy(t, s, i);
        memcpy(t + i, subs[k], ls);
        memcpy(t + i + ls, s + e, n - e + 1);
        err[0] = 0;
        Model *m = scene_load_string(t, files[f], CB_ERR_BUF(err, sizeof err));
        if (m) {
          cr_expect(m->nbody >= 2);
          model_free(m);
        } else {
          cr_expect(strncmp(err, files[f], strlen(files[f])) == 0 && !strchr(err, '\n'), "bad message: %s", err);
        }
      }
    }
    free(t);
    free(s);
  }
}
