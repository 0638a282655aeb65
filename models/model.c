/* Model lifetime and derived fields (index maps, trees, block offsets). */
#include "model.h"
#include "math3d.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void model_free(Model *m) {
  if (!m) return;
  for (int i = 0; i < m->ncontroller; ++i) {
    Controller *c = &m->controllers[i];
    free(c->dof); free(c->qdof); free(c->kp); free(c->kd); free(c->ki);
    free(c->effort_limit); free(c->knot_t); free(c->knot_q);
  }
  free(m->controllers);
  free(m->bodies); free(m->geoms); free(m->materials); free(m->forces);
  free(m->suction);
  free(m->tree_vadr); free(m->tree_nv); free(m->tree_madr);
  free(m->dof_tree); free(m->dof_damping); free(m->dof_body);
  free(m->q0); free(m->v0); free(m->z0); free(m->q_scale);
  free(m);
}

static int joint_nq(JointType j) { return j == JOINT_FREE ? 7 : (j == JOINT_FIXED ? 0 : 1); }
static int joint_nv(JointType j) { return j == JOINT_FREE ? 6 : (j == JOINT_FIXED ? 0 : 1); }

static double geom_bound(const Geom *g) {
  switch (g->type) {
    case GEOM_PLANE: return INFINITY;
    case GEOM_SPHERE: return g->size[0];
    case GEOM_BOX: return sqrt(g->size[0] * g->size[0] + g->size[1] * g->size[1] + g->size[2] * g->size[2]);
    case GEOM_CYLINDER: return sqrt(g->size[0] * g->size[0] + g->size[1] * g->size[1]);
    case GEOM_CAPSULE: return g->size[0] + g->size[1];
    default: return INFINITY;
  }
}

