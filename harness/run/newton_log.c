/* Newton logs (see newton_log.h). */
#include "newton_log.h"

#include <math.h>
#include <string.h>

#include "../common/files.h"

CbStatus newton_log_open(NewtonLog *log, const char *path) {
  memset(log, 0, sizeof *log);
  log->f = fopen(path, "w");
  if (!log->f) return CB_ERR_IO;
  fprintf(log->f, "row,solve,t,h,iter,residual,tol,alpha,refactorized\n");
  return CB_OK;
}

static void put_num(FILE *f, double v) {
  if (isfinite(v)) fprintf(f, ",%.10g", v);
  else fputc(',', f);
}

void newton_log_observe(void *ctx, const NewtonEvent *e) {
  NewtonLog *log = ctx;
  if (!log->f) return;
  if (e->iter == 0 || log->solves == 0) log->solves++;
  fprintf(log->f, "%ld,%ld", log->rows, log->solves - 1);
  put_num(log->f, e->t);
  put_num(log->f, e->h);
  fprintf(log->f, ",%d", e->iter);
  put_num(log->f, e->residual);
  put_num(log->f, e->tol);
  put_num(log->f, e->alpha);
  fprintf(log->f, ",%d\n", e->refactorized);
  log->rows++;
}

int newton_log_close(NewtonLog *log) {
  if (!log->f) return 0;
  int rc = file_close_synced(log->f);
  log->f = NULL;
  return rc;
}
