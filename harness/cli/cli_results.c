/* `cbench plot`, `cbench compare`, `cbench export`, `cbench figure`: what is made from records. */
#include "cli_args.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../bench/compare.h"
#include "../figures/figure.h"
#include "../figures/paper_data.h"
#include "../bench/history.h"
#include "../figures/report.h"
#include "../common/files.h"
#include "../sweep/plan.h"
#include "../figures/plot.h"
#include "../run/reference.h"
#include "../run/run_record.h"
#include "../sweep/sweep.h"
#include "../common/cb_path.h"
#include "../common/num_text.h"

int cmd_plot(const CbenchContext *cb, int argc, char **argv) {
  const char *dir = NULL;
  int gp = 1;
  for (int i = 2; i < argc; ++i) {
    if (!strcmp(argv[i], "--no-gnuplot")) gp = 0;
    else if (argv[i][0] == '-') return usage_error(cb, "unknown option '%s' for plot", argv[i]);
    else if (!dir) dir = argv[i];
    else return usage_error(cb, "unexpected argument '%s'", argv[i]);
  }
  if (!dir) return usage_error(cb, "plot needs a directory or record file%s", "");
  CbErrorBuf eb;
  CbError *e = cb_error_init(&eb);
  int rc = plot_dir_in(&cb->registry, dir, gp, e);
  if (rc) fprintf(stderr, "cbench: %s\n", cb_error_text(e)); /* bad results are not a usage error: no usage text */
  return rc;
}

int cmd_compare(const CbenchContext *cb, int argc, char **argv) {
  CompareOptions o;
  compare_options_default(&o);
  const char *files[2] = {NULL, NULL};
  int nf = 0;
  for (int i = 2; i < argc; ++i) {
    const char *a = argv[i];
    if (!strcmp(a, "--time-tolerance")) { VALUE_OR_FAIL(v); if (parse_pos(v, &o.time_tolerance)) return usage_error(cb, "--time-tolerance must be a number > 0, got '%s'", v); }
    else if (!strcmp(a, "--instr-tolerance")) {
      VALUE_OR_FAIL(v);
      char *end;
      o.instr_tolerance = strtod(v, &end);
      if (end == v || *end || !(o.instr_tolerance >= 0) || !isfinite(o.instr_tolerance))
        return usage_error(cb, "--instr-tolerance must be a number >= 0, got '%s'", v);
    } else if (!strcmp(a, "--counter-tolerance")) {
      VALUE_OR_FAIL(v);
      char *end;
      o.counter_tolerance = strtod(v, &end);
      if (end == v || *end || !(o.counter_tolerance >= 0)) return usage_error(cb, "--counter-tolerance must be a number >= 0, got '%s'", v);
    } else if (!strcmp(a, "--time-floor")) { VALUE_OR_FAIL(v); if (parse_pos(v, &o.time_floor)) return usage_error(cb, "--time-floor must be a number > 0, got '%s'", v); }
    else if (a[0] == '-') return usage_error(cb, "unknown option '%s' for compare", a);
    else if (nf < 2) files[nf++] = a;
    else return usage_error(cb, "unexpected argument '%s'", a);
  }
  if (nf != 2) return usage_error(cb, "compare needs BASE.json and NEW.json%s", "");
  char err[1024];
  cJSON *b = records_load_file(files[0], CB_ERR_BUF(err, sizeof err));
  if (!b) return usage_error(cb, "%s", err);
  /* entries that are not valid records cannot be compared: that is a failed comparison, not an
   * empty one (a baseline whose records all failed validation used to pass with 0 compared) */
  int invalid = err[0] != '\0';
  if (invalid) fprintf(stderr, "cbench: compare: %s\n", err);
  cJSON *n = records_load_file(files[1], CB_ERR_BUF(err, sizeof err));
  if (!n) { cJSON_Delete(b); return usage_error(cb, "%s", err); }
  if (err[0]) fprintf(stderr, "cbench: compare: %s\n", err);
  invalid |= err[0] != '\0';
  int reg = compare_records(b, n, &o, stdout) + invalid;
  cJSON_Delete(b);
  cJSON_Delete(n);
  return reg ? CB_ERR_VERDICT : CB_OK;
}

int cmd_export(const CbenchContext *cb, int argc, char **argv) {
  const char *fmt = NULL, *file = NULL, *out = NULL;
  for (int i = 2; i < argc; ++i) {
    const char *a = argv[i];
    if (!strcmp(a, "--format")) { VALUE_OR_FAIL(v); fmt = v; }
    else if (!strcmp(a, "--out")) { VALUE_OR_FAIL(v); out = v; }
    else if (a[0] == '-') return usage_error(cb, "unknown option '%s' for export", a);
    else if (!file) file = a;
    else return usage_error(cb, "unexpected argument '%s'", a);
  }
  if (!fmt || (strcmp(fmt, "gbench") && strcmp(fmt, "gab"))) return usage_error(cb, "export needs --format gbench or gab%s", "");
  if (!file) return usage_error(cb, "export needs a record FILE%s", "");
  char err[1024];
  cJSON *recs = file_exists(file) ? records_load_file(file, CB_ERR_BUF(err, sizeof err)) : records_load_dir(file, CB_ERR_BUF(err, sizeof err));
  if (!recs || err[0]) { /* nothing is exported from results that cannot all be read */
    fprintf(stderr, "cbench: %s\n", err);
    cJSON_Delete(recs);
    return CB_ERR_INPUT;
  }
  cJSON *doc = export_records(recs, fmt);
  char *text = json_print(doc, 1);
  int rc = CB_OK;
  if (out) {
    if (file_write_atomic(out, text, strlen(text), CB_ERR_BUF(err, sizeof err)) != 0) { fprintf(stderr, "cbench: %s\n", err); rc = CB_ERR_IO; }
  } else {
    printf("%s\n", text);
  }
  free(text);
  cJSON_Delete(doc);
  cJSON_Delete(recs);
  return rc;
}

