#include "figure_recipe.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../models/json_input.h"
#include "files.h"
#include "run_spec.h"

static const cJSON *get(const cJSON *o, const char *k) { return o ? cJSON_GetObjectItemCaseSensitive(o, k) : NULL; }

static int fail(char *err, size_t errlen, const char *path, const char *field, const char *problem, const cJSON *got) {
  char *g = got ? cJSON_PrintUnformatted(got) : NULL;
  snprintf(err, errlen, "%s: %s: %s%s%.200s%s", path, field, problem, g ? " (got " : "", g ? g : "", g ? ")" : "");
  free(g);
  return 2;
}

static int only_keys(const cJSON *o, const char *const *known, const char *path, const char *where, char *err,
                     size_t errlen) {
  const cJSON *k;
  cJSON_ArrayForEach(k, o) {
    int ok = 0;
    for (int i = 0; known[i] && !ok; ++i) ok = !strcmp(k->string, known[i]);
    if (!ok) {
      char f[256];
      snprintf(f, sizeof f, "%s%s%s", where, *where ? "." : "", k->string);
      return fail(err, errlen, path, f, "unknown field", NULL);
    }
  }
  return 0;
}

static const char *const run_keys[] = {"cases", "integrators", "accuracies", "dts", "error_norm", "error_norms",
                                       "max_steps", "opt", "param", "t_end", "timeout", "reps", "window", "output_dt", "series",
                                       "quick", "references", "reference_method",
                                       "reference_secondary", NULL};

static int is_string_array(const cJSON *a) {
  if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) == 0) return 0;
  const cJSON *x;
  cJSON_ArrayForEach(x, a) if (!cJSON_IsString(x)) return 0;
  return 1;
}

static int is_positive_array(const cJSON *a) {
  if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) == 0 || cJSON_GetArraySize(a) > SWEEP_MAX_LIST) return 0;
  const cJSON *x;
  cJSON_ArrayForEach(x, a) if (!cJSON_IsNumber(x) || !(x->valuedouble > 0) || !isfinite(x->valuedouble)) return 0;
  return 1;
}

/* Values of an --opt / --param axis: strings or numbers, as text. */
static int axis_values(const cJSON *a, char *vals, size_t stride, int *n) {
  if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) == 0 || cJSON_GetArraySize(a) > SWEEP_MAX_OPT_VALUES) return -1;
  *n = 0;
  const cJSON *x;
  cJSON_ArrayForEach(x, a) {
    if (cJSON_IsString(x)) snprintf(vals + stride * (size_t)*n, stride, "%s", x->valuestring);
    else if (cJSON_IsNumber(x)) snprintf(vals + stride * (size_t)*n, stride, "%.17g", x->valuedouble);
    else return -1;
    ++*n;
  }
  return 0;
}

