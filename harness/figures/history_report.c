/* The history section of the report (see history_report.h). */
#include "history_report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../common/json_get.h"
#include "../bench/step_detect.h"
#include "markup.h"

static const char *str(const cJSON *o, const char *k) {
  const cJSON *x = json_get(o, k);
  return cJSON_IsString(x) ? x->valuestring : "";
}

/* Every string from the history is escaped: a record's text is never markup. */
static void esc(FILE *f, const char *s) { markup_html(f, s); }
static void esc_n(FILE *f, const char *s, size_t n) { markup_html_n(f, s, n); }

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }
static int cmp_item(const void *a, const void *b) {
  return strcmp((*(const cJSON *const *)a)->string, (*(const cJSON *const *)b)->string);
}

/* An object's members sorted by name, for lookups in log time (cJSON's own lookup is a linear
 * scan: 20,000 benchmarks looked up in 20,000 would be 4e8 comparisons). */
typedef struct {
  const cJSON **v;
  int n;
} Index;

/* CB_OK, or CB_ERR_MEMORY (x empty). */
static CbStatus index_make(Index *x, const cJSON *obj) {
  x->n = 0;
  x->v = NULL;
  int n = cJSON_GetArraySize(obj);
  if (n <= 0) return CB_OK;
  if (!(x->v = malloc(sizeof *x->v * (size_t)n))) return CB_ERR_MEMORY;
  const cJSON *c;
  cJSON_ArrayForEach(c, obj) x->v[x->n++] = c;
  qsort(x->v, (size_t)x->n, sizeof *x->v, cmp_item);
  return CB_OK;
}

static const cJSON *index_get(const Index *x, const char *name) {
  int lo = 0, hi = x->n - 1;
  while (lo <= hi) {
    int mid = lo + (hi - lo) / 2, c = strcmp(x->v[mid]->string, name);
    if (c == 0) return x->v[mid];
    if (c < 0) lo = mid + 1;
    else hi = mid - 1;
  }
  return NULL;
}

/* One machine's entries, in file order, each with its benchmarks indexed. */
typedef struct {
  const cJSON **e;
  Index *bench;
  int n;
} Commits;

/* The benchmark of commit i, or NULL. */
static const cJSON *bench_at(const Commits *c, int i, const char *bench) { return index_get(&c->bench[i], bench); }

/* The value of a benchmark at a commit: wall median, or instruction count. NAN is no value, not
 * a failure: the run is not ok or has none, and the chart draws no point there. */
static double value_at(const Commits *c, int i, const char *bench, int instructions) {
  const cJSON *b = bench_at(c, i, bench);
  if (!b || strcmp(str(b, "status"), "ok")) return NAN;
  const cJSON *v = json_get(b, instructions ? "instructions" : "wall_median");
  return cJSON_IsNumber(v) ? v->valuedouble : NAN;
}

enum { CW = 720, CH = 170, ML = 78, MR = 12, MT = 24, MB = 30 };

