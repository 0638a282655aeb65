/* One updating progress line (see progress.h). */
#include "progress.h"

#include <math.h>
#include <string.h>
#include <unistd.h>

#include "clock.h"

void progress_begin(Progress *p, int quiet) {
  memset(p, 0, sizeof *p);
  p->out = stderr;
  p->on = !quiet && isatty(fileno(stderr));
  p->t0 = clock_monotonic();
  p->last = -1e9;
}

double progress_eta(double elapsed, double fraction) {
  if (!(fraction > 0.001)) return NAN;
  if (fraction >= 1) return 0;
  return elapsed * (1 - fraction) / fraction;
}

void progress_duration_text(double s, char *out, size_t outlen) {
  if (!isfinite(s) || s < 0) snprintf(out, outlen, "?");
  else if (s < 59.5) snprintf(out, outlen, "%.0f s", s);
  else if (s < 3570) snprintf(out, outlen, "%d min %02d s", (int)(s + 0.5) / 60, (int)(s + 0.5) % 60);
  else snprintf(out, outlen, "%d h %02d min", (int)(s / 60 + 0.5) / 60, (int)(s / 60 + 0.5) % 60);
}

void progress_show(Progress *p, double fraction, const char *what) {
  if (!p->on) return;
  double now = clock_monotonic(), el = now - p->t0;
  if (now - p->last < 0.25) return;
  p->last = now;
  char e[32], left[32], line[512];
  progress_duration_text(el, e, sizeof e);
  progress_duration_text(progress_eta(el, fraction), left, sizeof left);
  int n = snprintf(line, sizeof line, "%s: %.0f%%, %s elapsed, about %s left", what,
                   100 * fmin(fmax(fraction, 0), 1), e, left);
  if (n < 0) return;
  if (n >= (int)sizeof line) n = (int)sizeof line - 1;
  fprintf(p->out, "\r%s%*s", line, p->width > n ? p->width - n : 0, "");
  fflush(p->out);
  p->width = n;
}

void progress_end(Progress *p) {
  if (!p->on || p->width == 0) return;
  fprintf(p->out, "\r%*s\r", p->width, "");
  fflush(p->out);
  p->width = 0;
}
