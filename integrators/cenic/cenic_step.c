#include "cenic_step.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../models/collision.h"
#include "../../models/contact.h"
#include "../../models/contact/contact_hooks.h"
#include "../../models/controller.h"
#include "../../models/multibody.h"
#include "../../models/system.h"
#include "../common/wall_clock.h"

static double *dalloc(int n) { return calloc((size_t)(n > 0 ? n : 1), sizeof(double)); }

CbStatus cenic_core_init(CenicCore *c, const Model *m, const IcfSolverOptions *sopt, int regularized, int implicit_ctrl) {
  memset(c, 0, sizeof *c);
  c->m = m;
  c->sopt = *sopt;
  c->regularized = regularized;
  c->implicit_ctrl = implicit_ctrl;
  c->d = data_create(m);
  c->d_alt = data_create(m);
  if (!c->d || !c->d_alt) return CB_ERR_MEMORY;
  c->prescribed_motion = contact_has_prescribed_motion(m);
  if (icf_problem_init(&c->prob, m->nv, m->ntree, m->tree_vadr, m->tree_nv)) return CB_ERR_MEMORY;
  if (icf_problem_reserve(&c->prob, c->d->maxcon, 0)) return CB_ERR_MEMORY; /* Jacobians: borrowed from Data (copy_contacts) */
  c->solver = icf_solver_create(&c->prob, sopt);
  if (!c->solver) return CB_ERR_MEMORY;
  icf_solver_set_tap(c->solver, &c->tap);
  int nv = m->nv;
  c->diag = dalloc(nv);
  c->tau_ext = dalloc(nv);
  c->tau_shift = dalloc(nv);
  c->gbase = dalloc(nv);
  c->gpert = dalloc(nv);
  c->cdiag = dalloc(nv);
  c->vtmp = dalloc(nv);
  c->vtmp2 = dalloc(nv);
  c->ctmp = dalloc(nv);
  c->qtmp = dalloc(m->nq);
  c->ztmp = dalloc(m->nz);
  c->zdot = dalloc(m->nz);
  c->M0 = dalloc(m->mass_size);
  c->k0 = dalloc(nv);
  c->tau0 = dalloc(nv);
  c->jn = dalloc(nv);
  c->jn_next = dalloc(nv);
  c->ctrl_dof = calloc((size_t)(nv > 0 ? nv : 1), sizeof(int));
  c->lookahead_friction = 1;
  if (cenic_lag_init(&c->lag, m->nq + nv + m->nz)) return CB_ERR_MEMORY;
  if (!c->diag || !c->tau_ext || !c->tau_shift || !c->gbase || !c->gpert || !c->cdiag || !c->vtmp || !c->vtmp2 || !c->ctmp || !c->qtmp ||
      !c->ztmp || !c->zdot || !c->M0 || !c->k0 || !c->tau0 || !c->jn || !c->jn_next || !c->ctrl_dof)
    return CB_ERR_MEMORY;
  c->limit_beta = 0.1;
  int nc = m->ncontroller > 0 ? m->ncontroller : 1, maxndof = 1, nterm = 0;
  c->fd_ctrl = calloc((size_t)nc, sizeof(Controller));
  c->lin_ctrl = calloc((size_t)nc, sizeof(int));
  if (!c->fd_ctrl || !c->lin_ctrl) return CB_ERR_MEMORY;
  c->fd_model = *m; /* shallow: shares every array, only the controller list differs */
  c->fd_model.controllers = c->fd_ctrl;
  c->fd_model.ncontroller = 0;
  for (int ci = 0; ci < m->ncontroller; ++ci) {
    const Controller *ct = &m->controllers[ci];
    int linear = ct->type != CTRL_INVERSE_DYNAMICS;
    for (int j = 0; j < ct->ndof; ++j)
      linear &= m->bodies[m->dof_body[ct->dof[j]]].nv == 1 && ct->kp[j] >= 0 && ct->kd[j] >= 0 &&
                ct->kp[j] + ct->kd[j] > 0 && (ct->type != CTRL_PID || ct->ki[j] >= 0) && ct->effort_limit[j] > 0;
    if (ct->ndof > maxndof) maxndof = ct->ndof;
    if (linear) {
      c->lin_ctrl[c->nlin_ctrl++] = ci;
      nterm += ct->ndof;
      continue;
    }
    c->fd_ctrl[c->fd_model.ncontroller++] = *ct;
    for (int j = 0; j < ct->ndof; ++j) { /* union of the finite-differenced dofs */
      int dof = ct->dof[j], seen = 0;
      for (int k = 0; k < c->nctrl; ++k) seen |= c->ctrl_dof[k] == dof;
      if (!seen && c->nctrl < nv) c->ctrl_dof[c->nctrl++] = dof;
    }
  }
  for (int b = 1; b < m->nbody; ++b) nterm += m->bodies[b].has_limit && m->bodies[b].nv == 1;
  c->cjac = dalloc(c->nctrl * c->nctrl);
  c->cchol = dalloc(c->nctrl * c->nctrl);
  if (!c->cjac || !c->cchol) return CB_ERR_MEMORY;
  c->sp_qd = dalloc(maxndof);
  c->sp_vd = dalloc(maxndof);
  c->sp_en = dalloc(maxndof);
  if (!c->sp_qd || !c->sp_vd || !c->sp_en || icf_problem_reserve_dof(&c->prob, nterm)) return CB_ERR_MEMORY;
  return CB_OK;
}

