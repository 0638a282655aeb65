/* The rigid contact solvers (integrators/rigid/) against problems solved by hand: an LCP with a
 * known solution, the CCP's projection, the NCP's stick and slip closed forms, RaiSim's model on
 * one contact, the eq. 15 criteria, the iteration limit, and the Delassus operator of a ball. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "integrators/integrator.h"
#include "integrators/rigid/rigid_cone.h"
#include "integrators/rigid/rigid_problem.h"
#include "integrators/rigid/rigid_solver.h"
#include "integrators/rigid/rigid_stats.h"
#include "models/contact.h"
#include "models/data.h"
#include "models/system.h"
#include "tests/sim_fixtures.h"

typedef int (*Solver)(RigidProblem *, const RigidSolverParams *, double *, RigidSolveResult *);

/* a hand-filled problem: W = diag(w) plus the given symmetric entries, h = 1 */
static void hand_problem(RigidProblem *p, int nc, double w, const double *b, double mu) {
  cr_assert_eq(rigid_problem_init(p, 0), 0);
  cr_assert_eq(rigid_problem_reserve(p, nc), 0);
  int n3 = 3 * nc;
  memset(p->W, 0, (size_t)n3 * n3 * sizeof *p->W);
  for (int k = 0; k < n3; ++k) p->W[k * n3 + k] = w;
  memcpy(p->b, b, (size_t)n3 * sizeof *b);
  for (int i = 0; i < nc; ++i) p->mu[i] = mu;
  p->h = 1.0;
}

static RigidSolverParams tight(void) {
  RigidSolverParams s = rigid_solver_defaults();
  s.tol = 1e-10;
  s.max_iter = 10000;
  return s;
}

static void expect(const double *got, const double *want, int n, double tol, const char *what) {
  for (int k = 0; k < n; ++k)
    cr_expect(fabs(got[k] - want[k]) <= tol, "%s: lambda[%d] = %.9g, expected %.9g", what, k, got[k], want[k]);
}

/* Three contacts, normals coupled between the first two (W_N = [[2,1,0],[1,2,0],[0,0,1]]),
 * tangents decoupled with unit mass: lambda_N = (1, 1, 0) makes c_N = 0 on the first two; the
 * first sticks (|b_T|_inf = 0.2 < mu), the second slides along t1 on the box's face
 * (lambda_T = (-mu, 0.3)), the third separates. */
Test(rigid_solvers, lcp_known_solution_lemke_and_pgs_agree) {
  double b[9] = {0.2, 0, -3, 1, -0.3, -3, 0.7, 0, 1};
  double want[9] = {-0.2, 0, 1, -0.5, 0.3, 1, 0, 0, 0};
  Solver solvers[2] = {rigid_lcp_lemke, rigid_lcp_pgs};
  const char *names[2] = {"lemke", "pgs"};
  for (int s = 0; s < 2; ++s) {
    RigidProblem p;
    hand_problem(&p, 3, 1.0, b, 0.5);
    p.W[2 * 9 + 2] = p.W[5 * 9 + 5] = 2;
    p.W[2 * 9 + 5] = p.W[5 * 9 + 2] = 1;
    RigidSolverParams par = tight();
    double lambda[9];
    RigidSolveResult r;
    cr_assert_eq(solvers[s](&p, &par, lambda, &r), 0);
    cr_expect_eq(r.stop, RIGID_STOP_TOLERANCE, "%s stopped on %s", names[s], rigid_stop_name(r.stop));
    expect(lambda, want, 9, 1e-6, names[s]);
    rigid_problem_free(&p);
  }
}

/* More facets: the 8-facet pyramid's sliding impulse lies on a facet, within the circumscribed
 * octagon and outside the circle. */
Test(rigid_solvers, lcp_facets_option) {
  double b[3] = {2, 0, -1};
  RigidProblem p;
  hand_problem(&p, 1, 1.0, b, 0.5);
  RigidSolverParams par = tight();
  par.facets = 8;
  double lambda[3];
  RigidSolveResult r;
  cr_assert_eq(rigid_lcp_lemke(&p, &par, lambda, &r), 0);
  /* sliding along t1 hits the octagon's face at distance mu lambda_N: lambda_T1 = -0.5 */
  double want[3] = {-0.5, 0, 1};
  expect(lambda, want, 3, 1e-9, "octagon");
  par.facets = 2;
  cr_expect_eq(rigid_lcp_lemke(&p, &par, lambda, &r), -1);
  rigid_problem_free(&p);
}

