/* `cbench figure`: run a recipe's sweeps, draw, compare with the papers, write figure.json. */
#include "figure.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

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

int figure_list(const CbenchContext *cb, FILE *f) {
  char names[128][128];
  int n = recipe_names(cb, names, 128);
  if (n < 0) return -1;
  fprintf(f, "figure recipes (%d, in %s/):\n", n, cb->figures_dir);
  for (int i = 0; i < n; ++i) {
    char path[PATH_MAX + 200], err[512];
    snprintf(path, sizeof path, "%.4000s/%.127s.json", cb->figures_dir, names[i]);
    cJSON *r = recipe_load(path, err, sizeof err);
    const cJSON *paper = json_get(r, "paper");
    const char *ref = cJSON_IsObject(paper) ? json_str_or(paper, "ref", "")
                      : !strcmp(json_str_or(r, "kind", ""), RECIPE_KIND_CBENCH_CLAIM) ? "cbench's own claim" : NULL;
    fprintf(f, "  %-28s %s%s%s%s\n", names[i], r ? json_str_or(r, "title", "") : err, ref ? " [" : "", ref ? ref : "",
            ref ? "]" : "");
    cJSON_Delete(r);
  }
  return n;
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
    char units[64] = "", source[256] = "";
    const char *id = json_get(e, "paper_id")->valuestring;
    if (paper_number(paper_dir, id, &paper, units, sizeof units, source, sizeof source) != 0) {
      paper = NAN;
      snprintf(source, sizeof source, "paper number '%.40s' not in %.160s/", id, paper_dir);
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

int figure_make(const CbenchContext *cb, const char *name, const FigureOptions *o, char *err, size_t errlen) {
  char path[PATH_MAX + 200];
  snprintf(path, sizeof path, "%s/%s.json", cb->figures_dir, name);
  if (!path_component_safe(name) || !file_exists(path)) { /* the name also names DIR/NAME/ */
    snprintf(err, errlen, "unknown figure '%s' (no %s; see `cbench figure list`)", name, path);
    return CB_ERR_INPUT;
  }
  cJSON *recipe = recipe_load(path, err, errlen);
  if (!recipe) return CB_ERR_INPUT;
  double t0 = clock_monotonic();
  char dir[1200], fdir[1400];
  if (o->out[0]) snprintf(dir, sizeof dir, "%s", o->out);
  else snprintf(dir, sizeof dir, "%.1000s/figures/%s", cb->results_dir, o->quick ? "quick" : "full");
  snprintf(fdir, sizeof fdir, "%s/%s/data", dir, name);
  if (dir_make_parents(fdir) != 0) { snprintf(err, errlen, "cannot create %s", fdir); cJSON_Delete(recipe); return CB_ERR_IO; }
  /* quick references (short horizons) live under DIR, apart from the committed full ones: the
   * runs see DIR as their results folder */
  CbenchContext *run_cb = malloc(sizeof *run_cb);
  if (!run_cb) { snprintf(err, errlen, "out of memory"); cJSON_Delete(recipe); return CB_ERR_MEMORY; }
  *run_cb = *cb;
  if (o->quick) cbench_context_set_results_dir(run_cb, dir);

  /* the runs: one sweep each (records of a current spec are reused) */
  cJSON *records = cJSON_CreateArray();
  SweepConfig *c = malloc(sizeof *c);
  int rc = CB_OK;
  int nruns = cJSON_GetArraySize(json_get(recipe, "runs"));
  cJSON *skipped = cJSON_CreateArray();
  for (int k = 0; k < nruns && rc == 0; ++k) {
    char rdir[1500];
    snprintf(rdir, sizeof rdir, "%s/%s/run%d", dir, name, k);
    rc = recipe_sweep_config(recipe, path, k, o->quick, rdir, c, err, errlen) ? CB_ERR_INPUT : CB_OK;
    if (rc) break;
    if (skip_unregistered(recipe, &cb->registry, c, skipped) == 0) continue; /* none of its integrators is built */
    c->jobs = o->jobs;
    snprintf(c->command, sizeof c->command, "cbench figure %s%s --out %s", name, o->quick ? " --quick" : "", dir);
    /* references for the error (quick mode: to the quick horizon, kept under DIR/reference) */
    if (cJSON_IsTrue(recipe_run_field(recipe, k, o->quick, "references")))
      for (int ci = 0; ci < c->ncases && rc == 0; ++ci) {
        RunSpec s;
        run_spec_init(&s);
        if (run_spec_set_case(&s, run_cb->cases_dir, c->cases[ci], err, errlen) != 0) { rc = CB_ERR_INPUT; break; }
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
        if (reference_ensure(run_cb, s.case_path, s.case_name, &rcfg, &computed, rerr, sizeof rerr) != 0)
          fprintf(stderr, "figure %s: no reference for %s (%s): its runs have no error\n", name, s.case_name, rerr);
      }
    if (rc) break;
    if (!o->quiet) fprintf(stderr, "figure %s: sweep %d/%d -> %s\n", name, k + 1, nruns, rdir);
    int src = sweep_run(run_cb, c, CB_ERR_BUF(err, errlen));
    if (src == CB_ERR_INPUT) { rc = CB_ERR_INPUT; break; }
    if (src != 0 && !o->quiet) fprintf(stderr, "figure %s: %s (continuing with the records there are)\n", name, err);
    char all[1600], lerr[512];
    snprintf(all, sizeof all, "%s/sweep.json", rdir);
    cJSON *arr = records_load_file(all, lerr, sizeof lerr);
    if (!arr || lerr[0]) { /* the sweep's own summary: a figure never drops records silently */
      snprintf(err, errlen, "%s", lerr);
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
  rc = figure_draw(recipe, records, &cb->registry, cb->paper_dir, dir, name, err, errlen) ? CB_ERR_IO : CB_OK;
  int nimg = figure_image_count(recipe);
  for (int i = 0; rc == 0 && o->gnuplot && i < nimg; ++i) { /* one script per image (plot.images) */
    char fdir_name[PATH_MAX + 64], base[400], gp[420], log[PATH_MAX + 80];
    snprintf(fdir_name, sizeof fdir_name, "%s/%s", dir, name);
    figure_image_base(recipe, name, i, base, sizeof base);
    snprintf(gp, sizeof gp, "%s.gp", base);
    snprintf(log, sizeof log, "%s/gnuplot.log", fdir_name);
    char svg[420], png[420];
    snprintf(svg, sizeof svg, "%s.svg", base);
    snprintf(png, sizeof png, "%s.png", base);
    const char *imgs[] = {svg, png};
    rc = gp_run_atomic(fdir_name, gp, log, imgs, 2, 1, err, errlen) ? CB_ERR_IO : CB_OK;
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
  char cmd[1500];
  snprintf(cmd, sizeof cmd, "cbench figure %s%s --out %s", name, o->quick ? " --quick" : "", dir);
  cJSON_AddStringToObject(fig, "command", cmd);
  cJSON_AddStringToObject(fig, "recipe", path);
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
  if (rc) cJSON_AddStringToObject(fig, "problem", err);
  char *text = json_print(fig, 1);
  char fj[PATH_MAX + 64], werr[512];
  snprintf(fj, sizeof fj, "%s/%s/figure.json", dir, name);
  if (file_write_atomic(fj, text, strlen(text), CB_ERR_BUF(werr, sizeof werr)) != 0) {
    snprintf(err, errlen, "%s", werr);
    rc = CB_ERR_IO;
  }
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
