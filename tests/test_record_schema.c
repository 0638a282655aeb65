/* The run record's schema as data (harness/run/record_fields.c): SCHEMA.md's field list is the
 * table's, the validator rejects every required field missing and every field mistyped, old
 * records still validate, and the builder's order is the table's. */
#include <criterion/criterion.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/common/files.h"
#include "harness/common/json_get.h"
#include "harness/run/record_fields.h"
#include "harness/run/run_record.h"
#include "models/json_input.h"
#include "tests/sim_fixtures.h"

/* The first record of results/baseline.json with an error object: every kind of field filled. */
static cJSON *full_record(void) {
  char err[512];
  cJSON *all = json_load_file("results/baseline.json", CB_ERR_BUF(err, sizeof err));
  cr_assert(all, "%s", err);
  cJSON *r, *found = NULL;
  cJSON_ArrayForEach(r, all) if (!found && cJSON_IsObject(json_get(r, "error"))) found = cJSON_Duplicate(r, 1);
  cJSON_Delete(all);
  cr_assert(found, "no record with an error in results/baseline.json");
  return found;
}

/* The parent object of a table path in rec (created for error_windowed when missing), and the
 * last key in *key. */
static cJSON *parent_of(cJSON *rec, const char *path, const char **key) {
  char buf[128];
  snprintf(buf, sizeof buf, "%s", path);
  cJSON *o = rec;
  const char *k = buf;
  for (char *dot; (dot = strchr(k, '.'));) {
    *dot = '\0';
    cJSON *next = cJSON_GetObjectItemCaseSensitive(o, k);
    if (!cJSON_IsObject(next)) return NULL;
    o = next;
    k = dot + 1;
  }
  *key = path + (k - buf);
  return o;
}

/* A value of another type than f takes (null only where f does not allow it). */
static cJSON *wrong_value(const RecordField *f) {
  switch (f->type) {
  case RF_STRING: return f->values ? cJSON_CreateString("not-an-allowed-value") : cJSON_CreateNumber(7);
  case RF_NONNEG: return cJSON_CreateNumber(-1);
  case RF_OUTPUT_DT: return cJSON_CreateString("often");
  case RF_LOAD_AVG: return cJSON_Parse("[1, 2]");
  case RF_REPETITIONS: return cJSON_Parse("[{\"wall_s\": 1, \"cpu_s\": \"1\"}]");
  case RF_STRINGS: return cJSON_Parse("[\"a\", 1]");
  case RF_MAXRMS: return cJSON_Parse("{\"max\": \"big\", \"rms\": 1}");
  default: return f->flags & RF_NULLABLE ? cJSON_CreateString("x") : cJSON_CreateNull();
  }
}

Test(record_schema, schema_md_lists_the_tables_fields) {
  char *md = file_read_all("harness/SCHEMA.md", NULL);
  cr_assert(md, "harness/SCHEMA.md not readable (tests run from the checkout)");
  char *table = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&table, &len);
  record_fields_markdown(f);
  fclose(f);
  const char *at = strstr(md, "## Fields\n");
  cr_assert(at, "SCHEMA.md has no \"## Fields\" section");
  at = strstr(at, "| field |");
  cr_assert(at, "SCHEMA.md's \"## Fields\" has no table");
  /* the first line that differs, to say what to change */
  size_t i = 0, line = 1;
  while (i < len && at[i] == table[i]) line += table[i++] == '\n';
  cr_expect(i == len && (at[i] == '\n' || at[i] == '\0'),
            "harness/SCHEMA.md's field list differs from the table (harness/run/record_fields.c) at its line %zu: "
            "paste `cbench schema --markdown` there", line);
  free(table);
  free(md);
}

