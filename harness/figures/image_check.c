/* Whole-image checks (see image_check.h). */
#include "image_check.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), k = strlen(suffix);
  return n >= k && !strcmp(s + n - k, suffix);
}

/* len bytes at offset off of fd into buf: CB_OK, or CB_ERR_IO. */
static CbStatus read_at(int fd, void *buf, size_t len, off_t off) {
  size_t got = 0;
  while (got < len) {
    ssize_t r = pread(fd, (char *)buf + got, len - got, off + (off_t)got);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) return CB_ERR_IO;
    got += (size_t)r;
  }
  return CB_OK;
}

CbStatus image_check(const char *path, CbError *e) { return image_check_as(path, path, e); }

CbStatus image_check_as(const char *path, const char *name, CbError *e) {
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  struct stat st;
  if (fd < 0)
    return CB_ERROR(e, CB_ERR_IO, "%s: %s", path, errno == ENOENT ? "missing (gnuplot did not draw it?)" : strerror(errno));
  const char *why = NULL;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) why = "not a regular file";
  else if (st.st_size == 0) why = "empty (a full disk?)";
  else if (ends_with(name, ".png")) {
    static const unsigned char sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    static const unsigned char iend[12] = {0, 0, 0, 0, 'I', 'E', 'N', 'D', 0xae, 0x42, 0x60, 0x82};
    unsigned char head[8], tail[12];
    if (st.st_size < 8 || read_at(fd, head, 8, 0) || memcmp(head, sig, 8)) why = "not a PNG (no PNG signature)";
    else if (st.st_size < 8 + 12 || read_at(fd, tail, 12, st.st_size - 12) || memcmp(tail, iend, 12))
      why = "a cut PNG (it does not end with its IEND chunk: a full disk?)";
  } else if (ends_with(name, ".svg")) {
    char tail[256 + 1];
    size_t k = st.st_size < 256 ? (size_t)st.st_size : 256;
    if (read_at(fd, tail, k, st.st_size - (off_t)k)) why = "cannot be read";
    else {
      tail[k] = '\0';
      while (k > 0 && strchr(" \t\r\n", tail[k - 1])) tail[--k] = '\0';
      if (!ends_with(tail, "</svg>")) why = "a cut SVG (it does not end with </svg>: a full disk?)";
    }
  }
  close(fd);
  return why ? CB_ERROR(e, CB_ERR_IO, "%s: %s", path, why) : CB_OK;
}
