/* `cbench plot` (plot.h): the records' table and, per case, the figure engine's built-in
 * work-precision recipe (plot kind `work_precision`, plot_work_precision.c). */
#include "plot.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/cb_path.h"
#include "../common/files.h"
#include "../common/subprocess.h"
#include "../run/record_fields.h"
#include "../run/record_outcome.h"
#include "../run/run_record.h"
#include "../sweep/sweep.h"
#include "convergence_table.h"
#include "figure_draw.h"
#include "gnuplot_write.h"
#include "plot_work_precision.h"

/* records.tsv: who and what, the field table's columns (RecordField.column), then the guards'
 * and warnings' counts and the line label. */
static void write_table(FILE *f, const cJSON *recs) {
  fprintf(f, "case\tintegrator\tfixed_step\tparam\tstatus");
  record_columns_write(f, record_fields, record_field_count, NULL);
  fprintf(f, "\tphysics_warnings\twarnings\tseries\n");
  const cJSON *r;
  cJSON_ArrayForEach(r, recs) {
    fprintf(f, "%s\t%s\t%d\t%.6g\t%s", record_get_string(r, FIELD_CASE, ""), record_get_string(r, FIELD_INTEGRATOR, ""),
            cJSON_IsTrue(record_get(r, FIELD_FIXED_STEP)), record_param(r), record_outcome_name(record_outcome(r)));
    record_columns_write(f, record_fields, record_field_count, r);
    char label[128];
    plot_line_label(r, label, sizeof label);
    fprintf(f, "\t%d\t%d\t%s\n", record_guard_warnings(r), cJSON_GetArraySize(record_get(r, FIELD_WARNINGS)), label);
  }
}

static char *read_command(const char *dir) {
  CbPath p;
  if (cb_path_join(&p, NULL, dir, "command.txt") != CB_OK) return NULL;
  char *c = file_read_all(p.s, NULL);
  if (c) c[strcspn(c, "\n")] = '\0';
  return c;
}

/* One case's plots: the built-in recipe {"plot": {"kind": "work_precision", "sweep_command"}} drawn by
 * the figure engine into pdir (CASE.gp, CASE/NAME.dat), then gnuplot on it, its output in
 * gnuplot_CASE.log, its images through temporaries (gp_run_atomic): a failure, or an empty or
 * cut image, is an error naming the script, and the images from before are left as they were. */
static CbStatus plot_case(const IntegratorRegistry *reg, const char *pdir, const char *cname, const cJSON *recs,
                          const char *cmd, int run_gnuplot, CbError *e) {
  cJSON *recipe = cJSON_CreateObject(), *plot = cJSON_AddObjectToObject(recipe, "plot");
  if (!plot || !cJSON_AddStringToObject(plot, "kind", "work_precision") ||
      (cmd && !cJSON_AddStringToObject(plot, "sweep_command", cmd))) {
    cJSON_Delete(recipe);
    return CB_ERROR(e, CB_ERR_MEMORY, "%s: out of memory for its lines", cname);
  }
  CbStatus rc = figure_draw(recipe, recs, reg, NULL, pdir, cname, e);
  cJSON_Delete(recipe);
  if (rc != CB_OK || !run_gnuplot) return rc;
  CbPath gp, log, names[6]; /* cname is a path component (load_records) */
  static const char *const kinds[] = {"work_error", "work_windowed_error", "work_accuracy"}, *const exts[] = {"png", "svg"};
  const char *imgs[6];
  if (cb_path(&gp, e, "%s.gp", cname) != CB_OK || cb_path(&log, e, "%s/gnuplot_%s.log", pdir, cname) != CB_OK)
    return CB_ERR_IO;
  for (int k = 0; k < 6; ++k) {
    if (cb_path(&names[k], e, "%s_%s.%s", cname, kinds[k / 2], exts[k % 2]) != CB_OK) return CB_ERR_IO;
    imgs[k] = names[k].s;
  }
  if ((rc = gp_run_atomic(pdir, gp.s, log.s, imgs, 6, 0, e)) != CB_OK) return rc;
  printf("plot: %s/%s_work_*.png (+ .svg)\n", pdir, cname);
  return CB_OK;
}

/* An atomically written file of pdir: CB_OK, or CB_ERR_IO. */
static CbStatus write_file(const char *pdir, const char *name, void (*write)(FILE *, const void *), const void *arg,
                           CbError *e) {
  CbPath path;
  if (cb_path_join(&path, e, pdir, name) != CB_OK) return CB_ERR_IO;
  AtomicFile af;
  FILE *f = atomic_open(&af, path.s, 0, e);
  if (!f) return cb_error_fail(e, CB_ERR_IO);
  write(f, arg);
  return atomic_commit(&af, e) == CB_OK ? CB_OK : cb_error_fail(e, CB_ERR_IO);
}

static void table_of(FILE *f, const void *recs) { write_table(f, recs); }
static void convergence_of(FILE *f, const void *recs) { convergence_table_write(f, recs, CONVERGENCE_TSV); }

