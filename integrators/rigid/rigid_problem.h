/* The rigid contact problem of one velocity-level time step (contact-models paper, Le Lidec et
 * al. 2024, sec. II-III): contact velocities c = W lambda + b, impulses lambda, per contact in
 * the contact frame (t1, t2, n) of models/contact/contact_jacobian.c:
 *   W = J M^-1 J^T       (Delassus operator, dense 3nc x 3nc, row-major)
 *   b = J v_free + o     (o: prescribed surface motion; plus a gap term on the normal, below)
 *   v_free = v + h M^-1 (tau - k(q, v)).
 * It lives beside the time-stepping schemes, not in models/: it is the discrete impulse problem
 * of a step (it depends on h and on the step's free velocity), while models/ holds the
 * continuous physics. Solvers only see W, b and mu, so tests fill them by hand. */
#ifndef CBENCH_RIGID_PROBLEM_H
#define CBENCH_RIGID_PROBLEM_H

#include "../../models/data.h"

typedef struct {
  int nc, cap;      /* contacts, capacity in contacts */
  double h;         /* time step: the eq. 15 criteria are stated in forces lambda / h */
  double *W;        /* [3nc * 3nc] row-major, contact-major blocks (t1, t2, n) */
  double *b;        /* [3nc] */
  double *mu;       /* [nc] */
  /* scratch for the solvers (sized with the capacity; nothing is allocated while solving) */
  double *work;     /* [work_size] */
  int work_size;
  double *col;      /* [nv] a column of M^-1 J^T */
  int nv;
} RigidProblem;

/* Empty problem for nv velocities (nv = 0 for hand-filled problems); CB_OK or CB_ERR_MEMORY. */
CbStatus rigid_problem_init(RigidProblem *p, int nv);
void rigid_problem_free(RigidProblem *p);
/* Room for nc contacts (amortized growth); sets p->nc = nc; CB_OK or CB_ERR_MEMORY. */
CbStatus rigid_problem_reserve(RigidProblem *p, int nc);

/* Builds the problem of a step of size h from v, with d evaluated by system_step_data at the
 * step's start (kinematics, M, bias, tau, contacts and Jacobians); factors M in d.
 * Friction: every rigid model uses a single Coulomb coefficient, the pair's mu_dynamic (the
 * sliding coefficient: the paper's analytic slides decelerate at mu g).
 * Gap term: a contact reported with a gap phi > 0 (speculative) may close it within the step,
 * b_n += phi / h; an overlap phi < 0 adds baumgarte * phi / h (0: no position correction).
 * v_free (nv, may be NULL) receives the free velocity. CB_OK, or CB_ERR_OPTION (p made for
 * another nv), CB_ERR_MEMORY or CB_ERR_MODEL (M not positive definite). */
CbStatus rigid_problem_build(RigidProblem *p, const Model *m, Data *d, double h, const double *v,
                        double baumgarte, double *v_free);

/* v_out = v_free + M^-1 J^T lambda (the step's velocity); M factored by rigid_problem_build. */
void rigid_problem_velocity(const RigidProblem *p, const Model *m, const Data *d, const double *lambda,
                            const double *v_free, double *v_out);

/* c = W lambda + b (3nc). */
void rigid_problem_contact_velocity(const RigidProblem *p, const double *lambda, double *c);
/* The three entries of contact i of W lambda + b (the per-contact solvers' sweep). */
void rigid_problem_contact_velocity_i(const RigidProblem *p, const double *lambda, int i, double *ci);

#endif
