/* Rest guard (see rest_guard.h). */
#include "rest_guard.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../models/evaluate.h"
#include "../../models/math3d.h"
#include "../../models/system.h"

CbStatus rest_guard_init(RestGuard *g, const Model *m) {
  memset(g, 0, sizeof *g);
  g->first_body = -1;
  const char *why = NULL;
  if (m->ncontroller > 0) why = "controllers";
  else if (m->nsuction > 0) why = "suction cups";
  for (int b = 1; b < m->nbody && !why; ++b)
    if (m->bodies[b].kinematic) why = "kinematic bodies";
  for (int i = 0; i < m->ngeom && !why; ++i)
    if (m->geoms[i].has_surface_velocity) why = "moving belt surfaces";
  g->applies = why == NULL;
  snprintf(g->why_not, sizeof g->why_not, "%s", why ? why : "");
  g->vs = m->stiction_tolerance > 0 ? m->stiction_tolerance : 1e-4;
  g->nbody = m->nbody;
  size_t n = (size_t)m->nbody;
  g->reach = calloc(n, sizeof(double));
  g->held = calloc(n, sizeof(int));
  g->hold_load = calloc(3 * n, sizeof(double));
  g->hold_t = calloc(n, sizeof(double));
  g->hold_util = calloc(n, sizeof(double));
  g->speed = calloc(n, sizeof(double));
  g->prev_speed = calloc(n, sizeof(double));
  g->last_t = NAN;
  g->stuck_body = -1;
  g->vcom = calloc(3 * n, sizeof(double));
  g->prev_vcom = calloc(3 * n, sizeof(double));
  g->ep_on = calloc(n, sizeof(int));
  g->start_speed = calloc(n, sizeof(double));
  g->rest_run = calloc(n, sizeof(int));
  g->turn_only = calloc(n, sizeof(int));
  g->stuck_n = calloc(n, sizeof(int));
  g->con_start = calloc(n + 1, sizeof(int));
  g->con_fill = calloc(n, sizeof(int));
  double **arrays[] = {&g->ep_t0,    &g->ep_s0,      &g->ep_allow,    &g->sustained, &g->sustained_t0,
                       &g->slip_sum, &g->stuck_t0,   &g->slip_now,    &g->recent,     &g->recent_slip};
  int ok = 1;
  for (size_t i = 0; i < sizeof arrays / sizeof arrays[0]; ++i) ok &= (*arrays[i] = calloc(n, sizeof(double))) != NULL;
  if (!g->reach || !g->held || !g->hold_load || !g->hold_t || !g->hold_util || !g->speed || !g->prev_speed ||
      !g->vcom || !g->prev_vcom || !g->ep_on || !g->stuck_n || !g->start_speed || !g->rest_run || !g->turn_only || !g->con_start || !g->con_fill || !ok)
    return CB_ERR_MEMORY;
  for (int b = 0; b < m->nbody; ++b) {
    const Body *bd = &m->bodies[b];
    int free_body = b > 0 && bd->joint == JOINT_FREE && bd->parent == 0 && bd->tree >= 0 && bd->mass > 0;
    g->reach[b] = free_body ? 0.0 : -1.0;
  }
  for (int i = 0; i < m->ngeom; ++i) {
    const Geom *ge = &m->geoms[i];
    if (ge->body <= 0 || g->reach[ge->body] < 0 || !isfinite(ge->rbound)) continue;
    double r[3];
    v3_sub(r, ge->pos, m->bodies[ge->body].com);
    g->reach[ge->body] = fmax(g->reach[ge->body], v3_norm(r) + ge->rbound);
  }
  return CB_OK;
}

void rest_guard_free(RestGuard *g) {
  free(g->reach);
  free(g->held);
  free(g->hold_load);
  free(g->hold_t);
  free(g->hold_util);
  free(g->speed);
  free(g->prev_speed);
  free(g->vcom);
  free(g->prev_vcom);
  free(g->ep_on);
  free(g->start_speed);
  free(g->rest_run);
  free(g->turn_only);
  free(g->stuck_n);
  free(g->ep_t0);
  free(g->ep_s0);
  free(g->ep_allow);
  free(g->sustained);
  free(g->sustained_t0);
  free(g->slip_sum);
  free(g->stuck_t0);
  free(g->con_start);
  free(g->con_fill);
  free(g->con_list);
  free(g->slip_now);
  free(g->recent);
  free(g->recent_slip);
  memset(g, 0, sizeof *g);
}

