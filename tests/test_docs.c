/* The documentation stays a front door with working doors: README.md is short, every relative
 * link in README.md and docs/ (the .md pages under docs/ and docs/notes/) names a file that exists, and no page
 * names a file a user of the repository does not have. Run from the repository root, as
 * `make test` does. docs/incoming/ (drafts waiting to be folded in) is not checked. The README also
 * states the verdict of every committed full-mode figure. */
#include <cjson/cJSON.h>
#include <criterion/criterion.h>
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "integrators/integrator.h"

enum { README_MAX_LINES = 220 };

static char *slurp(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
  if (s && fread(s, 1, (size_t)n, f) != (size_t)n) { free(s); s = NULL; }
  if (s) s[n] = '\0';
  fclose(f);
  return s;
}

static int is_file(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Counts the markdown links `](target)` of text whose target is relative (not a URL, not an
 * anchor of the same page) and names no file, relative to dir; with report, each is printed. */
static int broken_links(const char *page, const char *dir, const char *text, int report) {
  int broken = 0;
  for (const char *p = strstr(text, "]("); p; p = strstr(p + 2, "](")) {
    const char *t = p + 2, *end = strpbrk(t, ") \n");
    if (!end || *end != ')') continue;
    size_t n = (size_t)(end - t);
    char target[PATH_MAX];
    if (n == 0 || n >= sizeof target - 1) continue;
    memcpy(target, t, n);
    target[n] = '\0';
    if (target[0] == '#' || strstr(target, "://") || !strncmp(target, "mailto:", 7)) continue;
    char *hash = strchr(target, '#');
    if (hash) *hash = '\0';
    char path[2 * PATH_MAX];
    snprintf(path, sizeof path, "%s/%s", dir, target);
    if (!is_file(path)) {
      if (report) fprintf(stderr, "%s: link to %s: no such file\n", page, target);
      ++broken;
    }
  }
  return broken;
}

/* Paths that exist only on the machines cbench was developed on. */
static int private_paths(const char *page, const char *text, int report) {
  static const char *const bad[] = {"../shared/", "/work/"};
  int found = 0;
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i)
    if (strstr(text, bad[i])) {
      if (report) fprintf(stderr, "%s: names %s, which users do not have\n", page, bad[i]);
      ++found;
    }
  return found;
}

static void check_page(const char *page, const char *dir, int *pages, int *broken, int *private) {
  char *text = slurp(page);
  cr_assert_not_null(text, "cannot read %s", page);
  *broken += broken_links(page, dir, text, 1);
  *private += private_paths(page, text, 1);
  ++*pages;
  free(text);
}

static void check_folder(const char *dir, int *pages, int *broken, int *private) {
  DIR *d = opendir(dir);
  cr_assert_not_null(d, "no folder %s", dir);
  struct dirent *e;
  while ((e = readdir(d))) {
    size_t n = strlen(e->d_name);
    if (n < 4 || strcmp(e->d_name + n - 3, ".md")) continue;
    char page[PATH_MAX];
    snprintf(page, sizeof page, "%s/%s", dir, e->d_name);
    check_page(page, dir, pages, broken, private);
  }
  closedir(d);
}

Test(docs, readme_is_a_front_door) {
  char *text = slurp("README.md");
  cr_assert_not_null(text, "cannot read README.md (run from the repository root)");
  int lines = 0;
  for (const char *c = text; *c; ++c) lines += *c == '\n';
  free(text);
  cr_expect_leq(lines, README_MAX_LINES, "README.md has %d lines, at most %d: reference material goes to docs/",
                lines, README_MAX_LINES);
}

Test(docs, every_link_names_an_existing_file) {
  int pages = 0, broken = 0, private = 0;
  check_page("README.md", ".", &pages, &broken, &private);
  check_folder("docs", &pages, &broken, &private);
  check_folder("docs/notes", &pages, &broken, &private);
  cr_expect_geq(pages, 9, "README.md and the docs/ pages were found (%d)", pages);
  cr_expect_eq(broken, 0, "%d link(s) to missing files (above)", broken);
  cr_expect_eq(private, 0, "%d page(s) name files users do not have (above)", private);
}

/* The checker itself: a link to a missing file, in a page's own folder or above it, is found;
 * URLs, same-page anchors and existing files with an anchor are not. */
Test(docs, the_link_checker_finds_a_missing_file) {
  cr_expect_eq(broken_links("t.md", ".", "see [a](no/such/file.md) and [b](../nowhere.md).", 0), 2);
  cr_expect_eq(broken_links("t.md", ".", "[u](https://example.org/x) [s](#top) [r](README.md#the-two-commands)", 0), 0);
  cr_expect_eq(broken_links("t.md", "docs", "[i](integrators.md) [r](../README.md)", 0), 0);
  cr_expect_eq(private_paths("t.md", "the scene ../shared/repro/x.json", 0), 1);
}

/* The README states, per paper item, the verdict of the committed full-mode evidence
 * (results/figures/full/NAME/figure.json): "REF: reproduced", "REF: not reproduced" or "REF: differs
 * by design", REF the figure's paper.ref (its name when it has none). A rerun that changes a
 * verdict fails here until the README says so, and so does a recipe whose caption changed after
 * its committed figure was drawn. */

