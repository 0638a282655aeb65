/* `cbench plot`'s work-precision plots, a built-in plot kind of the figure engine
 * (plot_work_precision.h). */
#include "plot_work_precision.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/cb_path.h"
#include "../common/files.h"
#include "../common/json_get.h"
#include "../run/record_fields.h"
#include "../run/record_outcome.h"
#include "figure_draw.h"
#include "gnuplot_write.h"
#include "integrator_style.h"

static void put(FILE *f, double v) {
  if (isfinite(v)) fprintf(f, "\t%.6g", v); else fprintf(f, "\t?");
}
static void put0(FILE *f, double v) {
  if (isfinite(v)) fprintf(f, "%.6g", v); else fprintf(f, "?");
}
static double param_of(const cJSON *r) { return record_param(r); }
static double work_of(const cJSON *r) {
  double w = record_get_number(r, FIELD_WORK_MEDIAN);
  if (isfinite(w)) return w;
  /* A killed run: the budget per simulated second is a lower bound of its work. */
  double t = record_get_number(r, FIELD_PARAMS_T_END);
  return record_get_number(r, FIELD_PARAMS_BUDGET_S) / (t > 0 ? t : 1.0);
}

static int uniq_add(char (*list)[128], int n, const char *s) {
  for (int i = 0; i < n; ++i)
    if (strcmp(list[i], s) == 0) return n;
  snprintf(list[n], 128, "%s", s);
  return n + 1;
}

/* A figure's line: the integrator plus every sweep axis the record sets (options, a chosen
 * error norm, a max step), so that a sweep over ls_init draws one line per initialization. */
static void series_of(const cJSON *r, char *label, size_t n) {
  size_t k = (size_t)snprintf(label, n, "%s", record_get_string(r, FIELD_INTEGRATOR, ""));
  const cJSON *kv;
  cJSON_ArrayForEach(kv, record_get(r, FIELD_PARAMS_OPTIONS))
    if (k < n && cJSON_IsString(kv)) k += (size_t)snprintf(label + k, n - k, " %s=%s", kv->string, kv->valuestring);
  cJSON_ArrayForEach(kv, record_get(r, FIELD_PARAMS_SCENE_PARAMS))
    if (k < n && cJSON_IsString(kv)) k += (size_t)snprintf(label + k, n - k, " %s=%s", kv->string, kv->valuestring);
  int fixed = cJSON_IsTrue(record_get(r, FIELD_FIXED_STEP));
  if (k < n && cJSON_IsFalse(record_get(r, FIELD_PARAMS_ERROR_NORM_DEFAULT)) && !fixed)
    k += (size_t)snprintf(label + k, n - k, " %s-norm", record_get_string(r, FIELD_PARAMS_ERROR_NORM, ""));
  if (k < n && cJSON_IsNumber(record_get(r, FIELD_PARAMS_MAX_STEP)) && !fixed)
    snprintf(label + k, n - k, " hmax=%g", record_get_number(r, FIELD_PARAMS_MAX_STEP));
}

void plot_line_label(const cJSON *r, char *label, size_t n) { series_of(r, label, n); }

/* The series label as a file name: anything but [A-Za-z0-9._+] becomes '-' or '_' (labels
 * come from record fields; the name is used in a path and inside the gnuplot script). */
static void series_file(const char *label, char *out, size_t n) {
  size_t k = 0; /* labels are shorter than n (char[128] both) */
  for (; k + 1 < n && label[k]; ++k) out[k] = label[k];
  out[k] = '\0';
  for (char *c = out; *c; ++c) {
    int keep = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '.' ||
               *c == '_' || *c == '+' || *c == '-';
    if (!keep) *c = *c == ' ' ? '_' : '-';
  }
  if (out[0] == '.') out[0] = '_';
}

static int cmp_param(const void *a, const void *b) {
  double x = param_of(*(const cJSON *const *)a), y = param_of(*(const cJSON *const *)b);
  return (x < y) - (x > y); /* descending: coarse to fine */
}


/* A line's style: its integrator's colour and point type (the label starts with the integrator's
 * name); further lines of the same integrator (options, norms) get other dash types. Each point
 * carries its timing spread: a bar from the fastest to the slowest repetition. */