/* Speed of body b: |v_com| + |w| reach (body_vel is [w; v_origin] in the body frame). */
static double body_speed(const Model *m, const Data *d, const RestGuard *g, int b) {
  const double *w = d->body_vel + 6 * b, *vo = w + 3;
  double vc[3];
  v3_cross(vc, w, m->bodies[b].com);
  v3_add(vc, vc, vo);
  return v3_norm(vc) + v3_norm(w) * g->reach[b];
}

/* Speed of body b's turn: |w| reach (tipping; a slide has none). */
static double turn_speed(const Data *d, const RestGuard *g, int b) { return v3_norm(d->body_vel + 6 * b) * g->reach[b]; }

/* Body b's load and supports at the sampled state (body_load). */
typedef struct {
  double load[3];          /* gravity, applied forces, contacts that do not hold it up (N) */
  double util;             /* tangential load / (mu_s n); INFINITY: the load does not press; -1: no support */
  double util_d;           /* the same against mu_d (largest over the supports) */
  double mu_s, mu_d;       /* largest mu_s, mu_d over the supports */
  double spring;           /* energy of b's contact springs k phi^2 / 2 (J) */
  double ln, fn;           /* normal load along the support normal; sum of the supports' normal forces */
  double nbar[3];          /* force-weighted support normal (into b) */
  double slip;             /* force-weighted mean slip speed |v_t| of the supports (m/s) */
  int one_normal;          /* every support normal within GUARD_ONE_NORMAL_COS of nbar */
  int carrier;             /* the supporting body with the largest normal force (0: the world) */
  int one_carrier;         /* every support is on that body: one frame its supports rest in */
  int npts;                /* support points kept (at most REST_MAX_SUPPORT_POINTS; -1: more) */
  double pts[3 * REST_MAX_SUPPORT_POINTS];
} BodyLoad;

/* Load on body b and its support: supports are the contacts whose normal into b points against
 * gravity; the rest is load. */
/* 1 if contact i carries force in the forces the guard judges: the scheme's own (sf, the contacts
 * of its last step's Data) or the force law's at the sampled state (d): touching, or speculative
 * with a force. */
static int carries_force(const Data *d, const SchemeForces *sf, int i) {
  if (!sf) return d->contacts[i].phi < 0;
  const double *f = sf->force + 3 * i;
  return sf->d->contacts[i].phi < 0 || f[0] != 0 || f[1] != 0 || f[2] != 0;
}

/* Force and contact velocity of contact i (contact frame), from the scheme or the force law. */
static void judged_force(const Model *m, const Data *d, const SchemeForces *sf, int i, const double *v, double vc[3],
                         double f[3]) {
  if (sf) {
    memcpy(f, sf->force + 3 * i, 3 * sizeof(double));
    memcpy(vc, sf->vc + 3 * i, 3 * sizeof(double));
  } else {
    model_contact_force(m, d, i, v, vc, f);
  }
}

/* The judged contacts of every body at this sample, in contact order (g->con_start[b] ..
 * con_start[b + 1] in g->con_list): each body's loads read its own contacts, not all of them,
 * which made a sample O(bodies x contacts). CB_ERR_MEMORY when the list cannot grow. */
