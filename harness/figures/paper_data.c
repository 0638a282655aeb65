#include "paper_data.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../models/json_input.h"
#include "../common/files.h"
#include "../common/json_get.h"
#include "../run/reference.h"

static cJSON *load(const char *path, char *err, size_t errlen) {
  return json_load_file(path, CB_ERR_BUF(err, errlen));
}

static const char *const entry_keys[] = {"id", "quantity", "value", "units", "source", "case", "integrator",
                                         "setting", "approximate", "note", "machine", "role", NULL};

static int check_doc(const cJSON *doc, const char *path, char *err, size_t errlen) {
  const cJSON *s = json_get(doc, "schema");
  if (!cJSON_IsObject(doc) || !cJSON_IsString(s) || strcmp(s->valuestring, PAPER_SCHEMA)) {
    snprintf(err, errlen, "%s: schema: expected \"" PAPER_SCHEMA "\"", path);
    return -1;
  }
  if (!cJSON_IsString(json_get(doc, "paper")) || !cJSON_IsString(json_get(doc, "citation"))) {
    snprintf(err, errlen, "%s: paper, citation: expected strings", path);
    return -1;
  }
  const cJSON *nums = json_get(doc, "numbers");
  if (!cJSON_IsArray(nums)) { snprintf(err, errlen, "%s: numbers: expected an array", path); return -1; }
  int k = 0;
  const cJSON *e;
  cJSON_ArrayForEach(e, nums) {
    const cJSON *id = json_get(e, "id");
    const char *ids = cJSON_IsString(id) ? id->valuestring : "?";
    const char *problem = NULL;
    if (!cJSON_IsObject(e)) problem = "expected an object";
    else if (!cJSON_IsString(id) || !*ids) problem = "id: expected a non-empty string";
    else if (!cJSON_IsString(json_get(e, "quantity"))) problem = "quantity: expected a string";
    else if (!cJSON_IsNumber(json_get(e, "value")) || !isfinite(json_get(e, "value")->valuedouble)) problem = "value: expected a finite number";
    else if (!cJSON_IsString(json_get(e, "units"))) problem = "units: expected a string (\"\" when none)";
    else if (!cJSON_IsString(json_get(e, "source")) || !*json_get(e, "source")->valuestring) problem = "source: expected where the paper prints it";
    else if (json_get(e, "approximate") && !cJSON_IsBool(json_get(e, "approximate"))) problem = "approximate: expected true or false";
    else if (json_get(e, "role") && !(cJSON_IsString(json_get(e, "role")) && !strcmp(json_get(e, "role")->valuestring, "parameter")))
      problem = "role: expected \"parameter\" (a setting of the paper's scene, solver or run) or no role (a result)";
    if (!problem) {
      const cJSON *f;
      cJSON_ArrayForEach(f, e) {
        int ok = 0;
        for (int i = 0; entry_keys[i] && !ok; ++i) ok = !strcmp(f->string, entry_keys[i]);
        if (!ok) { snprintf(err, errlen, "%s: numbers[%d] ('%s'): unknown field '%s'", path, k, ids, f->string); return -1; }
      }
      const cJSON *o;
      int j = 0;
      cJSON_ArrayForEach(o, nums) {
        if (j++ >= k) break;
        const cJSON *oid = json_get(o, "id");
        if (cJSON_IsString(oid) && !strcmp(oid->valuestring, ids)) problem = "id: duplicate";
      }
    }
    if (problem) { snprintf(err, errlen, "%s: numbers[%d] ('%s'): %s", path, k, ids, problem); return -1; }
    ++k;
  }
  return k;
}

int paper_data_validate_file(const char *path, char *err, size_t errlen) {
  cJSON *doc = load(path, err, errlen);
  if (!doc) return -1;
  int n = check_doc(doc, path, err, errlen);
  cJSON_Delete(doc);
  return n < 0 ? -1 : 0;
}

/* Calls fn on every .json file of dir (sorted names); stops at the first nonzero return. */
static int each_file(const char *dir, int (*fn)(void *, const char *), void *ctx) {
  char names[64][256];
  int n = dir_list(dir, ".json", &names[0][0], 256, 64);
  if (n < 0) return -2;
  for (int i = 0; i < n; ++i) {
    char path[1400];
    snprintf(path, sizeof path, "%.1100s/%.255s", dir, names[i]);
    int rc = fn(ctx, path);
    if (rc) return rc;
  }
  return 0;
}

