/* Every recipe's checks are tests of the paper's claim: for each recipe, synthetic records on
 * which the claim holds (tests/verdict_fixtures/NAME.json) answer `reproduced`, and each of the
 * fixture's breaks (records altered so that one claim does not hold: a ratio outside its band,
 * a ranking lost in one cell, a run flagged by its physics guards) answers `not_reproduced`
 * for the check it names. Every check must be broken by some break: no check is always true.
 * Quick mode answers `smoke`; flagged or failed records never count as successes. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/figures/figure_data.h"
#include "harness/figures/figure_recipe.h"
#include "harness/figures/figure_verdict.h"
#include "harness/common/files.h"
#include "sim_fixtures.h"

static char tmpdir[256];
static void setup(void) { fx_tmpdir_make(tmpdir, sizeof tmpdir, "cbench_verdict"); }
static void teardown(void) { fx_tmpdir_remove(tmpdir); }
TestSuite(verdicts, .init = setup, .fini = teardown);

static cJSON *get(const cJSON *o, const char *k) { return o ? cJSON_GetObjectItemCaseSensitive(o, k) : NULL; }

static cJSON *load_json(const char *path) {
  char *t = file_read_all(path, NULL);
  cJSON *j = t ? cJSON_Parse(t) : NULL;
  free(t);
  return j;
}

/* rec[path] = value, creating the objects on the way ("a.b.c"). */
static void set_path(cJSON *rec, const char *path, const cJSON *value) {
  char key[128];
  cJSON *o = rec;
  const char *s = path;
  for (;;) {
    size_t n = strcspn(s, ".");
    snprintf(key, sizeof key, "%.*s", (int)n, s);
    if (!s[n]) break;
    cJSON *next = get(o, key);
    if (!cJSON_IsObject(next)) {
      cJSON_DeleteItemFromObjectCaseSensitive(o, key);
      next = cJSON_AddObjectToObject(o, key);
    }
    o = next;
    s += n + 1;
  }
  cJSON_DeleteItemFromObjectCaseSensitive(o, key);
  cJSON_AddItemToObject(o, key, cJSON_Duplicate(value, 1));
}

/* The fixture's records with the break's edits applied (break NULL: as they are), their series
 * written under tmpdir (the break's series replace the fixture's). */
static cJSON *records_for(const cJSON *fx, const cJSON *brk) {
  cJSON *recs = cJSON_Duplicate(get(fx, "records"), 1);
  const cJSON *s;
  cJSON_ArrayForEach(s, get(fx, "series")) {
    const cJSON *over = get(get(brk, "series"), s->string);
    char p[600];
    snprintf(p, sizeof p, "%s/%s", tmpdir, s->string);
    fx_write_text(p, (over ? over : s)->valuestring);
  }
  cJSON *r;
  cJSON_ArrayForEach(r, recs) {
    cJSON_AddStringToObject(r, "_dir", tmpdir);
    const cJSON *e;
    cJSON_ArrayForEach(e, get(brk, "edits")) {
      if (!figure_match(r, get(e, "match"))) continue;
      const cJSON *kv;
      cJSON_ArrayForEach(kv, get(e, "set")) set_path(r, kv->string, kv);
    }
  }
  return recs;
}

static const char *status_of(const cJSON *v) { return get(v, "status")->valuestring; }

/* 1 when text shows "nan" as a word: a verdict printed a number it did not have. */
static int shows_nan(const char *text) {
  for (const char *p = text; (p = strstr(p, "nan")); ++p) {
    int before = p > text && ((p[-1] | 32) >= 'a' && (p[-1] | 32) <= 'z'), after = (p[3] | 32) >= 'a' && (p[3] | 32) <= 'z';
    if (!before && !after) return 1;
  }
  return 0;
}

/* No sentence of the verdict or of its checks shows a NaN. */
static void expect_no_nan(const cJSON *v, const char *name, const char *what) {
  cr_expect(!shows_nan(get(v, "sentence")->valuestring), "%s (%s): %s", name, what, get(v, "sentence")->valuestring);
}

