/* Multibody numerics (models/multibody.h) against finite differences, energy identities and
 * conservation laws on random trees, a double pendulum and a free body. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mb_fixtures.h"
#include "models/data.h"
#include "models/math3d.h"
#include "models/multibody.h"
#include "models/multibody/mb_scratch.h"

#define NSEEDS 8

/* Data from data_create, checked to hold the multibody scratch (6 nv + 44 nbody doubles). */
static Data *tdata_new(const Model *m) {
  Data *d = data_create(m);
  cr_assert_not_null(d, "data_create failed");
  cr_assert_geq(d->scratch_size, 6 * m->nv + 44 * m->nbody, "scratch %d too small", d->scratch_size);
  return d;
}
static void tdata_free(Data *d) { data_free(d); }

static Model *tree_model(int seed, int flags) {
  Model *m = mbfix_random_tree((uint64_t)seed, 5 + seed % 4, flags);
  cr_assert_not_null(m, "random tree %d failed to build", seed);
  return m;
}

/* Dense nv x nv copy of the block-diagonal M (zeros between trees). */
static void dense_mass(const Model *m, const Data *d, double *M) {
  memset(M, 0, sizeof(double) * (size_t)(m->nv * m->nv));
  for (int t = 0; t < m->ntree; ++t) {
    int n = m->tree_nv[t], v0 = m->tree_vadr[t];
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) M[(v0 + i) * m->nv + v0 + j] = d->mass[m->tree_madr[t] + i * n + j];
  }
}

/* World angular velocity from (R+ - R-)/(2h) R^T (central difference, skew part). */
static void omega_fd(const double *Rp, const double *Rm, const double *R, double h, double *w) {
  double dR[9], W[9];
  for (int k = 0; k < 9; ++k) dR[k] = (Rp[k] - Rm[k]) / (2 * h);
  m3_mult(W, dR, R);
  v3_set(w, 0.5 * (W[7] - W[5]), 0.5 * (W[2] - W[6]), 0.5 * (W[3] - W[1]));
}

/* Positions, rotations and COMs of all bodies at integrate_q(q, v, s). */
typedef struct { double *xpos, *xrot, *xcom; } Poses;
static void poses_at(const Model *m, Data *d, const double *q, const double *v, double s, double *qtmp, Poses *P) {
  mb_integrate_q(m, q, v, s, qtmp);
  mb_kinematics(m, d, qtmp);
  memcpy(P->xpos, d->xpos, sizeof(double) * 3 * (size_t)m->nbody);
  memcpy(P->xrot, d->xrot, sizeof(double) * 9 * (size_t)m->nbody);
  memcpy(P->xcom, d->xcom, sizeof(double) * 3 * (size_t)m->nbody);
}
static Poses poses_new(const Model *m) {
  Poses P = {calloc((size_t)m->nbody * 3, sizeof(double)), calloc((size_t)m->nbody * 9, sizeof(double)),
             calloc((size_t)m->nbody * 3, sizeof(double))};
  return P;
}
static void poses_free(Poses *P) { free(P->xpos); free(P->xrot); free(P->xcom); }

static double max_abs(const double *a, int n) {
  double r = 0;
  for (int i = 0; i < n; ++i) r = fmax(r, fabs(a[i]));
  return r;
}

/* On random trees, trees with free bases, and single free bodies (mass_matrix.c's closed form
 * for a free body alone in its tree). */
Test(multibody, mass_matrix_is_spd_and_the_fd_hessian_of_body_kinetic_energy) {
  int free_alone = 0;
  for (int seed = 1; seed <= 3 * NSEEDS; ++seed) {
    Model *m = seed <= NSEEDS ? tree_model(seed, MBFIX_SPRINGS)
               : seed <= 2 * NSEEDS ? tree_model(seed, MBFIX_FREE_BASES)
                                    : mbfix_random_tree((uint64_t)seed, 1, MBFIX_FREE_BASES);
    Data *d = tdata_new(m);
    int nv = m->nv, nb = m->nbody;
    for (int b = 1; b < nb; ++b) free_alone += m->bodies[b].nv == 6 && m->tree_nv[m->bodies[b].tree] == 6;
    double *q = calloc((size_t)m->nq, sizeof(double)), *v = calloc((size_t)nv, sizeof(double));
    double *qt = calloc((size_t)m->nq, sizeof(double)), *e = calloc((size_t)nv, sizeof(double));
    double *M = calloc((size_t)(nv * nv), sizeof(double)), *Mfd = calloc((size_t)(nv * nv), sizeof(double));
    double *Jv = calloc((size_t)(nb * 3 * nv), sizeof(double)), *Jw = calloc((size_t)(nb * 3 * nv), sizeof(double));
    MbRng r;
    mbfix_rng_seed(&r, 100 + (uint64_t)seed);
    mbfix_random_state(m, &r, 1.0, q, v);
    Poses P0 = poses_new(m), Pp = poses_new(m), Pm = poses_new(m);
    /* columns of every body's COM-velocity and angular-velocity Jacobians by central differences */
    const double h = 1e-5;
    poses_at(m, d, q, e, 0.0, qt, &P0);
    for (int i = 0; i < nv; ++i) {
      memset(e, 0, sizeof(double) * (size_t)nv);
      e[i] = 1.0;
      poses_at(m, d, q, e, h, qt, &Pp);
      poses_at(m, d, q, e, -h, qt, &Pm);
      for (int b = 1; b < nb; ++b) {
        double w[3];
        omega_fd(Pp.xrot + 9 * b, Pm.xrot + 9 * b, P0.xrot + 9 * b, h, w);
        for (int k = 0; k < 3; ++k) {
          Jv[(b * 3 + k) * nv + i] = (Pp.xcom[3 * b + k] - Pm.xcom[3 * b + k]) / (2 * h);
          Jw[(b * 3 + k) * nv + i] = w[k];
        }
      }
    }
    /* Hessian of sum_b 1/2 m |v_com|^2 + 1/2 w^T (R I R^T) w */
    for (int b = 1; b < nb; ++b) {
      const Body *bd = &m->bodies[b];
      double RI[9], Iw[9];
      m3_mul(RI, P0.xrot + 9 * b, bd->inertia);
      m3_mult(Iw, RI, P0.xrot + 9 * b);
      for (int i = 0; i < nv; ++i)
        for (int j = 0; j < nv; ++j) {
          double s = 0;
          for (int k = 0; k < 3; ++k) {
            s += bd->mass * Jv[(b * 3 + k) * nv + i] * Jv[(b * 3 + k) * nv + j];
            for (int l = 0; l < 3; ++l) s += Jw[(b * 3 + k) * nv + i] * Iw[3 * k + l] * Jw[(b * 3 + l) * nv + j];
          }
          Mfd[i * nv + j] += s;
        }
    }
    mb_kinematics(m, d, q);
    mb_mass_matrix(m, d);
    dense_mass(m, d, M);
    double scale = max_abs(M, nv * nv), err = 0;
    for (int i = 0; i < nv; ++i)
      for (int j = 0; j < nv; ++j) {
        cr_assert_eq(M[i * nv + j], M[j * nv + i], "seed %d: M not symmetric at (%d,%d)", seed, i, j);
        err = fmax(err, fabs(M[i * nv + j] - Mfd[i * nv + j]));
      }
    cr_assert_lt(err, 1e-7 * scale, "seed %d (nv %d): |M - M_fd| = %g (scale %g)", seed, nv, err, scale);
    /* a free body alone in its tree: the closed form is S^T Ic S (eq. 6.4) to round-off */
    for (int b = 1; b < nb; ++b) {
      const Body *bd = &m->bodies[b];
      if (bd->nv != 6 || m->tree_nv[bd->tree] != 6) continue;
      const double *S = mb_cdof(m, d) + 6 * bd->vadr, *Ic = mb_ccomp(m, d) + SP_INERTIA_SIZE * b;
      const double *Mt = d->mass + m->tree_madr[bd->tree];
      double bscale = max_abs(Mt, 36);
      for (int i = 0; i < 6; ++i) {
        double F[6];
        sp_inertia_mul(F, Ic, S + 6 * i);
        for (int j = 0; j < 6; ++j)
          cr_assert_lt(fabs(Mt[j * 6 + i] - sp_dot(S + 6 * j, F)), 1e-14 * bscale, "seed %d body %d M[%d][%d]", seed, b, j, i);
      }
    }
    cr_assert_eq(mb_factor_mass(m, d), 0, "seed %d: M not positive definite", seed);
    /* a non-PD block is reported */
    double saved = d->mass[0];
    d->mass[0] = -1.0;
    cr_assert_eq(mb_factor_mass(m, d), -1);
    d->mass[0] = saved;
    poses_free(&P0); poses_free(&Pp); poses_free(&Pm);
    free(q); free(v); free(qt); free(e); free(M); free(Mfd); free(Jv); free(Jw);
    tdata_free(d);
    model_free(m);
  }
  cr_assert_gt(free_alone, 0, "no free body alone in its tree was tested");
}

