/* The documentation's code is real: every C block of a page marked "```c compiled" (file-scope
 * code) or "```c compiled body" (statements, compiled as the body of a function of
 * `Integrator *it`) is compiled with the project's warnings as errors against the headers, the
 * blocks of one page in order as one file. Include paths in the blocks are written as from a
 * file in an integrator's folder (integrators/NAME/). Blocks without the mark (shell lines,
 * excerpts of a list) are not compiled. Run from the repository root, as `make test` does. */
#include <criterion/criterion.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "harness/common/files.h"
#include "sim_fixtures.h"

extern char **environ;

/* The pages whose C blocks claim to be real, and how many marked blocks each must have at least
 * (so a mark dropped by an edit is noticed). */
static const struct {
  const char *page;
  int min_blocks;
} pages[] = {{"docs/stepping.md", 3}, {"docs/extending.md", 3}, {"docs/integrators.md", 0}};

/* Writes the marked blocks of text into f as one translation unit; returns how many. */
static int extract_blocks(const char *text, FILE *f) {
  int n = 0, body = 0;
  const char *p = text;
  while ((p = strstr(p, "```c compiled"))) {
    const char *eol = strchr(p, '\n');
    if (!eol) break;
    body = strncmp(p + strlen("```c compiled"), " body", 5) == 0;
    const char *end = strstr(eol + 1, "\n```");
    if (!end) break;
    if (body) fprintf(f, "static int doc_body_%d(Integrator *it) {\n", n);
    fwrite(eol + 1, 1, (size_t)(end + 1 - (eol + 1)), f);
    if (body) fprintf(f, "  return 0;\n}\n");
    ++n;
    p = end + 4;
  }
  return n;
}

/* Compiles src (syntax and types: every name must exist) with its diagnostics into log; the
 * compiler's exit status. */
static int compile(const char *src, const char *log) {
  const char *cc = getenv("CC") && getenv("CC")[0] ? getenv("CC") : "cc";
  char *argv[] = {(char *)cc, "-std=c11", "-fsyntax-only", "-Wall", "-Wextra", "-Werror", "-Wno-unused-parameter",
                  "-Wno-unused-function", "-Wno-unused-variable", "-Wno-unused-const-variable",
                  "-Wno-unused-but-set-variable", "-D_DEFAULT_SOURCE", "-D_POSIX_C_SOURCE=200809L", "-I.",
                  "-Iintegrators/example", "-I/usr/include/suitesparse", "-I/usr/include/siconos", (char *)src, NULL};
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 2, log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  pid_t pid;
  int rc = posix_spawnp(&pid, cc, &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  if (rc != 0) return -1;
  int st;
  if (waitpid(pid, &st, 0) != pid) return -1;
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* The blocks of page compiled; the number of blocks, -1 when they do not compile (msg says why). */
static int check_page(const char *dir, const char *page, char *msg, size_t msglen) {
  char *text = file_read_all(page, NULL);
  cr_assert_not_null(text, "%s missing", page);
  char src[700], log[700];
  const char *base = strrchr(page, '/') ? strrchr(page, '/') + 1 : page;
  snprintf(src, sizeof src, "%s/%s.c", dir, base);
  snprintf(log, sizeof log, "%s/%s.log", dir, base);
  FILE *f = fopen(src, "w");
  cr_assert_not_null(f);
  int n = extract_blocks(text, f);
  fclose(f);
  free(text);
  if (n == 0) return 0;
  int rc = compile(src, log);
  if (rc == 0) return n;
  char *diag = file_read_all(log, NULL);
  snprintf(msg, msglen, "%s: its C code does not compile (compiler status %d):\n%s", page, rc, diag ? diag : "");
  free(diag);
  return -1;
}

Test(doc_code, the_marked_c_blocks_compile) {
  char dir[512];
  fx_tmpdir_make(dir, sizeof dir, "cbench_doc_code");
  for (size_t i = 0; i < sizeof pages / sizeof pages[0]; ++i) {
    char msg[8192] = "";
    int n = check_page(dir, pages[i].page, msg, sizeof msg);
    cr_expect_geq(n, 0, "%s", msg);
    if (n >= 0)
      cr_expect_geq(n, pages[i].min_blocks, "%s: %d blocks marked ```c compiled, expected at least %d", pages[i].page,
                    n, pages[i].min_blocks);
  }
  fx_tmpdir_remove(dir);
}

/* The check can fail: a block naming a status that does not exist does not compile. */
Test(doc_code, a_block_naming_a_missing_name_fails) {
  char dir[512], page[700], msg[8192] = "";
  fx_tmpdir_make(dir, sizeof dir, "cbench_doc_code_bad");
  snprintf(page, sizeof page, "%s/bad.md", dir);
  fx_write_text(page, "# bad\n\n```c compiled\n#include \"../../models/status.h\"\n"
                      "static int f(void) { return SYSTEM_OK; }\n```\n");
  cr_expect_eq(check_page(dir, page, msg, sizeof msg), -1);
  cr_expect(strstr(msg, "SYSTEM_OK"), "the diagnostics name the missing name: %s", msg);
  fx_tmpdir_remove(dir);
}
