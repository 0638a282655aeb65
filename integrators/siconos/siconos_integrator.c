/* `siconos`: the Siconos 4.4 kernel as the reference nonsmooth time stepper for the rigid rows
 * (docs/rigid.md): Moreau-Jean time stepping (MoreauJeanOSI, theta) with Siconos' Newton loop,
 * NewtonImpactFrictionNSL (restitution 0, the pair's Coulomb mu) and a FrictionContact(3)
 * problem per Newton iteration solved by SICONOS_FRICTION_3D_NSGS. Contact is rigid: the
 * scene's stiffness and dissipation are not used.
 * Bodies: free bodies on the world become NewtonEulerDS at their centre of mass (siconos_shim);
 * bodies welded to the world carry static geometry. Contacts: cbench's own collision
 * (system_step_data with the step as speculative horizon, the contacts ncp sees) at the start of
 * each step, one Siconos Interaction per contact point; Siconos decides which are active
 * (MoreauJeanOSI: gap + h/2 gap rate <= 0). Prescribed forces are cbench's, at the step start
 * (explicit). What the converter cannot represent is refused with a named reason.
 * Siconos steps itself: one TimeStepping step per engine step (common/stepper.h, STEPPER_ENGINE). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../models/contact.h"
#include "../../models/contact/contact_hooks.h"
#include "../../models/math3d.h"
#include "../../models/system.h"
#include "../common/stepper.h"
#include "../integrator.h"
#include "siconos_shim.h"

typedef struct {
  SicSim *sim;
  Data *d;
  int nds;                 /* Siconos bodies */
  int *ds_body;            /* [nds] cbench body of each */
  int *body_ds;            /* [nbody] Siconos body of each cbench body, -1: static */
  double *pos, *twist;     /* [7 nds], [6 nds] */
  double h;
  int max_iterations;      /* NSGS sweeps per solve (the record's solver block) */
  SicCounters seen;
  char why[512];
} SiconosRun;

static const OptionSpec siconos_options[] = {
    OPTION_DOUBLE_SPEC("theta", "0.5", 0.0, 1, 1.0,
                       "MoreauJeanOSI's theta (0.5: the Siconos examples' setting, 1: implicit Euler)"),
    OPTION_DOUBLE_SPEC("tolerance", "1e-6", 0.0, 1, 1.0, "NSGS tolerance on Siconos' fc3d error (as ncp's)"),
    OPTION_INT_SPEC("max_iterations", "10000", 1, 100000000, "NSGS sweeps per solve (as ncp's)"),
    OPTION_ENUM_SPEC("newton", "nonlinear", OPTION_CHOICES("nonlinear", "linear"),
                     "Siconos' Newton loop to convergence (its default, 1e-6, 50 iterations) or one iteration"),
    OPTIONS_END};

/* 0, or -1 with "FILE: FIELD: why" in err. */
static int siconos_check(const Model *m, char *err, size_t errlen) {
  const char *src = m->source[0] ? m->source : m->name;
  if (m->nsuction > 0) {
    snprintf(err, errlen, "%s: suction: the siconos peer has no suction cups (%d in the scene)", src, m->nsuction);
    return -1;
  }
  if (m->ncontroller > 0) {
    snprintf(err, errlen, "%s: controllers: the siconos peer converts free bodies only; controllers (%d) act on joints",
             src, m->ncontroller);
    return -1;
  }
  for (int b = 1; b < m->nbody; ++b) {
    const Body *B = &m->bodies[b];
    if (B->kinematic) {
      snprintf(err, errlen, "%s: bodies[%d] ('%s').kinematic: kinematic bodies are not converted to Siconos", src,
               b - 1, B->name);
      return -1;
    }
    if (B->tree < 0) continue; /* welded to the world: static geometry */
    if (B->joint != JOINT_FREE || B->parent != 0) {
      static const char *const jn[] = {"free", "revolute", "prismatic", "fixed"};
      snprintf(err, errlen,
               "%s: bodies[%d] ('%s').joint: the siconos peer converts free bodies on the world only (got a %s joint "
               "on %s); Siconos joint relations are not wired",
               src, b - 1, B->name, jn[B->joint], B->parent ? m->bodies[B->parent].name : "the world");
      return -1;
    }
    if (!(B->mass > 0)) {
      snprintf(err, errlen, "%s: bodies[%d] ('%s').mass: Siconos needs a positive mass, got %g", src, b - 1, B->name,
               B->mass);
      return -1;
    }
  }
  for (int g = 0; g < m->ngeom; ++g)
    if (m->geoms[g].has_surface_velocity) {
      snprintf(err, errlen,
               "%s: geoms[%d] ('%s').surface_velocity: the siconos peer's contact relation has no surface velocity "
               "(conveyor belt)",
               src, g, m->geoms[g].name);
      return -1;
    }
  return 0;
}

