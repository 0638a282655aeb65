/* The history section of the report (see history_report.h). */
#include "history_report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../common/json_get.h"
#include "../bench/step_detect.h"

static const char *str(const cJSON *o, const char *k) {
  const cJSON *x = json_get(o, k);
  return cJSON_IsString(x) ? x->valuestring : "";
}

static void esc(FILE *f, const char *s) {
  for (; *s; ++s) {
    if (*s == '<') fputs("&lt;", f);
    else if (*s == '>') fputs("&gt;", f);
    else if (*s == '&') fputs("&amp;", f);
    else if (*s == '"') fputs("&quot;", f);
    else fputc(*s, f);
  }
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* One machine's entries, in file order. */
typedef struct {
  const cJSON **e;
  int n;
} Commits;

/* The value of a benchmark at a commit: wall median, or instruction count (NAN when the run is
 * not ok or has none). */
static double value_at(const cJSON *entry, const char *bench, int instructions) {
  const cJSON *b = json_get(json_get(entry, "benchmarks"), bench);
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
  fprintf(f, "<text x=\"4\" y=\"%d\">%s</text>\n", MT + (int)ph / 2 + 4, unit);
  fprintf(f, "<text x=\"%d\" y=\"%d\">%.7s</text><text x=\"%d\" y=\"%d\" text-anchor=\"end\">%.7s</text>", ML, CH - 10,
          str(c->e[0], "sha"), CW - MR, CH - 10, str(c->e[c->n - 1], "sha"));
  fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" fill=\"#666\">%d commits, in order</text>\n", ML + (int)pw / 2,
          CH - 10, c->n);
  for (int s = 0; s < nsteps; ++s) {
    double ch = step_change(y, c->n, steps[s]);
    fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#c00\" stroke-dasharray=\"4,3\"/>", X(steps[s]),
            MT, X(steps[s]), CH - MB);
    fprintf(f, "<text x=\"%.1f\" y=\"%d\" fill=\"#c00\" text-anchor=\"%s\">step %+.1f%% at %.7s</text>\n", X(steps[s]) + 3,
            MT - 6, X(steps[s]) > CW - 160 ? "end" : "start", 100 * ch, str(c->e[steps[s]], "sha"));
  }
  fputs("<polyline fill=\"none\" stroke=\"#1f77b4\" points=\"", f);
  for (int i = 0; i < c->n; ++i)
    if (isfinite(y[i])) fprintf(f, "%.1f,%.1f ", X(i), Y(y[i]));
  fputs("\"/>\n", f);
  for (int i = 0; i < c->n; ++i) {
    if (isfinite(y[i])) fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" fill=\"#1f77b4\">", X(i), Y(y[i]));
    else fprintf(f, "<text x=\"%.1f\" y=\"%d\" fill=\"#c00\" text-anchor=\"middle\">&#215;", X(i), CH - MB - 3);
    fprintf(f, "<title>%.12s %s%s: ", str(c->e[i], "sha"), str(c->e[i], "date"), cJSON_IsTrue(json_get(c->e[i], "dirty")) ? " (dirty)" : "");
    if (isfinite(y[i])) fprintf(f, "%.6g %s</title></circle>\n", y[i], unit);
    else fputs("no value (not ok)</title></text>\n", f);
  }
  fputs("</svg>\n", f);
#undef X
#undef Y
}

/* Commits where a counter of bench differs from the commit before (counters are deterministic:
 * any change is a change of the algorithm's work). */
static int counter_changes(FILE *f, const Commits *c, const char *bench, int html) {
  int rows = 0;
  for (int i = 1; i < c->n; ++i) {
    const cJSON *a = json_get(json_get(json_get(c->e[i - 1], "benchmarks"), bench), "counters");
    const cJSON *b = json_get(json_get(json_get(c->e[i], "benchmarks"), bench), "counters");
    if (!a || !b) continue;
    const cJSON *x;
    int first = 1;
    cJSON_ArrayForEach(x, b) {
      const cJSON *old = json_get(a, x->string);
      if (!cJSON_IsNumber(x) || !cJSON_IsNumber(old) || old->valuedouble == x->valuedouble) continue;
      if (first) {
        if (rows == 0 && html) fputs("<p>Counter changes:</p><ul>\n", f);
        if (html) fprintf(f, "<li><code>%.12s</code>:", str(c->e[i], "sha"));
        else fprintf(f, "- `%s` at `%.12s`:", bench, str(c->e[i], "sha"));
        first = 0;
        ++rows;
      }
      fprintf(f, html ? " %s %.15g &#8594; %.15g (%+.2f%%)" : " %s %.15g -> %.15g (%+.2f%%)", x->string, old->valuedouble, x->valuedouble,
              old->valuedouble ? 100 * (x->valuedouble / old->valuedouble - 1) : INFINITY);
    }
    if (!first) fputs(html ? "</li>\n" : "\n", f);
  }
  if (rows && html) fputs("</ul>\n", f);
  return rows;
}

