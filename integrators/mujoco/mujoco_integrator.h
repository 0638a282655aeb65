/* Access to the MuJoCo objects behind a `mujoco` integrator (for tests that compare the model
 * layer with MuJoCo's: mass matrix, bias forces, trajectories). */
#ifndef CBENCH_MUJOCO_INTEGRATOR_H
#define CBENCH_MUJOCO_INTEGRATOR_H

#include <mujoco/mujoco.h>

#include "../integrator.h"
#include "mujoco_map.h"

/* The mjModel, mjData and coordinate map of a created `mujoco` integrator, or NULL. */
const mjModel *mujoco_integrator_model(const Integrator *it, mjData **data, const MujocoMap **map);

#endif
