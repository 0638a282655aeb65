/* Name -> integrator table. Adding an integrator: define its IntegratorVtbl in its folder
 * (INTEGRATOR_VTBL) and add one X(...) line at the end of BUILTIN_INTEGRATORS; it then appears
 * in `cbench list`, sweeps, plots and CI tracking. The order is the plot colours' order: a new
 * one goes last so every other keeps its colour. */
#include "integrator.h"

#include <stdio.h>
#include <string.h>

#include "common/nearest_name.h"

#define BUILTIN_INTEGRATORS(X) \
  X(cenic_sd_vtbl)               \
  X(cenic_trap_vtbl)             \
  X(cenic_fixed_vtbl)            \
  X(tamsi_vtbl)                  \
  X(tamsi_sd_vtbl)               \
  X(ie_vtbl)                     \
  X(bdf_vtbl)                    \
  X(sdirk2_vtbl)                 \
  X(rosenbrock_vtbl)             \
  X(rk3_vtbl)                    \
  X(mujoco_vtbl)                 \
  X(lcp_vtbl)                    \
  X(ccp_vtbl)                    \
  X(ncp_vtbl)                    \
  X(raisim_vtbl)                 \
  X(ca_vtbl)                     \
  X(ode_vtbl)                    \
  X(ode_quick_vtbl)              \
  X(simbody_rkm_vtbl)            \
  X(simbody_see2_vtbl)           \
  X(bullet_vtbl)                 \
  X(bullet_mlcp_vtbl)            \
  X(dart_vtbl)                   \
  X(dart_pgs_vtbl)               \
  X(siconos_vtbl)

#define DECLARE_VTBL(var) extern const IntegratorVtbl var;
BUILTIN_INTEGRATORS(DECLARE_VTBL)
#undef DECLARE_VTBL

#define VTBL_ADDRESS(var) &var,
static const IntegratorVtbl *const registry[] = {BUILTIN_INTEGRATORS(VTBL_ADDRESS) NULL};
#undef VTBL_ADDRESS

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
