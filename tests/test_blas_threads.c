/* cbench runs the BLAS on one thread (harness/common/blas_threads.c): a threaded OpenBLAS made
 * CENIC's dense factorization of hard clutter 5x slower in wall time (1.7-1.9 s against 0.33 s
 * over 2 s, most of it in the threads' system time) and took the core a parallel job measures on. */
#include <criterion/criterion.h>
#include <dlfcn.h>

#include "harness/common/blas_threads.h"
#include "harness/common/machine.h"
#include "harness/run/run_record.h"

Test(blas_threads, one_thread_after_the_call_and_in_the_record) {
  cr_expect_eq(blas_single_thread(), 1);
  cr_expect_eq(blas_thread_count(), 1);
  /* an OpenBLAS is what Debian links here: the control was found, so the test is not vacuous */
  if (dlsym(RTLD_DEFAULT, "openblas_set_num_threads") == NULL)
    cr_log_warn("no OpenBLAS in this process: the BLAS is single-threaded anyway");
  cJSON *m = run_record_machine_now();
  const cJSON *t = cJSON_GetObjectItemCaseSensitive(m, "blas_threads");
  cr_expect(cJSON_IsNumber(t) && t->valuedouble == 1.0, "machine.blas_threads is recorded as 1");
  cJSON_Delete(m);
}
