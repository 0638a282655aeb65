#include "figure_recipe.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../models/json_input.h"
#include "../common/files.h"
#include "../common/json_get.h"
#include "figure_data.h"
#include "figure_verdict.h"
#include "plot_kind.h"
#include "../run/run_fields.h"
#include "../run/run_spec.h"
#include "../common/num_text.h"

/* "PATH: FIELD: problem (got VALUE)"; returns CB_ERR_INPUT. */
static CbStatus fail(CbError *err, const char *path, const char *field, const char *problem, const cJSON *got) {
  return json_field_error(err, path, field, problem, got);
}

static CbStatus only_keys(const cJSON *o, const char *const *known, const char *path, const char *where, CbError *err) {
  const cJSON *k;
  cJSON_ArrayForEach(k, o) {
    int ok = 0;
    for (int i = 0; known[i] && !ok; ++i) ok = !strcmp(k->string, known[i]);
    if (!ok) {
      char f[256];
      snprintf(f, sizeof f, "%s%s%s", where, *where ? "." : "", k->string);
      return fail(err, path, f, "unknown field", NULL);
    }
  }
  return CB_OK;
}

static const char *const run_keys[] = {"cases", "integrators", "accuracies", "dts", "error_norm", "error_norms",
                                       "max_steps", "opt", "param", "t_end", "timeout", "reps", "window", "window_start", "window_method", "window_check", "output_dt", "series",
                                       "quick", "references", "reference_method",
                                       "reference_secondary", "reference_grid", NULL};

static int is_string_array(const cJSON *a) {
  if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) == 0) return 0;
  const cJSON *x;
  cJSON_ArrayForEach(x, a) if (!cJSON_IsString(x)) return 0;
  return 1;
}

/* Values of an --opt / --param axis: strings or numbers, as text; CB_OK, or CB_ERR_INPUT (the
 * caller names the field). */
static CbStatus axis_values(const cJSON *a, char *vals, size_t stride, int *n) {
  if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) == 0 || cJSON_GetArraySize(a) > SWEEP_MAX_OPT_VALUES) return CB_ERR_INPUT;
  *n = 0;
  const cJSON *x;
  cJSON_ArrayForEach(x, a) {
    if (cJSON_IsString(x)) snprintf(vals + stride * (size_t)*n, stride, "%s", x->valuestring);
    else if (cJSON_IsNumber(x)) num_text(x->valuedouble, vals + stride * (size_t)*n, stride);
    else return CB_ERR_INPUT;
    ++*n;
  }
  return CB_OK;
}

/* A JSON value as the text a command line would carry: a string as it is, a number in its
 * shortest exact form, anything else as JSON. */
static void value_text(const cJSON *x, char *out, size_t outlen) {
  if (cJSON_IsString(x)) snprintf(out, outlen, "%s", x->valuestring);
  else if (cJSON_IsNumber(x)) num_text(x->valuedouble, out, outlen);
  else {
    char *t = json_print(x, 0);
    snprintf(out, outlen, "%s", t ? t : "?");
    free(t);
  }
}

/* A run setting of a recipe (run_fields.h): one value, or for a grid axis an array of 1 to
 * SWEEP_MAX_LIST values, each refused as `cbench sweep` refuses it (where: runs[K].KEY[I]). */
static CbStatus apply_setting(const cJSON *x, RunField f, int axis, const char *path, const char *key, SweepConfig *c,
                         CbError *err) {
  char where[PATH_MAX + 300], text[1024]; /* PATH: KEY[I], a key of FIELD's 256 bytes */
  if (!axis) {
    snprintf(where, sizeof where, "%s: %s", path, key);
    value_text(x, text, sizeof text);
    return run_field_apply_sweep(c, f, 0, text, where, err) ? cb_error_fail(err, CB_ERR_INPUT) : CB_OK;
  }
  if (!cJSON_IsArray(x) || cJSON_GetArraySize(x) == 0 || cJSON_GetArraySize(x) > SWEEP_MAX_LIST) {
    snprintf(text, sizeof text, "expected an array of 1 to %d values", SWEEP_MAX_LIST);
    return fail(err, path, key, text, x);
  }
  run_field_sweep_clear_axis(c, f);
  const cJSON *v;
  int k = 0;
  cJSON_ArrayForEach(v, x) {
    snprintf(where, sizeof where, "%s: %s[%d]", path, key, k++);
    value_text(v, text, sizeof text);
    if (run_field_apply_sweep(c, f, 1, text, where, err)) return cb_error_fail(err, CB_ERR_INPUT);
  }
  return CB_OK;
}

