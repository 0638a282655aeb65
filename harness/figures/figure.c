/* `cbench figure`: run a recipe's sweeps, draw, compare with the papers, write figure.json. */
#include "figure.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../common/cb_path.h"
#include "../common/clock.h"
#include "figure_data.h"
#include "figure_draw.h"
#include "figure_recipe.h"
#include "figure_verdict.h"
#include "../common/files.h"
#include "gnuplot_write.h"
#include "../common/install_dir.h"
#include "../common/json_get.h"
#include "../common/machine.h"
#include "paper_data.h"
#include "../run/record_outcome.h"
#include "../run/reference.h"
#include "../run/run_record.h"
#include "../common/subprocess.h"
#include "../common/num_text.h"

void figure_options_default(FigureOptions *o) {
  memset(o, 0, sizeof *o);
  o->jobs = 1;
  o->gnuplot = 1;
}

/* Recipe names (sorted); returns the count or -1. */
static int recipe_names(const CbenchContext *cb, char (*names)[128], int max) {
  int n = dir_list(cb->figures_dir, ".json", &names[0][0], 128, max);
  for (int i = 0; i < n; ++i) names[i][strlen(names[i]) - 5] = '\0'; /* drop ".json" */
  return n;
}

CbStatus figure_list(const CbenchContext *cb, FILE *f) {
  char names[128][128];
  int n = recipe_names(cb, names, 128);
  if (n < 0) return CB_ERR_IO;
  fprintf(f, "figure recipes (%d, in %s/):\n", n, cb->figures_dir);
  CbErrorBuf eb;
  for (int i = 0; i < n; ++i) {
    CbError *err = cb_error_init(&eb);
    CbPath path;
    cJSON *r = cb_path(&path, err, "%s/%s.json", cb->figures_dir, names[i]) == CB_OK ? recipe_load(path.s, err) : NULL;
    const cJSON *paper = json_get(r, "paper");
    const char *ref = cJSON_IsObject(paper) ? json_str_or(paper, "ref", "")
                      : !strcmp(json_str_or(r, "kind", ""), RECIPE_KIND_CBENCH_CLAIM) ? "cbench's own claim" : NULL;
    fprintf(f, "  %-28s %s%s%s%s\n", names[i], r ? json_str_or(r, "title", "") : cb_error_text(err), ref ? " [" : "", ref ? ref : "",
            ref ? "]" : "");
    cJSON_Delete(r);
  }
  return CB_OK;
}

/* ---- comparisons and verdict ---- */

static void add_num(cJSON *o, const char *k, double v) {
  if (isfinite(v)) cJSON_AddNumberToObject(o, k, v);
  else cJSON_AddNullToObject(o, k);
}

static cJSON *comparisons(const cJSON *recipe, const cJSON *records, const char *paper_dir, FILE *out) {
  cJSON *arr = cJSON_CreateArray();
  const cJSON *e;
  cJSON_ArrayForEach(e, json_get(recipe, "compare")) {
    double ours = figure_selection_value(records, e), paper = NAN;
    char units[64] = "", source[PATH_MAX + 300] = ""; /* an id (a recipe's string) and a folder */
    const char *id = json_get(e, "paper_id")->valuestring;
    if (paper_number(paper_dir, id, &paper, units, sizeof units, source, sizeof source) != CB_OK) {
      paper = NAN;
      snprintf(source, sizeof source, "paper number '%s' not in %s/", id, paper_dir);
    }
    cJSON *c = cJSON_CreateObject();
    cJSON_AddStringToObject(c, "quantity", json_get(e, "quantity")->valuestring);
    add_num(c, "ours", ours);
    add_num(c, "paper", paper);
    add_num(c, "ratio", isfinite(ours) && isfinite(paper) && paper != 0 ? ours / paper : NAN);
    cJSON_AddStringToObject(c, "units", json_str_or(e, "units", units));
    cJSON_AddStringToObject(c, "source", source);
    cJSON_AddStringToObject(c, "paper_id", id);
    cJSON_AddItemToArray(arr, c);
    if (out) fprintf(out, "  %-48s ours %-10.4g paper %-10.4g ratio %.3g  (%s)\n", json_get(e, "quantity")->valuestring, ours, paper,
            isfinite(ours) && isfinite(paper) && paper != 0 ? ours / paper : NAN, source);
  }
  return arr;
}