static void line_style(const IntegratorRegistry *r, char (*ints)[128], int i, char *out, size_t n) {
  char name[128];
  snprintf(name, sizeof name, "%s", ints[i]);
  name[strcspn(name, " ")] = '\0';
  int same = 0;
  for (int k = 0; k < i; ++k) same += !strncmp(ints[k], name, strlen(name)) && (ints[k][strlen(name)] == ' ' || !ints[k][strlen(name)]);
  IntegratorStyle st = integrator_style_in(r, name);
  snprintf(out, n, "with yerrorlines lw 2 dt %d pt %d ps 1 lc rgb \"%s\"", 1 + same % 5, st.point, st.color);
}

/* The sweep command as small title lines of at most ~120 characters, broken at spaces, so a long
 * command is not clipped at the image's edges, each in the small font. */
static void title_command(const char *cmd, char *out, size_t outlen) {
  enum { WIDTH = 120 };
  size_t n = 0;
  out[0] = '\0';
  while (*cmd && n + 16 < outlen) {
    size_t len = strlen(cmd), cut = len;
    if (len > WIDTH) {
      cut = WIDTH;
      while (cut > WIDTH / 2 && cmd[cut] != ' ') --cut;
    }
    char part[WIDTH + 1], esc[4 * WIDTH + 8];
    snprintf(part, sizeof part, "%.*s", (int)cut, cmd);
    gp_escape(part, esc, sizeof esc);
    int k = snprintf(out + n, outlen - n, "%s{/*0.7 %s}", n ? "\\n" : "", esc);
    if (k < 0 || (size_t)k >= outlen - n) break;
    n += (size_t)k;
    cmd += cut;
    while (*cmd == ' ') ++cmd;
  }
}

/* One integrator's line in a plot command: its .dat file's column xcol against work (column 4,
 * with the fastest and slowest repetition's work, columns 5 and 6, as the bar), in the
 * integrator's fixed style, titled with its (escaped) name. */
static void plot_series_line(FILE *g, const IntegratorRegistry *r, char ints[][128], int i, const char *cname, int xcol,
                             int *first) {
  char lt[300], file[128], ls[200];
  gp_escape(ints[i], lt, sizeof lt);
  series_file(ints[i], file, sizeof file);
  line_style(r, ints, i, ls, sizeof ls);
  fprintf(g, "%s\"%s/%s.dat\" using %d:4:5:6 %s title \"%s\"", *first ? "" : ", \\\n    ", cname, file, xcol, ls, lt);
  *first = 0;
}

/* The markers of runs that are not data (FILE.dat's column xcol against work) and their labels. */
static void plot_marker_terms(FILE *g, const char *cname, const char *file, int xcol, const char *style,
                              const char *label, int *first) {
  fprintf(g, "%s\"%s/%s.dat\" using %d:4 %s, \\\n    \"%s/%s.dat\" using %d:4:%s", *first ? "" : ", \\\n    ", cname, file,
          xcol, style, cname, file, xcol, label);
  *first = 0;
}

/* A case's lines and their records, sized by the record count: none is left out. */
typedef struct {
  char (*ints)[128];
  int *has_err, *has_any, *has_win;
  const cJSON **sel;
  const IntegratorRegistry *registry; /* the integrators' colours (integrator_style_in) */
} CaseLines;

/* The reference's own uncertainty of record r (error.reference_check.positions.max, its
 * cross-check distance): raises *unc to it, with the cross-check's integrator in check. */
static void reference_uncertainty_of(const cJSON *r, double *unc, char *check, size_t checklen) {
  double u = record_get_number(r, FIELD_ERROR_CHECK_POSITIONS_MAX);
  if (isfinite(u) && u > *unc) {
    *unc = u;
    snprintf(check, checklen, "%s", record_get_string(r, FIELD_ERROR_CHECK_INTEGRATOR, ""));
  }
}

/* A vertical line at the reference's uncertainty on the work-error plot: errors left of it are
 * below what the reference resolves. Far below every error (minerr) the line would fall off the
 * autoscaled axis, so the axis is widened to show it; the label goes where the data leaves room. */
static void draw_reference_uncertainty(FILE *g, double unc, double minerr, const char *check) {
  char who[160];
  gp_escape(check, who, sizeof who);
  fprintf(g, "  set arrow 1 from %.6g, graph 0 to %.6g, graph 1 nohead dt 2 lw 1.5 lc rgb \"black\"\n", unc, unc);
  fprintf(g, "  set label 1 \"reference uncertainty (cross-check %s: %.2g)\" at %.6g, graph 0.97 %s "
             "font \",8\" noenhanced\n", who, unc, unc, unc < minerr ? "left offset 0.5,0" : "right offset -0.5,0");
  if (unc < minerr) fprintf(g, "  set xrange [%.6g:*]\n", unc / 3);
}

