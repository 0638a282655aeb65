/* Small helpers of the harness: files (atomic writes), hashes, clocks, dates. */
#ifndef CBENCH_HUTIL_H
#define CBENCH_HUTIL_H

#include <stddef.h>
#include <stdio.h>
#include <stdint.h>

/* Whole file into a NUL-terminated malloc'd buffer (length in *len if non-NULL); NULL on error. */
char *hu_read_file(const char *path, size_t *len);
/* Writes data to path atomically: path.tmp.PID, fsync, rename, fsync of the directory.
 * Returns 0 or -1 with a message in err. A reader never sees a partial file. */
int hu_write_atomic(const char *path, const char *data, size_t len, char *err, size_t errlen);
/* mkdir -p; 0 or -1. */
int hu_mkdir_p(const char *dir);
/* fflush, fsync and fclose f: 0, or -1 if any failed (f is closed either way). */
int hu_fclose_synced(FILE *f);
int hu_file_exists(const char *path);

/* FNV-1a 64-bit hash of bytes; hu_hash_hex writes "fnv1a64:%016llx". */
uint64_t hu_fnv1a64(const void *data, size_t len);
void hu_hash_hex(uint64_t h, char *out, size_t outlen);
/* Hash of a file's contents as hex string; -1 if unreadable. */
int hu_hash_file(const char *path, char *out, size_t outlen);

double hu_now(void);               /* monotonic seconds */
void hu_utc_iso8601(char *out, size_t outlen); /* "2026-11-22T07:53:09Z" */

/* Base name without directory and without a ".json" suffix. */
void hu_case_name_from_path(const char *path, char *out, size_t outlen);
/* "%.3g"-like compact formatting of a parameter for file names: 1e-3 -> "1e-03". */
void hu_param_tag(double v, char *out, size_t outlen);

#endif