/* Applies one run object (all fields optional) to c. */
static CbStatus apply_run(const cJSON *run, const char *path, const char *where, SweepConfig *c, CbError *err) {
  char f[256];
#define FIELD(name) (snprintf(f, sizeof f, "%s.%s", where, name), f)
  if (only_keys(run, run_keys, path, where, err)) return CB_ERR_INPUT;
  const cJSON *x;
  if ((x = json_get(run, "cases"))) {
    if (!is_string_array(x) || cJSON_GetArraySize(x) > SWEEP_MAX_LIST) return fail(err, path, FIELD("cases"), "expected an array of case names", x);
    c->ncases = 0;
    const cJSON *s;
    cJSON_ArrayForEach(s, x) snprintf(c->cases[c->ncases++], sizeof c->cases[0], "%s", s->valuestring);
  }
  if ((x = json_get(run, "integrators"))) {
    if (!is_string_array(x) || cJSON_GetArraySize(x) > SWEEP_MAX_LIST) return fail(err, path, FIELD("integrators"), "expected an array of integrator names", x);
    c->nintegrators = 0;
    const cJSON *s;
    cJSON_ArrayForEach(s, x) snprintf(c->integrators[c->nintegrators++], sizeof c->integrators[0], "%s", s->valuestring);
  }
  /* the grid's axes and the values its runs share, taken as `cbench sweep` takes them */
  static const struct { const char *key; RunField f; int axis; } settings[] = {
      {"accuracies", RUN_FIELD_ACCURACY, 1}, {"dts", RUN_FIELD_DT, 1}, {"max_steps", RUN_FIELD_MAX_STEP, 1},
      {"error_norms", RUN_FIELD_ERROR_NORM, 1}, {"t_end", RUN_FIELD_T_END, 0}, {"timeout", RUN_FIELD_TIMEOUT, 0},
      {"window", RUN_FIELD_WINDOW, 0}, {"reps", RUN_FIELD_REPS, 0}, {"output_dt", RUN_FIELD_OUTPUT_DT, 0},
      {"error_norm", RUN_FIELD_ERROR_NORM, 0}, {"window_start", RUN_FIELD_WINDOW_START, 0}};
  for (size_t i = 0; i < sizeof settings / sizeof settings[0]; ++i)
    if ((x = json_get(run, settings[i].key)) && apply_setting(x, settings[i].f, settings[i].axis, path, FIELD(settings[i].key), c, err))
      return CB_ERR_INPUT;
  if ((x = json_get(run, "series"))) {
    if (!is_string_array(x)) return fail(err, path, FIELD("series"), "expected an array of \"steps\", \"contacts\", \"energy\", \"trajectory\", \"newton\"", x);
    c->series = 0;
    const cJSON *s;
    cJSON_ArrayForEach(s, x) {
      int b = sweep_series_parse(s->valuestring);
      if (b <= 0) return fail(err, path, FIELD("series"), "expected \"steps\", \"contacts\", \"energy\", \"trajectory\" or \"newton\"", s);
      c->series |= b;
    }
  }
  if ((x = json_get(run, "opt"))) {
    if (!cJSON_IsObject(x)) return fail(err, path, FIELD("opt"), "expected an object {KEY: [values]}", x);
    c->nopt = 0;
    const cJSON *a;
    cJSON_ArrayForEach(a, x) {
      if (c->nopt >= SWEEP_MAX_OPT_AXES) return fail(err, path, FIELD("opt"), "too many option axes", NULL);
      snprintf(c->opt_key[c->nopt], sizeof c->opt_key[0], "%s", a->string);
      if (axis_values(a, &c->opt_values[c->nopt][0][0], sizeof c->opt_values[0][0], &c->nopt_values[c->nopt]))
        return fail(err, path, FIELD("opt"), "each option needs an array of 1 to 8 strings or numbers", a);
      c->nopt++;
    }
  }
  if ((x = json_get(run, "param"))) {
    if (!cJSON_IsObject(x)) return fail(err, path, FIELD("param"), "expected an object {PATH: [values]}", x);
    c->nparam_axes = 0;
    const cJSON *a;
    cJSON_ArrayForEach(a, x) {
      if (c->nparam_axes >= SCENE_MAX_PARAMS) return fail(err, path, FIELD("param"), "too many scene parameter axes", NULL);
      snprintf(c->param_path[c->nparam_axes], sizeof c->param_path[0], "%s", a->string);
      if (axis_values(a, &c->param_values[c->nparam_axes][0][0], sizeof c->param_values[0][0], &c->nparam_values[c->nparam_axes]))
        return fail(err, path, FIELD("param"), "each path needs an array of 1 to 8 strings or numbers", a);
      c->nparam_axes++;
    }
  }
  const char *refk[] = {"reference_method", "reference_secondary"};
  for (int i = 0; i < 2; ++i)
    if ((x = json_get(run, refk[i])) && !(cJSON_IsString(x) && (strchr(x->valuestring, ':') || !strcmp(x->valuestring, "none"))))
      return fail(err, path, FIELD(refk[i]), "expected \"NAME:PARAM\" (or \"none\" for the secondary)", x);
  /* the windows' tight integrator and its cross-check, as --window-method and --window-check */
  const char *wk[] = {"window_method", "window_check"};
  for (int i = 0; i < 2; ++i) {
    if (!(x = json_get(run, wk[i]))) continue;
    char name[64];
    double p = 0;
    if (!cJSON_IsString(x) || sscanf(x->valuestring, "%63[^:]:%lf", name, &p) != 2 || !(p > 0) || !isfinite(p))
      return fail(err, path, FIELD(wk[i]), "expected \"NAME:PARAM\" with PARAM > 0", x);
    snprintf(i ? c->run.window_check : c->run.window_method, sizeof c->run.window_method, "%s", name);
    *(i ? &c->run.window_check_param : &c->run.window_param) = p;
  }
  if ((x = json_get(run, "reference_grid")) && !(cJSON_IsNumber(x) && x->valuedouble > 0 && isfinite(x->valuedouble)))
    return fail(err, path, FIELD("reference_grid"), "expected the reference's points per simulated second, a number > 0", x);
  if ((x = json_get(run, "references")) && !cJSON_IsBool(x)) return fail(err, path, FIELD("references"), "expected true or false", x);
  if ((x = json_get(run, "quick")) && !cJSON_IsObject(x)) return fail(err, path, FIELD("quick"), "expected an object", x);
#undef FIELD
  return CB_OK;
}

