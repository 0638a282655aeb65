#include "ab_bench.h"

#include <cjson/cJSON.h>
#include <dirent.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ab_stats.h"
#include "../common/clock.h"
#include "../common/files.h"
#include "instr_count.h"
#include "../run/run_record.h"
#include "../run/run_spec.h"
#include "../common/subprocess.h"

#define AB_MAX_ROUNDS 100
#define AB_MAX_REPS 100000

typedef struct {
  const char *case_name, *integrator;
  int fixed;    /* 1: --dt value, 0: --accuracy value */
  double value;
  double t_end; /* --t-end; 0: the case's duration */
} AbBenchDef;

/* hard_clutter's horizon: the drop and first impacts of the pile (20 objects), where contact
 * is densest; a measurement (error run and calibrated repetitions) then takes about a second
 * instead of ten for the whole scene. */
#define AB_CLUTTER_T_END 1.0

/* The default set: the three error-controlled CENIC/SUNDIALS schemes at 1e-3 and the three
 * fixed-step ones at 1 ms, on a sliding, a dragged and a stick-slip contact case; and hard
 * clutter, where CENIC is compared with MuJoCo (scripts/bench_cenic.sh): cenic-sd at 1e-3 and
 * cenic-fixed at 10 ms. */
#define AB_ROW(c) {c, "cenic-sd", 0, 1e-3, 0}, {c, "cenic-trap", 0, 1e-3, 0}, {c, "bdf", 0, 1e-3, 0}, \
                  {c, "cenic-fixed", 1, 1e-3, 0}, {c, "tamsi", 1, 1e-3, 0}, {c, "mujoco", 1, 1e-3, 0}
static const AbBenchDef set_default[] = {AB_ROW("dragged_cube"), AB_ROW("tamsi_stick_slip"), AB_ROW("sliding_cube"),
                                         {"hard_clutter", "cenic-sd", 0, 1e-3, AB_CLUTTER_T_END},
                                         {"hard_clutter", "cenic-fixed", 1, 1e-2, AB_CLUTTER_T_END}};
static const AbBenchDef set_quick[] = {AB_ROW("dragged_cube")};
/* `make bench-selftest`: tamsi (where the selftest build injects its slowdown) and two controls. */
static const AbBenchDef set_selftest[] = {{"dragged_cube", "tamsi", 1, 1e-3, 0}, {"tamsi_stick_slip", "tamsi", 1, 1e-3, 0},
                                          {"dragged_cube", "cenic-sd", 0, 1e-3, 0}};

typedef struct {
  AbBenchDef def;
  char key[160];
  int reps;                 /* timing repetitions per measurement (the same for A and B) */
  double a[AB_MAX_ROUNDS], b[AB_MAX_ROUNDS];
  int n, done;
  char fail_a[300], fail_b[300];
  int invalid_a, invalid_b; /* the failure is a record whose times are not times */
  cJSON *rec_a, *rec_b;     /* the first record of each side (counters, instructions) */
  AbDecision d;
  int have_d;
  double instr_a, instr_b;  /* -1: not counted */
  char isource[32], iscope[96], inote[300];
} AbBench;

void ab_config_default(AbConfig *c) {
  memset(c, 0, sizeof *c);
  c->cases_dir = "cases";
  snprintf(c->against, sizeof c->against, "main");
  snprintf(c->set, sizeof c->set, "default");
  c->threshold = 0.05;
  c->alpha = 0.01;
  c->min_time = 0.2;
  c->min_rounds = 6;
  c->max_rounds = 20;
  c->count_instructions = 1;
  c->instr_tolerance = 0.01;
  snprintf(c->out, sizeof c->out, "results/out/ab.json");
  snprintf(c->load_file, sizeof c->load_file, "/proc/loadavg");
}

int ab_load_high(const char *path, int cores, double *load) {
  char *text = file_read_all(path, NULL);
  char *end = NULL;
  double v = text ? strtod(text, &end) : NAN;
  int ok = text && end != text && isfinite(v) && v >= 0;
  free(text);
  if (!ok) return -1;
  *load = v;
  return v >= AB_LOAD_PER_CORE * (cores > 0 ? cores : 1);
}

/* One line on stderr when the load is high (when: "before timing" or "while timing"); 1 when it
 * was, with the largest load seen in *max_load. */
static int warn_load(const AbConfig *c, int cores, const char *when, double *max_load) {
  double load = NAN;
  int high = ab_load_high(c->load_file, cores, &load);
  if (high >= 0 && !(load <= *max_load)) *max_load = load;
  if (high == 1)
    fprintf(stderr, "bench: warning: load average %.2f (1 min, %s) on %d core(s): other processes compete for the "
            "CPU, so timings spread more and need more rounds; the instruction counts do not depend on it\n",
            load, when, cores);
  return high == 1;
}