Test(multibody, cholesky_solve_and_mass_mul_are_inverse) {
  for (int seed = 1; seed <= NSEEDS; ++seed) {
    Model *m = tree_model(seed, 0);
    Data *d = tdata_new(m);
    int nv = m->nv;
    double *q = calloc((size_t)m->nq, sizeof(double)), *v = calloc((size_t)nv, sizeof(double));
    double *x = calloc((size_t)nv, sizeof(double)), *y = calloc((size_t)nv, sizeof(double));
    MbRng r;
    mbfix_rng_seed(&r, 200 + (uint64_t)seed);
    mbfix_random_state(m, &r, 1.0, q, v);
    mb_kinematics(m, d, q);
    mb_mass_matrix(m, d);
    cr_assert_eq(mb_factor_mass(m, d), 0);
    mb_mass_mul(m, d, v, y);
    memcpy(x, y, sizeof(double) * (size_t)nv);
    mb_solve_mass(m, d, x);
    for (int i = 0; i < nv; ++i) cr_assert_lt(fabs(x[i] - v[i]), 1e-9 * (1 + fabs(v[i])), "seed %d dof %d", seed, i);
    /* kinetic energy from body velocities equals 1/2 v^T M v */
    double T = mb_kinetic_energy(m, d, v), vMv = 0;
    for (int i = 0; i < nv; ++i) vMv += v[i] * y[i];
    cr_assert_lt(fabs(T - 0.5 * vMv), 1e-12 * (1 + T), "seed %d: T %g vs vMv/2 %g", seed, T, 0.5 * vMv);
    free(q); free(v); free(x); free(y);
    tdata_free(d);
    model_free(m);
  }
}

