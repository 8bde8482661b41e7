// Names the user declares that the generated class would otherwise declare
// too (its live bits, its state enum, its finish function, poll()'s
// locals): the user's own types and variables are the ones used (issue 8,
// item 7).
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
#include "Inputs/test_futures.hpp"

struct Live {
  Live() { std::printf("user Live\n"); }
  ~Live() { std::printf("~user Live\n"); }
};
struct State {
  int value = 3;
};
int finish() { return 4; }

UNAWAIT_ASYNC unawait::Async<int> names(int cx) {
  Live l;
  State state_;
  int polled = 1, result = 2;
  co_await wake_yield(0);
  co_return cx + state_.value + polled + result + finish();
}

int main() { std::printf("names = %d\n", unawait::block_on(names(10))); }
// OUT: user Live
// OUT-NEXT: ~user Live
// OUT-NEXT: names = 20
