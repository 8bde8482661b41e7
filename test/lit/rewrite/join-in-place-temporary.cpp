// An annotated call inside unawait::join / unawait::select whose arguments
// make temporaries (a Tracer bound to a `const Tracer &` parameter, a
// std::string converted from a literal, the operand operator+ binds) is
// built in place too: its maker builds each temporary in the frame where
// C++ builds it (unawait::detail::keep_temporary), and the temporaries end
// with the full-expression, after the await, youngest first, as C++ ends
// them: a class (with a live bit), a scalar bound to `const int &`, one
// bound to an rvalue reference, one inside a join nested in the join, one
// C++ makes only when `||` evaluates its right operand (its end checks its
// live bit). A
// maker that throws leaves the temporaries built before it to the frame,
// which destroys them; a cancellation destroys them after the children; a
// child that throws in a try block leaves them to end before the handler.
// No box: `--no-heap`. (join-in-place-await-argument.cpp: arguments that
// await.)
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite --line-directives %s | %golden %s | FileCheck %s
// RUN: unawait sizes --no-heap %s > /dev/null
#include "Inputs/test_futures.hpp"
#include <stdexcept>
#include <string>

UNAWAIT_ASYNC unawait::Async<int> watch(const Tracer &t, unsigned polls) {
  std::printf("watch %s starts\n", t.name);
  co_await Countdown{polls};
  std::printf("watch %s done\n", t.name);
  co_return static_cast<int>(polls);
}

UNAWAIT_ASYNC unawait::Async<int> len(const std::string &s) {
  co_await unawait::yield_now();
  std::printf("len %s\n", s.c_str());
  co_return static_cast<int>(s.size());
}

UNAWAIT_ASYNC unawait::Async<int> twice(const int &n) {
  co_await unawait::yield_now();
  co_return 2 * n;
}

UNAWAIT_ASYNC unawait::Async<int> take(std::string &&s) {
  std::string mine = std::move(s);
  co_await unawait::yield_now();
  co_return static_cast<int>(mine.size());
}

/// A Tracer, unless told to throw instead.
Tracer make(const char *name, bool fail) {
  if (fail) {
    std::printf("make %s throws\n", name);
    throw std::runtime_error(name);
  }
  return Tracer(name);
}

UNAWAIT_ASYNC unawait::Async<int> both(bool fail) {
  // golden begin
  auto [a, b] = co_await unawait::join(watch(Tracer("a"), 1), watch(make("b", fail), 2));
  // golden end
  std::printf("joined\n");
  co_return a * 10 + b;
}

UNAWAIT_ASYNC unawait::Async<int> strings() {
  auto [x, y] = co_await unawait::join(len(std::string("abc") + "de"), len("xy"));
  auto won = co_await unawait::select(len("later"), watch(Tracer("c"), 5));
  std::printf("selected %d\n", static_cast<int>(won.index()));
  co_return x * 100 + y * 10 + std::get<0>(won);
}

int size_of(const Tracer &t) { return t.name[0] == 'm' ? 2 : 1; }

UNAWAIT_ASYNC unawait::Async<int> others(int n) {
  auto [inner, moved] = co_await unawait::join(
      unawait::join(twice(n > 3 || size_of(Tracer("m")) > 1 ? n + 1 : n), watch(Tracer("d"), 1)),
      take(std::string("four")));
  auto [x, y] = std::move(inner);
  co_return x * 100 + y * 10 + moved;
}

UNAWAIT_ASYNC unawait::Async<int> fails(const Tracer &t) {
  co_await wake_yield(0);
  throw std::runtime_error(t.name);
}

/// A child that throws inside a try block: the temporaries end, youngest
/// first, with the objects of the block, before the handler runs.
UNAWAIT_ASYNC unawait::Async<int> guarded() {
  int r = 0;
  try {
    Tracer inside("inside");
    auto [a, b] = co_await unawait::join(watch(Tracer("e"), 1), fails(Tracer("f")));
    r = a + b;
  } catch (const std::runtime_error &e) {
    std::printf("caught %s\n", e.what());
    r = -1;
  }
  co_return r;
}

int main() {
  std::printf("both = %d\n", unawait::block_on(both(false)));
  try {
    unawait::block_on(both(true));
  } catch (const std::runtime_error &e) {
    std::printf("caught %s\n", e.what());
  }
  std::printf("strings = %d\n", unawait::block_on(strings()));
  poll_then_drop(both(false), 1);
  poll_then_drop(strings(), 1);
  poll_then_drop(strings(), 3);
  std::printf("others = %d\n", unawait::block_on(others(5)));
  std::printf("others = %d\n", unawait::block_on(others(2)));
  poll_then_drop(others(5), 1);
  std::printf("guarded = %d\n", unawait::block_on(guarded()));
}

