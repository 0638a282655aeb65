/* Private to the scene loader: typed, validated reads from cJSON with error messages of the
 * form "FILE: JSON.PATH: what is wrong, got VALUE" (models/scene.h). Every reader reports a
 * failure as CB_ERR_INPUT (CB_ERR_MEMORY when out of memory) with the message in the context's
 * CbError and returns that negative status, so callers propagate it (SC_TRY). */
#ifndef CBENCH_SCENE_JSON_H
#define CBENCH_SCENE_JSON_H

#include <cjson/cJSON.h>
#include <stddef.h>

#include "../cb_error.h"

typedef struct {
  const char *file;        /* name used in messages */
  CbError *e;              /* where a failure's message goes (may be NULL: status only) */
} SceneCtx;

/* Returns from the enclosing function the failure (negative CbStatus) of a reader or a section
 * of the loader; its message is already in the context's CbError. */
#define SC_TRY(call)                 \
  do {                               \
    int sc_st_ = (call);             \
    if (sc_st_ < 0) return sc_st_;   \
  } while (0)

#define SC_PATH_LEN 160

/* Flags of the number readers. */
enum {
  SC_REQUIRED = 1u << 0,   /* absent is an error (otherwise *out is left as the default) */
  SC_POSITIVE = 1u << 1,   /* > 0 (each element for vectors) */
  SC_NONNEG = 1u << 2,     /* >= 0 */
  SC_NONZERO = 1u << 3     /* vectors: nonzero length */
};

/* "FILE: PATH: <message>, got <got as compact JSON>" (got may be NULL: no ", got" part);
 * returns CB_ERR_INPUT. */
CbStatus sc_fail(const SceneCtx *c, const char *path, const cJSON *got, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* The same with a number as the offending value. */
CbStatus sc_fail_num(const SceneCtx *c, const char *path, double got, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* "FILE: PATH: out of memory"; returns CB_ERR_MEMORY. */
CbStatus sc_oom(const SceneCtx *c, const char *path);

/* out = "parent.key" (or "key" at the root), out = "parent[i]". */
void sc_path_key(char *out, const char *parent, const char *key);
void sc_path_index(char *out, const char *parent, int i);

/* v must be an object whose keys are all in the NULL-terminated list `allowed`, none twice. */
CbStatus sc_object(const SceneCtx *c, const cJSON *v, const char *path, const char *const *allowed);
/* v must be an array; returns its length or a negative CbStatus. */
int sc_array(const SceneCtx *c, const cJSON *v, const char *path);

/* Readers of obj[key]. Return a negative CbStatus on error, 0 if absent (and not required), 1
 * if read. */
int sc_num(const SceneCtx *c, const cJSON *obj, const char *path, const char *key, unsigned flags, double *out);
int sc_vec(const SceneCtx *c, const cJSON *obj, const char *path, const char *key, int n, unsigned flags, double *out);
/* A string shorter than maxlen (maxlen includes the terminator), non-empty. */
int sc_str(const SceneCtx *c, const cJSON *obj, const char *path, const char *key, unsigned flags,
           char *out, size_t maxlen);
/* A number or an array of n numbers (a number is broadcast). */
int sc_num_or_vec(const SceneCtx *c, const cJSON *obj, const char *path, const char *key, int n, unsigned flags,
                  double *out);
/* Checks one already-read number against flags (path names it in messages). */
CbStatus sc_check_num(const SceneCtx *c, const char *path, double x, unsigned flags);
/* Orientation from one of "quat" [w,x,y,z] (normalized), "rpy" (radians) or "rpy_deg"
 * (roll about x, then pitch about y, then yaw about z, fixed axes: R = Rz Ry Rx).
 * Leaves quat as is when none is present; returns 0 (absent), 1 (read) or a negative CbStatus. */
int sc_orientation(const SceneCtx *c, const cJSON *obj, const char *path, double *quat);

#endif