static void siconos_destroy(Integrator *it) {
  stepper_release(it);
  SiconosRun *c = it->content;
  if (!c) return;
  sic_destroy(c->sim);
  data_free(c->d);
  free(c->ds_body); free(c->body_ds); free(c->pos); free(c->twist);
  free(c);
  it->content = NULL;
}

/* cbench's free joint on the world (origin p, quaternion body->world, v = [w; v_origin], both
 * world) -> Siconos' NewtonEulerDS (COM G = p + R c, same quaternion, twist = [v_G; R^T w]). */
static void to_siconos(const Model *m, const SiconosRun *c, const double *q, const double *v) {
  for (int k = 0; k < c->nds; ++k) {
    const Body *B = &m->bodies[c->ds_body[k]];
    const double *qb = q + B->qadr, *vb = v + B->vadr;
    double R[9], rc[3], wr[3];
    quat_to_mat(R, qb + 3);
    m3_mulv(rc, R, B->com);
    double *pos = c->pos + 7 * k, *tw = c->twist + 6 * k;
    v3_add(pos, qb, rc);
    memcpy(pos + 3, qb + 3, 4 * sizeof(double));
    v3_cross(wr, vb, rc);
    v3_add(tw, vb + 3, wr);
    m3_tmulv(tw + 3, R, vb);
  }
}

static void from_siconos(const Model *m, const SiconosRun *c, double *q, double *v) {
  for (int k = 0; k < c->nds; ++k) {
    const Body *B = &m->bodies[c->ds_body[k]];
    double *qb = q + B->qadr, *vb = v + B->vadr;
    const double *pos = c->pos + 7 * k, *tw = c->twist + 6 * k;
    double R[9], rc[3], wr[3], quat[4];
    memcpy(quat, pos + 3, sizeof quat);
    quat_normalize(quat);
    quat_to_mat(R, quat);
    m3_mulv(rc, R, B->com);
    v3_sub(qb, pos, rc);
    memcpy(qb + 3, quat, sizeof quat);
    m3_mulv(vb, R, tw + 3);
    v3_cross(wr, vb, rc);
    v3_sub(vb + 3, tw, wr);
  }
}

static int siconos_engine_reset(void *content, double t0, const double *x0) {
  Integrator *it = content;
  SiconosRun *c = it->content;
  const Model *m = it->model;
  to_siconos(m, c, x0, x0 + m->nq);
  memset(&c->seen, 0, sizeof c->seen);
  if (sic_reset(c->sim, t0, c->h, c->pos, c->twist, c->why, sizeof c->why) != 0)
    return integrator_fail(it, CB_ERR_MODEL, "%s", c->why);
  return CB_OK;
}

/* Siconos' counters since the last step into it->stats: the NSGS sweeps are the rigid rows'
 * newton_iters (docs/rigid.md), and the solver block counts the solves. */
static void sync_counters(Integrator *it, SiconosRun *c) {
  SicCounters now;
  sic_counters(c->sim, &now);
  it->stats.newton_iters += now.nsgs_iters - c->seen.nsgs_iters;
  it->stats.conv_failures += now.newton_unconverged - c->seen.newton_unconverged;
  ContactSolverStats *s = &it->stats.solver;
  s->solves += now.solves - c->seen.solves;
  s->iterations += now.nsgs_iters - c->seen.nsgs_iters;
  if (now.nsgs_iters_max > s->iterations_max) s->iterations_max = now.nsgs_iters_max;
  s->stop_limit += now.solver_failures - c->seen.solver_failures;
  s->stop_tolerance += (now.solves - now.solver_failures) - (c->seen.solves - c->seen.solver_failures);
  c->seen = now;
}

