/* harness/ keeps no hidden state: no writable variable at file or function scope in any of its
 * objects (what a command needs is in the context, harness/common/cbench_context.h), and only
 * cbench_context.c reads the environment. The objects are the sanitize build's (make test builds
 * them first); the detectors are shown to fire on this test's own object and on tests/. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A writable static, so that the detector has something to find in this test's own object. */
static int probe_calls;
static int probe(void) { return ++probe_calls; }

/* Writable data symbols of the objects `find ROOT -name '*.o'` lists: .data, .bss and
 * .data.rel.local (not .data.rel.ro: read-only once relocated), without the sanitizers' own and
 * section symbols, and the signal_* variables a signal handler needs (it can reach no other state). Appends "OBJECT SYMBOL" lines to out; returns the count, -1 when none could
 * be read. */
static int writable_symbols(const char *root, char *out, size_t outlen) {
  char cmd[512];
  snprintf(cmd, sizeof cmd,
           "find %s -name '*.o' | sort | while read -r o; do objdump -t \"$o\" | "
           "awk -v o=\"$o\" '{for (i = 1; i <= NF; ++i) if ($i ~ /^\\.(data|bss)/) s = $i} "
           "$0 ~ / \\.(data|bss)/ && s !~ /^\\.data\\.rel\\.ro/ && $NF != s && $NF !~ /asan|ubsan|^\\.L|__odr|^signal_/ "
           "{print o, $NF}'; done",
           root);
  FILE *p = popen(cmd, "r");
  if (!p) return -1;
  char line[512];
  int n = 0;
  size_t len = strlen(out);
  while (fgets(line, sizeof line, p)) {
    ++n;
    if (len + strlen(line) + 1 < outlen) {
      strcpy(out + len, line);
      len += strlen(line);
    }
  }
  return pclose(p) == 0 ? n : -1;
}

Test(no_hidden_state, harness_objects_have_no_writable_statics) {
  char found[8192] = "";
  cr_assert_eq(system("test -f build/sanitize/harness/common/cbench_context.o"), 0,
               "build/sanitize/harness/*.o not built (make test builds them)");
  int n = writable_symbols("build/sanitize/harness", found, sizeof found);
  cr_assert_geq(n, 0, "objdump failed");
  cr_expect_eq(n, 0, "writable statics in harness/ (state belongs in the context):\n%s", found);
}

Test(no_hidden_state, the_detector_finds_a_writable_static) {
  cr_assert_eq(probe(), 1);
  char found[8192] = "";
  int n = writable_symbols("build/sanitize/tests/test_no_hidden_state.o", found, sizeof found);
  cr_expect_geq(n, 1, "the detector missed probe_calls");
  cr_expect(strstr(found, "probe_calls"), "found: %s", found);
}

/* Source files below root that call getenv, but the one allowed file. */
static int getenv_callers(const char *root, const char *allowed, char *out, size_t outlen) {
  char cmd[512];
  snprintf(cmd, sizeof cmd, "grep -rlE '(^|[^_a-z])getenv[[:space:]]*\\(' --include='*.c' --include='*.h' %s | grep -vx '%s'",
           root, allowed);
  FILE *p = popen(cmd, "r");
  if (!p) return -1;
  int n = 0;
  size_t len = 0;
  char line[512];
  out[0] = '\0';
  while (fgets(line, sizeof line, p)) {
    ++n;
    if (len + strlen(line) + 1 < outlen) strcpy(out + len, line), len += strlen(line);
  }
  pclose(p);
  return n;
}

Test(no_hidden_state, only_the_context_reads_the_environment) {
  char found[4096];
  cr_assert_eq(system("test -f harness/common/cbench_context.c"), 0, "run from the source tree");
  int n = getenv_callers("harness", "harness/common/cbench_context.c", found, sizeof found);
  cr_expect_eq(n, 0, "getenv outside harness/common/cbench_context.c:\n%s", found);
  /* the check can fail: tests/ reads the environment (test_harness.c saves CBENCH_CASES) */
  cr_expect_gt(getenv_callers("tests", "tests/test_no_hidden_state.c", found, sizeof found), 0);
}
