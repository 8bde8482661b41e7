// One annotated async function and a main that runs it: the rewrite of this
// file has no coroutine left, so it compiles as C++17.
#include <unawait/unawait.hpp>

/// Pending once (after waking its task), then ready with its value.
struct YieldValue {
  using output_type = int;
  int value;
  bool yielded = false;
  unawait::Poll<int> poll(unawait::Context &cx) {
    if (yielded)
      return unawait::ready(value);
    yielded = true;
    cx.waker().wake_by_ref();
    return unawait::pending;
  }
};

UNAWAIT_ASYNC unawait::Async<int> twice(int n) {
  int a = co_await YieldValue{n};
  co_return a * 2;
}

int main() { return unawait::block_on(twice(21)) == 42 ? 0 : 1; }
