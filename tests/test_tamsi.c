/* TAMSI: TALS cases, the Newton Jacobian (eq. 23) against finite differences, the box
 * stick-slip of the TAMSI paper (sec. IV-A), and step doubling on a contact-free problem. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "integrators/integrator.h"
#include "integrators/tamsi/tals.h"
#include "integrators/tamsi/tamsi_solver.h"
#include "integrators/tamsi/tamsi_step.h"
#include "models/contact.h"
#include "models/math3d.h"
#include "models/multibody.h"
#include "models/system.h"

/* ---------- TALS (TAMSI sec. III-A cases I-VI), velocities in units of v_s ---------- */

static double tals_units(double vx, double vy, double dx, double dy, double v_s) {
  const double vt[2] = {vx * v_s, vy * v_s}, dvt[2] = {dx * v_s, dy * v_s};
  return tals_alpha(vt, dvt, v_s);
}

#define EXPECT_ALPHA(got, want) \
  cr_expect(fabs((got) - (want)) <= 1e-12, "alpha %.17g, expected %.17g", (got), (want))

Test(tals, case1_tiny_update_is_taken_whole) {
  /* |dvt| < eps_v even though it would rotate vt by ~90 degrees if vt were tiny. */
  EXPECT_ALPHA(tals_units(2.0, 0.0, 0.0, 0.009, 1e-4), 1.0);
  EXPECT_ALPHA(tals_units(0.003, 0.0, -0.0099, 0.0, 1e-4), 1.0);
}

Test(tals, case2_stiction_to_sliding_lands_inside_disk) {
  const double v_s = 1e-4;
  double a = tals_units(0.001, 0.0, 4.0, 0.0, v_s);
  EXPECT_ALPHA(a, 1.0 / 8.0); /* v_s / (2 |dvt|) */
  /* the limited iterate is inside the stiction region */
  cr_expect(fabs(0.001 + a * 4.0) < 1.0);
}

Test(tals, case3_sliding_to_exact_zero_stops_short) {
  EXPECT_ALPHA(tals_units(3.0, 0.0, -2.995, 0.0, 1e-4), 1.0 - 1.0 / (2.0 * 2.995));
  EXPECT_ALPHA(tals_units(0.0, -5.0, 0.0, 5.0, 1e-3), 1.0 - 1.0 / 10.0);
}

Test(tals, inside_stiction_takes_full_update) {
  EXPECT_ALPHA(tals_units(0.5, 0.0, 10.0, 0.0, 1e-4), 1.0);
  EXPECT_ALPHA(tals_units(0.0, 0.02, 0.0, -0.5, 1e-4), 1.0);
}

Test(tals, case4_sliding_to_stiction_takes_full_update) {
  EXPECT_ALPHA(tals_units(3.0, 0.0, -2.5, 0.0, 1e-4), 1.0);
  EXPECT_ALPHA(tals_units(-1.5, 2.0, 1.6, -1.5, 1e-4), 1.0);
}

Test(tals, case5_crossing_the_stiction_disk) {
  /* closest point (0, 0.5 v_s) at alpha* = 0.5 lies inside the disk */
  EXPECT_ALPHA(tals_units(2.0, 0.5, -4.0, 0.0, 1e-4), 0.5);
  /* closest point within eps_v of the origin: back off by v_s / (2 |dvt|) */
  EXPECT_ALPHA(tals_units(2.0, 0.005, -4.0, 0.0, 1e-4), 0.5 - 1.0 / 8.0);
  /* the segment passes the disk at distance 1.2 v_s: no case V, the angle limit (VI) acts:
   * v + a dv makes exactly pi/3 with v */
  double a = tals_units(2.0, 1.2, -4.0, 0.0, 1e-4);
  double va[2] = {2.0 - 4.0 * a, 1.2};
  cr_expect(fabs((2.0 * va[0] + 1.2 * va[1]) / (hypot(2.0, 1.2) * hypot(va[0], va[1])) - 0.5) < 1e-12,
            "alpha %g", a);
}

Test(tals, case6_angle_limited_to_pi_over_3) {
  /* v = (2, 0), dv = (0, 4): angle of v + a dv is 60 deg at a = sqrt(3)/2 */
  EXPECT_ALPHA(tals_units(2.0, 0.0, 0.0, 4.0, 1e-4), sqrt(3.0) / 2.0);
  /* v = (2, 0), dv = (-4, 4): no crossing (closest distance sqrt(2) v_s), 60 deg at
   * 4a / (2 - 4a) = sqrt(3) */
  EXPECT_ALPHA(tals_units(2.0, 0.0, -4.0, 4.0, 1e-4), sqrt(3.0) / (2.0 * (1.0 + sqrt(3.0))));
  /* small rotation (26.6 deg): full update */
  EXPECT_ALPHA(tals_units(2.0, 0.0, 0.0, 1.0, 1e-4), 1.0);
  double a;
  /* the limited iterate makes exactly pi/3 with v, for a generic direction */
  const double v_s = 1e-4, vt[2] = {3e-4, -1e-4}, dvt[2] = {-2e-4, 9e-4};
  a = tals_alpha(vt, dvt, v_s);
  const double va[2] = {vt[0] + a * dvt[0], vt[1] + a * dvt[1]};
  double c = (vt[0] * va[0] + vt[1] * va[1]) / (hypot(vt[0], vt[1]) * hypot(va[0], va[1]));
  cr_expect(a > 0.0 && a < 1.0);
  cr_expect(fabs(c - 0.5) < 1e-12, "cos %.17g", c);
}

