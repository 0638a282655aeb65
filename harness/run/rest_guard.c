/* Rest guard (see rest_guard.h). */
#include "rest_guard.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../models/contact.h"
#include "../../models/math3d.h"
#include "../../models/system.h"

int rest_guard_init(RestGuard *g, const Model *m) {
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
  if (!g->reach || !g->held || !g->hold_load || !g->hold_t || !g->hold_util || !g->speed || !g->prev_speed) return -1;
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
  return 0;
}

void rest_guard_free(RestGuard *g) {
  free(g->reach);
  free(g->held);
  free(g->hold_load);
  free(g->hold_t);
  free(g->hold_util);
  free(g->speed);
  free(g->prev_speed);
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

/* Load on body b and its support (force-weighted normal, normal force, largest mu_s) at the
 * sampled state. Returns the tangential load over mu_s times the normal load (INFINITY if the
 * load does not press on the support), or -1 without a support. */
static double body_load(const Model *m, const Data *d, int b, double t, const double *v, double *load) {
  double up[3], gn = v3_norm(m->gravity);
  v3_scale(up, m->gravity, gn > 0 ? -1.0 / gn : 0.0);
  v3_scale(load, m->gravity, m->bodies[b].mass);
  for (int i = 0; i < m->nforce; ++i) {
    const AppliedForce *af = &m->forces[i];
    if (af->body != b) continue;
    v3_axpy(load, applied_force_magnitude(af, t), af->dir);
  }
  double nsum[3] = {0, 0, 0}, fn_sum = 0, mu = 0;
  for (int i = 0; i < d->ncon; ++i) {
    const Contact *c = &d->contacts[i];
    int side = c->body[0] == b ? 0 : (c->body[1] == b ? 1 : -1);
    if (side < 0 || !(c->phi < 0)) continue;
    double vc[3], f[3], F[3], n[3];
    contact_velocity(m, d, i, v, vc);
    contact_force(&c->par, c->phi, vc, f, NULL, NULL);
    for (int k = 0; k < 3; ++k) F[k] = f[0] * c->frame[k] + f[1] * c->frame[3 + k] + f[2] * c->frame[6 + k];
    double s = side == 0 ? 1.0 : -1.0; /* the normal points from body[1] into body[0] */
    v3_scale(F, F, s);
    v3_scale(n, c->frame + 6, s);
    if (v3_dot(n, up) > 0 && f[2] > 0) { /* holds b up */
      v3_axpy(nsum, f[2], n);
      fn_sum += f[2];
      mu = fmax(mu, c->par.mu_static);
    } else {
      v3_add(load, load, F);
    }
  }
  if (!(fn_sum > 0)) return -1.0;
  double nbar[3];
  v3_scale(nbar, nsum, 1.0 / v3_norm(nsum));
  double ln = -v3_dot(load, nbar), lt[3];
  v3_copy(lt, load);
  v3_axpy(lt, ln, nbar);
  if (!(ln > 0) || !(mu > 0)) return INFINITY;
  return v3_norm(lt) / (mu * ln);
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

void rest_guard_sample(RestGuard *g, const Model *m, const Data *d, double t, const double *v) {
  if (!g->applies || !g->reach) return;
  double dt = isfinite(g->last_t) ? t - g->last_t : 0.0;
  for (int b = 1; b < m->nbody; ++b)
    if (g->reach[b] >= 0) {
      g->prev_speed[b] = isfinite(g->last_t) ? g->speed[b] : 0.0;
      g->speed[b] = body_speed(m, d, g, b);
    }
  g->last_t = t;
  for (int b = 1; b < m->nbody; ++b) {
    if (g->reach[b] < 0) continue;
    double speed = g->speed[b], load[3];
    double util = body_load(m, d, b, t, v, load);
    double *L0 = g->hold_load + 3 * b, dL[3];
    v3_sub(dL, load, L0);
    int same_load = g->held[b] > 0 && v3_norm(dL) <= GUARD_REST_LOAD_TOL * v3_norm(L0);
    if (speed < GUARD_REST_SPEED_VS * g->vs && util >= 0 && util < GUARD_REST_UTIL) {
      if (!same_load) { /* a new hold */
        g->held[b] = 0;
        v3_copy(L0, load);
        g->hold_t[b] = t;
      }
      g->held[b]++;
      g->hold_util[b] = util;
    } else if (speed > GUARD_MOVE_SPEED_VS * g->vs) {
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
    } else if (speed < GUARD_REST_SPEED_VS * g->vs) {
      g->held[b] = 0; /* at rest without a support or at a load near mu_s: no hold */
    }
    /* between the two speeds a hold stays pending: a slide that the integrator starts may
     * take a sample or two to pass GUARD_MOVE_SPEED_VS v_s */
  }
}

int rest_guard_report(const RestGuard *g, const Model *m, cJSON *physics, cJSON *warnings) {
  cJSON *r = cJSON_AddObjectToObject(physics, "rest");
  cJSON_AddBoolToObject(r, "applies", g->applies);
  if (!g->applies) {
    cJSON_AddStringToObject(r, "not_because", g->why_not);
    return 0;
  }
  cJSON_AddNumberToObject(r, "trips", g->trips);
  cJSON_AddNumberToObject(r, "rest_speed", GUARD_REST_SPEED_VS * g->vs);
  cJSON_AddNumberToObject(r, "move_speed", GUARD_MOVE_SPEED_VS * g->vs);
  cJSON_AddNumberToObject(r, "threshold_utilization", GUARD_REST_UTIL);
  if (g->trips == 0) return 0;
  cJSON *f = cJSON_AddObjectToObject(r, "first");
  const char *name = m->bodies[g->first_body].name;
  cJSON_AddStringToObject(f, "body", name);
  cJSON_AddNumberToObject(f, "t", g->first_t);
  cJSON_AddNumberToObject(f, "speed", g->first_speed);
  cJSON_AddNumberToObject(f, "utilization", g->first_util);
  cJSON_AddNumberToObject(f, "held", g->first_held_s);
  char msg[512];
  snprintf(msg, sizeof msg,
           "physics: %s rested %.3g s under static friction (tangential load %.0f%% of mu_s n) and moved at "
           "%.3g m/s by t = %.4g s without a change of force%s: the integrator set it in motion",
           name, g->first_held_s, 100.0 * g->first_util, g->first_speed, g->first_t,
           g->trips > 1 ? " (and more such starts)" : "");
  cJSON_AddItemToArray(warnings, cJSON_CreateString(msg));
  return 1;
}
