#include "cb_error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

CbError *cb_error_init(CbErrorBuf *b) {
  b->e.msg = b->text;
  b->e.cap = sizeof b->text;
  cb_error_clear(&b->e);
  return &b->e;
}

void cb_error_clear(CbError *e) {
  if (!e) return;
  e->status = CB_OK;
  e->where = NULL;
  if (e->msg && e->cap) e->msg[0] = '\0';
}

CbStatus cb_error_set(CbError *e, CbStatus status, const char *where, const char *fmt, ...) {
  if (!e) return status;
  e->status = status;
  e->where = where;
  if (!e->msg || !e->cap) return status;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(e->msg, e->cap, fmt, ap);
  va_end(ap);
  return status;
}

CbStatus cb_error_prefix(CbError *e, const char *fmt, ...) {
  if (!e->msg || !e->cap) return e->status;
  char head[CB_ERROR_LEN], old[CB_ERROR_LEN];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(head, sizeof head, fmt, ap);
  va_end(ap);
  snprintf(old, sizeof old, "%s", e->msg);
  snprintf(e->msg, e->cap, "%s%s", head, old);
  return e->status;
}

CbStatus cb_error_fail(CbError *e, CbStatus status) {
  if (e) e->status = status;
  return status;
}

const char *cb_error_text(const CbError *e) { return e && e->msg ? e->msg : ""; }