Test(verdicts, every_recipe_check_can_fail_and_holds_on_data_where_the_claim_holds) {
  /* the names first: an assertion below must not leave the folder open */
  static char files[128][256];
  int nfiles = 0;
  DIR *d = opendir("figures");
  cr_assert_not_null(d);
  struct dirent *e;
  while ((e = readdir(d)) && nfiles < 128) {
    size_t l = strlen(e->d_name);
    if (l >= 6 && !strcmp(e->d_name + l - 5, ".json")) snprintf(files[nfiles++], sizeof files[0], "%s", e->d_name);
  }
  closedir(d);
  int nrecipes = 0;
  for (int fi = 0; fi < nfiles; ++fi) {
    const char *file = files[fi];
    size_t l = strlen(file);
    char path[600], fpath[600], err[1024], name[256];
    snprintf(name, sizeof name, "%.*s", (int)(l - 5), file);
    snprintf(path, sizeof path, "figures/%s", file);
    snprintf(fpath, sizeof fpath, "tests/verdict_fixtures/%s", file);
    cJSON *recipe = recipe_load(path, CB_ERR_BUF(err, sizeof err));
    cr_assert_not_null(recipe, "%s", err);
    cJSON *fx = load_json(fpath);
    cr_assert_not_null(fx, "%s: every recipe needs a verdict fixture %s", name, fpath);
    ++nrecipes;
    int nchecks = cJSON_GetArraySize(get(recipe, "checks"));
    cr_expect_gt(nchecks, 0, "%s: a recipe without checks has no verdict", name);

    /* a recipe naming no paper item reproduces nothing, whatever its checks say */
    int paper_item = cJSON_IsString(get(get(recipe, "paper"), "ref"));
    /* a recipe of cbench's own claim is judged as a paper's, under its own statuses */
    int cbench = cJSON_IsString(get(recipe, "kind")) && !strcmp(get(recipe, "kind")->valuestring, RECIPE_KIND_CBENCH_CLAIM);
    const char *holds = paper_item ? VERDICT_REPRODUCED : cbench ? VERDICT_CBENCH_HOLDS : VERDICT_NO_PAPER_CLAIM;
    const char *fails = paper_item ? VERDICT_NOT_REPRODUCED : cbench ? VERDICT_CBENCH_FAILS : VERDICT_NO_PAPER_CLAIM;
    cJSON *recs = records_for(fx, NULL);
    cJSON *v = figure_verdict(recipe, recs, 0, "results/paper");
    cr_expect_str_eq(status_of(v), holds, "%s: data on which the claim holds: %s", name, get(v, "sentence")->valuestring);
    expect_no_nan(v, name, "as it holds");
    const cJSON *c;
    cJSON_ArrayForEach(c, get(v, "checks")) {
      cr_expect_str_eq(get(c, "outcome")->valuestring, VERDICT_REPRODUCED, "%s: data on which the claim holds: %s", name,
                       get(c, "sentence")->valuestring);
      cr_expect(cJSON_IsString(get(c, "quantity")) && cJSON_IsString(get(c, "tolerance")) && get(c, "ours") && get(c, "paper"),
                "%s: a check states quantity, ours, paper and tolerance", name);
    }
    cJSON_Delete(v);
    /* quick mode: a smoke test unless the recipe says its quick grid decides */
    v = figure_verdict(recipe, recs, 1, "results/paper");
    if (!get(recipe, "quick_decides")) cr_expect_str_eq(status_of(v), VERDICT_SMOKE, "%s quick", name);
    else cr_expect_str_eq(status_of(v), holds, "%s: its quick grid decides, as it states", name);
    cJSON_Delete(v);
    /* every record flagged: nothing is data, nothing is reproduced */
    cJSON *r;
    cJSON *flag = cJSON_CreateString("physics: energy rose (test)");
    cJSON *warn = cJSON_CreateArray();
    cJSON_AddItemToArray(warn, flag);
    cJSON_ArrayForEach(r, recs) set_path(r, "warnings", warn);
    cJSON_Delete(warn);
    v = figure_verdict(recipe, recs, 0, "results/paper");
    cr_expect_str_eq(status_of(v), fails, "%s: every run flagged: %s", name,
                     get(v, "sentence")->valuestring);
    expect_no_nan(v, name, "every run flagged");
    /* a check left without numbers says so (status_code and if_missing checks still have some) */
    cJSON_ArrayForEach(c, get(v, "checks")) {
      int numbers = cJSON_IsNumber(get(c, "a")) || cJSON_IsNumber(get(c, "b"));
      const cJSON *cell;
      cJSON_ArrayForEach(cell, get(c, "cells")) numbers |= cJSON_IsNumber(get(cell, "a")) || cJSON_IsNumber(get(cell, "b"));
      if (numbers) continue;
      cr_expect_str_eq(get(c, "outcome")->valuestring, VERDICT_NOT_REPRODUCED, "%s: every run flagged", name);
      cr_expect(strstr(get(c, "sentence")->valuestring, "no valid data"), "%s: every run flagged: %s", name, get(c, "sentence")->valuestring);
    }
    cJSON_Delete(v);
    cJSON_Delete(recs);

    /* each break fails the check it names; together they fail every check */
    int broken[64] = {0};
    const cJSON *b;
    cJSON_ArrayForEach(b, get(fx, "breaks")) {
      int k = get(b, "check")->valueint;
      cr_assert(k >= 0 && k < nchecks && k < 64, "%s: break '%s' names check %d", name, get(b, "why")->valuestring, k);
      recs = records_for(fx, b);
      v = figure_verdict(recipe, recs, 0, "results/paper");
      const cJSON *ck = cJSON_GetArrayItem(get(v, "checks"), k);
      const char *outcome = get(ck, "outcome")->valuestring;
      cr_expect_str_neq(outcome, VERDICT_REPRODUCED, "%s: break '%s' leaves check %d reproduced: %s", name,
                        get(b, "why")->valuestring, k, get(ck, "sentence")->valuestring);
      cr_expect_str_neq(status_of(v), VERDICT_REPRODUCED, "%s: break '%s'", name, get(b, "why")->valuestring);
      if (cbench) cr_expect_str_eq(status_of(v), VERDICT_CBENCH_FAILS, "%s: break '%s'", name, get(b, "why")->valuestring);
      expect_no_nan(v, name, get(b, "why")->valuestring);
      broken[k] |= strcmp(outcome, VERDICT_REPRODUCED) != 0;
      cJSON_Delete(v);
      cJSON_Delete(recs);
    }
    for (int k = 0; k < nchecks && k < 64; ++k) cr_expect(broken[k], "%s: no break fails check %d: it may be always true", name, k);
    cJSON_Delete(fx);
    cJSON_Delete(recipe);
  }
  cr_expect_geq(nrecipes, 15);
}

