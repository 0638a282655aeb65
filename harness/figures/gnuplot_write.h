/* What `cbench plot` and `cbench figure` share in writing gnuplot: text made safe for a
 * double-quoted string in enhanced mode, and running a script (no shell: names are data). */
#ifndef CBENCH_GNUPLOT_WRITE_H
#define CBENCH_GNUPLOT_WRITE_H

#include <stddef.h>
#include <stdio.h>

/* s as the content of a "..." string: quotes and backslashes escaped, enhanced-text markup
 * (_ ^ { } @ & ~) shown literally, backquotes (gnuplot runs `...` even in strings) turned to
 * quotes and control characters (a newline would end the command) to spaces. Truncated to fit. */
void gp_escape(const char *s, char *out, size_t outlen);
/* The same, with the quotes, to f. */
void gp_quote(FILE *f, const char *s);
/* Runs `gnuplot script` in dir, its output in log; 0, or 1 with "DIR/SCRIPT: why (see LOG)". */
int gp_run(const char *dir, const char *script, const char *log, char *err, size_t errlen);

#endif
