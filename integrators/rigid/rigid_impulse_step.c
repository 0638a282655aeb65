#include "rigid_impulse_step.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../models/data.h"
#include "rigid_stats.h"

static int grow_lambda(RigidImpulseStep *s, int nc) {
  if (nc <= s->lambda_cap) return 0;
  int cap = nc > 2 * s->lambda_cap ? nc : 2 * s->lambda_cap;
  double *l = realloc(s->lambda, 3 * (size_t)cap * sizeof *l);
  if (!l) return -1;
  s->lambda = l;
  s->lambda_cap = cap;
  return 0;
}

int rigid_impulse_step_init(RigidImpulseStep *s, int nv) {
  memset(s, 0, sizeof *s);
  s->params = rigid_solver_defaults();
  s->prev_nc = -1;
  s->v_free = calloc((size_t)nv + 1, sizeof(double));
  if (!s->v_free || rigid_problem_init(&s->prob, nv) != 0 || grow_lambda(s, 8) != 0) return -1;
  return 0;
}

void rigid_impulse_step_free(RigidImpulseStep *s) {
  rigid_problem_free(&s->prob);
  free(s->lambda);
  free(s->v_free);
  s->lambda = s->v_free = NULL;
}

int rigid_impulse_step_solve(RigidImpulseStep *s, const Model *m, Data *d, double t, double h, const double *v,
                             long *iters, double *v_out, char *msg, size_t msglen) {
  const int nc = d->ncon;
  if (rigid_problem_build(&s->prob, m, d, h, v, 0.0, s->v_free) != 0 || grow_lambda(s, nc) != 0) {
    snprintf(msg, msglen, "out of memory or mass matrix not positive definite at t = %.17g", t);
    return CB_RECOVERABLE_MODEL;
  }
  RigidSolverParams par = s->params;
  par.warm_start = par.warm_start && nc == s->prev_nc;
  if (!par.warm_start) memset(s->lambda, 0, 3 * (size_t)nc * sizeof *s->lambda);
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
  s->prev_nc = nc;
  rigid_problem_velocity(&s->prob, m, d, s->lambda, s->v_free, v_out);
  return CB_OK;
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
  for (int i = 0; i < m->nmaterial; ++i)
    if (m->materials[i].mu_static != m->materials[i].mu_dynamic) {
      integrator_note(it, "%s: one Coulomb coefficient, mu_dynamic (material '%s': mu_static %g, mu_dynamic %g): "
                          "static friction above mu_dynamic is not modeled",
                      it->vtbl->name, m->materials[i].name, m->materials[i].mu_static, m->materials[i].mu_dynamic);
      return;
    }
  integrator_note(it, "%s: friction uses mu_dynamic (mu_static equals it on this scene)", it->vtbl->name);
}
