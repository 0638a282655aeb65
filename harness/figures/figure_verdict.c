/* Checks and verdicts of figure recipes (figure_verdict.h). */
#include "figure_verdict.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "figure_data.h"
#include "../common/json_get.h"
#include "paper_data.h"
#include "../run/record_outcome.h"
#include "../sweep/sweep.h"

/* The one usable record matching where (NULL unless exactly one record matches and it is usable). */
static const cJSON *one_usable(const cJSON *records, const cJSON *where) {
  const cJSON *r, *hit = NULL;
  int n = 0;
  cJSON_ArrayForEach(r, records) if (figure_match(r, where)) { hit = r; ++n; }
  return n == 1 && record_outcome(hit) == OUTCOME_OK ? hit : NULL;
}

/* A statistic of the time series next to the one record matching sel.where: sel.series =
 * {file, rows, x, y, stat, threshold} (the stats: figure_points_stat). Rows with the same x are
 * one point (y summed), so x = a Newton log's solve with y = refactorized gives each solve's
 * fresh factorizations. sel.any_outcome = true also reads the series of a failed or timed-out run
 * (what a solver did up to its failure, e.g. Newton iterations that never converge), still of
 * exactly one record. sel.series.x_range [lo, hi] keeps the points with lo <= x < hi. NAN is
 * no value (no such record, no readable series), not a failure (figure_selection_value). */
static double series_value(const cJSON *records, const cJSON *sel) {
  const cJSON *s = json_get(sel, "series");
  const cJSON *hit = one_usable(records, json_get(sel, "where"));
  if (!hit && cJSON_IsTrue(json_get(sel, "any_outcome"))) {
    const cJSON *r;
    int n = 0;
    cJSON_ArrayForEach(r, records) if (figure_match(r, json_get(sel, "where"))) { hit = r; ++n; }
    if (n != 1) hit = NULL;
  }
  if (!hit) return NAN;
  double *x, *y;
  int np;
  /* a series that cannot be read gives the check no number, as a missing record does */
  if (figure_record_series(hit, json_str_or(s, "file", "contacts"), json_get(s, "rows"), json_str_or(s, "x", "t"),
                           json_str_or(s, "y", ""), &x, &y, &np, NULL) != CB_OK)
    return NAN;
  /* x_range [lo, hi]: only the points with lo <= x < hi (a phase of the run: a transient) */
  const cJSON *xr = json_get(s, "x_range");
  if (cJSON_IsArray(xr) && cJSON_GetArraySize(xr) == 2) {
    double lo = cJSON_GetArrayItem(xr, 0)->valuedouble, hi = cJSON_GetArrayItem(xr, 1)->valuedouble;
    int k = 0;
    for (int i = 0; i < np; ++i)
      if (x[i] >= lo && x[i] < hi) x[k] = x[i], y[k++] = y[i];
    np = k;
  }
  const cJSON *th = json_get(s, "threshold");
  double v = figure_points_stat(x, y, np, json_str_or(s, "stat", "max"), cJSON_IsNumber(th) ? th->valuedouble : 0);
  free(x);
  free(y);
  return v;
}

double figure_selection_value(const cJSON *records, const cJSON *sel) {
  if (json_get(sel, "series")) return series_value(records, sel);
  const cJSON *x = json_get(sel, "x");
  const char *field = json_get(sel, "field")->valuestring;
  /* only usable records are data; "status_code" reads every record's outcome, and a side with
   * "any_outcome" a failed, timed-out or flagged run's fields too (where it stopped: t_reached) */
  cJSON *use = cJSON_CreateArray();
  const cJSON *r;
  const int any = cJSON_IsTrue(json_get(sel, "any_outcome"));
  cJSON_ArrayForEach(r, records)
    if (any || !strcmp(field, "status_code") || record_outcome(r) == OUTCOME_OK) cJSON_AddItemReferenceToArray(use, (cJSON *)r);
  const char *stat = json_str_or(sel, "stat", "value");
  double v = figure_stat(use, json_get(sel, "where"), field, stat, cJSON_IsString(x) ? x->valuestring : NULL);
  /* "value" needs exactly one record: a second, unusable one must not make it look single */
  if (!strcmp(stat, "value") && isfinite(v) && figure_stat(records, json_get(sel, "where"), field, "count", NULL) != 1) v = NAN;
  cJSON_Delete(use);
  return v;
}

