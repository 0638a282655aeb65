/* The one error convention of every layer (docs/extending.md, "Reporting an error"): a fallible
 * function returns a CbStatus (models/status.h) and puts the why into a CbError it is given,
 * in the manner of CHOLMOD's ERROR macro, which sets Common->status and hands file, line and
 * message to one handler. A constructor returns NULL and fills the CbError. The first failure
 * is kept: a caller that adds context prefixes it (cb_error_prefix) instead of overwriting it,
 * so the message names file, field and value as the bottom layer saw them. */
#ifndef CBENCH_CB_ERROR_H
#define CBENCH_CB_ERROR_H

#include <stddef.h>

#include "status.h"

/* Room for a message: two paths and a sentence. A CbErrorBuf is then 8 KiB, a whole number of
 * pages: the CbenchContext holding one moves later heap blocks by whole pages, so their alignment,
 * and with it the instruction counts of the perf gate (memcpy, BLAS), stay as they were. */
#define CB_ERROR_LEN (8192 - 32)

typedef struct CbError {
  CbStatus status;   /* CB_OK until a failure is reported */
  const char *where; /* the reporting function (__func__), for a debugger; not printed */
  char *msg;         /* "FILE: FIELD: problem (got VALUE)", cap bytes; "" when status is CB_OK */
  size_t cap;
} CbError;
/* A CbError with its own message buffer (the one in CbenchContext, a command's local one). */
typedef struct {
  CbError e;
  char text[CB_ERROR_LEN];
} CbErrorBuf;
#ifdef __cplusplus /* the peers' C++ shims include the model */
static_assert(sizeof(CbErrorBuf) == 8192, "a CbErrorBuf is whole pages (see CB_ERROR_LEN)");
#else
_Static_assert(sizeof(CbErrorBuf) == 8192, "a CbErrorBuf is whole pages (see CB_ERROR_LEN)");
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* b's CbError, cleared, writing into b->text. */
CbError *cb_error_init(CbErrorBuf *b);
/* A CbError that writes into a caller's (err, errlen) buffer: what the layers not yet
 * converted pass down (a compound literal, alive to the end of the enclosing block). */
#define CB_ERR_BUF(err, errlen) (&(CbError){CB_OK, NULL, (err), (errlen)})
/* status CB_OK, no message. */
void cb_error_clear(CbError *e);
/* Reports status with a printf message into e (NULL e: nothing kept) and returns status, so
 * `return CB_ERROR(e, CB_ERR_INPUT, "%s: dt: must be > 0 (got %g)", file, dt);` is the whole
 * failure path. */
CbStatus cb_error_set(CbError *e, CbStatus status, const char *where, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
#define CB_ERROR(e, status, ...) cb_error_set((e), (status), __func__, __VA_ARGS__)
/* Puts "PREFIX" (printf) before e's message (e not NULL), keeping its status; returns it. */
CbStatus cb_error_prefix(CbError *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Sets e's status and keeps its message: for a message written by a function not yet converted
 * (one handed CB_ERR_TEXT(e)); returns the status. */
CbStatus cb_error_fail(CbError *e, CbStatus status);
/* e's buffer as the (err, errlen) pair a function not yet converted takes (e not NULL). */
#define CB_ERR_TEXT(e) (e)->msg, (e)->cap
/* The message, or "" (NULL e: ""). */
const char *cb_error_text(const CbError *e);

#ifdef __cplusplus
}
#endif

#endif
