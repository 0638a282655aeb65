/* Plans, merge and the sbatch command (see plan.h). */
#include "plan.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "files.h"
#include "sweep.h"

/* Absolute form of a path whose directory exists (the file itself may not). */
static int absolute_path(const char *path, char *out, size_t outlen) {
  char dir[PATH_MAX], resolved[PATH_MAX];
  const char *slash = strrchr(path, '/');
  const char *base = slash ? slash + 1 : path;
  if (slash) snprintf(dir, sizeof dir, "%.*s", (int)(slash - path) ? (int)(slash - path) : 1, path);
  else snprintf(dir, sizeof dir, ".");
  if (!realpath(dir, resolved)) return -1;
  int n = snprintf(out, outlen, "%s/%s", strcmp(resolved, "/") ? resolved : "", base);
  return n < 0 || (size_t)n >= outlen ? -1 : 0;
}

int plan_format_line(const RunSpec *spec, const char *record_path, char *out, size_t outlen) {
  RunSpec s = *spec;
  char exe[PATH_MAX], rec[PATH_MAX], cmd[PLAN_MAX_LINE];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n <= 0) return -1;
  exe[n] = 0;
  if (!realpath(spec->case_path, s.case_path)) return -1;
  if (absolute_path(record_path, rec, sizeof rec)) return -1;
  run_spec_command(&s, cmd, sizeof cmd);
  /* run_spec_command starts with the word "cbench": the line names this very binary */
  int w = snprintf(out, outlen, "%s%s --json %s --resume", exe, cmd + strlen("cbench"), rec);
  return w < 0 || (size_t)w >= outlen ? -1 : 0;
}

int plan_parse_line(const char *line, char *json, size_t jsonlen, double *timeout, int *reps) {
  char buf[PLAN_MAX_LINE];
  snprintf(buf, sizeof buf, "%s", line);
  *timeout = 0;
  *reps = 1;
  json[0] = 0;
  int is_run = 0;
  char *save = NULL, *prev = NULL;
  for (char *tok = strtok_r(buf, " \t\r\n", &save); tok; prev = tok, tok = strtok_r(NULL, " \t\r\n", &save)) {
    if (!strcmp(tok, "run") && !is_run) is_run = 1;
    if (!prev) continue;
    if (!strcmp(prev, "--json")) snprintf(json, jsonlen, "%s", tok);
    else if (!strcmp(prev, "--timeout")) *timeout = strtod(tok, NULL);
    else if (!strcmp(prev, "--reps")) *reps = atoi(tok) > 0 ? atoi(tok) : 1;
  }
  return is_run && json[0] ? 0 : -1;
}

void plan_free_lines(char **lines, int n) {
  if (!lines) return;
  for (int i = 0; i < n; ++i) free(lines[i]);
  free(lines);
}

int plan_read(const char *path, char ***lines_out, char *err, size_t errlen) {
  char *text = file_read_all(path, NULL);
  if (!text) { snprintf(err, errlen, "%s: cannot read the plan", path); return -1; }
  int n = 0, cap = 64;
  char **lines = malloc(sizeof(char *) * (size_t)cap);
  char *save = NULL;
  int lineno = 0;
  for (char *l = strtok_r(text, "\n", &save); l && lines; l = strtok_r(NULL, "\n", &save)) {
    ++lineno;
    char json[PATH_MAX];
    double timeout;
    int reps;
    if (plan_parse_line(l, json, sizeof json, &timeout, &reps)) {
      snprintf(err, errlen, "%s: line %d is not a `cbench run ... --json FILE` line: '%.80s'", path, lineno, l);
      plan_free_lines(lines, n);
      free(text);
      return -1;
    }
    if (n == cap) {
      char **g = realloc(lines, sizeof(char *) * (size_t)(cap *= 2));
      if (!g) break;
      lines = g;
    }
    lines[n++] = strdup(l);
  }
  free(text);
  if (!lines) { snprintf(err, errlen, "out of memory"); return -1; }
  if (n == 0) { snprintf(err, errlen, "%s: the plan is empty", path); free(lines); return -1; }
  if (lines_out) *lines_out = lines;
  else plan_free_lines(lines, n);
  return n;
}

static const char *record_status(const cJSON *rec, const char **message) {
  const cJSON *st = cJSON_GetObjectItemCaseSensitive(rec, "status");
  const cJSON *msg = cJSON_GetObjectItemCaseSensitive(rec, "message");
  *message = cJSON_IsString(msg) ? msg->valuestring : "";
  return cJSON_IsString(st) ? st->valuestring : "?";
}