/* CCP with W = w I: the solution of min 1/2 w |l|^2 + b.l over K_mu is proj_K(-b / w). */
Test(rigid_solvers, ccp_single_contact_is_a_projection) {
  double cases[3][3] = {{2, 0, -1}, {0.1, -0.05, -1}, {-1.5, 2.5, -0.4}};
  Solver solvers[2] = {rigid_ccp_pgs, rigid_ccp_admm};
  const char *names[2] = {"ccp-pgs", "ccp-admm"};
  for (int c = 0; c < 3; ++c)
    for (int s = 0; s < 2; ++s) {
      RigidProblem p;
      hand_problem(&p, 1, 2.0, cases[c], 0.5);
      double x[3] = {-cases[c][0] / 2, -cases[c][1] / 2, -cases[c][2] / 2}, want[3];
      /* the closed form of the projection on the second-order cone */
      double t = hypot(x[0], x[1]), mu = 0.5;
      if (t <= mu * x[2]) memcpy(want, x, sizeof want);
      else {
        double n = (x[2] + mu * t) / (1 + mu * mu);
        want[0] = mu * n * x[0] / t;
        want[1] = mu * n * x[1] / t;
        want[2] = n;
      }
      RigidSolverParams par = tight();
      double lambda[3];
      RigidSolveResult r;
      cr_assert_eq(solvers[s](&p, &par, lambda, &r), 0);
      cr_expect_eq(r.stop, RIGID_STOP_TOLERANCE, "%s case %d: %s", names[s], c, rigid_stop_name(r.stop));
      expect(lambda, want, 3, 1e-8, names[s]);
      rigid_problem_free(&p);
    }
}

/* NCP on one contact with W = I: stick, lambda = -b inside the cone; slip, lambda_N = -b_N and
 * lambda_T = -mu lambda_N b_T / |b_T| (Coulomb with maximum dissipation). RaiSim's model gives the
 * same on one decoupled contact (its eq. 24 deviation needs G_NT != 0). */
Test(rigid_solvers, ncp_and_raisim_single_contact_stick_and_slip) {
  double cases[3][3] = {{0.2, -0.1, -1}, {2, 0, -1}, {1.2, -1.6, -1}};
  double want[3][3] = {{-0.2, 0.1, 1}, {-0.5, 0, 1}, {-0.3, 0.4, 1}};
  Solver solvers[4] = {rigid_ncp_nsgs, rigid_ncp_alart_curnier, rigid_raisim, rigid_ncp_prox};
  const char *names[4] = {"nsgs", "alart-curnier", "raisim", "proximal alart-curnier"};
  for (int c = 0; c < 3; ++c)
    for (int s = 0; s < 4; ++s) {
      RigidProblem p;
      hand_problem(&p, 1, 1.0, cases[c], 0.5);
      RigidSolverParams par = tight();
      double lambda[3];
      RigidSolveResult r;
      cr_assert_eq(solvers[s](&p, &par, lambda, &r), 0);
      cr_expect_eq(r.stop, RIGID_STOP_TOLERANCE, "%s case %d: %s", names[s], c, rigid_stop_name(r.stop));
      expect(lambda, want[c], 3, 1e-7, names[s]);
      cr_expect(r.eps_abs < 1e-6, "%s case %d: eq. 15 eps_abs %g", names[s], c, r.eps_abs);
      rigid_problem_free(&p);
    }
}

/* The reported residuals are eq. 15's, in forces lambda / h: the CCP's sliding solution
 * lambda = (-0.8, 0, 1.6), c = (1.2, 0, 0.6) meets the CCP criterion but not eq. 15, whose
 * De Saxce term makes c + Gamma = (1.2, 0, 1.2): eps_c = |<lambda, c + Gamma>| / h = 0.96 / h. */
