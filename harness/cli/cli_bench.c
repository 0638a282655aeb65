/* `cbench bench`: the same-run A/B timing of REV against this build (harness/bench/ab_bench.h). */
#include "cli_args.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../bench/ab_bench.h"

/* A number in [lo, hi]: CB_OK, or CB_ERR_OPTION (the caller names the flag). */
static CbStatus parse_frac(const char *s, double lo, double hi, double *out) {
  char *end;
  double v = strtod(s, &end);
  if (end == s || *end || !(v >= lo && v <= hi)) return CB_ERR_OPTION;
  *out = v;
  return CB_OK;
}

#define COPY_OPT(field) do { VALUE_OR_FAIL(v); if (strlen(v) >= sizeof c.field) return usage_error(cb, "value too long: '%s'", v); snprintf(c.field, sizeof c.field, "%s", v); } while (0)

int cmd_bench(const CbenchContext *cb, int argc, char **argv) {
  AbConfig c;
  ab_config_default(&c);
  c.cases_dir = cb->cases_dir;
  c.tmp_dir = cb->tmp_dir;
  c.registry = &cb->registry;
  for (int i = 2; i < argc; ++i) {
    const char *a = argv[i];
    if (!strcmp(a, "--against")) COPY_OPT(against);
    else if (!strcmp(a, "--a-binary")) COPY_OPT(a_bin);
    else if (!strcmp(a, "--b-binary")) COPY_OPT(b_bin);
    else if (!strcmp(a, "--set")) COPY_OPT(set);
    else if (!strcmp(a, "--cases")) COPY_OPT(cases);
    else if (!strcmp(a, "--integrators")) COPY_OPT(integrators);
    else if (!strcmp(a, "--out")) COPY_OPT(out);
    else if (!strcmp(a, "--load-file")) COPY_OPT(load_file);
    else if (!strcmp(a, "--threshold")) { VALUE_OR_FAIL(v); if (parse_frac(v, 0, 10, &c.threshold)) return usage_error(cb, "--threshold must be a fraction in [0, 10] (0.05 = 5%%), got '%s'", v); }
    else if (!strcmp(a, "--alpha")) { VALUE_OR_FAIL(v); if (parse_frac(v, 1e-9, 0.5, &c.alpha)) return usage_error(cb, "--alpha must be in (0, 0.5], got '%s'", v); }
    else if (!strcmp(a, "--instr-tolerance")) { VALUE_OR_FAIL(v); if (parse_frac(v, 0, 10, &c.instr_tolerance)) return usage_error(cb, "--instr-tolerance must be a fraction in [0, 10], got '%s'", v); }
    else if (!strcmp(a, "--min-time")) { VALUE_OR_FAIL(v); if (parse_frac(v, 1e-3, 60, &c.min_time)) return usage_error(cb, "--min-time must be seconds in [0.001, 60], got '%s'", v); }
    else if (!strcmp(a, "--min-rounds")) { VALUE_OR_FAIL(v); if (parse_int_pos(v, &c.min_rounds)) return usage_error(cb, "--min-rounds must be an integer >= 1, got '%s'", v); }
    else if (!strcmp(a, "--max-rounds")) { VALUE_OR_FAIL(v); if (parse_int_pos(v, &c.max_rounds)) return usage_error(cb, "--max-rounds must be an integer >= 1, got '%s'", v); }
    else if (!strcmp(a, "--seed")) { VALUE_OR_FAIL(v); int s; if (parse_int_pos(v, &s)) return usage_error(cb, "--seed must be an integer in [1, 100000], got '%s'", v); c.seed = (unsigned)s; }
    else if (!strcmp(a, "--wall")) c.use_wall = 1;
    else if (!strcmp(a, "--mean")) c.use_mean = 1;
    else if (!strcmp(a, "--no-instructions")) c.count_instructions = 0;
    else if (!strcmp(a, "--quiet")) c.quiet = 1;
    else if (a[0] == '-') return usage_error(cb, "unknown option '%s' for bench", a);
    else return usage_error(cb, "unexpected argument '%s' for bench", a);
  }
  char err[2048] = "";
  int rc = ab_bench_run(&c, stdout, err, sizeof err);
  if (rc != CB_OK && rc != CB_ERR_VERDICT) fprintf(stderr, "cbench: %s\n", err); /* a verdict is on stdout */
  /* exit 1 is the alarm alone (scripts/bench_selftest.sh counts on it): a comparison that could
   * not run, for whatever reason, is a bad input (exit 2) */
  return rc == CB_OK || rc == CB_ERR_VERDICT ? rc : CB_ERR_INPUT;
}
