#include "hregistry.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Test hook: the only mutable global of the harness (filled by tests before running). */
static const IntegratorVtbl *extra[HARNESS_MAX_EXTRA];
static int nextra;

int harness_register_extra(const IntegratorVtbl *vt) {
  if (!vt || nextra >= HARNESS_MAX_EXTRA) return -1;
  for (int i = 0; i < nextra; ++i)
    if (extra[i] == vt) return 0;
  extra[nextra++] = vt;
  return 0;
}

void harness_clear_extra(void) { nextra = 0; }

int harness_integrator_count(void) { return integrator_count() + nextra; }

const IntegratorVtbl *harness_integrator_at(int i) {
  int n = integrator_count();
  if (i < n) return integrator_at(i);
  i -= n;
  return (i >= 0 && i < nextra) ? extra[i] : NULL;
}

const IntegratorVtbl *harness_integrator_find(const char *name) {
  const IntegratorVtbl *vt = integrator_find(name);
  if (vt) return vt;
  for (int i = 0; i < nextra; ++i)
    if (strcmp(extra[i]->name, name) == 0) return extra[i];
  return NULL;
}

/* Registered or not, every integrator goes through the same generic driver. */
Integrator *harness_integrator_create(const IntegratorVtbl *vt, const Model *m,
                                      const IntegratorOptions *opt, char *err, size_t errlen) {
  return integrator_create_vtbl(vt, m, opt, err, errlen);
}

int harness_integrator_reset(Integrator *it, double t0, const double *x0) { return integrator_reset(it, t0, x0); }

int harness_integrator_advance(Integrator *it, double t_out, double *x_out) { return integrator_advance(it, t_out, x_out); }

void harness_integrator_destroy(Integrator *it) { integrator_destroy(it); }
