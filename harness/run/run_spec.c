#include "run_spec.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../common/files.h"
#include "../common/install_dir.h"
#include "integrators/common/nearest_name.h"
#include "../common/num_text.h"

int cases_list(const char *cases_dir, char names[][128], int max) {
  int n = dir_list(cases_dir, ".json", &names[0][0], 128, max);
  for (int i = 0; i < n; ++i) names[i][strlen(names[i]) - 5] = '\0'; /* drop ".json" */
  return n < 0 ? 0 : n;
}

void case_name_from_path(const char *path, char *out, size_t outlen) {
  const char *b = strrchr(path, '/');
  b = b ? b + 1 : path;
  size_t n = strlen(b);
  if (n >= outlen) n = outlen - 1; /* RunSpec.case_name: the caller checked the length */
  memcpy(out, b, n);
  out[n] = '\0';
  if (n > 5 && strcmp(out + n - 5, ".json") == 0) out[n - 5] = '\0';
}

void run_spec_init(RunSpec *s) {
  memset(s, 0, sizeof *s);
  s->reps = 1;
  s->error_norm = ERRNORM_POSITIONS;
}

CbStatus run_spec_set_case(RunSpec *s, const char *cases_dir, const char *arg, CbError *e) {
  if (strchr(arg, '/') || (strlen(arg) > 5 && strcmp(arg + strlen(arg) - 5, ".json") == 0)) {
    if (!file_exists(arg)) return CB_ERROR(e, CB_ERR_INPUT, "scene file '%s' not found", arg);
    if (snprintf(s->case_path, sizeof s->case_path, "%s", arg) >= (int)sizeof s->case_path)
      return CB_ERROR(e, CB_ERR_INPUT, "scene file path too long (%zu characters, at most %zu)", strlen(arg),
                      sizeof s->case_path - 1);
  } else {
    if (snprintf(s->case_path, sizeof s->case_path, "%s/%s.json", cases_dir, arg) >= (int)sizeof s->case_path)
      return CB_ERROR(e, CB_ERR_INPUT, "case name '%s' too long", arg);
    if (!file_exists(s->case_path)) {
      char names[256][128], hint[200];
      const char *ptrs[256];
      int n = cases_list(cases_dir, names, 256);
      for (int i = 0; i < n; ++i) ptrs[i] = names[i];
      nearest_name_hint(arg, ptrs, n, hint, sizeof hint);
      return CB_ERROR(e, CB_ERR_INPUT, "unknown case '%s'%s (no %s; see `cbench list`)", arg, hint, s->case_path);
    }
  }
  const char *base = strrchr(s->case_path, '/');
  if (strlen(base ? base + 1 : s->case_path) >= sizeof s->case_name)
    return CB_ERROR(e, CB_ERR_INPUT, "scene file name '%s' too long (at most %zu characters)",
                    base ? base + 1 : s->case_path, sizeof s->case_name - 1);
  case_name_from_path(s->case_path, s->case_name, sizeof s->case_name);
  return CB_OK;
}

CbStatus run_spec_parse_output_dt(const char *v, double *out) {
  if (!strcmp(v, "step")) { *out = OUTPUT_DT_STEP; return CB_OK; }
  char *end;
  double x = strtod(v, &end);
  if (end == v || *end || !(x > 0) || !isfinite(x)) return CB_ERR_OPTION;
  *out = x;
  return CB_OK;
}

void run_spec_output_dt_text(double output_dt, char *out, size_t outlen) {
  if (output_dt == OUTPUT_DT_STEP) snprintf(out, outlen, "step");
  else num_text(output_dt, out, outlen);
}

CbStatus error_norm_parse(const char *name, int *out) {
  if (!strcmp(name, "q")) *out = ERRNORM_POSITIONS;
  else if (!strcmp(name, "full")) *out = ERRNORM_FULL;
  else if (!strcmp(name, "default")) *out = ERROR_NORM_DEFAULT;
  else return CB_ERR_OPTION;
  return CB_OK;
}

const char *error_norm_name(ErrorNormKind norm) { return norm == ERRNORM_FULL ? "full" : "q"; }

ErrorNormKind run_spec_error_norm(const RunSpec *s) {
  if (s->error_norm_given) return s->error_norm;
  const IntegratorVtbl *vt = integrator_registry_find(s->registry, s->integrator);
  return vt ? vt->default_error_norm : ERRNORM_POSITIONS;
}

