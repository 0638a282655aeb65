/* The input entry points the fuzz targets (fuzz/) use: loaders from memory give what the path
 * loaders give and name the given path in their errors; the run and sweep option parsers work
 * alone (nothing runs) and refuse what the command refuses. */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include "harness/bench/history.h"
#include "harness/cli/cli_args.h"
#include "harness/figures/figure_data.h"
#include "sim_fixtures.h"
#include "harness/figures/figure_recipe.h"
#include "harness/common/files.h"
#include "harness/run/reference.h"
#include "harness/run/run_record.h"

/* The option parsers print their errors: keep the test log to the assertions. */
static void quiet(void) { cr_redirect_stderr(); }
TestSuite(inputs, .init = quiet);

Test(inputs, reference_from_text_equals_reference_from_file) {
  const char *path = "results/reference/ball_drop.json";
  char *text = file_read_all(path, NULL), err[512];
  cr_assert_not_null(text);
  Reference a, b;
  cr_assert_eq(reference_load(path, &a, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cr_assert_eq(reference_load_text(text, "mem.json", &b, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cr_assert(a.npts > 1 && a.nq > 0 && a.npts == b.npts && a.nq == b.nq && a.nv == b.nv);
  cr_assert_eq(memcmp(a.q, b.q, sizeof(double) * (size_t)(a.npts * a.nq)), 0);
  cr_assert_eq(memcmp(a.v, b.v, sizeof(double) * (size_t)(a.npts * a.nv)), 0);
  cr_assert_str_eq(a.scene_hash, b.scene_hash);
  cr_assert_str_eq(b.path, "mem.json");
  reference_free(&a);
  reference_free(&b);
  text[strlen(text) / 2] = '\0';
  cr_assert_neq(reference_load_text(text, "mem.json", &b, CB_ERR_BUF(err, sizeof err)), 0);
  cr_assert(strncmp(err, "mem.json: not valid JSON", 24) == 0, "%s", err);
  free(text);
}

Test(inputs, recipe_from_text_is_checked_like_recipe_from_file) {
  const char *path = "figures/cenic_fig08_bouncing_energy.json";
  char *text = file_read_all(path, NULL), err[512];
  cr_assert_not_null(text);
  cJSON *a = recipe_load(path, CB_ERR_BUF(err, sizeof err)), *b = recipe_load_text(text, "mem.json", CB_ERR_BUF(err, sizeof err));
  cr_assert(a && b, "%s", err);
  cr_assert(cJSON_Compare(a, b, 1));
  cJSON_Delete(a);
  cJSON_Delete(b);
  cr_assert_null(recipe_load_text("{\"schema\":\"cbench.recipe/1\",\"bogus\":1}", "mem.json", CB_ERR_BUF(err, sizeof err)));
  cr_assert_str_eq(err, "mem.json: bogus: unknown field");
  free(text);
}

Test(inputs, records_from_text_keep_the_valid_and_name_the_invalid) {
  /* a record of the committed baseline, then the same with a status no record may have */
  char *text = file_read_all("results/baseline.json", NULL), err[512];
  cr_assert_not_null(text);
  cJSON *all = cJSON_Parse(text);
  free(text);
  cr_assert(cJSON_GetArraySize(all) > 0);
  cJSON *two = cJSON_CreateArray();
  cJSON *bad = cJSON_Duplicate(cJSON_GetArrayItem(all, 0), 1);
  cJSON_ReplaceItemInObjectCaseSensitive(bad, "status", cJSON_CreateString("fine"));
  cJSON_AddItemToArray(two, cJSON_Duplicate(cJSON_GetArrayItem(all, 0), 1));
  cJSON_AddItemToArray(two, bad);
  char *s = cJSON_PrintUnformatted(two);
  cJSON *recs = records_load_text(s, "mem.json", CB_ERR_BUF(err, sizeof err));
  cr_assert_eq(cJSON_GetArraySize(recs), 1);
  cr_assert(cJSON_Compare(cJSON_GetArrayItem(recs, 0), cJSON_GetArrayItem(all, 0), 1));
  cr_assert(strstr(err, "mem.json: 1 entry is not a valid") && strstr(err, "entry 1: status 'fine'"), "%s", err);
  cJSON_Delete(recs);
  cr_assert_null(records_load_text("[", "mem.json", CB_ERR_BUF(err, sizeof err)));
  cr_assert(strncmp(err, "mem.json: not valid JSON", 24) == 0, "%s", err);
  free(s);
  cJSON_Delete(two);
  cJSON_Delete(all);
}

Test(inputs, run_options_parse_alone_into_the_spec) {
  char *ok[] = {"cbench", "run", "--case", "ball_drop", "--integrator", "bdf", "--accuracy", "1e-4", "--reps", "3",
                "--json", "out.json", "--resume", "--opt", "k=v", "--param", "bodies[0].mass=2", NULL};
  RunSpec s;
  const char *json = NULL;
  int resume = 0;
  cr_assert_eq(run_args_parse(fx_cb(), 17, ok, &s, &json, &resume), 0);
  cr_assert_str_eq(s.case_name, "ball_drop");
  cr_assert_str_eq(s.integrator, "bdf");
  cr_assert(s.has_accuracy && s.accuracy == 1e-4 && !s.has_dt && s.reps == 3 && resume);
  cr_assert_str_eq(json, "out.json");
  cr_assert(s.nextra == 1 && !strcmp(s.extra_key[0], "k") && !strcmp(s.extra_value[0], "v"));
  cr_assert(s.nparam == 1 && !strcmp(s.param_path[0], "bodies[0].mass") && !strcmp(s.param_value[0], "2"));
  cr_assert(!file_exists("out.json"), "parsing wrote the record file");
  char *bad[] = {"cbench", "run", "--case", "ball_drop", "--integrator", "bdf", "--accuracy", "0", NULL};
  cr_assert_eq(run_args_parse(fx_cb(), 8, bad, &s, &json, &resume), CB_ERR_OPTION);
}

Test(inputs, sweep_options_parse_alone_into_the_config) {
  char *ok[] = {"cbench", "sweep", "--cases", "ball_drop,sliding_cube", "--integrators", "bdf,tamsi", "--accuracies",
                "1e-2,1e-3", "--dts", "1e-2", "--opt", "k=1,2", "--plan", "plan.txt", "--out", "nowhere", NULL};
  SweepConfig *c = malloc(sizeof *c);
  cr_assert_eq(sweep_args_parse(fx_cb(), 16, ok, c), 0);
  cr_assert(c->ncases == 2 && !strcmp(c->cases[1], "sliding_cube") && c->nintegrators == 2);
  cr_assert(c->nacc == 2 && c->accuracies[1] == 1e-3 && c->ndt == 1 && c->dts[0] == 1e-2);
  cr_assert(c->nopt == 1 && c->nopt_values[0] == 2 && !strcmp(c->opt_values[0][1], "2"));
  cr_assert_str_eq(c->plan, "plan.txt");
  cr_assert(!file_exists("plan.txt") && !file_exists("nowhere"), "parsing wrote files");
  char *bad[] = {"cbench", "sweep", "--integrators", "no-such-integrator", NULL};
  cr_assert_eq(sweep_args_parse(fx_cb(), 4, bad, c), CB_ERR_OPTION);
  free(c);
}

/* "A,A,...": k items of `len` characters each (caller frees). */
static char *list_of(int k, size_t len) {
  char *s = malloc((size_t)k * (len + 1));
  for (int j = 0; j < k; ++j) {
    memset(s + (size_t)j * (len + 1), 'a' + j, len);
    s[(size_t)j * (len + 1) + len] = j + 1 < k ? ',' : 0;
  }
  return s;
}

/* A list argument is read whole on both sides of 4,096 characters (it was cut at 4,095 without a
 * word); an item longer than a case path holds, or one too many, is refused naming the option. */
Test(inputs, sweep_lists_are_read_whole_at_any_length) {
  SweepConfig *c = malloc(sizeof *c);
  char *short4 = list_of(4, 1022), *long5 = list_of(5, 1000), *big = list_of(1, 1024), *many = list_of(65, 1);
  cr_assert_eq(strlen(short4), 4091);
  cr_assert_eq(strlen(long5), 5004);
  char *a[] = {"cbench", "sweep", "--cases", short4, NULL};
  cr_assert_eq(sweep_args_parse(fx_cb(), 4, a, c), 0);
  cr_assert_eq(c->ncases, 4);
  cr_expect_eq(strlen(c->cases[3]), 1022);
  a[3] = long5;
  cr_assert_eq(sweep_args_parse(fx_cb(), 4, a, c), 0);
  cr_assert_eq(c->ncases, 5);
  cr_expect_eq(strlen(c->cases[4]), 1000, "the fifth name was cut to %zu", strlen(c->cases[4]));
  cr_expect_eq(c->cases[4][999], 'e');
  a[3] = big;
  cr_expect_eq(sweep_args_parse(fx_cb(), 4, a, c), CB_ERR_OPTION, "a 1,024-character name must be refused, not cut");
  a[3] = many;
  cr_expect_eq(sweep_args_parse(fx_cb(), 4, a, c), CB_ERR_OPTION);
  free(short4);
  free(long5);
  free(big);
  free(many);
  free(c);
}

Test(inputs, sweep_list_errors_name_the_option) {
  SweepConfig *c = malloc(sizeof *c);
  char *big = list_of(1, 1024), *many = list_of(65, 1);
  char *a[] = {"cbench", "sweep", "--cases", big, "--accuracies", many, NULL};
  cr_assert_eq(sweep_args_parse(fx_cb(), 4, a, c), CB_ERR_OPTION);
  a[2] = "--accuracies";
  a[3] = many;
  cr_assert_eq(sweep_args_parse(fx_cb(), 4, a, c), CB_ERR_OPTION);
  fflush(stderr);
  char text[8192] = "";
  size_t got = fread(text, 1, sizeof text - 1, cr_get_redirected_stderr());
  text[got] = 0;
  cr_expect(strstr(text, "cbench: --cases: a value of 1024 characters"), "%s", text);
  cr_expect(strstr(text, "cbench: --accuracies: at most 64 values"), "%s", text);
  free(big);
  free(many);
  free(c);
}

/* A number read into an int is range-checked: plot.layout [1e300, 1] was cast to int (undefined
 * behaviour) when the figure was drawn. */
Test(inputs, recipe_layout_is_a_pair_of_small_integers) {
  const char *path = "figures/cenic_fig04_ball_drop_error.json";
  char *text = file_read_all(path, NULL), err[512];
  cr_assert_not_null(text);
  const char *bad[] = {"[1e300, 1]", "[0, 2]", "[1.5, 2]", "[1]", "[25, 1]", "[\"1\", 2]"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
    cJSON *r = cJSON_Parse(text);
    cJSON_ReplaceItemInObject(cJSON_GetObjectItem(r, "plot"), "layout", cJSON_Parse(bad[i]));
    char *t = cJSON_Print(r);
    cJSON *got = recipe_load_text(t, "mem.json", CB_ERR_BUF(err, sizeof err));
    cr_expect_null(got, "layout %s accepted", bad[i]);
    cr_expect(strstr(err, "mem.json: plot.layout"), "%s: %s", bad[i], err);
    cJSON_Delete(got);
    cJSON_Delete(r);
    free(t);
  }
  free(text);
}

/* The history loader from memory (fuzz/fuzz_history.c) reads what the file loader reads, and a
 * NUL byte inside the text is refused with its line, not taken as the end. */
Test(inputs, history_from_text_sees_past_a_nul) {
  char t[] = "{\"schema\":\"cbench.history/1\",\"sha\":\"abcdef0\",\"machine\":\"m\",\"benchmarks\":{}}\n"
             "{\"schema\":\"cbench.history/1\",\"sha\":\"abcdef1\",\"machine\":\"m\",\"benchmarks\":{}}\n";
  char err[512];
  cJSON *all = history_load_text(t, strlen(t), "mem.jsonl", CB_ERR_BUF(err, sizeof err));
  cr_assert_not_null(all, "%s", err);
  cr_expect_eq(cJSON_GetArraySize(all), 2);
  cJSON_Delete(all);
  char u[] = "{\"schema\":\"cbench.history/1\",\"sha\":\"abcdef0\",\"machine\":\"m\",\"benchmarks\":{}}\n\n\0x\n";
  cr_expect_null(history_load_text(u, sizeof u - 1, "mem.jsonl", CB_ERR_BUF(err, sizeof err)));
  cr_expect(strstr(err, "mem.jsonl: line 3: a NUL byte"), "%s", err);
}

/* The series CSV reader from memory (fuzz/fuzz_csv.c) reads what the file reader reads. */
Test(inputs, csv_series_from_text_equals_csv_series_from_file) {
  char path[] = "/tmp/cbench_csv_XXXXXX", err[512];
  int fd = mkstemp(path);
  cr_assert_geq(fd, 0);
  const char *csv = "t,kind,fx,fy\n0,point,3,4\n0,line,1,0\n0.5,point,0,1\n0.5,point,0,2\n1,point,,\n";
  cr_assert_eq(write(fd, csv, strlen(csv)), (ssize_t)strlen(csv));
  close(fd);
  cJSON *rows = cJSON_Parse("{\"kind\": \"point\"}");
  double *x1, *y1, *x2, *y2;
  int n1 = -1, n2 = -1;
  figure_csv_series(path, rows, "t", "norm:fx,fy", &x1, &y1, &n1, CB_ERR_BUF(err, sizeof err));
  figure_csv_series_text(strdup(csv), "mem.csv", rows, "t", "norm:fx,fy", &x2, &y2, &n2, CB_ERR_BUF(err, sizeof err));
  unlink(path);
  cr_assert_eq(n1, 3, "%s", err);
  cr_assert_eq(n2, n1);
  cr_expect(x1[0] == 0 && y1[0] == 5 && x1[1] == 0.5 && y1[1] == 3 && isnan(y1[2]), "rows of one t are summed");
  cr_expect(!memcmp(x1, x2, 2 * sizeof *x1) && !memcmp(y1, y2, 2 * sizeof *y1));
  free(x2);
  free(y2);
  cr_expect_eq(figure_csv_series_text(strdup("t,a\n"), "mem.csv", NULL, "t", "b", &x2, &y2, &n2, CB_ERR_BUF(err, sizeof err)),
               CB_ERR_INPUT);
  cr_expect(strstr(err, "mem.csv") && strstr(err, "not in the header"), "%s", err);
  free(x1); free(y1);
  cJSON_Delete(rows);
}
