/* One ICF step (CENIC eq. 11-12, the "Lagged" convex problem) and the second-order trapezoid
 * step (CENIC V-B, eq. 25) built from the model layer's discrete step data (models/system.h),
 * with external systems (controllers) treated implicitly by linearization (CENIC V-C) or
 * explicitly. */
#ifndef CBENCH_CENIC_STEP_H
#define CBENCH_CENIC_STEP_H

#include <stddef.h>

#include "../../models/data.h"
#include "../integrator.h"
#include "cenic_lag.h"
#include "icf_diagnostics.h"
#include "icf_models.h"
#include "icf_problem.h"
#include "icf_solver.h"

/* The soft norm's eps in the friction cost (ICF sec. V-B; docs/physics.md, "CENIC's convex solver"):
 *   NONE          eps = v_s (the CENIC paper; default: the dual friction Hessian of icf_solver.h
 *                 makes the solve converge at scale);
 *   ICF26         eps = max(v_s, mu R_t n0), R_t = 1e-3 w (ICF eq. 26): a different, softer
 *                 stiction whose creep grows with the step;
 *   CONTINUATION  solve with ICF26 first, then with eps = v_s from that solution: the paper's
 *                 physics with eq. 26's robustness (an option; with the exact Hessian it
 *                 converges where the paper's single solve fails). */
typedef enum { CENIC_REG_NONE = 0, CENIC_REG_ICF26 = 1, CENIC_REG_CONTINUATION = 2 } CenicRegularization;

/* Controllers (CENIC V-C):
 *   EXPLICIT   tau evaluated at the step start;
 *   DIAGONAL   tau^{n+1} = -C v^{n+1} + d with C = max(0, diag(-d g~/d v)) (eq. 29, the paper);
 *   SYMMETRIC  C = the symmetric part of -d g~/d v over the finite-differenced dofs when it is
 *              positive definite (else eq. 29's diagonal): a quadratic cost v^T C v / 2 meets
 *              ICF's curl condition as well as a diagonal one (eq. 20 needs a diagonal only for
 *              the effort clamp), and keeps the inverse-dynamics damping M Kd, which couples
 *              the joints through M, implicit. */
typedef enum { CENIC_CTRL_EXPLICIT = 0, CENIC_CTRL_DIAGONAL = 1, CENIC_CTRL_SYMMETRIC = 2 } CenicControllers;

typedef struct {
  const Model *m;
  Data *d;                 /* the evaluation the step functions read */
  /* A second evaluation buffer: the midpoint (step doubling) or x-hat (trapezoid) is evaluated
   * here, so the start-of-step data in d survives a rejected attempt and the retry from the
   * same state needs no new geometry query (cenic.c swaps the two). */
  Data *d_alt;
  IcfProblem prob;
  IcfSolver *solver;
  IcfSolverOptions sopt;
  IcfSolverStats sstats;
  int regularized;         /* CenicRegularization: the friction soft norm's eps */
  int implicit_ctrl;       /* CenicControllers: how the controllers enter the convex step */
  int prescribed_motion;   /* surface velocities or kinematic bodies in the model */
  int nctrl;               /* velocity coordinates of the finite-differenced controllers */
  int *ctrl_dof;           /* [nctrl] */
  double *cjac;            /* [nctrl * nctrl] -d g~/d v over ctrl_dof, then C (SYMMETRIC) */
  double *cchol;           /* [nctrl * nctrl] scratch: the positive-definiteness check */
  int cfull;               /* the last step's C is the full symmetric block (SYMMETRIC mode) */
  /* Controllers linearized by forward differences (V-C): a shallow copy of the model that
   * holds only those; PD/PID controllers on one-dof joints are instead exact linear laws with
   * effort limits in the convex problem (IV-E, eq. 19-20). */
  Model fd_model;
  Controller *fd_ctrl;
  int *lin_ctrl, nlin_ctrl;   /* indices of the PD/PID controllers treated by eq. 19-20 */
  double *sp_qd, *sp_vd, *sp_en; /* setpoint and e^n scratch [max controller ndof] */
  double limit_beta;          /* near-rigid beta of the joint limits (IV-D), 0.1 */
  double time_geometry, time_assembly;
  /* scratch */
  double *diag, *tau_ext, *gbase, *gpert, *cdiag, *vtmp, *vtmp2, *qtmp, *ztmp, *zdot, *ctmp;
  double *tau_shift;       /* [nv] prescribed forces at t + h minus at t */
  /* trapezoid: quantities at x^n */
  double *M0, *k0, *tau0;  /* [mass_size], [nv], [nv] */
  double *jn;              /* [nv] generalized contact force at t^n (j^n / h) */
  double *jn_next;         /* [nv] candidate for the next step */
  int have_jn;
  double switch_distance;  /* trapezoid: how far from a step end a contact closed or opened */
  /* trapezoid: 1 reads eq. 25's J = Jhat/2 literally (contact velocity Jhat v / 2 at weight 1:
   * the force at q^n + h v^{n+1} / 2, first order, unstable at rest); 0 keeps Jhat at weight 1/2
   * (the force at q^n + h v^{n+1}: second order, damped at rest). Option trap_reading. */
  int trap_literal;
  /* 1: a look-ahead contact (phi0 > 0) takes its lagged normal from the previous solve's force
   * (cenic_lag.h); 0: the paper's Lagged n0 = h f_n(x^n), zero across a gap */
  int lookahead_friction;
  /* The contact approximation (icf_models.h; prob.model holds its table) and SAP's parameters:
   * dissipation time scale tau_d (s), near-rigid beta and tangential regularization sigma. */
  IcfModelKind model;
  double sap_tau_d, sap_beta, sap_sigma;
  CenicLag lag;
  /* Opt-in diagnostics of every successful solve (icf_diagnostics.h) into step_diag: diag_on
   * (a step log is attached: they go nowhere else) and sdiag.with_cond (condition_number=1) */
  IcfDiag sdiag;
  int diag_on;
  StepDiagnostics step_diag;
  NewtonTap tap;           /* the Newton log (tap.fn NULL: none); the solver reports to it */
  char msg[256];
} CenicCore;