void cenic_core_set_model(CenicCore *c, IcfModelKind model, double sap_tau_d) {
  c->model = model;
  c->prob.model = icf_model_table(model);
  c->sap_tau_d = sap_tau_d;
  c->sap_beta = 1.0;   /* [ref] near-rigid threshold: contact period beta h */
  c->sap_sigma = 1e-3; /* ICF sec. VIII: SAP's R_t = sigma w */
}

CbStatus cenic_core_init_diagnostics(CenicCore *c, int with_cond) {
  c->step_diag.hessian_cond = c->step_diag.stiction_median = c->step_diag.stiction_min = NAN;
  return icf_diag_init(&c->sdiag, c->m->nv, c->prob.maxcon, with_cond);
}

void cenic_core_free(CenicCore *c) {
  icf_diag_free(&c->sdiag);
  icf_solver_free(c->solver);
  icf_problem_free(&c->prob);
  if (c->d) data_free(c->d);
  if (c->d_alt) data_free(c->d_alt);
  double *bufs[] = {c->diag, c->tau_ext, c->tau_shift, c->gbase, c->gpert, c->cdiag, c->vtmp, c->vtmp2, c->ctmp, c->qtmp,
                    c->ztmp, c->zdot, c->M0, c->k0, c->tau0, c->jn, c->jn_next};
  for (size_t i = 0; i < sizeof bufs / sizeof bufs[0]; ++i) free(bufs[i]);
  free(c->ctrl_dof);
  free(c->cjac);
  free(c->cchol);
  cenic_lag_free(&c->lag);
  free(c->fd_ctrl);
  free(c->lin_ctrl);
  free(c->sp_qd);
  free(c->sp_vd);
  free(c->sp_en);
  memset(c, 0, sizeof *c);
}

int cenic_eval_data(CenicCore *c, double t, const double *x, double horizon) {
  const Model *m = c->m;
  double t0 = wall_seconds();
  int rc = system_step_data(m, c->d, t, x, x + m->nq, x + m->nq + m->nv, horizon);
  /* only the regularized friction (ICF eq. 26) and SAP's regularization solve with M */
  if (rc == CB_OK && (c->regularized != CENIC_REG_NONE || c->model == ICF_MODEL_SAP) && mb_factor_mass(m, c->d) != 0)
    rc = CB_ERR_MODEL;
  c->time_geometry += wall_seconds() - t0;
  if (rc == CB_ERR_MEMORY) snprintf(c->msg, sizeof c->msg, "out of memory evaluating the model at t = %g", t);
  else if (rc) snprintf(c->msg, sizeof c->msg, "model evaluation failed at t = %g (mass matrix not positive definite?)", t);
  return rc;
}

/* Forces of the controllers of model cm only (no applied forces), at (t, q, v, z). */
static void controller_tau(CenicCore *c, const Model *cm, double t, const double *q, const double *v, const double *z,
                           double *tau, double *zdot) {
  memset(tau, 0, sizeof(double) * (size_t)c->m->nv);
  if (zdot) memset(zdot, 0, sizeof(double) * (size_t)c->m->nz);
  controller_eval(cm, c->d, t, q, v, z, tau, zdot);
}

/* g~(v) = g(z~(v), q^n + h N v, v) at t + h (CENIC V-C), z~ = z + h zdot, for the
 * finite-differenced controllers. */
static void controller_tilde(CenicCore *c, double t, const double *x, double h, const double *v, double *tau) {
  const Model *m = c->m;
  mb_integrate_q(m, x, v, h, c->qtmp);
  const double *z = x + m->nq + m->nv;
  if (m->nz > 0) {
    controller_tau(c, &c->fd_model, t + h, c->qtmp, v, z, tau, c->zdot);
    for (int i = 0; i < m->nz; ++i) c->ztmp[i] = z[i] + h * c->zdot[i];
  }
  controller_tau(c, &c->fd_model, t + h, c->qtmp, v, c->ztmp, tau, NULL);
}

/* Trapezoid: g~(v) = g(z^, q^n + h/2 N (v^n + v), v) at t + h (eq. 25b's q^{n+1}), with the
 * M and k of x-hat (c->d), for the finite-differenced controllers. */
static void controller_tilde_trap(CenicCore *c, double t, const double *x, const double *xhat, double h, const double *v,
                                  double *tau) {
  const Model *m = c->m;
  const double *vn = x + m->nq;
  for (int i = 0; i < m->nv; ++i) c->vtmp2[i] = 0.5 * (vn[i] + v[i]);
  mb_integrate_q(m, x, c->vtmp2, h, c->qtmp);
  controller_tau(c, &c->fd_model, t + h, c->qtmp, v, xhat + m->nq + m->nv, tau, NULL);
}

/* SYMMETRIC mode: replaces cjac by its symmetric part, entries across trees zeroed (A has one
 * block per tree), and says whether that C is positive definite (Cholesky), so that
 * v^T C v / 2 is a strictly convex cost. 0: use eq. 29's diagonal instead. */
static int ctrl_symmetric_block(CenicCore *c) {
  const Model *m = c->m;
  int n = c->nctrl;
  double *C = c->cjac, *L = c->cchol;
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < i; ++k) {
      int same = m->dof_tree[c->ctrl_dof[i]] == m->dof_tree[c->ctrl_dof[k]];
      double s = same ? 0.5 * (C[i * n + k] + C[k * n + i]) : 0.0;
      C[i * n + k] = C[k * n + i] = s;
    }
  memcpy(L, C, sizeof(double) * (size_t)n * (size_t)n);
  for (int j = 0; j < n; ++j) {
    double s = L[j * n + j];
    for (int k = 0; k < j; ++k) s -= L[j * n + k] * L[j * n + k];
    if (!(s > 0.0)) return 0;
    L[j * n + j] = sqrt(s);
    for (int i = j + 1; i < n; ++i) {
      double r = L[i * n + j];
      for (int k = 0; k < j; ++k) r -= L[i * n + k] * L[j * n + k];
      L[i * n + j] = r / L[j * n + j];
    }
  }
  return 1;
}