int ab_list_has(const char *list, const char *name) {
  if (!list || !list[0]) return 1;
  size_t n = strlen(name);
  for (const char *p = list; *p;) {
    const char *e = strchr(p, ',');
    size_t len = e ? (size_t)(e - p) : strlen(p);
    if (len == n && !strncmp(p, name, n)) return 1;
    if (!e) break;
    p = e + 1;
  }
  return 0;
}

static const cJSON *get(const cJSON *o, const char *k) { return cJSON_GetObjectItemCaseSensitive(o, k); }
static double num(const cJSON *o, const char *k, double dflt) {
  const cJSON *x = o ? get(o, k) : NULL;
  return cJSON_IsNumber(x) ? x->valuedouble : dflt;
}

/* Removes the files of dir, its folders' files (the callgrind folders) and the folders. */
static void remove_tree(const char *dir, int depth) {
  DIR *d = opendir(dir);
  if (!d) return;
  struct dirent *e;
  char p[1400];
  while ((e = readdir(d)))
    if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
      snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
      if (unlink(p) != 0 && depth > 0) remove_tree(p, depth - 1);
    }
  closedir(d);
  rmdir(dir);
}
static void remove_dir(const char *dir) { remove_tree(dir, 1); }

/* SIGINT, SIGTERM or SIGHUP (its terminal closed) during a comparison: the scratch folder is
 * removed, then the signal ends the process as it would have. While a run is measured (the
 * process waits for its child, in a system call) the handler does it at once; otherwise the loop
 * does at its next run. A handler reaches only static state: these signal_* variables are
 * harness/'s one exception. */
static char signal_scratch_dir[512];
static volatile sig_atomic_t signal_stop, signal_waiting_child;
static void stop_now(int sig) {
  if (signal_scratch_dir[0]) remove_dir(signal_scratch_dir);
  signal(sig, SIG_DFL);
  raise(sig);
}
static void on_stop_signal(int sig) {
  signal_stop = sig;
  if (signal_waiting_child) stop_now(sig);
}
/* Catches sig with sa, its old action in old. A hangup the caller ignores (`nohup`) stays
 * ignored; SIGINT and SIGTERM are always caught (a shell's background job inherits SIGINT
 * ignored, and its scratch folder must still go when it is interrupted). */
static void catch_stop_signal(int sig, const struct sigaction *sa, struct sigaction *old) {
  sigaction(sig, NULL, old);
  if (sig != SIGHUP || old->sa_handler != SIG_IGN) sigaction(sig, sa, NULL);
}

/* Runs `BIN --cases-dir CASES run ... --reps REPS --json DIR/m.json` in DIR (optionally under
 * callgrind into DIR/cg.PID); returns its record or NULL with why in err. */
static cJSON *run_side(const char *bin, const char *cases, const AbBench *bm, int reps, const char *dir, int callgrind,
                       char *err, size_t errlen) {
  char json[1200], log[1200], val[32], nreps[32], cgout[1200], tend[32];
  snprintf(json, sizeof json, "%s/m.json", dir);
  snprintf(log, sizeof log, "%s/run.log", dir);
  snprintf(val, sizeof val, "%g", bm->def.value);
  snprintf(nreps, sizeof nreps, "%d", reps);
  snprintf(tend, sizeof tend, "%g", bm->def.t_end);
  snprintf(cgout, sizeof cgout, "--callgrind-out-file=%s/cg.%%p", dir);
  unlink(json);
  const char *argv[24];
  int k = 0;
  if (callgrind) {
    argv[k++] = "valgrind";
    argv[k++] = "--tool=callgrind";
    /* a wrapper script (one that sets the environment, say) execs the binary: follow it */
    argv[k++] = "--trace-children=yes";
    argv[k++] = "--toggle-collect=" INSTR_CALLGRIND_FUNCTION;
    argv[k++] = cgout;
  }
  const char *rest[] = {bin, "--cases-dir", cases, "run", "--case", bm->def.case_name, "--integrator",
                        bm->def.integrator, bm->def.fixed ? "--dt" : "--accuracy", val, "--reps", nreps, "--json", json};
  for (size_t i = 0; i < sizeof rest / sizeof rest[0]; ++i) argv[k++] = rest[i];
  if (bm->def.t_end > 0) { argv[k++] = "--t-end"; argv[k++] = tend; }
  argv[k] = NULL;
  char serr[512];
  if (signal_stop) stop_now(signal_stop);
  signal_waiting_child = 1;
  subprocess_run(argv, dir, log, CB_ERR_BUF(serr, sizeof serr)); /* a failed run exits 1 and still writes its record */
  signal_waiting_child = 0;
  if (signal_stop) stop_now(signal_stop);
  char *text = file_read_all(json, NULL);
  cJSON *rec = text ? cJSON_Parse(text) : NULL;
  free(text);
  if (!rec) snprintf(err, errlen, "no record from %s (%s; see %s)", bin, serr, log);
  return rec;
}

