/* Ctrl-C in a sweep: the sweep ends by SIGINT (exit status 130 in a shell), keeps the records
 * already written, and prints one line with how many it kept and the command line that resumes
 * it, shell-quoted; running that line finishes the grid. Driven through build/sanitize/cbench. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "harness/common/files.h"
#include "harness/common/subprocess.h"
#include "sim_fixtures.h"

static char tmpdir[256];
static void setup(void) { fx_tmpdir_make(tmpdir, sizeof tmpdir, "cbintr"); }
static void teardown(void) { fx_tmpdir_remove(tmpdir); }
TestSuite(sweep_interrupt, .init = setup, .fini = teardown, .timeout = 180);

static int count_records(const char *dir) {
  DIR *d = opendir(dir);
  if (!d) return 0;
  int n = 0;
  struct dirent *e;
  while ((e = readdir(d))) {
    size_t l = strlen(e->d_name);
    n += l > 5 && !strcmp(e->d_name + l - 5, ".json") && strstr(e->d_name, "__") && !strstr(e->d_name, ".tmp.");
  }
  closedir(d);
  return n;
}

Test(sweep_interrupt, sigint_keeps_records_and_prints_the_resume_command) {
  char out[400], errpath[400];
  /* a space in the folder: the resume line must quote it */
  snprintf(out, sizeof out, "%s/out dir", tmpdir);
  snprintf(errpath, sizeof errpath, "%s/stderr.txt", tmpdir);
  char *const argv[] = {"build/sanitize/cbench", "sweep", "--cases", "ball_drop", "--integrators", "bdf,cenic-sd,tamsi,rk3",
                        "--accuracies", "1e-2,1e-3,1e-4", "--dts", "1e-2,3e-3,1e-3", "--t-end", "0.1", "--reps", "1",
                        "--out", out, NULL};
  enum { NRUNS = 12 };
  pid_t pid = fork();
  cr_assert(pid >= 0);
  if (pid == 0) {
    int fd = open(errpath, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(fd, 2);
    int nul = open("/dev/null", O_WRONLY);
    dup2(nul, 1);
    execv(argv[0], argv);
    _exit(127);
  }
  /* the first record, then Ctrl-C */
  struct timespec nap = {0, 2 * 1000 * 1000};
  for (int i = 0; i < 60000 && count_records(out) == 0; ++i) nanosleep(&nap, NULL);
  kill(pid, SIGINT);
  int ws = 0;
  cr_assert_eq(waitpid(pid, &ws, 0), pid);
  char *err = file_read_all(errpath, NULL);
  cr_assert_not_null(err);
  cr_expect(WIFSIGNALED(ws) && WTERMSIG(ws) == SIGINT, "status %d:\n%s", ws, err);
  int kept = count_records(out);
  cr_assert(kept >= 1 && kept < NRUNS, "%d records: the sweep was not interrupted in the middle:\n%s", kept, err);
  char want[600];
  snprintf(want, sizeof want, "sweep: interrupted: %d of %d records kept in %s", kept, NRUNS, out);
  const char *line = strstr(err, want);
  cr_assert(line, "want '%s' in:\n%s", want, err);
  const char *res = strstr(line, "resume with: ");
  cr_assert(res, "%s", line);
  res += strlen("resume with: ");
  char cmd[4096], expect[4096];
  snprintf(cmd, sizeof cmd, "%.*s", (int)strcspn(res, "\n"), res);
  cr_assert_eq(shell_quote_argv(16, argv, expect, sizeof expect), 0);
  cr_expect_str_eq(cmd, expect);
  cr_expect(strstr(cmd, "'"), "the folder with a space is quoted: %s", cmd);
  free(err);
  /* the line, run by a shell, finishes the grid and reuses what was kept */
  char full[4500];
  snprintf(full, sizeof full, "%s >/dev/null 2>%s/resume.txt", cmd, tmpdir);
  int st = system(full);
  cr_expect(WIFEXITED(st) && WEXITSTATUS(st) == 0, "resume exit %d", st);
  cr_expect_eq(count_records(out), NRUNS);
  snprintf(errpath, sizeof errpath, "%s/resume.txt", tmpdir);
  char *rerr = file_read_all(errpath, NULL);
  char reused[64];
  snprintf(reused, sizeof reused, "(%d reused)", kept);
  cr_expect(rerr && strstr(rerr, reused), "resume output:\n%s", rerr ? rerr : "");
  free(rerr);
}

Test(sweep_interrupt, shell_quoting_keeps_every_word) {
  char *const argv[] = {"cbench", "--out", "a b", "it's", "", "x;rm -rf /", "plain-1e-3,2/3.json", NULL};
  char q[512];
  cr_assert_eq(shell_quote_argv(7, argv, q, sizeof q), 0);
  cr_expect_str_eq(q, "cbench --out 'a b' 'it'\\''s' '' 'x;rm -rf /' plain-1e-3,2/3.json");
  char tiny[8];
  cr_expect_eq(shell_quote_argv(7, argv, tiny, sizeof tiny), CB_ERR_IO);
}