typedef struct { const char *dir, *pdir, *cmd; } CaptionOf;
static void caption_of(FILE *cap, const void *arg) {
  const CaptionOf *c = arg;
  fprintf(cap, "Work-precision figures from the cbench.run/1 records in %s.\n", c->dir);
  fprintf(cap, "Sweep command: %s\n", c->cmd ? c->cmd : "(unknown: no command.txt)");
  fprintf(cap, "Flattened table: records.tsv; per-case data: CASE/*.dat; regenerate a figure with: cd %s && gnuplot CASE.gp\n", c->pdir);
  fprintf(cap, "Work = wall time per simulated second (median over the timing repetitions; the bar on each point runs from the fastest to the slowest repetition, none when the run was timed once: a sweep repeats each run until its repetitions total %g s, at least %d times unless one repetition takes that long, at most %d times, unless --reps fixes the count); error = max over the output grid of the S-scaled position error against the case's reference: max_i |S_i (q_i - qref_i)| over the position coordinates, S the scene's error weights (Model.q_scale, 1 for every coordinate of the shipped cases), so metres for translations and unit-quaternion components (about half the angle in radians) for rotations, with each free body's quaternion sign-aligned to the reference's first; runs that are not data have their own markers, counted in the legend, and are not points of their lines: failed runs red crosses, timed-out runs orange triangles (on the error plot at the right edge, at their measured work or budget, or at the top when they have none), runs flagged by a physics guard (records.tsv status \"flagged\") pink circles.\n",
          SWEEP_DEFAULT_MIN_TIME_S, RUN_CALIBRATED_MIN_REPS, RUN_CALIBRATED_MAX_REPS);
}

CbStatus plot_dir(const char *dir, int run_gnuplot, CbError *e) { return plot_dir_in(NULL, dir, run_gnuplot, e); }

/* The records of dir (a sweep folder, or one records file) and their plot folder; NULL with
 * CB_ERR_INPUT in e: a record that cannot be read fails the plot (a figure must not silently
 * drop results), and so does a case that cannot name files (the case names the data and the
 * images). */
static cJSON *load_records(const char *dir, CbPath *pdir, CbError *e) {
  int file = file_exists(dir);
  cb_error_clear(e); /* the record readers report a record they skip by a message alone */
  cJSON *recs = file ? records_load_file(dir, e) : records_load_dir(dir, e);
  const char *err = cb_error_text(e);
  if (recs && !err[0] && cb_path(pdir, e, file ? "%s.plots" : "%s/plots", dir) != CB_OK) {
    cJSON_Delete(recs);
    return NULL;
  }
  if (recs && !err[0] && cJSON_GetArraySize(recs) == 0) CB_ERROR(e, CB_ERR_INPUT, "%s: no cbench.run/1 records", dir);
  const cJSON *r;
  if (recs && !err[0])
    cJSON_ArrayForEach(r, recs) if (!err[0] && !path_component_safe(record_get_string(r, FIELD_CASE, "")))
      CB_ERROR(e, CB_ERR_INPUT, "%s: a record's case '%s' is not usable as a file name (letters, digits, '.', '_', '+', '-'; not starting with '.' or '-')",
               dir, record_get_string(r, FIELD_CASE, ""));
  if (!recs || err[0]) { cJSON_Delete(recs); cb_error_fail(e, CB_ERR_INPUT); return NULL; }
  return recs;
}

CbStatus plot_dir_in(const IntegratorRegistry *registry, const char *dir, int run_gnuplot, CbError *e) {
  CbPath pdirp;
  cJSON *recs = load_records(dir, &pdirp, e);
  if (!recs) return CB_ERR_INPUT;
  const char *pdir = pdirp.s;
  char *cmd = file_exists(dir) ? NULL : read_command(dir);
  CaptionOf caption = {dir, pdir, cmd};
  CbStatus rc = CB_OK; /* a failed write of the table, the caption, a case's files or gnuplot: CB_ERR_IO */
  if (dir_make_parents(pdir) != CB_OK) rc = CB_ERROR(e, CB_ERR_IO, "cannot create %s", pdir);
  if (rc == CB_OK) rc = write_file(pdir, "records.tsv", table_of, recs, e);
  if (rc == CB_OK) rc = write_file(pdir, "convergence.tsv", convergence_of, recs, e);
  if (rc == CB_OK) rc = write_file(pdir, "CAPTION.txt", caption_of, &caption, e);
  const cJSON *r, *s;
  cJSON_ArrayForEach(r, recs) { /* each case once, in the order of its first record */
    const char *cname = record_get_string(r, FIELD_CASE, "");
    for (s = recs->child; s != r && strcmp(record_get_string(s, FIELD_CASE, ""), cname); s = s->next) {}
    if (rc == CB_OK && s == r && plot_case(registry, pdir, cname, recs, cmd, run_gnuplot, e) != CB_OK)
      rc = cb_error_fail(e, CB_ERR_IO);
  }
  if (rc == 0) printf("plot: table %s/records.tsv, caption %s/CAPTION.txt\n", pdir, pdir);
  free(cmd);
  cJSON_Delete(recs);
  return rc;
}
