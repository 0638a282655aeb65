/* The numbers the papers print, as data with their source (the JSON files of results/paper/,
 * cbench.paper/1): {"schema", "paper", "citation", "numbers": [{"id", "quantity", "value",
 * "units", "source", optional "case", "integrator", "setting", "approximate", "note",
 * "machine"}]}. Figures set ours beside them by id (figures/README.md, "compare"). */
#ifndef CBENCH_PAPER_DATA_H
#define CBENCH_PAPER_DATA_H

#include <cjson/cJSON.h>
#include <stddef.h>
#include <stdio.h>

#define PAPER_SCHEMA "cbench.paper/1"

/* The folder of the numbers (dir below) is the context's paper_dir (harness/common/cbench_context.h). */
/* Checks one file: schema, paper, every entry's fields and types, ids unique within the file.
 * 0, or -1 with "FILE: numbers[K] ('ID'): problem". */
int paper_data_validate_file(const char *path, char *err, size_t errlen);
/* Checks every file of the folder and that ids are unique across files; returns the number of
 * entries, or -1 with the first problem. */
int paper_data_validate_dir(const char *dir, char *err, size_t errlen);
/* A number of folder dir by id: 0 with value, units and source; -1 when no such id. */
int paper_number(const char *dir, const char *id, double *value, char *units, size_t unitslen, char *source,
                 size_t sourcelen);
/* `cbench paper [ID]`: every number of folder dir (or one), with its source. CB_OK,
 * CB_ERR_VERDICT (no such id) or CB_ERR_INPUT (a bad file), the message in err. */
int paper_data_print(const char *dir, const char *id, FILE *out, char *err, size_t errlen);

#endif
