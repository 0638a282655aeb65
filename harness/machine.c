#include "machine.h"

#include <stdio.h>
#include <string.h>
#include <sundials/sundials_config.h>
#include <cholmod.h>
#include <unistd.h>

#include "files.h"
#include "clock.h"
#include "subprocess.h"

static void cpu_model(char *out, size_t outlen) {
  snprintf(out, outlen, "unknown");
  FILE *f = fopen("/proc/cpuinfo", "r");
  if (!f) return;
  char line[512];
  while (fgets(line, sizeof line, f)) {
    if (strncmp(line, "model name", 10) == 0) {
      const char *c = strchr(line, ':');
      if (c) {
        c++;
        while (*c == ' ' || *c == '\t') c++;
        snprintf(out, outlen, "%s", c);
        out[strcspn(out, "\n")] = '\0';
      }
      break;
    }
  }
  fclose(f);
}

void machine_git_sha(char *out, size_t outlen) {
  snprintf(out, outlen, "unknown");
  const char *argv[] = {"git", "rev-parse", "HEAD", NULL};
  char buf[128];
  if (subprocess_output(argv, buf, sizeof buf) != 0) return;
  buf[strcspn(buf, "\n")] = '\0';
  if (strlen(buf) >= 7) snprintf(out, outlen, "%s", buf);
}

cJSON *machine_info_json(void) {
  cJSON *m = cJSON_CreateObject();
  char buf[512];
  cpu_model(buf, sizeof buf);
  cJSON_AddStringToObject(m, "cpu", buf);
  cJSON_AddNumberToObject(m, "cores", (double)sysconf(_SC_NPROCESSORS_ONLN));
#ifdef __VERSION__
  cJSON_AddStringToObject(m, "compiler", __VERSION__);
#else
  cJSON_AddStringToObject(m, "compiler", "unknown");
#endif
  /* The Makefile passes no flag string; record what the preprocessor can tell. */
#ifdef CBENCH_CFLAGS
  cJSON_AddStringToObject(m, "flags", CBENCH_CFLAGS);
#else
  cJSON_AddStringToObject(m, "flags", "unknown");
#endif
#if defined(__SANITIZE_ADDRESS__)
  cJSON_AddStringToObject(m, "build", "sanitize");
#elif defined(__OPTIMIZE__)
  cJSON_AddStringToObject(m, "build", "release");
#else
  cJSON_AddStringToObject(m, "build", "debug");
#endif
  machine_git_sha(buf, sizeof buf);
  cJSON_AddStringToObject(m, "git", buf);
  cJSON_AddStringToObject(m, "sundials", SUNDIALS_VERSION);
  snprintf(buf, sizeof buf, "%d.%d.%d", CHOLMOD_MAIN_VERSION, CHOLMOD_SUB_VERSION, CHOLMOD_SUBSUB_VERSION);
  cJSON_AddStringToObject(m, "cholmod", buf);
#ifdef SUITESPARSE_MAIN_VERSION
  snprintf(buf, sizeof buf, "%d.%d.%d", SUITESPARSE_MAIN_VERSION, SUITESPARSE_SUB_VERSION,
           SUITESPARSE_SUBSUB_VERSION);
  cJSON_AddStringToObject(m, "suitesparse", buf);
#endif
  cJSON_AddStringToObject(m, "libccd", "unknown (no version macro)");
  cJSON_AddStringToObject(m, "cjson", cJSON_Version());
  clock_utc_iso8601(buf, sizeof buf);
  cJSON_AddStringToObject(m, "date", buf);
  return m;
}
