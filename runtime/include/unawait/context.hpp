// unawait/context.hpp: Context, what poll() receives.
//
// Today a Context only carries the waker of the task being polled (as in
// Rust, it leaves room to grow). Combinators forward the same Context to the
// futures they poll, so a leaf future deep down registers the task's waker.
//
//     unawait::Context cx(unawait::noop_waker());
//     auto p = some_future.poll(cx);
//     unawait::Waker mine = cx.waker();  // clone it to be woken later
#pragma once

#include "waker.hpp"

namespace unawait {

class Context {
 public:
  explicit Context(const Waker& waker) noexcept : waker_(&waker) {}
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

  const Waker& waker() const noexcept { return *waker_; }

 private:
  const Waker* waker_;  // borrowed: the poller keeps the waker alive for the whole poll
};

}  // namespace unawait