CbStatus model_finalize(Model *m, CbError *e) {
  if (m->nbody < 1 || !m->bodies) {
    return CB_ERROR(e, CB_ERR_INPUT, "%s: model has no world body", m->source);
  }
  Body *w = &m->bodies[0];
  w->parent = -1; w->joint = JOINT_FIXED; w->tree = -1; w->nq = w->nv = 0; w->qadr = w->vadr = 0;

  /* Index maps and trees: a movable body whose ancestors are all welded to the world starts a
   * new tree; everything below it belongs to that tree. */
  int nq = 0, nv = 0, ntree = 0;
  for (int b = 1; b < m->nbody; ++b) {
    Body *bd = &m->bodies[b];
    if (bd->parent < 0 || bd->parent >= b) {
      return CB_ERROR(e, CB_ERR_INPUT, "%s: body '%s': parent index %d is not an earlier body", m->source, bd->name, bd->parent);
    }
    bd->nq = joint_nq(bd->joint); bd->nv = joint_nv(bd->joint);
    quat_to_mat_normalized(bd->joint_rot, bd->joint_quat);
    bd->joint_rot_identity = m3_is_identity(bd->joint_rot);
    const double *I = bd->inertia;
    bd->inertia_diagonal = I[1] == 0.0 && I[2] == 0.0 && I[3] == 0.0 && I[5] == 0.0 && I[6] == 0.0 && I[7] == 0.0;
    bd->qadr = nq; bd->vadr = nv;
    nq += bd->nq; nv += bd->nv;
    int ptree = m->bodies[bd->parent].tree;
    if (ptree >= 0) bd->tree = ptree;
    else bd->tree = bd->nv > 0 ? ntree++ : -1;
  }
  m->nq = nq; m->nv = nv; m->ntree = ntree;

  free(m->tree_vadr); free(m->tree_nv); free(m->tree_madr);
  free(m->dof_tree); free(m->dof_damping); free(m->dof_body);
  m->tree_vadr = calloc((size_t)ntree + 1, sizeof(int));
  m->tree_nv = calloc((size_t)ntree + 1, sizeof(int));
  m->tree_madr = calloc((size_t)ntree + 1, sizeof(int));
  m->dof_tree = calloc((size_t)nv + 1, sizeof(int));
  m->dof_damping = calloc((size_t)nv + 1, sizeof(double));
  m->dof_body = calloc((size_t)nv + 1, sizeof(int));
  if (!m->tree_vadr || !m->tree_nv || !m->tree_madr || !m->dof_tree || !m->dof_damping || !m->dof_body) {
    return CB_ERROR(e, CB_ERR_MEMORY, "%s: out of memory", m->source);
  }
  for (int t = 0; t < ntree; ++t) m->tree_vadr[t] = -1;
  for (int b = 1; b < m->nbody; ++b) {
    const Body *bd = &m->bodies[b];
    for (int k = 0; k < bd->nv; ++k) {
      int i = bd->vadr + k;
      m->dof_tree[i] = bd->tree;
      m->dof_body[i] = b;
      m->dof_damping[i] = bd->joint == JOINT_FREE ? 0.0 : bd->damping;
      int t = bd->tree;
      if (m->tree_vadr[t] < 0) m->tree_vadr[t] = i;
      /* Trees must occupy contiguous velocity ranges (block-diagonal M). */
      if (i != m->tree_vadr[t] + m->tree_nv[t]) {
        return CB_ERROR(e, CB_ERR_INPUT, "%s: body '%s': bodies of one tree must be contiguous (depth-first order)", m->source, bd->name);
      }
      m->tree_nv[t]++;
    }
  }
  int madr = 0, maxnv = 0;
  for (int t = 0; t < ntree; ++t) {
    m->tree_madr[t] = madr;
    madr += m->tree_nv[t] * m->tree_nv[t];
    if (m->tree_nv[t] > maxnv) maxnv = m->tree_nv[t];
  }
  m->mass_size = madr; m->max_tree_nv = maxnv;

  for (int g = 0; g < m->ngeom; ++g) {
    Geom *gm = &m->geoms[g];
    if (gm->body < 0 || gm->body >= m->nbody) {
      return CB_ERROR(e, CB_ERR_INPUT, "%s: geom '%s': body index %d out of range", m->source, gm->name, gm->body);
    }
    if (gm->material < 0 || gm->material >= m->nmaterial) {
      return CB_ERROR(e, CB_ERR_INPUT, "%s: geom '%s': material index %d out of range", m->source, gm->name, gm->material);
    }
    gm->rbound = geom_bound(gm);
    quat_to_mat_normalized(gm->rot, gm->quat);
    gm->body_frame = m3_is_identity(gm->rot) && gm->pos[0] == 0.0 && gm->pos[1] == 0.0 && gm->pos[2] == 0.0;
  }

  int nz = 0;
  for (int c = 0; c < m->ncontroller; ++c) {
    Controller *ct = &m->controllers[c];
    ct->zadr = nz;
    ct->nz = ct->type == CTRL_PID ? ct->ndof : 0;
    nz += ct->nz;
  }
  m->nz = nz;

  /* Defaults for the state and the error scaling S when the builder gave none. */
  if (!m->q_scale) {
    m->q_scale = malloc(sizeof(double) * ((size_t)nq + 1));
    if (!m->q_scale) return CB_ERROR(e, CB_ERR_MEMORY, "%s: out of memory", m->source);
    for (int i = 0; i < nq; ++i) m->q_scale[i] = 1.0;
  }
  if (!m->q0) {
    m->q0 = calloc((size_t)nq + 1, sizeof(double));
    if (!m->q0) return CB_ERROR(e, CB_ERR_MEMORY, "%s: out of memory", m->source);
    for (int b = 1; b < m->nbody; ++b)
      if (m->bodies[b].joint == JOINT_FREE) m->q0[m->bodies[b].qadr + 3] = 1.0;
  }
  if (!m->v0) { m->v0 = calloc((size_t)nv + 1, sizeof(double)); if (!m->v0) return CB_ERROR(e, CB_ERR_MEMORY, "%s: out of memory", m->source); }
  if (!m->z0) { m->z0 = calloc((size_t)nz + 1, sizeof(double)); if (!m->z0) return CB_ERROR(e, CB_ERR_MEMORY, "%s: out of memory", m->source); }
  return CB_OK;
}
