/* Simbody 3.7 as an error-controlled peer on the scene's own physics (the only other
 * continuous-time, error-controlled compliant engine):
 *   simbody-rkm     RungeKuttaMersonIntegrator (explicit, 4th order with an embedded error
 *                   estimate)
 *   simbody-see2    SemiExplicitEuler2Integrator (semi-explicit Euler, error from its
 *                   comparison with a second-order step: Simbody's game-style integrator)
 * (CPodesIntegrator, Simbody's stiff BDF, is not a row: Debian's 3.7 build aborts on an
 * assertion in its N_Vector wrapper, nvector_SimTK.h:84, at the first step.)
 * The multibody dynamics (mass matrix, Coriolis terms, gravity, quaternion projection) and the
 * stepping (error norm, step-size control, interpolation to the output times) are Simbody's;
 * the contact forces are cbench's: a Force::Custom (simbody_shim.cpp) calls simbody_forces
 * below, which runs the same geometry query and compliant Hunt-Crossley law with regularized
 * Stribeck friction (CENIC eqs. 5-8, models/contact.h) as system_rhs, with the scene's k, d,
 * mu_s, mu_d and v_s. Controllers, prescribed forces, suction, joint springs, damping and
 * compliant limits are cbench's too, so the model is the scene's and the runs converge to
 * cbench's references (peer_model = 0). Simbody's own HuntCrossleyForce is Hertzian
 * (k delta^1.5) over its own contact geometry: not used.
 * Simbody steps itself to each output time (the engine driver's advance, common/stepper.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../models/collision.h"
#include "../../models/contact.h"
#include "../../models/controller.h"
#include "../../models/kinematic.h"
#include "../../models/multibody.h"
#include "../../models/suction.h"
#include "../../models/system.h"
#include "../common/stepper.h"
#include "../integrator.h"
#include "simbody_shim.h"

typedef struct {
  SbSim *sim;
  Data *d;
  double *q, *v;           /* [nq], [nv]: the state Simbody returns */
  int need_mass, need_bias;/* compliant limits (M_ii), inverse-dynamics controllers (M, k) */
  int status;              /* the force evaluation's failure, CB_OK */
  SbCounters seen;         /* Simbody's counters at the last sync */
  char why[512];
} SimbodyRun;

/* Every generalized force of the continuous view (models/system.c, evaluate and system_rhs)
 * except the inertial terms and gravity, which Simbody computes: prescribed forces, suction,
 * controllers, the joint springs and damping of k(q, v), compliant joint limits, and J^T f of
 * the contacts. */
static int simbody_forces(void *user, double t, const double *q, const double *v, double *gen) {
  Integrator *it = user;
  SimbodyRun *c = it->content;
  const Model *m = it->model;
  Data *d = c->d;
  it->stats.rhs_evals++;
  mb_kinematics(m, d, q);
  mb_velocities(m, d, v);
  kinematic_update(m, d, t);
  if (c->need_mass) mb_mass_matrix(m, d);
  if (c->need_bias) mb_bias(m, d, q, v);
  memset(gen, 0, sizeof(double) * (size_t)m->nv);
  system_applied_forces(m, d, t, gen);
  suction_apply(m, d, t, gen);
  if (m->ncontroller > 0) controller_eval(m, d, t, q, v, NULL, gen, NULL);
  for (int b = 1; b < m->nbody; ++b) { /* k(q, v)'s joint terms (models/multibody/bias.c) */
    const Body *bd = &m->bodies[b];
    for (int k = 0; k < bd->nv; ++k) gen[bd->vadr + k] -= m->dof_damping[bd->vadr + k] * v[bd->vadr + k];
    if (bd->joint == JOINT_REVOLUTE || bd->joint == JOINT_PRISMATIC) {
      gen[bd->vadr] -= bd->stiffness * (q[bd->qadr] - bd->spring_ref);
      if (bd->has_limit && bd->tree >= 0) { /* as system.c's joint_limits: push-only, scaled by M_ii */
        double kl = m->limit_stiffness > 0 ? m->limit_stiffness : CB_LIMIT_STIFFNESS;
        double cl = m->limit_damping > 0 ? m->limit_damping : CB_LIMIT_DAMPING;
        int i = bd->vadr, tr = bd->tree, n = m->tree_nv[tr], li = i - m->tree_vadr[tr];
        double Mii = d->mass[m->tree_madr[tr] + li * n + li], qi = q[bd->qadr], vi = v[i];
        if (qi > bd->limit_upper) {
          double f = kl * (qi - bd->limit_upper) + cl * vi;
          if (f > 0) gen[i] -= Mii * f;
        } else if (qi < bd->limit_lower) {
          double f = kl * (bd->limit_lower - qi) - cl * vi;
          if (f > 0) gen[i] += Mii * f;
        }
      }
    }
  }
  collision_speculative_update(m, d);
  if (collision_detect(m, d) != 0 || (contact_materials(m, d), contact_jacobians(m, d, t) != 0)) {
    c->status = CB_ERR_MEMORY;
    return CB_ERR_MEMORY;
  }
  for (int i = 0; i < d->ncon; ++i) {
    Contact *ct = &d->contacts[i];
    double f[3];
    contact_velocity(m, d, i, v, ct->vc0);
    contact_force(&ct->par, ct->phi, ct->vc0, f, NULL, NULL);
    contact_apply_force(m, d, i, f, gen);
  }
  return CB_OK;
}

