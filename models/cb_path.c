#include "cb_path.h"

#include <stdarg.h>
#include <stdio.h>

/* how much of a path too long to use a message shows: its start says where it was going */
enum { CB_PATH_SHOWN = 200 };

static CbStatus too_long(CbPath *p, CbError *e) {
  CbStatus st = CB_ERROR(e, CB_ERR_IO, "path too long (over %d bytes): %.*s...", PATH_MAX - 1, CB_PATH_SHOWN, p->s);
  p->s[0] = '\0';
  return st;
}

CbStatus cb_path(CbPath *p, CbError *e, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(p->s, sizeof p->s, fmt, ap);
  va_end(ap);
  if (n < 0 || (size_t)n >= sizeof p->s) return too_long(p, e);
  return CB_OK;
}

CbStatus cb_path_join(CbPath *p, CbError *e, const char *dir, const char *name) {
  if (!dir || !dir[0]) return cb_path(p, e, "%s", name);
  return cb_path(p, e, "%s/%s", dir, name);
}
