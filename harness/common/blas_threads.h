/* One BLAS thread per process. cbench measures one integration per core (sweeps run N jobs on N
 * cores); a threaded OpenBLAS would spin on the core a parallel job measures on, and on CENIC's
 * dense factorizations of 100-200 unknowns its threads cost more than they save. */
#ifndef CBENCH_BLAS_THREADS_H
#define CBENCH_BLAS_THREADS_H

/* Sets the BLAS in this process to one thread, when it is an OpenBLAS (found at run time: the
 * Debian BLAS is an alternative). Returns the threads the BLAS uses afterwards, or 1 when the
 * BLAS has no such control (the reference BLAS is single-threaded). */
int blas_single_thread(void);
/* The BLAS's thread count now (1 when it cannot say). */
int blas_thread_count(void);

#endif
