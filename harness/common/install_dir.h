/* Where cbench is installed: the running executable (/proc/self/exe) and the folders beside it
 * (cases/, figures/) found by walking up from it, so `build/cbench` works from any folder. */
#ifndef CBENCH_INSTALL_DIR_H
#define CBENCH_INSTALL_DIR_H

#include <stddef.h>

#include "../../models/status.h"

/* 1 when path is a directory. */
int is_directory(const char *path);
/* The running executable's absolute path; CB_OK, or CB_ERR_IO when it cannot be read or does
 * not fit. */
CbStatus self_exe_path(char *out, size_t outlen);
/* DIR/sub for the nearest DIR up to 4 folders above the executable (BUILD/cbench,
 * BUILD/release/scripts/NAME) that holds a folder sub: CB_OK, or CB_ERR_IO (none found) with
 * out = sub itself. */
CbStatus install_folder(const char *sub, char *out, size_t outlen);

#endif