/* Effort-limited linear laws tau = clamp(-C v + b, +-e) (CENIC eq. 19) of the PD/PID
 * controllers at t + h, b = y(v^n) + C v^n, exact for PD/PID (eq. 27):
 *   ICF step (trap = 0): q~ = q^n + h v, z~ = z^n + h (q~ - qd) (implicit Euler),
 *     C = h kp + kd (+ h^2 ki), impulse h tau;
 *   trapezoid (trap = 1): q~ = q^n + h/2 (v^n + v) (eq. 25b), z~ = z^n + h/2 (e^n + q~ - qd)
 *     (the trapezoid rule on z' = q - qd), C = h/2 kp + kd (+ h^2/4 ki), impulse h/2 tau: the
 *     implicit half of taubar = (tau^n + tau^{n+1}) / 2 (eq. 25a; Remark 1's second-order
 *     treatment), whose explicit half tau^n is in r. */
static void add_effort_terms(CenicCore *c, double t, const double *x, double h, int trap) {
  const Model *m = c->m;
  const double *q = x, *v = x + m->nq, *z = x + m->nq + m->nv;
  IcfProblem *p = &c->prob;
  const double hq = trap ? 0.5 * h : h; /* dq~/dv */
  for (int k = 0; k < c->nlin_ctrl; ++k) {
    const Controller *ct = &m->controllers[c->lin_ctrl[k]];
    if (trap && ct->type == CTRL_PID) controller_setpoint(ct, t, c->sp_qd, NULL); /* e^n */
    for (int j = 0; trap && ct->type == CTRL_PID && j < ct->ndof; ++j) c->sp_en[j] = q[ct->qdof[j]] - c->sp_qd[j];
    controller_setpoint(ct, t + h, c->sp_qd, c->sp_vd);
    for (int j = 0; j < ct->ndof; ++j) {
      int i = ct->dof[j];
      double qt = q[ct->qdof[j]] + h * v[i], err = qt - c->sp_qd[j];
      double y = -ct->kp[j] * err - ct->kd[j] * (v[i] - c->sp_vd[j]);
      double C = hq * ct->kp[j] + ct->kd[j];
      if (ct->type == CTRL_PID) {
        double zt = trap ? z[ct->zadr + j] + 0.5 * h * (c->sp_en[j] + err) : z[ct->zadr + j] + h * err;
        y -= ct->ki[j] * zt;
        C += (trap ? 0.5 * h : h) * hq * ct->ki[j];
      }
      IcfDofTerm *tm = &p->dofterm[p->ndof++];
      tm->kind = ICF_DOF_EFFORT;
      tm->dof = i;
      tm->h = trap ? 0.5 * h : h;
      tm->c = C;
      tm->b = y + C * v[i];
      tm->e = ct->effort_limit[j];
    }
  }
}

/* Trapezoid: the PD/PID integral states z^{n+1} = z^n + h/2 (e^n + e^{n+1}) of the controllers
 * add_effort_terms linearized, e = q - qd, at the step's q^{n+1} (the same rule the solve used,
 * so z and tau^{n+1} agree). */
static void trap_effort_states(CenicCore *c, double t, const double *x, double h, double *xout) {
  const Model *m = c->m;
  int off = m->nq + m->nv;
  for (int k = 0; k < c->nlin_ctrl; ++k) {
    const Controller *ct = &m->controllers[c->lin_ctrl[k]];
    if (ct->type != CTRL_PID) continue;
    controller_setpoint(ct, t, c->sp_qd, NULL);
    for (int j = 0; j < ct->ndof; ++j) c->sp_en[j] = x[ct->qdof[j]] - c->sp_qd[j];
    controller_setpoint(ct, t + h, c->sp_qd, NULL);
    for (int j = 0; j < ct->ndof; ++j)
      xout[off + ct->zadr + j] = x[off + ct->zadr + j] + 0.5 * h * (c->sp_en[j] + xout[ct->qdof[j]] - c->sp_qd[j]);
  }
}

void cenic_add_limit_terms(CenicCore *c, const double *q, double h) {
  const Model *m = c->m;
  IcfProblem *p = &c->prob;
  double beta = c->limit_beta;
  for (int b = 1; b < m->nbody; ++b) {
    const Body *bd = &m->bodies[b];
    if (!bd->has_limit || bd->nv != 1 || bd->tree < 0) continue;
    int i = bd->vadr, t = bd->tree, n = m->tree_nv[t], li = i - m->tree_vadr[t];
    double mi = c->d->mass[m->tree_madr[t] + li * n + li]; /* effective mass: diag of M */
    /* Eq. 18 as printed, k = m / (4 pi^2 beta^2 h^2), contradicts its own "critically damped,
     * period beta h" with tau = beta h / pi; that oscillator (and the reference's near-rigid
     * regime of SAP) has k = m (2 pi / (beta h))^2, used here. */
    double k = 4.0 * M_PI * M_PI * mi / (beta * beta * h * h), tau = beta * h / M_PI;
    IcfDofTerm *tm = &p->dofterm[p->ndof++];
    tm->kind = ICF_DOF_LIMIT;
    tm->dof = i;
    tm->s = h * (h + tau) * k;
    tm->vl = isfinite(bd->limit_lower) ? (bd->limit_lower - q[bd->qadr]) / (h + tau) : -INFINITY;
    tm->vu = isfinite(bd->limit_upper) ? (bd->limit_upper - q[bd->qadr]) / (h + tau) : INFINITY;
  }
}

