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

static int in_registry(const IntegratorVtbl *vt) { return integrator_find(vt->name) == vt; }

Integrator *harness_integrator_create(const IntegratorVtbl *vt, const Model *m,
                                      const IntegratorOptions *opt, char *err, size_t errlen) {
  if (in_registry(vt)) return integrator_create(vt->name, m, opt, err, errlen);
  Integrator *it = calloc(1, sizeof *it);
  if (!it) { snprintf(err, errlen, "out of memory"); return NULL; }
  it->vtbl = vt;
  it->model = m;
  it->opt = *opt;
  if (it->opt.max_step == 0) it->opt.max_step = m->max_step > 0 ? m->max_step : 0.1;
  if (vt->create(it) != CB_OK) {
    snprintf(err, errlen, "%s: %s", vt->name, it->message[0] ? it->message : "creation failed");
    if (it->content && vt->destroy) vt->destroy(it);
    free(it);
    return NULL;
  }
  return it;
}

int harness_integrator_reset(Integrator *it, double t0, const double *x0) {
  if (in_registry(it->vtbl)) return integrator_reset(it, t0, x0);
  memset(&it->stats, 0, sizeof it->stats);
  it->message[0] = 0;
  it->t = t0;
  return it->vtbl->reset(it, t0, x0);
}

int harness_integrator_advance(Integrator *it, double t_out, double *x_out) {
  if (in_registry(it->vtbl)) return integrator_advance(it, t_out, x_out);
  return it->vtbl->advance(it, t_out, x_out);
}

void harness_integrator_destroy(Integrator *it) {
  if (!it) return;
  if (in_registry(it->vtbl)) { integrator_destroy(it); return; }
  if (it->vtbl->destroy) it->vtbl->destroy(it);
  free(it);
}