int run_spec_words(const RunSpec *s, char *buf, size_t buflen, const char **words, int maxwords) {
  size_t n = 0;
  int nw = 0, over = 0;
  /* each word NUL-terminated in buf; a word that does not fit (or one word too many) is dropped */
#define WORD(...)                                                                                      \
  do {                                                                                                 \
    int w_ = n < buflen ? snprintf(buf + n, buflen - n, __VA_ARGS__) : -1;                              \
    if (w_ < 0 || n + (size_t)w_ + 1 > buflen || nw >= maxwords) { over = 1; break; }                \
    words[nw++] = buf + n;                                                                             \
    n += (size_t)w_ + 1;                                                                               \
  } while (0)
  char t1[NUM_TEXT_MAX], t2[NUM_TEXT_MAX];
  WORD("cbench"); WORD("run"); WORD("--case"); WORD("%s", s->case_path); WORD("--integrator"); WORD("%s", s->integrator);
  if (s->has_accuracy) { WORD("--accuracy"); WORD("%s", num_text(s->accuracy, t1, sizeof t1)); }
  if (s->has_dt) { WORD("--dt"); WORD("%s", num_text(s->dt, t1, sizeof t1)); }
  if (s->t_end > 0) { WORD("--t-end"); WORD("%s", num_text(s->t_end, t1, sizeof t1)); }
  if (s->max_step > 0) { WORD("--max-step"); WORD("%s", num_text(s->max_step, t1, sizeof t1)); }
  WORD("--error-norm"); WORD("%s", error_norm_name(run_spec_error_norm(s))); WORD("--reps"); WORD("%d", s->reps);
  if (s->min_time > 0) { WORD("--min-time"); WORD("%s", num_text(s->min_time, t1, sizeof t1)); }
  if (s->timeout > 0) { WORD("--timeout"); WORD("%s", num_text(s->timeout, t1, sizeof t1)); }
  if (s->window > 0) { WORD("--window"); WORD("%s", num_text(s->window, t1, sizeof t1)); }
  if (s->window > 0 && s->window_method[0]) {
    WORD("--window-method");
    WORD("%s:%s", s->window_method, num_text(s->window_param, t2, sizeof t2));
  }
  if (s->window > 0 && s->window_start > 0) { WORD("--window-start"); WORD("%s", num_text(s->window_start, t1, sizeof t1)); }
  if (s->window > 0 && s->window_check[0]) {
    WORD("--window-check");
    WORD("%s:%s", s->window_check, num_text(s->window_check_param, t2, sizeof t2));
  }
  if (s->output_dt != 0) { char od[32]; run_spec_output_dt_text(s->output_dt, od, sizeof od); WORD("--output-dt"); WORD("%s", od); }
  for (int i = 0; i < s->nextra; ++i) { WORD("--opt"); WORD("%s=%s", s->extra_key[i], s->extra_value[i]); }
  for (int i = 0; i < s->nparam; ++i) { WORD("--param"); WORD("%s=%s", s->param_path[i], s->param_value[i]); }
#undef WORD
  return over ? -1 : nw;
}

void run_spec_command(const RunSpec *s, char *out, size_t outlen) {
  char buf[8192];
  const char *w[4 * (CB_MAX_EXTRA_OPTIONS + SCENE_MAX_PARAMS) + 40];
  int nw = run_spec_words(s, buf, sizeof buf, w, (int)(sizeof w / sizeof *w));
  if (nw < 0) nw = 0;
  size_t n = 0;
  if (outlen) out[0] = '\0';
  for (int i = 0; i < nw && n < outlen; ++i) {
    if (i == 1) continue; /* "cbench run": the first two words are joined below */
    n += (size_t)snprintf(out + n, outlen - n, i == 0 ? "%s run" : " %s", w[i]);
  }
}

void run_spec_options(const RunSpec *s, IntegratorOptions *o) {
  memset(o, 0, sizeof *o);
  o->accuracy = s->has_accuracy ? s->accuracy : 0.0;
  o->dt = s->has_dt ? s->dt : 0.0;
  o->max_step = s->max_step;
  o->error_norm = run_spec_error_norm(s);
  o->nextra = s->nextra;
  for (int i = 0; i < s->nextra; ++i) {
    o->extra_key[i] = s->extra_key[i];
    o->extra_value[i] = s->extra_value[i];
  }
}


