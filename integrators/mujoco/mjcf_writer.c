/* Scene -> MJCF (see mjcf_writer.h). Bodies nest as in the cbench tree; each cbench body frame
 * is its joint frame at zero joint coordinate, which is exactly MuJoCo's body frame (pos, quat
 * relative to the parent) with the joint placed at the body origin. */
#include "mjcf_writer.h"

#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../models/collision/broadphase.h"
#include "../../models/contact.h"
#include "../../models/contact/contact_hooks.h"

typedef struct {
  char *s;
  size_t len, cap;
  int failed;
} TextBuffer;

static void put(TextBuffer *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(TextBuffer *b, const char *fmt, ...) {
  if (b->failed) return;
  for (;;) {
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(b->s ? b->s + b->len : NULL, b->cap - b->len, fmt, ap); /* NULL + 0 is undefined */
    va_end(ap);
    if (n < 0) { b->failed = 1; return; }
    if ((size_t)n < b->cap - b->len) { b->len += (size_t)n; return; }
    size_t cap = 2 * b->cap + (size_t)n + 1;
    char *s = realloc(b->s, cap);
    if (!s) { b->failed = 1; return; }
    b->s = s; b->cap = cap;
  }
}
CbStatus mjcf_check(const Model *m, CbError *e) {
  const char *src = m->source[0] ? m->source : m->name;
  for (int b = 1; b < m->nbody; ++b) {
    const Body *B = &m->bodies[b];
    if (B->joint == JOINT_FREE && B->parent != 0) {
      return CB_ERROR(e, CB_ERR_UNSUPPORTED, "%s: bodies[%d] ('%s').joint: MuJoCo allows free joints only on bodies attached to the world",
               src, b - 1, B->name);
    }
    if (B->kinematic && B->parent != 0) {
      return CB_ERROR(e, CB_ERR_UNSUPPORTED, "%s: bodies[%d] ('%s').kinematic: MuJoCo mocap bodies must be children of the world",
               src, b - 1, B->name);
    }
    if (B->joint != JOINT_FREE && B->joint != JOINT_FIXED && B->mass <= 0) {
      return CB_ERROR(e, CB_ERR_UNSUPPORTED, "%s: bodies[%d] ('%s').mass: MuJoCo needs a positive mass on a moving body, got %g",
               src, b - 1, B->name, B->mass);
    }
  }
  for (int g = 0; g < m->ngeom; ++g)
    if (m->geoms[g].has_surface_velocity) {
      return CB_ERROR(e, CB_ERR_UNSUPPORTED, "%s: geoms[%d] ('%s').surface_velocity: MuJoCo 2.2 has no moving contact surfaces (conveyor belts)",
               src, g, m->geoms[g].name);
    }
  if (m->nsuction > 0) {
    return CB_ERROR(e, CB_ERR_UNSUPPORTED, "%s: suction: MuJoCo 2.2 has no suction cups (%d in the scene)", src, m->nsuction);
  }
  if (m->no_self_collision) { /* MuJoCo filters parent and child only; not converted to exclude pairs */
    return CB_ERROR(e, CB_ERR_UNSUPPORTED, "%s: self_collision: false is not converted to MuJoCo (it filters parent-child pairs only)",
             src);
  }
  return CB_OK;
}

int mjcf_buffer_sizes(const Model *m, int elliptic, int *nconmax, int *njmax) {
  int movable = 0, limited = 0;
  for (int g = 0; g < m->ngeom; ++g)
    if (m->bodies[m->geoms[g].body].tree >= 0 || m->bodies[m->geoms[g].body].kinematic) movable++;
  for (int b = 1; b < m->nbody; ++b) limited += m->bodies[b].has_limit;
  int rows = elliptic ? 3 : 4;
  *nconmax = 8 * movable + 16;
  /* MuJoCo 2.2 sizes mjData's arena in an int and allocates its constraint arrays densely
   * (efc_J, efc_JT, their column indices: njmax x nv; efc_AR and its indices: njmax x njmax), so
   * that the estimate above cannot be created past about 400 free bodies ("could not create
   * mjData"). The buffers are capped to what fits: a scene that then needs more contacts than
   * the cap fails at that step with "contact buffer full", a recorded status, not a silent
   * truncation (mujoco_integrator.c check_warnings). */
  int cap = mjcf_njmax_cap(m->nv), capped = rows * *nconmax + limited + 16 > cap;
  if (capped) *nconmax = (cap - limited - 16) / rows;
  if (*nconmax < 1) *nconmax = 1;
  *njmax = rows * *nconmax + limited + 16;
  return capped;
}

double mjcf_constraint_bytes(int nv, int njmax) {
  return (double)njmax * (24.0 * nv + 12.0 * njmax + 112.0);
}

int mjcf_njmax_cap(int nv) {
  /* the largest njmax whose constraint arrays stay within MJCF_CONSTRAINT_BYTES_MAX:
   * 12 n^2 + (24 nv + 112) n - B = 0 */
  double b = 24.0 * nv + 112.0, n = (-b + sqrt(b * b + 48.0 * MJCF_CONSTRAINT_BYTES_MAX)) / 24.0;
  /* and its default stack, 5 (njmax + nv)^2 numbers, counted in an int */
  double stack = sqrt(0.9 * INT_MAX / 5.0) - nv;
  return (int)fmax(0.0, fmin(n, stack));
}

/* Geometry type names and sizes in MuJoCo's conventions (the same as cbench's: half extents,
 * radius and half length along z, planes with outward normal +z). */
static void put_geom(TextBuffer *t, const Model *m, const MjcfOptions *o, int g, const char *indent) {
  const Geom *G = &m->geoms[g];
  const Material *mat = &m->materials[G->material];
  static const char *const type_name[GEOM_NTYPES] = {"plane", "sphere", "box", "cylinder", "capsule"};
  double mu = contact_mujoco_mu(mat, o->friction_static);
  put(t, "%s<geom name=\"g%d\" type=\"%s\" pos=\"%.17g %.17g %.17g\" quat=\"%.17g %.17g %.17g %.17g\"", indent, g,
      type_name[G->type], G->pos[0], G->pos[1], G->pos[2], G->quat[0], G->quat[1], G->quat[2], G->quat[3]);
  switch (G->type) {
    case GEOM_PLANE: put(t, " size=\"0 0 1\""); break;
    case GEOM_SPHERE: put(t, " size=\"%.17g\"", G->size[0]); break;
    case GEOM_BOX: put(t, " size=\"%.17g %.17g %.17g\"", G->size[0], G->size[1], G->size[2]); break;
    default: put(t, " size=\"%.17g %.17g\"", G->size[0], G->size[1]); break;
  }
  /* torsional and rolling friction off: cbench's point contact has neither */
  put(t, " friction=\"%.17g 0 0\" condim=\"3\"", mu);
  if (o->matched) {
    put(t, " contype=\"0\" conaffinity=\"0\""); /* contacts come from the explicit pairs */
  } else if (m->nexclude_group > 0) {
    /* cbench's exclude groups as MuJoCo's bit rule (collide if contype_a & conaffinity_b or
     * contype_b & conaffinity_a): a grouped geometry's type is its group's bit, and its affinity
     * every bit but that one, so two of one group never collide and all other pairs do. */
    unsigned all = (2u << m->nexclude_group) - 1u, bit = G->exclude_group ? 1u << G->exclude_group : 1u;
    put(t, " contype=\"%u\" conaffinity=\"%u\"", bit, G->exclude_group ? all & ~bit : all);
  }
  if (o->has_solref) put(t, " solref=\"%.17g %.17g\"", o->solref[0], o->solref[1]);
  if (o->has_solimp) put(t, " solimp=\"%.17g %.17g %.17g\"", o->solimp[0], o->solimp[1], o->solimp[2]);
  put(t, "/>\n");
}

static void put_body(TextBuffer *t, const Model *m, const MjcfOptions *o, int b, int depth) {
  char indent[64];
  int w = depth * 2 < 60 ? depth * 2 : 60;
  memset(indent, ' ', (size_t)w); indent[w] = 0;
  const Body *B = &m->bodies[b];
  put(t, "%s<body name=\"b%d\" pos=\"%.17g %.17g %.17g\" quat=\"%.17g %.17g %.17g %.17g\"%s>\n", indent, b,
      B->joint_pos[0], B->joint_pos[1], B->joint_pos[2], B->joint_quat[0], B->joint_quat[1], B->joint_quat[2],
      B->joint_quat[3], B->kinematic ? " mocap=\"true\"" : "");
  if (B->mass > 0) {
    const double *I = B->inertia;
    put(t, "%s  <inertial pos=\"%.17g %.17g %.17g\" mass=\"%.17g\" fullinertia=\"%.17g %.17g %.17g %.17g %.17g %.17g\"/>\n",
        indent, B->com[0], B->com[1], B->com[2], B->mass, I[0], I[4], I[8], I[1], I[2], I[5]);
  }
  if (B->joint == JOINT_FREE) {
    put(t, "%s  <freejoint name=\"j%d\"/>\n", indent, b);
  } else if (B->joint == JOINT_REVOLUTE || B->joint == JOINT_PRISMATIC) {
    put(t, "%s  <joint name=\"j%d\" type=\"%s\" pos=\"0 0 0\" axis=\"%.17g %.17g %.17g\" damping=\"%.17g\"", indent, b,
        B->joint == JOINT_REVOLUTE ? "hinge" : "slide", B->axis[0], B->axis[1], B->axis[2], B->damping);
    if (B->armature != 0) put(t, " armature=\"%.17g\"", B->armature); /* the same reflected inertia */
    if (B->stiffness != 0) put(t, " stiffness=\"%.17g\" springref=\"%.17g\"", B->stiffness, B->spring_ref);
    if (B->has_limit) put(t, " limited=\"true\" range=\"%.17g %.17g\"", B->limit_lower, B->limit_upper);
    put(t, "/>\n");
  }
  for (int g = 0; g < m->ngeom; ++g)
    if (m->geoms[g].body == b) {
      char gi[70];
      snprintf(gi, sizeof gi, "%s  ", indent);
      put_geom(t, m, o, g, gi);
    }
  for (int c = b + 1; c < m->nbody; ++c)
    if (m->bodies[c].parent == b) put_body(t, m, o, c, depth + 1);
  put(t, "%s</body>\n", indent);
}

int mjcf_matched_pairs(const Model *m, int **pairs) {
  int n = 0, cap = 0;
  *pairs = NULL;
  for (int a = 0; a < m->ngeom; ++a)
    for (int b = a + 1; b < m->ngeom; ++b) {
      if (!collision_pair_allowed(m, a, b)) continue;
      if (n == cap) {
        cap = cap ? 2 * cap : 16;
        int *p = realloc(*pairs, sizeof(int) * 2 * (size_t)cap);
        if (!p) { free(*pairs); *pairs = NULL; return CB_ERR_MEMORY; }
        *pairs = p;
      }
      (*pairs)[2 * n] = a;
      (*pairs)[2 * n + 1] = b;
      n++;
    }
  return n;
}

/* One <pair> per geometry pair cbench lets collide: the pair's combined friction (models/contact.h,
 * not MuJoCo's max rule), a flat impedance (solimp dmin = dmax) and a direct solref placeholder. */
static CbStatus put_pairs(TextBuffer *t, const Model *m, const MjcfOptions *o) {
  int *pairs;
  int n = mjcf_matched_pairs(m, &pairs);
  if (n < 0) return CB_ERR_MEMORY;
  put(t, "  <contact>\n");
  for (int i = 0; i < n; ++i) {
    int a = pairs[2 * i], b = pairs[2 * i + 1];
    ContactParams par;
    contact_combine(&m->materials[m->geoms[a].material], &m->materials[m->geoms[b].material], m->stiction_tolerance,
                    &par);
    double mu = o->friction_static ? par.mu_static : par.mu_dynamic;
    put(t, "    <pair geom1=\"g%d\" geom2=\"g%d\" condim=\"3\" friction=\"%.17g %.17g 0 0 0\"", a, b, mu, mu);
    if (o->pair_solref) {
      const double *ref = o->pair_solref + 2 * i, *imp = o->pair_solimp + 5 * i;
      put(t, " solref=\"%.17g %.17g\" solimp=\"%.17g %.17g %.17g %.17g %.17g\"/>\n", ref[0], ref[1], imp[0], imp[1],
          imp[2], imp[3], imp[4]);
    } else {
      put(t, " solref=\"-1 -1\" solimp=\"%.17g %.17g 0.001 0.5 2\"/>\n", o->matched_imp, o->matched_imp);
    }
  }
  put(t, "  </contact>\n");
  free(pairs);
  return CB_OK;
}
CbStatus mjcf_write(const Model *m, const MjcfOptions *o, char **xml, CbError *e) {
  *xml = NULL;
  CbStatus st = mjcf_check(m, e);
  if (st != CB_OK) return st;
  TextBuffer t = {0};
  /* angle="radian": cbench's joint coordinates and limits are radians; inertiafromgeom false:
   * masses and inertias are cbench's, never recomputed from the shapes */
  put(&t, "<mujoco model=\"cbench\">\n");
  put(&t, "  <compiler angle=\"radian\" inertiafromgeom=\"false\" boundmass=\"0\" boundinertia=\"0\"/>\n");
  put(&t, "  <option timestep=\"%.17g\" gravity=\"%.17g %.17g %.17g\" integrator=\"%s\" cone=\"%s\"", o->timestep,
      m->gravity[0], m->gravity[1], m->gravity[2], o->integrator, o->cone);
  if (o->impratio > 0) put(&t, " impratio=\"%.17g\"", o->impratio);
  put(&t, "/>\n");
  put(&t, "  <size nconmax=\"%d\" njmax=\"%d\"/>\n", o->nconmax, o->njmax);
  put(&t, "  <worldbody>\n");
  for (int g = 0; g < m->ngeom; ++g)
    if (m->geoms[g].body == 0) put_geom(&t, m, o, g, "    ");
  for (int b = 1; b < m->nbody; ++b)
    if (m->bodies[b].parent == 0) put_body(&t, m, o, b, 2);
  put(&t, "  </worldbody>\n");
  if (o->matched && put_pairs(&t, m, o)) t.failed = 1;
  put(&t, "</mujoco>\n");
  if (t.failed) {
    free(t.s);
    return CB_ERROR(e, CB_ERR_MEMORY, "out of memory writing MJCF");
  }
  *xml = t.s;
  return CB_OK;
}