static const OptionSpec simbody_options[] = {
    OPTION_BOOL_SPEC("infinity_norm", "0",
                     "1: Simbody's error norm is the largest weighted component (as cbench's); 0: its default RMS"),
    OPTIONS_END};

static void simbody_destroy(Integrator *it) {
  stepper_release(it);
  SimbodyRun *c = it->content;
  if (!c) return;
  sb_destroy(c->sim);
  data_free(c->d);
  free(c->q);
  free(c->v);
  free(c);
  it->content = NULL;
}

static int simbody_engine_reset(void *content, double t0, const double *x0) {
  Integrator *it = content;
  SimbodyRun *c = it->content;
  c->status = CB_OK;
  memset(&c->seen, 0, sizeof c->seen);
  int rc = sb_reset(c->sim, t0, x0, x0 + it->model->nq, c->why, sizeof c->why);
  if (rc == CB_OK) return CB_OK;
  return integrator_fail(it, rc, "%s", c->why);
}

static int simbody_engine_advance(void *content, double t_out, double *x_out, double *t_reached) {
  Integrator *it = content;
  SimbodyRun *c = it->content;
  const Model *m = it->model;
  int rc = sb_advance(c->sim, t_out, c->q, c->v, t_reached, c->why, sizeof c->why);
  if (rc != CB_OK) {
    if (c->status == CB_ERR_MEMORY) rc = CB_ERR_MEMORY, snprintf(c->why, sizeof c->why, "simbody: out of memory in the contact arrays");
    return integrator_fail(it, rc, "%s", c->why);
  }
  memcpy(x_out, c->q, sizeof(double) * (size_t)m->nq);
  memcpy(x_out + m->nq, c->v, sizeof(double) * (size_t)m->nv);
  return CB_OK;
}

/* Simbody's counters since the last sync into it->stats (rhs_evals are counted per force
 * evaluation). */
static void simbody_sync_stats(void *content, Integrator *it) {
  (void)content;
  SimbodyRun *c = it->content;
  SbCounters now;
  sb_counters(c->sim, &now);
  it->stats.steps += now.steps - c->seen.steps;
  it->stats.rejected += (now.attempts - now.steps) - (c->seen.attempts - c->seen.steps);
  it->stats.error_test_failures += now.error_test_failures - c->seen.error_test_failures;
  it->stats.conv_failures += (now.conv_failures + now.realization_failures) -
                             (c->seen.conv_failures + c->seen.realization_failures);
  it->stats.newton_iters += now.iterations - c->seen.iterations;
  c->seen = now;
}

static const char *simbody_why(void *content) {
  Integrator *it = content;
  SimbodyRun *c = it->content;
  return c->why[0] ? c->why : NULL;
}

static const EngineOps simbody_engine = {.reset = simbody_engine_reset,
                                         .advance = simbody_engine_advance,
                                         .sync_stats = simbody_sync_stats,
                                         .why = simbody_why};

