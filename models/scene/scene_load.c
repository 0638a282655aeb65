/* Scene files (format: cases/FORMAT.md): parse the JSON, read each section, finalize. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../scene.h"
#include "scene_internal.h"
#include "../collision/broadphase.h"
#include "../json_input.h"

#define SCENE_MAX_BYTES ((size_t)64 << 20)

/* "FILE: not valid JSON at line L, column C, got <excerpt>" */
static void parse_error(const SceneCtx *c, const char *json, const char *at) {
  int line = 1, col = 1;
  if (!at || at < json) at = json;
  for (const char *s = json; s < at && *s; ++s) {
    if (*s == '\n') { ++line; col = 1; } else { ++col; }
  }
  char excerpt[24];
  int k = 0;
  for (const char *s = at; *s && *s != '\n' && k < 20; ++s) excerpt[k++] = *s;
  excerpt[k] = 0;
  if (!*at) snprintf(c->err, c->errlen, "%s: not valid JSON at line %d, column %d, got end of input", c->file, line, col);
  else snprintf(c->err, c->errlen, "%s: not valid JSON at line %d, column %d, got '%s'", c->file, line, col, excerpt);
}

static int read_settings(SceneLoader *L) {
  const SceneCtx *c = &L->ctx;
  Model *m = L->m;
  const cJSON *r = L->root;
  snprintf(m->name, CB_NAME_LEN, "%s", "scene");
  { /* default name: file base name without extension */
    const char *base = strrchr(c->file, '/');
    base = base ? base + 1 : c->file;
    size_t len = strcspn(base, ".");
    if (len > 0) snprintf(m->name, CB_NAME_LEN, "%.*s", (int)(len < CB_NAME_LEN - 1 ? len : CB_NAME_LEN - 1), base);
  }
  if (sc_str(c, r, "", "name", 0, m->name, CB_NAME_LEN) < 0) return -1;
  const cJSON *desc = cJSON_GetObjectItemCaseSensitive(r, "description");
  if (desc && !cJSON_IsString(desc)) return sc_fail(c, "description", desc, "must be a string");
  m->gravity[0] = 0; m->gravity[1] = 0; m->gravity[2] = -9.81;
  if (sc_vec(c, r, "", "gravity", 3, 0, m->gravity) < 0) return -1;
  if (sc_num(c, r, "", "duration", SC_REQUIRED | SC_POSITIVE, &m->t_end) < 0) return -1;
  m->stiction_tolerance = 1e-4;
  if (sc_num(c, r, "", "stiction_tolerance", SC_POSITIVE, &m->stiction_tolerance) < 0) return -1;
  const cJSON *fr = cJSON_GetObjectItemCaseSensitive(r, "friction_regularization");
  if (fr) {
    if (cJSON_IsString(fr) && !strcmp(fr->valuestring, "cenic")) m->friction_regularization = CB_FRICTION_REG_CENIC;
    else if (cJSON_IsString(fr) && !strcmp(fr->valuestring, "tamsi")) m->friction_regularization = CB_FRICTION_REG_TAMSI;
    else return sc_fail(c, "friction_regularization", fr, "must be \"cenic\" or \"tamsi\"");
  }
  m->max_step = 0.1;
  if (sc_num(c, r, "", "max_step", SC_POSITIVE, &m->max_step) < 0) return -1;
  m->limit_stiffness = CB_LIMIT_STIFFNESS;
  m->limit_damping = CB_LIMIT_DAMPING;
  if (sc_num(c, r, "", "limit_stiffness", SC_POSITIVE, &m->limit_stiffness) < 0) return -1;
  if (sc_num(c, r, "", "limit_damping", SC_POSITIVE, &m->limit_damping) < 0) return -1;
  const cJSON *self = cJSON_GetObjectItemCaseSensitive(r, "self_collision");
  if (self && !cJSON_IsBool(self)) return sc_fail(c, "self_collision", self, "must be true or false");
  m->no_self_collision = self && cJSON_IsFalse(self);
  return 0;
}

/* Compliant contact needs a finite stiffness: two rigid geometries that can touch would give an
 * infinite combined k (contact_combine) and NaN forces at the first contact. */
