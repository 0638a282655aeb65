/* Releasing Siconos Numerics 4.4 structs that wrap our buffers: its solver_options_delete frees
 * the members of an options struct and of its internal solvers' structs, but not the structs
 * themselves; a matrix over our dense data must not free that data. */
#ifndef CBENCH_SICONOS_RELEASE_H
#define CBENCH_SICONOS_RELEASE_H

#include <siconos/numerics/NumericsMatrix.h>
#include <siconos/numerics/SolverOptions.h>

void siconos_options_free(SolverOptions *opt);
/* Frees a matrix made by NM_create_from_data over our dense buffer, and any copy a solver
 * preserved (NM_preserve), leaving the buffer. */
void siconos_matrix_release(NumericsMatrix *nm);

#endif