static CbStatus index_contacts(RestGuard *g, const Data *d, const SchemeForces *sf) {
  const Data *cd = sf ? sf->d : d;
  if (2 * cd->ncon > g->con_cap || !g->con_list) { /* never NULL: a body's slice is con_list + offset */
    int cap = 2 * cd->ncon > 2 * g->con_cap ? 2 * cd->ncon : 2 * g->con_cap;
    if (cap < 64) cap = 64;
    int *l = realloc(g->con_list, (size_t)cap * sizeof(int));
    if (!l) return CB_ERR_MEMORY;
    g->con_list = l;
    g->con_cap = cap;
  }
  int *start = g->con_start; /* [nbody + 1]: counts, then offsets */
  memset(start, 0, (size_t)(g->nbody + 1) * sizeof(int));
  for (int i = 0; i < cd->ncon; ++i) {
    if (!carries_force(d, sf, i)) continue;
    const Contact *c = &cd->contacts[i];
    start[c->body[0] + 1]++;
    if (c->body[1] != c->body[0]) start[c->body[1] + 1]++;
  }
  for (int b = 0; b < g->nbody; ++b) start[b + 1] += start[b];
  int *fill = g->con_fill;
  memcpy(fill, start, (size_t)g->nbody * sizeof(int));
  for (int i = 0; i < cd->ncon; ++i) {
    if (!carries_force(d, sf, i)) continue;
    const Contact *c = &cd->contacts[i];
    g->con_list[fill[c->body[0]]++] = i;
    if (c->body[1] != c->body[0]) g->con_list[fill[c->body[1]]++] = i;
  }
  return CB_OK;
}

static void body_load(const RestGuard *g, const Model *m, const Data *d, const SchemeForces *sf, int b, double t,
                      const double *v, BodyLoad *L) {
  const Data *cd = sf ? sf->d : d; /* the contacts whose forces are judged */
  double up[3], gn = v3_norm(m->gravity);
  v3_scale(up, m->gravity, gn > 0 ? -1.0 / gn : 0.0);
  double *load = L->load;
  v3_scale(load, m->gravity, m->bodies[b].mass);
  for (int i = 0; i < m->nforce; ++i) {
    const AppliedForce *af = &m->forces[i];
    if (af->body != b) continue;
    v3_axpy(load, applied_force_magnitude(af, t), af->dir);
  }
  double nsum[3] = {0, 0, 0}, fn_sum = 0, mu = 0, mu_d = 0, slip = 0, fn_best = 0, spring = 0;
  L->carrier = 0;
  L->npts = 0;
  int first_carrier = -2, several = 0;
  const int *mine = g->con_list + g->con_start[b];
  const int nmine = g->con_start[b + 1] - g->con_start[b];
  for (int k = 0; k < nmine; ++k) {
    const int i = mine[k];
    const Contact *c = &cd->contacts[i];
    int side = c->body[0] == b ? 0 : 1;
    double vc[3], f[3], F[3], n[3];
    judged_force(m, d, sf, i, v, vc, f);
    for (int k = 0; k < 3; ++k) F[k] = f[0] * c->frame[k] + f[1] * c->frame[3 + k] + f[2] * c->frame[6 + k];
    double s = side == 0 ? 1.0 : -1.0; /* the normal points from body[1] into body[0] */
    v3_scale(F, F, s);
    v3_scale(n, c->frame + 6, s);
    if (c->phi < 0) spring += contact_spring_energy(&c->par, c->phi);
    if (v3_dot(n, up) > 0 && f[2] > 0) { /* holds b up */
      v3_axpy(nsum, f[2], n);
      fn_sum += f[2];
      const ContactFriction fr = contact_friction(&c->par);
      mu = fmax(mu, fr.mu_static);
      mu_d = fmax(mu_d, fr.mu_dynamic);
      slip += f[2] * hypot(vc[0], vc[1]);
      if (f[2] > fn_best) {
        fn_best = f[2];
        L->carrier = c->body[1 - side];
      }
      if (first_carrier < -1) first_carrier = c->body[1 - side];
      else if (c->body[1 - side] != first_carrier) several = 1;
      if (L->npts >= 0 && L->npts < REST_MAX_SUPPORT_POINTS) v3_copy(L->pts + 3 * L->npts++, c->pos);
      else L->npts = -1;
    } else {
      v3_add(load, load, F);
    }
  }
  L->fn = fn_sum;
  L->one_carrier = !several;
  L->spring = spring;
  L->mu_s = mu;
  L->mu_d = mu_d;
  L->util = L->util_d = -1.0;
  L->ln = 0;
  L->slip = 0;
  L->one_normal = 0;
  if (!(fn_sum > 0)) return;
  v3_scale(L->nbar, nsum, 1.0 / v3_norm(nsum));
  L->slip = slip / fn_sum;
  L->one_normal = 1;
  for (int k = 0; k < nmine && L->one_normal; ++k) {
    const Contact *c = &cd->contacts[mine[k]];
    int side = c->body[0] == b ? 0 : 1;
    double n[3];
    v3_scale(n, c->frame + 6, side == 0 ? 1.0 : -1.0);
    if (v3_dot(n, up) > 0 && v3_dot(n, L->nbar) < GUARD_ONE_NORMAL_COS) L->one_normal = 0;
  }
  double ln = -v3_dot(load, L->nbar), lt[3];
  v3_copy(lt, load);
  v3_axpy(lt, ln, L->nbar);
  L->ln = ln;
  if (!(ln > 0) || !(mu > 0)) {
    L->util = L->util_d = INFINITY;
    return;
  }
  L->util = v3_norm(lt) / (mu * ln);
  L->util_d = mu_d > 0 ? v3_norm(lt) / (mu_d * ln) : INFINITY;
}

