/* Bench history lines and their file (see history.h). */
#include "history.h"

#include <string.h>
#include <stdlib.h>

#include "../../models/json_input.h"
#include "../../models/status.h"
#include "../common/files.h"
#include "../common/json_get.h"
#include "../sweep/folder_share.h"
#include "../common/num_text.h"
#include "../run/run_record.h"


void history_benchmark_name(const cJSON *rec, char *out, size_t outlen) {
  const cJSON *p = json_get(rec, "params"), *c = json_get(rec, "case"), *in = json_get(rec, "integrator");
  const cJSON *acc = json_get(p, "accuracy"), *dt = json_get(p, "dt"), *hmax = json_get(p, "max_step");
  char a[NUM_TEXT_MAX] = "", h[NUM_TEXT_MAX] = "";
  if (cJSON_IsNumber(acc)) num_text(acc->valuedouble, a, sizeof a);
  else if (cJSON_IsNumber(dt)) num_text(dt->valuedouble, a, sizeof a);
  if (cJSON_IsNumber(hmax)) num_text(hmax->valuedouble, h, sizeof h);
  snprintf(out, outlen, "%s/%s/%s=%s%s%s", cJSON_IsString(c) ? c->valuestring : "?",
           cJSON_IsString(in) ? in->valuestring : "?", cJSON_IsNumber(acc) ? "acc" : "dt", a, h[0] ? "/hmax=" : "", h);
}

/* An instruction count of a record, whatever its shape (a number, or an object with count or
 * median), or NULL. */
static cJSON *instructions_of(const cJSON *rec) {
  const cJSON *i = json_get(rec, "instructions");
  if (cJSON_IsNumber(i)) return cJSON_CreateNumber(i->valuedouble);
  if (!cJSON_IsObject(i)) return NULL;
  const char *keys[] = {"count", "median", "value"};
  for (int k = 0; k < 3; ++k)
    if (cJSON_IsNumber(json_get(i, keys[k]))) return cJSON_CreateNumber(json_get(i, keys[k])->valuedouble);
  return NULL;
}

static void copy_number(cJSON *to, const char *key, const cJSON *from) {
  if (cJSON_IsNumber(from)) cJSON_AddNumberToObject(to, key, from->valuedouble);
  else cJSON_AddNullToObject(to, key);
}

