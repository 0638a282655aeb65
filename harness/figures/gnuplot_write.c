#include "gnuplot_write.h"

#include <string.h>

#include "../common/subprocess.h"

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
  if (subprocess_run(argv, dir, log, perr, sizeof perr) == 0) return 0;
  snprintf(err, errlen, "%.1100s/%s: %.300s (see %s)", dir, script, perr, log);
  return 1;
}
