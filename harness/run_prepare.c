/* Before a run: the scene loaded (with its --param changes) and hashed, the spec checked against
 * the integrator, the horizon and the wall-time budget fixed. */
#include "run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../models/scene.h"
#include "files.h"

int run_prepare(const RunSpec *spec, RunContext *ctx, char *err, size_t errlen) {
  memset(ctx, 0, sizeof *ctx);
  ctx->spec = *spec;
  snprintf(ctx->scene_hash, sizeof ctx->scene_hash, "unknown");
  if (spec->nparam > 0) {
    char *json = NULL;
    if (scene_params_apply(spec->case_path, (const char (*)[SCENE_PARAM_PATH_LEN])spec->param_path,
                           (const char (*)[SCENE_PARAM_VALUE_LEN])spec->param_value, spec->nparam, &json, err,
                           errlen))
      return 2;
    hash_hex(hash_fnv1a64(json, strlen(json)), ctx->scene_hash, sizeof ctx->scene_hash);
    ctx->model = scene_load_string(json, spec->case_path, err, errlen);
    free(json);
  } else {
    hash_file(spec->case_path, ctx->scene_hash, sizeof ctx->scene_hash);
    ctx->model = scene_load(spec->case_path, err, errlen);
  }
  if (!ctx->model) return 2;
  ctx->vt = integrator_find(spec->integrator);
  int rc = 0;
  if (!ctx->vt) {
    integrator_unknown_message(spec->integrator, err, errlen);
    rc = 3;
  } else if (ctx->vt->fixed_step && !spec->has_dt) {
    snprintf(err, errlen, "integrator '%s' is fixed-step: give --dt, not --accuracy", spec->integrator);
    rc = 3;
  } else if (!ctx->vt->fixed_step && !spec->has_accuracy) {
    snprintf(err, errlen, "integrator '%s' is error-controlled: give --accuracy, not --dt",
             spec->integrator);
    rc = 3;
  }
  ctx->t_end = spec->t_end > 0 ? spec->t_end : ctx->model->t_end;
  if (rc == 0 && !(ctx->t_end > 0)) {
    snprintf(err, errlen, "%s: duration must be positive (give --t-end)", spec->case_path);
    rc = 2;
  } else if (rc == 0 && !(ctx->t_end * RUN_DEFAULT_GRID_RATE < (double)(GRID_MAX_POINTS - 1))) {
    snprintf(err, errlen, "%s: %s: %g s is too long: the output grid (%g points per s) would exceed %ld points",
             spec->case_path, spec->t_end > 0 ? "--t-end" : "duration", ctx->t_end, RUN_DEFAULT_GRID_RATE,
             GRID_MAX_POINTS);
    rc = 2;
  } else if (rc == 0 && spec->output_dt > 0 && !(spec->output_dt <= ctx->t_end)) {
    snprintf(err, errlen, "%s: --output-dt %g s is longer than the run's t_end %g s", spec->case_path,
             spec->output_dt, ctx->t_end);
    rc = 2;
  } else if (rc == 0 && spec->output_dt > 0 && !(ctx->t_end / spec->output_dt < (double)(GRID_MAX_POINTS - 2))) {
    snprintf(err, errlen, "%s: --output-dt %g s over %g s would exceed the row limit of %ld points", spec->case_path,
             spec->output_dt, ctx->t_end, GRID_MAX_POINTS);
    rc = 2;
  }
  if (rc != 0) {
    run_context_free(ctx);
    return rc;
  }
  ctx->budget = spec->timeout > 0 ? spec->timeout : RUN_DEFAULT_BUDGET_PER_SIM_S * ctx->t_end;
  if (ctx->spec.reps < 1) ctx->spec.reps = 1;
  return 0;
}

int run_preflight(const RunContext *ctx, char *err, size_t errlen) {
  IntegratorOptions opt;
  run_spec_options(&ctx->spec, &opt);
  int code;
  Integrator *it = integrator_create_vtbl_code(ctx->vt, ctx->model, &opt, err, errlen, &code);
  if (!it) return code == CB_ERR_OPTION ? 3 : 4;
  integrator_destroy(it);
  return 0;
}

void run_context_free(RunContext *ctx) {
  if (ctx->model) model_free(ctx->model);
  ctx->model = NULL;
}

