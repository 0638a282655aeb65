/* Running another program (gnuplot, sbatch) without a shell: fork + execvp with an argument
 * vector, so no record field or path is ever parsed as a command line. */
#ifndef CBENCH_SUBPROCESS_H
#define CBENCH_SUBPROCESS_H

#include <stddef.h>

/* Runs argv[0] (looked up in PATH) with argv (NULL-terminated), in directory cwd (NULL: here),
 * its stdout and stderr written to log_path (NULL: inherited; a relative path is from the
 * caller's folder, not cwd). Returns 0 when it exited with
 * status 0; otherwise -1 with a message in err naming the program: not found, could not start,
 * exit status N, or killed by signal N. */
int subprocess_run(const char *const argv[], const char *cwd, const char *log_path, char *err, size_t errlen);

/* Runs argv like subprocess_run with its stdout captured into out (NUL-terminated, cut to
 * outlen) and its stderr discarded; 0 when it exited with status 0, else -1. */
int subprocess_output(const char *const argv[], char *out, size_t outlen);

/* 1 when name is safe as one path component made from data: 1 to 200 characters of
 * [A-Za-z0-9._+-], not starting with '.' or '-' (so no "..", no '/', no quote, no ';'). */
int path_component_safe(const char *name);

/* argv[0..argc) as one POSIX shell command line that runs the same argument vector: words of
 * [A-Za-z0-9_@%+=:,./-] as they are, others (and the empty word) in single quotes, a quote
 * inside as '\''. 0, or -1 when it does not fit in outlen. */
int shell_quote_argv(int argc, char *const argv[], char *out, size_t outlen);

#endif
