/* The numbers the papers print, as data with their source (the JSON files of results/paper/,
 * cbench.paper/1): {"schema", "paper", "citation", "numbers": [{"id", "quantity", "value",
 * "units", "source", optional "case", "integrator", "setting", "approximate", "note",
 * "machine"}]}. Figures set ours beside them by id (figures/README.md, "compare"). */
#ifndef CBENCH_PAPER_DATA_H
#define CBENCH_PAPER_DATA_H

#include <cjson/cJSON.h>
#include <stddef.h>
#include <stdio.h>

#include "../common/cb_error.h"

#define PAPER_SCHEMA "cbench.paper/1"

/* The folder of the numbers (dir below) is the context's paper_dir (harness/common/cbench_context.h). */
/* Checks one file: schema, paper, every entry's fields and types, ids unique within the file.
 * CB_OK, or CB_ERR_INPUT with "FILE: numbers[K] ('ID'): problem" in e. */
CbStatus paper_data_validate_file(const char *path, CbError *e);
/* Checks every file of the folder and that ids are unique across files: CB_OK with the number
 * of entries in *count (count may be NULL); CB_ERR_INPUT with the first problem, CB_ERR_IO when
 * the folder cannot be read. */
CbStatus paper_data_validate_dir(const char *dir, int *count, CbError *e);
/* A number of folder dir by id: CB_OK with value, units and source; CB_ERR_VERDICT when no such
 * id. */
CbStatus paper_number(const char *dir, const char *id, double *value, char *units, size_t unitslen, char *source,
                      size_t sourcelen);
/* `cbench paper [ID]`: every number of folder dir (or one), with its source. CB_OK,
 * CB_ERR_VERDICT (no such id) or CB_ERR_INPUT (a bad file), the message in e. */
CbStatus paper_data_print(const char *dir, const char *id, FILE *out, CbError *e);

#endif