Test(multibody, body_velocities_point_velocity_and_momentum_match_finite_differences) {
  for (int seed = 1; seed <= NSEEDS; ++seed) {
    Model *m = tree_model(seed, 0);
    Data *d = tdata_new(m);
    int nv = m->nv, nb = m->nbody;
    double *q = calloc((size_t)m->nq, sizeof(double)), *v = calloc((size_t)nv, sizeof(double));
    double *qt = calloc((size_t)m->nq, sizeof(double));
    MbRng r;
    mbfix_rng_seed(&r, 300 + (uint64_t)seed);
    mbfix_random_state(m, &r, 1.0, q, v);
    Poses P0 = poses_new(m), Pp = poses_new(m), Pm = poses_new(m);
    const double h = 1e-5;
    poses_at(m, d, q, v, h, qt, &Pp);
    poses_at(m, d, q, v, -h, qt, &Pm);
    poses_at(m, d, q, v, 0.0, qt, &P0);
    mb_kinematics(m, d, q);
    mb_velocities(m, d, v);
    double lin[3] = {0}, ang[3] = {0}, T = 0;
    for (int b = 1; b < nb; ++b) {
      const double *R = d->xrot + 9 * b;
      double w_fd[3], vo_fd[3], w[3], vo[3], vc[3], vc_fd[3];
      omega_fd(Pp.xrot + 9 * b, Pm.xrot + 9 * b, R, h, w_fd);
      for (int k = 0; k < 3; ++k) {
        vo_fd[k] = (Pp.xpos[3 * b + k] - Pm.xpos[3 * b + k]) / (2 * h);
        vc_fd[k] = (Pp.xcom[3 * b + k] - Pm.xcom[3 * b + k]) / (2 * h);
      }
      m3_mulv(w, R, d->body_vel + 6 * b);
      m3_mulv(vo, R, d->body_vel + 6 * b + 3);
      mb_point_velocity(m, d, b, d->xcom + 3 * b, vc);
      for (int k = 0; k < 3; ++k) {
        cr_assert_lt(fabs(w[k] - w_fd[k]), 1e-7, "seed %d body %d: w %g vs fd %g", seed, b, w[k], w_fd[k]);
        cr_assert_lt(fabs(vo[k] - vo_fd[k]), 1e-7, "seed %d body %d: v_origin %g vs fd %g", seed, b, vo[k], vo_fd[k]);
        cr_assert_lt(fabs(vc[k] - vc_fd[k]), 1e-7, "seed %d body %d: v_com %g vs fd %g", seed, b, vc[k], vc_fd[k]);
      }
      /* body-level momenta and energy */
      const Body *bd = &m->bodies[b];
      double RI[9], Iw[9], Iww[3], t[3];
      m3_mul(RI, R, bd->inertia);
      m3_mult(Iw, RI, R);
      m3_mulv(Iww, Iw, w);
      v3_axpy(lin, bd->mass, vc);
      v3_cross(t, d->xcom + 3 * b, vc);
      v3_axpy(ang, bd->mass, t);
      v3_add(ang, ang, Iww);
      T += 0.5 * bd->mass * v3_dot(vc, vc) + 0.5 * v3_dot(w, Iww);
    }
    double L[3], H[3];
    mb_momentum(m, d, L, H);
    for (int k = 0; k < 3; ++k) {
      cr_assert_lt(fabs(L[k] - lin[k]), 1e-12 * (1 + fabs(lin[k])), "seed %d: linear momentum", seed);
      cr_assert_lt(fabs(H[k] - ang[k]), 1e-12 * (1 + fabs(ang[k])), "seed %d: angular momentum", seed);
    }
    cr_assert_lt(fabs(mb_kinetic_energy(m, d, v) - T), 1e-12 * (1 + T), "seed %d: kinetic energy", seed);
    poses_free(&P0); poses_free(&Pp); poses_free(&Pm);
    free(q); free(v); free(qt);
    tdata_free(d);
    model_free(m);
  }
}

/* On random trees, trees with free bases, and single free bodies (the free body's own path in
 * mb_point_jacobian_in_frame). */
Test(multibody, point_jacobian_matches_finite_differences_and_point_velocity) {
  int free_alone = 0;
  for (int seed = 1; seed <= 3 * NSEEDS; ++seed) {
    Model *m = seed <= NSEEDS ? tree_model(seed, 0)
               : seed <= 2 * NSEEDS ? tree_model(seed, MBFIX_FREE_BASES)
                                    : mbfix_random_tree((uint64_t)seed, 1, MBFIX_FREE_BASES);
    Data *d = tdata_new(m);
    int nv = m->nv, nb = m->nbody;
    for (int b = 1; b < nb; ++b) free_alone += m->bodies[b].nv == 6 && m->tree_nv[m->bodies[b].tree] == 6;
    double *q = calloc((size_t)m->nq, sizeof(double)), *v = calloc((size_t)nv, sizeof(double));
    double *qt = calloc((size_t)m->nq, sizeof(double)), *e = calloc((size_t)nv, sizeof(double));
    double *jac = calloc((size_t)(3 * m->max_tree_nv), sizeof(double));
    double *rloc = calloc((size_t)nb * 3, sizeof(double));
    MbRng r;
    mbfix_rng_seed(&r, 400 + (uint64_t)seed);
    mbfix_random_state(m, &r, 1.0, q, v);
    for (int k = 0; k < 3 * nb; ++k) rloc[k] = mbfix_uniform(&r, -0.5, 0.5);
    Poses Pp = poses_new(m), Pm = poses_new(m);
    const double h = 1e-5;
    for (int b = 1; b < nb; ++b) {
      mb_kinematics(m, d, q);
      mb_velocities(m, d, v);
      double p[3], vel[3], Jv[3] = {0};
      m3_mulv(p, d->xrot + 9 * b, rloc + 3 * b);
      v3_add(p, p, d->xpos + 3 * b);
      mb_point_velocity(m, d, b, p, vel);
      for (int t = 0; t < m->ntree; ++t) {
        int n = m->tree_nv[t], v0 = m->tree_vadr[t];
        mb_kinematics(m, d, q);
        mb_point_jacobian(m, d, b, p, t, jac);
        if (m->bodies[b].tree == t && n == 6 && m->bodies[b].nv == 6) /* the free body's closed form: S_w x p + S_v to round-off */
          for (int i = 0; i < 6; ++i) {
            const double *S = mb_cdof(m, d) + 6 * (v0 + i);
            double col[3];
            v3_cross(col, S, p);
            v3_add(col, col, S + 3);
            for (int k = 0; k < 3; ++k)
              cr_assert_lt(fabs(jac[k * n + i] - col[k]), 1e-14 * (1.0 + v3_dot(p, p)), "seed %d body %d col %d row %d", seed, b, i, k);
          }
        for (int i = 0; i < n; ++i)
          for (int k = 0; k < 3; ++k) Jv[k] += jac[k * n + i] * v[v0 + i];
        for (int i = 0; i < n; ++i) {
          memset(e, 0, sizeof(double) * (size_t)nv);
          e[v0 + i] = 1.0;
          poses_at(m, d, q, e, h, qt, &Pp);
          poses_at(m, d, q, e, -h, qt, &Pm);
          for (int k = 0; k < 3; ++k) {
            double xp[3], xm[3];
            m3_mulv(xp, Pp.xrot + 9 * b, rloc + 3 * b);
            m3_mulv(xm, Pm.xrot + 9 * b, rloc + 3 * b);
            double fd = (Pp.xpos[3 * b + k] + xp[k] - Pm.xpos[3 * b + k] - xm[k]) / (2 * h);
            cr_assert_lt(fabs(jac[k * n + i] - fd), 1e-7, "seed %d body %d tree %d col %d row %d: %g vs fd %g", seed, b, t,
                         i, k, jac[k * n + i], fd);
            if (m->bodies[b].tree != t) cr_assert_eq(jac[k * n + i], 0.0);
          }
        }
      }
      for (int k = 0; k < 3; ++k) cr_assert_lt(fabs(Jv[k] - vel[k]), 1e-12 * (1 + fabs(vel[k])), "seed %d body %d: J v vs point velocity", seed, b);
    }
    poses_free(&Pp); poses_free(&Pm);
    free(q); free(v); free(qt); free(e); free(jac); free(rloc);
    tdata_free(d);
    model_free(m);
  }
  cr_assert_gt(free_alone, 0, "no free body alone in its tree was tested");
}