/* ---- the figure ---- */

/* Drops from c the integrators that came from an integrator list ("@NAME", figure_recipe.h) and
 * that this build does not register (an engine another build has), adding each to skipped once;
 * a name written out stays, so a typo is the sweep's error. The integrators left. */
static int skip_unregistered(const cJSON *recipe, const IntegratorRegistry *reg, SweepConfig *c, cJSON *skipped) {
  int n = 0;
  for (int i = 0; i < c->nintegrators; ++i) {
    const char *nm = c->integrators[i];
    int listed = 0, seen = 0;
    const cJSON *l;
    cJSON_ArrayForEach(l, json_get(recipe, RECIPE_LISTED)) listed |= !strcmp(l->valuestring, nm);
    if (integrator_registry_find(reg, nm) || !listed) {
      if (n != i) memcpy(c->integrators[n], nm, sizeof c->integrators[0]);
      ++n;
      continue;
    }
    cJSON_ArrayForEach(l, skipped) seen |= !strcmp(l->valuestring, nm);
    if (!seen) cJSON_AddItemToArray(skipped, cJSON_CreateString(nm));
  }
  c->nintegrators = n;
  return n;
}

/* DIR of figure name (o->out, or RESULTS/figures/quick|full) and DIR/NAME/data made; CB_OK, or
 * CB_ERR_IO. */
static CbStatus figure_dirs(const CbenchContext *cb, const char *name, const FigureOptions *o, CbPath *dir, CbError *e) {
  CbPath fdir;
  CbStatus st = o->out[0] ? cb_path(dir, e, "%s", o->out)
                          : cb_path(dir, e, "%s/figures/%s", cb->results_dir, o->quick ? "quick" : "full");
  if (st == CB_OK) st = cb_path(&fdir, e, "%s/%s/data", dir->s, name);
  if (st != CB_OK) return st;
  if (dir_make_parents(fdir.s) != CB_OK) return CB_ERROR(e, CB_ERR_IO, "cannot create %s", fdir.s);
  return CB_OK;
}

