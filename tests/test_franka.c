/* The Franka case (cases/franka_box.json, CENIC Fig. 6c and Fig. 12): the gripper closes on the
 * cracker box, the inverse-dynamics controlled arm lifts it, and the box stays in the grip; the
 * implicit controller treatment (CENIC V-C) takes far fewer steps than the explicit one. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "integrators/integrator.h"
#include "models/collision.h"
#include "models/controller.h"
#include "models/multibody.h"
#include "models/scene.h"
#include "models/system.h"

#define CASE_FILE "cases/franka_box.json"
#define T_LIFT 2.5 /* the lift starts at 1 s; by 2.5 s the hand has risen 0.15 m (half of 0.3 m) */

static int body_index(const Model *m, const char *name) {
  for (int b = 1; b < m->nbody; ++b)
    if (!strcmp(m->bodies[b].name, name)) return b;
  cr_assert_fail("no body %s in %s", name, CASE_FILE);
  return -1;
}

/* Box origin in the hand frame: R_hand^T (p_box - p_hand), R row-major body->world. */
static void box_in_hand(const Data *d, int hand, int box, double rel[3]) {
  const double *R = d->xrot + 9 * hand;
  double dp[3];
  for (int i = 0; i < 3; ++i) dp[i] = d->xpos[3 * box + i] - d->xpos[3 * hand + i];
  for (int j = 0; j < 3; ++j) rel[j] = R[j] * dp[0] + R[3 + j] * dp[1] + R[6 + j] * dp[2];
}

