/* The deterministic performance gate (perf_gate.h). */
#include "perf_gate.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../models/status.h"
#include "../common/cb_path.h"
#include "../common/files.h"
#include "../common/json_get.h"
#include "../common/num_text.h"
#include "../common/subprocess.h"
#include "../run/record_fields.h"
#include "../run/run_record.h"
#include "ab_bench.h"
#include "history.h"
#include "instr_count.h"
#include "perf_decl.h"

#define GATE_MAX_DECLS 256
#define GATE_LOG_BYTES ((size_t)8 << 20)
/* A commit in a sentence: its first 12 digits; a bad value: its first 60 bytes. */
enum { SHA_SHOWN = 12, SHOWN = 60 };

/* Every integrator family once, CENIC's headline scene at the paper's settings, and the clutter
 * at 20 and 200 objects; horizons cut so that the set takes about two minutes under callgrind. */
static const PerfGateBench gate_set[] = {
    {"hard_clutter", "cenic-sd", 0, 1e-3, 1.0, NULL},
    {"hard_clutter", "cenic-fixed", 1, 1e-2, 1.0, NULL},
    {"hard_clutter", "mujoco", 1, 1e-2, 1.0, NULL},
    {"perf/clutter_200.json", "cenic-sd", 0, 1e-3, 0.2, NULL},
    {"perf/clutter_200.json", "cenic-fixed", 1, 1e-2, 0.3, NULL},
    {"tamsi_stick_slip", "cenic-trap", 0, 1e-3, -1, NULL},
    {"dragged_cube", "cenic-sd", 0, 1e-3, -1, "model=sap"},
    {"sliding_cube", "tamsi", 1, 1e-3, -1, NULL},
    {"sliding_cube", "bdf", 0, 1e-3, -1, NULL},
    {"ball_drop", "rk3", 0, 1e-3, -1, NULL},
    {"dragged_cube_rigid", "lcp", 1, 1e-3, 0.05, NULL},
    {"tr_ball_box", "ca", 1, 1e-2, -1, NULL},
};

const PerfGateBench *perf_gate_set(int *n) {
  *n = (int)(sizeof gate_set / sizeof gate_set[0]);
  return gate_set;
}

void perf_gate_config_default(PerfGateConfig *c) {
  memset(c, 0, sizeof *c);
  c->cases_dir = "cases";
  snprintf(c->history, sizeof c->history, "results/history/perf_gate.jsonl");
  snprintf(c->out_dir, sizeof c->out_dir, "results/out/perf_gate");
  c->tolerance = 0.02;
}

/* Removes the callgrind outputs PREFIX* of dir. */
static void remove_outputs(const char *dir, const char *prefix) {
  int n = 0;
  char **names = dir_list_all(dir, "", &n);
  for (int i = 0; names && i < n; ++i)
    if (!strncmp(names[i], prefix, strlen(prefix))) {
      char p[2300];
      snprintf(p, sizeof p, "%s/%s", dir, names[i]);
      unlink(p);
    }
  dir_list_free(names, n);
}

