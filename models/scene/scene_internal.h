/* Private to the scene loader: the loading context shared by its parts. Each part reads one
 * section of the file into the Model and returns CB_OK or the failure (CB_ERR_INPUT; CB_ERR_MEMORY)
 * with its message in the context's CbError. */
#ifndef CBENCH_SCENE_INTERNAL_H
#define CBENCH_SCENE_INTERNAL_H

#include "../model.h"
#include "scene_json.h"

typedef struct {
  SceneCtx ctx;
  Model *m;
  const cJSON *root;
  /* per body of m (index 0 = world): its JSON object and path "bodies[i]" in the file */
  const cJSON **body_json;
  char (*body_path)[SC_PATH_LEN];
} SceneLoader;

/* Index of the body named `name` in m (0 for "world"), or -1. */
int scene_find_body(const Model *m, const char *name);
/* Index of the material named `name`, or -1. */
int scene_find_material(const Model *m, const char *name);

/* "materials": fills m->materials. */
CbStatus scene_read_materials(SceneLoader *L, const cJSON *arr);
/* One geometry object at `path`, attached to `body`. */
CbStatus scene_read_geom(SceneLoader *L, const cJSON *g, const char *path, int body, Geom *out);
/* Mass, COM and inertia of a uniform solid made of the given geoms with density rho (overlaps
 * counted twice). Returns CB_ERR_INPUT (message naming path) if a geom has no volume (plane). */
CbStatus scene_solid_mass(SceneLoader *L, const Geom *geoms, int ngeom, const char *path, double rho, double *mass,
                     double *com, double *inertia);

/* "bodies" and "world_geoms": bodies in depth-first order from the world, their joints, mass
 * properties and geometries. */
CbStatus scene_read_bodies(SceneLoader *L);
/* After model_finalize: q0 and v0 from each body's "q0"/"v0". */
CbStatus scene_read_initial_state(SceneLoader *L);

/* "forces" and "controllers" (controllers before model_finalize; their dof maps and default
 * setpoints after it with scene_finish_controllers). */
CbStatus scene_read_forces(SceneLoader *L, const cJSON *arr);
CbStatus scene_read_controllers(SceneLoader *L, const cJSON *arr);
CbStatus scene_finish_controllers(SceneLoader *L);

/* "suction" cups (models/suction.h); after model_finalize (targets are checked by tree). */
CbStatus scene_read_suction(SceneLoader *L, const cJSON *arr);

#endif
