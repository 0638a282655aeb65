/* The ICF "Lagged" convex problem (CENIC sec. IV, eq. 15-17; ICF sec. V-B, VI):
 *   l(v) = 1/2 v^T A v - r^T v + sum_i w_i l_i(J_i v + o_i),
 * A block-diagonal per kinematic tree (M + h D + h C), contact potentials l_i from ICF eq. 22-23
 * (normal, Hunt-Crossley, implicit) plus lagged regularized friction mu n0 |v_t|_s (eq. 14).
 * The weight w_i is 1 for an ICF step and 1/2 for the trapezoid step (CENIC eq. 25a).
 * This struct does not depend on the model layer: integrators fill it from Data, tests fill it
 * with synthetic data. */
#ifndef CBENCH_ICF_PROBLEM_H
#define CBENCH_ICF_PROBLEM_H

#include "../../models/status.h"

typedef struct {
  int tree[2];      /* tree of each side, -1 = static; tree[1] = -1 when both in one tree */
  int jac_off[2];   /* offset of the 3 x tree_nv block in IcfProblem.jac, -1 if unused */
  double offset[3]; /* v_c = J v + offset, contact frame (t1, t2, n) */
  double weight;    /* w_i */
  double h;         /* time step of the impulse model */
  double k, d;      /* stiffness, Hunt-Crossley dissipation */
  double fe0;       /* elastic force at the linearization state (any sign, ICF eq. 22) */
  double mu;        /* lagged friction coefficient mu(|v_t^n|/v_s) (CENIC V-D) */
  double n0;        /* lagged normal impulse h f_n(x^n) (eq. 14) */
  double eps;       /* soft-norm regularization of |v_t| (v_s, or ICF eq. 26) */
  double eps_reg;   /* ICF eq. 26's eps (>= v_s), for the continuation's first solve */
  /* SAP only (icf_models.h, icf_sap_params): tangential and normal regularization and the normal
   * bias velocity of SAP's compliant contact (ICF sec. III, V-A) */
  double sap_Rt, sap_Rn, sap_vhat;
} IcfContact;

typedef struct IcfContactModel IcfContactModel;

/* A convex term on one velocity coordinate v_i (one-dof joints), diagonal in the Hessian:
 *  EFFORT  effort-limited linear control law tau = clamp(-c v + b, +-e), c > 0 (CENIC eq. 19),
 *          potential (h/c) phi(b - c v), phi the Huber function with phi' = clamp(., +-e): eq. 20
 *          up to per-piece constants that make it continuous; e = INFINITY: no limit.
 *  LIMIT   near-rigid joint limit (CENIC IV-D): impulse s [(vl - v)_+ - (v - vu)_+] with
 *          s = h (h + tau) k, potential s/2 [(vl - v)_+^2 + (v - vu)_+^2]; vl = -INFINITY or
 *          vu = INFINITY for a missing side. */
typedef enum { ICF_DOF_EFFORT = 0, ICF_DOF_LIMIT = 1 } IcfDofKind;

typedef struct {
  IcfDofKind kind;
  int dof;
  double h;         /* EFFORT: time step */
  double c, b, e;   /* EFFORT */
  double s, vl, vu; /* LIMIT */
} IcfDofTerm;

typedef struct {
  int nv, ntree;
  int *tree_vadr, *tree_nv, *tree_madr; /* [ntree] */
  int mass_size;
  double *A;        /* [mass_size] per-tree dense blocks, row-major */
  double *r;        /* [nv] */
  int ncon, maxcon;
  IcfContact *con;
  double *jac;      /* the contacts' Jacobian blocks: jac_pool, or borrowed (CENIC points it at
                     * Data.contact_jac, valid until the next evaluation: a copy per step would
                     * cost a pass over every block) */
  double *jac_pool; /* owned storage (icf_problem_reserve) */
  int jac_size, jac_cap;
  int ndof, maxdof;
  IcfDofTerm *dofterm;
  int *dof_tree;    /* [nv] tree of each velocity coordinate */
  /* Bumped by whoever changes the contact set (cenic_step.c copy_contacts): the linear solver
   * collects the coupled tree pairs once per version instead of at every factorization.
   * 0 means unknown: collect every time. */
  unsigned long contacts_version;
  /* The contact approximation (icf_models.h): NULL is Lagged, evaluated inline by the functions
   * below; SAP and Similar go through their table. */
  const IcfContactModel *model;
} IcfProblem;

/* Allocates for the given tree layout (copied). CB_OK or CB_ERR_MEMORY. */
CbStatus icf_problem_init(IcfProblem *p, int nv, int ntree, const int *tree_vadr, const int *tree_nv);
void icf_problem_free(IcfProblem *p);
/* Room for ncon contacts and jac Jacobian entries in the owned pool (amortized growth), and
 * p->jac = the pool; CB_OK or CB_ERR_MEMORY. */
CbStatus icf_problem_reserve(IcfProblem *p, int ncon, int jac);

/* Room for ndof dof terms; CB_OK or CB_ERR_MEMORY. */
CbStatus icf_problem_reserve_dof(IcfProblem *p, int ndof);
/* Dof-term potential l(v); gamma = -dl/dv (may be NULL), G = d^2 l/dv^2 (may be NULL). */
double icf_dof_eval(const IcfDofTerm *t, double v, double *gamma, double *G);

/* Per-contact potential, impulse and Hessian at contact velocity vc (all unweighted):
 * returns l_i(vc); gamma = -dl/dvc (may be NULL); G = d^2 l / dvc^2, 3x3 row-major (may be
 * NULL), symmetric PSD. */
