/* `cbench plot` (plot.h): the records' table and, per case, the figure engine's built-in
 * work-precision recipe (plot kind `work_precision`, plot_work_precision.c). */
#include "plot.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
  char p[1200];
  snprintf(p, sizeof p, "%s/command.txt", dir);
  char *c = file_read_all(p, NULL);
  if (c) c[strcspn(c, "\n")] = '\0';
  return c;
}

/* One case's plots: the built-in recipe {"plot": {"kind": "work_precision", "sweep_command"}} drawn by
 * the figure engine into pdir (CASE.gp, CASE/NAME.dat), then gnuplot on it, its output in
 * gnuplot_CASE.log, its images through temporaries (gp_run_atomic): a failure, or an empty or
 * cut image, is an error naming the script, and the images from before are left as they were. */
static int plot_case(const IntegratorRegistry *reg, const char *pdir, const char *cname, const cJSON *recs,
                     const char *cmd, int run_gnuplot, char *err, size_t errlen) {
  cJSON *recipe = cJSON_CreateObject(), *plot = cJSON_AddObjectToObject(recipe, "plot");
  if (!plot || !cJSON_AddStringToObject(plot, "kind", "work_precision") ||
      (cmd && !cJSON_AddStringToObject(plot, "sweep_command", cmd))) {
    cJSON_Delete(recipe);
    snprintf(err, errlen, "%s: out of memory for its lines", cname);
    return 1;
  }
  int rc = figure_draw(recipe, recs, reg, NULL, pdir, cname, err, errlen);
  cJSON_Delete(recipe);
  if (rc || !run_gnuplot) return rc;
  char gp[200], log[1400], names[6][200];
  snprintf(gp, sizeof gp, "%.127s.gp", cname);
  snprintf(log, sizeof log, "%.1100s/gnuplot_%.127s.log", pdir, cname);
  static const char *const kinds[] = {"work_error", "work_windowed_error", "work_accuracy"}, *const exts[] = {"png", "svg"};
  const char *imgs[6];
  for (int k = 0; k < 6; ++k) {
    snprintf(names[k], sizeof names[0], "%.127s_%s.%s", cname, kinds[k / 2], exts[k % 2]);
    imgs[k] = names[k];
  }
  if (gp_run_atomic(pdir, gp, log, imgs, 6, 0, err, errlen) != 0) return 1;
  printf("plot: %s/%s_work_*.png (+ .svg)\n", pdir, cname);
  return 0;
}

/* An atomically written file of pdir: 0, or CB_ERR_IO. */
static int write_file(const char *pdir, const char *name, void (*write)(FILE *, const void *), const void *arg,
                      char *err, size_t errlen) {
  char path[1400];
  snprintf(path, sizeof path, "%s/%s", pdir, name);
  AtomicFile af;
  FILE *f = atomic_open(&af, path, 0, CB_ERR_BUF(err, errlen));
  if (!f) return CB_ERR_IO;
  write(f, arg);
  return atomic_commit(&af, CB_ERR_BUF(err, errlen)) == 0 ? CB_OK : CB_ERR_IO;
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

int plot_dir(const char *dir, int run_gnuplot, char *err, size_t errlen) {
  return plot_dir_in(NULL, dir, run_gnuplot, err, errlen);
}

/* The records of dir (a sweep folder, or one records file) and their plot folder; NULL with err
 * set: a record that cannot be read fails the plot (a figure must not silently drop results),
 * and so does a case that cannot name files (the case names the data and the images). */
static cJSON *load_records(const char *dir, char *pdir, size_t n, char *err, size_t errlen) {
  int file = file_exists(dir);
  cJSON *recs = file ? records_load_file(dir, CB_ERR_BUF(err, errlen)) : records_load_dir(dir, CB_ERR_BUF(err, errlen));
  snprintf(pdir, n, file ? "%s.plots" : "%s/plots", dir);
  if (recs && !err[0] && cJSON_GetArraySize(recs) == 0) snprintf(err, errlen, "%s: no cbench.run/1 records", dir);
  const cJSON *r;
  if (recs && !err[0])
    cJSON_ArrayForEach(r, recs) if (!err[0] && !path_component_safe(record_get_string(r, FIELD_CASE, "")))
      snprintf(err, errlen, "%s: a record's case '%.200s' is not usable as a file name (letters, digits, '.', '_', '+', '-'; not starting with '.' or '-')",
               dir, record_get_string(r, FIELD_CASE, ""));
  if (!recs || err[0]) { cJSON_Delete(recs); return NULL; }
  return recs;
}

int plot_dir_in(const IntegratorRegistry *registry, const char *dir, int run_gnuplot, char *err, size_t errlen) {
  char pdir[1200];
  cJSON *recs = load_records(dir, pdir, sizeof pdir, err, errlen);
  if (!recs) return CB_ERR_INPUT;
  char *cmd = file_exists(dir) ? NULL : read_command(dir);
  CaptionOf caption = {dir, pdir, cmd};
  int rc = CB_OK; /* a failed write of the table, the caption, a case's files or gnuplot: CB_ERR_IO */
  if (dir_make_parents(pdir) != 0) snprintf(err, errlen, "cannot create %s", pdir), rc = CB_ERR_IO;
  if (rc == CB_OK) rc = write_file(pdir, "records.tsv", table_of, recs, err, errlen);
  if (rc == CB_OK) rc = write_file(pdir, "convergence.tsv", convergence_of, recs, err, errlen);
  if (rc == CB_OK) rc = write_file(pdir, "CAPTION.txt", caption_of, &caption, err, errlen);
  const cJSON *r, *s;
  cJSON_ArrayForEach(r, recs) { /* each case once, in the order of its first record */
    const char *cname = record_get_string(r, FIELD_CASE, "");
    for (s = recs->child; s != r && strcmp(record_get_string(s, FIELD_CASE, ""), cname); s = s->next) {}
    if (rc == CB_OK && s == r && plot_case(registry, pdir, cname, recs, cmd, run_gnuplot, err, errlen)) rc = CB_ERR_IO;
  }
  if (rc == 0) printf("plot: table %s/records.tsv, caption %s/CAPTION.txt\n", pdir, pdir);
  free(cmd);
  cJSON_Delete(recs);
  return rc;
}
