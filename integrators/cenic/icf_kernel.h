/* Small dense kernels of the ICF solve are written once with run-time sizes and instantiated
 * for the free body's 6 dofs: FORCE_INLINE makes the compiler inline them with constant sizes,
 * so it unrolls and vectorizes the loops. */
#ifndef CBENCH_ICF_KERNEL_H
#define CBENCH_ICF_KERNEL_H

#if defined(__GNUC__)
#define FORCE_INLINE static inline __attribute__((always_inline))
#else
#define FORCE_INLINE static inline
#endif

/* Kernels cloned for AVX2 and AVX-512 with run-time dispatch (GCC and Clang, x86-64). C11 mode
 * does no FMA contraction and every clone sums in the same order: the results are bitwise the
 * same whichever clone runs. */
#if defined(__GNUC__) && defined(__x86_64__)
#define SIMD_CLONES __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#else
#define SIMD_CLONES
#endif

#endif