Test(rigid_solvers, residuals_are_eq15_in_forces) {
  double b[3] = {2, 0, -1};
  for (int k = 0; k < 2; ++k) {
    double h = k == 0 ? 1.0 : 0.5;
    RigidProblem p;
    hand_problem(&p, 1, 1.0, b, 0.5);
    p.h = h;
    RigidSolverParams par = tight();
    double lambda[3];
    RigidSolveResult r;
    cr_assert_eq(rigid_ccp_pgs(&p, &par, lambda, &r), 0);
    cr_expect(r.residual <= 1e-10, "CCP criterion %g", r.residual);
    cr_expect(fabs(r.eps_c - 0.96 / h) < 1e-8, "eps_c %.12g, expected %.12g", r.eps_c, 0.96 / h);
    cr_expect(r.eps_p < 1e-12, "eps_p %g", r.eps_p);
    /* c + Gamma = (1.2, 0, 1.2) lies in K_{1/mu} = K_2 */
    cr_expect(r.eps_d < 1e-9, "eps_d %g", r.eps_d);
    cr_expect_eq(r.eps_abs, fmax(r.eps_p, fmax(r.eps_d, r.eps_c)));
    rigid_problem_free(&p);
  }
  /* a penetrating, separating-free contact without impulse: eps_d = dist(c, K*) = |b_N| */
  double b2[3] = {0, 0, -2};
  RigidProblem p;
  hand_problem(&p, 1, 1.0, b2, 0.5);
  double lambda[3] = {0, 0, 0}, c[3];
  RigidSolveResult r;
  rigid_criteria(&p, lambda, c, 1, &r);
  cr_expect(fabs(r.eps_d - 2) < 1e-12 && r.eps_p == 0 && r.eps_c == 0, "eps %g %g %g", r.eps_p, r.eps_d, r.eps_c);
  rigid_problem_free(&p);
}

/* A coupled two-contact problem stopped after one iteration says so. */
Test(rigid_solvers, iteration_limit_is_reported) {
  double b[6] = {0.3, 0.1, -1, -0.2, 0.4, -2};
  Solver solvers[4] = {rigid_ccp_pgs, rigid_ccp_admm, rigid_raisim, rigid_ncp_nsgs};
  const char *names[4] = {"ccp-pgs", "ccp-admm", "raisim", "nsgs"};
  for (int s = 0; s < 4; ++s) {
    RigidProblem p;
    hand_problem(&p, 2, 1.0, b, 0.5);
    for (int k = 0; k < 3; ++k) p.W[k * 6 + 3 + k] = p.W[(3 + k) * 6 + k] = 0.6;
    p.W[0 * 6 + 2] = p.W[2 * 6 + 0] = 0.2;
    RigidSolverParams par = tight();
    par.max_iter = 1;
    double lambda[6];
    RigidSolveResult r;
    cr_assert_eq(solvers[s](&p, &par, lambda, &r), 0);
    cr_expect_eq(r.stop, RIGID_STOP_LIMIT, "%s stopped on %s after %d", names[s], rigid_stop_name(r.stop), r.iterations);
    cr_expect_eq(r.iterations, 1, "%s: %d iterations", names[s], r.iterations);
    /* and converges given room */
    par.max_iter = 10000;
    par.tol = 1e-8;
    cr_assert_eq(solvers[s](&p, &par, lambda, &r), 0);
    cr_expect_neq(r.stop, RIGID_STOP_LIMIT, "%s: %s after %d", names[s], rigid_stop_name(r.stop), r.iterations);
    rigid_problem_free(&p);
  }
}

/* Warm start: a solver started at its own solution stops at once. */
Test(rigid_solvers, warm_start_at_the_solution) {
  double b[3] = {2, 0, -1};
  RigidProblem p;
  hand_problem(&p, 1, 1.0, b, 0.5);
  RigidSolverParams par = tight();
  double lambda[3];
  RigidSolveResult r;
  cr_assert_eq(rigid_ccp_pgs(&p, &par, lambda, &r), 0);
  cr_assert(r.iterations > 0);
  par.warm_start = 1;
  cr_assert_eq(rigid_ccp_pgs(&p, &par, lambda, &r), 0);
  cr_expect_eq(r.iterations, 0);
  cr_expect_eq(r.stop, RIGID_STOP_TOLERANCE);
  rigid_problem_free(&p);
}

