/* The static-friction guards (harness/run/rest_guard.h) on every integrator, peers included, at a
 * loose and a tight setting: a 2 kg box, 12 x 8 x 6 cm, released at rest on 15 degrees with
 * mu_s 0.5, mu_d 0.45 (load 54% of mu_s n, 60% of mu_d n; inside its support) must stand. The
 * regularized law lets it creep 0.041 mm in the 0.6 s (bdf 1e-6, cenic-sd, ie: 0.041 mm; tamsi
 * 0.022 mm; the rigid steppers none), so a run that moves it more than 1 mm (24 times that) broke
 * static friction and must be flagged, and no run at a tight setting may be flagged, except
 * MuJoCo's: its own regularized friction creeps at 11 v_s (0.63 mm), which the slip guard flags
 * as data at every step. Measured (release build): bdf 1e-3 moves it 7.0 mm (flagged), sdirk2
 * 1e-3 0.17 mm (flagged: it moved faster than 100 v_s), rosenbrock and rk3 1e-3 0.13 mm (below
 * the guards' 10 v_s: not flagged), every tight run <= 0.041 mm. ca needs a start without overlap
 * and is not run; simbody-rkm (15 s of one core per run at 1e-6) is left out for time. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "harness/run/run.h"
#include "harness/run/run_record.h"
#include "tests/sim_fixtures.h"

#define G 9.81

static const char *box_json(void) {
  static char json[2048];
  double th = 15 * M_PI / 180, m = 2, k = 1e5;
  snprintf(json, sizeof json,
           "{\"name\": \"hold15\", \"duration\": 0.6, \"stiction_tolerance\": 1e-4, \"gravity\": [%.17g, 0, %.17g],"
           " \"materials\": [{\"name\": \"ground\", \"stiffness\": \"rigid\", \"mu_static\": 0.5, \"mu_dynamic\": 0.45},"
           " {\"name\": \"box\", \"stiffness\": %g, \"dissipation\": 10, \"mu_static\": 0.5, \"mu_dynamic\": 0.45}],"
           " \"world_geoms\": [{\"name\": \"incline\", \"type\": \"plane\", \"material\": \"ground\"}],"
           " \"bodies\": [{\"name\": \"box\", \"joint\": \"free\", \"mass\": %g,"
           " \"geoms\": [{\"type\": \"box\", \"size\": [0.06, 0.04, 0.03], \"material\": \"box\"}],"
           " \"q0\": {\"pos\": [0, 0, %.17g]}}]}",
           -G * sin(th), -G * cos(th), k, m, 0.03 - m * G * cos(th) / (4 * k));
  return json;
}

/* One run: the box's displacement (m, from the trajectory) and its guard warnings. */
static double run_box(const char *dir, const char *integrator, double setting, int *flags, char *first, size_t n) {
  char path[512], traj[512];
  snprintf(path, sizeof path, "%s/hold15.json", dir);
  snprintf(traj, sizeof traj, "%s/%s.csv", dir, integrator);
  RunSpec s;
  fx_run_spec(&s, path, integrator, setting);
  snprintf(s.trajectory, sizeof s.trajectory, "%s", traj);
  cJSON *rec = fx_run_ok(&s);
  *flags = 0;
  first[0] = 0;
  const cJSON *w;
  cJSON_ArrayForEach(w, cJSON_GetObjectItem(rec, "warnings")) if (!strncmp(w->valuestring, "physics:", 8)) {
    if (!(*flags)++) snprintf(first, n, "%s", w->valuestring);
  }
  cJSON_Delete(rec);
  double p0[3], p[3];
  fx_trajectory_ends(traj, p0, p);
  return sqrt((p[0] - p0[0]) * (p[0] - p0[0]) + (p[1] - p0[1]) * (p[1] - p0[1]) + (p[2] - p0[2]) * (p[2] - p0[2]));
}

Test(guard_matrix, a_box_that_must_stand_is_flagged_where_it_moves_on_every_integrator, .timeout = 900) {
  static const struct { const char *name; double loose, tight; } rows[] = {
    {"cenic-sd", 1e-3, 1e-6},  {"cenic-trap", 1e-3, 1e-6}, {"tamsi-sd", 1e-3, 1e-6}, {"ie", 1e-3, 1e-6},
    {"bdf", 1e-3, 1e-6},       {"sdirk2", 1e-3, 1e-6},     {"rosenbrock", 1e-3, 1e-6}, {"rk3", 1e-3, 1e-6},
    {"cenic-fixed", 1e-2, 1e-3}, {"tamsi", 1e-2, 1e-3},    {"lcp", 1e-2, 1e-3},
    {"ccp", 1e-2, 1e-3},       {"ncp", 1e-2, 1e-3},        {"raisim", 1e-2, 1e-3},     {"mujoco", 1e-2, 1e-3},
    {"ode", 1e-2, 1e-3},
  };
  char dir[256], path[512], first[512];
  fx_tmpdir_make(dir, sizeof dir, "guard_matrix");
  snprintf(path, sizeof path, "%s/hold15.json", dir);
  fx_write_text(path, box_json());
  int flagged_loose = 0;
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; ++i)
    for (int tight = 0; tight < 2; ++tight) {
      double setting = tight ? rows[i].tight : rows[i].loose;
      int flags;
      double moved = run_box(dir, rows[i].name, setting, &flags, first, sizeof first);
      if (moved > 1e-3)
        cr_expect_gt(flags, 0, "%s %g moved the standing box %.3g mm unflagged", rows[i].name, setting, 1e3 * moved);
      if (tight && strcmp(rows[i].name, "mujoco"))
        cr_expect_eq(flags, 0, "%s %g (moved %.3g mm) flagged: %s", rows[i].name, setting, 1e3 * moved, first);
      if (!tight && flags > 0) flagged_loose++;
    }
  fx_tmpdir_remove(dir);
  cr_expect_geq(flagged_loose, 2, "bdf and sdirk2 at 1e-3 flagged"); /* the test can fail: some loose runs move it */
}
