/* Whether an image file is whole: what `cbench plot` checks before renaming gnuplot's output into
 * place and `cbench report` before embedding one (a full disk leaves empty or cut images, and
 * gnuplot may still exit 0). */
#ifndef CBENCH_IMAGE_CHECK_H
#define CBENCH_IMAGE_CHECK_H

#include <stddef.h>

/* 0 when path (named by its suffix) is a whole image: a PNG starts with the PNG signature and
 * ends with its IEND chunk, an SVG ends with </svg> (trailing white space allowed), anything
 * else is not empty. -1 with "PATH: why" in err when it is missing, empty or cut short. */
int image_check(const char *path, char *err, size_t errlen);
/* The same for a temporary: path's kind is that of name (its suffix: .png, .svg). */
int image_check_as(const char *path, const char *name, char *err, size_t errlen);

#endif
