// Structured bindings kept across an await: of a tuple (the bindings read
// through the references the decomposition holds), of a struct, of an
// array, and the oneshot idiom of the runtime docs (issue 8, item 6).
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
#include "Inputs/test_futures.hpp"
#include <utility>

UNAWAIT_ASYNC unawait::Async<int> x() {
  co_await unawait::yield_now();
  co_return 20;
}

UNAWAIT_ASYNC unawait::Async<int> y() { co_return 22; }

UNAWAIT_ASYNC unawait::Async<int> tuple() {
  auto [a, b] = co_await unawait::join(x(), y());
  co_await unawait::yield_now();
  co_return a + b;
}

struct Pair {
  Tracer first;
  int second;
};

UNAWAIT_ASYNC unawait::Async<int> fields() {
  auto [tracer, n] = Pair{Tracer("field"), 5};
  int numbers[2] = {1, 2};
  auto &[p, q] = numbers;
  co_await unawait::yield_now();
  std::printf("%s\n", tracer.name);
  p += 10;
  co_return n + numbers[0] + q;
}

UNAWAIT_ASYNC unawait::Async<int> channel() {
  auto [tx, rx] = unawait::oneshot::channel<int>();
  co_await unawait::yield_now();
  tx.send(7);
  std::optional<int> got = co_await rx;
  co_return got.value_or(-1);
}

int main() {
  std::printf("tuple = %d\n", unawait::block_on(tuple()));
  std::printf("fields = %d\n", unawait::block_on(fields()));
  std::printf("channel = %d\n", unawait::block_on(channel()));
}
// OUT: tuple = 42
// OUT-NEXT: +field
// OUT-NEXT: field
// OUT-NEXT: -field
// OUT-NEXT: fields = 18
// OUT-NEXT: channel = 7