/* Records matching the selection's where (usable or not): 0 means the data is absent, not bad. */
static int matched(const cJSON *records, const cJSON *sel) {
  return (int)figure_stat(records, json_get(sel, "where"), "status_code", "count", NULL);
}

/* Replaces {a}, {b}, {k} (cells that hold), {n} (cells), {f} (the floor) and {m} (judged cells
 * that do not hold: cells without valid data are neither k nor m) in text with the numbers. */
static void fill_numbers(const char *text, const double *vals, char *out, size_t outlen) {
  static const char keys[] = "abknfm";
  size_t n = 0;
  for (const char *s = text; *s && n + 1 < outlen; ++s) {
    const char *k = s[0] == '{' && s[1] && s[2] == '}' ? strchr(keys, s[1]) : NULL;
    if (k) {
      n += (size_t)snprintf(out + n, outlen - n, "%.3g", vals[k - keys]);
      s += 2;
    } else {
      out[n++] = *s;
    }
    if (n >= outlen) n = outlen - 1;
  }
  out[n < outlen ? n : outlen - 1] = 0;
}

/* A copy of sel whose where also requires cell (NULL cell: a plain copy). */
static cJSON *with_cell(const cJSON *sel, const cJSON *cell) {
  cJSON *s = cJSON_Duplicate(sel, 1);
  if (!cell) return s;
  cJSON *w = cJSON_GetObjectItemCaseSensitive(s, "where");
  if (!w) w = cJSON_AddObjectToObject(s, "where");
  const cJSON *c;
  cJSON_ArrayForEach(c, cell) {
    cJSON_DeleteItemFromObjectCaseSensitive(w, c->string);
    cJSON_AddItemToObject(w, c->string, cJSON_Duplicate(c, 1));
  }
  return s;
}

typedef struct {
  double a, b, v; /* the sides and the tested value (a, or a / b for a band with b) */
  int holds;      /* 1 holds, 0 does not, -1 not judged (no valid number on a side) */
  int weak;       /* the sides do not straddle the check's floor: not enough signal */
  int runs[OUTCOME_COUNT]; /* outcomes of the records either side matches (when not judged) */
} CellResult;

/* Outcomes of the records matching either selection: why a side has no number. */
static void count_runs(const cJSON *records, const cJSON *sa, const cJSON *sb, int runs[OUTCOME_COUNT]) {
  const cJSON *r;
  cJSON_ArrayForEach(r, records)
    if (figure_match(r, json_get(sa, "where")) || (sb && figure_match(r, json_get(sb, "where")))) runs[record_outcome(r)]++;
}

/* "6 runs: 6 flagged" or "2 runs: 1 failed, 1 ok". */
static void runs_text(const int runs[OUTCOME_COUNT], char *out, size_t outlen) {
  static const char *const names[OUTCOME_COUNT] = {"ok", "failed", "timed out", "flagged"};
  int total = 0;
  for (int i = 0; i < OUTCOME_COUNT; ++i) total += runs[i];
  size_t n = (size_t)snprintf(out, outlen, "%d run%s", total, total == 1 ? "" : "s");
  const char *sep = ": ";
  for (int i = OUTCOME_COUNT - 1; i >= 0 && n < outlen; --i)
    if (runs[i]) { n += (size_t)snprintf(out + n, outlen - n, "%s%d %s", sep, runs[i], names[i]); sep = ", "; }
}

/* One check on one cell (NULL: the whole selection). NaN compares false, so every comparison
 * below is reached only with numbers: a NaN side, a ratio over zero or a factor that makes the
 * bound NaN leave the cell not judged, never passed. */
