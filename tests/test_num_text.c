/* Numbers as text: the shortest of %.15g/%.16g/%.17g that reads back exactly, in the JSON writer,
 * printed commands and plan lines. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "harness/common/num_text.h"
#include "harness/run/run_spec.h"

Test(num_text, known_cases) {
  char t[NUM_TEXT_MAX];
  cr_expect_str_eq(num_text(1e-9, t, sizeof t), "1e-09");
  cr_expect_str_eq(num_text(3e-3, t, sizeof t), "0.003");
  cr_expect_str_eq(num_text(0.1 + 0.2, t, sizeof t), "0.30000000000000004"); /* needs all 17 */
  cr_expect_str_eq(num_text(0.1 + 0.7, t, sizeof t), "0.7999999999999999"); /* 16 suffice */
  cr_expect_str_eq(num_text(17632, t, sizeof t), "17632");
  cr_expect_str_eq(num_text(-0.0, t, sizeof t), "-0");
  cr_expect_str_eq(num_text(1e300 * 1e10, t, sizeof t), "inf");
  cr_expect_str_eq(num_text(NAN, t, sizeof t), "nan");
  cr_expect_str_eq(num_text(5e-324, t, sizeof t), "4.94065645841247e-324");
  cr_expect_str_eq(num_text(1.7976931348623157e308, t, sizeof t), "1.7976931348623157e+308");
}

/* Doubles from every binade, random bit patterns: each text reads back bit for bit, and no
 * shorter precision would have. */
Test(num_text, random_doubles_round_trip_and_are_shortest) {
  uint64_t s = 0x9e3779b97f4a7c15u;
  int lengths[3] = {0, 0, 0};
  for (int i = 0; i < 200000; ++i) {
    s ^= s << 13, s ^= s >> 7, s ^= s << 17;
    double x;
    memcpy(&x, &s, sizeof x);
    if (!isfinite(x)) continue;
    char t[NUM_TEXT_MAX], shorter[NUM_TEXT_MAX];
    num_text(x, t, sizeof t);
    double back = strtod(t, NULL);
    cr_assert(memcmp(&back, &x, sizeof x) == 0 || (back == 0 && x == 0 && signbit(back) == signbit(x)),
              "%s does not read back as %a", t, x);
    int used = 0;
    for (int prec = 15; prec <= 17; ++prec) {
      snprintf(shorter, sizeof shorter, "%.*g", prec, x);
      if (strtod(shorter, NULL) == x) { used = prec; break; }
    }
    cr_assert_str_eq(t, shorter, "%a: %s, but %%.%dg already reads back", x, t, used);
    lengths[used - 15]++;
  }
  /* each precision is needed for some doubles: the test sees all three branches */
  cr_expect(lengths[0] > 0 && lengths[1] > 0 && lengths[2] > 0, "%d %d %d", lengths[0], lengths[1], lengths[2]);
}

Test(num_text, json_print_writes_shortest_numbers_and_leaves_the_item_alone) {
  cJSON *o = cJSON_CreateObject();
  cJSON_AddNumberToObject(o, "a", 1e-9);
  cJSON_AddNumberToObject(o, "w", 0.1 + 0.7);
  cJSON_AddNumberToObject(o, "bad", NAN);
  cJSON *arr = cJSON_AddArrayToObject(o, "v");
  cJSON_AddItemToArray(arr, cJSON_CreateNumber(0.1 + 0.2));
  cJSON_AddItemToArray(arr, cJSON_CreateString("1e-9"));
  char *t = json_print(o, 0);
  cr_assert_not_null(t);
  cr_expect_str_eq(t, "{\"a\":1e-09,\"w\":0.7999999999999999,\"bad\":null,\"v\":[0.30000000000000004,\"1e-9\"]}");
  cJSON *back = cJSON_Parse(t);
  cr_assert_not_null(back);
  cr_expect(cJSON_GetObjectItem(back, "w")->valuedouble == 0.1 + 0.7);
  cr_expect(cJSON_IsNumber(cJSON_GetObjectItem(o, "a")), "json_print changed its item");
  char *pretty = json_print(o, 1);
  cr_expect(pretty && strstr(pretty, "\"a\":\t1e-09"), "%s", pretty ? pretty : "");
  free(pretty);
  free(t);
  cJSON_Delete(back);
  cJSON_Delete(o);
}

Test(num_text, printed_commands_use_the_shortest_form) {
  RunSpec s;
  memset(&s, 0, sizeof s);
  snprintf(s.case_path, sizeof s.case_path, "cases/ball_drop.json");
  snprintf(s.integrator, sizeof s.integrator, "bdf");
  s.has_accuracy = 1;
  s.accuracy = 1e-9;
  s.t_end = 0.3;
  s.max_step = 3e-3;
  s.timeout = 20;
  s.reps = 1;
  char cmd[1024];
  run_spec_command(&s, cmd, sizeof cmd);
  cr_expect(strstr(cmd, "--accuracy 1e-09 --t-end 0.3 ") != NULL, "%s", cmd);
  cr_expect(strstr(cmd, "--max-step 0.003 ") != NULL, "%s", cmd);
  run_spec_key(&s, cmd, sizeof cmd);
  cr_expect(strstr(cmd, ";accuracy=1e-09;t_end=0.3;") != NULL, "%s", cmd);
}
