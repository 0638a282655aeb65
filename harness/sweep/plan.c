/* Plans, merge and the sbatch command (see plan.h). */
#include "plan.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../models/json_input.h"
#include "../common/cb_path.h"
#include "../common/files.h"
#include "../common/install_dir.h"
#include "sweep.h"
#include "../common/num_text.h"
#include "../run/record_fields.h"

/* How much of a bad plan line a message shows. */
enum { LINE_SHOWN = 200, LINE_SHOWN_SHORT = 80 };

/* Absolute form of a path whose directory exists (the file itself may not): CB_OK, or CB_ERR_IO
 * (e may be NULL). */
static CbStatus absolute_path(const char *path, CbPath *out, CbError *e) {
  CbPath dir, resolved;
  const char *slash = strrchr(path, '/');
  const char *base = slash ? slash + 1 : path;
  if (cb_path(&dir, e, "%.*s", slash ? ((int)(slash - path) ? (int)(slash - path) : 1) : 1, slash ? path : ".") != CB_OK)
    return CB_ERR_IO;
  if (!realpath(dir.s, resolved.s)) return CB_ERROR(e, CB_ERR_IO, "%s: cannot resolve the directory", dir.s);
  return cb_path(out, e, "%s/%s", strcmp(resolved.s, "/") ? resolved.s : "", base);
}

/* A plan word's characters that stand for themselves; any other byte is written %XX, so that a
 * line is words separated by single spaces that no shell or `read` splits or interprets
 * (scripts/slurm/sweep.sbatch decodes them without eval). */
