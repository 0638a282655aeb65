/* `cbench list`, `cbench run`, `cbench reference`. */
#include "cli_args.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../bench/compare.h"
#include "../figures/figure.h"
#include "../common/cb_path.h"
#include "../common/files.h"
#include "../sweep/folder_share.h"
#include "options_doc.h"
#include "../sweep/plan.h"
#include "../figures/plot.h"
#include "../run/reference.h"
#include "../run/run_fields.h"
#include "../run/run_metrics.h"
#include "../run/record_fields.h"
#include "../run/run_record.h"
#include "../sweep/sweep.h"
#include "../common/num_text.h"

/* An unknown NAME in a NAME:PARAM option value, with the nearest registered name. */
static int unknown_integrator_in(const CbenchContext *cb, const char *name, const char *value, const char *opt) {
  char e[CB_ERROR_LEN], hint[128];
  integrator_registry_name_hint(&cb->registry, name, hint, sizeof hint);
  snprintf(e, sizeof e, "unknown integrator '%s' in %s%s", value, opt, hint);
  return usage_error(cb, "%s", e);
}

int cmd_list(const CbenchContext *cb, int argc, char **argv) {
  int options = 0, markdown = 0;
  for (int i = 2; i < argc; ++i) {
    if (!strcmp(argv[i], "--options")) options = 1;
    else if (!strcmp(argv[i], "--markdown")) markdown = 1;
    else return usage_error(cb, "unexpected argument '%s'", argv[i]);
  }
  if (markdown && !options) return usage_error(cb, "--markdown goes with --options%s", "");
  if (options) {
    if (markdown) options_doc_markdown(&cb->registry, stdout);
    else options_doc_text(&cb->registry, stdout);
    return fflush(stdout) == 0 ? CB_OK : CB_ERR_IO;
  }
  printf("integrators (%d):\n", integrator_registry_count(&cb->registry));
  for (int i = 0; i < integrator_registry_count(&cb->registry); ++i) {
    const IntegratorVtbl *vt = integrator_registry_at(&cb->registry, i);
    printf("  %-14s %-16s %s\n", vt->name, vt->fixed_step ? "[fixed step]" : "[error control]",
           vt->summary ? vt->summary : "");
  }
  char names[256][128];
  int n = cases_list(cb->cases_dir, names, 256);
  printf("cases (%d, in %s/):\n", n, cb->cases_dir);
  for (int i = 0; i < n; ++i) {
    CbPath path;
    char *text = cb_path(&path, NULL, "%s/%s.json", cb->cases_dir, names[i]) == CB_OK ? file_read_all(path.s, NULL) : NULL;
    cJSON *doc = text ? cJSON_Parse(text) : NULL;
    const cJSON *d = doc ? cJSON_GetObjectItemCaseSensitive(doc, "description") : NULL;
    char sum[128] = "";
    if (cJSON_IsString(d)) {
      /* at most ~100 characters, cut at a word */
      snprintf(sum, sizeof sum, "%s", d->valuestring);
      if (strlen(sum) > 100) {
        char *sp = strrchr(sum + 60 < sum + 97 ? (sum[97] = '\0', sum) : sum, ' ');
        if (sp) snprintf(sp, sizeof sum - (size_t)(sp - sum), " ...");
      }
    } else if (!doc) {
      snprintf(sum, sizeof sum, "(not valid JSON)");
    }
    printf("  %-22s %s\n", names[i], sum);
    cJSON_Delete(doc);
    free(text);
  }
  return 0;
}

