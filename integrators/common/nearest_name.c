#include "nearest_name.h"

#include <stdio.h>
#include <string.h>

enum { NAME_CAP = 63 };

int name_distance(const char *a, const char *b) {
  size_t la = strnlen(a, NAME_CAP), lb = strnlen(b, NAME_CAP);
  int row[NAME_CAP + 1];
  for (size_t j = 0; j <= lb; ++j) row[j] = (int)j;
  for (size_t i = 1; i <= la; ++i) {
    int diag = row[0]; /* d(i-1, j-1) */
    row[0] = (int)i;
    for (size_t j = 1; j <= lb; ++j) {
      int up = row[j]; /* d(i-1, j) */
      int best = diag + (a[i - 1] != b[j - 1]);
      if (up + 1 < best) best = up + 1;
      if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
      diag = up;
      row[j] = best;
    }
  }
  return row[lb];
}

const char *nearest_name(const char *typo, const char *const *names, int n) {
  const char *best = NULL;
  int bestd = 3; /* at most 2 edits */
  int len = (int)strnlen(typo, NAME_CAP);
  for (int i = 0; i < n; ++i) {
    int d = name_distance(typo, names[i]);
    if (d < bestd && 2 * d < len) { bestd = d; best = names[i]; }
  }
  return best;
}

void nearest_name_hint(const char *typo, const char *const *names, int n, char *out, size_t outlen) {
  const char *near = nearest_name(typo, names, n);
  if (near) snprintf(out, outlen, "; did you mean '%s'?", near);
  else if (outlen) out[0] = '\0';
}
