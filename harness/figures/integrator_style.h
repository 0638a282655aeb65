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

/* The k-th line of a figure whose lines are all of one integrator (they differ by an option or
 * a parameter): the k-th colour and point type of the same table, so they differ by colour. */
IntegratorStyle series_style(int k);

/* Number of distinct colours in the table (registered integrators must not exceed it). */
int integrator_style_colors(void);

#endif
