#include "rigid_impulse_step.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../models/contact.h"
#include "../../models/contact/contact_hooks.h"
#include "../../models/data.h"
#include "../../models/multibody.h"
#include "rigid_stats.h"

static CbStatus grow_lambda(RigidImpulseStep *s, int nc) {
  if (nc <= s->lambda_cap) return CB_OK;
  int cap = nc > 2 * s->lambda_cap ? nc : 2 * s->lambda_cap;
  double *l = realloc(s->lambda, 3 * (size_t)cap * sizeof *l);
  if (!l) return CB_ERR_MEMORY;
  s->lambda = l;
  s->lambda_cap = cap;
  return CB_OK;
}

CbStatus rigid_impulse_step_init(RigidImpulseStep *s, const Model *m) {
  const int nv = m->nv;
  memset(s, 0, sizeof *s);
  s->params = rigid_solver_defaults();
  s->prev_nc = -1;
  for (int b = 1; b < m->nbody; ++b)
    if (m->bodies[b].has_limit && m->bodies[b].nv == 1 && m->bodies[b].tree >= 0) s->nlimit_rows += 2;
  s->v_free = calloc((size_t)nv + 1, sizeof(double));
  s->limit_lambda = calloc((size_t)s->nlimit_rows + 1, sizeof(double));
  s->limit_col = calloc((size_t)s->nlimit_rows * (size_t)nv + 1, sizeof(double));
  s->limit_colset = calloc((size_t)s->nlimit_rows + 1, sizeof(int));
  s->limit_dv = calloc((size_t)nv + 1, sizeof(double));
  if (!s->v_free || !s->limit_lambda || !s->limit_col || !s->limit_colset || !s->limit_dv ||
      rigid_problem_init(&s->prob, nv) != 0 || grow_lambda(s, 8) != 0)
    return CB_ERR_MEMORY;
  return CB_OK;
}

void rigid_impulse_step_free(RigidImpulseStep *s) {
  rigid_problem_free(&s->prob);
  free(s->lambda);
  free(s->v_free);
  free(s->limit_lambda);
  free(s->limit_col);
  free(s->limit_colset);
  free(s->limit_dv);
  s->lambda = s->v_free = s->limit_lambda = s->limit_col = s->limit_dv = NULL;
  s->limit_colset = NULL;
}

/* One contact solve from the problem's current b; adds its iterations and statistics. */
static int solve_contacts(RigidImpulseStep *s, int warm, int nc, double t, double h, long *iters, char *msg,
                          size_t msglen) {
  RigidSolverParams par = s->params;
  par.warm_start = warm;
  if (!warm) memset(s->lambda, 0, 3 * (size_t)nc * sizeof *s->lambda);
  if (s->solve(&s->prob, &par, s->lambda, &s->last) != 0) {
    snprintf(msg, msglen, "%s solver refused the problem at t = %.17g", s->solver_name, t);
    return CB_ERR_OPTION;
  }
  *iters += s->last.iterations;
  if (nc > 0 && s->record) rigid_stats_add(s->record, &s->prob, s->lambda, &s->last, s->measure_internal);
  if ((s->last.stop == RIGID_STOP_LIMIT && !s->accept_limit) || s->last.stop == RIGID_STOP_FAILED) {
    s->prev_nc = -1;
    snprintf(msg, msglen, "%s solver stopped on %s at t = %.17g, h = %.3g (%d iterations, residual %.3g, %d contacts)",
             s->solver_name, rigid_stop_name(s->last.stop), t, h, s->last.iterations, s->last.residual, nc);
    return CB_RECOVERABLE_SOLVER;
  }
  return CB_OK;
}

/* Limit row of a one-dof joint: w = sigma v_i (sigma = +1 at the upper limit, -1 at the lower)
 * must stay <= bound. Time stepping: q + h v+ within the limit, bound = gap / h (0 beyond it:
 * a violation is not corrected, as the contacts' default baumgarte 0); ca: only a joint within
 * limit_tolerance of its limit is held, bound 0. Returns 0 when the row does not apply. */
static int limit_row(const RigidImpulseStep *s, const Body *bd, int upper, const double *q, double h, double *bound) {
  double lim = upper ? bd->limit_upper : bd->limit_lower;
  if (!isfinite(lim)) return 0;
  double gap = upper ? lim - q[bd->qadr] : q[bd->qadr] - lim;
  if (s->limit_at_contact) {
    if (gap > s->limit_tolerance) return 0;
    *bound = 0.0;
  } else {
    *bound = gap > 0 ? gap / h : 0.0;
  }
  return 1;
}

/* One Gauss-Seidel sweep over the limit rows at the current v_out, moving v_free and v_out by
 * each row's impulse change (contact impulses held). Returns the largest change of a row's
 * velocity. */
