/* Loading and checking a figure recipe (figures/NAME.json, figures/README.md), and turning its
 * runs into sweep configurations. */
#ifndef CBENCH_FIGURE_RECIPE_H
#define CBENCH_FIGURE_RECIPE_H

#include <cjson/cJSON.h>
#include <stddef.h>

#include "../common/cb_error.h"
#include "../sweep/sweep.h"

#define RECIPE_SCHEMA "cbench.recipe/1"
/* Integrator lists shared by recipes (figures/README.md, "Integrator lists"): "@NAME" in a run's
 * "integrators" or a where's "integrator" stands for list NAME of this file, next to the recipes.
 * The loaded recipe names every integrator so expanded under RECIPE_LISTED (an array): those a
 * build does not register are skipped by `cbench figure`, with a note. */
#define RECIPE_LISTS_FILE "lists/integrators.json"
#define RECIPE_LISTS_SCHEMA "cbench.integrator_lists/1"
#define RECIPE_LISTED "_listed"

/* The parsed recipe (a cJSON document), checked: every field known and of the right type, so
 * drawing can trust it. NULL with CB_ERR_INPUT and "FILE: FIELD: problem (got VALUE)" in e
 * (e not NULL). */
cJSON *recipe_load(const char *path, CbError *e);
/* The lists file (RECIPE_LISTS_FILE), checked; NULL with "FILE: FIELD: problem" in e. */
cJSON *recipe_lists_load(const char *path, CbError *e);
/* The same from the recipe's text (path names it in messages). */
cJSON *recipe_load_text(const char *text, const char *path, CbError *e);
/* Sweep k of the recipe: runs[k] with the recipe's "quick" overrides and the run's own "quick"
 * applied when quick, out = dir. CB_OK, or CB_ERR_INPUT with a message naming the field (e not
 * NULL). */
CbStatus recipe_sweep_config(const cJSON *recipe, const char *path, int k, int quick, const char *dir, SweepConfig *c,
                             CbError *e);

/* The effective value of a run field: runs[k].quick, then the recipe's quick (when quick), then
 * runs[k] itself; NULL when unset. */
const cJSON *recipe_run_field(const cJSON *recipe, int k, int quick, const char *key);

#endif
