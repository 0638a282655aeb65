/* The sweep report's table of measured error against requested accuracy
 * (harness/figures/convergence_table.h): the slope of a line whose error follows the accuracy is
 * 1 and not marked; a line whose error does not move is marked slow; flagged runs and runs
 * without an error do not enter. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/figures/convergence_table.h"

static const char *records =
    "["
    "{\"case\": \"ball\", \"integrator\": \"good\", \"status\": \"ok\", \"warnings\": [],"
    " \"params\": {\"accuracy\": 1e-2, \"error_norm\": \"full\"}, \"error\": {\"positions\": {\"max\": 2e-2}}},"
    "{\"case\": \"ball\", \"integrator\": \"good\", \"status\": \"ok\", \"warnings\": [],"
    " \"params\": {\"accuracy\": 1e-4, \"error_norm\": \"full\"}, \"error\": {\"positions\": {\"max\": 2e-4}}},"
    "{\"case\": \"ball\", \"integrator\": \"good\", \"status\": \"ok\", \"warnings\": [],"
    " \"params\": {\"accuracy\": 1e-3, \"error_norm\": \"full\"}, \"error\": {\"positions\": {\"max\": 2e-3}}},"
    "{\"case\": \"ball\", \"integrator\": \"flat\", \"status\": \"ok\", \"warnings\": [],"
    " \"params\": {\"accuracy\": 1e-2, \"error_norm\": \"q\"}, \"error\": {\"positions\": {\"max\": 0.57}}},"
    "{\"case\": \"ball\", \"integrator\": \"flat\", \"status\": \"ok\", \"warnings\": [],"
    " \"params\": {\"accuracy\": 1e-4, \"error_norm\": \"q\"}, \"error\": {\"positions\": {\"max\": 0.38}}},"
    /* flagged: its small error must not make the flat line look convergent */
    "{\"case\": \"ball\", \"integrator\": \"flat\", \"status\": \"ok\", \"warnings\": [\"physics: energy rose (test)\"],"
    " \"params\": {\"accuracy\": 1e-6, \"error_norm\": \"q\"}, \"error\": {\"positions\": {\"max\": 1e-9}}},"
    "{\"case\": \"ball\", \"integrator\": \"noref\", \"status\": \"ok\", \"warnings\": [],"
    " \"params\": {\"accuracy\": 1e-2, \"error_norm\": \"q\"}, \"error\": null}"
    "]";

static char *write_to_string(const cJSON *recs, int format, int *slow) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  cr_assert_not_null(f);
  *slow = convergence_table_write(f, recs, format);
  fclose(f);
  return buf;
}

Test(convergence_table, slope_of_a_converging_line_and_a_flat_one) {
  cJSON *recs = cJSON_Parse(records);
  cr_assert_not_null(recs);
  int slow;
  char *tsv = write_to_string(recs, CONVERGENCE_TSV, &slow);
  cr_expect_eq(slow, 1, "%s", tsv);
  cr_expect(strstr(tsv, "ball\tgood\tfull\t0.01: 0.02, 0.001: 0.002, 0.0001: 0.0002\t1.00\t0\n"), "%s", tsv);
  cr_expect(strstr(tsv, "ball\tflat\tq\t0.01: 0.57, 0.0001: 0.38\t0.09\t1\n"), "%s", tsv);
  cr_expect_null(strstr(tsv, "noref"), "%s", tsv);
  cr_expect_null(strstr(tsv, "1e-06"), "a flagged run is not data: %s", tsv);
  free(tsv);
  char *html = write_to_string(recs, CONVERGENCE_HTML, &slow);
  cr_expect(strstr(html, "<tr class=\"bad\"><td>ball</td><td>flat</td>"), "%s", html);
  cr_expect(strstr(html, "<b>slow</b>"), "%s", html);
  free(html);
  char *md = write_to_string(recs, CONVERGENCE_MD, &slow);
  cr_expect(strstr(md, "| ball | flat | q | 0.01: 0.57, 0.0001: 0.38 | 0.09 **slow** |"), "%s", md);
  free(md);
  cJSON_Delete(recs);
}

Test(convergence_table, nothing_without_errors) {
  cJSON *recs = cJSON_Parse("[{\"case\": \"c\", \"integrator\": \"x\", \"status\": \"ok\", \"warnings\": [],"
                            " \"params\": {\"accuracy\": 1e-2}, \"error\": null}]");
  int slow;
  char *html = write_to_string(recs, CONVERGENCE_HTML, &slow);
  cr_expect_str_eq(html, "");
  cr_expect_eq(slow, 0);
  free(html);
  cJSON_Delete(recs);
}
