#include "gnuplot_write.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

int gp_run(const char *dir, const char *script, const char *log, char *err, size_t errlen) {
  char perr[512];
  const char *argv[] = {"gnuplot", script, NULL};
  if (subprocess_run(argv, dir, log, CB_ERR_BUF(perr, sizeof perr)) == 0) return 0;
  snprintf(err, errlen, "%.1100s/%s: %.300s (see %s)", dir, script, perr, log);
  return 1;
}

int gp_run_atomic(const char *dir, const char *script, const char *log, const char *const *images, int nimages,
                  int required, char *err, size_t errlen) {
  char host[FILE_HOST_LEN], suffix[FILE_HOST_LEN + 40], expr[FILE_HOST_LEN + 80], perr[512];
  file_tmp_host(host);
  for (char *c = host; *c; ++c) /* inside a gnuplot string: nothing that could end it */
    if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '-' || *c == '_')) *c = '_';
  snprintf(suffix, sizeof suffix, ".tmp.%s.%ld", host, (long)getpid());
  snprintf(expr, sizeof expr, GP_OUT_SUFFIX " = '%s'", suffix);
  const char *argv[] = {"gnuplot", "-e", expr, script, NULL};
  int bad = subprocess_run(argv, dir, log, CB_ERR_BUF(perr, sizeof perr)) != 0;
  if (bad) snprintf(err, errlen, "%.1100s/%s: %.300s (see %s)", dir, script, perr, log);
  char (*tmp)[1600] = malloc(sizeof *tmp * (size_t)(nimages > 0 ? nimages : 1));
  if (!tmp) { snprintf(err, errlen, "%.1100s/%s: out of memory", dir, script); return 1; }
  for (int i = 0; i < nimages; ++i) snprintf(tmp[i], sizeof tmp[i], "%.1100s/%.300s%s", dir, images[i], suffix);
  for (int i = 0; !bad && i < nimages; ++i) {
    char why[1800];
    if (!required && access(tmp[i], F_OK) != 0) continue; /* not drawn by this script */
    if (image_check_as(tmp[i], images[i], why, sizeof why)) {
      snprintf(err, errlen, "%.1100s/%s: gnuplot exited 0 but its image is not whole: %.1500s", dir, script, why);
      bad = 1;
    }
  }
  for (int i = 0; !bad && i < nimages; ++i) {
    char final[1600];
    snprintf(final, sizeof final, "%.1100s/%.300s", dir, images[i]);
    if (access(tmp[i], F_OK) == 0 && rename(tmp[i], final) != 0) {
      snprintf(err, errlen, "%s: rename failed", final);
      bad = 1;
    }
  }
  if (bad)
    for (int i = 0; i < nimages; ++i) unlink(tmp[i]);
  free(tmp);
  return bad;
}