/* The script's head after the engine's first lines (plot_kind.h's own_script): the axes'
 * defaults, the loop over PNG and SVG. */
static void write_script_head(FILE *g) {
  fprintf(g, "set datafile missing \"?\"\nset datafile separator \"\\t\"\nset logscale xy\n"
             "set grid\nset key outside right top\nset format x \"%%.0e\"\nset format y \"%%.0e\"\n");
  fprintf(g, "do for [fmt in \"png svg\"] {\n"
             "  if (fmt eq \"png\") {\n"
             "    if (strstrt(GPVAL_TERMINALS, \"pngcairo\") > 0) { set terminal pngcairo size 1000,640 enhanced font \",10\" } "
             "else { set terminal png size 1000,640 }\n"
             "  } else { set terminal svg size 1000,640 enhanced font \",10\" }\n");
}

/* How much of a run's failure reason or first warning the data files keep: a label beside its
 * marker on the plot, not the record (which has all of it). */
enum { REASON_SHOWN = 200 };

static CbStatus plot_case_lines(CaseLines *L, FILE *g, const char *pdir, const char *cname, const cJSON *recs,
                                const char *cmd, CbError *e) {
  char(*ints)[128] = L->ints;
  int nint = 0;
  const cJSON *r;
  double maxerr = 0.0, maxwork = 0.0;
  /* the reference's own uncertainty (error.reference_check): an error left of it is not resolved */
  double ref_unc = 0.0, minerr = INFINITY;
  char ref_check[64] = "";
  cJSON_ArrayForEach(r, recs) {
    if (strcmp(record_get_string(r, FIELD_CASE, ""), cname) != 0) continue;
    char label[128];
    series_of(r, label, sizeof label);
    nint = uniq_add(ints, nint, label);
    double ex = record_get_number(r, FIELD_ERROR_POSITIONS_MAX), w = record_get_number(r, FIELD_WORK_MEDIAN);
    if (isfinite(ex) && ex > maxerr) maxerr = ex;
    if (isfinite(ex) && ex > 0 && ex < minerr) minerr = ex;
    if (isfinite(w) && w > maxwork) maxwork = w;
    reference_uncertainty_of(r, &ref_unc, ref_check, sizeof ref_check);
  }
  double xfail = maxerr > 0 ? 10.0 * maxerr : 1.0;
  double yfail = maxwork > 0 ? 2.0 * maxwork : 1.0; /* a failed run without work: the top, not off a log axis */
  CbPath path;
  if (cb_path(&path, e, "%s/%s", pdir, cname) != CB_OK) return CB_ERR_IO;
  dir_make_parents(path.s);
  int *has_err = L->has_err, *has_any = L->has_any, *has_win = L->has_win;
  int nfail = 0, ntime = 0, nwarn = 0, nwarn_err = 0;
  AtomicFile aff, aft, afw, af;
  FILE *ff = NULL, *ft = NULL, *fw = NULL;
  if (cb_path(&path, e, "%s/%s/failed.dat", pdir, cname) == CB_OK) ff = atomic_open(&aff, path.s, 0, e);
  if (!ff) return e ? e->status : CB_ERR_IO;
  if (cb_path(&path, e, "%s/%s/timeout.dat", pdir, cname) == CB_OK) ft = atomic_open(&aft, path.s, 0, e);
  if (!ft) { atomic_abort(&aff); return e ? e->status : CB_ERR_IO; }
  /* ok runs whose physics guards tripped: not data, drawn with their own marker */
  if (cb_path(&path, e, "%s/%s/physics_warnings.dat", pdir, cname) == CB_OK) fw = atomic_open(&afw, path.s, 0, e);
  if (!fw) { atomic_abort(&aff); atomic_abort(&aft); return e ? e->status : CB_ERR_IO; }
  fprintf(ff, "# integrator\tx_on_error_plot\tparam\twork\tstatus\tmessage\n");
  fprintf(ft, "# integrator\tx_on_error_plot\tparam\twork\tstatus\tmessage\n");
  fprintf(fw, "# integrator\terr_q_max\tparam\twork\tfirst physics warning\n");
  for (int i = 0; i < nint; ++i) {
    const cJSON **sel = L->sel;
    int ns = 0;
    char label[128], file[128];
    series_file(ints[i], file, sizeof file);
    cJSON_ArrayForEach(r, recs) {
      series_of(r, label, sizeof label);
      if (strcmp(record_get_string(r, FIELD_CASE, ""), cname) == 0 && strcmp(label, ints[i]) == 0) sel[ns++] = r;
    }
    qsort(sel, (size_t)ns, sizeof sel[0], cmp_param);
    FILE *f = NULL;
    if (cb_path(&path, e, "%s/%s/%s.dat", pdir, cname, file) == CB_OK) f = atomic_open(&af, path.s, 0, e);
    if (!f) { atomic_abort(&aff); atomic_abort(&aft); atomic_abort(&afw); return e ? e->status : CB_ERR_IO; }
    fprintf(f, "# %s on %s: param (accuracy or dt)\terr_q_max\terr_q_rms\twork_median\twork_min\twork_max\terr_window_max\n", ints[i], cname);
    for (int k = 0; k < ns; ++k) {
      const cJSON *x = sel[k];
      RecordOutcome oc = record_outcome(x);
      if (oc == OUTCOME_FAILED || oc == OUTCOME_TIMEOUT) {
        double w = work_of(x);
        fprintf(oc == OUTCOME_FAILED ? ff : ft, "%s\t%.6g\t%.6g\t%.6g\t%s\t%.*s\n", ints[i], xfail, param_of(x),
                w > 0 ? w : yfail, record_outcome_name(oc), REASON_SHOWN, record_outcome_reason(x));
        if (oc == OUTCOME_FAILED) ++nfail;
        else ++ntime;
        continue;
      }
      double ex = record_get_number(x, FIELD_ERROR_POSITIONS_MAX);
      if (oc == OUTCOME_FLAGGED) {
        const char *first_w = record_outcome_reason(x);
        fprintf(fw, "%s\t", ints[i]);
        put0(fw, ex > 0 ? ex : NAN);
        fprintf(fw, "\t%.6g\t%.6g\t%.*s\n", param_of(x), record_get_number(x, FIELD_WORK_MEDIAN), REASON_SHOWN, first_w);
        ++nwarn;
        nwarn_err += ex > 0;
        continue; /* not a point of its line */
      }
      fprintf(f, "%.6g", param_of(x));
      put(f, ex > 0 ? ex : NAN);
      put(f, record_get_number(x, FIELD_ERROR_POSITIONS_RMS));
      put(f, record_get_number(x, FIELD_WORK_MEDIAN));
      put(f, record_get_number(x, FIELD_WORK_MIN));
      put(f, record_get_number(x, FIELD_WORK_MAX));
      double ew = record_get_number(x, FIELD_ERROR_WINDOWED_POSITIONS_MAX);
      put(f, ew > 0 ? ew : NAN);
      fputc('\n', f);
      has_any[i] = 1;
      if (ex > 0) has_err[i] = 1;
      if (ew > 0) has_win[i] = 1;
    }
    CbStatus st = atomic_commit(&af, e);
    if (st != CB_OK) { atomic_abort(&aff); atomic_abort(&aft); atomic_abort(&afw); return st; }
  }
  CbStatus st = atomic_commit(&aff, e);
  if (st != CB_OK) { atomic_abort(&aft); atomic_abort(&afw); return st; }
  if ((st = atomic_commit(&aft, e)) != CB_OK) { atomic_abort(&afw); return st; }
  if ((st = atomic_commit(&afw, e)) != CB_OK) return st;
  char warn_style[160], fail_style[160], time_style[160];
  snprintf(warn_style, sizeof warn_style, "with points pt 6 ps 2.5 lw 2 lc rgb \"#e377c2\" title \"flagged: physics guard (%d)\"", nwarn);
  snprintf(fail_style, sizeof fail_style, "with points pt 2 ps 2 lw 2 lc rgb \"red\" title \"failed (%d)\"", nfail);
  snprintf(time_style, sizeof time_style, "with points pt 8 ps 2 lw 2 lc rgb \"#ff7f0e\" title \"timed out (%d)\"", ntime);

  char title[300], ecmd[6000];
  gp_escape(cname, title, sizeof title);
  title_command(cmd ? cmd : "(sweep command unknown)", ecmd, sizeof ecmd);
  write_script_head(g);
  int any_err = 0, any = 0;
  for (int i = 0; i < nint; ++i) { any_err |= has_err[i]; any |= has_any[i]; }
  const char *fail_label_right = "(sprintf(\"%s %s\", strcol(1), strcol(5))) with labels right offset -1,0 font \",8\" noenhanced notitle";
  const char *fail_label = "(sprintf(\"%s %s\", strcol(1), strcol(5))) with labels left offset 1,0 font \",8\" noenhanced notitle";
  const char *flag_label_right = "(strcol(1)) with labels right offset -1,0 font \",8\" noenhanced notitle";
  const char *flag_label = "(strcol(1)) with labels left offset 1,0 font \",8\" noenhanced notitle";
  if (any_err || nfail || ntime || nwarn_err) {
    fprintf(g, "  set output sprintf(\"%s_work_error.%%s%%s\", fmt, " GP_OUT_SUFFIX ")\n", cname);
    fprintf(g, "  set title \"%s: work vs measured error (failed and timed-out runs at the right edge)\\n%s\"\n", title, ecmd);
    fprintf(g, "  set xlabel \"max position error vs reference (S-scaled)\"\n"
               "  set ylabel \"wall time per simulated second (s)\"\n");
    if (ref_unc > 0) draw_reference_uncertainty(g, ref_unc, minerr, ref_check);
    fprintf(g, "  plot ");
    int first = 1;
    for (int i = 0; i < nint; ++i) {
      if (!has_err[i]) continue;
      plot_series_line(g, L->registry, ints, i, cname, 2, &first);
    }
    if (nfail) plot_marker_terms(g, cname, "failed", 2, fail_style, fail_label_right, &first);
    if (ntime) plot_marker_terms(g, cname, "timeout", 2, time_style, fail_label_right, &first);
    if (nwarn_err) plot_marker_terms(g, cname, "physics_warnings", 2, warn_style, flag_label_right, &first);
    fprintf(g, "\n");
    if (ref_unc > 0) fprintf(g, "  unset arrow 1\n  unset label 1\n  set xrange [*:*]\n");
  }
  int any_win = 0;
  for (int i = 0; i < nint; ++i) any_win |= has_win[i];
  if (any_win) {
    fprintf(g, "  set output sprintf(\"%s_work_windowed_error.%%s%%s\", fmt, " GP_OUT_SUFFIX ")\n", cname);
    fprintf(g, "  set title \"%s: work vs windowed (local) error\\n%s\"\n", title, ecmd);
    fprintf(g, "  set xlabel \"max windowed position error (restarted tight integration per window)\"\n"
               "  set ylabel \"wall time per simulated second (s)\"\n  plot ");
    int first = 1;
    for (int i = 0; i < nint; ++i) {
      if (!has_win[i]) continue;
      plot_series_line(g, L->registry, ints, i, cname, 7, &first);
    }
    fprintf(g, "\n");
  }
  if (any || nfail || ntime || nwarn) {
    fprintf(g, "  set output sprintf(\"%s_work_accuracy.%%s%%s\", fmt, " GP_OUT_SUFFIX ")\n", cname);
    fprintf(g, "  set title \"%s: work vs requested accuracy (fixed-step: step size dt)\\n%s\"\n", title, ecmd);
    fprintf(g, "  set xlabel \"requested accuracy, or dt (s) for fixed-step integrators\"\n"
               "  set ylabel \"wall time per simulated second (s)\"\n  plot ");
    int first = 1;
    for (int i = 0; i < nint; ++i) {
      if (!has_any[i]) continue;
      plot_series_line(g, L->registry, ints, i, cname, 1, &first);
    }
    if (nfail) plot_marker_terms(g, cname, "failed", 3, fail_style, fail_label, &first);
    if (ntime) plot_marker_terms(g, cname, "timeout", 3, time_style, fail_label, &first);
    if (nwarn) plot_marker_terms(g, cname, "physics_warnings", 3, warn_style, flag_label, &first);
    fprintf(g, "\n");
  }
  fprintf(g, "  unset output\n}\n");
  return CB_OK;
}

CbStatus draw_work_precision(FigureDraw *D, const cJSON *plot, const cJSON *recs, CbError *e) {
  const char *pdir = D->dir, *cname = D->name, *cmd = json_str_or(plot, "sweep_command", NULL);
  size_t n = (size_t)cJSON_GetArraySize(recs) + 1;
  CaseLines L = {malloc(n * sizeof *L.ints), calloc(n, sizeof(int)), calloc(n, sizeof(int)), calloc(n, sizeof(int)),
                 malloc(n * sizeof *L.sel), D->registry};
  CbStatus rc;
  if (L.ints && L.has_err && L.has_any && L.has_win && L.sel)
    rc = plot_case_lines(&L, D->gp_body, pdir, cname, recs, cmd, e);
  else rc = CB_ERROR(e, CB_ERR_MEMORY, "%s: out of memory for its lines", cname);
  free(L.ints);
  free(L.has_err);
  free(L.has_any);
  free(L.has_win);
  free(L.sel);
  return rc;
}