/* The diagonal of contact ic's Delassus operator J M^-1 J^T into W[3] (one tree's block per side:
 * O(n^2), not O(nv)). */
static void delassus_diagonal(CenicCore *c, const IcfContact *ic, double *W) {
  const Model *m = c->m;
  W[0] = W[1] = W[2] = 0.0;
  for (int s = 0; s < 2; ++s) {
    int t = ic->tree[s];
    if (t < 0 || ic->jac_off[s] < 0) continue;
    int n = m->tree_nv[t];
    const double *J = c->d->contact_jac + ic->jac_off[s];
    for (int r = 0; r < 3; ++r) {
      memcpy(c->vtmp, J + r * n, sizeof(double) * (size_t)n);
      mb_solve_mass_tree(m, c->d, t, c->vtmp);
      for (int j = 0; j < n; ++j) W[r] += J[r * n + j] * c->vtmp[j];
    }
  }
}

/* Per-contact ICF data from c->d into problem slot i (CENIC eq. 13-14, V-D). For the trapezoid
 * (trap = 1) the elastic force is stepped back from xhat and the weight is 1/2 (eq. 25). */
static void fill_contact(CenicCore *c, int i, double h, int trap, double n0_lookahead) {
  const Contact *k = &c->d->contacts[i];
  IcfContact *ic = &c->prob.con[i];
  for (int s = 0; s < 2; ++s) {
    ic->tree[s] = k->tree[s];
    ic->jac_off[s] = k->tree[s] >= 0 ? k->jac_adr[s] : -1;
  }
  if (ic->jac_off[1] < 0) ic->tree[1] = -1;
  for (int r = 0; r < 3; ++r) ic->offset[r] = k->vc_offset[r];
  const ContactParams *par = &k->par;
  const ContactLagged lag = contact_lagged(par, k->phi); /* the law's CENIC hook */
  double vn = k->vc0[2], vt = sqrt(k->vc0[0] * k->vc0[0] + k->vc0[1] * k->vc0[1]);
  /* The elastic force is linearized with the signed distance (ICF eq. 7 and 23): a gap
   * phi0 > 0 (a speculative contact, or one within a geometry margin) gives fe0 < 0 and
   * vhat = -phi0/h < 0, so the contact pushes only once phi0 + h v_n < 0, never at a distance.
   * Clamping fe0 at 0 made every reported gap push as if touching. */
  double fe_signed = lag.fe, fe = fmax(0.0, fe_signed);
  ic->h = h;
  ic->k = lag.k;
  ic->d = lag.d;
  /* eq. 25: weight 1/2 on Jhat (ours), or weight 1 on J = Jhat/2 (literal: copy_contacts halves
   * the Jacobian, and the offset with it so that the whole contact velocity is halved) */
  const int literal = trap && c->trap_literal;
  ic->weight = trap && !literal ? 0.5 : 1.0;
  if (literal)
    for (int r = 0; r < 3; ++r) ic->offset[r] *= 0.5;
  /* trapezoid: stepped back from xhat, fe0 = f_e(qhat) + h k vhat_n (CENIC V-B), signed too */
  ic->fe0 = trap ? fe_signed + h * lag.k * vn : fe_signed;
  ic->n0 = h * fe * fmax(0.0, 1.0 - lag.d * vn); /* lagged h f_n(x), eq. 14: >= 0 */
  if (k->phi > 0 && n0_lookahead > 0) ic->n0 = n0_lookahead; /* the last solve's load (lookahead_n0) */
  double vs = lag.vs;
  /* only mu n0 enters the problem: a contact without lagged normal impulse (speculative, a third
   * of hard clutter's) has no friction, whatever mu(|v_t| / v_s) is */
  ic->mu = ic->n0 > 0 ? friction_coefficient(par, vt / vs, NULL) : 0.0;
  ic->eps = ic->eps_reg = vs;
  ic->sap_Rt = ic->sap_Rn = ic->sap_vhat = 0.0;
  if (c->model != ICF_MODEL_LAGGED) {
    /* SAP's and Similar's friction bound is mu times the implicit normal impulse: a contact
     * without previous load has friction too */
    ic->mu = friction_coefficient(par, vt / vs, NULL);
    if (c->model == ICF_MODEL_SAP) {
      double W[3];
      delassus_diagonal(c, ic, W);
      /* trapezoid: the gap stepped back from xhat like fe0 */
      double phi0 = trap ? k->phi - h * vn : k->phi;
      icf_sap_params(lag.k, h, c->sap_tau_d, phi0, W, c->sap_beta, c->sap_sigma, &ic->sap_Rt, &ic->sap_Rn,
                     &ic->sap_vhat);
    }
  }
  if (c->regularized != CENIC_REG_NONE && ic->mu * ic->n0 > 0) {
    /* ICF eq. 26: eps = max(v_s, mu R_t n0), R_t = 1e-3 w, w = trace(J M^-1 J^T)/3 */
    const Model *m = c->m;
    double w = 0.0;
    for (int s = 0; s < 2; ++s) {
      int t = ic->tree[s];
      if (t < 0 || ic->jac_off[s] < 0) continue;
      int n = m->tree_nv[t];
      const double *J = c->d->contact_jac + ic->jac_off[s];
      for (int r = 0; r < 3; ++r) { /* one tree's block only: O(n^2), not O(nv) */
        memcpy(c->vtmp, J + r * n, sizeof(double) * (size_t)n);
        mb_solve_mass_tree(m, c->d, t, c->vtmp);
        for (int j = 0; j < n; ++j) w += J[r * n + j] * c->vtmp[j];
      }
    }
    double eps = ic->mu * 1e-3 * (w / 3.0) * ic->n0;
    if (eps > ic->eps_reg) ic->eps_reg = eps;
    if (c->regularized == CENIC_REG_ICF26) ic->eps = ic->eps_reg;
  }
}

