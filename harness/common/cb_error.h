/* CbError lives in the model layer (models/cb_error.h), the lowest that reports errors; the
 * harness includes it through here. */
#ifndef CBENCH_HARNESS_CB_ERROR_H
#define CBENCH_HARNESS_CB_ERROR_H
#include "../../models/cb_error.h"
#endif
