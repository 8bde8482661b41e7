// The size report names an instance of a member of a class template by its
// arguments fully qualified: written `Obj` through a using-directive, the
// argument is `fz::Obj` in the size assertion at namespace scope (found by
// the fuzzer: `::p::Holder<Obj>` did not compile there).
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite --emit-size-asserts %s | %drop_checks | FileCheck %s
#include "Inputs/test_futures.hpp"

namespace fz {
struct Obj {
  int v;
};
} // namespace fz

namespace p {
using namespace fz;
template <class... Ts> struct Holder {
  UNAWAIT_ASYNC unawait::Async<int> run(Ts... args) {
    co_await wake_yield(1);
    co_return static_cast<int>(sizeof...(args));
  }
};
UNAWAIT_ASYNC unawait::Async<int> f0() {
  co_return co_await Holder<Obj>().run(Obj{1});
}
} // namespace p

// CHECK: {{^}}static_assert(sizeof(::p::Holder<fz::Obj>::run_future) ==
int main() { std::printf("%d\n", unawait::block_on(p::f0())); }
// OUT: 1
