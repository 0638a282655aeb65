/* Sorting index pairs whose keys are small integers: a counting sort on one component, then an
 * insertion sort on the other within each (small) bucket, O(nkeys + n). Shared by the broad
 * phase (candidate geometry pairs, by first geometry) and the ICF linear solver (coupled tree
 * pairs, by column tree), where qsort's comparator calls and an insertion sort of all pairs
 * both cost more than the sort's linear work. */
#ifndef CBENCH_PAIR_SORT_H
#define CBENCH_PAIR_SORT_H

#include <string.h>

/* out[2k], out[2k+1] = the n pairs of in, ordered by component `major` (0 or 1), then by the
 * other; component major's values lie in [0, nkeys). bucket: nkeys + 1 ints of scratch. in and
 * out must not overlap. Equal pairs stay (callers deduplicate). */
static inline void pair_sort(const int *in, int n, int major, int nkeys, int *bucket, int *out) {
  const int minor = 1 - major;
  memset(bucket, 0, ((size_t)nkeys + 1) * sizeof(int));
  for (int k = 0; k < n; ++k) bucket[in[2 * k + major] + 1]++;
  for (int g = 0; g < nkeys; ++g) bucket[g + 1] += bucket[g];
  for (int k = 0; k < n; ++k) { /* bucket[g] becomes the end of bucket g */
    int at = bucket[in[2 * k + major]]++;
    out[2 * at] = in[2 * k];
    out[2 * at + 1] = in[2 * k + 1];
  }
  for (int g = 0, lo = 0; g < nkeys; lo = bucket[g++]) /* the major component is equal in a bucket */
    for (int i = lo + 1; i < bucket[g]; ++i) {
      int x = out[2 * i + minor], j = i - 1;
      while (j >= lo && out[2 * j + minor] > x) {
        out[2 * (j + 1) + minor] = out[2 * j + minor];
        --j;
      }
      out[2 * (j + 1) + minor] = x;
    }
}

#endif