/* 1 if the line of the load through b's COM meets the support plane inside the support polygon
 * shrunk by GUARD_START_HULL about its centroid (no tipping; 1 or 2 points: no polygon). */
static int load_inside_supports(const Data *d, int b, const BodyLoad *L) {
  int n = L->npts;
  if (n < 3) return 0;
  double c[3] = {0, 0, 0};
  for (int i = 0; i < n; ++i) v3_add(c, c, L->pts + 3 * i);
  v3_scale(c, c, 1.0 / n);
  double dir[3], rc[3];
  double ll = v3_norm(L->load);
  if (!(ll > 0)) return 0;
  v3_scale(dir, L->load, 1.0 / ll);
  double dn = v3_dot(dir, L->nbar);
  if (!(dn < -1e-6)) return 0; /* the load does not press on the support plane */
  v3_sub(rc, c, d->xcom + 3 * b);
  double sline = v3_dot(rc, L->nbar) / dn, P[3];
  v3_copy(P, d->xcom + 3 * b);
  v3_axpy(P, sline, dir);
  /* a 2-D frame of the support plane */
  double e1[3] = {1, 0, 0}, e2[3];
  if (fabs(L->nbar[0]) > 0.9) { e1[0] = 0; e1[1] = 1; }
  v3_axpy(e1, -v3_dot(e1, L->nbar), L->nbar);
  v3_scale(e1, e1, 1.0 / v3_norm(e1));
  v3_cross(e2, L->nbar, e1);
  /* P is inside the shrunk hull iff the angles of its points around P leave no gap of pi */
  double ang[REST_MAX_SUPPORT_POINTS];
  for (int i = 0; i < n; ++i) {
    double p[3], r[3];
    v3_sub(p, L->pts + 3 * i, c);
    v3_scale(p, p, GUARD_START_HULL);
    v3_add(p, p, c);
    v3_sub(r, p, P);
    double x = v3_dot(r, e1), y = v3_dot(r, e2);
    if (hypot(x, y) < 1e-12) return 0;
    ang[i] = atan2(y, x);
  }
  for (int i = 1; i < n; ++i) /* insertion sort: a few points */
    for (int j = i; j > 0 && ang[j - 1] > ang[j]; --j) {
      double tmp = ang[j]; ang[j] = ang[j - 1]; ang[j - 1] = tmp;
    }
  double gap = ang[0] + 2 * M_PI - ang[n - 1];
  for (int i = 1; i < n; ++i) gap = fmax(gap, ang[i] - ang[i - 1]);
  return gap < M_PI - 1e-9;
}

/* 1 if a body other than b that b touches moves faster than the rest speed (bodies that are
 * not free count as moving unless welded to the world), or if a moving free body came within
 * reach of b since the last sample: an impact can begin and end between samples, and a step
 * scheme's look-ahead contact pushes before the force law sees an overlap (its gap is still
 * positive at the sampled state), so "no contact at the sample" does not mean "not hit". */