/* The verdict's own rules on a tiny recipe: a band on a ratio, a ranking per cell, a missing
 * side that counts as losing only when its runs exist and failed, differs_by_design. */
Test(verdicts, bands_cells_missing_sides_and_design_differences) {
  const char *recipe_text =
      "{\"paper\": {\"ref\": \"T Fig. 1\"}, \"checks\": ["
      " {\"quantity\": \"q\", \"a\": {\"where\": {\"integrator\": \"x\"}, \"field\": \"w\", \"stat\": \"value\"},"
      "  \"b\": {\"where\": {\"integrator\": \"y\"}, \"field\": \"w\", \"stat\": \"min\"}, \"op\": \"<\", \"per\": [\"param\"],"
      "  \"if_missing\": \"infinite\", \"yes\": \"{k} of {n}\", \"no\": \"{k} of {n}, {a} vs {b}\"},"
      " {\"quantity\": \"r\", \"a\": {\"where\": {\"integrator\": \"x\", \"param\": 1}, \"field\": \"w\"},"
      "  \"b\": {\"where\": {\"integrator\": \"y\", \"param\": 1}, \"field\": \"w\"}, \"band\": [0.05, 0.5], \"paper\": 0.2,"
      "  \"differs_by_design\": \"our scene is smaller\", \"yes\": \"in\", \"no\": \"out {a} {b}\"}]}";
  cJSON *recipe = cJSON_Parse(recipe_text);
  cJSON *recs = cJSON_Parse(
      "[{\"integrator\": \"x\", \"status\": \"ok\", \"params\": {\"accuracy\": 1}, \"w\": 1},"
      " {\"integrator\": \"x\", \"status\": \"ok\", \"params\": {\"accuracy\": 2}, \"w\": 1},"
      " {\"integrator\": \"y\", \"status\": \"ok\", \"params\": {\"accuracy\": 1}, \"w\": 5},"
      " {\"integrator\": \"y\", \"status\": \"timeout\", \"params\": {\"accuracy\": 2}, \"w\": 0.1, \"message\": \"slow\"}]");
  cJSON *v = figure_verdict(recipe, recs, 0, "results/paper");
  cJSON *c0 = cJSON_GetArrayItem(get(v, "checks"), 0), *c1 = cJSON_GetArrayItem(get(v, "checks"), 1);
  cr_expect_str_eq(get(c0, "outcome")->valuestring, VERDICT_REPRODUCED, "%s", get(c0, "sentence")->valuestring);
  cr_expect_str_eq(get(c0, "sentence")->valuestring, "2 of 2", "the timed-out y at 2 is not cheaper");
  cr_expect_eq(cJSON_GetArraySize(get(c0, "cells")), 2);
  cr_expect_float_eq(get(c1, "ours")->valuedouble, 0.2, 1e-12, "ours is the ratio a / b");
  cr_expect_str_eq(get(c1, "outcome")->valuestring, VERDICT_REPRODUCED);
  cr_expect_str_eq(status_of(v), VERDICT_REPRODUCED);
  cJSON_Delete(v);
  /* the timed-out run turned ok and cheap: the ranking is lost in that cell */
  cJSON *y2 = cJSON_GetArrayItem(recs, 3);
  cJSON_ReplaceItemInObject(y2, "status", cJSON_CreateString("ok"));
  cJSON_ReplaceItemInObject(cJSON_GetArrayItem(recs, 2), "w", cJSON_CreateNumber(50));
  v = figure_verdict(recipe, recs, 0, "results/paper");
  c0 = cJSON_GetArrayItem(get(v, "checks"), 0);
  c1 = cJSON_GetArrayItem(get(v, "checks"), 1);
  cr_expect_str_eq(get(c0, "outcome")->valuestring, VERDICT_NOT_REPRODUCED);
  cr_expect_float_eq(get(c0, "ours")->valuedouble, 0.5, 1e-12, "1 of 2 cells");
  cr_expect_str_eq(get(c1, "outcome")->valuestring, VERDICT_DIFFERS, "out of band, with a stated reason");
  cr_expect(strstr(get(c1, "sentence")->valuestring, "our scene is smaller"));
  cr_expect_str_eq(status_of(v), VERDICT_NOT_REPRODUCED);
  cJSON_Delete(v);
  /* a side with no record at all is absent data, not a loss */
  cJSON_DeleteItemFromArray(recs, 3);
  cJSON_DeleteItemFromArray(recs, 2);
  v = figure_verdict(recipe, recs, 0, "results/paper");
  c0 = cJSON_GetArrayItem(get(v, "checks"), 0);
  cr_expect_str_eq(get(c0, "outcome")->valuestring, VERDICT_NOT_REPRODUCED, "%s", get(c0, "sentence")->valuestring);
  cJSON_Delete(v);
  cJSON_Delete(recs);
  cJSON_Delete(recipe);
}

