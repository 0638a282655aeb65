/* Whether an image file is whole: what `cbench plot` checks before renaming gnuplot's output into
 * place and `cbench report` before embedding one (a full disk leaves empty or cut images, and
 * gnuplot may still exit 0). */
#ifndef CBENCH_IMAGE_CHECK_H
#define CBENCH_IMAGE_CHECK_H

#include <stddef.h>

#include "../common/cb_error.h"

/* CB_OK when path (named by its suffix) is a whole image: a PNG starts with the PNG signature and
 * ends with its IEND chunk, an SVG ends with </svg> (trailing white space allowed), anything
 * else is not empty. CB_ERR_IO with "PATH: why" in e when it is missing, empty or cut short. */
CbStatus image_check(const char *path, CbError *e);
/* The same for a temporary: path's kind is that of name (its suffix: .png, .svg). */
CbStatus image_check_as(const char *path, const char *name, CbError *e);

#endif
