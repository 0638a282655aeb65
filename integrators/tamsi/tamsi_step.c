#include "tamsi_step.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../models/contact.h"
#include "../../models/contact/contact_hooks.h"
#include "../../models/controller.h"
#include "../../models/multibody.h"
#include "../../models/system.h"

CbStatus tamsi_stepper_init(TamsiStepper *st, const Model *m, IntegratorStats *stats) {
  memset(st, 0, sizeof *st);
  st->m = m;
  st->stats = stats;
  st->max_iter = 100;
  const size_t nv = (size_t)m->nv + 1, nz = (size_t)m->nz + 1, nx = (size_t)system_nx(m) + 1;
  int ok = 1;
  for (int e = 0; e < 2; ++e) {
    TamsiStepData *c = &st->cache[e];
    c->d = data_create(m);
    if (c->d && stats) data_count_geometry_into(c->d, &stats->geometry_queries);
    c->x = calloc(nx, sizeof(double));
    c->zdot = calloc(nz, sizeof(double));
    ok = ok && c->d && c->x && c->zdot;
  }
  st->d = st->cache[0].d;
  st->zdot = st->cache[0].zdot;
  st->prescribed_motion = contact_has_prescribed_motion(m);
  st->v = calloc(nv, sizeof(double));
  st->tau_scratch = calloc(nv, sizeof(double));
  st->tau_shift = calloc(nv, sizeof(double));
  st->x_sub = calloc(nx, sizeof(double));
  if (!ok || !st->v || !st->tau_scratch || !st->tau_shift || !st->x_sub || tamsi_problem_init(&st->prob, m->nv) != 0) {
    tamsi_stepper_free(st);
    return CB_ERR_MEMORY;
  }
  st->prob.tap = &st->tap;
  return CB_OK;
}

void tamsi_stepper_free(TamsiStepper *st) {
  for (int e = 0; e < 2; ++e) {
    if (st->cache[e].d) data_free(st->cache[e].d);
    free(st->cache[e].x);
    free(st->cache[e].zdot);
  }
  tamsi_problem_free(&st->prob);
  free(st->v); free(st->tau_scratch); free(st->tau_shift); free(st->x_sub);
  memset(st, 0, sizeof *st);
}

void tamsi_stepper_invalidate(TamsiStepper *st) { st->cache[0].valid = st->cache[1].valid = 0; }

/* Geometry, M, k, tau, contacts at the step start; skipped when a cache entry already holds
 * this state (the first half step of step doubling starts where the full step did, and a
 * retry after a rejected attempt starts where the rejected one did). */
static int step_data(TamsiStepper *st, double t, const double *x, double h) {
  const Model *m = st->m;
  const int nx = system_nx(m);
  for (int e = 0; e < 2; ++e) {
    const TamsiStepData *c = &st->cache[e];
    if (c->valid && c->t == t && h <= c->horizon && memcmp(c->x, x, (size_t)nx * sizeof(double)) == 0) {
      st->current = e;
      st->d = c->d;
      st->zdot = c->zdot;
      return CB_OK;
    }
  }
  /* evaluate into the entry not used last, keeping the most recent one */
  TamsiStepData *entry = &st->cache[1 - st->current];
  st->current = 1 - st->current;
  st->d = entry->d;
  st->zdot = entry->zdot;
  entry->valid = 0;
  Data *d = st->d;
  const double *q = x, *v = x + m->nq, *z = x + m->nq + m->nv;
  const int rc = system_step_data(m, d, t, q, v, z, h);
  if (rc != CB_OK) { /* system_step_data fails only when the contact arrays cannot grow */
    snprintf(st->message, sizeof st->message, "out of memory evaluating the model at t = %.17g", t);
    return rc;
  }
  if (m->nz > 0) {
    memset(st->tau_scratch, 0, (size_t)m->nv * sizeof(double));
    controller_eval(m, d, t, q, v, z, st->tau_scratch, st->zdot);
  }
  memcpy(entry->x, x, (size_t)nx * sizeof(double));
  entry->t = t;
  entry->horizon = h;
  entry->valid = 1;
  return CB_OK;
}

