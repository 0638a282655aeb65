/* Fuzz target: the scene loader (models/scene, format cases/FORMAT.md), from memory. A scene it
 * accepts is also set to its initial state, as every run does next. */
#include "fuzz_input.h"

#include "../models/model.h"
#include "../models/scene.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = fuzz_text(data, size);
  if (!text) return 0;
  char err[1024];
  Model *m = scene_load_string(text, "fuzz.json", CB_ERR_BUF(err, sizeof err));
  model_free(m);
  free(text);
  return 0;
}