// OUT: +a
// OUT-NEXT: +b
// OUT-NEXT: watch a starts
// OUT-NEXT: watch b starts
// OUT-NEXT: watch a done
// OUT-NEXT: watch b done
// OUT-NEXT: -b
// OUT-NEXT: -a
// OUT-NEXT: joined
// OUT-NEXT: both = 12
// OUT-NEXT: +a
// OUT-NEXT: make b throws
// OUT-NEXT: -a
// OUT-NEXT: caught b
// OUT-NEXT: len abcde
// OUT-NEXT: len xy
// OUT-NEXT: +c
// OUT-NEXT: watch c starts
// OUT-NEXT: len later
// OUT-NEXT: -c
// OUT-NEXT: selected 0
// OUT-NEXT: strings = 525
// OUT-NEXT: +a
// OUT-NEXT: +b
// OUT-NEXT: watch a starts
// OUT-NEXT: watch b starts
// OUT-NEXT: dropped after 1 polls
// OUT-NEXT: -b
// OUT-NEXT: -a
// OUT-NEXT: dropped after 1 polls
// OUT-NEXT: len abcde
// OUT-NEXT: len xy
// OUT-NEXT: +c
// OUT-NEXT: watch c starts
// OUT-NEXT: len later
// OUT-NEXT: -c
// OUT-NEXT: selected 0
// OUT-NEXT: ready after 3 polls
// OUT-NEXT: +d
// OUT-NEXT: watch d starts
// OUT-NEXT: watch d done
// OUT-NEXT: -d
// OUT-NEXT: others = 1214
// OUT-NEXT: +m
// OUT-NEXT: +d
// OUT-NEXT: watch d starts
// OUT-NEXT: watch d done
// OUT-NEXT: -d
// OUT-NEXT: -m
// OUT-NEXT: others = 614
// OUT-NEXT: +d
// OUT-NEXT: watch d starts
// OUT-NEXT: dropped after 1 polls
// OUT-NEXT: -d
// OUT-NEXT: +inside
// OUT-NEXT: +e
// OUT-NEXT: +f
// OUT-NEXT: watch e starts
// OUT-NEXT: watch e done
// OUT-NEXT: -f
// OUT-NEXT: -e
// OUT-NEXT: -inside
// OUT-NEXT: caught f
// OUT-NEXT: guarded = -1

// Golden CHECK lines below are generated by python/unawait_testing/update_checks.py; do not edit them by hand.
// CHECK: {{^}}      // Suspend0: `co_await unawait::join(watch(Tracer("a"), 1),
// CHECK-NEXT:       // watch(make("b", fail), 2))` (line 58)
// CHECK-NEXT:       ::new (unawait::detail::address_of(future0))
// CHECK-NEXT:           unawait::Join<watch_future, watch_future>(unawait::join(
// CHECK-NEXT:               unawait::detail::in_place([&] {
// CHECK-NEXT:                 return watch(unawait::detail::keep_temporary(
// CHECK-NEXT:                                  ::new (unawait::detail::address_of(temporary1))
// CHECK-NEXT:                                      const Tracer(Tracer("a")),
// CHECK-NEXT:                                  live_, Live::temporary1),
// CHECK-NEXT:                              1);
// CHECK-NEXT:               }),
// CHECK-NEXT:               unawait::detail::in_place([&] {
// CHECK-NEXT:                 return watch(unawait::detail::keep_temporary(
// CHECK-NEXT:                                  ::new (unawait::detail::address_of(temporary2))
// CHECK-NEXT:                                      const Tracer(make("b", fail)),
// CHECK-NEXT:                                  live_, Live::temporary2),
// CHECK-NEXT:                              2);
// CHECK-NEXT:               })));
// CHECK-NEXT:       live_ |= Live::future0;
// CHECK-NEXT:       state_ = State::Suspend0;
// CHECK-NEXT:     resume_Suspend0: {
// CHECK-NEXT:       auto polled = future0.poll(cx);
// CHECK-NEXT:       if (polled.is_pending()) {
// CHECK-NEXT:         on_unwind.disarm();
// CHECK-NEXT:         return unawait::pending;
// CHECK-NEXT:       }
// CHECK-NEXT:       auto [a, b] = std::move(polled).value();
// CHECK-NEXT:       live_ &= ~Live::future0;
// CHECK-NEXT:       unawait::detail::destroy(future0);
// CHECK-NEXT:       live_ &= ~Live::temporary2;
// CHECK-NEXT:       unawait::detail::destroy(temporary2);
// CHECK-NEXT:       live_ &= ~Live::temporary1;
// CHECK-NEXT:       unawait::detail::destroy(temporary1);
// CHECK-NEXT: // golden end
