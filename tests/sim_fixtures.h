/* Shared test helpers (linked into every test binary): a deterministic uniform generator,
 * random SPD blocks, loading a scene from a string or a file, files and temporary folders, and a classical RK4 reference on the
 * model's continuous view. */
#ifndef CBENCH_SIM_FIXTURES_H
#define CBENCH_SIM_FIXTURES_H

#include <cjson/cJSON.h>
#include <stddef.h>

#include "harness/common/cbench_context.h"
#include "harness/run/run_spec.h"
#include "integrators/integrator.h"
#include "models/model.h"

/* Uniform in [0, 1) from a 64-bit LCG state (deterministic across machines). */
double fx_urand(unsigned long *state);
/* A = (0.5 + U) I + 0.3 B B^T with B uniform in [-1, 1): a random SPD n x n block (n <= 6). */
void fx_random_spd(double *A, int n, unsigned long *state);
/* Loads a scene from JSON text; a Criterion assertion fails with the loader's message. */
Model *fx_load_json(const char *json, const char *name);
/* Loads a scene file; a Criterion assertion fails with the file and the loader's message. */
Model *fx_load_file(const char *path);
/* Writes text to path (a Criterion assertion fails if it cannot). */
void fx_write_text(const char *path, const char *text);
/* A fresh directory /tmp/PREFIX_XXXXXX into dir[n] (asserted), and its removal with its contents. */
void fx_tmpdir_make(char *dir, size_t n, const char *prefix);
void fx_tmpdir_remove(const char *dir);
/* The harness context of this test process (cbench_context_init at the first call; each
 * Criterion test runs in its own process, so a test's changes stay in it). */
CbenchContext *fx_cb(void);
/* x <- x(T): nsteps classical RK4 steps of system_rhs from t = 0 (an independent reference). */
void fx_rk4(const Model *m, double T, int nsteps, double *x);

/* it zeroed and set to run vt on m at setting (dt of a fixed-step integrator, else accuracy),
 * with the scene's maximum step. */
void fx_integrator_init(Integrator *it, const IntegratorVtbl *vt, const Model *m, double setting);

/* s set to run the scene file at path under integrator at setting (dt of a fixed-step
 * integrator, else accuracy); asserted. Further fields (trajectory, t_end, ...) may follow. */
void fx_run_spec(RunSpec *s, const char *path, const char *integrator, double setting);
/* The record of one run of s (cJSON_Delete it), asserted to prepare and to end with status ok. */
cJSON *fx_run_ok(const RunSpec *s);
/* The first and last positions (q0, q1, q2: the first free body's) of a --trajectory CSV;
 * asserted readable. */
void fx_trajectory_ends(const char *path, double p0[3], double p1[3]);
/* The physics-guard warnings of a record that contain `what` (NULL: every guard warning). */
int fx_guard_warnings(const cJSON *rec, const char *what);

#endif
