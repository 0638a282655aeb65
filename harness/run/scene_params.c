/* Scene parameters (see scene_params.h). */
#include "scene_params.h"

#include <cjson/cJSON.h>
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../models/json_input.h"
#include "../common/files.h"
#include "../common/num_text.h"

/* The item at path (a.b[2].c) in root, or NULL with why (an index is digits only, checked
 * against the array's size before any conversion: [4294967296] must not wrap to [0]). */
static cJSON *find_path(cJSON *root, const char *path, char *why, size_t whylen) {
  cJSON *cur = root;
  const char *p = path;
  snprintf(why, whylen, "no such path in the scene");
  while (cur && *p) {
    if (*p == '.') { ++p; continue; }
    if (*p == '[') {
      const char *d = p + 1;
      size_t nd = strspn(d, "0123456789");
      if (nd == 0 || d[nd] != ']') {
        snprintf(why, whylen, "an index is digits in brackets, got '%.*s'", (int)strcspn(p, "]") + 1, p);
        return NULL;
      }
      if (!cJSON_IsArray(cur)) return NULL;
      int size = cJSON_GetArraySize(cur);
      long long idx = 0;
      for (size_t k = 0; k < nd && idx <= size; ++k) idx = 10 * idx + (d[k] - '0'); /* stops once past size */
      if (idx >= size) {
        snprintf(why, whylen, "no such path in the scene (index %.*s, the array has %d entries)", (int)nd, d, size);
        return NULL;
      }
      cur = cJSON_GetArrayItem(cur, (int)idx);
      p = d + nd + 1;
      continue;
    }
    char key[SCENE_PARAM_PATH_LEN];
    size_t k = 0;
    while (*p && *p != '.' && *p != '[' && k + 1 < sizeof key) key[k++] = *p++;
    key[k] = 0;
    if (!cJSON_IsObject(cur)) return NULL;
    cur = cJSON_GetObjectItemCaseSensitive(cur, key);
  }
  return cur;
}

static CbStatus set_value(cJSON *item, const char *value, char *why, size_t whylen) {
  if (cJSON_IsNumber(item)) {
    char *end;
    double v = strtod(value, &end);
    if (end == value || *end || !isfinite(v)) {
      snprintf(why, whylen, "the scene holds a number there, got '%s'", value);
      return CB_ERR_INPUT;
    }
    cJSON_SetNumberValue(item, v);
    return CB_OK;
  }
  if (cJSON_IsBool(item)) {
    if (strcmp(value, "true") && strcmp(value, "false")) {
      snprintf(why, whylen, "the scene holds a boolean there, got '%s'", value);
      return CB_ERR_INPUT;
    }
    item->type = (item->type & ~0xFF) | (!strcmp(value, "true") ? cJSON_True : cJSON_False);
    return CB_OK;
  }
  if (cJSON_IsString(item)) {
    if (!cJSON_SetValuestring(item, value)) {
      snprintf(why, whylen, "out of memory");
      return CB_ERR_MEMORY;
    }
    return CB_OK;
  }
  snprintf(why, whylen, "not a number, string or boolean (an object or array cannot be set)");
  return CB_ERR_INPUT;
}

CbStatus scene_params_apply(const char *scene_path, const char (*paths)[SCENE_PARAM_PATH_LEN],
                            const char (*values)[SCENE_PARAM_VALUE_LEN], int n, char **json_out, CbError *e) {
  *json_out = NULL;
  cJSON *root = json_load_file(scene_path, e);
  if (!root) return cb_error_fail(e, CB_ERR_INPUT);
  for (int i = 0; i < n; ++i) {
    char why[200];
    cJSON *item = find_path(root, paths[i], why, sizeof why);
    CbStatus st = item ? set_value(item, values[i], why, sizeof why) : CB_ERR_INPUT;
    if (st != CB_OK) {
      cJSON_Delete(root);
      return CB_ERROR(e, st, "%s: --param %s: %s", scene_path, paths[i], why);
    }
  }
  *json_out = json_print(root, 0);
  cJSON_Delete(root);
  if (!*json_out) return CB_ERROR(e, CB_ERR_MEMORY, "out of memory");
  return CB_OK;
}
