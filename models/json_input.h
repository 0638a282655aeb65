/* Input files that cannot be trusted (scenes, records, recipes, references, plans): only regular
 * files are read (a FIFO would block, /dev/zero never ends), at most a stated size, and JSON
 * objects may not hold a key twice (cJSON keeps the first of two, other readers the last: one
 * file would mean two things). Every loader reads through here. */
#ifndef CBENCH_JSON_INPUT_H
#define CBENCH_JSON_INPUT_H

#include <cjson/cJSON.h>
#include <stddef.h>

#include "cb_error.h"

/* The largest input file read (256 MiB; a sweep's sweep.json of 10^5 records is ~300 MB less
 * whitespace: split such sets into folders). */
#define INPUT_MAX_BYTES ((size_t)256 << 20)

/* The whole regular file at path, NUL-terminated, malloc'ed (its length in *len if non-NULL);
 * NULL with "path: why" in e (CB_ERR_IO; CB_ERR_MEMORY) when it cannot be opened, is not a
 * regular file or is larger than max_bytes. Opened with O_NONBLOCK, so a FIFO is refused, not
 * waited on. */
char *input_read_file(const char *path, size_t max_bytes, size_t *len, CbError *e);

/* CB_OK when no object in root holds a key twice; else CB_ERR_INPUT with "NAME: PATH: field
 * given twice ..." in e, PATH the JSON path of the second one (e.g. "runs[2].status"). */
CbStatus json_check_unique_keys(const cJSON *root, const char *name, CbError *e);

/* Parses text; NULL with "name: why" in e (CB_ERR_INPUT) for invalid JSON or a duplicated key. */
cJSON *json_parse_checked(const char *text, const char *name, CbError *e);
/* input_read_file (INPUT_MAX_BYTES) and json_parse_checked. */
cJSON *json_load_file(const char *path, CbError *e);

#endif
