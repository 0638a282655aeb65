/* The error convention (docs/extending.md, "Reporting an error"): CbStatus from one list
 * (models/status.h), the CbError a fallible function fills (harness/common/cb_error.h) and the
 * one path helper that reports a path too long instead of cutting it (harness/common/cb_path.h). */
#include <criterion/criterion.h>
#include <limits.h>
#include <string.h>

#include "harness/common/cb_error.h"
#include "harness/common/cb_path.h"
#include "harness/common/cbench_context.h"
#include "harness/common/files.h"
#include "harness/common/json_get.h"
#include "models/status.h"

/* Every code of the list has its own text, the exit class of its sign and meaning: this is
 * what the hand-kept switch could get wrong (a code added to the enum and not to the switch). */
Test(cb_status, every_code_has_a_text_and_an_exit_class) {
  struct { int code; const char *text; int exit_class; } all[] = {
#define ROW(code, value, text, exit_class) {code, text, exit_class},
    CB_STATUS_LIST(ROW)
#undef ROW
  };
  int n = (int)(sizeof all / sizeof all[0]);
  cr_assert_geq(n, 18);
  for (int i = 0; i < n; ++i) {
    cr_expect_str_eq(cb_status_message(all[i].code), all[i].text);
    cr_expect_str_neq(all[i].text, "unknown status");
    cr_expect_eq(cb_status_exit_code(all[i].code), all[i].exit_class, "%s", all[i].text);
    cr_expect_eq(all[i].exit_class == CB_EXIT_OK, all[i].code == CB_OK, "%s", all[i].text);
    for (int j = 0; j < i; ++j) {
      cr_expect_neq(all[i].code, all[j].code, "%s and %s share a value", all[i].text, all[j].text);
      cr_expect_str_neq(all[i].text, all[j].text);
    }
  }
  /* the texts the records and messages have always carried */
  cr_expect_str_eq(cb_status_message(CB_ERR_MEMORY), "out of memory");
  cr_expect_str_eq(cb_status_message(CB_RECOVERABLE_MODEL), "model evaluation failed (recoverable)");
  cr_expect_str_eq(cb_status_message(12345), "unknown status");
  cr_expect_eq(cb_status_exit_code(CB_ERR_INPUT), 2);
  cr_expect_eq(cb_status_exit_code(12345), 1);
}

Test(cb_error, keeps_status_where_and_message) {
  CbErrorBuf b;
  CbError *e = cb_error_init(&b);
  cr_expect_eq(e->status, CB_OK);
  cr_expect_str_eq(cb_error_text(e), "");
  CbStatus st = CB_ERROR(e, CB_ERR_INPUT, "%s: dt: must be > 0 (got %g)", "scene.json", -1.0);
  cr_expect_eq(st, CB_ERR_INPUT);
  cr_expect_eq(e->status, CB_ERR_INPUT);
  cr_expect_str_eq(e->where, __func__);
  cr_expect_str_eq(cb_error_text(e), "scene.json: dt: must be > 0 (got -1)");
  cr_expect_eq(cb_error_prefix(e, "case %s: ", "ball_drop"), CB_ERR_INPUT);
  cr_expect_str_eq(cb_error_text(e), "case ball_drop: scene.json: dt: must be > 0 (got -1)");
  cb_error_clear(e);
  cr_expect_eq(e->status, CB_OK);
  cr_expect_str_eq(cb_error_text(e), "");
  /* NULL: the status alone */
  cr_expect_eq(CB_ERROR(NULL, CB_ERR_IO, "x"), CB_ERR_IO);
  cr_expect_str_eq(cb_error_text(NULL), "");
}

/* A caller's buffer, as the layers not yet converted pass it: the message lands there. */
Test(cb_error, writes_into_a_callers_buffer) {
  char err[16];
  CbError *e = CB_ERR_BUF(err, sizeof err);
  cr_expect_eq(json_field_error(e, "f.json", "run.dt", "expected a number", NULL), CB_ERR_INPUT);
  cr_expect_str_eq(err, "f.json: run.dt:"); /* cut to the caller's 16 bytes, NUL-terminated */
  cr_expect_eq(e->status, CB_ERR_INPUT);
}

/* A context's CbError writes into that context's buffer, also in a copy. */
Test(cb_error, context_carries_its_own) {
  static CbenchContext a, b;
  cbench_context_init(&a);
  b = a;
  CB_ERROR(cbench_error(&b), CB_ERR_IO, "copy");
  CB_ERROR(cbench_error(&a), CB_ERR_IO, "original");
  cr_expect_str_eq(b.error.text, "copy");
  cr_expect_str_eq(a.error.text, "original");
}

Test(cb_path, joins_and_reports_overflow_instead_of_cutting) {
  CbPath p;
  CbErrorBuf b;
  CbError *e = cb_error_init(&b);
  cr_expect_eq(cb_path_join(&p, e, "results", "sweep.json"), CB_OK);
  cr_expect_str_eq(p.s, "results/sweep.json");
  cr_expect_eq(cb_path_join(&p, e, "", "sweep.json"), CB_OK);
  cr_expect_str_eq(p.s, "sweep.json");
  cr_expect_eq(cb_path(&p, e, "%s/%d.json", "out", 7), CB_OK);
  cr_expect_str_eq(p.s, "out/7.json");
  cr_expect_eq(e->status, CB_OK);
  /* a directory name that fills PATH_MAX: the join no longer fits */
  static char dir[PATH_MAX];
  memset(dir, 'd', sizeof dir - 2);
  dir[0] = '/';
  dir[sizeof dir - 2] = '\0';
  cr_expect_eq(cb_path_join(&p, e, dir, "sweep.json"), CB_ERR_IO);
  cr_expect_str_eq(p.s, "", "a path that does not fit is not used cut");
  cr_expect_eq(e->status, CB_ERR_IO);
  cr_expect(strstr(cb_error_text(e), "path too long") != NULL, "%s", cb_error_text(e));
  cr_expect(strstr(cb_error_text(e), "/ddd") != NULL, "names the path's start: %s", cb_error_text(e));
}

/* The converted file writers report into a CbError: the path and the reason, CB_ERR_IO. */
Test(cb_error, atomic_write_reports_path_and_reason) {
  CbErrorBuf b;
  CbError *e = cb_error_init(&b);
  cr_expect_eq(file_write_atomic("/nonexistent-dir-cbench/x.json", "{}", 2, e), CB_ERR_IO);
  cr_expect(strstr(cb_error_text(e), "/nonexistent-dir-cbench/x.json.tmp.") != NULL, "%s", cb_error_text(e));
  cr_expect(strstr(cb_error_text(e), "cannot create") != NULL, "%s", cb_error_text(e));
  cb_error_clear(e);
  cr_expect_eq(dir_check_writable("/nonexistent-dir-cbench", e), CB_ERR_IO);
  cr_expect(strstr(cb_error_text(e), "/nonexistent-dir-cbench: not writable") != NULL, "%s", cb_error_text(e));
}
