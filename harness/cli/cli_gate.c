/* `cbench gate`: the deterministic performance gate (harness/bench/perf_gate.h). */
#include "cli_args.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../bench/perf_gate.h"

#define COPY_OPT(field) do { VALUE_OR_FAIL(v); if (strlen(v) >= sizeof c.field) return usage_error(cb, "value too long: '%s'", v); snprintf(c.field, sizeof c.field, "%s", v); } while (0)

int cmd_gate(const CbenchContext *cb, int argc, char **argv) {
  PerfGateConfig c;
  perf_gate_config_default(&c);
  c.cases_dir = cb->cases_dir;
  c.quiet = cb->verbosity == 0;
  for (int i = 2; i < argc; ++i) {
    const char *a = argv[i];
    if (!strcmp(a, "--history")) COPY_OPT(history);
    else if (!strcmp(a, "--measured")) COPY_OPT(measured);
    else if (!strcmp(a, "--binary")) COPY_OPT(binary);
    else if (!strcmp(a, "--repo")) COPY_OPT(repo);
    else if (!strcmp(a, "--out")) COPY_OPT(out_dir);
    else if (!strcmp(a, "--cases")) COPY_OPT(only);
    else if (!strcmp(a, "--append")) c.append = 1;
    else if (!strcmp(a, "--quiet")) c.quiet = 1;
    else if (!strcmp(a, "--tolerance")) {
      VALUE_OR_FAIL(v);
      char *end;
      c.tolerance = strtod(v, &end);
      if (end == v || *end || !(c.tolerance >= 0 && c.tolerance <= 1))
        return usage_error(cb, "--tolerance must be a fraction in [0, 1] (0.02 = 2%%), got '%s'", v);
    } else if (!strcmp(a, "--list")) {
      int n;
      const PerfGateBench *set = perf_gate_set(&n);
      for (int k = 0; k < n; ++k) {
        char tend[48] = "";
        if (set[k].t_end > 0) snprintf(tend, sizeof tend, " --t-end %g", set[k].t_end);
        printf("%-24s %-12s %s %g%s%s%s\n", set[k].case_name, set[k].integrator, set[k].fixed ? "--dt" : "--accuracy",
               set[k].value, tend, set[k].opt ? " --opt " : "", set[k].opt ? set[k].opt : "");
      }
      return 0;
    }
    else if (a[0] == '-') return usage_error(cb, "unknown option '%s' for gate", a);
    else return usage_error(cb, "unexpected argument '%s' for gate", a);
  }
  char err[2048] = "";
  int rc = perf_gate_run(&c, stdout, CB_ERR_BUF(err, sizeof err));
  if (rc != CB_OK && rc != CB_ERR_VERDICT) fprintf(stderr, "cbench: %s\n", err);
  return rc;
}