/* implicit_ctrl: a CenicControllers value. */
CbStatus cenic_core_init(CenicCore *c, const Model *m, const IcfSolverOptions *sopt, int regularized, int implicit_ctrl);
/* The contact approximation of every following step (default Lagged); SAP with tau_d >= 0. */
void cenic_core_set_model(CenicCore *c, IcfModelKind model, double sap_tau_d);
/* Near-rigid joint-limit terms (CENIC IV-D) for the one-dof joints with Body.has_limit, at q
 * with step h and M from c->d, appended to c->prob's dof terms. */
void cenic_add_limit_terms(CenicCore *c, const double *q, double h);
void cenic_core_free(CenicCore *c);
/* The diagnostics' workspace (with_cond: the dense Hessian's too), once per integrator; CB_OK or
 * CB_ERR_MEMORY. */
CbStatus cenic_core_init_diagnostics(CenicCore *c, int with_cond);
/* Step data at x = [q; v; z] (one geometry query) for steps up to horizon (speculative
 * contacts: system_step_data). CB_OK, CB_ERR_MODEL (M not positive definite) or CB_ERR_MEMORY,
 * with c->msg. */
int cenic_eval_data(CenicCore *c, double t, const double *x, double horizon);
/* xout = ICF(x; h) using the step data at x currently in c->d; v0: Newton initial guess (NULL:
 * v^n). CB_OK, or a negative CbStatus (the solve failed) with c->msg. */
int cenic_icf_step(CenicCore *c, double t, const double *x, double h, const double *v0, double *xout);
/* Saves M, k, tau at x^n from c->d; call before overwriting d. */
void cenic_trap_save_start(CenicCore *c);
/* Before the first accepted trapezoid step (have_jn = 0): j^n / h from the first-order step's
 * impulse (eq. 24) at its velocities vhat; call right after that solve. */
void cenic_trap_first_impulse(CenicCore *c, const double *vhat, double h);
/* Second-order trapezoid step from x with the first-order xhat; c->d must hold the step data at
 * xhat. Controllers enter as taubar = (tau^n + tau^{n+1}) / 2 with tau^{n+1} implicit in v^{n+1}
 * (CENIC V-C with weight 1/2; implicit_ctrl EXPLICIT: tau^{n+1} = tau(xhat)). Writes xout and
 * c->jn_next. */
int cenic_trap_step(CenicCore *c, double t, const double *x, const double *xhat, double h, double *xout);

#endif
