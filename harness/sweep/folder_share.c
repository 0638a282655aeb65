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
    const char *host = file_tmp_host();
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
    char p[4400];
    snprintf(p, sizeof p, "%.4000s/%s", dir, e->d_name);
    n += unlink(p) == 0;
  }
  closedir(d);
  return n;
}

int record_lock_take(const char *record_path) {
  char dir[4200], lock[4500];
  const char *slash = strrchr(record_path, '/');
  const char *name = slash ? slash + 1 : record_path;
  snprintf(dir, sizeof dir, "%.*s.locks", slash ? (int)(slash - record_path + 1) : 0, record_path);
  if (mkdir(dir, 0755) != 0 && errno != EEXIST) return -1;
  snprintf(lock, sizeof lock, "%s/%.200s.lock", dir, name);
  int fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) return -1;
  while (flock(fd, LOCK_EX) != 0)
    if (errno != EINTR) { close(fd); return -1; }
  return fd;
}

void record_lock_release(int fd) {
  if (fd >= 0) close(fd); /* closing drops the flock */
}
