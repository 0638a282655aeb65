#include "gnuplot_write.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../common/cb_path.h"
#include "../common/files.h"
#include "../common/subprocess.h"
#include "image_check.h"

/* Writes c escaped to out (at most 3 chars); returns how many. */
static size_t escape_char(char c, char *out) {
  size_t n = 0;
  if (c == '_' || c == '^' || c == '{' || c == '}' || c == '@' || c == '&' || c == '~') {
    out[n++] = '\\'; /* "\\_": the string literal keeps one backslash, which enhanced text takes as literal */
    out[n++] = '\\';
  } else if (c == '"' || c == '\\') {
    out[n++] = '\\';
  }
  out[n++] = c == '`' ? '\'' : (unsigned char)c < 0x20 ? ' ' : c;
  return n;
}

void gp_escape(const char *s, char *out, size_t outlen) {
  size_t n = 0;
  for (; *s && n + 4 < outlen; ++s) n += escape_char(*s, out + n);
  out[n] = '\0';
}

void gp_quote(FILE *f, const char *s) {
  fputc('"', f);
  for (char buf[4]; *s; ++s) fwrite(buf, 1, escape_char(*s, buf), f);
  fputc('"', f);
}

/* Makes subprocess_run's why (in e) "DIR/SCRIPT: why (see LOG)"; returns st. */
static CbStatus gnuplot_failed(CbError *e, CbStatus st, const char *dir, const char *script, const char *log) {
  if (!e || !e->msg) return st;
  cb_error_prefix(e, "%s/%s: ", dir, script);
  size_t n = strlen(e->msg);
  if (n < e->cap) snprintf(e->msg + n, e->cap - n, " (see %s)", log);
  return st;
}

CbStatus gp_run(const char *dir, const char *script, const char *log, CbError *e) {
  const char *argv[] = {"gnuplot", script, NULL};
  CbStatus st = subprocess_run(argv, dir, log, e);
  return st == CB_OK ? CB_OK : gnuplot_failed(e, st, dir, script, log);
}

CbStatus gp_run_atomic(const char *dir, const char *script, const char *log, const char *const *images, int nimages,
                       int required, CbError *e) {
  char host[FILE_HOST_LEN], suffix[FILE_HOST_LEN + 40], expr[FILE_HOST_LEN + 80];
  file_tmp_host(host);
  for (char *c = host; *c; ++c) /* inside a gnuplot string: nothing that could end it */
    if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '-' || *c == '_')) *c = '_';
  snprintf(suffix, sizeof suffix, ".tmp.%s.%ld", host, (long)getpid());
  snprintf(expr, sizeof expr, GP_OUT_SUFFIX " = '%s'", suffix);
  const char *argv[] = {"gnuplot", "-e", expr, script, NULL};
  CbStatus st = subprocess_run(argv, dir, log, e);
  if (st != CB_OK) gnuplot_failed(e, st, dir, script, log);
  CbPath *tmp = malloc(sizeof *tmp * (size_t)(nimages > 0 ? nimages : 1));
  if (!tmp) return st != CB_OK ? st : CB_ERROR(e, CB_ERR_MEMORY, "%s/%s: out of memory", dir, script);
  for (int i = 0; st == CB_OK && i < nimages; ++i) st = cb_path(&tmp[i], e, "%s/%s%s", dir, images[i], suffix);
  for (int i = 0; st == CB_OK && i < nimages; ++i) {
    if (!required && access(tmp[i].s, F_OK) != 0) continue; /* not drawn by this script */
    if ((st = image_check_as(tmp[i].s, images[i], e)) != CB_OK)
      if (e) cb_error_prefix(e, "%s/%s: gnuplot exited 0 but its image is not whole: ", dir, script);
  }
  for (int i = 0; st == CB_OK && i < nimages; ++i) {
    CbPath final;
    if ((st = cb_path(&final, e, "%s/%s", dir, images[i])) != CB_OK) break;
    if (access(tmp[i].s, F_OK) == 0 && rename(tmp[i].s, final.s) != 0) st = CB_ERROR(e, CB_ERR_IO, "%s: rename failed", final.s);
  }
  if (st != CB_OK) /* the temporaries' names: the failure may have come before all were made */
    for (int i = 0; i < nimages; ++i)
      if (cb_path(&tmp[i], NULL, "%s/%s%s", dir, images[i], suffix) == CB_OK) unlink(tmp[i].s);
  free(tmp);
  return st;
}
