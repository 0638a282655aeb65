/* Default error norm: the full state. Under the positions-only norm the velocities' stiction
 * transient (time constant ~ v_s / (mu g), 1e-5 s) goes unchecked: at accuracy 1e-6 a box
 * held by static friction at 0.8 m g slid away with every baseline (docs/integrators.md, "Error
 * norms").
 *
 * The SUNDIALS baselines as IntegratorVtbls: the model's continuous view x' = f(t, x)
 * (system_rhs, x = [q; v; z]) integrated by
 *   ie          CVODE BDF with maximum order 1 (variable-step implicit Euler, error control)
 *   bdf         CVODE BDF orders 1-5
 *   sdirk2      ARKStep DIRK, table ARKODE_SDIRK_2_1_2 (2 stages, order 2, embedded order 1)
 *   rosenbrock  the same table, linearly implicit: one Newton iteration per stage with a
 *               Jacobian evaluated at every step (README.md in this folder says why)
 *   rk3         ARKStep ERK, ARKODE_BOGACKI_SHAMPINE_4_2_3 (the 3(2) pair)
 * Tolerances: rtol = accuracy; atol per component: positions accuracy / S_i (S = q_scale, the
 * weights of CENIC's error norm, sec. V-E); velocities and controller states accuracy when
 * error_norm = full, and 1e6 * accuracy (negligible weight) when error_norm = positions.
 * Option linear_solver=dense (default, SUNDIALS' dense difference quotients) | klu (sparse,
 * colored differences over groups of contact- or controller-coupled trees).
 * Option local_norm=rms (default: SUNDIALS' weighted RMS norm with the tolerances above) | max
 * (the CENIC paper's norm, sec. V-E: rtol = 0 and max_i |w_i e_i| <= 1 with the same atol, so a
 * step is accepted when |S e_q|_inf, and under the full norm |e_v|_inf, is at most the accuracy,
 * the test cenic-sd's and cenic-trap's step drivers make). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <arkode/arkode_butcher_dirk.h>
#include <arkode/arkode_butcher_erk.h>

#include "../../models/system.h"
#include "../common/stepper.h"
#include "../integrator.h"
#include "sundials_ode.h"

/* Velocity / controller-state weight relative to positions under the positions-only norm. */
#define NEGLIGIBLE_WEIGHT_FACTOR 1e6

typedef struct {
  SunOdeKind kind;
  int max_order;
  int table;
  int linearly_implicit;
} MethodSpec;

typedef struct {
  SunOde *ode;
  Data *d;
  double *atol;            /* [nx] */
  /* sparsity groups: union-find over trees */
  int *qtree;              /* [nq] tree of each position coordinate */
  int *ztree;              /* [nz] representative tree of each controller state, -1 if none */
  int *uf;                 /* [ntree] union-find parents */
  int *label;              /* [ntree] compact group label of each root, -1 unassigned */
} SundialsContent;

static int model_rhs(void *user, double t, const double *x, double *xdot) {
  Integrator *it = user;
  SundialsContent *c = it->content;
  return system_rhs(it->model, c->d, t, x, xdot); /* CB_RECOVERABLE_MODEL > 0: SUNDIALS retries */
}

static int uf_find(int *uf, int a) {
  while (uf[a] != a) a = uf[a] = uf[uf[a]];
  return a;
}
static void uf_union(int *uf, int a, int b) {
  if (a < 0 || b < 0) return;
  a = uf_find(uf, a);
  b = uf_find(uf, b);
  if (a != b) uf[a > b ? a : b] = a < b ? a : b;
}

/* Groups of coupled components at the state of the last rhs call (the backend calls rhs at
 * (t, x) right before): trees joined by a contact or by a controller form one group. */
static int model_groups(void *user, double t, const double *x, int *group) {
  (void)t; (void)x;
  Integrator *it = user;
  SundialsContent *c = it->content;
  const Model *m = it->model;
  const Data *d = c->d;
  for (int k = 0; k < m->ntree; ++k) c->uf[k] = k, c->label[k] = -1;
  for (int i = 0; i < m->ncontroller; ++i) {
    const Controller *ct = &m->controllers[i];
    for (int k = 1; k < ct->ndof; ++k) uf_union(c->uf, m->dof_tree[ct->dof[0]], m->dof_tree[ct->dof[k]]);
  }
  for (int i = 0; i < d->ncon; ++i) uf_union(c->uf, d->contacts[i].tree[0], d->contacts[i].tree[1]);
  int ng = 0, nx = system_nx(m);
  for (int i = 0; i < nx; ++i) {
    int tree = i < m->nq ? c->qtree[i] : i < m->nq + m->nv ? m->dof_tree[i - m->nq] : c->ztree[i - m->nq - m->nv];
    if (tree < 0) { /* not attached to any tree: its own group */
      group[i] = ng++;
      continue;
    }
    int r = uf_find(c->uf, tree);
    if (c->label[r] < 0) c->label[r] = ng++;
    group[i] = c->label[r];
  }
  return ng;
}