/* Applies one run object (all fields optional) to c. */
static int apply_run(const cJSON *run, const char *path, const char *where, SweepConfig *c, char *err, size_t errlen) {
  char f[256];
#define FIELD(name) (snprintf(f, sizeof f, "%s.%s", where, name), f)
  if (only_keys(run, run_keys, path, where, err, errlen)) return 2;
  const cJSON *x;
  if ((x = get(run, "cases"))) {
    if (!is_string_array(x) || cJSON_GetArraySize(x) > SWEEP_MAX_LIST) return fail(err, errlen, path, FIELD("cases"), "expected an array of case names", x);
    c->ncases = 0;
    const cJSON *s;
    cJSON_ArrayForEach(s, x) snprintf(c->cases[c->ncases++], sizeof c->cases[0], "%s", s->valuestring);
  }
  if ((x = get(run, "integrators"))) {
    if (!is_string_array(x) || cJSON_GetArraySize(x) > SWEEP_MAX_LIST) return fail(err, errlen, path, FIELD("integrators"), "expected an array of integrator names", x);
    c->nintegrators = 0;
    const cJSON *s;
    cJSON_ArrayForEach(s, x) snprintf(c->integrators[c->nintegrators++], sizeof c->integrators[0], "%s", s->valuestring);
  }
  if ((x = get(run, "accuracies"))) {
    if (!is_positive_array(x)) return fail(err, errlen, path, FIELD("accuracies"), "expected an array of numbers > 0", x);
    c->nacc = 0;
    const cJSON *v;
    cJSON_ArrayForEach(v, x) c->accuracies[c->nacc++] = v->valuedouble;
  }
  if ((x = get(run, "dts"))) {
    if (!is_positive_array(x)) return fail(err, errlen, path, FIELD("dts"), "expected an array of numbers > 0", x);
    c->ndt = 0;
    const cJSON *v;
    cJSON_ArrayForEach(v, x) c->dts[c->ndt++] = v->valuedouble;
  }
  if ((x = get(run, "max_steps"))) {
    if (!is_positive_array(x)) return fail(err, errlen, path, FIELD("max_steps"), "expected an array of numbers > 0", x);
    c->nmax_steps = 0;
    const cJSON *v;
    cJSON_ArrayForEach(v, x) c->max_steps[c->nmax_steps++] = v->valuedouble;
  }
  if ((x = get(run, "error_norm"))) {
    const char *s = cJSON_IsString(x) ? x->valuestring : "";
    if (!strcmp(s, "q")) c->error_norm = 0;
    else if (!strcmp(s, "full")) c->error_norm = 1;
    else if (!strcmp(s, "default")) c->error_norm = -1;
    else return fail(err, errlen, path, FIELD("error_norm"), "expected \"q\", \"full\" or \"default\"", x);
  }
  if ((x = get(run, "error_norms"))) {
    if (!is_string_array(x) || cJSON_GetArraySize(x) > 3) return fail(err, errlen, path, FIELD("error_norms"), "expected up to 3 of \"q\", \"full\", \"default\"", x);
    c->nnorms = 0;
    const cJSON *s;
    cJSON_ArrayForEach(s, x) {
      const char *v = s->valuestring;
      int k = !strcmp(v, "q") ? 0 : !strcmp(v, "full") ? 1 : !strcmp(v, "default") ? -1 : -2;
      if (k == -2) return fail(err, errlen, path, FIELD("error_norms"), "expected \"q\", \"full\" or \"default\"", s);
      c->norms[c->nnorms++] = k;
    }
  }
  const char *nums[] = {"t_end", "timeout", "window"};
  double *dst[] = {&c->t_end, &c->timeout, &c->window};
  for (int i = 0; i < 3; ++i)
    if ((x = get(run, nums[i]))) {
      if (!cJSON_IsNumber(x) || !(x->valuedouble > 0)) return fail(err, errlen, path, FIELD(nums[i]), "expected a number > 0", x);
      *dst[i] = x->valuedouble;
    }
  if ((x = get(run, "output_dt"))) {
    if (!(cJSON_IsNumber(x) && x->valuedouble > 0 && isfinite(x->valuedouble)) &&
        !(cJSON_IsString(x) && !strcmp(x->valuestring, "step")))
      return fail(err, errlen, path, FIELD("output_dt"), "expected a number > 0 (s) or \"step\"", x);
    c->output_dt = cJSON_IsString(x) ? OUTPUT_DT_STEP : x->valuedouble;
  }
  if ((x = get(run, "reps"))) {
    if (!cJSON_IsNumber(x) || x->valuedouble < 1 || x->valuedouble > 1000) return fail(err, errlen, path, FIELD("reps"), "expected an integer >= 1", x);
    c->reps = (int)x->valuedouble;
  }
  if ((x = get(run, "series"))) {
    if (!is_string_array(x)) return fail(err, errlen, path, FIELD("series"), "expected an array of \"steps\", \"contacts\", \"energy\"", x);
    c->series = 0;
    const cJSON *s;
    cJSON_ArrayForEach(s, x) {
      int b = sweep_series_parse(s->valuestring);
      if (b <= 0) return fail(err, errlen, path, FIELD("series"), "expected \"steps\", \"contacts\" or \"energy\"", s);
      c->series |= b;
    }
  }
  if ((x = get(run, "opt"))) {
    if (!cJSON_IsObject(x)) return fail(err, errlen, path, FIELD("opt"), "expected an object {KEY: [values]}", x);
    c->nopt = 0;
    const cJSON *a;
    cJSON_ArrayForEach(a, x) {
      if (c->nopt >= SWEEP_MAX_OPT_AXES) return fail(err, errlen, path, FIELD("opt"), "too many option axes", NULL);
      snprintf(c->opt_key[c->nopt], sizeof c->opt_key[0], "%s", a->string);
      if (axis_values(a, &c->opt_values[c->nopt][0][0], sizeof c->opt_values[0][0], &c->nopt_values[c->nopt]))
        return fail(err, errlen, path, FIELD("opt"), "each option needs an array of 1 to 8 strings or numbers", a);
      c->nopt++;
    }
  }
  if ((x = get(run, "param"))) {
    if (!cJSON_IsObject(x)) return fail(err, errlen, path, FIELD("param"), "expected an object {PATH: [values]}", x);
    c->nparam_axes = 0;
    const cJSON *a;
    cJSON_ArrayForEach(a, x) {
      if (c->nparam_axes >= SCENE_MAX_PARAMS) return fail(err, errlen, path, FIELD("param"), "too many scene parameter axes", NULL);
      snprintf(c->param_path[c->nparam_axes], sizeof c->param_path[0], "%s", a->string);
      if (axis_values(a, &c->param_values[c->nparam_axes][0][0], sizeof c->param_values[0][0], &c->nparam_values[c->nparam_axes]))
        return fail(err, errlen, path, FIELD("param"), "each path needs an array of 1 to 8 strings or numbers", a);
      c->nparam_axes++;
    }
  }
  const char *refk[] = {"reference_method", "reference_secondary"};
  for (int i = 0; i < 2; ++i)
    if ((x = get(run, refk[i])) && !(cJSON_IsString(x) && (strchr(x->valuestring, ':') || !strcmp(x->valuestring, "none"))))
      return fail(err, errlen, path, FIELD(refk[i]), "expected \"NAME:PARAM\" (or \"none\" for the secondary)", x);
  if ((x = get(run, "references")) && !cJSON_IsBool(x)) return fail(err, errlen, path, FIELD("references"), "expected true or false", x);
  if ((x = get(run, "quick")) && !cJSON_IsObject(x)) return fail(err, errlen, path, FIELD("quick"), "expected an object", x);
#undef FIELD
  return 0;
}

