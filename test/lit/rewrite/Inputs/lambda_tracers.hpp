// What the annotated-lambda tests share: a named Tracer to capture and pass,
// and clang's C++20 warning about where UNAWAIT_ASYNC goes silenced.
#pragma once

#include "test_futures.hpp"

// UNAWAIT_ASYNC goes where C++23 puts a lambda's attributes; clang warns in
// C++20 (unawait itself does not).
#ifdef __clang__
#pragma clang diagnostic ignored "-Wc++23-lambda-attributes"
#endif

struct Named : Tracer {
  explicit Named(const char *name, int value) : Tracer(name), value(value) {}
  int value;
};
