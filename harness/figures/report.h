/* `cbench report DIR`: one static HTML page (DIR/index.html, no scripts, relative image paths)
 * and the same as Markdown (DIR/report.md) with every figure of DIR (DIR/NAME/figure.json,
 * cbench.figure/1, harness/SCHEMA.md): image, caption, the paper's trend, the verdict, our
 * numbers beside the paper's with the ratio, run counts (failed and timed out too), the command
 * that reproduces it, and the machine. A sweep folder (DIR/sweep.json with DIR/plots/ from
 * `cbench plot`) is reported too, plot by plot, and a bench history with --history. Both files
 * are written atomically. */
#ifndef CBENCH_REPORT_H
#define CBENCH_REPORT_H

#include <stddef.h>

#include "../common/cb_error.h"

/* CB_OK (paths of the page in html_path); CB_ERR_INPUT for a malformed figure.json or nothing to
 * report (e names the file and field; nothing written); CB_ERR_IO when a file cannot be
 * written; CB_ERR_MEMORY. */
CbStatus report_write(const char *dir, char *html_path, size_t html_len, CbError *e);
/* The same with the bench history of history_path (NULL: none) drawn at the end
 * (history_report.h); with a history, DIR is made if missing and may hold nothing else. A history
 * line that is not valid is an error naming file and line (nothing written). */
CbStatus report_write_with_history(const char *dir, const char *history_path, char *html_path, size_t html_len,
                                   CbError *e);

#endif