/* Copies contact i's Jacobian blocks into rows 3i..3i+2 of prob->J. */
static void load_contact(TamsiStepper *st, int i) {
  const Model *m = st->m;
  const Data *d = st->d;
  const Contact *c = &d->contacts[i];
  TamsiProblem *p = &st->prob;
  TamsiContact *tc = &p->con[i];
  /* Default: CENIC eq. 8's Stribeck curve mu_static -> mu_dynamic under TAMSI's stiction slope
   * (tamsi_mu). friction=paper: one coefficient, mu_dynamic, as the paper and its reference
   * implementation (which ignore mu_static); tamsi.c then notes it in the record. */
  const ContactTamsi law = contact_tamsi(&c->par, c->phi, m->stiction_tolerance, st->friction_paper);
  tc->mu = law.mu;
  tc->mu_static = law.mu_static;
  tc->k = law.k;
  tc->d = law.d;
  tc->v_s = law.v_s;
  tc->fn0 = law.fn0; /* signed: a gap phi0 > 0 pushes only once phi0 + h vn < 0 */
  tc->nseg = 0;
  for (int s = 0; s < 2; ++s) {
    if (c->jac_adr[s] < 0 || c->tree[s] < 0) continue;
    const int tree = c->tree[s], n = m->tree_nv[tree], col0 = m->tree_vadr[tree];
    const double *blk = d->contact_jac + c->jac_adr[s];
    for (int r = 0; r < 3; ++r) memcpy(p->J + (size_t)(3 * i + r) * (size_t)p->nv + col0, blk + r * n, (size_t)n * sizeof(double));
    tc->seg_col[tc->nseg] = col0;
    tc->seg_len[tc->nseg] = n;
    tc->nseg++;
  }
  memcpy(p->vc_off + 3 * i, c->vc_offset, 3 * sizeof(double));
}

int tamsi_assemble(TamsiStepper *st, double t, const double *x, double h) {
  const Model *m = st->m;
  const int nq = m->nq, nv = m->nv;
  int rc = step_data(st, t, x, h);
  if (rc != CB_OK) return rc;
  Data *d = st->d;
  TamsiProblem *p = &st->prob;
  const double *v0 = x + nq;
  /* A = M0 + h D (joint damping implicit [ref]); p* = A v0 - h k0 + h tau0, where k0 holds
   * D v0, so p* = M0 v0 + h (tau0 - (k0 - D v0)): the paper's eq. 11 with damping moved
   * to the implicit side. */
  p->h = h;
  memset(p->A, 0, (size_t)nv * (size_t)nv * sizeof(double));
  for (int tr = 0; tr < m->ntree; ++tr) {
    const int n = m->tree_nv[tr], a = m->tree_vadr[tr];
    const double *blk = d->mass + m->tree_madr[tr];
    for (int r = 0; r < n; ++r) memcpy(p->A + (size_t)(a + r) * (size_t)nv + a, blk + r * n, (size_t)n * sizeof(double));
  }
  for (int i = 0; i < nv; ++i) p->A[(size_t)i * (size_t)nv + i] += h * m->dof_damping[i];
  for (int r = 0; r < nv; ++r) {
    const double *Ar = p->A + (size_t)r * (size_t)nv;
    double s = 0.0;
    for (int c = 0; c < nv; ++c) s += Ar[c] * v0[c];
    p->pstar[r] = s - h * d->bias[r] + h * d->tau[r];
  }
  /* Prescribed time-dependent forces at the end of the step, t + h, as implicit Euler in time
   * does (state-dependent forces stay explicit, eq. 11). With F = 4 cos(2 pi t) this puts the
   * box's first slide-to-stick transition in the step starting at 0.16 s (TAMSI VI-A). */
  if (m->nforce > 0) {
    memset(st->tau_shift, 0, (size_t)nv * sizeof(double));
    system_applied_forces(m, d, t + h, st->tau_shift);
    for (int i = 0; i < nv; ++i) st->tau_shift[i] = -st->tau_shift[i];
    system_applied_forces(m, d, t, st->tau_shift);
    for (int i = 0; i < nv; ++i) p->pstar[i] -= h * st->tau_shift[i];
  }
  if (tamsi_problem_set_contacts(p, d->ncon) != 0) {
    snprintf(st->message, sizeof st->message, "out of memory for %d contacts", d->ncon);
    return CB_ERR_MEMORY;
  }
  for (int i = 0; i < d->ncon; ++i) {
    if (!contact_compliant(&d->contacts[i].par)) {
      snprintf(st->message, sizeof st->message, "TAMSI needs compliant contact; contact %d is rigid", i);
      return CB_ERR_MODEL;
    }
    load_contact(st, i);
    /* prescribed surface / kinematic-body velocities at the end of the step, like the applied
     * forces above (implicit Euler in time) */
    if (st->prescribed_motion) contact_prescribed_offset(m, d, i, t + h, p->vc_off + 3 * i);
  }
  return CB_OK;
}