static void print_summary(const cJSON *rec) {
  printf("%s / %s: %s", record_get_string(rec, FIELD_CASE, ""), record_get_string(rec, FIELD_INTEGRATOR, ""),
         record_get_string(rec, FIELD_STATUS, ""));
  const char *msg = record_get_string(rec, FIELD_MESSAGE, NULL);
  if (msg) printf(" (%s)", msg);
  double t_reached = record_get_number(rec, FIELD_T_REACHED);
  printf(", t reached %.4g of %.4g s\n", isnan(t_reached) ? 0.0 : t_reached, record_get_number(rec, FIELD_SIM_TIME));
  if (cJSON_IsObject(record_get(rec, FIELD_WORK)) && cJSON_IsObject(record_get(rec, FIELD_COUNTERS))) {
    printf("  work: %.4g s per simulated s (median), steps %.0f, rejected %.0f, rhs %.0f, newton %.0f, factorizations %.0f\n",
           record_get_number(rec, FIELD_WORK_MEDIAN), record_get_counter(rec, "steps"),
           record_get_counter(rec, "rejected"), record_get_counter(rec, "rhs_evals"),
           record_get_counter(rec, "newton_iters"), record_get_counter(rec, "factorizations"));
  }
  if (cJSON_IsObject(record_get(rec, FIELD_ERROR))) {
    printf("  error: positions max %.3g rms %.3g, full max %.3g\n", record_get_number(rec, FIELD_ERROR_POSITIONS_MAX),
           record_get_number(rec, FIELD_ERROR_POSITIONS_RMS), record_get_number(rec, FIELD_ERROR_FULL_MAX));
    const char *rci = record_get_string(rec, FIELD_ERROR_CHECK_INTEGRATOR, NULL);
    double rcq = record_get_number(rec, FIELD_ERROR_CHECK_POSITIONS_MAX);
    double rcf = record_get_number(rec, FIELD_ERROR_CHECK_FULL_MAX);
    const char *rcs = record_get_string(rec, FIELD_ERROR_CHECK_STATUS, NULL);
    double rcn = record_get_number(rec, FIELD_ERROR_CHECK_POINTS);
    double rcr = record_get_number(rec, FIELD_ERROR_CHECK_REFERENCE_POINTS);
    if (rci && !isnan(rcq) && !isnan(rcf)) {
      printf("  reference uncertainty: its cross-check (%s) differs by positions max %.3g, full max %.3g", rci, rcq, rcf);
      if (rcs && strcmp(rcs, "ok") && !isnan(rcn) && !isnan(rcr))
        printf(" (the cross-check %s: over its first %.0f of %.0f points only)", rcs, rcn, rcr);
      printf("\n");
    }
    else
      printf("  reference uncertainty: unknown (the reference has no cross-check)\n");
  } else {
    printf("  error: none (%s)\n", record_get_string(rec, FIELD_ERROR_NOTE, ""));
  }
  const cJSON *warn;
  cJSON_ArrayForEach(warn, record_get(rec, FIELD_WARNINGS))
    if (cJSON_IsString(warn)) printf("  warning: %s\n", warn->valuestring);
  if (cJSON_IsObject(record_get(rec, FIELD_ERROR_WINDOWED))) {
    printf("  windowed error (%g s windows vs %s): positions max %.3g rms %.3g\n",
           record_get_number(rec, FIELD_ERROR_WINDOWED_WINDOW), record_get_string(rec, FIELD_ERROR_WINDOWED_METHOD, ""),
           record_get_number(rec, FIELD_ERROR_WINDOWED_POSITIONS_MAX),
           record_get_number(rec, FIELD_ERROR_WINDOWED_POSITIONS_RMS));
  }
}