/* Seconds per timing repetition of a record (process CPU or wall): the fastest repetition (the
 * least disturbed by other processes on a shared machine) or the mean; -1 with why in err when
 * the run failed, -2 when the record's times are no sample (negative, not finite, missing). */
static double rep_time(const cJSON *rec, int use_wall, int use_mean, char *err, size_t errlen) {
  const cJSON *st = get(rec, "status");
  if (!cJSON_IsString(st) || strcmp(st->valuestring, "ok") != 0) {
    const cJSON *m = get(rec, "message");
    snprintf(err, errlen, "%s: %.250s", cJSON_IsString(st) ? st->valuestring : "?",
             cJSON_IsString(m) ? m->valuestring : "");
    return -1;
  }
  const cJSON *r, *reps = get(rec, "repetitions");
  double sum = 0.0, lo = INFINITY;
  int n = 0;
  const char *field = use_wall ? "wall_s" : "cpu_s";
  cJSON_ArrayForEach(r, reps) {
    double t = num(r, field, NAN);
    if (!isfinite(t)) { n = 0; break; }
    if (t < 0) {
      snprintf(err, errlen, "invalid sample: repetitions[%d].%s is %g s", n, field, t);
      return -2;
    }
    sum += t;
    lo = fmin(lo, t);
    ++n;
  }
  if (n > 0) return use_mean ? sum / n : lo;
  /* a record from before per-repetition times: its median wall time */
  double med = num(get(rec, "wall_time"), "median", NAN);
  if (!(med > 0) || !isfinite(med)) { snprintf(err, errlen, "invalid sample: the record has no repetition time"); return -2; }
  return med;
}

static unsigned next_rand(unsigned *s) {
  *s ^= *s << 13; *s ^= *s >> 17; *s ^= *s << 5;
  return *s;
}


/* Instruction counts of both sides: from the records when the kernel counted them, else one
 * run of each under callgrind, else none with the reason. */
static void count_instructions(AbBench *bm, const char *abin, const char *bbin, const char *cases, const char *dir,
                               int enabled, int have_valgrind) {
  bm->instr_a = bm->instr_b = -1;
  const cJSON *ia = get(bm->rec_a, "instructions"), *ib = get(bm->rec_b, "instructions");
  const cJSON *sa = get(ia, "source"), *sb = get(ib, "source");
  if (cJSON_IsString(sa) && cJSON_IsString(sb) && !strcmp(sa->valuestring, "perf_event") &&
      !strcmp(sb->valuestring, "perf_event")) {
    snprintf(bm->isource, sizeof bm->isource, "perf_event");
    snprintf(bm->iscope, sizeof bm->iscope, "user space, one timing repetition");
    bm->instr_a = num(ia, "per_rep", -1);
    bm->instr_b = num(ib, "per_rep", -1);
    return;
  }
  snprintf(bm->isource, sizeof bm->isource, "none");
  if (!enabled) { snprintf(bm->inote, sizeof bm->inote, "not counted (--no-instructions)"); return; }
  if (!have_valgrind) {
    const cJSON *why = get(ib, "reason");
    snprintf(bm->inote, sizeof bm->inote, "not counted: %.200s; valgrind not installed",
             cJSON_IsString(why) ? why->valuestring : "no hardware counter in the records");
    return;
  }
  double *dst[2] = {&bm->instr_a, &bm->instr_b};
  const char *bins[2] = {abin, bbin};
  for (int s = 0; s < 2; ++s) {
    char sub[1200], err[600];
    snprintf(sub, sizeof sub, "%s/cg%d", dir, s);
    remove_dir(sub);
    if (dir_make_parents(sub) != 0) { snprintf(bm->inote, sizeof bm->inote, "%.250s: cannot create", sub); return; }
    cJSON *rec = run_side(bins[s], cases, bm, 1, sub, 1, err, sizeof err);
    cJSON_Delete(rec);
    unsigned long long ir = 0;
    if (callgrind_total_ir(sub, "cg.", &ir, CB_ERR_BUF(err, sizeof err)) != 0) {
      snprintf(bm->inote, sizeof bm->inote, "callgrind: %.250s", err);
      remove_dir(sub);
      return;
    }
    *dst[s] = (double)ir;
    remove_dir(sub);
  }
  snprintf(bm->isource, sizeof bm->isource, "callgrind");
  snprintf(bm->iscope, sizeof bm->iscope, "Ir inside " INSTR_CALLGRIND_FUNCTION ": error run + 1 timing repetition");
}

