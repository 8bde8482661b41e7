// A class whose member function is defined in another file.
#pragma once
#include "futures.hpp"

struct DefinedElsewhere {
  int run();
};
