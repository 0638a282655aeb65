/* Before a run: the scene loaded (with its --param changes) and hashed, the spec checked against
 * the integrator, the horizon and the wall-time budget fixed. */
#include "run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../models/scene.h"
#include "../common/files.h"
#include "../common/machine.h"

CbStatus run_prepare(const CbenchContext *cb, const RunSpec *spec, RunContext *ctx, CbError *e) {
  memset(ctx, 0, sizeof *ctx);
  ctx->cb = cb;
  ctx->spec = *spec;
  ctx->spec.registry = &cb->registry;
  machine_load_avg(ctx->load_start);
  snprintf(ctx->scene_hash, sizeof ctx->scene_hash, "unknown");
  if (spec->nparam > 0) {
    char *json = NULL;
    if (scene_params_apply(spec->case_path, (const char (*)[SCENE_PARAM_PATH_LEN])spec->param_path,
                           (const char (*)[SCENE_PARAM_VALUE_LEN])spec->param_value, spec->nparam, &json, e))
      return cb_error_fail(e, CB_ERR_INPUT);
    hash_hex(hash_fnv1a64(json, strlen(json)), ctx->scene_hash, sizeof ctx->scene_hash);
    ctx->model = scene_load_string(json, spec->case_path, e);
    free(json);
  } else {
    hash_file(spec->case_path, ctx->scene_hash, sizeof ctx->scene_hash);
    ctx->model = scene_load(spec->case_path, e);
  }
  if (!ctx->model) return cb_error_fail(e, CB_ERR_INPUT);
  ctx->vt = integrator_registry_find(&cb->registry, spec->integrator);
  CbStatus rc = CB_OK;
  if (!ctx->vt) {
    integrator_registry_unknown_message(&cb->registry, spec->integrator, CB_ERR_TEXT(e));
    rc = cb_error_fail(e, CB_ERR_OPTION);
  } else if (ctx->vt->fixed_step && !spec->has_dt) {
    rc = CB_ERROR(e, CB_ERR_OPTION, "integrator '%s' is fixed-step: give --dt, not --accuracy", spec->integrator);
  } else if (!ctx->vt->fixed_step && !spec->has_accuracy) {
    rc = CB_ERROR(e, CB_ERR_OPTION, "integrator '%s' is error-controlled: give --accuracy, not --dt", spec->integrator);
  }
  ctx->t_end = spec->t_end > 0 ? spec->t_end : ctx->model->t_end;
  if (rc == CB_OK && !(ctx->t_end > 0)) {
    rc = CB_ERROR(e, CB_ERR_INPUT, "%s: duration must be positive (give --t-end)", spec->case_path);
  } else if (rc == CB_OK && !(ctx->t_end * RUN_DEFAULT_GRID_RATE < (double)(GRID_MAX_POINTS - 1))) {
    rc = CB_ERROR(e, CB_ERR_INPUT, "%s: %s: %g s is too long: the output grid (%g points per s) would exceed %ld points",
                  spec->case_path, spec->t_end > 0 ? "--t-end" : "duration", ctx->t_end, RUN_DEFAULT_GRID_RATE,
                  GRID_MAX_POINTS);
  } else if (rc == CB_OK && spec->output_dt > 0 && !(spec->output_dt <= ctx->t_end)) {
    rc = CB_ERROR(e, CB_ERR_INPUT, "%s: --output-dt %g s is longer than the run's t_end %g s", spec->case_path,
                  spec->output_dt, ctx->t_end);
  } else if (rc == CB_OK && spec->output_dt > 0 && !(ctx->t_end / spec->output_dt < (double)(GRID_MAX_POINTS - 2))) {
    rc = CB_ERROR(e, CB_ERR_INPUT, "%s: --output-dt %g s over %g s would exceed the row limit of %ld points",
                  spec->case_path, spec->output_dt, ctx->t_end, GRID_MAX_POINTS);
  }
  if (rc != CB_OK) {
    run_context_free(ctx);
    return rc;
  }
  ctx->budget = spec->timeout > 0 ? spec->timeout : RUN_DEFAULT_BUDGET_PER_SIM_S * ctx->t_end;
  if (ctx->spec.reps < 1) ctx->spec.reps = 1;
  return CB_OK;
}

CbStatus run_preflight(const RunContext *ctx, CbError *e) {
  IntegratorOptions opt;
  run_spec_options(&ctx->spec, &opt);
  Integrator *it = integrator_create_vtbl(ctx->vt, ctx->model, &opt, e);
  if (!it) return cb_error_fail(e, e->status == CB_ERR_OPTION ? CB_ERR_OPTION : CB_ERR_UNSUPPORTED);
  integrator_destroy(it);
  return CB_OK;
}

void run_context_free(RunContext *ctx) {
  if (ctx->model) model_free(ctx->model);
  ctx->model = NULL;
}