CbStatus recipe_sweep_config(const cJSON *recipe, const char *path, int k, int quick, const char *dir, SweepConfig *c,
                        CbError *err) {
  sweep_config_default(NULL, c); /* out is set below */
  c->quiet = 1;
  snprintf(c->out, sizeof c->out, "%s", dir);
  const cJSON *run = cJSON_GetArrayItem(json_get(recipe, "runs"), k);
  char where[64];
  snprintf(where, sizeof where, "runs[%d]", k);
  if (apply_run(run, path, where, c, err)) return CB_ERR_INPUT;
  if (quick && json_get(recipe, "quick") && apply_run(json_get(recipe, "quick"), path, "quick", c, err)) return CB_ERR_INPUT;
  snprintf(where, sizeof where, "runs[%d].quick", k);
  if (quick && json_get(run, "quick") && apply_run(json_get(run, "quick"), path, where, c, err)) return CB_ERR_INPUT;
  return CB_OK;
}

static const char *const top_keys[] = {"schema", "title", "caption", "paper", "kind", "runs", "quick", "plot", "compare",
                                       "checks", "quick_decides", NULL};
static const char *const plot_keys[] = {"kind", "series", "layout", "panels", "fields", "labels", "where",
                                        "normalize", "ylabel", "title", "file", "column", "rows", "bins", "range", "xlabel", "logy",
                                        "columns", "images", NULL};
static int layout_ok(const cJSON *x);
static const char *const image_keys[] = {"name", "title", "panels", "layout", NULL};

/* plot.images: [{name, title, panels: [indices], layout}], each panel in exactly one image: a
 * problem, or NULL. */
static const char *images_problem(const cJSON *images, int npanels) {
  if (!cJSON_IsArray(images) || cJSON_GetArraySize(images) == 0 || cJSON_GetArraySize(images) > 24)
    return "expected an array of 1 to 24 images {name, title, panels, layout}";
  int seen[24] = {0};
  const cJSON *im;
  cJSON_ArrayForEach(im, images) {
    const cJSON *k, *nm = json_get(im, "name"), *pn = json_get(im, "panels");
    if (!cJSON_IsObject(im)) return "expected an object {name, title, panels, layout}";
    cJSON_ArrayForEach(k, im) {
      int ok = 0;
      for (int i = 0; image_keys[i]; ++i) ok |= !strcmp(k->string, image_keys[i]);
      if (!ok) return "an image takes name, title, panels and layout only";
    }
    if (!cJSON_IsString(nm) || !nm->valuestring[0] || strspn(nm->valuestring, "abcdefghijklmnopqrstuvwxyz0123456789_") != strlen(nm->valuestring))
      return "an image's name is a file-name suffix: lower-case letters, digits and _";
    if (!cJSON_IsString(json_get(im, "title"))) return "an image needs a title";
    if (json_get(im, "layout") && !layout_ok(json_get(im, "layout"))) return "an image's layout is [rows, columns], integers from 1 to 24";
    if (!cJSON_IsArray(pn) || cJSON_GetArraySize(pn) == 0) return "an image needs panels: an array of panel indices";
    const cJSON *x;
    cJSON_ArrayForEach(x, pn) {
      if (!cJSON_IsNumber(x) || x->valuedouble != (double)x->valueint || x->valueint < 0 || x->valueint >= npanels)
        return "an image's panels are indices of plot.panels";
      if (seen[x->valueint]++) return "a panel is in one image only";
    }
  }
  for (int i = 0; i < npanels; ++i)
    if (!seen[i]) return "every panel is in an image";
  return NULL;
}
static const char *const panel_keys[] = {"title", "where", "x", "y", "xlabel", "ylabel", "logx", "logy", "fit",
                                         "file", "rows", "xreverse", "paper_y", "xrange", NULL};
