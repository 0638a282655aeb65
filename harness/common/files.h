/* Files of the harness: whole-file reads, atomic writes (no reader sees a partial result file),
 * directories, content hashes. */
#ifndef CBENCH_FILES_H
#define CBENCH_FILES_H

#include <stddef.h>
#include <stdio.h>
#include <stdint.h>

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
/* This machine's name as used in temporaries (no '/' or '.'; "localhost" when unknown), into
 * buf (FILE_HOST_LEN bytes); returns buf. */
enum { FILE_HOST_LEN = 72 };
const char *file_tmp_host(char *buf);
/* Writes data to path atomically: its temporary (file_tmp_path), fsync, rename, fsync of the directory.
 * Returns 0 or -1 with a message in err. A reader never sees a partial file. */
int file_write_atomic(const char *path, const char *data, size_t len, char *err, size_t errlen);
/* A file written through its temporary (file_tmp_path) and renamed into place on commit, so a reader (or a
 * resumed sweep) sees the old file or the whole new one, never a partial one. */
typedef struct {
  FILE *f;
  int sync;                /* fsync the file and its folder on commit */
  char path[1400], tmp[1500];
} AtomicFile;
/* Opens a->f on path's temporary; NULL with "PATH: cannot create: REASON" in err. */
FILE *atomic_open(AtomicFile *a, const char *path, int sync, char *err, size_t errlen);
/* Checks every write (ferror), flushes, fsyncs when asked, closes and renames: 0, or -1 with
 * "PATH: write failed: REASON" in err and the temporary removed (path untouched). */
int atomic_commit(AtomicFile *a, char *err, size_t errlen);
/* Closes and removes the temporary (a failed step elsewhere); a no-op when not open. */
void atomic_abort(AtomicFile *a);
/* 0 when a file can be created in dir (tried: a probe file made and removed), else -1 with
 * "DIR: not writable: REASON" in err. */
int dir_check_writable(const char *dir, char *err, size_t errlen);
/* mkdir -p; 0 or -1. */
int dir_make_parents(const char *dir);
/* mkdir -p of the folder holding path (nothing when path has no '/'); 0 or -1. */
int dir_make_parent_of(const char *path);
/* fflush, fsync and fclose f: 0, or -1 if any failed or an earlier write did (f is closed either way). */
int file_close_synced(FILE *f);
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
int hash_file(const char *path, char *out, size_t outlen);
#endif
