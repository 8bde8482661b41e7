// An annotated async function whose future a caller drops without polling.
#include <unawait/unawait.hpp>

UNAWAIT_ASYNC unawait::Async<int> twice(int n) {
  co_await unawait::yield_now();
  co_return 2 * n;
}

void drops_the_future() {
  twice(21);  // does nothing: a bug the [[nodiscard]] class reports
}

int main() { return unawait::block_on(twice(21)) == 42 ? 0 : 1; }