int recipe_sweep_config(const cJSON *recipe, const char *path, int k, int quick, const char *dir, SweepConfig *c,
                        char *err, size_t errlen) {
  sweep_config_default(NULL, c); /* out is set below */
  c->quiet = 1;
  snprintf(c->out, sizeof c->out, "%s", dir);
  const cJSON *run = cJSON_GetArrayItem(get(recipe, "runs"), k);
  char where[64];
  snprintf(where, sizeof where, "runs[%d]", k);
  if (apply_run(run, path, where, c, err, errlen)) return 2;
  if (quick && get(recipe, "quick") && apply_run(get(recipe, "quick"), path, "quick", c, err, errlen)) return 2;
  snprintf(where, sizeof where, "runs[%d].quick", k);
  if (quick && get(run, "quick") && apply_run(get(run, "quick"), path, where, c, err, errlen)) return 2;
  return 0;
}

static const char *const top_keys[] = {"schema", "title", "caption", "paper", "runs", "quick", "plot", "compare",
                                       "checks", "quick_decides", NULL};
static const char *const plot_keys[] = {"kind", "series", "layout", "panels", "fields", "labels", "where",
                                        "normalize", "ylabel", "title", NULL};
static const char *const panel_keys[] = {"title", "where", "x", "y", "xlabel", "ylabel", "logx", "logy", "fit",
                                         "file", "rows", "xreverse", "paper_y", NULL};
static const char *const side_keys[] = {"where", "field", "stat", "x", "series", NULL};
static const char *const stats[] = {"value", "sum", "mean", "min", "max", "count", "ratio_max_min", "slope", NULL};

