/* Step logs (see step_log.h). */
#include "step_log.h"

#include <math.h>
#include <string.h>

#include "../common/files.h"
#include "../common/clock.h"
#include "../common/num_text.h"

CbStatus step_log_open(StepLog *log, const char *path) {
  memset(log, 0, sizeof *log);
  log->f = fopen(path, "w");
  if (!log->f) return CB_ERR_IO;
  fprintf(log->f, "t,h,accepted,why,error,steps,newton_iters,linesearch_iters,factorizations,wall_s,real_time_rate,hessian_cond,stiction_median,stiction_min\n");
  log->wall_prev = clock_monotonic();
  return CB_OK;
}

static void put_num(FILE *f, double v) {
  if (isfinite(v)) fprintf(f, ",%.10g", v);
  else fputc(',', f);
}

void step_log_observe(void *ctx, const Integrator *it, const StepEvent *e) {
  StepLog *log = ctx;
  if (!log->f) return;
  double now = clock_monotonic(), wall = now - log->wall_prev;
  log->wall_prev = now;
  double h_acc = e->accepted && isfinite(e->h) ? e->h * (double)e->steps : 0.0;
  log->win_h[log->win_i] = h_acc;
  log->win_wall[log->win_i] = wall;
  log->win_i = (log->win_i + 1) % STEP_LOG_WINDOW;
  if (log->win_n < STEP_LOG_WINDOW) log->win_n++;
  double sh = 0, sw = 0;
  for (int i = 0; i < log->win_n; ++i) sh += log->win_h[i], sw += log->win_wall[i];
  char tt[NUM_TEXT_MAX];
  fputs(num_text(e->t, tt, sizeof tt), log->f);
  put_num(log->f, e->h);
  fprintf(log->f, ",%d,%s", e->accepted, e->why);
  put_num(log->f, e->error);
  fprintf(log->f, ",%ld,%ld,%ld,%ld", e->steps, it->stats.newton_iters - log->newton,
          it->stats.linesearch_iters - log->linesearch, it->stats.factorizations - log->factorizations);
  put_num(log->f, wall);
  put_num(log->f, sw > 0 ? sh / sw : NAN);
  const StepDiagnostics *sd = it->step_diag;
  put_num(log->f, sd ? sd->hessian_cond : NAN);
  put_num(log->f, sd ? sd->stiction_median : NAN);
  put_num(log->f, sd ? sd->stiction_min : NAN);
  fputc('\n', log->f);
  log->newton = it->stats.newton_iters;
  log->linesearch = it->stats.linesearch_iters;
  log->factorizations = it->stats.factorizations;
  log->rows++;
}

int step_log_close(StepLog *log) {
  if (!log->f) return 0;
  int rc = file_close_synced(log->f);
  log->f = NULL;
  return rc;
}
