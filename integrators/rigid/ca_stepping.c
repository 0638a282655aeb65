/* Integrator "ca": conservative advancement, the first-order variable-step integrator of True
 * Rigidity (Drumwright 2016, Alg. 1), on the bounded step driver. Each step from (q, v):
 *   1. h = min(r(q, v), dt): the conservative step of ca_bound.h (eq. 4, eqs. 11-14), so that
 *      no two geometries can newly touch within it; at least min_step;
 *   2. q+ = q + h N(q) v                    (positions with the step-start velocity);
 *   3. v* = v + h M^-1 (tau - k)(q+, v)     (Alg. 1 line 3, f(q+, v));
 *   4. v+ = v* + M^-1 J^T lambda at the contacts of q+ within the contact tolerance, solved by
 *      one of the rigid velocity-level models (rigid_impulse_step.h) with the constraint
 *      v_n >= 0 (paper footnote 1: the time-stepping equations with zero for h, no gap term);
 *      a joint within the tolerance of its limit is held the same way, and the step is bounded
 *      so that a joint reaches its limit no earlier than the step's end.
 * dt (--dt) is the paper's Delta t, the largest step. The paper's eqs. 7-8 and dt-dagger (Fig. 6)
 * are not implemented: a pair in contact is held by the impulses and bounded only by its
 * reported points outside the tolerance (ca_bound.h), so rotation in sustained contact can
 * drift into overlap at second order; the record's min_distance says how far. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../models/data.h"
#include "../../models/multibody.h"
#include "../../models/system.h"
#include "../common/stepper.h"
#include "../integrator.h"
#include "ca_bound.h"
#include "rigid_impulse_step.h"

typedef struct {
  Model view;     /* the scene with every geometry's margin set to the contact tolerance */
  Geom *geoms;    /* [ngeom] the view's geometries */
  Data *d;        /* on view */
  IntegratorStats *stats;
  RigidImpulseStep imp;
  CaBound cb;
  double eps, min_step;
  double *v;      /* [nv] v+ */
  char message[256];
} CaStepper;

static const OptionSpec ca_options[] = {
    OPTION_ENUM_SPEC("solver", "ncp", OPTION_CHOICES("ncp", "ncp-ac", "ccp", "ccp-admm", "lcp", "lcp-pgs", "raisim"),
                     "the contact model and solver of the impulses: NCP (NSGS, Alart-Curnier), CCP (Anitescu-Potra; "
                     "PGS, ADMM), LCP (Stewart-Trinkle; Lemke, PGS) or RaiSim, as the rigid integrators of the same names"),
    OPTION_DOUBLE_SPEC("contact_tolerance", "1e-6", 0.0, 1, 1.0,
                       "m: geometries this close are in contact (constrained by impulses); farther ones bound the step"),
    OPTION_DOUBLE_SPEC("min_step", "1e-7", 0.0, 1, 1.0,
                       "s: the smallest step (the paper's Delta t_min); a step the bound makes shorter takes it and "
                       "may overlap, as the record's min_distance shows"),
    RIGID_COMMON_OPTIONS, OPTIONS_END};

static int ca_bound_op(void *content, double t, const double *x, double h_max, double *h) {
  CaStepper *s = content;
  const Model *m = &s->view;
  mb_kinematics(m, s->d, x);
  CaStep st;
  int changed;
  ca_bound_step(&s->cb, m, s->d, x, x + m->nq, s->eps, h_max, &st, &changed);
  s->stats->manifold_changes += changed;
  if (st.min_distance < s->stats->min_distance) s->stats->min_distance = st.min_distance;
  /* joint limits bound the step as the geometries do: a joint moving toward its limit, farther
   * than the contact tolerance from it, reaches it at the step's end at the latest */
  double hl = st.h;
  const double *q = x, *v = x + m->nq;
  for (int b = 1; b < m->nbody; ++b) {
    const Body *bd = &m->bodies[b];
    if (!bd->has_limit || bd->nv != 1 || bd->tree < 0) continue;
    double vi = v[bd->vadr], qi = q[bd->qadr];
    double gap = vi > 0 ? bd->limit_upper - qi : qi - bd->limit_lower;
    if (vi != 0.0 && isfinite(gap) && gap > s->eps) hl = fmin(hl, gap / fabs(vi));
  }
  *h = fmin(h_max, fmax(hl, s->min_step));
  (void)t;
  return CB_OK;
}