static const char PLAN_PLAIN[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_./:=,+@-";

/* Appends word w (after a space unless first) to out: CB_OK, or CB_ERR_INPUT when it is empty or
 * does not fit. */
static CbStatus put_word(char *out, size_t outlen, size_t *n, const char *w, int first) {
  if (!first) {
    if (*n + 1 >= outlen) return CB_ERR_INPUT;
    out[(*n)++] = ' ';
  }
  if (!*w) return CB_ERR_INPUT; /* an empty word has no encoding: refused */
  for (const unsigned char *c = (const unsigned char *)w; *c; ++c) {
    if (strchr(PLAN_PLAIN, *c)) {
      if (*n + 1 >= outlen) return CB_ERR_INPUT;
      out[(*n)++] = (char)*c;
    } else {
      if (*n + 3 >= outlen) return CB_ERR_INPUT;
      snprintf(out + *n, 4, "%%%02X", *c);
      *n += 3;
    }
  }
  out[*n] = '\0';
  return CB_OK;
}

CbStatus plan_format_line(const RunSpec *spec, const char *record_path, char *out, size_t outlen) {
  RunSpec s = *spec;
  char exe[PATH_MAX], buf[PLAN_MAX_LINE];
  CbPath rec;
  if (self_exe_path(exe, sizeof exe) != 0) return CB_ERR_IO;
  if (!realpath(spec->case_path, s.case_path)) return CB_ERR_IO;
  if (absolute_path(record_path, &rec, NULL) != CB_OK) return CB_ERR_IO;
  const char *w[4 * (CB_MAX_EXTRA_OPTIONS + SCENE_MAX_PARAMS) + 40];
  int nw = run_spec_words(&s, buf, sizeof buf, w, (int)(sizeof w / sizeof *w));
  if (nw < 2) return CB_ERR_INPUT;
  size_t n = 0;
  if (outlen) out[0] = '\0';
  /* run_spec_words starts with the word "cbench": the line names this very binary */
  int bad = put_word(out, outlen, &n, exe, 1) != CB_OK;
  for (int i = 1; i < nw && !bad; ++i) bad = put_word(out, outlen, &n, w[i], 0) != CB_OK;
  if (!bad) bad = put_word(out, outlen, &n, "--json", 0) || put_word(out, outlen, &n, rec.s, 0) ||
                  put_word(out, outlen, &n, "--resume", 0);
  return bad || n + 1 >= PLAN_MAX_LINE ? CB_ERR_INPUT : CB_OK;
}

static int hex_value(char c) {
  return c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'F' ? c - 'A' + 10 : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

int plan_line_words(const char *line, char *buf, size_t buflen, const char **words, int maxwords) {
  size_t n = 0;
  int nw = 0;
  const char *c = line;
  if (!*c) return CB_ERR_INPUT;
  for (;;) {
    if (*c == ' ' || !*c) return CB_ERR_INPUT; /* an empty word: two spaces, or one at either end */
    if (nw >= maxwords) return CB_ERR_INPUT;
    words[nw++] = buf + n;
    for (; *c && *c != ' '; ++c) {
      int ch = (unsigned char)*c;
      if (ch == '%') {
        int hi = hex_value(c[1]), lo = hi < 0 ? -1 : hex_value(c[2]);
        if (lo < 0 || (hi == 0 && lo == 0)) return CB_ERR_INPUT;
        ch = hi * 16 + lo;
        c += 2;
      } else if (!strchr(PLAN_PLAIN, ch)) {
        return CB_ERR_INPUT;
      }
      if (n + 1 >= buflen) return CB_ERR_INPUT;
      buf[n++] = (char)ch;
    }
    if (n + 1 > buflen) return CB_ERR_INPUT;
    buf[n++] = '\0';
    if (!*c) return nw;
    ++c; /* the space */
  }
}

CbStatus plan_parse_line(const char *line, char *json, size_t jsonlen, double *timeout, int *reps) {
  char buf[PLAN_MAX_LINE];
  const char *w[PLAN_MAX_LINE / 2];
  *timeout = 0;
  *reps = 1;
  json[0] = 0;
  int nw = plan_line_words(line, buf, sizeof buf, w, (int)(sizeof w / sizeof *w));
  if (nw < 2 || strcmp(w[1], "run") != 0) return CB_ERR_INPUT;
  int bad = 0, calibrated = 0;
  for (int i = 2; i + 1 < nw; ++i) {
    const char *prev = w[i], *tok = w[i + 1];
    if (!strcmp(prev, "--json")) snprintf(json, jsonlen, "%s", tok);
    else if (!strcmp(prev, "--timeout")) {
      char *end;
      double t = strtod(tok, &end);
      if (end == tok || *end || !(t > 0 && t <= RUN_MAX_TIMEOUT_S)) bad = 1;
      else *timeout = t;
    } else if (!strcmp(prev, "--reps")) {
      char *end;
      long r = strtol(tok, &end, 10);
      if (end == tok || *end || r < 1 || r > RUN_MAX_REPS) bad = 1;
      else *reps = (int)r;
    } else if (!strcmp(prev, "--min-time")) {
      calibrated = 1;
    }
  }
  /* calibrated timing stops at the minimum time (at most 60 s) or after 3 repetitions when one
   * is shorter, or after one longer one: within 4 integrations' budgets */
  if (calibrated && *reps > 4) *reps = 4;
  return !json[0] ? CB_ERR_INPUT : bad ? CB_ERR_OPTION : CB_OK;
}

void plan_free_lines(char **lines, int n) {
  if (!lines) return;
  for (int i = 0; i < n; ++i) free(lines[i]);
  free(lines);
}

int plan_read(const char *path, char ***lines_out, CbError *e) {
  char *text = input_read_file(path, INPUT_MAX_BYTES, NULL, e);
  if (!text) return cb_error_fail(e, CB_ERR_INPUT);
  int n = 0, cap = 64;
  char **lines = malloc(sizeof(char *) * (size_t)cap);
  int lineno = 0;
  /* Line i is task i - 1 (scripts/slurm/sweep.sbatch reads line BASE + id + 1): a blank or
   * comment line would shift every later task, so each line must be a run (the last one may end
   * with a newline or not). */
  for (char *l = text, *next; l && *l && lines; l = next) {
    ++lineno;
    char *nl = strchr(l, '\n');
    next = nl ? nl + 1 : NULL;
    if (nl) *nl = '\0';
    char json[PATH_MAX];
    double timeout;
    int reps;
    CbStatus prc = plan_parse_line(l, json, sizeof json, &timeout, &reps);
    if (prc != CB_OK) {
      if (!l[0]) CB_ERROR(e, CB_ERR_INPUT, "%s: line %d is blank: each line is one task (line i runs as task i - 1)", path, lineno);
      else if (prc == CB_ERR_OPTION)
        CB_ERROR(e, CB_ERR_INPUT, "%s: line %d: --timeout must be a number in (0, %g] s and --reps an integer in [1, %d]: '%.*s'",
                 path, lineno, RUN_MAX_TIMEOUT_S, RUN_MAX_REPS, LINE_SHOWN, l);
      else CB_ERROR(e, CB_ERR_INPUT, "%s: line %d is not a `cbench run ... --json FILE` line of words with %%XX escapes "
                    "separated by single spaces: '%.*s'", path, lineno, LINE_SHOWN_SHORT, l);
      plan_free_lines(lines, n);
      free(text);
      return CB_ERR_INPUT;
    }
    if (n == cap) {
      char **g = realloc(lines, sizeof(char *) * (size_t)(cap *= 2));
      if (!g) break;
      lines = g;
    }
    lines[n++] = strdup(l);
  }
  free(text);
  if (!lines) return CB_ERROR(e, CB_ERR_MEMORY, "out of memory");
  if (n == 0) { free(lines); return CB_ERROR(e, CB_ERR_INPUT, "%s: the plan is empty", path); }
  if (lines_out) *lines_out = lines;
  else plan_free_lines(lines, n);
  return n;
}

static const char *record_status(const cJSON *rec, const char **message) {
  *message = record_get_string(rec, FIELD_MESSAGE, "");
  return record_get_string(rec, FIELD_STATUS, "?");
}

/* A run's identity: its canonical spec (spec_key), else the command that reproduces it. */
static const char *run_identity(const cJSON *rec) {
  const char *key = record_get_string(rec, FIELD_SPEC_KEY, NULL);
  return key ? key : record_get_string(rec, FIELD_COMMAND, NULL);
}

typedef struct {
  const char *id;
  cJSON *rec;
  int pos, dup;
} RunId;

static int cmp_run_id(const void *a, const void *b) {
  const RunId *x = a, *y = b;
  int c = strcmp(x->id, y->id);
  return c ? c : (x->pos > y->pos) - (x->pos < y->pos);
}

static const char *record_place(const cJSON *rec, char *buf, size_t len, int pos) {
  const char *file = record_get_string(rec, FIELD_RECORD_FILE, NULL);
  if (file) return file;
  snprintf(buf, len, "record %d", pos + 1);
  return buf;
}

/* Drops from all every record whose run an earlier one already is (sorted identities: 10^5
 * records cost no 10^10 comparisons), naming both; returns how many, or CB_ERR_MEMORY (< 0). */
static int drop_duplicate_runs(cJSON *all, FILE *out) {
  int n = cJSON_GetArraySize(all), m = 0, dups = 0;
  RunId *ids = malloc(sizeof *ids * (size_t)(n > 0 ? n : 1));
  if (!ids) return CB_ERR_MEMORY;
  int pos = 0;
  for (cJSON *r = all->child; r; r = r->next, ++pos) {
    const char *id = run_identity(r);
    if (id) ids[m++] = (RunId){id, r, pos, 0};
  }
  qsort(ids, (size_t)m, sizeof *ids, cmp_run_id);
  for (int i = 1, first = 0; i < m; ++i) {
    if (strcmp(ids[first].id, ids[i].id)) { first = i; continue; }
    char a[32], b[32];
    fprintf(out, "merge: duplicate: %s is the same run as %s (kept once)\n",
            record_place(ids[i].rec, b, sizeof b, ids[i].pos), record_place(ids[first].rec, a, sizeof a, ids[first].pos));
    ids[i].dup = 1;
    ++dups;
  }
  for (int i = 1; i < m; ++i) /* after naming them all: the names point into the records */
    if (ids[i].dup) cJSON_Delete(cJSON_DetachItemViaPointer(all, ids[i].rec));
  free(ids);
  return dups;
}

CbStatus plan_merge(const char *dir, const char *plan_path, FILE *out, CbError *e) {
  cJSON *all = NULL;
  int missing = 0, failed = 0, duplicates = 0, total = 0;
  if (plan_path) {
    char **lines = NULL;
    int n = plan_read(plan_path, &lines, e);
    if (n < 0) return cb_error_fail(e, CB_ERR_INPUT);
    all = cJSON_CreateArray();
    char (*paths)[PATH_MAX] = calloc((size_t)n, sizeof *paths);
    if (!paths) {
      plan_free_lines(lines, n);
      cJSON_Delete(all);
      return CB_ERROR(e, CB_ERR_MEMORY, "out of memory");
    }
    for (int i = 0; i < n; ++i) {
      double timeout;
      int reps;
      plan_parse_line(lines[i], paths[i], sizeof paths[i], &timeout, &reps);
      int again = 0;
      for (int k = 0; k < i && !again; ++k)
        if (!strcmp(paths[k], paths[i])) {
          fprintf(out, "merge: duplicate: plan lines %d and %d write %s\n", k + 1, i + 1, paths[i]);
          duplicates++;
          again = 1;
        }
      total++;
      if (again) continue; /* one record, counted once */
      cJSON *rec = run_record_load(paths[i]);
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
    all = records_load_dir(dir, e);
    if (!all) return cb_error_fail(e, CB_ERR_INPUT); /* no sweep.json from records that cannot all be read */
    if (!all->child) {
      cJSON_Delete(all);
      return CB_ERROR(e, CB_ERR_INPUT, "%s: no cbench.run/1 records: nothing to merge (no sweep.json written)", dir);
    }
  }
  int dups = drop_duplicate_runs(all, out);
  if (dups < 0) { cJSON_Delete(all); return CB_ERROR(e, CB_ERR_MEMORY, "out of memory"); }
  duplicates += dups;
  if (!plan_path) { /* a run that is there twice is one point */
    cJSON *rec;
    cJSON_ArrayForEach(rec, all) {
      const char *msg;
      total++;
      if (strcmp(record_status(rec, &msg), "ok")) failed++;
    }
  }
  char *text = json_print(all, 1);
  CbPath path;
  CbStatus wrc = !text ? CB_ERROR(e, CB_ERR_MEMORY, "out of memory")
                 : cb_path_join(&path, e, dir, "sweep.json") != CB_OK ? CB_ERR_IO
                 : file_write_atomic(path.s, text, strlen(text), e);
  int nrec = cJSON_GetArraySize(all);
  free(text);
  cJSON_Delete(all);
  if (wrc != CB_OK) return wrc;
  fprintf(out, "merge: %d records of %d points in %s (%d missing, %d not ok, %d duplicate)\n", nrec, total, path.s,
          missing, failed, duplicates);
  return missing || duplicates ? CB_ERR_VERDICT : CB_OK;
}

void plan_free_commands(SbatchCommand *cmds, int n) {
  if (!cmds) return;
  for (int i = 0; i < n; ++i) {
    for (int k = 0; k < cmds[i].argc; ++k) free(cmds[i].argv[k]);
    free(cmds[i].argv);
    free(cmds[i].text);
  }
  free(cmds);
}

const char *plan_sbatch_arg_forbidden(const char *arg) {
  static const char *const names[] = {"array", "wrap"};
  if (arg[0] != '-') return NULL;
  if (arg[1] == '-') {
    size_t n = strcspn(arg + 2, "=");
    for (int k = 0; k < 2; ++k)
      if (n > 0 && n <= strlen(names[k]) && !strncmp(arg + 2, names[k], n)) return k ? "--wrap" : "--array";
    return NULL;
  }
  /* a cluster of short flags: those that take no value (sbatch's -h -H -k -O -Q -s -u -v -V -W),
   * then perhaps one that does, whose value is the rest of the word */
  for (const char *c = arg + 1; *c; ++c) {
    if (*c == 'a') return "--array";
    if (!strchr("hHkOQsuvVW", *c)) break;
  }
  return NULL;
}

/* A word as the shell reads it back: as is when it is plain, else in single quotes. */
static void shell_word(FILE *f, const char *w) {
  if (*w && strspn(w, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_./:=,%+@-") == strlen(w)) {
    fputs(w, f);
    return;
  }
  fputc('\'', f);
  for (; *w; ++w) {
    if (*w == '\'') fputs("'\\''", f);
    else fputc(*w, f);
  }
  fputc('\'', f);
}

/* cmd's argv from its words (copied) and its text for people; CB_OK or CB_ERR_MEMORY. */
static CbStatus command_make(SbatchCommand *cmd, const char *const *words, int n) {
  cmd->argc = 0;
  cmd->text = NULL;
  cmd->argv = calloc((size_t)n + 1, sizeof *cmd->argv);
  if (!cmd->argv) return CB_ERR_MEMORY;
  for (int i = 0; i < n; ++i) {
    if (!(cmd->argv[i] = strdup(words[i]))) return CB_ERR_MEMORY;
    cmd->argc = i + 1;
  }
  size_t len = 0;
  FILE *f = open_memstream(&cmd->text, &len);
  if (!f) return CB_ERR_MEMORY;
  for (int i = 0; i < n; ++i) {
    if (i) fputc(' ', f);
    shell_word(f, words[i]);
  }
  return fclose(f) == 0 && cmd->text ? CB_OK : CB_ERR_MEMORY;
}

/* What append_range did. */
typedef enum { RANGE_ADDED, RANGE_LIST_FULL, RANGE_NO_MEMORY } RangeResult;

/* Appends "0-3" or ",7" to the growing string *s; RANGE_LIST_FULL when it would make the list
 * longer than PLAN_MAX_ARRAY_SPEC (nothing appended). */
static RangeResult append_range(char **s, size_t *len, size_t *cap, int first, int a, int b) {
  char piece[48];
  int n = snprintf(piece, sizeof piece, a == b ? "%s%d" : "%s%d-%d", first ? "" : ",", a, b);
  if (!first && *len + (size_t)n > PLAN_MAX_ARRAY_SPEC) return RANGE_LIST_FULL;
  if (*len + (size_t)n + 1 > *cap) {
    size_t c = 2 * *cap + (size_t)n + 1;
    char *g = realloc(*s, c);
    if (!g) return RANGE_NO_MEMORY;
    *s = g;
    *cap = c;
  }
  memcpy(*s + *len, piece, (size_t)n + 1);
  *len += (size_t)n;
  return RANGE_ADDED;
}

int plan_slurm_max_array_size(void) {
  FILE *p = popen("scontrol show config 2>/dev/null", "r");
  if (!p) return PLAN_DEFAULT_MAX_ARRAY_SIZE;
  char line[512];
  long v = 0;
  while (fgets(line, sizeof line, p))
    if (!strncmp(line, "MaxArraySize", 12)) {
      const char *eq = strchr(line, '=');
      char *end;
      long x = eq ? strtol(eq + 1, &end, 10) : 0;
      if (eq && end != eq + 1 && x >= 1 && x <= PLAN_MAX_ARRAY_SIZE) v = x;
    }
  pclose(p);
  return v > 0 ? (int)v : PLAN_DEFAULT_MAX_ARRAY_SIZE;
}

int plan_sbatch_commands(const char *plan_path, const char *sbatch_script, const char *const *sbatch_args,
                         int nsbatch_args, int max_parallel, int only_missing, int max_array_size,
                         SbatchCommand **cmds_out, int *ncmd, CbError *e) {
  *cmds_out = NULL;
  *ncmd = 0;
  if (max_array_size < 1 || max_array_size > PLAN_MAX_ARRAY_SIZE)
    return CB_ERROR(e, CB_ERR_INPUT, "MaxArraySize must be in [1, %d], got %d", PLAN_MAX_ARRAY_SIZE, max_array_size);
  char **lines = NULL;
  int n = plan_read(plan_path, &lines, e);
  if (n < 0) return n;
  int *idx = malloc(sizeof(int) * (size_t)n);
  if (!idx) { plan_free_lines(lines, n); return CB_ERROR(e, CB_ERR_MEMORY, "out of memory"); }
  int ntask = 0;
  double budget = 0;
  for (int i = 0; i < n; ++i) {
    char json[PATH_MAX];
    double timeout;
    int reps;
    plan_parse_line(lines[i], json, sizeof json, &timeout, &reps); /* checked by plan_read */
    if (only_missing && run_record_complete(json, NULL)) continue;
    idx[ntask++] = i;
    /* one error run plus reps timing runs, each under the per-integration budget */
    double b = (timeout > 0 ? timeout : 3600.0) * (reps + 1.0);
    if (b > budget) budget = b;
  }
  plan_free_lines(lines, n);
  if (ntask == 0) { free(idx); return 0; }
  /* the task limit: the runs' budget, plus two minutes for loading, metrics and the record;
   * at most 1e6 s x 100001 runs: ~1.7e9 minutes, within Slurm's 32-bit limit */
  long minutes = (long)ceil((budget + 120.0) / 60.0);
  CbPath plan_abs, logs, script_abs;
  if (absolute_path(plan_path, &plan_abs, NULL) != CB_OK) {
    free(idx);
    return CB_ERROR(e, CB_ERR_INPUT, "%s: cannot resolve the plan's directory", plan_path);
  }
  /* absolute paths: the printed commands work from any folder */
  if (!realpath(sbatch_script, script_abs.s)) {
    free(idx);
    return CB_ERROR(e, CB_ERR_INPUT, "%s: cannot resolve the sbatch script", sbatch_script);
  }
  if (cb_path(&logs, e, "%s.logs", plan_abs.s) != CB_OK) { free(idx); return CB_ERR_IO; }
  if (dir_make_parents(logs.s) != 0) { free(idx); return CB_ERROR(e, CB_ERR_INPUT, "cannot create %s", logs.s); }
  /* Submissions: each covers plan lines base .. base + MaxArraySize - 1 (array ids are line -
   * base, passed to the script) and an --array list of at most PLAN_MAX_ARRAY_SPEC characters. */
  SbatchCommand *cmds = NULL;
  int nc = 0, oom = 0;
  for (int i = 0; i < ntask && !oom;) {
    int base = idx[i];
    size_t len = 0, cap = 256;
    char *spec = malloc(cap);
    if (!spec) { oom = 1; break; }
    spec[0] = '\0';
    int first = 1;
    while (i < ntask && idx[i] - base < max_array_size) {
      int j = i;
      while (j + 1 < ntask && idx[j + 1] == idx[j] + 1 && idx[j + 1] - base < max_array_size) ++j;
      RangeResult ar = append_range(&spec, &len, &cap, first, idx[i] - base, idx[j] - base);
      if (ar == RANGE_NO_MEMORY) oom = 1;
      if (ar != RANGE_ADDED) break;
      first = 0;
      i = j + 1;
    }
    SbatchCommand *g = oom ? NULL : realloc(cmds, sizeof *cmds * (size_t)(nc + 1));
    if (!g) { free(spec); oom = 1; break; }
    cmds = g;
    /* the user's sbatch settings after ours (sbatch takes the last of an option given twice),
     * before the script (words after it are the script's) */
    size_t alen = len + 32, olen = strlen(logs.s) + 64;
    char *array = malloc(alen), *output = malloc(olen), tlimit[40], basetxt[16];
    const char **words = malloc(sizeof *words * (size_t)(nsbatch_args + 10));
    if (!array || !output || !words) { free(array); free(output); free(words); free(spec); oom = 1; break; }
    snprintf(array, alen, "--array=%s%%%d", spec, max_parallel);
    snprintf(output, olen, "--output=%s/task-%d+%%a.out", logs.s, base);
    snprintf(tlimit, sizeof tlimit, "--time=%ld", minutes);
    snprintf(basetxt, sizeof basetxt, "%d", base);
    int nw = 0;
    words[nw++] = "sbatch";
    words[nw++] = "--parsable";
    words[nw++] = "--job-name=cbench-sweep";
    words[nw++] = array;
    words[nw++] = tlimit;
    words[nw++] = output;
    for (int k = 0; k < nsbatch_args; ++k) words[nw++] = sbatch_args[k];
    words[nw++] = script_abs.s;
    words[nw++] = plan_abs.s;
    words[nw++] = basetxt;
    if (command_make(&cmds[nc++], words, nw) != CB_OK) oom = 1;
    free(array);
    free(output);
    free(words);
    free(spec);
  }
  free(idx);
  if (oom) { plan_free_commands(cmds, nc); return CB_ERROR(e, CB_ERR_MEMORY, "out of memory"); }
  *cmds_out = cmds;
  *ncmd = nc;
  return ntask;
}
