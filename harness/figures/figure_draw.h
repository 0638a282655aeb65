/* Drawing a figure recipe's plot from its records: NAME.tsv (the numbers), data/ (one file per
 * line) and NAME.gp (the gnuplot script: SVG and PNG). Nothing is dropped: every series, point
 * and legend entry is kept (arrays grow as needed). The kinds: harness/figures/plot_kind.h. */
#ifndef CBENCH_FIGURE_DRAW_H
#define CBENCH_FIGURE_DRAW_H

#include <cjson/cJSON.h>
#include <stdio.h>

#include "../../integrators/integrator.h"
#include "../common/cb_error.h"
#include "plot_kind.h"
#include "../run/record_outcome.h"

/* Draws recipe's plot of records (their "_dir" names the sweep folder a series file is in) into
 * DIR/NAME/ (which exists, with data/), the papers' numbers from paper_dir: CB_OK, or CB_ERR_IO
 * (a file not written), CB_ERR_INPUT (a series not read), CB_ERR_MEMORY, the message in e. */
CbStatus figure_draw(const cJSON *recipe, const cJSON *records, const IntegratorRegistry *registry,
                     const char *paper_dir, const char *dir, const char *name, CbError *e);

/* plot.images (an xy or series plot split into several images, each a subset of the panels with
 * its own layout, legend, script and command): their count (1 without it), and image i's file
 * base (NAME, or NAME_PART) and title. */
int figure_image_count(const cJSON *recipe);
void figure_image_base(const cJSON *recipe, const char *name, int i, char *out, size_t outlen);
const char *figure_image_title(const cJSON *recipe, int i);

/* ---- for the kinds (plot_kind.c) ---- */

typedef struct {
  char label[256];
  char integrator[64];
  double *x, *y;
  int n, cap;
  double slope;
  RecordOutcome outcome;      /* OUTCOME_OK, or the line of a run that is not data (drawn, never
                                 setting the axes) */
} Series;

enum { POINT_WHO_LEN = 96 };
typedef struct {
  double *x, *y;
  int n, cap;
  char (*who)[POINT_WHO_LEN]; /* markers of runs that are not data: whose each is (its series label) */
  int who_cap;
} Points;

typedef struct {
  char title[400];
  char style[200];
} LegendEntry;

/* The figure being drawn: one legend, gathered over the panels, drawn by the last one. */
typedef struct FigureDraw {
  const char *dir, *name;     /* DIR/NAME */
  const char *paper_dir;      /* the papers' numbers (paper_data.h) */
  const IntegratorRegistry *registry; /* the integrators' colours; NULL: the built-in table */
  FILE *tsv, *gp_body;        /* the table; the plot commands (written twice: SVG, PNG) */
  int npanels;
  LegendEntry *legend;
  int nlegend, legend_cap;
  int nbad[OUTCOME_COUNT];    /* runs that are not data, over every panel */
  int nbad_noseries[OUTCOME_COUNT];
  int paper_lines;            /* panels drawing a paper's number */
  int one_integrator;         /* every record is of one integrator: lines differ by colour, not dash */
  const cJSON **counted;      /* runs that are not data already in the legend's counts */
  int ncounted, counted_cap;
  int oom;                    /* an array could not grow: the figure fails, it never drops */
  int own_script;             /* a built-in kind's script: DIR/NAME.gp (PlotKind.builtin) */
  const cJSON *columns;       /* plot.columns: record fields written beside each xy row of the table */
  const char *base;           /* the image's files: BASE.gp, .svg, .png (NAME, or NAME_PART of plot.images) */
  int last_panel;             /* the index of the image's last panel: it draws the legend */
} FigureDraw;

/* One panel being drawn. */
typedef struct PanelDraw {
  FigureDraw *D;
  const PlotKind *kind;
  const RecipePanel *panel;
  int p;                      /* its index */
  Series *ser;
  int nser, ser_cap;
  Points bad[OUTCOME_COUNT];  /* failed, timed-out, flagged: not data */
  double xmax, ymax;
  /* set when something that is not data lies outside the data's range: the axes are the data's
   * (fixed), markers beyond them drawn at the edge, lines beyond them clipped */
  int clip;
  double clip_x0, clip_x1, clip_y0, clip_y1;
} PanelDraw;

/* The line named label (a new one for a new label); NULL only when out of memory. */
Series *panel_series(PanelDraw *P, const char *label, const char *integrator);
/* Appends a point; CB_OK, or CB_ERR_MEMORY. */
CbStatus points_push(double **x, double **y, int *n, int *cap, double px, double py);
/* Appends the marker of a run that is not data, labelled with whose it is; CB_OK, or CB_ERR_MEMORY. */
CbStatus bad_push(Points *b, double px, double py, const char *who);
/* A run that is not data, counted once in the figure's legend however many panels draw it. */
void figure_count_bad(FigureDraw *D, const cJSON *r, RecordOutcome oc, int noseries);

#endif