/* A ratio against a noise-level side proves nothing: with a floor the larger side must exceed
 * it and the other stay below it. A side without valid data is not a verdict, whatever the
 * check's stated design difference, and says how many of its runs were flagged. */
Test(verdicts, floors_and_sides_without_valid_data) {
  cJSON *recipe = cJSON_Parse(
      "{\"paper\": {\"ref\": \"T Fig. 1\"}, \"checks\": [{\"quantity\": \"q\", \"a\": {\"where\": {\"integrator\": \"x\"}, \"field\": \"w\"},"
      " \"b\": {\"where\": {\"integrator\": \"y\"}, \"field\": \"w\"}, \"op\": \">\", \"factor\": 3, \"floor\": 1e-3,"
      " \"differs_by_design\": \"d\", \"yes\": \"noisy\", \"no\": \"smooth\"}]}");
  const double cases[][3] = {{1e-2, 0, 1}, {1e-6, 0, 0}, {0, 0, 0}, {1e-2, 2e-3, 0}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    char text[400];
    snprintf(text, sizeof text,
             "[{\"integrator\": \"x\", \"status\": \"ok\", \"params\": {\"accuracy\": 1}, \"w\": %g},"
             " {\"integrator\": \"y\", \"status\": \"ok\", \"params\": {\"accuracy\": 1}, \"w\": %g}]",
             cases[i][0], cases[i][1]);
    cJSON *recs = cJSON_Parse(text), *v = figure_verdict(recipe, recs, 0, "results/paper");
    cJSON *c = cJSON_GetArrayItem(get(v, "checks"), 0);
    const char *sentence = get(c, "sentence")->valuestring;
    cr_expect_str_eq(get(c, "outcome")->valuestring, cases[i][2] ? VERDICT_REPRODUCED : VERDICT_NOT_REPRODUCED,
                     "a = %g, b = %g: %s", cases[i][0], cases[i][1], sentence);
    if (!cases[i][2]) cr_expect(strstr(sentence, "not enough signal"), "a = %g, b = %g: %s", cases[i][0], cases[i][1], sentence);
    cr_expect_float_eq(get(c, "floor")->valuedouble, 1e-3, 1e-15);
    cr_expect(strstr(get(c, "tolerance")->valuestring, "a > 0.001 > b"), "%s", get(c, "tolerance")->valuestring);
    cJSON_Delete(v);
    cJSON_Delete(recs);
  }
  cJSON *recs = cJSON_Parse(
      "[{\"integrator\": \"x\", \"status\": \"ok\", \"params\": {\"accuracy\": 1}, \"w\": 1, \"warnings\": [\"physics: energy rose\"]},"
      " {\"integrator\": \"y\", \"status\": \"ok\", \"params\": {\"accuracy\": 1}, \"w\": 0, \"warnings\": [\"physics: energy rose\"]}]");
  cJSON *v = figure_verdict(recipe, recs, 0, "results/paper"), *c = cJSON_GetArrayItem(get(v, "checks"), 0);
  cr_expect_str_eq(get(c, "outcome")->valuestring, VERDICT_NOT_REPRODUCED, "no data is not a design difference");
  cr_expect(strstr(get(c, "sentence")->valuestring, "no valid data") && strstr(get(c, "sentence")->valuestring, "2 runs: 2 flagged"),
            "%s", get(c, "sentence")->valuestring);
  cr_expect(!shows_nan(get(c, "sentence")->valuestring), "%s", get(c, "sentence")->valuestring);
  cJSON_Delete(v);
  cJSON_Delete(recs);
  cJSON_Delete(recipe);
}

