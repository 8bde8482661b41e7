// A class whose annotated member is defined in another file.
#pragma once
#include "futures.hpp"

struct Declared {
  UNAWAIT_ASYNC unawait::Async<int> later();
};
