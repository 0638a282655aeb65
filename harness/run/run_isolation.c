/* A run in a child process: the parent polls the child's progress (shared memory) and its
 * record (a pipe), and kills it when an integration exceeds the wall-time budget, so a hung,
 * slow or crashing integrator becomes a `timeout` or `failed` record instead of a hung sweep. */
#include "run.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../common/clock.h"
#include "../common/machine.h"
#include "run_metrics.h"
#include "run_record.h"
#include "../common/num_text.h"
#include "../common/progress.h"

/* What one read of the child's pipe found. */
typedef enum { READ_EOF, READ_MORE, READ_FAILED } ReadResult;

static ReadResult read_some(int fd, char **buf, size_t *len, size_t *cap) {
  if (*len + 4096 > *cap) {
    size_t nc = (*cap ? *cap * 2 : 65536);
    char *nb = realloc(*buf, nc);
    if (!nb) return READ_FAILED;
    *buf = nb; *cap = nc;
  }
  ssize_t r = read(fd, *buf + *len, *cap - *len - 1);
  if (r < 0) return errno == EINTR ? READ_MORE : READ_FAILED;
  if (r == 0) return READ_EOF;
  *len += (size_t)r;
  (*buf)[*len] = '\0';
  return READ_MORE;
}

cJSON *run_isolated(RunContext *ctx) {
  machine_load_avg(ctx->load_start);
  RunProgress *prog = mmap(NULL, sizeof(RunProgress), PROT_READ | PROT_WRITE,
                           MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (prog == MAP_FAILED)
    return run_record_add_null_results(run_record_new(ctx, "failed", "mmap failed", 0.0), "the run did not start");
  prog->stage_start = clock_monotonic();
  prog->t_reached = 0.0;
  prog->stage = 0;
  prog->in_metrics = 0;
  int fds[2];
  if (pipe(fds) != 0) {
    munmap(prog, sizeof *prog);
    return run_record_add_null_results(run_record_new(ctx, "failed", "pipe failed", 0.0),
                                       "the run did not start");
  }
  fflush(NULL);
  pid_t parent = getpid();
  pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]); close(fds[1]);
    munmap(prog, sizeof *prog);
    return run_record_add_null_results(run_record_new(ctx, "failed", "fork failed", 0.0),
                                       "the run did not start");
  }
  if (pid == 0) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(3);
    close(fds[0]);
    cJSON *rec = run_execute(ctx, prog);
    char *text = json_print(rec, 0);
    size_t n = text ? strlen(text) : 0, off = 0;
    while (off < n) {
      ssize_t w = write(fds[1], text + off, n - off);
      if (w < 0 && errno == EINTR) continue;
      if (w <= 0) break;
      off += (size_t)w;
    }
    close(fds[1]);
    free(text);
    cJSON_Delete(rec);
    run_context_free(ctx);
    _exit(off == n ? 0 : 4);
  }
  close(fds[1]);
  char *buf = NULL;
  size_t len = 0, cap = 0;
  int killed = 0, open_pipe = 1;
  Progress pg;
  progress_begin(&pg, !ctx->progress);
  while (open_pipe) {
    struct pollfd pfd = {.fd = fds[0], .events = POLLIN};
    int pr = poll(&pfd, 1, 50);
    if (pr > 0) {
      if (read_some(fds[0], &buf, &len, &cap) != READ_MORE) open_pipe = 0;
    }
    if (pg.on) {
      /* the error run, then reps timing runs of about the same cost */
      int stage = prog->stage, reps = ctx->spec.reps > 0 ? ctx->spec.reps : 1;
      double f = ((stage > reps ? reps : stage) + (ctx->t_end > 0 ? prog->t_reached / ctx->t_end : 0)) / (reps + 1.0);
      char what[300];
      if (stage == 0) snprintf(what, sizeof what, "run %s %s: error run", ctx->spec.case_name, ctx->spec.integrator);
      else snprintf(what, sizeof what, "run %s %s: timing %d/%d", ctx->spec.case_name, ctx->spec.integrator, stage, reps);
      progress_show(&pg, f, what);
    }
    if (open_pipe && run_progress_overrun(prog, ctx->budget)) {
      kill(pid, SIGKILL);
      killed = 1;
      break;
    }
  }
  progress_end(&pg);
  close(fds[0]);
  int wstatus = 0;
  while (waitpid(pid, &wstatus, 0) < 0 && errno == EINTR) {}
  RunProgress last = *prog;
  munmap(prog, sizeof *prog);
  cJSON *rec = NULL;
  if (!killed && WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == 0 && buf) rec = cJSON_Parse(buf);
  if (!rec) rec = run_record_unfinished(ctx, pid, killed, wstatus, &last);
  else run_series_tmp_remove(&ctx->spec, pid);
  free(buf);
  return rec;
}

int run_progress_overrun(const RunProgress *prog, double budget) {
  const double grace = 1.0;
  /* Metrics (windowed reference integrations) get a longer leash than the run itself. */
  double limit = (prog->in_metrics ? 10.0 : 1.0) * budget + grace;
  return clock_monotonic() - prog->stage_start > limit;
}

cJSON *run_record_unfinished(RunContext *ctx, pid_t pid, int killed, int wstatus, const RunProgress *prog) {
  run_series_tmp_remove(&ctx->spec, pid); /* a killed or crashed child leaves its partial series */
  char msg[256];
  const char *status = "failed";
  if (killed) {
    status = "timeout";
    snprintf(msg, sizeof msg, "killed after exceeding the wall-time budget of %g s (%s)", ctx->budget,
             prog->stage == 0 ? "error run" : "timing repetition");
  } else if (WIFSIGNALED(wstatus)) {
    snprintf(msg, sizeof msg, "run process died of signal %d (%s)", WTERMSIG(wstatus), strsignal(WTERMSIG(wstatus)));
  } else {
    snprintf(msg, sizeof msg, "run process exited with status %d and no record",
             WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : -1);
  }
  return run_record_add_null_results(run_record_new(ctx, status, msg, prog->t_reached), "the run did not finish");
}
