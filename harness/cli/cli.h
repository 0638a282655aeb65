/* The `cbench` command line (harness/cli/main.c calls cbench_main). Exit codes: 0 success,
 * 1 a run failed / a regression / a write error, 2 bad arguments or a bad scene file. */
#ifndef CBENCH_CLI_H
#define CBENCH_CLI_H

#include "../common/cbench_context.h"

/* Makes the context (cbench_context_init) and runs the command in it. */
int cbench_main(int argc, char **argv);
/* The same in a context the caller made (tests: added integrators, a results folder): the
 * command's CbStatus as an exit code (cb_status_exit_code), the only place one is made. */
int cbench_main_in(CbenchContext *cb, int argc, char **argv);

#endif
