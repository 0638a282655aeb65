/* Name -> integrator table. Adding an integrator: define its IntegratorVtbl in its folder and
 * add one line below; it then appears in `cbench list`, sweeps, plots and CI tracking. */
#include "integrator.h"

#include <string.h>

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

int integrator_count(void) {
  int n = 0;
  while (registry[n]) ++n;
  return n;
}

const IntegratorVtbl *integrator_at(int i) { return (i >= 0 && i < integrator_count()) ? registry[i] : NULL; }

const IntegratorVtbl *integrator_find(const char *name) {
  for (int i = 0; registry[i]; ++i)
    if (strcmp(registry[i]->name, name) == 0) return registry[i];
  return NULL;
}
