// A header API with async functions defined in it: unawait_rewrite_sources
// rewrites this header too, so that its callers nest its futures inline, with
// no box and no heap allocation.
#pragma once
#include <unawait/unawait.hpp>

namespace sensor {

/// One reading: suspends once, as a driver waiting for its interrupt.
UNAWAIT_ASYNC inline unawait::Async<int> read_sensor(int channel) {
  co_await unawait::yield_now();
  co_return channel * SENSOR_SCALE;
}

} // namespace sensor
