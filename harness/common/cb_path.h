/* CbPath lives in the model layer (models/cb_path.h), beside CbError; the harness includes it
 * through here. */
#ifndef CBENCH_HARNESS_CB_PATH_H
#define CBENCH_HARNESS_CB_PATH_H
#include "../../models/cb_path.h"
#endif
