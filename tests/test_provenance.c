/* Provenance: a record names the build's own git sha (stamped by the Makefile), wherever the
 * run starts; a build outside git says "unknown"; the validator checks the machine fields. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness/common/files.h"
#include "harness/common/machine.h"
#include "harness/run/run_record.h"
#include "sim_fixtures.h"

static char tmpdir[256];
static void setup(void) { fx_tmpdir_make(tmpdir, sizeof tmpdir, "cbench_prov"); }
static void teardown(void) { fx_tmpdir_remove(tmpdir); }
TestSuite(provenance, .init = setup, .fini = teardown);

/* First line of a shell command's output into out; 0 when it exited 0. */
static int shell_line(const char *cmd, char *out, size_t n) {
  out[0] = '\0';
  FILE *p = popen(cmd, "r");
  if (!p) return -1;
  if (fgets(out, (int)n, p)) out[strcspn(out, "\n")] = '\0';
  return pclose(p) == 0 ? 0 : -1;
}

/* A short ball_drop run started from tmpdir (not the checkout) by the sanitizer binary. */
static cJSON *record_from_elsewhere(void) {
  char cwd[1024], cmd[4096], rec[512];
  cr_assert(getcwd(cwd, sizeof cwd));
  snprintf(rec, sizeof rec, "%s/r.json", tmpdir);
  snprintf(cmd, sizeof cmd,
           "cd %s && %s/build/sanitize/cbench run --case %s/cases/ball_drop.json --integrator cenic-sd "
           "--accuracy 1e-2 --t-end 0.1 --reps 1 --json %s >/dev/null 2>&1",
           tmpdir, cwd, cwd, rec);
  cr_assert_eq(system(cmd), 0, "%s failed", cmd);
  char *text = file_read_all(rec, NULL);
  cJSON *r = text ? cJSON_Parse(text) : NULL;
  free(text);
  cr_assert(cJSON_IsObject(r), "%s is not a record", rec);
  return r;
}

static const char *mstr(const cJSON *r, const char *k) {
  const cJSON *m = cJSON_GetObjectItemCaseSensitive(r, "machine");
  const cJSON *x = cJSON_GetObjectItemCaseSensitive(m, k);
  return cJSON_IsString(x) ? x->valuestring : "(not a string)";
}

Test(provenance, run_from_another_folder_records_the_builds_sha) {
  char head[128];
  if (shell_line("git rev-parse HEAD 2>/dev/null", head, sizeof head) != 0)
    cr_skip_test("not a git checkout: the build says \"unknown\" (tested below)");
  cJSON *r = record_from_elsewhere();
  /* make test rebuilds the stamp first, so the build's sha is HEAD's */
  cr_expect_str_eq(mstr(r, "git"), head, "record from %s names %s, HEAD is %s", tmpdir, mstr(r, "git"), head);
  const cJSON *m = cJSON_GetObjectItemCaseSensitive(r, "machine");
  cr_expect(cJSON_IsBool(cJSON_GetObjectItemCaseSensitive(m, "git_dirty")), "git_dirty is not a boolean");
  cr_expect(strcmp(mstr(r, "host"), "(not a string)") != 0);
  cr_expect(strncmp(mstr(r, "os"), "Linux", 5) == 0, "os: %s", mstr(r, "os"));
  cr_expect(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(m, "load_avg_start")) == 3);
  char err[256];
  cr_expect_eq(run_record_validate(r, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cJSON_Delete(r);
}

Test(provenance, build_outside_git_says_unknown) {
  char cmd[1024];
  snprintf(cmd, sizeof cmd, "mkdir -p %s/src && bash scripts/build_stamp.sh %s/src %s/stamp.h",
           tmpdir, tmpdir, tmpdir);
  cr_assert_eq(system(cmd), 0);
  snprintf(cmd, sizeof cmd, "%s/stamp.h", tmpdir);
  char *text = file_read_all(cmd, NULL);
  cr_assert(text);
  cr_expect(strstr(text, "#define CBENCH_BUILD_SHA \"unknown\""), "%s", text);
  cr_expect(strstr(text, "#define CBENCH_BUILD_DIRTY -1"), "%s", text);
  free(text);
}

Test(provenance, validator_checks_the_new_machine_fields) {
  cJSON *r = record_from_elsewhere();
  cJSON *m = cJSON_GetObjectItemCaseSensitive(r, "machine");
  char err[256];
  cr_assert_eq(run_record_validate(r, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  struct { const char *key, *bad_json; } bad[] = {
      {"git_dirty", "\"no\""}, {"host", "7"}, {"os", "false"}, {"cpu_mhz", "\"2.4GHz\""},
      {"caches", "{}"}, {"load_avg_start", "[1, 2]"}, {"load_avg_start", "[1, 2, \"3\"]"}, {"flags", "1"}};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
    cJSON *copy = cJSON_Duplicate(r, 1);
    cJSON *cm = cJSON_GetObjectItemCaseSensitive(copy, "machine");
    cJSON_DeleteItemFromObjectCaseSensitive(cm, bad[i].key);
    cJSON_AddItemToObject(cm, bad[i].key, cJSON_Parse(bad[i].bad_json));
    err[0] = '\0';
    cr_expect_neq(run_record_validate(copy, CB_ERR_BUF(err, sizeof err)), 0, "machine.%s = %s accepted", bad[i].key,
                  bad[i].bad_json);
    cr_expect(strstr(err, bad[i].key), "error '%s' does not name %s", err, bad[i].key);
    cJSON_Delete(copy);
  }
  /* records made before these fields still validate */
  const char *added[] = {"git_dirty", "host", "os", "cpu_mhz", "caches", "load_avg_start"};
  for (size_t i = 0; i < sizeof added / sizeof added[0]; ++i) cJSON_DeleteItemFromObjectCaseSensitive(m, added[i]);
  cr_expect_eq(run_record_validate(r, CB_ERR_BUF(err, sizeof err)), 0, "an old record is rejected: %s", err);
  cJSON_Delete(r);
}
