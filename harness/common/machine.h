/* Machine and build context of a record: host, OS, CPU, cores, caches, load, compiler and flags,
 * build flavour and sha, library versions, date. */
#ifndef CBENCH_MACHINE_H
#define CBENCH_MACHINE_H

#include <cjson/cJSON.h>

/* A new JSON object describing this machine and build (caller owns it). */
cJSON *machine_info_json(void);
/* The git sha of the tree this binary was built from (stamped at build time), or "unknown". */
void machine_build_sha(char *out, size_t outlen);
/* 1 when that tree had uncommitted changes, 0 when clean, -1 unknown (built outside git). */
int machine_build_dirty(void);
/* Remembers the load average as the start of a run (records report it as load_avg_start). */
void machine_note_start(void);

#endif
