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
extern const IntegratorVtbl lcp_vtbl, ccp_vtbl, ncp_vtbl, raisim_vtbl, ca_vtbl;

static const IntegratorVtbl *const registry[] = {
    &cenic_sd_vtbl, &cenic_trap_vtbl, &cenic_fixed_vtbl,
    &tamsi_vtbl, &tamsi_sd_vtbl,
    &ie_vtbl, &bdf_vtbl, &sdirk2_vtbl, &rosenbrock_vtbl, &rk3_vtbl,
    &mujoco_vtbl,
    &lcp_vtbl, &ccp_vtbl, &ncp_vtbl, &raisim_vtbl, &ca_vtbl,
    NULL};

int integrator_registry_add(IntegratorRegistry *r, const IntegratorVtbl *vt) {
  if (!r || !vt || !vt->name || r->nadded >= INTEGRATOR_MAX_ADDED) return -1;
  for (int i = 0; i < r->nadded; ++i)
    if (r->added[i] == vt) return 0;
  r->added[r->nadded++] = vt;
  return 0;
}

static int builtin_count(void) {
  int n = 0;
  while (registry[n]) ++n;
  return n;
}

int integrator_registry_count(const IntegratorRegistry *r) { return builtin_count() + (r ? r->nadded : 0); }

const IntegratorVtbl *integrator_registry_at(const IntegratorRegistry *r, int i) {
  int n = builtin_count();
  if (i >= 0 && i < n) return registry[i];
  i -= n;
  return (r && i >= 0 && i < r->nadded) ? r->added[i] : NULL;
}

void integrator_registry_name_hint(const IntegratorRegistry *r, const char *name, char *out, size_t outlen) {
  const char *names[INTEGRATOR_MAX_ADDED + 64];
  int n = 0;
  for (int i = 0; i < integrator_registry_count(r) && n < (int)(sizeof names / sizeof names[0]); ++i)
    names[n++] = integrator_registry_at(r, i)->name;
  nearest_name_hint(name, names, n, out, outlen);
}

void integrator_registry_unknown_message(const IntegratorRegistry *r, const char *name, char *out, size_t outlen) {
  char hint[128];
  integrator_registry_name_hint(r, name, hint, sizeof hint);
  snprintf(out, outlen, "unknown integrator '%s'%s (see `cbench list`)", name, hint);
}

const IntegratorVtbl *integrator_registry_find(const IntegratorRegistry *r, const char *name) {
  for (int i = 0; i < integrator_registry_count(r); ++i)
    if (strcmp(integrator_registry_at(r, i)->name, name) == 0) return integrator_registry_at(r, i);
  return NULL;
}
