// An annotated async function beside a coroutine that returns the same type
// without the annotation: only the annotated one is rewritten.
#include <unawait/unawait.hpp>

UNAWAIT_ASYNC unawait::Async<int> annotated(int n) {
  co_await unawait::yield_now();
  co_return n + 1;
}

unawait::Async<int> not_annotated(int n) {
  co_await unawait::yield_now();
  co_return n + 2;
}
