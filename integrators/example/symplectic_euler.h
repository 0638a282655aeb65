/* A complete toy integrator on the shared fixed-step driver: the template for a new one. It is
 * compiled into the library but not in the built-in table (integrators/registry.c), so `cbench
 * list`, the plots and docs/options.md do not show it; tests add it to a context's registry. */
#ifndef CBENCH_EXAMPLE_SYMPLECTIC_EULER_H
#define CBENCH_EXAMPLE_SYMPLECTIC_EULER_H

#include "../integrator.h"

extern const IntegratorVtbl example_symplectic_euler_vtbl;

#endif
