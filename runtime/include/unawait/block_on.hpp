// unawait/block_on.hpp: run one future to completion on this thread.
//
//     int v = unawait::block_on(answer());       // answer() returns any future of int
//     Countdown countdown{3};
//     unawait::block_on(countdown);              // an lvalue is polled in place
//
// block_on polls the future in place (an lvalue is not copied; a temporary
// lives until the end of the caller's full-expression). While it is pending,
// the thread parks on a condition variable; the waker, callable from any
// thread, unparks it. A wake that arrives between the pending poll and the
// park is remembered by the `notified` flag, so it is never lost.
#pragma once

#include <condition_variable>
#include <memory>
#include <mutex>

#include "context.hpp"
#include "future.hpp"
#include "waker.hpp"

namespace unawait {

namespace detail {

// A one-bit semaphore: wake() sets the flag, park() waits for it and clears it.
class ThreadParker {
 public:
  void wake() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      notified_ = true;
    }
    unparked_.notify_one();
  }

  void park() {
    std::unique_lock<std::mutex> lock(mutex_);
    unparked_.wait(lock, [this] { return notified_; });
    notified_ = false;
  }

 private:
  std::mutex mutex_;
  std::condition_variable unparked_;
  bool notified_ = false;  // a wake arrived since the last park; guarded by mutex_
};

}  // namespace detail

template <class F>
output_t<F> block_on(F&& future) {
  static_assert(is_future_v<F>, "block_on needs a future");
  auto parker = std::make_shared<detail::ThreadParker>();  // shared: a waker may outlive this call
  Waker waker = Waker::from(parker);
  Context cx(waker);
  for (;;) {
    auto result = future.poll(cx);
    if (result.is_ready()) return std::move(result).value();
    parker->park();
  }
}

}  // namespace unawait
