/* Files of the harness: whole-file reads, atomic writes (no reader sees a partial result file),
 * directories, content hashes. */
#ifndef CBENCH_FILES_H
#define CBENCH_FILES_H

#include <stddef.h>
#include <stdio.h>
#include <stdint.h>

#include "cb_path.h"

/* Whole regular file (at most INPUT_MAX_BYTES) into a NUL-terminated malloc'd buffer (length in
 * *len if non-NULL); NULL on error (models/json_input.h: input_read_file says why). */
char *file_read_all(const char *path, size_t *len);
/* A run's time series (a CSV beside its record): PATH, else its gzip form PATH.gz, the form the
 * committed full-mode evidence keeps (results/figures/full/.gitignore), read whole like
 * file_read_all (the same size cap on the decompressed text). NULL when neither is readable. */
char *series_read_all(const char *path, size_t *len);
/* 1 when PATH or PATH.gz exists: a record whose series is there in either form is reused. */
int series_exists(const char *path);
/* The temporary of path written by process pid on this machine: PATH.tmp.HOST.PID (the host
 * tells a sweep on a cluster's shared folder that a writer elsewhere may still be alive). */
void file_tmp_path(const char *path, long pid, char *out, size_t outlen);
/* What file_tmp_path adds to a path, at most: ".tmp.", the host, ".", the PID. */
enum { FILE_TMP_EXTRA = 128 };
/* This machine's name as used in temporaries (no '/' or '.'; "localhost" when unknown), into
 * buf (FILE_HOST_LEN bytes); returns buf. */
enum { FILE_HOST_LEN = 72 };
const char *file_tmp_host(char *buf);
/* Writes data to path atomically: its temporary (file_tmp_path), fsync, rename, fsync of the directory.
 * CB_OK, or CB_ERR_IO with "PATH: what failed: REASON" in e. A reader never sees a partial file. */
CbStatus file_write_atomic(const char *path, const char *data, size_t len, CbError *e);
/* A file written through its temporary (file_tmp_path) and renamed into place on commit, so a reader (or a
 * resumed sweep) sees the old file or the whole new one, never a partial one. */
typedef struct {
  FILE *f;
  int sync;                /* fsync the file and its folder on commit */
  CbPath path;
  char tmp[PATH_MAX + FILE_TMP_EXTRA];
} AtomicFile;
/* Opens a->f on path's temporary; NULL with "PATH: cannot create: REASON" (CB_ERR_IO) in e. */
FILE *atomic_open(AtomicFile *a, const char *path, int sync, CbError *e);
/* Checks every write (ferror), flushes, fsyncs when asked, closes and renames: CB_OK, or
 * CB_ERR_IO with "PATH: write failed: REASON" in e and the temporary removed (path untouched). */
CbStatus atomic_commit(AtomicFile *a, CbError *e);
/* Closes and removes the temporary (a failed step elsewhere); a no-op when not open. */
void atomic_abort(AtomicFile *a);
/* CB_OK when a file can be created in dir (tried: a probe file made and removed), else
 * CB_ERR_IO with "DIR: not writable: REASON" in e. */
CbStatus dir_check_writable(const char *dir, CbError *e);
/* mkdir -p; CB_OK or CB_ERR_IO (the caller names the folder). */
CbStatus dir_make_parents(const char *dir);
/* mkdir -p of the folder holding path (nothing when path has no '/'); CB_OK or CB_ERR_IO. */
CbStatus dir_make_parent_of(const char *path);
/* fflush, fsync and fclose f: CB_OK, or CB_ERR_IO if any failed or an earlier write did (f is
 * closed either way). */
CbStatus file_close_synced(FILE *f);
int file_exists(const char *path);
/* The names of dir's files that end in suffix (hidden ones left out), sorted, into names: max
 * slots of width chars each (names[k * width]); names that do not fit are left out. Returns the
 * count, or -1 if dir cannot be read. */
int dir_list(const char *dir, const char *suffix, char *names, size_t width, int max);
/* All of them, uncapped: a malloc'd sorted array of malloc'd names (free with dir_list_free), the
 * count in *count; NULL if dir cannot be read or memory runs out. */
char **dir_list_all(const char *dir, const char *suffix, int *count);
void dir_list_free(char **names, int count);

/* FNV-1a 64-bit hash of bytes; hash_hex writes "fnv1a64:%016llx". */
uint64_t hash_fnv1a64(const void *data, size_t len);
void hash_hex(uint64_t h, char *out, size_t outlen);
/* Hash of a file's contents as hex string; -1 if unreadable. */
CbStatus hash_file(const char *path, char *out, size_t outlen);
#endif
