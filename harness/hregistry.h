/* Integrator lookup for the harness: the registry (integrators/registry.c) plus integrators
 * added at run time by tests (harness_register_extra). */
#ifndef CBENCH_HREGISTRY_H
#define CBENCH_HREGISTRY_H

#include "../integrators/integrator.h"

#define HARNESS_MAX_EXTRA 16

/* Adds a vtbl that the harness finds by name after the registry (tests only). 0 or -1. */
int harness_register_extra(const IntegratorVtbl *vt);
void harness_clear_extra(void);
int harness_integrator_count(void);
const IntegratorVtbl *harness_integrator_at(int i);
const IntegratorVtbl *harness_integrator_find(const char *name);

/* create/reset/advance/destroy through the generic driver when the vtbl is registered,
 * else directly through the vtbl (same contract). */
Integrator *harness_integrator_create(const IntegratorVtbl *vt, const Model *m,
                                      const IntegratorOptions *opt, char *err, size_t errlen);
int harness_integrator_reset(Integrator *it, double t0, const double *x0);
int harness_integrator_advance(Integrator *it, double t_out, double *x_out);
void harness_integrator_destroy(Integrator *it);

#endif