static CellResult judge_cell(const cJSON *c, const cJSON *records, const cJSON *cell) {
  CellResult r = {NAN, NAN, NAN, -1, 0, {0}};
  const cJSON *bj = json_get(c, "b"), *band = json_get(c, "band"), *fl = json_get(c, "floor");
  cJSON *sa = with_cell(json_get(c, "a"), cell), *sb = bj && !cJSON_IsNumber(bj) ? with_cell(bj, cell) : NULL;
  r.a = figure_selection_value(records, sa);
  r.b = cJSON_IsNumber(bj) ? bj->valuedouble : sb ? figure_selection_value(records, sb) : NAN;
  int need_b = bj != NULL, less = !strcmp(json_str_or(c, "op", ">"), "<");
  /* "if_missing": "infinite": a side whose runs all exist but failed, timed out or were flagged
   * costs more than any number (a baseline that times out is not cheaper; a CENIC run that
   * fails is not cheaper either); a side with no record at all stays missing */
  if (!strcmp(json_str_or(c, "if_missing", ""), "infinite")) {
    if (!isfinite(r.a) && matched(records, sa) > 0) r.a = INFINITY;
    if (sb && !isfinite(r.b) && matched(records, sb) > 0) r.b = INFINITY;
  }
  if (isnan(r.a) || (need_b && isnan(r.b)) || (isinf(r.a) && isinf(r.b))) {
    /* not judged: a number is missing */
  } else if (band) {
    r.v = need_b ? (r.b != 0 ? r.a / r.b : NAN) : r.a;
    double lo = cJSON_GetArrayItem(band, 0)->valuedouble, hi = cJSON_GetArrayItem(band, 1)->valuedouble;
    r.holds = isnan(r.v) ? -1 : r.v >= lo && r.v <= hi;
  } else {
    const cJSON *fac = json_get(c, "factor");
    double fb = (cJSON_IsNumber(fac) ? fac->valuedouble : 1.0) * r.b;
    r.v = r.a;
    r.holds = isnan(fb) ? -1 : less ? r.a < fb : r.a > fb;
    /* a ratio against a side at noise level passes for any noise: with a floor, the side
     * claimed larger must exceed it and the other stay below it */
    if (r.holds >= 0 && cJSON_IsNumber(fl)) {
      double big = less ? r.b : r.a, small = less ? r.a : r.b;
      r.weak = !(big > fl->valuedouble && small < fl->valuedouble);
      if (r.weak) r.holds = 0;
    }
  }
  if (r.holds < 0) count_runs(records, sa, sb, r.runs);
  cJSON_Delete(sa);
  cJSON_Delete(sb);
  return r;
}

/* The distinct values of the "per" fields among the records matching a.where. */
static cJSON *cells_of(const cJSON *c, const cJSON *records) {
  cJSON *cells = cJSON_CreateArray();
  const cJSON *per = json_get(c, "per"), *r;
  cJSON_ArrayForEach(r, records) {
    if (!figure_match(r, json_get(json_get(c, "a"), "where"))) continue;
    cJSON *cell = cJSON_CreateObject();
    const cJSON *f;
    cJSON_ArrayForEach(f, per) {
      double v = figure_value(r, f->valuestring);
      char l[256];
      figure_label(r, f->valuestring, l, sizeof l);
      /* numbers match numeric option strings too (figure_match parses them) */
      cJSON *item = isfinite(v) ? cJSON_CreateNumber(v) : cJSON_CreateString(l);
      cJSON_AddItemToObject(cell, f->valuestring, item);
    }
    int seen = 0;
    const cJSON *o;
    cJSON_ArrayForEach(o, cells) seen |= cJSON_Compare(o, cell, 1);
    if (seen) cJSON_Delete(cell);
    else cJSON_AddItemToArray(cells, cell);
  }
  return cells;
}