/* ---------- Newton Jacobian against finite differences of the residual ---------- */

static double urand(unsigned *s) {
  *s = *s * 1664525u + 1013904223u;
  return (double)(*s >> 8) / (double)(1u << 24);
}

/* Random SPD A = B B^T + nv I, p*, J; contact offsets chosen so that at v the contacts are in
 * the requested states. */
static void synthetic_problem(TamsiProblem *p, int nv, unsigned seed, const double (*vc_target)[3],
                              int nc, const double *v) {
  unsigned s = seed;
  cr_assert_eq(tamsi_problem_init(p, nv), 0);
  cr_assert_eq(tamsi_problem_set_contacts(p, nc), 0);
  p->h = 0.01;
  double *B = calloc((size_t)(nv * nv), sizeof(double));
  for (int i = 0; i < nv * nv; ++i) B[i] = urand(&s) - 0.5;
  for (int i = 0; i < nv; ++i)
    for (int j = 0; j < nv; ++j) {
      double a = (i == j) ? 0.5 : 0.0;
      for (int k = 0; k < nv; ++k) a += B[i * nv + k] * B[j * nv + k];
      p->A[i * nv + j] = a;
    }
  free(B);
  for (int i = 0; i < nv; ++i) p->pstar[i] = urand(&s) - 0.5;
  for (int c = 0; c < nc; ++c) {
    TamsiContact *tc = &p->con[c];
    tc->k = 1e3 * (1.0 + urand(&s));
    tc->fn0 = 5.0 * (1.0 + urand(&s));
    tc->d = 2.0 * urand(&s);
    tc->mu = 0.3 + urand(&s);
    /* every other contact with the Stribeck curve mu_s -> mu (CENIC eq. 8), the default */
    tc->mu_static = c % 2 ? 1.8 * tc->mu : 0.0;
    tc->v_s = 1e-2;
    if (c % 2 == 0) { /* one segment over all columns */
      tc->nseg = 1; tc->seg_col[0] = 0; tc->seg_len[0] = nv;
    } else {          /* two segments: columns [0, 2) and [3, nv) */
      tc->nseg = 2; tc->seg_col[0] = 0; tc->seg_len[0] = 2; tc->seg_col[1] = 3; tc->seg_len[1] = nv - 3;
    }
    for (int r = 0; r < 3; ++r)
      for (int sg = 0; sg < tc->nseg; ++sg)
        for (int col = tc->seg_col[sg]; col < tc->seg_col[sg] + tc->seg_len[sg]; ++col)
          p->J[(3 * c + r) * nv + col] = urand(&s) - 0.5;
    for (int r = 0; r < 3; ++r) {
      double jv = 0.0;
      for (int col = 0; col < nv; ++col) jv += p->J[(3 * c + r) * nv + col] * v[col];
      p->vc_off[3 * c + r] = vc_target[c][r] - jv;
    }
  }
}

Test(tamsi_jacobian, matches_central_differences_in_stick_slip_and_separation) {
  enum { NV = 6, NC = 5 };
  const double v_s = 1e-2;
  /* contact-frame velocities at the test point: (t1, t2, n) */
  const double vc[NC][3] = {
      {0.3 * v_s, -0.2 * v_s, -0.01},   /* stick, compressing */
      {0.05, -0.02, 0.001},             /* slip, slightly separating but still loaded */
      {0.02, 0.01, 2.0},                /* separated: no force at all */
      {-0.4 * v_s, 0.7 * v_s, 0.0005},  /* stick near the disk edge, loaded */
      {-0.03, 0.0, -0.02},              /* slip along -t1 */
  };
  double v[NV];
  unsigned s = 7u;
  for (int i = 0; i < NV; ++i) v[i] = urand(&s) - 0.5;
  TamsiProblem p;
  synthetic_problem(&p, NV, 11u, vc, NC, v);
  /* the chosen states really are what the comments say */
  double f[3];
  tamsi_contact_force(&p.con[2], p.h, vc[2], f, NULL);
  cr_assert(f[0] == 0.0 && f[1] == 0.0 && f[2] == 0.0);
  for (int c = 0; c < NC; ++c) {
    if (c == 2) continue;
    tamsi_contact_force(&p.con[c], p.h, vc[c], f, NULL);
    cr_assert(f[2] > 0.0, "contact %d unloaded", c);
  }

  double jac[NV * NV], Rp[NV], Rm[NV], vp[NV];
  tamsi_jacobian(&p, v, jac);
  const double delta = 1e-7;
  double maxerr = 0.0, maxval = 0.0;
  for (int j = 0; j < NV; ++j) {
    memcpy(vp, v, sizeof v);
    vp[j] = v[j] + delta;
    tamsi_residual(&p, vp, Rp);
    vp[j] = v[j] - delta;
    tamsi_residual(&p, vp, Rm);
    for (int i = 0; i < NV; ++i) {
      double fd = (Rp[i] - Rm[i]) / (2.0 * delta);
      maxerr = fmax(maxerr, fabs(fd - jac[i * NV + j]));
      maxval = fmax(maxval, fabs(jac[i * NV + j]));
    }
  }
  cr_expect(maxerr <= 1e-6 * maxval, "max |FD - J| = %g (max |J| = %g)", maxerr, maxval);
  /* the Jacobian is not symmetric (Wtn, eq. 22) */
  double asym = 0.0;
  for (int i = 0; i < NV; ++i)
    for (int j = 0; j < NV; ++j) asym = fmax(asym, fabs(jac[i * NV + j] - jac[j * NV + i]));
  cr_expect(asym > 1e-6 * maxval, "asymmetry %g", asym);
  tamsi_problem_free(&p);
}