static int siconos_engine_step(void *content, double t, double dt, const double *x, double *xout) {
  Integrator *it = content;
  SiconosRun *c = it->content;
  const Model *m = it->model;
  Data *d = c->d;
  if (fabs(dt - c->h) > 1e-12 * c->h)
    return integrator_fail(it, CB_ERR_OPTION, "siconos: the engine step %g differs from the simulation's %g", dt, c->h);
  const double *q = x, *v = x + m->nq;
  /* contacts that can close within the step (the speculative horizon), as ncp's */
  int rc = system_step_data(m, d, t, q, v, x + m->nq + m->nv, dt);
  if (rc != CB_OK) return integrator_fail(it, rc, "siconos: out of memory evaluating the model at t = %g", t);
  for (int k = 0; k < c->nds; ++k) {
    const Body *B = &m->bodies[c->ds_body[k]];
    const double *tau = d->tau + B->vadr; /* [torque about the origin; force], world */
    double f[3], tq[3], rc3[3], rxf[3];
    v3_scale(f, m->gravity, B->mass);
    v3_add(f, f, tau + 3);
    v3_sub(rc3, d->xcom + 3 * c->ds_body[k], d->xpos + 3 * c->ds_body[k]);
    v3_cross(rxf, rc3, tau + 3);
    v3_sub(tq, tau, rxf); /* about the COM */
    sic_set_load(c->sim, k, f, tq);
  }
  sic_clear_contacts(c->sim);
  for (int i = 0; i < d->ncon; ++i) {
    const Contact *ct = &d->contacts[i];
    int a = c->body_ds[ct->body[0]], b = c->body_ds[ct->body[1]];
    if (a < 0 && b < 0) continue;
    /* the witness points (contact_jacobian.c): n . (pA - pB) = phi */
    double w = contact_point_weight(&m->materials[m->geoms[ct->geom[0]].material],
                                    &m->materials[m->geoms[ct->geom[1]].material]);
    double pA[3], pB[3], n[3];
    v3_copy(n, ct->frame + 6);
    v3_copy(pA, ct->pos);
    v3_axpy(pA, (1.0 - w) * ct->phi, n);
    v3_copy(pB, ct->pos);
    v3_axpy(pB, -w * ct->phi, n);
    int ok;
    if (a >= 0) ok = sic_add_contact(c->sim, a, b, pA, pB, n, contact_coulomb_mu(&ct->par));
    else {
      v3_scale(n, n, -1.0);
      ok = sic_add_contact(c->sim, b, -1, pB, pA, n, contact_coulomb_mu(&ct->par));
    }
    if (ok != 0) return integrator_fail(it, CB_ERR_MEMORY, "siconos: out of memory adding contacts");
  }
  if (sic_step(c->sim, c->why, sizeof c->why) != 0) {
    sync_counters(it, c);
    return integrator_fail(it, CB_ERR_SOLVER, "%s (t = %g)", c->why, t);
  }
  sync_counters(it, c);
  it->stats.rhs_evals++;
  for (int k = 0; k < c->nds; ++k) sic_get_body(c->sim, k, c->pos + 7 * k, c->twist + 6 * k);
  memcpy(xout, x, sizeof(double) * (size_t)(m->nq + m->nv + m->nz));
  from_siconos(m, c, xout, xout + m->nq);
  return CB_OK;
}

static const char *siconos_why(void *content) {
  Integrator *it = content;
  SiconosRun *c = it->content;
  return c->why[0] ? c->why : NULL;
}

static const EngineOps siconos_engine = {.reset = siconos_engine_reset, .step = siconos_engine_step, .why = siconos_why};

