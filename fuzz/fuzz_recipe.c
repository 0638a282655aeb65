/* Fuzz target: the figure recipe loader (harness/figures/figure_recipe.c, figures/README.md), from
 * memory; a recipe it accepts is turned into each run's sweep configuration, quick and full, as
 * `cbench figure` does before running anything. */
#include "fuzz_input.h"

#include "../harness/figures/figure_recipe.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = fuzz_text(data, size);
  if (!text) return 0;
  char err[1024];
  cJSON *r = recipe_load_text(text, "fuzz.json", CB_ERR_BUF(err, sizeof err));
  free(text);
  if (!r) return 0;
  SweepConfig *c = malloc(sizeof *c);
  int nruns = cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(r, "runs"));
  for (int k = 0; c && k < nruns; ++k)
    for (int quick = 0; quick <= 1; ++quick) recipe_sweep_config(r, "fuzz.json", k, quick, "out", c, CB_ERR_BUF(err, sizeof err));
  free(c);
  cJSON_Delete(r);
  return 0;
}