static int evidence_is_stated(const char *readme, const char *fig_path, char *missing, size_t len) {
  char *text = slurp(fig_path);
  cr_assert_not_null(text, "cannot read %s", fig_path);
  cJSON *fig = cJSON_Parse(text);
  free(text);
  cr_assert_not_null(fig, "%s is not JSON", fig_path);
  const cJSON *paper = cJSON_GetObjectItemCaseSensitive(fig, "paper");
  const cJSON *ref = cJSON_GetObjectItemCaseSensitive(paper, "ref");
  const cJSON *name = cJSON_GetObjectItemCaseSensitive(fig, "name");
  const cJSON *status = cJSON_GetObjectItemCaseSensitive(fig, "verdict_status");
  cr_assert(cJSON_IsString(name) && cJSON_IsString(status), "%s lacks name or verdict_status", fig_path);
  char want[512], words[64];
  snprintf(words, sizeof words, "%s", status->valuestring);
  for (char *c = words; *c; ++c) if (*c == '_') *c = ' ';
  snprintf(want, sizeof want, "%s: %s", cJSON_IsString(ref) ? ref->valuestring : name->valuestring, words);
  int found = strstr(readme, want) != NULL;
  if (!found) snprintf(missing, len, "%s", want);
  /* and the evidence was drawn from the recipe as it stands: a caption edited after the figure
   * was made (a cause measured later) needs the figure drawn again, which reuses its records */
  char recipe_path[PATH_MAX];
  snprintf(recipe_path, sizeof recipe_path, "figures/%s.json", name->valuestring);
  char *rtext = slurp(recipe_path);
  cJSON *recipe = rtext ? cJSON_Parse(rtext) : NULL;
  free(rtext);
  const cJSON *rc = cJSON_GetObjectItemCaseSensitive(recipe, "caption");
  const cJSON *fc = cJSON_GetObjectItemCaseSensitive(fig, "caption");
  if (!cJSON_IsString(rc) || !cJSON_IsString(fc) || strcmp(rc->valuestring, fc->valuestring) != 0) {
    snprintf(missing, len, "%s's caption as in %s (draw it again: cbench figure %s --out results/figures/full)",
             fig_path, recipe_path, name->valuestring);
    found = 0;
  }
  cJSON_Delete(recipe);
  cJSON_Delete(fig);
  return found;
}

Test(docs, readme_states_every_full_mode_verdict) {
  char *readme = slurp("README.md");
  cr_assert_not_null(readme, "cannot read README.md (run from the repository root)");
  const char *dir = "results/figures/full";
  DIR *d = opendir(dir);
  cr_assert_not_null(d, "no %s: the full-mode evidence is committed", dir);
  struct dirent *e;
  int figures = 0, stated = 0;
  while ((e = readdir(d))) {
    char path[PATH_MAX], missing[512];
    snprintf(path, sizeof path, "%s/%s/figure.json", dir, e->d_name);
    if (e->d_name[0] == '.' || !is_file(path)) continue;
    ++figures;
    if (evidence_is_stated(readme, path, missing, sizeof missing)) ++stated;
    else fprintf(stderr, "README.md or the evidence lacks: %s (%s)\n", missing, path);
  }
  closedir(d);
  free(readme);
  cr_expect_geq(figures, 41, "every recipe has full-mode evidence (%d found)", figures);
  cr_expect_eq(stated, figures, "README.md states %d of %d full-mode verdicts (missing above)", stated, figures);
}

/* docs/integrators.md's per-family table states each integrator's controller treatment; its
 * column's first word ("implicit", "explicit") must be the integrator's declaration
 * (IntegratorVtbl.controllers, the one source: records and figures read it), for every name the
 * table lists, and every built-in integrator that declares one must be in the table. */
Test(docs, the_family_table_states_each_declared_controller_treatment) {
  char *md = slurp("docs/integrators.md");
  cr_assert_not_null(md, "cannot read docs/integrators.md");
  const char *head = strstr(md, "| family | at rest");
  cr_assert_not_null(head, "docs/integrators.md has no per-family table");
  int listed[256] = {0}, rows = 0;
  const char *line = strchr(head, '\n') + 1;
  line = strchr(line, '\n') + 1; /* past the separator */
  while (*line == '|') {
    const char *end = strchr(line, '\n');
    char row[4096];
    snprintf(row, sizeof row, "%.*s", (int)(end ? end - line : (long)strlen(line)), line);
    char *cells[8] = {0};
    int nc = 0;
    for (char *c = strtok(row + 1, "|"); c && nc < 8; c = strtok(NULL, "|")) cells[nc++] = c;
    cr_assert(nc >= 4, "a table row without a controllers column: %.80s", line);
    char word[32] = "";
    sscanf(cells[3], " %31[a-z]", word);
    /* the names: the first cell, comma-separated, each up to a space ("cenic-sd (q)") */
    for (char *n = strtok(cells[0], ","); n; n = strtok(NULL, ",")) {
      char name[64] = "";
      sscanf(n, " %63[^ (]", name);
      const IntegratorVtbl *vt = integrator_find(name);
      cr_expect_not_null(vt, "docs/integrators.md's family table names '%s', not an integrator", name);
      if (!vt) continue;
      for (int i = 0; i < integrator_count() && i < 256; ++i) listed[i] |= integrator_at(i) == vt;
      cr_expect_str_eq(word, integrator_controllers_name(integrator_controllers(vt, NULL)),
                       "docs/integrators.md: %s's controllers column says '%s'", name, word);
    }
    ++rows;
    if (!end) break;
    line = end + 1;
  }
  cr_expect_geq(rows, 8);
  for (int i = 0; i < integrator_count() && i < 256; ++i)
    if (integrator_at(i)->controllers != CONTROLLERS_UNDECLARED)
      cr_expect(listed[i], "%s declares its controller treatment but is not in docs/integrators.md's family table",
                integrator_at(i)->name);
  free(md);
}