Test(tamsi_jacobian, contact_block_matches_finite_differences_per_regime) {
  /* df/dvc of one contact against central differences, in stick (s < 1), slip (s > 1) and
   * compressing / separating normal states. */
  /* the paper's one coefficient, and the default Stribeck curve mu_s 1.5 -> mu_d 0.8 (CENIC
   * eq. 8: its decay sits around s = 10, hence the points at |v_t| = 8, 12 and 30 v_s) */
  const TamsiContact cons[2] = {{.fn0 = 8.0, .k = 2e3, .d = 1.5, .mu = 0.8, .v_s = 1e-3, .nseg = 0},
                                {.fn0 = 8.0, .k = 2e3, .d = 1.5, .mu = 0.8, .mu_static = 1.5, .v_s = 1e-3}};
  const double pts[][3] = {{2e-4, -3e-4, -0.05}, {5e-2, 3e-2, 1e-3}, {-1e-5, 2e-5, 0.1},
                           {-4e-3, 1e-3, -0.2}, {0.0, 0.0, 0.0},     {8e-3, 0.0, -0.01},
                           {-6e-3, 1e-2, -0.01}, {0.0, 3e-2, -0.03}};
  for (size_t k = 0; k < 2 * sizeof pts / sizeof pts[0]; ++k) {
    const TamsiContact c = cons[k % 2];
    double f[3], G[9], fp[3], fm[3], x[3];
    tamsi_contact_force(&c, 0.01, pts[k / 2], f, G);
    for (int j = 0; j < 3; ++j) {
      const double delta = 1e-9;
      memcpy(x, pts[k / 2], sizeof x);
      x[j] += delta;
      tamsi_contact_force(&c, 0.01, x, fp, NULL);
      x[j] -= 2.0 * delta;
      tamsi_contact_force(&c, 0.01, x, fm, NULL);
      for (int i = 0; i < 3; ++i) {
        double fd = (fp[i] - fm[i]) / (2.0 * delta);
        cr_expect(fabs(fd - G[3 * i + j]) <= 1e-5 * (fabs(G[3 * i + j]) + 1.0),
                  "point %zu: dF%d/dv%d = %.10g, FD %.10g", k, i, j, G[3 * i + j], fd);
      }
    }
  }
}

/* ---------- synthetic 1-D box stick-slip (TAMSI paper sec. IV-A), no model layer ---------- */
/* v = (vx, vy, vz), one contact with frame (x, y, z); z = contact gap. Force F(t) along x is
 * explicit (part of p*), as TAMSI treats tau (eq. 11). */
typedef struct {
  int first_stick_step;    /* first step whose end velocity is in stiction (|vt| < v_s) */
  int max_iters, iters_at_transition, transition_cuts;
  int failed_step;         /* first step whose Newton did not converge, -1 if none */
} BoxRun;