/* Indices of the spec's options (by key) and scene parameters (by path) in canonical order. */
static void canonical_order(const RunSpec *s, int *opt_idx, int *par_idx) {
  for (int i = 0; i < s->nextra; ++i) opt_idx[i] = i;
  for (int i = 0; i < s->nparam; ++i) par_idx[i] = i;
  for (int i = 1; i < s->nextra; ++i)
    for (int j = i; j > 0 && strcmp(s->extra_key[opt_idx[j - 1]], s->extra_key[opt_idx[j]]) > 0; --j) {
      int t = opt_idx[j]; opt_idx[j] = opt_idx[j - 1]; opt_idx[j - 1] = t;
    }
  for (int i = 1; i < s->nparam; ++i)
    for (int j = i; j > 0 && strcmp(s->param_path[par_idx[j - 1]], s->param_path[par_idx[j]]) > 0; --j) {
      int t = par_idx[j]; par_idx[j] = par_idx[j - 1]; par_idx[j - 1] = t;
    }
}

void run_spec_key(const RunSpec *s, char *out, size_t outlen) {
  int oi[CB_MAX_EXTRA_OPTIONS], pi[SCENE_MAX_PARAMS];
  canonical_order(s, oi, pi);
  size_t n = 0;
#define APP(...) do { if (n < outlen) n += (size_t)snprintf(out + n, outlen - n, __VA_ARGS__); } while (0)
  char t1[NUM_TEXT_MAX], t2[NUM_TEXT_MAX], t3[NUM_TEXT_MAX];
  APP("scene=%s;integrator=%s", s->case_path, s->integrator);
  if (s->has_accuracy) APP(";accuracy=%s", num_text(s->accuracy, t1, sizeof t1));
  if (s->has_dt) APP(";dt=%s", num_text(s->dt, t1, sizeof t1));
  APP(";t_end=%s;max_step=%s;error_norm=%s;reps=%d;timeout=%s", num_text(s->t_end, t1, sizeof t1),
      num_text(s->max_step, t2, sizeof t2), error_norm_name(run_spec_error_norm(s)), s->reps,
      num_text(s->timeout, t3, sizeof t3));
  if (s->min_time > 0) APP(";min_time=%s", num_text(s->min_time, t1, sizeof t1));
  if (s->window > 0) APP(";window=%s;window_method=%s:%s", num_text(s->window, t1, sizeof t1), s->window_method, num_text(s->window_param, t2, sizeof t2));
  /* only when set: the keys of the records made before these existed stay theirs */
  if (s->window > 0 && s->window_start > 0) APP(";window_start=%s", num_text(s->window_start, t1, sizeof t1));
  if (s->window > 0 && s->window_check[0]) APP(";window_check=%s:%s", s->window_check, num_text(s->window_check_param, t2, sizeof t2));
  /* the physics guards sample the finer grid too, so it is part of what the record measured */
  if (s->output_dt != 0) { char od[32]; run_spec_output_dt_text(s->output_dt, od, sizeof od); APP(";output_dt=%s", od); }
  for (int i = 0; i < s->nextra; ++i) APP(";opt.%s=%s", s->extra_key[oi[i]], s->extra_value[oi[i]]);
  for (int i = 0; i < s->nparam; ++i) APP(";param.%s=%s", s->param_path[pi[i]], s->param_value[pi[i]]);
#undef APP
}

void run_spec_file_name(const RunSpec *s, int fixed_step, char *out, size_t outlen) {
  int oi[CB_MAX_EXTRA_OPTIONS], pi[SCENE_MAX_PARAMS];
  canonical_order(s, oi, pi);
  size_t n = (size_t)snprintf(out, outlen, "%s__%s__%s%.10g", s->case_name, s->integrator, fixed_step ? "dt" : "acc",
                              fixed_step ? s->dt : s->accuracy);
#define APP(...) do { if (n < outlen) n += (size_t)snprintf(out + n, outlen - n, __VA_ARGS__); } while (0)
  if (s->error_norm_given) APP("__%s", error_norm_name(s->error_norm));
  if (s->max_step > 0) APP("__hmax%.10g", s->max_step);
  if (s->output_dt > 0) APP("__out%.10g", s->output_dt);
  else if (s->output_dt == OUTPUT_DT_STEP) APP("__outstep");
  for (int k = 0; k < s->nextra; ++k) APP("__%s-%s", s->extra_key[oi[k]], s->extra_value[oi[k]]);
  for (int k = 0; k < s->nparam; ++k) APP("__%s-%s", s->param_path[pi[k]], s->param_value[pi[k]]);
  APP(".json");
#undef APP
  for (char *p = out; *p; ++p)
    if (*p == '/' || *p == ' ' || *p == '=' || *p == ',' || *p == ':' || *p == '[' || *p == ']') *p = '_';
}
