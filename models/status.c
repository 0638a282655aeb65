#include "status.h"

const char *cb_status_message(int status) {
  switch (status) {
  case CB_OK: return "ok";
  case CB_ERR_OPTION: return "bad option";
  case CB_ERR_SOLVER: return "solver failure";
  case CB_ERR_STEP: return "step failure";
  case CB_ERR_NONFINITE: return "non-finite state";
  case CB_ERR_MEMORY: return "out of memory";
  case CB_ERR_MODEL: return "model evaluation failed";
  case CB_ERR_NOT_DESCENT: return "not a descent direction";
  case CB_ERR_MAX_ITERS: return "no convergence";
  case CB_ERR_FACTOR: return "factorization failed";
  case CB_ERR_LINESEARCH: return "line search failed";
  case CB_ERR_INPUT: return "bad input";
  case CB_ERR_IO: return "read or write failed";
  case CB_ERR_TIMEOUT: return "wall-time budget exceeded";
  case CB_ERR_UNSUPPORTED: return "scene not supported";
  case CB_ERR_VERDICT: return "the answer is no";
  case CB_RECOVERABLE_SOLVER: return "solver failure (recoverable)";
  case CB_RECOVERABLE_MODEL: return "model evaluation failed (recoverable)";
  }
  return "unknown status";
}

int cb_status_exit_code(int status) {
  if (status == CB_OK) return 0;
  if (status == CB_ERR_OPTION || status == CB_ERR_INPUT) return 2;
  return 1;
}
