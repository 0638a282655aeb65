#include "install_dir.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int is_directory(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

int self_exe_path(char *out, size_t outlen) {
  if (outlen < 2) return -1;
  ssize_t n = readlink("/proc/self/exe", out, outlen - 1);
  if (n <= 0 || (size_t)n >= outlen - 1) return -1; /* a full buffer may be a truncated path */
  out[n] = '\0';
  return 0;
}

int install_folder(const char *sub, char *out, size_t outlen) {
  char exe[PATH_MAX];
  if (self_exe_path(exe, sizeof exe) == 0)
    for (int up = 0; up < 4; ++up) {
      char *slash = strrchr(exe, '/');
      if (!slash || slash == exe) break;
      *slash = '\0';
      char probe[PATH_MAX + 64];
      snprintf(probe, sizeof probe, "%s/%s", exe, sub);
      if (is_directory(probe) && strlen(probe) < outlen) {
        snprintf(out, outlen, "%s", probe);
        return 0;
      }
    }
  snprintf(out, outlen, "%s", sub);
  return -1;
}
