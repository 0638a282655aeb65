/* The fields of a cbench.run/1 record, as data: one table (record_fields.c) gives the order the
 * builder writes them in, the null measurements of a run without results, the type checks of
 * the validator and the field list of harness/SCHEMA.md (`cbench schema --markdown`). */
#ifndef CBENCH_RECORD_FIELDS_H
#define CBENCH_RECORD_FIELDS_H

#include <cjson/cJSON.h>
#include <stddef.h>
#include <stdio.h>

#include "../common/cb_error.h"

/* What a field's value must be (with RF_NULLABLE, null as well). */
typedef enum {
  RF_STRING,      /* a string; with `values`, one of them */
  RF_BOOL,
  RF_NUMBER,
  RF_NONNEG,      /* a number >= 0 */
  RF_OBJECT,
  RF_ARRAY,
  RF_STRINGS,     /* an array of strings */
  RF_MAXRMS,      /* {max, rms}, each a number or null */
  RF_LOAD_AVG,    /* 3 numbers >= 0 */
  RF_REPETITIONS, /* [{wall_s, cpu_s}] numbers >= 0 */
  RF_OUTPUT_DT,   /* a number > 0 or "step" */
} RecordFieldType;

enum {
  RF_REQUIRED = 1 << 0,        /* must be present when its parent is an object; else checked when present */
  RF_NULLABLE = 1 << 1,        /* null is allowed */
  RF_NULL_NO_RESULTS = 1 << 2, /* null in a record of a run that never finished (error_note: the why) */
};

/* Where the writer reads a field's value (RecordAt.source): the struct its offset is into. */
typedef enum {
  RS_NONE,     /* written by hand-coded lines of run_record.c (objects, arrays, derived values) */
  RS_MACHINE,  /* MachineInfo (harness/common/machine.h) */
  RS_STATS,    /* IntegratorStats (integrators/integrator.h) */
} RecordSource;

/* The C type at the offset and how it is written. */
typedef enum {
  RV_DOUBLE,    /* double; not finite: null */
  RV_POSITIVE,  /* double; <= 0 or not finite: null */
  RV_TRIBOOL,   /* int; < 0: null, else true or false */
  RV_CHARS,     /* char array */
  RV_CHARS_OPT, /* char array; "": the field is left out */
  RV_CSTR,      /* const char * */
} RecordValue;

typedef struct {
  RecordSource source;
  RecordValue value;
  size_t offset;       /* offsetof(the source's struct, member) */
} RecordAt;

/* The field's columns in `cbench plot`'s records.tsv (RecordField.column): at place `at` (1, 2,
 * ...; 0: none), one column per member of the comma-separated `members` ("max,rms": NAME_max,
 * NAME_rms; NULL: the value itself, named NAME), each a number "%.6g" or "?" when absent. */
typedef struct {
  int at;
  const char *name;
  const char *members;
} RecordColumn;

typedef struct {
  const char *name;    /* JSON path: "status", "params.dt", "physics.energy.max_rise" */
  RecordFieldType type;
  int flags;           /* RF_* */
  const char *values;  /* RF_STRING: the allowed values, "|"-separated; NULL: any */
  const char *since;   /* the date the field was first written (optional fields: older records lack it) */
  const char *doc_type;/* the type column of SCHEMA.md when the generated one says too little; NULL: generated */
  const char *meaning; /* one line for SCHEMA.md */
  RecordAt at;         /* where run_record.c reads the value; source RS_NONE: hand-written */
  RecordColumn column; /* its records.tsv columns; at 0: none */
} RecordField;

extern const RecordField record_fields[];
extern const int record_field_count;

/* The field named path, or NULL. */
const RecordField *record_field_find(const char *path);
/* The fields that code outside the schema module reads back, by id: readers call
 * record_get(rec, FIELD_STATUS) instead of spelling the path. Each path is a row of
 * record_fields[] or the max/rms of an RF_MAXRMS row (test_record_schema checks it). */