static double sweep_limits(RigidImpulseStep *s, const Model *m, Data *d, const double *q, double h, double *v_out) {
  const int nv = m->nv;
  double moved = 0.0;
  int k = 0;
  for (int b = 1; b < m->nbody; ++b) {
    const Body *bd = &m->bodies[b];
    if (!bd->has_limit || bd->nv != 1 || bd->tree < 0) continue;
    for (int upper = 0; upper < 2; ++upper, ++k) {
      double bound;
      if (!limit_row(s, bd, upper, q, h, &bound)) continue;
      const int i = bd->vadr;
      const double sigma = upper ? 1.0 : -1.0, viol = sigma * v_out[i] - bound;
      if (s->limit_lambda[k] == 0.0 && viol <= 0.0) continue;
      double *col = s->limit_col + (size_t)k * (size_t)nv;
      if (!s->limit_colset[k]) { /* M^-1 e_i, M factored by rigid_problem_build */
        memset(col, 0, (size_t)nv * sizeof *col);
        col[i] = 1.0;
        mb_solve_mass(m, d, col);
        s->limit_colset[k] = 1;
      }
      /* an impulse lambda >= 0 along -sigma e_i changes w by -(M^-1)_ii lambda */
      double lnew = fmax(0.0, s->limit_lambda[k] + viol / col[i]), dl = lnew - s->limit_lambda[k];
      if (dl == 0.0) continue;
      s->limit_lambda[k] = lnew;
      for (int j = 0; j < nv; ++j) {
        double dv = -sigma * dl * col[j];
        s->v_free[j] += dv;
        s->limit_dv[j] += dv;
        v_out[j] += dv;
      }
      moved = fmax(moved, fabs(dl * col[i]));
    }
  }
  return moved;
}

/* The name of the first joint whose limit row still moves (for the failure message). */
static const char *limit_joint_name(const Model *m) {
  for (int b = 1; b < m->nbody; ++b)
    if (m->bodies[b].has_limit && m->bodies[b].nv == 1 && m->bodies[b].tree >= 0) return m->bodies[b].name;
  return "?";
}

int rigid_impulse_step_solve(RigidImpulseStep *s, const Model *m, Data *d, double t, double h, const double *q,
                             const double *v, long *iters, double *v_out, char *msg, size_t msglen) {
  const int nc = d->ncon, nv = m->nv;
  if (rigid_problem_build(&s->prob, m, d, h, v, 0.0, s->v_free) != 0 || grow_lambda(s, nc) != 0) {
    snprintf(msg, msglen, "out of memory or mass matrix not positive definite at t = %.17g", t);
    return CB_RECOVERABLE_MODEL;
  }
  int rc = solve_contacts(s, s->params.warm_start && nc == s->prev_nc, nc, t, h, iters, msg, msglen);
  if (rc != CB_OK) return rc;
  s->prev_nc = nc;
  rigid_problem_velocity(&s->prob, m, d, s->lambda, s->v_free, v_out);
  if (s->nlimit_rows == 0) return CB_OK;
  /* joint limits: Gauss-Seidel over the limit rows, then the contacts again from the moved free
   * velocity (b += J dv_free), until a sweep moves no row by more than the solver's tolerance */
  memset(s->limit_lambda, 0, (size_t)s->nlimit_rows * sizeof *s->limit_lambda);
  memset(s->limit_colset, 0, (size_t)s->nlimit_rows * sizeof *s->limit_colset);
  for (int sweep = 0; sweep < RIGID_LIMIT_SWEEPS; ++sweep) {
    memset(s->limit_dv, 0, (size_t)nv * sizeof *s->limit_dv);
    double moved = sweep_limits(s, m, d, q, h, v_out);
    if (moved <= s->params.tol) return CB_OK;
    if (nc == 0) continue; /* v_out moved exactly with v_free */
    for (int i = 0; i < nc; ++i) {
      double dvc[3];
      const double *o = d->contacts[i].vc_offset;
      contact_velocity(m, d, i, s->limit_dv, dvc);
      for (int r = 0; r < 3; ++r) s->prob.b[3 * i + r] += dvc[r] - o[r];
    }
    if ((rc = solve_contacts(s, 1, nc, t, h, iters, msg, msglen)) != CB_OK) return rc;
    rigid_problem_velocity(&s->prob, m, d, s->lambda, s->v_free, v_out);
  }
  s->prev_nc = -1;
  snprintf(msg, msglen, "%s: joint limits (joint '%s' ...) and contacts did not settle in %d sweeps at t = %.17g",
           s->solver_name, limit_joint_name(m), RIGID_LIMIT_SWEEPS, t);
  return CB_RECOVERABLE_SOLVER;
}

void rigid_impulse_step_configure(RigidImpulseStep *s, const Integrator *it, const OptionValues *ov, RigidSolveFn solve,
                                  const char *solver_name) {
  s->solve = solve;
  s->solver_name = solver_name;
  s->params.tol = option_double(ov, "tolerance");
  s->params.max_iter = (int)option_int(ov, "max_iterations");
  s->params.warm_start = option_bool(ov, "warm_start");
  if (options_find(it->vtbl->options, "facets")) s->params.facets = (int)option_int(ov, "facets");
  s->accept_limit = option_enum(ov, "on_limit") == 0;
  s->measure_internal = option_bool(ov, "internal_force");
}

void rigid_impulse_step_record(RigidImpulseStep *s, ContactSolverStats *st) {
  memset(st, 0, sizeof *st);
  st->name = s->solver_name;
  st->max_iter = s->params.max_iter;
  st->accept_limit = s->accept_limit;
  s->record = st;
}

void rigid_note_model(Integrator *it) {
  const Model *m = it->model;
  integrator_note(it, "%s: rigid contact: the scene's contact stiffness and dissipation are ignored", it->vtbl->name);
  ContactFrictionLoss loss = contact_single_coefficient_loss(m);
  if (loss.material) {
    integrator_note(it, "%s: one Coulomb coefficient, mu_dynamic (material '%s': mu_static %g, mu_dynamic %g): "
                        "static friction above mu_dynamic is not modeled",
                    it->vtbl->name, loss.material, loss.mu_static, loss.mu_dynamic);
    return;
  }
  integrator_note(it, "%s: friction uses mu_dynamic (mu_static equals it on this scene)", it->vtbl->name);
}
