/* Escaping for the report's HTML and Markdown (see markup.h). */
#include "markup.h"

#include <string.h>

void markup_html_n(FILE *f, const char *s, size_t n) {
  for (size_t i = 0; i < n && s[i]; ++i) {
    switch (s[i]) {
      case '<': fputs("&lt;", f); break;
      case '>': fputs("&gt;", f); break;
      case '&': fputs("&amp;", f); break;
      case '"': fputs("&quot;", f); break;
      case '\'': fputs("&#39;", f); break;
      default: fputc(s[i], f);
    }
  }
}

void markup_html(FILE *f, const char *s) { markup_html_n(f, s, (size_t)-1); }

static int alnum(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

void markup_md(FILE *f, const char *s) {
  size_t lead = strspn(s, "0123456789"); /* "1. x" at the start would be a list */
  for (size_t i = 0; s[i]; ++i) {
    char c = s[i];
    if (c == '\n' || c == '\r') { fputc(' ', f); continue; }
    int esc = strchr("\\`*[]<>!|#~&", c) != NULL;
    if (c == '_') esc = !(i > 0 && alnum(s[i - 1]) && alnum(s[i + 1])); /* intraword: not emphasis */
    if (i == 0 && (c == '-' || c == '+' || c == '=')) esc = 1;
    if (i == lead && lead > 0 && (c == '.' || c == ')') && (!s[i + 1] || s[i + 1] == ' ' || s[i + 1] == '\t')) esc = 1;
    if (esc) fputc('\\', f);
    fputc(c, f);
  }
}

void markup_md_code(FILE *f, const char *s, size_t n) {
  size_t len = strnlen(s, n), run = 0, longest = 0;
  for (size_t i = 0; i < len; ++i) {
    run = s[i] == '`' ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  int pad = len > 0 && (s[0] == '`' || s[len - 1] == '`' || s[0] == ' ');
  for (size_t k = 0; k <= longest; ++k) fputc('`', f);
  if (pad) fputc(' ', f);
  for (size_t i = 0; i < len; ++i) fputc(s[i] == '\n' || s[i] == '\r' ? ' ' : s[i], f);
  if (pad) fputc(' ', f);
  for (size_t k = 0; k <= longest; ++k) fputc('`', f);
}

void markup_url_segment(FILE *f, const char *s) {
  for (const unsigned char *p = (const unsigned char *)s; *p; ++p) {
    if (alnum((char)*p) || *p == '_' || *p == '~' || *p == '-' || (*p == '.' && strcmp(s, ".") && strcmp(s, "..")))
      fputc(*p, f);
    else
      fprintf(f, "%%%02X", *p);
  }
}