/* Counters that differ between the two records, each with its direction, into out. */
static int counter_changes(const AbBench *bm, char *out, size_t outlen) {
  const cJSON *ca = get(bm->rec_a, "counters"), *cb = get(bm->rec_b, "counters");
  size_t n = 0;
  int changes = 0;
  out[0] = '\0';
  for (int i = 0; run_counter_names[i] && n < outlen; ++i) {
    const char *name = run_counter_names[i];
    if (!cJSON_IsNumber(get(ca, name)) || !cJSON_IsNumber(get(cb, name))) continue;
    double va = num(ca, name, 0), vb = num(cb, name, 0);
    if (va == vb) continue;
    n += (size_t)snprintf(out + n, outlen - n, "%s%s %.0f -> %.0f (%+.2f%%, %s)", changes ? "; " : "", name, va, vb,
                          100.0 * (vb - va) / fmax(fabs(va), 1.0), vb > va ? "increase" : "decrease");
    ++changes;
  }
  return changes;
}

/* The values a case's benchmarks use, for an integrator the set does not list on it: the
 * accuracy of the set's error-controlled entries on that case, the step of its fixed-step ones
 * (1e-3 when it has none) and its horizon. */
static AbBenchDef case_defaults(const AbBenchDef *set, size_t n, const char *case_name, const IntegratorVtbl *vt) {
  double acc = NAN, dt = NAN, t_end = 0;
  for (size_t i = 0; i < n; ++i) {
    if (strcmp(set[i].case_name, case_name)) continue;
    if (set[i].fixed && !isfinite(dt)) dt = set[i].value;
    if (!set[i].fixed && !isfinite(acc)) acc = set[i].value;
    t_end = set[i].t_end;
  }
  AbBenchDef d = {case_name, vt->name, vt->fixed_step, vt->fixed_step ? dt : acc, t_end};
  if (!isfinite(d.value)) d.value = 1e-3;
  return d;
}

static void bench_key(AbBench *b) {
  snprintf(b->key, sizeof b->key, "%s/%s/%s=%g", b->def.case_name, b->def.integrator, b->def.fixed ? "dt" : "acc",
           b->def.value);
}

/* The benchmarks: the set's entries that --cases and --integrators keep, and for each integrator
 * of --integrators that the set does not list (any registered one: a user's own too) one
 * benchmark on each case of the set that --cases keeps, at the step or accuracy its kind takes. */
static int load_set(const AbConfig *c, AbBench **out, int *nout, char *err, size_t errlen) {
  const AbBenchDef *set;
  size_t n;
  if (!strcmp(c->set, "default")) { set = set_default; n = sizeof set_default / sizeof *set_default; }
  else if (!strcmp(c->set, "quick")) { set = set_quick; n = sizeof set_quick / sizeof *set_quick; }
  else if (!strcmp(c->set, "selftest")) { set = set_selftest; n = sizeof set_selftest / sizeof *set_selftest; }
  else { snprintf(err, errlen, "bench: --set '%s': expected default, quick or selftest", c->set); return -1; }
  /* the integrators named, each checked against the registry */
  const IntegratorVtbl *named[64];
  int nnamed = 0;
  for (const char *p = c->integrators; *p;) {
    size_t len = strcspn(p, ",");
    char name[64];
    if (len >= sizeof name) { snprintf(err, errlen, "bench: --integrators: name too long: '%.40s...'", p); return -1; }
    snprintf(name, sizeof name, "%.*s", (int)len, p);
    p += len + (p[len] == ',');
    if (!name[0]) continue;
    const IntegratorVtbl *vt = integrator_registry_find(c->registry, name);
    if (!vt) {
      char msg[400];
      integrator_registry_unknown_message(c->registry, name, msg, sizeof msg);
      snprintf(err, errlen, "bench: --integrators: %s", msg);
      return -1;
    }
    if (nnamed == 64) { snprintf(err, errlen, "bench: --integrators: at most 64 names"); return -1; }
    named[nnamed++] = vt;
  }
  size_t cap = n + (size_t)nnamed * n;
  AbBench *b = calloc(cap, sizeof *b);
  if (!b) { snprintf(err, errlen, "out of memory"); return -1; }
  int k = 0;
  for (size_t i = 0; i < n; ++i) {
    if (!ab_list_has(c->cases, set[i].case_name) || !ab_list_has(c->integrators, set[i].integrator)) continue;
    b[k].def = set[i];
    bench_key(&b[k++]);
  }
  for (int j = 0; j < nnamed; ++j) {
    int listed = 0;
    for (size_t i = 0; i < n; ++i) listed |= !strcmp(set[i].integrator, named[j]->name);
    if (listed) continue;
    for (size_t i = 0; i < n; ++i) {
      int first = 1; /* each case once, at its first entry */
      for (size_t e = 0; e < i; ++e) first &= strcmp(set[e].case_name, set[i].case_name) != 0;
      if (!first || !ab_list_has(c->cases, set[i].case_name)) continue;
      b[k].def = case_defaults(set, n, set[i].case_name, named[j]);
      bench_key(&b[k++]);
    }
  }
  if (!k) {
    free(b);
    snprintf(err, errlen, "bench: no benchmark of set '%s' matches --cases '%s' --integrators '%s'", c->set, c->cases,
             c->integrators);
    return -1;
  }
  *out = b;
  *nout = k;
  return 0;
}

