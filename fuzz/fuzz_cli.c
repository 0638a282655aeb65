/* Fuzz target: the option parsing of `cbench run` and `cbench sweep` (run_args_parse,
 * sweep_args_parse in harness/cli_*.c), which runs and writes nothing. The input is the
 * arguments, one per line; both parsers get them. */
#include "fuzz_input.h"

#include "../harness/cli/cli_args.h"

#define FUZZ_MAX_ARGS 256

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = fuzz_text(data, size);
  if (!text) return 0;
  char *argv[FUZZ_MAX_ARGS + 3];
  int argc = 2;
  argv[0] = "cbench";
  for (char *a = text; a && argc < FUZZ_MAX_ARGS + 2;) {
    char *nl = strchr(a, '\n');
    if (nl) *nl = '\0';
    argv[argc++] = a;
    a = nl ? nl + 1 : NULL;
  }
  argv[argc] = NULL;

  CbenchContext *cb = malloc(sizeof *cb);
  if (!cb) { free(text); return 0; }
  cbench_context_init(cb);
  argv[1] = "run";
  RunSpec *s = malloc(sizeof *s);
  const char *json;
  int resume;
  if (s) run_args_parse(cb, argc, argv, s, &json, &resume);
  free(s);

  argv[1] = "sweep";
  SweepConfig *c = malloc(sizeof *c);
  if (c) sweep_args_parse(cb, argc, argv, c);
  free(c);
  free(cb);
  free(text);
  return 0;
}
