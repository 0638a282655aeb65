#include "status.h"

const char *cb_status_message(int status) {
  switch (status) {
#define CB_STATUS_TEXT(code, value, text, exit_class) case code: return text;
    CB_STATUS_LIST(CB_STATUS_TEXT)
#undef CB_STATUS_TEXT
  }
  return "unknown status";
}

int cb_status_exit_code(int status) {
  switch (status) {
#define CB_STATUS_EXIT(code, value, text, exit_class) case code: return exit_class;
    CB_STATUS_LIST(CB_STATUS_EXIT)
#undef CB_STATUS_EXIT
  }
  return CB_EXIT_FAILED;
}