static void add_num(cJSON *o, const char *k, double v) {
  if (isfinite(v)) cJSON_AddNumberToObject(o, k, v);
  else cJSON_AddNullToObject(o, k);
}

/* The paper's value of a check: a number, or an id of results/paper/ (NAN when unset or not in
 * the folder: no value, not a failure; the check then names the id it could not find). A
 * "paper_claim" id is cited but gives no number: the paper's number is not in the check's units
 * (a step divisor beside an energy), so it must not stand in the paper column. */
static double paper_value(const cJSON *c, const char *paper_dir, cJSON *out) {
  const cJSON *p = json_get(c, "paper"), *claim = json_get(c, "paper_claim");
  if (cJSON_IsNumber(p)) return p->valuedouble;
  if (cJSON_IsString(claim)) p = claim;
  else if (!cJSON_IsString(p)) return NAN;
  double v = NAN;
  char units[64], source[256];
  cJSON_AddStringToObject(out, "paper_id", p->valuestring);
  if (paper_number(paper_dir, p->valuestring, &v, units, sizeof units, source, sizeof source) != 0) return NAN;
  cJSON_AddStringToObject(out, "paper_source", source);
  return p == claim ? NAN : v;
}

static void tolerance_text(const cJSON *c, char *out, size_t outlen) {
  const cJSON *band = json_get(c, "band"), *bj = json_get(c, "b"), *fac = json_get(c, "factor"), *per = json_get(c, "per");
  size_t n;
  if (cJSON_IsString(json_get(c, "tolerance"))) n = (size_t)snprintf(out, outlen, "%s", json_get(c, "tolerance")->valuestring);
  else if (band)
    n = (size_t)snprintf(out, outlen, "%s in [%g, %g]", bj ? "a / b" : "a", cJSON_GetArrayItem(band, 0)->valuedouble,
                         cJSON_GetArrayItem(band, 1)->valuedouble);
  else if (cJSON_IsNumber(bj))
    n = (size_t)snprintf(out, outlen, "a %s %g", json_get(c, "op")->valuestring, (cJSON_IsNumber(fac) ? fac->valuedouble : 1) * bj->valuedouble);
  else
    n = (size_t)snprintf(out, outlen, "a %s %g x b", json_get(c, "op")->valuestring, cJSON_IsNumber(fac) ? fac->valuedouble : 1.0);
  const cJSON *fl = json_get(c, "floor");
  if (cJSON_IsNumber(fl) && n < outlen) {
    int less = !strcmp(json_str_or(c, "op", ">"), "<");
    n += (size_t)snprintf(out + n, outlen - n, ", and %s > %g > %s", less ? "b" : "a", fl->valuedouble, less ? "a" : "b");
  }
  if (per && n < outlen) {
    const cJSON *mf = json_get(c, "min_fraction");
    char frac[32] = "every one";
    if (cJSON_IsNumber(mf)) snprintf(frac, sizeof frac, "a fraction %g", mf->valuedouble);
    snprintf(out + n, outlen - n, ", in %s of the cells (per %s)", frac, cJSON_GetArrayItem(per, 0)->valuestring);
  }
}

/* The sentence of a check whose sides do not straddle its floor. */
static void weak_sentence(const cJSON *c, const double *vals, char *out, size_t outlen) {
  const cJSON *t = json_get(c, "no_signal");
  if (cJSON_IsString(t)) fill_numbers(t->valuestring, vals, out, outlen);
  else snprintf(out, outlen, "Not reproduced: not enough signal (a = %.3g, b = %.3g against the floor %.3g).", vals[0], vals[1], vals[4]);
}

