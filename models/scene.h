/* Scene files (JSON, read with cJSON): bodies, joints, geometries, materials, initial state,
 * gravity, duration, prescribed motions and controllers. The format is documented in
 * cases/FORMAT.md. */
#ifndef CBENCH_SCENE_H
#define CBENCH_SCENE_H

#include "cb_error.h"
#include "model.h"

/* Loads a scene. On error returns NULL and reports into e (may be NULL) a one-line message
 * naming the file, the JSON path and the offending value, e.g.
 *   "cases/x.json: bodies[2].mass: must be positive, got -1"
 * with CB_ERR_INPUT (a bad file), CB_ERR_IO (it cannot be read) or CB_ERR_MEMORY. */
Model *scene_load(const char *path, CbError *e);
Model *scene_load_string(const char *json, const char *name_for_messages, CbError *e);

#endif
