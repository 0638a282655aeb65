/* Machine and build context of a record: CPU, cores, compiler, build flavour, library
 * versions, git sha, date. */
#ifndef CBENCH_MACHINE_H
#define CBENCH_MACHINE_H

#include <cjson/cJSON.h>

/* A new JSON object describing this machine and build (caller owns it). */
cJSON *machine_info_json(void);
/* "git rev-parse HEAD" of the working directory, or "unknown". */
void machine_git_sha(char *out, size_t outlen);

#endif