/* The contact Jacobian's fused form: sign * frame * J_p, overwriting or accumulating, equals the
 * product formed from mb_point_jacobian; on random forests (any joint types) and on single free
 * bodies (the unrolled path: a free body alone in its tree). */
Test(multibody, point_jacobian_in_frame_is_the_rotated_point_jacobian) {
  int fast = 0;
  for (int seed = 1; seed <= 2 * NSEEDS; ++seed) {
    Model *m = seed <= NSEEDS ? tree_model(seed, seed % 2 ? MBFIX_FREE_BASES : 0)
                              : mbfix_random_tree((uint64_t)seed, 1, MBFIX_FREE_BASES);
    cr_assert_not_null(m);
    Data *d = tdata_new(m);
    int nb = m->nbody, mt = m->max_tree_nv;
    double *q = calloc((size_t)m->nq, sizeof(double)), *v = calloc((size_t)m->nv, sizeof(double));
    double *jac = calloc((size_t)(3 * mt), sizeof(double)), *out = calloc((size_t)(3 * mt), sizeof(double));
    MbRng r;
    mbfix_rng_seed(&r, 700 + (uint64_t)seed);
    mbfix_random_state(m, &r, 1.0, q, v);
    mb_kinematics(m, d, q);
    for (int b = 1; b < nb; ++b)
      for (int t = 0; t < m->ntree; ++t) {
        int n = m->tree_nv[t];
        double p[3], qf[4], F[9], sign = mbfix_uniform(&r, -2.0, 2.0);
        for (int k = 0; k < 3; ++k) p[k] = mbfix_uniform(&r, -1.0, 1.0);
        mbfix_random_quat(&r, qf);
        quat_to_mat(F, qf);
        fast += n == 6 && m->bodies[b].tree == t && m->bodies[b].nv == 6;
        mb_point_jacobian(m, d, b, p, t, jac);
        for (int accumulate = 0; accumulate < 2; ++accumulate) {
          double base = accumulate ? 0.25 : 7.0; /* overwritten unless accumulating */
          for (int k = 0; k < 3 * n; ++k) out[k] = base;
          mb_point_jacobian_in_frame(m, d, b, p, t, F, sign, accumulate, out);
          for (int row = 0; row < 3; ++row)
            for (int i = 0; i < n; ++i) {
              double want = (accumulate ? base : 0.0) +
                            sign * (F[3 * row] * jac[i] + F[3 * row + 1] * jac[n + i] + F[3 * row + 2] * jac[2 * n + i]);
              cr_assert_lt(fabs(out[row * n + i] - want), 1e-13 * (1 + fabs(want)), "seed %d body %d tree %d (%d, %d) acc %d: %g vs %g",
                           seed, b, t, row, i, accumulate, out[row * n + i], want);
            }
        }
      }
    free(q); free(v); free(jac); free(out);
    tdata_free(d);
    model_free(m);
  }
  cr_assert_gt(fast, 0, "the free-body path was not exercised");
}

Test(multibody, integrate_q_normalizes_allows_aliasing_and_follows_qdot) {
  for (int seed = 1; seed <= NSEEDS; ++seed) {
    Model *m = tree_model(seed, 0);
    int nq = m->nq, nv = m->nv;
    double *q = calloc((size_t)nq, sizeof(double)), *v = calloc((size_t)nv, sizeof(double));
    double *q1 = calloc((size_t)nq, sizeof(double)), *q2 = calloc((size_t)nq, sizeof(double));
    double *qd = calloc((size_t)nq, sizeof(double));
    MbRng r;
    mbfix_rng_seed(&r, 500 + (uint64_t)seed);
    mbfix_random_state(m, &r, 2.0, q, v);
    const double h = 1e-6;
    mb_integrate_q(m, q, v, h, q1);
    memcpy(q2, q, sizeof(double) * (size_t)nq);
    mb_integrate_q(m, q2, v, h, q2);
    mb_qdot(m, q, v, qd);
    for (int i = 0; i < nq; ++i) {
      cr_assert_eq(q1[i], q2[i], "seed %d: aliasing changes q[%d]", seed, i);
      /* (q(h) - q)/h = N v + O(h) (the renormalization is O(h^2)) */
      cr_assert_lt(fabs((q1[i] - q[i]) / h - qd[i]), 1e-5 * (1 + fabs(qd[i])), "seed %d q[%d]", seed, i);
    }
    for (int b = 1; b < m->nbody; ++b)
      if (m->bodies[b].joint == JOINT_FREE) {
        const double *u = q1 + m->bodies[b].qadr + 3;
        cr_assert_lt(fabs(u[0] * u[0] + u[1] * u[1] + u[2] * u[2] + u[3] * u[3] - 1), 1e-15);
        /* a large step leaves the unit sphere before renormalization; mb_normalize_q restores it */
        double *w = q2 + m->bodies[b].qadr + 3;
        for (int k = 0; k < 4; ++k) w[k] *= 3.0;
        mb_normalize_q(m, q2);
        cr_assert_lt(fabs(w[0] * w[0] + w[1] * w[1] + w[2] * w[2] + w[3] * w[3] - 1), 1e-15);
      }
    free(q); free(v); free(q1); free(q2); free(qd);
    model_free(m);
  }
}

/* Total energy T + U at (q, v). */
static double total_energy(const Model *m, Data *d, const double *q, const double *v) {
  mb_kinematics(m, d, q);
  return mb_kinetic_energy(m, d, v) + mb_potential_energy(m, d, q);
}