static BoxRun synthetic_box(int nsteps, int max_iter, int no_tals) {
  const double m = 0.33, g = 9.8, h = 0.01, k = 1e5, v_s = 1e-4;
  TamsiProblem p;
  cr_assert_eq(tamsi_problem_init(&p, 3), 0);
  cr_assert_eq(tamsi_problem_set_contacts(&p, 1), 0);
  p.h = h;
  p.no_tals = no_tals;
  for (int i = 0; i < 3; ++i) p.A[i * 3 + i] = m;
  p.J[0 * 3 + 0] = 1.0; p.J[1 * 3 + 1] = 1.0; p.J[2 * 3 + 2] = 1.0;
  TamsiContact *c = &p.con[0];
  c->k = k; c->d = 0.0; c->mu = 1.0; c->v_s = v_s; c->nseg = 1; c->seg_col[0] = 0; c->seg_len[0] = 3;
  double z = -m * g / k, v[3] = {0, 0, 0}, v0[3];
  BoxRun out = {.first_stick_step = -1, .failed_step = -1};
  for (int n = 0; n < nsteps; ++n) {
    const double t = n * h;
    memcpy(v0, v, sizeof v);
    c->fn0 = k * fmax(0.0, -z);
    p.pstar[0] = m * v0[0] + h * 4.0 * cos(2.0 * M_PI * (t + h)); /* forcing at the step's end */
    p.pstar[1] = m * v0[1];
    p.pstar[2] = m * v0[2] - h * m * g;
    TamsiSolveInfo info;
    int rc = tamsi_solve(&p, v, max_iter, &info);
    if (rc != 0 && out.failed_step < 0) out.failed_step = n;
    if (info.iterations > out.max_iters) out.max_iters = info.iterations;
    if (out.first_stick_step < 0 && fabs(v[0]) < v_s) {
      out.first_stick_step = n;
      out.iters_at_transition = info.iterations;
      out.transition_cuts = info.linesearch_cuts;
    }
    z += h * v[2];
  }
  tamsi_problem_free(&p);
  return out;
}

Test(tamsi_box, synthetic_slide_to_stick_converges_with_tals) {
  /* Sliding from rest: while sliding, v_{n+1} = v_n + h/m (F(t_{n+1}) - mu m g) exactly (normal
   * force at equilibrium); predict the step in which this recursion first drops below v_s. */
  const double m = 0.33, g = 9.8, h = 0.01;
  double vx = 0.0;
  int predicted = -1;
  for (int n = 0; n < 100 && predicted < 0; ++n) {
    vx += h / m * (4.0 * cos(2.0 * M_PI * (n + 1) * h) - m * g);
    if (vx < 1e-4) predicted = n;
  }
  BoxRun r = synthetic_box(40, 100, 0);
  cr_expect_eq(r.failed_step, -1, "Newton failed at step %d", r.failed_step);
  cr_expect_eq(r.first_stick_step, predicted, "first stick at step %d, predicted %d", r.first_stick_step, predicted);
  cr_log_info("synthetic box: first stick in step [%.2f, %.2f] s, %d Newton iterations, %d TALS cuts; "
              "max iterations per step %d\n", r.first_stick_step * h, (r.first_stick_step + 1) * h,
              r.iters_at_transition, r.transition_cuts, r.max_iters);
  cr_expect(r.transition_cuts >= 1, "TALS should limit the slide-to-stick iterate");
  cr_expect(r.iters_at_transition <= 20, "%d iterations", r.iters_at_transition);
}

Test(tamsi_box, synthetic_without_tals_newton_cycles_at_the_transition) {
  /* Paper Fig. 2/4: plain Newton misses the stiction region and cycles. */
  BoxRun with = synthetic_box(40, 100, 0), without = synthetic_box(40, 100, 1);
  cr_expect_eq(with.failed_step, -1);
  cr_expect(without.failed_step >= 0 && without.failed_step == with.first_stick_step,
            "plain Newton failed at step %d; TALS run first sticks at step %d", without.failed_step,
            with.first_stick_step);
}

/* ---------- TAMSI integrators on models built in code ---------- */

extern const IntegratorVtbl tamsi_vtbl, tamsi_sd_vtbl;

static Integrator *make_integrator(const IntegratorVtbl *vt, const Model *m, double dt, double accuracy) {
  Integrator *it = calloc(1, sizeof *it);
  it->vtbl = vt;
  it->model = m;
  it->opt.dt = dt;
  it->opt.accuracy = accuracy;
  it->opt.max_step = m->max_step;
  cr_assert_eq(vt->create(it), CB_OK, "%s", it->message);
  return it;
}

static void free_integrator(Integrator *it) {
  it->vtbl->destroy(it);
  free(it);
}

/* A flat free box (half extents 0.1, 0.1, 0.02: it cannot tip under the 4 N push) on a
 * plane, m = 0.33 kg, mu = 1, pushed along x at its COM by 4 cos(2 pi t) N (TAMSI IV-A). */
