#include "json_input.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void set_err(char *err, size_t errlen, const char *path, const char *why) {
  if (err && errlen) snprintf(err, errlen, "%s: %s", path, why);
}

char *input_read_file(const char *path, size_t max_bytes, size_t *len, char *err, size_t errlen) {
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  char why[128];
  if (fd < 0) {
    snprintf(why, sizeof why, "cannot open: %s", strerror(errno));
    set_err(err, errlen, path, why);
    return NULL;
  }
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(fd);
    set_err(err, errlen, path, "cannot read: not a regular file (a FIFO or device may never end)");
    return NULL;
  }
  if ((unsigned long long)st.st_size > max_bytes) {
    close(fd);
    snprintf(why, sizeof why, "cannot read: %lld bytes, more than the %zu MiB an input may have", (long long)st.st_size,
             max_bytes >> 20);
    set_err(err, errlen, path, why);
    return NULL;
  }
  /* the size may change while we read: read to the end, never past max_bytes */
  size_t cap = (size_t)st.st_size + 1, n = 0;
  char *buf = malloc(cap + 1);
  if (!buf) { close(fd); set_err(err, errlen, path, "out of memory"); return NULL; }
  for (;;) {
    if (n == cap) {
      if (cap > max_bytes) { free(buf); close(fd); set_err(err, errlen, path, "grew beyond the input size limit while read"); return NULL; }
      char *g = realloc(buf, 2 * cap + 1);
      if (!g) { free(buf); close(fd); set_err(err, errlen, path, "out of memory"); return NULL; }
      buf = g;
      cap *= 2;
    }
    ssize_t r = read(fd, buf + n, cap - n);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) { snprintf(why, sizeof why, "cannot read: %s", strerror(errno)); free(buf); close(fd); set_err(err, errlen, path, why); return NULL; }
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

static int check(const cJSON *x, char *path, size_t pathlen, size_t used) {
  if (cJSON_IsObject(x)) {
    const cJSON *d = duplicate_key(x);
    if (d) {
      snprintf(path + used, pathlen - used, "%s%s", used ? "." : "", d->string);
      return -1;
    }
    for (const cJSON *c = x->child; c; c = c->next) {
      int w = snprintf(path + used, pathlen - used, "%s%s", used ? "." : "", c->string);
      size_t u = used + (w > 0 ? (size_t)w : 0);
      if (check(c, path, pathlen, u < pathlen ? u : pathlen - 1) < 0) return -1;
    }
  } else if (cJSON_IsArray(x)) {
    int i = 0;
    for (const cJSON *c = x->child; c; c = c->next, ++i) {
      int w = snprintf(path + used, pathlen - used, "[%d]", i);
      size_t u = used + (w > 0 ? (size_t)w : 0);
      if (check(c, path, pathlen, u < pathlen ? u : pathlen - 1) < 0) return -1;
    }
  }
  path[used] = '\0';
  return 0;
}

int json_check_unique_keys(const cJSON *root, char *path, size_t pathlen) {
  char dummy[2];
  if (!path || pathlen < 2) { path = dummy; pathlen = sizeof dummy; }
  path[0] = '\0';
  return check(root, path, pathlen, 0);
}

cJSON *json_parse_checked(const char *text, const char *name, char *err, size_t errlen) {
  const char *end = NULL;
  cJSON *doc = cJSON_ParseWithOpts(text, &end, 1);
  if (!doc) {
    if (err && errlen) {
      int line = 1;
      for (const char *p = text; end && p < end && *p; ++p) line += *p == '\n';
      snprintf(err, errlen, "%s: not valid JSON (near line %d)", name, line);
    }
    return NULL;
  }
  char path[256];
  if (json_check_unique_keys(doc, path, sizeof path) != 0) {
    if (err && errlen) snprintf(err, errlen, "%s: %s: field given twice (refused: JSON readers disagree on which counts)", name, path);
    cJSON_Delete(doc);
    return NULL;
  }
  return doc;
}

cJSON *json_load_file(const char *path, char *err, size_t errlen) {
  char *text = input_read_file(path, INPUT_MAX_BYTES, NULL, err, errlen);
  if (!text) return NULL;
  cJSON *doc = json_parse_checked(text, path, err, errlen);
  free(text);
  return doc;
}