static int ca_attempt(void *content, const StepAttempt *a, double *xout, StepEstimate *est) {
  (void)est;
  CaStepper *s = content;
  const Model *m = &s->view;
  const int nq = m->nq, nv = m->nv;
  const double *q = a->x, *v = a->x + nq;
  const double h = a->h, t1 = a->t + h;
  s->message[0] = 0;
  mb_integrate_q(m, q, v, h, xout); /* Alg. 1 line 2 */
  int rc = system_step_data(m, s->d, t1, xout, v, NULL, 0.0);
  if (rc != CB_OK) {
    snprintf(s->message, sizeof s->message, "out of memory evaluating the model at t = %.17g", t1);
    return rc;
  }
  for (int i = 0; i < s->d->ncon; ++i) /* v_n >= 0 at every contact within the tolerance */
    if (s->d->contacts[i].phi > 0) s->d->contacts[i].phi = 0.0;
  rc = rigid_impulse_step_solve(&s->imp, m, s->d, t1, h, xout, v, &s->stats->newton_iters, s->v, s->message,
                                sizeof s->message);
  if (rc != CB_OK) return rc;
  memcpy(xout + nq, s->v, (size_t)nv * sizeof(double));
  return CB_OK;
}

static const char *ca_why(void *content) { return ((CaStepper *)content)->message; }
static const StepperOps ca_ops = {.attempt = ca_attempt, .why = ca_why, .bound = ca_bound_op};

static void ca_destroy(Integrator *it) {
  CaStepper *s = it->content;
  stepper_release(it);
  if (!s) return;
  rigid_impulse_step_free(&s->imp);
  ca_bound_free(&s->cb);
  data_free(s->d);
  free(s->geoms);
  free(s->v);
  free(s);
  it->content = NULL;
}

/* What ca cannot take: one message naming the scene and the feature. */
static int check_scene(Integrator *it) {
  const Model *m = it->model;
  int body = -1;
  const char *why = ca_bound_check(m, &body);
  if (!why && m->nz + m->ncontroller > 0) why = "controllers (not modeled by ca)";
  if (!why && m->nsuction > 0) why = "suction cups (not modeled by ca)";
  if (!why) return CB_OK;
  if (body > 0)
    return integrator_fail(it, CB_ERR_MODEL, "cannot take scene '%s': %s (body '%s')", m->name, why,
                           m->bodies[body].name);
  return integrator_fail(it, CB_ERR_MODEL, "cannot take scene '%s': %s", m->name, why);
}