static const char *const side_keys[] = {"where", "field", "stat", "x", "series", "any_outcome", NULL};
static const char *const stats[] = {"value", "sum", "mean", "min", "max", "count", "ratio_max_min", "slope", NULL};

/* The first of an array of record field names that is malformed (figure_field_problem), or NULL. */
static const cJSON *bad_field_of(const cJSON *names, const char **problem) {
  const cJSON *x;
  cJSON_ArrayForEach(x, names) if ((*problem = figure_field_problem(x->valuestring))) return x;
  return NULL;
}

/* plot.layout: [rows, columns], each an integer from 1 to 24 (the most panels). */
static int layout_ok(const cJSON *x) {
  long long v;
  return cJSON_IsArray(x) && cJSON_GetArraySize(x) == 2 && !json_int_in(cJSON_GetArrayItem(x, 0), 1, 24, &v) &&
         !json_int_in(cJSON_GetArrayItem(x, 1), 1, 24, &v);
}

/* A {where, field, stat, x} selection (compare entries and check sides). */
static CbStatus check_selection(const cJSON *s, const char *path, const char *where, CbError *err) {
  char f[256];
  if (!cJSON_IsObject(s)) return fail(err, path, where, "expected an object {where, field, stat}", s);
  const cJSON *k;
  cJSON_ArrayForEach(k, s) {
    int ok = 0;
    for (int i = 0; side_keys[i] && !ok; ++i) ok = !strcmp(k->string, side_keys[i]);
    for (int i = 0; !ok && (!strcmp(k->string, "quantity") || !strcmp(k->string, "paper_id") || !strcmp(k->string, "units")); ++i) ok = 1;
    if (!ok) { snprintf(f, sizeof f, "%s.%s", where, k->string); return fail(err, path, f, "unknown field", NULL); }
  }
  if (json_get(s, "series")) {
    const cJSON *ser = json_get(s, "series");
    snprintf(f, sizeof f, "%s.series", where);
    if (!cJSON_IsObject(ser) || !cJSON_IsString(json_get(ser, "y")) || !cJSON_IsString(json_get(ser, "file")) ||
        sweep_series_parse(json_get(ser, "file")->valuestring) <= 0)
      return fail(err, path, f, "expected {file: steps|contacts|energy|trajectory|newton, rows, x, y, stat, threshold}", ser);
    const cJSON *xr = json_get(ser, "x_range");
    if (xr && (!cJSON_IsArray(xr) || cJSON_GetArraySize(xr) != 2 || !cJSON_IsNumber(cJSON_GetArrayItem(xr, 0)) ||
               !cJSON_IsNumber(cJSON_GetArrayItem(xr, 1)) ||
               !(cJSON_GetArrayItem(xr, 0)->valuedouble < cJSON_GetArrayItem(xr, 1)->valuedouble))) {
      snprintf(f, sizeof f, "%s.series.x_range", where);
      return fail(err, path, f, "expected [lo, hi] with lo < hi", xr);
    }
    static const char *const sstats[] = {"max", "last", "last_x", "first_x_below", "first_x_above", "rel_variation",
                                         "max_abs_slope", "min", "mean", "median", "count", "fraction_at_least",
                                         "frac_below", "longest_run_below", NULL};
    const cJSON *ss = json_get(ser, "stat");
    int ok = !ss;
    for (int i = 0; sstats[i] && cJSON_IsString(ss) && !ok; ++i) ok = !strcmp(ss->valuestring, sstats[i]);
    if (!ok) {
      snprintf(f, sizeof f, "%s.series.stat", where);
      return fail(err, path, f, "expected max, last, last_x, first_x_below, first_x_above, rel_variation, max_abs_slope, min, mean, "
                  "median, count, fraction_at_least, frac_below or longest_run_below", ss);
    }
    return CB_OK;
  }
  if (!cJSON_IsString(json_get(s, "field"))) { snprintf(f, sizeof f, "%s.field", where); return fail(err, path, f, "expected a record field name", json_get(s, "field")); }
  const char *problem = figure_field_problem(json_get(s, "field")->valuestring);
  if (problem) { snprintf(f, sizeof f, "%s.field", where); return fail(err, path, f, problem, json_get(s, "field")); }
  const cJSON *st = json_get(s, "stat");
  if (st) {
    int ok = 0;
    for (int i = 0; stats[i] && cJSON_IsString(st) && !ok; ++i) ok = !strcmp(st->valuestring, stats[i]);
    if (!ok) { snprintf(f, sizeof f, "%s.stat", where); return fail(err, path, f, "expected value, sum, mean, min, max, count, ratio_max_min or slope", st); }
  }
  if (json_get(s, "where") && !cJSON_IsObject(json_get(s, "where"))) { snprintf(f, sizeof f, "%s.where", where); return fail(err, path, f, "expected an object {field: value}", json_get(s, "where")); }
  return CB_OK;
}

