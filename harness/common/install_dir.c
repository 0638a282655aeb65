#include "install_dir.h"

#include "cb_path.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int is_directory(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

CbStatus self_exe_path(char *out, size_t outlen) {
  if (outlen < 2) return CB_ERR_IO;
  ssize_t n = readlink("/proc/self/exe", out, outlen - 1);
  if (n <= 0 || (size_t)n >= outlen - 1) return CB_ERR_IO; /* a full buffer may be a truncated path */
  out[n] = '\0';
  return CB_OK;
}

CbStatus install_folder(const char *sub, char *out, size_t outlen) {
  CbPath exe, probe;
  if (self_exe_path(exe.s, sizeof exe.s) == CB_OK)
    for (int up = 0; up < 4; ++up) {
      char *slash = strrchr(exe.s, '/');
      if (!slash || slash == exe.s) break;
      *slash = '\0';
      if (cb_path_join(&probe, NULL, exe.s, sub) == CB_OK && is_directory(probe.s) && strlen(probe.s) < outlen) {
        snprintf(out, outlen, "%s", probe.s);
        return CB_OK;
      }
    }
  snprintf(out, outlen, "%s", sub);
  return CB_ERR_IO;
}