int run_args_parse(const CbenchContext *cb, int argc, char **argv, RunSpec *out, const char **json_out, int *resume_out) {
  RunSpec s;
  run_spec_init(&s);
  s.registry = cb ? &cb->registry : NULL;
  char err[1024];
  const char *case_arg = NULL, *json = NULL;
  int resume = 0, reps_given = 0;
  for (int i = 2; i < argc; ++i) {
    const char *a = argv[i];
    if (!strcmp(a, "--case")) { VALUE_OR_FAIL(v); case_arg = v; }
    else if (!strcmp(a, "--resume")) resume = 1;
    else if (!strcmp(a, "--quiet")) continue; /* cmd_run's: no progress line */
    else if (!strcmp(a, "--param")) {
      VALUE_OR_FAIL(v);
      if (run_spec_add_param(&s, v, CB_ERR_BUF(err, sizeof err))) return usage_error(cb, "%s", err);
    }
    else if (run_field_by_flag(a) >= 0) {
      reps_given |= !strcmp(a, "--reps");
      VALUE_OR_FAIL(v);
      if (run_field_apply(&s, (RunField)run_field_by_flag(a), v, a, CB_ERR_BUF(err, sizeof err))) return usage_error(cb, "%s", err);
    }
    else if (!strcmp(a, "--integrator")) { VALUE_OR_FAIL(v); snprintf(s.integrator, sizeof s.integrator, "%s", v); }
    else if (!strcmp(a, "--json")) { VALUE_OR_FAIL(v); json = v; }
    else if (!strcmp(a, "--window-method")) {
      VALUE_OR_FAIL(v);
      if (parse_method(v, s.window_method, sizeof s.window_method, &s.window_param) || !strchr(v, ':'))
        return usage_error(cb, "--window-method needs NAME:PARAM with PARAM > 0, got '%s'", v);
      if (!integrator_registry_find(&cb->registry, s.window_method))
        return unknown_integrator_in(cb, s.window_method, v, "--window-method");
    }
    else if (!strcmp(a, "--window-check")) {
      VALUE_OR_FAIL(v);
      if (parse_method(v, s.window_check, sizeof s.window_check, &s.window_check_param) || !strchr(v, ':'))
        return usage_error(cb, "--window-check needs NAME:PARAM with PARAM > 0, got '%s'", v);
      if (!integrator_registry_find(&cb->registry, s.window_check))
        return unknown_integrator_in(cb, s.window_check, v, "--window-check");
    }
    else if (!strcmp(a, "--trajectory")) { VALUE_OR_FAIL(v); snprintf(s.trajectory, sizeof s.trajectory, "%s", v); }
    else if (!strcmp(a, "--step-log")) { VALUE_OR_FAIL(v); snprintf(s.step_log, sizeof s.step_log, "%s", v); }
    else if (!strcmp(a, "--newton-log")) { VALUE_OR_FAIL(v); snprintf(s.newton_log, sizeof s.newton_log, "%s", v); }
    else if (!strcmp(a, "--contact-forces")) { VALUE_OR_FAIL(v); snprintf(s.contact_log, sizeof s.contact_log, "%s", v); }
    else if (!strcmp(a, "--energy")) { VALUE_OR_FAIL(v); snprintf(s.energy_log, sizeof s.energy_log, "%s", v); }
    else if (!strcmp(a, "--opt")) {
      VALUE_OR_FAIL(v);
      if (run_spec_add_option(&s, v, CB_ERR_BUF(err, sizeof err))) return usage_error(cb, "%s", err);
    } else return usage_error(cb, "unknown option '%s' for run", a);
  }
  if (s.min_time > 0 && !reps_given) s.reps = RUN_CALIBRATED_MAX_REPS;
  if (!case_arg) return usage_error(cb, "run needs --case%s", "");
  if (!s.integrator[0]) return usage_error(cb, "run needs --integrator%s", "");
  if (s.has_accuracy && s.has_dt) return usage_error(cb, "give either --accuracy or --dt, not both%s", "");
  if (!s.has_accuracy && !s.has_dt) return usage_error(cb, "run needs --accuracy or --dt%s", "");
  if (run_spec_set_case(&s, cb->cases_dir, case_arg, CB_ERR_BUF(err, sizeof err)) != 0) return usage_error(cb, "%s", err);
  if (resume && !json) return usage_error(cb, "--resume needs --json FILE%s", "");
  *out = s;
  *json_out = json;
  *resume_out = resume;
  return 0;
}

static int run_to_record(const CbenchContext *cb, int argc, char **argv, RunSpec s, const char *json, int resume);

int cmd_run(const CbenchContext *cb, int argc, char **argv) {
  RunSpec s;
  const char *json;
  int resume;
  int prc = run_args_parse(cb, argc, argv, &s, &json, &resume);
  if (prc) return prc;
  if (!resume) return run_to_record(cb, argc, argv, s, json, resume);
  /* a plan line (harness/sweep/plan.h): done already when its record is complete; the record's
   * lock makes a sweep or a task on the same record wait and reuse, and its file is removed
   * when released (a killed task's is reused by the next) */
  int lock; /* -1 when the lock cannot be taken: then unlocked */
  record_lock_take(json, &lock);
  char cmd[4096];
  run_spec_key(&s, cmd, sizeof cmd);
  int rc = 0;
  if (run_record_complete(json, cmd)) printf("  record exists: %s (--resume: nothing to do)\n", json);
  else rc = run_to_record(cb, argc, argv, s, json, resume);
  record_lock_release(lock, json);
  return rc;
}

