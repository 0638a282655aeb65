/* The `cbench` command line (harness/main.c calls cbench_main). Exit codes: 0 success,
 * 1 a run failed / a regression / a write error, 2 bad arguments or a bad scene file. */
#ifndef CBENCH_CLI_H
#define CBENCH_CLI_H

int cbench_main(int argc, char **argv);

#endif
