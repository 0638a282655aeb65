/* Test models built in code (see mb_fixtures.h). */
#include "mb_fixtures.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "models/math3d.h"

void mbfix_rng_seed(MbRng *r, uint64_t seed) { r->s = seed * 0x9E3779B97F4A7C15ull + 0x2545F4914F6CDD1Dull; if (!r->s) r->s = 1; }

static uint64_t rng_next(MbRng *r) {
  r->s ^= r->s >> 12; r->s ^= r->s << 25; r->s ^= r->s >> 27;
  return r->s * 0x2545F4914F6CDD1Dull;
}

double mbfix_uniform(MbRng *r, double lo, double hi) {
  return lo + (hi - lo) * ((double)(rng_next(r) >> 11) * (1.0 / 9007199254740992.0));
}

void mbfix_random_unit(MbRng *r, double *u) {
  do { v3_set(u, mbfix_uniform(r, -1, 1), mbfix_uniform(r, -1, 1), mbfix_uniform(r, -1, 1)); }
  while (v3_dot(u, u) > 1.0 || v3_dot(u, u) < 1e-4);
  v3_normalize(u);
}

void mbfix_random_quat(MbRng *r, double *q) {
  double n2;
  do {
    for (int k = 0; k < 4; ++k) q[k] = mbfix_uniform(r, -1, 1);
    n2 = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
  } while (n2 > 1.0 || n2 < 1e-4);
  quat_normalize(q);
}

void mbfix_random_inertia(MbRng *r, double scale, double *I) {
  /* principal moments from a random positive mass distribution: I1 = b + c etc. */
  double a = mbfix_uniform(r, 0.2, 1), b = mbfix_uniform(r, 0.2, 1), c = mbfix_uniform(r, 0.2, 1);
  double D[9] = {scale * (b + c), 0, 0, 0, scale * (a + c), 0, 0, 0, scale * (a + b)}, q[4], R[9], RD[9];
  mbfix_random_quat(r, q);
  quat_to_mat(R, q);
  m3_mul(RD, R, D);
  m3_mult(I, RD, R);
  for (int i = 0; i < 3; ++i) /* exact symmetry */
    for (int j = 0; j < i; ++j) I[3 * j + i] = I[3 * i + j];
}

Model *mbfix_alloc(int nbody) {
  Model *m = calloc(1, sizeof(Model));
  if (!m) return NULL;
  m->bodies = calloc((size_t)nbody, sizeof(Body));
  if (!m->bodies) { free(m); return NULL; }
  m->nbody = nbody;
  snprintf(m->name, sizeof m->name, "fixture");
  snprintf(m->source, sizeof m->source, "tests/mb_fixtures.c");
  v3_set(m->gravity, 0, 0, -9.81);
  for (int b = 0; b < nbody; ++b) {
    Body *bd = &m->bodies[b];
    snprintf(bd->name, sizeof bd->name, "body%d", b);
    quat_identity(bd->joint_quat);
    v3_set(bd->axis, 0, 0, 1);
    bd->mass = b ? 1.0 : 0.0;
    if (b) m3_identity(bd->inertia);
    bd->joint = b ? JOINT_REVOLUTE : JOINT_FIXED;
  }
  return m;
}

Model *mbfix_finalize(Model *m) {
  char err[256];
  if (!m) return NULL;
  if (model_finalize(m, CB_ERR_BUF(err, sizeof err)) != 0) {
    fprintf(stderr, "mbfix_finalize: %s\n", err);
    model_free(m);
    return NULL;
  }
  return m;
}

