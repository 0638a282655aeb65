/* Physics guards (see physics_guards.h). */
#include "physics_guards.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../models/evaluate.h"
#include "../../models/multibody.h"
#include "../../models/controller.h"
#include "../../models/suction.h"
#include "../../models/system.h"

void physics_guards_init(PhysicsGuards *g, const Model *m) {
  memset(g, 0, sizeof *g);
  const char *why = NULL;
  if (m->nforce > 0) why = "applied forces";
  else if (m->ncontroller > 0) why = "controllers";
  else if (m->nsuction > 0) why = "suction cups";
  for (int b = 1; b < m->nbody && !why; ++b) {
    if (m->bodies[b].kinematic) why = "kinematic bodies";
    /* the limit spring scales with M_ii(q): not a potential force, it can do net work */
    else if (m->bodies[b].has_limit) why = "joint limits";
  }
  for (int i = 0; i < m->ngeom && !why; ++i)
    if (m->geoms[i].has_surface_velocity) why = "moving belt surfaces";
  g->passive = why == NULL;
  g->e_mech_ok = 1;
  for (int b = 1; b < m->nbody; ++b)
    if (m->bodies[b].kinematic) g->e_mech_ok = 0;
  g->contact_springs = 1;
  snprintf(g->active_reason, sizeof g->active_reason, "%s", why ? why : "");
  double mass = 0;
  for (int b = 1; b < m->nbody; ++b)
    if (m->bodies[b].tree >= 0) mass += m->bodies[b].mass;
  g->gmag = sqrt(m->gravity[0] * m->gravity[0] + m->gravity[1] * m->gravity[1] + m->gravity[2] * m->gravity[2]);
  g->weight = mass * g->gmag;
  g->geo_body[0] = g->geo_body[1] = -1;
  g->lim_body = -1;
  g->flight_ref = INFINITY;
  for (int b = 1; b < m->nbody; ++b)
    if (m->bodies[b].has_limit && m->bodies[b].nv == 1 && m->bodies[b].tree >= 0) g->nlimit++;
  if (g->nlimit > 0) g->v_peak = calloc((size_t)m->nbody, sizeof(double));
  if (rest_guard_init(&g->rest, m) != 0 || (g->nlimit > 0 && !g->v_peak)) {
    rest_guard_free(&g->rest);
    snprintf(g->rest.why_not, sizeof g->rest.why_not, "out of memory");
  }
}

void physics_guards_free(PhysicsGuards *g) {
  rest_guard_free(&g->rest);
  free(g->v_peak);
  g->v_peak = NULL;
}

/* The depth a geometry can take before a contact has passed through it: sphere and capsule
 * radius, smallest box half extent, cylinder min(radius, half length); planes: none. */
static double geom_depth_size(const Geom *ge) {
  switch (ge->type) {
  case GEOM_SPHERE: case GEOM_CAPSULE: return ge->size[0];
  case GEOM_BOX: return fmin(ge->size[0], fmin(ge->size[1], ge->size[2]));
  case GEOM_CYLINDER: return fmin(ge->size[0], ge->size[1]);
  default: return INFINITY;
  }
}

/* Joint limits against the limit model (physics_guards.h); d holds kinematics, contacts and
 * their Jacobians at x. */