/* The lagged normal impulses of the look-ahead contacts (phi0 > 0) of the pair whose contacts
 * are d->contacts[i0, i1), into n0[i - i0] (0 for the others). A look-ahead contact has no force
 * at x (the force law's n0 is zero across a gap); if the solve that ended at x loaded it, that
 * force is the better lag (else a pivot lifted by micrometres every other step is
 * frictionless on those steps and slides). The pair's look-ahead contacts share what the pair
 * carried in that solve less what its touching contacts' force law already gives, so that the
 * pair's friction bound never exceeds mu times its last load (a box tilting under a push lifts
 * its back edge while its front takes the load). */
static void lookahead_n0(const CenicCore *c, const CenicLagRecord *lag, double h, int i0, int i1, double *n0) {
  const Data *d = c->d;
  double law = 0.0, lent = 0.0;
  for (int i = i0; i < i1; ++i) {
    const Contact *k = &d->contacts[i];
    n0[i - i0] = 0.0;
    if (k->phi > 0) lent += n0[i - i0] = h * cenic_lag_force(lag, c->m, d, i);
    else {
      const ContactLagged lk = contact_lagged(&k->par, k->phi);
      law += h * lk.k * -k->phi * fmax(0.0, 1.0 - lk.d * k->vc0[2]);
    }
  }
  if (!(lent > 0)) return;
  const double carried = h * cenic_lag_pair_force(lag, c->m, d->contacts[i0].geom[0], d->contacts[i0].geom[1]);
  const double scale = fmin(1.0, fmax(0.0, carried - law) / lent);
  for (int i = i0; i < i1; ++i) n0[i - i0] *= scale;
}

/* x: the state the contacts were evaluated at (the key of the previous solve's forces) */
static CbStatus copy_contacts(CenicCore *c, double h, int trap, const double *x) {
  Data *d = c->d;
  if (icf_problem_reserve(&c->prob, d->ncon, 0)) {
    snprintf(c->msg, sizeof c->msg, "out of memory");
    return CB_ERR_MEMORY;
  }
  c->prob.jac = d->contact_jac; /* borrowed: every solve of this problem precedes the next evaluation */
  c->prob.jac_size = d->jac_size;
  c->prob.ncon = d->ncon;
  c->prob.contacts_version++;
  if (trap && c->trap_literal) {
    /* eq. 25's J = Jhat/2 read literally: a halved copy (amortized pool, grows with the contacts) */
    if (icf_problem_reserve(&c->prob, d->ncon, d->jac_size)) {
      snprintf(c->msg, sizeof c->msg, "out of memory");
      return CB_ERR_MEMORY;
    }
    for (int i = 0; i < d->jac_size; ++i) c->prob.jac[i] = 0.5 * d->contact_jac[i];
  }
  const CenicLagRecord *lag = c->lookahead_friction ? cenic_lag_find(&c->lag, x) : NULL;
  double n0[CB_MAX_PAIR_CONTACTS];
  for (int i0 = 0, i1; i0 < d->ncon; i0 = i1) { /* a pair's contacts are consecutive (collision_detect) */
    const Contact *k0 = &d->contacts[i0];
    i1 = i0 + 1;
    while (i1 < d->ncon && i1 - i0 < CB_MAX_PAIR_CONTACTS && d->contacts[i1].geom[0] == k0->geom[0] &&
           d->contacts[i1].geom[1] == k0->geom[1])
      ++i1;
    if (lag) lookahead_n0(c, lag, h, i0, i1, n0);
    for (int i = i0; i < i1; ++i) fill_contact(c, i, h, trap, lag ? n0[i - i0] : 0.0);
  }
  return CB_OK;
}

/* Continuation on the friction soft norm (CenicRegularization): with eps = v_s the friction
 * Hessian mu n0 / eps reaches 1e5-1e6 times the body masses after impacts, the quadratic model
 * holds only within eps of each stick-slip kink, and exact line searches stop at one kink per
 * Newton iteration, so large clutter needs very many (docs/physics.md, "CENIC's convex
 * solver"). Eq. 26's eps bounds that ratio by 1e3; its minimizer puts almost every contact in
 * its final stick or slip state, and the exact problem then converges in a few iterations. */