/* ---- integrator lists: "@NAME" in a recipe (figures/lists/integrators.json) ---- */

/* The lists file next to the recipe: DIR/lists/integrators.json for a recipe DIR/NAME.json. */
static void lists_path(const char *recipe_path, char *out, size_t outlen) {
  const char *slash = strrchr(recipe_path, '/');
  int n = slash ? (int)(slash - recipe_path) : 1;
  snprintf(out, outlen, "%.*s/" RECIPE_LISTS_FILE, n, slash ? recipe_path : ".");
}

/* The names of arr (an integrators array, or a where's integrator list) with every "@NAME"
 * replaced by list NAME's names (a new array), each of those added to listed; NULL with a message. */
static cJSON *expand_array(const cJSON *arr, const char *path, const char *where, cJSON **lists, cJSON *listed, CbError *err) {
  cJSON *out = cJSON_CreateArray();
  const cJSON *x;
  cJSON_ArrayForEach(x, arr) {
    if (!cJSON_IsString(x) || x->valuestring[0] != '@') {
      cJSON_AddItemToArray(out, cJSON_Duplicate(x, 1));
      continue;
    }
    char lp[PATH_MAX];
    lists_path(path, lp, sizeof lp);
    if (!*lists) {
      CbErrorBuf lb;
      CbError *le = cb_error_init(&lb);
      *lists = recipe_lists_load(lp, le);
      if (!*lists) { fail(err, path, where, cb_error_text(le), x); cJSON_Delete(out); return NULL; }
    }
    const cJSON *names = json_get(json_get(*lists, "lists"), x->valuestring + 1);
    if (!names) {
      char what[PATH_MAX + 64];
      snprintf(what, sizeof what, "no such integrator list in %s", lp);
      fail(err, path, where, what, x);
      cJSON_Delete(out);
      return NULL;
    }
    const cJSON *n;
    cJSON_ArrayForEach(n, names) {
      cJSON_AddItemToArray(out, cJSON_CreateString(n->valuestring));
      int seen = 0;
      const cJSON *l;
      cJSON_ArrayForEach(l, listed) seen |= !strcmp(l->valuestring, n->valuestring);
      if (!seen) cJSON_AddItemToArray(listed, cJSON_CreateString(n->valuestring));
    }
  }
  return out;
}

/* Expands "@NAME" wherever integrators are named: a run's (or quick's) "integrators", and
 * "integrator" in any "where" (a string "@NAME" becomes the list). */
static CbStatus expand_lists(cJSON *o, const char *path, const char *where, cJSON **lists, cJSON *listed, CbError *err) {
  cJSON *x;
  int i = 0;
  cJSON_ArrayForEach(x, o) {
    char w[256];
    if (x->string) snprintf(w, sizeof w, "%s%s%s", where, *where ? "." : "", x->string);
    else snprintf(w, sizeof w, "%s[%d]", where, i);
    ++i;
    int names = x->string && (!strcmp(x->string, "integrators") || !strcmp(x->string, "integrator"));
    int one = names && cJSON_IsString(x) && x->valuestring[0] == '@'; /* "integrator": "@NAME" */
    if (one || (names && cJSON_IsArray(x))) {
      cJSON *wrap = one ? cJSON_CreateArray() : NULL;
      if (wrap) cJSON_AddItemToArray(wrap, cJSON_CreateString(x->valuestring));
      cJSON *arr = expand_array(wrap ? wrap : x, path, w, lists, listed, err);
      cJSON_Delete(wrap);
      if (!arr) return CB_ERR_INPUT;
      char key[64]; /* "integrators" or "integrator" */
      snprintf(key, sizeof key, "%s", x->string);
      cJSON_ReplaceItemInObjectCaseSensitive(o, key, arr); /* frees x; arr takes its key and place */
      x = arr;
    } else if (cJSON_IsObject(x) || cJSON_IsArray(x)) {
      if (expand_lists(x, path, w, lists, listed, err)) return CB_ERR_INPUT;
    }
  }
  return CB_OK;
}

cJSON *recipe_lists_load(const char *path, CbError *err) {
  cJSON *l = json_load_file(path, err);
  if (!l) { cb_error_fail(err, CB_ERR_INPUT); return NULL; }
  const cJSON *lists = json_get(l, "lists"), *x;
  int bad = !cJSON_IsString(json_get(l, "schema")) || strcmp(json_get(l, "schema")->valuestring, RECIPE_LISTS_SCHEMA);
  if (bad) fail(err, path, "schema", "expected \"" RECIPE_LISTS_SCHEMA "\"", json_get(l, "schema"));
  else if (!cJSON_IsObject(lists)) bad = fail(err, path, "lists", "expected an object {NAME: [integrator names]}", lists);
  else
    cJSON_ArrayForEach(x, lists) if (!bad && (!is_string_array(x) || cJSON_GetArraySize(x) > SWEEP_MAX_LIST)) {
      char f[300]; /* a longer list name is shown cut: the message still names file and list */
      snprintf(f, sizeof f, "lists.%s", x->string);
      bad = fail(err, path, f, "expected an array of integrator names", x);
    }
  if (bad) { cJSON_Delete(l); return NULL; }
  return l;
}

