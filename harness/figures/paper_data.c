#include "paper_data.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../models/json_input.h"
#include "../common/cb_path.h"
#include "../common/files.h"
#include "../common/json_get.h"
#include "../run/reference.h"

/* The document at path; NULL with CB_ERR_INPUT and json_load_file's message in e (NULL e: the
 * why is not kept). */
static cJSON *load(const char *path, CbError *e) {
  cJSON *doc = json_load_file(path, e);
  if (!doc) cb_error_fail(e, CB_ERR_INPUT);
  return doc;
}

static const char *const entry_keys[] = {"id", "quantity", "value", "units", "source", "case", "integrator",
                                         "setting", "approximate", "note", "machine", "role", NULL};

/* Checks one document: CB_OK with its number of entries in *count, or CB_ERR_INPUT. */
static CbStatus check_doc(const cJSON *doc, const char *path, int *count, CbError *err) {
  const cJSON *s = json_get(doc, "schema");
  if (!cJSON_IsObject(doc) || !cJSON_IsString(s) || strcmp(s->valuestring, PAPER_SCHEMA))
    return CB_ERROR(err, CB_ERR_INPUT, "%s: schema: expected \"" PAPER_SCHEMA "\"", path);
  if (!cJSON_IsString(json_get(doc, "paper")) || !cJSON_IsString(json_get(doc, "citation")))
    return CB_ERROR(err, CB_ERR_INPUT, "%s: paper, citation: expected strings", path);
  const cJSON *nums = json_get(doc, "numbers");
  if (!cJSON_IsArray(nums)) return CB_ERROR(err, CB_ERR_INPUT, "%s: numbers: expected an array", path);
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
        if (!ok) return CB_ERROR(err, CB_ERR_INPUT, "%s: numbers[%d] ('%s'): unknown field '%s'", path, k, ids, f->string);
      }
      const cJSON *o;
      int j = 0;
      cJSON_ArrayForEach(o, nums) {
        if (j++ >= k) break;
        const cJSON *oid = json_get(o, "id");
        if (cJSON_IsString(oid) && !strcmp(oid->valuestring, ids)) problem = "id: duplicate";
      }
    }
    if (problem) return CB_ERROR(err, CB_ERR_INPUT, "%s: numbers[%d] ('%s'): %s", path, k, ids, problem);
    ++k;
  }
  *count = k;
  return CB_OK;
}

CbStatus paper_data_validate_file(const char *path, CbError *e) {
  cJSON *doc = load(path, e);
  if (!doc) return CB_ERR_INPUT;
  int n;
  CbStatus st = check_doc(doc, path, &n, e);
  cJSON_Delete(doc);
  return st;
}

/* Calls fn on every .json file of dir (sorted names); stops at the first nonzero return and
 * returns it; CB_ERR_IO when dir cannot be listed or a path does not fit (message in e). */
static int each_file(const char *dir, int (*fn)(void *, const char *), void *ctx, CbError *e) {
  char names[64][256];
  int n = dir_list(dir, ".json", &names[0][0], 256, 64);
  if (n < 0) return CB_ERROR(e, CB_ERR_IO, "%s: cannot open the folder", dir);
  for (int i = 0; i < n; ++i) {
    CbPath path;
    if (cb_path_join(&path, e, dir, names[i]) != CB_OK) return CB_ERR_IO;
    int rc = fn(ctx, path.s);
    if (rc) return rc;
  }
  return 0;
}

typedef struct {
  CbError *e;
  int count;
  cJSON *ids;   /* object: id -> file */
} ValidateCtx;

/* each_file's function: CB_OK, or CB_ERR_INPUT (a bad file, an id of another file). */
static int validate_one(void *vc, const char *path) {
  ValidateCtx *c = vc;
  cJSON *doc = load(path, c->e);
  if (!doc) return CB_ERR_INPUT;
  int n = 0;
  CbStatus st = check_doc(doc, path, &n, c->e);
  if (st == CB_OK) {
    const cJSON *e;
    cJSON_ArrayForEach(e, json_get(doc, "numbers")) {
      const char *id = json_get(e, "id")->valuestring;
      const cJSON *prev = json_get(c->ids, id);
      if (prev) {
        st = CB_ERROR(c->e, CB_ERR_INPUT, "%s: id '%s' already in %s", path, id, prev->valuestring);
        break;
      }
      cJSON_AddStringToObject(c->ids, id, path);
    }
  }
  cJSON_Delete(doc);
  if (st != CB_OK) return st;
  c->count += n;
  return CB_OK;
}

CbStatus paper_data_validate_dir(const char *dir, int *count, CbError *e) {
  ValidateCtx c = {e, 0, cJSON_CreateObject()};
  if (!c.ids) return CB_ERROR(e, CB_ERR_MEMORY, "%s: out of memory", dir);
  int rc = each_file(dir, validate_one, &c, e);
  cJSON_Delete(c.ids);
  if (count) *count = rc ? 0 : c.count;
  return (CbStatus)rc;
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
  cJSON *doc = load(path, NULL); /* a bad file is the validator's to report */
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

CbStatus paper_number(const char *dir, const char *id, double *value, char *units, size_t unitslen, char *source,
                      size_t sourcelen) {
  FindCtx c = {id, value, units, source, unitslen, sourcelen, NULL, 0};
  return each_file(dir, find_one, &c, NULL) == 1 ? CB_OK : CB_ERR_VERDICT;
}

CbStatus paper_data_print(const char *dir, const char *id, FILE *out, CbError *e) {
  CbStatus st = paper_data_validate_dir(dir, NULL, e);
  if (st != CB_OK) return st == CB_ERR_MEMORY ? st : cb_error_fail(e, CB_ERR_INPUT);
  double v;
  char u[8], s[8];
  FindCtx c = {id, &v, u, s, sizeof u, sizeof s, out, 0};
  each_file(dir, find_one, &c, NULL);
  if (id && !c.found) return CB_ERROR(e, CB_ERR_VERDICT, "no paper number '%s' in %s/", id, dir);
  return CB_OK;
}
