/* Bench history lines and their file (see history.h). */
#include "history.h"

#include <string.h>
#include <stdlib.h>

#include "../../models/json_input.h"
#include "../../models/status.h"
#include "../common/cb_path.h"
#include "../common/files.h"
#include "../common/json_get.h"
#include "../sweep/folder_share.h"
#include "../common/num_text.h"
#include "../run/record_fields.h"
#include "../run/run_record.h"

/* How much of a bad value a message shows (a history line or a record may hold any text), and
 * of a commit sha in a sentence. */
enum { SHOWN = 60, SHA_SHOWN = 12, MACHINE_PART = 180 };

void history_benchmark_name(const cJSON *rec, char *out, size_t outlen) {
  const cJSON *c = record_get(rec, FIELD_CASE), *in = record_get(rec, FIELD_INTEGRATOR);
  const cJSON *acc = record_get(rec, FIELD_PARAMS_ACCURACY), *dt = record_get(rec, FIELD_PARAMS_DT);
  const cJSON *hmax = record_get(rec, FIELD_PARAMS_MAX_STEP);
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
  const cJSON *i = record_get(rec, FIELD_INSTRUCTIONS);
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

int history_sha_ok(const char *s) {
  size_t n = strlen(s);
  return n >= 7 && n <= 40 && strspn(s, "0123456789abcdef") == n;
}

/* One commit, whether written short or whole: `git rev-parse --short` and the full sha name the
 * same commit, so one is a prefix of the other (both are at least 7 digits, history_sha_ok). */
static int same_commit(const char *a, const char *b) {
  size_t na = strlen(a), nb = strlen(b);
  return !strncmp(a, b, na < nb ? na : nb);
}

/* d digits at s, their value in *v; 1, or 0 when one is not a digit. */
static int digits(const char *s, int d, int *v) {
  *v = 0;
  for (int i = 0; i < d; ++i) {
    if (s[i] < '0' || s[i] > '9') return 0;
    *v = 10 * *v + (s[i] - '0');
  }
  return 1;
}

int history_date_ok(const char *s) {
  int y, mo, d, h, mi, se;
  if (!digits(s, 4, &y) || s[4] != '-' || !digits(s + 5, 2, &mo) || s[7] != '-' || !digits(s + 8, 2, &d)) return 0;
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return 0;
  s += 10;
  if (!*s) return 1;
  if (*s != 'T' || !digits(s + 1, 2, &h) || s[3] != ':' || !digits(s + 4, 2, &mi) || s[6] != ':' || !digits(s + 7, 2, &se))
    return 0;
  if (h > 23 || mi > 59 || se > 60) return 0;
  s += 9;
  if (*s == '.') {
    size_t k = strspn(s + 1, "0123456789");
    if (k == 0 || k > 9) return 0;
    s += 1 + k;
  }
  if (!strcmp(s, "Z")) return 1;
  int oh, om;
  return (*s == '+' || *s == '-') && digits(s + 1, 2, &oh) && s[3] == ':' && digits(s + 4, 2, &om) && !s[6] && oh < 24 &&
         om < 60;
}

int history_name_ok(const char *s) {
  size_t n = strlen(s);
  return n > 0 && n <= HISTORY_NAME_MAX &&
         strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._+=/-") == n;
}

/* Text for the page: no control characters, at most HISTORY_TEXT_MAX bytes. */
static int text_ok(const char *s) {
  size_t n = 0;
  for (; s[n]; ++n)
    if ((unsigned char)s[n] < 0x20 || s[n] == 0x7f) return 0;
  return n <= HISTORY_TEXT_MAX;
}

typedef struct {
  const char *name;
  int idx;
} NameAt;

static int cmp_name_at(const void *a, const void *b) {
  const NameAt *x = a, *y = b;
  int c = strcmp(x->name, y->name);
  return c ? c : (x->idx > y->idx) - (x->idx < y->idx);
}

/* Per record, 1 when an earlier record has the same benchmark name (sorted, not pairwise: a
 * bench of 10^5 records must not cost 10^10 comparisons). NULL when out of memory. */
static char *later_duplicates(char **names, int n) {
  NameAt *v = malloc(sizeof *v * (size_t)(n ? n : 1));
  char *dup = calloc((size_t)(n ? n : 1), 1);
  if (!v || !dup) { free(v); free(dup); return NULL; }
  for (int i = 0; i < n; ++i) v[i] = (NameAt){names[i], i};
  qsort(v, (size_t)n, sizeof *v, cmp_name_at);
  for (int i = 1; i < n; ++i)
    if (!strcmp(v[i].name, v[i - 1].name)) dup[v[i].idx] = 1;
  free(v);
  return dup;
}

static void free_names(char **names, int n) {
  for (int i = 0; names && i < n; ++i) free(names[i]);
  free(names);
}

/* The checks of one record for its history line: CB_OK, or CB_ERR_INPUT with "record N: field:
 * why" in e. */
static CbStatus check_record(const cJSON *r, int idx, const char *sha, CbError *e) {
  if (run_record_validate(r, e) != CB_OK) return cb_error_prefix(e, "record %d: ", idx);
  const cJSON *git = record_get(r, FIELD_MACHINE_GIT), *d = record_get(r, FIELD_DATE);
  long long cores;
  if (!cJSON_IsString(git) || !history_sha_ok(git->valuestring))
    return CB_ERROR(e, CB_ERR_INPUT, "record %d: machine.git: expected the build's commit sha (7 to 40 hex digits), got '%.*s'",
                    idx, SHOWN, cJSON_IsString(git) ? git->valuestring : "(none)");
  if (sha && strcmp(sha, git->valuestring))
    return CB_ERROR(e, CB_ERR_INPUT, "record %d: machine.git: '%s', but record 0 has '%s' (one bench, one build)", idx,
                    git->valuestring, sha); /* both are shas (checked): at most 40 digits */
  if (json_int_in(record_get(r, FIELD_MACHINE_CORES), 1, HISTORY_CORES_MAX, &cores)) {
    char *g = cJSON_PrintUnformatted(record_get(r, FIELD_MACHINE_CORES));
    CB_ERROR(e, CB_ERR_INPUT, "record %d: machine.cores: expected a count of cores (1 to %d), got %.*s", idx,
             HISTORY_CORES_MAX, SHOWN, g ? g : "(none)");
    free(g);
    return CB_ERR_INPUT;
  }
  const RecordFieldId texts[] = {FIELD_MACHINE_HOST, FIELD_MACHINE_CPU};
  for (int k = 0; k < 2; ++k) {
    const cJSON *t = record_get(r, texts[k]);
    if (cJSON_IsString(t) && !text_ok(t->valuestring))
      return CB_ERROR(e, CB_ERR_INPUT, "record %d: %s: control characters or more than %d bytes: '%.*s'", idx,
                      record_field_path(texts[k]), HISTORY_TEXT_MAX, SHOWN, t->valuestring);
  }
  if (!cJSON_IsString(d) || (strcmp(d->valuestring, "unknown") && !history_date_ok(d->valuestring)))
    return CB_ERROR(e, CB_ERR_INPUT,
                    "record %d: date: expected an ISO 8601 date (YYYY-MM-DDTHH:MM:SSZ) or \"unknown\", got '%.*s'", idx,
                    SHOWN, cJSON_IsString(d) ? d->valuestring : "(none)");
  const cJSON *c;
  cJSON_ArrayForEach(c, record_get(r, FIELD_COUNTERS)) if (!history_name_ok(c->string))
    return CB_ERROR(e, CB_ERR_INPUT, "record %d: counters: name '%.*s' is not [A-Za-z0-9._+=/-]{1,%d}", idx, SHOWN,
                    c->string, HISTORY_NAME_MAX);
  return CB_OK;
}

cJSON *history_entry_from_records(const cJSON *records, const char *path, CbError *e) {
  if (!cJSON_IsArray(records) || cJSON_GetArraySize(records) == 0) {
    CB_ERROR(e, CB_ERR_INPUT, "%s: expected a non-empty array of cbench.run/1 records (results/bench.json)", path);
    return NULL;
  }
  const char *sha = NULL, *date = "";
  int dirty = 0, idx = 0, n = cJSON_GetArraySize(records);
  const cJSON *first = NULL, *r;
  char **names = calloc((size_t)n, sizeof *names);
  if (!names) { CB_ERROR(e, CB_ERR_MEMORY, "%s: out of memory", path); return NULL; }
  cJSON_ArrayForEach(r, records) {
    char name[512];
    if (check_record(r, idx, sha, e) != CB_OK) {
      cb_error_prefix(e, "%s: ", path);
      free_names(names, idx);
      return NULL;
    }
    const cJSON *d = record_get(r, FIELD_DATE);
    if (!sha) { sha = record_get_string(r, FIELD_MACHINE_GIT, ""); first = r; } /* checked by check_record */
    if (cJSON_IsTrue(record_get(r, FIELD_MACHINE_GIT_DIRTY))) dirty = 1;
    if (history_date_ok(d->valuestring) && strcmp(d->valuestring, date) > 0) date = d->valuestring;
    history_benchmark_name(r, name, sizeof name);
    if (!history_name_ok(name)) {
      CB_ERROR(e, CB_ERR_INPUT, "%s: record %d: case, integrator: benchmark name '%s' is not [A-Za-z0-9._+=/-]{1,%d}",
               path, idx, name, HISTORY_NAME_MAX);
      free_names(names, idx);
      return NULL;
    }
    if (!(names[idx++] = strdup(name))) { CB_ERROR(e, CB_ERR_MEMORY, "%s: out of memory", path); free_names(names, idx); return NULL; }
  }
  char *dup = later_duplicates(names, n);
  if (!dup) { CB_ERROR(e, CB_ERR_MEMORY, "%s: out of memory", path); free_names(names, n); return NULL; }
  cJSON *benches = cJSON_CreateObject();
  idx = 0;
  cJSON_ArrayForEach(r, records) {
    const char *name = names[idx];
    if (dup[idx]) {
      fprintf(stderr, "history: %s: record %d: %s is there twice; the first is kept\n", path, idx, name);
      ++idx;
      continue;
    }
    cJSON *b = cJSON_AddObjectToObject(benches, name);
    cJSON_AddStringToObject(b, "status", record_get_string(r, FIELD_STATUS, "?"));
    copy_number(b, "wall_median", record_get(r, FIELD_WALL_TIME_MEDIAN));
    copy_number(b, "wall_min", record_get(r, FIELD_WALL_TIME_MIN));
    copy_number(b, "work_median", record_get(r, FIELD_WORK_MEDIAN));
    const cJSON *c = record_get(r, FIELD_COUNTERS);
    cJSON_AddItemToObject(b, "counters", cJSON_IsObject(c) ? cJSON_Duplicate(c, 1) : cJSON_CreateObject());
    cJSON *ins = instructions_of(r);
    if (ins) cJSON_AddItemToObject(b, "instructions", ins);
    ++idx;
  }
  free(dup);
  cJSON *line = cJSON_CreateObject();
  cJSON_AddStringToObject(line, "schema", HISTORY_SCHEMA);
  cJSON_AddStringToObject(line, "sha", sha);
  cJSON_AddBoolToObject(line, "dirty", dirty);
  if (*date) cJSON_AddStringToObject(line, "date", date);
  /* timings are comparable on one machine only: the history keys its lines by sha and this */
  const cJSON *host = record_get(first, FIELD_MACHINE_HOST), *cpu = record_get(first, FIELD_MACHINE_CPU);
  long long cores = 0;
  json_int_in(record_get(first, FIELD_MACHINE_CORES), 1, HISTORY_CORES_MAX, &cores); /* checked by check_record */
  /* host and cpu cut to MACHINE_PART bytes each: the machine string stays a valid one (at most
   * HISTORY_TEXT_MAX bytes, check_entry) */
  char id[HISTORY_TEXT_MAX];
  snprintf(id, sizeof id, "%.*s/%.*s/%lld cores", MACHINE_PART, cJSON_IsString(host) ? host->valuestring : "?",
           MACHINE_PART, cJSON_IsString(cpu) ? cpu->valuestring : "?", cores);
  cJSON_AddStringToObject(line, "machine", id);
  cJSON *mi = cJSON_AddObjectToObject(line, "machine_info");
  const RecordFieldId fields[] = {FIELD_MACHINE_HOST, FIELD_MACHINE_CPU, FIELD_MACHINE_ISA, FIELD_MACHINE_CORES,
                                  FIELD_MACHINE_OS, FIELD_MACHINE_COMPILER, FIELD_MACHINE_FLAGS};
  for (int k = 0; k < 7; ++k) { /* under the key the record's machine has ("machine.isa": "isa") */
    const cJSON *x = record_get(first, fields[k]);
    if (x) cJSON_AddItemToObject(mi, strchr(record_field_path(fields[k]), '.') + 1, cJSON_Duplicate(x, 1));
  }
  cJSON_AddItemToObject(line, "benchmarks", benches);
  free_names(names, n);
  return line;
}

/* "got 'VALUE'" of a string field, cut short. */
static void got(char *out, size_t n, const cJSON *x) {
  if (cJSON_IsString(x)) snprintf(out, n, " (got '%.*s')", SHOWN, x->valuestring);
  else out[0] = '\0';
}

/* One benchmark of a line: CB_OK, or CB_ERR_INPUT with the field and why. */
static CbStatus check_benchmark(const cJSON *b, CbError *e) {
  if (!history_name_ok(b->string))
    return CB_ERROR(e, CB_ERR_INPUT, "benchmarks: name '%.*s' is not [A-Za-z0-9._+=/-]{1,%d}", SHOWN, b->string,
                    HISTORY_NAME_MAX);
  if (!cJSON_IsObject(b)) return CB_ERROR(e, CB_ERR_INPUT, "benchmarks.%s: expected an object", b->string);
  const cJSON *st = json_get(b, "status");
  if (st && !(cJSON_IsString(st) && history_name_ok(st->valuestring)))
    return CB_ERROR(e, CB_ERR_INPUT, "benchmarks.%s.status: expected a status word", b->string);
  const char *numbers[] = {"wall_median", "wall_min", "work_median", "instructions"};
  for (int k = 0; k < 4; ++k) {
    const cJSON *x = json_get(b, numbers[k]);
    if (x && !cJSON_IsNumber(x) && !cJSON_IsNull(x))
      return CB_ERROR(e, CB_ERR_INPUT, "benchmarks.%s.%s: expected a number or null", b->string, numbers[k]);
  }
  const cJSON *c = json_get(b, "counters"), *x;
  if (c && !cJSON_IsObject(c)) return CB_ERROR(e, CB_ERR_INPUT, "benchmarks.%s.counters: expected an object", b->string);
  cJSON_ArrayForEach(x, c) {
    if (!history_name_ok(x->string))
      return CB_ERROR(e, CB_ERR_INPUT, "benchmarks.%s.counters: name '%.*s' is not [A-Za-z0-9._+=/-]{1,%d}", b->string,
                      SHOWN, x->string, HISTORY_NAME_MAX);
    if (!cJSON_IsNumber(x) && !cJSON_IsNull(x))
      return CB_ERROR(e, CB_ERR_INPUT, "benchmarks.%s.counters.%s: expected a number or null", b->string, x->string);
  }
  return CB_OK;
}

/* A history line's fields (harness/SCHEMA.md): CB_OK, or CB_ERR_INPUT with the field, why and
 * value in err. */
static CbStatus check_entry(const cJSON *e, CbError *err) {
  char why[512];
  size_t n = sizeof why;
  const cJSON *sha = json_get(e, "sha"), *date = json_get(e, "date"), *m = json_get(e, "machine");
  const cJSON *mi = json_get(e, "machine_info"), *dirty = json_get(e, "dirty");
  char g[96];
  long long cores;
  if (!cJSON_IsObject(e)) snprintf(why, n, "(line): expected a JSON object");
  else if (!cJSON_IsString(json_get(e, "schema")) || strcmp(json_get(e, "schema")->valuestring, HISTORY_SCHEMA))
    snprintf(why, n, "schema: expected \"" HISTORY_SCHEMA "\"");
  else if (!cJSON_IsString(sha) || !history_sha_ok(sha->valuestring))
    got(g, sizeof g, sha), snprintf(why, n, "sha: expected a commit sha (7 to 40 hex digits)%s", g);
  else if (date && !(cJSON_IsString(date) && history_date_ok(date->valuestring)))
    got(g, sizeof g, date), snprintf(why, n, "date: expected an ISO 8601 date (YYYY-MM-DDTHH:MM:SSZ)%s", g);
  else if (dirty && !cJSON_IsBool(dirty)) snprintf(why, n, "dirty: expected true or false");
  else if (!cJSON_IsString(m) || !*m->valuestring || !text_ok(m->valuestring))
    got(g, sizeof g, m),
        snprintf(why, n, "machine: expected a string of 1 to %d bytes without control characters%s", HISTORY_TEXT_MAX, g);
  else if (mi && !cJSON_IsObject(mi)) snprintf(why, n, "machine_info: expected an object");
  else if (json_get(mi, "cores") && json_int_in(json_get(mi, "cores"), 1, HISTORY_CORES_MAX, &cores))
    snprintf(why, n, "machine_info.cores: expected a count of cores (1 to %d)", HISTORY_CORES_MAX);
  else if (!cJSON_IsObject(json_get(e, "benchmarks"))) snprintf(why, n, "benchmarks: expected an object");
  else {
    const cJSON *b;
    cJSON_ArrayForEach(b, json_get(e, "benchmarks")) if (check_benchmark(b, err) != CB_OK) return CB_ERR_INPUT;
    return CB_OK;
  }
  return CB_ERROR(err, CB_ERR_INPUT, "%s", why);
}

/* The line number (from 1) of offset off in text. */
static int line_of(const char *text, size_t off) {
  int line = 1;
  for (size_t i = 0; i < off; ++i) line += text[i] == '\n';
  return line;
}

typedef struct {
  const char *sha, *machine;
  int line;
} LineKey;

/* Sorted by the sha's first 7 digits (every spelling of one commit shares them), then machine. */
static int cmp_line_key(const void *a, const void *b) {
  const LineKey *x = a, *y = b;
  int c = strncmp(x->sha, y->sha, 7);
  if (!c) c = strcmp(x->machine, y->machine);
  return c ? c : (x->line > y->line) - (x->line < y->line);
}

/* 0 when a and b fall in one group of check_repeats (7-digit prefix and machine). */
static int cmp_line_key_group(const LineKey *x, const LineKey *y) {
  int c = strncmp(x->sha, y->sha, 7);
  return c ? c : strcmp(x->machine, y->machine);
}

/* CB_OK when no two entries of all (on lines linenos) hold one commit on one machine, else
 * CB_ERR_INPUT naming
 * the first line that repeats an earlier one: `history append` keeps one line per commit and
 * machine, so a second one is a damaged or hand-merged file (sorted; pairwise only within a
 * group of one 7-digit prefix and machine, where a short and a full sha can meet). */
static CbStatus check_repeats(const cJSON *all, const int *linenos, int n, const char *path, CbError *err) {
  LineKey *k = malloc(sizeof *k * (size_t)(n ? n : 1));
  if (!k) return CB_ERROR(err, CB_ERR_MEMORY, "out of memory");
  int i = 0, at = -1;
  CbStatus rc = CB_OK;
  const cJSON *e;
  cJSON_ArrayForEach(e, all) {
    k[i] = (LineKey){json_get(e, "sha")->valuestring, json_get(e, "machine")->valuestring, linenos[i]};
    ++i;
  }
  qsort(k, (size_t)n, sizeof *k, cmp_line_key);
  int first = -1; /* the earlier line that k[at] repeats */
  for (int g = 0; g < n;) {
    int end = g + 1;
    while (end < n && !cmp_line_key_group(&k[g], &k[end])) ++end;
    for (int j = g + 1; j < end; ++j) /* within a group lines ascend: j repeats the first earlier match */
      for (int e = g; e < j; ++e)
        if (same_commit(k[j].sha, k[e].sha)) {
          if (at < 0 || k[j].line < k[at].line) at = j, first = e;
          break;
        }
    g = end;
  }
  if (at >= 0) {
    /* a sha is at most 40 digits and a machine HISTORY_TEXT_MAX bytes (check_entry) */
    rc = CB_ERROR(err, CB_ERR_INPUT, "%s: line %d: commit %s on %s is already on line %d (one line per commit and machine)",
                  path, k[at].line, k[at].sha, k[at].machine, k[first].line);
  }
  free(k);
  return rc;
}

/* The lines of text (len bytes, modified in place) and their parsed entries; NULL with err. */
static cJSON *parse_lines(char *text, size_t len, const char *path, char ***lines_out, int *nlines, CbError *err) {
  /* a NUL would end the text early: lines after it would be neither shown nor kept */
  const char *nul = memchr(text, '\0', len);
  if (nul) {
    CB_ERROR(err, CB_ERR_INPUT, "%s: line %d: a NUL byte (a damaged file?): refused, nothing after it would be read", path,
             line_of(text, (size_t)(nul - text)));
    return NULL;
  }
  cJSON *all = cJSON_CreateArray();
  int n = 0, cap = 0, lineno = 0, *linenos = NULL;
  char **lines = NULL;
  for (char *l = text, *next; l && *l; l = next) {
    next = strchr(l, '\n');
    if (next) *next++ = '\0';
    ++lineno;
    if (!l[strspn(l, " \t\r")]) continue;
    CbPath name; /* "PATH: line N", as the parser names it */
    if (cb_path(&name, err, "%s: line %d", path, lineno) != CB_OK) {
      cJSON_Delete(all);
      free(lines);
      free(linenos);
      return NULL;
    }
    /* whole-line JSON: trailing text after the object and keys given twice are refused */
    cJSON *e = json_parse_checked(l, name.s, err);
    if (!e) cb_error_fail(err, CB_ERR_INPUT);
    if (!e || check_entry(e, err) != CB_OK) {
      if (e) cb_error_prefix(err, "%s: ", name.s);
      cJSON_Delete(e);
      cJSON_Delete(all);
      free(lines);
      free(linenos);
      return NULL;
    }
    cJSON_AddItemToArray(all, e);
    if (n == cap) {
      char **g = realloc(lines, sizeof *lines * (size_t)(cap = 2 * cap + 16));
      if (g) lines = g;
      int *gl = g ? realloc(linenos, sizeof *linenos * (size_t)cap) : NULL;
      if (gl) linenos = gl;
      if (!g || !gl) { free(lines); free(linenos); cJSON_Delete(all); CB_ERROR(err, CB_ERR_MEMORY, "out of memory"); return NULL; }
    }
    linenos[n] = lineno;
    lines[n++] = l;
  }
  int repeated = check_repeats(all, linenos, n, path, err) != CB_OK;
  free(linenos);
  if (repeated) { free(lines); cJSON_Delete(all); return NULL; }
  if (lines_out) *lines_out = lines;
  else free(lines);
  if (nlines) *nlines = n;
  return all;
}

cJSON *history_load_text(char *text, size_t len, const char *path, CbError *e) {
  if (len > HISTORY_MAX_BYTES) {
    CB_ERROR(e, CB_ERR_INPUT, "%s: %zu bytes, more than the %zu MiB a history may have (start a new file)", path, len,
             HISTORY_MAX_BYTES >> 20);
    return NULL;
  }
  return parse_lines(text, len, path, NULL, NULL, e);
}

/* The whole history file, NUL-terminated (its length in *len); NULL with e. */
static char *read_history(const char *path, size_t *len, CbError *e) {
  char *text = input_read_file(path, HISTORY_MAX_BYTES, len, e);
  if (!text) cb_error_fail(e, CB_ERR_INPUT);
  if (!text && strstr(e->msg, "more than")) {
    size_t n = strlen(e->msg);
    snprintf(e->msg + n, e->cap - n, " (a history may have %zu MiB: start a new file)", HISTORY_MAX_BYTES >> 20);
  }
  return text;
}

cJSON *history_load(const char *path, CbError *e) {
  size_t len = 0;
  char *text = read_history(path, &len, e);
  if (!text) return NULL;
  cJSON *all = history_load_text(text, len, path, e);
  free(text);
  return all;
}

cJSON *history_entry_from_file(const char *path, CbError *e) {
  cJSON *records = records_load_file(path, e);
  if (!records || e->msg[0]) {
    if (!e->msg[0]) CB_ERROR(e, CB_ERR_INPUT, "cannot read the bench");
    cb_error_fail(e, CB_ERR_INPUT);
    cJSON_Delete(records);
    return NULL;
  }
  cJSON *entry = history_entry_from_records(records, path, e);
  cJSON_Delete(records);
  return entry;
}

static CbStatus append_locked(const char *bench_path, const char *history_path, int replace, FILE *out, CbError *err) {
  cJSON *entry = history_entry_from_file(bench_path, err);
  if (!entry) return CB_ERR_INPUT;
  char *line = json_print(entry, 0);
  const char *sha = json_get(entry, "sha")->valuestring, *machine = json_get(entry, "machine")->valuestring;
  size_t tlen = 0;
  char *text = file_exists(history_path) ? read_history(history_path, &tlen, err) : strdup("");
  char **lines = NULL;
  int n = 0, same = -1, i = 0;
  CbStatus rc = CB_OK;
  /* a history that is not read whole (a NUL, a bad line) is refused: never rewritten short */
  cJSON *all = text && line ? parse_lines(text, tlen, history_path, &lines, &n, err) : NULL;
  if (!all) rc = CB_ERR_INPUT;
  const cJSON *e;
  cJSON_ArrayForEach(e, all) {
    if (same_commit(json_get(e, "sha")->valuestring, sha) && !strcmp(json_get(e, "machine")->valuestring, machine)) same = i;
    ++i;
  }
  if (rc == 0 && same >= 0 && !replace) {
    rc = CB_ERROR(err, CB_ERR_VERDICT, "%s: line %d already holds commit %.*s on %s (--replace replaces it)", history_path,
                  same + 1, SHA_SHOWN, sha, machine);
  }
  if (rc == 0) {
    /* the whole file anew, then renamed over the old one: no reader sees half a line */
    size_t len = strlen(line) + 2;
    for (int i = 0; i < n; ++i) len += strlen(lines[i]) + 1;
    char *buf = malloc(len), *p = buf;
    if (!buf) rc = CB_ERROR(err, CB_ERR_MEMORY, "out of memory");
    for (int i = 0; buf && i <= n; ++i) {
      const char *l = i == n ? (same >= 0 ? NULL : line) : i == same ? line : lines[i];
      if (!l) continue;
      size_t k = strlen(l);
      memcpy(p, l, k);
      p += k;
      *p++ = '\n';
    }
    if (buf && file_write_atomic(history_path, buf, (size_t)(p - buf), err) != CB_OK) rc = CB_ERR_IO;
    if (rc == 0)
      fprintf(out, "history: %s commit %.*s%s on %s (%d benchmarks) %s %s (%d lines)\n", same >= 0 ? "replaced" : "appended",
              SHA_SHOWN, sha, cJSON_IsTrue(json_get(entry, "dirty")) ? " (dirty)" : "", machine,
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

CbStatus history_append(const char *bench_path, const char *history_path, int replace, FILE *out, CbError *e) {
  int lock; /* -1 when the lock cannot be taken: then unlocked */
  record_lock_take(history_path, &lock);
  CbStatus rc = append_locked(bench_path, history_path, replace, out, e);
  record_lock_release(lock, history_path);
  return rc;
}
