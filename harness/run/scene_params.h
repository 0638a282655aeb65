/* Scene parameters as sweep axes (`--param 'controllers[0].kp=1e3'`): a JSON path into the scene
 * file (object keys separated by '.', array elements by [i]) and a new value for the number,
 * string or boolean already there. A path that does not exist, or a value of another type, is an
 * error naming the file and the path. */
#ifndef CBENCH_SCENE_PARAMS_H
#define CBENCH_SCENE_PARAMS_H

#include <stddef.h>

#include "../common/cb_error.h"

#define SCENE_MAX_PARAMS 8
#define SCENE_PARAM_PATH_LEN 128
#define SCENE_PARAM_VALUE_LEN 64

/* Applies the n (path, value) pairs to the scene file's JSON; *json_out is the modified scene
 * (malloc'ed). CB_OK, or CB_ERR_INPUT (CB_ERR_MEMORY) with "FILE: PATH: why" in e. */
CbStatus scene_params_apply(const char *scene_path, const char (*paths)[SCENE_PARAM_PATH_LEN],
                            const char (*values)[SCENE_PARAM_VALUE_LEN], int n, char **json_out, CbError *e);

#endif