static void limit_sample(PhysicsGuards *g, const Model *m, Data *d, double t, const double *x) {
  const double *q = x, *v = x + m->nq, *z = x + m->nq + m->nv;
  mb_mass_matrix(m, d);
  mb_bias(m, d, q, v);
  memset(d->tau, 0, sizeof(double) * (size_t)m->nv);
  memset(d->contact_force, 0, sizeof(double) * (size_t)m->nv);
  system_applied_forces(m, d, t, d->tau);
  suction_apply(m, d, t, d->tau);
  if (m->ncontroller > 0) controller_eval(m, d, t, q, v, z, d->tau, NULL);
  for (int i = 0; i < d->ncon; ++i) {
    const Contact *c = &d->contacts[i];
    if (!(c->phi < 0)) continue;
    double vc[3], f[3];
    model_contact_force(m, d, i, v, vc, f);
    model_contact_apply(m, d, i, f, d->contact_force);
  }
  double w = sqrt(m->limit_stiffness > 0 ? m->limit_stiffness : CB_LIMIT_STIFFNESS);
  for (int b = 1; b < m->nbody; ++b) {
    const Body *bd = &m->bodies[b];
    if (!bd->has_limit || bd->nv != 1 || bd->tree < 0) continue;
    int i = bd->vadr, tr = bd->tree, n = m->tree_nv[tr], li = i - m->tree_vadr[tr];
    double Mii = d->mass[m->tree_madr[tr] + li * n + li], qi = q[bd->qadr];
    g->v_peak[b] = fmax(g->v_peak[b], fabs(v[i]));
    double delta = fmax(qi - bd->limit_upper, bd->limit_lower - qi);
    if (!(delta > 0)) continue;
    double f = d->tau[i] + d->contact_force[i] - d->bias[i];
    double allowed = GUARD_LIMIT_FACTOR * (g->v_peak[b] / w + (Mii > 0 ? fabs(f) / (Mii * w * w) : 0.0)) +
                     GUARD_LIMIT_FLOOR;
    if (delta / allowed > g->lim_ratio) {
      g->lim_ratio = delta / allowed;
      g->lim_excess = delta;
      g->lim_allowed = allowed;
      g->lim_body = b;
      g->t_lim = t;
    }
  }
}

static double tree_mass(const Model *m, int tree) {
  double s = 0;
  for (int b = 1; b < m->nbody; ++b)
    if (m->bodies[b].tree == tree) s += m->bodies[b].mass;
  return s;
}

/* The energy (mechanical, plus the contact springs' with springs) into *energy: CB_OK, or
 * CB_ERR_MODEL when the geometry cannot be evaluated (*energy then the mechanical energy). */
static CbStatus energy_and_kinetic(const Model *m, Data *d, double t, const double *x, int springs, double *energy,
                                   double *kinetic, double *mech) {
  const double *q = x, *v = x + m->nq;
  model_eval(m, d, t, q, v, EVAL_KINEMATICS, EVAL_KINEMATICS);
  *kinetic = mb_kinetic_energy(m, d, v);
  double e = *energy = *mech = *kinetic + mb_potential_energy(m, d, q);
  if (model_eval(m, d, t, q, v, EVAL_GEOMETRY, EVAL_GEOMETRY) != 0) return CB_ERR_MODEL;
  for (int i = 0; i < d->ncon; ++i) {
    const Contact *c = &d->contacts[i];
    if (springs) e += contact_spring_energy(&c->par, c->phi);
  }
  *energy = e;
  return CB_OK;
}

CbStatus physics_energy(const Model *m, Data *d, double t, const double *x, double *energy) {
  double k, mech;
  return energy_and_kinetic(m, d, t, x, 1, energy, &k, &mech);
}

void physics_guards_sample(PhysicsGuards *g, const Model *m, Data *d, double t, const double *x) {
  physics_guards_sample_with(g, m, d, t, x, NULL);
}