static void note_settings(Integrator *it, const SicConfig *cfg) {
  const Model *m = it->model;
  int two = 0;
  for (int i = 0; i < m->nmaterial; ++i) two |= m->materials[i].mu_static != m->materials[i].mu_dynamic;
  integrator_note(it,
                  "siconos: matched: the pair's Coulomb mu_dynamic (one coefficient, as the rigid rows)%s; contact "
                  "points and normals are cbench's collision's (the step's speculative contacts, as ncp's)",
                  two ? "; the scene's mu_static differs and is not used" : "");
  integrator_note(it, "siconos: contact is rigid (NewtonImpactFrictionNSL, restitution 0): the scene's contact "
                      "stiffness k and dissipation d are not used");
  integrator_note(it,
                  "siconos: Siconos' own: MoreauJeanOSI theta %g, activation gap + h/2 gap rate <= 0, Newton loop %s, "
                  "NSGS tolerance %g and %d sweeps, no position correction, gyroscopic term Siconos'",
                  cfg->theta, cfg->newton_linear ? "of one iteration" : "to 1e-6 (50 iterations)", cfg->tolerance,
                  cfg->max_iterations);
  if (m->nforce > 0) integrator_note(it, "siconos: prescribed forces are explicit, evaluated at the start of each step");
}

static int siconos_create(Integrator *it) {
  const Model *m = it->model;
  OptionValues ov;
  int rc = engine_fixed_step_options(it, &ov);
  if (rc) return rc;
  char err[2048] = ""; /* the scene's path and a body's name fit */
  if (siconos_check(m, err, sizeof err)) return integrator_fail(it, CB_ERR_UNSUPPORTED, "%s", err);
  SicConfig cfg = {.theta = option_double(&ov, "theta"),
                   .tolerance = option_double(&ov, "tolerance"),
                   .max_iterations = (int)option_int(&ov, "max_iterations"),
                   .newton_linear = option_enum(&ov, "newton") == 1};
  SiconosRun *c = calloc(1, sizeof *c);
  if (!c) return integrator_fail(it, CB_ERR_MEMORY, "out of memory");
  it->content = c;
  c->h = it->opt.dt;
  c->d = data_create(m);
  c->body_ds = malloc(sizeof(int) * (size_t)m->nbody);
  c->ds_body = malloc(sizeof(int) * (size_t)m->nbody);
  double *mass = calloc((size_t)m->nbody, sizeof(double)), *inertia = calloc(9 * (size_t)m->nbody, sizeof(double));
  c->pos = calloc(7 * (size_t)m->nbody, sizeof(double));
  c->twist = calloc(6 * (size_t)m->nbody, sizeof(double));
  if (!c->d || !c->body_ds || !c->ds_body || !mass || !inertia || !c->pos || !c->twist) {
    free(mass); free(inertia);
    return integrator_fail(it, CB_ERR_MEMORY, "out of memory");
  }
  data_count_geometry_into(c->d, &it->stats.geometry_queries);
  for (int b = 0; b < m->nbody; ++b) {
    c->body_ds[b] = -1;
    if (b == 0 || m->bodies[b].tree < 0) continue;
    c->body_ds[b] = c->nds;
    c->ds_body[c->nds] = b;
    mass[c->nds] = m->bodies[b].mass;
    memcpy(inertia + 9 * c->nds, m->bodies[b].inertia, 9 * sizeof(double));
    c->nds++;
  }
  c->sim = sic_create(c->nds, mass, inertia, &cfg, err, sizeof err);
  free(mass); free(inertia);
  if (!c->sim) return integrator_fail(it, CB_ERR_MODEL, "%s", err);
  c->max_iterations = cfg.max_iterations;
  note_settings(it, &cfg);
  StepperConfig driver = {.kind = STEPPER_ENGINE, .engine = &siconos_engine, .content = it};
  return integrator_use_stepper(it, &driver);
}

/* integrator_reset clears the stats: the solver block's constants again, then the driver */
static int siconos_reset(Integrator *it, double t0, const double *x0) {
  SiconosRun *c = it->content;
  it->stats.solver.name = "Siconos fc3d NSGS (Moreau-Jean)";
  it->stats.solver.max_iter = c->max_iterations;
  it->stats.solver.accept_limit = 1;
  return stepper_reset(it, t0, x0);
}

INTEGRATOR_VTBL(siconos_vtbl, "siconos",
                "Siconos 4.4 kernel: Moreau-Jean time stepping with rigid frictional contact (NSGS); the reference "
                "nonsmooth stepper for the rigid rows",
                1, siconos_create, siconos_reset, stepper_advance, siconos_destroy, .peer_model = 1,
                .default_error_norm = ERRNORM_FULL, .options = siconos_options, .family = "siconos",
                .controllers = CONTROLLERS_EXPLICIT /* prescribed forces at the step start; controllers refused */);
