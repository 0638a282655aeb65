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
  return input_read_file(path, INPUT_MAX_BYTES, len, NULL, 0);
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
  char gz[4200];
  if ((size_t)snprintf(gz, sizeof gz, "%s.gz", path) >= sizeof gz) return NULL;
  return gz_read_all(gz, len);
}

int series_exists(const char *path) {
  char gz[4200];
  return file_exists(path) || ((size_t)snprintf(gz, sizeof gz, "%s.gz", path) < sizeof gz && file_exists(gz));
}

static int fsync_dir_of(const char *path) {
  char tmp[4096];
  snprintf(tmp, sizeof tmp, "%s", path);
  int fd = open(dirname(tmp), O_RDONLY | O_DIRECTORY);
  if (fd < 0) return -1;
  int rc = fsync(fd);
  close(fd);
  return rc;
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

int file_write_atomic(const char *path, const char *data, size_t len, char *err, size_t errlen) {
  char tmp[4300];
  file_tmp_path(path, (long)getpid(), tmp, sizeof tmp);
  int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) {
    snprintf(err, errlen, "%s: cannot create: %s", tmp, strerror(errno));
    return -1;
  }
  size_t off = 0;
  while (off < len) {
    ssize_t w = write(fd, data + off, len - off);
    if (w < 0) {
      if (errno == EINTR) continue;
      snprintf(err, errlen, "%s: write failed: %s", tmp, strerror(errno));
      close(fd); unlink(tmp);
      return -1;
    }
    off += (size_t)w;
  }
  if (fsync(fd) != 0 || close(fd) != 0) {
    snprintf(err, errlen, "%s: fsync/close failed: %s", tmp, strerror(errno));
    unlink(tmp);
    return -1;
  }
  if (rename(tmp, path) != 0) {
    snprintf(err, errlen, "%s: rename failed: %s", path, strerror(errno));
    unlink(tmp);
    return -1;
  }
  fsync_dir_of(path);
  return 0;
}

FILE *atomic_open(AtomicFile *a, const char *path, int sync, char *err, size_t errlen) {
  a->sync = sync;
  snprintf(a->path, sizeof a->path, "%s", path);
  file_tmp_path(a->path, (long)getpid(), a->tmp, sizeof a->tmp);
  a->f = fopen(a->tmp, "w");
  if (!a->f) snprintf(err, errlen, "%s: cannot create: %s", a->path, strerror(errno));
  return a->f;
}

int atomic_commit(AtomicFile *a, char *err, size_t errlen) {
  if (!a->f) { snprintf(err, errlen, "%s: not open", a->path); return -1; }
  errno = 0;
  int bad = ferror(a->f) || fflush(a->f) != 0 || (a->sync && fsync(fileno(a->f)) != 0);
  int e = bad ? (errno ? errno : EIO) : 0;
  if (fclose(a->f) != 0 && !bad) bad = 1, e = errno;
  a->f = NULL;
  if (!bad && rename(a->tmp, a->path) != 0) bad = 1, e = errno;
  if (bad) {
    snprintf(err, errlen, "%s: write failed: %s", a->path, strerror(e));
    unlink(a->tmp);
    return -1;
  }
  if (a->sync) fsync_dir_of(a->path);
  return 0;
}

void atomic_abort(AtomicFile *a) {
  if (!a->f) return;
  fclose(a->f);
  a->f = NULL;
  unlink(a->tmp);
}

int dir_check_writable(const char *dir, char *err, size_t errlen) {
  char probe[1300];
  snprintf(probe, sizeof probe, "%.1200s/.cbench-probe.%ld", dir, (long)getpid());
  int fd = open(probe, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) {
    snprintf(err, errlen, "%s: not writable, cannot write records there: %s", dir, strerror(errno));
    return -1;
  }
  close(fd);
  unlink(probe);
  return 0;
}

int dir_make_parent_of(const char *path) {
  char parent[4096];
  snprintf(parent, sizeof parent, "%s", path);
  char *slash = strrchr(parent, '/');
  if (!slash || slash == parent) return 0;
  *slash = '\0';
  return dir_make_parents(parent);
}

int dir_make_parents(const char *dir) {
  char buf[4096];
  snprintf(buf, sizeof buf, "%s", dir);
  size_t n = strlen(buf);
  if (n == 0) return 0;
  for (size_t i = 1; i <= n; ++i) {
    if (buf[i] == '/' || buf[i] == '\0') {
      char c = buf[i];
      buf[i] = '\0';
      if (mkdir(buf, 0755) != 0 && errno != EEXIST) return -1;
      buf[i] = c;
    }
  }
  return 0;
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

int hash_file(const char *path, char *out, size_t outlen) {
  size_t len = 0;
  char *buf = file_read_all(path, &len);
  if (!buf) return -1;
  hash_hex(hash_fnv1a64(buf, len), out, outlen);
  free(buf);
  return 0;
}

int file_close_synced(FILE *f) {
  /* ferror: a failed fprintf (full disk) may leave nothing for fflush to report */
  int rc = !ferror(f) && fflush(f) == 0 && fsync(fileno(f)) == 0 ? 0 : -1;
  if (fclose(f) != 0) rc = -1;
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