#define CENIC_CONTINUATION_TOL_FACTOR 1e3
static int solve(CenicCore *c, double *v, double t, double h) {
  c->tap.t = t; /* the Newton log's step */
  c->tap.h = h;
  char err[200];
  IcfProblem *p = &c->prob;
  int staged = 0;
  if (c->regularized == CENIC_REG_CONTINUATION)
    for (int i = 0; i < p->ncon && !staged; ++i) staged = p->con[i].eps_reg > p->con[i].eps;
  if (staged) {
    for (int i = 0; i < p->ncon; ++i) {
      double e = p->con[i].eps;
      p->con[i].eps = p->con[i].eps_reg;
      p->con[i].eps_reg = e;
    }
    memcpy(c->vtmp, v, sizeof(double) * (size_t)c->m->nv);
    /* the first solve only has to find the contact states: a looser tolerance */
    double tol = icf_solver_tol(c->solver);
    icf_solver_set_tol(c->solver, fmin(CENIC_CONTINUATION_TOL_FACTOR * tol, 1e-3));
    int rc1 = icf_solver_solve(c->solver, p, c->diag, v, &c->sstats, CB_ERR_BUF(err, sizeof err));
    icf_solver_set_tol(c->solver, tol);
    for (int i = 0; i < p->ncon; ++i) {
      double e = p->con[i].eps;
      p->con[i].eps = p->con[i].eps_reg;
      p->con[i].eps_reg = e;
    }
    /* an unfinished first solve (iteration cap) still helps; anything else starts afresh */
    if (rc1 != CB_OK && rc1 != CB_ERR_MAX_ITERS) memcpy(v, c->vtmp, sizeof(double) * (size_t)c->m->nv);
    icf_solver_invalidate(c->solver); /* a reused factorization belongs to the other problem */
  }
  int rc = icf_solver_solve(c->solver, p, c->diag, v, &c->sstats, CB_ERR_BUF(err, sizeof err));
  if (rc != CB_OK) snprintf(c->msg, sizeof c->msg, "%s", err);
  if (c->diag_on) {
    IcfDiagResult r = {NAN, NAN, NAN, 0};
    if (rc == CB_OK && icf_diag_reserve(&c->sdiag, p->ncon) == 0) icf_diag_eval(&c->sdiag, p, v, &r);
    c->step_diag = (StepDiagnostics){r.cond, r.stiction_median, r.stiction_min};
  }
  return rc;
}

/* The finite-differenced controllers linearized at vlin (CENIC V-C, eq. 29): gbase = g~(vlin),
 * cjac = -dg~/dv over ctrl_dof by forward differences, then C: the symmetric block (cfull,
 * SYMMETRIC mode) or eq. 29's max(0, diag) in cdiag. g~ is the ICF step's (xhat NULL) or the
 * trapezoid's (controller_tilde_trap). */
static void fd_linearize(CenicCore *c, double t, const double *x, const double *xhat, double h, const double *vlin) {
  int nv = c->m->nv, nc = c->nctrl;
  if (xhat) controller_tilde_trap(c, t, x, xhat, h, vlin, c->gbase);
  else controller_tilde(c, t, x, h, vlin, c->gbase);
  memcpy(c->vtmp, vlin, sizeof(double) * (size_t)nv);
  for (int k = 0; k < nc; ++k) {
    int j = c->ctrl_dof[k];
    double dv = 1e-6 * fmax(1.0, fabs(vlin[j]));
    c->vtmp[j] = vlin[j] + dv;
    if (xhat) controller_tilde_trap(c, t, x, xhat, h, c->vtmp, c->gpert);
    else controller_tilde(c, t, x, h, c->vtmp, c->gpert);
    c->vtmp[j] = vlin[j];
    for (int i = 0; i < nc; ++i) c->cjac[i * nc + k] = -(c->gpert[c->ctrl_dof[i]] - c->gbase[c->ctrl_dof[i]]) / dv;
  }
  c->cfull = c->implicit_ctrl == CENIC_CTRL_SYMMETRIC && ctrl_symmetric_block(c);
  if (!c->cfull) /* eq. 29: C = max(0, diag(-dg~/dv)) */
    for (int k = 0; k < nc; ++k) c->cdiag[c->ctrl_dof[k]] = fmax(0.0, c->cjac[k * nc + k]);
}

/* A += s C over the controlled dofs: eq. 29's diagonal (cdiag) or the symmetric block (cfull). */
static void add_ctrl_hessian(CenicCore *c, double s) {
  const Model *m = c->m;
  IcfProblem *p = &c->prob;
  if (c->cfull) { /* one tree's block each */
    for (int i = 0; i < c->nctrl; ++i)
      for (int k = 0; k < c->nctrl; ++k) {
        int di = c->ctrl_dof[i], dk = c->ctrl_dof[k], t2 = m->dof_tree[di], n = m->tree_nv[t2];
        p->A[m->tree_madr[t2] + (di - m->tree_vadr[t2]) * n + (dk - m->tree_vadr[t2])] += s * c->cjac[i * c->nctrl + k];
      }
    return;
  }
  for (int k = 0; k < c->nctrl; ++k) {
    int di = c->ctrl_dof[k], t2 = m->dof_tree[di], n = m->tree_nv[t2], li = di - m->tree_vadr[t2];
    p->A[m->tree_madr[t2] + li * n + li] += s * c->cdiag[di];
  }
}