static void chart(FILE *f, const char *title, const char *unit, const double *y, const Commits *c, const int *steps,
                  int nsteps) {
  double lo = INFINITY, hi = -INFINITY;
  for (int i = 0; i < c->n; ++i)
    if (isfinite(y[i])) { lo = fmin(lo, y[i]); hi = fmax(hi, y[i]); }
  if (!(hi >= lo)) return;
  /* at least +-10% around the middle: noise of a few percent is not drawn as a cliff */
  double mid = 0.5 * (lo + hi), half = fmax(0.54 * (hi - lo), 0.1 * fabs(mid));
  if (!(half > 0)) half = 1;
  lo = mid - half, hi = mid + half;
  double pw = CW - ML - MR, ph = CH - MT - MB;
#define X(i) (ML + (c->n > 1 ? pw * (i) / (c->n - 1) : pw / 2))
#define Y(v) (MT + ph * (1 - ((v) - lo) / (hi - lo)))
  fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-size=\"11\" font-family=\"sans-serif\">\n", CW, CH);
  fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%g\" height=\"%g\" fill=\"none\" stroke=\"#bbb\"/>\n", ML, MT, pw, ph);
  fputs("<text x=\"4\" y=\"14\" font-weight=\"bold\">", f);
  esc(f, title);
  fprintf(f, "</text>\n<text x=\"4\" y=\"%d\">%.4g</text><text x=\"4\" y=\"%d\">%.4g</text>", MT + 10, hi, CH - MB, lo);
  fprintf(f, "<text x=\"4\" y=\"%d\">", MT + (int)ph / 2 + 4);
  esc(f, unit);
  fprintf(f, "</text>\n<text x=\"%d\" y=\"%d\">", ML, CH - 10);
  esc_n(f, str(c->e[0], "sha"), 7);
  fprintf(f, "</text><text x=\"%d\" y=\"%d\" text-anchor=\"end\">", CW - MR, CH - 10);
  esc_n(f, str(c->e[c->n - 1], "sha"), 7);
  fputs("</text>", f);
  fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" fill=\"#666\">%d commits, in order</text>\n", ML + (int)pw / 2,
          CH - 10, c->n);
  for (int s = 0; s < nsteps; ++s) {
    double ch = step_change(y, c->n, steps[s]);
    fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#c00\" stroke-dasharray=\"4,3\"/>", X(steps[s]),
            MT, X(steps[s]), CH - MB);
    fprintf(f, "<text x=\"%.1f\" y=\"%d\" fill=\"#c00\" text-anchor=\"%s\">step %+.1f%% at ", X(steps[s]) + 3, MT - 6,
            X(steps[s]) > CW - 160 ? "end" : "start", 100 * ch);
    esc_n(f, str(c->e[steps[s]], "sha"), 7);
    fputs("</text>\n", f);
  }
  fputs("<polyline fill=\"none\" stroke=\"#1f77b4\" points=\"", f);
  for (int i = 0; i < c->n; ++i)
    if (isfinite(y[i])) fprintf(f, "%.1f,%.1f ", X(i), Y(y[i]));
  fputs("\"/>\n", f);
  for (int i = 0; i < c->n; ++i) {
    if (isfinite(y[i])) fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" fill=\"#1f77b4\">", X(i), Y(y[i]));
    else fprintf(f, "<text x=\"%.1f\" y=\"%d\" fill=\"#c00\" text-anchor=\"middle\">&#215;", X(i), CH - MB - 3);
    fputs("<title>", f);
    esc_n(f, str(c->e[i], "sha"), 12);
    fputc(' ', f);
    esc(f, str(c->e[i], "date"));
    fprintf(f, "%s: ", cJSON_IsTrue(json_get(c->e[i], "dirty")) ? " (dirty)" : "");
    if (isfinite(y[i])) { fprintf(f, "%.6g ", y[i]); esc(f, unit); fputs("</title></circle>\n", f); }
    else fputs("no value (not ok)</title></text>\n", f);
  }
  fputs("</svg>\n", f);
#undef X
#undef Y
}

/* Commits where a counter of bench differs from the commit before (counters are deterministic:
 * any change is a change of the algorithm's work). old: a reusable index of the commit before's
 * counters. */