static Model *stick_slip_box(void) {
  Model *m = calloc(1, sizeof(Model));
  strcpy(m->source, "test_tamsi");
  v3_set(m->gravity, 0, 0, -9.8);
  m->stiction_tolerance = 1e-4;
  m->max_step = 0.01;
  m->t_end = 1;
  m->nbody = 2;
  m->bodies = calloc(2, sizeof(Body));
  Body *b = &m->bodies[1];
  strcpy(b->name, "box");
  b->joint = JOINT_FREE;
  quat_identity(b->joint_quat);
  b->mass = 0.33;
  const double a = 0.1, c = 0.02;
  b->inertia[0] = b->mass * (a * a + c * c) / 3.0;
  b->inertia[4] = b->mass * (a * a + c * c) / 3.0;
  b->inertia[8] = b->mass * (2 * a * a) / 3.0;
  m->nmaterial = 1;
  m->materials = calloc(1, sizeof(Material));
  /* combined stiffness k k / (k + k) = 1e5 N/m per contact point */
  m->materials[0] = (Material){.stiffness = 2e5, .dissipation = 1.0, .mu_static = 1.0, .mu_dynamic = 1.0};
  m->ngeom = 2;
  m->geoms = calloc(2, sizeof(Geom));
  m->geoms[0] = (Geom){.type = GEOM_PLANE, .body = 0, .quat = {1, 0, 0, 0}};
  m->geoms[1] = (Geom){.type = GEOM_BOX, .body = 1, .quat = {1, 0, 0, 0}, .size = {a, a, c}};
  m->nforce = 1;
  m->forces = calloc(1, sizeof(AppliedForce));
  m->forces[0] = (AppliedForce){.body = 1, .dir = {1, 0, 0}, .amp = 4.0, .freq = 1.0};
  char err[256];
  cr_assert_eq(model_finalize(m, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  return m;
}

Test(tamsi_box, free_box_slide_to_stick_with_tals_and_no_retries) {
  const double mass = 0.33, g = 9.8, h = 0.01, v_s = 1e-4;
  /* Independent prediction: while sliding, v_{n+1} = v_n + h/m (F(t_{n+1}) - mu m g) (the
   * prescribed force is taken at the end of the step); first step ending below v_s. */
  double vx = 0.0;
  int predicted = -1;
  for (int n = 0; n < 100 && predicted < 0; ++n) {
    vx += h / mass * (4.0 * cos(2.0 * M_PI * (n + 1) * h) - mass * g);
    if (vx < v_s) predicted = n;
  }
  /* Continuous solution: sticks when int_0^t (F - mu m g) = 0, i.e.
   * (2/pi) sin(2 pi t) = m g t; bisection in (0.1, 0.3). */
  double lo = 0.1, hi = 0.3;
  for (int i = 0; i < 60; ++i) {
    double mid = 0.5 * (lo + hi);
    if (2.0 / M_PI * sin(2.0 * M_PI * mid) - mass * g * mid > 0) lo = mid; else hi = mid;
  }
  Model *m = stick_slip_box();
  Integrator *it = make_integrator(&tamsi_vtbl, m, h, 0.0);
  const int nx = system_nx(m);
  double *x = calloc((size_t)nx, sizeof(double));
  memcpy(x, m->q0, sizeof(double) * (size_t)m->nq);
  x[2] = 0.02 - mass * g / (4.0 * 1e5); /* static penetration of the 4 corners */
  cr_assert_eq(tamsi_vtbl.reset(it, 0.0, x), CB_OK);
  int first_stick = -1, iters_at = 0, cuts_at = 0;
  for (int n = 0; n < 30; ++n) {
    IntegratorStats before = it->stats;
    cr_assert_eq(tamsi_vtbl.advance(it, (n + 1) * h, x), CB_OK, "%s", it->message);
    const double vx_n = x[m->nq + 3]; /* body-frame linear x; the box stays level */
    if (first_stick < 0 && fabs(vx_n) < v_s) {
      first_stick = n;
      iters_at = (int)(it->stats.newton_iters - before.newton_iters);
      cuts_at = (int)(it->stats.linesearch_iters - before.linesearch_iters);
    }
  }
  cr_log_info("free box: sticks in step [%.2f, %.2f] s (continuous: %.4f s), %d Newton iterations, "
              "%d TALS cuts there; totals: %ld iterations, %ld cuts, %ld retries, %ld geometry queries\n",
              first_stick * h, (first_stick + 1) * h, lo, iters_at, cuts_at, it->stats.newton_iters,
              it->stats.linesearch_iters, it->stats.substep_retries, it->stats.geometry_queries);
  cr_expect_eq(first_stick, predicted, "first stick in step %d, predicted %d", first_stick, predicted);
  /* TAMSI VI-A: "at t = 0.160 s, the box transitions from sliding into stiction" (Fig. 4) */
  cr_expect_eq(first_stick, 16, "first slide-to-stick step [%g, %g] s, the paper's is [0.16, 0.17]", first_stick * h,
               (first_stick + 1) * h);
  /* a first-order scheme moves the transition by O(h) from the continuous stick time */
  cr_expect(fabs((first_stick + 0.5) * h - lo) < 1.5 * h, "continuous stick time %g", lo);
  cr_expect_eq(it->stats.substep_retries, 0);
  cr_expect(cuts_at >= 1, "TALS did not act at the transition");
  cr_expect(iters_at <= 20, "%d iterations", iters_at);
  cr_expect_eq(it->stats.steps, 30);
  cr_expect_eq(it->stats.geometry_queries, 30);
  cr_expect_eq(it->stats.factorizations, it->stats.newton_iters);
  free(x);
  free_integrator(it);
  model_free(m);
}

Test(tamsi_box, free_box_without_tals_needs_substep_retries) {
  /* Option tals=0 (plain Newton): the slide-to-stick step fails at h = 10 ms (paper Fig. 4)
   * and convergence control retries it with substeps. */
  Model *m = stick_slip_box();
  Integrator *it = calloc(1, sizeof *it);
  it->vtbl = &tamsi_vtbl;
  it->model = m;
  it->opt.dt = 0.01;
  it->opt.nextra = 1;
  it->opt.extra_key[0] = "tals";
  it->opt.extra_value[0] = "0";
  cr_assert_eq(tamsi_vtbl.create(it), CB_OK, "%s", it->message);
  const int nx = system_nx(m);
  double *x = calloc((size_t)nx, sizeof(double));
  memcpy(x, m->q0, sizeof(double) * (size_t)m->nq);
  x[2] = 0.02 - 0.33 * 9.8 / (4.0 * 1e5);
  cr_assert_eq(tamsi_vtbl.reset(it, 0.0, x), CB_OK);
  int rc = tamsi_vtbl.advance(it, 0.3, x);
  cr_log_info("free box without TALS: rc %d, %ld retries, %ld Newton iterations (%s)\n", rc,
              it->stats.substep_retries, it->stats.newton_iters, it->message);
  cr_expect(it->stats.substep_retries >= 1);
  cr_expect_eq(it->stats.linesearch_iters, 0);
  free(x);
  free_integrator(it);
  model_free(m);
}

Test(tamsi_options, unknown_and_bad_options_are_rejected) {
  Model *m = stick_slip_box();
  Integrator it = {.vtbl = &tamsi_vtbl, .model = m, .opt = {.dt = 0.01, .nextra = 1}};
  it.opt.extra_key[0] = "linear_solver";
  it.opt.extra_value[0] = "cholmod";
  cr_expect_eq(tamsi_vtbl.create(&it), CB_ERR_OPTION);
  cr_expect(strstr(it.message, "linear_solver") != NULL, "%s", it.message);
  if (it.content) tamsi_vtbl.destroy(&it);
  Integrator it2 = {.vtbl = &tamsi_sd_vtbl, .model = m, .opt = {.accuracy = 1e-3, .nextra = 1}};
  it2.opt.extra_key[0] = "max_iterations";
  it2.opt.extra_value[0] = "-3";
  cr_expect_eq(tamsi_sd_vtbl.create(&it2), CB_ERR_OPTION);
  if (it2.content) tamsi_sd_vtbl.destroy(&it2);
  model_free(m);
}

/* Harmonic oscillator without contact: a body on a prismatic x joint with a joint spring,
 * m = 1 kg, K = 4 pi^2 N/m (period 1 s), q(t) = 0.1 cos(2 pi t). */
static Model *oscillator(void) {
  Model *m = calloc(1, sizeof(Model));
  strcpy(m->source, "test_tamsi");
  m->stiction_tolerance = 1e-4;
  m->max_step = 0.1;
  m->t_end = 1;
  m->nbody = 2;
  m->bodies = calloc(2, sizeof(Body));
  Body *b = &m->bodies[1];
  strcpy(b->name, "mass");
  b->joint = JOINT_PRISMATIC;
  quat_identity(b->joint_quat);
  v3_set(b->axis, 1, 0, 0);
  b->mass = 1.0;
  m3_identity(b->inertia);
  b->stiffness = 4.0 * M_PI * M_PI;
  char err[256];
  cr_assert_eq(model_finalize(m, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  return m;
}

static double oscillator_error(const IntegratorVtbl *vt, double dt, double accuracy, IntegratorStats *st) {
  Model *m = oscillator();
  Integrator *it = make_integrator(vt, m, dt, accuracy);
  double x[2] = {0.1, 0.0};
  cr_assert_eq(vt->reset(it, 0.0, x), CB_OK);
  double err = 0.0;
  for (int k = 1; k <= 20; ++k) { /* output grid 0.05 s: dense output inside steps */
    const double t = 0.05 * k;
    cr_assert_eq(vt->advance(it, t, x), CB_OK, "%s", it->message);
    err = fmax(err, fabs(x[0] - 0.1 * cos(2.0 * M_PI * t)));
  }
  *st = it->stats;
  free_integrator(it);
  model_free(m);
  return err;
}

Test(tamsi_sd, contact_free_error_falls_as_accuracy_tightens) {
  double e[4];
  long steps[4];
  IntegratorStats st;
  for (int i = 0; i < 4; ++i) {
    e[i] = oscillator_error(&tamsi_sd_vtbl, 0.0, pow(10.0, -4 - i), &st);
    steps[i] = st.steps;
    /* the full and the first half step share the start's query, and the retry after a rejected
     * attempt reuses it too: 2 queries per accepted step, 1 per rejected one */
    cr_expect_eq(st.geometry_queries, 2 * st.steps + st.rejected, "%ld queries for %ld steps, %ld rejected",
                 st.geometry_queries, st.steps, st.rejected);
  }
  cr_log_info("tamsi-sd oscillator: errors %.3g %.3g %.3g %.3g, steps %ld %ld %ld %ld\n", e[0], e[1], e[2],
              e[3], steps[0], steps[1], steps[2], steps[3]);
  for (int i = 0; i < 3; ++i) {
    cr_expect(e[i + 1] < e[i], "accuracy 1e-%d: error %g, 1e-%d: %g", 4 + i, e[i], 5 + i, e[i + 1]);
    cr_expect(steps[i + 1] > steps[i]);
  }
  /* first-order method, h ~ sqrt(accuracy): about half a decade of error per decade */
  double slope = log10(e[0] / e[3]) / 3.0;
  cr_expect(slope > 0.3 && slope < 0.8, "slope %g", slope);
}

Test(tamsi_fixed, contact_free_convergence_is_first_order) {
  IntegratorStats st;
  double e1 = oscillator_error(&tamsi_vtbl, 0.002, 0.0, &st);
  cr_expect_eq(st.steps, 500);
  double e2 = oscillator_error(&tamsi_vtbl, 0.001, 0.0, &st);
  double order = log2(e1 / e2);
  cr_expect(order > 0.85 && order < 1.15, "order %g (errors %g, %g)", order, e1, e2);
}

Test(tamsi_assemble, problem_matches_model_jacobians_and_mass_on_two_stacked_boxes) {
  /* Box on box on a plane: contacts between two trees (two Jacobian segments) and between a
   * tree and the world. The assembled J v + offset must equal the model's contact velocity,
   * and A v = M v + h D v, at random v. */
  Model *m = calloc(1, sizeof(Model));
  strcpy(m->source, "test_tamsi");
  v3_set(m->gravity, 0, 0, -9.8);
  m->stiction_tolerance = 1e-4;
  m->max_step = 0.01;
  m->nbody = 3;
  m->bodies = calloc(3, sizeof(Body));
  for (int b = 1; b < 3; ++b) {
    Body *bd = &m->bodies[b];
    snprintf(bd->name, sizeof bd->name, "box%d", b);
    bd->joint = JOINT_FREE;
    quat_identity(bd->joint_quat);
    bd->mass = b == 1 ? 2.0 : 0.5;
    m3_identity(bd->inertia);
    for (int i = 0; i < 9; i += 4) bd->inertia[i] = 0.01 * b;
  }
  m->nmaterial = 1;
  m->materials = calloc(1, sizeof(Material));
  m->materials[0] = (Material){.stiffness = 1e5, .dissipation = 2.0, .mu_static = 0.8, .mu_dynamic = 0.6};
  m->ngeom = 3;
  m->geoms = calloc(3, sizeof(Geom));
  m->geoms[0] = (Geom){.type = GEOM_PLANE, .body = 0, .quat = {1, 0, 0, 0}};
  m->geoms[1] = (Geom){.type = GEOM_BOX, .body = 1, .quat = {1, 0, 0, 0}, .size = {0.1, 0.1, 0.05}};
  m->geoms[2] = (Geom){.type = GEOM_BOX, .body = 2, .quat = {1, 0, 0, 0}, .size = {0.05, 0.05, 0.05}};
  char err[256];
  cr_assert_eq(model_finalize(m, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  const int nx = system_nx(m);
  double *x = calloc((size_t)nx, sizeof(double)), *vr = calloc((size_t)m->nv, sizeof(double)),
         *Mv = calloc((size_t)m->nv, sizeof(double)), *R = calloc((size_t)m->nv, sizeof(double));
  memcpy(x, m->q0, sizeof(double) * (size_t)m->nq);
  const int q1 = m->bodies[1].qadr, q2 = m->bodies[2].qadr;
  x[q1 + 2] = 0.05 - 1e-4;
  x[q2 + 0] = 0.03;
  x[q2 + 2] = 0.15 - 2e-4;
  unsigned s = 3u;
  for (int i = 0; i < m->nv; ++i) x[m->nq + i] = 0.1 * (urand(&s) - 0.5);
  TamsiStepper st;
  IntegratorStats stats = {0};
  cr_assert_eq(tamsi_stepper_init(&st, m, &stats), 0);
  const double h = 0.01;
  cr_assert_eq(tamsi_assemble(&st, 0.0, x, h), CB_OK, "%s", st.message);
  Data *d = st.d;
  int two_trees = 0;
  for (int i = 0; i < d->ncon; ++i) two_trees += d->contacts[i].tree[0] >= 0 && d->contacts[i].tree[1] >= 0;
  cr_assert(d->ncon >= 8 && two_trees >= 4, "%d contacts, %d between the boxes", d->ncon, two_trees);
  for (int i = 0; i < m->nv; ++i) vr[i] = urand(&s) - 0.5;
  tamsi_residual(&st.prob, vr, R);
  for (int i = 0; i < d->ncon; ++i) {
    double vc[3];
    contact_velocity(m, d, i, vr, vc);
    for (int r = 0; r < 3; ++r)
      cr_expect(fabs(vc[r] - st.prob.vc[3 * i + r]) < 1e-12, "contact %d row %d: %g vs %g", i, r, vc[r], st.prob.vc[3 * i + r]);
  }
  mb_mass_mul(m, d, vr, Mv);
  for (int r = 0; r < m->nv; ++r) {
    double av = 0.0;
    for (int c = 0; c < m->nv; ++c) av += st.prob.A[r * m->nv + c] * vr[c];
    cr_expect(fabs(av - Mv[r] - h * m->dof_damping[r] * vr[r]) < 1e-12);
  }
  /* one geometry query for the evaluation, none when the same state is assembled again */
  cr_expect_eq(stats.geometry_queries, 1);
  cr_assert_eq(tamsi_assemble(&st, 0.0, x, 0.5 * h), CB_OK);
  cr_expect_eq(stats.geometry_queries, 1);
  tamsi_stepper_free(&st);
  free(x); free(vr); free(Mv); free(R);
  model_free(m);
}

static void box_run(const IntegratorVtbl *vt, double dt, double accuracy, double t_end, double *x_out,
                    IntegratorStats *st) {
  Model *m = stick_slip_box();
  m->max_step = 0.1;
  Integrator *it = make_integrator(vt, m, dt, accuracy);
  double *x = calloc((size_t)system_nx(m), sizeof(double));
  memcpy(x, m->q0, sizeof(double) * (size_t)m->nq);
  x[2] = 0.02 - 0.33 * 9.8 / (4.0 * 1e5);
  cr_assert_eq(vt->reset(it, 0.0, x), CB_OK);
  cr_assert_eq(vt->advance(it, t_end, x), CB_OK, "%s", it->message);
  memcpy(x_out, x, sizeof(double) * (size_t)system_nx(m));
  *st = it->stats;
  free(x);
  free_integrator(it);
  model_free(m);
}

Test(tamsi_sd, stick_slip_box_approaches_fine_fixed_step_solution) {
  /* Through slide, stick (from ~0.18 s) and reverse slide (from ~0.4 s): the tamsi-sd
   * position at 0.5 s approaches a 25 us fixed-step TAMSI solution as accuracy tightens. */
  double ref[13], x[13];
  IntegratorStats st;
  box_run(&tamsi_vtbl, 2.5e-5, 0.0, 0.5, ref, &st);
  double e[4];
  long steps[4];
  for (int i = 0; i < 4; ++i) {
    box_run(&tamsi_sd_vtbl, 0.0, pow(10.0, -5 - i), 0.5, x, &st);
    e[i] = fabs(x[0] - ref[0]);
    steps[i] = st.steps;
    cr_expect_eq(st.substep_retries, 0);
  }
  cr_log_info("tamsi-sd box: x(0.5) = %.6f (ref), errors %.3g %.3g %.3g %.3g, steps %ld %ld %ld %ld\n", ref[0],
              e[0], e[1], e[2], e[3], steps[0], steps[1], steps[2], steps[3]);
  for (int i = 0; i < 3; ++i) cr_expect(e[i + 1] < 0.5 * e[i], "accuracy 1e-%d: %g, 1e-%d: %g", 5 + i, e[i], 6 + i, e[i + 1]);
}

/* A model TAMSI cannot step (rigid contact) is an unrecoverable CB_ERR_MODEL with the reason
 * in the message, for the fixed-step and the error-controlled variant alike: error control must
 * not shrink the step to underflow and report only "step size underflow". */
Test(tamsi_sd, model_failure_is_reported_with_its_reason) {
  Model *m = stick_slip_box();
  m->materials[0].stiffness = INFINITY; /* rigid-rigid: no compliant contact law */
  const IntegratorVtbl *vts[2] = {&tamsi_vtbl, &tamsi_sd_vtbl};
  const int nx = system_nx(m);
  double *x = calloc((size_t)nx, sizeof(double));
  for (int k = 0; k < 2; ++k) {
    Integrator *it = make_integrator(vts[k], m, 0.01, 1e-3);
    memcpy(x, m->q0, sizeof(double) * (size_t)m->nq);
    x[2] = 0.019; /* overlapping the plane */
    cr_assert_eq(vts[k]->reset(it, 0.0, x), CB_OK);
    int rc = vts[k]->advance(it, 0.1, x);
    cr_expect_eq(rc, CB_ERR_MODEL, "%s: code %d (%s)", vts[k]->name, rc, it->message);
    cr_expect(strstr(it->message, "rigid") != NULL, "%s: message '%s'", vts[k]->name, it->message);
    cr_expect_eq(it->stats.rejected, 1, "%s: %ld rejected attempts", vts[k]->name, it->stats.rejected);
    cr_expect_eq(it->t, 0.0);
    free_integrator(it);
  }
  free(x);
  model_free(m);
}
