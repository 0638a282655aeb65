/* Scene parameters (see scene_params.h). */
#include "scene_params.h"

#include <cjson/cJSON.h>
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "files.h"

/* The item at path (a.b[2].c) in root, or NULL. */
static cJSON *find_path(cJSON *root, const char *path) {
  cJSON *cur = root;
  const char *p = path;
  while (cur && *p) {
    if (*p == '.') { ++p; continue; }
    if (*p == '[') {
      char *end;
      long idx = strtol(p + 1, &end, 10);
      if (end == p + 1 || *end != ']' || !cJSON_IsArray(cur) || idx < 0) return NULL;
      cur = cJSON_GetArrayItem(cur, (int)idx);
      p = end + 1;
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

static int set_value(cJSON *item, const char *value, char *why, size_t whylen) {
  if (cJSON_IsNumber(item)) {
    char *end;
    double v = strtod(value, &end);
    if (end == value || *end || !isfinite(v)) {
      snprintf(why, whylen, "the scene holds a number there, got '%s'", value);
      return -1;
    }
    cJSON_SetNumberValue(item, v);
    return 0;
  }
  if (cJSON_IsBool(item)) {
    if (strcmp(value, "true") && strcmp(value, "false")) {
      snprintf(why, whylen, "the scene holds a boolean there, got '%s'", value);
      return -1;
    }
    item->type = (item->type & ~0xFF) | (!strcmp(value, "true") ? cJSON_True : cJSON_False);
    return 0;
  }
  if (cJSON_IsString(item)) {
    if (!cJSON_SetValuestring(item, value)) {
      snprintf(why, whylen, "out of memory");
      return -1;
    }
    return 0;
  }
  snprintf(why, whylen, "not a number, string or boolean (an object or array cannot be set)");
  return -1;
}

int scene_params_apply(const char *scene_path, const char (*paths)[SCENE_PARAM_PATH_LEN],
                       const char (*values)[SCENE_PARAM_VALUE_LEN], int n, char **json_out, char *err,
                       size_t errlen) {
  *json_out = NULL;
  char *text = file_read_all(scene_path, NULL);
  if (!text) {
    snprintf(err, errlen, "%s: cannot read the scene", scene_path);
    return -1;
  }
  cJSON *root = cJSON_Parse(text);
  free(text);
  if (!root) {
    snprintf(err, errlen, "%s: not valid JSON", scene_path);
    return -1;
  }
  for (int i = 0; i < n; ++i) {
    cJSON *item = find_path(root, paths[i]);
    char why[200];
    if (!item) {
      snprintf(err, errlen, "%s: --param %s: no such path in the scene", scene_path, paths[i]);
      cJSON_Delete(root);
      return -1;
    }
    if (set_value(item, values[i], why, sizeof why)) {
      snprintf(err, errlen, "%s: --param %s: %s", scene_path, paths[i], why);
      cJSON_Delete(root);
      return -1;
    }
  }
  *json_out = cJSON_PrintUnformatted(root);
  cJSON_Delete(root);
  if (!*json_out) {
    snprintf(err, errlen, "out of memory");
    return -1;
  }
  return 0;
}
