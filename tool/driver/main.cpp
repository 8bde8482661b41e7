// The unawait binary: all of its logic lives in the tool's libraries.
#include "Driver/Driver.h"

int main(int argc, const char **argv) { return unawait::runDriver(argc, argv); }
