/* One colour and point type per integrator name, shared by every plot and figure. */
#ifndef CBENCH_INTEGRATOR_STYLE_H
#define CBENCH_INTEGRATOR_STYLE_H

#include "../../integrators/integrator.h"

typedef struct {
  char color[8]; /* "#rrggbb" */
  int point;     /* gnuplot point type */
} IntegratorStyle;

/* The palette extends itself: the first INTEGRATOR_STYLE_CAPACITY registered integrators get
 * distinct colours, grouped by family (IntegratorVtbl.family: the members of one family are
 * shades of one hue, each family its own hue), each at least INTEGRATOR_STYLE_MIN_DIST apart
 * (Euclidean, 0-255 RGB) from every other and from the markers' red, orange, pink and the
 * unknown name's grey. */
#define INTEGRATOR_STYLE_CAPACITY 64
#define INTEGRATOR_STYLE_MIN_DIST 24.0

/* The style of a registered integrator, by its position in registry r (the built-in table, then
 * those added at run time; r = NULL: the built-in table): stable while integrators are only
 * added at the end. An unknown name gets a neutral grey. */
IntegratorStyle integrator_style_in(const IntegratorRegistry *r, const char *name);
IntegratorStyle integrator_style(const char *name);

/* The k-th line of a figure whose lines are all of one integrator (they differ by an option or
 * a parameter): the k-th colour and point type of a fixed table, so they differ by colour. */
IntegratorStyle series_style(int k);

/* How many registered integrators get distinct colours (INTEGRATOR_STYLE_CAPACITY). */
int integrator_style_colors(void);

#endif
