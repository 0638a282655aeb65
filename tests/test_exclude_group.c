/* Geometry exclude groups (scene field "exclude_group", Drake's ExcludeWithin): two geometries of
 * one group never collide; every other pair does as before; bad values are refused by name. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "integrators/integrator.h"
#include "integrators/mujoco/mujoco_integrator.h"
#include "models/collision.h"
#include "models/data.h"
#include "models/multibody.h"
#include "models/scene.h"
#include "sim_fixtures.h"

/* Two overlapping boxes, each also carrying a small sphere that overlaps the other box, and a
 * free sphere overlapping the first box. GROUP_A / GROUP_B are the boxes' exclude groups. */
static char *scene_text(char *buf, size_t n, const char *group_a, const char *group_b) {
  snprintf(buf, n,
           "{\"name\": \"exclude\", \"duration\": 1, \"gravity\": [0, 0, 0],"
           " \"materials\": [{\"name\": \"m\", \"stiffness\": 1e5, \"dissipation\": 0, \"mu\": 0.5}],"
           " \"bodies\": ["
           "  {\"name\": \"a\", \"joint\": \"free\", \"mass\": 1, \"inertia\": [1, 1, 1], \"geoms\": ["
           "    {\"type\": \"box\", \"size\": 0.1, \"material\": \"m\"%s%s%s},"
           "    {\"type\": \"sphere\", \"size\": 0.02, \"pos\": [0.1, 0, 0], \"material\": \"m\"}],"
           "   \"q0\": {\"pos\": [0, 0, 0]}},"
           "  {\"name\": \"b\", \"joint\": \"free\", \"mass\": 1, \"inertia\": [1, 1, 1], \"geoms\": ["
           "    {\"type\": \"box\", \"size\": 0.1, \"material\": \"m\"%s%s%s},"
           "    {\"type\": \"sphere\", \"size\": 0.02, \"pos\": [-0.1, 0, 0], \"material\": \"m\"}],"
           "   \"q0\": {\"pos\": [0.19, 0, 0]}},"
           "  {\"name\": \"ball\", \"joint\": \"free\", \"mass\": 1, \"inertia\": [1, 1, 1], \"geoms\": ["
           "    {\"type\": \"sphere\", \"size\": 0.05, \"material\": \"m\"}], \"q0\": {\"pos\": [0, 0.14, 0]}}]}",
           group_a ? ", \"exclude_group\": \"" : "", group_a ? group_a : "", group_a ? "\"" : "",
           group_b ? ", \"exclude_group\": \"" : "", group_b ? group_b : "", group_b ? "\"" : "");
  return buf;
}

/* Contacts between geometry types ta and tb (either order) after one collision pass. */
static int count_pairs(const Model *m, Data *d, GeomType ta, GeomType tb) {
  mb_kinematics(m, d, m->q0);
  cr_assert_geq(collision_detect(m, d), 0);
  int n = 0;
  for (int i = 0; i < d->ncon; ++i) {
    GeomType a = m->geoms[d->contacts[i].geom[0]].type, b = m->geoms[d->contacts[i].geom[1]].type;
    n += (a == ta && b == tb) || (a == tb && b == ta);
  }
  return n;
}

static void contacts_of(const char *ga, const char *gb, int *box_box, int *box_sphere) {
  char text[2048];
  Model *m = fx_load_json(scene_text(text, sizeof text, ga, gb), "exclude.json");
  Data *d = data_create(m);
  cr_assert_not_null(d);
  *box_box = count_pairs(m, d, GEOM_BOX, GEOM_BOX);
  *box_sphere = count_pairs(m, d, GEOM_BOX, GEOM_SPHERE);
  data_free(d);
  model_free(m);
}

Test(exclude_group, one_group_filters_only_its_own_pairs) {
  int bb0, bs0, bb1, bs1, bb2, bs2;
  contacts_of(NULL, NULL, &bb0, &bs0);
  contacts_of("boxes", "boxes", &bb1, &bs1);
  contacts_of("left", "right", &bb2, &bs2);
  cr_assert_gt(bb0, 0, "the overlapping boxes must touch without a filter");
  /* each box's sphere touches the other box, and the ball touches box a: 3 box-sphere pairs */
  cr_assert_geq(bs0, 3, "box-sphere contacts without a filter: %d", bs0);
  cr_expect_eq(bb1, 0, "boxes of one exclude group collided (%d contacts)", bb1);
  cr_expect_eq(bs1, bs0, "the filter removed box-sphere contacts: %d of %d", bs1, bs0);
  cr_expect_eq(bb2, bb0, "boxes of two different groups must collide: %d of %d", bb2, bb0);
  cr_expect_eq(bs2, bs0);
}