/* A {where, field, stat, x} selection (compare entries and check sides). */
static int check_selection(const cJSON *s, const char *path, const char *where, char *err, size_t errlen) {
  char f[256];
  if (!cJSON_IsObject(s)) return fail(err, errlen, path, where, "expected an object {where, field, stat}", s);
  const cJSON *k;
  cJSON_ArrayForEach(k, s) {
    int ok = 0;
    for (int i = 0; side_keys[i] && !ok; ++i) ok = !strcmp(k->string, side_keys[i]);
    for (int i = 0; !ok && (!strcmp(k->string, "quantity") || !strcmp(k->string, "paper_id") || !strcmp(k->string, "units")); ++i) ok = 1;
    if (!ok) { snprintf(f, sizeof f, "%s.%s", where, k->string); return fail(err, errlen, path, f, "unknown field", NULL); }
  }
  if (get(s, "series")) {
    const cJSON *ser = get(s, "series");
    snprintf(f, sizeof f, "%s.series", where);
    if (!cJSON_IsObject(ser) || !cJSON_IsString(get(ser, "y")) || !cJSON_IsString(get(ser, "file")) ||
        sweep_series_parse(get(ser, "file")->valuestring) <= 0)
      return fail(err, errlen, path, f, "expected {file: steps|contacts|energy, rows, x, y, stat, threshold}", ser);
    static const char *const sstats[] = {"max", "last", "last_x", "first_x_below", "first_x_above", "rel_variation",
                                         "max_abs_slope", NULL};
    const cJSON *ss = get(ser, "stat");
    int ok = !ss;
    for (int i = 0; sstats[i] && cJSON_IsString(ss) && !ok; ++i) ok = !strcmp(ss->valuestring, sstats[i]);
    if (!ok) {
      snprintf(f, sizeof f, "%s.series.stat", where);
      return fail(err, errlen, path, f, "expected max, last, last_x, first_x_below, first_x_above, rel_variation or max_abs_slope", ss);
    }
    return 0;
  }
  if (!cJSON_IsString(get(s, "field"))) { snprintf(f, sizeof f, "%s.field", where); return fail(err, errlen, path, f, "expected a record field name", get(s, "field")); }
  const cJSON *st = get(s, "stat");
  if (st) {
    int ok = 0;
    for (int i = 0; stats[i] && cJSON_IsString(st) && !ok; ++i) ok = !strcmp(st->valuestring, stats[i]);
    if (!ok) { snprintf(f, sizeof f, "%s.stat", where); return fail(err, errlen, path, f, "expected value, sum, mean, min, max, count, ratio_max_min or slope", st); }
  }
  if (get(s, "where") && !cJSON_IsObject(get(s, "where"))) { snprintf(f, sizeof f, "%s.where", where); return fail(err, errlen, path, f, "expected an object {field: value}", get(s, "where")); }
  return 0;
}

cJSON *recipe_load(const char *path, char *err, size_t errlen) {
  char *text = input_read_file(path, INPUT_MAX_BYTES, NULL, err, errlen);
  if (!text) return NULL;
  cJSON *r = recipe_load_text(text, path, err, errlen);
  free(text);
  return r;
}