/* A NaN sample compares false: read as a value it would be a fall below the threshold. */
Test(verdicts, a_series_with_a_nan_sample_is_not_data) {
  char p[600];
  snprintf(p, sizeof p, "%s/s.contacts.csv", tmpdir);
  fx_write_text(p, "t,kind,name_a,name_b,fn\n0,pair,a,b,5\n0.1,pair,a,b,5\n0.2,pair,a,b,nan\n0.3,pair,a,b,5\n0.4,pair,a,b,0.5\n");
  char text[800];
  snprintf(text, sizeof text, "[{\"integrator\": \"x\", \"status\": \"ok\", \"params\": {\"accuracy\": 1}, \"_dir\": \"%s\","
           " \"record_file\": \"s.json\"}]", tmpdir);
  cJSON *recs = cJSON_Parse(text);
  const char *stats[] = {"first_x_below", "max", "max_abs_slope", "rel_variation", "last_x"};
  for (size_t i = 0; i < sizeof stats / sizeof stats[0]; ++i) {
    snprintf(text, sizeof text, "{\"where\": {\"integrator\": \"x\"}, \"series\": {\"file\": \"contacts\", \"x\": \"t\","
             " \"y\": \"fn\", \"stat\": \"%s\", \"threshold\": 1}}", stats[i]);
    cJSON *sel = cJSON_Parse(text);
    double val = figure_selection_value(recs, sel);
    cr_expect(isnan(val), "%s over a series with a NaN sample: %g", stats[i], val);
    cJSON_Delete(sel);
  }
  cJSON_Delete(recs);
}

/* A per-cell check's sentence counts the judged cells that fail ({m}) apart from the cells
 * without data, its paper column is the paper's number or nothing (not the required fraction),
 * and a recipe that names no paper item answers no_paper_claim even when every check holds. */