void physics_guards_sample_with(PhysicsGuards *g, const Model *m, Data *d, double t, const double *x,
                                const SchemeForces *sf) {
  double kinetic = 0, e;
  if (energy_and_kinetic(m, d, t, x, g->contact_springs, &e, &kinetic, &g->e_mech) != CB_OK || !isfinite(e) ||
      model_eval(m, d, t, x, x + m->nq, EVAL_CONTACTS, EVAL_CONTACTS) != 0) {
    g->failed_samples++;
    return;
  }
  const double *v = x + m->nq;
  int penetrating = 0;
  for (int i = 0; i < d->ncon; ++i) {
    const Contact *c = &d->contacts[i];
    if (c->phi >= 0) continue;
    penetrating++;
    double size = fmin(geom_depth_size(&m->geoms[c->geom[0]]), geom_depth_size(&m->geoms[c->geom[1]]));
    if (size > 0 && isfinite(size) && -c->phi / size > g->geo_ratio) {
      g->geo_ratio = -c->phi / size;
      g->geo_depth = -c->phi;
      g->geo_size = size;
      g->geo_body[0] = c->body[0];
      g->geo_body[1] = c->body[1];
      g->t_geo = t;
    }
    if (-c->phi > g->pen_max) {
      g->pen_max = -c->phi;
      g->pen_k = contact_normal_stiffness(&c->par, c->phi);
      g->pen_mass = (c->tree[0] >= 0 ? tree_mass(m, c->tree[0]) : 0) +
                    (c->tree[1] >= 0 && c->tree[1] != c->tree[0] ? tree_mass(m, c->tree[1]) : 0);
      g->t_pen_max = t;
    }
    double vc[3], f[3];
    model_contact_force(m, d, i, v, vc, f);
    const ContactFriction fr = contact_friction(&c->par);
    double mu = fmax(fr.mu_static, fr.mu_dynamic);
    double w[3] = {vc[0], vc[1], vc[2] + mu * hypot(vc[0], vc[1])}; /* c + Gamma(c) */
    g->eps_p = fmax(g->eps_p, contact_cone_distance(mu, f));
    g->eps_d = fmax(g->eps_d, contact_dual_cone_distance(mu, w));
    g->eps_c = fmax(g->eps_c, fabs(f[0] * w[0] + f[1] * w[1] + f[2] * w[2]));
  }
  rest_guard_sample(&g->rest, m, d, t, v, sf);
  if (g->nlimit > 0 && g->v_peak) limit_sample(g, m, d, t, x);
  if (g->n == 0) g->e0 = g->running_min = g->e_min = e;
  if (g->n == 0) g->v_min = e - kinetic;
  g->running_min = fmin(g->running_min, e);
  g->e_min = fmin(g->e_min, e);
  g->v_min = fmin(g->v_min, e - kinetic);
  double rise = e - g->running_min;
  if (rise > g->max_rise) {
    g->max_rise = rise;
    g->t_max_rise = t;
  }
  /* the local test: rise_j > r (E_j - V_min) <=> rise_j - r E_j > -r V_min, V_min known at the end */
  double key = rise - GUARD_ENERGY_LOCAL_REL * e;
  if (rise > GUARD_ENERGY_LOCAL_DROP * g->weight && (!g->has_local || key > g->local_key)) {
    g->has_local = 1;
    g->local_key = key;
    g->local_rise = rise;
    g->local_top = e;
    g->t_local = t;
  }
  /* the impact test: rise_A > r (E_j - V_min) <=> rise_A - r E_j > -r V_min, as above */
  if (penetrating == 0) {
    /* an impact between two samples (a stiff contact lasts a few ms): the energy jumped by more
     * than the floor, which a free flight's dense-output dip and drift per sample do not */
    if (g->in_flight && fabs(e - g->e_last) > GUARD_ENERGY_LOCAL_DROP * g->weight) {
      if (g->in_flight > 1) g->flight_ref = fmin(g->flight_ref, g->flight_max);
      g->in_flight = 0;
    }
    if (!g->in_flight) g->flight_max = e;
    g->in_flight++;
    g->flight_max = fmax(g->flight_max, e);
    double rise_a = e - g->flight_ref, key_a = rise_a - GUARD_ENERGY_IMPACT_REL * e;
    if (rise_a > GUARD_ENERGY_LOCAL_DROP * g->weight && (!g->has_impact || key_a > g->impact_key)) {
      g->has_impact = 1;
      g->impact_key = key_a;
      g->impact_rise = rise_a;
      g->impact_top = e;
      g->t_impact = t;
    }
  } else if (g->in_flight) { /* the flight ended: an impact */
    /* a lone contact-free sample is no flight: the dense output interpolates across an impact */
    if (g->in_flight > 1) g->flight_ref = fmin(g->flight_ref, g->flight_max);
    g->in_flight = 0;
  }
  g->e_last = e;
  g->k_max = fmax(g->k_max, kinetic);
  g->n++;
}

/* the energy released below the start or the largest kinetic energy seen, whichever is larger */
static double energy_moved(const PhysicsGuards *g) { return fmax(g->e0 - g->e_min, g->k_max); }

