/* cbench <-> MuJoCo coordinates (see mujoco_map.h). */
#include "mujoco_map.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../models/math3d.h"

void mujoco_map_free(MujocoMap *map) {
  free(map->mj_body); free(map->qposadr); free(map->dofadr); free(map->mocapadr);
  memset(map, 0, sizeof *map);
}
CbStatus mujoco_map_build(const Model *m, const mjModel *mm, MujocoMap *map, CbError *e) {
  size_t n = (size_t)m->nbody;
  map->mj_body = calloc(n, sizeof(int));
  map->qposadr = calloc(n, sizeof(int));
  map->dofadr = calloc(n, sizeof(int));
  map->mocapadr = calloc(n, sizeof(int));
  if (!map->mj_body || !map->qposadr || !map->dofadr || !map->mocapadr) {
    mujoco_map_free(map);
    return CB_ERROR(e, CB_ERR_MEMORY, "out of memory");
  }
  for (int b = 0; b < m->nbody; ++b) {
    map->qposadr[b] = map->dofadr[b] = map->mocapadr[b] = -1;
    if (b == 0) continue;
    char name[32];
    snprintf(name, sizeof name, "b%d", b);
    int id = mj_name2id(mm, mjOBJ_BODY, name);
    if (id < 0) {
      mujoco_map_free(map);
      return CB_ERROR(e, CB_ERR_MODEL, "MuJoCo model has no body %s (bodies[%d] '%s')", name, b - 1, m->bodies[b].name);
    }
    map->mj_body[b] = id;
    map->mocapadr[b] = mm->body_mocapid[id];
    const Body *B = &m->bodies[b];
    if (B->nv > 0) {
      int j = mm->body_jntadr[id];
      int expect_nv = B->joint == JOINT_FREE ? 6 : 1;
      if (j < 0 || mm->body_jntnum[id] != 1 || mm->body_dofnum[id] != expect_nv) {
        mujoco_map_free(map);
        return CB_ERROR(e, CB_ERR_MODEL, "MuJoCo body %s does not carry the joint of bodies[%d] '%s'", name, b - 1, B->name);
      }
      map->qposadr[b] = mm->jnt_qposadr[j];
      map->dofadr[b] = mm->jnt_dofadr[j];
    }
  }
  return CB_OK;
}

static void rotation_of(const double *quat, double *R) {
  double qn[4] = {quat[0], quat[1], quat[2], quat[3]};
  quat_normalize(qn);
  quat_to_mat(R, qn);
}

/* A free joint's frame F sits on the world at (joint_pos, joint_quat = q_F, rotation R_F);
 * cbench's free q is local to F, MuJoCo's qpos is world: p_w = p_F + R_F p, quat_w = q_F quat.
 * The angular velocity in the body frame is R^T w_F with R the local rotation (R_F cancels). */
void mujoco_state_to_mj(const Model *m, const MujocoMap *map, const double *q, const double *v, double *qpos,
                        double *qvel) {
  for (int b = 1; b < m->nbody; ++b) {
    const Body *B = &m->bodies[b];
    if (map->qposadr[b] < 0) continue;
    const double *qb = q + B->qadr, *vb = v + B->vadr;
    double *qp = qpos + map->qposadr[b], *qv = qvel + map->dofadr[b];
    if (B->joint == JOINT_FREE) {
      double RF[9], R[9];
      rotation_of(B->joint_quat, RF);
      rotation_of(qb + 3, R);
      m3_mulv(qp, RF, qb);
      v3_add(qp, qp, B->joint_pos);
      quat_mul(qp + 3, B->joint_quat, qb + 3);
      m3_mulv(qv, RF, vb + 3);   /* origin velocity, world */
      m3_tmulv(qv + 3, R, vb);   /* angular velocity, body frame */
    } else {
      qp[0] = qb[0];
      qv[0] = vb[0];
    }
  }
}

void mujoco_state_from_mj(const Model *m, const MujocoMap *map, const double *qpos, const double *qvel, double *q,
                          double *v) {
  for (int b = 1; b < m->nbody; ++b) {
    const Body *B = &m->bodies[b];
    if (map->qposadr[b] < 0) continue;
    double *qb = q + B->qadr, *vb = v + B->vadr;
    const double *qp = qpos + map->qposadr[b], *qv = qvel + map->dofadr[b];
    if (B->joint == JOINT_FREE) {
      double RF[9], R[9], dp[3];
      double qF_conj[4] = {B->joint_quat[0], -B->joint_quat[1], -B->joint_quat[2], -B->joint_quat[3]};
      rotation_of(B->joint_quat, RF);
      v3_sub(dp, qp, B->joint_pos);
      m3_tmulv(qb, RF, dp);
      quat_mul(qb + 3, qF_conj, qp + 3);
      rotation_of(qb + 3, R);
      m3_mulv(vb, R, qv + 3);
      m3_tmulv(vb + 3, RF, qv);
    } else {
      qb[0] = qp[0];
      vb[0] = qv[0];
    }
  }
}

void mujoco_force_to_mj(const Model *m, const MujocoMap *map, const double *qpos, const double *tau_cb,
                        double *tau_mj) {
  for (int b = 1; b < m->nbody; ++b) {
    const Body *B = &m->bodies[b];
    if (map->qposadr[b] < 0) continue;
    const double *tb = tau_cb + B->vadr;
    double *tm = tau_mj + map->dofadr[b];
    if (B->joint == JOINT_FREE) {
      /* local rotation R = R_F^T R_world; tau_mj = T^T tau_cb with v_F = R_F^T v_w, w_F = R w_b */
      double RF[9], Rw[9], R[9];
      rotation_of(B->joint_quat, RF);
      rotation_of(qpos + map->qposadr[b] + 3, Rw);
      m3_tmul(R, RF, Rw);
      m3_mulv(tm, RF, tb + 3);
      m3_tmulv(tm + 3, R, tb);
    } else {
      tm[0] = tb[0];
    }
  }
}