/* The sorted names of the benchmarks of c's entries (malloc'ed array of pointers into them). */
static int bench_names(const Commits *c, const char ***out) {
  int n = 0, cap = 0;
  const char **names = NULL;
  for (int i = 0; i < c->n; ++i) {
    const cJSON *b;
    cJSON_ArrayForEach(b, json_get(c->e[i], "benchmarks")) {
      int seen = 0;
      for (int k = 0; k < n && !seen; ++k) seen = !strcmp(names[k], b->string);
      if (seen) continue;
      if (n == cap) {
        const char **g = realloc(names, sizeof *names * (size_t)(cap = 2 * cap + 64));
        if (!g) { free(names); *out = NULL; return 0; }
        names = g;
      }
      names[n++] = b->string;
    }
  }
  if (n) qsort(names, (size_t)n, sizeof *names, cmp_str);
  *out = names;
  return n;
}

static int machine_section(FILE *f, const Commits *c, int html) {
  const char **names = NULL;
  int nb = bench_names(c, &names), total = 0;
  double *y = malloc(sizeof(double) * (size_t)c->n);
  int *steps = malloc(sizeof(int) * (size_t)c->n);
  for (int k = 0; y && steps && k < nb; ++k) {
    for (int pass = 0; pass < 2; ++pass) { /* wall time, then instructions when there are any */
      int any = 0;
      for (int i = 0; i < c->n; ++i) any |= isfinite(y[i] = value_at(c->e[i], names[k], pass));
      if (!any) continue;
      int ns = step_detect(y, c->n, steps, c->n);
      if (ns < 0) ns = 0;
      total += ns;
      char title[600];
      snprintf(title, sizeof title, "%s%s", names[k], pass ? ": instructions" : ": wall time median");
      if (html) chart(f, title, pass ? "instr." : "s", y, c, steps, ns);
      else {
        fprintf(f, "- `%s`%s: ", names[k], pass ? " instructions" : " wall time");
        if (ns == 0) fputs("no step", f);
        for (int s = 0; s < ns; ++s)
          fprintf(f, "%sstep %+.1f%% at `%.12s`", s ? ", " : "", 100 * step_change(y, c->n, steps[s]), str(c->e[steps[s]], "sha"));
        fputs("\n", f);
      }
    }
    if (html) counter_changes(f, c, names[k], 1);
  }
  if (!html) {
    fputs("\nCounter changes (deterministic: any change is a change of the work done):\n\n", f);
    int rows = 0;
    for (int k = 0; k < nb; ++k) rows += counter_changes(f, c, names[k], 0);
    fputs(rows ? "\n" : "- none\n\n", f);
  }
  free(y);
  free(steps);
  free(names);
  return total;
}

int history_report_section(FILE *f, const cJSON *entries, const char *history_path, int html) {
  int n = cJSON_GetArraySize(entries), total = 0;
  const cJSON **e = malloc(sizeof *e * (size_t)(n > 0 ? n : 1));
  int *done = calloc((size_t)(n > 0 ? n : 1), sizeof *done);
  if (html) {
    fputs("<h2 id=\"history\">Bench history</h2>\n<p>From <code>", f);
    esc(f, history_path);
    fprintf(f, "</code>: %d line(s). Per benchmark, the wall-time median of each benched commit in the file's (commit) "
               "order; a red dashed line marks a step: at a commit, the medians of up to %d commits before and after "
               "differ by more than %g robust sigmas (1.4826 MAD) and by more than %g%%. Failed runs are marked &#215;. "
               "Timings of different machines are drawn apart.</p>\n",
            n, STEP_WINDOW, STEP_K, 100 * STEP_REL);
  } else {
    fprintf(f, "## Bench history\n\nFrom `%s`: %d line(s). Steps: at a commit, the medians of up to %d commits before "
               "and after differ by more than %g robust sigmas (1.4826 MAD) and by more than %g%%.\n\n",
            history_path, n, STEP_WINDOW, STEP_K, 100 * STEP_REL);
  }
  for (int i = 0; e && done && i < n; ++i) {
    if (done[i]) continue;
    const char *machine = str(cJSON_GetArrayItem(entries, i), "machine");
    Commits c = {e, 0};
    int k = 0;
    const cJSON *x;
    cJSON_ArrayForEach(x, entries) {
      if (!done[k] && !strcmp(str(x, "machine"), machine)) { e[c.n++] = x; done[k] = 1; }
      ++k;
    }
    if (html) { fputs("<h3>Machine ", f); esc(f, machine); fprintf(f, " (%d commits)</h3>\n", c.n); }
    else fprintf(f, "### Machine %s (%d commits)\n\n", machine, c.n);
    total += machine_section(f, &c, html);
  }
  free(e);
  free(done);
  return total;
}