/* One benchmark under callgrind: its record (instructions set) or NULL with e. */
static cJSON *measure_one(const char *bin, const char *cases_dir, const PerfGateBench *b, const char *dir, int idx,
                          CbError *e) {
  char json[1200], log[1200], val[32], tend[32], cgout[1300], prefix[32];
  snprintf(prefix, sizeof prefix, "cg%02d.", idx);
  snprintf(json, sizeof json, "%s/run%02d.json", dir, idx);
  snprintf(log, sizeof log, "%s/run%02d.log", dir, idx);
  snprintf(cgout, sizeof cgout, "--callgrind-out-file=%s/%s%%p", dir, prefix);
  num_text(b->value, val, sizeof val);
  num_text(b->t_end, tend, sizeof tend);
  remove_outputs(dir, prefix);
  unlink(json);
  const char *argv[32];
  int k = 0;
  const char *head[] = {"valgrind", "--tool=callgrind", "--trace-children=yes",
                        "--toggle-collect=" INSTR_CALLGRIND_FUNCTION, cgout, bin, "--cases-dir", cases_dir, "run",
                        "--case", b->case_name, "--integrator", b->integrator, b->fixed ? "--dt" : "--accuracy", val,
                        "--reps", "1", "--quiet", "--json", json,
                        /* callgrind runs 50-100x slower: the budget is the integrator's, not valgrind's */
                        "--timeout", "100000"};
  for (size_t i = 0; i < sizeof head / sizeof head[0]; ++i) argv[k++] = head[i];
  if (b->t_end > 0) { argv[k++] = "--t-end"; argv[k++] = tend; }
  if (b->opt) { argv[k++] = "--opt"; argv[k++] = b->opt; }
  argv[k] = NULL;
  char serr[512];
  subprocess_run(argv, NULL, log, CB_ERR_BUF(serr, sizeof serr)); /* a failed run exits 1 and still writes its record */
  char *text = file_read_all(json, NULL);
  cJSON *rec = text ? cJSON_Parse(text) : NULL;
  free(text);
  if (!rec) {
    CB_ERROR(e, CB_ERR_INPUT, "%s %s: no record (%s; see %s)", b->case_name, b->integrator, serr, log);
    return NULL;
  }
  unsigned long long ir = 0;
  char cerr[600];
  int counted = callgrind_total_ir(dir, prefix, &ir, CB_ERR_BUF(cerr, sizeof cerr)) == 0 && ir > 0;
  const char *status = record_get_string(rec, FIELD_STATUS, "?");
  if (!counted && !strcmp(status, "ok")) {
    CB_ERROR(e, CB_ERR_INPUT, "%s %s: callgrind counted nothing (%s; see %s)", b->case_name, b->integrator,
             ir == 0 ? "no instructions inside " INSTR_CALLGRIND_FUNCTION : cerr, log);
    cJSON_Delete(rec);
    remove_outputs(dir, prefix);
    return NULL;
  }
  if (strcmp(status, "ok")) { /* a run that fails is data: its status goes to the gate, its count does not */
    remove_outputs(dir, prefix);
    cJSON *in = cJSON_CreateObject();
    cJSON_AddStringToObject(in, "source", "none");
    cJSON_AddStringToObject(in, "reason", "the run did not finish: no count (cbench gate)");
    cJSON_DeleteItemFromObject(rec, "instructions");
    cJSON_AddItemToObject(rec, "instructions", in);
    return rec;
  }
  remove_outputs(dir, prefix);
  cJSON *in = cJSON_CreateObject();
  cJSON_AddStringToObject(in, "source", "callgrind");
  cJSON_AddNumberToObject(in, "count", (double)ir);
  cJSON_AddStringToObject(in, "scope", "Ir inside " INSTR_CALLGRIND_FUNCTION ", --reps 1 (cbench gate)");
  cJSON_DeleteItemFromObject(rec, "instructions");
  cJSON_AddItemToObject(rec, "instructions", in);
  return rec;
}

CbStatus perf_gate_measure(const char *bin, const char *cases_dir, const char *out_dir, const char *only, int quiet,
                           CbError *e) {
  const char *vg_argv[] = {"valgrind", "--version", NULL};
  char vg[128];
  if (subprocess_output(vg_argv, vg, sizeof vg) != 0)
    return CB_ERROR(e, CB_ERR_IO, "gate: valgrind not found (apt-get install valgrind): instructions cannot be counted");
  if (dir_make_parents(out_dir) != 0) return CB_ERROR(e, CB_ERR_IO, "gate: %s: cannot create", out_dir);
  int n;
  const PerfGateBench *set = perf_gate_set(&n);
  cJSON *all = cJSON_CreateArray();
  for (int i = 0; i < n; ++i) {
    if (!ab_list_has(only, set[i].case_name)) continue;
    if (!quiet) fprintf(stderr, "gate: measuring %d/%d %s %s under callgrind ...\n", i + 1, n, set[i].case_name,
                        set[i].integrator);
    cJSON *rec = measure_one(bin, cases_dir, &set[i], out_dir, i, e);
    if (!rec) { cJSON_Delete(all); return CB_ERR_INPUT; }
    cJSON_AddItemToArray(all, rec);
  }
  if (cJSON_GetArraySize(all) == 0) {
    cJSON_Delete(all);
    return CB_ERROR(e, CB_ERR_INPUT, "gate: no benchmark of the set matches '%s'", only);
  }
  CbPath path;
  char *text = json_print(all, 1);
  CbStatus rc = !text ? CB_ERROR(e, CB_ERR_MEMORY, "out of memory")
                : cb_path_join(&path, e, out_dir, "bench.json") != CB_OK ? CB_ERR_IO
                : file_write_atomic(path.s, text, strlen(text), e);
  if (rc == CB_ERR_MEMORY) rc = CB_ERR_IO; /* as before: the bench could not be written */
  free(text);
  cJSON_Delete(all);
  return rc;
}