typedef struct {
  char *err;
  size_t errlen;
  int count;
  cJSON *ids;   /* object: id -> file */
} ValidateCtx;

static int validate_one(void *vc, const char *path) {
  ValidateCtx *c = vc;
  cJSON *doc = load(path, c->err, c->errlen);
  if (!doc) return -1;
  int n = check_doc(doc, path, c->err, c->errlen);
  if (n >= 0) {
    const cJSON *e;
    cJSON_ArrayForEach(e, json_get(doc, "numbers")) {
      const char *id = json_get(e, "id")->valuestring;
      const cJSON *prev = json_get(c->ids, id);
      if (prev) {
        snprintf(c->err, c->errlen, "%s: id '%s' already in %s", path, id, prev->valuestring);
        n = -1;
        break;
      }
      cJSON_AddStringToObject(c->ids, id, path);
    }
  }
  cJSON_Delete(doc);
  if (n < 0) return -1;
  c->count += n;
  return 0;
}

int paper_data_validate_dir(const char *dir, char *err, size_t errlen) {
  ValidateCtx c = {err, errlen, 0, cJSON_CreateObject()};
  int rc = each_file(dir, validate_one, &c);
  cJSON_Delete(c.ids);
  if (rc == -2) { snprintf(err, errlen, "%s: cannot open the folder", dir); return -1; }
  return rc ? -1 : c.count;
}

typedef struct {
  const char *id;
  double *value;
  char *units, *source;
  size_t unitslen, sourcelen;
  FILE *out;             /* printing instead of looking up */
  int found;
} FindCtx;

static int find_one(void *vc, const char *path) {
  FindCtx *c = vc;
  char err[512];
  cJSON *doc = load(path, err, sizeof err);
  if (!doc) return 0;
  const cJSON *e;
  cJSON_ArrayForEach(e, json_get(doc, "numbers")) {
    const cJSON *id = json_get(e, "id"), *v = json_get(e, "value"), *u = json_get(e, "units"), *s = json_get(e, "source");
    if (!cJSON_IsString(id) || !cJSON_IsNumber(v)) continue;
    if (c->id && strcmp(id->valuestring, c->id)) continue;
    c->found++;
    if (c->out) {
      fprintf(c->out, "%-40s %12.6g %-6s %s  (%s%s)\n", id->valuestring, v->valuedouble, cJSON_IsString(u) ? u->valuestring : "",
              cJSON_IsString(json_get(e, "quantity")) ? json_get(e, "quantity")->valuestring : "", cJSON_IsString(s) ? s->valuestring : "?",
              cJSON_IsTrue(json_get(e, "approximate")) ? ", approximate" : "");
      continue;
    }
    *c->value = v->valuedouble;
    snprintf(c->units, c->unitslen, "%s", cJSON_IsString(u) ? u->valuestring : "");
    snprintf(c->source, c->sourcelen, "%s", cJSON_IsString(s) ? s->valuestring : path);
    cJSON_Delete(doc);
    return 1;
  }
  cJSON_Delete(doc);
  return 0;
}

int paper_number(const char *dir, const char *id, double *value, char *units, size_t unitslen, char *source,
                 size_t sourcelen) {
  FindCtx c = {id, value, units, source, unitslen, sourcelen, NULL, 0};
  return each_file(dir, find_one, &c) == 1 ? 0 : -1;
}

int paper_data_print(const char *dir, const char *id, FILE *out, char *err, size_t errlen) {
  if (paper_data_validate_dir(dir, err, errlen) < 0) return CB_ERR_INPUT;
  double v;
  char u[8], s[8];
  FindCtx c = {id, &v, u, s, sizeof u, sizeof s, out, 0};
  each_file(dir, find_one, &c);
  if (id && !c.found) {
    snprintf(err, errlen, "no paper number '%s' in %s/", id, dir);
    return CB_ERR_VERDICT;
  }
  return CB_OK;
}
