/* One way to make a path: a CbPath has room for any path the system takes (PATH_MAX), and
 * cb_path / cb_path_join report a path that does not fit as an error (CB_ERR_IO, naming the
 * start of the path) instead of cutting it: a cut path names another file. No hand-sized path
 * buffer, no %.NNs. */
#ifndef CBENCH_CB_PATH_H
#define CBENCH_CB_PATH_H

#include <limits.h>

#include "cb_error.h"

typedef struct {
  char s[PATH_MAX];
} CbPath;

/* p->s = printf(fmt, ...); CB_OK, or CB_ERR_IO "path too long: START..." (p->s then ""). */
CbStatus cb_path(CbPath *p, CbError *e, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* p->s = "DIR/NAME" (just NAME when dir is NULL or empty); as cb_path. */
CbStatus cb_path_join(CbPath *p, CbError *e, const char *dir, const char *name);

#endif
