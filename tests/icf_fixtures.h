/* Random synthetic ICF problems for the solver tests (no model layer): the trees' SPD blocks,
 * r, and the contacts' Jacobians, all from one deterministic generator state. */
#ifndef CBENCH_ICF_FIXTURES_H
#define CBENCH_ICF_FIXTURES_H

#include "integrators/cenic/icf_problem.h"

/* p: ntree trees of tree_nv[t] coordinates, each block of A random SPD, r uniform in [-1, 1),
 * room for ncon contacts (p->ncon = ncon, no Jacobian entries yet). Asserted. */
void fx_icf_random_trees(IcfProblem *p, int ntree, const int *tree_nv, int ncon, unsigned long *state);
/* Contact c's Jacobian blocks (uniform in [-1, 1)) for each side with c->tree[s] >= 0, appended
 * to p->jac; jac_off[s] = -1 for a static side. */
void fx_icf_random_jacobians(IcfProblem *p, IcfContact *c, unsigned long *state);
/* Column j of the Hessian by central differences of icf_gradient at v (step e), into col [nv];
 * gp, gm: scratch [nv]. v is restored. */
void fx_icf_fd_hessian_column(const IcfProblem *p, double *v, int j, double e, double *gp, double *gm, double *col);

#endif
