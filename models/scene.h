/* Scene files (JSON, read with cJSON): bodies, joints, geometries, materials, initial state,
 * gravity, duration, prescribed motions and controllers. The format is documented in
 * cases/FORMAT.md. */
#ifndef CBENCH_SCENE_H
#define CBENCH_SCENE_H

#include "model.h"

/* Loads a scene. On error returns NULL and writes a one-line message naming the file, the JSON
 * path and the offending value into err, e.g.
 *   "cases/x.json: bodies[2].mass: must be positive, got -1" */
Model *scene_load(const char *path, char *err, size_t errlen);
Model *scene_load_string(const char *json, const char *name_for_messages, char *err, size_t errlen);

#endif
