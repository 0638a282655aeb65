/* One colour and point type per integrator name, shared by every plot and figure. */
#ifndef CBENCH_INTEGRATOR_STYLE_H
#define CBENCH_INTEGRATOR_STYLE_H

typedef struct {
  const char *color; /* "#rrggbb" */
  int point;         /* gnuplot point type */
} IntegratorStyle;

/* The style of a registered integrator (by its position in `cbench list`: stable, and no two
 * registered integrators share a colour); an unknown name gets a neutral grey. */
IntegratorStyle integrator_style(const char *name);

/* Number of distinct colours in the table (registered integrators must not exceed it). */
int integrator_style_colors(void);

#endif