static int check_rigid_pairs(SceneLoader *L) {
  const Model *m = L->m;
  for (int a = 0; a < m->ngeom; ++a) {
    if (!isinf(m->materials[m->geoms[a].material].stiffness)) continue;
    for (int b = a + 1; b < m->ngeom; ++b) {
      if (!isinf(m->materials[m->geoms[b].material].stiffness) || !collision_pair_allowed(m, a, b)) continue;
      const Geom *ga = &m->geoms[a], *gb = &m->geoms[b];
      snprintf(L->ctx.err, L->ctx.errlen,
               "%s: geometries '%s' (body '%s') and '%s' (body '%s') can touch but both have rigid materials "
               "('%s', '%s'); give one a finite stiffness",
               L->ctx.file, ga->name, m->bodies[ga->body].name, gb->name, m->bodies[gb->body].name,
               m->materials[ga->material].name, m->materials[gb->material].name);
      return -1;
    }
  }
  return 0;
}

static int load(SceneLoader *L) {
  static const char *const keys[] = {"name", "description", "gravity", "duration", "stiction_tolerance", "friction_regularization", "max_step",
                                     "limit_stiffness", "limit_damping", "self_collision", "materials", "world_geoms", "bodies", "forces", "controllers", "suction", NULL};
  const SceneCtx *c = &L->ctx;
  if (!cJSON_IsObject(L->root)) return sc_fail(c, "", L->root, "a scene must be a JSON object");
  if (sc_object(c, L->root, "", keys) < 0) return -1;
  if (read_settings(L) < 0) return -1;
  const cJSON *mat = cJSON_GetObjectItemCaseSensitive(L->root, "materials");
  if (mat && scene_read_materials(L, mat) < 0) return -1;
  if (scene_read_bodies(L) < 0) return -1;
  const cJSON *forces = cJSON_GetObjectItemCaseSensitive(L->root, "forces");
  if (forces && scene_read_forces(L, forces) < 0) return -1;
  const cJSON *ctrl = cJSON_GetObjectItemCaseSensitive(L->root, "controllers");
  if (ctrl && scene_read_controllers(L, ctrl) < 0) return -1;

  char msg[512];
  if (model_finalize(L->m, msg, sizeof msg) < 0) {
    snprintf(c->err, c->errlen, "%s", msg[0] ? msg : "model_finalize failed");
    return -1;
  }
  if (check_rigid_pairs(L) < 0) return -1;
  if (scene_read_initial_state(L) < 0) return -1;
  const cJSON *suction = cJSON_GetObjectItemCaseSensitive(L->root, "suction");
  if (suction && scene_read_suction(L, suction) < 0) return -1;
  return scene_finish_controllers(L);
}

Model *scene_load_string(const char *json, const char *name_for_messages, char *err, size_t errlen) {
  char dummy[8];
  SceneLoader L;
  memset(&L, 0, sizeof L);
  L.ctx.file = name_for_messages ? name_for_messages : "(string)";
  L.ctx.err = err ? err : dummy;
  L.ctx.errlen = err ? errlen : sizeof dummy;
  if (L.ctx.errlen > 0) L.ctx.err[0] = 0;
  if (!json) {
    snprintf(L.ctx.err, L.ctx.errlen, "%s: no scene text", L.ctx.file);
    return NULL;
  }
  const char *end = NULL;
  cJSON *root = cJSON_ParseWithOpts(json, &end, 1);
  if (!root) {
    parse_error(&L.ctx, json, end);
    return NULL;
  }
  char dup[SC_PATH_LEN];
  if (json_check_unique_keys(root, dup, sizeof dup) != 0) {
    snprintf(L.ctx.err, L.ctx.errlen, "%s: %s: field given twice (refused: JSON readers disagree on which counts)",
             L.ctx.file, dup);
    cJSON_Delete(root);
    return NULL;
  }
  L.root = root;
  L.m = calloc(1, sizeof(Model));
  int rc = -1;
  if (!L.m) snprintf(L.ctx.err, L.ctx.errlen, "%s: out of memory", L.ctx.file);
  else {
    snprintf(L.m->source, sizeof L.m->source, "%s", L.ctx.file);
    rc = load(&L);
  }
  cJSON_Delete(root);
  free(L.body_json);
  free(L.body_path);
  if (rc < 0) {
    model_free(L.m);
    return NULL;
  }
  return L.m;
}

Model *scene_load(const char *path, char *err, size_t errlen) {
  char dummy[8];
  if (!err) { err = dummy; errlen = sizeof dummy; }
  size_t len = 0;
  char *buf = input_read_file(path, SCENE_MAX_BYTES, &len, err, errlen);
  if (!buf) return NULL;
  if (strlen(buf) != len) {
    free(buf);
    snprintf(err, errlen, "%s: not valid JSON: contains a NUL byte", path);
    return NULL;
  }
  Model *m = scene_load_string(buf, path, err, errlen);
  free(buf);
  return m;
}
