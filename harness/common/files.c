#include "files.h"

#include "../../models/json_input.h"

#include <errno.h>
#include <dirent.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

char *file_read_all(const char *path, size_t *len) {
  return input_read_file(path, INPUT_MAX_BYTES, len, NULL);
}

static char *gz_read_all(const char *gz, size_t *len) {
  gzFile f = gzopen(gz, "rb");
  if (!f) return NULL;
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap + 1);
  int bad = !buf;
  while (!bad) {
    if (n == cap) {
      if (cap >= (size_t)INPUT_MAX_BYTES) { bad = 1; break; } /* the same cap as an uncompressed read */
      cap = cap * 2 > (size_t)INPUT_MAX_BYTES ? (size_t)INPUT_MAX_BYTES : cap * 2;
      char *nb = realloc(buf, cap + 1);
      if (!nb) { bad = 1; break; }
      buf = nb;
    }
    int got = gzread(f, buf + n, (unsigned)(cap - n));
    if (got < 0) bad = 1;
    if (got <= 0) break;
    n += (size_t)got;
  }
  if (gzclose(f) != Z_OK) bad = 1; /* a truncated or corrupt stream */
  if (bad) { free(buf); return NULL; }
  buf[n] = '\0';
  if (len) *len = n;
  return buf;
}

char *series_read_all(const char *path, size_t *len) {
  if (file_exists(path)) return file_read_all(path, len);
  CbPath gz;
  if (cb_path(&gz, NULL, "%s.gz", path) != CB_OK) return NULL;
  return gz_read_all(gz.s, len);
}

int series_exists(const char *path) {
  CbPath gz;
  return file_exists(path) || (cb_path(&gz, NULL, "%s.gz", path) == CB_OK && file_exists(gz.s));
}

static void fsync_dir_of(const char *path) {
  CbPath tmp;
  if (cb_path(&tmp, NULL, "%s", path) != CB_OK) return;
  int fd = open(dirname(tmp.s), O_RDONLY | O_DIRECTORY);
  if (fd < 0) return;
  fsync(fd); /* best effort: the file itself is synced and renamed */
  close(fd);
}

const char *file_tmp_host(char *host) {
  memset(host, 0, FILE_HOST_LEN);
  if (gethostname(host, FILE_HOST_LEN - 1) != 0 || !host[0]) snprintf(host, FILE_HOST_LEN, "localhost");
  for (char *c = host; *c; ++c)
    if (*c == '/' || *c == '.') *c = '-'; /* the PID stays the last '.' field */
  return host;
}

void file_tmp_path(const char *path, long pid, char *out, size_t outlen) {
  char host[FILE_HOST_LEN];
  snprintf(out, outlen, "%s.tmp.%s.%ld", path, file_tmp_host(host), pid);
}

CbStatus file_write_atomic(const char *path, const char *data, size_t len, CbError *e) {
  char tmp[PATH_MAX + FILE_TMP_EXTRA];
  file_tmp_path(path, (long)getpid(), tmp, sizeof tmp);
  int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) return CB_ERROR(e, CB_ERR_IO, "%s: cannot create: %s", tmp, strerror(errno));
  size_t off = 0;
  while (off < len) {
    ssize_t w = write(fd, data + off, len - off);
    if (w < 0) {
      if (errno == EINTR) continue;
      CB_ERROR(e, CB_ERR_IO, "%s: write failed: %s", tmp, strerror(errno));
      close(fd); unlink(tmp);
      return CB_ERR_IO;
    }
    off += (size_t)w;
  }
  if (fsync(fd) != 0 || close(fd) != 0) {
    CB_ERROR(e, CB_ERR_IO, "%s: fsync/close failed: %s", tmp, strerror(errno));
    unlink(tmp);
    return CB_ERR_IO;
  }
  if (rename(tmp, path) != 0) {
    CB_ERROR(e, CB_ERR_IO, "%s: rename failed: %s", path, strerror(errno));
    unlink(tmp);
    return CB_ERR_IO;
  }
  fsync_dir_of(path);
  return CB_OK;
}

FILE *atomic_open(AtomicFile *a, const char *path, int sync, CbError *e) {
  a->sync = sync;
  a->f = NULL;
  if (cb_path(&a->path, e, "%s", path) != CB_OK) return NULL;
  file_tmp_path(a->path.s, (long)getpid(), a->tmp, sizeof a->tmp);
  a->f = fopen(a->tmp, "w");
  if (!a->f) CB_ERROR(e, CB_ERR_IO, "%s: cannot create: %s", a->path.s, strerror(errno));
  return a->f;
}

