// An annotated call inside unawait::join / unawait::select may await in its
// arguments when nothing the combinator's arguments evaluate before it can
// be observed (it is the first argument that does something): the
// full-expression awaits first, keeping what C++ evaluates before each
// await (`label(2)` below, and the value of the await before it; a
// std::string the inner await's operand binds; a Tracer made before the
// await of its call, which lives to the end of the full-expression),
// then builds the combinator, whose maker reads the values (an await's
// std::string bound to a `const std::string &` parameter is a temporary the
// maker builds in the frame). Prints prove the order; cancellation at each
// poll count destroys what was built. No box: `--no-heap`.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite --line-directives %s | %golden %s | FileCheck %s
// RUN: unawait sizes --no-heap %s > /dev/null
#include "Inputs/test_futures.hpp"
#include <string>

int label(int n) {
  std::printf("label %d\n", n);
  return n;
}

UNAWAIT_ASYNC unawait::Async<int> len(const std::string &s, int extra) {
  co_await unawait::yield_now();
  std::printf("len %s\n", s.c_str());
  co_return static_cast<int>(s.size()) + extra;
}

UNAWAIT_ASYNC unawait::Async<std::string> name(const std::string &given) {
  std::printf("name %s\n", given.c_str());
  co_await wake_yield(0);
  co_return given + "!";
}

UNAWAIT_ASYNC unawait::Async<int> watch(const char *what, unsigned polls) {
  Tracer t(what);
  co_await Countdown{polls};
  std::printf("watch %s done\n", t.name);
  co_return static_cast<int>(polls);
}

UNAWAIT_ASYNC unawait::Async<int> first() {
  // golden begin
  auto [a, b] = co_await unawait::join(len(co_await name(std::string("ab")), label(1)),
                                       watch("w", 2));
  // golden end
  co_return a * 10 + b;
}

UNAWAIT_ASYNC unawait::Async<int> second() {
  auto won = co_await unawait::select(
      len(co_await name(std::string("cd")), label(2) + co_await wake_yield(3)), watch("v", 9));
  std::printf("selected %d\n", static_cast<int>(won.index()));
  co_return std::get<0>(won);
}

UNAWAIT_ASYNC unawait::Async<int> third() {
  auto [a, b] = co_await unawait::join(len(Tracer("ef").name, co_await wake_yield(4)),
                                       watch("u", 1));
  co_return a + b;
}

UNAWAIT_ASYNC unawait::Async<int> top() {
  co_return co_await first() * 1000 + co_await second() * 10 + co_await third();
}

int main() {
  std::printf("top = %d\n", unawait::block_on(top()));
  for (int polls = 1; polls <= 10; ++polls)
    poll_then_drop(top(), polls);
}

// OUT: name ab
// OUT-NEXT: label 1
// OUT-NEXT: +w
// OUT-NEXT: len ab!
// OUT-NEXT: watch w done
// OUT-NEXT: -w
// OUT-NEXT: name cd
// OUT-NEXT: label 2
// OUT-NEXT: +v
// OUT-NEXT: len cd!
// OUT-NEXT: -v
// OUT-NEXT: selected 0
// OUT-NEXT: +ef
// OUT-NEXT: +u
// OUT-NEXT: len ef
// OUT-NEXT: watch u done
// OUT-NEXT: -u
// OUT-NEXT: -ef
// OUT-NEXT: top = 42087
// OUT-NEXT: name ab
// OUT-NEXT: dropped after 1 polls
// OUT-NEXT: name ab
// OUT-NEXT: label 1
// OUT-NEXT: +w
// OUT-NEXT: dropped after 2 polls
// OUT-NEXT: -w
// OUT-NEXT: name ab
// OUT-NEXT: label 1
// OUT-NEXT: +w
// OUT-NEXT: len ab!
// OUT-NEXT: dropped after 3 polls
// OUT-NEXT: -w
// OUT-NEXT: name ab
// OUT-NEXT: label 1
// OUT-NEXT: +w
// OUT-NEXT: len ab!
// OUT-NEXT: watch w done
// OUT-NEXT: -w
// OUT-NEXT: name cd
// OUT-NEXT: dropped after 4 polls
// OUT-NEXT: name ab
// OUT-NEXT: label 1
// OUT-NEXT: +w
// OUT-NEXT: len ab!
// OUT-NEXT: watch w done
// OUT-NEXT: -w
// OUT-NEXT: name cd
// OUT-NEXT: label 2
// OUT-NEXT: dropped after 5 polls
// OUT-NEXT: name ab
// OUT-NEXT: label 1
// OUT-NEXT: +w
// OUT-NEXT: len ab!
// OUT-NEXT: watch w done
// OUT-NEXT: -w
// OUT-NEXT: name cd
// OUT-NEXT: label 2
// OUT-NEXT: +v
// OUT-NEXT: dropped after 6 polls
// OUT-NEXT: -v
// OUT-NEXT: name ab
// OUT-NEXT: label 1
// OUT-NEXT: +w
// OUT-NEXT: len ab!
// OUT-NEXT: watch w done
// OUT-NEXT: -w
// OUT-NEXT: name cd
// OUT-NEXT: label 2
// OUT-NEXT: +v
// OUT-NEXT: len cd!
// OUT-NEXT: -v
// OUT-NEXT: selected 0
// OUT-NEXT: +ef
// OUT-NEXT: dropped after 7 polls
// OUT-NEXT: -ef
// OUT-NEXT: name ab
// OUT-NEXT: label 1
// OUT-NEXT: +w
// OUT-NEXT: len ab!
// OUT-NEXT: watch w done
// OUT-NEXT: -w
// OUT-NEXT: name cd
// OUT-NEXT: label 2
// OUT-NEXT: +v
// OUT-NEXT: len cd!
// OUT-NEXT: -v
// OUT-NEXT: selected 0
// OUT-NEXT: +ef
// OUT-NEXT: +u
// OUT-NEXT: dropped after 8 polls
// OUT-NEXT: -u
// OUT-NEXT: -ef
// OUT-NEXT: name ab
// OUT-NEXT: label 1
// OUT-NEXT: +w
// OUT-NEXT: len ab!
// OUT-NEXT: watch w done
// OUT-NEXT: -w
// OUT-NEXT: name cd
// OUT-NEXT: label 2
// OUT-NEXT: +v
// OUT-NEXT: len cd!
// OUT-NEXT: -v
// OUT-NEXT: selected 0
// OUT-NEXT: +ef
// OUT-NEXT: +u
// OUT-NEXT: len ef
// OUT-NEXT: watch u done
// OUT-NEXT: -u
// OUT-NEXT: -ef
// OUT-NEXT: ready after 9 polls
// OUT-NEXT: name ab
// OUT-NEXT: label 1
// OUT-NEXT: +w
// OUT-NEXT: len ab!
// OUT-NEXT: watch w done
// OUT-NEXT: -w
// OUT-NEXT: name cd
// OUT-NEXT: label 2
// OUT-NEXT: +v
// OUT-NEXT: len cd!
// OUT-NEXT: -v
// OUT-NEXT: selected 0
// OUT-NEXT: +ef
// OUT-NEXT: +u
// OUT-NEXT: len ef
// OUT-NEXT: watch u done
// OUT-NEXT: -u
// OUT-NEXT: -ef
// OUT-NEXT: ready after 9 polls

