/* Progress of long work (a run, a reference, a sweep) as one line on stderr rewritten in place,
 * with the time left: only when stderr is a terminal and the command is not --quiet, so logs
 * and pipes get no progress lines. */
#ifndef CBENCH_PROGRESS_H
#define CBENCH_PROGRESS_H

#include <stddef.h>
#include <stdio.h>

typedef struct {
  int on;                  /* drawing: stderr is a terminal and not quiet */
  FILE *out;
  double t0, last;         /* monotonic start, last drawn */
  int width;               /* of the line drawn last (a shorter one blanks the rest) */
} Progress;

/* Starts the clock; on when !quiet and stderr is a terminal. */
void progress_begin(Progress *p, int quiet);
/* Redraws "WHAT: 45%, 12 s elapsed, about 15 s left" at most 4 times a second (fraction in
 * [0, 1] of the work; the time left is unknown below 0.1%). */
void progress_show(Progress *p, double fraction, const char *what);
/* Blanks the line (the next output starts on a clean line). */
void progress_end(Progress *p);

/* Seconds left when `fraction` of the work took `elapsed` s, at the rate so far: elapsed *
 * (1 - f) / f; NAN when fraction <= 0.001 (no estimate yet). */
double progress_eta(double elapsed, double fraction);
/* "42 s", "3 min 05 s", "2 h 04 min", or "?" (NAN). */
void progress_duration_text(double seconds, char *out, size_t outlen);

#endif
