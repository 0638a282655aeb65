/* Where cbench is installed: the running executable (/proc/self/exe) and the folders beside it
 * (cases/, figures/) found by walking up from it, so `build/cbench` works from any folder. */
#ifndef CBENCH_INSTALL_DIR_H
#define CBENCH_INSTALL_DIR_H

#include <stddef.h>

/* 1 when path is a directory. */
int is_directory(const char *path);
/* The running executable's absolute path; 0, or -1 when it cannot be read or does not fit. */
int self_exe_path(char *out, size_t outlen);
/* DIR/sub for the nearest DIR up to 4 folders above the executable (BUILD/cbench,
 * BUILD/release/scripts/NAME) that holds a folder sub: 0, or -1 with out = sub itself. */
int install_folder(const char *sub, char *out, size_t outlen);

#endif
