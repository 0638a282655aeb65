/* Machine and build context of a record: host, OS, CPU, cores, caches, load, compiler and flags,
 * build flavour and sha, library versions, date. */
#ifndef CBENCH_MACHINE_H
#define CBENCH_MACHINE_H

#include <stddef.h>

#define MACHINE_MAX_CACHES 16

/* One of cpu0's caches, as Google Benchmark's context lists them. */
typedef struct {
  char type[64];
  double level, size; /* size in bytes */
  double num_sharing; /* CPUs sharing it */
} MachineCache;

/* This machine and build, as data: machine_info fills it, run_record.c writes it as a record's
 * `machine` object (harness/SCHEMA.md). */
typedef struct {
  char cpu[512], isa[512];
  double cores, blas_threads;
  const char *compiler, *flags, *build; /* build: "sanitize", "release" or "debug" */
  char git[512];
  int git_dirty;                        /* -1: unknown (built outside git) */
  char host[512], os[512];
  double cpu_mhz;                       /* <= 0: unknown */
  int ncaches;
  MachineCache caches[MACHINE_MAX_CACHES];
  double load_avg_start[3];             /* [0] < 0: unknown */
  const char *sundials;
  char cholmod[32];
  int has_suitesparse;
  char suitesparse[32];
  const char *libccd, *cjson;
  char date[64];                        /* now, UTC ISO 8601 */
} MachineInfo;

/* Fills mi; load_start: the load average when the run started (machine_load_avg), NULL: now. */
void machine_info(MachineInfo *mi, const double *load_start);
/* The git sha of the tree this binary was built from (stamped at build time), or "unknown". */
void machine_build_sha(char *out, size_t outlen);
/* 1 when that tree had uncommitted changes, 0 when clean, -1 unknown (built outside git). */
int machine_build_dirty(void);
/* The 1, 5 and 15 minute load averages into load[3] (-1 each when unknown): a run's start is
 * reported as load_avg_start. */
void machine_load_avg(double load[3]);

#endif