int cenic_icf_step(CenicCore *c, double t, const double *x, double h, const double *v0, double *xout) {
  const Model *m = c->m;
  const Data *d = c->d;
  int nq = m->nq, nv = m->nv, nz = m->nz;
  const double *q = x, *v = x + nq, *z = x + nq + nv;
  double t0 = wall_seconds();
  IcfProblem *p = &c->prob;
  /* A = M + h D (+ h C), r = A v^n - h k + h tau (CENIC eq. 16 with implicit damping, V-C) */
  memcpy(c->tau_ext, d->tau, sizeof(double) * (size_t)nv);
  if (m->nforce > 0) { /* prescribed time-dependent forces at t + h (implicit Euler in time) */
    memset(c->tau_shift, 0, sizeof(double) * (size_t)nv);
    system_applied_forces(m, c->d, t + h, c->tau_shift);
    for (int i = 0; i < nv; ++i) c->tau_shift[i] = -c->tau_shift[i];
    system_applied_forces(m, c->d, t, c->tau_shift);
    for (int i = 0; i < nv; ++i) c->tau_ext[i] -= c->tau_shift[i];
  }
  memset(c->cdiag, 0, sizeof(double) * (size_t)nv);
  p->ndof = 0;
  if (m->ncontroller > 0 && c->implicit_ctrl) {
    controller_tau(c, m, t, q, v, z, c->ctmp, NULL); /* tau_ext = applied forces only */
    for (int i = 0; i < nv; ++i) c->tau_ext[i] -= c->ctmp[i];
    add_effort_terms(c, t, x, h, 0);
  }
  if (c->fd_model.ncontroller > 0 && c->implicit_ctrl) {
    fd_linearize(c, t, x, NULL, h, v);
    /* tau^{n+1} = -C v + d, d = g~(v^n) + C v^n (eq. 29): with h C in A, r = A v^n + h g~(v^n) - h k */
    for (int i = 0; i < nv; ++i) c->tau_ext[i] += c->gbase[i];
  }
  memcpy(p->A, d->mass, sizeof(double) * (size_t)m->mass_size);
  for (int t2 = 0; t2 < m->ntree; ++t2) {
    int n = m->tree_nv[t2], a = m->tree_vadr[t2];
    double *A = p->A + m->tree_madr[t2];
    for (int i = 0; i < n; ++i) {
      c->diag[a + i] = A[i * n + i];
      A[i * n + i] += h * (m->dof_damping[a + i] + c->cdiag[a + i]);
    }
  }
  if (c->cfull) add_ctrl_hessian(c, h); /* the symmetric C (its diagonal form is in the loop above) */
  icf_amul(p, v, p->r);
  for (int i = 0; i < nv; ++i) p->r[i] += h * (c->tau_ext[i] - d->bias[i]);
  cenic_add_limit_terms(c, q, h);
  if (copy_contacts(c, h, 0, x)) return CB_ERR_MEMORY;
  /* prescribed surface / kinematic-body velocities at the end of the step, like the applied
   * forces (implicit Euler in time; geometry stays at the start of the step) */
  if (c->prescribed_motion)
    for (int i = 0; i < c->d->ncon; ++i) contact_prescribed_offset(m, c->d, i, t + h, p->con[i].offset);
  c->time_assembly += wall_seconds() - t0;
  double *vnew = xout + nq;
  memcpy(vnew, v0 ? v0 : v, sizeof(double) * (size_t)nv);
  int rc = solve(c, vnew, t, h);
  if (rc != CB_OK) return rc;
  mb_integrate_q(m, q, vnew, h, xout); /* eq. 12 */
  if (nz > 0) { /* z^{n+1} = z^n + h zdot (implicit in q, v; explicit in z: eq. 27 with dh/dz = 0) */
    if (c->implicit_ctrl) controller_tau(c, m, t + h, xout, vnew, z, c->ctmp, c->zdot);
    else controller_tau(c, m, t, q, v, z, c->ctmp, c->zdot);
    for (int i = 0; i < nz; ++i) xout[nq + nv + i] = z[i] + h * c->zdot[i];
  }
  /* a non-finite state is the driver's to judge (common/stepper.h); the lag keeps none. Out of
   * memory keeps no record: the next step falls back to the paper's lag */
  if (c->lookahead_friction) (void)cenic_lag_store(&c->lag, xout, m, c->d, p, vnew);
  return CB_OK;
}

void cenic_trap_save_start(CenicCore *c) {
  const Model *m = c->m;
  Data *d = c->d;
  memcpy(c->M0, d->mass, sizeof(double) * (size_t)m->mass_size);
  memcpy(c->k0, d->bias, sizeof(double) * (size_t)m->nv);
  memcpy(c->tau0, d->tau, sizeof(double) * (size_t)m->nv);
}

/* The first step has no previous solve for j^n. The continuous force law at x^n is not one: its
 * regularized friction is zero at v = 0, so a body at rest under a tangential load got half of
 * eq. 25's friction (mu_s n / 2 < 0.8 m g), slid past v_s and kept sliding on mu_d (the held
 * box: 1.47 m at accuracy 1e-2). The first-order step's impulse from x^n (eq. 24) is a force
 * that holds what static friction holds. */
void cenic_trap_first_impulse(CenicCore *c, const double *vhat, double h) {
  if (c->have_jn) return;
  icf_contact_impulse(&c->prob, vhat, c->jn);
  for (int i = 0; i < c->m->nv; ++i) c->jn[i] /= h;
}