static int simbody_create(Integrator *it, SbMethod method) {
  const Model *m = it->model;
  const IntegratorOptions *o = &it->opt;
  OptionValues ov;
  int rc = integrator_read_options(it, &ov);
  if (rc != CB_OK) return rc;
  if (!(o->accuracy > 0) || !isfinite(o->accuracy))
    return integrator_fail(it, CB_ERR_OPTION, "accuracy must be positive, got %g", o->accuracy);
  if (o->max_step < 0) return integrator_fail(it, CB_ERR_OPTION, "max_step must be >= 0, got %g", o->max_step);
  if (m->nz > 0)
    return integrator_fail(it, CB_ERR_UNSUPPORTED,
                           "simbody: controller states (a PID integral, nz = %d) are not mapped to Simbody", m->nz);
  for (int b = 1; b < m->nbody; ++b)
    if (m->bodies[b].armature != 0)
      return integrator_fail(it, CB_ERR_UNSUPPORTED, "simbody: joint armature (reflected rotor inertia, body '%s') is not mapped to Simbody",
                             m->bodies[b].name);
  if (m->nv == 0) return integrator_fail(it, CB_ERR_OPTION, "the model has no state to integrate");
  SimbodyRun *c = calloc(1, sizeof *c);
  if (!c) return integrator_fail(it, CB_ERR_MEMORY, "out of memory");
  it->content = c;
  c->d = data_create(m);
  if (c->d) data_count_geometry_into(c->d, &it->stats.geometry_queries);
  c->q = calloc((size_t)m->nq + 1, sizeof(double));
  c->v = calloc((size_t)m->nv + 1, sizeof(double));
  if (!c->d || !c->q || !c->v) return integrator_fail(it, CB_ERR_MEMORY, "out of memory");
  for (int b = 1; b < m->nbody; ++b) c->need_mass |= m->bodies[b].has_limit;
  for (int k = 0; k < m->ncontroller; ++k) c->need_bias |= m->controllers[k].type == CTRL_INVERSE_DYNAMICS;
  c->need_mass |= c->need_bias;
  SbConfig cfg = {.method = method,
                  .accuracy = o->accuracy,
                  .max_step = o->max_step > 0 ? o->max_step : m->max_step,
                  .infinity_norm = option_bool(&ov, "infinity_norm"),
                  .max_steps = o->max_steps};
  char err[512] = "";
  c->sim = sb_create(m, &cfg, simbody_forces, it, err, sizeof err);
  if (!c->sim) return integrator_fail(it, CB_ERR_UNSUPPORTED, "%s", err);
  integrator_note(it, "simbody: contact forces are cbench's law at the scene's k, d, mu and v_s (a Force::Custom); "
                      "dynamics, %s error norm and step control are Simbody's",
                  cfg.infinity_norm ? "infinity" : "RMS");
  if (o->error_norm == ERRNORM_POSITIONS)
    integrator_note(it, "simbody: error_norm positions not applied: Simbody's norm covers q and u");
  StepperConfig driver = {.kind = STEPPER_ENGINE, .engine = &simbody_engine, .content = it};
  return integrator_use_stepper(it, &driver);
}

static int simbody_rkm_create(Integrator *it) { return simbody_create(it, SB_RKM); }
static int simbody_see2_create(Integrator *it) { return simbody_create(it, SB_SEE2); }

INTEGRATOR_VTBL(simbody_rkm_vtbl, "simbody-rkm",
                "Simbody 3.7 Runge-Kutta-Merson with error control, on cbench's contact law (a peer engine)", 0,
                simbody_rkm_create, stepper_reset, stepper_advance, simbody_destroy,
                .default_error_norm = ERRNORM_FULL, .options = simbody_options, .family = "simbody",
                .controllers = CONTROLLERS_EXPLICIT /* in the force element, at each explicit stage */);
INTEGRATOR_VTBL(simbody_see2_vtbl, "simbody-see2",
                "Simbody 3.7 semi-explicit Euler with error control, on cbench's contact law (a peer engine)", 0,
                simbody_see2_create, stepper_reset, stepper_advance, simbody_destroy,
                .default_error_norm = ERRNORM_FULL, .options = simbody_options, .family = "simbody",
                .controllers = CONTROLLERS_EXPLICIT /* in the force element, at each explicit stage */);