double icf_contact_eval(const IcfContact *c, const double *vc, double *gamma, double *G);
/* The same along a line u + a du, at a = 0, for the line search (CENIC VI: O(1) per contact):
 * l_i(u), gamma^T du and du^T G du, without forming gamma or G. */
void icf_contact_line_eval(const IcfContact *c, const double *u, const double *du, double *cost, double *dl,
                           double *d2l);
/* Whether contact c adds to the gradient or the Hessian at contact velocity vc: it has friction
 * (mu n0 > 0) or v_n is below the breaking velocity (eq. 23). Otherwise its cost is a constant
 * (the normal potential at vhat) and its impulse and G are zero. */
int icf_contact_acts(const IcfContact *c, const double *vc);
/* Normal impulse gamma_n(v_n) (eq. 13) and its breaking velocity vhat (eq. 23). */
double icf_normal_impulse(const IcfContact *c, double vn);
double icf_breaking_velocity(const IcfContact *c);
/* The normal potential -N(min(vn, vhat)) (ICF eq. 22-23), returned, with n(vn) = gamma_n (eq. 13)
 * and -n'(vn) = G_nn (both 0 beyond vhat); k > 0 and h > 0. */
double icf_normal_terms(const IcfContact *c, double vn, double *gn, double *Gnn);

/* Primal-dual Newton for the soft-norm friction (Chan, Golub, Mulet 1999, for the same
 * |x|_eps nonsmoothness in total variation): with the dual direction w (|w| <= 1, w = t_s at the
 * solution) the friction block of G is mu n0 / s (I - sym(w t_s^T)), s = sqrt(|v_t|^2 + eps^2),
 * instead of the exact mu n0 / s (I - t_s t_s^T). It equals the exact block when w = t_s
 * (quadratic convergence is kept) and is positive definite for |w| <= 1; while w lags behind a
 * sliding contact's t_s its radial curvature stays near mu n0 / s rather than mu n0 eps^2 / s^3,
 * so a Newton step cannot throw the contact far across the stiction disk.
 * icf_friction_dual_hessian overwrites G's tangential 2 x 2 block (no-op without friction);
 * icf_friction_dual_update moves w after a step dvc (= J_i alpha p) from vc. */
void icf_friction_dual_hessian(const IcfContact *c, const double *vc, const double *w, double *G);
void icf_friction_dual_update(const IcfContact *c, const double *vc, const double *dvc, double *w);
/* The same with is = 1/s at vc already known (icf_gradient_part's inv_s). */
void icf_friction_dual_update_at(const double *vc, double is, const double *dvc, double *w);
/* What the primal-dual Newton keeps per contact: w [2 ncon] (read), and 1/s of the soft norm at
 * the last gradient [ncon] (written; 0 without friction). */
typedef struct {
  const double *w;
  double *inv_s;
} IcfFrictionDual;

/* vc = J_i v + offset_i. */
void icf_contact_velocity(const IcfProblem *p, int i, const double *v, double *vc);
/* vc = J_i v (no offset). */
void icf_contact_jmul(const IcfProblem *p, int i, const double *v, double *vc);
/* gen += s J_i^T f. */
void icf_contact_jtmul(const IcfProblem *p, int i, const double *f, double s, double *gen);
/* y = A x. */
void icf_amul(const IcfProblem *p, const double *x, double *y);

/* A part of the problem: trees, and contacts and dof terms on them, as index lists (NULL: all of
 * that kind, in order; the counts are then ignored). The Newton solver iterates on each contact
 * island (trees coupled by contacts) separately (icf_solver.c); A is block diagonal per tree, so
 * the gradient and A x of a part need only the part. */
typedef struct {
  int ntree, ncon, ndof;
  const int *tree, *con, *dof;
} IcfPart;
#define ICF_PART_ALL ((IcfPart){0, 0, 0, NULL, NULL, NULL})

/* y = A x on the part's trees (other entries untouched). */
void icf_amul_part(const IcfProblem *p, const IcfPart *part, const double *x, double *y);

/* Cost l(v). */
double icf_cost(const IcfProblem *p, const double *v);
/* g = A v - r - sum_i w_i J_i^T gamma_i - sum_dof-terms gamma e_dof (may be NULL); returns the
 * cost. */
double icf_gradient(const IcfProblem *p, const double *v, double *g);
/* The same at contact velocities vc ([3 ncon], = J_i v + o_i; NULL: computed), also storing each
 * contact's unweighted Hessian block G_i in Gc ([9 ncon], may be NULL). Newton keeps vc up to
 * date across its steps (vc += alpha J p) and hands Gc to the factorization, so neither
 * recomputes what the other already has. */
double icf_gradient_at(const IcfProblem *p, const double *v, const double *vc, double *g, double *Gc);
/* The same restricted to a part: g on the part's trees (other entries untouched), Gc of its
 * contacts; returns the part's cost. Every contact of the part must have both sides in its trees.
 * With dual != NULL the friction blocks of Gc are the dual ones of icf_friction_dual_hessian at
 * dual->w, and dual->inv_s is written. */
double icf_gradient_part(const IcfProblem *p, const IcfPart *part, const double *v, const double *vc,
                         const IcfFrictionDual *dual, double *g, double *Gc);
/* Contact i's potential, impulse and Hessian (as icf_contact_eval) and whether it acts (as
 * icf_contact_acts) in the problem's contact model. */
double icf_problem_contact_eval(const IcfProblem *p, int i, const double *vc, double *gamma, double *G);
int icf_problem_contact_acts(const IcfProblem *p, int i, const double *vc);
/* Generalized contact impulse gen = sum_i w_i J_i^T gamma_i(J_i v + o_i). */
void icf_contact_impulse(const IcfProblem *p, const double *v, double *gen);

#endif