// Golden CHECK lines below are generated by python/unawait_testing/update_checks.py; do not edit them by hand.
// CHECK: {{^}}      ::new (unawait::detail::address_of(temporary0))
// CHECK-NEXT:           const std::string(std::string("ab"));
// CHECK-NEXT:       live_ |= Live::temporary0;
// CHECK-NEXT:       // Suspend0: `co_await name(std::string("ab"))` (line 44)
// CHECK-NEXT:       ::new (unawait::detail::address_of(future0))
// CHECK-NEXT:           name_future(name(temporary0));
// CHECK-NEXT:       state_ = State::Suspend0;
// CHECK-NEXT:     resume_Suspend0: {
// CHECK-NEXT:       auto polled = future0.poll(cx);
// CHECK-NEXT:       if (polled.is_pending()) {
// CHECK-NEXT:         on_unwind.disarm();
// CHECK-NEXT:         return unawait::pending;
// CHECK-NEXT:       }
// CHECK-NEXT:       ::new (unawait::detail::address_of(g1.temporary2))
// CHECK-NEXT:           const std::basic_string<char, std::char_traits<char>,
// CHECK-NEXT:                                   std::allocator<char>>(
// CHECK-NEXT:               std::move(polled).value());
// CHECK-NEXT:       live_ |= Live::temporary2;
// CHECK-NEXT:       // Suspend1: `co_await unawait::join(len(co_await name(std::string("ab")),
// CHECK-NEXT:       // label(1)), watch("w", 2))` (line 44)
// CHECK-NEXT:       ::new (unawait::detail::address_of(g1.future1))
// CHECK-NEXT:           unawait::Join<len_future, watch_future>(unawait::join(
// CHECK-NEXT:               unawait::detail::in_place(
// CHECK-NEXT:                   [&] { return len(g1.temporary2, label(1)); }),
// CHECK-NEXT:               unawait::detail::in_place([&] { return watch("w", 2); })));
// CHECK-NEXT:       live_ |= Live::future1;
// CHECK-NEXT:       state_ = State::Suspend1;
// CHECK-NEXT:     }
// CHECK-NEXT:     resume_Suspend1: {
// CHECK-NEXT:       auto polled = g1.future1.poll(cx);
// CHECK-NEXT:       if (polled.is_pending()) {
// CHECK-NEXT:         on_unwind.disarm();
// CHECK-NEXT:         return unawait::pending;
// CHECK-NEXT:       }
// CHECK-NEXT:       auto [a, b] = std::move(polled).value();
// CHECK-NEXT:       live_ &= ~Live::future1;
// CHECK-NEXT:       unawait::detail::destroy(g1.future1);
// CHECK-NEXT:       live_ &= ~Live::temporary2;
// CHECK-NEXT:       unawait::detail::destroy(g1.temporary2);
// CHECK-NEXT:       live_ &= ~Live::temporary0;
// CHECK-NEXT:       unawait::detail::destroy(temporary0);
// CHECK-NEXT: // golden end