static cJSON *judge(const cJSON *c, const cJSON *records, int quick_smoke, const char *paper_dir) {
  cJSON *out = cJSON_CreateObject();
  cJSON_AddStringToObject(out, "quantity", json_str_or(c, "quantity", ""));
  double paper = paper_value(c, paper_dir, out);
  char sentence[1024], tol[300], runs[200];
  tolerance_text(c, tol, sizeof tol);
  const cJSON *fl = json_get(c, "floor");
  int holds, weak = 0, nodata = 0, ncells = 0, nruns[OUTCOME_COUNT] = {0};
  double vals[6] = {NAN, NAN, NAN, NAN, cJSON_IsNumber(fl) ? fl->valuedouble : NAN, NAN}, ours;
  if (json_get(c, "per")) {
    cJSON *cells = cells_of(c, records), *arr = cJSON_CreateArray();
    int k = 0, n = 0, shown = 0;
    const cJSON *cell;
    cJSON_ArrayForEach(cell, cells) {
      CellResult r = judge_cell(c, records, cell);
      cJSON *e = cJSON_CreateObject();
      cJSON_AddItemToObject(e, "at", cJSON_Duplicate(cell, 1));
      add_num(e, "a", r.a);
      add_num(e, "b", r.b);
      cJSON_AddStringToObject(e, "outcome", r.holds == 1 ? VERDICT_REPRODUCED : VERDICT_NOT_REPRODUCED);
      if (r.holds < 0) {
        runs_text(r.runs, runs, sizeof runs);
        cJSON_AddStringToObject(e, "no_valid_data", runs);
        for (int i = 0; i < OUTCOME_COUNT; ++i) nruns[i] += r.runs[i];
        ++nodata;
      }
      cJSON_AddItemToArray(arr, e);
      ++n;
      k += r.holds == 1;
      /* the example is a judged cell, failing if any: a cell without data shows no numbers */
      if (r.holds >= 0 && (!shown || (shown == 1 && r.holds == 0))) {
        vals[0] = r.a;
        vals[1] = r.b;
        shown = r.holds == 0 ? 2 : 1;
      }
    }
    cJSON_Delete(cells);
    cJSON_AddItemToObject(out, "cells", arr);
    const cJSON *mf = json_get(c, "min_fraction");
    ours = n > 0 ? (double)k / n : NAN;
    holds = n > nodata && ours >= (cJSON_IsNumber(mf) ? mf->valuedouble : 1.0) - 1e-12;
    if (n == nodata) holds = -1;
    ncells = n;
    vals[2] = k;
    vals[3] = n;
    vals[5] = n - k - nodata;
    /* the paper column is the paper's number or nothing: the required fraction is in the tolerance */
  } else {
    CellResult r = judge_cell(c, records, NULL);
    vals[0] = r.a;
    vals[1] = r.b;
    ours = isfinite(r.v) ? r.v : r.a;
    holds = r.holds;
    weak = r.weak;
    for (int i = 0; i < OUTCOME_COUNT; ++i) nruns[i] = r.runs[i];
    add_num(out, "a", r.a);
    add_num(out, "b", r.b);
  }
  runs_text(nruns, runs, sizeof runs);
  if (holds < 0 && ncells)
    snprintf(sentence, sizeof sentence, "Not reproduced: no valid data in any of the %d cells (%s; failed, timed-out and "
             "flagged runs are not data).", ncells, runs);
  else if (holds < 0) {
    char na[32] = "none", nb[32] = "none";
    if (!isnan(vals[0])) snprintf(na, sizeof na, "%.3g", vals[0]);
    if (!isnan(vals[1])) snprintf(nb, sizeof nb, "%.3g", vals[1]);
    snprintf(sentence, sizeof sentence, "Not reproduced: no valid data (a = %s, b = %s; %s; failed, timed-out and "
             "flagged runs are not data).", na, nb, runs);
  }
  else if (weak) weak_sentence(c, vals, sentence, sizeof sentence);
  else fill_numbers(json_get(c, holds ? "yes" : "no")->valuestring, vals, sentence, sizeof sentence);
  if (holds >= 0 && nodata) {
    size_t l = strlen(sentence);
    snprintf(sentence + l, sizeof sentence - l, " No valid data in %d of %d cells (%s).", nodata, ncells, runs);
  }
  /* a check without data or signal is not reproduced, whatever its stated design difference */
  int design = holds == 0 && !weak && json_get(c, "differs_by_design");
  const char *outcome = holds == 1 ? VERDICT_REPRODUCED : design ? VERDICT_DIFFERS : VERDICT_NOT_REPRODUCED;
  if (design) {
    size_t l = strlen(sentence);
    snprintf(sentence + l, sizeof sentence - l, " Differs by design: %s", json_get(c, "differs_by_design")->valuestring);
  }
  cJSON_AddStringToObject(out, "status", quick_smoke ? VERDICT_SMOKE : outcome);
  cJSON_AddStringToObject(out, "outcome", outcome);
  if (holds < 0) cJSON_AddStringToObject(out, "no_valid_data", runs);
  add_num(out, "ours", ours);
  add_num(out, "paper", paper);
  if (cJSON_IsNumber(fl)) cJSON_AddNumberToObject(out, "floor", fl->valuedouble);
  cJSON_AddStringToObject(out, "tolerance", tol);
  cJSON_AddStringToObject(out, "sentence", sentence);
  return out;
}

