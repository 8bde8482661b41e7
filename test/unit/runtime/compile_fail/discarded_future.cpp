// Every runtime future is [[nodiscard]]: a future does nothing until it is
// polled, so discarding one is a bug; so is Poll<T>, a poll's result. The runtime_discarded_future_* tests
// compile this with -Werror=unused-result and one DISCARD_* macro defined,
// and expect that statement to be diagnosed; with none defined it compiles.
#include <unawait/unawait.hpp>

#include <chrono>

unawait::Async<int> boxed();
unawait::oneshot::Receiver<int> receiver();

void discard_a_future(unawait::Notify& notify) {
  static_cast<void>(notify);
#if defined(DISCARD_ASYNC)
  boxed();
#elif defined(DISCARD_YIELD_NOW)
  unawait::yield_now();
#elif defined(DISCARD_SLEEP_FOR)
  unawait::sleep_for(std::chrono::milliseconds(1));
#elif defined(DISCARD_SLEEP_UNTIL)
  unawait::sleep_until(std::chrono::steady_clock::now());
#elif defined(DISCARD_JOIN)
  unawait::join(unawait::yield_now(), unawait::yield_now());
#elif defined(DISCARD_SELECT)
  unawait::select(unawait::yield_now(), unawait::yield_now());
#elif defined(DISCARD_NOTIFIED)
  notify.notified();
#elif defined(DISCARD_RECEIVER)
  receiver();
#elif defined(DISCARD_POLL) // a poll's result: Ready's value, or Pending
  unawait::ready(1);
#endif
}