/* Calibration: one repetition of each side (which also warms caches) sets the repetition
 * count that makes the faster side's measurement last at least min_time. 0 or -1 (a side failed). */
static int calibrate(AbBench *bm, const char *abin, const char *bbin, const char *cases, const char *dir,
                     const AbConfig *c) {
  char err[600];
  double t[2] = {0, 0};
  const char *bins[2] = {abin, bbin};
  char *fails[2] = {bm->fail_a, bm->fail_b};
  cJSON **recs[2] = {&bm->rec_a, &bm->rec_b};
  for (int s = 0; s < 2; ++s) {
    cJSON *rec = run_side(bins[s], cases, bm, 3, dir, 0, err, sizeof err);
    if (!rec) { /* a binary without the integrator (A, before it was added) says so on stderr */
      char log[1200];
      snprintf(log, sizeof log, "%s/run.log", dir);
      char *text = file_read_all(log, NULL);
      if (text && strstr(text, "unknown integrator"))
        snprintf(err, sizeof err, "%s has no integrator '%s'", s ? "B" : "A", bm->def.integrator);
      free(text);
    }
    t[s] = rec ? rep_time(rec, c->use_wall, c->use_mean, err, sizeof err) : -1;
    if (t[s] < 0) snprintf(fails[s], 300, "%.290s", err);
    if (t[s] == -2) *(s ? &bm->invalid_b : &bm->invalid_a) = 1;
    *recs[s] = rec;
  }
  if (t[0] < 0 || t[1] < 0) return -1;
  double tmin = fmax(fmin(t[0], t[1]), 1e-7);
  double k = ceil(c->min_time / tmin);
  bm->reps = k > AB_MAX_REPS ? AB_MAX_REPS : k < 1 ? 1 : (int)k;
  return 0;
}

static cJSON *bench_json(const AbBench *bm, const char *changes) {
  cJSON *o = cJSON_CreateObject();
  cJSON_AddStringToObject(o, "benchmark", bm->key);
  if (bm->def.t_end > 0) cJSON_AddNumberToObject(o, "t_end", bm->def.t_end);
  cJSON_AddNumberToObject(o, "reps_per_measurement", bm->reps);
  cJSON_AddItemToObject(o, "a_s_per_rep", cJSON_CreateDoubleArray(bm->a, bm->n));
  cJSON_AddItemToObject(o, "b_s_per_rep", cJSON_CreateDoubleArray(bm->b, bm->n));
  if (bm->fail_a[0]) cJSON_AddStringToObject(o, "a_failed", bm->fail_a);
  if (bm->fail_b[0]) cJSON_AddStringToObject(o, "b_failed", bm->fail_b);
  if (bm->invalid_a || bm->invalid_b) cJSON_AddStringToObject(o, "verdict", "error: invalid sample");
  if (bm->have_d) {
    cJSON_AddNumberToObject(o, "ratio", bm->d.ratio);
    cJSON_AddNumberToObject(o, "ratio_lo", bm->d.lo);
    cJSON_AddNumberToObject(o, "ratio_hi", bm->d.hi);
    cJSON_AddNumberToObject(o, "u", bm->d.mw.u);
    cJSON_AddNumberToObject(o, "p", bm->d.mw.p);
    cJSON_AddStringToObject(o, "p_method", bm->d.mw.exact ? "exact" : "normal approximation");
    cJSON_AddStringToObject(o, "verdict", ab_verdict_name(bm->d.verdict));
  }
  cJSON *in = cJSON_AddObjectToObject(o, "instructions");
  cJSON_AddStringToObject(in, "source", bm->isource);
  if (bm->instr_a >= 0 && bm->instr_b >= 0) {
    cJSON_AddStringToObject(in, "scope", bm->iscope);
    cJSON_AddNumberToObject(in, "a", bm->instr_a);
    cJSON_AddNumberToObject(in, "b", bm->instr_b);
  } else {
    cJSON_AddStringToObject(in, "note", bm->inote);
  }
  cJSON_AddStringToObject(o, "counter_changes", changes);
  return o;
}

