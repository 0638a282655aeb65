/* Perf: trailers of commit messages (perf_decl.h). */
#include "perf_decl.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../models/status.h"

static int is_sep(char c) { return isspace((unsigned char)c) || strchr(",;:/()", c) != NULL; }

/* The next word of *p (advanced past it) into w; 0 at the end. */
static int next_word(const char **p, char *w, size_t wlen) {
  const char *s = *p;
  while (*s && is_sep(*s)) ++s;
  if (!*s) return 0;
  size_t n = 0;
  while (s[n] && !is_sep(s[n])) ++n;
  snprintf(w, wlen, "%.*s", (int)(n < wlen ? n : wlen - 1), s);
  *p = s + n;
  return 1;
}

/* "+19%", "-2.5%", "19%" as percent; CB_OK, or CB_ERR_INPUT when w is not one. */
static CbStatus percent_word(const char *w, double *out) {
  size_t n = strlen(w);
  if (n < 2 || w[n - 1] != '%') return CB_ERR_INPUT;
  char *end;
  double v = strtod(w, &end);
  if (end != w + n - 1 || !isfinite(v)) return CB_ERR_INPUT;
  *out = v;
  return CB_OK;
}

static void parse_line(const char *sha, const char *line, size_t len, PerfDecl *d) {
  memset(d, 0, sizeof *d);
  snprintf(d->sha, sizeof d->sha, "%s", sha);
  while (len && isspace((unsigned char)line[len - 1])) --len;
  while (len && isspace((unsigned char)*line)) { ++line; --len; }
  snprintf(d->text, sizeof d->text, "%.*s", (int)(len < sizeof d->text ? len : sizeof d->text - 1), line);
  d->percent = NAN;
  const char *p = d->text;
  char w[128];
  for (int k = 0; next_word(&p, w, sizeof w); ++k) {
    if (k == 0 && !strcmp(w, "all")) d->all = 1;
    double v;
    if (isnan(d->percent) && percent_word(w, &v) == CB_OK) d->percent = v;
  }
}

int perf_decls_parse(const char *log, PerfDecl *out, int max) {
  int n = 0;
  char sha[48] = "";
  for (const char *l = log; l && *l;) {
    const char *e = strchr(l, '\n');
    size_t len = e ? (size_t)(e - l) : strlen(l);
    if (*l == '\x1e') { /* a commit starts: its sha is the rest of the line */
      snprintf(sha, sizeof sha, "%.*s", (int)(len - 1 < sizeof sha ? len - 1 : sizeof sha - 1), l + 1);
    } else {
      const char *s = l;
      while (s < l + len && (*s == ' ' || *s == '\t')) ++s;
      if ((size_t)(l + len - s) >= 5 && !strncmp(s, "Perf:", 5)) {
        if (n < max) parse_line(sha, s + 5, (size_t)(l + len - s - 5), &out[n]);
        ++n;
      }
    }
    l = e ? e + 1 : NULL;
  }
  return n;
}

int perf_decl_covers(const PerfDecl *d, const char *case_name, const char *integrator) {
  if (d->all) return 1;
  int has_case = 0, has_integrator = 0;
  const char *p = d->text;
  char w[128];
  while (next_word(&p, w, sizeof w)) {
    has_case |= !strcmp(w, case_name);
    has_integrator |= !strcmp(w, integrator);
  }
  return has_case && has_integrator;
}

double perf_decls_allowed(const PerfDecl *d, int n, const char *case_name, const char *integrator, int *covering) {
  double factor = 1.0;
  int k = 0, with_number = 0;
  for (int i = 0; i < n; ++i) {
    if (!perf_decl_covers(&d[i], case_name, integrator)) continue;
    ++k;
    if (isnan(d[i].percent)) continue;
    factor *= 1.0 + d[i].percent / 100.0;
    ++with_number;
  }
  if (covering) *covering = k;
  return with_number ? factor - 1.0 : NAN;
}
