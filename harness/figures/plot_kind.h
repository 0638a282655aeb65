/* The plot kinds of figure recipes (figures/README.md) as an ops table, and the typed panel they
 * draw: a new kind is one entry in plot_kinds[] (harness/figures/plot_kind.c) with its functions. */
#ifndef CBENCH_PLOT_KIND_H
#define CBENCH_PLOT_KIND_H

#include <cjson/cJSON.h>
#include <stddef.h>

#include "../common/cb_error.h"
#include "integrator_style.h"
#include "../run/record_outcome.h"

/* One panel of a recipe's plot.panels, read once (recipe_load checked the types). */
typedef struct {
  const char *title, *x, *y, *xlabel, *ylabel; /* xlabel, ylabel default to x, y */
  const char *file;                            /* series kinds: steps, contacts, energy or trajectory */
  const cJSON *where, *rows, *paper_y;         /* NULL when absent */
  int logx, logy, fit, xreverse;
  int has_xrange;                              /* "xrange" [xlo, xhi]: the x axis's range */
  double xlo, xhi;
} RecipePanel;

void recipe_panel_read(const cJSON *panel, RecipePanel *out);

struct PanelDraw;
struct FigureDraw;

typedef struct {
  const char *name;
  const char *doc;        /* one line for `figures/README.md` */
  int uses_panels;        /* draws plot.panels; else the whole figure from plot's own fields */
  int sort_x;             /* a line's points in x order (else as the record gives them) */
  int bad_markers;        /* runs that are not data drawn as markers (else legend entries only) */
  /* gnuplot style of a line of this dash type in its integrator's style */
  void (*line_style)(char *out, size_t n, int dash, const IntegratorStyle *st);
  const char *tsv_header; /* NAME.tsv's first line; NULL: no NAME.tsv (own_script) */
  /* A built-in recipe's kind (`cbench plot`), refused in recipe files. Its draw_whole writes the
   * whole script body, terminals and outputs its own, to DIR/NAME.gp, run in DIR, with its data
   * in DIR/NAME/; the engine adds only the lines that say how to regenerate it. */
  int builtin;
  /* Kind-specific recipe checks: NULL, or the problem with *field the JSON path's last part. */
  const char *(*check_plot)(const cJSON *plot, const char **field);
  const char *(*check_panel)(const cJSON *panel, const char **field);
  /* uses_panels: adds record r (label, outcome) to the panel; CB_OK, or the status with the
   * message in e */
  CbStatus (*collect)(struct PanelDraw *P, const cJSON *r, const char *label, RecordOutcome oc, CbError *e);
  /* !uses_panels: draws the figure; CB_OK, or the status with the message in e */
  CbStatus (*draw_whole)(struct FigureDraw *D, const cJSON *plot, const cJSON *records, CbError *e);
} PlotKind;

extern const PlotKind plot_kinds[];
extern const int plot_kind_count;

/* The kind named name, or NULL. */
const PlotKind *plot_kind_find(const char *name);
/* "expected \"xy\", \"series\" or \"bars\"" for a recipe error (the kinds a recipe may name). */
void plot_kind_expected(char *out, size_t outlen);

#endif
