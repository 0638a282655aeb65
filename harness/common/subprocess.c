#include "subprocess.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

CbStatus subprocess_run(const char *const argv[], const char *cwd, const char *log_path, CbError *e) {
  /* the child reports a failed chdir/open/exec through this close-on-exec pipe */
  int fds[2];
  if (pipe(fds) != 0 || fcntl(fds[1], F_SETFD, FD_CLOEXEC) != 0) {
    return CB_ERROR(e, CB_ERR_IO, "%s: cannot start (pipe: %s)", argv[0], strerror(errno));
  }
  fflush(NULL);
  pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    return CB_ERROR(e, CB_ERR_IO, "%s: cannot start (fork: %s)", argv[0], strerror(errno));
  }
  if (pid == 0) {
    close(fds[0]);
    int what = 0; /* 1 chdir, 2 log file, 3 exec */
    /* the log first: a relative log path names a file from the caller's folder, not cwd's */
    if (log_path) {
      int lf = open(log_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (lf < 0 || dup2(lf, 1) < 0 || dup2(lf, 2) < 0) what = 2;
      if (lf > 2) close(lf);
    }
    if (!what && cwd && chdir(cwd) != 0) what = 1;
    if (!what) {
      execvp(argv[0], (char *const *)argv);
      what = 3;
    }
    int code[2] = {what, errno};
    ssize_t w = write(fds[1], code, sizeof code);
    (void)w;
    _exit(127);
  }
  close(fds[1]);
  int code[2] = {0, 0};
  ssize_t r;
  while ((r = read(fds[0], code, sizeof code)) < 0 && errno == EINTR) {}
  close(fds[0]);
  int st = 0;
  while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
  if (r == (ssize_t)sizeof code) {
    const char *where = code[0] == 1 ? cwd : code[0] == 2 ? log_path : NULL;
    if (code[0] == 3 && code[1] == ENOENT)
      return CB_ERROR(e, CB_ERR_IO, "%s: not found (is it installed and in PATH?)", argv[0]);
    return CB_ERROR(e, CB_ERR_IO, "%s: cannot start%s%s: %s", argv[0], where ? ": " : "", where ? where : "",
                    strerror(code[1]));
  }
  if (WIFEXITED(st) && WEXITSTATUS(st) == 0) return CB_OK;
  if (WIFSIGNALED(st)) return CB_ERROR(e, CB_ERR_IO, "%s: killed by signal %d", argv[0], WTERMSIG(st));
  return CB_ERROR(e, CB_ERR_IO, "%s: exit status %d", argv[0], WIFEXITED(st) ? WEXITSTATUS(st) : -1);
}

int path_component_safe(const char *name) {
  size_t n = 0;
  if (!name || name[0] == '.' || name[0] == '-') return 0;
  for (; name[n]; ++n) {
    char c = name[n];
    int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
             c == '+' || c == '-';
    if (!ok || n >= 200) return 0;
  }
  return n > 0;
}

CbStatus subprocess_output(const char *const argv[], char *out, size_t outlen) {
  out[0] = '\0';
  int fds[2];
  if (pipe(fds) != 0) return CB_ERR_IO;
  fflush(NULL);
  pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    return CB_ERR_IO;
  }
  if (pid == 0) {
    close(fds[0]);
    int null = open("/dev/null", O_WRONLY);
    if (dup2(fds[1], 1) < 0 || null < 0 || dup2(null, 2) < 0) _exit(127);
    execvp(argv[0], (char *const *)argv);
    _exit(127);
  }
  close(fds[1]);
  size_t n = 0;
  for (;;) {
    char buf[256];
    ssize_t r = read(fds[0], buf, sizeof buf);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) break;
    for (ssize_t i = 0; i < r && n + 1 < outlen; ++i) out[n++] = buf[i];
  }
  out[n] = '\0';
  close(fds[0]);
  int st = 0;
  while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
  return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? CB_OK : CB_ERR_IO;
}

CbStatus shell_quote_argv(int argc, char *const argv[], char *out, size_t outlen) {
  size_t n = 0;
#define PUT(ch) do { if (n + 1 >= outlen) return CB_ERR_IO; out[n++] = (ch); } while (0)
  for (int i = 0; i < argc; ++i) {
    const char *a = argv[i];
    int plain = a[0] != '\0';
    for (const char *p = a; *p && plain; ++p)
      plain = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || strchr("_@%+=:,./-", *p);
    if (i) PUT(' ');
    if (!plain) PUT('\'');
    for (const char *p = a; *p; ++p) {
      if (*p == '\'' && !plain) { PUT('\''); PUT('\\'); PUT('\''); PUT('\''); }
      else PUT(*p);
    }
    if (!plain) PUT('\'');
  }
#undef PUT
  if (outlen == 0) return CB_ERR_IO;
  out[n] = '\0';
  return CB_OK;
}
