/* Machine and build context of a record: host, OS, CPU, cores, caches, load, compiler and flags,
 * build flavour and sha, library versions, date. */
#ifndef CBENCH_MACHINE_H
#define CBENCH_MACHINE_H

#include <cjson/cJSON.h>

/* A new JSON object describing this machine and build (caller owns it); load_start: the load
 * average when the run started (machine_load_avg), NULL: now. */
cJSON *machine_info_json(const double *load_start);
/* The git sha of the tree this binary was built from (stamped at build time), or "unknown". */
void machine_build_sha(char *out, size_t outlen);
/* 1 when that tree had uncommitted changes, 0 when clean, -1 unknown (built outside git). */
int machine_build_dirty(void);
/* The 1, 5 and 15 minute load averages into load[3] (-1 each when unknown): a run's start is
 * reported as load_avg_start. */
void machine_load_avg(double load[3]);

#endif
