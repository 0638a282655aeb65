#include "json_input.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* "PATH: WHY" as CB_ERR_IO (CB_ERR_MEMORY when out of memory); closes fd (>= 0), frees buf. */
static char *read_failed(CbError *e, CbStatus st, int fd, char *buf, const char *path, const char *why) {
  if (fd >= 0) close(fd);
  free(buf);
  CB_ERROR(e, st, "%s: %s", path, why);
  return NULL;
}

char *input_read_file(const char *path, size_t max_bytes, size_t *len, CbError *e) {
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  char why[128];
  if (fd < 0) {
    snprintf(why, sizeof why, "cannot open: %s", strerror(errno));
    return read_failed(e, CB_ERR_IO, -1, NULL, path, why);
  }
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
    return read_failed(e, CB_ERR_IO, fd, NULL, path, "cannot read: not a regular file (a FIFO or device may never end)");
  if ((unsigned long long)st.st_size > max_bytes) {
    snprintf(why, sizeof why, "cannot read: %lld bytes, more than the %zu MiB an input may have", (long long)st.st_size,
             max_bytes >> 20);
    return read_failed(e, CB_ERR_IO, fd, NULL, path, why);
  }
  /* the size may change while we read: read to the end, never past max_bytes */
  size_t cap = (size_t)st.st_size + 1, n = 0;
  char *buf = malloc(cap + 1);
  if (!buf) return read_failed(e, CB_ERR_MEMORY, fd, NULL, path, "out of memory");
  for (;;) {
    if (n == cap) {
      if (cap > max_bytes) return read_failed(e, CB_ERR_IO, fd, buf, path, "grew beyond the input size limit while read");
      char *g = realloc(buf, 2 * cap + 1);
      if (!g) return read_failed(e, CB_ERR_MEMORY, fd, buf, path, "out of memory");
      buf = g;
      cap *= 2;
    }
    ssize_t r = read(fd, buf + n, cap - n);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) {
      snprintf(why, sizeof why, "cannot read: %s", strerror(errno));
      return read_failed(e, CB_ERR_IO, fd, buf, path, why);
    }
    if (r == 0) break;
    n += (size_t)r;
  }
  close(fd);
  buf[n] = '\0';
  if (len) *len = n;
  return buf;
}

static int cmp_names(const void *a, const void *b) {
  return strcmp((*(const cJSON *const *)a)->string, (*(const cJSON *const *)b)->string);
}

/* The first key of object o given twice, or NULL (sorted copy of the names when there are many:
 * a hostile object with 10^6 keys must not cost 10^12 comparisons). */
static const cJSON *duplicate_key(const cJSON *o) {
  int n = 0;
  for (const cJSON *c = o->child; c; c = c->next) ++n;
  if (n <= 16) {
    for (const cJSON *c = o->child; c; c = c->next)
      for (const cJSON *d = o->child; d != c; d = d->next)
        if (c->string && d->string && !strcmp(c->string, d->string)) return c;
    return NULL;
  }
  const cJSON **v = malloc(sizeof *v * (size_t)n);
  if (!v) return NULL;
  int k = 0;
  for (const cJSON *c = o->child; c; c = c->next) if (c->string) v[k++] = c;
  qsort(v, (size_t)k, sizeof *v, cmp_names);
  const cJSON *dup = NULL;
  for (int i = 1; i < k && !dup; ++i)
    if (!strcmp(v[i]->string, v[i - 1]->string)) dup = v[i];
  free(v);
  return dup;
}

/* The JSON path of the first key given twice is made while the recursion unwinds: the level
 * that finds it reports "KEY: field given twice ...", each level above puts its key or index
 * before that, so the path has room for any depth. */
static void prefix_step(CbError *e, const char *key, int index) {
  if (!e->msg || !e->cap) return;
  if (key) cb_error_prefix(e, "%s%s", key, e->msg[0] == '[' ? "" : ".");
  else cb_error_prefix(e, "[%d]%s", index, e->msg[0] == '[' ? "" : ".");
}

static CbStatus check(const cJSON *x, CbError *e) {
  if (cJSON_IsObject(x)) {
    const cJSON *d = duplicate_key(x);
    if (d) return CB_ERROR(e, CB_ERR_INPUT, "%s: field given twice (refused: JSON readers disagree on which counts)", d->string);
    for (const cJSON *c = x->child; c; c = c->next)
      if (check(c, e) != CB_OK) {
        prefix_step(e, c->string, 0);
        return e->status;
      }
  } else if (cJSON_IsArray(x)) {
    int i = 0;
    for (const cJSON *c = x->child; c; c = c->next, ++i)
      if (check(c, e) != CB_OK) {
        prefix_step(e, NULL, i);
        return e->status;
      }
  }
  return CB_OK;
}

CbStatus json_check_unique_keys(const cJSON *root, const char *name, CbError *e) {
  CbErrorBuf own; /* the status is needed to unwind even when the caller keeps no message */
  if (!e) e = cb_error_init(&own);
  if (check(root, e) != CB_OK) return cb_error_prefix(e, "%s: ", name);
  return CB_OK;
}

cJSON *json_parse_checked(const char *text, const char *name, CbError *e) {
  const char *end = NULL;
  cJSON *doc = cJSON_ParseWithOpts(text, &end, 1);
  if (!doc) {
    int line = 1;
    for (const char *p = text; end && p < end && *p; ++p) line += *p == '\n';
    CB_ERROR(e, CB_ERR_INPUT, "%s: not valid JSON (near line %d)", name, line);
    return NULL;
  }
  if (json_check_unique_keys(doc, name, e) != CB_OK) {
    cJSON_Delete(doc);
    return NULL;
  }
  return doc;
}

cJSON *json_load_file(const char *path, CbError *e) {
  char *text = input_read_file(path, INPUT_MAX_BYTES, NULL, e);
  if (!text) return NULL;
  cJSON *doc = json_parse_checked(text, path, e);
  free(text);
  return doc;
}
