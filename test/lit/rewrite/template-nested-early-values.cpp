// In a function template, early values that read earlier ones name their
// types through member aliases of the generated class, each declared once
// after the ones it reads. In `out << first.get() << co_await a << co_await
// b ...` each `out << ...` is kept past the next await and reads the one
// before; spelled out, each one's type repeated the one before twice, so the
// output grew twice per operand: 201 KB for this file (14 KB with aliases);
// fuzz seed 12002880 made a 17 000-character line that clang-format ran out
// of memory on.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite %s -o %t.cpp
// RUN: %drop_checks < %t.cpp | FileCheck %s
// RUN: %python -c "import sys; size = len(open(sys.argv[1]).read()); sys.exit(size > 30000)" %t.cpp
#include "Inputs/test_futures.hpp"

struct Out {
  Out &operator<<(int v) {
    std::printf("%d ", v);
    return *this;
  }
};
Out out;

struct Source {
  int value;
  int get() const { return value; }
};

template <class T>
UNAWAIT_ASYNC unawait::Async<int> chain(T first) {
  out << first.get() << co_await wake_yield(1) << co_await wake_yield(2)
      << co_await wake_yield(3) << co_await wake_yield(4) << co_await wake_yield(5)
      << co_await wake_yield(6);
  co_return co_await wake_yield(7);
}

int main() { std::printf("\n%d\n", unawait::block_on(chain(Source{0}))); }
// CHECK: using [[FIRST:value[0-9]+_type]] = decltype((out << std::declval<T &>().get()));
// CHECK-NEXT: using {{value[0-9]+_type}} = decltype((
// CHECK-NEXT: unawait::detail::pass_on<[[FIRST]]>(
// CHECK: unawait::detail::bound<[[FIRST]] &&, [[FIRST]]>

// OUT: 0 1 2 3 4 5 6
// OUT-NEXT: 7
