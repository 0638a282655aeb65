/* What `cbench plot` and `cbench figure` share in writing gnuplot: text made safe for a
 * double-quoted string in enhanced mode, and running a script (no shell: names are data). */
#ifndef CBENCH_GNUPLOT_WRITE_H
#define CBENCH_GNUPLOT_WRITE_H

#include <stddef.h>
#include <stdio.h>

#include "../common/cb_error.h"

/* s as the content of a "..." string: quotes and backslashes escaped, enhanced-text markup
 * (_ ^ { } @ & ~) shown literally, backquotes (gnuplot runs `...` even in strings) turned to
 * quotes and control characters (a newline would end the command) to spaces. Truncated to fit. */
void gp_escape(const char *s, char *out, size_t outlen);
/* The same, with the quotes, to f. */
void gp_quote(FILE *f, const char *s);
/* Runs `gnuplot script` in dir, its output in log; CB_OK, or subprocess_run's status with
 * "DIR/SCRIPT: why (see LOG)" in e. */
CbStatus gp_run(const char *dir, const char *script, const char *log, CbError *e);

/* The gnuplot variable a script appends to every output name (GP_OUT_SUFFIX_INIT at its top sets
 * it to "" when the script is run by hand). */
#define GP_OUT_SUFFIX "cbench_out_suffix"
#define GP_OUT_SUFFIX_INIT "if (!exists(\"" GP_OUT_SUFFIX "\")) " GP_OUT_SUFFIX " = \"\"\n"
/* Runs the script as gp_run, with its outputs written to temporaries (GP_OUT_SUFFIX set to
 * ".tmp.HOST.PID"), then checks each of the nimages images (names in dir; required: each must be
 * drawn) with image_check.h and renames them into place. On any failure (gnuplot's exit status, a
 * missing, empty or cut image: a full disk) every temporary is removed, the images already there
 * are left as they were, and the status (CB_ERR_IO for an image) is returned with "DIR/SCRIPT: why" in e. */
CbStatus gp_run_atomic(const char *dir, const char *script, const char *log, const char *const *images, int nimages,
                       int required, CbError *e);

#endif
