#include "instr_count.h"

#include <dirent.h>
#include <errno.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "../common/cb_path.h"

CbStatus instr_counter_open(InstrCounter *c) {
  struct perf_event_attr a;
  memset(&a, 0, sizeof a);
  a.type = PERF_TYPE_HARDWARE;
  a.size = sizeof a;
  a.config = PERF_COUNT_HW_INSTRUCTIONS;
  a.disabled = 1;
  a.exclude_kernel = 1; /* allowed at perf_event_paranoid 2 */
  a.exclude_hv = 1;
  c->why[0] = '\0';
  c->fd = (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, 0);
  if (c->fd >= 0) return CB_OK;
  int e = errno;
  snprintf(c->why, sizeof c->why, "perf_event_open(instructions, user space): %s%s", strerror(e),
           e == ENOENT || e == EOPNOTSUPP ? " (no hardware counter here)"
           : e == EACCES || e == EPERM    ? " (see /proc/sys/kernel/perf_event_paranoid)"
           : e == ENOSYS                  ? " (not allowed in this container)"
                                          : "");
  return CB_ERR_UNSUPPORTED;
}

void instr_counter_start(InstrCounter *c) {
  if (c->fd < 0) return;
  ioctl(c->fd, PERF_EVENT_IOC_RESET, 0);
  ioctl(c->fd, PERF_EVENT_IOC_ENABLE, 0);
}

long long instr_counter_read(InstrCounter *c) {
  if (c->fd < 0) return -1;
  ioctl(c->fd, PERF_EVENT_IOC_DISABLE, 0);
  long long v = 0;
  return read(c->fd, &v, sizeof v) == (ssize_t)sizeof v ? v : -1;
}

void instr_counter_close(InstrCounter *c) {
  if (c->fd >= 0) close(c->fd);
  c->fd = -1;
}

/* The first number after "totals:" (or "summary:") in one callgrind output file: CB_OK, or
 * CB_ERR_INPUT (CB_ERR_IO: unreadable). */
static CbStatus file_total(const char *path, unsigned long long *ir) {
  FILE *f = fopen(path, "r");
  if (!f) return CB_ERR_IO;
  char line[512];
  int found = -1;
  unsigned long long summary = 0;
  while (fgets(line, sizeof line, f)) {
    if (!strncmp(line, "totals:", 7) && sscanf(line + 7, "%llu", ir) == 1) { found = 0; break; }
    if (!strncmp(line, "summary:", 8) && sscanf(line + 8, "%llu", &summary) == 1) found = 1;
  }
  fclose(f);
  if (found == 1) *ir = summary;
  return found >= 0 ? CB_OK : CB_ERR_INPUT;
}

CbStatus callgrind_total_ir(const char *dir, const char *prefix, unsigned long long *ir, CbError *err) {
  DIR *d = opendir(dir);
  if (!d) return CB_ERROR(err, CB_ERR_IO, "%s: %s", dir, strerror(errno));
  struct dirent *e;
  int nfiles = 0;
  *ir = 0;
  size_t plen = strlen(prefix);
  while ((e = readdir(d))) {
    if (strncmp(e->d_name, prefix, plen) != 0) continue;
    CbPath path;
    unsigned long long v = 0;
    CbStatus st = cb_path_join(&path, err, dir, e->d_name);
    if (st == CB_OK && file_total(path.s, &v) != CB_OK)
      st = CB_ERROR(err, CB_ERR_INPUT, "%s: no totals line (not a callgrind output?)", path.s);
    if (st != CB_OK) {
      closedir(d);
      return st;
    }
    *ir += v;
    ++nfiles;
  }
  closedir(d);
  if (!nfiles) return CB_ERROR(err, CB_ERR_INPUT, "%s: no callgrind output %s*", dir, prefix);
  return CB_OK;
}