static int counter_changes(FILE *f, const Commits *c, const char *bench, int html, Index *old_ix) {
  int rows = 0;
  for (int i = 1; i < c->n; ++i) {
    const cJSON *a = json_get(bench_at(c, i - 1, bench), "counters");
    const cJSON *b = json_get(bench_at(c, i, bench), "counters");
    if (!a || !b) continue;
    free(old_ix->v);
    if (index_make(old_ix, a)) { old_ix->v = NULL; old_ix->n = 0; return rows; }
    const cJSON *x;
    int first = 1;
    cJSON_ArrayForEach(x, b) {
      const cJSON *old = index_get(old_ix, x->string);
      if (!cJSON_IsNumber(x) || !cJSON_IsNumber(old) || old->valuedouble == x->valuedouble) continue;
      if (first) {
        if (rows == 0 && html) fputs("<p>Counter changes:</p><ul>\n", f);
        if (html) { fputs("<li><code>", f); esc_n(f, str(c->e[i], "sha"), 12); fputs("</code>:", f); }
        else {
          fputs("- ", f);
          markup_md_code(f, bench, (size_t)-1);
          fputs(" at ", f);
          markup_md_code(f, str(c->e[i], "sha"), 12);
          fputc(':', f);
        }
        first = 0;
        ++rows;
      }
      fputc(' ', f);
      if (html) esc(f, x->string);
      else markup_md(f, x->string);
      fprintf(f, html ? " %.15g &#8594; %.15g (%+.2f%%)" : " %.15g -> %.15g (%+.2f%%)", old->valuedouble, x->valuedouble,
              old->valuedouble ? 100 * (x->valuedouble / old->valuedouble - 1) : INFINITY);
    }
    if (!first) fputs(html ? "</li>\n" : "\n", f);
  }
  if (rows && html) fputs("</ul>\n", f);
  return rows;
}

/* The sorted distinct names of the benchmarks of c's entries (malloc'ed array of pointers into
 * them): all names, sorted, then the repeats dropped. */
static int bench_names(const Commits *c, const char ***out) {
  size_t total = 0;
  for (int i = 0; i < c->n; ++i) total += (size_t)c->bench[i].n;
  const char **names = malloc(sizeof *names * (total ? total : 1));
  *out = names;
  if (!names) return 0;
  size_t k = 0;
  for (int i = 0; i < c->n; ++i)
    for (int j = 0; j < c->bench[i].n; ++j) names[k++] = c->bench[i].v[j]->string;
  qsort(names, total, sizeof *names, cmp_str);
  int n = 0;
  for (size_t j = 0; j < total; ++j)
    if (n == 0 || strcmp(names[n - 1], names[j])) names[n++] = names[j];
  return n;
}

static int machine_section(FILE *f, const Commits *c, int html) {
  const char **names = NULL;
  int nb = bench_names(c, &names), total = 0;
  double *y = malloc(sizeof(double) * (size_t)c->n);
  int *steps = malloc(sizeof(int) * (size_t)c->n);
  Index old_ix = {NULL, 0};
  for (int k = 0; y && steps && k < nb; ++k) {
    for (int pass = 0; pass < 2; ++pass) { /* wall time, then instructions when there are any */
      int any = 0;
      for (int i = 0; i < c->n; ++i) any |= isfinite(y[i] = value_at(c, i, names[k], pass));
      if (!any) continue;
      int ns = step_detect(y, c->n, steps, c->n);
      if (ns < 0) ns = 0;
      total += ns;
      char title[600];
      snprintf(title, sizeof title, "%s%s", names[k], pass ? ": instructions" : ": wall time median");
      if (html) chart(f, title, pass ? "instr." : "s", y, c, steps, ns);
      else {
        fputs("- ", f);
        markup_md_code(f, names[k], (size_t)-1);
        fprintf(f, "%s: ", pass ? " instructions" : " wall time");
        if (ns == 0) fputs("no step", f);
        for (int s = 0; s < ns; ++s) {
          fprintf(f, "%sstep %+.1f%% at ", s ? ", " : "", 100 * step_change(y, c->n, steps[s]));
          markup_md_code(f, str(c->e[steps[s]], "sha"), 12);
        }
        fputs("\n", f);
      }
    }
    if (html) counter_changes(f, c, names[k], 1, &old_ix);
  }
  if (!html) {
    fputs("\nCounter changes (deterministic: any change is a change of the work done):\n\n", f);
    int rows = 0;
    for (int k = 0; k < nb; ++k) rows += counter_changes(f, c, names[k], 0, &old_ix);
    fputs(rows ? "\n" : "- none\n\n", f);
  }
  free(old_ix.v);
  free(y);
  free(steps);
  free(names);
  return total;
}

