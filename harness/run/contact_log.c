/* Contact force series (see contact_log.h). */
#include "contact_log.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../common/files.h"
#include "../../models/evaluate.h"
#include "../common/num_text.h"

CbStatus contact_log_open(ContactLog *log, const Model *m, const char *path) {
  memset(log, 0, sizeof *log);
  log->body_force = calloc(3 * (size_t)m->nbody, sizeof(double));
  log->touched = calloc((size_t)m->nbody, 1);
  log->f = log->body_force && log->touched ? fopen(path, "w") : NULL;
  if (!log->f) {
    free(log->body_force);
    free(log->touched);
    log->body_force = NULL;
    log->touched = NULL;
    return CB_ERR_IO;
  }
  fprintf(log->f, "t,kind,name_a,name_b,fn,ft,slip,penetration,gap,fx,fy,fz,source\n");
  return CB_OK;
}

static const char *geom_name(const Model *m, int g, char *buf, size_t n) {
  if (m->geoms[g].name[0]) return m->geoms[g].name;
  snprintf(buf, n, "geom%d", g);
  return buf;
}

/* Rows for the contacts of d, the force and contact velocity of contact i given by f and vc
 * ([3 * ncon], contact frame), or by the force law at d's state when f is NULL. */
static void write_rows(ContactLog *log, const Model *m, const Data *d, double t, const double *v, const double *fs,
                       const double *vcs, const char *source) {
  char tt[NUM_TEXT_MAX];
  memset(log->body_force, 0, 3 * (size_t)m->nbody * sizeof(double));
  memset(log->touched, 0, (size_t)m->nbody);
  for (int i = 0; i < d->ncon;) {
    /* the contact points of one geometry pair are consecutive */
    int ga = d->contacts[i].geom[0], gb = d->contacts[i].geom[1], j = i;
    /* gap: the smallest distance of the pair's force-carrying points when all are apart (a gap
     * closing within the step, or SAP and Similar gliding during slip, ICF eq. 24) */
    double fn = 0, ftw[3] = {0, 0, 0}, slip = 0, pen = 0, gap = INFINITY;
    int touching = 0;
    for (; j < d->ncon && d->contacts[j].geom[0] == ga && d->contacts[j].geom[1] == gb; ++j) {
      const Contact *c = &d->contacts[j];
      double vc[3], f[3];
      if (fs) {
        memcpy(f, fs + 3 * j, sizeof f);
        memcpy(vc, vcs + 3 * j, sizeof vc);
        /* a speculative contact (phi > 0) that carries no force is not touching */
        if (c->phi >= 0 && f[0] == 0 && f[1] == 0 && f[2] == 0) continue;
      } else {
        if (c->phi >= 0) continue;
        model_contact_force(m, d, j, v, vc, f);
      }
      const double *R = c->frame; /* rows t1, t2, n */
      double F[3];
      for (int k = 0; k < 3; ++k) {
        F[k] = f[0] * R[k] + f[1] * R[3 + k] + f[2] * R[6 + k];
        ftw[k] += f[0] * R[k] + f[1] * R[3 + k];
        log->body_force[3 * c->body[0] + k] += F[k];
        log->body_force[3 * c->body[1] + k] -= F[k];
      }
      log->touched[c->body[0]] = log->touched[c->body[1]] = 1;
      fn += f[2];
      slip = fmax(slip, hypot(vc[0], vc[1]));
      pen = fmax(pen, -c->phi);
      gap = fmin(gap, c->phi);
      touching = 1;
    }
    if (touching) {
      char ba[32], bb[32];
      fprintf(log->f, "%s,pair,%s,%s,%.10g,%.10g,%.10g,%.10g,%.10g,,,,%s\n", num_text(t, tt, sizeof tt), geom_name(m, ga, ba, sizeof ba),
              geom_name(m, gb, bb, sizeof bb), fn, sqrt(ftw[0] * ftw[0] + ftw[1] * ftw[1] + ftw[2] * ftw[2]), slip, pen,
              fmax(gap, 0.0), source);
    }
    i = j > i ? j : i + 1;
  }
  for (int b = 1; b < m->nbody; ++b)
    if (log->touched[b] && m->bodies[b].tree >= 0) {
      const double *F = log->body_force + 3 * b;
      fprintf(log->f, "%s,body,%s,,,,,,,%.10g,%.10g,%.10g,%s\n", num_text(t, tt, sizeof tt), m->bodies[b].name, F[0], F[1], F[2], source);
    }
}

void contact_log_sample(ContactLog *log, const Model *m, Data *d, double t, const double *x) {
  if (!log->f) return;
  const double *q = x, *v = x + m->nq;
  if (model_eval(m, d, t, q, v, EVAL_KINEMATICS, EVAL_CONTACTS) != 0) return;
  write_rows(log, m, d, t, v, NULL, NULL, "force law");
}

void contact_log_sample_scheme(ContactLog *log, const Model *m, double t, const Data *d, const double *force,
                               const double *vc) {
  if (!log->f) return;
  write_rows(log, m, d, t, NULL, force, vc, "impulse/h");
}

int contact_log_close(ContactLog *log) {
  int rc = 0;
  if (log->f) rc = file_close_synced(log->f);
  log->f = NULL;
  free(log->body_force);
  free(log->touched);
  log->body_force = NULL;
  log->touched = NULL;
  return rc;
}
