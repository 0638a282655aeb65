/* Every number of results/paper/ earns its place: a result is compared by some figure recipe
 * (its id appears in figures/), and a parameter ("role": "parameter", a setting of the paper's
 * scene, solver or run) names a case that exists when it names one. A number nothing uses is
 * either used or removed, with the reason in the commit body. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "harness/common/files.h"
#include "harness/common/json_get.h"
#include "models/json_input.h"

/* The texts of every .json file of figures_dir, concatenated. */
static char *recipes_text(const char *figures_dir) {
  DIR *d = opendir(figures_dir);
  cr_assert_not_null(d, "cannot open %s", figures_dir);
  size_t len = 0;
  char *all = calloc(1, 1);
  struct dirent *e;
  while ((e = readdir(d))) {
    size_t n = strlen(e->d_name);
    if (n < 6 || strcmp(e->d_name + n - 5, ".json")) continue;
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", figures_dir, e->d_name);
    size_t flen = 0;
    char *text = file_read_all(path, &flen);
    cr_assert_not_null(text, "cannot read %s", path);
    all = realloc(all, len + flen + 1);
    memcpy(all + len, text, flen + 1);
    len += flen;
    free(text);
  }
  closedir(d);
  return all;
}

/* Problems found, each appended to report as one line. */
static int unused_numbers(const char *paper_dir, const char *figures_dir, const char *cases_dir, char *report,
                          size_t reportlen) {
  char *recipes = recipes_text(figures_dir);
  DIR *d = opendir(paper_dir);
  cr_assert_not_null(d, "cannot open %s", paper_dir);
  int problems = 0;
  report[0] = '\0';
  struct dirent *e;
  while ((e = readdir(d))) {
    size_t n = strlen(e->d_name);
    if (n < 6 || strcmp(e->d_name + n - 5, ".json")) continue;
    char path[1024], err[512];
    snprintf(path, sizeof path, "%s/%s", paper_dir, e->d_name);
    cJSON *doc = json_load_file(path, CB_ERR_BUF(err, sizeof err));
    cr_assert_not_null(doc, "%s", err);
    const cJSON *num;
    cJSON_ArrayForEach(num, json_get(doc, "numbers")) {
      const char *id = json_get(num, "id")->valuestring;
      const cJSON *role = json_get(num, "role"), *cas = json_get(num, "case");
      char line[2600] = "";
      if (role && cJSON_IsString(cas)) {
        char cpath[1024];
        struct stat st;
        snprintf(cpath, sizeof cpath, "%s/%s.json", cases_dir, cas->valuestring);
        if (stat(cpath, &st) != 0) snprintf(line, sizeof line, "%s: parameter %s names case '%s', not in %s\n", path, id, cas->valuestring, cases_dir);
      } else if (!role) {
        char quoted[300];
        snprintf(quoted, sizeof quoted, "\"%s\"", id);
        if (!strstr(recipes, quoted)) snprintf(line, sizeof line, "%s: result %s is compared by no recipe in %s\n", path, id, figures_dir);
      }
      if (line[0]) {
        ++problems;
        strncat(report, line, reportlen - strlen(report) - 1);
      }
    }
    cJSON_Delete(doc);
  }
  closedir(d);
  free(recipes);
  return problems;
}

Test(paper_numbers, every_committed_number_is_used) {
  static char report[16384];
  int problems = unused_numbers("results/paper", "figures", "cases", report, sizeof report);
  cr_expect_eq(problems, 0, "%d paper number(s) unused:\n%s", problems, report);
}

static void write_text(const char *path, const char *text) {
  FILE *f = fopen(path, "w");
  cr_assert_not_null(f, "cannot write %s", path);
  cr_assert(fputs(text, f) >= 0 && fclose(f) == 0);
}

/* The detector itself: an unused result and a parameter naming a missing case are both found;
 * a compared result and a parameter of an existing case are not. */
Test(paper_numbers, finds_an_unused_result_and_a_missing_case) {
  char root[] = "/tmp/cbench_paper_XXXXXX", dir[1100];
  cr_assert_not_null(mkdtemp(root));
  const char *sub[] = {"paper", "figures", "cases"};
  for (int i = 0; i < 3; ++i) {
    snprintf(dir, sizeof dir, "%s/%s", root, sub[i]);
    cr_assert_eq(mkdir(dir, 0700), 0);
  }
  char path[1200];
  snprintf(path, sizeof path, "%s/paper/p.json", root);
  write_text(path, "{\"schema\": \"cbench.paper/1\", \"paper\": \"P\", \"citation\": \"C\", \"numbers\": ["
                   "{\"id\": \"p.used\", \"quantity\": \"q\", \"value\": 1, \"units\": \"\", \"source\": \"s\"},"
                   "{\"id\": \"p.unused\", \"quantity\": \"q\", \"value\": 2, \"units\": \"\", \"source\": \"s\"},"
                   "{\"id\": \"p.mass\", \"quantity\": \"q\", \"value\": 3, \"units\": \"kg\", \"source\": \"s\", \"role\": \"parameter\", \"case\": \"box\"},"
                   "{\"id\": \"p.gone\", \"quantity\": \"q\", \"value\": 4, \"units\": \"kg\", \"source\": \"s\", \"role\": \"parameter\", \"case\": \"nowhere\"}]}");
  snprintf(path, sizeof path, "%s/figures/r.json", root);
  write_text(path, "{\"compare\": [{\"paper_id\": \"p.used\"}], \"note\": \"p.unused without quotes\"}");
  snprintf(path, sizeof path, "%s/cases/box.json", root);
  write_text(path, "{}");
  char pd[1100], fd[1100], cd[1100];
  snprintf(pd, sizeof pd, "%s/paper", root);
  snprintf(fd, sizeof fd, "%s/figures", root);
  snprintf(cd, sizeof cd, "%s/cases", root);
  static char report[4096];
  int problems = unused_numbers(pd, fd, cd, report, sizeof report);
  cr_expect_eq(problems, 2, "report:\n%s", report);
  cr_expect(strstr(report, "p.unused") != NULL, "%s", report);
  cr_expect(strstr(report, "'nowhere'") != NULL, "%s", report);
  cr_expect(strstr(report, "p.used ") == NULL && strstr(report, "p.mass") == NULL, "%s", report);
  const char *files[] = {"paper/p.json", "figures/r.json", "cases/box.json"};
  for (int i = 0; i < 3; ++i) {
    snprintf(path, sizeof path, "%s/%s", root, files[i]);
    unlink(path);
  }
  for (int i = 0; i < 3; ++i) {
    snprintf(dir, sizeof dir, "%s/%s", root, sub[i]);
    rmdir(dir);
  }
  rmdir(root);
}