cJSON *recipe_load(const char *path, CbError *err) {
  char *text = input_read_file(path, INPUT_MAX_BYTES, NULL, err);
  if (!text) { cb_error_fail(err, CB_ERR_INPUT); return NULL; }
  cJSON *r = recipe_load_text(text, path, err);
  free(text);
  return r;
}

cJSON *recipe_load_text(const char *text, const char *path, CbError *err) {
  cJSON *r = json_parse_checked(text, path, err);
  if (!r) { cb_error_fail(err, CB_ERR_INPUT); return NULL; }
  /* integrator lists first, so every check below sees the names */
  cJSON *lists = NULL, *listed = cJSON_CreateArray();
  int bad = cJSON_IsObject(r) && expand_lists(r, path, "", &lists, listed, err);
  cJSON_Delete(lists);
  char f[256];
  const cJSON *x;
  if (bad) {
    /* an unknown list: err says which */
  } else if (!cJSON_IsObject(r)) bad = fail(err, path, "(top)", "expected an object", NULL);
  else if (only_keys(r, top_keys, path, "", err)) bad = 1;
  else if (!cJSON_IsString(x = json_get(r, "schema")) || strcmp(x->valuestring, RECIPE_SCHEMA))
    bad = fail(err, path, "schema", "expected \"" RECIPE_SCHEMA "\"", x);
  else if (!cJSON_IsString(json_get(r, "title"))) bad = fail(err, path, "title", "expected a string", json_get(r, "title"));
  else if (!cJSON_IsString(json_get(r, "caption"))) bad = fail(err, path, "caption", "expected a string", json_get(r, "caption"));
  else if ((x = json_get(r, "paper")) && !cJSON_IsNull(x) && !(cJSON_IsObject(x) && cJSON_IsString(json_get(x, "ref"))))
    bad = fail(err, path, "paper", "expected null or an object with \"ref\"", x);
  else if ((x = json_get(r, "kind")) && !(cJSON_IsString(x) && !strcmp(x->valuestring, RECIPE_KIND_CBENCH_CLAIM) &&
                                          !cJSON_IsObject(json_get(r, "paper"))))
    bad = fail(err, path, "kind", "expected \"" RECIPE_KIND_CBENCH_CLAIM "\" (cbench's own claim), with \"paper\": null", x);
  else if (!cJSON_IsArray(x = json_get(r, "runs")) || cJSON_GetArraySize(x) == 0 || cJSON_GetArraySize(x) > 16)
    bad = fail(err, path, "runs", "expected an array of 1 to 16 sweep objects", x);
  else if ((x = json_get(r, "quick")) && !cJSON_IsObject(x)) bad = fail(err, path, "quick", "expected an object", x);
  else if (!cJSON_IsObject(x = json_get(r, "plot"))) bad = fail(err, path, "plot", "expected an object", x);
  if (!bad) {
    /* every run must make a sweep (types, values) */
    SweepConfig *c = malloc(sizeof *c);
    for (int k = 0; c && !bad && k < cJSON_GetArraySize(json_get(r, "runs")); ++k) {
      if (!cJSON_IsObject(cJSON_GetArrayItem(json_get(r, "runs"), k))) {
        snprintf(f, sizeof f, "runs[%d]", k);
        bad = fail(err, path, f, "expected an object", cJSON_GetArrayItem(json_get(r, "runs"), k));
      } else {
        bad = recipe_sweep_config(r, path, k, 0, ".", c, err) || recipe_sweep_config(r, path, k, 1, ".", c, err);
      }
    }
    free(c);
  }
  const cJSON *plot = json_get(r, "plot");
  if (!bad && only_keys(plot, plot_keys, path, "plot", err)) bad = 1;
  if (!bad) {
    const cJSON *kind = json_get(plot, "kind");
    const PlotKind *pk = plot_kind_find(cJSON_IsString(kind) ? kind->valuestring : "");
    const char *problem = NULL, *pf = NULL;
    const cJSON *bad_col = NULL;
    char expected[200];
    plot_kind_expected(expected, sizeof expected);
    if (!pk || pk->builtin) /* a built-in recipe's kind (cbench plot) draws no recipe file */
      bad = fail(err, path, "plot.kind", expected, kind);
    else if ((x = json_get(plot, "series")) && !is_string_array(x))
      bad = fail(err, path, "plot.series", "expected an array of record field names", x);
    else if ((x = json_get(plot, "columns")) && (!is_string_array(x) || strcmp(pk->name, "xy")))
      bad = fail(err, path, "plot.columns", "expected an array of record field names (xy plots: the table's extra columns)", x);
    else if (x && (bad_col = bad_field_of(x, &problem)))
      bad = fail(err, path, "plot.columns", problem, bad_col);
    else if ((x = json_get(plot, "layout")) && !layout_ok(x))
      bad = fail(err, path, "plot.layout", "expected [rows, columns], integers from 1 to 24", x);
    else if (pk->check_plot && (problem = pk->check_plot(plot, &pf))) {
      snprintf(f, sizeof f, "plot.%s", pf);
      bad = fail(err, path, f, problem, json_get(plot, pf));
    } else if (pk->uses_panels && (!cJSON_IsArray(x = json_get(plot, "panels")) || cJSON_GetArraySize(x) == 0 || cJSON_GetArraySize(x) > 24))
      bad = fail(err, path, "plot.panels", "expected an array of 1 to 24 panels", x);
    if (!bad && (x = json_get(plot, "images")) &&
        (!pk->uses_panels || (problem = images_problem(x, cJSON_GetArraySize(json_get(plot, "panels"))))))
      bad = fail(err, path, "plot.images", pk->uses_panels ? problem : "only an xy or series plot (panels) splits into images", x);
    for (int i = 0; !bad && pk->uses_panels && i < cJSON_GetArraySize(json_get(plot, "panels")); ++i) {
      const cJSON *p = cJSON_GetArrayItem(json_get(plot, "panels"), i);
      snprintf(f, sizeof f, "plot.panels[%d]", i);
      if (!cJSON_IsObject(p)) bad = fail(err, path, f, "expected an object", p);
      else if (only_keys(p, panel_keys, path, f, err)) bad = 1;
      else if (!cJSON_IsString(json_get(p, "x")) || !cJSON_IsString(json_get(p, "y")))
        bad = fail(err, path, f, "a panel needs \"x\" and \"y\" field names", NULL);
      else if (pk->check_panel && (problem = pk->check_panel(p, &pf))) bad = fail(err, path, f, problem, json_get(p, pf));
      else if ((problem = figure_field_problem(json_get(p, "x")->valuestring)) ||
               (problem = figure_field_problem(json_get(p, "y")->valuestring)))
        bad = fail(err, path, f, problem, figure_field_problem(json_get(p, "x")->valuestring) ? json_get(p, "x") : json_get(p, "y"));
      else if ((x = json_get(p, "xrange")) &&
               !(cJSON_IsArray(x) && cJSON_GetArraySize(x) == 2 && cJSON_IsNumber(cJSON_GetArrayItem(x, 0)) &&
                 cJSON_IsNumber(cJSON_GetArrayItem(x, 1)) &&
                 cJSON_GetArrayItem(x, 0)->valuedouble < cJSON_GetArrayItem(x, 1)->valuedouble &&
                 (!cJSON_IsTrue(json_get(p, "logx")) || cJSON_GetArrayItem(x, 0)->valuedouble > 0)))
        bad = fail(err, path, f, "\"xrange\" must be [lo, hi] with lo < hi (lo > 0 on a log axis)", x);
      else if ((x = json_get(p, "where")) && !cJSON_IsObject(x)) bad = fail(err, path, f, "\"where\" must be an object", x);
      else if ((x = json_get(p, "rows")) && !cJSON_IsObject(x)) bad = fail(err, path, f, "\"rows\" must be an object", x);
      else if ((x = json_get(p, "paper_y")) && !is_string_array(x))
        bad = fail(err, path, f, "\"paper_y\" must be an array of paper number ids", x);
    }
  }
  x = json_get(r, "compare");
  if (!bad && x && !cJSON_IsArray(x)) bad = fail(err, path, "compare", "expected an array", x);
  for (int i = 0; !bad && x && i < cJSON_GetArraySize(x); ++i) {
    const cJSON *e = cJSON_GetArrayItem(x, i);
    snprintf(f, sizeof f, "compare[%d]", i);
    if (check_selection(e, path, f, err)) bad = 1;
    else if (!cJSON_IsString(json_get(e, "quantity")) || !cJSON_IsString(json_get(e, "paper_id")))
      bad = fail(err, path, f, "needs \"quantity\" and \"paper_id\" strings", NULL);
  }
  x = json_get(r, "checks");
  if (!bad && x && !cJSON_IsArray(x)) bad = fail(err, path, "checks", "expected an array", x);
  for (int i = 0; !bad && x && i < cJSON_GetArraySize(x); ++i) {
    const cJSON *e = cJSON_GetArrayItem(x, i), *op = json_get(e, "op");
    snprintf(f, sizeof f, "checks[%d]", i);
    if (!cJSON_IsObject(e)) { bad = fail(err, path, f, "expected an object", e); break; }
    static const char *const check_keys[] = {"quantity", "a", "op", "b", "factor", "band", "per", "min_fraction", "if_missing",
                                             "paper", "paper_claim", "tolerance", "differs_by_design", "yes", "no", "floor", "no_signal", NULL};
    if (only_keys(e, check_keys, path, f, err)) { bad = 1; break; }
    char fa[300];
    snprintf(fa, sizeof fa, "%s.a", f);
    if (check_selection(json_get(e, "a"), path, fa, err)) { bad = 1; break; }
    snprintf(fa, sizeof fa, "%s.b", f);
    const cJSON *band = json_get(e, "band"), *per = json_get(e, "per"), *mf = json_get(e, "min_fraction"), *pp = json_get(e, "paper");
    if (json_get(e, "b") && !cJSON_IsNumber(json_get(e, "b")) && check_selection(json_get(e, "b"), path, fa, err)) { bad = 1; break; }
    if (!cJSON_IsString(json_get(e, "quantity")))
      bad = fail(err, path, f, "needs \"quantity\": what is measured, in the paper's terms", json_get(e, "quantity"));
    else if (band && !(cJSON_IsArray(band) && cJSON_GetArraySize(band) == 2 && cJSON_IsNumber(cJSON_GetArrayItem(band, 0)) &&
                       cJSON_IsNumber(cJSON_GetArrayItem(band, 1)) &&
                       cJSON_GetArrayItem(band, 0)->valuedouble <= cJSON_GetArrayItem(band, 1)->valuedouble))
      bad = fail(err, path, f, "\"band\" must be [lo, hi] with lo <= hi", band);
    else if (!band && (!cJSON_IsString(op) || (strcmp(op->valuestring, "<") && strcmp(op->valuestring, ">"))))
      bad = fail(err, path, f, "\"op\" must be \"<\" or \">\" (or give a \"band\")", op);
    else if (!band && !json_get(e, "b")) bad = fail(err, path, f, "\"op\" needs \"b\"", NULL);
    else if (per && !is_string_array(per)) bad = fail(err, path, f, "\"per\" must be an array of record fields", per);
    else if (mf && !(cJSON_IsNumber(mf) && mf->valuedouble > 0 && mf->valuedouble <= 1 && per))
      bad = fail(err, path, f, "\"min_fraction\" must be in (0, 1] and needs \"per\"", mf);
    else if (pp && !cJSON_IsNumber(pp) && !cJSON_IsString(pp))
      bad = fail(err, path, f, "\"paper\" must be a number or an id of results/paper/", pp);
    else if (json_get(e, "paper_claim") && (pp || !cJSON_IsString(json_get(e, "paper_claim"))))
      bad = fail(err, path, f, "\"paper_claim\" must be an id of results/paper/, and not given with \"paper\"", json_get(e, "paper_claim"));
    else if (json_get(e, "if_missing") && !(cJSON_IsString(json_get(e, "if_missing")) && !strcmp(json_get(e, "if_missing")->valuestring, "infinite")))
      bad = fail(err, path, f, "\"if_missing\" can only be \"infinite\"", json_get(e, "if_missing"));
    else if (json_get(e, "differs_by_design") && !cJSON_IsString(json_get(e, "differs_by_design")))
      bad = fail(err, path, f, "\"differs_by_design\" must be the reason, a string", json_get(e, "differs_by_design"));
    else if (json_get(e, "floor") && (band || !cJSON_IsNumber(json_get(e, "floor")) || !isfinite(json_get(e, "floor")->valuedouble)))
      bad = fail(err, path, f, "\"floor\" must be a number, with \"op\" (not \"band\")", json_get(e, "floor"));
    else if (json_get(e, "no_signal") && !(cJSON_IsString(json_get(e, "no_signal")) && json_get(e, "floor")))
      bad = fail(err, path, f, "\"no_signal\" must be a sentence, with \"floor\"", json_get(e, "no_signal"));
    else if (!cJSON_IsString(json_get(e, "yes")) || !cJSON_IsString(json_get(e, "no")))
      bad = fail(err, path, f, "needs \"yes\" and \"no\" sentences", NULL);
  }
  if (!bad && (x = json_get(r, "quick_decides")) && !cJSON_IsString(x))
    bad = fail(err, path, "quick_decides", "expected the measurement that shows the quick grid decides the claim", x);
  if (bad) {
    cJSON_Delete(r);
    cJSON_Delete(listed);
    return NULL;
  }
  cJSON_AddItemToObject(r, RECIPE_LISTED, listed);
  return r;
}

const cJSON *recipe_run_field(const cJSON *recipe, int k, int quick, const char *key) {
  const cJSON *run = cJSON_GetArrayItem(json_get(recipe, "runs"), k), *x;
  if (quick && (x = json_get(json_get(run, "quick"), key))) return x;
  if (quick && (x = json_get(json_get(recipe, "quick"), key))) return x;
  return json_get(run, key);
}
