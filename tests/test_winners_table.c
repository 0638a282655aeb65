/* "Who wins at which accuracy": per case the cheapest line at each requested accuracy, each
 * fixed step and each decade of measured error, with the failed, timed-out and flagged runs left
 * out and counted. */
#include <criterion/criterion.h>
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/figures/winners_table.h"

static cJSON *rec(const char *integ, int fixed, double param, const char *status, double work, double err,
                  const char *warning) {
  char text[1200];
  snprintf(text, sizeof text,
           "{\"case\": \"c\", \"integrator\": \"%s\", \"fixed_step\": %s, \"status\": \"%s\","
           " \"params\": {\"%s\": %g}, \"work\": {\"median\": %g},"
           " \"error\": {\"positions\": {\"max\": %g}}, \"warnings\": [%s%s%s]}",
           integ, fixed ? "true" : "false", status, fixed ? "dt" : "accuracy", param, work, err, warning ? "\"" : "",
           warning ? warning : "", warning ? "\"" : "");
  cJSON *r = cJSON_Parse(text);
  cr_assert_not_null(r, "%s", text);
  return r;
}

static char *table(const cJSON *recs, int format) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  winners_table_write(f, recs, format);
  fclose(f);
  return buf;
}

Test(winners_table, cheapest_per_accuracy_step_and_error_decade) {
  cJSON *recs = cJSON_CreateArray();
  cJSON_AddItemToArray(recs, rec("a", 0, 1e-2, "ok", 1.0, 5e-2, NULL));
  cJSON_AddItemToArray(recs, rec("a", 0, 1e-3, "ok", 2.0, 5e-3, NULL));
  cJSON_AddItemToArray(recs, rec("b", 0, 1e-2, "ok", 0.5, 2e-2, NULL));
  cJSON_AddItemToArray(recs, rec("b", 0, 1e-3, "ok", 3.0, 4e-3, NULL));
  cJSON_AddItemToArray(recs, rec("f", 1, 1e-2, "ok", 0.1, 0.3, NULL));
  /* cheaper than everything, but not data: never a winner */
  cJSON_AddItemToArray(recs, rec("x", 0, 1e-3, "failed", 0.001, 1e-3, NULL));
  cJSON_AddItemToArray(recs, rec("y", 0, 1e-3, "ok", 0.001, 1e-3, "physics: energy rose"));
  char *md = table(recs, WINNERS_MD);
  cr_assert_not_null(md);
  cr_expect(strstr(md, "5 usable run(s); left out: 1 failed, 0 timed out, 1 flagged by a physics guard"), "%s", md);
  cr_expect(strstr(md, "| requested accuracy 0.01 | b | 0.5 | 0.02 | accuracy 0.01 | a (1, 2x) | 2 |"), "%s", md);
  cr_expect(strstr(md, "| requested accuracy 0.001 | a | 2 | 0.005 | accuracy 0.001 | b (3, 1.5x) | 2 |"), "%s", md);
  cr_expect(strstr(md, "| fixed step dt = 0.01 s | f | 0.1 | 0.3 | dt 0.01 | \\- | 1 |"), "%s", md);
  cr_expect(strstr(md, "| measured error in \\[1e-01, 1e+00) | f |"), "%s", md);
  cr_expect(strstr(md, "| measured error in \\[1e-02, 1e-01) | b | 0.5 |"), "%s", md);
  cr_expect(strstr(md, "| measured error in \\[1e-03, 1e-02) | a | 2 |"), "%s", md);
  cr_expect(!strstr(md, "| x |") && !strstr(md, "| y |"), "%s", md);
  char *html = table(recs, WINNERS_HTML);
  cr_expect(strstr(html, "<h3>Who wins at which accuracy</h3>") && strstr(html, "<td>requested accuracy 0.001</td><td>a</td>"),
            "%s", html);
  free(md);
  free(html);
  cJSON_Delete(recs);
}

Test(winners_table, nothing_without_a_usable_run) {
  cJSON *recs = cJSON_CreateArray();
  cJSON_AddItemToArray(recs, rec("x", 0, 1e-3, "failed", 1, 1e-3, NULL));
  char *md = table(recs, WINNERS_MD);
  cr_expect_str_eq(md, "");
  free(md);
  cJSON_Delete(recs);
}