static int touches_moving(const RestGuard *g, const Model *m, const Data *d, int b, double dt) {
  for (int i = 0; i < d->ncon; ++i) {
    const Contact *c = &d->contacts[i];
    int other = c->body[0] == b ? c->body[1] : (c->body[1] == b ? c->body[0] : -1);
    if (other < 0 || m->bodies[other].tree < 0) continue;
    if (g->reach[other] < 0 || g->speed[other] >= GUARD_REST_SPEED_VS * g->vs) return 1;
  }
  for (int o = 1; o < m->nbody; ++o) {
    if (o == b || g->reach[o] < 0) continue;
    double fastest = fmax(g->speed[o], g->prev_speed[o]);
    if (fastest < GUARD_REST_SPEED_VS * g->vs) continue;
    double r[3];
    v3_sub(r, d->xcom + 3 * o, d->xcom + 3 * b);
    if (v3_norm(r) <= g->reach[b] + g->reach[o] + fastest * dt) return 1;
  }
  return 0;
}

/* World velocity of b's COM (body_vel is [w; v_origin] in the body frame). */
static void com_velocity(const Model *m, const Data *d, int b, double *out) {
  const double *w = d->body_vel + 6 * b, *vo = w + 3, *R = d->xrot + 9 * b;
  double vc[3];
  v3_cross(vc, w, m->bodies[b].com);
  v3_add(vc, vc, vo);
  for (int k = 0; k < 3; ++k) out[k] = R[3 * k] * vc[0] + R[3 * k + 1] * vc[1] + R[3 * k + 2] * vc[2];
}

/* Body b's load in the frame of its carrier (the supporting body with the largest normal force):
 * in a free carrier's frame its acceleration (a finite difference of its COM velocity on the grid)
 * loads b by -m a, so that ln and lt are the normal and tangential forces b's supports must
 * transmit to keep b with its carrier. `judged` 0 where that acceleration is not known: the first
 * sample, a carrier that is not free (an articulated or kinematic body), or one that turns faster
 * than the rest speed (its surface's acceleration is not its COM's). */
typedef struct {
  double ln, lt[3];
  int judged;
} CarrierLoad;

static void carrier_load(const RestGuard *g, const Model *m, const Data *d, int b, double dt, const BodyLoad *L,
                         CarrierLoad *C) {
  double load[3];
  v3_copy(load, L->load);
  int c = L->carrier;
  C->judged = L->util >= 0;
  if (c > 0) {
    if (g->reach[c] >= 0 && dt > 0) {
      double a[3];
      v3_sub(a, g->vcom + 3 * c, g->prev_vcom + 3 * c);
      v3_axpy(load, -m->bodies[b].mass / dt, a);
      if (turn_speed(d, g, c) > GUARD_REST_SPEED_VS * g->vs) C->judged = 0;
    } else {
      C->judged = 0;
    }
  }
  C->ln = -v3_dot(load, L->nbar);
  v3_copy(C->lt, load);
  v3_axpy(C->lt, C->ln, L->nbar);
}

/* Speed of b relative to its carrier at the supports: the force-weighted slip of its contact
 * points, plus its turn relative to the carrier (|w_b - w_c| times b's reach: a body tipping
 * over an edge that does not slip is not at rest). */
static double relative_rest_speed(const Data *d, const RestGuard *g, int b, const BodyLoad *L) {
  double wb[3], wc[3] = {0, 0, 0};
  const double *R = d->xrot + 9 * b, *w = d->body_vel + 6 * b;
  for (int k = 0; k < 3; ++k) wb[k] = R[3 * k] * w[0] + R[3 * k + 1] * w[1] + R[3 * k + 2] * w[2];
  if (L->carrier > 0) {
    const double *Rc = d->xrot + 9 * L->carrier, *u = d->body_vel + 6 * L->carrier;
    for (int k = 0; k < 3; ++k) wc[k] = Rc[3 * k] * u[0] + Rc[3 * k + 1] * u[1] + Rc[3 * k + 2] * u[2];
  }
  double dw[3];
  v3_sub(dw, wb, wc);
  return L->slip + v3_norm(dw) * g->reach[b];
}

/* Slip on the supports under a load below mu_d n (rest_guard.h): an episode starts at the
 * first such sample with its slip s0 and the friction's deceleration a = (mu_d n - |load_t|) / m;
 * slip past GUARD_SLIP_STOP_FACTOR s0 / a into the episode is sustained. */