static void content_free(SundialsContent *c) {
  if (!c) return;
  sunode_destroy(c->ode);
  if (c->d) data_free(c->d);
  free(c->atol);
  free(c->qtree);
  free(c->ztree);
  free(c->uf);
  free(c->label);
  free(c);
}

static const EngineOps sundials_engine;

static int create_common(Integrator *it, const MethodSpec *spec) {
  const Model *m = it->model;
  const IntegratorOptions *o = &it->opt;
  OptionValues ov;
  int rc = integrator_read_options(it, &ov);
  if (rc != CB_OK) return rc;
  SunOdeLinearSolver ls = spec->kind != SUNODE_ARK_ERK && option_enum(&ov, "linear_solver") == 1 ? SUNODE_KLU : SUNODE_DENSE;
  int max_norm = option_enum(&ov, "local_norm") == 1;
  if (!(o->accuracy > 0) || !isfinite(o->accuracy))
    return integrator_fail(it, CB_ERR_OPTION, "accuracy must be positive, got %g", o->accuracy);
  if (o->max_step < 0) return integrator_fail(it, CB_ERR_OPTION, "max_step must be >= 0, got %g", o->max_step);

  int nx = system_nx(m);
  SundialsContent *c = calloc(1, sizeof *c);
  if (!c) return integrator_fail(it, CB_ERR_MEMORY, "out of memory");
  it->content = c;
  c->d = data_create(m);
  if (c->d) data_count_geometry_into(c->d, &it->stats.geometry_queries); /* counted where it happens */
  c->atol = malloc((size_t)(nx > 0 ? nx : 1) * sizeof(double));
  c->qtree = malloc((size_t)(m->nq > 0 ? m->nq : 1) * sizeof(int));
  c->ztree = malloc((size_t)(m->nz > 0 ? m->nz : 1) * sizeof(int));
  c->uf = malloc((size_t)(m->ntree > 0 ? m->ntree : 1) * sizeof(int));
  c->label = malloc((size_t)(m->ntree > 0 ? m->ntree : 1) * sizeof(int));
  if (!c->d || !c->atol || !c->qtree || !c->ztree || !c->uf || !c->label)
    return integrator_fail(it, CB_ERR_MEMORY, "out of memory");
  if (nx == 0) return integrator_fail(it, CB_ERR_OPTION, "the model has no state to integrate");

  for (int b = 1; b < m->nbody; ++b)
    for (int k = 0; k < m->bodies[b].nq; ++k) c->qtree[m->bodies[b].qadr + k] = m->bodies[b].tree;
  for (int i = 0; i < m->nz; ++i) c->ztree[i] = -1;
  for (int i = 0; i < m->ncontroller; ++i) {
    const Controller *ct = &m->controllers[i];
    for (int k = 0; k < ct->nz; ++k)
      c->ztree[ct->zadr + k] = ct->ndof > 0 ? m->dof_tree[ct->dof[0]] : -1;
  }

  /* Tolerances (CENIC V-E error norm: weights S on positions; velocities optional). */
  double acc = o->accuracy;
  double other = o->error_norm == ERRNORM_POSITIONS ? NEGLIGIBLE_WEIGHT_FACTOR * acc : acc;
  for (int i = 0; i < nx; ++i) c->atol[i] = other;
  for (int i = 0; i < m->nq; ++i) {
    double S = m->q_scale ? m->q_scale[i] : 1.0;
    c->atol[i] = (S > 0 && isfinite(S)) ? acc / S : acc;
  }

  SunOdeConfig cfg = {0};
  cfg.kind = spec->kind;
  cfg.max_order = spec->max_order;
  cfg.table = spec->table;
  cfg.linearly_implicit = spec->linearly_implicit;
  cfg.rtol = max_norm ? 0.0 : acc; /* the paper's norm is absolute */
  cfg.atol = c->atol;
  cfg.max_norm = max_norm;
  cfg.max_step = o->max_step > 0 ? o->max_step : m->max_step;
  cfg.max_steps = o->max_steps;
  cfg.linear_solver = ls;
  cfg.first_tout = o->first_output;
  char err[256];
  CbError *e = CB_ERR_BUF(err, sizeof err);
  c->ode = sunode_create(nx, model_rhs, model_groups, it, &cfg, e);
  if (!c->ode) return integrator_fail(it, e->status, "%s", err);
  StepperConfig driver = {.kind = STEPPER_ENGINE, .engine = &sundials_engine, .content = it};
  return integrator_use_stepper(it, &driver);
}

