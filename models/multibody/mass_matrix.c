/* Mass matrix by the composite rigid body algorithm (Featherstone sec. 6.2, in world
 * coordinates so no transforms are needed), and dense per-tree Cholesky. */
#include "models/multibody.h"

#include "mb_scratch.h"

/* M (6 x 6, row-major) of a free body alone in its tree (children welded to it are in its
 * composite inertia Ic: mass m, h = m c, J about the world origin). Its dof columns
 * (kinematics.c, dof_columns) are [a_k; x x a_k] (rotation) and [0; a_k] (translation), a_k the
 * joint frame's axes and x the body origin, so S^T Ic S is, with Ip the rotational inertia
 * about x, Ip = J + (m |x|^2 - 2 x.h) 1 - m x x^T + x h^T + h x^T (parallel axis):
 *   rotation-rotation a_k^T Ip a_l, translation-rotation a_k . (a_l x (h - m x)),
 *   translation-translation m a_k . a_l.
 * Half the products of the general column loop (scenes of many free bodies, as clutter, form M
 * at every step). */
static void free_body_mass(const double *Ic, const double *S, const double *x, double *M) {
  double mass = Ic[0];
  const double *h = Ic + 1, *J = Ic + 4;
  double xx = v3_dot(x, x), xh = v3_dot(x, h), Ip[9], a[3][3], Ipa[3][3], hx[3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      Ip[3 * i + j] = J[3 * i + j] - mass * x[i] * x[j] + x[i] * h[j] + h[i] * x[j] + (i == j ? mass * xx - 2.0 * xh : 0.0);
  for (int k = 0; k < 3; ++k) {
    v3_copy(a[k], S + 6 * k);
    m3_mulv(Ipa[k], Ip, a[k]);
  }
  v3_scale(hx, x, -mass);
  v3_add(hx, hx, h);
  for (int l = 0; l < 3; ++l) {
    double al_hx[3];
    v3_cross(al_hx, a[l], hx);
    for (int k = 0; k < 3; ++k) {
      double t = v3_dot(a[k], al_hx);
      M[(3 + k) * 6 + l] = t;
      M[l * 6 + 3 + k] = t;
    }
    for (int k = 0; k <= l; ++k) {
      double r = v3_dot(a[k], Ipa[l]), u = mass * v3_dot(a[k], a[l]);
      M[k * 6 + l] = M[l * 6 + k] = r;
      M[(3 + k) * 6 + 3 + l] = M[(3 + l) * 6 + 3 + k] = u;
    }
  }
}

void mb_mass_matrix(const Model *m, Data *d) {
  const double *cdof = mb_cdof(m, d), *cinert = mb_cinert(m, d);
  double *Ic = mb_ccomp(m, d);
  memcpy(Ic, cinert, sizeof(double) * SP_INERTIA_SIZE * (size_t)m->nbody);
  for (int b = m->nbody - 1; b > 0; --b) {
    int p = m->bodies[b].parent;
    if (p > 0) sp_inertia_add(Ic + SP_INERTIA_SIZE * p, Ic + SP_INERTIA_SIZE * b);
  }
  for (int b = 1; b < m->nbody; ++b) {
    const Body *bd = &m->bodies[b];
    if (bd->nv == 0) continue;
    int t = bd->tree, n = m->tree_nv[t], v0 = m->tree_vadr[t];
    double *Mt = d->mass + m->tree_madr[t];
    if (n == 6 && bd->nv == 6) {
      free_body_mass(Ic + SP_INERTIA_SIZE * b, cdof + 6 * bd->vadr, d->xpos + 3 * b, Mt);
      continue;
    }
    for (int k = 0; k < bd->nv; ++k) {
      int i = bd->vadr + k;
      double F[6];
      sp_inertia_mul(F, Ic + SP_INERTIA_SIZE * b, cdof + 6 * i);
      /* M_ji = S_j^T Ic_b S_i for dofs j of b and of its ancestors (eq. 6.4) */
      for (int a = b; a > 0; a = m->bodies[a].parent) {
        const Body *ba = &m->bodies[a];
        for (int l = 0; l < ba->nv; ++l) {
          int j = ba->vadr + l;
          if (a == b && j > i) continue;
          double Mij = sp_dot(cdof + 6 * j, F);
          Mt[(i - v0) * n + (j - v0)] = Mij;
          Mt[(j - v0) * n + (i - v0)] = Mij;
        }
      }
    }
  }
  /* A geared motor's rotor spins at the gear ratio r times the joint: its inertia J_r adds
   * r^2 J_r to the joint's own diagonal entry (reflected inertia; MuJoCo's armature). */
  for (int b = 1; b < m->nbody; ++b) {
    const Body *bd = &m->bodies[b];
    if (bd->armature == 0.0 || bd->nv != 1) continue;
    int t = bd->tree, n = m->tree_nv[t], i = bd->vadr - m->tree_vadr[t];
    d->mass[m->tree_madr[t] + i * n + i] += bd->armature;
  }
  d->counters.mass_evals++;
}

int mb_factor_mass(const Model *m, Data *d) {
  int status = 0;
  for (int t = 0; t < m->ntree; ++t) {
    int n = m->tree_nv[t];
    const double *A = d->mass + m->tree_madr[t];
    double *L = d->mass_chol + m->tree_madr[t];
    for (int j = 0; j < n; ++j) {
      double s = A[j * n + j];
      for (int k = 0; k < j; ++k) s -= L[j * n + k] * L[j * n + k];
      if (!(s > 0)) { status = -1; s = 1.0; }
      double ljj = sqrt(s);
      L[j * n + j] = ljj;
      for (int i = j + 1; i < n; ++i) {
        double r = A[i * n + j];
        for (int k = 0; k < j; ++k) r -= L[i * n + k] * L[j * n + k];
        L[i * n + j] = r / ljj;
        L[j * n + i] = 0.0;
      }
    }
  }
  return status;
}

void mb_solve_mass_tree(const Model *m, const Data *d, int t, double *y) {
  int n = m->tree_nv[t];
  const double *L = d->mass_chol + m->tree_madr[t];
  for (int i = 0; i < n; ++i) { /* L y = x */
    double s = y[i];
    for (int k = 0; k < i; ++k) s -= L[i * n + k] * y[k];
    y[i] = s / L[i * n + i];
  }
  for (int i = n - 1; i >= 0; --i) { /* L^T x = y */
    double s = y[i];
    for (int k = i + 1; k < n; ++k) s -= L[k * n + i] * y[k];
    y[i] = s / L[i * n + i];
  }
}

void mb_solve_mass(const Model *m, const Data *d, double *x) {
  for (int t = 0; t < m->ntree; ++t) mb_solve_mass_tree(m, d, t, x + m->tree_vadr[t]);
}

void mb_mass_mul(const Model *m, const Data *d, const double *x, double *y) {
  for (int i = 0; i < m->nv; ++i) y[i] = 0.0;
  for (int t = 0; t < m->ntree; ++t) {
    int n = m->tree_nv[t], v0 = m->tree_vadr[t];
    const double *A = d->mass + m->tree_madr[t];
    for (int i = 0; i < n; ++i) {
      double s = 0.0;
      for (int j = 0; j < n; ++j) s += A[i * n + j] * x[v0 + j];
      y[v0 + i] = s;
    }
  }
}
