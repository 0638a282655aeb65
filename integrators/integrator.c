/* Generic integrator driver: creation from the registry, option helpers, error messages. */
#include "integrator.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../models/system.h"
#include "common/nearest_name.h"
#include "common/stepper.h"
#include "common/wall_clock.h"

Integrator *integrator_create(const char *name, const Model *m, const IntegratorOptions *opt, CbError *e) {
  const IntegratorVtbl *vt = integrator_find(name);
  if (!vt) {
    char msg[512];
    integrator_registry_unknown_message(NULL, name, msg, sizeof msg);
    CB_ERROR(e, CB_ERR_OPTION, "%s", msg);
    return NULL;
  }
  return integrator_create_vtbl(vt, m, opt, e);
}

Integrator *integrator_create_vtbl(const IntegratorVtbl *vt, const Model *m, const IntegratorOptions *opt, CbError *e) {
  const char *name = vt->name;
  if (vt->fixed_step && !(opt->dt > 0)) {
    CB_ERROR(e, CB_ERR_OPTION, "integrator '%s' is fixed-step: needs a step dt > 0, got %g", name, opt->dt);
    return NULL;
  }
  if (!vt->fixed_step && !(opt->accuracy > 0)) {
    CB_ERROR(e, CB_ERR_OPTION, "integrator '%s' is error-controlled: needs accuracy > 0, got %g", name, opt->accuracy);
    return NULL;
  }
  if (opt->max_step < 0) {
    CB_ERROR(e, CB_ERR_OPTION, "max_step must be positive (0 = the scene's default), got %g", opt->max_step);
    return NULL;
  }
  /* checked here too, so an integrator whose create reads no options still refuses an --opt */
  OptionValues ov;
  if (options_parse(name, vt->options, opt->nextra, opt->extra_key, opt->extra_value, &ov, e) != CB_OK) return NULL;
  Integrator *it = calloc(1, sizeof(Integrator));
  if (!it) {
    CB_ERROR(e, CB_ERR_MEMORY, "%s: out of memory", name);
    return NULL;
  }
  it->vtbl = vt;
  it->model = m;
  it->opt = *opt;
  if (it->opt.max_step == 0) it->opt.max_step = m->max_step > 0 ? m->max_step : 0.1;
  int rc = vt->create(it);
  if (rc != CB_OK) {
    CB_ERROR(e, (CbStatus)rc, "%s: %s", name, it->message[0] ? it->message : "creation failed");
    if (it->content) vt->destroy(it);
    stepper_release(it);
    free(it);
    return NULL;
  }
  return it;
}

int integrator_reset(Integrator *it, double t0, const double *x0) {
  memset(&it->stats, 0, sizeof(it->stats));
  it->message[0] = 0;
  it->t = t0;
  return it->vtbl->reset(it, t0, x0);
}

/* What every integrator's advance needs, done once here (as mj_step does for MuJoCo's
 * integrators): the output time checked, the total time measured, no recoverable (positive)
 * code escaping a run, and, for an integrator with its own advance, the returned state checked
 * for NaN / inf (the step drivers check each step's state). */
int integrator_advance(Integrator *it, double t_out, double *x_out) {
  if (!isfinite(t_out)) return integrator_fail(it, CB_ERR_OPTION, "output time %g is not finite", t_out);
  double t0 = wall_seconds();
  int rc = it->vtbl->advance(it, t_out, x_out);
  it->stats.time_total += wall_seconds() - t0;
  if (rc > 0) return integrator_fail(it, CB_ERR_STEP, "%s: step failed recoverably but was not retried (code %d)%s%s",
                                     it->vtbl->name, rc, it->message[0] ? ": " : "", it->message);
  if (rc == CB_OK && !it->stepper) { /* a driver has checked every state it interpolates from */
    int nx = system_nx(it->model);
    for (int i = 0; i < nx; ++i)
      if (!isfinite(x_out[i]))
        return integrator_fail(it, CB_ERR_NONFINITE, "non-finite state (component %d) at t = %.17g", i, t_out);
  }
  return rc;
}

void integrator_destroy(Integrator *it) {
  if (!it) return;
  if (it->vtbl && it->vtbl->destroy) it->vtbl->destroy(it);
  stepper_release(it);
  free(it);
}

int integrator_read_options(Integrator *it, OptionValues *out) {
  char err[sizeof it->message];
  if (options_parse(it->vtbl->name, it->vtbl->options, it->opt.nextra, it->opt.extra_key, it->opt.extra_value, out,
                    CB_ERR_BUF(err, sizeof err)) != CB_OK)
    return integrator_fail(it, CB_ERR_OPTION, "%s", err);
  return CB_OK;
}

int integrator_takes_option(const IntegratorVtbl *vt, const char *key) { return options_find(vt->options, key) != NULL; }

int integrator_fail(Integrator *it, int code, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(it->message, sizeof(it->message), fmt, ap);
  va_end(ap);
  return code;
}

void integrator_note(Integrator *it, const char *fmt, ...) {
  char buf[CB_NOTE_LEN];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  for (int i = 0; i < it->nnotes; ++i)
    if (strcmp(it->notes[i], buf) == 0) return;
  if (it->nnotes < CB_MAX_NOTES - 1) {
    snprintf(it->notes[it->nnotes++], CB_NOTE_LEN, "%s", buf);
  } else if (it->nnotes == CB_MAX_NOTES - 1) {
    snprintf(it->notes[it->nnotes++], CB_NOTE_LEN, "further integrator notes dropped");
  }
}

ControllerTreatment integrator_controllers(const IntegratorVtbl *vt, const IntegratorOptions *opt) {
  if (!vt) return CONTROLLERS_UNDECLARED;
  if (vt->controllers_with && opt) return vt->controllers_with(opt);
  return vt->controllers;
}

const char *integrator_controllers_name(ControllerTreatment t) {
  return t == CONTROLLERS_IMPLICIT ? "implicit" : t == CONTROLLERS_EXPLICIT ? "explicit" : "undeclared";
}