/* SUNDIALS steps itself to each output time (the engine driver, common/stepper.h); the
 * engine's content is the Integrator. */
static int sundials_engine_reset(void *content, double t0, const double *x0) {
  Integrator *it = content;
  SundialsContent *c = it->content;
  return sunode_reset(c->ode, t0, x0);
}

static int sundials_engine_advance(void *content, double t_out, double *x_out, double *t_reached) {
  Integrator *it = content;
  SundialsContent *c = it->content;
  int rc = sunode_advance(c->ode, t_out, x_out);
  *t_reached = sunode_time(c->ode);
  return rc;
}

static void sundials_sync_stats(void *content, Integrator *it) {
  (void)content;
  SundialsContent *c = it->content;
  sunode_accumulate_stats(c->ode, &it->stats);
}

static const char *sundials_why(void *content) {
  Integrator *it = content;
  SundialsContent *c = it->content;
  return sunode_message(c->ode);
}

static const EngineOps sundials_engine = {.reset = sundials_engine_reset,
                                          .advance = sundials_engine_advance,
                                          .sync_stats = sundials_sync_stats,
                                          .why = sundials_why};

static void sundials_destroy(Integrator *it) {
  stepper_release(it);
  content_free(it->content);
  it->content = NULL;
}

/* The local error test of every baseline; the implicit methods also choose their Newton
 * systems' linear solver (the explicit rk3 has none). */
#define LOCAL_NORM_SPEC                                                                          \
  OPTION_ENUM_SPEC("local_norm", "rms", OPTION_CHOICES("rms", "max"),                           \
                   "local error test: SUNDIALS' weighted RMS norm with rtol = accuracy, or the CENIC "  \
                   "paper's absolute weighted max norm (rtol = 0; |S e_q|_inf, and |e_v|_inf under "   \
                   "the full norm, at most the accuracy: cenic-sd's test)")
static const OptionSpec implicit_options[] = {
    OPTION_ENUM_SPEC("linear_solver", "dense", OPTION_CHOICES("dense", "klu"),
                     "Newton's linear solver: SUNDIALS' dense difference quotients, or KLU with colored sparse differences"),
    LOCAL_NORM_SPEC,
    OPTIONS_END};
static const OptionSpec explicit_options[] = {LOCAL_NORM_SPEC, OPTIONS_END};

#define SUNDIALS_METHOD(NAME, STR, SUMMARY, KIND, ORDER, TABLE, LINEAR, OPTIONS, CTRL) \
  static int NAME##_create(Integrator *it) {                                        \
    static const MethodSpec spec = {KIND, ORDER, TABLE, LINEAR};                    \
    return create_common(it, &spec);                                                \
  }                                                                                 \
  INTEGRATOR_VTBL(NAME##_vtbl, STR, SUMMARY, 0, NAME##_create, stepper_reset, stepper_advance,        \
                  sundials_destroy, .default_error_norm = ERRNORM_FULL, .options = OPTIONS, .family = "sundials", \
                  .controllers = CTRL);

SUNDIALS_METHOD(ie, "ie", "CVODE BDF order 1: variable-step implicit Euler with error control",
                SUNODE_CVODE_BDF, 1, 0, 0, implicit_options,
                CONTROLLERS_IMPLICIT) /* controllers inside the ODE: in the Newton Jacobian */
SUNDIALS_METHOD(bdf, "bdf", "CVODE BDF orders 1-5 with error control",
                SUNODE_CVODE_BDF, 5, 0, 0, implicit_options, CONTROLLERS_IMPLICIT)
SUNDIALS_METHOD(sdirk2, "sdirk2", "ARKODE SDIRK 2(1), L-stable, Newton to convergence",
                SUNODE_ARK_DIRK, 0, ARKODE_SDIRK_2_1_2, 0, implicit_options, CONTROLLERS_IMPLICIT)
SUNDIALS_METHOD(rosenbrock, "rosenbrock",
                "ARKODE SDIRK 2(1) linearly implicit: one Newton iteration per stage (ROS2-like)",
                SUNODE_ARK_DIRK, 0, ARKODE_SDIRK_2_1_2, 1, implicit_options, CONTROLLERS_IMPLICIT)
SUNDIALS_METHOD(rk3, "rk3", "ARKODE explicit Bogacki-Shampine 3(2)",
                SUNODE_ARK_ERK, 0, ARKODE_BOGACKI_SHAMPINE_4_2_3, 0, explicit_options,
                CONTROLLERS_EXPLICIT)
