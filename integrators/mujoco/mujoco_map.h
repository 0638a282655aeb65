/* The correspondence between a cbench Model and the mjModel written from it (mjcf_writer.h):
 * per cbench body its MuJoCo body, qpos and qvel addresses, and the state and generalized-force
 * conversions. Only free joints differ: cbench v = [w; v_o] both in the world frame (Drake),
 * MuJoCo qvel = [v_o world; w body frame], so v_cb = T v_mj with T = diag(R, I) up to the
 * block order, and generalized forces map by T^T (equal power). */
#ifndef CBENCH_MUJOCO_MAP_H
#define CBENCH_MUJOCO_MAP_H

#include <mujoco/mujoco.h>

#include "../../models/model.h"

typedef struct {
  int *mj_body;            /* [nbody] MuJoCo body id of each cbench body */
  int *qposadr, *dofadr;   /* [nbody] addresses of the body's joint in qpos / qvel, or -1 */
  int *mocapadr;           /* [nbody] mocap index of kinematic bodies, or -1 */
} MujocoMap;

/* Fills map (arrays allocated here) by name lookup; CB_OK, or CB_ERR_MODEL (CB_ERR_MEMORY) with
 * a message in e. */
CbStatus mujoco_map_build(const Model *m, const mjModel *mm, MujocoMap *map, CbError *e);
void mujoco_map_free(MujocoMap *map);

/* cbench (q, v) -> MuJoCo (qpos, qvel), and back. */
void mujoco_state_to_mj(const Model *m, const MujocoMap *map, const double *q, const double *v, double *qpos,
                        double *qvel);
void mujoco_state_from_mj(const Model *m, const MujocoMap *map, const double *qpos, const double *qvel, double *q,
                          double *v);
/* tau_mj = T^T tau_cb (generalized forces, cbench coordinates -> MuJoCo's); qpos gives R. */
void mujoco_force_to_mj(const Model *m, const MujocoMap *map, const double *qpos, const double *tau_cb,
                        double *tau_mj);

#endif