static void slip_sample(RestGuard *g, const Model *m, int b, double t, double dt, const BodyLoad *L,
                        const CarrierLoad *C) {
  double mass = m->bodies[b].mass, lt[3], ln = C->ln;
  v3_copy(lt, C->lt);
  double mu_d = L->mu_d;
  /* On supports of two or more bodies that move apart (a cube sinking into the gap between two
   * cubes), sliding at mu_d n on each is what the law asks: their frames differ, so the load in
   * one carrier's frame does not say that the slip must stop. */
  int sub = L->util >= 0 && L->one_carrier && ln > 0 && mu_d > 0 && v3_norm(lt) < GUARD_REST_UTIL * mu_d * ln;
  if (!sub || !(L->slip > GUARD_SLIP_SPEED_VS * g->vs)) {
    g->ep_on[b] = 0;
    return;
  }
  if (!g->ep_on[b] || L->slip > 2.0 * g->ep_s0[b]) { /* a new episode (or a new impact within one) */
    double decel = (mu_d * ln - v3_norm(lt)) / mass;
    g->ep_on[b] = 1;
    g->ep_t0[b] = t;
    g->ep_s0[b] = L->slip;
    g->ep_allow[b] = GUARD_SLIP_STOP_FACTOR * L->slip / decel;
    return;
  }
  if (t - g->ep_t0[b] <= g->ep_allow[b]) return;
  if (g->sustained[b] == 0) g->sustained_t0[b] = t;
  g->sustained[b] += dt;
  g->slip_sum[b] += dt * L->slip;
  g->slip_now[b] = L->slip;
}

/* Held at rest relative to its carrier (relative speed at the supports below the rest speed) under
 * a tangential load, in the carrier's frame, above mu_s n / GUARD_REST_UTIL on supports of one
 * normal: the contacts transmit more than static friction can (a load riding a sled pulled past
 * its friction limit; a box held on a slope steeper than mu_s). */
static void stuck_sample(RestGuard *g, int b, double t, double rel_speed, const BodyLoad *L, const CarrierLoad *C) {
  double util = C->ln > 0 && L->mu_s > 0 ? v3_norm(C->lt) / (L->mu_s * C->ln) : INFINITY;
  if (C->judged && rel_speed < GUARD_REST_SPEED_VS * g->vs && L->one_normal && util > 1.0 / GUARD_REST_UTIL &&
      isfinite(util)) {
    if (g->stuck_n[b]++ == 0) g->stuck_t0[b] = t;
    if (g->stuck_n[b] == GUARD_STUCK_HOLD + 1 && g->stuck_trips++ == 0) {
      g->stuck_body = b;
      g->stuck_t = t;
      g->stuck_util = util;
      g->stuck_held = t - g->stuck_t0[b];
      g->stuck_carrier = L->carrier;
    }
  } else {
    g->stuck_n[b] = 0;
  }
}