CbStatus atomic_commit(AtomicFile *a, CbError *e) {
  if (!a->f) return CB_ERROR(e, CB_ERR_IO, "%s: not open", a->path.s);
  errno = 0;
  int bad = ferror(a->f) || fflush(a->f) != 0 || (a->sync && fsync(fileno(a->f)) != 0);
  int why = bad ? (errno ? errno : EIO) : 0;
  if (fclose(a->f) != 0 && !bad) bad = 1, why = errno;
  a->f = NULL;
  if (!bad && rename(a->tmp, a->path.s) != 0) bad = 1, why = errno;
  if (bad) {
    CB_ERROR(e, CB_ERR_IO, "%s: write failed: %s", a->path.s, strerror(why));
    unlink(a->tmp);
    return CB_ERR_IO;
  }
  if (a->sync) fsync_dir_of(a->path.s);
  return CB_OK;
}

void atomic_abort(AtomicFile *a) {
  if (!a->f) return;
  fclose(a->f);
  a->f = NULL;
  unlink(a->tmp);
}

CbStatus dir_check_writable(const char *dir, CbError *e) {
  CbPath probe;
  if (cb_path(&probe, e, "%s/.cbench-probe.%ld", dir, (long)getpid()) != CB_OK) return CB_ERR_IO;
  int fd = open(probe.s, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) return CB_ERROR(e, CB_ERR_IO, "%s: not writable, cannot write records there: %s", dir, strerror(errno));
  close(fd);
  unlink(probe.s);
  return CB_OK;
}

CbStatus dir_make_parent_of(const char *path) {
  CbPath parent;
  if (cb_path(&parent, NULL, "%s", path) != CB_OK) return CB_ERR_IO;
  char *slash = strrchr(parent.s, '/');
  if (!slash || slash == parent.s) return CB_OK;
  *slash = '\0';
  return dir_make_parents(parent.s);
}

CbStatus dir_make_parents(const char *dir) {
  CbPath buf;
  if (cb_path(&buf, NULL, "%s", dir) != CB_OK) return CB_ERR_IO;
  size_t n = strlen(buf.s);
  for (size_t i = 1; i <= n; ++i) {
    if (buf.s[i] == '/' || buf.s[i] == '\0') {
      char c = buf.s[i];
      buf.s[i] = '\0';
      if (mkdir(buf.s, 0755) != 0 && errno != EEXIST) return CB_ERR_IO;
      buf.s[i] = c;
    }
  }
  return CB_OK;
}

int file_exists(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

uint64_t hash_fnv1a64(const void *data, size_t len) {
  const unsigned char *p = data;
  uint64_t h = 1469598103934665603ULL;
  for (size_t i = 0; i < len; ++i) { h ^= p[i]; h *= 1099511628211ULL; }
  return h;
}

void hash_hex(uint64_t h, char *out, size_t outlen) {
  snprintf(out, outlen, "fnv1a64:%016llx", (unsigned long long)h);
}

CbStatus hash_file(const char *path, char *out, size_t outlen) {
  size_t len = 0;
  char *buf = file_read_all(path, &len);
  if (!buf) return CB_ERR_IO;
  hash_hex(hash_fnv1a64(buf, len), out, outlen);
  free(buf);
  return CB_OK;
}

CbStatus file_close_synced(FILE *f) {
  /* ferror: a failed fprintf (full disk) may leave nothing for fflush to report */
  CbStatus rc = !ferror(f) && fflush(f) == 0 && fsync(fileno(f)) == 0 ? CB_OK : CB_ERR_IO;
  if (fclose(f) != 0) rc = CB_ERR_IO;
  return rc;
}

static int cmp_name_ptr(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

char **dir_list_all(const char *dir, const char *suffix, int *count) {
  *count = 0;
  DIR *d = opendir(dir);
  if (!d) return NULL;
  size_t ls = strlen(suffix);
  int n = 0, cap = 16, oom = 0;
  char **names = malloc(sizeof(char *) * (size_t)cap);
  struct dirent *e;
  while (names && !oom && (e = readdir(d))) {
    size_t l = strlen(e->d_name);
    if (e->d_name[0] == '.' || l <= ls || strcmp(e->d_name + l - ls, suffix) != 0) continue;
    if (n == cap) {
      char **grown = realloc(names, sizeof(char *) * (size_t)(cap *= 2));
      if (!grown) { oom = 1; break; }
      names = grown;
    }
    if (!(names[n] = strdup(e->d_name))) oom = 1;
    else n++;
  }
  closedir(d);
  if (!names || oom) { dir_list_free(names, n); return NULL; }
  qsort(names, (size_t)n, sizeof(char *), cmp_name_ptr);
  *count = n;
  return names;
}

void dir_list_free(char **names, int count) {
  if (!names) return;
  for (int i = 0; i < count; ++i) free(names[i]);
  free(names);
}

int dir_list(const char *dir, const char *suffix, char *names, size_t width, int max) {
  int all;
  char **list = dir_list_all(dir, suffix, &all);
  if (!list) return -1;
  int n = 0;
  for (int i = 0; i < all && n < max; ++i) {
    size_t l = strlen(list[i]);
    if (l < width) memcpy(names + (size_t)n++ * width, list[i], l + 1); /* names that do not fit: left out */
  }
  dir_list_free(list, all);
  return n;
}
