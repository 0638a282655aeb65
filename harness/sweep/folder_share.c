#include "folder_share.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../common/files.h"

/* The writer PID of a temporary's name written on this machine (NAME.tmp.HOST.PID, or
 * NAME.tmp.PID: files.h), or 0 (not a temporary, or another machine's). */
static long tmp_owner(const char *name) {
  const char *t = NULL;
  for (const char *p = strstr(name, ".tmp."); p; p = strstr(p + 1, ".tmp.")) t = p;
  if (!t || t == name) return 0;
  t += 5;
  const char *dot = strrchr(t, '.');
  if (dot) { /* HOST.PID */
    char buf[FILE_HOST_LEN];
    const char *host = file_tmp_host(buf);
    if ((size_t)(dot - t) != strlen(host) || strncmp(t, host, strlen(host)) != 0) return 0;
    t = dot + 1;
  }
  char *end = NULL;
  errno = 0;
  long pid = strtol(t, &end, 10);
  return *t >= '0' && *t <= '9' && end && *end == '\0' && errno == 0 && pid > 0 ? pid : 0;
}

/* 1 when process pid exists and is not a zombie (a killed writer not yet reaped is gone). */
static int process_alive(long pid) {
  if (kill((pid_t)pid, 0) != 0 && errno == ESRCH) return 0;
  char p[64], buf[256];
  snprintf(p, sizeof p, "/proc/%ld/stat", pid);
  FILE *f = fopen(p, "r");
  if (!f) return 1; /* no /proc: trust kill */
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  buf[n] = '\0';
  const char *rp = strrchr(buf, ')'); /* "pid (comm) S ..." */
  return !(rp && rp[1] == ' ' && rp[2] == 'Z');
}

int folder_remove_orphans(const char *dir) {
  DIR *d = opendir(dir);
  if (!d) return -1;
  int n = 0;
  struct dirent *e;
  while ((e = readdir(d))) {
    long pid = tmp_owner(e->d_name);
    /* a live writer (ours or another sweep's) keeps its file; EPERM also means alive */
    if (pid <= 0 || process_alive(pid)) continue;
    CbPath p;
    n += cb_path_join(&p, NULL, dir, e->d_name) == CB_OK && unlink(p.s) == 0;
  }
  closedir(d);
  return n;
}

/* DIR/.locks and DIR/.locks/NAME.lock of the record at record_path; CB_ERR_IO when either
 * does not fit. */
static CbStatus lock_paths(const char *record_path, CbPath *dir, CbPath *lock) {
  const char *slash = strrchr(record_path, '/');
  const char *name = slash ? slash + 1 : record_path;
  if (cb_path(dir, NULL, "%.*s.locks", slash ? (int)(slash - record_path + 1) : 0, record_path) != CB_OK) return CB_ERR_IO;
  return cb_path(lock, NULL, "%s/%s.lock", dir->s, name);
}

CbStatus record_lock_take(const char *record_path, int *fd_out) {
  CbPath dir, lock;
  *fd_out = -1;
  if (lock_paths(record_path, &dir, &lock) != CB_OK) return CB_ERR_IO;
  /* A releaser unlinks the file (and the emptied folder) while holding the flock: a taker that
   * opened the old file then locks a file nobody else will lock, so it checks that the path
   * still names the file it locked and starts again when not. */
  for (int tries = 0; tries < 1000; ++tries) {
    if (mkdir(dir.s, 0755) != 0 && errno != EEXIST) return CB_ERR_IO;
    int fd = open(lock.s, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) {
      if (errno == ENOENT) continue; /* the folder was removed between mkdir and open */
      return CB_ERR_IO;
    }
    while (flock(fd, LOCK_EX) != 0)
      if (errno != EINTR) { close(fd); return CB_ERR_IO; }
    struct stat held, named;
    if (fstat(fd, &held) == 0 && stat(lock.s, &named) == 0 && held.st_dev == named.st_dev && held.st_ino == named.st_ino) {
      *fd_out = fd;
      return CB_OK;
    }
    close(fd);
  }
  return CB_ERR_IO;
}

void record_lock_release(int fd, const char *record_path) {
  CbPath dir, lock;
  if (fd < 0) return;
  if (lock_paths(record_path, &dir, &lock) != CB_OK) { close(fd); return; }
  unlink(lock.s); /* still holding the flock: see record_lock_take */
  close(fd);      /* closing drops the flock */
  rmdir(dir.s);   /* only when no other record's lock is in it */
}