int plan_merge(const char *dir, const char *plan_path, FILE *out, char *err, size_t errlen) {
  cJSON *all = NULL;
  int missing = 0, failed = 0, duplicates = 0, total = 0;
  if (plan_path) {
    char **lines = NULL;
    int n = plan_read(plan_path, &lines, err, errlen);
    if (n < 0) return 2;
    all = cJSON_CreateArray();
    char (*paths)[PATH_MAX] = calloc((size_t)n, sizeof *paths);
    for (int i = 0; i < n && paths; ++i) {
      double timeout;
      int reps;
      plan_parse_line(lines[i], paths[i], sizeof paths[i], &timeout, &reps);
      for (int k = 0; k < i; ++k)
        if (!strcmp(paths[k], paths[i])) {
          fprintf(out, "merge: duplicate: plan lines %d and %d write %s\n", k + 1, i + 1, paths[i]);
          duplicates++;
        }
      cJSON *rec = run_record_load(paths[i]);
      total++;
      if (!rec) {
        fprintf(out, "merge: missing: task %d (%s)\n", i, file_exists(paths[i]) ? "invalid record" : "no record");
        fprintf(out, "  %s\n", lines[i]);
        missing++;
        continue;
      }
      const char *msg;
      const char *st = record_status(rec, &msg);
      if (strcmp(st, "ok")) {
        fprintf(out, "merge: %s: task %d: %s\n", st, i, msg);
        failed++;
      }
      cJSON_AddItemToArray(all, rec);
    }
    free(paths);
    plan_free_lines(lines, n);
  } else {
    all = records_load_dir(dir, err, errlen);
    if (!all) return 2; /* no sweep.json from records that cannot all be read */
    cJSON *rec;
    cJSON_ArrayForEach(rec, all) {
      const char *msg;
      const char *st = record_status(rec, &msg);
      total++;
      if (strcmp(st, "ok")) failed++;
    }
  }
  char *text = cJSON_Print(all);
  char path[PATH_MAX + 32];
  snprintf(path, sizeof path, "%.*s/sweep.json", PATH_MAX, dir);
  int wrc = text ? file_write_atomic(path, text, strlen(text), err, errlen) : -1;
  int nrec = cJSON_GetArraySize(all);
  free(text);
  cJSON_Delete(all);
  if (wrc != 0) return 2;
  fprintf(out, "merge: %d records of %d points in %s (%d missing, %d not ok, %d duplicate)\n", nrec, total, path,
          missing, failed, duplicates);
  return missing || duplicates ? 1 : 0;
}

/* "0-3,7,9-10" from a sorted index list. */
static void format_ranges(const int *idx, int n, char *out, size_t outlen) {
  size_t len = 0;
  out[0] = 0;
  for (int i = 0; i < n && len < outlen;) {
    int j = i;
    while (j + 1 < n && idx[j + 1] == idx[j] + 1) ++j;
    len += (size_t)snprintf(out + len, outlen - len, j > i ? "%s%d-%d" : "%s%d", i ? "," : "", idx[i], idx[j]);
    i = j + 1;
  }
}

int plan_sbatch_command(const char *plan_path, const char *sbatch_script, int max_parallel, int only_missing,
                        char *cmd, size_t cmdlen, char *err, size_t errlen) {
  char **lines = NULL;
  int n = plan_read(plan_path, &lines, err, errlen);
  if (n < 0) return -1;
  int *idx = malloc(sizeof(int) * (size_t)n);
  if (!idx) { plan_free_lines(lines, n); snprintf(err, errlen, "out of memory"); return -1; }
  int ntask = 0;
  double budget = 0;
  for (int i = 0; i < n; ++i) {
    char json[PATH_MAX];
    double timeout;
    int reps;
    plan_parse_line(lines[i], json, sizeof json, &timeout, &reps);
    if (only_missing && run_record_complete(json, NULL)) continue;
    idx[ntask++] = i;
    /* one error run plus reps timing runs, each under the per-integration budget */
    double b = (timeout > 0 ? timeout : 3600.0) * (reps + 1);
    if (b > budget) budget = b;
  }
  plan_free_lines(lines, n);
  if (ntask == 0) { free(idx); cmd[0] = 0; return 0; }
  /* the task limit: the runs' budget, plus two minutes for loading, metrics and the record */
  long minutes = (long)ceil((budget + 120.0) / 60.0);
  char ranges[16384], plan_abs[PATH_MAX], logs[PATH_MAX + 16];
  format_ranges(idx, ntask, ranges, sizeof ranges);
  free(idx);
  if (absolute_path(plan_path, plan_abs, sizeof plan_abs)) {
    snprintf(err, errlen, "%s: cannot resolve the plan's directory", plan_path);
    return -1;
  }
  snprintf(logs, sizeof logs, "%s.logs", plan_abs);
  if (dir_make_parents(logs) != 0) { snprintf(err, errlen, "cannot create %s", logs); return -1; }
  int w = snprintf(cmd, cmdlen, "sbatch --parsable --job-name=cbench-sweep --array=%s%%%d --time=%ld --output=%s/task-%%a.out %s %s",
                   ranges, max_parallel, minutes, logs, sbatch_script, plan_abs);
  if (w < 0 || (size_t)w >= cmdlen) { snprintf(err, errlen, "the array is too long for one sbatch command"); return -1; }
  return ntask;
}
