// C++20's parenthesized aggregate initialization binding a temporary to a
// reference member, in a template, with an element of a pack expansion: the
// temporary ends with the full-expression ([class.temporary]/6), where the
// C++17 spelling the rewrite writes, a braced list, would extend it unless
// the element goes through unawait::detail::unextended<R>, and each element
// of the expansion would need its own member's type R. Rejected at the list.
// (Without a pack, the rewrite writes unextended<R>:
// rewrite/paren-init-binds-temporary.cpp.)
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

struct Noisy {
  int value;
  ~Noisy() {}
};

struct Holders {
  const Noisy &first;
  const Noisy &second;
};

template <class... Ts> UNAWAIT_ASYNC unawait::Async<int> temporaries_bound(Ts... values) {
  co_await ready(0);
  // CHECK: paren-init-binds-temporary.cpp:[[@LINE+1]]:46: error: a parenthesized aggregate initialization `Agg(...)` in a template binding a temporary to a reference member with an element of a pack expansion is not supported yet: its C++17 spelling, a braced list, would extend the temporary's lifetime unless each element goes through unawait::detail::unextended<R> with its own member's type R, which the expansion's one pattern cannot name; bind the members to variables, or write `Agg{...}` if the longer lifetime is meant
  [[maybe_unused]] Holders h(Noisy{values}...);
  co_return sizeof...(values);
}

int main() { return unawait::block_on(temporaries_bound(1, 2)) == 2 ? 0 : 1; }
// CHECK: 1 error generated.