static const char *ball_json =
    "{\"name\": \"ball\", \"duration\": 1, \"materials\": [{\"name\": \"ground\", \"stiffness\": \"rigid\", "
    "\"mu\": 0.5}, {\"name\": \"ball\", \"stiffness\": 1e6, \"dissipation\": 0, \"mu\": 0.5}], \"world_geoms\": "
    "[{\"name\": \"floor\", \"type\": \"plane\", \"material\": \"ground\"}], \"bodies\": [{\"name\": \"ball\", "
    "\"joint\": \"free\", \"mass\": 2, \"geoms\": [{\"type\": \"sphere\", \"size\": 0.1, \"material\": \"ball\"}], "
    "\"q0\": {\"pos\": [0, 0, 0.099]}}]}";

/* The Delassus operator of a solid ball (m = 2 kg, r = 0.1 m, I = 2/5 m r^2) pressed 1 mm into a
 * rigid floor: the contact point lies on the floor, a = 0.099 m below the centre, so
 * W = diag(1/m + a^2/I, 1/m + a^2/I, 1/m) = diag(1.725125, 1.725125, 0.5); the free
 * normal velocity after h is -g h, and the NCP impulse stops the ball: v_N = 0 after the step. */
Test(rigid_solvers, ball_delassus_and_free_velocity) {
  Model *m = fx_load_json(ball_json, "ball");
  Data *d = data_create(m);
  int nx = system_nx(m);
  double *x = calloc((size_t)nx, sizeof *x), *vf = calloc((size_t)m->nv, sizeof *vf),
         *v1 = calloc((size_t)m->nv, sizeof *v1);
  system_initial_state(m, x);
  double h = 1e-2, *q = x, *v = x + m->nq;
  cr_assert_eq(system_step_data(m, d, 0, q, v, x + m->nq + m->nv, h), CB_OK);
  cr_assert_eq(d->ncon, 1);
  RigidProblem p;
  cr_assert_eq(rigid_problem_init(&p, m->nv), 0);
  cr_assert_eq(rigid_problem_build(&p, m, d, h, v, 0.0, vf), 0);
  double wt = 0.5 + 0.099 * 0.099 / 0.008, want[9] = {wt, 0, 0, 0, wt, 0, 0, 0, 0.5};
  for (int k = 0; k < 9; ++k) cr_expect(fabs(p.W[k] - want[k]) < 1e-9, "W[%d] = %.12g, expected %.12g", k, p.W[k], want[k]);
  double g = 9.81;
  cr_expect(fabs(p.b[2] + g * h) < 1e-3 * g * h, "b_N = %.9g, expected %.9g", p.b[2], -g * h);
  cr_expect(fabs(p.mu[0] - 0.5) < 1e-15);
  RigidSolverParams par = tight();
  double lambda[3];
  RigidSolveResult r;
  cr_assert_eq(rigid_ncp_nsgs(&p, &par, lambda, &r), 0);
  cr_expect(fabs(lambda[2] - 2 * (-p.b[2])) < 1e-9, "normal impulse %.9g = m |b_N|", lambda[2]);
  rigid_problem_velocity(&p, m, d, lambda, vf, v1);
  double vc[3];
  contact_velocity(m, d, 0, v1, vc);
  cr_expect(fabs(vc[2]) < 1e-9, "normal velocity after the step %g", vc[2]);
  rigid_problem_free(&p);
  free(x);
  free(vf);
  free(v1);
  data_free(d);
  model_free(m);
}

/* Two contacts at the same point of the same body: W = [[I, I], [I, I]] moves the body by
 * lambda_1 + lambda_2 = s, so the minimum-norm impulses with that effect split s between the two
 * cones. mu = 2: the even split s / 2 fits both cones, and lambda = (1, 2, 3, 3, 0, 1), h = 0.5,
 * has the internal part (-1, 1, 1), (1, -1, -1): norm sqrt(6) / h, tangential 2 / h.
 * mu = (0.1, 1), lambda = (0.1, 0, 1, 0.9, 0, 1): the even split leaves the first cone; the
 * minimum norm on its boundary, x_1 = (0.1 b, 0, b) with b = 4.2 / 4.04, leaves lambda - x* =
 * +-(0.1 - 0.1 b, 0, 1 - b). A full-rank W has no internal part. */
