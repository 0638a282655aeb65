/* Hostile input: sizes from files and command lines are range-checked before they
 * size anything, every JSON loader refuses a key given twice, files that are not regular files
 * or are too large, records of another schema version, merges of duplicated runs or of nothing,
 * huge sweep grids and Slurm arrays, and scale limits of the scene loader. Nothing here may
 * allocate or run long: huge sizes are refused before they are used. */
#include <criterion/criterion.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness/common/clock.h"
#include "harness/figures/figure_recipe.h"
#include "harness/common/files.h"
#include "harness/sweep/plan.h"
#include "harness/figures/plot.h"
#include "harness/run/reference.h"
#include "harness/run/run_record.h"
#include "harness/run/scene_params.h"
#include "harness/sweep/sweep.h"
#include "models/json_input.h"
#include "models/scene.h"
#include "sim_fixtures.h"

static char tmpdir[256];

static const char *ball_scene =
    "{\"name\": \"tiny_ball\", \"duration\": 0.05,\n"
    " \"materials\": [{\"name\": \"m\", \"stiffness\": 1e4, \"dissipation\": 0, \"mu\": 0.5}],\n"
    " \"world_geoms\": [{\"name\": \"floor\", \"type\": \"plane\", \"material\": \"m\"}],\n"
    " \"bodies\": [{\"name\": \"ball\", \"joint\": \"free\", \"mass\": 0.1,\n"
    "   \"geoms\": [{\"type\": \"sphere\", \"size\": 0.05, \"material\": \"m\"}],\n"
    "   \"q0\": {\"pos\": [0, 0, 1]}}]}\n";

static void setup(void) {
  fx_tmpdir_make(tmpdir, sizeof tmpdir, "cbench_bad_input");
  char p[512];
  snprintf(p, sizeof p, "%s/tiny_ball.json", tmpdir);
  fx_write_text(p, ball_scene);
  snprintf(p, sizeof p, "%s/results", tmpdir);
  setenv("CBENCH_RESULTS_DIR", p, 1); /* for the cbench processes these tests start */
  cbench_context_set_results_dir(fx_cb(), p);
}

static void teardown(void) { fx_tmpdir_remove(tmpdir); }

TestSuite(bad_input, .init = setup, .fini = teardown);

