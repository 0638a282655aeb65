#include "integrator_style.h"

#include <string.h>

#include "integrators/integrator.h"

/* Distinct colours, none of them the red, orange or pink of the failed, timed-out and flagged
 * markers; filled point types, none of the markers' open cross (2), circle (6), triangle (8). */
static const char *const colors[] = {"#1f77b4", "#2ca02c", "#9467bd", "#8c564b", "#17becf", "#bcbd22",
                                     "#000080", "#7f7f7f", "#b15928", "#1b9e77", "#e6ab02", "#6a3d9a",
                                     "#000000", "#a6761d", "#006d2c", "#556b2f"};
static const int points[] = {7, 5, 9, 11, 13, 15, 4, 10, 12, 14, 3};
enum { NCOLORS = sizeof colors / sizeof colors[0], NPOINTS = sizeof points / sizeof points[0] };

int integrator_style_colors(void) { return NCOLORS; }

IntegratorStyle integrator_style(const char *name) {
  for (int i = 0; name && i < integrator_count(); ++i)
    if (!strcmp(integrator_at(i)->name, name)) return (IntegratorStyle){colors[i % NCOLORS], points[i % NPOINTS]};
  return (IntegratorStyle){"#aaaaaa", 1};
}

IntegratorStyle series_style(int k) {
  if (k < 0) k = 0;
  return (IntegratorStyle){colors[k % NCOLORS], points[k % NPOINTS]};
}