Model *mbfix_random_tree(uint64_t seed, int nmov, int flags) {
  MbRng r;
  mbfix_rng_seed(&r, seed);
  Model *m = mbfix_alloc(nmov + 1);
  if (!m) return NULL;
  int tree_start = 1; /* first body of the current tree: parents come from it onward */
  for (int b = 1; b <= nmov; ++b) {
    Body *bd = &m->bodies[b];
    /* new tree with probability 1/4 (always for body 1), else a random body of this tree */
    if (b == 1 || mbfix_uniform(&r, 0, 1) < 0.25) { bd->parent = 0; tree_start = b; }
    else if (mbfix_uniform(&r, 0, 1) < 0.5) bd->parent = b - 1; /* chains are common */
    else bd->parent = tree_start + (int)floor(mbfix_uniform(&r, 0, 1) * (b - tree_start));
    if (bd->parent >= b) bd->parent = b - 1;
    double u = mbfix_uniform(&r, 0, 1);
    if (bd->parent == 0 && (flags & MBFIX_FREE_BASES)) bd->joint = JOINT_FREE;
    else if (bd->parent == 0) bd->joint = u < 0.6 ? JOINT_FREE : (u < 0.85 ? JOINT_REVOLUTE : JOINT_PRISMATIC);
    else bd->joint = u < 0.45 ? JOINT_REVOLUTE : (u < 0.65 ? JOINT_PRISMATIC : (u < 0.85 ? JOINT_FIXED : JOINT_FREE));
    for (int k = 0; k < 3; ++k) bd->joint_pos[k] = mbfix_uniform(&r, -0.6, 0.6);
    mbfix_random_quat(&r, bd->joint_quat);
    mbfix_random_unit(&r, bd->axis);
    bd->mass = mbfix_uniform(&r, 0.3, 3.0);
    for (int k = 0; k < 3; ++k) bd->com[k] = mbfix_uniform(&r, -0.3, 0.3);
    mbfix_random_inertia(&r, bd->mass * mbfix_uniform(&r, 0.02, 0.2), bd->inertia);
    if ((flags & MBFIX_SPRINGS) && (bd->joint == JOINT_REVOLUTE || bd->joint == JOINT_PRISMATIC)) {
      bd->stiffness = mbfix_uniform(&r, 0.5, 20);
      bd->damping = mbfix_uniform(&r, 0.1, 2);
      bd->spring_ref = mbfix_uniform(&r, -0.5, 0.5);
    }
  }
  if (flags & MBFIX_NO_GRAVITY) v3_set(m->gravity, 0, 0, 0);
  return mbfix_finalize(m);
}

Model *mbfix_double_pendulum(double l1, double l2, double m1, double m2) {
  Model *m = mbfix_alloc(3);
  if (!m) return NULL;
  double ms[2] = {m1, m2}, ls[2] = {l1, l2};
  for (int i = 0; i < 2; ++i) {
    Body *bd = &m->bodies[i + 1];
    bd->parent = i;
    bd->joint = JOINT_REVOLUTE;
    v3_set(bd->axis, 0, 1, 0);
    if (i == 1) v3_set(bd->joint_pos, 0, 0, -ls[0]);
    bd->mass = ms[i];
    v3_set(bd->com, 0, 0, -ls[i]);
    m3_identity(bd->inertia);
    for (int k = 0; k < 9; ++k) bd->inertia[k] *= 1e-2 * ms[i];
  }
  return mbfix_finalize(m);
}

Model *mbfix_free_body(double mass, double Ixx, double Iyy, double Izz) {
  Model *m = mbfix_alloc(2);
  if (!m) return NULL;
  Body *bd = &m->bodies[1];
  bd->parent = 0;
  bd->joint = JOINT_FREE;
  bd->mass = mass;
  v3_set(bd->com, 0.1, -0.05, 0.2);
  memset(bd->inertia, 0, sizeof bd->inertia);
  bd->inertia[0] = Ixx; bd->inertia[4] = Iyy; bd->inertia[8] = Izz;
  v3_set(m->gravity, 0, 0, 0);
  return mbfix_finalize(m);
}

void mbfix_random_state(const Model *m, MbRng *r, double vmax, double *q, double *v) {
  for (int b = 1; b < m->nbody; ++b) {
    const Body *bd = &m->bodies[b];
    if (bd->joint == JOINT_FREE) {
      for (int k = 0; k < 3; ++k) q[bd->qadr + k] = mbfix_uniform(r, -1, 1);
      mbfix_random_quat(r, q + bd->qadr + 3);
    } else if (bd->nq == 1) {
      q[bd->qadr] = mbfix_uniform(r, -1.5, 1.5);
    }
  }
  for (int i = 0; i < m->nv; ++i) v[i] = mbfix_uniform(r, -vmax, vmax);
}
