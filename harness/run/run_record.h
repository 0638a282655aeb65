/* The cbench.run/1 record of one run (harness/SCHEMA.md): built here, validated here, loaded
 * here, and keyed here (a record names its spec's canonical key, run_spec_key, which sweeps use
 * to resume). */
#ifndef CBENCH_RUN_RECORD_H
#define CBENCH_RUN_RECORD_H

#include <cjson/cJSON.h>

#include "../common/machine.h"
#include "metrics.h"
#include "record_fields.h"
#include "physics_guards.h"
#include "run.h"
#include "run_result.h"

#define RUN_SCHEMA "cbench.run/1"

/* The record's `machine` object (also a figure's and a report's). */
cJSON *run_record_machine_json(const MachineInfo *mi);
/* The same of this machine now (outside a run). */
cJSON *run_record_machine_now(void);
/* A record with only the identification, params, spec key, command, machine and the status. */
cJSON *run_record_new(const RunContext *ctx, const char *status, const char *message, double t_reached);
/* Writes what the execution measured (warnings from the integrator's notes, wall_time, work,
 * real_time_rate, repetitions, counters, time_split, solver, stepping, counters_reproducible,
 * peak_rss_mb, instructions) after run_record_new's fields, in the field table's order. Sorts
 * res->walls and res->instr. */
void run_record_add_result(cJSON *rec, const RunResult *res);
/* Writes what the metrics measured (error, error_note, error_windowed and its note, physics
 * with its penetration, energy and the guards' fields, the guards' sentences in warnings,
 * _output_error when a series file failed) in the field table's order; returns the physics
 * object. */
cJSON *run_record_add_measures(cJSON *rec, const RunMeasures *m);
/* Writes the guards' result into the physics object run_record_add_measures returned (passive,
 * energy.max_rise, penetration's bounds, joint_limits, contact_residuals, failed_samples, rest)
 * and their sentences into warnings. */
void run_record_add_guards(cJSON *physics, cJSON *warnings, const PhysicsGuardsResult *g, const GuardWarnings *w);
/* Adds null measurements to a record of a run that never finished or never started. */
cJSON *run_record_add_null_results(cJSON *rec, const char *error_note);
/* The record's "counters" and "time_split" objects. */
cJSON *run_record_counters_json(const IntegratorStats *st);
cJSON *run_record_time_split_json(const IntegratorStats *st);
/* The rows of table rows that are children of parent ("time_split") and have a source, from base
 * (the struct their offsets are into): how run_record.c writes a block, for a table of its own. */
void run_record_add_rows(cJSON *obj, const char *parent, const RecordField *rows, int nrows, const void *base);
/* The record's `solver` block (integrators with a contact solver: st->name set). */
cJSON *run_record_solver_json(const ContactSolverStats *st);
/* The record's "stepping" object (smallest and mean accepted step, smallest distance), or NULL
 * when the integrator does not keep step sizes (SUNDIALS, MuJoCo) or took no step. */
cJSON *run_record_stepping_json(const IntegratorStats *st);
/* 1 when every counter of a equals b's (timing repetitions must reproduce the error run's). */
int run_stats_counters_equal(const IntegratorStats *a, const IntegratorStats *b);
/* Number or null when has is 0 or v is not finite. */
void run_record_add_number(cJSON *o, const char *key, int has, double v);
void run_record_add_maxrms(cJSON *o, const char *key, const MaxRms *a);  /* {max, rms} or nulls */

/* Names of the record's "counters" (every IntegratorStats counter), NULL-terminated; the
 * validator requires them and `cbench compare` gates on them. */
extern const char *const run_counter_names[];
/* 1 if the counter was added after records were first written (CB_COUNTERS_ADDED): optional. */
int run_counter_added(const char *name);

/* Checks a record against the cbench.run/1 schema; CB_OK, or CB_ERR_INPUT with the first problem
 * in e (NULL e: the status alone). */
CbStatus run_record_validate(const cJSON *rec, CbError *e);

/* The records of a directory's *.json files, arrays flattened, as a new cJSON array; a record
 * read from a file of its own gets that file's name as "record_file" (as in sweep.json).
 * sweep.json (their summary) and JSON that is clearly not a record are skipped: no "schema" and
 * neither "params" nor "status" (scene files beside the records), or another cbench document's
 * schema (cbench.figure/1, ...). NULL, with the file and the reason in e, when the directory
 * cannot be read, a file is not a regular file, not JSON or has a key twice, a record has another
 * cbench.run version or a record's fields without a schema, or a record is not valid: results
 * are never silently left out. */
cJSON *records_load_dir(const char *dir, CbError *e);
/* The valid records of one file (a record or an array of records); NULL with the reason in e
 * when it cannot be read or is not JSON. Invalid entries are left out and named in e (CB_ERR_INPUT;
 * e's message is empty when there were none): callers that must not drop results check it. */
cJSON *records_load_file(const char *path, CbError *e);
/* The same from the file's text (path names it in messages). */
cJSON *records_load_text(const char *text, const char *path, CbError *e);
/* One valid record from path, or NULL (missing, unreadable, invalid). */
cJSON *run_record_load(const char *path);
/* 1 when path holds a valid record whose spec_key equals key (key NULL: any valid record). */
int run_record_complete(const char *path, const char *key);

#endif
