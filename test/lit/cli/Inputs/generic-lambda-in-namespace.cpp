// A generic annotated lambda in a function of a namespace: the size
// assertion of its instance, at the end of the file, names the class with
// its namespace.
#include <unawait/unawait.hpp>

namespace ns {
UNAWAIT_ASYNC unawait::Async<int> one() { co_return 1; }

int run() {
  auto add_one = [] UNAWAIT_ASYNC (auto a) -> unawait::Async<int> {
    co_return a + co_await one();
  };
  return unawait::block_on(add_one(2));
}
} // namespace ns

int main() { return ns::run() == 3 ? 0 : 1; }