#define RECORD_FIELD_IDS(X) \
  X(FIELD_CASE, "case") \
  X(FIELD_INTEGRATOR, "integrator") \
  X(FIELD_FIXED_STEP, "fixed_step") \
  X(FIELD_PARAMS, "params") \
  X(FIELD_PARAMS_ACCURACY, "params.accuracy") \
  X(FIELD_PARAMS_DT, "params.dt") \
  X(FIELD_PARAMS_MAX_STEP, "params.max_step") \
  X(FIELD_PARAMS_ERROR_NORM, "params.error_norm") \
  X(FIELD_PARAMS_ERROR_NORM_DEFAULT, "params.error_norm_default") \
  X(FIELD_PARAMS_T_END, "params.t_end") \
  X(FIELD_PARAMS_BUDGET_S, "params.budget_s") \
  X(FIELD_PARAMS_WINDOW, "params.window") \
  X(FIELD_PARAMS_OPTIONS, "params.options") \
  X(FIELD_PARAMS_SCENE_PARAMS, "params.scene_params") \
  X(FIELD_STATUS, "status") \
  X(FIELD_MESSAGE, "message") \
  X(FIELD_T_REACHED, "t_reached") \
  X(FIELD_SIM_TIME, "sim_time") \
  X(FIELD_WARNINGS, "warnings") \
  X(FIELD_SPEC_KEY, "spec_key") \
  X(FIELD_COMMAND, "command") \
  X(FIELD_DATE, "date") \
  X(FIELD_MACHINE, "machine") \
  X(FIELD_MACHINE_CPU, "machine.cpu") \
  X(FIELD_MACHINE_ISA, "machine.isa") \
  X(FIELD_MACHINE_OS, "machine.os") \
  X(FIELD_MACHINE_COMPILER, "machine.compiler") \
  X(FIELD_MACHINE_FLAGS, "machine.flags") \
  X(FIELD_MACHINE_CORES, "machine.cores") \
  X(FIELD_MACHINE_BUILD, "machine.build") \
  X(FIELD_MACHINE_GIT, "machine.git") \
  X(FIELD_MACHINE_GIT_DIRTY, "machine.git_dirty") \
  X(FIELD_MACHINE_HOST, "machine.host") \
  X(FIELD_MACHINE_CPU_MHZ, "machine.cpu_mhz") \
  X(FIELD_MACHINE_CACHES, "machine.caches") \
  X(FIELD_MACHINE_LOAD_AVG_START, "machine.load_avg_start") \
  X(FIELD_WALL_TIME, "wall_time") \
  X(FIELD_WALL_TIME_MIN, "wall_time.min") \
  X(FIELD_WORK, "work") \
  X(FIELD_WORK_MIN, "work.min") \
  X(FIELD_WORK_MEDIAN, "work.median") \
  X(FIELD_WORK_MAX, "work.max") \
  X(FIELD_REAL_TIME_RATE, "real_time_rate") \
  X(FIELD_WALL_TIME_MEDIAN, "wall_time.median") \
  X(FIELD_REPETITIONS, "repetitions") \
  X(FIELD_COUNTERS, "counters") \
  X(FIELD_INSTRUCTIONS, "instructions") \
  X(FIELD_INSTRUCTIONS_SOURCE, "instructions.source") \
  X(FIELD_INSTRUCTIONS_PER_REP, "instructions.per_rep") \
  X(FIELD_ERROR, "error") \
  X(FIELD_ERROR_POSITIONS_MAX, "error.positions.max") \
  X(FIELD_ERROR_POSITIONS_RMS, "error.positions.rms") \
  X(FIELD_ERROR_FULL_MAX, "error.full.max") \
  X(FIELD_ERROR_FULL_RMS, "error.full.rms") \
  X(FIELD_ERROR_CHECK_INTEGRATOR, "error.reference_check.integrator") \
  X(FIELD_ERROR_CHECK_STATUS, "error.reference_check.status") \
  X(FIELD_ERROR_CHECK_POINTS, "error.reference_check.grid_points") \
  X(FIELD_ERROR_CHECK_REFERENCE_POINTS, "error.reference_check.reference_points") \
  X(FIELD_ERROR_CHECK_POSITIONS_MAX, "error.reference_check.positions.max") \
  X(FIELD_ERROR_CHECK_FULL_MAX, "error.reference_check.full.max") \
  X(FIELD_ERROR_NOTE, "error_note") \
  X(FIELD_ERROR_WINDOWED, "error_windowed") \
  X(FIELD_ERROR_WINDOWED_WINDOW, "error_windowed.window") \
  X(FIELD_ERROR_WINDOWED_METHOD, "error_windowed.method") \
  X(FIELD_ERROR_WINDOWED_POSITIONS_MAX, "error_windowed.positions.max") \
  X(FIELD_ERROR_WINDOWED_POSITIONS_RMS, "error_windowed.positions.rms") \
  X(FIELD_RECORD_FILE, "record_file")

typedef enum {
#define RECORD_FIELD_ID_ENUM(id, path) id,
  RECORD_FIELD_IDS(RECORD_FIELD_ID_ENUM)
#undef RECORD_FIELD_ID_ENUM
  RECORD_FIELD_ID_COUNT
} RecordFieldId;

/* The path of field id ("error.positions.max"). */
const char *record_field_path(RecordFieldId id);
/* Field id's value in rec, or NULL when absent (or inside a null or missing parent). */
const cJSON *record_get(const cJSON *rec, RecordFieldId id);
/* As a number: NAN when absent or not a number. */
double record_get_number(const cJSON *rec, RecordFieldId id);
/* As a number: dflt when absent or not a number. */
double record_get_number_or(const cJSON *rec, RecordFieldId id, double dflt);
/* As a string: dflt when absent or not a string. */
const char *record_get_string(const cJSON *rec, RecordFieldId id, const char *dflt);
/* The counter of that name (CB_COUNTERS) in rec's counters: NAN when absent. */
double record_get_counter(const cJSON *rec, const char *counter);
/* The run's step parameter: params.accuracy, else params.dt (NAN when neither is a number). */
double record_param(const cJSON *rec);
/* The value at a dotted path that data names (a figure recipe's "x": "work.median"), or NULL:
 * code names a field by its id instead. */
const cJSON *record_get_path(const cJSON *rec, const char *path);

/* The value of field f in rec (its dotted path), or NULL when absent. */
const cJSON *record_field_get(const cJSON *rec, const RecordField *f);
/* Checks every field of the table present in rec (types, allowed values) and that the required
 * ones are there: CB_OK, or CB_ERR_INPUT with "field 'PATH' ..." in e (NULL e: the status alone). */
CbStatus record_fields_check(const cJSON *rec, CbError *e);
/* The same against the rows of another table (a test's field not yet in record_fields[]). */
CbStatus record_rows_check(const cJSON *rec, const RecordField *rows, int nrows, CbError *e);
/* records.tsv's columns of a table (record_fields, record_field_count: the record's), each
 * after a tab, in the order of RecordField.column.at: their names (rec NULL), or rec's values. */
void record_columns_write(FILE *f, const RecordField *rows, int nrows, const cJSON *rec);
/* SCHEMA.md's "Fields" table. */
void record_fields_markdown(FILE *f);

#endif
