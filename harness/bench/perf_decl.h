/* Declared performance changes: the `Perf:` trailers of commit messages. A commit that trades
 * speed for physics says so in its message, one line per change, for example
 *
 *     Perf: cenic-sd hard_clutter +19% instructions: box-box manifolds with more points
 *     Perf: all +3%: guards sampled at every accepted step
 *
 * and the performance gate (perf_gate.h) then accepts that rise. A line covers a benchmark when
 * its words (split at blanks and , ; : / ( )) contain the benchmark's integrator and case names,
 * or when its first word is `all`; its first word of the form +N% or -N% is the declared change. */
#ifndef CBENCH_PERF_DECL_H
#define CBENCH_PERF_DECL_H

#include <stddef.h>

typedef struct {
  char sha[48];     /* the commit whose message holds the line */
  char text[400];   /* the line after "Perf:", trimmed */
  double percent;   /* declared relative change in percent (+19 for +19%); NAN when the line has none */
  int all;          /* covers every benchmark */
} PerfDecl;

/* The Perf: lines of a commit log in the format `git log --format=%x1e%H%n%B` (each commit: a
 * record separator, its sha on one line, then its message), into out (at most max). Returns the
 * number found (lines beyond max are counted but not stored). */
int perf_decls_parse(const char *log, PerfDecl *out, int max);

/* 1 when d covers the benchmark of case case_name run by integrator. */
int perf_decl_covers(const PerfDecl *d, const char *case_name, const char *integrator);

/* The change allowed for a benchmark by the declarations that cover it: the product of their
 * (1 + percent/100), minus 1 (0.19 for one +19% line); NAN when none covers it, and *covering
 * the number of lines that do (a line without a number covers nothing it can allow). */
double perf_decls_allowed(const PerfDecl *d, int n, const char *case_name, const char *integrator, int *covering);

#endif
