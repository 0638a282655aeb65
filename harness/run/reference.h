/* Reference solutions: a case integrated at an accuracy far tighter than any plotted point,
 * sampled on the output grid, cross-checked by a second independent integrator, cached in
 * RESULTS/reference/CASE.json with provenance, and recomputed only when the scene file's hash
 * or the model version changes. */
#ifndef CBENCH_REFERENCE_H
#define CBENCH_REFERENCE_H

#include <stddef.h>

#include "../common/cbench_context.h"

/* Bump when the model layer's physics changes (every cached reference becomes stale). */
#define CBENCH_MODEL_VERSION "cbench-model/4"
#define REFERENCE_SCHEMA "cbench.reference/1"
/* The largest nq or nv a reference file may state (a scene's state is checked against it too). */
#define REFERENCE_MAX_COORDS 10000000

typedef struct {
  char path[1024];
  char case_name[128];     /* the file's "case" ("" if absent) */
  double t_end, rate;
  int npts, nq, nv;
  double *t;               /* [npts] */
  double *q, *v;           /* [npts * nq], [npts * nv] */
  char scene_hash[64], model_version[64];
  char method[64];         /* primary integrator it was made with ("" if not recorded) */
  double method_param;     /* its accuracy or dt */
  /* its cross-check (provenance.cross_check): the second integrator ("" if none compared) and
   * its distance to this reference over the grid, max and rms of e_q and e_full */
  char check_method[64];
  char check_status[16];   /* "ok", or "timeout"/"failed": the distance covers its first check_points only */
  int check_points;        /* grid points the cross-check compared (0: not recorded) */
  double check_q_max, check_q_rms, check_full_max, check_full_rms;
} Reference;

typedef struct {
  char primary[64];        /* integrator name */
  double primary_param;    /* accuracy (error-controlled) or dt (fixed-step) */
  char secondary[64];      /* "" or "none": no cross-check */
  double secondary_param;
  double rate;             /* output grid points per simulated second */
  double budget;           /* wall-time budget per integration, s (<= 0: none) */
  double t_end;            /* horizon, s; 0: the scene's duration */
  int method_asked;        /* primary or grid given (--primary, --grid, a recipe's reference_method):
                            * a current reference made otherwise is recomputed; else it is reused */
  int force;               /* recompute even if current */
  int quiet;               /* no progress line (there is one only when stderr is a terminal) */
} ReferenceConfig;

void reference_config_default(ReferenceConfig *c);
/* The tight method: the configured primary if in r (NULL: the built-ins), else the secondary,
 * else any error-controlled integrator at accuracy 1e-8; its parameter in *param. NULL if none. */
const IntegratorVtbl *reference_pick_method(const IntegratorRegistry *r, const ReferenceConfig *c, double *param);
/* RESULTS/reference/CASE.json, RESULTS = results_dir (the context's). */
void reference_path(const char *results_dir, const char *case_name, char *out, size_t outlen);

/* Loads a reference and checks it on its own: t_end > 0 and grid_rate > 0 (finite), its grid of
 * at most GRID_MAX_POINTS points, and the t column that very grid (0, 1 / rate, ..., t_end: not
 * reversed, duplicated or cut short); CB_OK, or CB_ERR_INPUT (CB_ERR_MEMORY) with the file, field
 * and value in e. */
CbStatus reference_load(const char *path, Reference *ref, CbError *e);
/* The same from the file's text (path names it in messages). */
CbStatus reference_load_text(const char *text, const char *path, Reference *ref, CbError *e);
void reference_free(Reference *ref);
/* 1 when a loaded reference applies to a run of case_name to t_end (s): the file's case is that
 * case and its grid reaches t_end; else 0 with the field and values in why. */
int reference_fits_run(const Reference *ref, const char *case_name, double t_end, char *why, size_t whylen);
/* 1 if ref matches the scene file's current hash and CBENCH_MODEL_VERSION, else 0 with the
 * reason in why. */
int reference_is_current(const Reference *ref, const char *scene_path, char *why, size_t whylen);
/* 1 when ref's uncertainty is not known over its whole grid (no cross-check, or one that stopped
 * early and compared part of the grid), with the sentence in out; else 0 and out empty. */
int reference_check_incomplete(const Reference *ref, char *out, size_t outlen);

/* Makes sure a current reference exists for the case (computing it if needed): current for
 * the scene and model (reference_is_current) and made with cfg's method, parameter and grid.
 * Returns CB_OK (with *computed = 1 if it was computed now); CB_ERR_INPUT for a bad scene or
 * configuration; CB_ERR_STEP or CB_ERR_TIMEOUT if the reference integration failed; CB_ERR_IO,
 * CB_ERR_MEMORY (message in e). Notes go through cbench_note. */
CbStatus reference_ensure(const CbenchContext *cb, const char *scene_path, const char *case_name,
                          const ReferenceConfig *cfg, int *computed, CbError *e);

#endif