void rest_guard_sample(RestGuard *g, const Model *m, const Data *d, double t, const double *v, const SchemeForces *sf) {
  if (!g->applies || !g->reach) return;
  int first = !isfinite(g->last_t);
  double dt = first ? 0.0 : t - g->last_t;
  if (first) g->t_first = t;
  for (int b = 1; b < m->nbody; ++b)
    if (g->reach[b] >= 0) {
      g->prev_speed[b] = first ? 0.0 : g->speed[b];
      g->speed[b] = body_speed(m, d, g, b);
      v3_copy(g->prev_vcom + 3 * b, g->vcom + 3 * b);
      com_velocity(m, d, b, g->vcom + 3 * b);
    }
  g->last_t = t;
  if (index_contacts(g, d, sf) != CB_OK) { /* out of memory: this sample is not judged */
    g->unjudged_samples++;
    return;
  }
  for (int b = 1; b < m->nbody; ++b) {
    if (g->reach[b] < 0) continue;
    BodyLoad L;
    body_load(g, m, d, sf, b, t, v, &L);
    double speed = g->speed[b], *load = L.load, util = L.util;
    g->rest_run[b] = speed < GUARD_REST_SPEED_VS * g->vs ? g->rest_run[b] + 1 : 0;
    if (g->rest_run[b] >= GUARD_REST_HOLD) g->start_speed[b] = g->turn_only[b] = 0; /* settled */
    double *L0 = g->hold_load + 3 * b, dL[3];
    v3_sub(dL, load, L0);
    int same_load = g->held[b] > 0 && v3_norm(dL) <= GUARD_REST_LOAD_TOL * v3_norm(L0);
    if (first && speed < GUARD_REST_SPEED_VS * g->vs && util >= 0 && util < GUARD_REST_UTIL &&
        fabs(L.fn - L.ln) <= GUARD_START_BALANCE * L.ln && load_inside_supports(d, b, &L)) {
      /* starts at rest in static equilibrium: held from the start */
      v3_copy(L0, load);
      g->hold_t[b] = t;
      g->held[b] = GUARD_REST_HOLD;
      g->hold_util[b] = util;
      g->start_speed[b] = GUARD_START_SPEED_FACTOR * sqrt(2.0 * L.spring / m->bodies[b].mass);
      g->started_held++;
      if (!(L.util_d < GUARD_REST_UTIL)) {
        g->turn_only[b] = 1;
        g->started_turn_only++;
      }
    } else if (speed < GUARD_REST_SPEED_VS * g->vs && util >= 0 && util < GUARD_REST_UTIL) {
      if (!same_load) { /* a new hold */
        g->start_speed[b] = g->turn_only[b] = 0;
        g->held[b] = 0;
        v3_copy(L0, load);
        g->hold_t[b] = t;
      }
      g->held[b]++;
      g->hold_util[b] = util;
    } else if (g->turn_only[b] && g->held[b] > 0 && speed > GUARD_REST_SPEED_VS * g->vs &&
               !(turn_speed(d, g, b) > fmax(GUARD_MOVE_SPEED_VS * g->vs, g->start_speed[b]))) {
      /* a release above mu_d n that slides without turning: the hold stays pending (rest_guard.h) */
    } else if (speed > fmax(GUARD_MOVE_SPEED_VS * g->vs, g->start_speed[b])) {
      if (g->held[b] >= GUARD_REST_HOLD && same_load && !touches_moving(g, m, d, b, dt)) {
        if (g->trips++ == 0) {
          g->first_body = b;
          g->first_t = t;
          g->first_speed = speed;
          g->first_util = g->hold_util[b];
          g->first_held_s = t - g->hold_t[b];
        }
      }
      g->held[b] = 0;
      g->start_speed[b] = 0;
      g->turn_only[b] = 0;
    } else if (speed < GUARD_REST_SPEED_VS * g->vs) {
      g->held[b] = 0; /* at rest without a support or at a load near mu_s: no hold */
    }
    /* between the two speeds a hold stays pending: a slide that the integrator starts may
     * take a sample or two to pass GUARD_MOVE_SPEED_VS v_s */
    CarrierLoad C;
    carrier_load(g, m, d, b, dt, &L, &C);
    g->slip_now[b] = 0;
    if (!first) slip_sample(g, m, b, t, dt, &L, &C);
    /* sustained slip of the recent past: a memory of GUARD_SLIP_WINDOW (time constant), so that
     * the verdict does not depend on the horizon (rest_guard.h) */
    double decay = exp(-dt / GUARD_SLIP_WINDOW);
    g->recent[b] = g->recent[b] * decay + (g->slip_now[b] > 0 ? dt : 0.0);
    g->recent_slip[b] = g->recent_slip[b] * decay + dt * g->slip_now[b];
    if (g->recent[b] > g->recent_max) {
      g->recent_max = g->recent[b];
      g->recent_body = b;
      g->recent_t = t;
      g->recent_mean = g->recent_slip[b] / g->recent[b];
    }
    stuck_sample(g, b, t, relative_rest_speed(d, g, b, &L), &L, &C);
  }
}

/* The body with the longest sustained slip, and that time (s). */
static int slip_worst(const RestGuard *g, double *t) {
  int best = -1;
  *t = 0;
  for (int b = 1; b < g->nbody; ++b)
    if (g->reach[b] >= 0 && g->sustained[b] > *t) {
      *t = g->sustained[b];
      best = b;
    }
  return best;
}

void guard_warning_add(GuardWarnings *w, const char *text) {
  if (w->n < GUARD_MAX_WARNINGS) snprintf(w->text[w->n++], sizeof w->text[0], "%s", text);
}

