/* Instruction counts, the deterministic part of a timing: user-space retired instructions from
 * the kernel's hardware counter (perf_event_open, `instructions`, exclude_kernel), and the
 * parsing of a valgrind callgrind profile (its total Ir) where the kernel offers no counter
 * (containers, VMs without a PMU, perf_event_paranoid > 2). */
#ifndef CBENCH_INSTR_COUNT_H
#define CBENCH_INSTR_COUNT_H

#include <stddef.h>

#include "../common/cb_error.h"

typedef struct {
  int fd;          /* -1: not available */
  char why[160];   /* why not, when fd < 0 */
} InstrCounter;

/* Opens a disabled counter for this process (user space only). CB_OK, or CB_ERR_UNSUPPORTED with
 * c->why. */
CbStatus instr_counter_open(InstrCounter *c);
/* Resets and enables / disables and reads; read returns -1 when unavailable or unread. */
void instr_counter_start(InstrCounter *c);
long long instr_counter_read(InstrCounter *c);
void instr_counter_close(InstrCounter *c);

/* The sum of the "totals:" (else "summary:") lines of the callgrind output files
 * DIR/PREFIX* (a forked run writes one file per process). CB_OK, or CB_ERR_INPUT / CB_ERR_IO with
 * the message in e. */
CbStatus callgrind_total_ir(const char *dir, const char *prefix, unsigned long long *ir, CbError *e);

/* The function callgrind collects inside (--toggle-collect) for the counts of `cbench bench`:
 * every integration over an output grid goes through it. */
#define INSTR_CALLGRIND_FUNCTION "grid_run_observed"

#endif