Test(record_schema, validator_rejects_each_missing_or_mistyped_field) {
  cJSON *rec = full_record();
  char err[512];
  cr_assert_eq(run_record_validate(rec, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  /* error_windowed exists only with --window: give it one so its fields are checked too */
  cJSON_AddItemToObject(rec, "error_windowed",
                        cJSON_Parse("{\"window\": 0.1, \"positions\": {\"max\": 1, \"rms\": 1}, \"full\": {\"max\": 1, "
                                    "\"rms\": 1}}"));
  cr_assert_eq(run_record_validate(rec, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  /* so is the solver block, written only by the rigid integrators */
  cJSON_AddItemToObject(rec, "solver",
                        cJSON_Parse("{\"name\": \"NCP/NSGS\", \"max_iterations\": 10000, \"on_limit\": \"accept\", "
                                    "\"solves\": 3, \"stops\": {\"tolerance\": 1, \"stall\": 1, \"iteration_limit\": 1, "
                                    "\"failed\": 0}, \"regularized\": 0, \"iterations\": {\"total\": 9, \"max\": 4, \"mean\": 3}, "
                                    "\"residual\": {\"max\": 1e-6, \"mean\": 1e-7}, \"internal_force\": null}"));
  /* stepping exists only for integrators on the shared drivers: give it one too */
  if (!json_get(rec, "stepping"))
    cJSON_AddItemToObject(rec, "stepping",
                          cJSON_Parse("{\"min_step\": 0.01, \"mean_step\": 0.01, \"min_distance\": -1e-9}"));
  /* and error.reference_check, written when the reference has a cross-check */
  cJSON *error = cJSON_GetObjectItemCaseSensitive(rec, "error");
  if (cJSON_IsObject(error) && !json_get(error, "reference_check"))
    cJSON_AddItemToObject(error, "reference_check",
                          cJSON_Parse("{\"integrator\": \"sdirk2\", \"status\": \"ok\", \"grid_points\": 101, "
                                      "\"reference_points\": 101, \"positions\": {\"max\": 1e-8, \"rms\": 1e-9}, "
                                      "\"full\": {\"max\": 1e-6, \"rms\": 1e-7}}"));
  cr_assert_eq(run_record_validate(rec, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  int checked = 0;
  for (int i = 0; i < record_field_count; ++i) {
    const RecordField *f = &record_fields[i];
    const char *key;
    cJSON *copy = cJSON_Duplicate(rec, 1), *parent = parent_of(copy, f->name, &key);
    if (!parent) { cJSON_Delete(copy); continue; } /* inside a field this record has as null */
    cJSON_DeleteItemFromObjectCaseSensitive(parent, key);
    int rc = run_record_validate(copy, CB_ERR_BUF(err, sizeof err));
    if (f->flags & RF_REQUIRED) {
      cr_expect_neq(rc, 0, "a record without %s accepted", f->name);
      cr_expect(strstr(err, key), "missing %s: message '%s' does not name it", f->name, err);
    } else {
      cr_expect_eq(rc, 0, "a record without the optional %s rejected: %s", f->name, err);
    }
    cJSON_AddItemToObject(parent, key, wrong_value(f));
    err[0] = '\0';
    cr_expect_neq(run_record_validate(copy, CB_ERR_BUF(err, sizeof err)), 0, "a mistyped %s accepted", f->name);
    cr_expect(strstr(err, key), "mistyped %s: message '%s' does not name it", f->name, err);
    cJSON_Delete(copy);
    ++checked;
  }
  cr_expect_geq(checked, record_field_count - 2, "only %d of %d fields exercised", checked, record_field_count);
  cJSON_Delete(rec);
}

/* The four fields the validator once left unchecked. */
Test(record_schema, validator_checks_timing_and_memory_fields) {
  cJSON *rec = full_record();
  char err[512];
  struct { const char *field, *bad; } bad[] = {{"time_split", "3"}, {"time_split", "{\"geometry\": 1}"},
                                               {"peak_rss_mb", "\"big\""}, {"real_time_rate", "-2"},
                                               {"counters_reproducible", "\"yes\""}};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
    cJSON *copy = cJSON_Duplicate(rec, 1);
    cJSON_ReplaceItemInObjectCaseSensitive(copy, bad[i].field, cJSON_Parse(bad[i].bad));
    cr_expect_neq(run_record_validate(copy, CB_ERR_BUF(err, sizeof err)), 0, "%s = %s accepted", bad[i].field, bad[i].bad);
    cJSON_Delete(copy);
  }
  cJSON_Delete(rec);
}

/* Every record committed (and the records without the fields added later) still validates. */
Test(record_schema, old_records_validate) {
  const char *files[] = {"results/baseline.json",
                         "results/figures/quick/cenic_fig07_gripper_force/run0/gripper_peg__cenic-sd__acc0.001.json"};
  int n = 0;
  for (size_t k = 0; k < sizeof files / sizeof files[0]; ++k) {
    char err[512];
    cJSON *doc = json_load_file(files[k], CB_ERR_BUF(err, sizeof err));
    cr_assert(doc, "%s", err);
    cJSON *r, *one = cJSON_IsArray(doc) ? doc->child : doc;
    for (r = one; r; r = cJSON_IsArray(doc) ? r->next : NULL) {
      cr_expect_eq(run_record_validate(r, CB_ERR_BUF(err, sizeof err)), 0, "%s: %s", files[k], err);
      for (int i = 0; i < record_field_count; ++i) { /* as a record written before them */
        const RecordField *f = &record_fields[i];
        const char *key;
        cJSON *parent = f->flags & RF_REQUIRED ? NULL : parent_of(r, f->name, &key);
        if (parent) cJSON_DeleteItemFromObjectCaseSensitive(parent, key);
      }
      cr_expect_eq(run_record_validate(r, CB_ERR_BUF(err, sizeof err)), 0, "%s without its optional fields: %s", files[k], err);
      ++n;
    }
    cJSON_Delete(doc);
  }
  cr_expect_gt(n, 1);
}

/* rec's top-level fields of the table come in the table's order. */
static void expect_table_order(const cJSON *rec) {
  int last = -1;
  const char *last_name = "";
  const cJSON *x;
  cJSON_ArrayForEach(x, rec) {
    const RecordField *f = record_field_find(x->string);
    if (!f) continue;
    int at = (int)(f - record_fields);
    cr_expect_gt(at, last, "record field %s is written after %s, the table has it before", x->string, last_name);
    last = at;
    last_name = x->string;
  }
}

/* A record made now, in this process, by a rigid integrator (every top-level block: solver,
 * stepping, instructions, peak_rss_mb): its writers keep the table's order, no pass re-sorts it. */
Test(record_schema, a_fresh_record_is_written_in_the_tables_order) {
  RunSpec s;
  char err[512];
  run_spec_init(&s);
  cr_assert_eq(run_spec_set_case(&s, fx_cb()->cases_dir, "cases/sliding_cube.json", CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  snprintf(s.integrator, sizeof s.integrator, "%s", "ccp");
  s.has_dt = 1;
  s.dt = 1e-2;
  s.t_end = 0.1;
  RunContext ctx;
  cr_assert_eq(run_prepare(fx_cb(), &s, &ctx, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cJSON *rec = run_execute(&ctx, NULL);
  run_context_free(&ctx);
  cr_assert_eq(run_record_validate(rec, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cr_expect(json_get(rec, "solver") && json_get(rec, "stepping") && json_get(rec, "peak_rss_mb"));
  expect_table_order(rec);
  cJSON_Delete(rec);
}

/* The committed records keep the table's order; a record's every field is in the table. */
Test(record_schema, builder_order_is_the_tables) {
  cJSON *rec = full_record();
  cJSON_DeleteItemFromObjectCaseSensitive(rec, "record_file");
  cJSON *x;
  cJSON_ArrayForEach(x, rec) cr_expect(record_field_find(x->string), "record field %s is not in the table", x->string);
  cJSON *p;
  cJSON_ArrayForEach(p, json_get(rec, "params")) {
    char path[160];
    snprintf(path, sizeof path, "params.%s", p->string);
    cr_expect(record_field_find(path), "record field %s is not in the table", path);
  }
  expect_table_order(rec);
  cJSON_Delete(rec);
}

Test(record_schema, null_results_are_the_tables) {
  cJSON *r = cJSON_CreateObject();
  run_record_add_null_results(r, "the run did not finish");
  const char *want[] = {"wall_time", "work", "counters", "error", "error_note", "physics"};
  int i = 0;
  cJSON *x;
  cJSON_ArrayForEach(x, r) {
    cr_assert_lt(i, 6);
    cr_expect_str_eq(x->string, want[i]);
    cr_expect(i == 4 ? cJSON_IsString(x) : cJSON_IsNull(x), "%s", x->string);
    ++i;
  }
  cr_expect_eq(i, 6);
  cJSON_Delete(r);
}

/* The table-driven writer (record_fields.h, RecordAt): every row that names a source struct
 * and offset is written from it and read back at its path by record_field_get, with a value
 * distinct per row (so a row pointing at another member, or one the writer skips, fails). */
Test(record_schema, every_table_row_with_a_source_round_trips) {
  static MachineInfo mi;
  static IntegratorStats st;
  static char names[256][16];
  memset(&mi, 0, sizeof mi);
  memset(&st, 0, sizeof st);
  mi.load_avg_start[0] = -1;
  int sourced = 0;
  for (int i = 0; i < record_field_count; ++i) {
    const RecordField *f = &record_fields[i];
    if (f->at.source == RS_NONE) continue;
    cr_assert_lt(i, 256);
    char *at = (char *)(f->at.source == RS_MACHINE ? (void *)&mi : (void *)&st) + f->at.offset;
    double x = 1000.0 + i;
    int b = i % 2;
    const char *str = names[i];
    snprintf(names[i], sizeof names[i], "row %d", i);
    switch (f->at.value) {
    case RV_DOUBLE: case RV_POSITIVE: memcpy(at, &x, sizeof x); break;
    case RV_TRIBOOL: memcpy(at, &b, sizeof b); break;
    case RV_CHARS: case RV_CHARS_OPT: memcpy(at, names[i], sizeof names[i]); break;
    case RV_CSTR: memcpy(at, &str, sizeof str); break;
    }
    sourced++;
  }
  cr_assert_geq(sourced, 23, "only %d rows with a source", sourced);
  cJSON *rec = cJSON_CreateObject();
  cJSON_AddItemToObject(rec, "machine", run_record_machine_json(&mi));
  cJSON_AddItemToObject(rec, "time_split", run_record_time_split_json(&st));
  st.steps = 1; /* a run that stepped: its stepping block is written */
  st.step_sum = 1;
  cJSON_AddItemToObject(rec, "stepping", run_record_stepping_json(&st));
  for (int i = 0; i < record_field_count; ++i) {
    const RecordField *f = &record_fields[i];
    if (f->at.source == RS_NONE) continue;
    const cJSON *v = record_field_get(rec, f);
    cr_assert(v, "%s was not written", f->name);
    switch (f->at.value) {
    case RV_DOUBLE: case RV_POSITIVE:
      cr_expect(cJSON_IsNumber(v) && v->valuedouble == 1000.0 + i, "%s read back wrong", f->name);
      break;
    case RV_TRIBOOL: cr_expect(cJSON_IsBool(v) && cJSON_IsTrue(v) == i % 2, "%s read back wrong", f->name); break;
    default: cr_expect(cJSON_IsString(v) && !strcmp(v->valuestring, names[i]), "%s read back wrong", f->name);
    }
  }
  cJSON_Delete(rec);
}

/* Readers by field id (RECORD_FIELD_IDS): every id's path is a row of the table, or the max or
 * rms of an RF_MAXRMS row, so a reader cannot ask for a field the record does not have; and the
 * accessor finds the value at that path. */
Test(record_schema, every_field_id_names_a_table_row) {
  for (int id = 0; id < RECORD_FIELD_ID_COUNT; ++id) {
    const char *path = record_field_path((RecordFieldId)id);
    const RecordField *f = record_field_find(path);
    if (!f) {
      const char *dot = strrchr(path, '.');
      char parent[160];
      snprintf(parent, sizeof parent, "%.*s", dot ? (int)(dot - path) : 0, path);
      const RecordField *p = dot ? record_field_find(parent) : NULL;
      cr_expect(p && p->type == RF_MAXRMS && (!strcmp(dot, ".max") || !strcmp(dot, ".rms")),
                "field id %d's path %s is not in the table", id, path);
    }
  }
  cJSON *rec = cJSON_Parse("{\"status\": \"ok\", \"error\": {\"positions\": {\"max\": 0.25, \"rms\": null}}, "
                           "\"counters\": {\"steps\": 7}}");
  cr_expect_str_eq(record_get_string(rec, FIELD_STATUS, "?"), "ok");
  cr_expect_eq(record_get_number(rec, FIELD_ERROR_POSITIONS_MAX), 0.25);
  cr_expect(isnan(record_get_number(rec, FIELD_ERROR_POSITIONS_RMS)), "null reads as NAN");
  cr_expect(isnan(record_get_number(rec, FIELD_ERROR_CHECK_POSITIONS_MAX)), "a missing parent reads as NAN");
  cr_expect_eq(record_get_counter(rec, "steps"), 7);
  cr_expect_str_eq(record_get_string(rec, FIELD_MESSAGE, "none"), "none");
  cr_expect_eq(record_get_number_or(rec, FIELD_ERROR_POSITIONS_MAX, -1), 0.25);
  cr_expect_eq(record_get_number_or(rec, FIELD_ERROR_POSITIONS_RMS, -1), -1, "null reads as the default");
  cr_expect_eq(record_get_number_or(rec, FIELD_STATUS, -1), -1, "a string reads as the default");
  cJSON_Delete(rec);
}

/* docs/extending.md's "Adding a scalar metric", done: `stepping.step_sum` (the accepted steps'
 * sum, IntegratorStats.step_sum, which the record does not carry) as one more row of the table.
 * That row alone gives the writer (run_record_add_rows, as run_record.c writes its blocks), the
 * validator's type check and the records.tsv column after the others; the readers take its path. */
Test(record_schema, a_new_scalar_metric_is_one_table_row) {
  static const RecordField step_sum_row = {
      "stepping.step_sum", RF_NONNEG, 0, NULL, "2026-12-03", NULL, "the sum of the accepted steps, s",
      {RS_STATS, RV_DOUBLE, offsetof(IntegratorStats, step_sum)}, {8, "step_sum", NULL}};
  int n = record_field_count + 1;
  RecordField *table = malloc((size_t)n * sizeof *table);
  cr_assert(table);
  memcpy(table, record_fields, (size_t)record_field_count * sizeof *table);
  table[n - 1] = step_sum_row;

  /* the builder: the value from its struct into its block */
  static IntegratorStats st;
  st.step_min = 0.01;
  st.step_sum = 0.75;
  cJSON *rec = full_record();
  cJSON_DeleteItemFromObjectCaseSensitive(rec, "stepping");
  cJSON *stepping = cJSON_AddObjectToObject(rec, "stepping");
  run_record_add_rows(stepping, "stepping", table, n, &st); /* the rows with a source: min_step, step_sum */
  cJSON_AddNumberToObject(stepping, "mean_step", 0.05);      /* run_record.c's by hand */
  cJSON_AddNullToObject(stepping, "min_distance");
  cr_expect_eq(json_num(stepping, "min_step"), 0.01);
  const cJSON *v = record_get_path(rec, "stepping.step_sum");
  cr_assert(cJSON_IsNumber(v) && v->valuedouble == 0.75, "the row's value was not written from its struct");

  /* the validator: the record passes with the row, a mistyped value does not */
  char err[256] = "";
  cr_expect_eq(record_rows_check(rec, table, n, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cJSON_ReplaceItemInObjectCaseSensitive(stepping, "step_sum", cJSON_CreateNumber(-1));
  cr_expect_neq(record_rows_check(rec, table, n, CB_ERR_BUF(err, sizeof err)), 0, "a negative step_sum passed");
  cr_expect(strstr(err, "stepping.step_sum"), "the message names the field: %s", err);
  cr_expect_eq(record_fields_check(rec, CB_ERR_BUF(err, sizeof err)), 0, "the record's own table ignores the row: %s", err);
  cJSON_ReplaceItemInObjectCaseSensitive(stepping, "step_sum", cJSON_CreateNumber(0.75));

  /* records.tsv: its column after the table's others, named and valued */
  char *now = NULL, *with = NULL, *row = NULL;
  size_t ln = 0, lw = 0, lr = 0;
  FILE *f = open_memstream(&now, &ln);
  record_columns_write(f, record_fields, record_field_count, NULL);
  fclose(f);
  f = open_memstream(&with, &lw);
  record_columns_write(f, table, n, NULL);
  fclose(f);
  f = open_memstream(&row, &lr);
  record_columns_write(f, table, n, rec);
  fclose(f);
  cr_expect(strstr(now, "\terr_q_max\terr_q_rms\t") && !strstr(now, "step_sum"), "%s", now);
  cr_expect(lw == ln + strlen("\tstep_sum") && !strncmp(with, now, ln) && !strcmp(with + ln, "\tstep_sum"), "%s", with);
  cr_expect(lr > 5 && !strcmp(row + lr - 5, "\t0.75"), "the row ends with the new value: %s", row);
  free(now);
  free(with);
  free(row);
  cJSON_Delete(rec);
  free(table);
}

/* records.tsv's columns are the table's (RecordField.column): the names `cbench plot` has always
 * written, in that order, and "?" for what a record lacks. */
Test(record_schema, records_tsv_columns_come_from_the_table) {
  char *head = NULL, *vals = NULL;
  size_t lh = 0, lv = 0;
  FILE *f = open_memstream(&head, &lh);
  record_columns_write(f, record_fields, record_field_count, NULL);
  fclose(f);
  cr_expect_str_eq(head, "\terr_q_max\terr_q_rms\terr_full_max\terr_full_rms\twork_min\twork_median\twork_max\tsteps\t"
                         "rejected\trhs_evals\tnewton_iters\tfactorizations\tt_reached\treal_time_rate\terr_window_max\t"
                         "err_window_rms");
  cJSON *rec = cJSON_Parse("{\"t_reached\": 0.5, \"work\": {\"min\": 1, \"median\": 2, \"max\": 3}, \"error\": null}");
  f = open_memstream(&vals, &lv);
  record_columns_write(f, record_fields, record_field_count, rec);
  fclose(f);
  cr_expect_str_eq(vals, "\t?\t?\t?\t?\t1\t2\t3\t?\t?\t?\t?\t?\t0.5\t?\t?\t?");
  cJSON_Delete(rec);
  free(head);
  free(vals);
}