static int ca_create(Integrator *it) {
  static const RigidSolveFn fns[] = {rigid_ncp_nsgs, rigid_ncp_alart_curnier, rigid_ccp_pgs, rigid_ccp_admm,
                                     rigid_lcp_lemke, rigid_lcp_pgs, rigid_raisim};
  static const char *const names[] = {"NCP/NSGS", "NCP/Alart-Curnier", "CCP/PGS", "CCP/ADMM",
                                      "LCP/Lemke", "LCP/PGS", "RaiSim"};
  OptionValues ov;
  int rc = integrator_read_options(it, &ov);
  if (rc != CB_OK) return rc;
  if (!(it->opt.dt > 0)) return integrator_fail(it, CB_ERR_OPTION, "dt (the largest step) must be positive");
  if ((rc = check_scene(it)) != CB_OK) return rc;
  const Model *m = it->model;
  CaStepper *s = calloc(1, sizeof *s);
  if (!s) return integrator_fail(it, CB_ERR_MEMORY, "out of memory");
  it->content = s;
  s->stats = &it->stats;
  s->eps = option_double(&ov, "contact_tolerance");
  s->min_step = option_double(&ov, "min_step");
  if (s->min_step > it->opt.dt)
    return integrator_fail(it, CB_ERR_OPTION, "min_step %g is larger than dt %g", s->min_step, it->opt.dt);
  s->view = *m;
  s->geoms = malloc((size_t)(m->ngeom + 1) * sizeof *s->geoms);
  if (!s->geoms) return integrator_fail(it, CB_ERR_MEMORY, "out of memory");
  if (m->ngeom > 0) memcpy(s->geoms, m->geoms, (size_t)m->ngeom * sizeof *s->geoms);
  for (int g = 0; g < m->ngeom; ++g) s->geoms[g].margin = s->eps;
  s->view.geoms = s->geoms;
  if (rigid_impulse_step_init(&s->imp, m) != 0 || ca_bound_init(&s->cb, m) != 0)
    return integrator_fail(it, CB_ERR_MEMORY, "out of memory");
  const int k = option_enum(&ov, "solver");
  rigid_impulse_step_configure(&s->imp, it, &ov, fns[k], names[k]);
  s->imp.limit_at_contact = 1; /* a joint at its limit is held as a contact is: v_n >= 0 */
  s->imp.limit_tolerance = s->eps;
  s->d = data_create(&s->view);
  s->v = calloc((size_t)m->nv + 1, sizeof(double));
  if (!s->d || !s->v) return integrator_fail(it, CB_ERR_MEMORY, "out of memory");
  data_count_geometry_into(s->d, &it->stats.geometry_queries);
  rigid_note_model(it);
  integrator_note(it, "ca: True Rigidity Alg. 1 with eqs. 4 and 11-14; eqs. 7-8 (the separating-plane bound in "
                      "sustained contact) are not implemented: a pair in contact is held by the impulses");
  StepperConfig cfg = {.kind = STEPPER_BOUNDED, .ops = &ca_ops, .content = s};
  return integrator_use_stepper(it, &cfg);
}

static int ca_reset(Integrator *it, double t0, const double *x0) {
  CaStepper *s = it->content;
  s->stats = &it->stats;
  rigid_impulse_step_reset(&s->imp);
  rigid_impulse_step_record(&s->imp, &it->stats.solver);
  for (int p = 0; p < s->cb.npair; ++p) s->cb.touching[p] = -1;
  it->stats.min_distance = INFINITY;
  it->stats.has_min_distance = 1;
  /* Alg. 1 assumes an admissible start: in overlap the bound stays at min_step */
  const Model *m = &s->view;
  mb_kinematics(m, s->d, x0);
  CaStep st;
  int changed;
  ca_bound_step(&s->cb, m, s->d, x0, x0 + m->nq, s->eps, it->opt.dt, &st, &changed);
  for (int p = 0; p < s->cb.npair; ++p) s->cb.touching[p] = -1;
  if (st.min_distance < -s->eps)
    return integrator_fail(it, CB_ERR_MODEL,
                           "the initial state overlaps by %.3g m (more than contact_tolerance %.3g m): "
                           "conservative advancement needs a start without overlap",
                           -st.min_distance, s->eps);
  return stepper_reset(it, t0, x0);
}

INTEGRATOR_VTBL(ca_vtbl, "ca",
                "conservative advancement (True Rigidity Alg. 1): rigid contact, step "
                "bounded so convex geometries never interpenetrate; dt = largest step",
                1, ca_create, ca_reset, stepper_advance, ca_destroy, .options = ca_options,
                .default_error_norm = ERRNORM_FULL, .peer_model = 1, .family = "rigid",
                .controllers = CONTROLLERS_EXPLICIT);