CbStatus figure_make(const CbenchContext *cb, const char *name, const FigureOptions *o, CbError *e) {
  CbPath path;
  if (cb_path(&path, e, "%s/%s.json", cb->figures_dir, name) != CB_OK) return cb_error_fail(e, CB_ERR_INPUT);
  if (!path_component_safe(name) || !file_exists(path.s)) /* the name also names DIR/NAME/ */
    return CB_ERROR(e, CB_ERR_INPUT, "unknown figure '%s' (no %s; see `cbench figure list`)", name, path.s);
  cJSON *recipe = recipe_load(path.s, e);
  if (!recipe) return cb_error_fail(e, CB_ERR_INPUT);
  double t0 = clock_monotonic();
  CbPath dirp;
  CbStatus dst = figure_dirs(cb, name, o, &dirp, e);
  if (dst != CB_OK) { cJSON_Delete(recipe); return dst; }
  const char *dir = dirp.s;
  /* quick references (short horizons) live under DIR, apart from the committed full ones: the
   * runs see DIR as their results folder */
  CbenchContext *run_cb = malloc(sizeof *run_cb);
  if (!run_cb) { cJSON_Delete(recipe); return CB_ERROR(e, CB_ERR_MEMORY, "out of memory"); }
  *run_cb = *cb;
  if (o->quick) cbench_context_set_results_dir(run_cb, dir);

  /* the runs: one sweep each (records of a current spec are reused) */
  cJSON *records = cJSON_CreateArray();
  SweepConfig *c = malloc(sizeof *c);
  CbStatus rc = c ? CB_OK : CB_ERROR(e, CB_ERR_MEMORY, "out of memory");
  int nruns = cJSON_GetArraySize(json_get(recipe, "runs"));
  cJSON *skipped = cJSON_CreateArray();
  for (int k = 0; k < nruns && rc == 0; ++k) {
    CbPath rdirp;
    if ((rc = cb_path(&rdirp, e, "%s/%s/run%d", dir, name, k)) != CB_OK) break;
    const char *rdir = rdirp.s;
    rc = recipe_sweep_config(recipe, path.s, k, o->quick, rdir, c, e) != CB_OK ? cb_error_fail(e, CB_ERR_INPUT) : CB_OK;
    if (rc) break;
    if (skip_unregistered(recipe, &cb->registry, c, skipped) == 0) continue; /* none of its integrators is built */
    c->jobs = o->jobs;
    if (snprintf(c->command, sizeof c->command, "cbench figure %s%s --out %s", name, o->quick ? " --quick" : "", dir) >=
        (int)sizeof c->command) {
      rc = CB_ERROR(e, CB_ERR_IO, "%s: folder too long for the sweep's command line", dir);
      break;
    }
    /* references for the error (quick mode: to the quick horizon, kept under DIR/reference) */
    if (cJSON_IsTrue(recipe_run_field(recipe, k, o->quick, "references")))
      for (int ci = 0; ci < c->ncases && rc == 0; ++ci) {
        RunSpec s;
        run_spec_init(&s);
        if (run_spec_set_case(&s, run_cb->cases_dir, c->cases[ci], e) != CB_OK) { rc = cb_error_fail(e, CB_ERR_INPUT); break; }
        ReferenceConfig rcfg;
        reference_config_default(&rcfg);
        rcfg.t_end = c->run.t_end; /* the runs' horizon (0: the scene's duration) */
        const cJSON *pm = recipe_run_field(recipe, k, o->quick, "reference_method");
        const cJSON *sm = recipe_run_field(recipe, k, o->quick, "reference_secondary");
        const cJSON *gm = recipe_run_field(recipe, k, o->quick, "reference_grid");
        if (pm) sscanf(pm->valuestring, "%63[^:]:%lf", rcfg.primary, &rcfg.primary_param);
        if (gm) rcfg.rate = gm->valuedouble;
        rcfg.method_asked = pm != NULL || gm != NULL;
        if (sm && !strcmp(sm->valuestring, "none")) snprintf(rcfg.secondary, sizeof rcfg.secondary, "none");
        else if (sm) sscanf(sm->valuestring, "%63[^:]:%lf", rcfg.secondary, &rcfg.secondary_param);
        int computed = 0;
        char rerr[1024];
        if (reference_ensure(run_cb, s.case_path, s.case_name, &rcfg, &computed, CB_ERR_BUF(rerr, sizeof rerr)) != 0)
          fprintf(stderr, "figure %s: no reference for %s (%s): its runs have no error\n", name, s.case_name, rerr);
      }
    if (rc) break;
    if (!o->quiet) fprintf(stderr, "figure %s: sweep %d/%d -> %s\n", name, k + 1, nruns, rdir);
    CbStatus src = sweep_run(run_cb, c, e);
    if (src == CB_ERR_INPUT) { rc = CB_ERR_INPUT; break; }
    if (src != CB_OK && !o->quiet) fprintf(stderr, "figure %s: %s (continuing with the records there are)\n", name, cb_error_text(e));
    cb_error_clear(e); /* printed: a failed run is data */
    CbPath all;
    char lerr[512] = "";
    cJSON *arr = cb_path(&all, e, "%s/sweep.json", rdir) == CB_OK ? records_load_file(all.s, CB_ERR_BUF(lerr, sizeof lerr)) : NULL;
    if (!arr || lerr[0]) { /* the sweep's own summary: a figure never drops records silently */
      if (lerr[0] || e->status == CB_OK) CB_ERROR(e, CB_ERR_INPUT, "%s", lerr);
      cJSON_Delete(arr);
      rc = CB_ERR_INPUT;
      break;
    }
    cJSON *r;
    cJSON_ArrayForEach(r, arr) {
      cJSON *dup = cJSON_Duplicate(r, 1);
      cJSON_AddStringToObject(dup, "_dir", rdir);
      cJSON_AddItemToArray(records, dup);
    }
    cJSON_Delete(arr);
  }
  free(c);
  free(run_cb);
  if (rc) { cJSON_Delete(records); cJSON_Delete(recipe); cJSON_Delete(skipped); return rc; }

  /* draw */
  /* a figure that cannot be drawn or rendered is CB_ERR_IO, whatever the cause below */
  rc = figure_draw(recipe, records, &cb->registry, cb->paper_dir, dir, name, e) != CB_OK ? cb_error_fail(e, CB_ERR_IO) : CB_OK;
  int nimg = figure_image_count(recipe);
  for (int i = 0; rc == CB_OK && o->gnuplot && i < nimg; ++i) { /* one script per image (plot.images) */
    CbPath fdir_name, gp, log, svg, png;
    char base[400];
    figure_image_base(recipe, name, i, base, sizeof base);
    if (cb_path(&fdir_name, e, "%s/%s", dir, name) == CB_OK && cb_path(&gp, e, "%s.gp", base) == CB_OK &&
        cb_path(&log, e, "%s/gnuplot.log", fdir_name.s) == CB_OK && cb_path(&svg, e, "%s.svg", base) == CB_OK &&
        cb_path(&png, e, "%s.png", base) == CB_OK) {
      const char *imgs[] = {svg.s, png.s};
      rc = gp_run_atomic(fdir_name.s, gp.s, log.s, imgs, 2, 1, e) != CB_OK ? cb_error_fail(e, CB_ERR_IO) : CB_OK;
    } else {
      rc = CB_ERR_IO;
    }
  }

  /* numbers beside the paper's, the verdict, figure.json */
  int pts[OUTCOME_COUNT] = {0};
  const cJSON *r;
  cJSON_ArrayForEach(r, records) pts[record_outcome(r)]++;
  if (!o->quiet)
    fprintf(stdout, "figure %s: %d runs (%d ok, %d failed, %d timed out, %d flagged)\n", name,
            pts[0] + pts[1] + pts[2] + pts[3], pts[0], pts[1], pts[2], pts[3]);
  cJSON *fig = cJSON_CreateObject();
  cJSON_AddStringToObject(fig, "schema", "cbench.figure/1");
  cJSON_AddStringToObject(fig, "name", name);
  cJSON_AddStringToObject(fig, "title", json_str_or(recipe, "title", name));
  cJSON_AddStringToObject(fig, "caption", json_str_or(recipe, "caption", ""));
  if (cJSON_GetArraySize(skipped) > 0) { /* the caption's note: what this build could not run */
    char note[2048];
    size_t nl = (size_t)snprintf(note, sizeof note, "Not in this build, skipped:");
    const cJSON *l;
    cJSON_ArrayForEach(l, skipped) if (nl < sizeof note)
      nl += (size_t)snprintf(note + nl, sizeof note - nl, "%s %s", l == skipped->child ? "" : ",", l->valuestring);
    if (nl < sizeof note) snprintf(note + nl, sizeof note - nl, " (named by figures/%s; not registered: `cbench list`).", RECIPE_LISTS_FILE);
    cJSON_AddStringToObject(fig, "caption_note", note);
    if (!o->quiet) fprintf(stderr, "figure %s: %s\n", name, note);
  }
  cJSON_AddItemToObject(fig, "skipped_integrators", skipped);
  const cJSON *paper = json_get(recipe, "paper");
  cJSON_AddItemToObject(fig, "paper", paper && cJSON_IsObject(paper) ? cJSON_Duplicate(paper, 1) : cJSON_CreateNull());
  /* what the verdict tests: a paper's item, cbench's own stated claim, or nothing stated */
  cJSON_AddStringToObject(fig, "kind", cJSON_IsObject(paper) ? "paper" : json_str_or(recipe, "kind", "none"));
  char cmd[PATH_MAX + 300];
  snprintf(cmd, sizeof cmd, "cbench figure %s%s --out %s", name, o->quick ? " --quick" : "", dir);
  cJSON_AddStringToObject(fig, "command", cmd);
  cJSON_AddStringToObject(fig, "recipe", path.s);
  cJSON_AddBoolToObject(fig, "quick", o->quick);
  char date[64];
  clock_utc_iso8601(date, sizeof date);
  cJSON_AddStringToObject(fig, "created", date);
  cJSON_AddNumberToObject(fig, "wall_seconds", clock_monotonic() - t0);
  cJSON_AddItemToObject(fig, "machine", run_record_machine_now());
  cJSON *img = cJSON_AddObjectToObject(fig, "images");
  char f1[420], f2[420], f3[300], base[400];
  figure_image_base(recipe, name, 0, base, sizeof base); /* the first image; all of them in "parts" */
  snprintf(f1, sizeof f1, "%s.svg", base);
  snprintf(f2, sizeof f2, "%s.png", base);
  snprintf(f3, sizeof f3, "%s.tsv", name);
  if (json_get(json_get(recipe, "plot"), "images")) {
    cJSON *parts = cJSON_AddArrayToObject(fig, "parts");
    for (int i = 0; i < nimg; ++i) {
      char b[400], s[420], cmdp[PATH_MAX + 500];
      figure_image_base(recipe, name, i, b, sizeof b);
      cJSON *pt = cJSON_CreateObject();
      cJSON_AddStringToObject(pt, "title", figure_image_title(recipe, i));
      snprintf(s, sizeof s, "%s.svg", b);
      cJSON_AddStringToObject(pt, "svg", s);
      snprintf(s, sizeof s, "%s.png", b);
      cJSON_AddStringToObject(pt, "png", s);
      snprintf(s, sizeof s, "%s.gp", b);
      cJSON_AddStringToObject(pt, "script", s);
      snprintf(cmdp, sizeof cmdp, "cd %s/%s && gnuplot %s.gp", dir, name, b);
      cJSON_AddStringToObject(pt, "command", cmdp);
      cJSON_AddItemToArray(parts, pt);
    }
  }
  cJSON_AddStringToObject(img, "svg", f1);
  cJSON_AddStringToObject(img, "png", f2);
  cJSON_AddStringToObject(fig, "table", f3);
  cJSON_AddItemToObject(fig, "comparisons", comparisons(recipe, records, cb->paper_dir, o->quiet ? NULL : stdout));
  cJSON *verdict = figure_verdict(recipe, records, o->quick, cb->paper_dir);
  const char *v = cJSON_GetObjectItemCaseSensitive(verdict, "sentence")->valuestring;
  cJSON_AddStringToObject(fig, "verdict", v);
  cJSON_AddStringToObject(fig, "verdict_status", cJSON_GetObjectItemCaseSensitive(verdict, "status")->valuestring);
  cJSON_AddItemToObject(fig, "checks", cJSON_DetachItemFromObjectCaseSensitive(verdict, "checks"));
  if (cJSON_HasObjectItem(verdict, "quick_decides"))
    cJSON_AddItemToObject(fig, "quick_decides", cJSON_DetachItemFromObjectCaseSensitive(verdict, "quick_decides"));
  cJSON *pj = cJSON_AddObjectToObject(fig, "points");
  cJSON_AddNumberToObject(pj, "ok", pts[0]);
  cJSON_AddNumberToObject(pj, "failed", pts[1]);
  cJSON_AddNumberToObject(pj, "timeout", pts[2]);
  cJSON_AddNumberToObject(pj, "flagged", pts[3]);
  if (rc) cJSON_AddStringToObject(fig, "problem", cb_error_text(e));
  char *text = json_print(fig, 1);
  CbPath fj;
  if (!text) rc = CB_ERROR(e, CB_ERR_MEMORY, "%s: out of memory for figure.json", name);
  else if (cb_path(&fj, e, "%s/%s/figure.json", dir, name) != CB_OK ||
           file_write_atomic(fj.s, text, strlen(text), e) != CB_OK)
    rc = cb_error_fail(e, CB_ERR_IO);
  if (!o->quiet && !json_get(json_get(recipe, "plot"), "images")) {
    printf("figure %s: %s/%s/%s.svg (.png, .tsv, .gp, figure.json)\n  verdict: [%s] %s\n", name, dir, name, name,
           cJSON_GetObjectItemCaseSensitive(verdict, "status")->valuestring, v);
  } else if (!o->quiet) {
    for (int i = 0; i < nimg; ++i) {
      char b[400];
      figure_image_base(recipe, name, i, b, sizeof b);
      printf("figure %s: %s/%s/%s.svg (.png; redraw: cd %s/%s && gnuplot %s.gp)\n", name, dir, name, b, dir, name, b);
    }
    printf("figure %s: %s/%s/%s.tsv, figure.json\n  verdict: [%s] %s\n", name, dir, name, name,
           cJSON_GetObjectItemCaseSensitive(verdict, "status")->valuestring, v);
  }
  free(text);
  cJSON_Delete(verdict);
  cJSON_Delete(fig);
  cJSON_Delete(records);
  cJSON_Delete(recipe);
  return rc;
}