int rest_guard_result(const RestGuard *g, const Model *m, RestGuardResult *out, GuardWarnings *w) {
  memset(out, 0, sizeof *out);
  out->applies = g->applies;
  if (!g->applies) {
    out->not_because = g->why_not;
    return 0;
  }
  int tripped = 0;
  char msg[512];
  out->trips = g->trips;
  out->rest_speed = GUARD_REST_SPEED_VS * g->vs;
  out->move_speed = GUARD_MOVE_SPEED_VS * g->vs;
  out->threshold_utilization = GUARD_REST_UTIL;
  out->started_held = g->started_held;
  out->started_turn_only = g->started_turn_only;
  if (g->trips > 0) {
    const char *name = m->bodies[g->first_body].name;
    out->first_body = name;
    out->first_t = g->first_t;
    out->first_speed = g->first_speed;
    out->first_utilization = g->first_util;
    out->first_held = g->first_held_s;
    snprintf(msg, sizeof msg,
             "physics: %s rested %.3g s under static friction (tangential load %.0f%% of mu_s n) and moved at "
             "%.3g m/s by t = %.4g s without a change of force%s: the integrator set it in motion",
             name, g->first_held_s, 100.0 * g->first_util, g->first_speed, g->first_t,
             g->trips > 1 ? " (and more such starts)" : "");
    guard_warning_add(w, msg);
    tripped++;
  }
  /* sustained slip: judged by its recent time (a memory of GUARD_SLIP_WINDOW), not by a fraction of the run */
  double span = isfinite(g->last_t) ? g->last_t - g->t_first : 0.0, worst_t;
  int worst = slip_worst(g, &worst_t);
  out->slip_speed = GUARD_SLIP_SPEED_VS * g->vs;
  out->slip_stop_factor = GUARD_SLIP_STOP_FACTOR;
  out->slip_threshold_time = GUARD_SLIP_TIME;
  out->slip_sustained = worst_t;
  out->slip_fraction = span > 0 ? worst_t / span : 0.0;
  if (worst > 0) {
    out->slip_body = m->bodies[worst].name;
    out->slip_t = g->sustained_t0[worst];
    out->slip_mean = g->slip_sum[worst] / worst_t;
  }
  out->slip_window = GUARD_SLIP_WINDOW;
  out->slip_recent = g->recent_max;
  if (g->recent_max > 0) {
    out->slip_recent_body = m->bodies[g->recent_body].name;
    out->slip_recent_t = g->recent_t;
    out->slip_recent_mean = g->recent_mean;
  }
  if (g->recent_max > GUARD_SLIP_TIME) {
    snprintf(msg, sizeof msg,
             "physics: %s slipped on its supports at %.3g m/s (%.0f v_s) under a load below mu_d n, longer than friction "
             "needs to stop it: %.3g s of sustained slip by t = %.4g s in a %.3g s memory (threshold %.3g s), the "
             "integrator kept it sliding",
             m->bodies[g->recent_body].name, g->recent_mean, g->recent_mean / g->vs, g->recent_max, g->recent_t,
             GUARD_SLIP_WINDOW, GUARD_SLIP_TIME);
    guard_warning_add(w, msg);
    tripped++;
  }
  /* held against a load above mu_s n */
  out->held_trips = g->stuck_trips;
  out->held_threshold_utilization = 1.0 / GUARD_REST_UTIL;
  out->held_samples = GUARD_STUCK_HOLD;
  if (g->stuck_trips > 0) {
    const char *name = m->bodies[g->stuck_body].name;
    out->held_body = name;
    out->held_t = g->stuck_t;
    out->held_utilization = g->stuck_util;
    out->held_carrier = g->stuck_carrier > 0 ? m->bodies[g->stuck_carrier].name : NULL;
    snprintf(msg, sizeof msg,
             "physics: %s stayed at rest%s%s for %.3g s by t = %.4g s under a tangential load %.0f%% of mu_s n: static "
             "friction held more than it can",
             name, g->stuck_carrier > 0 ? " on " : "", g->stuck_carrier > 0 ? m->bodies[g->stuck_carrier].name : "",
             g->stuck_held, g->stuck_t, 100.0 * g->stuck_util);
    guard_warning_add(w, msg);
    tripped++;
  }
  return tripped;
}