static Integrator *create(const Model *m, double accuracy, const char *controllers) {
  char err[512];
  IntegratorOptions opt = {.accuracy = accuracy, .error_norm = ERRNORM_POSITIONS};
  opt.nextra = 1;
  opt.extra_key[0] = "controllers";
  opt.extra_value[0] = controllers;
  Integrator *it = integrator_create("cenic-sd", m, &opt, CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(it, "%s", err);
  return it;
}

/* Box position the grasp predicts with the arm exactly at its setpoint qd(t): hand pose from
 * the kinematics at q with the arm joints replaced by qd, then p_hand + R_hand rel0. */
static void box_at_setpoint(const Model *m, Data *d, const Controller *arm, double t, const double *x, int hand,
                            const double rel0[3], double out[3]) {
  double *q = calloc((size_t)m->nq, sizeof(double)), qd[16], vd[16];
  cr_assert(arm->ndof <= 16);
  memcpy(q, x, sizeof(double) * (size_t)m->nq);
  controller_setpoint(arm, t, qd, vd);
  for (int j = 0; j < arm->ndof; ++j) q[arm->qdof[j]] = qd[j];
  mb_kinematics(m, d, q);
  const double *R = d->xrot + 9 * hand;
  for (int i = 0; i < 3; ++i)
    out[i] = d->xpos[3 * hand + i] + R[3 * i] * rel0[0] + R[3 * i + 1] * rel0[1] + R[3 * i + 2] * rel0[2];
  free(q);
}

/* The whole case (10 s), every 0.1 s: every contact involves the box (the link geometry never
 * touches itself or the table); once the fingers have closed (0.6 s) both pads touch the box
 * and the box sits where it was grasped in the hand frame (within 2 mm); from T_LIFT on the box
 * is clear of the table; at the end it is where setpoint B puts the grasp (within 3 mm), 0.3 m
 * above its start, and at rest (moved < 0.5 mm over the last second). */
Test(franka, box_is_carried_to_the_second_setpoint_between_the_fingers) {
  char err[512];
  Model *m = scene_load(CASE_FILE, CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(m, "%s", err);
  int hand = body_index(m, "hand"), box = body_index(m, "box");
  int fingers[2] = {body_index(m, "finger_left"), body_index(m, "finger_right")};
  cr_assert_eq(m->ncontroller, 2);
  const Controller *arm = &m->controllers[0];
  cr_assert_eq(arm->type, CTRL_INVERSE_DYNAMICS);
  Integrator *it = create(m, 1e-3, "implicit");
  Data *d = data_create(m);
  double *x = calloc((size_t)system_nx(m), sizeof(double));
  system_initial_state(m, x);
  cr_assert_eq(integrator_reset(it, 0, x), CB_OK);

  mb_kinematics(m, d, x);
  double rel0[3], box_z0 = d->xpos[3 * box + 2];
  box_in_hand(d, hand, box, rel0);
  double max_slip = 0.0, box_prev[3] = {0, 0, 0}, drift = 0.0;
  int nsample = (int)lround(m->t_end / 0.1);
  for (int k = 1; k <= nsample; ++k) {
    double t = 0.1 * k;
    cr_assert_eq(integrator_advance(it, t, x), CB_OK, "t = %g: %s", t, it->message);
    mb_kinematics(m, d, x);
    cr_assert_eq(collision_detect(m, d), 0);
    int touch[2] = {0, 0}, table = 0;
    for (int c = 0; c < d->ncon; ++c) {
      const Contact *ct = &d->contacts[c];
      int other = ct->body[0] == box ? ct->body[1] : ct->body[1] == box ? ct->body[0] : -1;
      cr_assert_neq(other, -1, "t = %g: contact between %s and %s", t, m->bodies[ct->body[0]].name,
                    m->bodies[ct->body[1]].name);
      touch[0] |= other == fingers[0];
      touch[1] |= other == fingers[1];
      table |= other == 0;
    }
    if (k == nsample - 10) memcpy(box_prev, d->xpos + 3 * box, sizeof box_prev);
    if (k == nsample)
      for (int i = 0; i < 3; ++i) drift = fmax(drift, fabs(d->xpos[3 * box + i] - box_prev[i]));
    if (t < 0.6) continue;
    cr_expect(touch[0] && touch[1], "t = %g: finger contact left %d right %d", t, touch[0], touch[1]);
    double rel[3], slip = 0.0;
    box_in_hand(d, hand, box, rel);
    for (int i = 0; i < 3; ++i) slip = fmax(slip, fabs(rel[i] - rel0[i]));
    max_slip = fmax(max_slip, slip);
    cr_expect(slip < 2e-3, "t = %g: box moved %g m in the hand frame", t, slip);
    if (t > T_LIFT - 0.05) cr_expect(!table, "t = %g: the box still touches the table", t);
  }
  double want[3], got[3], off = 0.0;
  memcpy(got, d->xpos + 3 * box, sizeof got);
  box_at_setpoint(m, d, arm, m->t_end, x, hand, rel0, want); /* overwrites d's kinematics */
  for (int i = 0; i < 3; ++i) off = fmax(off, fabs(got[i] - want[i]));
  cr_expect(off < 3e-3, "box ends at (%g, %g, %g), setpoint B puts it at (%g, %g, %g)", got[0], got[1], got[2],
            want[0], want[1], want[2]);
  double z_end = got[2];
  cr_expect(fabs(z_end - box_z0 - 0.3) < 3e-3, "box rose %g m, setpoint B lifts it 0.3 m", z_end - box_z0);
  /* at rest, judged on positions: CENIC controls position errors only (V-E) */
  cr_expect(drift < 5e-4, "box moved %g m over the last second", drift);
  cr_log_info("t %g: box rose %.4f m, %.2e m from where setpoint B puts it; max slip in the hand %.2e m", m->t_end,
              z_end - box_z0, off, max_slip);
  integrator_destroy(it);
  data_free(d);
  model_free(m);
  free(x);
}

/* CENIC Fig. 12 (10 s at accuracy 1e-2): with Kp = Kd = 1e3 the inverse-dynamics loop has a
 * pole at -999 1/s, which bounds explicitly treated controller steps near 2 ms; the implicit
 * treatment does not. */
Test(franka, implicit_controllers_take_fewer_steps_than_explicit) {
  char err[512];
  Model *m = scene_load(CASE_FILE, CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(m, "%s", err);
  const char *mode[2] = {"implicit", "explicit"};
  long steps[2];
  double *x = calloc((size_t)system_nx(m), sizeof(double));
  for (int k = 0; k < 2; ++k) {
    Integrator *it = create(m, 1e-2, mode[k]);
    system_initial_state(m, x);
    cr_assert_eq(integrator_reset(it, 0, x), CB_OK);
    cr_assert_eq(integrator_advance(it, m->t_end, x), CB_OK, "%s: %s", mode[k], it->message);
    steps[k] = it->stats.steps;
    integrator_destroy(it);
  }
  cr_log_info("%g s at accuracy 1e-2: implicit %ld steps, explicit %ld", m->t_end, steps[0], steps[1]);
  cr_expect(3 * steps[0] < steps[1], "implicit %ld steps vs explicit %ld", steps[0], steps[1]);
  model_free(m);
  free(x);
}