/* One valid record of the tiny scene (cenic-fixed, 5 steps; no reference: error null). */
static cJSON *make_record(void) {
  RunSpec s;
  char err[512], p[512];
  run_spec_init(&s);
  snprintf(p, sizeof p, "%s/tiny_ball.json", tmpdir);
  cr_assert_eq(run_spec_set_case(&s, fx_cb()->cases_dir, p, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  snprintf(s.integrator, sizeof s.integrator, "cenic-fixed");
  s.has_dt = 1;
  s.dt = 1e-2;
  RunContext ctx;
  cr_assert_eq(run_prepare(fx_cb(), &s, &ctx, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cJSON *rec = run_execute(&ctx, NULL);
  run_context_free(&ctx);
  cr_assert_not_null(rec);
  cr_assert_eq(run_record_validate(rec, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  return rec;
}

static void write_json(const char *path, const cJSON *doc) {
  char *t = cJSON_Print(doc);
  fx_write_text(path, t);
  free(t);
}

/* Runs build/sanitize/cbench ARGS; its exit code, stderr in errbuf. */
static int cli(const char *args, char *errbuf, size_t errlen) {
  char cmd[4096], errf[512];
  cr_assert(file_exists("build/sanitize/cbench"), "build/sanitize/cbench missing (make test builds it)");
  snprintf(errf, sizeof errf, "%s/stderr.txt", tmpdir);
  snprintf(cmd, sizeof cmd, "timeout 60 build/sanitize/cbench %s >%s/stdout.txt 2>%s", args, tmpdir, errf);
  int st = system(cmd);
  char *e = file_read_all(errf, NULL);
  snprintf(errbuf, errlen, "%s", e ? e : "");
  free(e);
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* ---- 6. loaders trust sizes ---- */

/* A key given twice is read as the first by cJSON and as the last by Python: every loader
 * refuses it and names the key. */
Test(bad_input, every_json_loader_refuses_a_key_given_twice) {
  char err[1024], path[700], dir[600];
  cJSON *rec = make_record();
  char *text = cJSON_Print(rec);
  /* "status" twice: the first one says failed, the record's own says ok */
  char *doubled = malloc(strlen(text) + 64);
  sprintf(doubled, "{\"status\": \"failed\",%s", text + 1);
  snprintf(dir, sizeof dir, "%s/dup", tmpdir);
  cr_assert_eq(dir_make_parents(dir), 0);
  snprintf(path, sizeof path, "%s/a.json", dir);
  fx_write_text(path, doubled);
  err[0] = '\0';
  cr_expect_null(records_load_dir(dir, CB_ERR_BUF(err, sizeof err)));
  cr_expect(strstr(err, "a.json: status: field given twice") != NULL, "records_load_dir: %s", err);
  cr_expect_null(records_load_file(path, CB_ERR_BUF(err, sizeof err)));
  cr_expect(strstr(err, "status: field given twice") != NULL, "records_load_file: %s", err);
  cr_expect_null(run_record_load(path), "run_record_load read a record with status twice");
  cr_expect_eq(run_record_complete(path, NULL), 0);
  cr_expect_eq(plan_merge(dir, NULL, stdout, CB_ERR_BUF(err, sizeof err)), CB_ERR_INPUT, "merge: %s", err);
  snprintf(path, sizeof path, "%s/sweep.json", dir);
  cr_expect(!file_exists(path), "no sweep.json from a record with a key twice");
  free(doubled);
  free(text);
  cJSON_Delete(rec);

  /* deep in a scene, a recipe and a reference */
  const char *scene_dup = "{\"duration\": 1, \"materials\": [{\"name\": \"m\", \"stiffness\": 1e4, \"mu\": 0.5, \"mu\": 0.9}],"
                          " \"bodies\": []}";
  Model *m = scene_load_string(scene_dup, "dup_scene.json", CB_ERR_BUF(err, sizeof err));
  cr_expect_null(m);
  cr_expect(strstr(err, "dup_scene.json: materials[0].mu: field given twice") != NULL, "scene: %s", err);
  snprintf(path, sizeof path, "%s/recipe.json", tmpdir);
  fx_write_text(path, "{\"schema\": \"cbench.recipe/1\", \"title\": \"a\", \"title\": \"b\", \"runs\": []}");
  cr_expect_null(recipe_load(path, CB_ERR_BUF(err, sizeof err)));
  cr_expect(strstr(err, "title: field given twice") != NULL, "recipe: %s", err);
  snprintf(path, sizeof path, "%s/ref.json", tmpdir);
  fx_write_text(path, "{\"schema\": \"cbench.reference/1\", \"provenance\": {}, \"t\": [0], \"nq\": 1, \"nv\": 1,"
                      " \"q\": [[0]], \"v\": [[0]], \"v\": [[5]]}");
  Reference r;
  cr_expect_neq(reference_load(path, &r, CB_ERR_BUF(err, sizeof err)), 0);
  cr_expect(strstr(err, "v: field given twice") != NULL, "reference: %s", err);
  /* an object with many keys (sorted check) */
  char big[8192];
  size_t n = (size_t)snprintf(big, sizeof big, "{");
  for (int i = 0; i < 300; ++i) n += (size_t)snprintf(big + n, sizeof big - n, "\"k%d\": %d, ", i, i);
  snprintf(big + n, sizeof big - n, "\"k17\": 0}");
  cr_expect_null(json_parse_checked(big, "big.json", CB_ERR_BUF(err, sizeof err)));
  cr_expect(strstr(err, "big.json: k17: field given twice") != NULL, "many keys: %s", err);
  big[n - 2] = '}';
  big[n - 1] = '\0';
  cJSON *ok = json_parse_checked(big, "big.json", CB_ERR_BUF(err, sizeof err));
  cr_expect_not_null(ok, "300 distinct keys: %s", err);
  cJSON_Delete(ok);
}

/* The reference's sizes come from the file: nq = 1e10 once overflowed the allocation. */
Test(bad_input, reference_sizes_are_range_checked_before_allocation) {
  char err[1024], path[600];
  struct { const char *nq, *nv, *q, *want; } cases[] = {
      {"1e10", "1", "[[0]]", "nq: expected an integer in [0, 10000000], got 10000000000"},
      {"1", "-1", "[[0]]", "nv: expected an integer"},
      {"1.5", "1", "[[0]]", "nq: expected an integer"},
      {"2147483647", "1", "[[0]]", "nq: expected an integer"},
      {"3", "1", "[[0]]", "q/v: expected 1 rows (one per t) of nq = 3"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    char text[512];
    snprintf(text, sizeof text,
             "{\"schema\": \"cbench.reference/1\", \"provenance\": {}, \"t\": [0], \"nq\": %s, \"nv\": %s, \"q\": %s,"
             " \"v\": [[0]]}", cases[i].nq, cases[i].nv, cases[i].q);
    snprintf(path, sizeof path, "%s/ref%zu.json", tmpdir, i);
    fx_write_text(path, text);
    Reference r;
    err[0] = '\0';
    cr_expect_neq(reference_load(path, &r, CB_ERR_BUF(err, sizeof err)), 0, "nq %s nv %s loaded", cases[i].nq, cases[i].nv);
    cr_expect(strstr(err, cases[i].want) != NULL, "'%s' should say '%s'", err, cases[i].want);
  }
}

/* An index past INT_MAX wrapped to bodies[0]: indices are digits, checked against the array. */
Test(bad_input, scene_parameter_indices_do_not_wrap) {
  char err[1024], path[600];
  snprintf(path, sizeof path, "%s/tiny_ball.json", tmpdir);
  struct { const char *path, *want; } cases[] = {
      {"bodies[4294967296].mass", "(index 4294967296, the array has 1 entries)"},
      {"bodies[18446744073709551617].mass", "(index 18446744073709551617, the array has 1 entries)"},
      {"bodies[1].mass", "(index 1, the array has 1 entries)"},
      {"bodies[-1].mass", "an index is digits in brackets, got '[-1]'"},
      {"bodies[+0].mass", "an index is digits in brackets"},
      {"bodies[ 0].mass", "an index is digits in brackets"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    char p[1][SCENE_PARAM_PATH_LEN], v[1][SCENE_PARAM_VALUE_LEN];
    snprintf(p[0], sizeof p[0], "%s", cases[i].path);
    snprintf(v[0], sizeof v[0], "0.5");
    char *json = NULL;
    err[0] = '\0';
    cr_expect_neq(scene_params_apply(path, (const char(*)[SCENE_PARAM_PATH_LEN])p,
                                     (const char(*)[SCENE_PARAM_VALUE_LEN])v, 1, &json, CB_ERR_BUF(err, sizeof err)), 0,
                  "%s was applied", cases[i].path);
    cr_expect(strstr(err, cases[i].want) != NULL, "'%s' should say '%s'", err, cases[i].want);
    free(json);
  }
  char p[1][SCENE_PARAM_PATH_LEN] = {"bodies[0].mass"}, v[1][SCENE_PARAM_VALUE_LEN] = {"0.5"};
  char *json = NULL;
  cr_expect_eq(scene_params_apply(path, (const char(*)[SCENE_PARAM_PATH_LEN])p, (const char(*)[SCENE_PARAM_VALUE_LEN])v,
                                  1, &json, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cr_expect(json && strstr(json, "\"mass\":0.5"), "bodies[0].mass set: %s", json ? json : "");
  free(json);
}

/* A FIFO named *.json made plot hang; /dev/zero made compare read until memory ran out. */
Test(bad_input, only_regular_files_of_bounded_size_are_read) {
  char err[1024], dir[600], path[700], args[2048];
  alarm(20); /* a reader waiting on the FIFO is a crash, not a hung test run */
  snprintf(dir, sizeof dir, "%s/fifo", tmpdir);
  cr_assert_eq(dir_make_parents(dir), 0);
  snprintf(path, sizeof path, "%s/x.json", dir);
  cr_assert_eq(mkfifo(path, 0644), 0);
  double t0 = clock_monotonic();
  cr_expect_null(records_load_dir(dir, CB_ERR_BUF(err, sizeof err)));
  cr_expect(strstr(err, "x.json: cannot read: not a regular file") != NULL, "FIFO: %s", err);
  cr_expect_eq(plot_dir(dir, 0, CB_ERR_BUF(err, sizeof err)), CB_ERR_INPUT, "plot of a folder with a FIFO");
  cr_expect(clock_monotonic() - t0 < 5, "the FIFO was waited on");

  cr_expect_eq(cli("compare /dev/zero /dev/zero", err, sizeof err), 2, "compare /dev/zero: %s", err);
  cr_expect(strstr(err, "/dev/zero: cannot read: not a regular file") != NULL, "%s", err);

  /* larger than the limit: refused from its size, nothing read (a sparse file costs no disk) */
  snprintf(path, sizeof path, "%s/huge.json", tmpdir);
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  cr_assert(fd >= 0);
  cr_assert_eq(ftruncate(fd, (off_t)INPUT_MAX_BYTES + 1), 0);
  close(fd);
  cr_expect_null(input_read_file(path, INPUT_MAX_BYTES, NULL, CB_ERR_BUF(err, sizeof err)));
  cr_expect(strstr(err, "huge.json: cannot read: 268435457 bytes, more than the 256 MiB") != NULL, "%s", err);
  snprintf(args, sizeof args, "compare %s %s", path, path);
  cr_expect_eq(cli(args, err, sizeof err), 2);
  cr_expect(strstr(err, "more than the 256 MiB") != NULL, "%s", err);
  snprintf(path, sizeof path, "%s/small.json", tmpdir);
  fx_write_text(path, "[1, 2]");
  size_t len = 0;
  char *t = input_read_file(path, 6, &len, CB_ERR_BUF(err, sizeof err));
  cr_expect(t && len == 6 && !strcmp(t, "[1, 2]"), "a file of exactly the limit is read: %s", err);
  free(t);
  cr_expect_null(input_read_file(path, 5, NULL, CB_ERR_BUF(err, sizeof err)), "one byte over the limit");
  alarm(0);
}

/* A cbench.run/2 or schema-less record was skipped: plot, merge and export showed 8 of 9. */
Test(bad_input, records_of_another_schema_are_errors_and_non_records_are_skipped) {
  char err[1024], dir[600], path[700], args[2048];
  cJSON *rec = make_record();
  struct { const char *schema; int drop_schema; const char *want; } bad[] = {
      {"cbench.run/2", 0, "schema \"cbench.run/2\" is not cbench.run/1"},
      {NULL, 1, "a record's \"params\" or \"status\" but no \"schema\""},
      {"my.run/1", 0, "a record's \"params\" or \"status\" with a schema that is not \"cbench.run/1\""},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
    snprintf(dir, sizeof dir, "%s/schema%zu", tmpdir, i);
    cr_assert_eq(dir_make_parents(dir), 0);
    snprintf(path, sizeof path, "%s/a.json", dir);
    write_json(path, rec);
    cJSON *b = cJSON_Duplicate(rec, 1);
    cJSON_DeleteItemFromObjectCaseSensitive(b, "schema");
    if (!bad[i].drop_schema) cJSON_AddStringToObject(b, "schema", bad[i].schema);
    snprintf(path, sizeof path, "%s/b.json", dir);
    write_json(path, b);
    cJSON_Delete(b);
    err[0] = '\0';
    cr_expect_null(records_load_dir(dir, CB_ERR_BUF(err, sizeof err)), "%s loaded", bad[i].want);
    cr_expect(strstr(err, "b.json: ") && strstr(err, bad[i].want), "'%s' should name b.json and say '%s'", err,
              bad[i].want);
    cr_expect_eq(plot_dir(dir, 0, CB_ERR_BUF(err, sizeof err)), CB_ERR_INPUT, "plot: %s", bad[i].want);
    cr_expect_eq(plan_merge(dir, NULL, stdout, CB_ERR_BUF(err, sizeof err)), CB_ERR_INPUT, "merge: %s", bad[i].want);
    snprintf(args, sizeof args, "export --format gbench %s", dir);
    cr_expect_eq(cli(args, err, sizeof err), 2, "export: %s", bad[i].want);
    cr_expect(strstr(err, "b.json") != NULL, "export: %s", err);
  }
  /* clearly not records: a scene, another cbench document, a bare value */
  snprintf(dir, sizeof dir, "%s/mixed", tmpdir);
  cr_assert_eq(dir_make_parents(dir), 0);
  snprintf(path, sizeof path, "%s/a.json", dir);
  write_json(path, rec);
  snprintf(path, sizeof path, "%s/scene.json", dir);
  fx_write_text(path, ball_scene);
  snprintf(path, sizeof path, "%s/figure.json", dir);
  fx_write_text(path, "{\"schema\": \"cbench.figure/1\", \"status\": \"made\"}");
  snprintf(path, sizeof path, "%s/n.json", dir);
  fx_write_text(path, "42");
  cJSON *arr = records_load_dir(dir, CB_ERR_BUF(err, sizeof err));
  cr_expect(arr && cJSON_GetArraySize(arr) == 1, "one record besides non-records: %s", err);
  cr_expect_str_eq(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(arr, 0), "record_file")),
                   "a.json");
  cJSON_Delete(arr);
  cJSON_Delete(rec);
}

/* `merge` counted a run copied under a second name twice and reported "0 duplicate". */
Test(bad_input, merge_keeps_a_duplicated_run_once_and_says_so) {
  char err[1024], dir[600], path[700];
  cJSON *rec = make_record();
  snprintf(dir, sizeof dir, "%s/twice", tmpdir);
  cr_assert_eq(dir_make_parents(dir), 0);
  snprintf(path, sizeof path, "%s/a.json", dir);
  write_json(path, rec);
  snprintf(path, sizeof path, "%s/copy.json", dir);
  write_json(path, rec);
  cJSON *pair = cJSON_CreateArray(); /* and inside one array file */
  cJSON_AddItemToArray(pair, cJSON_Duplicate(rec, 1));
  snprintf(path, sizeof path, "%s/pair.json", dir);
  write_json(path, pair);
  cJSON_Delete(pair);
  char *out = NULL;
  size_t outlen = 0;
  FILE *f = open_memstream(&out, &outlen);
  cr_expect_eq(plan_merge(dir, NULL, f, CB_ERR_BUF(err, sizeof err)), CB_ERR_VERDICT, "a duplicated run is not a clean merge: %s", err);
  fclose(f);
  cr_expect(strstr(out, "merge: duplicate: copy.json is the same run as a.json") != NULL, "%s", out);
  cr_expect(strstr(out, "merge: duplicate: record 3 is the same run as a.json") != NULL, "%s", out);
  cr_expect(strstr(out, "1 records of 1 points") && strstr(out, "2 duplicate"), "%s", out);
  free(out);
  snprintf(path, sizeof path, "%s/sweep.json", dir);
  char *t = file_read_all(path, NULL);
  cJSON *all = t ? cJSON_Parse(t) : NULL;
  cr_expect_eq(cJSON_GetArraySize(all), 1, "sweep.json holds the run once");
  cJSON_Delete(all);
  free(t);
  cJSON_Delete(rec);
}

/* ---- 8. minor ---- */

Test(bad_input, merge_of_a_folder_without_records_is_an_error) {
  char err[1024], dir[600], path[700];
  snprintf(dir, sizeof dir, "%s/empty", tmpdir);
  cr_assert_eq(dir_make_parents(dir), 0);
  err[0] = '\0';
  cr_expect_eq(plan_merge(dir, NULL, stdout, CB_ERR_BUF(err, sizeof err)), CB_ERR_INPUT);
  cr_expect(strstr(err, "no cbench.run/1 records: nothing to merge") != NULL, "%s", err);
  snprintf(path, sizeof path, "%s/sweep.json", dir);
  cr_expect(!file_exists(path), "no [] written");
}

/* ---- 2. huge grids ---- */

/* 64 cases x 64 integrators x 64 accuracies x 64 max steps x 64 option combinations x 4 values
 * = 2^32 points overflowed an int count and the heap. Refused from the counts: nothing loaded,
 * nothing allocated for the grid, nothing written. */
Test(bad_input, a_huge_grid_is_refused_before_anything_is_written) {
  SweepConfig *c = malloc(sizeof *c);
  cr_assert_not_null(c);
  sweep_config_default(fx_cb(), c);
  c->ncases = c->nintegrators = c->nacc = c->nmax_steps = SWEEP_MAX_LIST;
  for (int i = 0; i < SWEEP_MAX_LIST; ++i) {
    snprintf(c->cases[i], sizeof c->cases[i], "%s/tiny_ball.json", tmpdir);
    snprintf(c->integrators[i], sizeof c->integrators[i], "cenic-sd");
    c->accuracies[i] = c->max_steps[i] = 1e-3 / (i + 1);
  }
  c->nopt = 2;
  for (int a = 0; a < 2; ++a) {
    snprintf(c->opt_key[a], sizeof c->opt_key[a], "k%d", a);
    c->nopt_values[a] = 8;
    for (int v = 0; v < 8; ++v) snprintf(c->opt_values[a][v], sizeof c->opt_values[a][v], "%d", v);
  }
  c->nparam_axes = 1;
  snprintf(c->param_path[0], sizeof c->param_path[0], "bodies[0].mass");
  c->nparam_values[0] = 4;
  for (int v = 0; v < 4; ++v) snprintf(c->param_values[0][v], sizeof c->param_values[0][v], "%d", v + 1);
  snprintf(c->out, sizeof c->out, "%s/huge", tmpdir);
  c->quiet = 1;
  char err[1024] = "";
  double t0 = clock_monotonic();
  cr_expect_eq(sweep_run(fx_cb(), c, CB_ERR_BUF(err, sizeof err)), CB_ERR_INPUT, "%s", err);
  cr_expect(strstr(err, "the grid has 4294967296 points (64 cases x 64 integrators x 64 accuracies or steps") != NULL,
            "%s", err);
  cr_expect(strstr(err, "more than the 100000 points a sweep may have") != NULL, "%s", err);
  cr_expect(!file_exists(c->out) && access(c->out, F_OK) != 0, "the refused sweep created %s", c->out);
  cr_expect(clock_monotonic() - t0 < 2, "refused from the counts, not after loading");
  /* just past the limit: 64 x 64 x 25 = 102400 points */
  c->nacc = 25; c->nmax_steps = 0; c->nopt = 0; c->nparam_axes = 0;
  err[0] = '\0';
  cr_expect_eq(sweep_run(fx_cb(), c, CB_ERR_BUF(err, sizeof err)), CB_ERR_INPUT, "%s", err);
  cr_expect(strstr(err, "the grid has 102400 points") != NULL, "%s", err);
  cr_expect(access(c->out, F_OK) != 0, "the refused sweep created %s", c->out);
  free(c);

  cr_expect_eq(cli("help sweep", err, sizeof err), 0);
  char p[512];
  snprintf(p, sizeof p, "%s/stdout.txt", tmpdir);
  char *help = file_read_all(p, NULL);
  cr_expect(help && strstr(help, "at most 100000 points"), "help sweep states the limit: %s", help ? help : "");
  free(help);
}

/* ---- 5. Slurm ---- */

/* The ids of every submission printed by `cbench slurm --dry-run` (plan lines: base + id), marked
 * in seen[]; asserts each id is below max_id and each --array list is at most max_spec long.
 * Returns the number of submissions. */
static int slurm_ids(const char *out, char *seen, int nseen, int max_id, size_t max_spec) {
  int nsub = 0;
  for (const char *l = strstr(out, "sbatch --parsable"); l; l = strstr(l + 1, "sbatch --parsable")) {
    const char *a = strstr(l, "--array="), *nl = strchr(l, '\n');
    cr_assert(a && (!nl || a < nl), "no --array in '%.200s'", l);
    a += 8;
    size_t speclen = strcspn(a, "%");
    cr_expect(speclen <= max_spec, "--array list of %zu characters", speclen);
    const char *endl = nl ? nl : l + strlen(l);
    const char *sp = endl;
    while (sp > l && sp[-1] != ' ') --sp;
    int base = atoi(sp);
    ++nsub;
    for (const char *p = a; p < a + speclen;) {
      char *e;
      long x = strtol(p, &e, 10), y = x;
      if (*e == '-') y = strtol(e + 1, &e, 10);
      cr_expect(y < max_id, "array id %ld is not below MaxArraySize %d", y, max_id);
      for (long k = x; k <= y; ++k)
        if (base + k >= 0 && base + k < nseen) seen[base + k]++;
      p = *e == ',' ? e + 1 : e;
      if (p == e && *e != ',') break;
    }
  }
  return nsub;
}

/* An 8000-line plan with the odd tasks done: 4000 tasks, of which a 16 KB buffer listed 3,388
 * (the last cut to "677"); all 4000 go in, each submission within MaxArraySize. */
Test(bad_input, slurm_submits_every_missing_task_within_max_array_size) {
  char err[1024], dir[600], plan[700], rec[800], args[2048];
  cJSON *r = make_record();
  snprintf(dir, sizeof dir, "%s/plan", tmpdir);
  cr_assert_eq(dir_make_parents(dir), 0);
  snprintf(rec, sizeof rec, "%s/done.json", dir);
  write_json(rec, r);
  cJSON_Delete(r);
  snprintf(plan, sizeof plan, "%s/big.plan", dir);
  FILE *f = fopen(plan, "w");
  cr_assert_not_null(f);
  enum { N = 8000 };
  for (int i = 0; i < N; ++i) {
    char json[800];
    snprintf(json, sizeof json, "%s/r%d.json", dir, i);
    fprintf(f, "/bin/cbench run --case x --integrator y --dt 0.01 --json %s --resume\n", json);
    if (i % 2) cr_assert_eq(link(rec, json), 0); /* the odd ones are done */
  }
  fclose(f);
  snprintf(args, sizeof args, "slurm %s --missing --dry-run", plan);
  cr_assert_eq(cli(args, err, sizeof err), 0, "%s", err);
  char p[600];
  snprintf(p, sizeof p, "%s/stdout.txt", tmpdir);
  char *out = file_read_all(p, NULL);
  cr_assert_not_null(out);
  cr_expect(strstr(out, "slurm: 4000 task(s)") != NULL, "%.300s", out);
  static char seen[N];
  memset(seen, 0, sizeof seen);
  int nsub = slurm_ids(out, seen, N, PLAN_DEFAULT_MAX_ARRAY_SIZE, PLAN_MAX_ARRAY_SPEC);
  int wrong = 0;
  for (int i = 0; i < N; ++i) wrong += seen[i] != (i % 2 == 0);
  cr_expect_eq(wrong, 0, "%d plan lines submitted wrongly (not once each even line)", wrong);
  cr_expect_eq(nsub, 8, "8000 lines at MaxArraySize 1001: 8 submissions, got %d", nsub);
  free(out);
  /* MaxArraySize from the option; a large one still splits lists longer than 8192 characters */
  snprintf(args, sizeof args, "slurm %s --missing --dry-run --max-array-size 4000001", plan);
  cr_assert_eq(cli(args, err, sizeof err), 0, "%s", err);
  out = file_read_all(p, NULL);
  memset(seen, 0, sizeof seen);
  nsub = slurm_ids(out, seen, N, 4000001, PLAN_MAX_ARRAY_SPEC);
  wrong = 0;
  for (int i = 0; i < N; ++i) wrong += seen[i] != (i % 2 == 0);
  cr_expect_eq(wrong, 0, "%d plan lines submitted wrongly", wrong);
  cr_expect(nsub >= 2, "a 19 KB id list in one submission");
  free(out);
}

/* The script runs line BASE + task + 1 of the plan. */
Test(bad_input, sbatch_script_offsets_the_task_by_the_submission_base) {
  char plan[600], cmd[1600];
  snprintf(plan, sizeof plan, "%s/lines.plan", tmpdir);
  fx_write_text(plan, "/bin/echo L1\n/bin/echo L2\n/bin/echo L3\n/bin/echo L4\n/bin/echo L5\n");
  snprintf(cmd, sizeof cmd, "SLURM_ARRAY_TASK_ID=1 bash scripts/slurm/sweep.sbatch %s 2 > %s/sb.txt 2>&1", plan, tmpdir);
  cr_expect_eq(system(cmd), 0);
  snprintf(cmd, sizeof cmd, "%s/sb.txt", tmpdir);
  char *t = file_read_all(cmd, NULL);
  cr_expect(t && strstr(t, "task 3 on ") && strstr(t, "\nL4\n"), "base 2, task 1: line 4, got '%s'", t ? t : "");
  free(t);
  snprintf(cmd, sizeof cmd, "SLURM_ARRAY_TASK_ID=1 bash scripts/slurm/sweep.sbatch %s > /dev/null 2>&1", plan);
  cr_expect_eq(system(cmd), 0, "BASE is optional");
  snprintf(cmd, sizeof cmd, "SLURM_ARRAY_TASK_ID=1 bash scripts/slurm/sweep.sbatch %s x1 > /dev/null 2>&1", plan);
  cr_expect_neq(system(cmd), 0, "a BASE that is not a number");
}

/* --timeout 1e300 made --time=-9223372036854775808; --reps 2147483647 overflowed reps + 1. */
Test(bad_input, slurm_and_sweep_numbers_are_range_checked) {
  char err[1024], plan[600], args[2048];
  struct { const char *opt, *want; } lines[] = {
      {"--timeout 1e300", "line 1: --timeout must be a number in (0, 1e+06] s and --reps an integer in [1, 100000]"},
      {"--timeout nan", "line 1: --timeout must be"},
      {"--reps 2147483647", "line 1: --timeout must be a number in (0, 1e+06] s and --reps an integer in [1, 100000]"},
      {"--reps 0", "line 1: --timeout must be"},
      {"--reps 3x", "line 1: --timeout must be"},
  };
  for (size_t i = 0; i < sizeof lines / sizeof lines[0]; ++i) {
    char text[512];
    snprintf(text, sizeof text, "/bin/cbench run --case x %s --json %s/r.json --resume\n", lines[i].opt, tmpdir);
    snprintf(plan, sizeof plan, "%s/n%zu.plan", tmpdir, i);
    fx_write_text(plan, text);
    SbatchCommand *cmds = NULL;
    int ncmd = 0;
    err[0] = '\0';
    cr_expect_eq(plan_sbatch_commands(plan, "/bin/sh", NULL, 0, 8, 0, 1001, &cmds, &ncmd, CB_ERR_BUF(err, sizeof err)), CB_ERR_INPUT, "%s accepted",
                 lines[i].opt);
    cr_expect(strstr(err, lines[i].want) != NULL, "'%s' should say '%s'", err, lines[i].want);
    plan_free_commands(cmds, ncmd);
  }
  /* the largest budget makes a finite time limit */
  snprintf(plan, sizeof plan, "%s/max.plan", tmpdir);
  snprintf(args, sizeof args, "/bin/cbench run --case x --timeout 1e6 --reps 100000 --json %s/r.json --resume\n", tmpdir);
  fx_write_text(plan, args);
  SbatchCommand *cmds = NULL;
  int ncmd = 0;
  cr_assert_eq(plan_sbatch_commands(plan, "/bin/sh", NULL, 0, 8, 0, 1001, &cmds, &ncmd, CB_ERR_BUF(err, sizeof err)), 1, "%s", err);
  cr_expect(ncmd == 1 && strstr(cmds[0].text, "--time=1666683336 "), "%s", ncmd ? cmds[0].text : "");
  plan_free_commands(cmds, ncmd);

  const char *bad_cli[][2] = {
      {"sweep --timeout 1e300", "--timeout must be a number in (0, 1e6] s, got '1e300'"},
      {"run --case x --integrator bdf --accuracy 1e-3 --timeout 1e300", "--timeout must be a number in (0, 1e6] s"},
      {"sweep --reps 2147483647", "--reps must be an integer in [1, 100000], got '2147483647'"},
      {"slurm x.plan --max-array-size 0", "--max-array-size must be an integer in [1, 4000001], got '0'"},
  };
  for (size_t i = 0; i < sizeof bad_cli / sizeof bad_cli[0]; ++i) {
    cr_expect_eq(cli(bad_cli[i][0], err, sizeof err), 2, "%s", bad_cli[i][0]);
    cr_expect(strstr(err, bad_cli[i][1]) != NULL, "%s: '%s' should say '%s'", bad_cli[i][0], err, bad_cli[i][1]);
  }
}

/* ---- 8. minor ---- */

/* `sweep --dts -1` said "missing value"; --t-end 1e300 failed in every job ("left no record");
 * a read-only output folder ran every job to print one error each. All fail before any job. */
Test(bad_input, impossible_sweep_values_fail_before_any_job) {
  char err[4096], args[2048], out[600];
  cr_expect_eq(cli("sweep --dts -1", err, sizeof err), 2);
  cr_expect(strstr(err, "--dts must be a number > 0, got '-1'") != NULL, "%s", err);
  cr_expect_eq(cli("sweep --accuracies 1e-3,-.5", err, sizeof err), 2);
  cr_expect(strstr(err, "--accuracies must be a number > 0, got '-.5'") != NULL, "%s", err);

  snprintf(out, sizeof out, "%s/tend", tmpdir);
  snprintf(args, sizeof args, "sweep --cases %s/tiny_ball.json --integrators cenic-fixed,tamsi --dts 1e-2,5e-3 --t-end 1e300 --quiet --out %s",
           tmpdir, out);
  cr_expect_eq(cli(args, err, sizeof err), 2, "%s", err);
  cr_expect(strstr(err, "--t-end: 1e+300 s is too long") != NULL, "%s", err);
  int nrec = 0;
  char **names = dir_list_all(out, ".json", &nrec);
  dir_list_free(names, nrec);
  cr_expect(strstr(err, "left no record") == NULL && nrec == 0, "jobs ran: %s", err);

  /* a folder no file can be created in (root ignores permission bits: /sys refuses even root) */
  const char *ro = "/sys";
  if (geteuid() != 0) {
    snprintf(out, sizeof out, "%s/readonly", tmpdir);
    cr_assert_eq(dir_make_parents(out), 0);
    cr_assert_eq(chmod(out, 0555), 0);
    ro = out;
  }
  snprintf(args, sizeof args, "sweep --cases %s/tiny_ball.json --integrators cenic-fixed,tamsi --dts 1e-2,5e-3 --quiet --out %s",
           tmpdir, ro);
  double t0 = clock_monotonic();
  cr_expect_eq(cli(args, err, sizeof err), 1, "%s", err);
  cr_expect(strstr(err, "cannot write records there") != NULL, "%s", err);
  char *first = strstr(err, "cbench:");
  cr_expect(first && !strstr(first + 1, "cbench:") && !strstr(err, "sweep:"), "one error, no job's: %s", err);
  cr_expect(clock_monotonic() - t0 < 20, "failed before the jobs");
  if (ro == out) chmod(out, 0755);
}

/* ---- 7. scale limits ---- */

/* n free bodies without geometry (named b0.., the last one's name given twice when dup). */
static char *many_bodies_scene(int n, int dup) {
  size_t cap = (size_t)n * 120 + 256, len = 0;
  char *s = malloc(cap);
  cr_assert_not_null(s);
  len += (size_t)snprintf(s + len, cap - len, "{\"duration\": 0.01, \"bodies\": [");
  for (int i = 0; i < n; ++i)
    len += (size_t)snprintf(s + len, cap - len,
                            "%s{\"name\": \"b%d\", \"joint\": \"free\", \"mass\": 1, \"inertia\": [1, 1, 1], \"q0\": {\"pos\": [%d, 0, 1]}}",
                            i ? ", " : "", dup && i == n - 1 ? n / 2 : i, i);
  snprintf(s + len, cap - len, "]}");
  return s;
}

/* Body names were checked pairwise (10^5 bodies: 140 s); sorted, 2 x 10^4 bodies load in
 * seconds even with sanitizers, and a duplicate is still named with its first occurrence. */
Test(bad_input, many_bodies_load_in_near_linear_time) {
  char err[1024];
  enum { NB = 20000 };
  char *s = many_bodies_scene(NB, 0);
  double t0 = clock_monotonic();
  Model *m = scene_load_string(s, "many.json", CB_ERR_BUF(err, sizeof err));
  double dt = clock_monotonic() - t0;
  cr_assert_not_null(m, "%s", err);
  cr_expect_eq(m->nbody, NB + 1);
  cr_expect_str_eq(m->bodies[NB].name, "b19999"); /* depth-first from the world: file order here */
  cr_expect(dt < 15, "%d bodies took %.1f s to load", NB, dt);
  model_free(m);
  free(s);
  s = many_bodies_scene(NB, 1);
  cr_expect_null(scene_load_string(s, "many.json", CB_ERR_BUF(err, sizeof err)));
  cr_expect(strstr(err, "bodies[19999].name: duplicate body name (also bodies[10000])") != NULL, "%s", err);
  free(s);
}

/* bdf on 10^4 free bodies (1.3 x 10^5 states) needs dense Newton matrices of ~250 GiB: its
 * creation printed the usage text; it is an out-of-memory failure (no usage, no allocation). */
Test(bad_input, an_integrator_too_large_for_memory_says_out_of_memory) {
  char err[1024];
  char *s = many_bodies_scene(10000, 0);
  Model *m = scene_load_string(s, "big.json", CB_ERR_BUF(err, sizeof err));
  free(s);
  cr_assert_not_null(m, "%s", err);
  IntegratorOptions o;
  memset(&o, 0, sizeof o);
  o.accuracy = 1e-3;
  CbError *e = CB_ERR_BUF(err, sizeof err);
  Integrator *it = integrator_create_vtbl(integrator_find("bdf"), m, &o, e);
  int code = e->status;
  cr_expect_null(it);
  cr_expect_eq(code, CB_ERR_MEMORY, "code %d: %s", code, err);
  cr_expect(strstr(err, "bdf: out of memory: 130000 states need dense 130000 x 130000 Newton matrices") != NULL, "%s", err);
  if (it) integrator_destroy(it);
  model_free(m);

  char path[600], args[1024];
  snprintf(path, sizeof path, "%s/big.json", tmpdir);
  s = many_bodies_scene(10000, 0);
  fx_write_text(path, s);
  free(s);
  snprintf(args, sizeof args, "run --case %s --integrator bdf --accuracy 1e-3", path);
  cr_expect_eq(cli(args, err, sizeof err), 1, "%s", err);
  cr_expect(strstr(err, "out of memory") && !strstr(err, "usage:"), "%s", err);
}