int ab_bench_run(const AbConfig *c, FILE *out, char *err, size_t errlen) {
  char abin[1100], bbin[1100], sha[64] = "", cases[1100], dir[512];
  AbBench *bms = NULL;
  int nb = 0;
  if (c->max_rounds > AB_MAX_ROUNDS || c->min_rounds < 2 || c->min_rounds > c->max_rounds) {
    snprintf(err, errlen, "bench: rounds must satisfy 2 <= --min-rounds <= --max-rounds <= %d", AB_MAX_ROUNDS);
    return CB_ERR_OPTION;
  }
  if (load_set(c, &bms, &nb, err, errlen) != 0) return CB_ERR_INPUT;
  if (!realpath(c->cases_dir, cases)) { snprintf(err, errlen, "bench: cases folder %s not found", c->cases_dir); free(bms); return CB_ERR_INPUT; }
  /* B first: building A takes minutes, during which this binary may be rebuilt */
  if (c->b_bin[0] ? !realpath(c->b_bin, bbin) : !realpath("/proc/self/exe", bbin)) {
    snprintf(err, errlen, "bench: %s%s not found", c->b_bin[0] ? "--b-binary " : "this binary (replaced while it ran?)",
             c->b_bin);
    free(bms);
    return CB_ERR_INPUT;
  }
  if (c->a_bin[0]) {
    if (!realpath(c->a_bin, abin)) { snprintf(err, errlen, "bench: --a-binary %s not found", c->a_bin); free(bms); return CB_ERR_INPUT; }
  } else if (ab_binary_for_rev(c->against, abin, sizeof abin, sha, sizeof sha, CB_ERR_BUF(err, errlen)) != 0) {
    free(bms);
    return CB_ERR_INPUT; /* no such revision, or it does not build */
  }
  const char *tmp = c->tmp_dir;
  if (!tmp || !*tmp || strlen(tmp) > sizeof dir - 20) tmp = "/tmp";
  snprintf(dir, sizeof dir, "%s/cbench-ab-XXXXXX", tmp);
  if (!mkdtemp(dir)) { snprintf(err, errlen, "bench: cannot create a scratch folder in %s", tmp); free(bms); return CB_ERR_IO; }
  snprintf(signal_scratch_dir, sizeof signal_scratch_dir, "%s", dir);
  struct sigaction sa, old_int, old_term, old_hup;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_stop_signal;
  sigemptyset(&sa.sa_mask);
  catch_stop_signal(SIGINT, &sa, &old_int);
  catch_stop_signal(SIGTERM, &sa, &old_term);
  catch_stop_signal(SIGHUP, &sa, &old_hup);
  const char *vg_argv[] = {"valgrind", "--version", NULL};
  char vg[128];
  InstrCounter ic;
  int have_perf = instr_counter_open(&ic) == 0;
  instr_counter_close(&ic);
  int have_valgrind = !have_perf && c->count_instructions && subprocess_output(vg_argv, vg, sizeof vg) == 0;

  unsigned seed = c->seed ? c->seed : (unsigned)time(NULL) ^ (unsigned)getpid();
  if (!seed) seed = 1;
  double t0 = clock_monotonic();
  fprintf(out, "bench: A = %s\n       B = %s\n", c->a_bin[0] ? abin : c->against, bbin);
  fprintf(out, "bench: %d benchmark(s) of set '%s'; each measurement repeats the run to >= %g s and keeps the %s "
          "%s time per repetition; A and B interleaved in random order, %d-%d rounds (seed %u)\n", nb, c->set,
          c->min_time, c->use_mean ? "mean" : "fastest", c->use_wall ? "wall" : "process CPU", c->min_rounds,
          c->max_rounds, seed);
  int cores = (int)sysconf(_SC_NPROCESSORS_ONLN);
  double load_before = NAN, load_max = NAN;
  int load_warned = warn_load(c, cores, "before timing", &load_before), load_warned_timing = 0;
  for (int i = 0; i < nb; ++i) {
    if (calibrate(&bms[i], abin, bbin, cases, dir, c) != 0) bms[i].done = 1;
    if (!c->quiet) fprintf(stderr, "bench: calibrated %d/%d %s: %d repetition(s) per measurement\n", i + 1, nb,
                           bms[i].key, bms[i].reps);
  }
  for (int r = 0; r < c->max_rounds; ++r) {
    int active = 0;
    for (int i = 0; i < nb; ++i) active += !bms[i].done;
    if (!active) break;
    /* once while timing: the first round that finds the machine loaded */
    if (!load_warned_timing) load_warned_timing = warn_load(c, cores, "while timing", &load_max);
    else { double l; if (ab_load_high(c->load_file, cores, &l) >= 0 && !(l <= load_max)) load_max = l; }
    if (!c->quiet) fprintf(stderr, "bench: round %d/%d, %d benchmark(s) measuring, %.0f s\n", r + 1, c->max_rounds,
                           active, clock_monotonic() - t0);
    for (int i = 0; i < nb; ++i) {
      AbBench *bm = &bms[i];
      if (bm->done) continue;
      int b_first = next_rand(&seed) & 1;
      for (int s = 0; s < 2 && !bm->done; ++s) {
        int side_b = b_first ? (s == 0) : (s == 1);
        char rerr[600];
        cJSON *rec = run_side(side_b ? bbin : abin, cases, bm, bm->reps, dir, 0, rerr, sizeof rerr);
        double t = rec ? rep_time(rec, c->use_wall, c->use_mean, rerr, sizeof rerr) : -1;
        cJSON_Delete(rec);
        if (t < 0) {
          snprintf(side_b ? bm->fail_b : bm->fail_a, 300, "%.290s", rerr);
          if (t == -2) *(side_b ? &bm->invalid_b : &bm->invalid_a) = 1;
          bm->done = 1;
        } else {
          (side_b ? bm->b : bm->a)[bm->n] = t;
        }
      }
      if (bm->done) continue;
      ++bm->n;
      if (bm->n < c->min_rounds) continue;
      if (ab_decide(bm->a, bm->n, bm->b, bm->n, c->alpha, c->threshold, &bm->d) != 0) continue;
      bm->have_d = 1;
      if (ab_should_stop(&bm->d, c->threshold, bm->n, c->max_rounds)) bm->done = 1;
    }
  }

  /* Report. */
  int slowdowns = 0, improvements = 0, instr_up = 0, instr_down = 0, b_broke = 0, counters_moved = 0, invalid = 0;
  cJSON *doc = cJSON_CreateObject();
  cJSON_AddStringToObject(doc, "schema", "cbench.ab/1");
  cJSON_AddStringToObject(doc, "a", c->a_bin[0] ? abin : c->against);
  if (sha[0]) cJSON_AddStringToObject(doc, "a_sha", sha);
  cJSON_AddStringToObject(doc, "b", bbin);
  cJSON_AddStringToObject(doc, "test", "Mann-Whitney U, two-sided");
  cJSON_AddStringToObject(doc, "time", c->use_wall ? "wall" : "process CPU");
  cJSON_AddStringToObject(doc, "per_measurement", c->use_mean ? "mean repetition" : "fastest repetition");
  cJSON_AddNumberToObject(doc, "alpha", c->alpha);
  cJSON_AddNumberToObject(doc, "threshold", c->threshold);
  cJSON_AddNumberToObject(doc, "instr_tolerance", c->instr_tolerance);
  cJSON_AddNumberToObject(doc, "min_time_s", c->min_time);
  cJSON *ld = cJSON_AddObjectToObject(doc, "load_average");
  cJSON_AddNumberToObject(ld, "cores", cores);
  if (isfinite(load_before)) cJSON_AddNumberToObject(ld, "before", load_before);
  if (isfinite(load_max)) cJSON_AddNumberToObject(ld, "max_while_timing", load_max);
  cJSON_AddBoolToObject(ld, "warned", load_warned || load_warned_timing);
  cJSON *arr = cJSON_AddArrayToObject(doc, "benchmarks");
  char interval_header[32];
  snprintf(interval_header, sizeof interval_header, "[%g%% interval]", 100 * (1 - c->alpha));
  fprintf(out, "%-36s %10s %10s %7s %17s %9s %3s  %s\n", "benchmark", "A ms/rep", "B ms/rep", "B/A",
          interval_header, "p (U)", "n", "verdict");
  for (int i = 0; i < nb; ++i) {
    AbBench *bm = &bms[i];
    if (bm->rec_a && bm->rec_b && !bm->fail_a[0] && !bm->fail_b[0])
      count_instructions(bm, abin, bbin, cases, dir, c->count_instructions, have_valgrind);
    else snprintf(bm->isource, sizeof bm->isource, "none");
    char changes[1200] = "";
    if (bm->rec_a && bm->rec_b) counters_moved += counter_changes(bm, changes, sizeof changes) > 0;
    if (bm->invalid_a || bm->invalid_b) { /* no measurement: neither a pass nor a regression */
      invalid++;
      fprintf(out, "%-36s  A %s; B %s  ERROR (invalid sample)\n", bm->key, bm->fail_a[0] ? bm->fail_a : "ok",
              bm->fail_b[0] ? bm->fail_b : "ok");
    } else if (strstr(bm->fail_a, "A has no integrator")) {
      fprintf(out, "%-36s  A has no integrator '%s' (added in B): nothing to compare; B %s\n", bm->key,
              bm->def.integrator, bm->fail_b[0] ? bm->fail_b : "runs");
    } else if (bm->fail_a[0] || bm->fail_b[0]) {
      int broke = !bm->fail_a[0];
      b_broke += broke;
      fprintf(out, "%-36s  A %s; B %s  %s\n", bm->key, bm->fail_a[0] ? bm->fail_a : "ok", bm->fail_b[0] ? bm->fail_b : "ok",
              broke ? "REGRESSION (B fails)" : bm->fail_b[0] ? "both fail" : "improvement (B runs, A fails)");
    } else if (bm->have_d) {
      double ma = 0, mb = 0;
      for (int k = 0; k < bm->n; ++k) { ma += bm->a[k] / bm->n; mb += bm->b[k] / bm->n; }
      char ci[40];
      snprintf(ci, sizeof ci, "[%.3f, %.3f]", bm->d.lo, bm->d.hi);
      fprintf(out, "%-36s %10.4g %10.4g %7.3f %17s %9.2g %3d  %s\n", bm->key, 1e3 * ma, 1e3 * mb, bm->d.ratio, ci,
              bm->d.mw.p, bm->n, ab_verdict_name(bm->d.verdict));
      slowdowns += bm->d.verdict == AB_SLOWDOWN;
      improvements += bm->d.verdict == AB_IMPROVEMENT;
    }
    if (bm->instr_a > 0 && bm->instr_b >= 0) {
      double rel = (bm->instr_b - bm->instr_a) / bm->instr_a;
      const char *v = fabs(rel) <= c->instr_tolerance ? (rel == 0 ? "equal" : "within tolerance")
                      : rel > 0 ? "REGRESSION (increase)" : "improvement (decrease)";
      instr_up += rel > c->instr_tolerance;
      instr_down += rel < -c->instr_tolerance;
      fprintf(out, "    instructions (%s, %s): %.0f -> %.0f (%+.2f%%) %s\n", bm->isource, bm->iscope, bm->instr_a,
              bm->instr_b, 100.0 * rel, v);
    } else if (bm->inote[0]) {
      fprintf(out, "    instructions: %s\n", bm->inote);
    }
    if (changes[0]) fprintf(out, "    counters: %s\n", changes);
    cJSON_AddItemToArray(arr, bench_json(bm, changes));
  }
  int fail = slowdowns + instr_up + b_broke > 0;
  fprintf(out, "bench: %d slowdown(s) and %d improvement(s) beyond %g%% at p < %g (Mann-Whitney U, two-sided; "
          "B/A is the Hodges-Lehmann estimate with its %g%% interval); instructions (tolerance %g%%): %d increase(s), "
          "%d decrease(s); %d benchmark(s) with counter changes; %d run(s) failing only in B; %d invalid sample(s); "
          "%.0f s -> %s\n",
          slowdowns, improvements, 100 * c->threshold, c->alpha, 100 * (1 - c->alpha), 100 * c->instr_tolerance,
          instr_up, instr_down, counters_moved, b_broke, invalid, clock_monotonic() - t0,
          invalid ? "ERROR" : fail ? "FAIL" : "pass");
  cJSON_AddBoolToObject(doc, "fail", fail || invalid);
  cJSON_AddNumberToObject(doc, "invalid_samples", invalid);
  char *text = cJSON_Print(doc);
  char werr[600];
  int rc = invalid ? CB_ERR_INPUT : fail ? CB_ERR_VERDICT : CB_OK;
  if (invalid)
    snprintf(err, errlen, "bench: %d benchmark(s) without a valid sample (a record's time is not a time): no verdict",
             invalid);
  if (c->out[0]) {
    dir_make_parent_of(c->out);
    if (!text || file_write_atomic(c->out, text, strlen(text), CB_ERR_BUF(werr, sizeof werr)) != 0) {
      snprintf(err, errlen, "bench: %s", text ? werr : "out of memory");
      rc = text ? CB_ERR_IO : CB_ERR_MEMORY;
    } else {
      fprintf(out, "bench: details in %s\n", c->out);
    }
  }
  free(text);
  cJSON_Delete(doc);
  for (int i = 0; i < nb; ++i) { cJSON_Delete(bms[i].rec_a); cJSON_Delete(bms[i].rec_b); }
  free(bms);
  remove_dir(dir);
  sigaction(SIGINT, &old_int, NULL);
  sigaction(SIGTERM, &old_term, NULL);
  sigaction(SIGHUP, &old_hup, NULL);
  signal_scratch_dir[0] = '\0';
  return rc;
}
