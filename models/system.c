/* The two views of the model: the continuous ODE x' = f(t, x) and the per-step data of the
 * discrete schemes. Both evaluate the model in the same order, with one geometry query. */
#include "system.h"

#include <math.h>
#include <string.h>

#include "collision.h"
#include "contact.h"
#include "controller.h"
#include "kinematic.h"
#include "math3d.h"
#include "multibody.h"
#include "suction.h"

double applied_force_magnitude(const AppliedForce *af, double t) {
  double tc = t < af->ramp_end ? t : af->ramp_end;
  return af->constant + af->ramp_rate * tc + af->amp * cos(2.0 * M_PI * af->freq * t);
}

/* tau += J_p^T F(t) for every prescribed external force (AppliedForce in model.h). */
void system_applied_forces(const Model *m, Data *d, double t, double *tau_out) {
  for (int i = 0; i < m->nforce; ++i) {
    const AppliedForce *af = &m->forces[i];
    int tree = m->bodies[af->body].tree;
    if (tree < 0) continue;
    double F[3], p[3];
    v3_scale(F, af->dir, applied_force_magnitude(af, t));
    m3_mulv(p, &d->xrot[9 * af->body], af->point);
    v3_add(p, p, &d->xpos[3 * af->body]);
    int n = m->tree_nv[tree];
    mb_point_jacobian(m, d, af->body, p, tree, d->jac_work);
    double *tau = tau_out + m->tree_vadr[tree];
    for (int k = 0; k < n; ++k) tau[k] += d->jac_work[k] * F[0] + d->jac_work[n + k] * F[1] + d->jac_work[2 * n + k] * F[2];
  }
}

/* Compliant joint limits of the continuous view (Model.limit_stiffness): beyond a limit of a
 * one-dof joint, a spring-damper scaled by the joint's own inertia M_ii pushes back,
 * tau_i += -M_ii (k delta + c delta')_+ at the upper limit (mirrored at the lower), delta the
 * violation; push-only, so it never pulls the joint into the limit. Needs mb_mass_matrix. */
static void joint_limits(const Model *m, Data *d, const double *q, const double *v) {
  double k = m->limit_stiffness > 0 ? m->limit_stiffness : CB_LIMIT_STIFFNESS;
  double c = m->limit_damping > 0 ? m->limit_damping : CB_LIMIT_DAMPING;
  for (int b = 1; b < m->nbody; ++b) {
    const Body *bd = &m->bodies[b];
    if (!bd->has_limit || bd->nv != 1 || bd->tree < 0) continue;
    int i = bd->vadr, t = bd->tree, n = m->tree_nv[t], li = i - m->tree_vadr[t];
    double Mii = d->mass[m->tree_madr[t] + li * n + li], qi = q[bd->qadr], vi = v[i];
    if (qi > bd->limit_upper) {
      double f = k * (qi - bd->limit_upper) + c * vi;
      if (f > 0) d->tau[i] -= Mii * f;
    } else if (qi < bd->limit_lower) {
      double f = k * (bd->limit_lower - qi) - c * vi;
      if (f > 0) d->tau[i] += Mii * f;
    }
  }
}

/* factor_mass: also M's Cholesky factors (the continuous view solves with M; the discrete
 * schemes put M into their own matrices and would pay a 6 x 6 factorization per free body for
 * nothing). */
static int evaluate(const Model *m, Data *d, double t, const double *q, const double *v, const double *z, double *zdot,
                    int factor_mass) {
  mb_kinematics(m, d, q);
  mb_velocities(m, d, v);
  kinematic_update(m, d, t);
  mb_mass_matrix(m, d);
  if (factor_mass && mb_factor_mass(m, d) != 0) return CB_RECOVERABLE_MODEL;
  mb_bias(m, d, q, v);
  memset(d->tau, 0, sizeof(double) * (size_t)m->nv);
  system_applied_forces(m, d, t, d->tau);
  suction_apply(m, d, t, d->tau);
  if (m->ncontroller > 0) controller_eval(m, d, t, q, v, z, d->tau, zdot);
  collision_speculative_update(m, d);
  /* both fail only when their arrays cannot grow */
  if (collision_detect(m, d) != 0) return CB_ERR_MEMORY;
  contact_materials(m, d);
  if (contact_jacobians(m, d, t) != 0) return CB_ERR_MEMORY;
  for (int i = 0; i < d->ncon; ++i) contact_velocity(m, d, i, v, d->contacts[i].vc0);
  return CB_OK;
}

void system_initial_state(const Model *m, double *x) {
  memcpy(x, m->q0, sizeof(double) * (size_t)m->nq);
  memcpy(x + m->nq, m->v0, sizeof(double) * (size_t)m->nv);
  if (m->nz) memcpy(x + m->nq + m->nv, m->z0, sizeof(double) * (size_t)m->nz);
}

int system_step_data(const Model *m, Data *d, double t, const double *q, const double *v, const double *z,
                     double horizon) {
  d->speculative_horizon = horizon > 0 ? horizon : 0.0;
  int rc = evaluate(m, d, t, q, v, z, NULL, 0);
  d->speculative_horizon = 0.0;
  return rc;
}

int system_rhs(const Model *m, Data *d, double t, const double *x, double *xdot) {
  const double *q = x, *v = x + m->nq, *z = x + m->nq + m->nv;
  double *qdot = xdot, *vdot = xdot + m->nq, *zdot = xdot + m->nq + m->nv;
  d->counters.rhs_evals++;
  d->speculative_horizon = 0.0;
  int rc = evaluate(m, d, t, q, v, z, m->nz > 0 ? zdot : NULL, 1);
  if (rc != CB_OK) return rc;
  joint_limits(m, d, q, v);
  memset(d->contact_force, 0, sizeof(double) * (size_t)m->nv);
  for (int i = 0; i < d->ncon; ++i) {
    const Contact *c = &d->contacts[i];
    double f[3];
    contact_force(&c->par, c->phi, c->vc0, f, NULL, NULL);
    contact_apply_force(m, d, i, f, d->contact_force);
  }
  for (int i = 0; i < m->nv; ++i) vdot[i] = d->tau[i] + d->contact_force[i] - d->bias[i];
  mb_solve_mass(m, d, vdot);
  mb_qdot(m, q, v, qdot);
  int n = system_nx(m);
  for (int i = 0; i < n; ++i)
    if (!isfinite(xdot[i])) return CB_RECOVERABLE_MODEL;
  return CB_OK;
}

double system_energy(const Model *m, Data *d, const double *x) {
  mb_kinematics(m, d, x);
  mb_velocities(m, d, x + m->nq);
  return mb_kinetic_energy(m, d, x + m->nq) + mb_potential_energy(m, d, x);
}

CbStatus system_max_penetration(const Model *m, Data *d, const double *q, double *pen) {
  return system_max_penetration_at(m, d, 0.0, q, pen);
}

CbStatus system_max_penetration_at(const Model *m, Data *d, double t, const double *q, double *pen) {
  mb_kinematics(m, d, q);
  kinematic_update(m, d, t);
  *pen = 0;
  CbStatus st = collision_detect(m, d);
  if (st != CB_OK) return st;
  for (int i = 0; i < d->ncon; ++i)
    if (-d->contacts[i].phi > *pen) *pen = -d->contacts[i].phi;
  return CB_OK;
}
