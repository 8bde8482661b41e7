// Arrays of objects with destructors kept across awaits: built in place in
// the frame by the declaration (a constructor that throws part-way destroys
// the elements already built, as the array's initialisation does), elements
// destroyed last first where the array's scope ends, on a return, on a break
// out of a loop, when the future is dropped while suspended, and when an
// exception leaves the function.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite --line-directives %s | %golden %s | FileCheck %s
#include "Inputs/test_futures.hpp"

#include <stdexcept>

struct Counted {
  Counted() : id(next++) {
    if (id == fail_at)
      throw std::runtime_error("constructor");
    std::printf("+counted %d\n", id);
  }
  Counted(const Counted &other) : id(other.id + 100) { std::printf("+counted %d (copy)\n", id); }
  ~Counted() { std::printf("-counted %d\n", id); }
  int id;
  static inline int next = 0;
  static inline int fail_at = -1;
};

UNAWAIT_ASYNC unawait::Async<int> arrays(int rounds) {
  // golden begin
  Tracer named[2] = {Tracer("first"), Tracer("second")};
  // golden end
  int total = 0;
  for (int i = 0; i < rounds; ++i) {
    Counted counted[3];
    total += co_await wake_yield(counted[2].id);
    if (i == 1)
      break;
  }
  Counted copies[2] = {Counted(), Counted()};
  co_await wake_yield(0);
  std::printf("%s %s %d %d\n", named[0].name, named[1].name, copies[0].id, copies[1].id);
  co_return total;
}

UNAWAIT_ASYNC unawait::Async<int> throws_while_building() {
  Tracer before("before");
  co_await wake_yield(0);
  Counted counted[3]; // the second element's constructor throws
  co_await wake_yield(1);
  co_return counted[0].id;
}

int main() {
  std::printf("arrays(3) = %d\n", unawait::block_on(arrays(3)));
  for (int polls = 0; polls < 4; ++polls) {
    Counted::next = 0;
    poll_then_drop(arrays(2), polls);
  }
  Counted::next = 0;
  Counted::fail_at = 1;
  try {
    unawait::block_on(throws_while_building());
  } catch (const std::exception &e) {
    std::printf("caught %s\n", e.what());
  }
}
