/* Small dense kernels of the ICF solve are written once with run-time sizes and instantiated
 * for the free body's 6 dofs: FORCE_INLINE makes the compiler inline them with constant sizes,
 * so it unrolls and vectorizes the loops (issue 12). */
#ifndef CBENCH_ICF_KERNEL_H
#define CBENCH_ICF_KERNEL_H

#if defined(__GNUC__)
#define FORCE_INLINE static inline __attribute__((always_inline))
#else
#define FORCE_INLINE static inline
#endif

#endif
