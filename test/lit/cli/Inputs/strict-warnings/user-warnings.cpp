// The user's own warnings under the strict flags (a shadowed local on a line
// the rewrite reflows, a narrowing initialisation): the input's compile gives
// them too, so they do not count against the rewrite.
#include <unawait/unawait.hpp>

UNAWAIT_ASYNC unawait::Async<int> narrow(long v) {
  int shadow = 1;
  { int shadow = static_cast<int>(v); (void)shadow; }
  int n = v;
  co_return n + shadow;
}

int main() { return unawait::block_on(narrow(1)) - 2; }