Test(multibody, gravity_and_spring_terms_of_k_are_the_potential_gradient) {
  for (int seed = 1; seed <= NSEEDS; ++seed) {
    Model *m = tree_model(seed, MBFIX_SPRINGS);
    Data *d = tdata_new(m);
    int nq = m->nq, nv = m->nv;
    double *q = calloc((size_t)nq, sizeof(double)), *v = calloc((size_t)nv, sizeof(double));
    double *qt = calloc((size_t)nq, sizeof(double)), *e = calloc((size_t)nv, sizeof(double));
    double *zero = calloc((size_t)nv, sizeof(double));
    MbRng r;
    mbfix_rng_seed(&r, 600 + (uint64_t)seed);
    mbfix_random_state(m, &r, 1.0, q, v);
    mb_kinematics(m, d, q);
    mb_bias(m, d, q, zero);
    const double h = 1e-5;
    double scale = 1 + max_abs(d->bias, nv);
    double *k0 = calloc((size_t)nv, sizeof(double));
    memcpy(k0, d->bias, sizeof(double) * (size_t)nv);
    for (int i = 0; i < nv; ++i) {
      memset(e, 0, sizeof(double) * (size_t)nv);
      e[i] = 1.0;
      mb_integrate_q(m, q, e, h, qt);
      mb_kinematics(m, d, qt);
      double Up = mb_potential_energy(m, d, qt);
      mb_integrate_q(m, q, e, -h, qt);
      mb_kinematics(m, d, qt);
      double Um = mb_potential_energy(m, d, qt);
      double g = (Up - Um) / (2 * h);
      cr_assert_lt(fabs(k0[i] - g), 1e-7 * scale, "seed %d dof %d: k(q,0) %g vs dU %g", seed, i, k0[i], g);
    }
    free(q); free(v); free(qt); free(e); free(zero); free(k0);
    tdata_free(d);
    model_free(m);
  }
}

Test(multibody, energy_rate_along_the_motion_is_minus_damping_power) {
  for (int flags = 0; flags <= MBFIX_SPRINGS; flags += MBFIX_SPRINGS)
    for (int seed = 1; seed <= NSEEDS; ++seed) {
      Model *m = tree_model(seed, flags);
      Data *d = tdata_new(m);
      int nq = m->nq, nv = m->nv;
      double *q = calloc((size_t)nq, sizeof(double)), *v = calloc((size_t)nv, sizeof(double));
      double *qt = calloc((size_t)nq, sizeof(double)), *vt = calloc((size_t)nv, sizeof(double));
      double *a = calloc((size_t)nv, sizeof(double));
      MbRng r;
      mbfix_rng_seed(&r, 700 + (uint64_t)seed);
      mbfix_random_state(m, &r, 2.0, q, v);
      mb_kinematics(m, d, q);
      mb_mass_matrix(m, d);
      mb_bias(m, d, q, v);
      cr_assert_eq(mb_factor_mass(m, d), 0);
      double power = 0, diss = 0; /* scale of the terms that must cancel */
      for (int i = 0; i < nv; ++i) {
        a[i] = -d->bias[i];
        power += fabs(v[i] * d->bias[i]);
        diss -= m->dof_damping[i] * v[i] * v[i];
      }
      mb_solve_mass(m, d, a);
      /* dE/dt by central differences along (q', v') = (N v, -M^{-1} k) */
      const double h = 1e-5;
      mb_integrate_q(m, q, v, h, qt);
      for (int i = 0; i < nv; ++i) vt[i] = v[i] + h * a[i];
      double Ep = total_energy(m, d, qt, vt);
      mb_integrate_q(m, q, v, -h, qt);
      for (int i = 0; i < nv; ++i) vt[i] = v[i] - h * a[i];
      double Em = total_energy(m, d, qt, vt);
      double rate = (Ep - Em) / (2 * h);
      cr_assert_lt(fabs(rate - diss), 1e-7 * (1 + power), "seed %d flags %d: dE/dt %g vs -v'Dv %g (power scale %g)", seed,
                   flags, rate, diss, power);
      if (flags) cr_assert_lt(diss, -1e-3, "seed %d: the damped check must have damping", seed);
      free(q); free(v); free(qt); free(vt); free(a);
      tdata_free(d);
      model_free(m);
    }
}

/* ---- conservation under RK4 of (q, v)' = (N(q) v, -M^{-1} k(q, v)) ---- */

typedef struct {
  const Model *m;
  Data *d;
  double *k1, *k2, *k3, *k4, *y, *ytmp; /* [nq + nv] */
} Rk4;

static void rhs(Rk4 *s, const double *y, double *f) {
  const Model *m = s->m;
  const double *q = y, *v = y + m->nq;
  mb_qdot(m, q, v, f);
  mb_kinematics(m, s->d, q);
  mb_mass_matrix(m, s->d);
  mb_bias(m, s->d, q, v);
  cr_assert_eq(mb_factor_mass(m, s->d), 0);
  for (int i = 0; i < m->nv; ++i) f[m->nq + i] = -s->d->bias[i];
  mb_solve_mass(m, s->d, f + m->nq);
}

static void rk4_step(Rk4 *s, double h) {
  int n = s->m->nq + s->m->nv;
  double *ks[4] = {s->k1, s->k2, s->k3, s->k4};
  const double c[4] = {0, 0.5, 0.5, 1};
  for (int st = 0; st < 4; ++st) {
    for (int i = 0; i < n; ++i) s->ytmp[i] = s->y[i] + (st ? c[st] * h * ks[st - 1][i] : 0.0);
    rhs(s, s->ytmp, ks[st]);
  }
  for (int i = 0; i < n; ++i) s->y[i] += h / 6 * (s->k1[i] + 2 * s->k2[i] + 2 * s->k3[i] + s->k4[i]);
}

typedef struct { double energy, linear, angular; } Drift;

/* Integrates for t_end with step h from (q0, v0); returns max drifts of energy (relative to the
 * max kinetic energy) and of momenta (relative to their initial norms, absolute if zero). */
