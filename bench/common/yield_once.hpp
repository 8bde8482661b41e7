// bench/common/yield_once.hpp: the leaf future of the poll benchmark.
//
// YieldOnce wakes its own task and returns pending on its first poll, and is
// ready on the second: the cheapest future that really suspends. It is
// written by hand (not unawait::yield_now) so that the benchmark measures the
// state machines around it, with no contract check inside.
#pragma once

#include <unawait/unawait.hpp>

namespace unawait_bench {

struct YieldOnce {
  using output_type = void;
  bool yielded = false;

  unawait::Poll<void> poll(unawait::Context &cx) {
    if (yielded)
      return unawait::ready();
    yielded = true;
    cx.waker().wake_by_ref();
    return unawait::pending;
  }
};

inline YieldOnce yield_once() { return {}; }

} // namespace unawait_bench
