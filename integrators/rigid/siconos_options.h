/* Releasing Siconos Numerics 4.4 solver options: its solver_options_delete frees the members of
 * an options struct and of its internal solvers' structs, but not the structs themselves. */
#ifndef CBENCH_SICONOS_OPTIONS_H
#define CBENCH_SICONOS_OPTIONS_H

#include <siconos/numerics/SolverOptions.h>

void siconos_options_free(SolverOptions *opt);

#endif