/* The run of s, its record written to json (NULL: RESULTS/out/NAME.json) and summarized. */
static int run_to_record(const CbenchContext *cb, int argc, char **argv, RunSpec s, const char *json, int resume) {
  char err[1024];
  RunContext ctx;
  int rc = run_prepare(cb, &s, &ctx, CB_ERR_BUF(err, sizeof err));
  if (rc == CB_ERR_INPUT) { fprintf(stderr, "cbench: %s\n", err); return rc; } /* the loader's message */
  /* as a sweep job (--resume), an integrator that refuses the scene or options is a failed record */
  if (rc == CB_OK && !resume) rc = run_preflight(&ctx, CB_ERR_BUF(err, sizeof err));
  if (rc == CB_ERR_UNSUPPORTED) { /* not an argument error: no usage text */
    run_context_free(&ctx);
    fprintf(stderr, "cbench: %s\n", err);
    return rc;
  }
  if (rc != CB_OK) {
    run_context_free(&ctx);
    return usage_error(cb, "%s", err);
  }
  CbPath pathp;
  CbErrorBuf eb;
  CbError *pe = cb_error_init(&eb);
  CbStatus pst;
  if (json) pst = cb_path(&pathp, pe, "%s", json);
  else {
    CbPath dir;
    char name[512];
    pst = cb_path(&dir, pe, "%s/out", cb->results_dir);
    if (pst == CB_OK) dir_make_parents(dir.s);
    run_spec_file_name(&s, ctx.vt->fixed_step, name, sizeof name);
    if (pst == CB_OK) pst = cb_path_join(&pathp, pe, dir.s, name);
  }
  if (pst != CB_OK) {
    run_context_free(&ctx);
    fprintf(stderr, "cbench: %s\n", cb_error_text(pe));
    return CB_ERR_IO;
  }
  const char *path = pathp.s;
  /* an output that cannot be created fails here, before the run */
  if (run_outputs_check(&s, path, CB_ERR_BUF(err, sizeof err)) != 0) {
    run_context_free(&ctx);
    fprintf(stderr, "cbench: %s\n", err);
    return CB_ERR_IO;
  }
  ctx.progress = 1;
  for (int i = 2; i < argc; ++i)
    if (!strcmp(argv[i], "--quiet")) ctx.progress = 0;
  cJSON *rec = run_isolated(&ctx);
  /* a series that failed while written (a full disk): an error, and no record */
  const cJSON *oe = cJSON_GetObjectItemCaseSensitive(rec, RUN_OUTPUT_ERROR);
  if (cJSON_IsString(oe)) {
    fprintf(stderr, "cbench: %s\n", oe->valuestring);
    cJSON_Delete(rec);
    run_context_free(&ctx);
    return CB_ERR_IO;
  }
  char *text = json_print(rec, 1);
  int no_text = !text;
  CbStatus wrc = text ? file_write_atomic(path, text, strlen(text), pe) : CB_ERROR(pe, CB_ERR_MEMORY, "%s: out of memory", path);
  print_summary(rec);
  if (wrc != CB_OK) {
    fprintf(stderr, "cbench: %s\n", cb_error_text(pe));
    run_series_remove(&s); /* no record: no series either */
  } else {
    printf("  record: %s\n", path);
  }
  int ok = !strcmp(record_get_string(rec, FIELD_STATUS, ""), "ok");
  free(text);
  cJSON_Delete(rec);
  run_context_free(&ctx);
  if (wrc != 0) return no_text ? CB_ERR_MEMORY : CB_ERR_IO;
  return ok || resume ? CB_OK : CB_ERR_VERDICT; /* a failed run is the answer, recorded */
}