Test(exclude_group, bad_values_are_refused_by_name) {
  char err[512];
  const char *bad[] = {"{\"type\": \"box\", \"size\": 0.1, \"material\": \"m\", \"exclude_group\": 3}",
                       "{\"type\": \"box\", \"size\": 0.1, \"material\": \"m\", \"exclude_group\": \"\"}"};
  for (int i = 0; i < 2; ++i) {
    char text[1024];
    snprintf(text, sizeof text,
             "{\"name\": \"x\", \"duration\": 1, \"materials\": [{\"name\": \"m\", \"stiffness\": 1e5, \"mu\": 0.5}],"
             " \"bodies\": [{\"name\": \"a\", \"joint\": \"free\", \"mass\": 1, \"inertia\": [1, 1, 1],"
             " \"geoms\": [%s]}]}",
             bad[i]);
    err[0] = 0;
    Model *m = scene_load_string(text, "bad.json", CB_ERR_BUF(err, sizeof err));
    cr_expect_null(m, "case %d loaded", i);
    model_free(m);
    cr_expect(strstr(err, "bad.json") && strstr(err, "exclude_group"), "message must name file and field: %s", err);
  }
}

/* The Drake-faithful clutter filters box-box pairs but keeps its cubes' surface spheres. */
Test(exclude_group, drake_clutter_loads_with_its_filter) {
  Model *m = fx_load_file("cases/hard_clutter_drake.json");
  int boxes = 0, grouped = 0, spheres = 0;
  for (int g = 0; g < m->ngeom; ++g) {
    if (m->geoms[g].body == 0) continue;
    boxes += m->geoms[g].type == GEOM_BOX;
    spheres += m->geoms[g].type == GEOM_SPHERE;
    grouped += m->geoms[g].exclude_group != 0;
  }
  cr_expect_eq(boxes, 8);
  cr_expect_eq(grouped, 8, "every cube's box geometry in the group: %d", grouped);
  cr_expect_eq(spheres, 12 + 8 * 26, "12 spheres and 26 surface spheres per cube: %d", spheres);
  cr_expect_eq(m->nexclude_group, 1);
  model_free(m);
}

/* The committed case is what the generator writes (its libstdc++ draws self-checked). */
Test(exclude_group, drake_clutter_is_up_to_date) {
  int rc = system("python3 scripts/gen_clutter_drake.py --check > /dev/null");
  cr_expect_eq(rc, 0, "cases/hard_clutter_drake.json is stale or the MT19937 emulation failed (status %d)", rc);
}

/* MuJoCo's own mode honours the groups through contype/conaffinity: at the scene's start it
 * finds the box-sphere contacts but none between the two boxes of one group. */
Test(exclude_group, mujoco_own_mode_maps_groups_to_its_bit_rule) {
  for (int grouped = 0; grouped < 2; ++grouped) {
    char text[2048], err[512] = "";
    Model *m = fx_load_json(scene_text(text, sizeof text, grouped ? "boxes" : NULL, grouped ? "boxes" : NULL), "x.json");
    IntegratorOptions opt = {.dt = 1e-3};
    Integrator *it = integrator_create("mujoco", m, &opt, CB_ERR_BUF(err, sizeof err));
    cr_assert_not_null(it, "%s", err);
    mjData *md;
    const MujocoMap *map;
    const mjModel *mm = mujoco_integrator_model(it, &md, &map);
    double *v0 = calloc((size_t)m->nv + 1, sizeof(double));
    mujoco_state_to_mj(m, map, m->q0, v0, md->qpos, md->qvel);
    mj_forward(mm, md);
    int box_box = 0, box_sphere = 0;
    for (int i = 0; i < md->ncon; ++i) {
      int a = mm->geom_type[md->contact[i].geom1], b = mm->geom_type[md->contact[i].geom2];
      box_box += a == mjGEOM_BOX && b == mjGEOM_BOX;
      box_sphere += (a == mjGEOM_BOX && b == mjGEOM_SPHERE) || (a == mjGEOM_SPHERE && b == mjGEOM_BOX);
    }
    if (grouped) cr_expect_eq(box_box, 0, "MuJoCo collided two boxes of one group (%d contacts)", box_box);
    else cr_expect_gt(box_box, 0, "MuJoCo must collide the boxes without a group");
    cr_expect_geq(box_sphere, 3, "box-sphere contacts in MuJoCo: %d", box_sphere);
    free(v0);
    integrator_destroy(it);
    model_free(m);
  }
}