int cenic_trap_step(CenicCore *c, double t, const double *x, const double *xhat, double h, double *xout) {
  const Model *m = c->m;
  const Data *d = c->d;
  int nq = m->nq, nv = m->nv, nz = m->nz;
  const double *q = x, *v = x + nq;
  double t0 = wall_seconds();
  IcfProblem *p = &c->prob;
  /* A = Mbar, r = Mbar v^n - h kbar + h taubar + j^n / 2, J = Jhat with weight 1/2 (eq. 25; or
   * J = Jhat/2 at weight 1 with trap_literal: either way the new impulse enters as Jhat^T gamma/2) */
  for (int i = 0; i < m->mass_size; ++i) p->A[i] = 0.5 * (c->M0[i] + d->mass[i]);
  for (int t2 = 0; t2 < m->ntree; ++t2) {
    int n = m->tree_nv[t2], a = m->tree_vadr[t2];
    for (int i = 0; i < n; ++i) c->diag[a + i] = p->A[m->tree_madr[t2] + i * n + i];
  }
  icf_amul(p, v, p->r);
  /* Controllers (CENIC V-C with the trapezoid's weights, Remark 1): taubar = (tau^n +
   * tau^{n+1}) / 2, tau^n in tau0. The PD/PID laws put tau^{n+1} into the convex step exactly
   * (add_effort_terms). The finite-differenced ones (inverse dynamics) do so under
   * controllers=symmetric, linearized at v-hat, -C v^{n+1} + g~(vhat) + C vhat: the error
   * (J + C)(v^{n+1} - vhat) is O(h^2) (linearized at v^n, the arm of tests/test_trap_controllers.c
   * measured order 1.2). Eq. 29's diagonal C is not used here: the coupling it drops, of size
   * h K |v^{n+1} - vhat| with K ~ Kd + h Kp, is as large as the error estimate itself once
   * h K ~ 1 (franka_box at 1e-5: 47x the position error of tau(x-hat) for 21% fewer steps), so
   * under controllers=implicit, and when the symmetric C is not positive definite, they take
   * tau^{n+1} = tau(x-hat), as every controller does under controllers=explicit. */
  const int implicit = m->ncontroller > 0 && c->implicit_ctrl != CENIC_CTRL_EXPLICIT;
  double *tau1 = c->tau_ext; /* tau^{n+1} less its implicit part */
  memcpy(tau1, d->tau, sizeof(double) * (size_t)nv);
  memset(c->cdiag, 0, sizeof(double) * (size_t)nv);
  c->cfull = 0;
  p->ndof = 0;
  if (implicit) {
    const double *vhat = xhat + nq;
    /* tau1 = applied forces and the finite-differenced controllers at x-hat */
    controller_tau(c, m, t + h, xhat, vhat, xhat + nq + nv, c->ctmp, NULL);
    for (int i = 0; i < nv; ++i) tau1[i] -= c->ctmp[i];
    controller_tau(c, &c->fd_model, t + h, xhat, vhat, xhat + nq + nv, c->ctmp, NULL);
    for (int i = 0; i < nv; ++i) tau1[i] += c->ctmp[i];
    add_effort_terms(c, t, x, h, 1);
    if (c->fd_model.ncontroller > 0 && c->implicit_ctrl == CENIC_CTRL_SYMMETRIC) {
      fd_linearize(c, t, x, xhat, h, vhat);
      memset(c->cdiag, 0, sizeof(double) * (size_t)nv); /* eq. 29's fallback: tau(x-hat) instead */
      if (c->cfull) {
        add_ctrl_hessian(c, 0.5 * h); /* after icf_amul: r holds Mbar v^n only */
        for (int i = 0; i < nv; ++i) tau1[i] += c->gbase[i] - c->ctmp[i];
        for (int i = 0; i < c->nctrl; ++i)
          for (int k = 0; k < c->nctrl; ++k) tau1[c->ctrl_dof[i]] += c->cjac[i * c->nctrl + k] * vhat[c->ctrl_dof[k]];
      }
    }
  }
  for (int i = 0; i < nv; ++i)
    p->r[i] += h * (0.5 * (c->tau0[i] + tau1[i]) - 0.5 * (c->k0[i] + d->bias[i]) + 0.5 * c->jn[i]);
  cenic_add_limit_terms(c, q, h); /* joint limits first order, from q^n */
  if (copy_contacts(c, h, 1, xhat)) return CB_ERR_MEMORY;
  c->time_assembly += wall_seconds() - t0;
  double *vnew = xout + nq;
  memcpy(vnew, xhat + nq, sizeof(double) * (size_t)nv); /* warm start from vhat (VI-A) */
  int rc = solve(c, vnew, t, h);
  if (rc != CB_OK) return rc;
  /* A contact that closes or opens inside the step: the trapezoid average of a force that
   * switches on or off mid-step is only first order, and the error estimate against x-hat
   * (which sees the same switch) cannot tell. The controller (cenic.c) bounds by the accuracy
   * how far from a step boundary the switch happens: min(|phi0|, |phi1|) over contacts whose
   * gap changes sign, phi0 = -fe0/k at the step start and phi1 = phi0 + h v_n at its end. */
  c->switch_distance = 0.0;
  for (int i = 0; i < p->ncon; ++i) {
    const IcfContact *ic = &p->con[i];
    if (!(ic->k > 0)) continue;
    double vc[3];
    icf_contact_velocity(p, i, vnew, vc);
    /* the literal reading's problem sees half the contact velocity */
    double phi0 = -ic->fe0 / ic->k, phi1 = phi0 + h * vc[2] * (c->trap_literal ? 2.0 : 1.0);
    if ((phi0 > 0) == (phi1 > 0)) continue;
    double dist = fmin(fabs(phi0), fabs(phi1));
    if (dist > c->switch_distance) c->switch_distance = dist;
  }
  /* j^{n+1} / h = Jhat^T gamma^{n+1} / h (twice the weighted impulse) */
  icf_contact_impulse(p, vnew, c->jn_next);
  for (int i = 0; i < nv; ++i) c->jn_next[i] *= 2.0 / h;
  /* q^{n+1} = q^n + h/2 Nbar (v^{n+1} + v^n), Nbar = (N(q^n) + N(qhat))/2 (eq. 25b) */
  for (int i = 0; i < nv; ++i) c->vtmp[i] = vnew[i] + v[i];
  mb_qdot(m, q, c->vtmp, xout);
  mb_qdot(m, xhat, c->vtmp, c->qtmp);
  for (int i = 0; i < nq; ++i) xout[i] = q[i] + 0.25 * h * (xout[i] + c->qtmp[i]);
  mb_normalize_q(m, xout);
  for (int i = 0; i < nz; ++i) xout[nq + nv + i] = xhat[nq + nv + i]; /* first-order z (V-C, Remark 1) */
  if (implicit) trap_effort_states(c, t, x, h, xout); /* the PID states the solve assumed */
  if (c->lookahead_friction) (void)cenic_lag_store(&c->lag, xout, m, c->d, p, vnew);
  return CB_OK;
}