double physics_guards_energy_scale(const PhysicsGuards *g) {
  return fmax(energy_moved(g), g->weight * GUARD_ENERGY_FLOOR_DROP);
}

int physics_guards_result(const PhysicsGuards *g, const Model *m, PhysicsGuardsResult *out, GuardWarnings *w) {
  int tripped = 0;
  char msg[512];
  memset(out, 0, sizeof *out);
  w->n = 0;
  out->passive = g->passive;
  out->active_because = g->active_reason;
  /* energy */
  double scale = physics_guards_energy_scale(g);
  out->rise_judged = g->passive && g->n > 0;
  if (out->rise_judged) {
    out->rise_abs = g->max_rise;
    out->rise_rel = scale > 0 ? g->max_rise / scale : NAN;
    out->rise_t = g->t_max_rise;
    out->rise_scale = scale;
    out->rise_threshold_rel = GUARD_ENERGY_RISE_REL;
    out->contact_springs = g->contact_springs;
    if (scale > 0 && g->max_rise > GUARD_ENERGY_RISE_REL * scale + 1e-9 * fabs(g->e0)) {
      snprintf(msg, sizeof msg,
               "physics: energy%s rose by %.3g J (%.0f%% of the energy in play) by t = %.4g s: in a passive "
               "scene the run gained energy%s",
               g->contact_springs ? " (with contact springs k phi^2/2)" : "",
               g->max_rise, 100.0 * g->max_rise / scale, g->t_max_rise,
               g->contact_springs ? " or pressed its contacts deeper than its energy allows" : "");
      guard_warning_add(w, msg);
      tripped++;
    }
    /* the local test: the energy above the rest level grew by more than half */
    double above = g->local_top - g->v_min;
    int judged = g->has_local && g->contact_springs;
    out->local_abs = judged ? g->local_rise : NAN;
    out->local_above_rest = judged ? above : NAN;
    out->local_rel = judged && above > 0 ? g->local_rise / above : NAN;
    out->local_t = judged ? g->t_local : NAN;
    out->local_threshold_rel = GUARD_ENERGY_LOCAL_REL;
    out->local_floor = GUARD_ENERGY_LOCAL_DROP * g->weight;
    if (!g->contact_springs) out->local_note = "a peer's contact energy is not observable";
    if (judged && g->local_rise > GUARD_ENERGY_LOCAL_REL * above && !(tripped > 0)) {
      snprintf(msg, sizeof msg,
               "physics: energy (with contact springs k phi^2/2) rose by %.3g J by t = %.4g s, %.0f%% of the %.3g J "
               "above the rest level (the lowest potential energy seen): in a passive scene the run gained energy",
               g->local_rise, g->t_local, 100.0 * g->local_rise / above, above);
      guard_warning_add(w, msg);
      tripped++;
    }
    /* the impact test: a flight above the flights before its last impact */
    double above_a = g->impact_top - g->v_min;
    out->impact_abs = g->has_impact ? g->impact_rise : NAN;
    out->impact_above_rest = g->has_impact ? above_a : NAN;
    out->impact_rel = g->has_impact && above_a > 0 ? g->impact_rise / above_a : NAN;
    out->impact_t = g->has_impact ? g->t_impact : NAN;
    out->impact_threshold_rel = GUARD_ENERGY_IMPACT_REL;
    out->impact_floor = GUARD_ENERGY_LOCAL_DROP * g->weight;
    if (g->has_impact && g->impact_rise > GUARD_ENERGY_IMPACT_REL * above_a && !(tripped > 0)) {
      snprintf(msg, sizeof msg,
               "physics: energy at t = %.4g s, in flight, is %.3g J above the flights before its last impact, "
               "%.1f%% of the %.3g J above the rest level: in a passive scene an impact returned more energy than "
               "it took",
               g->t_impact, g->impact_rise, 100.0 * g->impact_rise / above_a, above_a);
      guard_warning_add(w, msg);
      tripped++;
    }
  } else {
    out->rise_abs = out->rise_rel = NAN;
    out->rise_note = g->n == 0 ? "no samples" : "active scene: external work changes the energy";
  }
  /* penetration */
  int has_pen = g->pen_max > 0 && isfinite(g->pen_k) && g->pen_k > 0;
  double static_est = has_pen ? g->pen_mass * g->gmag / g->pen_k : NAN;
  out->static_estimate = has_pen && static_est > 0 ? static_est : NAN;
  out->ratio_static = has_pen && static_est > 0 ? g->pen_max / static_est : NAN;
  out->t_max = g->t_pen_max;
  out->stiffness = has_pen ? g->pen_k : NAN;
  double W = g->weight, k = g->pen_k;
  double in_play = fmax(energy_moved(g), 0.0); /* the energy scale without its floor */
  double bound_e = has_pen ? W / k + sqrt((W / k) * (W / k) + 2.0 * in_play / k) : NAN;
  out->energy_bound = has_pen && g->passive ? bound_e : NAN;
  out->ratio_energy_bound = has_pen && g->passive ? g->pen_max / bound_e : NAN;
  out->bound = g->passive ? "energy" : "static";
  /* the bound is our spring's: a peer model's contact law (MuJoCo) is not judged by it */
  if (has_pen && g->passive && g->contact_springs && g->pen_max > GUARD_PENETRATION_FACTOR * bound_e) {
    snprintf(msg, sizeof msg,
             "physics: penetration %.3g m at t = %.4g s is %.1f times the %.3g m that the energy in play can "
             "press a k = %.3g N/m contact: the run tunnelled into contact",
             g->pen_max, g->t_pen_max, g->pen_max / bound_e, bound_e, k);
    guard_warning_add(w, msg);
    tripped++;
  }
  /* penetration against the geometry: every scene, every integrator */
  out->geometry_size = g->geo_ratio > 0 ? g->geo_size : NAN;
  out->ratio_geometry = g->geo_ratio;
  out->t_geometry = g->geo_ratio > 0 ? g->t_geo : NAN;
  out->threshold_geometry = GUARD_GEOMETRY_DEPTH;
  if (g->geo_ratio > GUARD_GEOMETRY_DEPTH) {
    const char *a = g->geo_body[0] > 0 ? m->bodies[g->geo_body[0]].name : "world";
    const char *b = g->geo_body[1] > 0 ? m->bodies[g->geo_body[1]].name : "world";
    snprintf(msg, sizeof msg,
             "physics: contact %s-%s %.3g m deep at t = %.4g s, %.1f times its geometry's %.3g m: the run passed "
             "through a body",
             a, b, g->geo_depth, g->t_geo, g->geo_ratio, g->geo_size);
    guard_warning_add(w, msg);
    tripped++;
  }
  /* joint limits */
  out->joints = g->nlimit;
  if (g->nlimit > 0) {
    out->limit_ratio = g->lim_ratio;
    out->limit_violation = g->lim_body > 0 ? g->lim_excess : NAN;
    out->limit_allowed = g->lim_body > 0 ? g->lim_allowed : NAN;
    out->limit_t = g->lim_body > 0 ? g->t_lim : NAN;
    if (g->lim_body > 0) out->limit_body = m->bodies[g->lim_body].name;
    out->limit_threshold_factor = GUARD_LIMIT_FACTOR;
    out->limit_floor = GUARD_LIMIT_FLOOR;
    if (g->lim_ratio > 1.0) {
      snprintf(msg, sizeof msg,
               "physics: joint of %s %.3g beyond its limit at t = %.4g s, %.1f times the %.3g its limit model allows: "
               "the run ignored the limit",
               m->bodies[g->lim_body].name, g->lim_excess, g->t_lim, g->lim_ratio, g->lim_allowed);
      guard_warning_add(w, msg);
      tripped++;
    }
  }
  /* residuals (Le Lidec et al. 2024, eq. 15), data only */
  out->eps_p = g->eps_p;
  out->eps_d = g->eps_d;
  out->eps_c = g->eps_c;
  out->failed_samples = g->failed_samples + g->rest.unjudged_samples; /* the rest guard's too */
  tripped += rest_guard_result(&g->rest, m, &out->rest, w);
  return tripped;
}