cJSON *recipe_load_text(const char *text, const char *path, char *err, size_t errlen) {
  cJSON *r = json_parse_checked(text, path, err, errlen);
  if (!r) return NULL;
  int bad = 0;
  char f[256];
  const cJSON *x;
  if (!cJSON_IsObject(r)) bad = fail(err, errlen, path, "(top)", "expected an object", NULL);
  else if (only_keys(r, top_keys, path, "", err, errlen)) bad = 1;
  else if (!cJSON_IsString(x = get(r, "schema")) || strcmp(x->valuestring, RECIPE_SCHEMA))
    bad = fail(err, errlen, path, "schema", "expected \"" RECIPE_SCHEMA "\"", x);
  else if (!cJSON_IsString(get(r, "title"))) bad = fail(err, errlen, path, "title", "expected a string", get(r, "title"));
  else if (!cJSON_IsString(get(r, "caption"))) bad = fail(err, errlen, path, "caption", "expected a string", get(r, "caption"));
  else if ((x = get(r, "paper")) && !cJSON_IsNull(x) && !(cJSON_IsObject(x) && cJSON_IsString(get(x, "ref"))))
    bad = fail(err, errlen, path, "paper", "expected null or an object with \"ref\"", x);
  else if (!cJSON_IsArray(x = get(r, "runs")) || cJSON_GetArraySize(x) == 0 || cJSON_GetArraySize(x) > 16)
    bad = fail(err, errlen, path, "runs", "expected an array of 1 to 16 sweep objects", x);
  else if ((x = get(r, "quick")) && !cJSON_IsObject(x)) bad = fail(err, errlen, path, "quick", "expected an object", x);
  else if (!cJSON_IsObject(x = get(r, "plot"))) bad = fail(err, errlen, path, "plot", "expected an object", x);
  if (!bad) {
    /* every run must make a sweep (types, values) */
    SweepConfig *c = malloc(sizeof *c);
    for (int k = 0; c && !bad && k < cJSON_GetArraySize(get(r, "runs")); ++k) {
      if (!cJSON_IsObject(cJSON_GetArrayItem(get(r, "runs"), k))) {
        snprintf(f, sizeof f, "runs[%d]", k);
        bad = fail(err, errlen, path, f, "expected an object", cJSON_GetArrayItem(get(r, "runs"), k));
      } else {
        bad = recipe_sweep_config(r, path, k, 0, ".", c, err, errlen) || recipe_sweep_config(r, path, k, 1, ".", c, err, errlen);
      }
    }
    free(c);
  }
  const cJSON *plot = get(r, "plot");
  if (!bad && only_keys(plot, plot_keys, path, "plot", err, errlen)) bad = 1;
  if (!bad) {
    const cJSON *kind = get(plot, "kind");
    const char *k = cJSON_IsString(kind) ? kind->valuestring : "";
    if (strcmp(k, "xy") && strcmp(k, "series") && strcmp(k, "bars"))
      bad = fail(err, errlen, path, "plot.kind", "expected \"xy\", \"series\" or \"bars\"", kind);
    else if ((x = get(plot, "series")) && !is_string_array(x))
      bad = fail(err, errlen, path, "plot.series", "expected an array of record field names", x);
    else if (!strcmp(k, "bars") && (!is_string_array(get(plot, "fields")) ||
                                   (get(plot, "labels") && cJSON_GetArraySize(get(plot, "labels")) != cJSON_GetArraySize(get(plot, "fields")))))
      bad = fail(err, errlen, path, "plot.fields", "bars need \"fields\" (and as many \"labels\")", get(plot, "fields"));
    else if (strcmp(k, "bars") && (!cJSON_IsArray(x = get(plot, "panels")) || cJSON_GetArraySize(x) == 0 || cJSON_GetArraySize(x) > 16))
      bad = fail(err, errlen, path, "plot.panels", "expected an array of 1 to 16 panels", x);
    for (int i = 0; !bad && strcmp(k, "bars") && i < cJSON_GetArraySize(get(plot, "panels")); ++i) {
      const cJSON *p = cJSON_GetArrayItem(get(plot, "panels"), i);
      snprintf(f, sizeof f, "plot.panels[%d]", i);
      if (!cJSON_IsObject(p)) bad = fail(err, errlen, path, f, "expected an object", p);
      else if (only_keys(p, panel_keys, path, f, err, errlen)) bad = 1;
      else if (!cJSON_IsString(get(p, "x")) || !cJSON_IsString(get(p, "y")))
        bad = fail(err, errlen, path, f, "a panel needs \"x\" and \"y\" field names", NULL);
      else if (!strcmp(k, "series") && (!cJSON_IsString(x = get(p, "file")) || sweep_series_parse(x->valuestring) <= 0))
        bad = fail(err, errlen, path, f, "a series panel needs \"file\": \"steps\", \"contacts\" or \"energy\"", get(p, "file"));
      else if ((x = get(p, "where")) && !cJSON_IsObject(x)) bad = fail(err, errlen, path, f, "\"where\" must be an object", x);
      else if ((x = get(p, "rows")) && !cJSON_IsObject(x)) bad = fail(err, errlen, path, f, "\"rows\" must be an object", x);
      else if ((x = get(p, "paper_y")) && !is_string_array(x))
        bad = fail(err, errlen, path, f, "\"paper_y\" must be an array of paper number ids", x);
    }
  }
  x = get(r, "compare");
  if (!bad && x && !cJSON_IsArray(x)) bad = fail(err, errlen, path, "compare", "expected an array", x);
  for (int i = 0; !bad && x && i < cJSON_GetArraySize(x); ++i) {
    const cJSON *e = cJSON_GetArrayItem(x, i);
    snprintf(f, sizeof f, "compare[%d]", i);
    if (check_selection(e, path, f, err, errlen)) bad = 1;
    else if (!cJSON_IsString(get(e, "quantity")) || !cJSON_IsString(get(e, "paper_id")))
      bad = fail(err, errlen, path, f, "needs \"quantity\" and \"paper_id\" strings", NULL);
  }
  x = get(r, "checks");
  if (!bad && x && !cJSON_IsArray(x)) bad = fail(err, errlen, path, "checks", "expected an array", x);
  for (int i = 0; !bad && x && i < cJSON_GetArraySize(x); ++i) {
    const cJSON *e = cJSON_GetArrayItem(x, i), *op = get(e, "op");
    snprintf(f, sizeof f, "checks[%d]", i);
    if (!cJSON_IsObject(e)) { bad = fail(err, errlen, path, f, "expected an object", e); break; }
    static const char *const check_keys[] = {"quantity", "a", "op", "b", "factor", "band", "per", "min_fraction", "if_missing",
                                             "paper", "tolerance", "differs_by_design", "yes", "no", NULL};
    if (only_keys(e, check_keys, path, f, err, errlen)) { bad = 1; break; }
    char fa[300];
    snprintf(fa, sizeof fa, "%s.a", f);
    if (check_selection(get(e, "a"), path, fa, err, errlen)) { bad = 1; break; }
    snprintf(fa, sizeof fa, "%s.b", f);
    const cJSON *band = get(e, "band"), *per = get(e, "per"), *mf = get(e, "min_fraction"), *pp = get(e, "paper");
    if (get(e, "b") && !cJSON_IsNumber(get(e, "b")) && check_selection(get(e, "b"), path, fa, err, errlen)) { bad = 1; break; }
    if (!cJSON_IsString(get(e, "quantity")))
      bad = fail(err, errlen, path, f, "needs \"quantity\": what is measured, in the paper's terms", get(e, "quantity"));
    else if (band && !(cJSON_IsArray(band) && cJSON_GetArraySize(band) == 2 && cJSON_IsNumber(cJSON_GetArrayItem(band, 0)) &&
                       cJSON_IsNumber(cJSON_GetArrayItem(band, 1)) &&
                       cJSON_GetArrayItem(band, 0)->valuedouble <= cJSON_GetArrayItem(band, 1)->valuedouble))
      bad = fail(err, errlen, path, f, "\"band\" must be [lo, hi] with lo <= hi", band);
    else if (!band && (!cJSON_IsString(op) || (strcmp(op->valuestring, "<") && strcmp(op->valuestring, ">"))))
      bad = fail(err, errlen, path, f, "\"op\" must be \"<\" or \">\" (or give a \"band\")", op);
    else if (!band && !get(e, "b")) bad = fail(err, errlen, path, f, "\"op\" needs \"b\"", NULL);
    else if (per && !is_string_array(per)) bad = fail(err, errlen, path, f, "\"per\" must be an array of record fields", per);
    else if (mf && !(cJSON_IsNumber(mf) && mf->valuedouble > 0 && mf->valuedouble <= 1 && per))
      bad = fail(err, errlen, path, f, "\"min_fraction\" must be in (0, 1] and needs \"per\"", mf);
    else if (pp && !cJSON_IsNumber(pp) && !cJSON_IsString(pp))
      bad = fail(err, errlen, path, f, "\"paper\" must be a number or an id of results/paper/", pp);
    else if (get(e, "if_missing") && !(cJSON_IsString(get(e, "if_missing")) && !strcmp(get(e, "if_missing")->valuestring, "infinite")))
      bad = fail(err, errlen, path, f, "\"if_missing\" can only be \"infinite\"", get(e, "if_missing"));
    else if (get(e, "differs_by_design") && !cJSON_IsString(get(e, "differs_by_design")))
      bad = fail(err, errlen, path, f, "\"differs_by_design\" must be the reason, a string", get(e, "differs_by_design"));
    else if (!cJSON_IsString(get(e, "yes")) || !cJSON_IsString(get(e, "no")))
      bad = fail(err, errlen, path, f, "needs \"yes\" and \"no\" sentences", NULL);
  }
  if (!bad && (x = get(r, "quick_decides")) && !cJSON_IsString(x))
    bad = fail(err, errlen, path, "quick_decides", "expected the measurement that shows the quick grid decides the claim", x);
  if (bad) {
    cJSON_Delete(r);
    return NULL;
  }
  return r;
}

const cJSON *recipe_run_field(const cJSON *recipe, int k, int quick, const char *key) {
  const cJSON *run = cJSON_GetArrayItem(get(recipe, "runs"), k), *x;
  if (quick && (x = get(get(run, "quick"), key))) return x;
  if (quick && (x = get(get(recipe, "quick"), key))) return x;
  return get(run, key);
}