cJSON *figure_verdict(const cJSON *recipe, const cJSON *records, int quick, const char *paper_dir) {
  cJSON *v = cJSON_CreateObject(), *checks = cJSON_CreateArray();
  int smoke = quick && !cJSON_IsString(json_get(recipe, "quick_decides"));
  int nnot = 0, ndiff = 0, n = 0;
  char text[8192];
  size_t len = 0;
  text[0] = 0;
  const cJSON *c;
  cJSON_ArrayForEach(c, json_get(recipe, "checks")) {
    cJSON *j = judge(c, records, smoke, paper_dir);
    const char *o = json_get(j, "outcome")->valuestring;
    nnot += !strcmp(o, VERDICT_NOT_REPRODUCED);
    ndiff += !strcmp(o, VERDICT_DIFFERS);
    ++n;
    if (len < sizeof text) len += (size_t)snprintf(text + len, sizeof text - len, "%s%s", len ? " " : "", json_get(j, "sentence")->valuestring);
    cJSON_AddItemToArray(checks, j);
  }
  /* a recipe that names no paper item tests cbench's own claim: whatever its checks say, it
   * reproduces nothing and must not be counted with the paper items */
  const cJSON *paper = json_get(recipe, "paper");
  int own = !cJSON_IsString(json_get(paper, "ref"));
  int cbench = !strcmp(json_str_or(recipe, "kind", ""), RECIPE_KIND_CBENCH_CLAIM);
  const char *status = n == 0 || smoke ? VERDICT_SMOKE
                       : cbench       ? (nnot || ndiff ? VERDICT_CBENCH_FAILS : VERDICT_CBENCH_HOLDS)
                       : own          ? VERDICT_NO_PAPER_CLAIM
                       : nnot         ? VERDICT_NOT_REPRODUCED
                       : ndiff        ? VERDICT_DIFFERS
                                      : VERDICT_REPRODUCED;
  char sentence[8400];
  if (n == 0) snprintf(sentence, sizeof sentence, "No check defined: read the figure.");
  else if (smoke) snprintf(sentence, sizeof sentence, "Smoke test (quick grid; full mode judges the claim): %s", text);
  else if (cbench)
    snprintf(sentence, sizeof sentence, "cbench's own claim, not a paper item (%d of %d checks hold): %s", n - nnot - ndiff, n, text);
  else if (own) snprintf(sentence, sizeof sentence, "No paper claim (cbench's own check; %d of %d checks hold): %s", n - nnot - ndiff, n, text);
  else snprintf(sentence, sizeof sentence, "%s", text);
  cJSON_AddStringToObject(v, "status", status);
  cJSON_AddStringToObject(v, "sentence", sentence);
  if (quick && !smoke) cJSON_AddStringToObject(v, "quick_decides", json_get(recipe, "quick_decides")->valuestring);
  cJSON_AddItemToObject(v, "checks", checks);
  return v;
}