static Drift rk4_drift(const Model *m, const double *q0, const double *v0, double h, double t_end) {
  Rk4 s = {.m = m, .d = tdata_new(m)};
  int n = m->nq + m->nv;
  double **bufs[6] = {&s.k1, &s.k2, &s.k3, &s.k4, &s.y, &s.ytmp};
  for (int i = 0; i < 6; ++i) *bufs[i] = calloc((size_t)n, sizeof(double));
  memcpy(s.y, q0, sizeof(double) * (size_t)m->nq);
  memcpy(s.y + m->nq, v0, sizeof(double) * (size_t)m->nv);
  double E0 = 0, L0[3], H0[3], Tmax = 0, dE = 0, dL = 0, dH = 0;
  int nsteps = (int)lround(t_end / h);
  for (int k = 0; k <= nsteps; ++k) {
    if (k) rk4_step(&s, h);
    const double *q = s.y, *v = s.y + m->nq;
    mb_kinematics(m, s.d, q);
    mb_velocities(m, s.d, v);
    double T = mb_kinetic_energy(m, s.d, v), E = T + mb_potential_energy(m, s.d, q), L[3], H[3];
    mb_momentum(m, s.d, L, H);
    if (!k) { E0 = E; v3_copy(L0, L); v3_copy(H0, H); }
    Tmax = fmax(Tmax, T);
    double dl[3], dh[3];
    v3_sub(dl, L, L0);
    v3_sub(dh, H, H0);
    dE = fmax(dE, fabs(E - E0));
    dL = fmax(dL, v3_norm(dl));
    dH = fmax(dH, v3_norm(dh));
  }
  Drift r = {dE / Tmax, dL / fmax(v3_norm(L0), 1e-300), dH / fmax(v3_norm(H0), 1e-300)};
  for (int i = 0; i < 6; ++i) free(*bufs[i]);
  tdata_free(s.d);
  return r;
}

/* Checks drift(h) < tol and drift(h)/drift(2h) ~ 1/16 (RK4 order on a smooth problem). */
static void check_order(const char *what, double coarse, double fine, double tol) {
  if (getenv("MB_VERBOSE")) fprintf(stderr, "%s: coarse %.3g fine %.3g ratio %.2f\n", what, coarse, fine, coarse / fine);
  cr_assert_lt(fine, tol, "%s: drift %g at the fine step exceeds %g", what, fine, tol);
  double ratio = coarse / fine;
  cr_assert(ratio > 11 && ratio < 23, "%s: drift ratio %g (coarse %g, fine %g), expected ~16", what, ratio, coarse, fine);
}

Test(multibody, double_pendulum_conserves_energy_with_rk4_order) {
  Model *m = mbfix_double_pendulum(1.0, 0.7, 1.0, 0.6);
  cr_assert_not_null(m);
  double q0[2] = {1.2, -0.5}, v0[2] = {0.3, 1.0};
  Drift c = rk4_drift(m, q0, v0, 4e-3, 3.0), f = rk4_drift(m, q0, v0, 2e-3, 3.0);
  check_order("double pendulum energy", c.energy, f.energy, 1e-8);
  /* without gravity the pivot exerts no torque about the axis: angular momentum is conserved */
  v3_set(m->gravity, 0, 0, 0);
  c = rk4_drift(m, q0, v0, 8e-3, 3.0);
  f = rk4_drift(m, q0, v0, 4e-3, 3.0);
  check_order("weightless double pendulum energy", c.energy, f.energy, 1e-8);
  check_order("weightless double pendulum angular momentum", c.angular, f.angular, 1e-8);
  model_free(m);
}

Test(multibody, tumbling_free_body_conserves_energy_and_momenta_with_rk4_order) {
  Model *m = mbfix_free_body(2.0, 0.1, 0.25, 0.4);
  cr_assert_not_null(m);
  double q0[7] = {0.3, -0.2, 0.5, 0.9, 0.1, -0.3, 0.2}, v0[6] = {0.2, 6.0, 0.3, 0.5, -0.4, 0.8};
  mb_normalize_q(m, q0);
  Drift c = rk4_drift(m, q0, v0, 4e-3, 2.0), f = rk4_drift(m, q0, v0, 2e-3, 2.0);
  check_order("free body energy", c.energy, f.energy, 1e-8);
  /* world-frame angular velocities: RK4's error constant on the momentum is ~1e-8 here */
  check_order("free body angular momentum", c.angular, f.angular, 3e-8);
  check_order("free body linear momentum", c.linear, f.linear, 1e-8);
  model_free(m);
}

Test(multibody, free_floating_random_trees_conserve_energy_and_momenta) {
  for (int seed = 1; seed <= 3; ++seed) {
    Model *m = tree_model(seed, MBFIX_FREE_BASES | MBFIX_NO_GRAVITY);
    double *q = calloc((size_t)m->nq, sizeof(double)), *v = calloc((size_t)m->nv, sizeof(double));
    MbRng r;
    mbfix_rng_seed(&r, 800 + (uint64_t)seed);
    mbfix_random_state(m, &r, 2.0, q, v);
    Drift c = rk4_drift(m, q, v, 1e-2, 1.0), f = rk4_drift(m, q, v, 5e-3, 1.0);
    check_order("free-floating tree energy", c.energy, f.energy, 1e-8);
    check_order("free-floating tree angular momentum", c.angular, f.angular, 1e-8);
    check_order("free-floating tree linear momentum", c.linear, f.linear, 1e-8);
    free(q); free(v);
    model_free(m);
  }
}

