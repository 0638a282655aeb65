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
static CbStatus parse_error(const SceneCtx *c, const char *json, const char *at) {
  int line = 1, col = 1;
  if (!at || at < json) at = json;
  for (const char *s = json; s < at && *s; ++s) {
    if (*s == '\n') { ++line; col = 1; } else { ++col; }
  }
  char excerpt[24];
  int k = 0;
  for (const char *s = at; *s && *s != '\n' && k < 20; ++s) excerpt[k++] = *s;
  excerpt[k] = 0;
  if (!*at) return CB_ERROR(c->e, CB_ERR_INPUT, "%s: not valid JSON at line %d, column %d, got end of input", c->file, line, col);
  return CB_ERROR(c->e, CB_ERR_INPUT, "%s: not valid JSON at line %d, column %d, got '%s'", c->file, line, col, excerpt);
}

static CbStatus read_settings(SceneLoader *L) {
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
  SC_TRY(sc_str(c, r, "", "name", 0, m->name, CB_NAME_LEN));
  const cJSON *desc = cJSON_GetObjectItemCaseSensitive(r, "description");
  if (desc && !cJSON_IsString(desc)) return sc_fail(c, "description", desc, "must be a string");
  m->gravity[0] = 0; m->gravity[1] = 0; m->gravity[2] = -9.81;
  SC_TRY(sc_vec(c, r, "", "gravity", 3, 0, m->gravity));
  SC_TRY(sc_num(c, r, "", "duration", SC_REQUIRED | SC_POSITIVE, &m->t_end));
  m->stiction_tolerance = 1e-4;
  SC_TRY(sc_num(c, r, "", "stiction_tolerance", SC_POSITIVE, &m->stiction_tolerance));
  const cJSON *fr = cJSON_GetObjectItemCaseSensitive(r, "friction_regularization");
  if (fr) {
    if (cJSON_IsString(fr) && !strcmp(fr->valuestring, "cenic")) m->friction_regularization = CB_FRICTION_REG_CENIC;
    else if (cJSON_IsString(fr) && !strcmp(fr->valuestring, "tamsi")) m->friction_regularization = CB_FRICTION_REG_TAMSI;
    else return sc_fail(c, "friction_regularization", fr, "must be \"cenic\" or \"tamsi\"");
  }
  m->max_step = 0.1;
  SC_TRY(sc_num(c, r, "", "max_step", SC_POSITIVE, &m->max_step));
  m->limit_stiffness = CB_LIMIT_STIFFNESS;
  m->limit_damping = CB_LIMIT_DAMPING;
  SC_TRY(sc_num(c, r, "", "limit_stiffness", SC_POSITIVE, &m->limit_stiffness));
  SC_TRY(sc_num(c, r, "", "limit_damping", SC_POSITIVE, &m->limit_damping));
  const cJSON *self = cJSON_GetObjectItemCaseSensitive(r, "self_collision");
  if (self && !cJSON_IsBool(self)) return sc_fail(c, "self_collision", self, "must be true or false");
  m->no_self_collision = self && cJSON_IsFalse(self);
  return 0;
}

/* Compliant contact needs a finite stiffness: two rigid geometries that can touch would give an
 * infinite combined k (contact_combine) and NaN forces at the first contact. */
static CbStatus check_rigid_pairs(SceneLoader *L) {
  const Model *m = L->m;
  for (int a = 0; a < m->ngeom; ++a) {
    if (!isinf(m->materials[m->geoms[a].material].stiffness)) continue;
    for (int b = a + 1; b < m->ngeom; ++b) {
      if (!isinf(m->materials[m->geoms[b].material].stiffness) || !collision_pair_allowed(m, a, b)) continue;
      const Geom *ga = &m->geoms[a], *gb = &m->geoms[b];
      return CB_ERROR(L->ctx.e, CB_ERR_INPUT,
               "%s: geometries '%s' (body '%s') and '%s' (body '%s') can touch but both have rigid materials "
               "('%s', '%s'); give one a finite stiffness",
               L->ctx.file, ga->name, m->bodies[ga->body].name, gb->name, m->bodies[gb->body].name,
               m->materials[ga->material].name, m->materials[gb->material].name);
    }
  }
  return 0;
}

static CbStatus load(SceneLoader *L) {
  static const char *const keys[] = {"name", "description", "gravity", "duration", "stiction_tolerance", "friction_regularization", "max_step",
                                     "limit_stiffness", "limit_damping", "self_collision", "materials", "world_geoms", "bodies", "forces", "controllers", "suction", NULL};
  const SceneCtx *c = &L->ctx;
  if (!cJSON_IsObject(L->root)) return sc_fail(c, "", L->root, "a scene must be a JSON object");
  SC_TRY(sc_object(c, L->root, "", keys));
  SC_TRY(read_settings(L));
  const cJSON *mat = cJSON_GetObjectItemCaseSensitive(L->root, "materials");
  if (mat) SC_TRY(scene_read_materials(L, mat));
  SC_TRY(scene_read_bodies(L));
  const cJSON *forces = cJSON_GetObjectItemCaseSensitive(L->root, "forces");
  if (forces) SC_TRY(scene_read_forces(L, forces));
  const cJSON *ctrl = cJSON_GetObjectItemCaseSensitive(L->root, "controllers");
  if (ctrl) SC_TRY(scene_read_controllers(L, ctrl));

  SC_TRY(model_finalize(L->m, c->e));
  SC_TRY(check_rigid_pairs(L));
  SC_TRY(scene_read_initial_state(L));
  const cJSON *suction = cJSON_GetObjectItemCaseSensitive(L->root, "suction");
  if (suction) SC_TRY(scene_read_suction(L, suction));
  return scene_finish_controllers(L);
}

Model *scene_load_string(const char *json, const char *name_for_messages, CbError *e) {
  SceneLoader L;
  memset(&L, 0, sizeof L);
  L.ctx.file = name_for_messages ? name_for_messages : "(string)";
  L.ctx.e = e;
  cb_error_clear(e);
  if (!json) {
    CB_ERROR(e, CB_ERR_INPUT, "%s: no scene text", L.ctx.file);
    return NULL;
  }
  const char *end = NULL;
  cJSON *root = cJSON_ParseWithOpts(json, &end, 1);
  if (!root) {
    parse_error(&L.ctx, json, end);
    return NULL;
  }
  if (json_check_unique_keys(root, L.ctx.file, e) != CB_OK) {
    cJSON_Delete(root);
    return NULL;
  }
  L.root = root;
  L.m = calloc(1, sizeof(Model));
  CbStatus st = CB_ERR_MEMORY;
  if (!L.m) CB_ERROR(e, CB_ERR_MEMORY, "%s: out of memory", L.ctx.file);
  else {
    snprintf(L.m->source, sizeof L.m->source, "%s", L.ctx.file);
    st = load(&L);
  }
  cJSON_Delete(root);
  free(L.body_json);
  free(L.body_path);
  if (st != CB_OK) {
    model_free(L.m);
    return NULL;
  }
  return L.m;
}

Model *scene_load(const char *path, CbError *e) {
  size_t len = 0;
  char *buf = input_read_file(path, SCENE_MAX_BYTES, &len, e);
  if (!buf) return NULL;
  if (strlen(buf) != len) {
    free(buf);
    CB_ERROR(e, CB_ERR_INPUT, "%s: not valid JSON: contains a NUL byte", path);
    return NULL;
  }
  Model *m = scene_load_string(buf, path, e);
  free(buf);
  return m;
}