/* ---- comparing ---- */

/* 1 when commit sha is an ancestor of (or equal to) head in the git checkout repo ("" = here). */
static int is_ancestor(const char *repo, const char *sha, const char *head) {
  if (!strcmp(sha, head)) return 1;
  const char *argv[] = {"git", "-C", repo[0] ? repo : ".", "merge-base", "--is-ancestor", sha, head, NULL};
  char serr[256];
  return subprocess_run(argv, NULL, "/dev/null", CB_ERR_BUF(serr, sizeof serr)) == 0;
}

static int machines_match(const cJSON *line_info, const cJSON *machine) {
  const char *keys[] = {"cpu", "isa", "compiler", "flags"};
  for (int k = 0; k < 4; ++k) {
    const cJSON *a = json_get(line_info, keys[k]), *b = json_get(machine, keys[k]);
    if (!cJSON_IsString(a) || !cJSON_IsString(b) || strcmp(a->valuestring, b->valuestring)) return 0;
  }
  return 1;
}

typedef struct {
  char name[400];
  char case_name[160], integrator[64];
  const char *status_new, *status_base;
  double base, now;     /* instruction counts; -1 when absent */
  double allowed;       /* declared change (NAN: none) */
  int covering;
  const char *verdict;
  int fail;
} GateRow;

/* A commit sha as git prints it: 7 to 40 lowercase hex digits (never an option to git). */
static int sha_valid(const char *s) {
  size_t n = strlen(s);
  return n >= 7 && n <= 40 && strspn(s, "0123456789abcdef") == n;
}

/* The history line the measurement is compared with: the newest whose sha is an ancestor of
 * (or equal to) head; *comparable says whether its machine executes the same instructions. */
static const cJSON *pick_base(const cJSON *lines, const char *repo, const char *head, const cJSON *machine,
                              int *comparable) {
  *comparable = 0;
  for (int i = cJSON_GetArraySize(lines) - 1; i >= 0; --i) {
    const cJSON *l = cJSON_GetArrayItem(lines, i);
    const char *sha = json_str(l, "sha");
    if (!sha_valid(sha)) continue;
    if (!is_ancestor(repo, sha, head)) continue;
    *comparable = machines_match(json_get(l, "machine_info"), machine);
    return l;
  }
  return NULL;
}

/* The messages of the commits base..head, `git log --format=%x1e%H%n%B` (perf_decl.h). */
static char *git_log(const char *repo, const char *base, const char *head, CbError *e) {
  char range[200];
  snprintf(range, sizeof range, "%s..%s", base, head);
  const char *argv[] = {"git", "-C", repo[0] ? repo : ".", "log", "--format=%x1e%H%n%B", range, NULL};
  char *buf = malloc(GATE_LOG_BYTES);
  if (!buf) { CB_ERROR(e, CB_ERR_MEMORY, "out of memory"); return NULL; }
  if (subprocess_output(argv, buf, GATE_LOG_BYTES) != 0) {
    CB_ERROR(e, CB_ERR_INPUT, "gate: git log %s in %s failed", range, repo[0] ? repo : ".");
    free(buf);
    return NULL;
  }
  if (strlen(buf) >= GATE_LOG_BYTES - 1) {
    CB_ERROR(e, CB_ERR_INPUT, "gate: git log %s is longer than %zu MiB: measure against a newer history line", range,
             GATE_LOG_BYTES >> 20);
    free(buf);
    return NULL;
  }
  return buf;
}