int cmd_figure(const CbenchContext *cb, int argc, char **argv) {
  FigureOptions o;
  figure_options_default(&o);
  const char *name = NULL;
  for (int i = 2; i < argc; ++i) {
    const char *a = argv[i];
    if (!strcmp(a, "--quick")) o.quick = 1;
    else if (!strcmp(a, "--no-gnuplot")) o.gnuplot = 0;
    else if (!strcmp(a, "--quiet")) o.quiet = 1;
    else if (!strcmp(a, "--out")) {
      VALUE_OR_FAIL(v);
      if (strlen(v) >= sizeof o.out) /* cut, it would name another folder */
        return usage_error(cb, "--out: path too long for an output folder: '%s'", v);
      snprintf(o.out, sizeof o.out, "%s", v);
    }
    else if (!strcmp(a, "-j")) { VALUE_OR_FAIL(v); if (parse_int_pos(v, &o.jobs)) return usage_error(cb, "-j must be an integer >= 1, got '%s'", v); }
    else if (a[0] == '-') return usage_error(cb, "unknown option '%s' for figure", a);
    else if (!name) name = a;
    else return usage_error(cb, "unexpected argument '%s' for figure", a);
  }
  if (!name) return usage_error(cb, "figure needs a recipe name or `list`%s", "");
  if (!strcmp(name, "list")) {
    if (figure_list(cb, stdout) != CB_OK) { fprintf(stderr, "cbench: no figure recipes in %s/\n", cb->figures_dir); return CB_ERR_IO; }
    return 0;
  }
  CbErrorBuf eb;
  CbError *e = cb_error_init(&eb);
  int rc = figure_make(cb, name, &o, e);
  if (rc == CB_ERR_INPUT) return usage_error(cb, "%s", cb_error_text(e));
  if (rc) fprintf(stderr, "cbench: %s\n", cb_error_text(e));
  return rc;
}


int cmd_paper(const CbenchContext *cb, int argc, char **argv) {
  if (argc > 3) return usage_error(cb, "unexpected argument '%s' for paper", argv[3]);
  if (argc == 3 && argv[2][0] == '-') return usage_error(cb, "unknown option '%s' for paper", argv[2]);
  CbErrorBuf eb;
  CbError *e = cb_error_init(&eb);
  int rc = paper_data_print(cb->paper_dir, argc == 3 ? argv[2] : NULL, stdout, e);
  if (rc) fprintf(stderr, "cbench: %s\n", cb_error_text(e));
  return rc;
}

int cmd_report(const CbenchContext *cb, int argc, char **argv) {
  const char *dir = NULL, *history = NULL;
  for (int i = 2; i < argc; ++i) {
    if (!strcmp(argv[i], "--history")) { VALUE_OR_FAIL(v); history = v; }
    else if (argv[i][0] == '-') return usage_error(cb, "unknown option '%s' for report", argv[i]);
    else if (!dir) dir = argv[i];
    else return usage_error(cb, "unexpected argument '%s' for report", argv[i]);
  }
  if (!dir) return usage_error(cb, "report needs one folder%s", "");
  CbPath html;
  CbErrorBuf eb;
  CbError *e = cb_error_init(&eb);
  int rc = report_write_with_history(dir, history, html.s, sizeof html.s, e);
  if (rc == CB_ERR_INPUT) return usage_error(cb, "%s", cb_error_text(e));
  if (rc) { fprintf(stderr, "cbench: %s\n", cb_error_text(e)); return rc; }
  printf("report: %s (and report.md)\n", html.s);
  return 0;
}

int cmd_history(const CbenchContext *cb, int argc, char **argv) {
  if (argc < 3 || strcmp(argv[2], "append")) return usage_error(cb, "history needs `append`%s", "");
  const char *bench = NULL, *to = NULL;
  int replace = 0;
  for (int i = 3; i < argc; ++i) {
    if (!strcmp(argv[i], "--to")) { VALUE_OR_FAIL(v); to = v; }
    else if (!strcmp(argv[i], "--replace")) replace = 1;
    else if (argv[i][0] == '-') return usage_error(cb, "unknown option '%s' for history", argv[i]);
    else if (!bench) bench = argv[i];
    else return usage_error(cb, "unexpected argument '%s' for history", argv[i]);
  }
  if (!bench) return usage_error(cb, "history append needs a bench file (results/bench.json)%s", "");
  if (!to) return usage_error(cb, "history append needs --to HISTORY.jsonl%s", "");
  char err[2048];
  int rc = history_append(bench, to, replace, stdout, CB_ERR_BUF(err, sizeof err));
  if (rc) fprintf(stderr, "cbench: %s\n", err);
  return rc;
}
