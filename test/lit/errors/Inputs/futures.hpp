// A small future for the diagnostics tests: every test file is valid C++20
// (it compiles and runs as coroutines); unawait rejects one construct in it.
#pragma once

#include <unawait/unawait.hpp>

/// Ready at once with its value.
struct Ready {
  using output_type = int;
  int value;
  unawait::Poll<int> poll(unawait::Context &) { return unawait::ready(value); }
};

inline Ready ready(int value) { return Ready{value}; }

inline int identity(int value) { return value; }

/// Has a destructor, so a kept one is held until its scope ends.
struct Guard {
  ~Guard() {}
  int value = 1;
};
