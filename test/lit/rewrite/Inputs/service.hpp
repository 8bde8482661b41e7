// A class whose annotated members the including file defines
// (out-of-class-member-other-file.cpp): this header is not rewritten.
#pragma once
#include "test_futures.hpp"

class Service {
public:
  explicit Service(int base) : base_(base) {}
  unawait::Async<int> handle(int request);
  unawait::Async<int> copy_across() const;
  [[nodiscard]] unawait::Async<void> log(const char *what) noexcept;

private:
  struct Secret {
    int value;
  };
  Tracer keep_{"service"};
  int base_;
};
