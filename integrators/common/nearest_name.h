/* The nearest of a set of names to a mistyped one (edit distance), for "did you mean" hints. */
#ifndef CBENCH_NEAREST_NAME_H
#define CBENCH_NEAREST_NAME_H

#include <stddef.h>

/* Levenshtein distance (insert, delete, substitute: 1 each) of two strings of at most 63
 * characters; longer strings compare by their first 63. */
int name_distance(const char *a, const char *b);
/* The name nearest to typo (first of equals), or NULL when none is close: the distance must
 * be at most 2, and less than half of typo's length. */
const char *nearest_name(const char *typo, const char *const *names, int n);
/* "; did you mean 'NAME'?" for the nearest name into out, or "" when none is close. */
void nearest_name_hint(const char *typo, const char *const *names, int n, char *out, size_t outlen);

#endif