cJSON *history_entry_from_records(const cJSON *records, const char *path, char *err, size_t errlen) {
  if (!cJSON_IsArray(records) || cJSON_GetArraySize(records) == 0) {
    snprintf(err, errlen, "%s: expected a non-empty array of cbench.run/1 records (results/bench.json)", path);
    return NULL;
  }
  const char *sha = NULL, *date = "";
  int dirty = 0, idx = 0;
  const cJSON *machine = NULL, *r;
  cJSON *benches = cJSON_CreateObject();
  cJSON_ArrayForEach(r, records) {
    char verr[512];
    if (run_record_validate(r, verr, sizeof verr)) {
      snprintf(err, errlen, "%s: record %d: %s", path, idx, verr);
      cJSON_Delete(benches);
      return NULL;
    }
    const cJSON *m = json_get(r, "machine"), *git = json_get(m, "git"), *d = json_get(r, "date");
    if (!cJSON_IsString(git) || strlen(git->valuestring) < 7 || strspn(git->valuestring, "0123456789abcdef") != strlen(git->valuestring)) {
      snprintf(err, errlen, "%s: record %d: machine.git: expected the build's commit sha, got '%.60s'", path, idx,
               cJSON_IsString(git) ? git->valuestring : "(none)");
      cJSON_Delete(benches);
      return NULL;
    }
    if (sha && strcmp(sha, git->valuestring)) {
      snprintf(err, errlen, "%s: record %d: machine.git: '%.40s', but record 0 has '%.40s' (one bench, one build)", path,
               idx, git->valuestring, sha);
      cJSON_Delete(benches);
      return NULL;
    }
    if (!sha) { sha = git->valuestring; machine = m; }
    if (cJSON_IsTrue(json_get(m, "git_dirty"))) dirty = 1;
    if (cJSON_IsString(d) && strcmp(d->valuestring, date) > 0) date = d->valuestring;
    char name[512];
    history_benchmark_name(r, name, sizeof name);
    if (json_get(benches, name)) {
      fprintf(stderr, "history: %s: record %d: %s is there twice; the first is kept\n", path, idx, name);
      ++idx;
      continue;
    }
    cJSON *b = cJSON_AddObjectToObject(benches, name);
    const cJSON *st = json_get(r, "status");
    cJSON_AddStringToObject(b, "status", cJSON_IsString(st) ? st->valuestring : "?");
    copy_number(b, "wall_median", json_get(json_get(r, "wall_time"), "median"));
    copy_number(b, "wall_min", json_get(json_get(r, "wall_time"), "min"));
    copy_number(b, "work_median", json_get(json_get(r, "work"), "median"));
    const cJSON *c = json_get(r, "counters");
    cJSON_AddItemToObject(b, "counters", cJSON_IsObject(c) ? cJSON_Duplicate(c, 1) : cJSON_CreateObject());
    cJSON *ins = instructions_of(r);
    if (ins) cJSON_AddItemToObject(b, "instructions", ins);
    ++idx;
  }
  cJSON *e = cJSON_CreateObject();
  cJSON_AddStringToObject(e, "schema", HISTORY_SCHEMA);
  cJSON_AddStringToObject(e, "sha", sha);
  cJSON_AddBoolToObject(e, "dirty", dirty);
  cJSON_AddStringToObject(e, "date", date);
  /* timings are comparable on one machine only: the history keys its lines by sha and this */
  const cJSON *host = json_get(machine, "host"), *cpu = json_get(machine, "cpu"), *cores = json_get(machine, "cores");
  char id[400];
  snprintf(id, sizeof id, "%s/%s/%d cores", cJSON_IsString(host) ? host->valuestring : "?",
           cJSON_IsString(cpu) ? cpu->valuestring : "?", cJSON_IsNumber(cores) ? (int)cores->valuedouble : 0);
  cJSON_AddStringToObject(e, "machine", id);
  cJSON *mi = cJSON_AddObjectToObject(e, "machine_info");
  const char *fields[] = {"host", "cpu", "isa", "cores", "os", "compiler", "flags"};
  for (int k = 0; k < 7; ++k)
    if (json_get(machine, fields[k])) cJSON_AddItemToObject(mi, fields[k], cJSON_Duplicate(json_get(machine, fields[k]), 1));
  cJSON_AddItemToObject(e, "benchmarks", benches);
  return e;
}

/* A history entry's required fields; 0 or -1 naming the first bad one. */
static int check_entry(const cJSON *e, const char **field) {
  *field = NULL;
  if (!cJSON_IsObject(e)) *field = "(line): expected a JSON object";
  else if (!cJSON_IsString(json_get(e, "schema")) || strcmp(json_get(e, "schema")->valuestring, HISTORY_SCHEMA))
    *field = "schema: expected \"" HISTORY_SCHEMA "\"";
  else if (!cJSON_IsString(json_get(e, "sha"))) *field = "sha: expected a string";
  else if (!cJSON_IsString(json_get(e, "machine"))) *field = "machine: expected a string";
  else if (!cJSON_IsObject(json_get(e, "benchmarks"))) *field = "benchmarks: expected an object";
  return *field ? -1 : 0;
}

/* The lines of text (modified in place) and their parsed entries; NULL with err. */
static cJSON *parse_lines(char *text, const char *path, char ***lines_out, int *nlines, char *err, size_t errlen) {
  cJSON *all = cJSON_CreateArray();
  int n = 0, cap = 0, lineno = 0;
  char **lines = NULL;
  for (char *l = text, *next; l && *l; l = next) {
    next = strchr(l, '\n');
    if (next) *next++ = '\0';
    ++lineno;
    if (!l[strspn(l, " \t\r")]) continue;
    cJSON *e = cJSON_Parse(l);
    const char *field = NULL;
    if (!e || check_entry(e, &field)) {
      snprintf(err, errlen, "%s: line %d: %s", path, lineno, e ? field : "not JSON (a cut or edited line?)");
      cJSON_Delete(e);
      cJSON_Delete(all);
      free(lines);
      return NULL;
    }
    cJSON_AddItemToArray(all, e);
    if (n == cap) {
      char **g = realloc(lines, sizeof *lines * (size_t)(cap = 2 * cap + 16));
      if (!g) { free(lines); cJSON_Delete(all); snprintf(err, errlen, "out of memory"); return NULL; }
      lines = g;
    }
    lines[n++] = l;
  }
  if (lines_out) *lines_out = lines;
  else free(lines);
  if (nlines) *nlines = n;
  return all;
}