int tamsi_step(TamsiStepper *st, double t, const double *x, double h, double *xout) {
  const Model *m = st->m;
  const int nq = m->nq, nv = m->nv, nz = m->nz;
  int rc = tamsi_assemble(st, t, x, h);
  if (rc != CB_OK) return rc;
  TamsiProblem *p = &st->prob;
  const double *v0 = x + nq, *z0 = x + nq + nv;
  /* Newton + TALS from v0. */
  memcpy(st->v, v0, (size_t)nv * sizeof(double));
  st->tap.t = t;
  st->tap.h = h;
  TamsiSolveInfo info;
  rc = tamsi_solve(p, st->v, st->max_iter, &info);
  st->stats->newton_iters += info.iterations;
  st->stats->factorizations += info.factorizations;
  st->stats->linesearch_iters += info.linesearch_cuts;
  if (rc != 0) {
    snprintf(st->message, sizeof st->message,
             "TAMSI Newton did not converge at t = %.17g, h = %.3g (%d iterations, |R| = %.3g)", t, h,
             info.iterations, info.residual);
    return CB_ERR_SOLVER;
  }
  /* z first (xout may alias x), then q = q0 + h N(q0) v, then v. */
  for (int i = 0; i < nz; ++i) xout[nq + nv + i] = z0[i] + h * st->zdot[i];
  mb_integrate_q(m, x, st->v, h, xout);
  memcpy(xout + nq, st->v, (size_t)nv * sizeof(double));
  return CB_OK; /* a non-finite state is the driver's to judge (common/stepper.h) */
}

int tamsi_step_with_retries(TamsiStepper *st, double t, const double *x, double h, double *xout) {
  int rc = tamsi_step(st, t, x, h, xout);
  if (rc != CB_ERR_SOLVER) return rc;
  const size_t bytes = (size_t)system_nx(st->m) * sizeof(double);
  for (int n = 2; n <= TAMSI_MAX_SUBSTEPS; ++n) {
    st->stats->substep_retries++;
    memcpy(st->x_sub, x, bytes);
    const double hs = h / n;
    for (int j = 0; j < n; ++j) {
      rc = tamsi_step(st, t + j * hs, st->x_sub, hs, st->x_sub);
      if (rc != CB_OK) break;
    }
    if (rc == CB_OK) {
      memcpy(xout, st->x_sub, bytes);
      return CB_OK;
    }
    if (rc != CB_ERR_SOLVER) return rc;
  }
  snprintf(st->message + strlen(st->message), sizeof st->message - strlen(st->message),
           "; failed with up to %d substeps", TAMSI_MAX_SUBSTEPS);
  return rc;
}