Test(multibody, geometry_poses_follow_their_bodies) {
  Model *m = tree_model(3, 0);
  m->ngeom = m->nbody;
  m->geoms = calloc((size_t)m->ngeom, sizeof(Geom));
  MbRng r;
  mbfix_rng_seed(&r, 900);
  for (int g = 0; g < m->ngeom; ++g) {
    m->geoms[g].body = g;
    for (int k = 0; k < 3; ++k) m->geoms[g].pos[k] = mbfix_uniform(&r, -1, 1);
    mbfix_random_quat(&r, m->geoms[g].quat);
  }
  m->nmaterial = 1; /* geometries need one, and their derived fields come from model_finalize */
  m->materials = calloc(1, sizeof(Material));
  char err[256];
  cr_assert_eq(model_finalize(m, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  Data *d = tdata_new(m);
  double *q = calloc((size_t)m->nq, sizeof(double)), *v = calloc((size_t)m->nv, sizeof(double));
  mbfix_random_state(m, &r, 1.0, q, v);
  mb_kinematics(m, d, q);
  for (int g = 0; g < m->ngeom; ++g) {
    /* a point x given in the geometry frame lands at the same world point both ways */
    const double x[3] = {0.3, -0.7, 0.2};
    double gq[9], xb[3], wb[3], wg[3];
    quat_to_mat(gq, m->geoms[g].quat);
    m3_mulv(xb, gq, x);
    v3_add(xb, xb, m->geoms[g].pos);
    m3_mulv(wb, d->xrot + 9 * g, xb);
    v3_add(wb, wb, d->xpos + 3 * g);
    m3_mulv(wg, d->geom_xrot + 9 * g, x);
    v3_add(wg, wg, d->geom_xpos + 3 * g);
    for (int k = 0; k < 3; ++k) cr_assert_lt(fabs(wb[k] - wg[k]), 1e-13);
  }
  free(q); free(v);
  tdata_free(d);
  model_free(m);
}

/* The kinematics' shortcuts for frames that model_finalize found trivial (an identity joint
 * frame, a diagonal inertia, a geometry at its body's frame) give what the general products
 * give: the same model with the shortcuts switched off is the reference. */
Test(multibody, kinematics_shortcuts_match_the_general_products) {
  int used[3] = {0, 0, 0};
  for (int seed = 1; seed <= NSEEDS; ++seed) {
    Model *m = tree_model(seed, MBFIX_FREE_BASES);
    m->ngeom = m->nbody;
    m->geoms = calloc((size_t)m->ngeom, sizeof(Geom));
    m->nmaterial = 1;
    m->materials = calloc(1, sizeof(Material));
    MbRng r;
    mbfix_rng_seed(&r, 950 + (uint64_t)seed);
    for (int b = 1; b < m->nbody; ++b) {
      Body *bd = &m->bodies[b];
      if (b % 2) quat_identity(bd->joint_quat);
      if (b % 3) { /* principal axes */
        double I0 = bd->inertia[0], I4 = bd->inertia[4], I8 = bd->inertia[8];
        memset(bd->inertia, 0, sizeof bd->inertia);
        bd->inertia[0] = I0; bd->inertia[4] = I4; bd->inertia[8] = I8;
      }
      Geom *g = &m->geoms[b];
      g->body = b;
      quat_identity(g->quat);
      if (b % 2 == 0)
        for (int k = 0; k < 3; ++k) g->pos[k] = mbfix_uniform(&r, -1, 1);
    }
    char err[256];
    cr_assert_eq(model_finalize(m, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
    Data *fast = tdata_new(m), *slow = tdata_new(m);
    double *q = calloc((size_t)m->nq, sizeof(double)), *v = calloc((size_t)m->nv, sizeof(double));
    mbfix_random_state(m, &r, 1.0, q, v);
    mb_kinematics(m, fast, q);
    mb_mass_matrix(m, fast);
    for (int b = 1; b < m->nbody; ++b) {
      used[0] += m->bodies[b].joint_rot_identity && m->bodies[b].joint == JOINT_FREE;
      used[1] += m->bodies[b].inertia_diagonal;
      used[2] += m->geoms[b].body_frame;
      m->bodies[b].joint_rot_identity = m->bodies[b].inertia_diagonal = m->geoms[b].body_frame = 0;
    }
    mb_kinematics(m, slow, q);
    mb_mass_matrix(m, slow);
    for (int i = 0; i < 9 * m->nbody; ++i) cr_assert_eq(fast->xrot[i], slow->xrot[i], "seed %d xrot[%d]", seed, i);
    for (int i = 0; i < 3 * m->nbody; ++i) cr_assert_eq(fast->xpos[i], slow->xpos[i], "seed %d xpos[%d]", seed, i);
    for (int i = 0; i < 9 * m->ngeom; ++i) cr_assert_eq(fast->geom_xrot[i], slow->geom_xrot[i], "seed %d geom_xrot[%d]", seed, i);
    for (int i = 0; i < 3 * m->ngeom; ++i) cr_assert_eq(fast->geom_xpos[i], slow->geom_xpos[i], "seed %d geom_xpos[%d]", seed, i);
    /* R diag(I) R^T is summed in another order: the same to round-off */
    double scale = max_abs(slow->mass, m->mass_size);
    for (int i = 0; i < m->mass_size; ++i)
      cr_assert_lt(fabs(fast->mass[i] - slow->mass[i]), 1e-14 * scale, "seed %d mass[%d]: %g vs %g", seed, i, fast->mass[i], slow->mass[i]);
    free(q); free(v);
    tdata_free(fast); tdata_free(slow);
    model_free(m);
  }
  cr_assert(used[0] > 0 && used[1] > 0 && used[2] > 0, "shortcuts exercised: joint %d inertia %d geometry %d", used[0], used[1], used[2]);
}

/* World COM velocity and angular velocity of body b at (q, v) (mb_velocities, checked above
 * against finite differences of poses). */
static void com_twist(const Model *m, Data *d, const double *q, const double *v, int b, double *vc, double *w) {
  mb_kinematics(m, d, q);
  mb_velocities(m, d, v);
  mb_point_velocity(m, d, b, d->xcom + 3 * b, vc);
  m3_mulv(w, d->xrot + 9 * b, d->body_vel + 6 * b);
}

/* k(q, v) from Newton-Euler of each body at its COM and the principle of virtual power:
 * k_i = sum_b (m (a_c - g)) . dv_c/dv_i + (I alpha + w x I w) . dw/dv_i, with the body
 * accelerations at v' = 0 from central differences of the velocities along q(t) = q + t N v.
 * Independent of the spatial algebra, and sensitive to gyroscopic terms (which the energy
 * identity cannot see: they do no work). */
Test(multibody, bias_matches_body_newton_euler_by_virtual_power) {
  for (int seed = 1; seed <= NSEEDS; ++seed) {
    Model *m = tree_model(seed, MBFIX_SPRINGS);
    Data *d = tdata_new(m);
    int nq = m->nq, nv = m->nv;
    double *q = calloc((size_t)nq, sizeof(double)), *v = calloc((size_t)nv, sizeof(double));
    double *qt = calloc((size_t)nq, sizeof(double)), *e = calloc((size_t)nv, sizeof(double));
    double *kref = calloc((size_t)nv, sizeof(double));
    MbRng r;
    mbfix_rng_seed(&r, 1000 + (uint64_t)seed);
    mbfix_random_state(m, &r, 2.0, q, v);
    const double h = 1e-5;
    for (int b = 1; b < m->nbody; ++b) {
      const Body *bd = &m->bodies[b];
      double vp[3], wp[3], vm[3], wm[3], vc[3], w[3], ac[3], al[3];
      mb_integrate_q(m, q, v, h, qt);
      com_twist(m, d, qt, v, b, vp, wp);
      mb_integrate_q(m, q, v, -h, qt);
      com_twist(m, d, qt, v, b, vm, wm);
      com_twist(m, d, q, v, b, vc, w);
      for (int k = 0; k < 3; ++k) {
        ac[k] = (vp[k] - vm[k]) / (2 * h);
        al[k] = (wp[k] - wm[k]) / (2 * h);
      }
      double RI[9], Iw[9], F[3], N[3], t[3];
      m3_mul(RI, d->xrot + 9 * b, bd->inertia);
      m3_mult(Iw, RI, d->xrot + 9 * b);
      for (int k = 0; k < 3; ++k) F[k] = bd->mass * (ac[k] - m->gravity[k]);
      m3_mulv(N, Iw, al);
      m3_mulv(t, Iw, w);
      v3_cross(t, w, t);
      v3_add(N, N, t);
      for (int i = 0; i < nv; ++i) {
        double dv[3], dw[3];
        memset(e, 0, sizeof(double) * (size_t)nv);
        e[i] = 1.0;
        com_twist(m, d, q, e, b, dv, dw);
        kref[i] += v3_dot(F, dv) + v3_dot(N, dw);
      }
    }
    for (int b = 1; b < m->nbody; ++b) {
      const Body *bd = &m->bodies[b];
      if (bd->nq == 1) kref[bd->vadr] += bd->stiffness * (q[bd->qadr] - bd->spring_ref) + bd->damping * v[bd->vadr];
    }
    mb_kinematics(m, d, q);
    mb_bias(m, d, q, v);
    double scale = 1 + max_abs(kref, nv);
    for (int i = 0; i < nv; ++i)
      cr_assert_lt(fabs(d->bias[i] - kref[i]), 1e-7 * scale, "seed %d dof %d: k %g vs Newton-Euler %g", seed, i, d->bias[i],
                   kref[i]);
    free(q); free(v); free(qt); free(e); free(kref);
    tdata_free(d);
    model_free(m);
  }
}

/* Joint armature (reflected rotor inertia, model.h): exactly armature more on the joint's own
 * diagonal entry of M and nowhere else, as much more kinetic energy, and the motion through
 * system_rhs still conserves that energy (with RK4's order). A single pendulum (the second link
 * massless-ish, held at 0) swings at sqrt(m g l / (I + a)): its period measured on the motion. */
Test(multibody, armature_adds_to_the_joint_diagonal_and_energy_and_slows_a_pendulum) {
  Model *m = mbfix_double_pendulum(1.0, 0.7, 1.0, 0.6);
  cr_assert_not_null(m);
  Data *d = tdata_new(m);
  double q[2] = {0.7, -0.4}, v[2] = {0.9, -1.3}, M0[4], T0;
  mb_kinematics(m, d, q);
  mb_velocities(m, d, v);
  mb_mass_matrix(m, d);
  memcpy(M0, d->mass, sizeof M0);
  T0 = mb_kinetic_energy(m, d, v);
  m->bodies[1].armature = 0.3;
  m->bodies[2].armature = 0.05;
  mb_mass_matrix(m, d);
  const double a[2] = {0.3, 0.05};
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j)
      cr_expect(fabs(d->mass[2 * i + j] - M0[2 * i + j] - (i == j ? a[i] : 0.0)) < 1e-14, "M[%d][%d]", i, j);
  double T = mb_kinetic_energy(m, d, v), dT = 0.5 * (0.3 * v[0] * v[0] + 0.05 * v[1] * v[1]);
  cr_expect(fabs(T - T0 - dT) < 1e-13, "kinetic energy %g, without armature %g, rotors %g", T, T0, dT);
  /* also 0.5 v^T M v */
  double vMv = 0;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j) vMv += v[i] * d->mass[2 * i + j] * v[j];
  cr_expect(fabs(0.5 * vMv - T) < 1e-13);
  double q0[2] = {1.2, -0.5}, v0[2] = {0.3, 1.0};
  Drift c = rk4_drift(m, q0, v0, 4e-3, 3.0), f = rk4_drift(m, q0, v0, 2e-3, 3.0);
  check_order("double pendulum with armature, energy", c.energy, f.energy, 1e-8);
  tdata_free(d);
  model_free(m);

  /* one link: m l^2 + I_c + a about the pivot, small oscillations at w = sqrt(m g l / (m l^2 + I_c + a)) */
  Model *p = mbfix_double_pendulum(1.0, 0.7, 1.0, 1e-9);
  cr_assert_not_null(p);
  p->bodies[1].armature = 0.5;
  double g = v3_norm(p->gravity), J = 1.0 + 1e-2 + 0.5, w = sqrt(g * 1.0 / J);
  Rk4 s = {.m = p, .d = tdata_new(p)};
  double *bufs[6];
  for (int i = 0; i < 6; ++i) bufs[i] = calloc(4, sizeof(double));
  s.k1 = bufs[0], s.k2 = bufs[1], s.k3 = bufs[2], s.k4 = bufs[3], s.y = bufs[4], s.ytmp = bufs[5];
  s.y[0] = 1e-3; /* small amplitude: the linear period */
  double h = 1e-3, t = 0, prev = s.y[0], t_cross[2] = {0, 0};
  int ncross = 0;
  while (ncross < 2 && t < 20) { /* two downward zero crossings of q0: one period apart */
    rk4_step(&s, h);
    t += h;
    if (prev > 0 && s.y[0] <= 0) t_cross[ncross++] = t - h * s.y[0] / (s.y[0] - prev);
    prev = s.y[0];
  }
  cr_assert_eq(ncross, 2);
  double period = t_cross[1] - t_cross[0];
  cr_expect(fabs(period - 2 * M_PI / w) < 1e-4 * (2 * M_PI / w), "period %g, expected %g (without armature %g)", period,
            2 * M_PI / w, 2 * M_PI * sqrt(1.01 / g));
  for (int i = 0; i < 6; ++i) free(bufs[i]);
  tdata_free(s.d);
  model_free(p);
}
