#include "cli.h"

int main(int argc, char **argv) { return cbench_main(argc, argv); }
