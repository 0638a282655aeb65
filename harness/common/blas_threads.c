#include "harness/common/blas_threads.h"

#include <dlfcn.h>

typedef void (*SetThreads)(int);
typedef int (*GetThreads)(void);

/* Looked up at run time: linking OpenBLAS's own symbols would tie cbench to one BLAS alternative. */
static GetThreads get_threads(void) {
  GetThreads get;
  *(void **)&get = dlsym(RTLD_DEFAULT, "openblas_get_num_threads");
  return get;
}

int blas_thread_count(void) {
  GetThreads get = get_threads();
  return get ? get() : 1;
}

int blas_single_thread(void) {
  SetThreads set;
  *(void **)&set = dlsym(RTLD_DEFAULT, "openblas_set_num_threads");
  if (set) set(1);
  return blas_thread_count();
}
