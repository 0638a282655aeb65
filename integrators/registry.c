/* Name -> integrator table. Adding an integrator: define its IntegratorVtbl in its folder,
 * declare it below and add it to the table; it then appears in `cbench list`, sweeps, plots
 * and CI tracking. */
#include "integrator.h"

#include <stdio.h>
#include <string.h>

#include "common/nearest_name.h"

extern const IntegratorVtbl cenic_sd_vtbl, cenic_trap_vtbl, cenic_fixed_vtbl;
extern const IntegratorVtbl tamsi_vtbl, tamsi_sd_vtbl;
extern const IntegratorVtbl ie_vtbl, bdf_vtbl, sdirk2_vtbl, rosenbrock_vtbl, rk3_vtbl;
extern const IntegratorVtbl mujoco_vtbl;

static const IntegratorVtbl *const registry[] = {
    &cenic_sd_vtbl, &cenic_trap_vtbl, &cenic_fixed_vtbl,
    &tamsi_vtbl, &tamsi_sd_vtbl,
    &ie_vtbl, &bdf_vtbl, &sdirk2_vtbl, &rosenbrock_vtbl, &rk3_vtbl,
    &mujoco_vtbl,
    NULL};

/* Integrators added at run time (tests, plug-ins): the registry's only mutable state. */
static const IntegratorVtbl *added[INTEGRATOR_MAX_ADDED];
static int nadded;

int integrator_register(const IntegratorVtbl *vt) {
  if (!vt || !vt->name || nadded >= INTEGRATOR_MAX_ADDED) return -1;
  for (int i = 0; i < nadded; ++i)
    if (added[i] == vt) return 0;
  added[nadded++] = vt;
  return 0;
}

void integrator_unregister_all(void) { nadded = 0; }

static int builtin_count(void) {
  int n = 0;
  while (registry[n]) ++n;
  return n;
}

int integrator_count(void) { return builtin_count() + nadded; }

const IntegratorVtbl *integrator_at(int i) {
  int n = builtin_count();
  if (i >= 0 && i < n) return registry[i];
  i -= n;
  return (i >= 0 && i < nadded) ? added[i] : NULL;
}

void integrator_name_hint(const char *name, char *out, size_t outlen) {
  const char *names[INTEGRATOR_MAX_ADDED + 64];
  int n = 0;
  for (int i = 0; i < integrator_count() && n < (int)(sizeof names / sizeof names[0]); ++i)
    names[n++] = integrator_at(i)->name;
  nearest_name_hint(name, names, n, out, outlen);
}

void integrator_unknown_message(const char *name, char *out, size_t outlen) {
  char hint[128];
  integrator_name_hint(name, hint, sizeof hint);
  snprintf(out, outlen, "unknown integrator '%s'%s (see `cbench list`)", name, hint);
}

const IntegratorVtbl *integrator_find(const char *name) {
  for (int i = 0; i < integrator_count(); ++i)
    if (strcmp(integrator_at(i)->name, name) == 0) return integrator_at(i);
  return NULL;
}