Test(rigid_solvers, internal_force_is_the_distance_to_the_minimum_norm_impulses) {
  double b[6] = {0}, lambda[6] = {1, 2, 3, 3, 0, 1};
  RigidProblem p;
  hand_problem(&p, 2, 1.0, b, 2.0);
  p.h = 0.5;
  for (int k = 0; k < 3; ++k) p.W[k * 6 + 3 + k] = p.W[(3 + k) * 6 + k] = 1.0;
  double tan, all = rigid_internal_force(&p, lambda, &tan);
  cr_expect(fabs(all - sqrt(6.0) / 0.5) < 1e-8, "internal %.15g, expected %.15g", all, sqrt(6.0) / 0.5);
  cr_expect(fabs(tan - 2.0 / 0.5) < 1e-8, "tangential %.15g, expected 4", tan);
  double l2[6] = {0.1, 0, 1, 0.9, 0, 1}, bb = 4.2 / 4.04, d[2] = {0.1 - 0.1 * bb, 1 - bb};
  p.mu[0] = 0.1;
  p.mu[1] = 1.0;
  all = rigid_internal_force(&p, l2, &tan);
  double want = sqrt(2 * (d[0] * d[0] + d[1] * d[1])) / 0.5;
  cr_expect(fabs(all - want) < 1e-7, "cone-bound split: internal %.12g, expected %.12g", all, want);
  cr_expect(fabs(tan - sqrt(2.0) * fabs(d[0]) / 0.5) < 1e-7, "tangential %.12g", tan);
  for (int k = 0; k < 3; ++k) p.W[k * 6 + 3 + k] = p.W[(3 + k) * 6 + k] = 0.6;
  all = rigid_internal_force(&p, l2, &tan);
  cr_expect(all < 1e-9 && tan < 1e-9, "full rank: internal %.3g, tangential %.3g", all, tan);
  rigid_problem_free(&p);
}

/* The ill-conditioned stack of the contact-models paper's Fig. 13 (cases/cube_stack_ratio.json:
 * 1e3 kg on 1e-3 kg, 8 contacts, Delassus eigenvalues 1e6 apart). Siconos' Alart-Curnier Newton
 * stops its first steps at its 1e4 limit with an eq. 15 residual of 24 N; inside the proximal
 * point method (W + sigma I, pulled toward the previous iterate) every solve stops on
 * tolerance and meets eq. 15 (Signorini, Coulomb, maximum dissipation) to 1e-7 of the top cube's
 * weight. */
Test(rigid_solvers, proximal_alart_curnier_meets_eq15_on_a_1e6_mass_ratio_stack) {
  Model *m = fx_load_file("cases/cube_stack_ratio.json");
  const double weight = 1e3 * 9.81;
  for (int k = 0; k < 2; ++k) {
    IntegratorOptions o = {.dt = 1e-3, .error_norm = ERRNORM_FULL, .nextra = 1};
    o.extra_key[0] = "solver";
    o.extra_value[0] = k == 0 ? "prox" : "ac";
    char err[512];
    Integrator *it = integrator_create("ncp", m, &o, CB_ERR_BUF(err, sizeof err));
    cr_assert_not_null(it, "%s", err);
    double x[64];
    system_initial_state(m, x);
    cr_assert_eq(integrator_reset(it, 0.0, x), CB_OK);
    cr_assert_eq(integrator_advance(it, k == 0 ? 0.01 : 0.002, x), CB_OK, "%s: %s", o.extra_value[0], it->message);
    const ContactSolverStats *st = &it->stats.solver;
    if (k == 0) {
      cr_expect(st->solves > 0 && st->stop_tolerance == st->solves, "prox: %ld of %ld solves on tolerance",
                st->stop_tolerance, st->solves);
      cr_expect(st->residual_max < 1e-7 * weight, "prox: eq. 15 residual %.3g N, weight %.3g N", st->residual_max,
                weight);
    } else {
      /* the unregularized Newton's failure, which the proximal term removes */
      cr_expect(st->stop_limit > 0 && st->residual_max > 1.0, "ac: %ld limit stops, residual %.3g N", st->stop_limit,
                st->residual_max);
    }
    integrator_destroy(it);
  }
  model_free(m);
}