static double bench_instr(const cJSON *b) {
  const cJSON *i = json_get(b, "instructions");
  return cJSON_IsNumber(i) && i->valuedouble > 0 ? i->valuedouble : -1;
}

static void judge(GateRow *r, double tol) {
  r->fail = 0;
  int ok_now = r->status_new && !strcmp(r->status_new, "ok");
  int ok_base = r->status_base && !strcmp(r->status_base, "ok");
  if (!r->status_base) { r->verdict = "new benchmark (no baseline)"; return; }
  if (!ok_now && ok_base) { r->verdict = "REGRESSION (fails now)"; r->fail = 1; return; }
  if (r->base <= 0 || r->now <= 0) { r->verdict = "not counted"; return; }
  double rel = r->now / r->base - 1.0;
  if (rel > tol) {
    if (!isnan(r->allowed) && rel <= r->allowed + tol) r->verdict = "declared (Perf: trailer)";
    else if (!isnan(r->allowed)) { r->verdict = "REGRESSION (beyond the declared change)"; r->fail = 1; }
    else if (r->covering) { r->verdict = "REGRESSION (Perf: line without +N%)"; r->fail = 1; }
    else { r->verdict = "REGRESSION (undeclared increase)"; r->fail = 1; }
  } else if (rel < -tol) {
    r->verdict = "improvement (decrease)";
  } else {
    r->verdict = rel == 0 ? "equal" : "within tolerance";
  }
}

/* The baseline's counts measured here: builds base_sha (ab_binary_for_rev) and runs the set. */
static cJSON *measure_base_here(const PerfGateConfig *c, const char *base_sha, CbError *e) {
  char bin[PATH_MAX], sha[64];
  CbPath dir, path;
  if (ab_binary_for_rev(base_sha, bin, sizeof bin, sha, sizeof sha, e) != CB_OK) return NULL;
  if (cb_path_join(&dir, e, c->out_dir, "base") != CB_OK) return NULL;
  if (perf_gate_measure(bin, c->cases_dir, dir.s, c->only, c->quiet, e) != CB_OK) return NULL;
  if (cb_path_join(&path, e, dir.s, "bench.json") != CB_OK) return NULL;
  return history_entry_from_file(path.s, e);
}

static int write_verdicts(const PerfGateConfig *c, const GateRow *rows, int n, const char *base_sha,
                          const char *head, const char *source, int fail, CbError *e) {
  cJSON *doc = cJSON_CreateObject();
  cJSON_AddStringToObject(doc, "schema", "cbench.gate/1");
  cJSON_AddStringToObject(doc, "base", base_sha);
  cJSON_AddStringToObject(doc, "head", head);
  cJSON_AddStringToObject(doc, "baseline_source", source);
  cJSON_AddNumberToObject(doc, "tolerance", c->tolerance);
  cJSON *arr = cJSON_AddArrayToObject(doc, "benchmarks");
  for (int i = 0; i < n; ++i) {
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "benchmark", rows[i].name);
    if (rows[i].base > 0) cJSON_AddNumberToObject(o, "base", rows[i].base);
    if (rows[i].now > 0) cJSON_AddNumberToObject(o, "now", rows[i].now);
    if (!isnan(rows[i].allowed)) cJSON_AddNumberToObject(o, "declared", rows[i].allowed);
    cJSON_AddStringToObject(o, "verdict", rows[i].verdict);
    cJSON_AddItemToArray(arr, o);
  }
  cJSON_AddBoolToObject(doc, "fail", fail);
  CbPath path;
  char *text = json_print(doc, 1);
  cJSON_Delete(doc);
  CbStatus rc = !text ? CB_ERROR(e, CB_ERR_IO, "out of memory")
                : cb_path_join(&path, e, c->out_dir, "gate.json") != CB_OK ? CB_ERR_IO
                : dir_make_parents(c->out_dir) != 0 ? CB_ERROR(e, CB_ERR_IO, "%s: cannot create", c->out_dir)
                : file_write_atomic(path.s, text, strlen(text), e);
  free(text);
  return rc == CB_OK ? CB_OK : CB_ERR_IO;
}

