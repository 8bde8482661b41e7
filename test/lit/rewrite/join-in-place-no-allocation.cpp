// A join of annotated calls allocates nothing once rewritten: the children
// are generated classes built inside the Join (not unawait::Async<T> boxes),
// also when a call passes an object with a destructor by value, when a
// runtime call with side effects follows it, and when a join is nested in
// another.
// The rewritten program counts allocations by replacing operator new.
// (The coroutine build allocates its frames, so this is not differential;
// join-select-in-place.cpp is.)
// RUN: unawait rewrite %s -o %t.cpp
// RUN: %clangxx17 %t.cpp -o %t.clang && %t.clang | FileCheck %s
// RUN: %gxx17 %t.cpp -o %t.gcc && %t.gcc | FileCheck %s
#include <cstdio>
#include <cstdlib>
#include <new>
#include <string>
#include <unawait/unawait.hpp>

static long allocations = 0;
void *operator new(std::size_t size) {
  ++allocations;
  if (void *p = std::malloc(size ? size : 1))
    return p;
  throw std::bad_alloc();
}
void operator delete(void *p) noexcept { std::free(p); }
void operator delete(void *p, std::size_t) noexcept { std::free(p); }

UNAWAIT_ASYNC unawait::Async<int> step(int n) {
  co_await unawait::yield_now();
  co_return n;
}

UNAWAIT_ASYNC unawait::Async<int> joined(int i) {
  auto [a, b] = co_await unawait::join(step(i), step(2 * i));
  auto c = co_await unawait::select(step(a), step(b));
  co_return a + b + static_cast<int>(c.index());
}

// (A short std::string allocates nothing itself.)
UNAWAIT_ASYNC unawait::Async<int> named(std::string name) {
  co_await unawait::yield_now();
  co_return static_cast<int>(name.size());
}

UNAWAIT_ASYNC unawait::Async<int> lifted(int i) {
  auto [a, b] = co_await unawait::join(named("ab"), step(i));
  auto timed = co_await unawait::select(step(a), unawait::sleep_for(std::chrono::seconds(60 * b)));
  auto [inner, c] = co_await unawait::join(unawait::join(step(1), named("xyz")), step(2));
  co_return std::get<0>(timed) + std::get<0>(inner) + std::get<1>(inner) + c;
}

int main() {
  unawait::block_on(step(0)); // block_on's first use on a thread sets up its parker
  // and the first sleep to register starts the timer thread
  unawait::block_on(unawait::sleep_for(std::chrono::milliseconds(1)));
  long before = allocations;
  int value = unawait::block_on(joined(1));
  std::printf("value %d, allocations %ld\n", value, allocations - before);
  before = allocations;
  value = unawait::block_on(lifted(1));
  std::printf("lifted %d, allocations %ld\n", value, allocations - before);
}
// CHECK: value 3, allocations 0
// CHECK: lifted 8, allocations 0