cJSON *history_load(const char *path, char *err, size_t errlen) {
  char *text = input_read_file(path, INPUT_MAX_BYTES, NULL, err, errlen);
  if (!text) return NULL;
  cJSON *all = parse_lines(text, path, NULL, NULL, err, errlen);
  free(text);
  return all;
}

static int append_locked(const char *bench_path, const char *history_path, int replace, FILE *out, char *err,
                         size_t errlen) {
  char rerr[1024] = "";
  cJSON *records = records_load_file(bench_path, rerr, sizeof rerr);
  if (!records || rerr[0]) {
    snprintf(err, errlen, "%s", rerr[0] ? rerr : "cannot read the bench");
    cJSON_Delete(records);
    return CB_ERR_INPUT;
  }
  cJSON *entry = history_entry_from_records(records, bench_path, err, errlen);
  cJSON_Delete(records);
  if (!entry) return CB_ERR_INPUT;
  char *line = json_print(entry, 0);
  const char *sha = json_get(entry, "sha")->valuestring, *machine = json_get(entry, "machine")->valuestring;
  char *text = file_exists(history_path) ? input_read_file(history_path, INPUT_MAX_BYTES, NULL, err, errlen) : strdup("");
  char **lines = NULL;
  int n = 0, rc = 0, same = -1;
  cJSON *all = text && line ? parse_lines(text, history_path, &lines, &n, err, errlen) : NULL;
  if (!all) rc = CB_ERR_INPUT;
  for (int i = 0; rc == 0 && i < n; ++i) {
    const cJSON *e = cJSON_GetArrayItem(all, i);
    if (!strcmp(json_get(e, "sha")->valuestring, sha) && !strcmp(json_get(e, "machine")->valuestring, machine)) same = i;
  }
  if (rc == 0 && same >= 0 && !replace) {
    snprintf(err, errlen, "%s: line %d already holds commit %.12s on %s (--replace replaces it)", history_path,
             same + 1, sha, machine);
    rc = CB_ERR_VERDICT;
  }
  if (rc == 0) {
    /* the whole file anew, then renamed over the old one: no reader sees half a line */
    size_t len = strlen(line) + 2;
    for (int i = 0; i < n; ++i) len += strlen(lines[i]) + 1;
    char *buf = malloc(len), *p = buf;
    if (!buf) { snprintf(err, errlen, "out of memory"); rc = CB_ERR_MEMORY; }
    for (int i = 0; buf && i <= n; ++i) {
      const char *l = i == n ? (same >= 0 ? NULL : line) : i == same ? line : lines[i];
      if (!l) continue;
      size_t k = strlen(l);
      memcpy(p, l, k);
      p += k;
      *p++ = '\n';
    }
    if (buf && file_write_atomic(history_path, buf, (size_t)(p - buf), err, errlen)) rc = CB_ERR_IO;
    if (rc == 0)
      fprintf(out, "history: %s commit %.12s%s on %s (%d benchmarks) %s %s (%d lines)\n", same >= 0 ? "replaced" : "appended",
              sha, cJSON_IsTrue(json_get(entry, "dirty")) ? " (dirty)" : "", machine,
              cJSON_GetArraySize(json_get(entry, "benchmarks")), same >= 0 ? "in" : "to", history_path, same >= 0 ? n : n + 1);
    free(buf);
  }
  cJSON_Delete(all);
  free(lines);
  free(text);
  free(line);
  cJSON_Delete(entry);
  return rc;
}

int history_append(const char *bench_path, const char *history_path, int replace, FILE *out, char *err, size_t errlen) {
  int lock = record_lock_take(history_path);
  int rc = append_locked(bench_path, history_path, replace, out, err, errlen);
  record_lock_release(lock, history_path);
  return rc;
}