CbStatus perf_gate_run(const PerfGateConfig *c, FILE *out, CbError *e) {
  CbPath bench_path;
  if (c->measured[0]) {
    if (cb_path(&bench_path, e, "%s", c->measured) != CB_OK) return CB_ERR_INPUT;
  } else {
    char bin[PATH_MAX];
    if (c->binary[0] ? !realpath(c->binary, bin) : !realpath("/proc/self/exe", bin))
      return CB_ERROR(e, CB_ERR_INPUT, "gate: binary %s not found", c->binary[0] ? c->binary : "(this one)");
    CbStatus rc = perf_gate_measure(bin, c->cases_dir, c->out_dir, c->only, c->quiet, e);
    if (rc != CB_OK) return rc;
    if (cb_path_join(&bench_path, e, c->out_dir, "bench.json") != CB_OK) return CB_ERR_INPUT;
  }
  const char *bench = bench_path.s;
  cJSON *recs = records_load_file(bench, e);
  if (!recs || e->msg[0]) {
    if (!e->msg[0]) CB_ERROR(e, CB_ERR_INPUT, "cannot read the measurement");
    cb_error_prefix(e, "gate: ");
    cJSON_Delete(recs);
    return cb_error_fail(e, CB_ERR_INPUT);
  }
  cJSON *now = history_entry_from_records(recs, bench, e);
  if (!now) { cJSON_Delete(recs); return CB_ERR_INPUT; }
  const cJSON *machine = record_get(cJSON_GetArrayItem(recs, 0), FIELD_MACHINE);
  const char *head = json_str(now, "sha");
  if (!sha_valid(head)) {
    CB_ERROR(e, CB_ERR_INPUT, "gate: %s: machine.git: expected the build's commit sha, got '%.*s'", bench, SHOWN, head);
    cJSON_Delete(now);
    cJSON_Delete(recs);
    return CB_ERR_INPUT;
  }
  int dirty = cJSON_IsTrue(json_get(now, "dirty"));

  cJSON *lines = file_exists(c->history) ? history_load(c->history, e) : cJSON_CreateArray();
  if (!lines) { cJSON_Delete(now); cJSON_Delete(recs); return CB_ERR_INPUT; }
  int comparable = 0;
  const cJSON *base = pick_base(lines, c->repo, head, machine, &comparable);
  cJSON *base_here = NULL;
  const char *source = "history";
  CbStatus rc = CB_OK;
  if (!base) {
    fprintf(out, "gate: %s has no line for an ancestor of %.*s: nothing to compare with (first landing)\n",
            c->history, SHA_SHOWN, head);
    source = "none";
  } else if (!comparable) {
    fprintf(out, "gate: the history's line for %.*s was measured on another kind of machine (cpu, isa, compiler or "
                 "flags differ): building it to measure it here\n", SHA_SHOWN, json_str(base, "sha"));
    base_here = measure_base_here(c, json_str(base, "sha"), e);
    if (!base_here) rc = CB_ERR_INPUT;
    source = "measured here";
  }
  char *log = NULL;
  PerfDecl *decls = calloc(GATE_MAX_DECLS, sizeof *decls);
  int ndecl = 0;
  if (!decls) rc = CB_ERROR(e, CB_ERR_MEMORY, "out of memory");
  if (rc == CB_OK && base && strcmp(json_str(base, "sha"), head)) {
    log = git_log(c->repo, json_str(base, "sha"), head, e);
    if (!log) rc = CB_ERR_INPUT;
    else ndecl = perf_decls_parse(log, decls, GATE_MAX_DECLS);
    if (ndecl > GATE_MAX_DECLS) {
      fprintf(out, "gate: %d Perf: lines, the first %d are read\n", ndecl, GATE_MAX_DECLS);
      ndecl = GATE_MAX_DECLS;
    }
  }
  const cJSON *bb = json_get(base_here ? base_here : base, "benchmarks"), *nb = json_get(now, "benchmarks");
  int n = cJSON_GetArraySize(nb), fails = 0, ups = 0, downs = 0, declared = 0;
  GateRow *rows = rc == CB_OK ? calloc((size_t)n + 1, sizeof *rows) : NULL;
  if (rc == CB_OK && !rows) rc = CB_ERROR(e, CB_ERR_MEMORY, "out of memory");
  if (rc == CB_OK) {
    fprintf(out, "gate: instructions inside %s, %.*s%s against %s (%s); tolerance %g%%\n", INSTR_CALLGRIND_FUNCTION,
            SHA_SHOWN, head, dirty ? " (dirty)" : "", base ? json_str(base, "sha") : "nothing", source, 100 * c->tolerance);
    for (int i = 0; i < ndecl; ++i) fprintf(out, "gate: declared in %.*s: Perf: %s\n", SHA_SHOWN, decls[i].sha, decls[i].text);
    fprintf(out, "%-44s %15s %15s %9s  %s\n", "benchmark", "base Ir", "now Ir", "change", "verdict");
    int i = 0;
    const cJSON *b;
    cJSON_ArrayForEach(b, nb) {
      GateRow *r = &rows[i];
      const cJSON *rec = cJSON_GetArrayItem(recs, i);
      snprintf(r->name, sizeof r->name, "%s", b->string);
      snprintf(r->case_name, sizeof r->case_name, "%s", record_get_string(rec, FIELD_CASE, ""));
      snprintf(r->integrator, sizeof r->integrator, "%s", record_get_string(rec, FIELD_INTEGRATOR, ""));
      const cJSON *old = json_get(bb, b->string);
      r->status_new = json_str(b, "status");
      r->status_base = old ? json_str(old, "status") : NULL;
      r->now = bench_instr(b);
      r->base = old ? bench_instr(old) : -1;
      r->allowed = perf_decls_allowed(decls, ndecl, r->case_name, r->integrator, &r->covering);
      judge(r, c->tolerance);
      fails += r->fail;
      declared += !strncmp(r->verdict, "declared", 8);
      double rel = r->base > 0 && r->now > 0 ? r->now / r->base - 1 : NAN;
      ups += rel > c->tolerance;
      downs += rel < -c->tolerance;
      char change[32] = "-";
      if (!isnan(rel)) snprintf(change, sizeof change, "%+.2f%%", 100 * rel);
      char nb_text[32] = "-", nn_text[32] = "-";
      if (r->base > 0) snprintf(nb_text, sizeof nb_text, "%.0f", r->base);
      if (r->now > 0) snprintf(nn_text, sizeof nn_text, "%.0f", r->now);
      fprintf(out, "%-44s %15s %15s %9s  %s\n", r->name, nb_text, nn_text, change, r->verdict);
      ++i;
    }
    fprintf(out, "gate: %d benchmark(s); %d rise(s) beyond %g%%, %d of them declared; %d decrease(s); -> %s\n", n, ups,
            100 * c->tolerance, declared, downs, fails ? "FAIL" : "pass");
    if (fails) fprintf(out, "gate: a commit that trades speed for physics says so in its message, e.g.\n"
                            "    Perf: %s %s +N%% instructions: what it buys\n", rows[0].integrator, rows[0].case_name);
    if (write_verdicts(c, rows, n, base ? json_str(base, "sha") : "", head, source, fails > 0, e) != CB_OK) {
      cb_error_prefix(e, "gate: ");
      rc = CB_ERR_IO;
    } else if (fails) {
      rc = CB_ERR_VERDICT;
    }
  }
  if (rc == CB_OK && c->append) {
    if (dirty) {
      rc = CB_ERROR(e, CB_ERR_INPUT, "gate: --append: %.*s was built from a tree with uncommitted changes; commit, rebuild, "
                                     "measure again", SHA_SHOWN, head);
    } else {
      dir_make_parent_of(c->history);
      rc = history_append(bench, c->history, 0, out, e);
    }
  }
  free(rows);
  free(log);
  free(decls);
  cJSON_Delete(base_here);
  cJSON_Delete(lines);
  cJSON_Delete(now);
  cJSON_Delete(recs);
  return rc;
}
