/* Running another program (gnuplot, sbatch) without a shell: fork + execvp with an argument
 * vector, so no record field or path is ever parsed as a command line. */
#ifndef CBENCH_SUBPROCESS_H
#define CBENCH_SUBPROCESS_H

#include <stddef.h>

#include "cb_error.h"

/* Runs argv[0] (looked up in PATH) with argv (NULL-terminated), in directory cwd (NULL: here),
 * its stdout and stderr written to log_path (NULL: inherited; a relative path is from the
 * caller's folder, not cwd). Returns CB_OK when it exited with status 0; otherwise CB_ERR_IO
 * with a message in e naming the program: not found, could not start, exit status N, or killed
 * by signal N. */
CbStatus subprocess_run(const char *const argv[], const char *cwd, const char *log_path, CbError *e);

/* Runs argv like subprocess_run with its stdout captured into out (NUL-terminated, cut to
 * outlen) and its stderr discarded; CB_OK when it exited with status 0, else CB_ERR_IO. */
CbStatus subprocess_output(const char *const argv[], char *out, size_t outlen);

/* 1 when name is safe as one path component made from data: 1 to 200 characters of
 * [A-Za-z0-9._+-], not starting with '.' or '-' (so no "..", no '/', no quote, no ';'). */
int path_component_safe(const char *name);

/* argv[0..argc) as one POSIX shell command line that runs the same argument vector: words of
 * [A-Za-z0-9_@%+=:,./-] as they are, others (and the empty word) in single quotes, a quote
 * inside as '\''. CB_OK, or CB_ERR_IO when it does not fit in outlen. */
CbStatus shell_quote_argv(int argc, char *const argv[], char *out, size_t outlen);

#endif