typedef struct {
  const char *machine;
  int idx;
} EntryAt;

static int cmp_entry_at(const void *a, const void *b) {
  const EntryAt *x = a, *y = b;
  int c = strcmp(x->machine, y->machine);
  return c ? c : (x->idx > y->idx) - (x->idx < y->idx);
}

/* Machine groups in order of first appearance: a group is a run of the entries sorted by
 * (machine, line); the groups are ordered by their first line. */
static int cmp_group(const void *a, const void *b) {
  const EntryAt *x = *(const EntryAt *const *)a, *y = *(const EntryAt *const *)b;
  return (x->idx > y->idx) - (x->idx < y->idx);
}

CbStatus history_report_section(FILE *f, const cJSON *entries, const char *history_path, int html, int *steps) {
  int n = cJSON_GetArraySize(entries), total = 0;
  size_t m = (size_t)(n > 0 ? n : 1);
  const cJSON **all = malloc(sizeof *all * m), **e = malloc(sizeof *e * m);
  Index *ix = calloc(m, sizeof *ix);
  EntryAt *by = malloc(sizeof *by * m);
  const EntryAt **groups = malloc(sizeof *groups * m);
  if (html) {
    fputs("<h2 id=\"history\">Bench history</h2>\n<p>From <code>", f);
    esc(f, history_path);
    fprintf(f, "</code>: %d line(s). Per benchmark, the wall-time median of each benched commit in the file's (commit) "
               "order; a red dashed line marks a step: at a commit, the medians of up to %d commits before and after "
               "differ by more than %g robust sigmas (1.4826 MAD) and by more than %g%%. Failed runs are marked &#215;. "
               "Timings of different machines are drawn apart.</p>\n",
            n, STEP_WINDOW, STEP_K, 100 * STEP_REL);
  } else {
    fputs("## Bench history\n\nFrom ", f);
    markup_md_code(f, history_path, (size_t)-1);
    fprintf(f, ": %d line(s). Steps: at a commit, the medians of up to %d commits before "
               "and after differ by more than %g robust sigmas (1.4826 MAD) and by more than %g%%.\n\n",
            n, STEP_WINDOW, STEP_K, 100 * STEP_REL);
  }
  int ok = all && e && ix && by && groups, ng = 0, k = 0;
  const cJSON *x;
  if (ok) cJSON_ArrayForEach(x, entries) {
      all[k] = x;
      by[k] = (EntryAt){str(x, "machine"), k};
      ++k;
    }
  if (ok) {
    qsort(by, (size_t)n, sizeof *by, cmp_entry_at);
    for (int i = 0; i < n; ++i)
      if (i == 0 || strcmp(by[i].machine, by[i - 1].machine)) groups[ng++] = &by[i];
    qsort(groups, (size_t)ng, sizeof *groups, cmp_group);
  }
  for (int g = 0; ok && g < ng; ++g) {
    const EntryAt *first = groups[g];
    const char *machine = first->machine;
    Commits c = {e, ix, 0};
    for (const EntryAt *p = first; p < by + n && !strcmp(p->machine, machine); ++p) {
      e[c.n] = all[p->idx];
      if (index_make(&ix[c.n], json_get(all[p->idx], "benchmarks"))) ok = 0;
      ++c.n;
    }
    if (ok) {
      if (html) { fputs("<h3>Machine ", f); esc(f, machine); fprintf(f, " (%d commits)</h3>\n", c.n); }
      else { fputs("### Machine ", f); markup_md(f, machine); fprintf(f, " (%d commits)\n\n", c.n); }
      total += machine_section(f, &c, html);
    }
    for (int i = 0; i < c.n; ++i) { free(ix[i].v); ix[i].v = NULL; }
  }
  free(all);
  free(e);
  free(ix);
  free(by);
  free(groups);
  if (steps) *steps = ok ? total : 0;
  return ok ? CB_OK : CB_ERR_MEMORY;
}