int cmd_reference(const CbenchContext *cb, int argc, char **argv) {
  ReferenceConfig cfg;
  reference_config_default(&cfg);
  const char *cases[64];
  int ncase = 0;
  for (int i = 2; i < argc; ++i) {
    const char *a = argv[i];
    if (!strcmp(a, "--case")) {
      VALUE_OR_FAIL(v);
      if (ncase >= 64) return usage_error(cb, "too many --case (at most 64) at '%s'", v);
      cases[ncase++] = v;
    }
    else if (!strcmp(a, "--grid")) { VALUE_OR_FAIL(v); if (parse_pos(v, &cfg.rate)) return usage_error(cb, "--grid must be a number > 0, got '%s'", v); cfg.method_asked = 1; }
    else if (!strcmp(a, "--timeout")) { VALUE_OR_FAIL(v); if (parse_pos(v, &cfg.budget)) return usage_error(cb, "--timeout must be a number > 0, got '%s'", v); }
    else if (!strcmp(a, "--t-end")) { VALUE_OR_FAIL(v); if (parse_pos(v, &cfg.t_end)) return usage_error(cb, "--t-end must be a number > 0, got '%s'", v); }
    else if (!strcmp(a, "--primary")) {
      VALUE_OR_FAIL(v);
      if (!strchr(v, ':') || parse_method(v, cfg.primary, sizeof cfg.primary, &cfg.primary_param))
        return usage_error(cb, "--primary needs NAME:PARAM with PARAM > 0, got '%s'", v);
      if (!integrator_registry_find(&cb->registry, cfg.primary)) return unknown_integrator_in(cb, cfg.primary, v, "--primary");
      cfg.method_asked = 1;
    } else if (!strcmp(a, "--secondary")) {
      VALUE_OR_FAIL(v);
      if (strcmp(v, "none") != 0 &&
          (!strchr(v, ':') || parse_method(v, cfg.secondary, sizeof cfg.secondary, &cfg.secondary_param)))
        return usage_error(cb, "--secondary needs NAME:PARAM with PARAM > 0, or none, got '%s'", v);
      if (strcmp(v, "none") == 0) snprintf(cfg.secondary, sizeof cfg.secondary, "none");
      else if (!integrator_registry_find(&cb->registry, cfg.secondary))
        return unknown_integrator_in(cb, cfg.secondary, v, "--secondary");
    }
    else if (!strcmp(a, "--force")) cfg.force = 1;
    else if (!strcmp(a, "--quiet")) cfg.quiet = 1;
    else return usage_error(cb, "unknown option '%s' for reference", a);
  }
  if (ncase == 0) return usage_error(cb, "reference needs --case%s", "");
  int worst = 0;
  for (int k = 0; k < ncase; ++k) {
    RunSpec s;
    char err[1024];
    run_spec_init(&s);
    if (run_spec_set_case(&s, cb->cases_dir, cases[k], CB_ERR_BUF(err, sizeof err)) != 0) return usage_error(cb, "%s", err);
    int computed = 0;
    int rc = reference_ensure(cb, s.case_path, s.case_name, &cfg, &computed, CB_ERR_BUF(err, sizeof err));
    CbPath path;
    reference_path(cb->results_dir, s.case_name, path.s, sizeof path.s);
    if (rc != 0) fprintf(stderr, "cbench: %s\n", err);
    else {
      printf("reference %s: %s (%s)\n", s.case_name, path.s, computed ? "computed" : "current, reused");
      Reference ref;
      char lerr[512], why[512];
      if (reference_load(path.s, &ref, CB_ERR_BUF(lerr, sizeof lerr)) == 0) { /* say when its uncertainty is partial */
        if (reference_check_incomplete(&ref, why, sizeof why)) fprintf(stderr, "cbench: warning: reference %s: %s\n", s.case_name, why);
        reference_free(&ref);
      }
    }
    if (cb_status_exit_code(rc) > cb_status_exit_code(worst)) worst = rc;
  }
  return worst;
}

/* Comma- or space-separated list: consumes following non-flag args. */