Test(verdicts, cells_that_fail_paper_column_and_recipes_without_a_paper_item) {
  const char *checks =
      "\"checks\": [{\"quantity\": \"q\", \"a\": {\"where\": {\"integrator\": \"x\"}, \"field\": \"w\"},"
      " \"op\": \"<\", \"b\": 1, \"per\": [\"param\"], \"yes\": \"{k} of {n}\", \"no\": \"fails in {m} of {n}\"}]}";
  char text[1024];
  snprintf(text, sizeof text, "{\"paper\": {\"ref\": \"T Fig. 1\"}, %s", checks);
  cJSON *recipe = cJSON_Parse(text);
  snprintf(text, sizeof text, "{%s", checks);
  cJSON *own = cJSON_Parse(text);
  cJSON *recs = cJSON_Parse(
      "[{\"integrator\": \"x\", \"status\": \"ok\", \"params\": {\"accuracy\": 1}, \"w\": 0.5},"
      " {\"integrator\": \"x\", \"status\": \"ok\", \"params\": {\"accuracy\": 2}, \"w\": 3},"
      " {\"integrator\": \"x\", \"status\": \"failed\", \"params\": {\"accuracy\": 3}, \"w\": 0.1, \"message\": \"m\"}]");
  cJSON *v = figure_verdict(recipe, recs, 0, "results/paper");
  const cJSON *c = cJSON_GetArrayItem(get(v, "checks"), 0);
  const char *s = get(c, "sentence")->valuestring;
  cr_expect(!strncmp(s, "fails in 1 of 3", 15), "one judged cell fails, one has no data: %s", s);
  cr_expect(cJSON_IsNull(get(c, "paper")), "no paper number: the paper column stays empty");
  cr_expect_str_eq(status_of(v), VERDICT_NOT_REPRODUCED);
  cJSON_Delete(v);
  /* every cell holds: the paper item is reproduced, cbench's own check is not a paper item */
  cJSON_DeleteItemFromArray(recs, 2);
  cJSON_ReplaceItemInObject(cJSON_GetArrayItem(recs, 1), "w", cJSON_CreateNumber(0.2));
  v = figure_verdict(recipe, recs, 0, "results/paper");
  cr_expect_str_eq(status_of(v), VERDICT_REPRODUCED, "%s", get(v, "sentence")->valuestring);
  cJSON_Delete(v);
  v = figure_verdict(own, recs, 0, "results/paper");
  cr_expect_str_eq(status_of(v), VERDICT_NO_PAPER_CLAIM, "%s", get(v, "sentence")->valuestring);
  cr_expect_str_eq(get(cJSON_GetArrayItem(get(v, "checks"), 0), "outcome")->valuestring, VERDICT_REPRODUCED);
  cJSON_Delete(v);
  cJSON_Delete(recs);
  cJSON_Delete(own);
  cJSON_Delete(recipe);
}

/* A check that tests a paper claim whose number is in other units (a step divisor beside an
 * energy) cites it with paper_claim: the source is named, the paper column stays empty. */
Test(verdicts, a_paper_claim_is_cited_without_its_number) {
  cJSON *recipe = cJSON_Parse(
      "{\"paper\": {\"ref\": \"True Rigidity Figs. 1, 2, 7\"}, \"checks\": [{\"quantity\": \"energy\","
      " \"a\": {\"where\": {\"integrator\": \"x\"}, \"field\": \"w\"}, \"op\": \"<\", \"b\": 1,"
      " \"paper_claim\": \"tr.fig1.match_divisor\", \"yes\": \"y\", \"no\": \"n\"}]}");
  cJSON *recs = cJSON_Parse("[{\"integrator\": \"x\", \"status\": \"ok\", \"params\": {\"dt\": 0.04}, \"w\": 0.03}]");
  cJSON *v = figure_verdict(recipe, recs, 0, "results/paper");
  const cJSON *c = cJSON_GetArrayItem(get(v, "checks"), 0);
  cr_expect(cJSON_IsNull(get(c, "paper")), "the divisor 8 must not stand beside an energy");
  cr_expect_str_eq(get(c, "paper_id")->valuestring, "tr.fig1.match_divisor");
  cr_expect(strstr(get(c, "paper_source")->valuestring, "Delta t/8"), "the claim is cited");
  cJSON_Delete(v);
  cJSON_Delete(recs);
  cJSON_Delete(recipe);
}
